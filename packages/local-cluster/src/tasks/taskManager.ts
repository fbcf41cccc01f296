// Tasks as OpenSearch's TaskManager keeps them: per-node ids, parent links, X-Opaque-Id headers, cancellation
// that reaches the descendants, and waiting for completion.
import { taskCancelled } from '../core/errors';
import { simpleMatch } from '../core/simpleMatch';

export interface TaskOptions {
  readonly node: string;
  readonly action: string;
  readonly cancellable: boolean;
  readonly parent?: Task;
  readonly description?: string | (() => string);
  readonly headers?: Record<string, string>;
  /** Search tasks track CPU and memory (resource_stats). */
  readonly resourceTracked?: boolean;
}

export class Task {
  readonly startTimeMillis = Date.now();
  readonly startNanos = process.hrtime.bigint();
  cancelled = false;
  cancellationTimeMillis: number | undefined;
  reasonCancelled: string | undefined;
  readonly children = new Set<Task>();
  private readonly cancelListeners: ((reason: string) => void)[] = [];
  private finish!: () => void;
  readonly done: Promise<void>;
  finished = false;
  threadExecutions = 1;

  constructor(
    readonly node: string,
    readonly id: number,
    readonly action: string,
    readonly cancellable: boolean,
    readonly parent: Task | undefined,
    private readonly describe: string | (() => string),
    readonly headers: Record<string, string>,
    readonly resourceTracked: boolean,
  ) {
    this.done = new Promise((resolve) => {
      this.finish = resolve;
    });
  }

  get taskId(): string {
    return `${this.node}:${this.id}`;
  }

  get description(): string {
    return typeof this.describe === 'string' ? this.describe : this.describe();
  }

  runningTimeNanos(): number {
    return Number(process.hrtime.bigint() - this.startNanos);
  }

  onCancel(listener: (reason: string) => void): void {
    if (this.cancelled) listener(this.reasonCancelled ?? '');
    else this.cancelListeners.push(listener);
  }

  /** Throws the error a cancelled shard task raises. */
  ensureNotCancelled(): void {
    if (this.cancelled) throw taskCancelled(`cancelled task with reason: ${this.reasonCancelled ?? ''}`);
  }

  markCancelled(reason: string): void {
    if (this.cancelled) return;
    this.cancelled = true;
    this.reasonCancelled = reason;
    this.cancellationTimeMillis = Date.now();
    for (const l of this.cancelListeners.splice(0)) l(reason);
  }

  complete(): void {
    this.finished = true;
    this.finish();
  }
}

export interface TaskFilter {
  /** Node ids to look at (undefined: all). */
  readonly nodes?: ReadonlySet<string>;
  /** Regex.simpleMatch patterns on the action (empty: all). */
  readonly actions?: readonly string[];
  readonly parentTaskId?: string;
}

export class TaskManager {
  private readonly tasks = new Map<string, Task>();
  private readonly counters = new Map<string, number>();
  /** Cancellation counters per node, for `task_cancellation` node stats. */
  readonly cancelledSearchShardTasks = new Map<string, number>();
  readonly cancelledSearchTasks = new Map<string, number>();

  constructor(nodeIds: readonly string[]) {
    nodeIds.forEach((id, i) => this.counters.set(id, 1000 + i * 137));
  }

  register(options: TaskOptions): Task {
    if (options.parent?.cancelled) {
      throw taskCancelled(
        `The parent task was cancelled, shouldn't start any child tasks, ${options.parent.reasonCancelled ?? ''}`,
      );
    }
    const id = (this.counters.get(options.node) ?? 1) + 1;
    this.counters.set(options.node, id);
    const task = new Task(
      options.node,
      id,
      options.action,
      options.cancellable,
      options.parent,
      options.description ?? '',
      { ...(options.parent?.headers ?? {}), ...(options.headers ?? {}) },
      options.resourceTracked ?? false,
    );
    this.tasks.set(task.taskId, task);
    options.parent?.children.add(task);
    return task;
  }

  unregister(task: Task): void {
    this.tasks.delete(task.taskId);
    task.parent?.children.delete(task);
    task.complete();
  }

  get(taskId: string): Task | undefined {
    return this.tasks.get(taskId);
  }

  list(filter: TaskFilter): Task[] {
    const out: Task[] = [];
    for (const t of this.tasks.values()) {
      if (filter.nodes && !filter.nodes.has(t.node)) continue;
      if (filter.actions && filter.actions.length > 0 && !filter.actions.some((p) => simpleMatch(p, t.action)))
        continue;
      if (filter.parentTaskId !== undefined && t.parent?.taskId !== filter.parentTaskId) continue;
      out.push(t);
    }
    return out;
  }

  /** Cancels a task and its descendants (TaskCancellationService.cancelTaskAndDescendants). */
  cancel(task: Task, reason: string): void {
    if (!task.cancellable || task.cancelled) return;
    task.markCancelled(reason);
    if (task.action === 'indices:data/read/search') {
      this.cancelledSearchTasks.set(task.node, (this.cancelledSearchTasks.get(task.node) ?? 0) + 1);
    } else if (task.action.startsWith('indices:data/read/search[phase/')) {
      this.cancelledSearchShardTasks.set(task.node, (this.cancelledSearchShardTasks.get(task.node) ?? 0) + 1);
    }
    for (const child of [...task.children]) this.cancel(child, reason);
  }

  /** Resolves when the task is done or the timeout passes (false). */
  async waitFor(task: Task, timeoutMs: number): Promise<boolean> {
    if (task.finished) return true;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => {
        resolve(false);
      }, timeoutMs);
    });
    const result = await Promise.race([task.done.then(() => true), timeout]);
    clearTimeout(timer);
    return result;
  }

  /** Waits for a task and all its descendants. */
  async waitForDescendants(task: Task, timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const ok = await this.waitFor(task, timeoutMs);
    if (!ok) return false;
    for (const child of [...task.children]) {
      if (!(await this.waitForDescendants(child, Math.max(0, deadline - Date.now())))) return false;
    }
    return true;
  }

  all(): Task[] {
    return [...this.tasks.values()];
  }
}
