import { ValuePath } from '../json/valuePath';
// Rules inside one query clause beyond its parameter names: what each multi_match type accepts, exists on metadata
// fields, and the limits of default settings (index.max_regex_length, index.max_terms_count,
// indices.query.bool.max_clause_count). Texts from MultiMatchQueryBuilder, ExistsQueryBuilder, RegexpQueryBuilder,
// TermsQueryBuilder and Lucene's IndexSearcher, checked on real 2.19.1 and 3.8.0 by the conformance corpus.
import { firstKey, isObject } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { checkFieldValueFactor, minimumShouldMatchError } from './sectionOptions';
import { limitNote, limitsOf } from './limits';
import { isJavaDouble, javaDoubleText, javaNumberText, notNumericText, numberTextError, tokenName } from './values';
import { geoPointRead } from './geoQueries';
import { validLatitude, validLongitude } from './geoPoints';
import { jacksonMajor, type TargetServer } from '../target';
import { holdsAt, type Version } from '../../spec/versions';
import { checkSpanInner } from './innerQueries';
import { SCORE_SCRIPT, scriptRefused, scriptValueRefused } from './scripts';
import { termsListRefusal } from './queryMessages';
import { didYouMean } from '../text/similarity';
import { checkIntervalRules } from './intervalRules';

/**
 * The multi_match type as MultiMatchQueryBuilder.Type.parse reads it: by its exact name (real 3.8.0 and 2.19.1 refuse
 * `PHRASE` and `phrasePrefix`, conformance cases `cross/query/multi-match/type-upper` and `type-camel`).
 */
function multiMatchType(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function missingAt(check: JsonCheck, path: ValuePath, message: string): void {
  check.report('query.missing-parameter', message, path, 'key');
}

function refuseAt(check: JsonCheck, message: string, at: ValuePath): void {
  check.report('query.wrong-type', message, at);
}

function isArrayAt(body: Record<string, unknown>, key: string): boolean {
  return Array.isArray(body[key]);
}

function isScalarAt(body: Record<string, unknown>, key: string): boolean {
  const value = body[key];
  return value !== undefined && value !== null && typeof value !== 'object';
}

/** The first member of a clause's body (its field, for the field clauses). */
function firstMember(body: Record<string, unknown>): [string, unknown] | undefined {
  for (const key in body) return [key, body[key]];
  return undefined;
}

/**
 * The rules of a clause's own (the value ranges of checkValueRanges aside), found once for its entry in the clause
 * table: the span queries' inner clauses, and the clauses of the table. Undefined for a clause without any (the most
 * common ones, term and match among them: a quick way out).
 */
export interface OwnClauseRules {
  readonly span: boolean;
  readonly rules: readonly ClauseRule[] | undefined;
}

export function clauseRulesOf(clause: string): OwnClauseRules | undefined {
  const span = isSpanClause(clause);
  const rules = CLAUSE_RULES.get(clause);
  return span || rules !== undefined ? { span, rules } : undefined;
}

function isSpanClause(clause: string): boolean {
  return clause.startsWith('span_') || clause === 'field_masking_span';
}

/** One clause's rules beyond its parameter names and their kinds: what its parser refuses, in its words. */
type ClauseRule = (
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  body: Record<string, unknown>,
  reader: QueryReader,
) => void;

/** What the rules ask of the query validator: whether a name is a query, and to read a query where a parser meets it. */
export interface QueryReader {
  readonly known: (name: string) => boolean;
  /** Validates the query at `path`; whether its parser refused it. */
  readonly refused: (check: JsonCheck, path: ValuePath, query: unknown) => boolean;
}

export function checkClauseRules(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  body: Record<string, unknown>,
  reader: QueryReader,
  own: OwnClauseRules,
): void {
  if (own.span) checkSpanInner(check, path, clause, body, reader.known);
  const rules = own.rules;
  if (rules !== undefined) for (const rule of rules) rule(check, path, clause, body, reader);
}

function disMaxRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // An array where DisMaxQueryBuilder reads a value is an unknown member of that name.
  for (const key of Object.keys(body)) {
    if (key !== 'queries' && isArrayAt(body, key))
      refuseAt(check, `[dis_max] query does not support [${key}]`, path.child(key));
  }
}

function constantScoreRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  for (const key of Object.keys(body)) {
    if (key !== 'filter' && isArrayAt(body, key)) refuseAt(check, 'unexpected token [START_ARRAY]', path.child(key));
  }
}

function nestedPathRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // NestedQueryBuilder reads `path` as a value only: null or `[]` leaves it unset.
  if (body.path === null || (Array.isArray(body.path) && body.path.length === 0))
    missingAt(check, path.child('path'), "[nested] requires 'path' field");
}

function boostingRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  if (body.negative_boost === null || (Array.isArray(body.negative_boost) && body.negative_boost.length === 0)) {
    missingAt(
      check,
      path.child('negative_boost'),
      "[boosting] query requires 'negative_boost' to be set to be a positive value'",
    );
  }
}

function functionScoreArraysRule(
  check: JsonCheck,
  path: ValuePath,
  _clause: string,
  body: Record<string, unknown>,
): void {
  // An array under any name but `functions` (`query`: innerQueries.ts) is refused by name.
  for (const key of Object.keys(body)) {
    if (key !== 'functions' && key !== 'query' && isArrayAt(body, key))
      refuseAt(check, `failed to parse [function_score] query. array [${key}] is not supported`, path.child(key));
  }
  if (isScalarAt(body, 'functions')) {
    refuseAt(
      check,
      'failed to parse [function_score] query. field [functions] is not supported',
      path.child('functions'),
    );
  }
}

function spanNearRule(check: JsonCheck, path: ValuePath, clause: string, body: Record<string, unknown>): void {
  if (Array.isArray(body.clauses) && body.clauses.length === 0)
    missingAt(check, path.child('clauses'), 'span_near must include [clauses]');
  if (isScalarAt(body, 'clauses') || isObject(body.clauses) || body.clauses === null)
    refuseAt(check, `[${clause}] query does not support [clauses]`, path.child('clauses'));
  else if (Array.isArray(body.clauses)) spanFields(check, path.child('clauses'), 'span_near', body.clauses);
}

/** The one field a single-field clause's object names beside `boost` and `_name`; undefined for none or several. */
function oneField(body: Record<string, unknown>): string | undefined {
  const fields = Object.keys(body).filter((key) => key !== 'boost' && key !== '_name');
  return fields.length === 1 ? fields[0] : undefined;
}

/** A `span_term` clause's field, and the place of its term within the clause; undefined for other clauses. */
function spanTermOf(clause: unknown): { field: string; term: unknown; member?: string } | undefined {
  if (!isObject(clause)) return undefined;
  const keys = Object.keys(clause);
  const body = clause.span_term;
  if (keys.length !== 1 || !isObject(body)) return undefined;
  const field = oneField(body);
  if (field === undefined) return undefined;
  const value = body[field];
  if (!isObject(value)) return { field, term: value };
  const member = 'value' in value ? 'value' : 'term';
  return { field, term: value[member], member };
}

/**
 * A term as Lucene writes it (`field:term`): a text as it is, a boolean as `true`, a number as Java writes the one
 * Jackson reads (`0`, and `1.50` as `1.5`, `1e2` as `100.0`; real 3.9.0 and 2.19.6). Undefined for anything else.
 */
function termText(check: JsonCheck, at: ValuePath, term: unknown): string | undefined {
  if (typeof term === 'string') return term;
  if (typeof term === 'boolean') return String(term);
  if (typeof term !== 'number') return undefined;
  return javaNumberText(check.written(at), term);
}

/**
 * The clauses of `span_near` and `span_or` are on one field: each shard refuses a `span_term` on another field than
 * the first one's (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/span-*`). Only lists of
 * plain `span_term` clauses are read here.
 */
function spanFields(
  check: JsonCheck,
  path: ValuePath,
  clause: 'span_near' | 'span_or',
  clauses: readonly unknown[],
): void {
  const terms = clauses.map(spanTermOf);
  const texts = terms.map((found, i) => {
    if (found === undefined) return undefined;
    const at = path.child(i).child('span_term').child(found.field);
    return termText(check, found.member === undefined ? at : at.child(found.member), found.term);
  });
  const first = terms[0];
  if (first === undefined || texts.some((text) => text === undefined)) return;
  const other = terms.findIndex((term) => term!.field !== first.field);
  if (other === -1) return;
  const field = terms[other]!.field;
  const text = texts[other]!;
  check.reportItemFailure(
    'query.invalid-value',
    clause === 'span_near'
      ? `failed to create query: Cannot add clause ${field}:${text} to SpanNearQuery for field ${first.field}`
      : 'failed to create query: Clauses must have same field.',
    path.child(other),
  );
}

function spanOrRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // SpanOrQueryBuilder: arrays are read as clauses only, anything else with the value accessors.
  if (isScalarAt(body, 'clauses') || isObject(body.clauses) || body.clauses === null)
    refuseAt(check, '[span_or] query does not support [clauses]', path.child('clauses'));
  if (Array.isArray(body.clauses) && body.clauses.length === 0)
    missingAt(check, path.child('clauses'), 'span_or must include [clauses]');
  else if (Array.isArray(body.clauses)) spanFields(check, path.child('clauses'), 'span_or', body.clauses);
  if (isArrayAt(body, '_name')) refuseAt(check, '[span_or] query does not support [_name]', path.child('_name'));
  else if (isObject(body._name)) {
    refuseAt(check, check.noText(path.child('_name'), 'START_OBJECT'), path.child('_name'));
  }
  if (isObject(body.boost)) {
    check.report('value.not-a-number', notNumericText('START_OBJECT', jacksonMajor(check.server)), path.child('boost'));
  }
}

/** The span queries of two span queries, which must search one field, and Lucene's words when they do not. */
const SPAN_PAIRS: Readonly<Record<string, { first: string; second: string; words: string } | undefined>> = {
  span_not: { first: 'include', second: 'exclude', words: 'Clauses must have same field.' },
  span_containing: { first: 'big', second: 'little', words: 'big and little not same field' },
  span_within: { first: 'big', second: 'little', words: 'big and little not same field' },
};

/**
 * The field a span query searches, as Lucene gives it: a `span_term`'s, a `span_multi`'s inner query's, a
 * `field_masking_span`'s `field`, the first clause's of `span_near` and `span_or`, `span_first`'s `match`'s,
 * `span_not`'s `include`'s, `span_containing`'s and `span_within`'s `big`'s; undefined when not known.
 */
function spanFieldOf(query: unknown, depth = 0): string | undefined {
  if (!isObject(query) || depth > 20) return undefined;
  const kind = firstKey(query);
  const body = kind === undefined ? undefined : query[kind];
  if (!isObject(body)) return undefined;
  switch (kind) {
    case 'span_term':
      return oneField(body);
    case 'span_multi': {
      const inner = body.match;
      const innerKind = isObject(inner) ? firstKey(inner) : undefined;
      const innerBody = innerKind === undefined || !isObject(inner) ? undefined : inner[innerKind];
      return isObject(innerBody) ? oneField(innerBody) : undefined;
    }
    case 'field_masking_span':
      return typeof body.field === 'string' ? body.field : undefined;
    case 'span_near':
    case 'span_or':
      return Array.isArray(body.clauses) ? spanFieldOf(body.clauses[0], depth + 1) : undefined;
    case 'span_first':
      return spanFieldOf(body.match, depth + 1);
    case 'span_not':
      return spanFieldOf(body.include, depth + 1);
    case 'span_containing':
    case 'span_within':
      return spanFieldOf(body.big, depth + 1);
    default:
      return undefined;
  }
}

function spanWrapperRule(check: JsonCheck, path: ValuePath, clause: string, body: Record<string, unknown>): void {
  // SpanNotQueryBuilder.fromXContent: `dist` is the alternative to `pre` and `post` (real 3.8.0 and 2.19.1).
  if (clause === 'span_not' && 'dist' in body && ('pre' in body || 'post' in body)) {
    check.report(
      'query.invalid-value',
      'span_not can either use [dist] or [pre] & [post] (or none)',
      path.child('dist'),
      'key',
    );
  }
  const pair = SPAN_PAIRS[clause];
  if (pair !== undefined) {
    // Lucene builds the two on one field (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/span-pair-*`).
    const first = spanFieldOf(body[pair.first]);
    const second = spanFieldOf(body[pair.second]);
    if (first !== undefined && second !== undefined && first !== second) {
      check.reportItemFailure('query.invalid-value', `failed to create query: ${pair.words}`, path.child(pair.second));
    }
  }
  // Their parsers read an array under a value's name with the value accessors.
  if (isArrayAt(body, '_name')) {
    refuseAt(check, check.noText(path.child('_name'), 'START_ARRAY'), path.child('_name'));
  }
}

function scriptQueryRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  scriptValueRefused(check, path.child('script'), body.script, 'query.wrong-type');
  // ScriptQueryBuilder refuses an array under any name.
  for (const key of Object.keys(body)) {
    if (isArrayAt(body, key)) {
      refuseAt(
        check,
        '[script] query does not support an array of scripts. Use a bool query with a clause per script instead.',
        path.child(key),
      );
    }
  }
}

function multiMatchFieldsRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  if (isObject(body.fields)) refuseAt(check, '[multi_match] query does not support [fields]', path.child('fields'));
  nullFieldNames(check, path.child('fields'), body.fields, undefined);
}

function queryStringFieldsRule(check: JsonCheck, path: ValuePath, clause: string, body: Record<string, unknown>): void {
  nullFieldNames(
    check,
    path.child('fields'),
    body.fields,
    // query_string refuses it in its own words from 3.1.0 and, on the 2.19 line, from 2.19.3 (the releases whose
    // QueryStringQueryBuilder holds them); before, in Jackson's.
    clause === 'query_string' && nullFieldNamedByQueryString(check.server.version)
      ? '[query_string] field name in [fields] cannot be null'
      : undefined,
  );
  if (isObject(body.fields))
    refuseAt(check, `[${clause}] unknown token [START_OBJECT] after [fields]`, path.child('fields'));
  else if (isScalarAt(body, 'fields')) {
    // `fields` is read on START_ARRAY only: one value is an unknown option of that name.
    refuseAt(
      check,
      clause === 'query_string'
        ? '[query_string] query does not support [fields]'
        : '[simple_query_string] unsupported field [fields]',
      path.child('fields'),
    );
  }
}

function moreLikeThisRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  if (isObject(body.fields)) refuseAt(check, '[mlt] query does not support [fields]', path.child('fields'));
  for (const key of ['like', 'unlike']) moreLikeThisItems(check, path.child(key), body[key]);
  // MoreLikeThisQueryBuilder.fromXContent, after reading: no like at all, then an empty field list.
  if (body.like === null || (Array.isArray(body.like) && body.like.length === 0))
    missingAt(check, path.child('like'), "more_like_this requires 'like' to be specified");
  else if (Array.isArray(body.fields) && body.fields.length === 0)
    missingAt(check, path.child('fields'), "more_like_this requires 'fields' to be non-empty");
  // `fields` and `stop_words` are read on START_ARRAY only, unlike `like` and `unlike`, which take one text.
  for (const key of ['fields', 'stop_words']) {
    if (isScalarAt(body, key)) refuseAt(check, `[mlt] query does not support [${key}]`, path.child(key));
  }
}

/**
 * distance_feature's `origin` written as a list or an object is a geo point, read by `GeoUtils.parseGeoPoint` where
 * the body is read (`[L:C] [distance_feature] failed to parse field [origin]`, with its words: `numeric value
 * expected`, `[geo_point] field type should have at least two dimensions`); each shard then refuses a latitude or
 * longitude out of range (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/values/origin-*`).
 */
function distanceFeatureOriginRule(
  check: JsonCheck,
  path: ValuePath,
  _clause: string,
  body: Record<string, unknown>,
): void {
  const origin = body.origin;
  const at = path.child('origin');
  if (typeof origin === 'boolean') {
    refuseAt(check, `${check.where(at)} [distance_feature] origin doesn't support values of type: VALUE_BOOLEAN`, at);
    return;
  }
  if (typeof origin !== 'object' || origin === null) return;
  const read = geoPointRead(origin);
  if (read.refusal !== undefined) {
    refuseAt(check, `[distance_feature] failed to parse field [origin]: ${read.refusal}`, at);
    return;
  }
  const point = read.point;
  if (point === undefined) return;
  if (!validLatitude(point.lat)) {
    refuseAt(
      check,
      `failed to create query: invalid latitude ${javaDoubleText(point.lat)}; must be between -90.0 and 90.0`,
      at,
    );
  } else if (!validLongitude(point.lon)) {
    refuseAt(
      check,
      `failed to create query: invalid longitude ${javaDoubleText(point.lon)}; must be between -180.0 and 180.0`,
      at,
    );
  }
}

/** rank_feature's score functions: each one's numbers, which it needs, and what its query refuses of them. */
const RANK_FEATURE_FUNCTIONS: Readonly<Record<string, { members: readonly string[]; required: readonly string[] }>> = {
  saturation: { members: ['pivot'], required: [] },
  log: { members: ['scaling_factor'], required: ['scaling_factor'] },
  sigmoid: { members: ['pivot', 'exponent'], required: ['pivot', 'exponent'] },
  linear: { members: [], required: [] },
};

/** Java's `Float.toString` of a number that has no more digits than a float keeps. */
function javaFloatText(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/**
 * rank_feature's score functions (`feature`'s objects, each an ObjectParser of its own): a name a function does not
 * know, a number that is not one, and a missing one a function needs are refused when the body is read, wrapped as
 * `[feature] failed to parse field [log]`; a `pivot` or `exponent` not above 0 and a `scaling_factor` below 1 fail
 * each shard that builds the query (real 3.9.0 and 2.19.6, conformance cases `cross/lists/values/rank-feature-*`).
 */
function rankFeatureFunctionRule(
  check: JsonCheck,
  path: ValuePath,
  _clause: string,
  body: Record<string, unknown>,
): void {
  for (const name in body) {
    const fn = RANK_FEATURE_FUNCTIONS[name];
    const options = body[name];
    if (fn === undefined || !isObject(options)) continue;
    const at = path.child(name);
    const wrap = `[feature] failed to parse field [${name}]`;
    for (const key in options) {
      const value = options[key];
      const where = at.child(key);
      if (!fn.members.includes(key)) {
        refuseAt(check, `${wrap}: ${check.unknownFieldText(where, name, key, fn.members)}`, where);
        return;
      }
      if (typeof value !== 'number' && typeof value !== 'string') {
        refuseAt(check, `${wrap}: ${check.unsupported(where, name, key, objectParserToken(value))}`, where);
        return;
      }
      if (typeof value === 'string' && !isJavaDouble(value)) {
        refuseAt(check, `${wrap}: ${check.where(where)} [${name}] failed to parse field [${key}]`, where);
        return;
      }
    }
    const missing = fn.required.filter((key) => options[key] === undefined);
    if (missing.length > 0) {
      refuseAt(check, `${check.where(at, 'value', true)} ${wrap}: Required [${missing.join(', ')}]`, at);
      return;
    }
    const refused = rankFeatureBuildRefusal(name, options);
    if (refused !== undefined) {
      refuseAt(check, refused.message, at.child(refused.key));
      return;
    }
  }
}

/**
 * What a shard refuses of a rank_feature score function's numbers as it builds the query, once they were read: a
 * `pivot` or `exponent` not above 0, a `scaling_factor` below 1. A shard builds it only on a field it maps as a
 * rank feature: on a field no searched index maps the query matches nothing and nothing is refused (real 3.9.0,
 * 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/rank-feature-*`), which the cluster's mappings settle.
 */
export function rankFeatureBuildRefusal(
  name: string,
  options: Record<string, unknown>,
): { key: string; message: string } | undefined {
  const fn = RANK_FEATURE_FUNCTIONS[name];
  if (fn === undefined) return undefined;
  for (const key of fn.members) {
    const n = options[key] === undefined ? undefined : Number(options[key]);
    if (n === undefined || Number.isNaN(n)) continue;
    const floor = key === 'scaling_factor' ? n < 1 : n <= 0;
    if (!floor) continue;
    const words =
      key === 'scaling_factor' ? 'scalingFactor must be >= 1' : `${key === 'exponent' ? 'exp' : key} must be > 0`;
    return { key, message: `failed to create query: ${words}, got: ${javaFloatText(n)}` };
  }
  return undefined;
}

function matchPhraseFieldRule(check: JsonCheck, path: ValuePath, clause: string, body: Record<string, unknown>): void {
  if (firstMember(body) === undefined) missingAt(check, path, `[${clause}] requires fieldName`);
}

function termLikeValueRule(check: JsonCheck, path: ValuePath, clause: string, body: Record<string, unknown>): void {
  const first = firstMember(body);
  if (first === undefined) {
    missingAt(check, path, clause === 'fuzzy' ? 'field name cannot be null or empty' : 'field name is null or empty');
  } else if (clause !== 'fuzzy' && isObject(first[1])) {
    const options = first[1];
    // A null text is no text: both parsers read it with `objectBytes()`/`textOrNull()`.
    const given = (name: string): boolean => {
      const value = options[name];
      return value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0);
    };
    // span_term's `value` and `term` set one value: the last written wins. Its text is read from any token, so an
    // array is a value (its `[`).
    let term: unknown;
    for (const name in options) if (name === 'value' || name === 'term') term = options[name];
    const has = clause === 'common' ? given('query') : term !== undefined && term !== null;
    if (!has) {
      check.report(
        'query.missing-parameter',
        clause === 'common' ? 'text cannot be null' : 'value cannot be null',
        path.child(first[0]),
        'key',
      );
    }
  }
}

function termsSetRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const first = firstMember(body);
  if (first === undefined) missingAt(check, path, '[terms_set] unknown token [END_OBJECT]');
  else if (isObject(first[1])) {
    for (const option of ['terms', 'minimum_should_match_script']) {
      const value = first[1][option];
      // `terms` is read on START_ARRAY only, the script on START_OBJECT only.
      const wrong = option === 'terms' ? isObject(value) : false;
      if (wrong || (value !== undefined && value !== null && typeof value !== 'object')) {
        refuseAt(check, `[terms_set] query does not support [${option}]`, path.child(first[0]).child(option));
      }
    }
    const script: unknown = first[1].minimum_should_match_script;
    if (isObject(script)) {
      scriptRefused(check, path.child(first[0]).child('minimum_should_match_script'), script, 'query.wrong-type');
    }
    const terms = first[1].terms;
    if (Array.isArray(terms)) {
      // A null, or a list inside that ends the loop over the terms early (real 3.9.0 and 2.19.6; conformance cases
      // `cross/lists/query/terms-set-*`).
      const refusal = termsListRefusal('terms_set', 'terms', terms);
      if (refusal !== undefined)
        refuseAt(check, refusal.words, path.child(first[0]).child('terms').child(refusal.index));
    }
    termsSetMinimum(check, path.child(first[0]), first[1]);
  }
}

function intervalsFieldRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // IntervalQueryBuilder.fromXContent reads the field's name first; each rule is an object of its own parser.
  const first = firstMember(body);
  if (first === undefined) missingAt(check, path, 'Expected [FIELD_NAME] but got [END_OBJECT]');
  else if (isObject(first[1])) {
    for (const rule of INTERVAL_RULES) {
      const value = first[1][rule];
      if (value !== undefined && !isObject(value)) {
        const at = path.child(first[0]).child(rule);
        refuseAt(check, `${check.where(at)} [${rule}] Expected START_OBJECT but was: ${objectParserToken(value)}`, at);
      }
    }
  }
}

function idsRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  idsValues(check, path.child('values'), body.values);
}

function combinedFieldsRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  combinedFieldsValues(check, path, body);
}

function spanGapRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // SpanGapQueryBuilder.fromXContent: one field and its width, read as a number.
  const first = firstMember(body);
  if (first === undefined) missingAt(check, path, '[span_gap] field name is null or empty');
  else if (typeof first[1] === 'string' && !isJavaDouble(first[1])) {
    check.report('value.not-a-number', numberTextError(first[1]), path.child(first[0]));
  }
}

function scriptScoreRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // ScriptScoreQueryBuilder declares `script` as an object only: a text is refused too.
  if (isScalarAt(body, 'script')) {
    refuseAt(
      check,
      check.unsupported(path.child('script'), 'script_score', 'script', objectParserToken(body.script)),
      path.child('script'),
    );
  } else if (isObject(body.script)) {
    scriptRefused(check, path.child('script'), body.script, 'query.wrong-type', true, SCORE_SCRIPT);
  }
}

function percolateRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // PercolateQueryBuilder: a ConstructingObjectParser that checks the document's sources before the field.
  if ('document' in body && 'documents' in body) {
    missingAt(check, path, 'The following fields are not allowed together: [document, documents] ');
  } else if (!('document' in body) && !('documents' in body) && !('id' in body)) {
    missingAt(check, path, 'Required one of fields [document, documents, id], but none were specified. ');
  } else if (!('field' in body)) missingAt(check, path, 'Required [field]');
}

function fieldMaskingSpanRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // SpanFieldMaskingQueryBuilder.fromXContent, after reading its members (the query first).
  if (!('query' in body)) missingAt(check, path, 'span_field_masking must have [query] span query clause');
  else if (!('field' in body)) missingAt(check, path, 'span_field_masking must have [field] set for it');
}

function wrapperRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // WrapperQueryBuilder.fromXContent reads exactly one member, `query`, as binary (base64 text).
  const keys = Object.keys(body);
  if (keys.length === 0) missingAt(check, path, '[wrapper] query malformed');
  else if (keys[0] === 'query' && keys.length > 1) {
    check.report(
      'query.unknown-parameter',
      '[wrapper] malformed query, expected [END_OBJECT] but found [FIELD_NAME]',
      path.child(keys[1]!),
      'key',
    );
  }
  const query = body.query;
  if (typeof query === 'number' || typeof query === 'boolean') {
    check.report(
      'query.wrong-type',
      `Current token (${tokenName(query)}) not VALUE_STRING or VALUE_EMBEDDED_OBJECT, ${jacksonMajor(check.server) === 3 ? 'cannot' : 'can not'} access as binary`,
      path.child('query'),
    );
  } else if (isObject(query) || Array.isArray(query) || query === null) {
    // Jackson 2 (OpenSearch before 3.7) says `can not`, Jackson 3 `cannot`.
    check.report(
      'query.wrong-type',
      `Current token (${objectParserToken(query)}) not VALUE_STRING or VALUE_EMBEDDED_OBJECT, ${jacksonMajor(check.server) === 3 ? 'cannot' : 'can not'} access as binary`,
      path.child('query'),
    );
  }
}

function parentIdRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // ParentIdQueryBuilder reads values only; without `type` or `id` every shard fails on a null name.
  for (const key of Object.keys(body)) {
    if (Array.isArray(body[key])) {
      check.report('query.wrong-type', `[parent_id] query does not support [${key}]`, path.child(key));
      return;
    }
  }
  if (!('type' in body) || !('id' in body)) {
    missingAt(
      check,
      path,
      `[parent_id] needs [type] and [id]: OpenSearch fails every shard with "Cannot invoke "String.length()" because "str" is null"`,
    );
  }
}

function rangeBoundsRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const oneBoundPerSide = readsOneBoundPerSide(check.server);
  for (const field in body) {
    const options = body[field];
    if (isObject(options)) rangeObjectBounds(check, path, field, options);
  }
  if (oneBoundPerSide) {
    for (const field in body) {
      const options = body[field];
      if (isObject(options)) rangeBounds(check, path, field, options);
    }
  }
}

function multiMatchTypeRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const type = multiMatchType(body.type) ?? 'best_fields';
  if (type === 'bool_prefix') {
    for (const param of ['slop', 'cutoff_frequency']) {
      if (param in body) {
        check.report('query.type-parameter', `[${param}] not allowed for type [bool_prefix]`, path.child(param), 'key');
      }
    }
  }
  if ('fuzziness' in body && body.fuzziness !== null && ['phrase', 'phrase_prefix', 'cross_fields'].includes(type)) {
    check.report('query.type-parameter', `Fuzziness not allowed for type [${type}]`, path.child('fuzziness'), 'key');
  }
}

function functionScoreFunctionsRule(
  check: JsonCheck,
  path: ValuePath,
  _clause: string,
  body: Record<string, unknown>,
  reader: QueryReader,
): void {
  functionsThenFunction(check, path, body);
  // functionEntryRefused reads each entry's filter and field_value_factor where they stand.
  const functions = body.functions;
  if (Array.isArray(functions) && functionEntryRefused(check, path.child('functions'), functions, reader)) return;
  if (isObject(body.field_value_factor)) {
    checkFieldValueFactor(check, path.child('field_value_factor'), body.field_value_factor, false);
  }
}

function intervalsSourcesRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  intervalRules(check, path, body);
}

function existsRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  // ExistsQueryBuilder's constructor refuses an empty name (Strings.isEmpty: "" only).
  if (body.field === '') check.report('query.missing-field', 'field name is null or empty', path.child('field'));
  else if (body.field === '_source') {
    check.report('query.metadata-field', 'The _source field is not searchable', path.child('field'));
  }
}

function queryStringRegexRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  queryStringRegexLength(check, path.child('query'), body.query);
}

function regexpLengthRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const field = Object.keys(body)[0];
  if (field === undefined) return;
  const inner = body[field];
  const value = isObject(inner) ? inner.value : inner;
  const max = limitsOf(check.server).maxRegexLength;
  if (typeof value === 'string' && value.length > max) {
    check.report(
      'query.regex-too-long',
      `failed to create query: The length of regex [${value.length}] used in the Regexp Query request has exceeded the allowed maximum of [${max}]. This maximum can be set by changing the [index.max_regex_length] index level setting.${limitNote(check.server, 'maxRegexLength')}`,
      isObject(inner) ? path.child(field).child('value') : path.child(field),
    );
  }
}

function termsCountRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const max = limitsOf(check.server).maxTermsCount;
  for (const key of Object.keys(body)) {
    const values = body[key];
    if (Array.isArray(values) && values.length > max) {
      check.report(
        'query.too-many-terms',
        `failed to create query: The number of terms [${values.length}] used in the Terms Query request has exceeded the allowed maximum of [${max}]. This maximum can be set by changing the [index.max_terms_count] index level setting.${limitNote(check.server, 'maxTermsCount')}`,
        path.child(key),
        'key',
      );
    }
  }
}

/**
 * The clauses a bool builds from one occurrence's value: an object is one clause, and so is each object of a list (a
 * value before it is skipped: validateQueryList).
 */
function clausesIn(clauses: unknown): number {
  if (isObject(clauses)) return 1;
  if (!Array.isArray(clauses)) return 0;
  let count = 0;
  for (const clause of clauses) if (isObject(clause)) count++;
  return count;
}

function boolClausesRule(check: JsonCheck, path: ValuePath, _clause: string, body: Record<string, unknown>): void {
  const max = limitsOf(check.server).maxClauseCount;
  let count = 0;
  for (const occur in body) {
    if (isBoolOccur(occur)) count += clausesIn(body[occur]);
  }
  // Each shard reads the text of minimum_should_match when it builds a bool that has clauses (one without any is
  // built as match_all first; real 3.8.0 and 2.19.1, conformance cases `cross/body/forms/*`).
  const msm = body.minimum_should_match;
  // A number is read as its text, as written (`1.5`, `1.0`): found with the positions of the whole body, unless it is
  // a whole number and the text writes no `.0` (then its digits), which spares most bodies that work. A whole number
  // written with an exponent (`1e0`) is taken for its digits.
  const text =
    typeof msm === 'string' || typeof msm === 'boolean'
      ? String(msm)
      : typeof msm === 'number'
        ? Number.isInteger(msm) && !check.segment.text.includes('.0')
          ? String(msm)
          : check.written(path.child('minimum_should_match'))
        : undefined;
  if (text !== undefined && count > 0) {
    const wrong = minimumShouldMatchError(text, clausesIn(body.should));
    if (wrong !== undefined) {
      check.reportItemFailure(
        'query.invalid-value',
        `failed to create query: ${wrong}`,
        path.child('minimum_should_match'),
      );
    }
  }
  if (count > max) {
    check.report(
      'query.too-many-clauses',
      `failed to create query: maxClauseCount is set to ${max}${limitNote(check.server, 'maxClauseCount')}`,
      path,
      'key',
    );
  }
}

/**
 * Each clause's rules, in the order its parser meets them: refusals of one parser each, in its words
 * (docs/opensearch/query-dsl.md#more-parsers; conformance cases query/<clause>/<option>/<kind> on real 3.8.0 and
 * 2.19.1). Looked up once per clause, where a chain of comparisons would run through every name.
 */
const CLAUSE_RULES: ReadonlyMap<string, readonly ClauseRule[]> = new Map<string, readonly ClauseRule[]>([
  ['dis_max', [disMaxRule]],
  ['constant_score', [constantScoreRule]],
  ['nested', [nestedPathRule]],
  ['boosting', [boostingRule]],
  ['function_score', [functionScoreArraysRule, functionScoreFunctionsRule]],
  ['span_near', [spanNearRule]],
  ['span_or', [spanOrRule]],
  ['span_not', [spanWrapperRule]],
  ['span_first', [spanWrapperRule]],
  ['span_containing', [spanWrapperRule]],
  ['span_within', [spanWrapperRule]],
  ['script', [scriptQueryRule]],
  ['multi_match', [multiMatchFieldsRule, multiMatchTypeRule]],
  ['query_string', [queryStringFieldsRule, queryStringRegexRule]],
  ['simple_query_string', [queryStringFieldsRule]],
  ['more_like_this', [moreLikeThisRule]],
  ['match_phrase', [matchPhraseFieldRule]],
  ['match_phrase_prefix', [matchPhraseFieldRule]],
  ['match_bool_prefix', [matchPhraseFieldRule]],
  ['common', [termLikeValueRule]],
  ['span_term', [termLikeValueRule]],
  ['fuzzy', [termLikeValueRule]],
  ['terms_set', [termsSetRule]],
  ['intervals', [intervalsFieldRule, intervalsSourcesRule]],
  ['ids', [idsRule]],
  ['combined_fields', [combinedFieldsRule]],
  ['span_gap', [spanGapRule]],
  ['script_score', [scriptScoreRule]],
  ['percolate', [percolateRule]],
  ['field_masking_span', [fieldMaskingSpanRule]],
  ['span_field_masking', [fieldMaskingSpanRule]],
  ['wrapper', [wrapperRule]],
  ['parent_id', [parentIdRule]],
  ['range', [rangeBoundsRule]],
  ['exists', [existsRule]],
  ['regexp', [regexpLengthRule]],
  ['terms', [termsCountRule]],
  ['bool', [boolClausesRule]],
  ['rank_feature', [rankFeatureFunctionRule]],
  ['distance_feature', [distanceFeatureOriginRule]],
]);

/** The ObjectParser token names of values, as its "doesn't support values of type" message gives them. */
function objectParserToken(value: unknown): string {
  if (value === null) return 'VALUE_NULL';
  if (typeof value === 'number') return 'VALUE_NUMBER';
  if (typeof value === 'boolean') return 'VALUE_BOOLEAN';
  return typeof value === 'string' ? 'VALUE_STRING' : Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT';
}

/**
 * CombinedFieldsQueryBuilder's ObjectParser beyond the kinds of its string and number options (query.ts): `operator`
 * is a string only, `fields` a string or an array of values (an item that is null, an object or an array is refused),
 * never null; `minimum_should_match` takes null, and a boolean is read as text that fails on every shard (real 3.8.0,
 * conformance cases `query/combined_fields/*` and `cross/query/combined-fields/*`).
 */
function combinedFieldsValues(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const refuse = (key: string): void => {
    const at = path.child(key);
    check.report('query.wrong-type', check.unsupported(at, 'combined_fields', key, objectParserToken(body[key])), at);
  };
  const operator = body.operator;
  if (typeof operator === 'number' || typeof operator === 'boolean') refuse('operator');
  const fields = body.fields;
  if (Array.isArray(fields)) {
    fields.forEach((item, i) => {
      if (item !== null && typeof item !== 'object') return;
      const at = path.child('fields').child(i);
      check.report('query.wrong-type', `${check.where(at)} [combined_fields] failed to parse field [fields]`, at);
    });
  }
  const minimum = body.minimum_should_match;
  if (typeof minimum === 'boolean') {
    check.report(
      'query.invalid-value',
      `failed to create query: For input string: "${String(minimum)}"`,
      path.child('minimum_should_match'),
    );
  }
}

/**
 * IdsQueryBuilder's ObjectParser reads `values` as an array of strings or one string: any other value is refused, and
 * so is an item that is null, an object or an array (a number or a boolean is read as its text), on real 3.8.0 and
 * 2.19.1.
 */
function idsValues(check: JsonCheck, path: ValuePath, values: unknown): void {
  // Null is refused with the other ObjectParser values (query.ts).
  if (values === undefined || values === null || typeof values === 'string') return;
  if (Array.isArray(values)) {
    values.forEach((item, i) => {
      if (item !== null && typeof item !== 'object') return;
      const at = path.child(i);
      check.report('query.wrong-type', `${check.where(at)} [ids] failed to parse field [values]`, at);
    });
    return;
  }
  refuseAt(check, check.unsupported(path, 'ids', 'values', objectParserToken(values)), path);
}

/**
 * The regular expressions of a query_string text (`/.../` outside a quoted phrase, backslash escapes kept in the
 * count), as Lucene's classic query parser cuts them: each longer than `index.max_regex_length` fails on every shard,
 * whatever the field (QueryStringQueryParser; real 3.8.0 and 2.19.1, conformance case
 * `cross/query/query-string/regex-over-limit`).
 */
function queryStringRegexLength(check: JsonCheck, path: ValuePath, text: unknown): void {
  if (typeof text !== 'string') return;
  const max = limitsOf(check.server).maxRegexLength;
  if (text.length <= max) return;
  for (const length of regexLengths(text)) {
    if (length > max) {
      check.report(
        'query.regex-too-long',
        `failed to create query: The length of regex [${length}] used in the [query_string] has exceeded the allowed maximum of [${max}]. This maximum can be set by changing the [index.max_regex_length] index level setting.${limitNote(check.server, 'maxRegexLength')}`,
        path,
      );
      return;
    }
  }
}

/** The lengths of the `/.../` terms of a query_string text. */
function regexLengths(text: string): number[] {
  const lengths: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\') i += 2;
    else if (ch === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (ch === '/') {
      const start = ++i;
      while (i < text.length && text[i] !== '/') i += text[i] === '\\' ? 2 : 1;
      if (i >= text.length) break;
      lengths.push(i - start);
      i++;
    } else i++;
  }
  return lengths;
}

/** Whether query_string checks its field names for null itself (OpenSearch 3.1.0 on, and 2.19.3 on in 2.x). */
function nullFieldNamedByQueryString(version: Version): boolean {
  return (
    holdsAt(NULL_FIELD_NAME_CHECKED, version) || (version.major === 2 && holdsAt(NULL_FIELD_NAME_CHECKED_2X, version))
  );
}
const NULL_FIELD_NAME_CHECKED = { since: '3.1.0' } as const;
const NULL_FIELD_NAME_CHECKED_2X = { since: '2.19.3' } as const;

/**
 * A null field name in `fields`: multi_match and simple_query_string read it with `text()` (`Can't get text on a
 * VALUE_NULL at 1:52`), and so did query_string before it checked for null (nullFieldNamedByQueryString).
 */
function nullFieldNames(check: JsonCheck, path: ValuePath, fields: unknown, message: string | undefined): void {
  if (!Array.isArray(fields)) return;
  fields.forEach((item, i) => {
    if (item !== null) return;
    const at = path.child(i);
    refuseAt(check, message ?? check.noText(at, 'VALUE_NULL'), at);
  });
}

/** What MoreLikeThisQueryBuilder.Item reads from an object. */
const MLT_ITEM_FIELDS = new Set([
  '_index',
  '_id',
  'doc',
  'fields',
  'per_field_analyzer',
  'routing',
  'version',
  'version_type',
]);

/**
 * The objects of `like` and `unlike` (one, or the items of an array) are documents: an unknown member is `failed to
 * parse More Like This item. unknown field [x]`, and one without `_id` or `doc` `... neither [id] nor [doc] is
 * specified!` (real 3.8.0 and 2.19.1).
 */
function moreLikeThisItems(check: JsonCheck, path: ValuePath, value: unknown): void {
  const items = Array.isArray(value)
    ? value.map((item, i) => [item, path.child(i)] as const)
    : [[value, path] as const];
  for (const [item, at] of items) {
    // Each item of a list is a text (any value, read as its text) or a document's object; a null or a list is neither,
    // in words that name `like` for `unlike` too (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
    // `cross/lists/query/mlt-item-*`).
    if (Array.isArray(value) && (item === null || Array.isArray(item))) {
      refuseAt(check, "Content of 'like' parameter should either be a string or an object", at);
      return;
    }
    if (!isObject(item)) continue;
    const unknown = Object.keys(item).find((key) => !MLT_ITEM_FIELDS.has(key));
    if (unknown !== undefined) {
      check.report(
        'query.unknown-parameter',
        `failed to parse More Like This item. unknown field [${unknown}]`,
        at.child(unknown),
        'key',
      );
    } else if (!('_id' in item) && !('doc' in item)) {
      check.report(
        'query.missing-parameter',
        'failed to parse More Like This item. neither [id] nor [doc] is specified!',
        at,
      );
    }
  }
}

/**
 * A range bound written as an object: `{}` is read as the text `{` and ends the body early (earlyEnd.ts), a member
 * inside is `[range] query does not support [<name>]` (real 3.8.0 and 2.19.1).
 */
function rangeObjectBounds(
  check: JsonCheck,
  clausePath: ValuePath,
  field: string,
  options: Record<string, unknown>,
): void {
  // Most ranges have no object or list bound: the options' own keys say so without looking up each bound name.
  let objectBound = false;
  for (const key in options) {
    const bound = options[key];
    if (typeof bound !== 'object' || bound === null || !RANGE_BOUNDS.includes(key)) continue;
    if (!Array.isArray(bound)) objectBound = true;
    else if (readsOneBoundPerSide(check.server)) {
      // From 3.6.0 a list is refused as a bound; before, its end is read as the text `]` (the shards of a field that
      // cannot read that fail: cluster/mappingRules.ts) (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
      // `cross/lists/query/range-*`).
      const side = key === 'gt' || key === 'gte' || key === 'from' ? 'lower' : 'upper';
      refuseAt(check, `invalid ${side} bound for [range] query`, clausePath.child(field).child(key));
      return;
    }
  }
  if (!objectBound) return;
  const path = clausePath.child(field);
  for (const key of RANGE_BOUNDS) {
    const bound = options[key];
    if (!isObject(bound)) continue;
    const first = Object.keys(bound)[0];
    if (first === undefined) check.reportEarlyEnd(path.child(key));
    else refuseAt(check, `[range] query does not support [${first}]`, path.child(key).child(first));
    return;
  }
}

const RANGE_BOUNDS = ['gt', 'gte', 'lt', 'lte', 'from', 'to'];

/**
 * Whether a member of a bool query holds clauses (`mustNot` is read as `must_not`). Comparisons, not a Set: the names
 * of a parsed body are interned, and compare as pointers.
 */
export function isBoolOccur(name: string): boolean {
  return name === 'must' || name === 'filter' || name === 'should' || name === 'must_not' || name === 'mustNot';
}

/** The score functions OpenSearch registers (SearchModule): an object under another name is no function. */
const SCORE_FUNCTIONS = new Set(['script_score', 'random_score', 'field_value_factor', 'linear', 'exp', 'gauss']);

/**
 * A score function no one registers: its lookup fails inside function_score's parser, and the query parser above
 * reports the failure as an unknown `function_score`, caused by the unknown field (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; conformance cases `cross/lists/more/function*`).
 */
function unknownScoreFunction(check: JsonCheck, at: ValuePath, key: string): void {
  // The query parser names the query whose parser failed, and suggests among the names of the lookup that failed.
  check.report(
    'query.unknown-parameter',
    `unknown query [function_score]${didYouMean('function_score', [...SCORE_FUNCTIONS])}: ${check.where(at)} unknown field [${key}] (no score function has that name; they are ${[...SCORE_FUNCTIONS].join(', ')})`,
    at,
    'key',
  );
}

/**
 * A function's weight below zero, a number or a text of one (`WeightBuilder`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1,
 * conformance cases `cross/lists/order/function*-weight-negative*`), refused once the function's members are read.
 */
function negativeWeight(weight: unknown): boolean {
  const n = typeof weight === 'number' ? weight : typeof weight === 'string' ? Number(weight.trim()) : Number.NaN;
  return n < 0;
}

function reportNegativeWeight(check: JsonCheck, at: ValuePath): void {
  check.report('query.invalid-value', '[weight] cannot be negative for a filtering function', at);
}

/** What FunctionScoreQueryBuilder reads as scalars next to a `functions` array. */
const FUNCTION_SCORE_SCALARS = new Set(['score_mode', 'boost_mode', 'max_boost', 'boost', '_name', 'min_score']);

/**
 * The entries of `functions`, as `FunctionScoreQueryBuilder` reads them: each an object (any other token is refused in
 * words whose two names stand in each other's place), whose members are `filter` (a query), `weight` (a value) and
 * one function (an object under its name); a value under another name is not supported, and an entry with neither a
 * function nor a weight has no function (real 3.9.0 and 2.19.6; conformance cases `cross/lists/function-score/*`).
 * Whether it refused one.
 */
function functionEntryRefused(
  check: JsonCheck,
  path: ValuePath,
  entries: readonly unknown[],
  reader: QueryReader,
): boolean {
  for (let i = 0; i < entries.length; i++) {
    const entry: unknown = entries[i];
    const at = path.child(i);
    if (!isObject(entry)) {
      refuseAt(
        check,
        `failed to parse [START_OBJECT]. malformed query, expected a [${objectParserToken(entry)}] while parsing functions but got a [function_score] instead`,
        at,
      );
      return true;
    }
    let scored = false;
    /** The function the entry holds, once read. */
    let found: string | undefined;
    /** A weight below zero, refused once the entry is read (`WeightBuilder`). */
    let negative: ValuePath | undefined;
    for (const key in entry) {
      const value = entry[key];
      // The parser steps into a list, at any depth, and reads what it holds under the list's name, in order: an object
      // as the member's object, a value as its value; null is read as nothing.
      for (const [item, place] of Array.isArray(value)
        ? listedItems(value, at.child(key))
        : [[value, at.child(key)] as const]) {
        if (item === null) continue;
        if (isObject(item)) {
          // The filter is read by the query parser where it stands (conformance cases `cross/lists/function-score/*`).
          if (key === 'filter') {
            if (reader.refused(check, place, item)) return true;
            continue;
          }
          scored = true;
          // A second function is refused before it is looked up.
          if (found !== undefined) {
            refuseAt(
              check,
              `failed to parse function_score functions. already found [${found}], now encountering [${key}].`,
              at.child(key),
            );
            return true;
          }
          if (!SCORE_FUNCTIONS.has(key)) {
            unknownScoreFunction(check, at.child(key), key);
            return true;
          }
          found = key;
          // The function is read where it stands, before the members after it.
          const before = check.issues.length;
          if (key === 'field_value_factor') checkFieldValueFactor(check, place, item, true);
          if (check.refusedSince(before)) return true;
          continue;
        }
        if (key !== 'weight') {
          refuseAt(check, `failed to parse [function_score] query. field [${key}] is not supported`, at.child(key));
          return true;
        }
        // Read with `floatValue()`, each value of a list in turn.
        if (check.numberRefused(at.child(key), item)) return true;
        if (negativeWeight(item)) negative ??= at.child(key);
        scored = true;
      }
    }
    if (negative !== undefined) {
      reportNegativeWeight(check, negative);
      return true;
    }
    if (!scored) {
      refuseAt(check, 'failed to parse [function_score] query. an entry in functions list is missing a function.', at);
      return true;
    }
  }
  return false;
}

/** The values of a list with the lists inside it stepped into, each with its place, in the order they are written. */
function listedItems(list: readonly unknown[], at: ValuePath): [unknown, ValuePath][] {
  const out: [unknown, ValuePath][] = [];
  list.forEach((item: unknown, i) => {
    if (Array.isArray(item)) out.push(...listedItems(item, at.child(i)));
    else out.push([item, at.child(i)]);
  });
  return out;
}

/**
 * After a `functions` array, FunctionScoreQueryBuilder.fromXContent reads any other object but `query` (and any
 * value it does not know, `weight` among them) as a single function, and refuses to have both.
 */
function functionsThenFunction(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  // FunctionScoreQueryBuilder.fromXContent, in order: `functions` or one function written in place (an object under
  // its name, or `weight`), never both, nor two functions in place (real 3.8.0 and 2.19.1; conformance cases
  // `cross/query/function-score/*`).
  let array = false;
  let single: string | undefined;
  for (const key in body) {
    const value = body[key];
    if (key === 'functions') {
      if (isObject(value)) {
        // Only a list is read as the functions; an object is a function named `functions`.
        unknownScoreFunction(check, path.child(key), key);
        return;
      }
      if (!Array.isArray(value)) continue;
      if (single !== undefined) {
        check.report(
          'query.functions-and-function',
          `failed to parse [function_score] query. [you can either define [functions] array or a single function, not both. already found [${single}], now encountering [functions].]`,
          path.child(key),
          'key',
        );
        return;
      }
      array = true;
      continue;
    }
    // A null is read as no value at all: neither a function nor a refusal.
    if (Array.isArray(value) || value === null) continue;
    const isFunction = isObject(value) ? key !== 'query' : !FUNCTION_SCORE_SCALARS.has(key);
    if (!isFunction) continue;
    if (array) {
      check.report(
        'query.functions-and-function',
        `failed to parse [function_score] query. [you can either define [functions] array or a single function, not both. already found [functions] array, now encountering [${key}].]`,
        path.child(key),
        'key',
      );
      return;
    }
    if (single !== undefined) {
      check.report(
        'query.functions-and-function',
        `failed to parse [function_score] query. already found function [${single}], now encountering [${key}]. use [functions] array if you want to define several functions.`,
        path.child(key),
        'key',
      );
      return;
    }
    // The function is looked up by its name once the two checks above passed; `weight` is the one value function.
    if (isObject(value) && !SCORE_FUNCTIONS.has(key)) {
      unknownScoreFunction(check, path.child(key), key);
      return;
    }
    if (!isObject(value) && key !== 'weight') {
      check.report(
        'query.unknown-parameter',
        `failed to parse [function_score] query. field [${key}] is not supported`,
        path.child(key),
        'key',
      );
      return;
    }
    if (key === 'weight' && negativeWeight(value)) {
      reportNegativeWeight(check, path.child(key));
      return;
    }
    single = key;
  }
}

/** A field with no interval rule: said once the field's object and the query's have ended (query.ts intervalsEnd). */
export const MISSING_INTERVALS = 'Missing intervals from interval query definition';

/**
 * IntervalQueryBuilder.fromXContent: under the field, every key but `_name` and `boost` is an interval rule, and
 * there must be exactly one. The rule's own parser runs first, so only the count is checked here.
 */
function intervalRules(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const field = Object.keys(body)[0];
  if (field === undefined) return;
  const inner = body[field];
  if (!isObject(inner)) return;
  checkIntervalRules(check, path.child(field), inner);
  const rules = Object.keys(inner).filter((key) => key !== '_name' && key !== 'boost');
  if (rules.length === 0) {
    check.report('query.interval-rules', MISSING_INTERVALS, path.child(field), 'key');
  } else if (rules.length > 1) {
    check.report(
      'query.interval-rules',
      `Only one interval rule can be specified, found [${rules[0]!}] and [${rules[1]!}]`,
      path.child(field).child(rules[1]!),
      'key',
    );
  }
}

/**
 * From OpenSearch 3.6.0 a range sets each bound once (RangeQueryBuilder.fromXContent), read in order: `from` is refused
 * once a bound value is set; `gt` and `gte` once a bound value or `include_lower` is set, and they set both;
 * `include_lower` once it is set. A null bound sets no value, so `{"from": null, "gte": 1}` is accepted and
 * `{"gt": null, "gte": 1}` is not; the upper side likewise (real 3.8.0; 2.19.1 reads all of them, conformance cases
 * `query/range/include_lower/good` and `cross/query/range/*`).
 */
const ONE_BOUND_PER_SIDE = { since: '3.6.0' };

/**
 * Whether the target's range parser takes one bound per side (OpenSearch 3.6.0 on), which also refuses a list as a
 * bound (rangeObjectBounds; before, a list's end is read as the text `]`: cluster/mappingRules.ts).
 */
export function readsOneBoundPerSide(server: TargetServer): boolean {
  return holdsAt(ONE_BOUND_PER_SIDE, server.version) && server.distribution === 'opensearch';
}

const RANGE_SIDES = [
  { exclusive: 'gt', inclusive: 'gte', generic: 'from', include: 'include_lower', word: 'lower' },
  { exclusive: 'lt', inclusive: 'lte', generic: 'to', include: 'include_upper', word: 'upper' },
] as const;

function rangeBounds(check: JsonCheck, clausePath: ValuePath, field: string, options: Record<string, unknown>): void {
  for (const side of RANGE_SIDES) {
    let bound = false;
    let include = false;
    for (const key in options) {
      const strict = key === side.exclusive || key === side.inclusive;
      let refused: boolean;
      if (key === side.generic) refused = bound;
      else if (key === side.include) refused = include;
      else if (strict) refused = bound || include;
      else continue;
      if (refused) {
        check.report(
          'query.invalid-value',
          `invalid ${side.word} bound for [range] query`,
          clausePath.child(field).child(key),
          'key',
        );
        break;
      }
      if (key !== side.include) bound ||= options[key] !== null;
      if (key !== side.generic) include = true;
    }
  }
}

/**
 * TermsSetQueryBuilder.doToQuery: with at least one term, the number of terms to match comes from
 * `minimum_should_match_field` or else `minimum_should_match_script`; with neither, every shard fails (the parser
 * itself accepts the clause). No term at all matches nothing before that check (conformance cases
 * `query/terms_set/minimum_should_match_field/missing` and `query/terms_set/terms/missing`).
 */
function termsSetMinimum(check: JsonCheck, path: ValuePath, options: Record<string, unknown>): void {
  const terms = options.terms;
  if (!Array.isArray(terms) || terms.length === 0) return;
  if ('minimum_should_match_field' in options || 'minimum_should_match_script' in options) return;
  check.report(
    'query.missing-parameter',
    '[terms_set] needs [minimum_should_match_field] or [minimum_should_match_script]: OpenSearch fails every shard with "No minimum should match has been specified"',
    path,
    'key',
  );
}

/** The rules of an intervals query, each read by a parser of its own that expects an object. */
const INTERVAL_RULES = ['match', 'any_of', 'all_of', 'prefix', 'wildcard', 'regexp', 'fuzzy'];
