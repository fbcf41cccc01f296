// A search request and how RestSearchAction builds one from URL parameters and body, with SearchRequest.validate.
import { illegalArgument, OsError, validationError } from '../core/errors';
import { parseTimeValue } from '../core/values';
import type { RestRequest } from '../http/restRequest';
import { indicesOptionsFrom, SEARCH_DEFAULT_OPTIONS, type IndicesOptions } from './indexResolver';
import type { Query } from './query';
import { parseFieldBoost } from './queryParser';
import {
  checkSourceFilter,
  parseSearchBody,
  TRACK_TOTAL_HITS_ACCURATE,
  TRACK_TOTAL_HITS_DISABLED,
  type SearchSource,
  type SortSpec,
} from './sourceParser';

export interface SearchRequest {
  indices: string[];
  source: SearchSource;
  indicesOptions: IndicesOptions;
  searchType: 'QUERY_THEN_FETCH' | 'DFS_QUERY_THEN_FETCH';
  scrollMs?: number;
  requestCache?: boolean;
  routing?: string;
  preference?: string;
  allowPartialSearchResults?: boolean;
  cancelAfterMs?: number;
  restTotalHitsAsInt: boolean;
  typedKeys: boolean;
  ccsMinimizeRoundtrips: boolean;
  /** URL parameters the local cluster does not apply (the search refuses them when it runs). */
  refused?: string[];
  /** `include_named_queries_score`: matched queries come with their scores. */
  includeNamedQueriesScore?: boolean;
  /** `phase_took`: the answer tells how long each search phase took. */
  phaseTook?: boolean;
  /** The search pipeline named by the `search_pipeline` parameter. */
  searchPipeline?: string;
  /** The `verbose_pipeline` parameter (which wins over the body's). */
  verbosePipeline?: boolean;
}

export function newSearchRequest(): SearchRequest {
  return {
    indices: [],
    source: {},
    indicesOptions: { ...SEARCH_DEFAULT_OPTIONS },
    searchType: 'QUERY_THEN_FETCH',
    restTotalHitsAsInt: false,
    typedKeys: false,
    ccsMinimizeRoundtrips: true,
  };
}

export function splitCommas(value: string | undefined): string[] {
  if (value === undefined || value === '') return [];
  return value.split(',');
}

export function searchTypeFrom(value: string | undefined, urlLevel: boolean): SearchRequest['searchType'] | undefined {
  if (value === undefined) return undefined;
  if (urlLevel && (value === 'query_and_fetch' || value === 'dfs_query_and_fetch')) {
    throw illegalArgument(`Unsupported search type [${value}]`);
  }
  if (value === 'query_then_fetch') return 'QUERY_THEN_FETCH';
  if (value === 'dfs_query_then_fetch') return 'DFS_QUERY_THEN_FETCH';
  throw illegalArgument(`No search type for [${value}]`);
}

/** RestSearchAction.parseSearchRequest for `_search`. */
export function parseRestSearch(req: RestRequest): SearchRequest {
  const sr = newSearchRequest();
  sr.indices = splitCommas(req.param('index'));
  const body = req.contentOrSource();
  if (body !== undefined && body.length > 0) sr.source = parseSearchBody(body, true, req.jackson, req.coercionStatus);
  req.int('batched_reduce_size', 512);
  const brs = Number(req.params.get('batched_reduce_size') ?? 512);
  if (brs <= 1) throw illegalArgument('batchedReduceSize must be >= 2');
  if (req.has('pre_filter_shard_size')) {
    const v = req.int('pre_filter_shard_size', 1);
    if (v < 1) throw illegalArgument('preFilterShardSize must be >= 1');
  }
  if (req.has('max_concurrent_shard_requests')) {
    const v = req.int('max_concurrent_shard_requests', 5);
    if (v < 1) throw illegalArgument('maxConcurrentShardRequests must be >= 1');
  }
  if (req.has('allow_partial_search_results')) {
    const v = req.boxedBool('allow_partial_search_results');
    if (v === undefined) {
      throw new OsError(
        500,
        'null_pointer_exception',
        'Cannot invoke "java.lang.Boolean.booleanValue()" because the return value of "org.opensearch.rest.RestRequest.paramAsBoolean(String, java.lang.Boolean)" is null',
        { openSearch: false },
      );
    }
    sr.allowPartialSearchResults = v;
  }
  if (req.has('phase_took')) sr.phaseTook = req.bool('phase_took', false);
  const st = searchTypeFrom(req.param('search_type'), true);
  if (st) sr.searchType = st;
  parseUrlSource(req, sr.source);
  const refuse = (feature: string): void => {
    (sr.refused ??= []).push(feature);
  };
  if (req.params.has('docvalue_fields')) refuse('[docvalue_fields]');
  if (req.params.has('suggest_field')) refuse('[suggest]');
  if (req.params.has('explain') && sr.source.explain === true) refuse('[explain]');
  const rc = req.boxedBool('request_cache');
  if (rc !== undefined) sr.requestCache = rc;
  const scroll = req.param('scroll');
  if (scroll !== undefined) sr.scrollMs = parseTimeValue(scroll, 'scroll');
  const routing = req.param('routing');
  if (routing !== undefined) sr.routing = routing;
  const preference = req.param('preference');
  if (preference !== undefined) sr.preference = preference;
  sr.indicesOptions = indicesOptionsFrom(
    sr.indicesOptions,
    req.param('expand_wildcards'),
    req.param('ignore_unavailable'),
    req.param('allow_no_indices'),
    req.param('ignore_throttled'),
  );
  const pipeline = req.param('search_pipeline');
  if (pipeline !== undefined) sr.searchPipeline = pipeline;
  checkRestTotalHits(req, sr);
  if (req.bool('include_named_queries_score', false)) sr.includeNamedQueriesScore = true;
  if (sr.source.pit) {
    if (sr.indices.length > 0) throw validationError(['[indices] cannot be used with point in time']);
  } else {
    sr.ccsMinimizeRoundtrips = req.bool('ccs_minimize_roundtrips', true);
  }
  if (req.has('verbose_pipeline')) sr.verbosePipeline = req.bool('verbose_pipeline', false);
  const cancelAfter = req.time('cancel_after_time_interval');
  if (cancelAfter !== undefined) sr.cancelAfterMs = cancelAfter;
  sr.typedKeys = req.bool('typed_keys', false);
  return sr;
}

/** RestActions.urlParamsToQueryBuilder: the `q` parameter and the ones read with it, as a query_string query. */
export function urlQuery(req: RestRequest): Query | undefined {
  const q = req.has('q') ? req.param('q') : undefined;
  if (q === undefined) return undefined;
  const df = req.param('df');
  const analyzer = req.param('analyzer');
  const analyzeWildcard = req.bool('analyze_wildcard', false);
  const lenient = req.boxedBool('lenient');
  const op = req.param('default_operator');
  let operator: 'AND' | 'OR' = 'OR';
  if (op !== undefined) {
    const up = op.toUpperCase();
    if (up !== 'AND' && up !== 'OR')
      throw illegalArgument(`No enum constant org.opensearch.index.query.Operator.${up}`);
    operator = up;
  }
  if (analyzer !== undefined && analyzer !== 'standard' && analyzer !== 'default') {
    return { type: 'unsupported', clause: 'query_string', feature: `analyzer [${analyzer}]`, boost: 1 };
  }
  return {
    type: 'query_string',
    query: q,
    fields: df !== undefined ? [parseFieldBoost(df)] : [],
    defaultOperator: operator,
    simple: false,
    analyzeWildcard,
    boost: 1,
    ...(lenient !== undefined ? { lenient } : {}),
  };
}

/** RestSearchAction.parseSearchSource: URL parameters that set body fields. */
function parseUrlSource(req: RestRequest, s: SearchSource): void {
  // Parameters read only when present are not looked up otherwise (so never offered in a "did you mean").
  const query = urlQuery(req);
  if (query !== undefined) {
    s.query = query;
    s.fromUrl = true;
  }
  // Read when present, and any value given is applied: -1 is refused like any negative value (OpenSearch 2.19, 3.x).
  const from = req.has('from') ? req.int('from', undefined) : undefined;
  if (from !== undefined) {
    if (from < 0) throw illegalArgument(`[from] parameter cannot be negative, found [${from}]`);
    s.from = from;
  }
  const size = req.has('size') ? req.int('size', undefined) : undefined;
  if (size !== undefined) {
    if (size < 0) throw illegalArgument(`[size] parameter cannot be negative, found [${size}]`);
    s.size = size;
  }
  if (req.has('explain')) {
    const v = req.boxedBool('explain');
    if (v !== undefined) s.explain = v;
  }
  if (req.has('version')) {
    const v = req.boxedBool('version');
    if (v !== undefined) s.version = v;
  }
  if (req.has('seq_no_primary_term')) {
    const v = req.boxedBool('seq_no_primary_term');
    if (v !== undefined) s.seqNoPrimaryTerm = v;
  }
  if (req.has('timeout')) s.timeoutMs = req.time('timeout');
  if (req.has('terminate_after')) {
    const v = req.int('terminate_after', 0);
    if (v < 0) throw illegalArgument('terminateAfter must be > 0');
    if (v > 0) s.terminateAfter = v;
  }
  const storedFields = req.param('stored_fields');
  if (storedFields !== undefined) s.storedFields = splitCommas(storedFields);
  req.param('docvalue_fields');
  const src = req.param('_source');
  const includes = req.param('_source_includes');
  const excludes = req.param('_source_excludes');
  if (src !== undefined || includes !== undefined || excludes !== undefined) {
    let fetch = true;
    let inc: string[] = [];
    if (src === 'true') fetch = true;
    else if (src === 'false') fetch = false;
    else if (src !== undefined) inc = splitCommas(src);
    if (includes !== undefined) inc = splitCommas(includes);
    s.source = checkSourceFilter(
      { fetch, includes: inc, excludes: excludes !== undefined ? splitCommas(excludes) : [] },
      req.major,
    );
  }
  if (req.has('track_scores')) s.trackScores = req.bool('track_scores', false);
  if (req.has('track_total_hits')) {
    const raw = req.params.get('track_total_hits');
    if (raw === 'true' || raw === 'false') {
      s.trackTotalHitsUpTo = req.bool('track_total_hits', true) ? TRACK_TOTAL_HITS_ACCURATE : TRACK_TOTAL_HITS_DISABLED;
    } else {
      const n = req.int('track_total_hits', 10000);
      if (n < -1) throw illegalArgument(`[track_total_hits] parameter must be positive or equals to -1, got ${n}`);
      s.trackTotalHitsUpTo = n;
    }
  }
  const sort = req.param('sort');
  if (sort !== undefined) {
    const specs: SortSpec[] = [];
    for (const entry of splitCommas(sort)) {
      const colon = entry.lastIndexOf(':');
      if (colon < 0) {
        specs.push({ field: entry, order: entry === '_score' ? 'desc' : 'asc' });
      } else {
        // An entry whose direction is neither asc nor desc is dropped without a word.
        const dir = entry.slice(colon + 1);
        if (dir === 'asc' || dir === 'desc') specs.push({ field: entry.slice(0, colon), order: dir });
      }
    }
    if (specs.length > 0) s.sort = [...(s.sort ?? []), ...specs];
  }
  const stats = req.param('stats');
  if (stats !== undefined) s.stats = splitCommas(stats);
  const suggestField = req.param('suggest_field');
  if (suggestField !== undefined) {
    req.param('suggest_text');
    req.int('suggest_size', 5);
    req.param('suggest_mode');
  }
}

/** RestSearchAction.checkRestTotalHits. */
export function checkRestTotalHits(req: RestRequest, sr: SearchRequest): void {
  const asInt = req.bool('rest_total_hits_as_int', false);
  sr.restTotalHitsAsInt = asInt;
  if (!asInt) return;
  const upTo = sr.source.trackTotalHitsUpTo;
  if (upTo === undefined) {
    sr.source.trackTotalHitsUpTo = TRACK_TOTAL_HITS_ACCURATE;
  } else if (upTo !== TRACK_TOTAL_HITS_ACCURATE && upTo !== TRACK_TOTAL_HITS_DISABLED) {
    throw illegalArgument(
      `[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got ${upTo}`,
    );
  }
}

/** SearchRequest.validate: the messages in their order. */
function validationMessages(sr: SearchRequest): string[] {
  const out: string[] = [];
  const s = sr.source;
  const scroll = sr.scrollMs !== undefined;
  if (scroll && s.trackTotalHitsUpTo !== undefined && s.trackTotalHitsUpTo !== TRACK_TOTAL_HITS_ACCURATE) {
    out.push('disabling [track_total_hits] is not allowed in a scroll context');
  }
  if (scroll && (s.from ?? 0) > 0) out.push('using [from] is not allowed in a scroll context');
  if (scroll && sr.requestCache === true) out.push('[request_cache] cannot be used in a scroll context');
  if (scroll && s.size === 0) out.push('[size] cannot be [0] in a scroll context');
  if (scroll && s.rescore === true) out.push('using [rescore] is not allowed in a scroll context');
  if (scroll && s.pit) out.push('using [point in time] is not allowed in a scroll context');
  return out;
}

export function validateSearch(sr: SearchRequest): void {
  const messages = validationMessages(sr);
  if (messages.length > 0) throw validationError(messages);
}
