// Reads `aggs` / `aggregations` as AggregatorFactories.parseAggregators does, with its errors, and the
// parameters of the aggregation types the engine computes (others are accepted and answered empty).
import { OsError, parsingError, xContentParseError } from '../core/errors';
import { tokenName, toPlain, type JNode, type JObject } from '../core/json';
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
        if (subs !== undefined) {
          throw parsingError(`Found two sub aggregation definitions under [${name}]`, f.keyPos.line, f.keyPos.col);
        }
        subs = parseLevel(f.value);
      } else {
        if (type !== undefined) {
          throw parsingError(
            `Found two aggregation type definitions in [${name}]: [${type}] and [${f.key}]`,
            f.keyPos.line,
            f.keyPos.col,
          );
        }
        if (!REGISTERED.has(f.key)) {
          const cause = new OsError(
            400,
            'named_object_not_found_exception',
            `[${f.keyPos.line}:${f.keyPos.col}] unknown field [${f.key}]`,
            { openSearch: false },
          );
          throw parsingError(
            `Unknown aggregation type [${f.key}]${didYouMean(f.key, REGISTERED_AGGREGATIONS)}`,
            f.keyPos.line,
            f.keyPos.col,
            cause,
          );
        }
        type = f.key;
        body = f.value;
      }
    }
    if (type === undefined || body === undefined) {
      throw parsingError(`Missing definition for aggregation [${name}]`, def.line, def.col);
    }
    out.push(buildSpec(name, type, body, subs ?? [], meta));
  }
  return out;
}

function buildSpec(name: string, type: string, body: JObject, subs: AggSpec[], meta: unknown): AggSpec {
  const base = { name, type, subs, ...(meta !== undefined ? { meta } : {}) };
  if (type === 'filter') {
    return { ...base, params: {}, filter: parseInnerQuery(body) };
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
    return { ...base, params: toPlain(body) as Record<string, unknown>, filters, filtersKeyed: keyed };
  }
  const allowed = PARAMS[type];
  if (allowed) {
    for (const e of body.entries) {
      if (!allowed.includes(e.key)) {
        throw xContentParseError(
          e.keyPos.line,
          e.keyPos.col,
          `[${type}] unknown field [${e.key}]${didYouMean(e.key, allowed)}`,
        );
      }
      checkParamType(type, e.key, e.value, e.keyPos);
    }
  }
  return { ...base, params: toPlain(body) as Record<string, unknown> };
}

const INT_PARAMS = new Set(['size', 'shard_size', 'min_doc_count', 'shard_min_doc_count', 'precision_threshold']);

function checkParamType(type: string, key: string, v: JNode, pos: { line: number; col: number }): void {
  const fail = (): never => {
    throw xContentParseError(pos.line, pos.col, `[${type}] failed to parse field [${key}]`);
  };
  if (key === 'field' && v.kind !== 'string') fail();
  if (INT_PARAMS.has(key)) {
    if (v.kind === 'number') return;
    if (v.kind === 'string' && /^-?\d+$/.test(v.value)) return;
    fail();
  }
  if ((key === 'interval' && type === 'histogram') || key === 'offset') {
    if (v.kind !== 'number' && v.kind !== 'string') fail();
  }
}
