// Task descriptions of searches: SearchRequest.buildDescription, with the source rendered the way
// SearchSourceBuilder.toString renders it (every query with its defaults, e.g. `"boost":1.0`).
import { formatTimeValue } from '../core/values';
import { double, renderJson } from '../core/xcontent';
import type { AggSpec } from './aggParser';
import type { Query } from './query';
import type { SearchRequest } from './searchRequest';
import type { SearchSource } from './sourceParser';

const ONE = double(1);

function boosted(q: { boost: number; name?: string }): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (q.name !== undefined) out._name = q.name;
  out.boost = double(q.boost);
  return out;
}

function renderQuery(q: Query): Record<string, unknown> {
  switch (q.type) {
    case 'match_all':
    case 'match_none':
      return { [q.type]: boosted(q) };
    case 'match':
      return {
        match: {
          [q.field]: {
            query: q.query,
            operator: q.operator,
            ...(q.fuzziness !== undefined ? { fuzziness: q.fuzziness } : {}),
            prefix_length: 0,
            max_expansions: 50,
            ...(q.minimumShouldMatch !== undefined ? { minimum_should_match: q.minimumShouldMatch } : {}),
            fuzzy_transpositions: true,
            lenient: false,
            zero_terms_query: q.zeroTermsQuery,
            auto_generate_synonyms_phrase_query: true,
            ...boosted(q),
          },
        },
      };
    case 'match_phrase':
      return {
        [q.prefix ? 'match_phrase_prefix' : 'match_phrase']: {
          [q.field]: {
            query: q.query,
            slop: q.slop,
            ...(q.prefix ? { max_expansions: 50 } : {}),
            zero_terms_query: 'NONE',
            ...boosted(q),
          },
        },
      };
    case 'multi_match':
      return {
        multi_match: {
          query: q.query,
          fields: q.fields.map((f) => `${f.field}^${f.boost.toFixed(1)}`),
          type: q.mmType,
          operator: q.operator,
          slop: q.slop,
          prefix_length: 0,
          max_expansions: 50,
          ...(q.minimumShouldMatch !== undefined ? { minimum_should_match: q.minimumShouldMatch } : {}),
          ...(q.tieBreaker !== undefined ? { tie_breaker: double(q.tieBreaker) } : {}),
          zero_terms_query: 'NONE',
          auto_generate_synonyms_phrase_query: true,
          fuzzy_transpositions: true,
          ...boosted(q),
        },
      };
    case 'term':
      return {
        term: {
          [q.field]: { value: q.value, ...(q.caseInsensitive ? { case_insensitive: true } : {}), ...boosted(q) },
        },
      };
    case 'terms':
      return { terms: { [q.field]: q.values, ...boosted(q) } };
    case 'range':
      return {
        range: {
          [q.field]: {
            from: q.from,
            to: q.to,
            include_lower: q.includeLower,
            include_upper: q.includeUpper,
            ...(q.format !== undefined ? { format: q.format } : {}),
            ...(q.timeZone !== undefined ? { time_zone: q.timeZone } : {}),
            ...boosted(q),
          },
        },
      };
    case 'exists':
      return { exists: { field: q.field, ...boosted(q) } };
    case 'ids':
      return { ids: { values: q.values, ...boosted(q) } };
    case 'prefix':
    case 'regexp':
      return {
        [q.type]: {
          [q.field]: {
            value: q.value,
            ...(q.type === 'regexp' ? { flags_value: 255, max_determinized_states: 10000 } : {}),
            ...boosted(q),
          },
        },
      };
    case 'wildcard':
      return { wildcard: { [q.field]: { wildcard: q.value, ...boosted(q) } } };
    case 'fuzzy':
      return {
        fuzzy: {
          [q.field]: {
            value: q.value,
            fuzziness: q.fuzziness,
            prefix_length: 0,
            max_expansions: 50,
            transpositions: true,
            ...boosted(q),
          },
        },
      };
    case 'bool': {
      const out: Record<string, unknown> = {};
      if (q.must.length) out.must = q.must.map(renderQuery);
      if (q.filter.length) out.filter = q.filter.map(renderQuery);
      if (q.mustNot.length) out.must_not = q.mustNot.map(renderQuery);
      if (q.should.length) out.should = q.should.map(renderQuery);
      out.adjust_pure_negative = q.adjustPureNegative;
      if (q.minimumShouldMatch !== undefined) out.minimum_should_match = q.minimumShouldMatch;
      return { bool: { ...out, ...boosted(q) } };
    }
    case 'constant_score':
      return { constant_score: { filter: renderQuery(q.filter), ...boosted(q) } };
    case 'dis_max':
      return { dis_max: { tie_breaker: double(q.tieBreaker), queries: q.queries.map(renderQuery), ...boosted(q) } };
    case 'boosting':
      return {
        boosting: {
          positive: renderQuery(q.positive),
          negative: renderQuery(q.negative),
          negative_boost: double(q.negativeBoost),
          ...boosted(q),
        },
      };
    case 'wrapped':
      return { [q.clause]: { query: renderQuery(q.inner), ...boosted(q) } };
    case 'query_string':
      return {
        [q.simple ? 'simple_query_string' : 'query_string']: {
          query: q.query,
          ...(q.defaultField !== undefined ? { default_field: q.defaultField } : {}),
          fields: q.fields.map((f) => `${f.field}^${f.boost.toFixed(1)}`),
          ...(q.simple ? { flags: -1 } : { type: 'best_fields' }),
          default_operator: q.defaultOperator.toLowerCase(),
          ...(q.lenient !== undefined ? { lenient: q.lenient } : {}),
          ...(q.simple ? {} : { max_determinized_states: 10000, enable_position_increments: true, fuzziness: 'AUTO' }),
          fuzzy_prefix_length: 0,
          fuzzy_max_expansions: 50,
          ...(q.simple ? { fuzzy_transpositions: true } : { phrase_slop: 0 }),
          analyze_wildcard: q.analyzeWildcard,
          ...(q.simple ? {} : { escape: false }),
          auto_generate_synonyms_phrase_query: true,
          ...(q.simple ? {} : { fuzzy_transpositions: true }),
          ...boosted(q),
        },
      };
    case 'nested':
      return {
        nested: {
          query: renderQuery(q.inner),
          path: q.path,
          ignore_unmapped: q.ignoreUnmapped,
          score_mode: 'avg',
          ...boosted(q),
        },
      };
    case 'unsupported':
      return { [q.clause]: { boost: ONE } };
  }
}

function renderAggs(aggs: readonly AggSpec[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const a of aggs) {
    const body: Record<string, unknown> = { [a.type]: a.filter ? renderQuery(a.filter) : a.params };
    if (a.subs.length) body.aggregations = renderAggs(a.subs);
    out[a.name] = body;
  }
  return out;
}

function renderSource(s: SearchSource): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (s.from !== undefined) out.from = s.from;
  if (s.size !== undefined) out.size = s.size;
  if (s.timeoutMs !== undefined) out.timeout = `${s.timeoutMs}ms`;
  if (s.terminateAfter !== undefined) out.terminate_after = s.terminateAfter;
  if (s.query) out.query = renderQuery(s.query);
  if (s.postFilter) out.post_filter = renderQuery(s.postFilter);
  if (s.minScore !== undefined) out.min_score = double(s.minScore);
  if (s.version !== undefined) out.version = s.version;
  if (s.seqNoPrimaryTerm !== undefined) out.seq_no_primary_term = s.seqNoPrimaryTerm;
  if (s.explain !== undefined) out.explain = s.explain;
  if (s.trackScores) out.track_scores = true;
  if (s.trackTotalHitsUpTo !== undefined) {
    out.track_total_hits =
      s.trackTotalHitsUpTo === 2147483647 ? true : s.trackTotalHitsUpTo === -1 ? false : s.trackTotalHitsUpTo;
  }
  if (s.source) out._source = { includes: s.source.includes, excludes: s.source.excludes };
  if (s.sort) out.sort = s.sort.map((x) => ({ [x.field]: { order: x.order } }));
  if (s.aggs) out.aggregations = renderAggs(s.aggs);
  return out;
}

export function searchDescription(sr: SearchRequest): string {
  const parts = [`indices[${sr.indices.join(',')}]`, `search_type[${sr.searchType}]`];
  if (sr.scrollMs !== undefined) parts.push(`scroll[${formatTimeValue(sr.scrollMs * 1e6)}]`);
  return `${parts.join(', ')}, source[${renderJson(renderSource(sr.source), false)}]`;
}
