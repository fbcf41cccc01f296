// `GET /_tasks` answers shaped as OpenSearch writes them (docs/opensearch/tasks-and-nodes.md), for the task list and tree tests
// and the bench.

export interface FakeTask {
  readonly node: string;
  readonly id: number;
  readonly action: string;
  readonly runningMs?: number;
  readonly cancellable?: boolean;
  readonly cancelled?: boolean;
  readonly parent?: string;
  readonly opaqueId?: string;
  readonly description?: string;
  readonly start?: number;
}

export interface FakeNode {
  readonly id: string;
  readonly name: string;
  readonly ip: string;
  readonly roles: readonly string[];
}

const NODES: readonly FakeNode[] = [
  { id: 'coord', name: 'os-coordinator-1', ip: '10.0.0.5', roles: [] },
  { id: 'hot1', name: 'os-data-hot-1', ip: '10.0.0.2', roles: ['cluster_manager', 'data', 'ingest'] },
  { id: 'hot2', name: 'os-data-hot-2', ip: '10.0.0.3', roles: ['cluster_manager', 'data', 'ingest'] },
];

export function taskInfo(task: FakeTask): Record<string, unknown> {
  const out: Record<string, unknown> = {
    node: task.node,
    id: task.id,
    type: 'transport',
    action: task.action,
    description: task.description ?? '',
    start_time_in_millis: task.start ?? 1_700_000_000_000 + task.id,
    running_time_in_nanos: Math.round((task.runningMs ?? 1) * 1e6),
    cancellable: task.cancellable ?? false,
    cancelled: task.cancelled ?? false,
  };
  if (task.parent !== undefined) out['parent_task_id'] = task.parent;
  out['headers'] = task.opaqueId === undefined ? {} : { 'X-Opaque-Id': task.opaqueId };
  out['resource_stats'] = {
    average: { cpu_time_in_nanos: 1000, memory_in_bytes: 2048 },
    total: { cpu_time_in_nanos: 2_500_000, memory_in_bytes: 65_536 },
    min: { cpu_time_in_nanos: 1000, memory_in_bytes: 2048 },
    max: { cpu_time_in_nanos: 1000, memory_in_bytes: 2048 },
    thread_info: { thread_executions: 2, active_threads: 1 },
  };
  if (task.cancelled === true) out['cancellation_time_millis'] = 1_700_000_100_000;
  return out;
}

/** group_by=nodes (the default): nodes with their tasks; nodes without tasks are left out, as the API does. */
export function byNodes(tasks: readonly FakeTask[], nodes: readonly FakeNode[] = NODES): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const node of nodes) {
    const mine = tasks.filter((t) => t.node === node.id);
    if (mine.length === 0) continue;
    out[node.id] = {
      name: node.name,
      transport_address: `${node.ip}:9300`,
      host: node.ip,
      ip: `${node.ip}:9300`,
      roles: node.roles,
      tasks: Object.fromEntries(mine.map((t) => [`${t.node}:${t.id}`, taskInfo(t)])),
    };
  }
  return { nodes: out };
}

/** A search with its shard tasks on two data nodes, a bulk, and the listing itself. */
export const SEARCH: readonly FakeTask[] = [
  {
    node: 'coord',
    id: 10,
    action: 'indices:data/read/search',
    runningMs: 12_400,
    cancellable: true,
    opaqueId: 'vscode-search-requests/run-1',
    description: 'indices[products], search_type[QUERY_THEN_FETCH], source[{"query":{"match_all":{}}}]',
  },
  {
    node: 'hot1',
    id: 20,
    action: 'indices:data/read/search[phase/query]',
    runningMs: 12_300,
    cancellable: true,
    parent: 'coord:10',
    opaqueId: 'vscode-search-requests/run-1',
  },
  {
    node: 'hot2',
    id: 30,
    action: 'indices:data/read/search[phase/query]',
    runningMs: 12_300,
    cancellable: true,
    parent: 'coord:10',
    opaqueId: 'vscode-search-requests/run-1',
  },
  { node: 'hot1', id: 21, action: 'indices:data/write/bulk', runningMs: 850, opaqueId: 'ingest-pipeline' },
  { node: 'coord', id: 11, action: 'cluster:monitor/tasks/lists', runningMs: 0.4, opaqueId: 'tasks-view' },
  { node: 'hot1', id: 22, action: 'cluster:monitor/tasks/lists[n]', runningMs: 0.2, parent: 'coord:11' },
  { node: 'hot2', id: 31, action: 'cluster:monitor/tasks/lists[n]', runningMs: 0.2, parent: 'coord:11' },
];
