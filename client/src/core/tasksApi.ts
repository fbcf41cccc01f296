// The Tasks view's requests: list (with the view's filters), get one task, cancel one, cancel all that match
// (docs/opensearch/tasks-and-nodes.md). Cancel answers are 200 even when nothing was cancelled: what went wrong is in their
// `node_failures`, reported as OpenSearch words it.
import { BACKGROUND_LIMITS, readInBackground, type JsonReader, type JsonReaderHost } from './backgroundRead';
import type { ClusterClient, QueryParam } from './clusterClient';
import { isRequestFailure } from './failures';
import { taskPath } from './taskIdPath';
import { parseTaskList, type TaskList } from './taskList';

export interface TaskFilters {
  /** `actions` wildcard patterns (`*search*`); empty for every action. */
  readonly actions: readonly string[];
  /** A node filter (`data:true,zone:a`); empty for every node. */
  readonly nodes: string;
}

export const NO_FILTERS: TaskFilters = { actions: [], nodes: '' };

/**
 * Reads action patterns as typed: comma-separated, trimmed. The server takes any string, but an empty entry (`a,,b`,
 * a trailing comma) is surely a slip, so it is refused with a message.
 */
export function parseActionPatterns(text: string): { patterns: string[] } | { error: string } {
  if (text.trim() === '') return { patterns: [] };
  const patterns = text.split(',').map((p) => p.trim());
  const empty = patterns.findIndex((p) => p === '');
  if (empty !== -1) {
    return {
      error: `Pattern ${empty + 1} of ${patterns.length} is empty: separate patterns with single commas, e.g. *search*,indices:data/write/*`,
    };
  }
  if (patterns.some((p) => /\s/.test(p))) {
    return { error: 'Action names have no spaces: e.g. *search* or indices:data/read/search' };
  }
  return { patterns };
}

/** The view's filters in words, for its description. */
export function describeFilters(filters: TaskFilters): string {
  const parts: string[] = [];
  if (filters.actions.length > 0) parts.push(`actions: ${filters.actions.join(',')}`);
  if (filters.nodes !== '') parts.push(`nodes: ${filters.nodes}`);
  return parts.join(' · ');
}

function filterParams(filters: TaskFilters): QueryParam[] {
  const query: QueryParam[] = [];
  if (filters.actions.length > 0) query.push({ name: 'actions', value: filters.actions.join(','), hasValue: true });
  if (filters.nodes !== '') query.push({ name: 'nodes', value: filters.nodes, hasValue: true });
  return query;
}

export interface TaskRequestOptions {
  readonly opaqueId: string;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

/** A `GET /_tasks` answer read into a task list (in the worker when the answer is large). */
export const TASKS_READER: JsonReader<TaskList> = { name: 'tasks', read: parseTaskList };

function common(options: TaskRequestOptions): {
  opaqueId: string;
  timeoutMs: number;
  signal?: AbortSignal;
} {
  return {
    opaqueId: options.opaqueId,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
}

/**
 * Left out of the view's polls: resource stats are a third of a detailed answer and change at every poll, yet only a
 * tooltip shows them, and the tooltip reads the whole task (`GET /_tasks/<id>`) when it opens.
 */
const LIST_FILTER_PATH = '-nodes.*.tasks.*.resource_stats';

/**
 * `GET /_tasks?detailed=true` with the filters, grouped by node (the API's default, which names the nodes), without
 * the resource stats.
 */
export async function listTasks(
  client: ClusterClient,
  filters: TaskFilters,
  options: TaskRequestOptions & { readonly host?: JsonReaderHost },
): Promise<TaskList> {
  const answer = await readInBackground(
    client,
    {
      method: 'GET',
      path: '/_tasks',
      query: [
        { name: 'detailed', value: 'true', hasValue: true },
        ...filterParams(filters),
        { name: 'filter_path', value: LIST_FILTER_PATH, hasValue: true },
      ],
      maxBytes: BACKGROUND_LIMITS.tasks,
      ...common(options),
    },
    TASKS_READER,
    options.host,
  );
  // An error answer has no tasks: its failures (node_failures, the error's reason) are what it says.
  return answer.ok ? answer.value : parseTaskList(answer.error);
}

/** `GET /_tasks/<id>`: the answer as OpenSearch gives it (a 404 error body included). */
export async function getTask(
  client: ClusterClient,
  id: string,
  options: TaskRequestOptions,
): Promise<{ status: number; value: unknown }> {
  return client.json({ method: 'GET', path: taskPath(id), ...common(options) });
}

export interface CancelOutcome {
  /** Ids of the tasks the cluster says it cancelled. */
  readonly cancelled: readonly string[];
  /** `node_failures` and `task_failures` of the answer, e.g. `resource_not_found_exception: task [x:1] is not found`. */
  readonly failures: readonly string[];
  readonly status: number;
}

function outcome(status: number, value: unknown): CancelOutcome {
  const list = parseTaskList(value);
  const failures = [...list.failures];
  // An error answer (400, 404) has no task list: its reason is the failure.
  if (status >= 400 && typeof value === 'object' && value !== null) {
    const error = (value as { error?: unknown }).error;
    if (typeof error === 'string') failures.push(error);
    else if (typeof error === 'object' && error !== null) {
      const { type, reason } = error as { type?: unknown; reason?: unknown };
      failures.push(`${typeof type === 'string' ? `${type}: ` : ''}${typeof reason === 'string' ? reason : ''}`);
    }
  }
  return { cancelled: list.tasks.map((task) => task.id), failures, status };
}

/** `POST /_tasks/<id>/_cancel`. */
export async function cancelTask(
  client: ClusterClient,
  id: string,
  options: TaskRequestOptions,
): Promise<CancelOutcome> {
  const { status, value } = await client.json({ method: 'POST', path: taskPath(id, '/_cancel'), ...common(options) });
  return outcome(status, value);
}

/** `POST /_tasks/_cancel` with the filters: every cancellable task that matches them. */
export async function cancelMatching(
  client: ClusterClient,
  filters: TaskFilters,
  options: TaskRequestOptions,
): Promise<CancelOutcome> {
  const { status, value } = await client.json({
    method: 'POST',
    path: '/_tasks/_cancel',
    query: filterParams(filters),
    ...common(options),
  });
  return outcome(status, value);
}

/** One sentence for the user. */
export function describeCancelOutcome(what: string, result: CancelOutcome): string {
  const failures = result.failures.length > 0 ? ` ${result.failures.join('; ')}` : '';
  if (result.cancelled.length === 0) return `Nothing was cancelled (${what}).${failures}`;
  const list = result.cancelled.slice(0, 3).join(', ');
  const more = result.cancelled.length > 3 ? ` and ${result.cancelled.length - 3} more` : '';
  return `Cancelled ${result.cancelled.length === 1 ? 'task' : `${result.cancelled.length} tasks`} ${list}${more} (${what}).${failures}`;
}

/** What the Tasks view shows when listing failed: the failure's words, and for a 403 the permission it needs. */
export function describeListFailure(error: unknown): string {
  if (isRequestFailure(error)) {
    if (error.kind === 'forbidden') {
      return `${error.message} Listing tasks needs the cluster permission cluster:monitor/tasks/lists (e.g. the cluster_monitor privilege).`;
    }
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
