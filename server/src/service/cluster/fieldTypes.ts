// The mapped field types the cluster rules judge, in the families whose fields OpenSearch reads alike: the types of
// the conformance index and their siblings of the same mapper (the numbers of NumberFieldMapper, `date_nanos`, the
// range types). A type not listed here is not judged by these rules.

/** What a field of a family gives the queries, sorts and aggregations that read it. */
export type Family =
  | 'text'
  | 'keyword'
  | 'number'
  | 'date'
  | 'boolean'
  | 'ip'
  | 'range'
  | 'geo_point'
  | 'geo_shape'
  | 'rank'
  | 'percolator';

const NUMBERS = ['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float'];
const RANGES = ['integer_range', 'long_range', 'float_range', 'double_range', 'date_range', 'ip_range'];

const FAMILY: ReadonlyMap<string, Family> = new Map<string, Family>([
  ['text', 'text'],
  ['keyword', 'keyword'],
  ['join', 'keyword'],
  ...NUMBERS.map((t): [string, Family] => [t, 'number']),
  ['date', 'date'],
  ['date_nanos', 'date'],
  ['boolean', 'boolean'],
  ['ip', 'ip'],
  ...RANGES.map((t): [string, Family] => [t, 'range']),
  ['geo_point', 'geo_point'],
  ['geo_shape', 'geo_shape'],
  ['rank_feature', 'rank'],
  ['rank_features', 'rank'],
  ['percolator', 'percolator'],
]);

/** The family of a mapped type; undefined for a type these rules do not judge. */
export function familyOf(type: string | undefined): Family | undefined {
  return type === undefined ? undefined : FAMILY.get(type);
}

/** Whether a family's values are numbers to a sort or an aggregation: numbers, dates and booleans. */
export function readAsNumbers(family: Family): boolean {
  return family === 'number' || family === 'date' || family === 'boolean';
}

/** The floating-point number types. */
export const FLOATING_TYPES: ReadonlySet<string> = new Set(['double', 'float', 'half_float']);
