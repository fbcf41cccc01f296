import { isObject } from '../json/jsonSegment';
import { MULTI_MATCH_TYPES, QUERY_CLAUSES } from '../../spec/queries';
import { CALENDAR_INTERVALS } from './aggregationOptions';
import type { JsonCheck } from './jsonCheck';
import { limitsOf } from './limits';

/**
 * The queries and aggregations most request files are made of, written in their plainest forms, recognised in one
 * short walk each: for what this accepts, the full checks (query.ts: the clause's parameters, its rules, its value
 * ranges, the parser's reading order; aggregationRules.ts: the body's parameters and its type's rules) report nothing
 * and note nothing (no early end, nothing that may match no document), and the callers skip them. Anything else,
 * however slightly different, gets the full checks. A unit test (plainForms.test.ts) holds the two together over every
 * form built from these shapes with ordinary and awkward values, on each target the service knows, and over the
 * conformance corpus's bodies. Nothing here depends on a cluster's mappings: those rules read the body apart.
 */

/** Whether the plain forms skip the full checks; only the test that holds the two together turns it off. */
let plainFormsSkipped = true;

export function skipsPlainForms(): boolean {
  return plainFormsSkipped;
}

/** Runs `read` with every query and aggregation checked in full, plain or not. */
export function withFullChecks<T>(read: () => T): T {
  const before = plainFormsSkipped;
  plainFormsSkipped = false;
  try {
    return read();
  } finally {
    plainFormsSkipped = before;
  }
}

/**
 * A query of the plainest forms: a `bool` of lists of such queries, and `term`, `terms`, `match`, `match_phrase`,
 * `range`, `exists`, `prefix`, `wildcard`, `multi_match` and `match_all` with a few options whose values raise nothing.
 */
export function plainQuery(check: JsonCheck, value: unknown): boolean {
  if (!isObject(value)) return false;
  let name: string | undefined;
  for (const key in value) {
    if (name !== undefined) return false;
    name = key;
  }
  if (name === undefined) return false;
  const body = value[name];
  if (!isObject(body)) return false;
  switch (name) {
    case 'bool':
      return plainBool(check, body);
    case 'term':
      return plainFieldValue(body, 'value', isScalar);
    case 'match':
      return plainMatch(body);
    case 'match_phrase':
      return plainFieldValue(body, 'query', isScalar);
    case 'prefix':
    case 'wildcard':
      return plainFieldValue(body, 'value', isText);
    case 'terms':
      return plainTerms(check, body);
    case 'range':
      return plainRange(body);
    case 'exists':
      return plainExists(body);
    case 'multi_match':
      return plainMultiMatch(body);
    case 'match_all':
      return isEmpty(body);
    default:
      return false;
  }
}

/** Longer texts are left to the full checks, whatever limits they may meet (a regular expression's, a term's). */
const MAX_TEXT = 1000;

/** A field name that no parser could take for anything else: plain words joined by dots, no parameter's name. */
const FIELD_NAME = /^[A-Za-z0-9@][\w@-]*(?:\.[\w@-]+)*$/;

/** Every parameter name of every clause: a field named so may be read as the parameter, and is left to the full checks. */
const PARAMETER_NAMES: ReadonlySet<string> = new Set(
  QUERY_CLAUSES.flatMap((clause) => (clause.params ?? []).map((param) => param.name)),
);

/** What isFieldName said of the names met so far: files name the same few fields again and again. */
const fieldNames = new Map<string, boolean>();
const MAX_REMEMBERED = 4096;

function isFieldName(name: string): boolean {
  const known = fieldNames.get(name);
  if (known !== undefined) return known;
  const plain = name.length <= 256 && FIELD_NAME.test(name) && !PARAMETER_NAMES.has(name);
  if (fieldNames.size >= MAX_REMEMBERED) fieldNames.clear();
  fieldNames.set(name, plain);
  return plain;
}

function isText(value: unknown): boolean {
  return typeof value === 'string' && value.length <= MAX_TEXT;
}

/** A text, a boolean, or a number JSON.parse read as a finite one. */
function isScalar(value: unknown): boolean {
  return isText(value) || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

function isEmpty(object: Record<string, unknown>): boolean {
  for (const _ in object) return false;
  return true;
}

/** The one member's name of an object that has exactly one member; undefined otherwise. */
function onlyKey(object: Record<string, unknown>): string | undefined {
  let only: string | undefined;
  for (const key in object) {
    if (only !== undefined) return undefined;
    only = key;
  }
  return only;
}

/**
 * One field, whose value is `plainValue` itself (the short form) or an object holding exactly that value under
 * `member` (`{"value": ...}`, `{"query": ...}`).
 */
function plainFieldValue(
  body: Record<string, unknown>,
  member: string,
  plainValue: (value: unknown) => boolean,
): boolean {
  const field = onlyKey(body);
  if (field === undefined || !isFieldName(field)) return false;
  const value = body[field];
  if (!isObject(value)) return plainValue(value);
  return onlyKey(value) === member && plainValue(value[member]);
}

function plainMatch(body: Record<string, unknown>): boolean {
  const field = onlyKey(body);
  if (field === undefined || !isFieldName(field)) return false;
  const value = body[field];
  if (!isObject(value)) return isScalar(value);
  let query = false;
  for (const key in value) {
    const option = value[key];
    if (key === 'query' && isScalar(option)) query = true;
    else if (key !== 'operator' || !isOperator(option)) return false;
  }
  return query;
}

function isOperator(value: unknown): boolean {
  return value === 'and' || value === 'or' || value === 'AND' || value === 'OR';
}

function plainTerms(check: JsonCheck, body: Record<string, unknown>): boolean {
  const field = onlyKey(body);
  if (field === undefined || !isFieldName(field)) return false;
  const values = body[field];
  // An empty list matches nothing, which the full checks note.
  if (!Array.isArray(values) || values.length === 0) return false;
  for (let i = 0; i < values.length; i++) if (!isScalar(values[i])) return false;
  return values.length <= limitsOf(check.server).maxTermsCount;
}

/** One field with one bound per side at most, each a text or a number: no other option. */
function plainRange(body: Record<string, unknown>): boolean {
  const field = onlyKey(body);
  if (field === undefined || !isFieldName(field)) return false;
  const options = body[field];
  if (!isObject(options)) return false;
  let lower = false;
  let upper = false;
  for (const key in options) {
    const bound = options[key];
    if (!isText(bound) && !(typeof bound === 'number' && Number.isFinite(bound))) return false;
    if (key === 'gt' || key === 'gte') {
      if (lower) return false;
      lower = true;
    } else if (key === 'lt' || key === 'lte') {
      if (upper) return false;
      upper = true;
    } else return false;
  }
  return lower || upper;
}

function plainExists(body: Record<string, unknown>): boolean {
  if (onlyKey(body) !== 'field') return false;
  const field = body.field;
  return typeof field === 'string' && isFieldName(field);
}

const MULTI_MATCH_TYPE_SET: ReadonlySet<string> = new Set(MULTI_MATCH_TYPES);

/** A field of a list that takes boosts: a field name, perhaps with `^` and a plain decimal number. */
const BOOST = /^\^\d{1,6}(?:\.\d{1,6})?$/;

function plainMultiMatch(body: Record<string, unknown>): boolean {
  let query = false;
  for (const key in body) {
    const value = body[key];
    if (key === 'query') {
      if (!isScalar(value)) return false;
      query = true;
    } else if (key === 'type') {
      if (typeof value !== 'string' || !MULTI_MATCH_TYPE_SET.has(value)) return false;
    } else if (key === 'fields') {
      if (!Array.isArray(value) || value.length === 0) return false;
      for (let i = 0; i < value.length; i++) if (!isBoostedField(value[i])) return false;
    } else return false;
  }
  return query;
}

function isBoostedField(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const caret = value.indexOf('^');
  if (caret === -1) return isFieldName(value);
  return isFieldName(value.slice(0, caret)) && BOOST.test(value.slice(caret));
}

/**
 * A bool of lists (or single objects) of plain queries, with an integer `minimum_should_match` at most; as many
 * clauses as the limit allows.
 */
function plainBool(check: JsonCheck, body: Record<string, unknown>): boolean {
  let clauses = 0;
  let msm = false;
  for (const key in body) {
    const value = body[key];
    if (key === 'must' || key === 'filter' || key === 'should' || key === 'must_not') {
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) if (!plainQuery(check, value[i])) return false;
        clauses += value.length;
      } else if (plainQuery(check, value)) clauses++;
      else return false;
    } else if (key === 'minimum_should_match') {
      // Read as its text when the bool has clauses: a whole number in Java's int range, written without a fraction.
      if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > 2_147_483_647) return false;
      msm = true;
    } else return false;
  }
  if (msm && check.segment.text.includes('.0')) return false;
  return clauses <= limitsOf(check.server).maxClauseCount;
}

const ONE_FIELD_METRICS: ReadonlySet<string> = new Set([
  'avg',
  'sum',
  'min',
  'max',
  'value_count',
  'cardinality',
  'stats',
  'extended_stats',
]);

/**
 * An aggregation's body (what its type holds) of the plainest forms: a metric of one field, `terms` with its size,
 * order and minimum count, `date_histogram` with one interval, `histogram`, and `percentiles` with its percents.
 */
export function plainAggregationBody(type: string, body: Record<string, unknown>): boolean {
  if (ONE_FIELD_METRICS.has(type)) return onlyKey(body) === 'field' && isFieldValue(body.field);
  switch (type) {
    case 'terms':
      return plainBucketing(body, plainTermsOption);
    case 'date_histogram':
      return plainBucketing(body, plainDateHistogramOption) && 'fixed_interval' in body !== 'calendar_interval' in body;
    case 'histogram':
      return plainBucketing(body, plainHistogramOption) && 'interval' in body;
    case 'percentiles':
      return plainBucketing(body, plainPercentilesOption) && 'percents' in body;
    default:
      return false;
  }
}

function isFieldValue(value: unknown): boolean {
  return typeof value === 'string' && isFieldName(value);
}

/** A body with a plain `field` and options that `option` accepts, each once. */
function plainBucketing(body: Record<string, unknown>, option: (key: string, value: unknown) => boolean): boolean {
  let field = false;
  for (const key in body) {
    const value = body[key];
    if (key === 'field') {
      if (!isFieldValue(value)) return false;
      field = true;
    } else if (!option(key, value)) return false;
  }
  return field;
}

const MAX_INT = 2_147_483_647;

function isCount(value: unknown, least: number): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= least && value <= MAX_INT;
}

/** One bucket key and a direction: `{"_count": "desc"}`. */
function isBucketOrder(value: unknown): boolean {
  if (!isObject(value)) return false;
  const key = onlyKey(value);
  if (key !== '_count' && key !== '_key') return false;
  const direction = value[key];
  return direction === 'asc' || direction === 'desc';
}

function plainTermsOption(key: string, value: unknown): boolean {
  if (key === 'size') return isCount(value, 1);
  if (key === 'min_doc_count') return isCount(value, 0);
  return key === 'order' && isBucketOrder(value);
}

const FIXED_INTERVAL = /^[1-9]\d{0,4}(?:ms|s|m|h|d)$/;

function plainDateHistogramOption(key: string, value: unknown): boolean {
  if (key === 'fixed_interval') return typeof value === 'string' && FIXED_INTERVAL.test(value);
  if (key === 'calendar_interval') return typeof value === 'string' && CALENDAR_INTERVALS.includes(value);
  if (key === 'min_doc_count') return isCount(value, 0);
  return key === 'order' && isBucketOrder(value);
}

function plainHistogramOption(key: string, value: unknown): boolean {
  if (key === 'interval') return typeof value === 'number' && value > 0 && value <= 1e9;
  if (key === 'min_doc_count') return isCount(value, 0);
  return key === 'order' && isBucketOrder(value);
}

function plainPercentilesOption(key: string, value: unknown): boolean {
  if (key !== 'percents' || !Array.isArray(value) || value.length === 0) return false;
  for (let i = 0; i < value.length; i++) {
    const percent: unknown = value[i];
    if (typeof percent !== 'number' || !(percent >= 0 && percent <= 100)) return false;
  }
  return true;
}
