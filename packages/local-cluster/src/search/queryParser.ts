// Reads the query DSL as OpenSearch's query builders do (AbstractQueryBuilder.parseInnerQueryBuilder and each
// clause's fromXContent), with the same errors at the same places. Where an error is located is where OpenSearch's
// streaming parser stands when it throws: the value after an offending field name for the hand-written parsers, the
// closing brace when something required is missing, the field name itself for ObjectParser-based ones (`bool`,
// `match_all`, `ids`), which also wrap the errors of the queries inside them. Clauses OpenSearch registers and this
// cluster does not evaluate parse into an `unsupported` node that the search refuses when it runs.
import { illegalArgument, located, OsError, parsingError, xContentParseError } from '../core/errors';
import { tokenName, type JEntry, type JNode, type JObject, type Position } from '../core/json';
import { didYouMean } from '../core/values';
import type { FieldBoost, Operator, Query } from './query';
import { REGISTERED_QUERIES } from '../tables/registry';
const REGISTERED = new Set(REGISTERED_QUERIES);

/** The clauses evaluated here; every other registered clause is refused as not implemented. */
const EVALUATED_QUERIES: readonly string[] = [
  'match_all',
  'match_none',
  'term',
  'terms',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'match_bool_prefix',
  'multi_match',
  'range',
  'exists',
  'ids',
  'prefix',
  'wildcard',
  'regexp',
  'fuzzy',
  'bool',
  'constant_score',
  'dis_max',
  'boosting',
  'query_string',
  'simple_query_string',
  'nested',
];
const EVALUATED = new Set(EVALUATED_QUERIES);

/**
 * AbstractQueryBuilder.parseInnerQueryBuilder. `after` is where the token after `node` is: a value that is not an
 * object makes the parser look at the next token, and the error is reported there.
 */
export function parseInnerQuery(node: JNode, after: Position = node): Query {
  if (node.kind !== 'object') {
    throw parsingError('[_na] query malformed, must start with start_object', after.line, after.col);
  }
  const first = node.entries[0];
  if (first === undefined) {
    throw located(
      illegalArgument(`query malformed, empty clause found at [${node.end.line}:${node.end.col}]`),
      node.end,
    );
  }
  const name = first.key;
  const value = first.value;
  if (value.kind !== 'object') {
    throw parsingError(`[${name}] query malformed, no start_object after query name`, value.line, value.col);
  }
  if (!REGISTERED.has(name)) {
    const cause = new OsError(
      400,
      'named_object_not_found_exception',
      `[${value.line}:${value.col}] unknown field [${name}]`,
      { openSearch: false },
    );
    throw parsingError(`unknown query [${name}]${didYouMean(name, REGISTERED_QUERIES)}`, value.line, value.col, cause);
  }
  let query: Query = EVALUATED.has(name)
    ? parseClause(name, value)
    : { type: 'unsupported', clause: name, feature: `query [${name}]`, boost: 1 };
  const ignored = query.type === 'unsupported' ? undefined : notApplied(name, value);
  if (ignored !== undefined) query = { type: 'unsupported', clause: name, feature: ignored, boost: 1 };
  // Read only now, as the parser reads the token after the clause only once the clause is parsed.
  const extra = node.entries.length > 1 ? node.entries[1] : undefined;
  if (extra !== undefined) {
    throw parsingError(
      `[${name}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`,
      extra.keyPos.line,
      extra.keyPos.col,
    );
  }
  return query;
}

type ValueTest = (v: JNode) => boolean;
const never: ValueTest = () => false;
const isValue =
  (...values: (string | number | boolean)[]): ValueTest =>
  (v) =>
    (v.kind === 'string' || v.kind === 'number' || v.kind === 'boolean') &&
    values.some((x) => String(x).toLowerCase() === String(v.value).toLowerCase());
const STANDARD = isValue('standard', 'default');

/**
 * Parameters the clauses here read but do not apply, with the values that change nothing (their defaults, or what
 * this cluster does anyway). Any other value is refused, as `[<clause>] [<parameter>]`, rather than ignored.
 */
export const NOT_APPLIED: Readonly<Record<string, Readonly<Record<string, ValueTest>>>> = {
  match: {
    cutoff_frequency: never,
    fuzzy_rewrite: never,
    prefix_length: isValue(0),
    max_expansions: isValue(50),
    fuzzy_transpositions: isValue(true),
  },
  match_phrase_prefix: { max_expansions: isValue(50) },
  match_bool_prefix: {
    fuzziness: isValue(0, '0'),
    fuzzy_rewrite: never,
    fuzzy_transpositions: isValue(true),
    max_expansions: isValue(50),
    prefix_length: isValue(0),
  },
  multi_match: {
    analyzer: STANDARD,
    cutoff_frequency: never,
    fuzzy_rewrite: never,
    fuzzy_transpositions: isValue(true),
    max_expansions: isValue(50),
    prefix_length: isValue(0),
    zero_terms_query: isValue('none'),
  },
  query_string: {
    analyzer: STANDARD,
    quote_analyzer: STANDARD,
    allow_leading_wildcard: isValue(true),
    escape: isValue(false),
    fuzziness: isValue('AUTO'),
    fuzzy_max_expansions: isValue(50),
    fuzzy_prefix_length: isValue(0),
    fuzzy_rewrite: never,
    fuzzy_transpositions: isValue(true),
    phrase_slop: isValue(0),
    quote_field_suffix: never,
    rewrite: isValue('constant_score', 'constant_score_blended'),
    tie_breaker: isValue(0),
    time_zone: isValue('UTC', 'Z', '+00:00'),
    type: isValue('best_fields'),
  },
  simple_query_string: {
    analyzer: STANDARD,
    fuzzy_max_expansions: isValue(50),
    fuzzy_prefix_length: isValue(0),
    fuzzy_transpositions: isValue(true),
    quote_field_suffix: never,
  },
  range: {
    format: isValue('strict_date_optional_time', 'strict_date_optional_time||epoch_millis', 'date_optional_time'),
    time_zone: isValue('UTC', 'Z', '+00:00'),
  },
  prefix: { rewrite: isValue('constant_score', 'constant_score_blended') },
  wildcard: { rewrite: isValue('constant_score', 'constant_score_blended') },
  regexp: {
    rewrite: isValue('constant_score', 'constant_score_blended'),
    flags: isValue('ALL'),
    flags_value: isValue(-1, 65535),
  },
  fuzzy: { max_expansions: isValue(50), rewrite: never },
  terms: { value_type: isValue('default') },
};

/** Single-field clauses keep their parameters in the field's object. */
const SINGLE_FIELD = new Set([
  'term',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'match_bool_prefix',
  'range',
  'prefix',
  'wildcard',
  'regexp',
  'fuzzy',
]);

/** The first parameter of a parsed clause that this cluster would not apply, as its refusal names it. */
function notApplied(name: string, obj: JObject): string | undefined {
  const table = NOT_APPLIED[name];
  if (table === undefined) return undefined;
  let entries = obj.entries;
  if (SINGLE_FIELD.has(name)) {
    const field = obj.entries.find((e) => e.key !== 'boost' && e.key !== '_name');
    entries = field?.value.kind === 'object' ? field.value.entries : [];
  }
  for (const e of entries) {
    const applies = table[e.key];
    if (applies !== undefined && !applies(e.value)) return `[${name}] [${e.key}]`;
  }
  return undefined;
}

/** A hand-written parser's refusal of a field: `[clause] query does not support [key]`, at the field's value. */
function notSupported(clause: string, e: JEntry): never {
  throw parsingError(`[${clause}] query does not support [${e.key}]`, e.value.line, e.value.col);
}

function num(clause: string, e: JEntry): number {
  const v = e.value;
  if (v.kind === 'number') return v.value;
  if (v.kind === 'string' && v.value.trim() !== '' && Number.isFinite(Number(v.value))) return Number(v.value);
  if (v.kind === 'string') {
    throw new OsError(400, 'number_format_exception', `For input string: "${v.value}"`, { openSearch: false });
  }
  return notSupported(clause, e);
}

function str(clause: string, e: JEntry): string {
  const v = e.value;
  if (v.kind === 'string') return v.value;
  if (v.kind === 'number') return v.text;
  if (v.kind === 'boolean') return String(v.value);
  return notSupported(clause, e);
}

function bool(clause: string, e: JEntry): boolean {
  const v = e.value;
  if (v.kind === 'boolean') return v.value;
  if (v.kind === 'string' && (v.value === 'true' || v.value === 'false')) return v.value === 'true';
  if (v.kind === 'string')
    throw illegalArgument(`Failed to parse value [${v.value}] as only [true] or [false] are allowed.`);
  return notSupported(clause, e);
}

function scalar(clause: string, e: JEntry): string | number | boolean {
  const v = e.value;
  if (v.kind === 'string' || v.kind === 'boolean') return v.value;
  if (v.kind === 'number') return v.value;
  return notSupported(clause, e);
}

function operator(v: JNode): Operator {
  const s = v.kind === 'string' ? v.value : v.kind === 'number' ? v.text : '';
  const up = s.toUpperCase();
  if (up === 'AND' || up === 'OR') return up;
  throw illegalArgument(`No enum constant org.opensearch.index.query.Operator.${up}`);
}

function msm(clause: string, e: JEntry): string {
  const v = e.value;
  if (v.kind === 'number') return v.text;
  if (v.kind === 'string') return v.value;
  return notSupported(clause, e);
}

interface Common {
  boost: number;
  name?: string;
}

function common(clause: string, e: JEntry, c: Common): boolean {
  if (e.key === 'boost') {
    c.boost = num(clause, e);
    return true;
  }
  if (e.key === '_name') {
    c.name = str(clause, e);
    return true;
  }
  return false;
}

function withCommon<T extends object>(q: T, c: Common): T & { boost: number; name?: string } {
  return c.name !== undefined ? { ...q, boost: c.boost, name: c.name } : { ...q, boost: c.boost };
}

/**
 * `{field: value}` or `{field: {param: ...}}` with exactly one field (term, match, prefix, ...): the second field
 * is refused at its value; an array value at the array.
 */
function singleField(
  clause: string,
  obj: JObject,
  arrays: 'refuse' | 'text',
): { field: string; value: JNode; c: Common } {
  const c: Common = { boost: 1 };
  let field: string | undefined;
  let value: JNode | undefined;
  for (const e of obj.entries) {
    if ((e.key === 'boost' || e.key === '_name') && e.value.kind !== 'object' && e.value.kind !== 'array') {
      common(clause, e, c);
      continue;
    }
    if (field !== undefined) {
      throw parsingError(
        `[${clause}] query doesn't support multiple fields, found [${field}] and [${e.key}]`,
        e.value.line,
        e.value.col,
      );
    }
    field = e.key;
    value = e.value;
    if (value.kind === 'array') {
      if (arrays === 'text') {
        // MatchQueryBuilder reads the value as text, which a START_ARRAY is not: a server error.
        throw new OsError(
          500,
          'illegal_state_exception',
          `Can't get text on a START_ARRAY at ${value.line}:${value.col}`,
          {
            openSearch: false,
          },
        );
      }
      throw parsingError(`[${clause}] query does not support array of values`, value.line, value.col);
    }
  }
  if (field === undefined || value === undefined) {
    throw illegalArgument('field name is null or empty');
  }
  return { field, value, c };
}

/** ObjectParser-based clauses (`match_all`, `ids`): unknown fields at their name, wrapped at their value. */
function objectParserUnknown(clause: string, e: JEntry, known: readonly string[]): never {
  const cause = xContentParseError(
    e.keyPos.line,
    e.keyPos.col,
    `[${clause}] unknown field [${e.key}]${didYouMean(e.key, known)}`,
  );
  throw parsingError(cause.reason, e.value.line, e.value.col, cause);
}

function parseClause(name: string, obj: JObject): Query {
  switch (name) {
    case 'match_all': {
      const c: Common = { boost: 1 };
      for (const e of obj.entries) if (!common(name, e, c)) objectParserUnknown(name, e, ['boost', '_name']);
      return withCommon({ type: name }, c);
    }
    case 'match_none': {
      const c: Common = { boost: 1 };
      for (const e of obj.entries) if (!common(name, e, c)) notSupported(name, e);
      return withCommon({ type: name }, c);
    }
    case 'term':
      return parseTerm(obj);
    case 'terms':
      return parseTerms(obj);
    case 'match':
    case 'match_phrase':
    case 'match_phrase_prefix':
    case 'match_bool_prefix':
      return parseMatch(name, obj);
    case 'multi_match':
      return parseMultiMatch(obj);
    case 'range':
      return parseRange(obj);
    case 'exists': {
      const c: Common = { boost: 1 };
      let field: string | undefined;
      for (const e of obj.entries) {
        if (e.key === 'field') field = str(name, e);
        else if (!common(name, e, c)) notSupported(name, e);
      }
      if (field === undefined)
        throw parsingError('[exists] must be provided with a [field]', obj.end.line, obj.end.col);
      return withCommon({ type: 'exists', field }, c);
    }
    case 'ids': {
      const c: Common = { boost: 1 };
      let values: string[] = [];
      const known = ['values', 'boost', '_name'];
      for (const e of obj.entries) {
        if (e.key === 'values') {
          if (e.value.kind === 'array') values = e.value.items.map((v) => str(name, { ...e, value: v }));
          else values = [str(name, e)];
        } else if (!common(name, e, c)) {
          objectParserUnknown(name, e, known);
        }
      }
      return withCommon({ type: 'ids', values }, c);
    }
    case 'prefix':
    case 'wildcard':
    case 'regexp':
      return parseMultiTerm(name, obj);
    case 'fuzzy': {
      const { field, value, c } = singleField(name, obj, 'refuse');
      if (value.kind !== 'object') {
        if (value.kind === 'null') throw illegalArgument('query value cannot be null');
        const text = str(name, { key: field, keyPos: obj, value });
        return withCommon(
          { type: 'fuzzy', field, value: text, fuzziness: 'AUTO', prefixLength: 0, transpositions: true },
          c,
        );
      }
      let v: string | undefined;
      let fuzziness = 'AUTO';
      let prefixLength = 0;
      let transpositions = true;
      for (const e of value.entries) {
        if (e.key === 'value') v = str(name, e);
        else if (e.key === 'fuzziness') fuzziness = str(name, e);
        else if (e.key === 'prefix_length') prefixLength = num(name, e);
        else if (e.key === 'max_expansions') num(name, e);
        else if (e.key === 'transpositions') transpositions = bool(name, e);
        else if (e.key === 'rewrite') str(name, e);
        else if (!common(name, e, c)) notSupported(name, e);
      }
      if (v === undefined) throw illegalArgument('query value cannot be null');
      return withCommon({ type: 'fuzzy', field, value: v, fuzziness, prefixLength, transpositions }, c);
    }
    case 'bool':
      return parseBool(obj);
    case 'constant_score': {
      const c: Common = { boost: 1 };
      let filter: Query | undefined;
      for (const e of obj.entries) {
        if (e.key === 'filter') filter = parseInnerQuery(e.value);
        else if (!common(name, e, c)) notSupported(name, e);
      }
      if (!filter) throw parsingError("[constant_score] requires a 'filter' element", obj.end.line, obj.end.col);
      return withCommon({ type: 'constant_score', filter }, c);
    }
    case 'dis_max': {
      const c: Common = { boost: 1 };
      const queries: Query[] = [];
      let tieBreaker = 0;
      for (const e of obj.entries) {
        if (e.key === 'queries') {
          if (e.value.kind === 'array') {
            // DisMaxQueryBuilder reads a query at the first token inside the array, even at its end.
            if (e.value.items.length === 0) {
              throw parsingError(
                '[_na] query malformed, must start with start_object',
                e.value.end.line,
                e.value.end.col,
              );
            }
            for (const item of e.value.items) queries.push(parseInnerQuery(item));
          } else {
            queries.push(parseInnerQuery(e.value));
          }
        } else if (e.key === 'tie_breaker') {
          tieBreaker = num(name, e);
        } else if (!common(name, e, c)) {
          notSupported(name, e);
        }
      }
      if (queries.length === 0) {
        throw parsingError("[dis_max] requires 'queries' field with at least one clause", obj.end.line, obj.end.col);
      }
      return withCommon({ type: 'dis_max', queries, tieBreaker }, c);
    }
    case 'boosting': {
      const c: Common = { boost: 1 };
      let positive: Query | undefined;
      let negative: Query | undefined;
      let negativeBoost = -1;
      for (const e of obj.entries) {
        if (e.key === 'positive') positive = parseInnerQuery(e.value);
        else if (e.key === 'negative') negative = parseInnerQuery(e.value);
        else if (e.key === 'negative_boost') negativeBoost = num(name, e);
        else if (!common(name, e, c)) notSupported(name, e);
      }
      const end = obj.end;
      if (!positive) throw parsingError("[boosting] query requires 'positive' query to be set'", end.line, end.col);
      if (!negative) throw parsingError("[boosting] query requires 'negative' query to be set'", end.line, end.col);
      if (negativeBoost < 0) {
        throw parsingError(
          "[boosting] query requires 'negative_boost' to be set to be a positive value'",
          end.line,
          end.col,
        );
      }
      return withCommon({ type: 'boosting', positive, negative, negativeBoost }, c);
    }
    case 'query_string':
    case 'simple_query_string':
      return parseQueryString(name, obj);
    case 'nested':
      return parseNested(obj);
    default:
      return { type: 'unsupported', clause: name, feature: `query [${name}]`, boost: 1 };
  }
}

function parseNested(obj: JObject): Query {
  const c: Common = { boost: 1 };
  let path: string | undefined;
  let inner: Query | undefined;
  let ignoreUnmapped = false;
  for (const e of obj.entries) {
    if (e.key === 'path') path = str('nested', e);
    else if (e.key === 'query') inner = parseInnerQuery(e.value);
    else if (e.key === 'ignore_unmapped') ignoreUnmapped = bool('nested', e);
    else if (e.key === 'score_mode') {
      const mode = str('nested', e);
      if (!['avg', 'max', 'min', 'none', 'sum'].includes(mode)) {
        throw illegalArgument(`No score mode for child query [${mode}] found`);
      }
    } else if (e.key === 'inner_hits') {
      return { type: 'unsupported', clause: 'nested', feature: '[inner_hits]', boost: 1 };
    } else if (!common('nested', e, c)) notSupported('nested', e);
  }
  if (inner === undefined) throw illegalArgument("[nested] requires 'query' field");
  if (path === undefined) throw illegalArgument("[nested] requires 'path' field");
  return withCommon({ type: 'nested', path, inner, ignoreUnmapped }, c);
}

function parseTerm(obj: JObject): Query {
  const { field, value, c } = singleField('term', obj, 'refuse');
  if (value.kind !== 'object') {
    if (value.kind === 'null') throw illegalArgument('value cannot be null');
    return withCommon(
      { type: 'term', field, value: scalar('term', { key: field, keyPos: obj, value }), caseInsensitive: false },
      c,
    );
  }
  let v: string | number | boolean | undefined;
  let caseInsensitive = false;
  for (const e of value.entries) {
    if (e.key === 'value') v = scalar('term', e);
    else if (e.key === 'case_insensitive') caseInsensitive = bool('term', e);
    else if (!common('term', e, c)) notSupported('term', e);
  }
  if (v === undefined) throw illegalArgument('value cannot be null');
  return withCommon({ type: 'term', field, value: v, caseInsensitive }, c);
}

function parseTerms(obj: JObject): Query {
  const c: Common = { boost: 1 };
  let field: string | undefined;
  let values: (string | number | boolean)[] = [];
  let lookup = false;
  for (const e of obj.entries) {
    if (e.value.kind === 'array' || e.value.kind === 'object') {
      if (field !== undefined) {
        throw parsingError(`[terms] query does not support multiple fields`, e.value.line, e.value.col);
      }
      field = e.key;
      if (e.value.kind === 'array') {
        values = e.value.items.map((v) => {
          if (v.kind === 'null') throw parsingError('No value specified for terms query', v.line, v.col);
          return scalar('terms', { ...e, value: v });
        });
      } else {
        lookup = true;
      }
    } else if (e.key === 'value_type') {
      str('terms', e);
    } else if (!common('terms', e, c)) {
      notSupported('terms', e);
    }
  }
  if (field === undefined) {
    throw parsingError(
      '[terms] query requires a field name, followed by array of terms or a document lookup specification',
      obj.end.line,
      obj.end.col,
    );
  }
  if (lookup) return { type: 'unsupported', clause: 'terms', feature: '[terms] lookup', boost: 1 };
  return withCommon({ type: 'terms', field, values }, c);
}

const MATCH_PARAMS = {
  match: [
    'query',
    'analyzer',
    'auto_generate_synonyms_phrase_query',
    'cutoff_frequency',
    'fuzziness',
    'fuzzy_rewrite',
    'fuzzy_transpositions',
    'lenient',
    'max_expansions',
    'minimum_should_match',
    'operator',
    'prefix_length',
    'zero_terms_query',
  ],
  match_phrase: ['query', 'analyzer', 'slop', 'zero_terms_query'],
  match_phrase_prefix: ['query', 'analyzer', 'slop', 'max_expansions', 'zero_terms_query'],
  match_bool_prefix: [
    'query',
    'analyzer',
    'fuzziness',
    'fuzzy_rewrite',
    'fuzzy_transpositions',
    'max_expansions',
    'minimum_should_match',
    'operator',
    'prefix_length',
  ],
} satisfies Record<string, readonly string[]>;

function parseMatch(name: keyof typeof MATCH_PARAMS, obj: JObject): Query {
  let field: string | undefined;
  let value: JNode | undefined;
  let c: Common = { boost: 1 };
  if (obj.entries.length > 0) ({ field, value, c } = singleField(name, obj, 'text'));
  let query: string | number | boolean | null | undefined;
  let op: Operator = 'OR';
  let minimumShouldMatch: string | undefined;
  let zeroTerms: 'NONE' | 'ALL' = 'NONE';
  let slop = 0;
  let fuzziness: string | undefined;
  let analyzer: string | undefined;
  let lenient = false;
  if (value === undefined || field === undefined) {
    // no field at all
  } else if (value.kind !== 'object') {
    query = value.kind === 'null' ? null : scalar(name, { key: field, keyPos: obj, value });
  } else {
    const allowed: readonly string[] = MATCH_PARAMS[name];
    for (const e of value.entries) {
      if (common(name, e, c)) continue;
      if (!allowed.includes(e.key)) notSupported(name, e);
      switch (e.key) {
        case 'query':
          query = e.value.kind === 'null' ? null : scalar(name, e);
          break;
        case 'operator':
          op = operator(e.value);
          break;
        case 'minimum_should_match':
          minimumShouldMatch = msm(name, e);
          break;
        case 'zero_terms_query': {
          const z = str(name, e).toUpperCase();
          if (z !== 'NONE' && z !== 'ALL') {
            throw parsingError(`Unsupported zero_terms_query value [${str(name, e)}]`, e.value.line, e.value.col);
          }
          zeroTerms = z;
          break;
        }
        case 'slop':
          slop = num(name, e);
          break;
        case 'fuzziness':
          fuzziness = str(name, e);
          break;
        case 'analyzer':
          analyzer = str(name, e);
          break;
        case 'lenient':
          lenient = bool(name, e);
          break;
        case 'fuzzy_transpositions':
        case 'auto_generate_synonyms_phrase_query':
          bool(name, e);
          break;
        case 'prefix_length':
        case 'max_expansions':
        case 'cutoff_frequency':
          num(name, e);
          break;
        default:
          str(name, e);
          break;
      }
    }
  }
  if (query === undefined || field === undefined) {
    throw parsingError('No text specified for text query', obj.end.line, obj.end.col);
  }
  if (analyzer !== undefined && analyzer !== 'standard' && analyzer !== 'default') {
    return { type: 'unsupported', clause: name, feature: `analyzer [${analyzer}]`, boost: 1 };
  }
  if (name === 'match_phrase' || name === 'match_phrase_prefix') {
    return withCommon(
      {
        type: 'match_phrase',
        field,
        query: String(query),
        slop,
        ...(name === 'match_phrase_prefix' ? { prefix: true } : {}),
      },
      c,
    );
  }
  return withCommon(
    {
      type: 'match',
      field,
      query,
      operator: op,
      zeroTermsQuery: zeroTerms,
      ...(minimumShouldMatch !== undefined ? { minimumShouldMatch } : {}),
      ...(fuzziness !== undefined ? { fuzziness } : {}),
      ...(name === 'match_bool_prefix' ? { prefixLast: true } : {}),
      ...(lenient ? { lenient } : {}),
    },
    c,
  );
}

const MULTI_MATCH_TYPES = ['best_fields', 'most_fields', 'cross_fields', 'phrase', 'phrase_prefix', 'bool_prefix'];
const MULTI_MATCH_PARAMS = [
  'query',
  'fields',
  'type',
  'analyzer',
  'auto_generate_synonyms_phrase_query',
  'cutoff_frequency',
  'fuzziness',
  'fuzzy_rewrite',
  'fuzzy_transpositions',
  'lenient',
  'max_expansions',
  'minimum_should_match',
  'operator',
  'prefix_length',
  'slop',
  'tie_breaker',
  'zero_terms_query',
];

export function parseFieldBoost(spec: string): FieldBoost {
  const caret = spec.lastIndexOf('^');
  if (caret < 0) return { field: spec, boost: 1 };
  return { field: spec.slice(0, caret), boost: Number(spec.slice(caret + 1)) || 1 };
}

function parseMultiMatch(obj: JObject): Query {
  const name = 'multi_match';
  const c: Common = { boost: 1 };
  let query: string | undefined;
  let fields: FieldBoost[] = [];
  let mmType = 'best_fields';
  let op: Operator = 'OR';
  let minimumShouldMatch: string | undefined;
  let tieBreaker: number | undefined;
  let slop = 0;
  let fuzziness: string | undefined;
  let lenient: boolean | undefined;
  for (const e of obj.entries) {
    if (common(name, e, c)) continue;
    if (!MULTI_MATCH_PARAMS.includes(e.key)) notSupported(name, e);
    switch (e.key) {
      case 'query':
        query = str(name, e);
        break;
      case 'fields':
        if (e.value.kind === 'array') fields = e.value.items.map((v) => parseFieldBoost(str(name, { ...e, value: v })));
        else fields = [parseFieldBoost(str(name, e))];
        break;
      case 'type': {
        const t = str(name, e).toLowerCase();
        if (!MULTI_MATCH_TYPES.includes(t)) {
          throw new OsError(400, 'parse_exception', `failed to parse [multi_match] query type [${t}]. unknown type.`);
        }
        mmType = t;
        break;
      }
      case 'operator':
        op = operator(e.value);
        break;
      case 'minimum_should_match':
        minimumShouldMatch = msm(name, e);
        break;
      case 'tie_breaker':
        tieBreaker = num(name, e);
        break;
      case 'slop':
        slop = num(name, e);
        break;
      case 'fuzziness':
        fuzziness = str(name, e);
        break;
      case 'lenient':
        lenient = bool(name, e);
        break;
      default:
        break;
    }
  }
  if (query === undefined) throw parsingError('No text specified for multi_match query', obj.end.line, obj.end.col);
  if (mmType === 'cross_fields') {
    return { type: 'unsupported', clause: name, feature: '[multi_match] type [cross_fields]', boost: 1 };
  }
  if (fuzziness !== undefined) {
    return { type: 'unsupported', clause: name, feature: '[multi_match] [fuzziness]', boost: 1 };
  }
  if (fields.length === 0) fields = [{ field: '*', boost: 1 }];
  return withCommon(
    {
      type: 'multi_match',
      fields,
      query,
      mmType,
      operator: op,
      slop,
      ...(minimumShouldMatch !== undefined ? { minimumShouldMatch } : {}),
      ...(tieBreaker !== undefined ? { tieBreaker } : {}),
      ...(lenient !== undefined ? { lenient } : {}),
    },
    c,
  );
}

function parseRange(obj: JObject): Query {
  const { field, value, c } = singleField('range', obj, 'refuse');
  if (value.kind !== 'object') {
    throw parsingError(`[range] query does not support [${field}]`, value.line, value.col);
  }
  let from: string | number | null = null;
  let to: string | number | null = null;
  let includeLower = true;
  let includeUpper = true;
  let format: string | undefined;
  let timeZone: string | undefined;
  const bound = (e: JEntry): string | number | null => {
    const v = e.value;
    if (v.kind === 'null') return null;
    if (v.kind === 'number') return v.value;
    if (v.kind === 'string') return v.value;
    if (v.kind === 'boolean') return String(v.value);
    return notSupported('range', e);
  };
  for (const e of value.entries) {
    if (common('range', e, c)) continue;
    switch (e.key) {
      case 'gt':
        from = bound(e);
        includeLower = false;
        break;
      case 'gte':
      case 'from':
        from = bound(e);
        includeLower = e.key === 'gte' ? true : includeLower;
        break;
      case 'lt':
        to = bound(e);
        includeUpper = false;
        break;
      case 'lte':
      case 'to':
        to = bound(e);
        includeUpper = e.key === 'lte' ? true : includeUpper;
        break;
      case 'include_lower':
        includeLower = bool('range', e);
        break;
      case 'include_upper':
        includeUpper = bool('range', e);
        break;
      case 'format':
        format = str('range', e);
        break;
      case 'time_zone':
        timeZone = str('range', e);
        break;
      case 'relation': {
        const r = str('range', e);
        if (!['intersects', 'contains', 'within'].includes(r.toLowerCase())) {
          throw illegalArgument(`${r} is not a valid relation`);
        }
        break;
      }
      default:
        notSupported('range', e);
    }
  }
  return withCommon(
    {
      type: 'range',
      field,
      from,
      to,
      includeLower,
      includeUpper,
      ...(format !== undefined ? { format } : {}),
      ...(timeZone !== undefined ? { timeZone } : {}),
    },
    c,
  );
}

function parseMultiTerm(name: 'prefix' | 'wildcard' | 'regexp', obj: JObject): Query {
  const { field, value, c } = singleField(name, obj, 'refuse');
  if (value.kind !== 'object') {
    return withCommon(
      { type: name, field, value: str(name, { key: field, keyPos: obj, value }), caseInsensitive: false },
      c,
    );
  }
  let v: string | undefined;
  let caseInsensitive = false;
  let maxDeterminizedStates: number | undefined;
  for (const e of value.entries) {
    if (common(name, e, c)) continue;
    if (e.key === 'value' || (name === 'wildcard' && e.key === 'wildcard')) v = str(name, e);
    else if (e.key === 'case_insensitive') caseInsensitive = bool(name, e);
    else if (e.key === 'rewrite' || (name === 'regexp' && e.key === 'flags')) str(name, e);
    else if (name === 'regexp' && e.key === 'max_determinized_states') maxDeterminizedStates = num(name, e);
    else if (name === 'regexp' && e.key === 'flags_value') num(name, e);
    else notSupported(name, e);
  }
  if (v === undefined) throw parsingError(`No value specified for ${name} query`, value.end.line, value.end.col);
  return withCommon(
    {
      type: name,
      field,
      value: v,
      caseInsensitive,
      ...(maxDeterminizedStates === undefined ? {} : { maxDeterminizedStates }),
    },
    c,
  );
}

/** The fields the `bool` ObjectParser declares (deprecated camel-case names too), for its "did you mean". */
const BOOL_FIELDS = [
  'must',
  'should',
  'must_not',
  'mustNot',
  'filter',
  'minimum_should_match',
  'minimumShouldMatch',
  'adjust_pure_negative',
  'boost',
  '_name',
];

function parseBool(obj: JObject): Query {
  const c: Common = { boost: 1 };
  const must: Query[] = [];
  const should: Query[] = [];
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  let minimumShouldMatch: string | undefined;
  let adjustPureNegative = true;
  const wrongType: (e: JEntry) => never = (e) => {
    throw xContentParseError(
      e.value.line,
      e.value.col,
      `[bool] ${e.key} doesn't support values of type: ${tokenName(e.value)}`,
    );
  };
  for (const e of obj.entries) {
    const target =
      e.key === 'must'
        ? must
        : e.key === 'should'
          ? should
          : e.key === 'filter'
            ? filter
            : e.key === 'must_not' || e.key === 'mustNot'
              ? mustNot
              : undefined;
    if (target) {
      if (e.value.kind !== 'array' && e.value.kind !== 'object') wrongType(e);
      const items = e.value.kind === 'array' ? e.value.items : [e.value];
      for (const [i, item] of items.entries()) {
        // A value that is not an object is reported at the token after it, where the query parser looked for one.
        const after = e.value.kind === 'array' ? (items[i + 1] ?? e.value.end) : item;
        try {
          target.push(parseInnerQuery(item, after));
        } catch (err) {
          if (!(err instanceof OsError) || err.status === 501) throw err;
          // ObjectParser wraps what a field's parser throws, located where that parser stopped.
          const at = err.at ?? (item.kind === 'object' || item.kind === 'array' ? item.end : item);
          throw xContentParseError(at.line, at.col, `[bool] failed to parse field [${e.key}]`, err);
        }
      }
      continue;
    }
    switch (e.key) {
      case 'boost': {
        const v = e.value;
        if (v.kind === 'number') c.boost = v.value;
        else if (v.kind === 'string') c.boost = num('bool', e);
        else wrongType(e);
        break;
      }
      case '_name':
        if (e.value.kind === 'string') c.name = e.value.value;
        else wrongType(e);
        break;
      case 'minimum_should_match':
      case 'minimumShouldMatch': {
        const v = e.value;
        if (v.kind === 'number') minimumShouldMatch = v.text;
        else if (v.kind === 'string') minimumShouldMatch = v.value;
        else wrongType(e);
        break;
      }
      case 'adjust_pure_negative': {
        const v = e.value;
        if (v.kind === 'boolean') adjustPureNegative = v.value;
        else if (v.kind === 'string') adjustPureNegative = bool('bool', e);
        else wrongType(e);
        break;
      }
      default:
        throw xContentParseError(
          e.keyPos.line,
          e.keyPos.col,
          `[bool] unknown field [${e.key}]${didYouMean(e.key, BOOL_FIELDS)}`,
        );
    }
  }
  return withCommon(
    {
      type: 'bool',
      must,
      should,
      filter,
      mustNot,
      adjustPureNegative,
      ...(minimumShouldMatch !== undefined ? { minimumShouldMatch } : {}),
    },
    c,
  );
}

const QUERY_STRING_PARAMS = [
  'query',
  'default_field',
  'fields',
  'default_operator',
  'analyzer',
  'quote_analyzer',
  'allow_leading_wildcard',
  'analyze_wildcard',
  'auto_generate_synonyms_phrase_query',
  'enable_position_increments',
  'escape',
  'fuzziness',
  'fuzzy_max_expansions',
  'fuzzy_prefix_length',
  'fuzzy_rewrite',
  'fuzzy_transpositions',
  'lenient',
  'max_determinized_states',
  'minimum_should_match',
  'phrase_slop',
  'quote_field_suffix',
  'rewrite',
  'tie_breaker',
  'time_zone',
  'type',
];
const SIMPLE_QUERY_STRING_PARAMS = [
  'query',
  'fields',
  'default_operator',
  'analyzer',
  'analyze_wildcard',
  'auto_generate_synonyms_phrase_query',
  'flags',
  'fuzzy_max_expansions',
  'fuzzy_prefix_length',
  'fuzzy_transpositions',
  'lenient',
  'minimum_should_match',
  'quote_field_suffix',
];

function parseQueryString(name: string, obj: JObject): Query {
  const simple = name === 'simple_query_string';
  const allowed = simple ? SIMPLE_QUERY_STRING_PARAMS : QUERY_STRING_PARAMS;
  const c: Common = { boost: 1 };
  let query: string | undefined;
  let defaultField: string | undefined;
  let fields: FieldBoost[] = [];
  let op: Operator = 'OR';
  let lenient: boolean | undefined;
  let analyzeWildcard = false;
  let flags: string | undefined;
  let minimumShouldMatch: string | undefined;
  for (const e of obj.entries) {
    if (common(name, e, c)) continue;
    if (!allowed.includes(e.key)) {
      if (simple) throw parsingError(`[${name}] unsupported field [${e.key}]`, e.value.line, e.value.col);
      notSupported(name, e);
    }
    switch (e.key) {
      case 'query':
        query = str(name, e);
        break;
      case 'default_field':
        defaultField = str(name, e);
        break;
      case 'fields':
        if (e.value.kind === 'array') fields = e.value.items.map((v) => parseFieldBoost(str(name, { ...e, value: v })));
        else fields = [parseFieldBoost(str(name, e))];
        break;
      case 'default_operator':
        op = operator(e.value);
        break;
      case 'lenient':
        lenient = bool(name, e);
        break;
      case 'analyze_wildcard':
        analyzeWildcard = bool(name, e);
        break;
      case 'flags':
        flags = str(name, e);
        break;
      case 'minimum_should_match':
        minimumShouldMatch = msm(name, e);
        break;
      default:
        break;
    }
  }
  if (query === undefined) {
    throw parsingError(
      simple ? `[${name}] query text missing` : `[${name}] must be provided with a [query]`,
      obj.end.line,
      obj.end.col,
    );
  }
  if (minimumShouldMatch !== undefined) {
    return { type: 'unsupported', clause: name, feature: `[${name}] [minimum_should_match]`, boost: 1 };
  }
  if (flags !== undefined && flags.toUpperCase() !== 'ALL') {
    return { type: 'unsupported', clause: name, feature: `[${name}] [flags]`, boost: 1 };
  }
  return withCommon(
    {
      type: 'query_string',
      query,
      fields,
      defaultOperator: op,
      simple,
      analyzeWildcard,
      ...(defaultField !== undefined ? { defaultField } : {}),
      ...(lenient !== undefined ? { lenient } : {}),
    },
    c,
  );
}
