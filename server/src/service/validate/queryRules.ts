// Rules inside one query clause beyond its parameter names: what each multi_match type accepts, exists on metadata
// fields, and the limits of default settings (index.max_regex_length, index.max_terms_count,
// indices.query.bool.max_clause_count). Texts from MultiMatchQueryBuilder, ExistsQueryBuilder, RegexpQueryBuilder,
// TermsQueryBuilder and Lucene's IndexSearcher, checked on real 2.19.1 and 3.8.0 by the conformance corpus.
import { isObject, type JsonPath } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { limitNote, limitsOf } from './limits';

/** `phrasePrefix`, `PHRASE_PREFIX` → `phrase_prefix` (MultiMatchQueryBuilder.Type.parse reads both spellings). */
function multiMatchType(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  // The usual spellings are already lower case: only others are rewritten.
  if (/^[a-z_]*$/.test(value)) return value;
  return value.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase();
}

export function checkClauseRules(
  check: JsonCheck,
  path: JsonPath,
  clause: string,
  body: Record<string, unknown>,
): void {
  switch (clause) {
    case 'multi_match': {
      const type = multiMatchType(body.type) ?? 'best_fields';
      if (type === 'bool_prefix') {
        for (const param of ['slop', 'cutoff_frequency']) {
          if (param in body) {
            check.report(
              'query.type-parameter',
              `[${param}] not allowed for type [bool_prefix]`,
              [...path, param],
              'key',
            );
          }
        }
      }
      if (
        'fuzziness' in body &&
        body.fuzziness !== null &&
        ['phrase', 'phrase_prefix', 'cross_fields'].includes(type)
      ) {
        check.report('query.type-parameter', `Fuzziness not allowed for type [${type}]`, [...path, 'fuzziness'], 'key');
      }
      return;
    }
    case 'function_score':
      functionsThenFunction(check, path, body);
      return;
    case 'intervals':
      intervalRules(check, path, body);
      return;
    case 'exists':
      if (body.field === '_source') {
        check.report('query.metadata-field', 'The _source field is not searchable', [...path, 'field']);
      }
      return;
    case 'regexp': {
      const field = Object.keys(body)[0];
      if (field === undefined) return;
      const inner = body[field];
      const value = isObject(inner) ? inner.value : inner;
      const max = limitsOf(check.server).maxRegexLength;
      if (typeof value === 'string' && value.length > max) {
        check.report(
          'query.regex-too-long',
          `failed to create query: The length of regex [${value.length}] used in the Regexp Query request has exceeded the allowed maximum of [${max}]. This maximum can be set by changing the [index.max_regex_length] index level setting.${limitNote(check.server, 'maxRegexLength')}`,
          isObject(inner) ? [...path, field, 'value'] : [...path, field],
        );
      }
      return;
    }
    case 'terms': {
      const max = limitsOf(check.server).maxTermsCount;
      for (const key of Object.keys(body)) {
        const values = body[key];
        if (Array.isArray(values) && values.length > max) {
          check.report(
            'query.too-many-terms',
            `failed to create query: The number of terms [${values.length}] used in the Terms Query request has exceeded the allowed maximum of [${max}]. This maximum can be set by changing the [index.max_terms_count] index level setting.${limitNote(check.server, 'maxTermsCount')}`,
            [...path, key],
            'key',
          );
        }
      }
      return;
    }
    case 'bool': {
      const max = limitsOf(check.server).maxClauseCount;
      let count = 0;
      for (const occur of ['must', 'filter', 'should', 'must_not', 'mustNot']) {
        const clauses = body[occur];
        count += Array.isArray(clauses) ? clauses.length : isObject(clauses) ? 1 : 0;
      }
      if (count > max) {
        check.report(
          'query.too-many-clauses',
          `failed to create query: maxClauseCount is set to ${max}${limitNote(check.server, 'maxClauseCount')}`,
          path,
          'key',
        );
      }
      return;
    }
    default:
      return;
  }
}

/** What FunctionScoreQueryBuilder reads as scalars next to a `functions` array. */
const FUNCTION_SCORE_SCALARS = new Set(['score_mode', 'boost_mode', 'max_boost', 'boost', '_name', 'min_score']);

/**
 * After a `functions` array, FunctionScoreQueryBuilder.fromXContent reads any other object but `query` (and any
 * value it does not know, `weight` among them) as a single function, and refuses to have both.
 */
function functionsThenFunction(check: JsonCheck, path: JsonPath, body: Record<string, unknown>): void {
  let found = false;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (key === 'functions') {
      if (Array.isArray(value)) found = true;
      continue;
    }
    if (!found || Array.isArray(value)) continue;
    const single = isObject(value) ? key !== 'query' : !FUNCTION_SCORE_SCALARS.has(key);
    if (single) {
      check.report(
        'query.functions-and-function',
        `failed to parse [function_score] query. [you can either define [functions] array or a single function, not both. already found [functions] array, now encountering [${key}].]`,
        [...path, key],
        'key',
      );
      return;
    }
  }
}

/**
 * IntervalQueryBuilder.fromXContent: under the field, every key but `_name` and `boost` is an interval rule, and
 * there must be exactly one. The rule's own parser runs first, so only the count is checked here.
 */
function intervalRules(check: JsonCheck, path: JsonPath, body: Record<string, unknown>): void {
  const field = Object.keys(body)[0];
  if (field === undefined) return;
  const inner = body[field];
  if (!isObject(inner)) return;
  const rules = Object.keys(inner).filter((key) => key !== '_name' && key !== 'boost');
  if (rules.length === 0) {
    check.report('query.interval-rules', 'Missing intervals from interval query definition', [...path, field], 'key');
  } else if (rules.length > 1) {
    check.report(
      'query.interval-rules',
      `Only one interval rule can be specified, found [${rules[0]!}] and [${rules[1]!}]`,
      [...path, field, rules[1]!],
      'key',
    );
  }
}
