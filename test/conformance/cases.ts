// The requests of the conformance corpus. Most are generated from the spec tables: for every query clause, every
// aggregation type, every search body field and every URL parameter of the search endpoints, a request OpenSearch
// accepts and mutations of it (unknown and misspelt keys, wrong kinds of values, values out of range, missing
// parts). The rules that cross parts of a request are written by hand (handWritten.ts), and so are the requests that
// prove an Error code nothing else reaches (proofCases.ts). What real OpenSearch
// answers to each is recorded next to it (corpus.ts); the cases themselves hold no expectation.
import { QUERY_CLAUSES } from '../../server/src/spec/queries';
import { AGGREGATIONS } from '../../server/src/spec/aggregations';
import { SEARCH_BODY_FIELDS } from '../../server/src/spec/searchBody';
import { GLOBAL_PARAMS, SCOPE_ENDPOINTS } from '../../server/src/spec/endpoints';
import type { ParameterSpec, ParamSpec, QueryClauseSpec } from '../../server/src/spec/types';
import { CONFORMANCE_INDEX } from './setup';
import { HAND_WRITTEN } from './handWritten';
import { PROOF_CASES } from './proofCases';
import { LIST_CASES } from './listCases';

export type CaseClass = 'queries' | 'aggregations' | 'body' | 'url' | 'cross';

export interface ConformanceCase {
  /** Stable and unique: what the case is, e.g. `query/match/boost/string`. */
  readonly id: string;
  readonly class: CaseClass;
  readonly method: 'GET' | 'POST' | 'PUT';
  /** Path and query string, as sent. */
  readonly path: string;
  /** The body as sent: one line of JSON (or NDJSON lines for `_msearch`). */
  readonly body?: string;
}

const SEARCH = `/${CONFORMANCE_INDEX}/_search`;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function search(id: string, cls: CaseClass, body: Json, query = ''): ConformanceCase {
  return { id, class: cls, method: 'POST', path: `${SEARCH}${query}`, body: JSON.stringify(body) };
}

// ------------------------------------------------------------------------------------------------ query clauses

/**
 * A query each clause accepts on the conformance index, and where its parameters go: `field` is the key of the
 * per-field object for `field` shapes (the clause's parameters sit inside it); absent, they sit in the clause body.
 */
interface ValidQuery {
  readonly body: { [key: string]: Json };
  readonly field?: string;
}

const SPAN = { span_term: { text: 'quick' } };
const VALID_QUERIES: Readonly<Record<string, ValidQuery>> = {
  combined_fields: { body: { query: 'quick', fields: ['text'] } },
  match: { body: { text: { query: 'quick' } }, field: 'text' },
  match_phrase: { body: { text: { query: 'quick brown' } }, field: 'text' },
  match_phrase_prefix: { body: { text: { query: 'quick bro' } }, field: 'text' },
  match_bool_prefix: { body: { text: { query: 'quick bro' } }, field: 'text' },
  multi_match: { body: { query: 'quick', fields: ['text', 'kw'] } },
  query_string: { body: { query: 'text:quick' } },
  simple_query_string: { body: { query: 'quick', fields: ['text'] } },
  intervals: { body: { text: { match: { query: 'quick' } } }, field: 'text' },
  common: { body: { text: { query: 'quick' } }, field: 'text' },
  term: { body: { kw: { value: 'a' } }, field: 'kw' },
  terms: { body: { kw: ['a', 'b'] } },
  terms_set: { body: { kw: { terms: ['a'], minimum_should_match_field: 'num' } }, field: 'kw' },
  range: { body: { num: { gte: 1 } }, field: 'num' },
  exists: { body: { field: 'kw' } },
  prefix: { body: { kw: { value: 'a' } }, field: 'kw' },
  wildcard: { body: { kw: { value: 'a*' } }, field: 'kw' },
  regexp: { body: { kw: { value: 'a.*' } }, field: 'kw' },
  fuzzy: { body: { kw: { value: 'a' } }, field: 'kw' },
  ids: { body: { values: ['1'] } },
  bool: { body: { must: [{ match_all: {} }] } },
  constant_score: { body: { filter: { term: { kw: 'a' } } } },
  dis_max: { body: { queries: [{ term: { kw: 'a' } }] } },
  boosting: { body: { positive: { match_all: {} }, negative: { term: { kw: 'b' } }, negative_boost: 0.5 } },
  function_score: { body: { query: { match_all: {} }, functions: [{ weight: 2 }] } },
  script_score: { body: { query: { match_all: {} }, script: { source: '1' } } },
  nested: { body: { path: 'items', query: { term: { 'items.name': 'x' } } } },
  match_all: { body: {} },
  match_none: { body: {} },
  script: { body: { script: { source: 'true' } } },
  wrapper: { body: { query: Buffer.from('{"match_all":{}}').toString('base64') } },
  more_like_this: { body: { fields: ['text'], like: 'quick brown', min_term_freq: 1, min_doc_freq: 1 } },
  geo_distance: { body: { distance: '1000km', location: { lat: 1, lon: 2 } } },
  geo_bounding_box: { body: { location: { top_left: { lat: 10, lon: 0 }, bottom_right: { lat: 0, lon: 10 } } } },
  geo_polygon: {
    body: {
      location: {
        points: [
          { lat: 0, lon: 0 },
          { lat: 10, lon: 0 },
          { lat: 10, lon: 10 },
        ],
      },
    },
  },
  geo_shape: {
    body: {
      shape: {
        shape: {
          type: 'envelope',
          coordinates: [
            [0, 10],
            [10, 0],
          ],
        },
      },
    },
  },
  distance_feature: { body: { field: 'date', origin: 'now', pivot: '1d' } },
  span_term: { body: { text: { value: 'quick' } }, field: 'text' },
  span_near: { body: { clauses: [SPAN], slop: 1 } },
  span_or: { body: { clauses: [SPAN] } },
  span_not: { body: { include: SPAN, exclude: { span_term: { text: 'lazy' } } } },
  span_first: { body: { match: SPAN, end: 3 } },
  span_containing: { body: { big: SPAN, little: SPAN } },
  span_within: { body: { big: SPAN, little: SPAN } },
  span_multi: { body: { match: { prefix: { text: 'qu' } } } },
  span_field_masking: { body: { query: SPAN, field: 'text' } },
  field_masking_span: { body: { query: SPAN, field: 'text' } },
  has_child: { body: { type: 'child', query: { match_all: {} } } },
  has_parent: { body: { parent_type: 'parent', query: { match_all: {} } } },
  parent_id: { body: { type: 'child', id: '1' } },
  percolate: { body: { field: 'query', document: { text: 'quick' } } },
  rank_feature: { body: { field: 'pagerank' } },
};

/** Values each parameter accepts, where the type alone does not give one (by `clause.param` or `*.param`). */
const GOOD_VALUES: Readonly<Record<string, Json>> = {
  '*.boost': 2,
  '*._name': 'n',
  '*.analyzer': 'standard',
  '*.quote_analyzer': 'standard',
  '*.search_analyzer': 'standard',
  '*.fuzziness': 'AUTO',
  '*.minimum_should_match': '1',
  '*.rewrite': 'constant_score',
  '*.fuzzy_rewrite': 'constant_score',
  '*.time_zone': '+01:00',
  '*.slop': 1,
  '*.prefix_length': 1,
  '*.max_expansions': 10,
  '*.tie_breaker': 0.3,
  '*.default_operator': 'and',
  '*.operator': 'and',
  '*.flags': 'ALL',
  '*.max_determinized_states': 10000,
  '*.score_mode': 'max',
  '*.ignore_unmapped': true,
  '*.cutoff_frequency': 0.01,
  '*.zero_terms_query': 'all',
  'range.format': 'yyyy',
  'range.relation': 'within',
  'multi_match.type': 'most_fields',
  'query_string.default_field': 'text',
  'query_string.fields': ['text'],
  'query_string.type': 'best_fields',
  'query_string.quote_field_suffix': '.raw',
  'simple_query_string.quote_field_suffix': '.raw',
  'query_string.phrase_slop': 1,
  'query_string.fuzzy_max_expansions': 10,
  'query_string.fuzzy_prefix_length': 1,
  'function_score.boost_mode': 'sum',
  'function_score.score_mode': 'sum',
  'function_score.max_boost': 10,
  'function_score.min_score': 0,
  'script_score.min_score': 0,
  'geo_distance.distance_type': 'plane',
  'geo_distance.validation_method': 'coerce',
  'geo_bounding_box.validation_method': 'coerce',
  'geo_bounding_box.type': 'indexed',
  'geo_polygon.validation_method': 'coerce',
  'geo_shape.relation': 'intersects',
  'has_child.min_children': 1,
  'has_child.max_children': 5,
  'span_near.in_order': true,
  'more_like_this.max_query_terms': 10,
  'more_like_this.min_term_freq': 1,
  'more_like_this.min_doc_freq': 1,
  'more_like_this.min_word_length': 1,
  'more_like_this.max_word_length': 10,
  'more_like_this.stop_words': ['the'],
  'more_like_this.boost_terms': 1,
  'more_like_this.fail_on_unsupported_field': true,
  'more_like_this.include': true,
  'terms.value_type': 'default',
  'intervals.match': { query: 'quick' },
};

/** One past Java's largest int. */
const BEYOND_INT = 2147483648;

/** Values of the wrong kind for a parameter, and null and an empty array for every one (each parser reads those its way). */
function wrongValues(spec: ParameterSpec): [string, Json][] {
  const values = wrongValuesOfType(spec);
  return spec.type === 'any' ? values : [...values, ['null', null], ['empty-array', []]];
}

/** Wrong values by parameter type: each one a mutation the server must read one way or the other. */
function wrongValuesOfType(spec: ParameterSpec): [string, Json][] {
  switch (spec.type) {
    case 'number':
    case 'integer':
      return [
        ['string', 'abc'],
        ['boolean', true],
        ['object', {}],
      ];
    case 'boolean':
      return [
        ['string', 'yes'],
        ['number', 1],
        ['object', {}],
        ['empty-string', ''],
      ];
    case 'enum':
      return [
        ['unknown', 'bogus_value'],
        ['object', {}],
      ];
    case 'fuzziness':
      return [
        ['object', {}],
        ['array', ['x']],
        ['boolean', true],
      ];
    case 'string':
    case 'field':
    case 'scalar':
    case 'minimumShouldMatch':
      return [
        ['object', {}],
        ['array', ['x']],
      ];
    case 'query':
      return [
        ['string', 'x'],
        ['empty', {}],
        ['unknown-clause', { no_such_query: {} }],
      ];
    case 'queries':
      return [
        ['string', 'x'],
        ['unknown-clause', [{ no_such_query: {} }]],
      ];
    case 'fields':
    case 'stringOrArray':
      return [['object', {}]];
    case 'object':
      return [
        ['string', 'x'],
        ['number', 1],
      ];
    case 'array':
      return [['number', 1]];
    case 'script':
      return [['number', 1]];
    case 'any':
      return [];
  }
}

function goodValue(owner: string, spec: ParameterSpec): Json | undefined {
  const own = GOOD_VALUES[`${owner}.${spec.name}`] ?? GOOD_VALUES[`*.${spec.name}`];
  if (own !== undefined) return own;
  if (spec.type === 'boolean') return true;
  if (spec.type === 'enum' && spec.values !== undefined) return spec.values[0]!;
  return undefined;
}

function withParam(valid: ValidQuery, name: string, value: Json): { [key: string]: Json } {
  const body = structuredClone(valid.body);
  if (valid.field === undefined) body[name] = value;
  else (body[valid.field] as { [key: string]: Json })[name] = value;
  return body;
}

function omit(object: { [key: string]: Json }, name: string): { [key: string]: Json } {
  return Object.fromEntries(Object.entries(object).filter(([key]) => key !== name));
}

function without(valid: ValidQuery, name: string): { [key: string]: Json } {
  if (valid.field === undefined) return omit(valid.body, name);
  return { ...valid.body, [valid.field]: omit(valid.body[valid.field] as { [key: string]: Json }, name) };
}

/** `minimum_should_match` → `minimum_should_mach`: one letter dropped from the middle. */
function misspell(name: string): string {
  const i = Math.floor(name.length / 2);
  return name.slice(0, i) + name.slice(i + 1);
}

function queryCases(): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  const q = (id: string, query: Json): void => {
    out.push(search(`query/${id}`, 'queries', { query }));
  };
  for (const clause of QUERY_CLAUSES) {
    if (clause.origin === 'plugin') continue;
    const valid = VALID_QUERIES[clause.name];
    q(`${clause.name}/not-an-object`, { [clause.name]: 'x' });
    q(`${clause.name}/array`, { [clause.name]: [] });
    if (valid === undefined) continue;
    q(`${clause.name}/valid`, { [clause.name]: valid.body });
    q(`${clause.name}/empty`, { [clause.name]: {} });
    q(`${clause.name}/unknown-parameter`, { [clause.name]: withParam(valid, 'unknown_param', 1) });
    q(`${clause.name}/unknown-object-parameter`, { [clause.name]: withParam(valid, 'unknown_param', {}) });
    q(`${clause.name}/unknown-null-parameter`, { [clause.name]: withParam(valid, 'unknown_param', null) });
    q(`${clause.name}/unknown-array-parameter`, { [clause.name]: withParam(valid, 'unknown_param', []) });
    q(`${clause.name}/two-clauses`, { [clause.name]: valid.body, match_all: {} });
    for (const spec of clause.params ?? []) {
      const id = `${clause.name}/${spec.name}`;
      if (spec.name.length > 4) {
        q(`${id}/misspelt`, {
          [clause.name]: withParam(valid, misspell(spec.name), goodValue(clause.name, spec) ?? 1),
        });
      }
      const good = goodValue(clause.name, spec);
      if (good !== undefined) q(`${id}/good`, { [clause.name]: withParam(valid, spec.name, good) });
      if (spec.required === true || requiredIn(clause, valid, spec.name)) {
        q(`${id}/missing`, { [clause.name]: without(valid, spec.name) });
      }
      for (const [kind, value] of wrongValues(spec)) {
        q(`${id}/${kind}`, { [clause.name]: withParam(valid, spec.name, value) });
      }
      // A text read from a number or a boolean: each parser declares which tokens it takes.
      if (['string', 'field', 'scalar', 'enum'].includes(spec.type) && spec.deprecated !== true) {
        q(`${id}/number`, { [clause.name]: withParam(valid, spec.name, 1) });
        q(`${id}/boolean`, { [clause.name]: withParam(valid, spec.name, true) });
      }
      // A whole number beyond Java's int, as a number and as a text: read by an int accessor or not.
      if (spec.type === 'integer') {
        q(`${id}/beyond-int`, { [clause.name]: withParam(valid, spec.name, BEYOND_INT) });
        q(`${id}/beyond-int-text`, { [clause.name]: withParam(valid, spec.name, String(BEYOND_INT)) });
      }
    }
  }
  return out;
}

/** A parameter the valid example sets: removing it is a mutation worth recording. */
function requiredIn(clause: QueryClauseSpec, valid: ValidQuery, name: string): boolean {
  const host = valid.field === undefined ? valid.body : (valid.body[valid.field] as { [key: string]: Json });
  return clause.params !== undefined && name in host;
}

// ------------------------------------------------------------------------------------------------- aggregations

/** An aggregation each type accepts on the conformance index, by type. Pipelines sit in a date histogram. */
const VALID_AGGS: Readonly<Record<string, { [key: string]: Json }>> = {
  avg: { field: 'num' },
  sum: { field: 'num' },
  max: { field: 'num' },
  min: { field: 'num' },
  value_count: { field: 'num' },
  cardinality: { field: 'kw' },
  stats: { field: 'num' },
  extended_stats: { field: 'num' },
  percentiles: { field: 'num' },
  percentile_ranks: { field: 'num', values: [5] },
  median_absolute_deviation: { field: 'num' },
  weighted_avg: { value: { field: 'num' }, weight: { field: 'price' } },
  top_hits: { size: 1 },
  geo_centroid: { field: 'location' },
  geo_bounds: { field: 'location' },
  scripted_metric: {
    init_script: 'state.x = []',
    map_script: 'state.x.add(1)',
    combine_script: 'return state.x.size()',
    reduce_script: 'return states.size()',
  },
  multivalue_doc_count: { field: 'kw' },
  matrix_stats: { fields: ['num', 'price'] },
  terms: { field: 'kw' },
  date_histogram: { field: 'date', calendar_interval: 'day' },
  histogram: { field: 'num', interval: 10 },
  range: { field: 'num', ranges: [{ to: 5 }] },
  date_range: { field: 'date', ranges: [{ to: 'now' }] },
  ip_range: { field: 'ip', ranges: [{ to: '10.0.0.5' }] },
  filters: { filters: { a: { term: { kw: 'a' } } } },
  composite: { sources: [{ k: { terms: { field: 'kw' } } }] },
  nested: { path: 'items' },
  multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }] },
  significant_terms: { field: 'kw' },
  significant_text: { field: 'text' },
  rare_terms: { field: 'kw' },
  missing: { field: 'kw' },
  global: {},
  adjacency_matrix: { filters: { a: { term: { kw: 'a' } }, b: { term: { kw: 'b' } } } },
  sampler: { shard_size: 10 },
  diversified_sampler: { field: 'kw' },
  auto_date_histogram: { field: 'date', buckets: 5 },
  variable_width_histogram: { field: 'num', buckets: 2 },
  geo_distance: { field: 'location', origin: '1, 2', ranges: [{ to: 100000 }] },
  geohash_grid: { field: 'location' },
  geotile_grid: { field: 'location' },
  geohex_grid: { field: 'location' },
  children: { type: 'child' },
  parent: { type: 'child' },
  bucket_script: { buckets_path: { x: 's' }, script: 'params.x' },
  bucket_selector: { buckets_path: { x: 's' }, script: 'params.x > 0' },
  bucket_sort: { size: 1 },
  derivative: { buckets_path: 's' },
  cumulative_sum: { buckets_path: 's' },
  moving_fn: { buckets_path: 's', window: 2, script: 'MovingFunctions.max(values)' },
  moving_avg: { buckets_path: 's' },
  serial_diff: { buckets_path: 's' },
  avg_bucket: { buckets_path: 'h>s' },
  sum_bucket: { buckets_path: 'h>s' },
  max_bucket: { buckets_path: 'h>s' },
  min_bucket: { buckets_path: 'h>s' },
  stats_bucket: { buckets_path: 'h>s' },
  extended_stats_bucket: { buckets_path: 'h>s' },
  percentiles_bucket: { buckets_path: 'h>s' },
};

/** Parameters with no good value on the conformance index: a keyword field takes no custom format. */
const AGG_NO_GOOD_VALUE = new Set([
  'terms.format',
  'significant_terms.format',
  'cardinality.format',
  'multivalue_doc_count.format',
]);

/** Aggregations OpenSearch runs only with a sub-aggregation. */
const NEEDS_CHILD = new Set(['sampler', 'diversified_sampler']);

const AGG_GOOD_VALUES: Readonly<Record<string, Json>> = {
  '*.missing': 0,
  '*.format': '0.0',
  '*.value_type': 'long',
  '*.script': { source: '1' },
  '*.size': 3,
  '*.shard_size': 20,
  '*.min_doc_count': 1,
  '*.shard_min_doc_count': 1,
  '*.order': { _count: 'desc' },
  '*.collect_mode': 'breadth_first',
  '*.execution_hint': 'map',
  '*.include': 'a.*',
  '*.exclude': ['z'],
  '*.gap_policy': 'insert_zeros',
  '*.keyed': true,
  '*.time_zone': '+01:00',
  '*.offset': '+1h',
  'histogram.offset': 1,
  'histogram.interval': 5,
  'histogram.extended_bounds': { min: 0, max: 50 },
  'histogram.hard_bounds': { min: 0, max: 50 },
  'date_histogram.extended_bounds': { min: '2024-01-01', max: '2024-01-10' },
  'date_histogram.hard_bounds': { min: '2024-01-01', max: '2024-01-10' },
  'date_histogram.fixed_interval': '12h',
  'date_histogram.calendar_interval': 'week',
  'percentiles.percents': [50, 99],
  'percentiles.tdigest': { compression: 200 },
  'percentiles.hdr': { number_of_significant_value_digits: 3 },
  'percentile_ranks.tdigest': { compression: 200 },
  'percentile_ranks.hdr': { number_of_significant_value_digits: 3 },
  'cardinality.precision_threshold': 100,
  'cardinality.execution_hint': 'direct',
  'extended_stats.sigma': 3,
  'top_hits.from': 1,
  'top_hits.sort': [{ num: 'desc' }],
  'top_hits._source': false,
  'top_hits.stored_fields': ['_none_'],
  'top_hits.docvalue_fields': ['kw'],
  'top_hits.fields': ['kw'],
  'top_hits.script_fields': { s: { script: '1' } },
  'top_hits.highlight': { fields: { text: {} } },
  'filters.other_bucket_key': 'rest',
  'composite.after': { k: 'a' },
  'composite.size': 5,
  'significant_terms.background_filter': { match_all: {} },
  'significant_terms.jlh': {},
  'significant_terms.chi_square': {},
  'significant_terms.gnd': {},
  'significant_terms.mutual_information': {},
  'significant_terms.percentage': {},
  'moving_fn.window': 3,
  // Aggregations on the keyword field: a value type and a missing value it takes (a number type is refused there).
  'terms.value_type': 'string',
  'significant_terms.value_type': 'string',
  'cardinality.value_type': 'string',
  'multivalue_doc_count.value_type': 'string',
  'terms.missing': 'x',
  'significant_terms.missing': 'x',
  'cardinality.missing': 'x',
  'multivalue_doc_count.missing': 'x',
  'bucket_selector.script': 'params.x > 0',
  'moving_fn.shift': 1,
};

function aggCases(): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  const pipelineHost = (type: string, agg: Json): Json => ({
    h: {
      date_histogram: { field: 'date', calendar_interval: 'day' },
      aggs: { s: { sum: { field: 'num' } }, [type]: agg },
    },
  });
  const sibling = (type: string, agg: Json): Json => ({
    h: { date_histogram: { field: 'date', calendar_interval: 'day' }, aggs: { s: { sum: { field: 'num' } } } },
    [type]: agg,
  });
  const place = (type: string, kind: string, agg: Json): Json => {
    if (NEEDS_CHILD.has(type) && typeof agg === 'object' && agg !== null && !Array.isArray(agg)) {
      return { [type]: { ...agg, aggs: { m: { max: { field: 'num' } } } } };
    }
    if (kind !== 'pipeline') return { [type]: agg };
    return type.endsWith('_bucket') ? sibling(type, agg) : pipelineHost(type, agg);
  };
  const a = (id: string, type: string, kind: string, body: Json): void => {
    out.push(search(`aggs/${type}/${id}`, 'aggregations', { size: 0, aggs: place(type, kind, { [type]: body }) }));
  };
  for (const spec of AGGREGATIONS) {
    // geohex_grid comes with the geospatial plugin of the full distribution; the clusters that record the corpus
    // are the minimal distribution, which answers `Unknown aggregation type [geohex_grid]`.
    if (spec.origin === 'plugin' || spec.name === 'geohex_grid') continue;
    const valid = spec.name === 'filter' ? undefined : VALID_AGGS[spec.name];
    a('not-an-object', spec.name, spec.kind, 'x');
    if (spec.name === 'filter') {
      a('valid', spec.name, spec.kind, { term: { kw: 'a' } });
      a('empty', spec.name, spec.kind, {});
      a('unknown-clause', spec.name, spec.kind, { no_such_query: {} });
      continue;
    }
    if (valid === undefined) continue;
    a('valid', spec.name, spec.kind, valid);
    a('empty', spec.name, spec.kind, {});
    a('unknown-parameter', spec.name, spec.kind, { ...valid, unknown_param: 1 });
    a('unknown-object-parameter', spec.name, spec.kind, { ...valid, unknown_param: {} });
    a('unknown-null-parameter', spec.name, spec.kind, { ...valid, unknown_param: null });
    a('unknown-array-parameter', spec.name, spec.kind, { ...valid, unknown_param: [] });
    for (const param of spec.params ?? []) {
      const id = param.name;
      const good = AGG_NO_GOOD_VALUE.has(`${spec.name}.${param.name}`)
        ? undefined
        : (AGG_GOOD_VALUES[`${spec.name}.${param.name}`] ?? AGG_GOOD_VALUES[`*.${param.name}`]);
      if (param.name.length > 4) {
        a(`${id}/misspelt`, spec.name, spec.kind, { ...valid, [misspell(param.name)]: good ?? 1 });
      }
      if (good !== undefined) a(`${id}/good`, spec.name, spec.kind, { ...valid, [param.name]: good });
      if (param.name in valid) {
        a(`${id}/missing`, spec.name, spec.kind, omit(valid, param.name));
      }
      for (const [kind, value] of wrongValues(param)) {
        a(`${id}/${kind}`, spec.name, spec.kind, { ...valid, [param.name]: value });
      }
      // A text read from a number or a boolean: each parser declares which tokens it takes.
      if (['string', 'field', 'scalar', 'enum'].includes(param.type) && param.deprecated !== true) {
        a(`${id}/number`, spec.name, spec.kind, { ...valid, [param.name]: 1 });
        a(`${id}/boolean`, spec.name, spec.kind, { ...valid, [param.name]: true });
      }
      if (param.type === 'integer') {
        a(`${id}/beyond-int`, spec.name, spec.kind, { ...valid, [param.name]: BEYOND_INT });
        a(`${id}/beyond-int-text`, spec.name, spec.kind, { ...valid, [param.name]: String(BEYOND_INT) });
      }
    }
  }
  return out;
}

// --------------------------------------------------------------------------------------------- search body fields

const VALID_BODY: Readonly<Record<string, Json>> = {
  query: { match_all: {} },
  size: 5,
  from: 1,
  sort: [{ num: 'desc' }],
  aggs: { t: { terms: { field: 'kw' } } },
  aggregations: { t: { terms: { field: 'kw' } } },
  _source: ['kw'],
  track_total_hits: 100,
  post_filter: { term: { kw: 'a' } },
  timeout: '10s',
  terminate_after: 10,
  min_score: 0.1,
  highlight: { fields: { text: {} } },
  fields: ['kw'],
  docvalue_fields: ['kw'],
  stored_fields: ['_none_'],
  script_fields: { s: { script: '1' } },
  search_after: [1],
  collapse: { field: 'kw' },
  slice: { id: 0, max: 2 },
  rescore: { window_size: 10, query: { rescore_query: { match_all: {} } } },
  suggest: { s: { text: 'quick', term: { field: 'text' } } },
  explain: true,
  version: true,
  seq_no_primary_term: true,
  track_scores: true,
  profile: true,
  include_named_queries_score: true,
  indices_boost: [{ conformance: 2 }],
  stats: ['group'],
  ext: {},
  search_pipeline: { request_processors: [] },
  verbose_pipeline: true,
  derived: { d: { type: 'keyword', script: { source: "emit('x')" } } },
};

/** Bodies the valid example needs around it (search_after needs a sort, slice a scroll or a point in time). */
function bodyWith(name: string, value: Json): { body: { [key: string]: Json }; query: string } {
  if (name === 'search_after') return { body: { sort: [{ num: 'asc' }], search_after: value }, query: '' };
  if (name === 'slice') return { body: { slice: value }, query: '?scroll=1m' };
  return { body: { [name]: value }, query: '' };
}

const TOKENS: readonly [string, Json][] = [
  ['number', 1],
  ['negative', -5],
  ['float', 1.5],
  ['string', 'x'],
  ['numeric-string', '3'],
  ['boolean', true],
  ['null', null],
  ['object', {}],
  ['array', []],
  ['empty-string', ''],
];

function bodyCases(): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  for (const field of SEARCH_BODY_FIELDS) {
    const valid = VALID_BODY[field.name];
    if (valid !== undefined) {
      const { body, query } = bodyWith(field.name, valid);
      out.push(search(`body/${field.name}/valid`, 'body', body, query));
    }
    for (const [kind, value] of TOKENS) {
      const { body, query } = bodyWith(field.name, value);
      out.push(search(`body/${field.name}/${kind}`, 'body', body, query));
    }
    if (field.name.length > 4) {
      out.push(search(`body/${field.name}/misspelt`, 'body', { [misspell(field.name)]: valid ?? 1 }));
    }
  }
  out.push(search('body/unknown-field', 'body', { unknown_field: 1 }));
  out.push(search('body/unknown-object-field', 'body', { unknown_field: {} }));
  out.push(search('body/unknown-null-field', 'body', { unknown_field: null }));
  out.push(search('body/unknown-array-field', 'body', { unknown_field: [] }));
  out.push(search('body/empty', 'body', {}));
  return out;
}

// ------------------------------------------------------------------------------------------------- URL parameters

function goodParam(param: ParamSpec): string | undefined {
  switch (param.kind) {
    case 'boolean':
      return 'true';
    case 'integer':
    case 'long':
      return param.name === 'batched_reduce_size' ? '10' : '1';
    case 'float':
      return '1.5';
    case 'time':
      return '30s';
    case 'enum':
      return param.values?.[0];
    case 'enumList':
      return param.values?.[0];
    case 'booleanOrInteger':
      return '100';
    case 'indexList':
      return CONFORMANCE_INDEX;
    case 'fieldList':
      return 'kw';
    case 'string':
    case 'list':
      return PARAM_GOOD_TEXT[param.name] ?? 'x';
    default:
      return undefined;
  }
}

const PARAM_GOOD_TEXT: Readonly<Record<string, string>> = {
  q: 'kw:a',
  df: 'kw',
  analyzer: 'standard',
  default_operator: 'AND',
  sort: 'num:desc',
  _source: 'kw',
  _source_includes: 'kw',
  _source_excludes: 'text',
  stored_fields: '_none_',
  docvalue_fields: 'kw',
  suggest_field: 'text',
  suggest_text: 'quick',
  suggest_mode: 'missing',
  preference: '_local',
  routing: '1',
  stats: 'group',
  source: '{}',
  source_content_type: 'application/json',
  filter_path: 'hits.total',
  search_pipeline: '_none',
  phase_took: 'true',
  cancel_after_time_interval: '10s',
  scroll: '1m',
};

function wrongParams(param: ParamSpec): [string, string][] {
  switch (param.kind) {
    case 'boolean':
      return [
        ['yes', 'yes'],
        ['upper', 'TRUE'],
      ];
    case 'integer':
    case 'long':
      return [
        ['text', 'abc'],
        ['fraction', '1.5'],
        ['negative', '-5'],
        ['huge', '99999999999999999999'],
      ];
    case 'float':
      return [['text', 'abc']];
    case 'time':
      return [
        ['no-unit', '5'],
        ['bad-unit', '5x'],
        ['fraction', '1.5s'],
      ];
    case 'enum':
    case 'enumList':
      return [['unknown', 'bogus']];
    case 'booleanOrInteger':
      return [
        ['text', 'abc'],
        ['negative', '-5'],
      ];
    default:
      return [];
  }
}

function urlCases(): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  for (const endpointName of ['search', 'msearch'] as const) {
    const endpoint = SCOPE_ENDPOINTS.find((e) => e.name === endpointName)!;
    const own = new Map(endpoint.params.map((p) => [p.name, p]));
    for (const p of GLOBAL_PARAMS) if (!own.has(p.name)) own.set(p.name, p);
    const send = (id: string, query: string): void => {
      if (endpointName === 'search') {
        out.push({ id: `url/search/${id}`, class: 'url', method: 'POST', path: `${SEARCH}?${query}`, body: '{}' });
      } else {
        out.push({
          id: `url/msearch/${id}`,
          class: 'url',
          method: 'POST',
          path: `/${CONFORMANCE_INDEX}/_msearch?${query}`,
          body: '{}\n{}\n',
        });
      }
    };
    for (const param of own.values()) {
      // `source` replaces the body; `error_trace` and `pretty` change only the form of the answer.
      if (param.name === 'source' || param.name === 'source_content_type') continue;
      const q = (value: string): string => `${encodeURIComponent(param.name)}=${encodeURIComponent(value)}`;
      const good = goodParam(param);
      if (good !== undefined) send(`${param.name}/good`, q(good));
      send(`${param.name}/empty`, encodeURIComponent(param.name));
      // OpenSearch 2.19.1 never answers a request whose `error_trace` is not a boolean (the connection stays open).
      if (param.name !== 'error_trace') {
        for (const [kind, value] of wrongParams(param)) send(`${param.name}/${kind}`, q(value));
      }
      if (param.name.length > 4) send(`${param.name}/misspelt`, `${misspell(param.name)}=${good ?? 'x'}`);
    }
    send('unknown', 'no_such_parameter=1');
  }
  return out;
}

/**
 * Each search body of the corpus again, as the one search of an `_msearch` on the conformance index: OpenSearch reads
 * the bodies of an `_msearch` when it reads the request, so what it refuses there fails the whole request, while
 * what fails later (when the search is validated, or on the shards) fails only that search, in a 200 answer
 * (docs/opensearch/msearch.md#one-search-fails). The language server tells the two apart.
 */
function msearchItemCases(cases: readonly ConformanceCase[]): ConformanceCase[] {
  const out: ConformanceCase[] = [];
  for (const c of cases) {
    if (c.method !== 'POST' || c.path !== SEARCH || c.body === undefined || c.body.includes('\n')) continue;
    out.push({
      id: `msearch-item/${c.id}`,
      class: c.class,
      method: 'POST',
      path: '/_msearch',
      body: `${JSON.stringify({ index: CONFORMANCE_INDEX })}\n${c.body}\n`,
    });
  }
  return out;
}

/** Every case of the corpus, ids unique. */
export function conformanceCases(): ConformanceCase[] {
  const own = [
    ...queryCases(),
    ...aggCases(),
    ...bodyCases(),
    ...urlCases(),
    ...HAND_WRITTEN,
    ...LIST_CASES,
    ...PROOF_CASES,
  ];
  const all = [...own, ...msearchItemCases(own)];
  const seen = new Set<string>();
  for (const c of all) {
    if (seen.has(c.id)) throw new Error(`two conformance cases named ${c.id}`);
    seen.add(c.id);
  }
  return all;
}
