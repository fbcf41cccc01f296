// The Tasks view's tree, without VS Code: node groups at the top, each task under its parent task when the parent
// is listed (wherever it runs), else under its node. Each refresh is diffed against the previous one by task id, so
// that only the items whose text changed, and the parents whose children changed, are refreshed; elements are the
// same objects from one refresh to the next, so that VS Code keeps what is expanded. What each item shows is
// taskItems.ts.
import { formatRunningTime } from './format';
import { renderMessage, renderNode, renderTask, sameView, type TaskItemView } from './taskItems';
import type { TaskList, TaskNodeInfo, TaskRecord } from './taskList';

export type TaskState = 'running' | 'cancellable' | 'cancelling';

export type TaskElement =
  | { readonly kind: 'node'; readonly key: string; readonly nodeId: string }
  | { readonly kind: 'task'; readonly key: string; readonly taskId: string }
  | { readonly kind: 'message'; readonly key: string };

export interface TaskTreeContext {
  /** Whether an X-Opaque-Id is one of this window's runs. */
  readonly isOurs: (opaqueId: string) => boolean;
  /** Tasks not to show (the view's own `_tasks` requests); their descendants are not shown either. */
  readonly isHidden?: (task: TaskRecord) => boolean;
  /** Tasks a cancel was sent for: they show as cancelling until the cluster says so itself, or they are gone. */
  readonly cancelRequested?: ReadonlySet<string>;
}

export interface TreeUpdate {
  /** The top level changed: refresh the whole view. */
  readonly root: boolean;
  /** Otherwise, the elements to refresh (none of them inside another). */
  readonly elements: readonly TaskElement[];
  readonly added: readonly string[];
  readonly removed: readonly string[];
  /** Tasks still there whose item changed (running time, state). */
  readonly changed: readonly string[];
}

/** A shown task, as plain data (what `searchRequests.refreshTasks` returns). */
export interface ShownTask {
  readonly id: string;
  readonly node: string;
  readonly nodeName?: string;
  readonly action: string;
  readonly description?: string;
  readonly runningTime: string;
  readonly runningTimeMs: number;
  readonly state: TaskState;
  readonly ours: boolean;
  readonly opaqueId?: string;
  readonly parentTaskId?: string;
}

function taskState(task: TaskRecord, cancelRequested?: ReadonlySet<string>): TaskState {
  if (task.cancelled || cancelRequested?.has(task.id) === true) return 'cancelling';
  return task.cancellable ? 'cancellable' : 'running';
}

/**
 * An element with what the tree knows of it. Elements are the objects VS Code holds: what changes from one answer
 * to the next lives on them, so that an update costs two map lookups per task.
 */
type Slot = TaskElement & {
  record?: TaskRecord;
  info?: TaskNodeInfo;
  view?: TaskItemView;
  state?: TaskState;
  ours?: boolean;
  parent: Slot | null;
  children: Slot[] | undefined;
  /** The update that last saw it. */
  stamp: number;
  count: number;
  next: Slot[] | undefined;
};

function slot(element: TaskElement): Slot {
  return Object.assign(element, { parent: null, children: undefined, stamp: 0, count: 0, next: undefined });
}

function byStart(a: Slot, b: Slot): number {
  const x = a.record!;
  const y = b.record!;
  return x.startTimeMillis - y.startTimeMillis || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0);
}

function sameSlots(a: readonly Slot[] | undefined, b: readonly Slot[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export class TaskTree {
  private stamp = 0;
  private tasks = new Map<string, Slot>();
  private nodes = new Map<string, Slot>();
  private roots: Slot[] = [];
  private message: { text: string; error: boolean; slot: Slot } | undefined;

  /** Takes a new answer; says what to refresh. With `emptyMessage`, no task to show shows that message instead. */
  update(list: TaskList, context: TaskTreeContext, emptyMessage?: string): TreeUpdate {
    const shown = this.visible(list.tasks, context);
    if (shown.length === 0 && emptyMessage !== undefined) return this.showMessage(emptyMessage, false);
    const stamp = ++this.stamp;
    const tasks = new Map<string, Slot>();
    const added: string[] = [];
    for (const task of shown) {
      let current = this.tasks.get(task.id);
      if (current === undefined) {
        current = slot({ kind: 'task', key: `task:${task.id}`, taskId: task.id });
        added.push(task.id);
      }
      current.record = task;
      current.stamp = stamp;
      current.next = undefined;
      tasks.set(task.id, current);
    }

    // Each task under its parent task when that is shown, else under its node; nodes in the answer's order.
    const nodes = new Map<string, Slot>();
    const nodeOf = (id: string): Slot => {
      let current = nodes.get(id);
      if (current === undefined) {
        current = this.nodes.get(id) ?? slot({ kind: 'node', key: `node:${id}`, nodeId: id });
        current.stamp = stamp;
        current.count = 0;
        current.next = undefined;
        current.parent = null;
        const info = list.nodes.get(id);
        if (info === undefined) delete current.info;
        else current.info = info;
        nodes.set(id, current);
      }
      return current;
    };
    for (const id of list.nodes.keys()) nodeOf(id);
    for (const current of tasks.values()) {
      const task = current.record!;
      const node = nodeOf(task.node);
      node.count++;
      const parent = (task.parentTaskId === undefined ? undefined : tasks.get(task.parentTaskId)) ?? node;
      current.parent = parent;
      if (parent.next === undefined) parent.next = [current];
      else parent.next.push(current);
    }
    // A node shows when tasks of its own are at the top: tasks under a parent of another node show there.
    const roots: Slot[] = [];
    for (const node of nodes.values()) if (node.next !== undefined) roots.push(node);

    // Which items show something else than before, and which parents have other children.
    const refresh: Slot[] = [];
    const changed: string[] = [];
    for (const current of tasks.values()) {
      const task = current.record!;
      const state = taskState(task, context.cancelRequested);
      const ours = task.opaqueId !== undefined && context.isOurs(task.opaqueId);
      current.state = state;
      current.ours = ours;
      if (current.next !== undefined && current.next.length > 1) current.next.sort(byStart);
      const before = current.view;
      const parentTask = current.parent?.record;
      const elsewhere =
        parentTask !== undefined && parentTask.node !== task.node
          ? (nodeOf(task.node).info?.name ?? task.node)
          : undefined;
      const view = renderTask(task, state, ours, current.next !== undefined, elsewhere);
      current.view = view;
      const moved = !sameSlots(current.children, current.next);
      current.children = current.next;
      if (before !== undefined && (moved || !sameView(before, view))) {
        refresh.push(current);
        if (!sameView(before, view)) changed.push(task.id);
      }
    }
    for (const node of roots) {
      if (node.next !== undefined && node.next.length > 1) node.next.sort(byStart);
      const before = node.view;
      const view = renderNode(node.kind === 'node' ? node.nodeId : '', node.info, node.count);
      node.view = view;
      const moved = !sameSlots(node.children, node.next);
      node.children = node.next;
      if (before !== undefined && (moved || !sameView(before, view))) refresh.push(node);
    }
    const removed: string[] = [];
    for (const [id, old] of this.tasks) if (old.stamp !== stamp) removed.push(id);
    const rootChanged = this.message !== undefined || !sameSlots(this.roots, roots);

    this.tasks = tasks;
    this.nodes = nodes;
    this.roots = roots;
    this.message = undefined;

    if (rootChanged) return { root: true, elements: [], added, removed, changed };
    // A refreshed element brings its subtree along: an element inside another refreshed one is not listed.
    const marked = new Set<Slot>(refresh);
    const elements: TaskElement[] = [];
    for (const current of refresh) {
      let ancestor = current.parent;
      while (ancestor !== null && !marked.has(ancestor)) ancestor = ancestor.parent;
      if (ancestor === null) elements.push(current);
    }
    return { root: false, elements, added, removed, changed };
  }

  /** Shows one message instead of the tasks (the cluster cannot be reached, no permission, nothing to show). */
  showMessage(text: string, error: boolean): TreeUpdate {
    const removed = [...this.tasks.keys()];
    const same = this.message?.text === text && this.message.error === error;
    const current = same && this.message !== undefined ? this.message.slot : slot({ kind: 'message', key: 'message' });
    current.view = renderMessage(text, error);
    this.tasks = new Map();
    this.nodes = new Map();
    this.roots = [current];
    this.message = { text, error, slot: current };
    return { root: !same || removed.length > 0, elements: [], added: [], removed, changed: [] };
  }

  get messageText(): string | undefined {
    return this.message?.text;
  }

  /** The slot of an element of the current tree (not one of an earlier answer). */
  private current(element: TaskElement): Slot | undefined {
    const known =
      element.kind === 'task'
        ? this.tasks.get(element.taskId)
        : element.kind === 'node'
          ? this.nodes.get(element.nodeId)
          : this.message?.slot;
    return known === element ? known : undefined;
  }

  getChildren(element?: TaskElement): readonly TaskElement[] {
    if (element === undefined) return this.roots;
    return this.current(element)?.children ?? [];
  }

  getParent(element: TaskElement): TaskElement | undefined {
    return this.current(element)?.parent ?? undefined;
  }

  view(element: TaskElement): TaskItemView | undefined {
    return this.current(element)?.view;
  }

  /** The element of a task, when it is shown. */
  taskElement(id: string): TaskElement | undefined {
    return this.tasks.get(id);
  }

  record(id: string): TaskRecord | undefined {
    return this.tasks.get(id)?.record;
  }

  node(id: string): TaskNodeInfo | undefined {
    return this.nodes.get(id)?.info;
  }

  /** Every shown task, in the order of the tree (depth first). */
  shown(): ShownTask[] {
    const out: ShownTask[] = [];
    const visit = (list: readonly Slot[] | undefined): void => {
      for (const current of list ?? []) {
        if (current.record !== undefined) out.push(this.describe(current));
        visit(current.children);
      }
    };
    visit(this.roots);
    return out;
  }

  /** The shown tasks' ids and actions (what the language server is told). */
  running(): { id: string; action: string }[] {
    const out: { id: string; action: string }[] = [];
    for (const current of this.tasks.values()) out.push({ id: current.record!.id, action: current.record!.action });
    return out;
  }

  private describe(current: Slot): ShownTask {
    const task = current.record!;
    const nodeName = this.nodes.get(task.node)?.info?.name;
    return {
      id: task.id,
      node: task.node,
      ...(nodeName === undefined ? {} : { nodeName }),
      action: task.action,
      ...(task.description === undefined ? {} : { description: task.description }),
      runningTime: formatRunningTime(task.runningTimeNanos),
      runningTimeMs: Math.round(task.runningTimeNanos / 1e6),
      state: current.state ?? 'running',
      ours: current.ours === true,
      ...(task.opaqueId === undefined ? {} : { opaqueId: task.opaqueId }),
      ...(task.parentTaskId === undefined ? {} : { parentTaskId: task.parentTaskId }),
    };
  }

  isOurs(id: string): boolean {
    return this.tasks.get(id)?.ours === true;
  }

  state(id: string): TaskState | undefined {
    return this.tasks.get(id)?.state;
  }

  /** The shown tasks that can be cancelled (not already cancelling). */
  cancellable(): TaskRecord[] {
    const out: TaskRecord[] = [];
    for (const current of this.tasks.values()) if (current.state === 'cancellable') out.push(current.record!);
    return out;
  }

  get size(): number {
    return this.tasks.size;
  }

  /** The tasks to show: not the hidden ones, nor their descendants (children inherit the request's headers). */
  private visible(tasks: readonly TaskRecord[], context: TaskTreeContext): readonly TaskRecord[] {
    const isHidden = context.isHidden;
    if (isHidden === undefined) return tasks;
    const hidden = new Set<string>();
    for (const task of tasks) if (isHidden(task)) hidden.add(task.id);
    if (hidden.size === 0) return tasks;
    // Descendants, whatever the order of the answer: a few passes at most (trees are shallow).
    for (let grew = true, pass = 0; grew && pass < 16; pass++) {
      grew = false;
      for (const task of tasks) {
        if (task.parentTaskId !== undefined && !hidden.has(task.id) && hidden.has(task.parentTaskId)) {
          hidden.add(task.id);
          grew = true;
        }
      }
    }
    return tasks.filter((task) => !hidden.has(task.id));
  }
}
