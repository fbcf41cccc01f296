// Which mapped field types each place of a request works on, to rank the field names completion offers from the
// connected cluster's mappings. A type a place rejects whatever the mapping says is left out; a type that works only
// with a mapping option the pushed mapping does not tell (text fields with `fielddata`) is offered last.

/** What a place does with the field it names. */
export type FieldUsage =
  | 'fullText'
  | 'term'
  | 'range'
  | 'exists'
  | 'geo'
  | 'vector'
  | 'sparse'
  | 'nested'
  | 'distance'
  | 'percolator'
  | 'numeric'
  | 'aggTerms'
  | 'aggNumeric'
  | 'aggMinMax'
  | 'aggDate'
  | 'aggGeo'
  | 'aggIp'
  | 'aggText'
  | 'aggAny'
  | 'sort'
  | 'collapse'
  | 'source'
  | 'fetch'
  | 'docvalue'
  | 'stored'
  | 'highlight'
  | 'any';

/** Families of mapping types that behave alike for queries, aggregations and sorting. */
export type FieldFamily =
  | 'text'
  | 'keyword'
  | 'numeric'
  | 'date'
  | 'ip'
  | 'boolean'
  | 'geo'
  | 'range'
  | 'object'
  | 'nested'
  | 'vector'
  | 'sparse'
  | 'percolator'
  | 'other';

const FAMILY_OF: Readonly<Record<string, FieldFamily>> = {
  text: 'text',
  match_only_text: 'text',
  search_as_you_type: 'text',
  annotated_text: 'text',
  keyword: 'keyword',
  constant_keyword: 'keyword',
  wildcard: 'keyword',
  version: 'keyword',
  flat_object: 'keyword',
  long: 'numeric',
  integer: 'numeric',
  short: 'numeric',
  byte: 'numeric',
  double: 'numeric',
  float: 'numeric',
  half_float: 'numeric',
  scaled_float: 'numeric',
  unsigned_long: 'numeric',
  token_count: 'numeric',
  date: 'date',
  date_nanos: 'date',
  ip: 'ip',
  boolean: 'boolean',
  geo_point: 'geo',
  geo_shape: 'geo',
  xy_point: 'geo',
  xy_shape: 'geo',
  integer_range: 'range',
  long_range: 'range',
  float_range: 'range',
  double_range: 'range',
  date_range: 'range',
  ip_range: 'range',
  object: 'object',
  nested: 'nested',
  knn_vector: 'vector',
  rank_feature: 'sparse',
  rank_features: 'sparse',
  percolator: 'percolator',
};

export function fieldFamily(type: string): FieldFamily {
  return FAMILY_OF[type] ?? 'other';
}

type Fit = Partial<Record<FieldFamily, number>>;

const SCALARS = { keyword: 100, numeric: 90, date: 90, ip: 90, boolean: 90 } as const;

/** How well each family fits a usage, 1 to 100; a family not listed is left out. */
const FIT: Readonly<Record<FieldUsage, Fit>> = {
  fullText: { text: 100, keyword: 70, numeric: 50, date: 50, ip: 50, boolean: 50, other: 40 },
  term: { ...SCALARS, text: 50, other: 40 },
  range: { numeric: 100, date: 100, ip: 90, range: 90, keyword: 50, text: 20, other: 30 },
  exists: {
    ...SCALARS,
    text: 90,
    geo: 80,
    range: 80,
    vector: 80,
    sparse: 80,
    object: 70,
    nested: 70,
    percolator: 60,
    other: 80,
  },
  geo: { geo: 100 },
  vector: { vector: 100 },
  sparse: { sparse: 100 },
  nested: { nested: 100 },
  distance: { date: 100, geo: 100 },
  percolator: { percolator: 100 },
  numeric: { numeric: 100, date: 60 },
  aggTerms: { ...SCALARS, text: 5, other: 30 },
  aggNumeric: { numeric: 100, date: 70, boolean: 60 },
  aggMinMax: { numeric: 100, date: 100, boolean: 60 },
  aggDate: { date: 100, numeric: 50 },
  aggGeo: { geo: 100 },
  aggIp: { ip: 100 },
  aggText: { text: 100, keyword: 40 },
  aggAny: { ...SCALARS, geo: 60, text: 5, other: 30 },
  sort: { keyword: 100, numeric: 100, date: 100, ip: 100, boolean: 100, text: 5, other: 30 },
  collapse: { keyword: 100, numeric: 100 },
  source: {
    ...SCALARS,
    text: 100,
    keyword: 100,
    geo: 100,
    range: 100,
    object: 100,
    nested: 100,
    vector: 100,
    sparse: 100,
    percolator: 100,
    other: 100,
  },
  fetch: {
    ...SCALARS,
    text: 100,
    keyword: 100,
    geo: 100,
    range: 100,
    vector: 90,
    sparse: 90,
    object: 30,
    nested: 30,
    other: 90,
  },
  docvalue: { keyword: 100, numeric: 100, date: 100, ip: 100, boolean: 100, geo: 90, text: 5, other: 30 },
  stored: { ...SCALARS, text: 90, geo: 80, range: 80, other: 80 },
  highlight: { text: 100, keyword: 60 },
  any: { ...SCALARS, text: 90, geo: 80, range: 80, vector: 70, sparse: 70, object: 40, nested: 40, other: 70 },
};

/** How well a field of this family fits the usage, or 0 when the place does not take it. */
export function familyFit(usage: FieldUsage, family: FieldFamily): number {
  return FIT[usage][family] ?? 0;
}

/** Usages that take a text field only when its mapping enables `fielddata` (off by default). */
export const FIELDDATA_USAGES: ReadonlySet<FieldUsage> = new Set<FieldUsage>([
  'aggTerms',
  'aggAny',
  'sort',
  'docvalue',
]);

/** The field a query clause names: by clause, then `clause.param` for parameters that differ from the clause. */
const CLAUSE_USAGE: Readonly<Record<string, FieldUsage>> = {
  match: 'fullText',
  match_phrase: 'fullText',
  match_phrase_prefix: 'fullText',
  match_bool_prefix: 'fullText',
  multi_match: 'fullText',
  query_string: 'fullText',
  simple_query_string: 'fullText',
  combined_fields: 'fullText',
  intervals: 'fullText',
  common: 'fullText',
  more_like_this: 'fullText',
  span_field_masking: 'fullText',
  field_masking_span: 'fullText',
  term: 'term',
  terms: 'term',
  terms_set: 'term',
  prefix: 'term',
  wildcard: 'term',
  regexp: 'term',
  fuzzy: 'term',
  span_term: 'term',
  range: 'range',
  exists: 'exists',
  geo_distance: 'geo',
  geo_bounding_box: 'geo',
  geo_polygon: 'geo',
  geo_shape: 'geo',
  xy_shape: 'geo',
  knn: 'vector',
  neural: 'vector',
  neural_sparse: 'sparse',
  rank_feature: 'sparse',
  nested: 'nested',
  distance_feature: 'distance',
  percolate: 'percolator',
  'terms_set.minimum_should_match_field': 'numeric',
};

const AGGREGATION_USAGE: Readonly<Record<string, FieldUsage>> = {
  terms: 'aggTerms',
  rare_terms: 'aggTerms',
  significant_terms: 'aggTerms',
  diversified_sampler: 'aggTerms',
  cardinality: 'aggAny',
  value_count: 'aggAny',
  missing: 'aggAny',
  avg: 'aggNumeric',
  sum: 'aggNumeric',
  stats: 'aggNumeric',
  extended_stats: 'aggNumeric',
  percentiles: 'aggNumeric',
  percentile_ranks: 'aggNumeric',
  median_absolute_deviation: 'aggNumeric',
  histogram: 'aggNumeric',
  variable_width_histogram: 'aggNumeric',
  range: 'aggNumeric',
  matrix_stats: 'aggNumeric',
  min: 'aggMinMax',
  max: 'aggMinMax',
  date_histogram: 'aggDate',
  auto_date_histogram: 'aggDate',
  date_range: 'aggDate',
  geo_bounds: 'aggGeo',
  geo_centroid: 'aggGeo',
  geo_distance: 'aggGeo',
  geohash_grid: 'aggGeo',
  geotile_grid: 'aggGeo',
  geohex_grid: 'aggGeo',
  ip_range: 'aggIp',
  significant_text: 'aggText',
  nested: 'nested',
  reverse_nested: 'nested',
};

/** Objects of the body whose field parameters have a use of their own. */
const BODY_OBJECT_USAGE: Readonly<Record<string, FieldUsage>> = {
  collapse: 'collapse',
  slice: 'numeric',
  highlight: 'highlight',
  sort: 'sort',
};

/** What the field a query clause names (as its key, or as the value of `param`) is used for. */
export function clauseFieldUsage(clause: string, param?: string): FieldUsage {
  const byParam = param === undefined ? undefined : CLAUSE_USAGE[`${clause}.${param}`];
  return byParam ?? CLAUSE_USAGE[clause] ?? 'any';
}

/** What the `field` (or `path`) of an aggregation is used for. */
export function aggregationFieldUsage(aggregation: string): FieldUsage {
  return AGGREGATION_USAGE[aggregation] ?? 'aggAny';
}

/** What the field parameter of a body object (`collapse`, `slice`, `highlight`, a sort) is used for. */
export function bodyObjectFieldUsage(name: string): FieldUsage {
  return BODY_OBJECT_USAGE[name] ?? 'any';
}
