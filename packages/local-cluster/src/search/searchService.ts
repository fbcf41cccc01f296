// Runs a search as query_then_fetch does: a `indices:data/read/search` task on the coordinating node, one
// `[phase/query]` child per shard on the node holding it (delayed by --latency, cancellable, bounded by the
// search timeout), then the merge of top hits, totals and aggregations, and the fetch phase.
import { encodeScrollId, type Cluster, type ScrollContext } from '../cluster';
import { acrossNodes, asOsError, illegalArgument, OsError, rootCauseOf } from '../core/errors';
import { float } from '../core/xcontent';
import { formatTimeValue } from '../core/values';
import { shardIdFor, type Doc, type Index, type Shard } from '../data/store';
import type { Task } from '../tasks/taskManager';
import { checkAggregationTree, runAggregations, validateAggregations, type ShardDocs } from './aggEngine';
import type { AggSpec } from './aggParser';
import { searchDescription } from './describe';
import { checkSortFields, compareKeys, filterSource, renderSortValue, sortValue, type SortKey } from './hits';
import { highlightHit } from './highlight';
import { matchedQueries, namedQueries } from './namedQueries';
import { resolveIndices } from './indexResolver';
import { refuseUnimplemented } from './refusals';
import { dfsStats, evaluate, NO_MATCH, scoringOf, shardStats, type ShardContext, type TermStats } from './queryEngine';
import { splitCommas, type SearchRequest } from './searchRequest';
import { TRACK_TOTAL_HITS_ACCURATE, TRACK_TOTAL_HITS_DISABLED, type SearchSource, type SortSpec } from './sourceParser';
import { analyze } from '../data/analysis';

const MAX_RESULT_WINDOW = 10000;
const DEFAULT_TRACK_TOTAL_HITS = 10000;

interface Candidate {
  readonly shardOrder: number;
  readonly pos: number;
  readonly score: number;
  readonly keys: SortKey[];
  /** The named queries the document matches, with their scores. */
  matched?: Map<string, number>;
}

interface ShardResult {
  readonly order: number;
  readonly index: Index;
  readonly shard: Shard;
  readonly node: string;
  readonly ctx: ShardContext;
  readonly top: Candidate[];
  readonly total: number;
  readonly maxScore: number;
  readonly aggDocs: number[];
  readonly terminatedEarly: boolean;
  readonly timedOut: boolean;
}

interface ShardFailure {
  readonly index: Index;
  readonly shardId: number;
  readonly node: string;
  readonly error: OsError;
}

/** Marks errors of the can_match phase (see queryPhase). */
const CAN_MATCH = new WeakSet<OsError>();

export interface SearchOptions {
  readonly parent?: Task;
  readonly headers: Record<string, string>;
  /** Called once the search task exists (to cancel it when the client goes away). */
  readonly onTask?: (task: Task) => void;
}

function resultWindowError(window: number): OsError {
  return new OsError(
    400,
    'illegal_argument_exception',
    `Result window is too large, from + size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${window}]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting.`,
  );
}

/** Waits `ms`, or less when the task is cancelled (throws) or the deadline passes (returns false). */
async function shardDelay(ms: number, task: Task, deadline: number | undefined): Promise<boolean> {
  if (ms <= 0) return true;
  const limit = deadline === undefined ? ms : Math.max(0, Math.min(ms, deadline - Date.now()));
  const timedOut = deadline !== undefined && limit < ms;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, limit);
    task.onCancel(() => {
      clearTimeout(timer);
      resolve();
    });
  });
  task.ensureNotCancelled();
  return !timedOut;
}

function chooseCopy(shard: Shard, preference: string | undefined, salt: number): string | undefined {
  const copies = [shard.primaryNode, ...shard.replicaNodes].filter((n): n is string => n !== undefined);
  if (copies.length === 0) return undefined;
  if (preference === '_primary' || preference === '_primary_first') return copies[0];
  return copies[salt % copies.length];
}

export async function executeSearch(
  cluster: Cluster,
  sr: SearchRequest,
  options: SearchOptions,
): Promise<Record<string, unknown>> {
  refuseUnimplemented(sr);
  // The URL's pipeline wins over the body's; one not defined (other than `_none`) fails. The pipelines defined here
  // have no processors: the search runs as without them.
  const pipeline = sr.searchPipeline ?? sr.source.searchPipeline;
  if (pipeline !== undefined && pipeline !== '_none' && !cluster.searchPipelines.has(pipeline)) {
    throw illegalArgument(`Pipeline ${pipeline} is not defined`);
  }
  // No index has a default pipeline here, and inline ones are refused above: without a name, none runs.
  const verbose = sr.verbosePipeline ?? sr.source.verbosePipeline ?? false;
  if (verbose && (pipeline === undefined || pipeline === '_none')) {
    throw illegalArgument("The 'verbose pipeline' option requires a search pipeline to be defined.");
  }
  if (sr.source.aggs) validateAggregations(sr.source.aggs);
  const start = Date.now();
  const local = cluster.topology.local;
  const task = cluster.tasks.register({
    node: local,
    action: 'indices:data/read/search',
    cancellable: true,
    ...(options.parent ? { parent: options.parent } : {}),
    description: () => searchDescription(sr),
    headers: options.headers,
    resourceTracked: true,
  });
  options.onTask?.(task);
  let cancelTimer: NodeJS.Timeout | undefined;
  if (sr.cancelAfterMs !== undefined && sr.cancelAfterMs > 0) {
    cancelTimer = setTimeout(() => {
      cluster.tasks.cancel(task, `Cancellation timeout of ${formatTimeValue(sr.cancelAfterMs! * 1e6)} is expired`);
    }, sr.cancelAfterMs);
  }
  try {
    return await runSearch(cluster, relevanceSort(sr), task, start);
  } finally {
    if (cancelTimer) clearTimeout(cancelTimer);
    cluster.tasks.unregister(task);
  }
}

async function runSearch(
  cluster: Cluster,
  sr: SearchRequest,
  task: Task,
  start: number,
): Promise<Record<string, unknown>> {
  const indices = resolveIndices(cluster.store, sr.indices, sr.indicesOptions);
  const s = sr.source;
  const from = s.from ?? 0;
  const size = s.size ?? 10;
  const deadline = s.timeoutMs !== undefined && s.timeoutMs >= 0 ? start + s.timeoutMs : undefined;
  const now = Date.now();
  const targets: { index: Index; shard: Shard; node: string | undefined }[] = [];
  let salt = task.id;
  for (const index of indices) {
    const selected = selectedShards(index, sr);
    for (const shard of index.shards) {
      if (selected !== undefined && !selected.has(shard.id)) continue;
      targets.push({ index, shard, node: chooseCopy(shard, sr.preference, salt++) });
    }
  }
  // dfs_query_then_fetch gathers the term statistics of every shard first, and each shard scores with them.
  const stats = sr.searchType === 'DFS_QUERY_THEN_FETCH' ? dfsStats(targets.map((t) => t.shard)) : undefined;
  const results: ShardResult[] = [];
  const failures: ShardFailure[] = [];
  await Promise.all(
    targets.map(async (t, order) => {
      if (t.node === undefined) {
        failures.push({
          index: t.index,
          shardId: t.shard.id,
          node: '',
          error: new OsError(503, 'no_shard_available_action_exception', 'No shard available'),
        });
        return;
      }
      try {
        results.push(await queryPhase(cluster, sr, task, t.index, t.shard, t.node, order, deadline, now, stats));
      } catch (e) {
        failures.push({ index: t.index, shardId: t.shard.id, node: t.node, error: asOsError(e) });
      }
    }),
  );
  results.sort((a, b) => a.order - b.order);
  // A feature this cluster does not implement, met on a shard, refuses the whole search.
  const refusal = failures.find((f) => f.error.status === 501);
  if (refusal !== undefined) throw refusal.error;
  if (targets.length > 0 && failures.length === targets.length) {
    throw allShardsFailed(cluster, failures, failures.every((f) => CAN_MATCH.has(f.error)) ? 'can_match' : 'query');
  }
  if (failures.length > 0 && sr.allowPartialSearchResults === false) {
    throw new OsError(500, 'search_phase_execution_exception', 'Partial shards failure', {
      metadata: { phase: 'query', grouped: true },
    });
  }
  const sort = s.sort;
  const merged: Candidate[] = results.flatMap((r) => r.top);
  merged.sort((a, b) => compareCandidates(a, b, sort));
  const byOrder = new Map(results.map((r) => [r.order, r]));
  const page = sr.scrollMs !== undefined ? merged : merged.slice(from, from + size);
  await fetchPhase(cluster, task, page, byOrder);
  const hits = page.map((c) => renderHit(cluster, sr, byOrder.get(c.shardOrder)!, c));
  const upTo = trackTotalHitsUpTo(sr);
  const totalCount = results.reduce((sum, r) => sum + r.total, 0);
  // The max score is kept for relevance order and with track_scores; 3.x also for a sort that starts with the score
  // descending.
  const scoresTracked =
    sort === undefined ||
    s.trackScores === true ||
    (cluster.release.major >= 3 && sort[0]?.field === '_score' && sort[0].order === 'desc');
  let maxScore: number | null = null;
  if (scoresTracked && size > 0 && totalCount > 0) maxScore = Math.max(...results.map((r) => r.maxScore));
  // Without a single shard to ask, the merged top docs are empty ones whose max score is 0, not NaN.
  if (targets.length === 0) maxScore = 0;
  const hitsObj: Record<string, unknown> = {};
  if (upTo !== TRACK_TOTAL_HITS_DISABLED) {
    const value = Math.min(totalCount, upTo);
    if (sr.restTotalHitsAsInt) hitsObj.total = value;
    else hitsObj.total = { value, relation: totalCount > upTo ? 'gte' : 'eq' };
  } else if (sr.restTotalHitsAsInt) {
    hitsObj.total = -1;
  }
  hitsObj.max_score = maxScore === null || !Number.isFinite(maxScore) ? null : float(maxScore);
  hitsObj.hits = sr.scrollMs !== undefined ? hits.slice(0, size) : hits;
  const body: Record<string, unknown> = {};
  let scroll: ScrollContext | undefined;
  if (sr.scrollMs !== undefined) {
    const contexts = results.map(() => cluster.nextContextId++);
    const id = encodeScrollId(contexts);
    scroll = {
      hits,
      total: hitsObj.total,
      pageSize: size,
      offset: size,
      expires: Date.now() + sr.scrollMs,
      shards: {},
      contexts,
    };
    cluster.scrolls.set(id, scroll);
    body._scroll_id = id;
  }
  body.took = Date.now() - start;
  if (sr.phaseTook === true) {
    body.phase_took = { dfs_pre_query: 0, query: body.took, fetch: 0, dfs_query: 0, expand: 0, can_match: 0 };
  }
  body.timed_out = results.some((r) => r.timedOut);
  if (results.some((r) => r.terminatedEarly) || countedFromStatistics(cluster, s, indices))
    body.terminated_early = true;
  const shardsObj: Record<string, unknown> = {
    total: targets.length,
    successful: results.length,
    skipped: 0,
    failed: failures.length,
  };
  if (failures.length > 0) {
    shardsObj.failures = groupFailures(failures.map((f) => received(cluster, f))).map(renderShardFailure);
  }
  body._shards = shardsObj;
  if (scroll !== undefined) Object.assign(scroll.shards, shardsObj);
  body.hits = hitsObj;
  if (s.aggs) {
    const sets: ShardDocs[] = results.map((r) => ({ ctx: r.ctx, positions: r.aggDocs }));
    const aggs = runAggregations(s.aggs, sets);
    body.aggregations = sr.typedKeys ? typedKeys(s.aggs, aggs, results) : aggs;
  }
  return body;
}

/**
 * The shards of an index a search goes to: those its routing values hash to (OperationRouting), and those a
 * `_shards:` preference names; all of them otherwise.
 */
function selectedShards(index: Index, sr: SearchRequest): Set<number> | undefined {
  let out: Set<number> | undefined;
  if (sr.routing !== undefined && sr.routing !== '') {
    out = new Set(splitCommas(sr.routing).map((r) => shardIdFor(r, index.numberOfShards)));
  }
  const preference = sr.preference;
  if (preference?.startsWith('_shards:') === true) {
    const list = preference.slice('_shards:'.length).split('|')[0] ?? '';
    const ids = new Set(list.split(',').map((x) => Number(x.trim())));
    out = out === undefined ? ids : new Set([...out].filter((id) => ids.has(id)));
  }
  return out;
}

/**
 * OpenSearch 3.x reports `terminated_early` for a search that collects no hit (`size: 0`) but aggregates, when Lucene
 * can count the query's hits from the index statistics instead of visiting them (Weight.count): no query, match_all,
 * a single term, an exists query, a range on a date. The aggregations still see every document.
 */
function countedFromStatistics(cluster: Cluster, s: SearchSource, indices: readonly Index[]): boolean {
  if (cluster.release.major < 3 || s.size !== 0 || s.aggs === undefined || s.postFilter !== undefined) return false;
  if (s.terminateAfter !== undefined || s.minScore !== undefined) return false;
  const q = s.query;
  if (q === undefined || q.type === 'match_all') return true;
  const typeOf = (field: string): string | undefined => {
    for (const index of indices) {
      const info = index.fields.get(field);
      if (info !== undefined) return info.type;
    }
    return undefined;
  };
  switch (q.type) {
    case 'term':
      return !q.caseInsensitive && (typeOf(q.field) === 'keyword' || typeOf(q.field) === 'text');
    case 'match': {
      const type = typeOf(q.field);
      if (type === 'keyword') return true;
      return type === 'text' && q.query !== null && analyze(String(q.query)).length === 1 && q.fuzziness === undefined;
    }
    case 'exists':
      return true;
    case 'range':
      return typeOf(q.field) === 'date';
    default:
      return false;
  }
}

/** SortBuilder.buildSort: a sort on the score alone, descending, is the relevance order (hits carry no sort values). */
function relevanceSort(sr: SearchRequest): SearchRequest {
  const sort = sr.source.sort;
  const only = sort?.length === 1 ? sort[0] : undefined;
  if (only?.field !== '_score' || only.order !== 'desc') return sr;
  const { sort: _dropped, ...source } = sr.source;
  return { ...sr, source };
}

/** How many hits are counted exactly: what the request says, else 10,000; a scroll counts them all. */
function trackTotalHitsUpTo(sr: SearchRequest): number {
  const given = sr.source.trackTotalHitsUpTo;
  if (given !== undefined) return given;
  return sr.scrollMs !== undefined ? TRACK_TOTAL_HITS_ACCURATE : DEFAULT_TRACK_TOTAL_HITS;
}

function afterKey(v: unknown): SortKey {
  if (typeof v === 'number' || typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  return null;
}

function compareCandidates(a: Candidate, b: Candidate, sort: readonly SortSpec[] | undefined): number {
  if (sort === undefined || sort.length === 0) {
    if (a.score !== b.score) return b.score - a.score;
  } else {
    // Candidates have one key per sort spec.
    for (const [i, spec] of sort.entries()) {
      const c = compareKeys(a.keys[i]!, b.keys[i]!, spec.order);
      if (c !== 0) return c;
    }
  }
  if (a.shardOrder !== b.shardOrder) return a.shardOrder - b.shardOrder;
  return a.pos - b.pos;
}

async function queryPhase(
  cluster: Cluster,
  sr: SearchRequest,
  parent: Task,
  index: Index,
  shard: Shard,
  node: string,
  order: number,
  deadline: number | undefined,
  now: number,
  stats: TermStats | undefined,
): Promise<ShardResult> {
  const task = cluster.tasks.register({
    node,
    action: 'indices:data/read/search[phase/query]',
    cancellable: true,
    parent,
    description: `shardId[[${index.name}][${shard.id}]]`,
    resourceTracked: true,
  });
  const counter = cluster.counter(node);
  counter.queryCurrent++;
  const started = Date.now();
  try {
    const s = sr.source;
    const window = (s.from ?? 0) + (s.size ?? 10);
    if (sr.scrollMs === undefined && window > MAX_RESULT_WINDOW) throw resultWindowError(window);
    if (sr.scrollMs !== undefined && (s.size ?? 10) > MAX_RESULT_WINDOW) {
      throw new OsError(
        400,
        'illegal_argument_exception',
        `Batch size is too large, size must be less than or equal to: [${MAX_RESULT_WINDOW}] but was [${s.size ?? 10}]. Scroll batch sizes cost as much memory as result windows so they are controlled by the [index.max_result_window] index level setting.`,
      );
    }
    const inTime = await shardDelay(cluster.latencyFor(index.name), task, deadline);
    const docs = shard.list();
    const ctx: ShardContext = {
      index,
      shard,
      docs,
      now,
      major: cluster.release.major,
      scoring: scoringOf(cluster.release.major),
      stats: stats ?? shardStats(shard),
    };
    if (!inTime) {
      return {
        order,
        index,
        shard,
        node,
        ctx,
        top: [],
        total: 0,
        maxScore: -Infinity,
        aggDocs: [],
        terminatedEarly: false,
        timedOut: true,
      };
    }
    task.ensureNotCancelled();
    if (s.sort) {
      try {
        checkSortFields(index, s.sort);
      } catch (e) {
        // With a field as the primary sort, the can_match phase reads that field's bounds on each shard first, so
        // a field that cannot be sorted on fails there.
        const err = asOsError(e);
        if (s.sort[0]?.field !== '_score') CAN_MATCH.add(err);
        throw err;
      }
    }
    const scores = s.query ? evaluate(s.query, ctx) : new Float64Array(docs.length).fill(1);
    const post = s.postFilter ? evaluate(s.postFilter, ctx) : undefined;
    const aggDocs: number[] = [];
    const matched: number[] = [];
    let terminatedEarly = false;
    for (let i = 0; i < docs.length; i++) {
      const score = scores[i]!;
      if (score === NO_MATCH) continue;
      if (s.minScore !== undefined && score < s.minScore) continue;
      if (s.terminateAfter !== undefined && aggDocs.length >= s.terminateAfter) {
        terminatedEarly = true;
        break;
      }
      aggDocs.push(i);
      if (post && post[i] === NO_MATCH) continue;
      matched.push(i);
    }
    if (s.aggs) checkAggregations(s.aggs, ctx, aggDocs);
    const sort = s.sort;
    const candidates: Candidate[] = matched.map((pos) => {
      const doc = docs[pos]!;
      const score = scores[pos]!;
      return { shardOrder: order, pos, score, keys: sort ? sort.map((x) => sortValue(index, doc, x, score)) : [] };
    });
    const limit = sr.scrollMs !== undefined ? MAX_RESULT_WINDOW : window;
    candidates.sort((a, b) => compareCandidates(a, b, sort));
    if (s.searchAfter) {
      const after = s.searchAfter;
      const specs = sort ?? [{ field: '_score', order: 'desc' as const }];
      if (after.length !== specs.length) {
        throw illegalArgument(`search_after has ${after.length} value(s) but sort has ${specs.length}.`);
      }
      const kept = candidates.filter((cand) => {
        const keys = sort ? cand.keys : [cand.score];
        // One key per sort spec, and search_after was checked above to have one value per spec.
        for (const [i, spec] of specs.entries()) {
          const c = compareKeys(keys[i]!, afterKey(after[i]), spec.order);
          if (c !== 0) return c > 0;
        }
        return false;
      });
      candidates.length = 0;
      candidates.push(...kept);
    }
    const top = candidates.slice(0, limit);
    const named = namedQueries([s.query, s.postFilter]);
    if (named.length > 0) {
      const scored = named.map((q) => ({ name: q.name!, scores: evaluate(q, ctx) }));
      for (const c of top) c.matched = matchedQueries(scored, c.pos);
    }
    let maxScore = -Infinity;
    for (const pos of matched) {
      const score = scores[pos]!;
      if (score > maxScore) maxScore = score;
    }
    const upTo = trackTotalHitsUpTo(sr);
    const total = upTo === TRACK_TOTAL_HITS_DISABLED ? 0 : matched.length;
    return { order, index, shard, node, ctx, top, total, maxScore, aggDocs, terminatedEarly, timedOut: false };
  } finally {
    counter.queryCurrent--;
    counter.queryTotal++;
    counter.queryTimeMs += Date.now() - started;
    cluster.tasks.unregister(task);
  }
}

/** Runs the aggregations on one shard's documents so that a field error fails that shard, as on a real node. */
function checkAggregations(aggs: readonly AggSpec[], ctx: ShardContext, positions: number[]): void {
  checkAggregationTree(aggs);
  runAggregations(aggs, [{ ctx, positions: positions.slice(0, 1) }]);
}

async function fetchPhase(
  cluster: Cluster,
  parent: Task,
  page: readonly Candidate[],
  byOrder: Map<number, ShardResult>,
): Promise<void> {
  const shards = new Set(page.map((c) => c.shardOrder));
  for (const order of shards) {
    const r = byOrder.get(order);
    if (!r) continue;
    const t = cluster.tasks.register({
      node: r.node,
      action: 'indices:data/read/search[phase/fetch/id]',
      cancellable: true,
      parent,
      description: `id[${parent.id}], size[${page.filter((c) => c.shardOrder === order).length}]`,
      resourceTracked: true,
    });
    const counter = cluster.counter(r.node);
    counter.fetchTotal++;
    cluster.tasks.unregister(t);
  }
  await Promise.resolve();
}

function renderHit(_cluster: Cluster, sr: SearchRequest, r: ShardResult, c: Candidate): Record<string, unknown> {
  const doc: Doc = r.ctx.docs[c.pos]!;
  const s = sr.source;
  const hit: Record<string, unknown> = {};
  if (s.explain) {
    hit._shard = `[${r.index.name}][${r.shard.id}]`;
    hit._node = r.node;
  }
  const storedNone = s.storedFields?.length === 1 && s.storedFields[0] === '_none_';
  hit._index = r.index.name;
  // `stored_fields: _none_` loads no stored field at all, not even the id.
  if (!storedNone) hit._id = doc.id;
  if (s.version) hit._version = doc.version;
  if (s.seqNoPrimaryTerm) {
    hit._seq_no = doc.seqNo;
    hit._primary_term = doc.primaryTerm;
  }
  const scored = s.sort === undefined || s.trackScores === true || s.sort.some((x) => x.field === '_score');
  hit._score = scored ? float(c.score) : null;
  const fetch = s.source?.fetch ?? s.storedFields === undefined;
  if (fetch && !storedNone) hit._source = s.source ? filterSource(doc.source, s.source) : doc.source;
  if (s.highlight) {
    const h = highlightHit(s.highlight, s.query, r.index, doc);
    if (h) hit.highlight = h;
  }
  if (s.sort) hit.sort = s.sort.map((x, i) => renderSortValue(r.index, x, c.keys[i]!));
  if (c.matched !== undefined && c.matched.size > 0) {
    hit.matched_queries = sr.includeNamedQueriesScore
      ? Object.fromEntries([...c.matched].map(([name, score]) => [name, float(score)]))
      : [...c.matched.keys()];
  }
  if (s.explain) {
    hit._explanation = { value: float(c.score), description: `sum of:`, details: [] };
  }
  return hit;
}

function groupFailures(failures: readonly ShardFailure[]): ShardFailure[] {
  const seen = new Set<string>();
  const out: ShardFailure[] = [];
  for (const f of [...failures].sort((a, b) =>
    a.index.name < b.index.name ? -1 : a.index.name > b.index.name ? 1 : a.shardId - b.shardId,
  )) {
    const key = `${f.index.name}|${f.error.type}|${f.error.reason}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}

function renderShardFailure(f: ShardFailure): Record<string, unknown> {
  return { shard: f.shardId, index: f.index.name, node: f.node, reason: f.error.toCause() };
}

/** A shard failure as the coordinating node sees it: what came from another node went through the transport layer. */
function received(cluster: Cluster, f: ShardFailure): ShardFailure {
  return f.node === cluster.topology.local ? f : { ...f, error: acrossNodes(f.error) };
}

/**
 * SearchPhaseExecutionException "all shards failed": the failures grouped by index and cause, one root cause per
 * group (the root of each group's exception), and as its own cause the root of the first group's exception.
 */
function allShardsFailed(cluster: Cluster, failures: readonly ShardFailure[], phase: string): OsError {
  const grouped = groupFailures(failures.map((f) => received(cluster, f)));
  const first = grouped[0];
  if (first === undefined) throw new Error('allShardsFailed needs at least one shard failure');
  let status = first.error.status;
  for (const f of grouped) if (f.error.status >= 500) status = f.error.status;
  const err = new OsError(status, 'search_phase_execution_exception', 'all shards failed', {
    metadata: { phase, grouped: true },
  });
  err.extra = { failed_shards: grouped.map(renderShardFailure) };
  err.rootCauses = grouped.map((f) => (f.error.isOpenSearchException ? f.error.guessRootCauses() : [f.error])).flat();
  // Its cause is the root of the first failure; 2.19.1 renders it only when that root is another exception than the
  // failure's own (a wrapped Java exception, or a cause deeper down), 2.19.6 and 3.x always.
  const root = rootCauseOf(first.error);
  if (cluster.release.rootCauseAlways || root !== first.error) err.causedBy = root;
  return err;
}

const TYPED_NAMES: Record<string, string> = {
  value_count: 'value_count',
  cardinality: 'cardinality',
};

function typedKeys(
  specs: readonly AggSpec[],
  aggs: Record<string, unknown>,
  results: readonly ShardResult[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // In the order the aggregations were rendered (see runAggregations).
  const byName = new Map(specs.map((spec) => [spec.name, spec]));
  for (const name of Object.keys(aggs)) {
    const spec = byName.get(name);
    if (spec === undefined) continue;
    let prefix = TYPED_NAMES[spec.type] ?? spec.type;
    if (spec.type === 'terms') {
      const field = spec.params.field;
      const info =
        typeof field === 'string'
          ? results.map((r) => r.index.fields.get(field)).find((f) => f !== undefined)
          : undefined;
      prefix =
        info === undefined
          ? 'sterms'
          : ['keyword', 'ip', 'text'].includes(info.type)
            ? 'sterms'
            : ['double', 'float', 'half_float', 'scaled_float'].includes(info.type)
              ? 'dterms'
              : 'lterms';
    }
    const value = aggs[spec.name];
    out[`${prefix}#${spec.name}`] = spec.subs.length > 0 ? typedBuckets(spec, value, results) : value;
  }
  return out;
}

function typedBuckets(spec: AggSpec, value: unknown, results: readonly ShardResult[]): unknown {
  if (value === null || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  const subNames = new Set(spec.subs.map((x) => x.name));
  const rename = (b: Record<string, unknown>): Record<string, unknown> => {
    const sub: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [k, val] of Object.entries(b)) (subNames.has(k) ? sub : rest)[k] = val;
    return { ...rest, ...typedKeys(spec.subs, sub, results) };
  };
  if (Array.isArray(v.buckets)) return { ...v, buckets: (v.buckets as Record<string, unknown>[]).map(rename) };
  return rename(v);
}
