// `_search`, `_msearch`, `_count` and the scroll endpoints.
import { decodeScrollId, type Cluster } from '../cluster';
import { asOsError, illegalArgument, OsError, parsingError } from '../core/errors';
import type { Router, RouteHandler } from '../http/router';
import type { RestRequest } from '../http/restRequest';
import { parseJsonValue, tokenName } from '../core/json';
import { parseTimeValue } from '../core/values';
import { indicesOptionsFrom, SEARCH_DEFAULT_OPTIONS } from '../search/indexResolver';
import { parseMsearchBody, validateMsearch } from '../search/msearchParser';
import {
  checkRestTotalHits,
  newSearchRequest,
  parseRestSearch,
  splitCommas,
  urlQuery,
  validateSearch,
  type SearchRequest,
} from '../search/searchRequest';
import type { Query } from '../search/query';
import { parseInnerQuery } from '../search/queryParser';
import { searchDescription } from '../search/describe';
import { executeSearch } from '../search/searchService';
import { TRACK_TOTAL_HITS_ACCURATE } from '../search/sourceParser';
import type { Task } from '../tasks/taskManager';

const SEARCH_RESPONSE_PARAMS = ['typed_keys', 'rest_total_hits_as_int', 'include_named_queries_score'];

function headersOf(opaqueId: string | undefined): Record<string, string> {
  return opaqueId === undefined ? {} : { 'X-Opaque-Id': opaqueId };
}

function searchHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: SEARCH_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      const sr = parseRestSearch(req);
      return async (ctx) => {
        validateSearch(sr);
        const body = await executeSearch(cluster, sr, {
          headers: headersOf(ctx.opaqueId),
          onTask: (task) => {
            ctx.onDisconnect(() => {
              cluster.tasks.cancel(task, 'channel closed');
            });
          },
        });
        return { status: 200, body };
      };
    },
  };
}

function msearchHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: ['typed_keys', 'rest_total_hits_as_int'],
    supportsContentStream: true,
    prepare(req: RestRequest) {
      const indicesOptions = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        req.param('ignore_throttled'),
      );
      let maxConcurrent: number | undefined;
      if (req.has('max_concurrent_searches')) {
        maxConcurrent = req.int('max_concurrent_searches', 0);
        if (maxConcurrent < 1) throw illegalArgument('maxConcurrentSearchRequests must be positive');
      }
      const preFilter = req.has('pre_filter_shard_size') ? req.int('pre_filter_shard_size', 128) : undefined;
      const maxShardRequests = req.has('max_concurrent_shard_requests')
        ? req.int('max_concurrent_shard_requests', 5)
        : undefined;
      const cancelAfter = req.time('cancel_after_time_interval');
      const indices = splitCommas(req.param('index'));
      const searchType = req.param('search_type');
      const ccs = req.bool('ccs_minimize_roundtrips', true);
      const routing = req.param('routing');
      const typedKeys = req.bool('typed_keys', false);
      const data = req.contentOrSource();
      if (data === undefined || data.length === 0) {
        throw new OsError(400, 'parse_exception', 'request body or source parameter is required');
      }
      const items = parseMsearchBody(
        data,
        {
          indices,
          indicesOptions,
          ccsMinimizeRoundtrips: ccs,
          jackson: req.jackson,
          coercionStatus: req.coercionStatus,
          ...(routing !== undefined ? { routing } : {}),
          ...(searchType !== undefined ? { searchType } : {}),
          ...(cancelAfter !== undefined ? { cancelAfterMs: cancelAfter } : {}),
        },
        (sr) => {
          checkRestTotalHits(req, sr);
          sr.typedKeys = typedKeys;
        },
      );
      for (let i = 0; i < items.length; i++) {
        if (preFilter !== undefined && preFilter < 1) throw illegalArgument('preFilterShardSize must be >= 1');
        if (maxShardRequests !== undefined && maxShardRequests < 1)
          throw illegalArgument('maxConcurrentShardRequests must be >= 1');
      }
      return async (ctx) => {
        validateMsearch(items);
        const start = Date.now();
        const action = 'indices:data/read/msearch';
        const task = cluster.tasks.register({
          node: cluster.topology.local,
          action,
          cancellable: true,
          headers: headersOf(ctx.opaqueId),
          // MultiSearchRequest joins the item descriptions with the action name as the delimiter.
          description: () => `,${items.map(searchDescription).join(`${action}[`)}]`,
        });
        ctx.onDisconnect(() => {
          cluster.tasks.cancel(task, 'channel closed');
        });
        try {
          const responses = await runLimited(items, maxConcurrent ?? defaultConcurrency(cluster), (sr) =>
            runItem(cluster, sr, task, ctx.opaqueId),
          );
          return { status: 200, body: { took: Date.now() - start, responses } };
        } finally {
          cluster.tasks.unregister(task);
        }
      };
    },
  };
}

function defaultConcurrency(cluster: Cluster): number {
  const dataNodes = cluster.nodes.filter((n) => n.roles.includes('data')).length;
  return Math.max(1, dataNodes * 7);
}

async function runItem(
  cluster: Cluster,
  sr: SearchRequest,
  parent: Task,
  opaqueId: string | undefined,
): Promise<Record<string, unknown>> {
  try {
    validateSearch(sr);
    const body = await executeSearch(cluster, sr, { parent, headers: headersOf(opaqueId) });
    return { ...body, status: 200 };
  } catch (e) {
    const err = asOsError(e);
    return { error: err.toErrorObject(), status: err.status };
  }
}

async function runLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}

/** RestActions.getQueryContent: a `_count` body holds a query and nothing else. */
function countQuery(text: string, req: RestRequest): Query | undefined {
  const { value } = parseJsonValue(text, req.jackson, true);
  if (value === undefined) return undefined;
  if (value.kind !== 'object') {
    throw parsingError(`Expected [START_OBJECT] but found [${tokenName(value)}]`, value.line, value.col);
  }
  let query: Query | undefined;
  for (const e of value.entries) {
    if (e.key !== 'query') throw parsingError(`request does not support [${e.key}]`, e.keyPos.line, e.keyPos.col);
    try {
      query = parseInnerQuery(e.value);
    } catch (err) {
      // Anything but a parsing exception is wrapped, located where the parser stopped.
      if (!(err instanceof OsError) || err.type === 'parsing_exception' || err.status === 501) throw err;
      const at = err.at ?? e.value;
      throw parsingError('Failed to parse', at.line, at.col, err);
    }
  }
  return query;
}

/** RestCountAction: a search of no hits that counts them all, with the few parameters `_count` reads. */
function countHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const sr = newSearchRequest();
      sr.indices = splitCommas(req.param('index'));
      sr.indicesOptions = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        req.param('ignore_throttled'),
      );
      sr.source = { size: 0, trackTotalHitsUpTo: TRACK_TOTAL_HITS_ACCURATE };
      const text = req.contentOrSource();
      const query = text !== undefined && text.length > 0 ? countQuery(text, req) : urlQuery(req);
      if (query !== undefined) sr.source.query = query;
      const routing = req.param('routing');
      if (routing !== undefined) sr.routing = routing;
      const minScore = req.param('min_score');
      if (minScore !== undefined) {
        const n = Number(minScore);
        if (minScore.trim() === '' || !Number.isFinite(n)) {
          throw illegalArgument(`Failed to parse float parameter [min_score] with value [${minScore}]`);
        }
        if (n !== -1) sr.source.minScore = n;
      }
      const preference = req.param('preference');
      if (preference !== undefined) sr.preference = preference;
      const terminateAfter = req.int('terminate_after', 0);
      if (terminateAfter < 0) throw illegalArgument('terminateAfter must be > 0');
      if (terminateAfter > 0) sr.source.terminateAfter = terminateAfter;
      return async (ctx) => {
        const body = await executeSearch(cluster, sr, { headers: headersOf(ctx.opaqueId) });
        const hits = body.hits as { total: { value: number } };
        return {
          status: 200,
          body: {
            count: hits.total.value,
            ...(body.terminated_early === true ? { terminated_early: true } : {}),
            _shards: body._shards,
          },
        };
      };
    },
  };
}

/** The error of a scroll whose search contexts are gone: one shard failure per context. */
function contextsMissing(contexts: readonly number[]): OsError {
  const failures = contexts.map(
    (id) => new OsError(404, 'search_context_missing_exception', `No search context found for id [${id}]`),
  );
  const err = new OsError(404, 'search_phase_execution_exception', 'all shards failed', {
    metadata: { phase: 'query', grouped: true },
  });
  err.extra = { failed_shards: failures.map((f) => ({ shard: -1, index: null, reason: f.toCause() })) };
  err.rootCauses = failures;
  err.causedBy = failures[0];
  return err;
}

/**
 * The contexts of a scroll id, or OpenSearch's refusal of bytes that are none: it reads a length-prefixed string
 * first, so garbage usually ends in an EOFException.
 */
function parseScrollId(id: string): number[] {
  const contexts = decodeScrollId(id);
  if (contexts !== undefined) return contexts;
  const bytes = Buffer.from(id, 'base64');
  const length = bytes[0] ?? 0;
  const left = Math.max(0, bytes.length - 1);
  const cause =
    length < 128 && length > left
      ? new OsError(400, 'e_o_f_exception', `attempting to read ${length} bytes but only ${left} bytes are available`, {
          openSearch: false,
        })
      : undefined;
  throw illegalArgument('Cannot parse scroll id', cause);
}

function scrollHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: ['rest_total_hits_as_int'],
    prepare(req: RestRequest) {
      let id = req.param('scroll_id');
      let keepAlive = req.param('scroll');
      const text = req.contentOrSource();
      if (text !== undefined && text.trim().length > 0) {
        const { value } = parseJsonValue(text, req.jackson);
        if (value?.kind === 'object') {
          for (const e of value.entries) {
            if (e.key === 'scroll_id' && e.value.kind === 'string') id = e.value.value;
            else if (e.key === 'scroll' && e.value.kind === 'string') keepAlive = e.value.value;
          }
        }
      }
      req.bool('rest_total_hits_as_int', false);
      if (keepAlive !== undefined) parseTimeValue(keepAlive, 'scroll');
      return () => {
        if (id === undefined)
          throw new OsError(400, 'action_request_validation_exception', 'Validation Failed: 1: scrollId is missing;');
        const contexts = parseScrollId(id);
        const ctx = cluster.scrolls.get(id);
        if (!ctx || ctx.expires < Date.now()) throw contextsMissing(contexts);
        const page = ctx.hits.slice(ctx.offset, ctx.offset + ctx.pageSize);
        ctx.offset += ctx.pageSize;
        if (keepAlive !== undefined) ctx.expires = Date.now() + parseTimeValue(keepAlive, 'scroll');
        return {
          status: 200,
          body: {
            // A scroll request without a keep-alive gets no id back (it does not extend the scroll).
            ...(keepAlive !== undefined ? { _scroll_id: id } : {}),
            took: 1,
            timed_out: false,
            _shards: ctx.shards,
            hits: { total: ctx.total, max_score: null, hits: page },
          },
        };
      };
    },
  };
}

function clearScrollHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const ids = splitCommas(req.param('scroll_id'));
      const text = req.contentOrSource();
      if (text !== undefined && text.trim().length > 0) {
        const { value } = parseJsonValue(text, req.jackson);
        if (value?.kind === 'object') {
          for (const e of value.entries) {
            if (e.key !== 'scroll_id') continue;
            if (e.value.kind === 'string') ids.push(e.value.value);
            else if (e.value.kind === 'array')
              for (const i of e.value.items) if (i.kind === 'string') ids.push(i.value);
          }
        }
      }
      return () => {
        // Each search context freed counts, one per shard of each scroll.
        let freed = 0;
        const all = ids.length === 1 && ids[0] === '_all';
        if (!all) for (const id of ids) parseScrollId(id);
        for (const id of all ? [...cluster.scrolls.keys()] : ids) {
          const ctx = cluster.scrolls.get(id);
          if (ctx === undefined) continue;
          cluster.scrolls.delete(id);
          // An expired scroll's contexts were already freed by the reaper.
          if (ctx.expires >= Date.now()) freed += ctx.contexts.length;
        }
        return { status: 200, body: { succeeded: true, num_freed: freed } };
      };
    },
  };
}

export function registerSearchRoutes(router: Router, cluster: Cluster): void {
  const search = searchHandler(cluster);
  router.add(['GET', 'POST'], '/_search', search);
  router.add(['GET', 'POST'], '/{index}/_search', search);
  const msearch = msearchHandler(cluster);
  router.add(['GET', 'POST'], '/_msearch', msearch);
  router.add(['GET', 'POST'], '/{index}/_msearch', msearch);
  const count = countHandler(cluster);
  router.add(['GET', 'POST'], '/_count', count);
  router.add(['GET', 'POST'], '/{index}/_count', count);
  const scroll = scrollHandler(cluster);
  router.add(['GET', 'POST'], '/_search/scroll', scroll);
  router.add(['GET', 'POST'], '/_search/scroll/{scroll_id}', scroll);
  const clear = clearScrollHandler(cluster);
  router.add('DELETE', '/_search/scroll', clear);
  router.add('DELETE', '/_search/scroll/{scroll_id}', clear);
}
