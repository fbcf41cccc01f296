import { ValuePath } from '../json/valuePath';
// The inner queries of compound clauses as each parser reads them: null, an array or an empty array where one query
// or a list of queries goes, and the span clauses that take span queries only (docs/opensearch/query-dsl.md#inner-queries;
// conformance cases `cross/query/inner/*` on real 3.8.0 and 2.19.1).
import { firstKey, isObject } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';

/** What a parser does with null (or `[]`) and with an array of queries where it reads one query. */
interface SingleQueryForms {
  /** The refusal of null and of an empty array; undefined: null is taken as no query. */
  readonly absent?: (clause: string, key: string) => string;
  /** `each`: every item is read as the query (the last one wins); otherwise the refusal of any array. */
  readonly array: 'each' | ((clause: string, key: string) => string);
}

const requiresField = (clause: string, key: string): string => `[${clause}] requires '${key}' field`;
const doesNotSupport = (clause: string, key: string): string => `[${clause}] query does not support [${key}]`;

const SINGLE_QUERY_FORMS: Readonly<Record<string, SingleQueryForms>> = {
  // BoostingQueryBuilder, NestedQueryBuilder, HasChildQueryBuilder, HasParentQueryBuilder: a query is read on each
  // START_OBJECT, so the objects of an array are read one after the other; null sets none.
  boosting: { absent: (_c, key) => `[boosting] query requires '${key}' query to be set'`, array: 'each' },
  nested: { absent: requiresField, array: 'each' },
  has_child: { absent: requiresField, array: 'each' },
  has_parent: { absent: requiresField, array: 'each' },
  // The span parsers read their inner clauses on START_OBJECT only: anything else is an unknown token.
  span_not: { absent: doesNotSupport, array: doesNotSupport },
  span_first: { absent: doesNotSupport, array: doesNotSupport },
  span_containing: { absent: doesNotSupport, array: doesNotSupport },
  span_within: { absent: doesNotSupport, array: doesNotSupport },
  field_masking_span: {
    absent: (_c, key) => doesNotSupport('span_field_masking', key),
    array: (_c, key) => doesNotSupport('span_field_masking', key),
  },
  span_field_masking: { absent: doesNotSupport, array: doesNotSupport },
  span_multi: { absent: () => '[span_multi] must have [match] multi term query clause', array: 'each' },
  // FunctionScoreQueryBuilder skips a null query (match_all applies) and refuses arrays by name.
  function_score: { array: (_c, key) => `failed to parse [function_score] query. array [${key}] is not supported` },
  // ConstantScoreQueryBuilder names the token it did not expect.
  constant_score: {
    absent: () => 'unexpected token [VALUE_NULL]',
    array: () => 'unexpected token [START_ARRAY]',
  },
};

/**
 * Null, an empty array or an array where a clause reads one query: refused in the parser's words, or (`each`) every
 * item read as a query. Returns whether the value was handled here.
 */
export function checkSingleQueryForm(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  key: string,
  value: unknown,
  validateQuery: (check: JsonCheck, path: ValuePath, value: unknown) => void,
): boolean {
  if (value !== null && !Array.isArray(value)) return false;
  const forms = SINGLE_QUERY_FORMS[clause];
  if (forms === undefined) return false;
  const absent = value === null || (forms.array === 'each' && value.length === 0);
  if (absent) {
    if (forms.absent !== undefined) check.report('query.wrong-type', forms.absent(clause, key), path);
    return true;
  }
  if (forms.array === 'each') {
    // The parser's loop has no branch for the brackets of a list, at any depth: it reads every object inside as the
    // query (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/one-query/nested-*`).
    let read = 0;
    const each = (items: readonly unknown[], at: ValuePath): boolean => {
      for (let i = 0; i < items.length; i++) {
        const item: unknown = items[i];
        if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') {
          // A value inside the list is read as a value under the list's name (real 3.9.0 and 2.19.6; conformance
          // cases `cross/lists/query/*-value-in-list`).
          check.report('query.wrong-type', `[${clause}] query does not support [${key}]`, at.child(i));
          return true;
        }
        if (Array.isArray(item)) {
          if (each(item, at.child(i))) return true;
          continue;
        }
        // A null is no query and no value: the loop passes over it (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
        // `cross/lists/one-query/null-*`).
        if (item === null) continue;
        read++;
        validateQuery(check, at.child(i), item);
      }
      return false;
    };
    if (!each(value, path) && read === 0 && forms.absent !== undefined) {
      check.report('query.wrong-type', forms.absent(clause, key), path);
    }
  } else check.report('query.wrong-type', forms.array(clause, key), path);
  return true;
}

/**
 * Null or `[]` where a clause reads a list of queries: BoolQueryBuilder's parser takes null as no clause; dis_max
 * refuses null as an unknown value and an empty array as a query that does not start with an object. Returns whether
 * the value was handled here.
 */
export function checkQueryListForm(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  key: string,
  value: unknown,
): boolean {
  if (clause === 'bool') return value === null;
  if (clause !== 'dis_max') return false;
  if (value === null) {
    check.report('query.wrong-type', doesNotSupport(clause, key), path);
    return true;
  }
  if (Array.isArray(value) && value.length === 0) {
    check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path);
    return true;
  }
  return false;
}

/** The span queries core registers: what span_near, span_or, span_not and the others take inside. */
const SPAN_QUERIES = new Set([
  // span_gap passes the check (its builder is a span builder) and fails later, on the shards, outside span_near.
  'span_gap',
  'span_term',
  'span_near',
  'span_or',
  'span_not',
  'span_first',
  'span_containing',
  'span_within',
  'span_multi',
  'field_masking_span',
  'span_field_masking',
]);

/** The multi-term queries span_multi wraps (MultiTermQueryBuilder's implementations). */
const MULTI_TERM_QUERIES = new Set(['prefix', 'wildcard', 'regexp', 'fuzzy', 'range']);

/** The clause name of a query object, when it has one. */
function clauseOf(value: unknown): string | undefined {
  return isObject(value) ? firstKey(value) : undefined;
}

/**
 * Whether a clause of span_near or span_or is a known query that is no span query (span_near also takes span_gap among
 * its clauses: SpanNearQueryBuilder reads it by name).
 */
export function notSpanClause(clause: string, item: unknown, known: (name: string) => boolean): boolean {
  const name = clauseOf(item);
  if (name === undefined || !known(name) || SPAN_QUERIES.has(name)) return false;
  return !(clause === 'span_near' && name === 'span_gap');
}

/** What span_near and span_or say of a clause that is no span query. */
export function spanClauseText(clause: string): string {
  return `${clause} [clauses] must be of type span query`;
}

/**
 * Each span parser checks, after reading an inner query, that it is a span query (span_multi: a multi-term query),
 * in words of its own: `span_near [clauses] must be of type span query`. Only known clause names are judged here; an
 * unknown one is reported where the query is read.
 */
export function checkSpanInner(
  check: JsonCheck,
  path: ValuePath,
  clause: string,
  body: Record<string, unknown>,
  known: (name: string) => boolean,
): void {
  const judge = (at: ValuePath, value: unknown, message: string, wanted: ReadonlySet<string>): void => {
    const name = clauseOf(value);
    if (name === undefined || !known(name) || wanted.has(name)) return;
    check.report('query.not-a-span-query', message, at);
  };
  const each = (key: string, message: string, wanted: ReadonlySet<string>): void => {
    const value = body[key];
    if (Array.isArray(value))
      value.forEach((item, i) => {
        judge(path.child(key).child(i), item, message, wanted);
      });
    else judge(path.child(key), value, message, wanted);
  };
  switch (clause) {
    case 'span_near':
    case 'span_or': {
      const clauses = body.clauses;
      if (!Array.isArray(clauses)) return;
      clauses.forEach((item, i) => {
        if (notSpanClause(clause, item, known)) {
          check.report('query.not-a-span-query', spanClauseText(clause), path.child('clauses').child(i));
        }
      });
      return;
    }
    case 'span_not':
      for (const key of ['include', 'exclude']) each(key, `span_not [${key}] must be of type span query`, SPAN_QUERIES);
      return;
    case 'span_first':
      each('match', 'span_first [match] must be of type span query', SPAN_QUERIES);
      return;
    case 'span_containing':
    case 'span_within':
      for (const key of ['big', 'little']) each(key, `${clause} [${key}] must be of type span query`, SPAN_QUERIES);
      return;
    case 'field_masking_span':
    case 'span_field_masking':
      each('query', '[span_field_masking] query must be of type span query', SPAN_QUERIES);
      return;
    case 'span_multi':
      each('match', '[span_multi] [match] must be of type multi term query', MULTI_TERM_QUERIES);
      return;
    default:
      return;
  }
}

/** The options of the span clauses that read one inner span query. */
const SPAN_INNER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  span_not: ['include', 'exclude'],
  span_first: ['match'],
  span_containing: ['big', 'little'],
  span_within: ['big', 'little'],
  field_masking_span: ['query'],
  span_field_masking: ['query'],
};

/**
 * `span_gap` is read by span_near among its clauses only. Inside another span clause it passes the parser and fails
 * when the query is built (`failed to create query: null`); anywhere a query is read it is refused with a 500
 * (`provided query builder [...SpanGapQueryBuilder] class should inherit from AbstractQueryBuilder, but it doesn't`), on
 * real 3.8.0 and 2.19.1 (conformance cases `cross/query/span/gap-*`). `path` is where the query object stands.
 */
export function checkSpanGapPlace(check: JsonCheck, path: ValuePath): void {
  const [owner, option, index] = [path.key(2), path.key(1), path.key()];
  if (owner === 'span_near' && option === 'clauses' && typeof index === 'number') return;
  const parent = path.key(1);
  const key = path.key();
  const inSpan =
    (owner === 'span_or' && option === 'clauses' && typeof index === 'number') ||
    (typeof parent === 'string' && typeof key === 'string' && (SPAN_INNER_OPTIONS[parent]?.includes(key) ?? false));
  check.report(
    'query.span-gap-place',
    inSpan
      ? 'span_gap is read only among the clauses of span_near; inside another span query OpenSearch fails: failed to create query: null'
      : "provided query builder [class org.opensearch.index.query.SpanNearQueryBuilder$SpanGapQueryBuilder] class should inherit from AbstractQueryBuilder, but it doesn't",
    path.child('span_gap'),
    'key',
  );
}
