// Reads `aggs` / `aggregations` as AggregatorFactories.parseAggregators does, with its errors, and the
// parameters of the aggregation types the engine computes (others are accepted and answered empty).
import { illegalArgument, OsError, parsingError, xContentParseError } from '../core/errors';
import { parseTimeValue } from '../core/values';
import { tokenName, toPlain, type JEntry, type JNode, type JObject } from '../core/json';
import { didYouMean } from '../core/values';
import type { Query } from './query';
import { parseInnerQuery } from './queryParser';
import { REGISTERED_AGGREGATIONS } from '../tables/registry';
const REGISTERED = new Set(REGISTERED_AGGREGATIONS);

export interface AggSpec {
  readonly name: string;
  readonly type: string;
  /** The type's own parameters as given. */
  readonly params: Record<string, unknown>;
  readonly filter?: Query;
  readonly filters?: { key: string; query: Query }[];
  readonly filtersKeyed?: boolean;
  readonly meta?: unknown;
  readonly subs: readonly AggSpec[];
  /** The feature to refuse when the local cluster does not compute this aggregation. */
  readonly refused?: string;
}

const VALUES_SOURCE = ['field', 'missing', 'script', 'format', 'value_type', 'valueType'];
const PARAMS: Record<string, readonly string[]> = {
  terms: [
    ...VALUES_SOURCE,
    'size',
    'shard_size',
    'min_doc_count',
    'shard_min_doc_count',
    'order',
    'include',
    'exclude',
    'execution_hint',
    'collect_mode',
    'show_term_doc_count_error',
  ],
  avg: VALUES_SOURCE,
  min: VALUES_SOURCE,
  max: VALUES_SOURCE,
  sum: VALUES_SOURCE,
  value_count: VALUES_SOURCE,
  stats: VALUES_SOURCE,
  extended_stats: [...VALUES_SOURCE, 'sigma'],
  cardinality: [...VALUES_SOURCE, 'precision_threshold', 'execution_hint'],
  missing: VALUES_SOURCE,
  histogram: [
    ...VALUES_SOURCE,
    'interval',
    'offset',
    'min_doc_count',
    'extended_bounds',
    'hard_bounds',
    'order',
    'keyed',
  ],
  date_histogram: [
    ...VALUES_SOURCE,
    'calendar_interval',
    'fixed_interval',
    'interval',
    'time_zone',
    'offset',
    'min_doc_count',
    'extended_bounds',
    'hard_bounds',
    'order',
    'keyed',
  ],
  range: [...VALUES_SOURCE, 'ranges', 'keyed'],
  global: [],
};

export function parseAggregations(node: JNode, fieldName: string): AggSpec[] {
  if (node.kind !== 'object') {
    throw parsingError(`Unknown key for a ${tokenName(node)} in [${fieldName}].`, node.line, node.col);
  }
  return parseLevel(node);
}

function parseLevel(obj: JObject): AggSpec[] {
  const out: AggSpec[] = [];
  for (const entry of obj.entries) {
    const name = entry.key;
    if (/[[\]>]/.test(name)) {
      throw parsingError(
        `Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`,
        entry.keyPos.line,
        entry.keyPos.col,
      );
    }
    const def = entry.value;
    if (def.kind !== 'object') {
      throw parsingError(
        `Aggregation definition for [${name} starts with a [${tokenName(def)}], expected a [START_OBJECT].`,
        def.line,
        def.col,
      );
    }
    let type: string | undefined;
    let body: JObject | undefined;
    let subs: AggSpec[] | undefined;
    let meta: unknown;
    for (const f of def.entries) {
      if (f.value.kind !== 'object') {
        throw parsingError(
          `Expected [START_OBJECT] under [${f.key}], but got a [${tokenName(f.value)}] in [${name}]`,
          f.value.line,
          f.value.col,
        );
      }
      if (f.key === 'meta') {
        meta = toPlain(f.value);
      } else if (f.key === 'aggs' || f.key === 'aggregations') {
        // Empty sub-aggregation objects are no definitions: only a second non-empty one is refused.
        if (subs !== undefined && subs.length > 0) {
          throw parsingError(`Found two sub aggregation definitions under [${name}]`, f.value.line, f.value.col);
        }
        subs = parseLevel(f.value);
      } else {
        if (type !== undefined) {
          throw parsingError(
            `Found two aggregation type definitions in [${name}]: [${type}] and [${f.key}]`,
            f.value.line,
            f.value.col,
          );
        }
        if (!REGISTERED.has(f.key)) {
          const cause = new OsError(
            400,
            'named_object_not_found_exception',
            `[${f.value.line}:${f.value.col}] unknown field [${f.key}]`,
            { openSearch: false },
          );
          throw parsingError(
            `Unknown aggregation type [${f.key}]${didYouMean(f.key, REGISTERED_AGGREGATIONS)}`,
            f.value.line,
            f.value.col,
            cause,
          );
        }
        type = f.key;
        body = f.value;
      }
    }
    if (type === undefined || body === undefined) {
      throw parsingError(`Missing definition for aggregation [${name}]`, def.end.line, def.end.col);
    }
    out.push(buildSpec(name, type, body, subs ?? [], meta));
  }
  return out;
}

/** The aggregations computed here; every other registered type is refused as not implemented. */
const COMPUTED_AGGREGATIONS: readonly string[] = [
  'avg',
  'sum',
  'min',
  'max',
  'stats',
  'value_count',
  'cardinality',
  'terms',
  'histogram',
  'date_histogram',
  'filter',
  'filters',
  'global',
  'missing',
  'range',
];
const COMPUTED = new Set(COMPUTED_AGGREGATIONS);

function buildSpec(name: string, type: string, body: JObject, subs: AggSpec[], meta: unknown): AggSpec {
  const base = { name, type, subs, ...(meta !== undefined ? { meta } : {}) };
  if (!COMPUTED.has(type)) {
    return { ...base, params: toPlain(body) as Record<string, unknown>, refused: `aggregation [${type}]` };
  }
  if (type === 'filter') {
    return { ...base, params: {}, filter: parseInnerQuery(body) };
  }
  if (type === 'global') {
    // GlobalAggregationBuilder.parse takes no field: whatever follows the name is refused at its value.
    const first = body.entries[0];
    if (first !== undefined) {
      throw parsingError(
        `Expected [FIELD_NAME] under a [START_OBJECT], but got a [${tokenName(first.value)}] in [${name}]`,
        first.value.line,
        first.value.col,
      );
    }
    return { ...base, params: {} };
  }
  if (type === 'filters') {
    const filters: { key: string; query: Query }[] = [];
    let keyed = true;
    for (const e of body.entries) {
      if (e.key === 'filters') {
        if (e.value.kind === 'object') {
          for (const f of e.value.entries) filters.push({ key: f.key, query: parseInnerQuery(f.value) });
        } else if (e.value.kind === 'array') {
          keyed = false;
          e.value.items.forEach((item, i) => filters.push({ key: String(i), query: parseInnerQuery(item) }));
        }
      }
    }
    if (filters.length === 0) throw illegalArgument('[filters] cannot be empty.');
    return { ...base, params: toPlain(body) as Record<string, unknown>, filters, filtersKeyed: keyed };
  }
  const allowed = PARAMS[type];
  let refused: string | undefined;
  const includeExclude: IncludeExcludeKinds = {};
  if (allowed) {
    for (const e of body.entries) {
      if (type === 'terms' && (e.key === 'include' || e.key === 'exclude')) checkIncludeExclude(e, includeExclude);
      if (!allowed.includes(e.key)) {
        throw xContentParseError(
          e.keyPos.line,
          e.keyPos.col,
          `[${type}] unknown field [${e.key}]${didYouMean(e.key, allowed)}`,
        );
      }
      checkParamValue(name, type, e);
      // Read but not applied here: the type of an unmapped field's values, the format of range keys.
      if (e.key === 'value_type' || e.key === 'valueType') refused ??= `[${type}] [value_type]`;
      if (type === 'range' && e.key === 'format') refused ??= '[range] [format]';
    }
  }
  return { ...base, params: toPlain(body) as Record<string, unknown>, ...(refused !== undefined ? { refused } : {}) };
}

/** What a terms aggregation's include and exclude read so far: a regex, a set of terms, or partitions. */
interface IncludeExcludeKinds {
  include?: 'regex' | 'set' | 'partition';
  exclude?: 'regex' | 'set';
}

/**
 * IncludeExclude.parseInclude / parseExclude, then IncludeExclude.merge with what the other one read: errors at the
 * end of the value, wrapped as the terms ObjectParser wraps them.
 */
function checkIncludeExclude(e: JEntry, kinds: IncludeExcludeKinds): void {
  const v = e.value;
  const end = v.kind === 'object' || v.kind === 'array' ? v.end : v;
  const fail = (cause: OsError, at: { line: number; col: number } = end): never => {
    throw xContentParseError(at.line, at.col, `[terms] failed to parse field [${e.key}]`, cause);
  };
  let kind: 'regex' | 'set' | 'partition';
  if (v.kind === 'string') kind = 'regex';
  else if (v.kind === 'array') kind = 'set';
  else if (v.kind === 'object' && e.key === 'include') {
    kind = 'partition';
    let partition: number | undefined;
    let count: number | undefined;
    for (const p of v.entries) {
      const n = p.value.kind === 'number' ? Math.trunc(p.value.value) : undefined;
      if (p.key === 'partition') partition = n;
      else if (p.key === 'num_partitions') count = n;
      else {
        fail(new OsError(400, 'parse_exception', `Unknown parameter in Include/Exclude clause: ${p.key}`), p.value);
      }
    }
    if (count === undefined) fail(illegalArgument('Missing [num_partitions] parameter for partition-based include'));
    if (partition === undefined) fail(illegalArgument('Missing [partition] parameter for partition-based include'));
    if (partition! < 0 || partition! >= count!) {
      fail(illegalArgument(`Partition must be >=0 and < numPartition which is ${count!}`));
    }
  } else {
    throw xContentParseError(v.line, v.col, `[terms] ${e.key} doesn't support values of type: ${tokenName(v)}`);
  }
  if (e.key === 'include') kinds.include = kind;
  else kinds.exclude = kind as 'regex' | 'set';
  const { include, exclude } = kinds;
  if (include === undefined || exclude === undefined) return;
  if (include === 'partition')
    fail(illegalArgument('Cannot specify any excludes when using a partition-based include'));
  if (include !== exclude)
    fail(illegalArgument(`Cannot mix a ${include}-based include with a ${exclude}-based method`));
}

const INT_PARAMS = new Set(['size', 'shard_size', 'min_doc_count', 'shard_min_doc_count', 'precision_threshold']);

/**
 * The ObjectParser of a values-source aggregation: a value it cannot read, or one its setter refuses, is
 * `[L:C] [type] failed to parse field [key]` at the value, caused by what went wrong.
 */
function checkParamValue(name: string, type: string, e: JEntry): void {
  const v = e.value;
  const fail = (cause?: OsError): never => {
    throw xContentParseError(v.line, v.col, `[${type}] failed to parse field [${e.key}]`, cause);
  };
  if (e.key === 'field' && v.kind !== 'string') fail();
  if (INT_PARAMS.has(e.key)) {
    let n: number | undefined;
    if (v.kind === 'number') n = Math.trunc(v.value);
    else if (v.kind === 'string') {
      if (!/^-?\d+$/.test(v.value.trim())) {
        fail(new OsError(400, 'number_format_exception', `For input string: "${v.value}"`, { openSearch: false }));
      }
      n = Number(v.value.trim());
    } else fail();
    if (type === 'terms' && (e.key === 'size' || e.key === 'shard_size') && n! <= 0) {
      fail(illegalArgument(`[${e.key}] must be greater than 0. Found [${n}] in [${name}]`));
    }
    if (type === 'terms' && (e.key === 'min_doc_count' || e.key === 'shard_min_doc_count') && n! < 0) {
      fail(illegalArgument(`[${e.key}] must be greater than or equal to 0. Found [${n}] in [${name}]`));
    }
  }
  if (type === 'histogram' && e.key === 'interval') {
    const n = v.kind === 'number' ? v.value : v.kind === 'string' ? Number(v.value) : Number.NaN;
    if (v.kind !== 'number' && v.kind !== 'string') fail();
    if (!(n > 0)) fail(illegalArgument(`[interval] must be >0 for histogram aggregation [${name}]`));
  }
  if (e.key === 'offset' && v.kind !== 'number' && v.kind !== 'string') fail();
  if (type === 'date_histogram' && e.key === 'calendar_interval') {
    const text = v.kind === 'string' ? v.value : '';
    if (!Object.hasOwn(CALENDAR_UNITS, text)) {
      fail(illegalArgument(`The supplied interval [${text}] could not be parsed as a calendar interval.`));
    }
  }
  if (type === 'date_histogram' && e.key === 'fixed_interval') {
    const text = v.kind === 'string' ? v.value : v.kind === 'number' ? v.text : '';
    try {
      parseTimeValue(text, 'date_histogram.fixedInterval');
    } catch (err) {
      fail(err instanceof OsError ? err : undefined);
    }
  }
}

/** The calendar intervals `calendar_interval` takes (DateHistogramAggregationBuilder.DATE_FIELD_UNITS). */
export const CALENDAR_UNITS: Readonly<Record<string, string>> = {
  minute: 'm',
  '1m': 'm',
  hour: 'h',
  '1h': 'h',
  day: 'd',
  '1d': 'd',
  week: 'w',
  '1w': 'w',
  month: 'M',
  '1M': 'M',
  quarter: 'q',
  '1q': 'q',
  year: 'y',
  '1y': 'y',
};
