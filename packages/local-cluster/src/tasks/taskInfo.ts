// TaskInfo.toXContent, the three `group_by` shapes of ListTasksResponse, and task ids.
import type { Cluster } from '../cluster';
import { illegalArgument } from '../core/errors';
import { formatTimeValue, parseJavaLong } from '../core/values';
import type { Task } from './taskManager';

export interface RenderOptions {
  readonly detailed: boolean;
  readonly human: boolean;
}

function resourceStats(task: Task): Record<string, unknown> {
  const running = task.runningTimeNanos();
  const zero = { cpu_time_in_nanos: 0, memory_in_bytes: 0 };
  if (!task.resourceTracked) {
    return {
      average: zero,
      total: zero,
      min: zero,
      max: zero,
      thread_info: { thread_executions: 0, active_threads: 0 },
    };
  }
  // Only a fraction of wall time is spent on a CPU while a shard waits; memory grows with the work done.
  const cpu = Math.round(Math.min(running, 2_000_000 + running * 0.02));
  const memory = 65_536 + (task.id % 97) * 1024;
  const stats = { cpu_time_in_nanos: cpu, memory_in_bytes: memory };
  return {
    average: stats,
    total: stats,
    min: stats,
    max: stats,
    thread_info: { thread_executions: task.threadExecutions, active_threads: task.finished ? 0 : 1 },
  };
}

/**
 * A request a node sends to itself runs as a `direct` task; anything that came over the transport layer (or from the
 * REST layer) is a `transport` task.
 */
export function taskType(task: Task): 'direct' | 'transport' {
  return task.parent !== undefined && task.parent.node === task.node ? 'direct' : 'transport';
}

export function renderTaskInfo(task: Task, options: RenderOptions): Record<string, unknown> {
  const out: Record<string, unknown> = {
    node: task.node,
    id: task.id,
    type: taskType(task),
    action: task.action,
  };
  if (options.detailed) out.description = task.description;
  out.start_time_in_millis = task.startTimeMillis;
  if (options.human) out.start_time = new Date(task.startTimeMillis).toISOString();
  const running = task.runningTimeNanos();
  if (options.human) out.running_time = formatTimeValue(running);
  out.running_time_in_nanos = running;
  out.cancellable = task.cancellable;
  out.cancelled = task.cancelled;
  if (task.parent) out.parent_task_id = task.parent.taskId;
  out.headers = { ...task.headers };
  if (options.detailed) out.resource_stats = resourceStats(task);
  if (task.cancelled && task.cancellationTimeMillis !== undefined)
    out.cancellation_time_millis = task.cancellationTimeMillis;
  return out;
}

export type GroupBy = 'nodes' | 'parents' | 'none';

export function parseGroupBy(value: string | undefined): GroupBy {
  const v = value ?? 'nodes';
  if (v === 'nodes' || v === 'parents' || v === 'none') return v;
  throw illegalArgument(`[group_by] must be one of [nodes], [parents] or [none] but was [${v}]`);
}

/** TaskId(String): `node:id`; empty or `unset` means none; `-1` as id means none. */
export function parseTaskId(value: string | undefined): { node: string; id: number } | undefined {
  if (value === undefined || value === '' || value === 'unset') return undefined;
  const colon = value.indexOf(':');
  if (colon < 0) throw illegalArgument(`malformed task id ${value}`);
  const id = parseJavaLong(value.slice(colon + 1));
  if (id === undefined) throw illegalArgument(`malformed task id ${value}`);
  if (id === -1) return undefined;
  return { node: value.slice(0, colon), id };
}

export function renderTaskList(
  cluster: Cluster,
  tasks: readonly Task[],
  groupBy: GroupBy,
  options: RenderOptions,
  failures: { taskFailures?: unknown[]; nodeFailures?: unknown[] } = {},
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (failures.taskFailures && failures.taskFailures.length > 0) out.task_failures = failures.taskFailures;
  if (failures.nodeFailures && failures.nodeFailures.length > 0) out.node_failures = failures.nodeFailures;
  const sorted = [...tasks].sort((a, b) => a.startTimeMillis - b.startTimeMillis || a.id - b.id);
  if (groupBy === 'none') {
    out.tasks = sorted.map((t) => renderTaskInfo(t, options));
    return out;
  }
  if (groupBy === 'parents') {
    const included = new Set(sorted.map((t) => t.taskId));
    const group = (t: Task): Record<string, unknown> => {
      const info = renderTaskInfo(t, options);
      const children = sorted.filter((c) => c.parent === t).map(group);
      if (children.length > 0) info.children = children;
      return info;
    };
    const top: Record<string, unknown> = {};
    for (const t of sorted) {
      if (t.parent && included.has(t.parent.taskId)) continue;
      top[t.taskId] = group(t);
    }
    out.tasks = top;
    return out;
  }
  const nodes: Record<string, unknown> = {};
  for (const node of cluster.nodes) {
    const mine = sorted.filter((t) => t.node === node.id);
    if (mine.length === 0) continue;
    const entry: Record<string, unknown> = {
      name: node.name,
      transport_address: cluster.transportAddress(node),
      host: node.host,
      ip: cluster.transportAddress(node),
      roles: [...node.roles].sort(),
    };
    if (Object.keys(node.attributes).length > 0) entry.attributes = node.attributes;
    const taskMap: Record<string, unknown> = {};
    for (const t of mine) taskMap[t.taskId] = renderTaskInfo(t, options);
    entry.tasks = taskMap;
    nodes[node.id] = entry;
  }
  out.nodes = nodes;
  return out;
}
