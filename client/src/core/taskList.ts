// A `GET /_tasks` answer read into plain records, whatever its `group_by` (docs/opensearch/tasks-and-nodes.md): the tasks in the
// order of the answer, the nodes it describes (group_by=nodes only), and its node and task failures.
import { failuresOf } from './taskCancel';

export interface TaskNodeInfo {
  readonly id: string;
  readonly name?: string;
  readonly host?: string;
  /** As the tasks API gives it: the transport address, port included. */
  readonly ip?: string;
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
}

interface TaskUsage {
  readonly cpuTimeNanos: number;
  readonly memoryBytes: number;
}

interface TaskResourceStats {
  readonly total?: TaskUsage;
  readonly average?: TaskUsage;
  readonly min?: TaskUsage;
  readonly max?: TaskUsage;
  readonly threadExecutions?: number;
  readonly activeThreads?: number;
}

export interface TaskRecord {
  /** `<node id>:<number>`. */
  readonly id: string;
  readonly node: string;
  readonly type: string;
  readonly action: string;
  /** Only with `detailed`. */
  readonly description?: string;
  readonly status?: unknown;
  readonly startTimeMillis: number;
  readonly runningTimeNanos: number;
  readonly cancellable: boolean;
  readonly cancelled: boolean;
  readonly cancellationTimeMillis?: number;
  readonly parentTaskId?: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The `X-Opaque-Id` header of the request that started the task (children inherit it). */
  readonly opaqueId?: string;
  readonly resourceStats?: TaskResourceStats;
}

export interface TaskList {
  readonly tasks: readonly TaskRecord[];
  /** The nodes the answer describes (group_by=nodes), in the answer's order. */
  readonly nodes: ReadonlyMap<string, TaskNodeInfo>;
  /** `node_failures` and `task_failures`, as messages. */
  readonly failures: readonly string[];
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function usage(value: unknown): TaskUsage | undefined {
  if (!isRecord(value)) return undefined;
  return { cpuTimeNanos: num(value['cpu_time_in_nanos']) ?? 0, memoryBytes: num(value['memory_in_bytes']) ?? 0 };
}

function resourceStats(value: unknown): TaskResourceStats | undefined {
  if (!isRecord(value)) return undefined;
  const thread = isRecord(value['thread_info']) ? value['thread_info'] : undefined;
  const out: { -readonly [K in keyof TaskResourceStats]: TaskResourceStats[K] } = {};
  for (const key of ['total', 'average', 'min', 'max'] as const) {
    const read = usage(value[key]);
    if (read !== undefined) out[key] = read;
  }
  const executions = num(thread?.['thread_executions']);
  const active = num(thread?.['active_threads']);
  if (executions !== undefined) out.threadExecutions = executions;
  if (active !== undefined) out.activeThreads = active;
  return out;
}

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

function headersOf(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  let out: Record<string, string> | undefined;
  for (const name in value) {
    const header = value[name];
    if (typeof header === 'string') (out ??= {})[name] = header;
  }
  return out ?? NO_HEADERS;
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** One TaskInfo object; `key` is its key in the answer (`<node>:<id>`), used when `node`/`id` are missing. */
export function readTask(raw: unknown, key = ''): TaskRecord | undefined {
  if (!isRecord(raw)) return undefined;
  // Read a thousand times per refresh: plain assignments, no spread of optional fields.
  const node = str(raw['node']) ?? key.slice(0, Math.max(0, key.indexOf(':')));
  const number = num(raw['id']);
  // The answer's key is the task id, as a property name already hashed: maps look it up faster than a new string.
  const id = key !== '' ? key : number !== undefined && node !== '' ? `${node}:${number}` : '';
  if (id === '' || node === '') return undefined;
  const headers = headersOf(raw['headers']);
  const task: Mutable<TaskRecord> = {
    id,
    node,
    type: str(raw['type']) ?? 'transport',
    action: str(raw['action']) ?? '',
    startTimeMillis: num(raw['start_time_in_millis']) ?? 0,
    runningTimeNanos: num(raw['running_time_in_nanos']) ?? 0,
    cancellable: raw['cancellable'] === true,
    cancelled: raw['cancelled'] === true,
    headers,
  };
  const description = str(raw['description']);
  if (description !== undefined) task.description = description;
  if (raw['status'] !== undefined) task.status = raw['status'];
  const cancellationTimeMillis = num(raw['cancellation_time_millis']);
  if (cancellationTimeMillis !== undefined) task.cancellationTimeMillis = cancellationTimeMillis;
  const parentTaskId = str(raw['parent_task_id']);
  if (parentTaskId !== undefined) task.parentTaskId = parentTaskId;
  const opaqueId = headers['X-Opaque-Id'] ?? opaqueIdOf(headers);
  if (opaqueId !== undefined) task.opaqueId = opaqueId;
  if (raw['resource_stats'] !== undefined) {
    const stats = resourceStats(raw['resource_stats']);
    if (stats !== undefined) task.resourceStats = stats;
  }
  return task;
}

/** The header whatever its case (OpenSearch writes `X-Opaque-Id`). */
function opaqueIdOf(headers: Readonly<Record<string, string>>): string | undefined {
  for (const name in headers) if (name.toLowerCase() === 'x-opaque-id') return headers[name];
  return undefined;
}

function readNode(id: string, raw: Json): TaskNodeInfo {
  const name = str(raw['name']);
  const host = str(raw['host']);
  const ip = str(raw['ip']);
  const roles = Array.isArray(raw['roles']) ? raw['roles'].filter((r): r is string => typeof r === 'string') : [];
  return {
    id,
    ...(name === undefined ? {} : { name }),
    ...(host === undefined ? {} : { host }),
    ...(ip === undefined ? {} : { ip }),
    roles,
    attributes: headersOf(raw['attributes']),
  };
}

/** Reads a `GET /_tasks` (or `_cancel`) answer of any `group_by`. */
export function parseTaskList(answer: unknown): TaskList {
  const tasks: TaskRecord[] = [];
  const nodes = new Map<string, TaskNodeInfo>();
  if (!isRecord(answer)) return { tasks, nodes, failures: [] };
  // group_by=parents nests children; their parent_task_id says where they belong all the same.
  const visit = (raw: unknown, key: string): void => {
    const task = readTask(raw, key);
    if (task !== undefined) tasks.push(task);
    if (isRecord(raw) && Array.isArray(raw['children'])) for (const child of raw['children']) visit(child, '');
  };
  const byNode = answer['nodes'];
  if (isRecord(byNode)) {
    for (const [nodeId, raw] of Object.entries(byNode)) {
      if (!isRecord(raw)) continue;
      nodes.set(nodeId, readNode(nodeId, raw));
      if (isRecord(raw['tasks'])) for (const [key, task] of Object.entries(raw['tasks'])) visit(task, key);
    }
  }
  const list = answer['tasks'];
  if (Array.isArray(list)) for (const raw of list) visit(raw, '');
  else if (isRecord(list)) for (const [key, raw] of Object.entries(list)) visit(raw, key);
  return { tasks, nodes, failures: failuresOf(answer) };
}
