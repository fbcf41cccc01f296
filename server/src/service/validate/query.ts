import { isRefusal, keepIssues } from './issues';
import { plainQuery, skipsPlainForms } from './plainForms';
import { namesAnalyzer } from './analyzerOptions';
import { ValuePath } from '../json/valuePath';
import { isObject, tokenOf } from '../json/jsonSegment';
import { didYouMean, suggestions } from '../text/similarity';
import { QUERY_CLAUSES } from '../../spec/queries';
import { uniformParameter } from '../../spec/uniform';
import type { ParameterSpec, QueryClauseSpec } from '../../spec/types';
import type { JsonCheck } from './jsonCheck';
import {
  ENUM_ERROR,
  FIELD_VALUE_REQUIRED,
  PARSER_NAME,
  REQUIRED_TEXT,
  REQUIRED_TOGETHER,
  UNKNOWN_PARAM_TEXT,
  NON_VALUE_NAME,
  NON_VALUE_TEXT,
  UNKNOWN_NULL_TEXT,
  scriptNullText,
  flagsError,
  fuzzinessError,
  rewriteMethodError,
  fieldArrayText,
  termsListRefusal,
  registeredAt,
} from './queryMessages';
import { holdsAt } from '../../spec/versions';
import { versionNote } from './versionNote';
import {
  checkClauseRules,
  clauseRulesOf,
  MISSING_INTERVALS,
  type OwnClauseRules,
  type QueryReader,
} from './queryRules';
import { checkValueRanges, hasValueRanges, negativeBoost } from './valueRanges';
import {
  checkQueryListForm,
  checkSingleQueryForm,
  checkSpanGapPlace,
  notSpanClause,
  spanClauseText,
} from './innerQueries';
import { isGeoParserClause, validateGeoClause } from './geoQueries';
import {
  intRangeRefusal,
  isJavaDouble,
  notNumericText,
  numberTextError,
  strictBooleanError,
  textBooleanError,
  tokenName,
} from './values';
import { jacksonMajor } from '../target';
import { checkInnerHitsOptions } from './searchBody';
import { zoneIdError } from './timeZones';
import { dateFormatError } from './dateFormats';

/**
 * A clause of the tables with what the checks ask of it at every use worked out once: a query clause is checked
 * many times over in a file of searches, and each of these answers is otherwise one more lookup by name.
 */
interface Clause extends QueryClauseSpec {
  /** Its parameters by name. */
  readonly byName: ReadonlyMap<string, ParameterSpec>;
  /** Built by an ObjectParser: a value of the wrong kind is refused by the parser itself. */
  readonly objectParser: boolean;
  readonly requiredText: (typeof REQUIRED_TEXT)[string] | undefined;
  readonly requiredTogether: (typeof REQUIRED_TOGETHER)[string] | undefined;
  readonly fieldValueRequired: (typeof FIELD_VALUE_REQUIRED)[string] | undefined;
  /** Read by the geo parsers of geoQueries.ts. */
  readonly geoParser: boolean;
  /** Its rules of its own in queryRules.ts, if it has any. */
  readonly rules: OwnClauseRules | undefined;
  /** Has options with value ranges (valueRanges.ts). */
  readonly valueRanges: boolean;
  /** Its parser reads its members in a loop of its own (clauseMembers). */
  readonly memberLoop: boolean;
  /** Refuses arrays for some scalar options in words of its own (checkScalarArray). */
  readonly scalarArrays: boolean;
  /** ENUM_ERROR's reader of each of its parameters that has one: its own, else the one for the name in any clause. */
  readonly enumRefusals: ReadonlyMap<string, EnumRefusal>;
}

/** The clauses whose parsers read their members in a loop of their own (clauseMembers). */
const MEMBER_LOOPS = new Set(['range', 'term', 'terms_set']);
/** The span parsers that read their numbers with Jackson's accessors (checkScalarArray). */
const NUMBERS_BY_ACCESSOR = new Set(['span_not', 'span_first', 'span_containing', 'span_within']);
const SCALAR_ARRAY_CLAUSES = new Set([...NUMBERS_BY_ACCESSOR, 'span_or', 'terms_set']);

function clauseOf(spec: QueryClauseSpec): Clause {
  // Every clause gets every property, in one order: the checks read them at sites that see all the clauses, and
  // objects of one shape keep those reads fast.
  return {
    name: spec.name,
    origin: spec.origin,
    deprecated: spec.deprecated,
    shape: spec.shape,
    shorthand: spec.shorthand,
    params: spec.params,
    unknownParam: spec.unknownParam,
    snippet: spec.snippet,
    doc: spec.doc,
    rank: spec.rank,
    since: spec.since,
    removedIn: spec.removedIn,
    byName: new Map((spec.params ?? []).map((p) => [p.name, uniformParameter(p)])),
    objectParser: spec.unknownParam === 'unknown-field' && UNKNOWN_PARAM_TEXT[spec.name] === undefined,
    requiredText: REQUIRED_TEXT[spec.name],
    requiredTogether: REQUIRED_TOGETHER[spec.name],
    fieldValueRequired: FIELD_VALUE_REQUIRED[spec.name],
    geoParser: spec.name.startsWith('geo_') && isGeoParserClause(spec.name),
    rules: clauseRulesOf(spec.name),
    valueRanges: hasValueRanges(spec.name),
    memberLoop: MEMBER_LOOPS.has(spec.name),
    scalarArrays: SCALAR_ARRAY_CLAUSES.has(spec.name),
    enumRefusals: enumRefusalsOf(spec),
  };
}

function enumRefusalsOf(spec: QueryClauseSpec): ReadonlyMap<string, EnumRefusal> {
  const out = new Map<string, EnumRefusal>();
  for (const param of spec.params ?? []) {
    const refusal = ENUM_ERROR[`${spec.name}.${param.name}`] ?? ENUM_ERROR[`*.${param.name}`];
    if (refusal !== undefined) out.set(param.name, refusal);
  }
  return out;
}

export const CLAUSE_BY_NAME: ReadonlyMap<string, Clause> = new Map(QUERY_CLAUSES.map((c) => [c.name, clauseOf(c)]));

/** A clause name the language service knows (its table may hold names of any version). */
function isKnownClause(name: string): boolean {
  return CLAUSE_BY_NAME.has(name);
}

/** The query validator as the clause rules ask it (queryRules.ts). */
const READER: QueryReader = { known: isKnownClause, refused: queryRefused };

type EnumRefusal = NonNullable<(typeof ENUM_ERROR)[string]>;

function enumRefusal(clause: Clause, spec: ParameterSpec): EnumRefusal | undefined {
  return clause.enumRefusals.get(spec.name);
}

function replacementsFor(found: readonly string[]): { replacements: string[] } | undefined {
  return found.length > 0 ? { replacements: found.map((r) => JSON.stringify(r)) } : undefined;
}

/**
 * A query object, where the server calls `parseInnerQueryBuilder` (docs/opensearch/query-dsl.md#parse-errors): exactly one clause name whose
 * value is an object.
 */
/**
 * Checks a query where a parser reads it on its way, before what follows it: whether the parsers refuse it (an Error
 * that is no item failure), and so never read on.
 */
export function queryRefused(check: JsonCheck, path: ValuePath, value: unknown): boolean {
  const before = check.issues.length;
  validateQueryContainer(check, path, value);
  return check.refusedSince(before);
}

export function validateQueryContainer(check: JsonCheck, path: ValuePath, value: unknown): void {
  if (skipsPlainForms() && plainQuery(check, value)) return;
  if (!isObject(value)) {
    check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path);
    return;
  }
  let first: string | undefined;
  let more = false;
  for (const key in value) {
    if (first === undefined) first = key;
    else {
      more = true;
      break;
    }
  }
  if (first === undefined) {
    check.report(
      'query.empty-clause',
      `query malformed, empty clause found at ${check.where(path, 'value', true)}`,
      path,
    );
    return;
  }
  const body = value[first];
  // The clauses that match nothing where the search is coordinated (rewrite.ts) are noted as they are met.
  if (first === 'match_none' || (isObject(body) && emptyListIn(first, body))) check.mayMatchNothing = true;
  if (!isObject(body)) {
    check.report('query.malformed', `[${first}] query malformed, no start_object after query name`, path.child(first));
  } else {
    const clause = CLAUSE_BY_NAME.get(first);
    if (clause === undefined) {
      const registered = registeredAt(check.server);
      check.report(
        'query.unknown-clause',
        `unknown query [${first}]${didYouMean(first, registered)}`,
        path.child(first),
        'key',
        replacementsFor(suggestions(first, registered)),
      );
    } else if (!holdsAt(clause, check.server.version)) {
      const registered = registeredAt(check.server);
      check.report(
        'query.clause-version',
        `unknown query [${first}]${didYouMean(first, registered)}${versionNote(first, clause, check.server)}`,
        path.child(first),
        'key',
      );
    } else {
      if (first === 'span_gap') checkSpanGapPlace(check, path);
      validateClause(check, path.child(first), clause, body);
    }
  }
  if (!more) return;
  const keys = Object.keys(value);
  for (let i = 1; i < keys.length; i++) {
    const extra = keys[i]!;
    check.report(
      'query.two-clauses',
      `[${first}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`,
      path.child(extra),
      'key',
    );
  }
}

/** Whether a `terms` or `ids` clause writes an empty list (of terms, or of ids). */
function emptyListIn(clause: string, body: Record<string, unknown>): boolean {
  if (clause === 'ids') return Array.isArray(body.values) && body.values.length === 0;
  if (clause !== 'terms') return false;
  for (const key in body) {
    const value = body[key];
    if (Array.isArray(value) && value.length === 0) return true;
  }
  return false;
}

function validateClause(
  check: JsonCheck,
  clausePath: ValuePath,
  clause: Clause,
  written: Record<string, unknown>,
): void {
  const members = clause.memberLoop
    ? clauseMembers(check, clausePath, clause, written)
    : { body: written, path: clausePath };
  if (members === undefined) return;
  const { body, path } = members;
  const before = check.issues.length;
  if (clause.valueRanges) checkValueRanges(check, path, clause.name, body);
  if (clause.rules !== undefined) checkClauseRules(check, path, clause.name, body, READER, clause.rules);
  // span_near and span_or read each item of `clauses` as a query (SpanNearQueryBuilder, SpanOrQueryBuilder).
  if ((clause.name === 'span_near' || clause.name === 'span_or') && Array.isArray(body.clauses)) {
    validateQueryList(check, path.child('clauses'), body.clauses, clause.name);
  }
  if (clause.geoParser) {
    validateGeoClause(check, path, clause.name, body);
    return;
  }
  switch (clause.shape) {
    case 'object':
      if (clause.params !== undefined) {
        checkParams(check, path, clause, body);
        checkRequired(check, path, clause, body);
      }
      return;
    case 'field':
      validateFieldClause(check, path, clause, body);
      if (clause.name === 'intervals') intervalsEnd(check, path, body, before);
      return;
    case 'fieldWithParams':
      validateFieldWithParams(check, path, clause, body);
      return;
  }
}

/**
 * The members of a clause whose parser reads its object in one loop of its own: what that loop makes of members
 * besides the field (range, term, terms_set), with the first refusal reported. Returns the members as the one field
 * the parser keeps (the body itself when that is how it is written), or undefined once a refusal is reported.
 */
function clauseMembers(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  body: Record<string, unknown>,
): ClauseMembers | undefined {
  // Most clauses hold one field with its options or value: nothing for the loop to decide.
  let count = 0;
  let only: unknown;
  for (const key in body) {
    if (++count > 1) break;
    only = body[key];
  }
  if (count === 1 && only !== null && !Array.isArray(only) && (clause.name !== 'range' || isObject(only)))
    return { body, path };
  const members = (read: Record<string, unknown> | undefined): ClauseMembers | undefined =>
    read === undefined ? undefined : { body: read, path };
  switch (clause.name) {
    case 'range':
      return rangeMembers(check, path, clause, body);
    case 'term':
      return members(termMembers(check, path, clause, body));
    case 'terms_set':
      return members(termsSetMembers(check, path, clause, body));
    default:
      return { body, path };
  }
}

/**
 * What a clause's loop keeps of its members, and the place they are checked at: the clause's, with the field's options
 * placed where they are written (an object inside a list is read as the field's object).
 */
interface ClauseMembers {
  readonly body: Record<string, unknown>;
  readonly path: ValuePath;
}

/**
 * No field: the parsers of term and range say it when their loop ends, at the first member written (each was a null,
 * or an array of nulls) or, with none, at the clause.
 */
function noField(check: JsonCheck, path: ValuePath, first: string | undefined): void {
  if (first === undefined) check.report('query.missing-field', 'field name is null or empty', path, 'key');
  else check.report('query.missing-parameter', 'field name is null or empty', path.child(first));
}

/**
 * A term query's members as `TermQueryBuilder.fromXContent` reads them: a null is skipped, an array is refused
 * wherever it stands, and an object or a value is the field, a second one `doesn't support multiple fields` (real
 * 3.8.0 and 2.19.1; conformance cases `cross/query/term/members/*`).
 */
function termMembers(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  body: Record<string, unknown>,
): Record<string, unknown> | undefined {
  let field: string | undefined;
  let plain = true;
  let first: string | undefined;
  for (const key in body) {
    first ??= key;
    const value = body[key];
    if (value === null) {
      plain = false;
      continue;
    }
    if (field !== undefined && firstFieldRefused(check, path, clause, field, body[field])) return undefined;
    if (Array.isArray(value)) {
      check.report('query.field-array', '[term] query does not support array of values', path.child(key));
      return undefined;
    }
    if (field !== undefined) {
      check.report(
        'query.multiple-fields',
        `[term] query doesn't support multiple fields, found [${field}] and [${key}]`,
        path.child(key),
        'key',
      );
      return undefined;
    }
    field = key;
  }
  if (field === undefined) {
    noField(check, path, first);
    return undefined;
  }
  return plain ? body : { [field]: body[field] };
}

/**
 * The parsers of term and range read the field's object whole when they meet it, before the next member: a refusal
 * inside it (an unknown option, a value of the wrong kind) comes before what they say of a member after it, and what
 * the builder checks after the loop (range's `relation`, `time_zone`, `format`) after it (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; conformance cases `cross/lists/query/{term,range}-*-then-*`). Whether checking that object, as the clause's
 * one field, found a refusal of the parser; its issues are then kept, and otherwise dropped (the member after it fails
 * the request first).
 */
function firstFieldRefused(check: JsonCheck, path: ValuePath, clause: Clause, field: string, value: unknown): boolean {
  if (!isObject(value)) return false;
  const before = check.issues.length;
  const one = { [field]: value };
  if (clause.valueRanges) checkValueRanges(check, path, clause.name, one);
  if (clause.rules !== undefined) checkClauseRules(check, path, clause.name, one, READER, clause.rules);
  validateFieldClause(check, path, clause, one);
  // What the builder checks once the loop is over is refused later: range's relation, time_zone and format, and a
  // value term needs (`value cannot be null`).
  const found = check.issues.slice(before);
  check.issues.length = before;
  const inLoop = found.filter((f) => f.code !== 'query.invalid-value' && f.code !== 'query.missing-parameter');
  const refused = inLoop.some(isRefusal);
  if (refused) check.issues.push(...inLoop);
  return refused;
}

/**
 * A terms_set query's members as `TermsSetQueryBuilder.fromXContent` reads them: its first member must be the field's
 * object (anything else is `unknown token [<token>]`, in XContent's token names), and no member may follow it (`unknown
 * token [FIELD_NAME]`) (real 3.8.0 and 2.19.1; conformance cases `cross/query/terms_set/members/*`).
 */
function termsSetMembers(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  body: Record<string, unknown>,
): Record<string, unknown> | undefined {
  let field: string | undefined;
  for (const key in body) {
    if (field !== undefined) {
      // The first member was not an object: its token is refused before this one is read.
      if (!isObject(body[field])) return { [field]: body[field] };
      if (firstFieldRefused(check, path, clause, field, body[field])) return undefined;
      check.report('query.multiple-fields', '[terms_set] unknown token [FIELD_NAME]', path.child(key), 'key');
      return undefined;
    }
    field = key;
  }
  return body;
}

/**
 * A range query's members as `RangeQueryBuilder.fromXContent` reads them: one loop over the tokens of its object, in
 * which an array's items are more tokens under the array's name. An object is the field's options, and a second one
 * is `doesn't support multiple fields`; any other value is `does not support [<name>]`; a null, and so an empty array,
 * is skipped. The first refusal ends the reading (real 3.8.0 and 2.19.1; conformance cases `cross/query/range/members/*`).
 * Returns the members as one field with its options (the body itself when that is how it is written), or undefined
 * once a refusal is reported.
 */
function rangeMembers(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  body: Record<string, unknown>,
): ClauseMembers | undefined {
  let field: string | undefined;
  let options: Record<string, unknown> | undefined;
  /** The clause's place, with the field's options placed where they are written. */
  let fieldPath = path;
  let plain = true;
  let first: string | undefined;
  const read = (key: string, value: unknown, at: ValuePath, top: boolean): boolean => {
    if (value === null) return true;
    if (Array.isArray(value)) {
      plain = false;
      for (let i = 0; i < value.length; i++) if (!read(key, value[i], at.child(i), false)) return false;
      return true;
    }
    if (field !== undefined && firstFieldRefused(check, fieldPath, clause, field, options)) return false;
    if (isObject(value)) {
      if (field !== undefined) {
        check.report(
          'query.multiple-fields',
          `[range] query doesn't support multiple fields, found [${field}] and [${key}]`,
          at,
          top ? 'key' : 'value',
        );
        return false;
      }
      field = key;
      options = value;
      if (!top) fieldPath = path.withChildAt(key, at);
      return true;
    }
    check.report('query.no-short-form', `[range] query does not support [${key}]`, at);
    return false;
  };
  for (const key in body) {
    first ??= key;
    const value = body[key];
    if (value === null) plain = false;
    if (!read(key, value, path.child(key), true)) return undefined;
  }
  if (field === undefined || options === undefined) {
    noField(check, path, first);
    return undefined;
  }
  return { body: plain ? body : { [field]: options }, path: fieldPath };
}

/**
 * `intervals` reads one field and its rule, then wants the query's end: a second member fails there, once the field
 * has been read without a refusal (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/intervals-*`). A
 * field with no rule is said only after that (`Missing intervals from interval query definition`; case
 * `cross/lists/values/intervals-no-rule-then-field`).
 */
function intervalsEnd(check: JsonCheck, path: ValuePath, body: Record<string, unknown>, before: number): void {
  let second: string | undefined;
  let seen = 0;
  for (const key in body) {
    if (++seen === 2) {
      second = key;
      break;
    }
  }
  if (second === undefined) return;
  const issues = check.issues;
  for (let i = before; i < issues.length; i++) {
    const found = issues[i]!;
    if (isRefusal(found) && found.message !== MISSING_INTERVALS) return;
  }
  keepIssues(issues, before, (found) => found.message !== MISSING_INTERVALS);
  check.report('query.multiple-fields', 'Expected [END_OBJECT] but got [FIELD_NAME]', path.child(second), 'key');
}

/** `{"match": {"field": "text"}}` or `{"match": {"field": {params}}}`: exactly one field. */
function validateFieldClause(check: JsonCheck, path: ValuePath, clause: Clause, body: Record<string, unknown>): void {
  let field: string | undefined;
  let more = false;
  for (const key in body) {
    if (field === undefined) field = key;
    else {
      more = true;
      break;
    }
  }
  if (field === undefined) {
    if (
      clause.name === 'term' ||
      clause.name === 'range' ||
      clause.name === 'prefix' ||
      clause.name === 'wildcard' ||
      clause.name === 'regexp'
    ) {
      check.report('query.missing-field', 'field name is null or empty', path, 'key');
    } else if (clause.name === 'match') {
      check.report('query.missing-parameter', 'No text specified for text query', path, 'key');
    }
    return;
  }
  const value = body[field];
  const fieldPath = path.child(field);
  // The parsers read the first field's value whole, and refuse a second field when they reach its value: what they
  // refuse inside the first comes before (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
  // `cross/lists/query/fields-value-then-second-*`). What they ask of the value once their loop ends comes after.
  const inLoop = refusedInLoop(clause, value);
  if (isObject(value)) {
    if (clause.params !== undefined) checkParams(check, fieldPath, clause, value);
  } else if (inLoop) validateFieldValue(check, clause, field, value, fieldPath);
  if (more && clause.name !== 'intervals') {
    const keys = Object.keys(body);
    for (let i = 1; i < keys.length; i++) {
      const extra = keys[i]!;
      check.report(
        'query.multiple-fields',
        `[${clause.name}] query doesn't support multiple fields, found [${field}] and [${extra}]`,
        path.child(extra),
        'key',
      );
    }
  }
  if (isObject(value)) {
    if (clause.params !== undefined) requiredFieldValue(check, clause, value, fieldPath);
  } else if (!inLoop) validateFieldValue(check, clause, field, value, fieldPath);
}

/**
 * Whether what validateFieldValue says of a field's value that is no object is refused as the parser's loop reads it
 * (a list, a value where the clause takes none, wildcard's null read with `text()`), not once the loop has ended.
 */
function refusedInLoop(clause: Clause, value: unknown): boolean {
  if (value === null) return clause.name === 'wildcard';
  return Array.isArray(value) || (!isObject(value) && clause.shorthand === 'none');
}

/** The value a field clause needs in the field's object (FIELD_VALUE_REQUIRED), said when its loop has ended. */
function requiredFieldValue(check: JsonCheck, clause: Clause, value: Record<string, unknown>, at: ValuePath): void {
  const required = clause.fieldValueRequired;
  if (required !== undefined && !holdsRequiredValue(clause, required.names, value)) {
    check.report('query.missing-parameter', required.message, at, 'key');
  }
}

/** A field clause's value that is no object: a list, a value where the clause takes none, or null. */
function validateFieldValue(
  check: JsonCheck,
  clause: Clause,
  field: string,
  value: unknown,
  fieldPath: ValuePath,
): void {
  if (clause.name === 'intervals' && value !== null) {
    // IntervalQueryBuilder.fromXContent reads the field's rules from an object only.
    check.report('query.wrong-type', `Expected [START_OBJECT] but got [${tokenOf(value)}]`, fieldPath);
  } else if (Array.isArray(value)) {
    const message = fieldArrayText(clause.name, field, check.where(fieldPath).slice(1, -1), value);
    if (message !== undefined) check.report('query.field-array', message, fieldPath);
  } else if (clause.shorthand === 'none' && value !== null) {
    check.report(
      'query.no-short-form',
      clause.name === 'terms_set'
        ? `[terms_set] unknown token [${tokenOf(value)}]`
        : `[${clause.name}] query does not support [${field}]`,
      fieldPath,
    );
  } else if (value === null && clause.name === 'wildcard') {
    // WildcardQueryBuilder reads the short form with `text()`.
    check.report('query.wrong-type', check.noText(fieldPath, 'VALUE_NULL'), fieldPath);
  } else if (value === null && NULL_SHORT_FORM[clause.name] !== undefined) {
    check.report('query.missing-parameter', NULL_SHORT_FORM[clause.name]!, fieldPath);
  } else if (value === null && clause.fieldValueRequired !== undefined) {
    check.report('query.missing-parameter', clause.fieldValueRequired.message, fieldPath);
  }
}

/**
 * Whether the field's object holds one of the values a clause needs. A null that the parser's accessor refuses is
 * reported as such (checkNull), not as a missing value.
 */
function holdsRequiredValue(clause: Clause, names: readonly string[], value: Record<string, unknown>): boolean {
  // The names set one value (`value` and `term` of term): the last one written wins.
  let last: string | undefined;
  for (const key in value) if (names.includes(key)) last = key;
  if (last === undefined) return false;
  if (value[last] !== null) return true;
  const spec = clause.byName.get(last);
  return spec !== undefined && nullFailsAccessor(clause.name, spec);
}

/**
 * A null short form, `{"<clause>": {"<field>": null}}`, as each parser refuses it (real 3.8.0 and 2.19.1, conformance
 * cases `cross/query/short/*-null`); the clauses of FIELD_VALUE_REQUIRED say that they miss their value.
 */
const NULL_SHORT_FORM: Readonly<Record<string, string>> = {
  common: 'text cannot be null',
  span_term: 'value cannot be null',
  terms_set: '[terms_set] unknown token [VALUE_NULL]',
  // The term and range parsers skip the null, and then have no field.
  term: 'field name is null or empty',
  range: 'field name is null or empty',
  intervals: 'Expected [START_OBJECT] but got [VALUE_NULL]',
};

/** `{"terms": {"field": [..], "boost": 2}}`: one field next to clause-level parameters. */
function validateFieldWithParams(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  body: Record<string, unknown>,
): void {
  if (clause.params === undefined) return;
  if (clause.name === 'terms') {
    validateTerms(check, path, clause.byName, body);
    return;
  }
  const clauseLevel = clause.byName;
  let field: string | undefined;
  for (const key of Object.keys(body)) {
    // The terms parser takes any array or object as the field, whatever its name (TermsQueryBuilder.fromXContent).
    const value = body[key];
    const structured = clause.name === 'terms' && (isObject(value) || Array.isArray(value));
    if (clauseLevel.has(key) && !structured) continue;
    if (field !== undefined && clause.name === 'terms') {
      check.report(
        'query.multiple-fields',
        isObject(body[key])
          ? `[terms] query does not support more than one field. Already got: [${field}] but also found [${key}]`
          : '[terms] query does not support multiple fields',
        path.child(key),
        'key',
      );
    }
    field ??= key;
  }
  if (clause.name === 'terms') {
    if (field === undefined) {
      check.report(
        'query.missing-field',
        '[terms] query requires a field name, followed by array of terms or a document lookup specification',
        path,
        'key',
      );
    } else {
      const values = body[field];
      if (Array.isArray(values)) {
        values.forEach((item, i) => {
          if (item === null)
            check.report('query.missing-parameter', 'No value specified for terms query', path.child(field).child(i));
        });
      } else if (!isObject(values)) {
        check.report('query.terms-not-array', `[terms] query does not support [${field}]`, path.child(field));
      }
    }
  }
}

/** The members of a terms lookup (`TermsLookup`'s ConstructingObjectParser), by major version. */
const LOOKUP_MEMBERS_3 = ['index', 'id', 'path', 'routing', 'store', 'query'];
const LOOKUP_MEMBERS_2 = ['index', 'id', 'path', 'routing', 'store'];

/**
 * A terms lookup object as `TermsLookup` reads it: an unknown member is `[L:C] [terms_lookup] unknown field [x]`; then
 * each member's kind (`[L:C] [terms_lookup] id doesn't support values of type: VALUE_NUMBER`: strings but `store`, a
 * boolean, and `query`, an object); then the required ones, `index`, `id` and `path` in 2.x, `index` and `path` in 3.x (`Required [index, path]`), where a
 * lookup needs an `id` or a `query` (`[terms] query lookup element requires specifying either the id or the query.`)
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/more/terms-lookup-*`).
 */
function termsLookupRefused(check: JsonCheck, path: ValuePath, lookup: Record<string, unknown>): void {
  const three = check.server.distribution === 'opensearch' && check.server.version.major >= 3;
  const members = three ? LOOKUP_MEMBERS_3 : LOOKUP_MEMBERS_2;
  for (const key in lookup) {
    const at = path.child(key);
    if (!members.includes(key)) {
      check.report('query.unknown-parameter', check.unknownFieldText(at, 'terms_lookup', key, members), at, 'key');
      return;
    }
    // Each a string but `store`, a boolean (a text of one too), and `query`, an object.
    const value = lookup[key];
    const token = tokenOf(value);
    const takes =
      key === 'store' ? ['VALUE_BOOLEAN', 'VALUE_STRING'] : key === 'query' ? ['START_OBJECT'] : ['VALUE_STRING'];
    if (!takes.includes(token)) {
      check.report('query.wrong-type', check.unsupported(at, 'terms_lookup', key, token), at);
      return;
    }
    if (key === 'store' && typeof value === 'string' && textBooleanError(value) !== undefined) {
      check.report('value.not-a-boolean', `${check.where(at)} [terms_lookup] failed to parse field [store]`, at);
      return;
    }
  }
  const required = three ? ['index', 'path'] : ['index', 'id', 'path'];
  const missing = required.filter((key) => lookup[key] === undefined);
  if (missing.length > 0) {
    check.report('query.missing-parameter', `Required [${missing.join(', ')}]`, path, 'key');
    return;
  }
  if (three && lookup.id === undefined && lookup.query === undefined) {
    check.report(
      'query.missing-parameter',
      'Failed to build [terms_lookup] after last required field arrived: [terms] query lookup element requires specifying either the id or the query.',
      path,
      'key',
    );
    return;
  }
  // The document is fetched before the search runs, by a get request of its own: an empty id fails that request's
  // validation, and an empty index names none there is (only that search of an `_msearch` fails; real 3.9.0, 3.8.0,
  // 2.19.6 and 2.19.1, conformance cases `cross/lists/more/terms-lookup-blank-*`).
  if (lookup.id === '') {
    check.reportItemFailure('query.invalid-value', 'Validation Failed: 1: id is missing;', path.child('id'));
  } else if (lookup.index === '') {
    check.reportItemFailure('query.invalid-value', 'no such index []', path.child('index'));
  } else if (lookup.query === undefined && typeof lookup.index === 'string' && neverAnIndex(lookup.index)) {
    // That get request names one index, never expanded: a wildcard, a list or a character no index or alias name
    // may hold finds none (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/more/terms-lookup-index-*`).
    check.reportItemFailure('query.invalid-value', `no such index [${lookup.index}]`, path.child('index'));
  }
}

/**
 * Whether no index or alias can have this name (`MetadataCreateIndexService.validateIndexOrAliasName`): a character
 * names may not hold (`\ / * ? " < > | , #` and the space), or a leading `-`, `+` or `_`. Date math (`<logs-{now/d}>`),
 * `_all`, a remote cluster's prefix (`other:logs`) and a variable are left alone: those are resolved otherwise.
 */
export function neverAnIndex(name: string): boolean {
  if (name.startsWith('<') || name === '_all' || name.includes(':') || name.includes('${')) return false;
  return /[\\/*?"<>|, #]/.test(name) || /^[-+_]/.test(name);
}

/**
 * TermsQueryBuilder.fromXContent: an array or an object is the field/**
 * TermsQueryBuilder.fromXContent: an array or an object is the field (its terms, or a lookup), a value is one of the
 * clause's options or refused as `[terms] query does not support [<name>]` wherever it stands
 * (docs/opensearch/query-dsl.md#more-parsers; conformance cases `query/terms/*`).
 */
function validateTerms(
  check: JsonCheck,
  path: ValuePath,
  options: ReadonlyMap<string, ParameterSpec>,
  body: Record<string, unknown>,
): void {
  let field: string | undefined;
  let valueField = false;
  for (const key of Object.keys(body)) {
    const value = body[key];
    const at = path.child(key);
    if (value === null) {
      // Values are read on `token.isValue()` only: null falls to the unknown-token branch, whatever the name.
      check.report('query.wrong-type', `[terms] unknown token [VALUE_NULL] after [${key}]`, at);
      valueField = true;
      continue;
    }
    if (isObject(value) || Array.isArray(value)) {
      if (field !== undefined) {
        check.report(
          'query.multiple-fields',
          isObject(value)
            ? `[terms] query does not support more than one field. Already got: [${field}] but also found [${key}]`
            : '[terms] query does not support multiple fields',
          at,
          'key',
        );
        continue;
      }
      field = key;
      if (isObject(value)) termsLookupRefused(check, at, value);
      if (Array.isArray(value)) {
        // Each item is read whole (an object is a term); a list inside ends the field's loop early, and the parser
        // meets the list's end where it expects a member (real 3.9.0 and 2.19.6; conformance cases
        // `cross/lists/query/terms-*`).
        const refusal = termsListRefusal('terms', key, value);
        if (refusal !== undefined) {
          const code = refusal.noValue ? 'query.missing-parameter' : 'query.wrong-type';
          check.report(code, refusal.words, at.child(refusal.index));
        }
      }
      continue;
    }
    if (!options.has(key)) {
      // A value under the field's name: the terms must be an array.
      const asField: boolean = field === undefined && !valueField;
      valueField ||= asField;
      check.report(
        asField ? 'query.terms-not-array' : 'query.unknown-parameter',
        `[terms] query does not support [${key}]`,
        at,
      );
      continue;
    }
    if (key === 'boost') {
      if (negativeBoost(check, at, 'terms', false, value)) continue;
      check.numberRefused(at, value);
    } else if (
      key === 'value_type' &&
      (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') &&
      !['default', 'bitmap'].includes(String(value).toLowerCase())
    ) {
      // Read as text, a number or boolean too (real 3.9.0 and 2.19.6).
      check.report('query.invalid-value', `${String(value)} is not valid value_type`, at, 'value', {
        replacements: ['"default"', '"bitmap"'],
      });
    }
  }
  if (field === undefined && !valueField) {
    check.report(
      'query.missing-field',
      '[terms] query requires a field name, followed by array of terms or a document lookup specification',
      path,
      'key',
    );
  }
}

/**
 * The join queries read their type with a loop that has no branch for a null and reads an array's items one by one, so
 * a type written null, `[]` or `[null]` is no type (real 3.8.0 and 2.19.1; conformance cases
 * `query/has_child/type/null`, `query/has_parent/parent_type/empty-array`).
 */
const SKIPS_NULL_NAME = new Set(['has_child', 'has_parent']);

function onlyNulls(value: unknown): boolean {
  return value === null || (Array.isArray(value) && value.every(onlyNulls));
}

function checkRequired(check: JsonCheck, path: ValuePath, clause: Clause, body: Record<string, unknown>): void {
  const required = clause.requiredText;
  if (required !== undefined) {
    for (const [name, message] of required) {
      if (!(name in body) || (SKIPS_NULL_NAME.has(clause.name) && onlyNulls(body[name]))) {
        check.report('query.missing-parameter', message, path, 'key');
        return;
      }
    }
  }
  const together = clause.requiredTogether;
  if (together !== undefined) {
    let complete = true;
    for (const name of together) if (!(name in body)) complete = false;
    const missing = complete ? [] : together.filter((name) => !(name in body));
    if (missing.length > 0) check.report('query.missing-parameter', `Required [${missing.join(', ')}]`, path, 'key');
  }
}

function checkParams(check: JsonCheck, path: ValuePath, clause: Clause, body: Record<string, unknown>): void {
  const byName = clause.byName;
  for (const key in body) {
    const spec = byName.get(key);
    const valuePath = path.child(key);
    const value = body[key];
    if (spec === undefined) {
      reportUnknownParam(check, valuePath, clause, key, value, [...byName.keys()]);
      continue;
    }
    checkParamValue(check, valuePath, clause, spec, value);
  }
}

function checkParamValue(check: JsonCheck, path: ValuePath, clause: Clause, spec: ParameterSpec, value: unknown): void {
  if (value === null && clause.name === 'script') {
    // Any null member: the parser throws an Error, and OpenSearch closes the connection (see UNKNOWN_NULL_TEXT).
    check.report('query.wrong-type', scriptNullText(spec.name), path);
    return;
  }
  if (clause.scalarArrays && Array.isArray(value) && checkScalarArray(check, path, clause, spec)) return;
  if (checkNonValue(check, path, clause, spec, value)) return;
  if (spec.name === 'boost' && negativeBoost(check, path, clause.name, clause.objectParser, value)) return;
  if (clause.name === 'common' && Array.isArray(value)) {
    checkValuesInArray(check, path, clause, spec, value);
    return;
  }
  if (value === null && checkNull(check, path, clause, spec)) return;
  if (clause.objectParser && objectParserRefusesValue(spec.type, value)) {
    doesNotSupport(check, path, clause, spec, value);
    return;
  }
  if (checkValueText(check, path, clause, spec, value)) return;
  switch (spec.type) {
    case 'query':
      if (checkSingleQueryForm(check, path, clause.name, spec.name, value, validateQueryContainer)) return;
      if (checkScalarQuery(check, path, clause, spec, value)) return;
      validateQueryContainer(check, path, value);
      return;
    case 'queries':
      if (checkQueryListForm(check, path, clause.name, spec.name, value)) return;
      if (checkScalarQuery(check, path, clause, spec, value)) return;
      if (Array.isArray(value) && clause.objectParser) {
        validateQueryList(check, path, value, undefined);
      } else if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const item: unknown = value[i];
          if (clause.name === 'dis_max' && i > 0 && Array.isArray(item) && isObject(item[0])) {
            // The query reader steps into the list and reads its object; the list's end then ends the parser's loop,
            // and the parser meets the end of `queries` where it expects a member (real 3.9.0 and 2.19.6).
            validateQueryContainer(check, path.child(i).child(0), item[0]);
            check.report('query.wrong-type', '[dis_max] query does not support [queries]', path.child(i));
            break;
          }
          validateQueryContainer(check, path.child(i), item);
        }
      } else if (isObject(value) || clause.unknownParam !== 'unknown-field') {
        validateQueryContainer(check, path, value);
      } else {
        check.report('query.wrong-type', check.unsupported(path, clause.name, spec.name, tokenOf(value)), path);
      }
      return;
    case 'enum':
      if (clause.objectParser && (isObject(value) || Array.isArray(value))) {
        doesNotSupport(check, path, clause, spec, value);
        return;
      }
      if (spec.values !== undefined && (typeof value === 'number' || typeof value === 'boolean')) {
        // The hand-written parsers read the option with `text()`, so a number or boolean is refused as its text.
        const message = enumRefusal(clause, spec)?.(String(value), spec.values);
        if (message !== undefined) {
          check.report('query.invalid-value', message, path, 'value', {
            replacements: spec.values.map((v) => JSON.stringify(v)),
          });
        }
        return;
      }
      if (spec.values !== undefined && typeof value === 'string') {
        const refuse = enumRefusal(clause, spec);
        if (refuse !== undefined) {
          const message = refuse(value, spec.values);
          if (message !== undefined) {
            check.report('query.invalid-value', message, path, 'value', {
              replacements: spec.values.map((v) => JSON.stringify(v)),
            });
          }
          return;
        }
        const lower = value.toLowerCase();
        if (!spec.values.some((v) => v.toLowerCase() === lower)) {
          check.report(
            'query.unknown-value',
            `[${clause.name}] [${spec.name}] expects one of ${spec.values.map((v) => `[${v}]`).join(', ')}; got [${value}]`,
            path,
            'value',
            { replacements: spec.values.map((v) => JSON.stringify(v)) },
          );
        }
      }
      return;
    case 'boolean':
      if (clause.objectParser) {
        if (typeof value !== 'boolean' && typeof value !== 'string' && value !== null) {
          doesNotSupport(check, path, clause, spec, value);
        } else if (typeof value === 'string' && textBooleanError(value) !== undefined) {
          // ObjectParser's boolean reader refuses any other text in its own words.
          check.report(
            'value.not-a-boolean',
            `${check.where(path)} [${PARSER_NAME[clause.name] ?? clause.name}] failed to parse field [${spec.name}]`,
            path,
          );
        }
      } else if (typeof value === 'number') {
        check.report(
          'value.not-a-boolean',
          `Current token (${Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT'}) not of boolean type`,
          path,
        );
      } else if (typeof value === 'string' && value !== '') {
        const error = strictBooleanError(value);
        if (error !== undefined) check.report('value.not-a-boolean', error, path);
      }
      return;
    case 'number':
    case 'integer':
      if (clause.objectParser) {
        if (typeof value === 'string' && !isJavaDouble(value)) {
          check.report(
            'value.not-a-number',
            `${check.where(path)} [${PARSER_NAME[clause.name] ?? clause.name}] failed to parse field [${spec.name}]`,
            path,
          );
        } else if (typeof value !== 'number' && typeof value !== 'string' && value !== null) {
          doesNotSupport(check, path, clause, spec, value);
        }
      } else if (typeof value === 'string' && !isJavaDouble(value)) {
        check.report('value.not-a-number', numberTextError(value), path);
        return;
      } else if (typeof value === 'boolean' || (isObject(value) && OBJECT_NOT_NUMERIC.has(clause.name))) {
        check.report('value.not-a-number', notNumericText(tokenName(value), jacksonMajor(check.server)), path);
        return;
      }
      if (spec.type === 'integer' && spec.long !== true) {
        const beyond = intRangeRefusal(value, jacksonMajor(check.server));
        if (beyond !== undefined) check.report('value.out-of-range', beyond, path);
      }
      return;
    case 'string':
    case 'field':
      if (clause.objectParser && (isObject(value) || Array.isArray(value))) {
        doesNotSupport(check, path, clause, spec, value);
      } else if (value === '' && namesAnalyzer(clause.name, spec.name)) {
        // Each shard looks the name up as it builds the query, and no index can define an empty one (real 3.9.0,
        // 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/analyzer-empty-*`).
        check.reportItemFailure('query.invalid-value', `[${clause.name}] ${spec.name} [] not found`, path);
      }
      return;
    case 'object':
      if (spec.name === 'inner_hits' && isObject(value)) checkInnerHitsOptions(check, path, value);
      if (OBJECT_ONLY.has(clause.name) && !isObject(value) && value !== null) {
        doesNotSupport(check, path, clause, spec, value);
      } else if (handWrittenRefuses(clause) && value !== null && typeof value !== 'object') {
        // A hand-written parser reads an object option only on START_OBJECT; a value falls to its unknown branch.
        handWrittenRefusal(check, path, clause, spec);
      } else if (handWrittenRefuses(clause) && Array.isArray(value)) {
        // It steps into a list and reads what the list holds under the list's name: a value (not null) falls to the
        // unknown branch, an object is the option (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
        // `cross/lists/query/inner-hits-list-*`).
        const items = flatItems(value);
        if (items.some((item) => item !== null && typeof item !== 'object')) {
          handWrittenRefusal(check, path, clause, spec);
        } else if (spec.name === 'inner_hits') {
          value.forEach((item: unknown, i) => {
            if (isObject(item)) checkInnerHitsOptions(check, path.child(i), item);
          });
        }
      }
      return;
    case 'array':
      // An ObjectParser array of objects also takes one object, never a plain value; combined_fields' array of
      // strings takes one string (its other values are checked in queryRules.ts).
      if (clause.name === 'combined_fields') {
        if (typeof value === 'number' || typeof value === 'boolean' || isObject(value))
          doesNotSupport(check, path, clause, spec, value);
      } else if (OBJECT_ONLY.has(clause.name) && value !== null && typeof value !== 'object') {
        doesNotSupport(check, path, clause, spec, value);
      } else if (
        handWrittenRefuses(clause) &&
        (isObject(value) || typeof value === 'number' || typeof value === 'boolean')
      ) {
        handWrittenRefusal(check, path, clause, spec);
      }
      return;
    case 'fields': {
      // The text queries read each item of their list in turn with `text()`: a number or boolean is its text,
      // anything else fails (HTTP 500; real 3.9.0 and 2.19.6, conformance cases `cross/lists/query/*-fields-*`), and
      // a name's boost is read as it is met. query_string's null has words of its own in newer versions
      // (queryRules.ts).
      const list = Array.isArray(value);
      const items: readonly unknown[] = list ? value : [value];
      for (let i = 0; i < items.length; i++) {
        const item: unknown = items[i];
        const at = list ? path.child(i) : path;
        const unreadable = item === null ? clause.name !== 'query_string' : typeof item === 'object';
        if (list && unreadable) {
          check.report('query.wrong-type', check.noText(at, tokenOf(item)), at);
          return;
        }
        if (fieldBoostRefused(check, at, clause.name, item)) return;
      }
      return;
    }
    case 'minimumShouldMatch':
      if (clause.objectParser && (isObject(value) || Array.isArray(value))) {
        doesNotSupport(check, path, clause, spec, value);
      }
      return;
    default:
      return;
  }
}

/**
 * A list of queries read item by item with `parseInnerQueryBuilder`, which, finding a value or null where a query
 * should start, takes the next token as the query's start: so `["x", {...}]` is one query, and a value with no object
 * right after it is refused. Used for bool's `must`, `filter`, `should` and `must_not`, read by ObjectParser's array
 * reader, and for span_near's and span_or's `clauses` (`spanClause`), read by their own loops; the two differ only in
 * a list inside the list (innerList) (real 3.9.0 and 2.19.6; conformance cases `cross/lists/bool/*`,
 * `cross/lists/query/span-*`).
 */
function validateQueryList(
  check: JsonCheck,
  path: ValuePath,
  items: readonly unknown[],
  spanClause: string | undefined,
): void {
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (Array.isArray(item)) {
      if (spanClause === undefined) {
        // ObjectParser's array reader refuses a list inside.
        check.report('query.wrong-type', 'expected value but got [START_ARRAY]', path.child(i));
        return;
      }
      if (!innerList(check, path.child(i), item, spanClause)) return;
      // The inner list's end ended the clauses' loop: the clause's own loop reads a list next as its clauses again,
      // and refuses anything else (real 2.19.6 and 3.9.0; conformance cases `cross/lists/query/span-*-list-*`).
      let next = i + 1;
      while (Array.isArray(items[next])) {
        const before = check.issues.length;
        validateQueryList(check, path.child(next), items[next] as unknown[], spanClause);
        if (check.refusedSince(before)) return;
        next++;
      }
      clausesEnd(check, path.child(i), spanClause);
      return;
    }
    if (isObject(item)) {
      validateQueryContainer(check, path.child(i), item);
      continue;
    }
    if (!isObject(items[i + 1])) {
      check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path.child(i));
      return;
    }
    validateQueryContainer(check, path.child(i + 1), items[i + 1]);
    i++;
  }
}

/**
 * A list inside the clauses of a span clause: its parser steps into it and reads its items as the clauses, in order,
 * until its end, which ends their loop: it then meets what follows where it expects a member (a list that starts
 * otherwise is no query at all). Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/query/span-*-list-*`. Whether the list was read to its end with nothing refused: the caller then says
 * what the clause's loop meets after it.
 */
function innerList(check: JsonCheck, at: ValuePath, list: readonly unknown[], spanClause: string): boolean {
  if (!isObject(list[0])) {
    check.report('query.not-an-object', '[_na] query malformed, must start with start_object', at);
    return false;
  }
  for (let i = 0; i < list.length; i++) {
    const item = list[i];
    if (Array.isArray(item)) {
      // Its end ends the clauses' loop, and the clause's loop meets the end of this list.
      if (innerList(check, at.child(i), item, spanClause)) clausesEnd(check, at.child(i), spanClause);
      return false;
    }
    // A value sends the query reader to the next token, which must start an object.
    if (!isObject(item) && !isObject(list[i + 1])) {
      check.report('query.not-an-object', '[_na] query malformed, must start with start_object', at.child(i));
      return false;
    }
    if (!isObject(item)) i++;
    const query = list[i];
    if (queryRefused(check, at.child(i), query)) return false;
    // Each clause is judged a span query once it is read.
    if (notSpanClause(spanClause, query, isKnownClause)) {
      check.report('query.not-a-span-query', spanClauseText(spanClause), at.child(i));
      return false;
    }
  }
  return true;
}

/** What a span clause's loop says of what follows a list inside its clauses, met where it expects a member. */
function clausesEnd(check: JsonCheck, at: ValuePath, spanClause: string): void {
  check.report('query.wrong-type', `[${spanClause}] query does not support [clauses]`, at);
}

/**
 * Options whose text a builder reads with rules of its own (docs/opensearch/query-dsl.md#option-texts; real 3.8.0 and
 * 2.19.1, conformance cases `cross/query/texts/*`): fuzziness, the flags of regexp and simple_query_string (read from
 * the text of any value), regexp's `max_determinized_states`, and the rewrite method, which each shard parses when it
 * builds the query. Returns whether it reported.
 */
const NEGATIVE_STATES_REFUSED = { since: '3.8.0' };

function checkValueText(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  spec: ParameterSpec,
  value: unknown,
): boolean {
  const scalar = typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  let message: string | undefined;
  if (spec.type === 'fuzziness' && typeof value === 'string') message = fuzzinessError(value);
  else if (spec.type === 'fuzziness' && typeof value === 'number' && value < 0) {
    message = `Invalid fuzziness value: ${String(value)}`;
  } else if (spec.type === 'fuzziness' && typeof value === 'boolean') {
    // `Fuzziness.parse` reads a text or a number; a boolean reaches it past the parsers' value check (real 3.9.0,
    // 3.8.0, 2.19.6 and 2.19.1; conformance cases `query/<clause>/fuzziness/boolean`).
    message = "Can't parse fuzziness on token: [VALUE_BOOLEAN]";
  } else if (
    spec.name === 'flags' &&
    scalar &&
    (clause.name === 'regexp' || (clause.name === 'simple_query_string' && typeof value !== 'number'))
  ) {
    // simple_query_string reads a number as the flags' bits (real 3.9.0 and 2.19.6).
    message = flagsError(clause.name, String(value));
  } else if (spec.name === 'flags' && clause.name === 'simple_query_string' && typeof value === 'number') {
    // ...with `intValue()` (conformance case `cross/lists/order/sqs-flags-beyond-int`).
    message = intRangeRefusal(value, jacksonMajor(check.server));
  } else if (clause.name === 'regexp' && spec.name === 'max_determinized_states' && typeof value === 'number') {
    // From 3.8.0 (RegexpQueryBuilder of the release artifacts; 2.19.1 reads a negative value).
    if (
      value < 0 &&
      holdsAt(NEGATIVE_STATES_REFUSED, check.server.version) &&
      check.server.distribution === 'opensearch'
    )
      message = `[regexp] max_determinized_states cannot be negative but was [${String(value)}]`;
  } else if (spec.name === 'time_zone' && scalar && (clause.name === 'range' || clause.name === 'query_string')) {
    // Read as text (a number as written, a boolean as `true`), then by ZoneId.of when the clause is built.
    message = zoneIdError(typeof value === 'number' ? check.written(path) : String(value));
  } else if (
    spec.name === 'format' &&
    clause.name === 'range' &&
    (typeof value === 'string' || typeof value === 'boolean') &&
    check.server.distribution === 'opensearch'
  ) {
    // The builder reads the format when the query is read, whatever the field (a number's digits are literals).
    message = dateFormatError(String(value), check.server.version);
  } else if (spec.name === 'rewrite' || spec.name === 'fuzzy_rewrite') {
    // Read as text (a number or boolean too), then parsed where each shard builds the query (real 3.9.0 and 2.19.6).
    const error = scalar ? rewriteMethodError(String(value)) : undefined;
    if (error === undefined) return false;
    check.reportItemFailure('query.invalid-value', `failed to create query: ${error}`, path);
    return true;
  }
  if (message === undefined) return false;
  check.report('query.invalid-value', message, path);
  return true;
}

/** The clauses whose `fields` are names with an optional `^boost` (`QueryParserHelper.parseFieldsAndWeights`). */
const BOOSTED_FIELDS = new Set(['multi_match', 'query_string', 'simple_query_string']);

/**
 * A field's boost, the text after its first `^`, read by `Float.parseFloat` when the query is read (`text^2x` is
 * `For input string: "2x"`, `text^` `empty String`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/more/*-boost-*`), of one name at `path`. Whether it reported.
 */
function fieldBoostRefused(check: JsonCheck, path: ValuePath, clause: string, name: unknown): boolean {
  if (!BOOSTED_FIELDS.has(clause) || typeof name !== 'string') return false;
  const caret = name.indexOf('^');
  if (caret === -1) return false;
  const boost = name.slice(caret + 1);
  if (isJavaDouble(boost)) return false;
  check.report('query.invalid-value', numberTextError(boost), path);
  return true;
}

/**
 * An array where a span parser reads a scalar option: span_not, span_first, span_containing and span_within read
 * their numbers with Jackson's accessors whatever the token, span_or and terms_set take an array only for their lists
 * (real 3.8.0 and 2.19.1; conformance cases `query/<clause>/<option>/empty-array`). Returns whether it reported.
 */
function checkScalarArray(check: JsonCheck, path: ValuePath, clause: Clause, spec: ParameterSpec): boolean {
  if (NUMBERS_BY_ACCESSOR.has(clause.name) && (spec.type === 'number' || spec.type === 'integer')) {
    check.report('value.not-a-number', notNumericText('START_ARRAY', jacksonMajor(check.server)), path);
    return true;
  }
  if (
    (clause.name === 'span_or' && spec.name !== 'clauses') ||
    (clause.name === 'terms_set' && spec.type === 'script')
  ) {
    check.report('query.wrong-type', `[${clause.name}] query does not support [${spec.name}]`, path);
    return true;
  }
  return false;
}

/** A hand-written parser given an object or an array where it reads a value, in its family's words. */
function checkNonValue(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  spec: ParameterSpec,
  value: unknown,
): boolean {
  if (!(isObject(value) || Array.isArray(value)) || clause.objectParser) return false;
  // span_field_masking reads any object as its query (refusing other names), and an array with the value accessors.
  const objectAsQuery = clause.name === 'field_masking_span' || clause.name === 'span_field_masking';
  if (JACKSON_READERS.has(clause.name) && !(objectAsQuery && isObject(value))) {
    return checkJacksonReader(check, path, clause, spec, value);
  }
  const family = NON_VALUE_TEXT[clause.name];
  if (!(SCALAR_TYPES.has(spec.type) || readsAnyAsValue(clause.name, spec)) || family === undefined) return false;
  // These parsers step over an array's brackets where they read a value, and read the values inside under the same
  // name (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/form/*-score-mode-*`).
  if (family === 'does-not-support' && Array.isArray(value)) {
    checkValuesInArray(check, path, clause, spec, value);
    return true;
  }
  check.report('query.wrong-type', nonValueText(clause.name, spec.name, value), path);
  return true;
}

/**
 * CommonTermsQueryBuilder skips the brackets of an array and reads each value inside as the option's value, in turn
 * (`"boost": ["x"]` is `For input string: "x"`); an object inside is an unknown member of that name (real 3.8.0 and
 * 2.19.1, conformance cases `cross/query/common/*`).
 */
function checkValuesInArray(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  spec: ParameterSpec,
  values: readonly unknown[],
): void {
  values.forEach((item, i) => {
    const at = path.child(i);
    if (Array.isArray(item)) checkValuesInArray(check, at, clause, spec, item);
    else if (isObject(item)) check.report('query.wrong-type', nonValueText(clause.name, spec.name, item), at);
    else checkParamValue(check, at, clause, spec, item);
  });
}

/** Hand-written parsers that read a value only when `token.isValue()`: null falls to their unknown-token branch. */
const NULL_UNKNOWN_TOKEN = new Set(['terms_set']);

/** Options that Jackson-reading parsers read with `textOrNull()`: null leaves them unset. */
const NULL_TAKEN = new Set([
  'prefix.value',
  'prefix.rewrite',
  'wildcard.rewrite',
  'regexp.value',
  'regexp.rewrite',
  'regexp.flags',
]);

/**
 * Hand-written parsers that read a value under a known name with the accessor of its kind, whatever the token: null
 * fails in Jackson's words there too (real 3.8.0 and 2.19.1).
 */
const NULL_BY_ACCESSOR = new Set(['span_or', 'span_not', 'span_first', 'span_containing', 'span_within', 'dis_max']);

/** Hand-written parsers that read values on `token.isValue()` only and call any other token unknown by its name. */
const NULL_NOT_SUPPORTED = new Set(['span_near', 'parent_id']);

/** Whether a parser fails on a null option with its value accessor (checkNull). */
function nullFailsAccessor(clause: string, spec: ParameterSpec): boolean {
  const key = `${clause}.${spec.name}`;
  return (
    (JACKSON_READERS.has(clause) || NULL_BY_ACCESSOR.has(clause)) &&
    SCALAR_TYPES.has(spec.type) &&
    !TERM_VALUES.has(key) &&
    !NULL_TAKEN.has(key)
  );
}

/**
 * Null where a hand-written parser reads a value: the unknown-token parsers (match, multi_match, query_string, ...)
 * say `[match] unknown token [VALUE_NULL] after [boost]`, fuzzy `unexpected token`, and the parsers that read each
 * value with Jackson's accessor for its kind fail in Jackson's words (real 3.8.0 and 2.19.1, conformance cases
 * `cross/query/null/*`). Returns whether it reported.
 */
function checkNull(check: JsonCheck, path: ValuePath, clause: Clause, spec: ParameterSpec): boolean {
  if (NULL_NOT_SUPPORTED.has(clause.name) && SCALAR_TYPES.has(spec.type)) {
    check.report('query.wrong-type', `[${clause.name}] query does not support [${spec.name}]`, path);
    return true;
  }
  if (clause.name === 'constant_score' && SCALAR_TYPES.has(spec.type)) {
    check.report('query.wrong-type', 'unexpected token [VALUE_NULL]', path);
    return true;
  }
  if (JACKSON_READERS.has(clause.name) || NULL_BY_ACCESSOR.has(clause.name)) {
    if (!nullFailsAccessor(clause.name, spec)) return false;
    switch (spec.type) {
      case 'boolean':
        check.report('value.not-a-boolean', 'Current token (VALUE_NULL) not of boolean type', path);
        return true;
      case 'number':
      case 'integer':
        check.report('value.not-a-number', notNumericText('VALUE_NULL', jacksonMajor(check.server)), path);
        return true;
      default:
        check.report('query.wrong-type', check.noText(path, 'VALUE_NULL'), path);
        return true;
    }
  }
  const family = NON_VALUE_TEXT[clause.name];
  if (clause.name === 'multi_match' && spec.name === 'fields') {
    check.report('query.wrong-type', '[multi_match] query does not support [fields]', path);
    return true;
  }
  if (family === 'unknown-token' || family === 'unexpected-token' || NULL_UNKNOWN_TOKEN.has(clause.name)) {
    const word = family === 'unexpected-token' ? 'unexpected' : 'unknown';
    check.report('query.wrong-type', `[${clause.name}] ${word} token [VALUE_NULL] after [${spec.name}]`, path);
    return true;
  }
  return false;
}

/**
 * Options of any value that a hand-written parser still reads as a value only: simple_query_string's deprecated
 * `all_fields` and `lowercase_expanded_terms`, common's `disable_coord` (real 3.8.0 and 2.19.1; common's
 * `minimum_should_match` also takes an object).
 */
function readsAnyAsValue(clause: string, spec: ParameterSpec): boolean {
  return (
    spec.type === 'any' &&
    (clause === 'simple_query_string' || (clause === 'common' && spec.name !== 'minimum_should_match'))
  );
}

/**
 * A string, number or boolean where a clause reads a query: each parser refuses it in its own words before any query
 * is read (`[constant_score] query does not support [filter]`; function_score's own text; an ObjectParser's token
 * text), as real 2.19.1 and 3.8.0 answered in the conformance corpus. Returns whether it reported.
 */
function checkScalarQuery(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  spec: ParameterSpec,
  value: unknown,
): boolean {
  if (value === null || typeof value === 'object') return false;
  const family = NON_VALUE_TEXT[clause.name];
  if (family === 'does-not-support' || family === 'does-not-support-arrays') {
    check.report('query.wrong-type', nonValueText(clause.name, spec.name, value), path);
    return true;
  }
  if (clause.name === 'function_score') {
    check.report(
      'query.wrong-type',
      `failed to parse [function_score] query. field [${spec.name}] is not supported`,
      path,
    );
    return true;
  }
  if (clause.objectParser) {
    doesNotSupport(check, path, clause, spec, value);
    return true;
  }
  return false;
}

/**
 * Field clauses whose parsers read each parameter of the field's object with Jackson's accessor for its kind, whatever
 * the token (`parser.text()`, `booleanValue()`, `floatValue()`, `objectBytes()`): an object or an array there fails in
 * Jackson's words (docs/opensearch/query-dsl.md#term-level-parsers; conformance cases `query/<clause>/<param>/object`
 * and `/array` on real 3.8.0 and 2.19.1).
 */
const JACKSON_READERS = new Set([
  'term',
  'prefix',
  'wildcard',
  'regexp',
  'span_term',
  'range',
  'intervals',
  'field_masking_span',
  'span_field_masking',
]);

/** The term itself, read as bytes of any value: an object is read whole, and the parser then stops at its end. */
const TERM_VALUES = new Set(['term.value', 'term.term', 'span_term.value', 'span_term.term']);

function checkJacksonReader(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  spec: ParameterSpec,
  value: unknown,
): boolean {
  const token = tokenName(value);
  if (TERM_VALUES.has(`${clause.name}.${spec.name}`)) {
    if (!isObject(value)) return false;
    check.reportEarlyEnd(path);
    return true;
  }
  switch (spec.type) {
    case 'string':
    case 'field':
    case 'scalar':
    case 'enum':
      check.report('query.wrong-type', check.noText(path, token), path);
      return true;
    case 'boolean':
      check.report('value.not-a-boolean', `Current token (${token}) not of boolean type`, path);
      return true;
    case 'number':
    case 'integer':
      check.report('value.not-a-number', notNumericText(token, jacksonMajor(check.server)), path);
      return true;
    default:
      return false;
  }
}

/**
 * ObjectParser clauses whose object parameters are declared as objects only (rank_feature's score functions,
 * percolate's document and documents): any other token is refused, as real 3.8.0 and 2.19.1 answered.
 */
const OBJECT_ONLY = new Set(['rank_feature', 'percolate', 'combined_fields']);

/**
 * The hand-written parsers (nested, has_child, has_parent, more_like_this) that read an object or array option only on
 * its token and refuse any other token under that name as unknown: `[nested] query does not support [inner_hits]`
 * for a string (conformance cases `query/<clause>/inner_hits/string`, `query/more_like_this/stop_words/number`).
 */
const HAND_WRITTEN_REFUSES = new Set(['nested', 'has_child', 'has_parent', 'more_like_this']);

function handWrittenRefuses(clause: Clause): boolean {
  return HAND_WRITTEN_REFUSES.has(clause.name);
}

/** What lists hold, lists inside them read through. */
function flatItems(list: readonly unknown[], depth = 0): unknown[] {
  const out: unknown[] = [];
  for (const item of list) {
    if (Array.isArray(item) && depth < 100) out.push(...flatItems(item, depth + 1));
    else if (!Array.isArray(item)) out.push(item);
  }
  return out;
}

function handWrittenRefusal(check: JsonCheck, path: ValuePath, clause: Clause, spec: ParameterSpec): void {
  check.report(
    'query.wrong-type',
    `[${NON_VALUE_NAME[clause.name] ?? clause.name}] query does not support [${spec.name}]`,
    path,
  );
}

const SCALAR_TYPES = new Set([
  'string',
  'field',
  'scalar',
  'number',
  'integer',
  'boolean',
  'enum',
  'minimumShouldMatch',
  'fuzziness',
]);

/**
 * Clauses whose parsers read a number parameter with the number accessor whatever the token: an object there fails in
 * Jackson's words (`Current token (START_OBJECT) not numeric, ...`), as real 2.19.1 and 3.8.0 answered.
 */
const OBJECT_NOT_NUMERIC = new Set(['term', 'range', 'prefix', 'wildcard', 'regexp', 'intervals']);

/** Unknown-token parsers that say of an array, unlike an object, that they do not support the key. */
const ARRAY_NOT_SUPPORTED = new Set(['query_string', 'simple_query_string']);

function nonValueText(clause: string, key: string, value: unknown): string {
  if (NON_VALUE_TEXT[clause] === 'unexpected-token')
    return `[${clause}] unexpected token [${tokenName(value)}] after [${key}]`;
  return NON_VALUE_TEXT[clause] === 'unknown-token' && !(Array.isArray(value) && ARRAY_NOT_SUPPORTED.has(clause))
    ? `[${clause}] unknown token [${tokenName(value)}] after [${key}]`
    : `[${NON_VALUE_NAME[clause] ?? clause}] query does not support [${key}]`;
}

/**
 * ObjectParser's declared value kinds: a string option takes a string only (no number or boolean), and no option takes
 * null but bool's clause lists and `minimum_should_match` (real 3.8.0 and 2.19.1 for every ObjectParser clause: bool,
 * ids, match_all, script_score, distance_feature, percolate, rank_feature, combined_fields; conformance cases
 * `cross/query/values/*`).
 */
function objectParserRefusesValue(type: ParameterSpec['type'], value: unknown): boolean {
  if (value === null) return type !== 'queries' && type !== 'minimumShouldMatch';
  if (type === 'script' || type === 'query') return Array.isArray(value);
  return (type === 'string' || type === 'field') && (typeof value === 'number' || typeof value === 'boolean');
}

function doesNotSupport(check: JsonCheck, path: ValuePath, clause: Clause, spec: ParameterSpec, value: unknown): void {
  const token = tokenName(value)
    .replace(/^VALUE_(TRUE|FALSE)$/, 'VALUE_BOOLEAN')
    .replace(/^VALUE_NUMBER_(INT|FLOAT)$/, 'VALUE_NUMBER');
  check.report(
    'query.wrong-type',
    check.unsupported(path, PARSER_NAME[clause.name] ?? clause.name, spec.name, token),
    path,
  );
}

function reportUnknownParam(
  check: JsonCheck,
  path: ValuePath,
  clause: Clause,
  key: string,
  value: unknown,
  known: readonly string[],
): void {
  if (value === null) {
    const words = UNKNOWN_NULL_TEXT[clause.name];
    if (words === 'skip' || words === 'skip-null') return;
    if (words !== undefined) {
      check.report('query.unknown-parameter', words(clause.name, key), path, 'key');
      return;
    }
  } else if (Array.isArray(value) && UNKNOWN_NULL_TEXT[clause.name] === 'skip') {
    // The loop has no branch for the array either: its items are read one by one under its name.
    for (const item of value) {
      if (item === null) continue;
      reportUnknownParam(check, path, clause, key, item, known);
      return;
    }
    return;
  }
  const near = suggestions(key, known);
  const data = replacementsFor(near);
  const custom = UNKNOWN_PARAM_TEXT[clause.name];
  const isValue = value === null || typeof value !== 'object';
  const family = NON_VALUE_TEXT[clause.name];
  if (!isValue && (family === 'unknown-token' || family === 'unexpected-token')) {
    check.report('query.unknown-parameter', nonValueText(clause.name, key, value), path, 'key', data);
  } else if (custom !== undefined) {
    check.report('query.unknown-parameter', custom(key, isValue), path, 'key', data);
  } else if (clause.unknownParam === 'unknown-field' || PARSER_NAME[clause.name] !== undefined) {
    const parser = PARSER_NAME[clause.name] ?? clause.name;
    check.report('query.unknown-parameter', check.unknownFieldText(path, parser, key, known), path, 'key', data);
  } else if (clause.unknownParam === 'does-not-support') {
    const name = NON_VALUE_NAME[clause.name] ?? clause.name;
    check.report('query.unknown-parameter', `[${name}] query does not support [${key}]`, path, 'key', data);
  }
}
