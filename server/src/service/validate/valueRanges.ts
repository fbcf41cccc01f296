import { ValuePath } from '../json/valuePath';
// Numbers a query clause reads and then refuses for their value (a negative slop, a tie breaker above 1, ...), each in
// its builder's words, as real 3.8.0 and 2.19.1 answered (docs/opensearch/query-dsl.md#value-ranges; conformance cases
// `cross/query/ranges/*`). Only values written as numbers, or as text that reads as one, are judged.
import { firstKey, isObject } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { isJavaDouble } from './values';
import { PARSER_NAME } from './queryMessages';

/** The number a parser reads from a JSON number or its text; undefined for anything else. */
function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && isJavaDouble(value)) {
    const n = Number(value.trim());
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
}

/** A limit on one option: refused when `bad` holds of its number. */
interface Limit {
  readonly option: string;
  readonly bad: (n: number) => boolean;
  readonly message: string;
}

const negative = (n: number): boolean => n < 0;
const notPositive = (n: number): boolean => n <= 0;

/** Limits of the options a clause reads in its body (or, for field clauses, in the field's object). */
const LIMITS: Readonly<Record<string, readonly Limit[]>> = {
  match: [
    { option: 'max_expansions', bad: notPositive, message: '[match] requires maxExpansions to be positive.' },
    { option: 'prefix_length', bad: negative, message: '[match] requires prefix length to be non-negative.' },
  ],
  match_bool_prefix: [
    {
      option: 'max_expansions',
      bad: notPositive,
      message: '[match_bool_prefix] requires maxExpansions to be positive.',
    },
    {
      option: 'prefix_length',
      bad: negative,
      message: '[match_bool_prefix] requires prefix length to be non-negative.',
    },
  ],
  match_phrase: [{ option: 'slop', bad: negative, message: 'No negative slop allowed.' }],
  match_phrase_prefix: [
    { option: 'slop', bad: negative, message: 'No negative slop allowed.' },
    // Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1 (0 is read; conformance cases `cross/lists/order/mpp-*`).
    { option: 'max_expansions', bad: negative, message: 'No negative maxExpansions allowed.' },
  ],
  multi_match: [
    { option: 'max_expansions', bad: notPositive, message: 'Max expansions must be strictly great than zero.' },
    { option: 'prefix_length', bad: negative, message: 'No negative prefix length allowed.' },
    { option: 'slop', bad: negative, message: 'No negative slop allowed.' },
  ],
  fuzzy: [
    { option: 'prefix_length', bad: negative, message: 'failed to create query: prefixLength cannot be negative.' },
    { option: 'max_expansions', bad: notPositive, message: 'failed to create query: maxExpansions must be positive.' },
  ],
  more_like_this: [
    { option: 'max_query_terms', bad: notPositive, message: "requires 'maxQueryTerms' to be greater than 0" },
  ],
  span_first: [{ option: 'end', bad: negative, message: 'parameter [end] needs to be positive.' }],
  dis_max: [
    {
      option: 'tie_breaker',
      bad: (n) => n < 0 || n > 1,
      message: 'failed to create query: tieBreakerMultiplier must be in [0, 1]',
    },
  ],
  boosting: [
    {
      option: 'negative_boost',
      bad: negative,
      message: "[boosting] query requires 'negative_boost' to be set to be a positive value'",
    },
  ],
  has_child: [
    { option: 'min_children', bad: negative, message: "[has_child] requires non-negative 'min_children' field" },
    { option: 'max_children', bad: negative, message: "[has_child] requires non-negative 'max_children' field" },
  ],
};

const FIELD_CLAUSES = new Set(['match', 'match_bool_prefix', 'match_phrase', 'match_phrase_prefix', 'fuzzy']);

/** Whether a clause has limits checked here. */
export function hasValueRanges(clause: string): boolean {
  return clause in LIMITS || clause === 'ids';
}

export function checkValueRanges(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  body: Record<string, unknown>,
): void {
  if (clause === 'ids') {
    emptyIds(check, path.child('values'), body.values);
    return;
  }
  const limits = LIMITS[clause];
  if (limits === undefined) return;
  let options = body;
  let at = path;
  if (FIELD_CLAUSES.has(clause)) {
    const field = firstKey(body);
    const inner = field === undefined ? undefined : body[field];
    if (field === undefined || !isObject(inner)) return;
    options = inner;
    at = path.child(field);
  }
  for (const limit of limits) {
    const n = numberOf(options[limit.option]);
    if (n !== undefined && limit.bad(n)) {
      check.report('query.invalid-value', limit.message, at.child(limit.option));
      return;
    }
  }
  if (clause === 'has_child') childrenOrder(check, path, options);
}

/** HasChildQueryBuilder: `max_children` (no limit by default) below `min_children` (1 by default). */
function childrenOrder(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): void {
  const max = numberOf(options.max_children);
  if (max === undefined) return;
  const min = 'min_children' in options ? numberOf(options.min_children) : 1;
  if (min !== undefined && max < min) {
    check.report(
      'query.invalid-value',
      "[has_child] 'max_children' is less than 'min_children'",
      path.child('max_children'),
    );
  }
}

/** IdsQueryBuilder.doToQuery: an empty id fails on every shard. */
function emptyIds(check: JsonCheck, path: ValuePath, values: unknown): void {
  const ids = Array.isArray(values) ? values : [values];
  ids.forEach((id, i) => {
    if (id === '') {
      check.report(
        'query.invalid-value',
        "failed to create query: Ids can't be empty",
        Array.isArray(values) ? path.child(i) : path,
      );
    }
  });
}

/**
 * AbstractQueryBuilder.boost refuses a negative boost, naming the whole query as OpenSearch prints it (elided here):
 * `negative [boost] are not allowed in [{...}], use a value between 0 and 1 to deboost`; an ObjectParser says first
 * that it failed to parse the field (real 3.8.0 and 2.19.1 for every clause, conformance cases `cross/query/boost/*`).
 * Returns whether it reported.
 */
export function negativeBoost(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  byObjectParser: boolean,
  value: unknown,
): boolean {
  const n = typeof value === 'number' ? value : typeof value === 'string' && isJavaDouble(value) ? Number(value) : NaN;
  if (!(n < 0)) return false;
  const refusal = 'negative [boost] are not allowed in [{...}], use a value between 0 and 1 to deboost';
  check.report(
    'query.invalid-value',
    byObjectParser
      ? `${check.where(path)} [${PARSER_NAME[clause] ?? clause}] failed to parse field [boost]: ${refusal}`
      : refusal,
    path,
  );
  return true;
}
