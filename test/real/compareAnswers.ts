// How the local cluster's answer to a request is compared with real OpenSearch's answer to the same request, on the
// same data and the same nodes. What is compared, and what is set aside because it legitimately differs:
//
// - Always: the HTTP status. For errors: `type` and `reason` (first line only: Jackson appends the position in the
//   source on a second line), the root causes, the `caused_by` chain and the shard failures, with index uuids
//   masked. A plain-string error (`{"error": "...", "status": N}`) is compared as a string.
// - Searches (`_search`, `_count`, scroll, each `_msearch` item): the top-level sections present (so that a section
//   the local cluster leaves out, `profile` or `suggest`, shows), `timed_out`, `terminated_early`, the shard counts
//   (every compared cluster has the same shards, so they are not topology), `hits.total`, `max_score`, and the hits:
//   in their order, grouped by their sort values (or score), each group compared as a set of ids (the order inside a
//   group is how each engine breaks ties), except the groups cut by the page's edges, compared by size only. Each hit
//   is compared whole: `_index`, `_score`, `_source`, `fields`, `highlight`, `sort`, `matched_queries`, versions.
//   Aggregations are compared whole, the order of keys included (OpenSearch renders aggregations in the order a
//   HashMap of their names iterates). Numbers are equal within 1e-5 (relative): Lucene scores in 32-bit floats.
//   `took`, `_scroll_id` and `pit_id` are set aside (times and opaque handles). Two things depend on how each copy of
//   a shard was written (its segments and the order of documents in them), which differs from copy to copy and from
//   cluster to cluster with the same data: which documents come first in `_doc` order, so hits sorted on `_doc`
//   compare by how many share each sort value, and how far a `terminate_after` search gets, so with it the hits
//   compare by count and, when none are collected (`size: 0`, `_count`), the total is set aside (Lucene then counts
//   whole segments from their statistics).
// - Tasks: live tasks differ in ids, times and resource figures; each answer is reduced to its tasks (node, action,
//   parent's action, type, cancellable, cancelled, headers, and which optional fields are present), the node
//   metadata of the `nodes` grouping, and the failures. The tasks a real cluster runs by itself on its timers are
//   set aside (`BACKGROUND_TASK`).
// - Nodes: the `_nodes` envelope, the cluster name, the node ids, and per node its identity (name, host, ip, roles,
//   attributes, version) and the sections present (metrics differ in value from machine to machine).
// - `_cat`: the header and each row, with the columns that measure the machine (memory, load, sizes, times, process
//   ids, ports) or name live tasks masked; rows as a multiset unless the request sorts them (`s=`).
// - Anything else (index, document and cluster APIs): the whole body, with uuids, creation dates and build fields
//   masked.

import { parse as parseJsonc, type ParseError } from 'jsonc-parser';

export interface Answer {
  readonly status: number;
  readonly body: unknown;
}

export interface Exchange {
  readonly method: string;
  /** Path and query string, as sent. */
  readonly path: string;
  readonly body?: string;
}

export type Verdict =
  | { readonly kind: 'same' }
  | { readonly kind: 'refused'; readonly features: readonly string[]; readonly differences: readonly string[] }
  | { readonly kind: 'different'; readonly differences: readonly string[] };

/** The reason the local cluster gives when it refuses a feature it does not implement (HTTP 501). */
const REFUSAL = /^the local cluster does not implement (.+)$/;

const RELATIVE_TOLERANCE = 1e-5;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function show(v: unknown): string {
  const text = JSON.stringify(v) as string | undefined;
  if (text === undefined) return 'undefined';
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

function sameNumber(a: number, b: number): boolean {
  if (a === b) return true;
  return Math.abs(a - b) <= RELATIVE_TOLERANCE * Math.max(Math.abs(a), Math.abs(b)) + 1e-12;
}

/** Deep comparison; numbers within the tolerance; object keys in any order; `skip` names keys set aside. */
function deepDiff(
  real: unknown,
  local: unknown,
  where: string,
  out: string[],
  skip: ReadonlySet<string> = new Set(),
): void {
  if (typeof real === 'number' && typeof local === 'number') {
    if (!sameNumber(real, local)) out.push(`${where}: real ${real}, local ${local}`);
    return;
  }
  if (Array.isArray(real) && Array.isArray(local)) {
    if (real.length !== local.length) {
      out.push(
        `${where}: real has ${real.length} items, local ${local.length}: real ${show(real)}, local ${show(local)}`,
      );
      return;
    }
    real.forEach((r, i) => {
      deepDiff(r, local[i], `${where}[${i}]`, out, skip);
    });
    return;
  }
  if (isObject(real) && isObject(local)) {
    const keys = new Set([...Object.keys(real), ...Object.keys(local)]);
    for (const key of [...keys].sort()) {
      if (skip.has(key)) continue;
      if (!(key in local)) out.push(`${where}.${key}: only real has it: ${show(real[key])}`);
      else if (!(key in real)) out.push(`${where}.${key}: only local has it: ${show(local[key])}`);
      else deepDiff(real[key], local[key], `${where}.${key}`, out, skip);
    }
    return;
  }
  if (real !== local) out.push(`${where}: real ${show(real)}, local ${show(local)}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Errors

/** Reasons as compared: the first line only, index uuids masked. */
function normalizeReason(reason: unknown): unknown {
  if (typeof reason !== 'string') return reason;
  return (
    reason
      .split('\n')[0]!
      .replace(/\[([^\][/]+)\/[A-Za-z0-9_-]{22}\]/g, '[$1/<uuid>]')
      // A search context id is a counter of the node that held the context.
      .replace(/^No search context found for id \[\d+\]$/, 'No search context found for id [<n>]')
  );
}

function errorCore(error: unknown, depth = 0): Json {
  if (!isObject(error) || depth > 8) return null;
  const out: { [key: string]: Json } = {
    type: (error.type ?? null) as Json,
    reason: normalizeReason(error.reason) as Json,
  };
  for (const key of ['index', 'resource.type', 'resource.id', 'phase', 'line', 'col']) {
    if (key in error) out[key] = error[key] as Json;
  }
  if (Array.isArray(error.root_cause)) out.root_cause = error.root_cause.map((c) => errorCore(c, depth + 1));
  if (isObject(error.caused_by)) out.caused_by = errorCore(error.caused_by, depth + 1);
  if (Array.isArray(error.failed_shards)) {
    // One failure per index and cause (the shard reported is the first that failed, which is a race).
    const seen = new Map<string, Json>();
    for (const f of error.failed_shards as unknown[]) {
      if (!isObject(f)) continue;
      const reason = errorCore(f.reason, depth + 1);
      seen.set(`${String(f.index)} ${JSON.stringify(reason)}`, { index: (f.index ?? null) as Json, reason });
    }
    out.failed_shards = [...seen.keys()].sort().map((k) => seen.get(k)!);
  }
  return out;
}

function compareErrors(real: Answer, local: Answer, where: string, out: string[]): void {
  const r = isObject(real.body) ? real.body.error : undefined;
  const l = isObject(local.body) ? local.body.error : undefined;
  if (typeof r === 'string' || typeof l === 'string') {
    if (r !== l) out.push(`${where}: real error ${show(r)}, local error ${show(l)}`);
    return;
  }
  if (r === undefined && l === undefined) {
    deepDiff(real.body, local.body, where, out);
    return;
  }
  deepDiff(errorCore(r), errorCore(l), `${where}.error`, out);
}

// ---------------------------------------------------------------------------------------------------------------
// Searches

const SEARCH_SKIP = new Set(['took', '_scroll_id', 'pit_id', 'phase_took']);

interface PageEdges {
  /** The page may start inside a group of equal sort values (from > 0, search_after, a later scroll page). */
  readonly cutAtStart: boolean;
  /** Which documents fill the groups depends on the order of documents in each shard copy. */
  readonly copyOrder: boolean;
}

function sortKeyOf(hit: Record<string, unknown>): Json {
  if (Array.isArray(hit.sort)) return hit.sort as Json;
  return (hit._score ?? null) as Json;
}

function sameKey(a: Json, b: Json): boolean {
  const out: string[] = [];
  deepDiff(a, b, '', out);
  return out.length === 0;
}

function groups(hits: Record<string, unknown>[]): Record<string, unknown>[][] {
  const out: Record<string, unknown>[][] = [];
  for (const hit of hits) {
    const last = out.at(-1);
    if (last !== undefined && sameKey(sortKeyOf(last[0]!), sortKeyOf(hit))) last.push(hit);
    else out.push([hit]);
  }
  return out;
}

function idOf(hit: Record<string, unknown>, position?: number): string {
  // Hits of `stored_fields: _none_` carry no id: they are told apart by their place.
  if (hit._id === undefined && position !== undefined) return `${String(hit._index)}/#${position}`;
  return `${String(hit._index)}/${String(hit._id)}`;
}

function compareHits(
  real: Record<string, unknown>[],
  local: Record<string, unknown>[],
  pageFull: boolean,
  edges: PageEdges,
  where: string,
  out: string[],
): void {
  if (real.length !== local.length) {
    out.push(
      `${where}: real has ${real.length} hits, local ${local.length}: real ${show(real.map(idOf))}, local ${show(local.map(idOf))}`,
    );
    return;
  }
  const rg = groups(real);
  const lg = groups(local);
  if (rg.length !== lg.length) {
    out.push(
      `${where}: the hits fall in ${rg.length} groups of equal sort values on real, ${lg.length} on local: real ${show(real.map((h) => [idOf(h), sortKeyOf(h)]))}, local ${show(local.map((h) => [idOf(h), sortKeyOf(h)]))}`,
    );
    return;
  }
  const localById = new Map(local.map((h, i) => [idOf(h, i), h]));
  rg.forEach((group, i) => {
    const other = lg[i]!;
    const key = sortKeyOf(group[0]!);
    if (!sameKey(key, sortKeyOf(other[0]!))) {
      out.push(`${where}: group ${i} sorts on ${show(key)} on real, ${show(sortKeyOf(other[0]!))} on local`);
      return;
    }
    if (group.length !== other.length) {
      out.push(`${where}: group ${i} (${show(key)}) has ${group.length} hits on real, ${other.length} on local`);
      return;
    }
    const edge = (i === 0 && edges.cutAtStart) || (i === rg.length - 1 && pageFull);
    if (edge || edges.copyOrder) return;
    const realIds = group.map(idOf).sort();
    const localIds = other.map(idOf).sort();
    if (realIds.join() !== localIds.join()) {
      out.push(`${where}: group ${i} (${show(key)}): real ${show(realIds)}, local ${show(localIds)}`);
    }
  });
  if (edges.copyOrder) return;
  real.forEach((hit, i) => {
    const twin = localById.get(idOf(hit, i));
    if (twin !== undefined) deepDiff(hit, twin, `${where}[${idOf(hit, i)}]`, out);
  });
}

/** Objects whose keys are the same but in another order (deepDiff reports different keys). */
function keyOrderDiff(real: unknown, local: unknown, where: string, out: string[]): void {
  if (Array.isArray(real) && Array.isArray(local)) {
    real.forEach((r, i) => {
      keyOrderDiff(r, local[i], `${where}[${i}]`, out);
    });
    return;
  }
  if (!isObject(real) || !isObject(local)) return;
  const rk = Object.keys(real);
  const lk = Object.keys(local);
  if (rk.length === lk.length && rk.every((k) => k in local) && rk.some((k, i) => lk[i] !== k)) {
    out.push(`${where}: keys in another order: real ${rk.join(',')}, local ${lk.join(',')}`);
  }
  for (const k of rk) if (k in local) keyOrderDiff(real[k], local[k], `${where}.${k}`, out);
}

function compareSearchBody(
  real: Record<string, unknown>,
  local: Record<string, unknown>,
  request: SearchShape,
  where: string,
  out: string[],
): void {
  const keys = new Set([...Object.keys(real), ...Object.keys(local)]);
  for (const key of [...keys].sort()) {
    if (SEARCH_SKIP.has(key)) {
      if (key in real !== key in local) out.push(`${where}.${key}: present on ${key in real ? 'real' : 'local'} only`);
      continue;
    }
    if (key === 'hits' && isObject(real.hits) && isObject(local.hits)) {
      const rh = real.hits;
      const lh = local.hits;
      const uncounted = request.terminateAfter && request.size === 0;
      deepDiff(
        { ...rh, hits: null, ...(uncounted ? { total: null } : {}) },
        { ...lh, hits: null, ...(uncounted ? { total: null } : {}) },
        `${where}.hits`,
        out,
      );
      const realHits = Array.isArray(rh.hits) ? (rh.hits as Record<string, unknown>[]) : [];
      const localHits = Array.isArray(lh.hits) ? (lh.hits as Record<string, unknown>[]) : [];
      const pageFull = realHits.length >= request.size;
      compareHits(
        realHits,
        localHits,
        pageFull,
        { cutAtStart: request.cutAtStart, copyOrder: request.docOrder || request.terminateAfter },
        `${where}.hits.hits`,
        out,
      );
      continue;
    }
    if (key === 'count' && request.terminateAfter) continue;
    if (key === 'aggregations') keyOrderDiff(real[key], local[key], `${where}.${key}`, out);
    if (!(key in local)) out.push(`${where}.${key}: only real has it: ${show(real[key])}`);
    else if (!(key in real)) out.push(`${where}.${key}: only local has it: ${show(local[key])}`);
    else deepDiff(real[key], local[key], `${where}.${key}`, out);
  }
}

/** What the comparison needs to know of a search request: its page size and whether the page may start mid-group. */
interface SearchShape {
  readonly size: number;
  readonly cutAtStart: boolean;
  /** Sorted on `_doc`, the order of documents in each shard copy. */
  readonly docOrder: boolean;
  readonly terminateAfter: boolean;
}

function searchShape(path: string, body: unknown): SearchShape {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const b = isObject(body) ? body : {};
  const sizeParam = query.get('size');
  const size = sizeParam !== null ? Number(sizeParam) : typeof b.size === 'number' ? b.size : 10;
  const fromParam = query.get('from');
  const from = fromParam !== null ? Number(fromParam) : typeof b.from === 'number' ? b.from : 0;
  const scroll = /\/_search\/scroll/.test(path);
  const sortText = `${query.get('sort') ?? ''} ${JSON.stringify(b.sort ?? '')}`;
  const terminateAfter =
    (query.has('terminate_after') && query.get('terminate_after') !== '0') ||
    (typeof b.terminate_after === 'number' && b.terminate_after !== 0);
  return {
    size: /\/_count$/.test(path.split('?')[0]!) ? 0 : size,
    cutAtStart: from > 0 || b.search_after !== undefined || scroll,
    docOrder: sortText.includes('_doc'),
    terminateAfter,
  };
}

/** A request body as the cluster reads it (JSON with comments); undefined when it is not JSON. */
function parseJsonMaybe(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: false, disallowComments: false }) as unknown;
  return errors.length === 0 ? value : undefined;
}

/** The parsed header/body pairs of an `_msearch` body (for the page size of each item). */
function msearchBodies(body: string | undefined): unknown[] {
  if (body === undefined) return [];
  const lines = body.split('\n');
  const out: unknown[] = [];
  for (let i = 1; i < lines.length; i += 2) out.push(parseJsonMaybe(lines[i]));
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

interface TaskInfoLike {
  node?: unknown;
  id?: unknown;
  action?: unknown;
  type?: unknown;
  cancellable?: unknown;
  cancelled?: unknown;
  parent_task_id?: unknown;
  headers?: unknown;
  children?: unknown;
  [key: string]: unknown;
}

const TASK_VOLATILE = new Set([
  'id',
  'node',
  'parent_task_id',
  'start_time_in_millis',
  'start_time',
  'running_time_in_nanos',
  'running_time',
  'resource_stats',
  'status',
  'description',
  'cancellation_time_millis',
  'children',
]);

/**
 * Tasks a real cluster starts by itself, on timers of its own, whatever requests it gets: every 30 s each replicated
 * shard syncs its retention leases to its copies (`retention_lease_background_sync` and its `[p]`/`[r]` children),
 * shards sync their global checkpoints, the elected cluster manager gathers node and index statistics (the cluster
 * info service's `cluster:monitor/nodes/stats` and `indices:monitor/stats`), and the nodes check each other and recover
 * replicas (the `internal:` actions: fault detection every second, peer recovery). Whether one of them
 * is running at the moment of a listing is chance, so they are set aside on both sides (docs/opensearch/tasks-and-nodes.md).
 */
const BACKGROUND_TASK =
  /^(retention_lease_background_sync|indices:admin\/seq_no\/|cluster:monitor\/nodes\/stats|indices:monitor\/stats|internal:)/;

function isBackgroundTask(action: unknown): boolean {
  return typeof action === 'string' && BACKGROUND_TASK.test(action);
}

function taskRecords(body: unknown): Json[] {
  const byId = new Map<string, TaskInfoLike>();
  const collect = (t: unknown): void => {
    if (!isObject(t)) return;
    const task = t as TaskInfoLike;
    if (isBackgroundTask(task.action)) return;
    byId.set(`${String(task.node)}:${String(task.id)}`, task);
    if (Array.isArray(task.children)) for (const c of task.children) collect(c);
  };
  if (isObject(body)) {
    if (isObject(body.nodes)) {
      for (const node of Object.values(body.nodes)) {
        if (isObject(node) && isObject(node.tasks)) for (const t of Object.values(node.tasks)) collect(t);
      }
    }
    if (Array.isArray(body.tasks)) for (const t of body.tasks) collect(t);
    else if (isObject(body.tasks)) for (const t of Object.values(body.tasks)) collect(t);
    if (isObject(body.task)) collect(body.task);
  }
  const records = [...byId.values()].map((task) => {
    const parent = typeof task.parent_task_id === 'string' ? byId.get(task.parent_task_id) : undefined;
    const record: { [key: string]: Json } = {
      node: (task.node ?? null) as Json,
      action: (task.action ?? null) as Json,
      parent: typeof task.parent_task_id === 'string' ? ((parent?.action ?? '<not listed>') as Json) : null,
      type: (task.type ?? null) as Json,
      cancellable: (task.cancellable ?? null) as Json,
      cancelled: (task.cancelled ?? null) as Json,
      headers: (task.headers ?? null) as Json,
      fields: Object.keys(task)
        .filter((k) => k !== 'children')
        .sort(),
    };
    for (const [k, v] of Object.entries(task)) {
      if (!TASK_VOLATILE.has(k) && !(k in record)) record[k] = v as Json;
    }
    return record;
  });
  return records.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

function taskShape(body: unknown): Json {
  if (!isObject(body)) return body as Json;
  const out: { [key: string]: Json } = { keys: Object.keys(body).sort(), tasks: taskRecords(body) };
  if (isObject(body.nodes)) {
    const nodes: { [key: string]: Json } = {};
    for (const [id, node] of Object.entries(body.nodes)) {
      if (!isObject(node)) continue;
      const { tasks: _tasks, transport_address: address, ...rest } = node;
      // Transport addresses carry the port each node bound, which is chosen when it starts.
      const withoutPort = (v: unknown): Json => (typeof v === 'string' ? v.replace(/:\d+$/, ':<port>') : null);
      nodes[id] = {
        ...(rest as { [key: string]: Json }),
        ip: withoutPort(rest.ip),
        transport_address: withoutPort(address),
      };
    }
    out.nodes = nodes;
  }
  if ('completed' in body) out.completed = body.completed as Json;
  for (const key of ['node_failures', 'task_failures']) {
    if (Array.isArray(body[key])) out[key] = (body[key] as unknown[]).map((f) => errorCore(f));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// Nodes

const NODE_IDENTITY = ['name', 'host', 'ip', 'roles', 'attributes', 'version'];

function nodesShape(body: unknown, indexMetrics: boolean): Json {
  if (!isObject(body)) return body as Json;
  const envelope = isObject(body._nodes) ? { ...body._nodes } : body._nodes;
  if (isObject(envelope) && Array.isArray(envelope.failures)) {
    // Nodes answer in no particular order.
    envelope.failures = [...(envelope.failures as unknown[])].sort((a, b) =>
      JSON.stringify(a) < JSON.stringify(b) ? -1 : 1,
    );
  }
  const out: { [key: string]: Json } = {
    keys: Object.keys(body).sort(),
    _nodes: (envelope ?? null) as Json,
    cluster_name: (body.cluster_name ?? null) as Json,
  };
  if (isObject(body.nodes)) {
    const nodes: { [key: string]: Json } = {};
    for (const [id, node] of Object.entries(body.nodes)) {
      if (!isObject(node)) continue;
      const shape: { [key: string]: Json } = { sections: Object.keys(node).sort() };
      for (const key of NODE_IDENTITY) if (key in node) shape[key] = node[key] as Json;
      // Node stats give the transport address as `ip`, with the port each node bound when it started.
      if (typeof shape.ip === 'string') shape.ip = shape.ip.replace(/:\d+$/, ':<port>');
      if (indexMetrics && isObject(node.indices)) shape.indices = Object.keys(node.indices).sort();
      nodes[id] = shape;
    }
    out.nodes = nodes;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// _cat

const CAT_VOLATILE = new Set([
  'heap.percent',
  'heap.current',
  'heap.max',
  'ram.percent',
  'ram.current',
  'ram.max',
  'cpu',
  'load_1m',
  'load_5m',
  'load_15m',
  'uptime',
  'pid',
  'port',
  'http_address',
  'store.size',
  'pri.store.size',
  'uuid',
  'epoch',
  'timestamp',
  'start_time',
  'running_time',
  'running_time_ns',
  'task_id',
  'parent_task_id',
  'id',
  'creation.date',
  'creation.date.string',
  'file_desc.percent',
  'disk.used_percent',
  'disk.used',
  'disk.avail',
  'disk.total',
  'store',
  'docs',
  'segments.count',
  'segments.memory',
]);

function catCells(line: string): string[] {
  return line.trim().split(/\s+/);
}

function catShape(path: string, body: unknown): Json {
  const query = new URLSearchParams(path.split('?')[1] ?? '');
  const sorted = query.has('s');
  if (Array.isArray(body)) {
    const rows = (body as unknown[])
      .filter((row) => !(isObject(row) && isBackgroundTask(row.action)))
      .map((row) => {
        if (!isObject(row)) return row as Json;
        const out: { [key: string]: Json } = {};
        for (const [k, v] of Object.entries(row)) out[k] = CAT_VOLATILE.has(k) ? '<masked>' : (v as Json);
        return out;
      });
    return sorted ? rows : rows.map((r) => JSON.stringify(r)).sort();
  }
  if (typeof body !== 'string') return (body ?? null) as Json;
  const lines = body.split('\n').filter((l) => l.trim().length > 0);
  const verbose = query.has('v') && query.get('v') !== 'false';
  if (!verbose) {
    // Without a header the columns are unnamed: compare the shape (rows and cells per row).
    return lines.map((l) => catCells(l).length).sort();
  }
  const header = catCells(lines[0] ?? '');
  const action = header.indexOf('action');
  const rows = lines
    .slice(1)
    .map((l) => catCells(l))
    .filter((cells) => action < 0 || !isBackgroundTask(cells[action]))
    .map((cells) => cells.map((cell, i) => (CAT_VOLATILE.has(header[i] ?? '') ? '<masked>' : cell)).join(' '));
  return { header, rows: sorted ? rows : rows.sort() };
}

// ---------------------------------------------------------------------------------------------------------------
// Everything else

const GENERIC_SKIP = new Set([
  'took',
  'uuid',
  'cluster_uuid',
  'index_uuid',
  'creation_date',
  'build_type',
  'build_hash',
  'build_date',
  'provided_name',
  'version',
]);

function routeOf(path: string): string {
  return path.split('?')[0]!;
}

/** Compares one answer of the local cluster with real OpenSearch's answer to the same request. */
export function compareAnswers(request: Exchange, real: Answer, local: Answer): Verdict {
  const out: string[] = [];
  const route = routeOf(request.path);
  const refusal = refusalOf(local.body);
  if (local.status === 501 && refusal !== undefined) {
    return { kind: 'refused', features: [refusal], differences: [] };
  }
  if (real.status !== local.status) {
    out.push(
      `status: real ${real.status} ${show(errorSummary(real.body))}, local ${local.status} ${show(errorSummary(local.body))}`,
    );
    return { kind: 'different', differences: out };
  }
  if (real.status >= 400) {
    compareErrors(real, local, '', out);
    return out.length === 0 ? { kind: 'same' } : { kind: 'different', differences: out };
  }
  const refused: string[] = [];
  if (/(^|\/)_msearch$/.test(route)) {
    const bodies = msearchBodies(request.body);
    const r = isObject(real.body) ? real.body : {};
    const l = isObject(local.body) ? local.body : {};
    const rr = Array.isArray(r.responses) ? (r.responses as unknown[]) : [];
    const lr = Array.isArray(l.responses) ? (l.responses as unknown[]) : [];
    if (rr.length !== lr.length) out.push(`responses: real ${rr.length}, local ${lr.length}`);
    rr.forEach((item, i) => {
      const other = lr[i];
      if (!isObject(item) || !isObject(other)) return;
      const itemRefusal = refusalOf(other);
      if (other.status === 501 && itemRefusal !== undefined) {
        refused.push(itemRefusal);
        return;
      }
      const where = `responses[${i}]`;
      if (item.status !== other.status) {
        out.push(
          `${where}.status: real ${show(item.status)} ${show(errorSummary(item))}, local ${show(other.status)} ${show(errorSummary(other))}`,
        );
      } else if (typeof item.status === 'number' && item.status >= 400) {
        compareErrors({ status: item.status, body: item }, { status: item.status, body: other }, where, out);
      } else {
        compareSearchBody(item, other, searchShape('', bodies[i]), where, out);
      }
    });
    const topKeys = (o: Record<string, unknown>): string[] =>
      Object.keys(o)
        .filter((k) => k !== 'took')
        .sort();
    if (topKeys(r).join() !== topKeys(l).join()) out.push(`keys: real ${show(topKeys(r))}, local ${show(topKeys(l))}`);
  } else if (/(^|\/)(_search|_count)$|\/_search\/scroll(\/|$)/.test(route)) {
    if (isObject(real.body) && isObject(local.body)) {
      compareSearchBody(real.body, local.body, searchShape(request.path, parseJsonMaybe(request.body)), '', out);
    } else {
      deepDiff(real.body, local.body, '', out);
    }
  } else if (/^\/_tasks(\/|$)/.test(route)) {
    deepDiff(taskShape(real.body), taskShape(local.body), '', out);
  } else if (/^\/_nodes(\/|$)/.test(route)) {
    deepDiff(nodesShape(real.body, /\/stats/.test(route)), nodesShape(local.body, /\/stats/.test(route)), '', out);
  } else if (/^\/_cat(\/|$)/.test(route)) {
    deepDiff(catShape(request.path, real.body), catShape(request.path, local.body), '', out);
  } else {
    deepDiff(real.body, local.body, '', out, GENERIC_SKIP);
  }
  if (refused.length > 0) return { kind: 'refused', features: refused, differences: out };
  return out.length === 0 ? { kind: 'same' } : { kind: 'different', differences: out };
}

function refusalOf(body: unknown): string | undefined {
  if (!isObject(body) || !isObject(body.error)) return undefined;
  const reason = body.error.reason;
  if (typeof reason !== 'string') return undefined;
  return REFUSAL.exec(reason)?.[1];
}

function errorSummary(body: unknown): unknown {
  if (!isObject(body)) return typeof body === 'string' ? body.slice(0, 200) : body;
  const error = body.error;
  if (typeof error === 'string') return error;
  if (isObject(error)) return { type: error.type, reason: normalizeReason(error.reason) };
  return undefined;
}
