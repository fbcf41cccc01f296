// Finding a run's tasks on the cluster by their X-Opaque-Id and cancelling them (docs/opensearch/tasks-and-nodes.md).
import type { ClusterClient } from './clusterClient';
import { isRequestFailure } from './failures';
import { taskPath } from './taskIdPath';

export interface TaskRef {
  /** `<node id>:<number>`. */
  readonly id: string;
  readonly action: string;
  readonly cancellable: boolean;
  readonly parent?: string;
  readonly opaqueId?: string;
}

export interface CancelReport {
  /** The run's tasks found on the cluster (all of them, children included). */
  readonly found: readonly TaskRef[];
  /** Ids of the tasks the cluster says it cancelled. */
  readonly cancelled: readonly string[];
  /** Node and task failures the cluster reported, and our own request failures. */
  readonly failures: readonly string[];
  /** Said instead of what was found, when the cluster has no tasks API (OpenSearch Serverless). */
  readonly note?: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function taskOf(id: string, raw: unknown): TaskRef | undefined {
  if (!isRecord(raw)) return undefined;
  const headers = isRecord(raw['headers']) ? raw['headers'] : {};
  const opaqueId = Object.entries(headers).find(([name]) => name.toLowerCase() === 'x-opaque-id')?.[1];
  const parent = raw['parent_task_id'];
  const node = typeof raw['node'] === 'string' ? raw['node'] : undefined;
  const taskId = typeof raw['id'] === 'number' && node !== undefined ? `${node}:${raw['id']}` : id;
  return {
    id: taskId,
    action: typeof raw['action'] === 'string' ? raw['action'] : '',
    cancellable: raw['cancellable'] === true,
    ...(typeof parent === 'string' ? { parent } : {}),
    ...(typeof opaqueId === 'string' ? { opaqueId } : {}),
  };
}

/** Every task of a `GET /_tasks` (or cancel) answer, whatever its `group_by`. */
export function tasksOf(answer: unknown): TaskRef[] {
  const out: TaskRef[] = [];
  const visit = (id: string, raw: unknown): void => {
    const task = taskOf(id, raw);
    if (task !== undefined) out.push(task);
    if (isRecord(raw) && Array.isArray(raw['children'])) {
      for (const child of raw['children']) visit('', child);
    }
  };
  if (!isRecord(answer)) return out;
  const nodes = answer['nodes'];
  if (isRecord(nodes)) {
    for (const node of Object.values(nodes)) {
      if (isRecord(node) && isRecord(node['tasks'])) {
        for (const [id, raw] of Object.entries(node['tasks'])) visit(id, raw);
      }
    }
  }
  const tasks = answer['tasks'];
  if (Array.isArray(tasks)) for (const raw of tasks) visit('', raw);
  else if (isRecord(tasks)) for (const [id, raw] of Object.entries(tasks)) visit(id, raw);
  return out;
}

/** `node_failures` and `task_failures` of an answer, as messages. */
export function failuresOf(answer: unknown): string[] {
  if (!isRecord(answer)) return [];
  const out: string[] = [];
  for (const key of ['node_failures', 'task_failures']) {
    const list = answer[key];
    if (!Array.isArray(list)) continue;
    for (const failure of list) {
      if (!isRecord(failure)) continue;
      const cause = isRecord(failure['caused_by'])
        ? failure['caused_by']
        : isRecord(failure['reason'])
          ? failure['reason']
          : failure;
      const reason =
        typeof cause['reason'] === 'string'
          ? cause['reason']
          : typeof failure['reason'] === 'string'
            ? failure['reason']
            : JSON.stringify(failure);
      const type = typeof cause['type'] === 'string' ? `${cause['type']}: ` : '';
      out.push(`${type}${reason}`);
    }
  }
  return out;
}

export interface CancelOptions {
  /** X-Opaque-Id of the lookups and cancels themselves. */
  readonly requestOpaqueId: string;
  readonly timeoutMs?: number;
  /** How many times to look again when no task is found yet (a task registers a moment after the request). */
  readonly retries?: number;
  readonly retryDelayMs?: number;
}

/** The tasks whose X-Opaque-Id is exactly this one. */
export async function findTasks(
  client: ClusterClient,
  opaqueId: string,
  options: CancelOptions,
): Promise<{ tasks: TaskRef[]; failures: string[] }> {
  const { value } = await client.json({
    method: 'GET',
    path: '/_tasks',
    query: [{ name: 'detailed', value: 'true', hasValue: true }],
    opaqueId: options.requestOpaqueId,
    timeoutMs: options.timeoutMs ?? 5000,
  });
  return { tasks: tasksOf(value).filter((task) => task.opaqueId === opaqueId), failures: failuresOf(value) };
}

/**
 * Cancels the run's tasks: the top ones (a cancelled parent cancels its children), found by X-Opaque-Id. Never
 * throws: what failed is in the report.
 */
export async function cancelRunTasks(
  client: ClusterClient,
  opaqueId: string,
  options: CancelOptions,
): Promise<CancelReport> {
  const failures: string[] = [];
  let found: TaskRef[] = [];
  const retries = options.retries ?? 3;
  try {
    for (let attempt = 0; attempt <= retries; attempt++) {
      const result = await findTasks(client, opaqueId, options);
      found = result.tasks;
      failures.push(...result.failures);
      if (found.length > 0) break;
      if (attempt < retries) await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 150));
    }
  } catch (error) {
    failures.push(`finding the tasks failed: ${isRequestFailure(error) ? error.message : String(error)}`);
    return { found, cancelled: [], failures };
  }
  const ids = new Set(found.map((task) => task.id));
  const roots = found.filter((task) => task.cancellable && (task.parent === undefined || !ids.has(task.parent)));
  const cancelled = new Set<string>();
  await Promise.all(
    roots.map(async (task) => {
      try {
        const { value } = await client.json({
          method: 'POST',
          path: taskPath(task.id, '/_cancel'),
          opaqueId: options.requestOpaqueId,
          timeoutMs: options.timeoutMs ?? 5000,
        });
        for (const done of tasksOf(value)) cancelled.add(done.id);
        failures.push(...failuresOf(value));
      } catch (error) {
        failures.push(`cancelling ${task.id} failed: ${isRequestFailure(error) ? error.message : String(error)}`);
      }
    }),
  );
  return { found, cancelled: [...cancelled], failures };
}

/** One sentence for the user. */
export function describeCancel(report: CancelReport): string {
  const { found, cancelled, failures } = report;
  if (report.note !== undefined) return report.note;
  let text: string;
  if (found.length === 0) {
    text = 'No task of this run was running on the cluster any more.';
  } else if (cancelled.length === 0) {
    text = `Found ${found.length} task(s) of this run on the cluster, none cancelled.`;
  } else {
    const list = cancelled.slice(0, 3).join(', ') + (cancelled.length > 3 ? `, and ${cancelled.length - 3} more` : '');
    const actions = [...new Set(found.filter((t) => cancelled.includes(t.id)).map((t) => t.action))].join(', ');
    text = `Cancelled ${cancelled.length} task(s) on the cluster: ${list}${actions === '' ? '' : ` (${actions})`}.`;
  }
  if (failures.length > 0) text += ` ${failures.slice(0, 2).join('; ')}`;
  return text;
}
