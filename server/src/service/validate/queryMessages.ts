// Exact texts of query parse errors that differ by clause (OpenSearch's *QueryBuilder.fromXContent).
import { isJavaDouble, parseJavaInt } from './values';
import { QUERY_CLAUSES } from '../../spec/queries';
import { holdsAt } from '../../spec/versions';
import type { TargetServer } from '../target';

/** Unknown parameter wording of parsers that follow neither common style. */
export const UNKNOWN_PARAM_TEXT: Readonly<Record<string, (key: string, isValue: boolean) => string>> = {
  more_like_this: (key) => `[mlt] query does not support [${key}]`,
  simple_query_string: (key, isValue) =>
    isValue
      ? `[simple_query_string] unsupported field [${key}]`
      : `[simple_query_string] query does not support [${key}]`,
  geo_shape: (key) => `query does not support [${key}]`,
  xy_shape: (key) => `query does not support [${key}]`,
};

/** Parsers whose unknown-field error names a parser other than the clause. */
export const PARSER_NAME: Readonly<Record<string, string>> = { rank_feature: 'feature' };

/**
 * Missing required parameters: `[clause, [param, message]...]`, checked in this order (the server reports the first
 * one it meets). Clauses built by a ConstructingObjectParser list every missing name at once; see REQUIRED_TOGETHER.
 */
export const REQUIRED_TEXT: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  multi_match: [['query', 'No text specified for multi_match query']],
  query_string: [['query', '[query_string] must be provided with a [query]']],
  simple_query_string: [['query', '[simple_query_string] query text missing']],
  exists: [['field', '[exists] must be provided with a [field]']],
  nested: [
    ['path', "[nested] requires 'path' field"],
    ['query', "[nested] requires 'query' field"],
  ],
  has_child: [
    ['type', "[has_child] requires 'type' field"],
    ['query', "[has_child] requires 'query' field"],
  ],
  has_parent: [
    ['parent_type', "[has_parent] requires 'parent_type' field"],
    ['query', "[has_parent] requires 'query' field"],
  ],
  constant_score: [['filter', "[constant_score] requires a 'filter' element"]],
  dis_max: [['queries', "[dis_max] requires 'queries' field with at least one clause"]],
  boosting: [
    ['positive', "[boosting] query requires 'positive' query to be set'"],
    ['negative', "[boosting] query requires 'negative' query to be set'"],
    ['negative_boost', "[boosting] query requires 'negative_boost' to be set to be a positive value'"],
  ],
  script: [['script', 'script must be provided with a [script] filter']],
  more_like_this: [['like', "more_like_this requires 'like' to be specified"]],
  span_near: [['clauses', 'span_near must include [clauses]']],
  span_or: [['clauses', 'span_or must include [clauses]']],
  span_not: [
    ['include', 'span_not must have [include] span query clause'],
    ['exclude', 'span_not must have [exclude] span query clause'],
  ],
  span_first: [
    ['match', 'span_first must have [match] span query clause'],
    ['end', 'span_first must have [end] set for it'],
  ],
  span_within: [
    ['big', 'span_within must include [big]'],
    ['little', 'span_within must include [little]'],
  ],
  span_containing: [
    ['big', 'inner clause [big] cannot be null.'],
    ['little', 'inner clause [little] cannot be null.'],
  ],
  span_multi: [['match', '[span_multi] must have [match] multi term query clause']],
};

/** ConstructingObjectParser clauses: `Required [a, b]` lists every missing argument. */
export const REQUIRED_TOGETHER: Readonly<Record<string, readonly string[]>> = {
  script_score: ['query', 'script'],
  distance_feature: ['field', 'origin', 'pivot'],
  rank_feature: ['field'],
  combined_fields: ['query'],
};

/** The per-field object of these clauses must hold a value under one of these names. */
export const FIELD_VALUE_REQUIRED: Readonly<
  Record<string, { readonly names: readonly string[]; readonly message: string }>
> = {
  match: { names: ['query'], message: 'No text specified for text query' },
  match_phrase: { names: ['query'], message: '[match_phrase] requires query value' },
  match_phrase_prefix: { names: ['query'], message: '[match_phrase_prefix] requires query value' },
  match_bool_prefix: { names: ['query'], message: '[match_bool_prefix] requires query value' },
  term: { names: ['value', 'term'], message: 'value cannot be null' },
  prefix: { names: ['value'], message: 'value cannot be null' },
  wildcard: { names: ['value', 'wildcard'], message: 'value cannot be null' },
  regexp: { names: ['value'], message: 'value cannot be null' },
  fuzzy: { names: ['value', 'term'], message: 'query value cannot be null' },
};

/** What a field-form clause says when its field holds an array (docs/opensearch/query-dsl.md and the parsers). */
export function fieldArrayText(
  clause: string,
  field: string,
  where: string,
  list: readonly unknown[],
): string | undefined {
  const empty = list.length === 0;
  switch (clause) {
    case 'term':
      return '[term] query does not support array of values';
    case 'range':
      return `[range] query does not support [${field}]`;
    case 'terms_set':
      return '[terms_set] unknown token [START_ARRAY]';
    case 'span_term':
      // The array's tokens are read as the field's members: its end, or its first value, as a second field whose
      // name is null (real 3.9.0 and 2.19.6; conformance cases `cross/lists/query/span-term-*`).
      return empty
        ? `[span_term] query doesn't support multiple fields, found [${field}] and [${field}]`
        : `[span_term] query doesn't support multiple fields, found [${field}] and [null]`;
    case 'fuzzy': {
      // The list is read as the field's value, and its next token as a second field: an object is named by the field
      // still, the list's end by the list's name, any other token has no name (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
      // conformance cases `cross/lists/form/fuzzy-*list*`).
      const first: unknown = list[0];
      const second = empty || (typeof first === 'object' && first !== null && !Array.isArray(first)) ? field : 'null';
      return `[fuzzy] query doesn't support multiple fields, found [${field}] and [${second}]`;
    }
    case 'match':
    case 'match_phrase':
    case 'match_phrase_prefix':
    case 'match_bool_prefix':
    case 'common':
    case 'prefix':
    case 'wildcard':
    case 'regexp':
      // The short form is read as text: an array ends in an illegal_state_exception (HTTP 500).
      return `Can't get text on a START_ARRAY at ${where}`;
    default:
      return undefined;
  }
}

/**
 * Enumerated parameters whose bad values the server refuses, and its words; keyed `clause.param` or `*.param`.
 * Returns undefined when the value is accepted. Parameters not listed here only get a warning.
 */
/** Operator.fromString: `and` or `or` in any case, else Enum.valueOf's message. */
function operatorError(value: string): string | undefined {
  return value.toLowerCase() === 'and' || value.toLowerCase() === 'or'
    ? undefined
    : `No enum constant org.opensearch.index.query.Operator.${value.toUpperCase()}`;
}

export const ENUM_ERROR: Readonly<Record<string, (value: string, allowed: readonly string[]) => string | undefined>> = {
  'multi_match.type': (value, allowed) =>
    allowed.includes(value) ? undefined : `failed to parse [multi_match] query type [${value}]. unknown type.`,
  '*.zero_terms_query': (value, allowed) =>
    allowed.some((a) => a.toLowerCase() === value.toLowerCase())
      ? undefined
      : `Unsupported zero_terms_query value [${value}]`,
  '*.operator': operatorError,
  // Operator.fromString in query_string's default_operator and common's frequency operators too.
  '*.default_operator': operatorError,
  '*.high_freq_operator': operatorError,
  '*.low_freq_operator': operatorError,
  // query_string reads its type with MultiMatchQueryBuilder.Type.parse, whose message names multi_match; the name
  // must be written exactly (real 3.8.0 and 2.19.1 refuse `PHRASE` and `phrasePrefix` in both clauses).
  'query_string.type': (value, allowed) =>
    allowed.includes(value) ? undefined : `failed to parse [multi_match] query type [${value}]. unknown type.`,
  // FunctionScoreQuery.ScoreMode.fromString and CombineFunction.fromString: Enum.valueOf of the upper-cased value.
  'function_score.score_mode': (value, allowed) =>
    allowed.includes(value.toLowerCase())
      ? undefined
      : `No enum constant org.opensearch.common.lucene.search.function.FunctionScoreQuery.ScoreMode.${value.toUpperCase()}`,
  'function_score.boost_mode': (value, allowed) =>
    allowed.includes(value.toLowerCase())
      ? undefined
      : `No enum constant org.opensearch.common.lucene.search.function.CombineFunction.${value.toUpperCase()}`,
  'nested.score_mode': (value, allowed) =>
    allowed.includes(value) ? undefined : `No score mode for child query [${value}] found`,
  'has_child.score_mode': (value, allowed) =>
    allowed.includes(value) ? undefined : `No score mode for child query [${value}] found`,
  'range.relation': (value, allowed) => {
    const lower = value.toLowerCase();
    if (allowed.some((a) => a.toLowerCase() === lower)) return undefined;
    return lower === 'disjoint'
      ? '[range] query does not support relation [disjoint]'
      : `${value} is not a valid relation`;
  },
};

/**
 * What a hand-written query parser makes of a member it does not know whose value is null: `skip` when its loop has
 * no branch for the token and reads on (an array's items are then read one by one under the member's name, so an
 * empty array is skipped too), `skip-null` when it skips the null but refuses an array, else its words. Clauses not listed word a null as any other value (real 3.8.0 and
 * 2.19.1; conformance cases `query/<clause>/unknown-null-parameter` and `unknown-array-parameter`).
 */
const UNKNOWN_TOKEN = (clause: string, key: string): string => `[${clause}] unknown token [VALUE_NULL] after [${key}]`;
export const UNKNOWN_NULL_TEXT: Readonly<
  Record<string, 'skip' | 'skip-null' | ((clause: string, key: string) => string)>
> = {
  common: 'skip',
  boosting: 'skip',
  nested: 'skip',
  more_like_this: 'skip-null',
  span_multi: 'skip',
  has_child: 'skip',
  has_parent: 'skip',
  match: UNKNOWN_TOKEN,
  match_phrase: UNKNOWN_TOKEN,
  match_phrase_prefix: UNKNOWN_TOKEN,
  match_bool_prefix: UNKNOWN_TOKEN,
  multi_match: UNKNOWN_TOKEN,
  query_string: UNKNOWN_TOKEN,
  simple_query_string: UNKNOWN_TOKEN,
  exists: UNKNOWN_TOKEN,
  match_none: UNKNOWN_TOKEN,
  terms_set: UNKNOWN_TOKEN,
  fuzzy: (_clause, key) => `[fuzzy] unexpected token [VALUE_NULL] after [${key}]`,
  constant_score: () => 'unexpected token [VALUE_NULL]',
  // ScriptQueryBuilder throws an AssertionError (`Impossible token received: VALUE_NULL`), a Java Error that escapes
  // the REST layer: the HTTP layer closes the connection (docs/opensearch/rest-layer.md#no-answer).
  script: (_clause, key) => scriptNullText(key),
};

/** A null member of a script query, known or not: OpenSearch closes the connection (docs/opensearch/rest-layer.md#no-answer). */
export function scriptNullText(key: string): string {
  return `A null [${key}] in a [script] query: OpenSearch closes the connection without an answer (its parser throws "Impossible token received: VALUE_NULL")`;
}

/**
 * What hand-written parsers say of an object or array where they read a value (an unknown key, or a parameter that
 * takes a value): `unknown-token` is `[match] unknown token [START_OBJECT] after [boost]`, `does-not-support` is
 * `[nested] query does not support [boost]` for an object (an array is skipped or fails otherwise),
 * `does-not-support-arrays` says so of an array too, and `unexpected-token` is `[fuzzy] unexpected token
 * [START_ARRAY] after [value]` for both. As real 2.19.1 and 3.8.0 answered in the conformance corpus.
 */
export const NON_VALUE_TEXT: Readonly<
  Record<string, 'unknown-token' | 'unexpected-token' | 'does-not-support' | 'does-not-support-arrays'>
> = {
  fuzzy: 'unexpected-token',
  common: 'does-not-support',
  more_like_this: 'does-not-support-arrays',
  script: 'does-not-support',
  field_masking_span: 'does-not-support',
  match: 'unknown-token',
  multi_match: 'unknown-token',
  match_phrase: 'unknown-token',
  match_phrase_prefix: 'unknown-token',
  match_bool_prefix: 'unknown-token',
  query_string: 'unknown-token',
  simple_query_string: 'unknown-token',
  exists: 'unknown-token',
  match_none: 'unknown-token',
  terms_set: 'does-not-support-arrays',
  constant_score: 'does-not-support',
  dis_max: 'does-not-support',
  boosting: 'does-not-support',
  nested: 'does-not-support',
  span_near: 'does-not-support-arrays',
  span_not: 'does-not-support',
  span_first: 'does-not-support',
  span_containing: 'does-not-support',
  span_within: 'does-not-support',
  span_multi: 'does-not-support',
  span_field_masking: 'does-not-support',
  has_child: 'does-not-support',
  has_parent: 'does-not-support',
  parent_id: 'does-not-support',
};

/** The name those parsers give themselves in that message, where it is not the clause's. */
export const NON_VALUE_NAME: Readonly<Record<string, string>> = {
  more_like_this: 'mlt',
  field_masking_span: 'span_field_masking',
};

/** Java's `String.split(",")`: trailing empty strings are dropped. */
function javaSplit(text: string, separator: string): string[] {
  const parts = text.split(separator);
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/**
 * `Fuzziness.build` on a text: `AUTO` in any case, `AUTO:<low>,<high>` with two integers, 0 <= low <= high, or a
 * number `Float.parseFloat` reads that is not below zero (real 3.8.0 and 2.19.1).
 */
export function fuzzinessError(value: string): string | undefined {
  const upper = value.toUpperCase();
  if (upper === 'AUTO') return undefined;
  if (upper.startsWith('AUTO:')) {
    const parts = javaSplit(value.slice(5), ',');
    if (parts.length !== 2) return 'failed to find low and high distance values';
    // Integer.parseInt: a number beyond an int is refused as a text would be.
    const low = parseJavaInt(parts[0]!);
    const high = parseJavaInt(parts[1]!);
    if (low === undefined || high === undefined) return `failed to parse [${value}] as a "auto:int,int"`;
    if (low < 0 || high < 0 || low > high) {
      return 'fuzziness wrongly configured, must be: lowDistance > 0, highDistance > 0 and lowDistance <= highDistance ';
    }
    return undefined;
  }
  if (!isJavaDouble(value) || isNegativeNumber(value)) return `Invalid fuzziness value: ${value}`;
  return undefined;
}

/** A text Java reads as a number below zero (`-0` and `-NaN` are not). */
function isNegativeNumber(text: string): boolean {
  const s = text.trim();
  if (!s.startsWith('-') || s.includes('NaN')) return false;
  return (
    /[1-9a-fA-F]/.test(
      s
        .replace(/^-0[xX]/, '')
        .replace(/[pPeE][+-]?\d+[fFdD]?$/, '')
        .replace(/[fFdD]$/, ''),
    ) || s.includes('Infinity')
  );
}

const REGEXP_FLAGS = ['ALL', 'ANYSTRING', 'COMPLEMENT', 'EMPTY', 'INTERSECTION', 'INTERVAL', 'NONE'];
const SIMPLE_QUERY_STRING_FLAGS = [
  'ALL',
  'NONE',
  'AND',
  'OR',
  'NOT',
  'PREFIX',
  'PHRASE',
  'PRECEDENCE',
  'ESCAPE',
  'WHITESPACE',
  'FUZZY',
  'NEAR',
  'SLOP',
];

/**
 * The flags of regexp and simple_query_string (`RegexpFlag.resolveValue`, `SimpleQueryStringFlag.resolveFlags`):
 * names split on `|`, each in any case but untrimmed; empty names are skipped, and `ALL` ends the reading, so what
 * follows it is not looked at (real 3.8.0 and 2.19.1).
 */
export function flagsError(clause: string, value: string): string | undefined {
  const known = clause === 'regexp' ? REGEXP_FLAGS : SIMPLE_QUERY_STRING_FLAGS;
  for (const name of javaSplit(value, '|')) {
    if (name === '') continue;
    const upper = name.toUpperCase();
    if (!known.includes(upper)) {
      return clause === 'regexp' ? `Unknown regexp flag [${name}]` : `Unknown ${clause} flag [${name}]`;
    }
    if (upper === 'ALL') return undefined;
  }
  return undefined;
}

/**
 * What `QueryParsers.parseRewriteMethod` refuses in a rewrite method, or undefined: `constant_score`,
 * `constant_score_boolean`, `scoring_boolean`, or a name and a size, the size read by `Integer.parseInt` from the
 * first digit on (`top_terms_1x` is `For input string: "1x"`, and `1.5` `For input string: "1.5"`), the name one of
 * `top_terms_`, `top_terms_boost_`, `top_terms_blended_freqs_` (else `Failed to parse rewrite_method [...]`). Real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `query/*\/rewrite/*`, `cross/lists/more/rewrite-*`.
 */
export function rewriteMethodError(value: string): string | undefined {
  if (['constant_score', 'constant_score_boolean', 'scoring_boolean'].includes(value)) return undefined;
  const digit = value.search(/\p{Nd}/u);
  if (digit >= 0) {
    const size = value.slice(digit);
    if (parseJavaInt(size) === undefined) return `For input string: "${size}"`;
    if (['top_terms_', 'top_terms_boost_', 'top_terms_blended_freqs_'].includes(value.slice(0, digit)))
      return undefined;
  }
  return `Failed to parse rewrite_method [${value}]`;
}

const NO_TERMS_VALUE = 'No value specified for terms query';

/**
 * One token of a list of terms as the parser meets it. `terms` reads an object among its values token by token too
 * (`open`, each member's `field` and value, `close`); `terms_set`'s objects stay one token (`object`), as it is not
 * known to read them so.
 */
type TermsToken =
  | { readonly kind: 'start' | 'end' | 'null' | 'open' | 'close' | 'object' }
  | { readonly kind: 'field'; readonly name: string }
  | { readonly kind: 'value'; readonly value: unknown };

/** The tokens of a list of terms, its closing end included. */
function termsTokens(clause: 'terms' | 'terms_set', items: readonly unknown[]): TermsToken[] {
  const tokens: TermsToken[] = [];
  const add = (value: unknown): void => {
    if (Array.isArray(value)) {
      tokens.push({ kind: 'start' });
      for (const item of value) add(item);
      tokens.push({ kind: 'end' });
    } else if (value === null) tokens.push({ kind: 'null' });
    else if (typeof value !== 'object') tokens.push({ kind: 'value', value });
    else if (clause === 'terms_set') tokens.push({ kind: 'object' });
    else {
      tokens.push({ kind: 'open' });
      for (const [name, member] of Object.entries(value)) {
        tokens.push({ kind: 'field', name });
        add(member);
      }
      tokens.push({ kind: 'close' });
    }
  };
  for (const item of items) add(item);
  tokens.push({ kind: 'end' });
  return tokens;
}

/** XContent's name of a token, as a parser's words give it. */
function tokenName(token: TermsToken): string {
  switch (token.kind) {
    case 'start':
      return 'START_ARRAY';
    case 'end':
      return 'END_ARRAY';
    case 'null':
      return 'VALUE_NULL';
    case 'open':
    case 'object':
      return 'START_OBJECT';
    case 'close':
      return 'END_OBJECT';
    case 'field':
      return 'FIELD_NAME';
    case 'value':
      return typeof token.value === 'string'
        ? 'VALUE_STRING'
        : typeof token.value === 'number'
          ? 'VALUE_NUMBER'
          : 'VALUE_BOOLEAN';
  }
}

/**
 * What a terms parser says of a list inside its list of terms, read token by token: the loop over the values reads
 * each token as a term (a list's or an object's brackets and an object's member names too) and ends at the first end
 * of a list, at any depth; a null it meets before that end is `No value specified for terms query`. The field's loop
 * then meets the next tokens: a member name is the name it reads by, a value `query does not support [<name>]`
 * (but `terms`' own `boost`, `_name` and `value_type`), a null `unknown token [VALUE_NULL] after [<name>]`, the end of
 * a list `unknown token [END_ARRAY] after [<name>]`, an object a second field to `terms` (`query does not support
 * more than one field. Already got: [<field>] but also found [<name>]`) and an unknown member to `terms_set`, and
 * another list is read as the terms again by `terms_set` and as a second field by `terms` (`query does not support
 * multiple fields`); the end of an object ends `terms`' loop, and the query then wants its own end where the next
 * token stands (`[terms] malformed query, expected [END_OBJECT] but found [END_ARRAY]`). Undefined when the list reads
 * whole, or where the words would depend on more than these (a boost below 0 or not a number, a `value_type`, the end
 * of the query itself). Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/query/terms-*`,
 * `cross/lists/order/terms-two-lists-inside`.
 */
function listEndWords(clause: 'terms' | 'terms_set', name: string, items: readonly unknown[]): string | undefined {
  const tokens = termsTokens(clause, items);
  let values = true;
  let current = name;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (values) {
      if (token.kind === 'null') return NO_TERMS_VALUE;
      if (token.kind === 'end') values = false;
      continue;
    }
    switch (token.kind) {
      case 'field':
        current = token.name;
        continue;
      case 'null':
        return `[${clause}] unknown token [VALUE_NULL] after [${current}]`;
      case 'object':
      case 'open':
        return clause === 'terms'
          ? `[terms] query does not support more than one field. Already got: [${name}] but also found [${current}]`
          : `[${clause}] query does not support [${current}]`;
      case 'value': {
        const option = clause === 'terms' ? termsOptionRead(current, token.value) : 'refused';
        if (option === 'read') continue;
        if (option !== 'refused') return option;
        return `[${clause}] query does not support [${current}]`;
      }
      case 'end':
        return `[${clause}] unknown token [END_ARRAY] after [${current}]`;
      case 'start':
        if (clause === 'terms') return '[terms] query does not support multiple fields';
        values = true;
        continue;
      case 'close': {
        // The terms' object ends here; its query wants its own end next.
        const next = tokens[i + 1];
        if (next === undefined || next.kind === 'close') return undefined;
        return `[terms] malformed query, expected [END_OBJECT] but found [${tokenName(next)}]`;
      }
    }
  }
  return undefined;
}

/**
 * How `terms`' loop reads a value under a name met after its list: `read`, `refused` (no option of its), the words it
 * fails with, or undefined where those depend on more (a boost below 0 is refused once the query is built, in words
 * that print it; a boolean in Jackson's words; `value_type` by its own rules).
 */
function termsOptionRead(option: string, value: unknown): string | undefined {
  if (option === '_name') return 'read';
  if (option === 'value_type') return undefined;
  if (option !== 'boost') return 'refused';
  if (typeof value === 'number') return value >= 0 ? 'read' : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  if (!isJavaDouble(value)) return `For input string: "${value}"`;
  return Number(value) >= 0 ? 'read' : undefined;
}

/**
 * What a terms parser refuses first in a list of terms, and at which item: a null, or an object holding one (`No value
 * specified for terms query`), or a list inside, in an object too for `terms` (listEndWords). Undefined when it reads
 * the list whole.
 */
export function termsListRefusal(
  clause: 'terms' | 'terms_set',
  name: string,
  items: readonly unknown[],
): { readonly index: number; readonly words: string; readonly noValue: boolean } | undefined {
  for (let index = 0; index < items.length; index++) {
    const item: unknown = items[index];
    // A list inside, or one inside an object that `terms` reads token by token, ends the loop early: the tokens
    // before its end and after it decide.
    if (Array.isArray(item) || (clause === 'terms' && holdsInside(item, Array.isArray))) {
      const words = listEndWords(clause, name, items);
      return words === undefined ? undefined : { index, words, noValue: words === NO_TERMS_VALUE };
    }
    // A null inside an object is no value either (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
    // `cross/lists/query/terms-null-inside-*`).
    if (item === null || holdsInside(item, (inner) => inner === null)) {
      return { index, words: NO_TERMS_VALUE, noValue: true };
    }
  }
  return undefined;
}

/** Whether a value inside an object or a list, at any depth, is one `test` accepts. */
function holdsInside(value: unknown, test: (inner: unknown) => boolean, depth = 0): boolean {
  if (typeof value !== 'object' || value === null || depth > 100) return false;
  const items: readonly unknown[] = Array.isArray(value) ? value : Object.values(value);
  return items.some((item) => test(item) || holdsInside(item, test, depth + 1));
}

/** Names a default distribution registers: what "did you mean" may suggest. */
const REGISTERED = QUERY_CLAUSES.filter((c) => c.origin !== 'plugin');

/** The clause names the target's core registers, the candidates of its "did you mean". */
export function registeredAt(server: TargetServer): string[] {
  return REGISTERED.filter((c) => holdsAt(c, server.version)).map((c) => c.name);
}
