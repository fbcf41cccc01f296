// Reads the query DSL as OpenSearch's query builders do (AbstractQueryBuilder.parseInnerQueryBuilder and each
// clause's fromXContent), with the same errors for empty clauses, unknown clauses and unknown parameters.
import { illegalArgument, OsError, parsingError, xContentParseError } from '../core/errors';
import type { JNode, JObject } from '../core/json';
import { didYouMean } from '../core/values';
import type { FieldBoost, Operator, Query } from './query';
import { REGISTERED_QUERIES } from '../tables/registry';
const REGISTERED = new Set(REGISTERED_QUERIES);

/** Clause parsers built on ObjectParser: unknown parameters give `[L:C] [clause] unknown field [x]`. */
const OBJECT_PARSER_CLAUSES = new Set(['match_all', 'ids', 'intervals', 'script_score', 'distance_feature']);

export function parseInnerQuery(node: JNode): Query {
  if (node.kind !== 'object') {
    throw parsingError('[_na] query malformed, must start with start_object', node.line, node.col);
  }
  const [first, extra] = node.entries;
  if (first === undefined) {
    throw illegalArgument(`query malformed, empty clause found at [${node.line}:${node.col}]`);
  }
  const name = first.key;
  if (first.value.kind !== 'object') {
    throw parsingError(
      `[${name}] query malformed, no start_object after query name`,
      first.keyPos.line,
      first.keyPos.col,
    );
  }
  if (!REGISTERED.has(name)) {
    const cause = new OsError(
      400,
      'named_object_not_found_exception',
      `[${first.keyPos.line}:${first.keyPos.col}] unknown field [${name}]`,
      { openSearch: false },
    );
    throw parsingError(
      `unknown query [${name}]${didYouMean(name, REGISTERED_QUERIES)}`,
      first.keyPos.line,
      first.keyPos.col,
      cause,
    );
  }
  const query = parseClause(name, first.value);
  if (extra !== undefined) {
    throw parsingError(
      `[${name}] malformed query, expected [END_OBJECT] but found [FIELD_NAME]`,
      extra.keyPos.line,
      extra.keyPos.col,
    );
  }
  return query;
}

function unknownParam(
  clause: string,
  key: string,
  node: { line: number; col: number },
  known: readonly string[],
): never {
  if (OBJECT_PARSER_CLAUSES.has(clause)) {
    throw xContentParseError(node.line, node.col, `[${clause}] unknown field [${key}]${didYouMean(key, known)}`);
  }
  throw parsingError(`[${clause}] query does not support [${key}]`, node.line, node.col);
}

function num(clause: string, key: string, v: JNode): number {
  if (v.kind === 'number') return v.value;
  if (v.kind === 'string' && v.value.trim() !== '' && Number.isFinite(Number(v.value))) return Number(v.value);
  if (v.kind === 'string') {
    throw new OsError(400, 'number_format_exception', `For input string: "${v.value}"`, { openSearch: false });
  }
  throw parsingError(`[${clause}] query does not support [${key}]`, v.line, v.col);
}

function str(clause: string, key: string, v: JNode): string {
  if (v.kind === 'string') return v.value;
  if (v.kind === 'number') return v.text;
  if (v.kind === 'boolean') return String(v.value);
  throw parsingError(`[${clause}] query does not support [${key}]`, v.line, v.col);
}

function bool(clause: string, key: string, v: JNode): boolean {
  if (v.kind === 'boolean') return v.value;
  if (v.kind === 'string' && (v.value === 'true' || v.value === 'false')) return v.value === 'true';
  if (v.kind === 'string')
    throw illegalArgument(`Failed to parse value [${v.value}] as only [true] or [false] are allowed.`);
  throw parsingError(`[${clause}] query does not support [${key}]`, v.line, v.col);
}

function scalar(clause: string, key: string, v: JNode): string | number | boolean {
  if (v.kind === 'string' || v.kind === 'boolean') return v.value;
  if (v.kind === 'number') return v.value;
  throw parsingError(`[${clause}] query does not support [${key}]`, v.line, v.col);
}

function operator(v: JNode): Operator {
  const s = v.kind === 'string' ? v.value : '';
  const up = s.toUpperCase();
  if (up === 'AND' || up === 'OR') return up;
  throw illegalArgument(`No enum constant org.opensearch.index.query.Operator.${up}`);
}

function msm(v: JNode): string {
  if (v.kind === 'number') return v.text;
  if (v.kind === 'string') return v.value;
  throw parsingError('[minimum_should_match] must be a number or a string', v.line, v.col);
}

interface Common {
  boost: number;
  name?: string;
}

function common(clause: string, key: string, v: JNode, c: Common): boolean {
  if (key === 'boost') {
    c.boost = num(clause, key, v);
    return true;
  }
  if (key === '_name') {
    c.name = str(clause, key, v);
    return true;
  }
  return false;
}

function withCommon<T extends object>(q: T, c: Common): T & { boost: number; name?: string } {
  return c.name !== undefined ? { ...q, boost: c.boost, name: c.name } : { ...q, boost: c.boost };
}

/** `{field: value}` or `{field: {param: ...}}` with exactly one field (term, match, prefix, ...). */
function singleField(clause: string, obj: JObject): { field: string; value: JNode; c: Common } {
  const c: Common = { boost: 1 };
  let field: string | undefined;
  let value: JNode | undefined;
  for (const e of obj.entries) {
    if ((e.key === 'boost' || e.key === '_name') && e.value.kind !== 'object') {
      common(clause, e.key, e.value, c);
      continue;
    }
    if (field !== undefined) {
      throw parsingError(
        `[${clause}] query doesn't support multiple fields, found [${field}] and [${e.key}]`,
        e.keyPos.line,
        e.keyPos.col,
      );
    }
    field = e.key;
    value = e.value;
  }
  if (field === undefined || value === undefined) {
    throw illegalArgument(`[${clause}] requires fieldName`);
  }
  if (value.kind === 'array') {
    throw parsingError(`[${clause}] query does not support array of values`, value.line, value.col);
  }
  return { field, value, c };
}

function parseClause(name: string, obj: JObject): Query {
  switch (name) {
    case 'match_all':
    case 'match_none': {
      const c: Common = { boost: 1 };
      for (const e of obj.entries) {
        if (!common(name, e.key, e.value, c)) unknownParam(name, e.key, e.keyPos, ['boost', '_name']);
      }
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
        if (e.key === 'field') field = str(name, e.key, e.value);
        else if (!common(name, e.key, e.value, c)) unknownParam(name, e.key, e.keyPos, ['field', 'boost', '_name']);
      }
      if (field === undefined) throw parsingError('[exists] must be provided with a [field]', obj.line, obj.col);
      return withCommon({ type: 'exists', field }, c);
    }
    case 'ids': {
      const c: Common = { boost: 1 };
      let values: string[] = [];
      for (const e of obj.entries) {
        if (e.key === 'values') {
          if (e.value.kind === 'array') values = e.value.items.map((v) => str(name, e.key, v));
          else values = [str(name, e.key, e.value)];
        } else if (e.key === 'type' || e.key === 'types' || e.key === '_type') {
          unknownParam(name, e.key, e.keyPos, ['values', 'boost', '_name']);
        } else if (!common(name, e.key, e.value, c)) {
          unknownParam(name, e.key, e.keyPos, ['values', 'boost', '_name']);
        }
      }
      return withCommon({ type: 'ids', values }, c);
    }
    case 'prefix':
    case 'wildcard':
    case 'regexp':
      return parseMultiTerm(name, obj);
    case 'fuzzy': {
      const { field, value, c } = singleField(name, obj);
      if (value.kind !== 'object')
        return withCommon({ type: 'fuzzy', field, value: str(name, field, value), fuzziness: 'AUTO' }, c);
      let v: string | undefined;
      let fuzziness = 'AUTO';
      for (const e of value.entries) {
        if (e.key === 'value') v = str(name, e.key, e.value);
        else if (e.key === 'fuzziness') fuzziness = str(name, e.key, e.value);
        else if (['max_expansions', 'prefix_length', 'transpositions', 'rewrite'].includes(e.key)) continue;
        else if (!common(name, e.key, e.value, c)) unknownParam(name, e.key, e.keyPos, []);
      }
      if (v === undefined) throw illegalArgument('query text required');
      return withCommon({ type: 'fuzzy', field, value: v, fuzziness }, c);
    }
    case 'bool':
      return parseBool(obj);
    case 'constant_score': {
      const c: Common = { boost: 1 };
      let filter: Query | undefined;
      for (const e of obj.entries) {
        if (e.key === 'filter') {
          filter = parseInnerQuery(e.value);
        } else if (!common(name, e.key, e.value, c)) {
          unknownParam(name, e.key, e.keyPos, []);
        }
      }
      if (!filter) throw parsingError("[constant_score] requires a 'filter' element", obj.line, obj.col);
      return withCommon({ type: 'constant_score', filter }, c);
    }
    case 'dis_max': {
      const c: Common = { boost: 1 };
      const queries: Query[] = [];
      let tieBreaker = 0;
      for (const e of obj.entries) {
        if (e.key === 'queries') {
          const items = e.value.kind === 'array' ? e.value.items : [e.value];
          for (const item of items) queries.push(parseInnerQuery(item));
        } else if (e.key === 'tie_breaker') {
          tieBreaker = num(name, e.key, e.value);
        } else if (!common(name, e.key, e.value, c)) {
          unknownParam(name, e.key, e.keyPos, []);
        }
      }
      if (queries.length === 0)
        throw parsingError("[dis_max] requires 'queries' field with at least one clause", obj.line, obj.col);
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
        else if (e.key === 'negative_boost') negativeBoost = num(name, e.key, e.value);
        else if (!common(name, e.key, e.value, c)) unknownParam(name, e.key, e.keyPos, []);
      }
      if (!positive) throw parsingError("[boosting] query requires 'positive' query to be set'", obj.line, obj.col);
      if (!negative) throw parsingError("[boosting] query requires 'negative' query to be set'", obj.line, obj.col);
      if (negativeBoost < 0)
        throw parsingError(
          "[boosting] query requires 'negative_boost' to be set to be a positive value'",
          obj.line,
          obj.col,
        );
      return withCommon({ type: 'boosting', positive, negative, negativeBoost }, c);
    }
    case 'query_string':
    case 'simple_query_string':
      return parseQueryString(name, obj);
    case 'function_score':
    case 'script_score':
    case 'nested': {
      // Scored like their inner query; the scripts and functions of OpenSearch are not evaluated here.
      const c: Common = { boost: 1 };
      let inner: Query = { type: 'match_all', boost: 1 };
      for (const e of obj.entries) {
        if (e.key === 'query' || (name === 'function_score' && e.key === 'filter')) inner = parseInnerQuery(e.value);
        else common(name, e.key, e.value, c);
      }
      return withCommon({ type: 'wrapped', clause: name, inner }, c);
    }
    default: {
      const c: Common = { boost: 1 };
      for (const e of obj.entries) if (e.key === 'boost' && e.value.kind === 'number') c.boost = e.value.value;
      return withCommon({ type: 'unsupported', clause: name }, c);
    }
  }
}

function parseTerm(obj: JObject): Query {
  const { field, value, c } = singleField('term', obj);
  if (value.kind !== 'object') {
    if (value.kind === 'null') throw illegalArgument('field name is null or empty');
    return withCommon({ type: 'term', field, value: scalar('term', field, value), caseInsensitive: false }, c);
  }
  let v: string | number | boolean | undefined;
  let caseInsensitive = false;
  for (const e of value.entries) {
    if (e.key === 'value') v = scalar('term', e.key, e.value);
    else if (e.key === 'case_insensitive') caseInsensitive = bool('term', e.key, e.value);
    else if (!common('term', e.key, e.value, c)) unknownParam('term', e.key, e.keyPos, []);
  }
  if (v === undefined) throw illegalArgument('value cannot be null');
  return withCommon({ type: 'term', field, value: v, caseInsensitive }, c);
}

function parseTerms(obj: JObject): Query {
  const c: Common = { boost: 1 };
  let field: string | undefined;
  let values: (string | number | boolean)[] = [];
  for (const e of obj.entries) {
    if (e.value.kind === 'array') {
      if (field !== undefined) {
        throw parsingError(`[terms] query does not support multiple fields`, e.keyPos.line, e.keyPos.col);
      }
      field = e.key;
      values = e.value.items.map((v) => {
        if (v.kind === 'null') throw illegalArgument('No value specified for terms query');
        return scalar('terms', e.key, v);
      });
    } else if (e.value.kind === 'object') {
      if (field !== undefined) {
        throw parsingError(`[terms] query does not support multiple fields`, e.keyPos.line, e.keyPos.col);
      }
      field = e.key;
      // A terms lookup; the referenced document is not fetched here.
      values = [];
    } else if (e.key === 'value_type') {
      continue;
    } else if (!common('terms', e.key, e.value, c)) {
      throw parsingError(`[terms] query does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
    }
  }
  if (field === undefined) throw parsingError('[terms] query requires a field with values', obj.line, obj.col);
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
  const { field, value, c } = singleField(name, obj);
  let query: string | number | boolean | null | undefined;
  let op: Operator = 'OR';
  let minimumShouldMatch: string | undefined;
  let zeroTerms: 'NONE' | 'ALL' = 'NONE';
  let slop = 0;
  let fuzziness: string | undefined;
  if (value.kind !== 'object') {
    query = value.kind === 'null' ? null : scalar(name, field, value);
  } else {
    const allowed: readonly string[] = MATCH_PARAMS[name];
    for (const e of value.entries) {
      if (common(name, e.key, e.value, c)) continue;
      if (!allowed.includes(e.key)) unknownParam(name, e.key, e.keyPos, allowed);
      switch (e.key) {
        case 'query':
          query = e.value.kind === 'null' ? null : scalar(name, e.key, e.value);
          break;
        case 'operator':
          op = operator(e.value);
          break;
        case 'minimum_should_match':
          minimumShouldMatch = msm(e.value);
          break;
        case 'zero_terms_query': {
          const z = str(name, e.key, e.value).toUpperCase();
          if (z !== 'NONE' && z !== 'ALL') {
            throw parsingError(
              `Unsupported zero_terms_query value [${str(name, e.key, e.value)}]`,
              e.value.line,
              e.value.col,
            );
          }
          zeroTerms = z;
          break;
        }
        case 'slop':
          slop = num(name, e.key, e.value);
          break;
        case 'fuzziness':
          fuzziness = str(name, e.key, e.value);
          break;
        case 'lenient':
        case 'fuzzy_transpositions':
        case 'auto_generate_synonyms_phrase_query':
          bool(name, e.key, e.value);
          break;
        default:
          break;
      }
    }
  }
  if (query === undefined) throw parsingError('No text specified for text query', obj.line, obj.col);
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
  for (const e of obj.entries) {
    if (common(name, e.key, e.value, c)) continue;
    if (!MULTI_MATCH_PARAMS.includes(e.key)) unknownParam(name, e.key, e.keyPos, MULTI_MATCH_PARAMS);
    switch (e.key) {
      case 'query':
        query = str(name, e.key, e.value);
        break;
      case 'fields':
        if (e.value.kind === 'array') fields = e.value.items.map((v) => parseFieldBoost(str(name, e.key, v)));
        else fields = [parseFieldBoost(str(name, e.key, e.value))];
        break;
      case 'type': {
        const t = str(name, e.key, e.value).toLowerCase();
        if (!MULTI_MATCH_TYPES.includes(t)) {
          throw parsingError(
            `failed to parse [multi_match] query type [${t}]. unknown type.`,
            e.value.line,
            e.value.col,
          );
        }
        mmType = t;
        break;
      }
      case 'operator':
        op = operator(e.value);
        break;
      case 'minimum_should_match':
        minimumShouldMatch = msm(e.value);
        break;
      case 'tie_breaker':
        tieBreaker = num(name, e.key, e.value);
        break;
      case 'slop':
        slop = num(name, e.key, e.value);
        break;
      default:
        break;
    }
  }
  if (query === undefined) throw parsingError('No text specified for multi_match query', obj.line, obj.col);
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
    },
    c,
  );
}

function parseRange(obj: JObject): Query {
  const { field, value, c } = singleField('range', obj);
  if (value.kind !== 'object') {
    throw parsingError(`[range] query does not support [${field}]`, value.line, value.col);
  }
  let from: string | number | null = null;
  let to: string | number | null = null;
  let includeLower = true;
  let includeUpper = true;
  let format: string | undefined;
  let timeZone: string | undefined;
  const bound = (v: JNode): string | number | null => {
    if (v.kind === 'null') return null;
    if (v.kind === 'number') return v.value;
    if (v.kind === 'string') return v.value;
    if (v.kind === 'boolean') return String(v.value);
    throw parsingError(`[range] query does not support [${field}]`, v.line, v.col);
  };
  for (const e of value.entries) {
    if (common('range', e.key, e.value, c)) continue;
    switch (e.key) {
      case 'gt':
        from = bound(e.value);
        includeLower = false;
        break;
      case 'gte':
      case 'from':
        from = bound(e.value);
        includeLower = e.key === 'gte' ? true : includeLower;
        break;
      case 'lt':
        to = bound(e.value);
        includeUpper = false;
        break;
      case 'lte':
      case 'to':
        to = bound(e.value);
        includeUpper = e.key === 'lte' ? true : includeUpper;
        break;
      case 'include_lower':
        includeLower = bool('range', e.key, e.value);
        break;
      case 'include_upper':
        includeUpper = bool('range', e.key, e.value);
        break;
      case 'format':
        format = str('range', e.key, e.value);
        break;
      case 'time_zone':
        timeZone = str('range', e.key, e.value);
        break;
      case 'relation': {
        const r = str('range', e.key, e.value).toLowerCase();
        if (!['intersects', 'contains', 'within'].includes(r)) {
          throw parsingError(`[range] query does not support relation [${r}]`, e.value.line, e.value.col);
        }
        break;
      }
      default:
        throw parsingError(`[range] query does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
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
  const { field, value, c } = singleField(name, obj);
  if (value.kind !== 'object') {
    return withCommon({ type: name, field, value: str(name, field, value), caseInsensitive: false }, c);
  }
  let v: string | undefined;
  let caseInsensitive = false;
  for (const e of value.entries) {
    if (common(name, e.key, e.value, c)) continue;
    if (e.key === 'value' || (name === 'wildcard' && e.key === 'wildcard')) v = str(name, e.key, e.value);
    else if (e.key === 'case_insensitive') caseInsensitive = bool(name, e.key, e.value);
    else if (
      e.key === 'rewrite' ||
      (name === 'regexp' && ['flags', 'flags_value', 'max_determinized_states'].includes(e.key))
    )
      continue;
    else unknownParam(name, e.key, e.keyPos, []);
  }
  if (v === undefined) {
    throw parsingError(`No value specified for ${name} query`, obj.line, obj.col);
  }
  return withCommon({ type: name, field, value: v, caseInsensitive }, c);
}

function parseBool(obj: JObject): Query {
  const c: Common = { boost: 1 };
  const must: Query[] = [];
  const should: Query[] = [];
  const filter: Query[] = [];
  const mustNot: Query[] = [];
  let minimumShouldMatch: string | undefined;
  let adjustPureNegative = true;
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
      if (e.value.kind === 'array') {
        for (const item of e.value.items) target.push(parseInnerQuery(item));
      } else if (e.value.kind === 'object') {
        target.push(parseInnerQuery(e.value));
      } else {
        throw parsingError(`[bool] query does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
      }
      continue;
    }
    if (common('bool', e.key, e.value, c)) continue;
    if (e.key === 'minimum_should_match' || e.key === 'minimumShouldMatch') {
      minimumShouldMatch = msm(e.value);
    } else if (e.key === 'adjust_pure_negative') {
      adjustPureNegative = bool('bool', e.key, e.value);
    } else if (e.key === 'disable_coord') {
      continue;
    } else {
      throw parsingError(`[bool] query does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
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
  for (const e of obj.entries) {
    if (common(name, e.key, e.value, c)) continue;
    if (!allowed.includes(e.key)) {
      if (simple) throw parsingError(`[${name}] unsupported field [${e.key}]`, e.keyPos.line, e.keyPos.col);
      throw parsingError(`[${name}] query does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
    }
    switch (e.key) {
      case 'query':
        query = str(name, e.key, e.value);
        break;
      case 'default_field':
        defaultField = str(name, e.key, e.value);
        break;
      case 'fields':
        if (e.value.kind === 'array') fields = e.value.items.map((v) => parseFieldBoost(str(name, e.key, v)));
        else fields = [parseFieldBoost(str(name, e.key, e.value))];
        break;
      case 'default_operator':
        op = operator(e.value);
        break;
      case 'lenient':
        lenient = bool(name, e.key, e.value);
        break;
      case 'analyze_wildcard':
        analyzeWildcard = bool(name, e.key, e.value);
        break;
      default:
        break;
    }
  }
  if (query === undefined) throw parsingError(`[${name}] must be provided with a [query]`, obj.line, obj.col);
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
