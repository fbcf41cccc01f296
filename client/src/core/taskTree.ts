// The Tasks view's tree, without VS Code: node groups at the top, each task under its parent task when the parent
// is listed (wherever it runs), else under its node. Each refresh is diffed against the previous one by task id, so
// that only the items whose text changed, and the parents whose children changed, are refreshed; elements are the
// same objects from one refresh to the next, so that VS Code keeps what is expanded.
import { formatBytes, formatRunningTime, withoutPort } from './format';
import type { TaskList, TaskNodeInfo, TaskRecord } from './taskList';

export type TaskState = 'running' | 'cancellable' | 'cancelling';

export type TaskElement =
  | { readonly kind: 'node'; readonly key: string; readonly nodeId: string }
  | { readonly kind: 'task'; readonly key: string; readonly taskId: string }
  | { readonly kind: 'message'; readonly key: string };

/** What one tree item shows; the VS Code adapter copies it into a TreeItem. */
export interface TaskItemView {
  readonly label: string;
  readonly description: string;
  /** A codicon id. */
  readonly icon: string;
  /** A theme color id for the icon. */
  readonly color?: string;
  readonly contextValue: string;
  /** 'none', or how the item opens the first time it is shown. */
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
}

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

const ROOT = '';

function taskKey(id: string): string {
  return `task:${id}`;
}

function nodeKey(id: string): string {
  return `node:${id}`;
}

function byStart(a: TaskRecord, b: TaskRecord): number {
  return a.startTimeMillis - b.startTimeMillis || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function sameList(a: readonly TaskElement[] | undefined, b: readonly TaskElement[] | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function fingerprint(view: TaskItemView): string {
  return `${view.label}\u0000${view.description}\u0000${view.icon}\u0000${view.color ?? ''}\u0000${view.contextValue}\u0000${view.collapsible}`;
}

export function taskState(task: TaskRecord, cancelRequested?: ReadonlySet<string>): TaskState {
  if (task.cancelled || cancelRequested?.has(task.id) === true) return 'cancelling';
  return task.cancellable ? 'cancellable' : 'running';
}

export class TaskTree {
  private records = new Map<string, TaskRecord>();
  private nodeInfos = new Map<string, TaskNodeInfo>();
  private readonly elements = new Map<string, TaskElement>();
  private children = new Map<string, readonly TaskElement[]>();
  private parents = new Map<string, string>();
  private views = new Map<string, TaskItemView>();
  private fingerprints = new Map<string, string>();
  private states = new Map<string, { state: TaskState; ours: boolean }>();
  private message: { text: string; error: boolean } | undefined;

  private element(key: string): TaskElement {
    let element = this.elements.get(key);
    if (element === undefined) {
      element = key.startsWith('task:')
        ? { kind: 'task', key, taskId: key.slice(5) }
        : key.startsWith('node:')
          ? { kind: 'node', key, nodeId: key.slice(5) }
          : { kind: 'message', key };
      this.elements.set(key, element);
    }
    return element;
  }

  /** Takes a new answer; says what to refresh. With `emptyMessage`, no task to show shows that message instead. */
  update(list: TaskList, context: TaskTreeContext, emptyMessage?: string): TreeUpdate {
    const shown = this.visible(list.tasks, context);
    if (shown.length === 0 && emptyMessage !== undefined) return this.showMessage(emptyMessage, false);
    const records = new Map<string, TaskRecord>();
    for (const task of shown) records.set(task.id, task);

    const groups = new Map<string, TaskRecord[]>();
    const nodeOrder: string[] = [...list.nodes.keys()];
    const seenNodes = new Set(nodeOrder);
    const tasksPerNode = new Map<string, number>();
    for (const task of shown) {
      tasksPerNode.set(task.node, (tasksPerNode.get(task.node) ?? 0) + 1);
      if (!seenNodes.has(task.node)) {
        seenNodes.add(task.node);
        nodeOrder.push(task.node);
      }
      const parent =
        task.parentTaskId !== undefined && records.has(task.parentTaskId)
          ? taskKey(task.parentTaskId)
          : nodeKey(task.node);
      let group = groups.get(parent);
      if (group === undefined) groups.set(parent, (group = []));
      group.push(task);
    }

    const children = new Map<string, readonly TaskElement[]>();
    const parents = new Map<string, string>();
    const rootList = nodeOrder.filter((id) => tasksPerNode.has(id)).map((id) => this.element(nodeKey(id)));
    children.set(ROOT, rootList);
    for (const element of rootList) parents.set(element.key, ROOT);
    for (const [parent, group] of groups) {
      group.sort(byStart);
      const list = group.map((task) => this.element(taskKey(task.id)));
      children.set(parent, list);
      for (const element of list) parents.set(element.key, parent);
    }

    const views = new Map<string, TaskItemView>();
    const fingerprints = new Map<string, string>();
    const states = new Map<string, { state: TaskState; ours: boolean }>();
    for (const task of shown) {
      const key = taskKey(task.id);
      const state = taskState(task, context.cancelRequested);
      const ours = task.opaqueId !== undefined && context.isOurs(task.opaqueId);
      states.set(task.id, { state, ours });
      const view = renderTask(task, state, ours, children.has(key));
      views.set(key, view);
      fingerprints.set(key, fingerprint(view));
    }
    for (const element of rootList) {
      if (element.kind !== 'node') continue;
      const view = renderNode(element.nodeId, list.nodes.get(element.nodeId), tasksPerNode.get(element.nodeId) ?? 0);
      views.set(element.key, view);
      fingerprints.set(element.key, fingerprint(view));
    }

    // What changed.
    const rootChanged = this.message !== undefined || !sameList(this.children.get(ROOT), rootList);
    const refresh = new Set<string>();
    for (const key of new Set([...this.children.keys(), ...children.keys()])) {
      if (key !== ROOT && !sameList(this.children.get(key), children.get(key))) refresh.add(key);
    }
    const changed: string[] = [];
    for (const [key, print] of fingerprints) {
      const before = this.fingerprints.get(key);
      if (before !== undefined && before !== print) {
        refresh.add(key);
        if (key.startsWith('task:')) changed.push(key.slice(5));
      }
    }
    const added = shown.filter((task) => !this.records.has(task.id)).map((task) => task.id);
    const removed = [...this.records.keys()].filter((id) => !records.has(id));
    for (const id of removed) this.elements.delete(taskKey(id));
    for (const key of [...this.elements.keys()]) {
      if (key.startsWith('node:') && !parents.has(key)) this.elements.delete(key);
    }

    this.records = records;
    this.nodeInfos = new Map(list.nodes);
    this.children = children;
    this.parents = parents;
    this.views = views;
    this.fingerprints = fingerprints;
    this.states = states;
    this.message = undefined;

    if (rootChanged) return { root: true, elements: [], added, removed, changed };
    // A refreshed element brings its subtree along: an element inside another refreshed one is not listed.
    const elements: TaskElement[] = [];
    for (const key of refresh) {
      if (!parents.has(key)) continue;
      let ancestor = parents.get(key);
      let covered = false;
      while (ancestor !== undefined && ancestor !== ROOT) {
        if (refresh.has(ancestor)) {
          covered = true;
          break;
        }
        ancestor = parents.get(ancestor);
      }
      if (!covered) elements.push(this.element(key));
    }
    return { root: false, elements, added, removed, changed };
  }

  /** Shows one message instead of the tasks (the cluster cannot be reached, no permission, nothing to show). */
  showMessage(text: string, error: boolean): TreeUpdate {
    const removed = [...this.records.keys()];
    const same = this.message?.text === text && this.message.error === error;
    this.records = new Map();
    this.nodeInfos = new Map();
    this.elements.clear();
    const element = this.element('message');
    this.children = new Map([[ROOT, [element]]]);
    this.parents = new Map([[element.key, ROOT]]);
    this.views = new Map([
      [
        element.key,
        {
          label: text,
          description: '',
          icon: error ? 'error' : 'info',
          ...(error ? { color: 'list.errorForeground' } : {}),
          contextValue: 'searchRequests.tasksMessage',
          collapsible: 'none',
        },
      ],
    ]);
    this.fingerprints = new Map();
    this.states = new Map();
    this.message = { text, error };
    return { root: !same || removed.length > 0, elements: [], added: [], removed, changed: [] };
  }

  get messageText(): string | undefined {
    return this.message?.text;
  }

  getChildren(element?: TaskElement): readonly TaskElement[] {
    return this.children.get(element?.key ?? ROOT) ?? [];
  }

  getParent(element: TaskElement): TaskElement | undefined {
    const parent = this.parents.get(element.key);
    return parent === undefined || parent === ROOT ? undefined : this.elements.get(parent);
  }

  view(element: TaskElement): TaskItemView | undefined {
    return this.views.get(element.key);
  }

  /** The element of a task, when it is shown. */
  taskElement(id: string): TaskElement | undefined {
    return this.records.has(id) ? this.element(taskKey(id)) : undefined;
  }

  record(id: string): TaskRecord | undefined {
    return this.records.get(id);
  }

  node(id: string): TaskNodeInfo | undefined {
    return this.nodeInfos.get(id);
  }

  /** Every shown task, in the order of the tree (depth first). */
  shown(): ShownTask[] {
    const out: ShownTask[] = [];
    const visit = (key: string): void => {
      for (const element of this.children.get(key) ?? []) {
        if (element.kind === 'task') {
          const task = this.records.get(element.taskId);
          const marks = this.states.get(element.taskId);
          if (task !== undefined && marks !== undefined) out.push(this.describe(task, marks));
        }
        visit(element.key);
      }
    };
    visit(ROOT);
    return out;
  }

  private describe(task: TaskRecord, marks: { state: TaskState; ours: boolean }): ShownTask {
    const nodeName = this.nodeInfos.get(task.node)?.name;
    return {
      id: task.id,
      node: task.node,
      ...(nodeName === undefined ? {} : { nodeName }),
      action: task.action,
      ...(task.description === undefined ? {} : { description: task.description }),
      runningTime: formatRunningTime(task.runningTimeNanos),
      runningTimeMs: Math.round(task.runningTimeNanos / 1e6),
      state: marks.state,
      ours: marks.ours,
      ...(task.opaqueId === undefined ? {} : { opaqueId: task.opaqueId }),
      ...(task.parentTaskId === undefined ? {} : { parentTaskId: task.parentTaskId }),
    };
  }

  isOurs(id: string): boolean {
    return this.states.get(id)?.ours === true;
  }

  state(id: string): TaskState | undefined {
    return this.states.get(id)?.state;
  }

  /** The shown tasks that can be cancelled (not already cancelling). */
  cancellable(): TaskRecord[] {
    return [...this.records.values()].filter((task) => this.states.get(task.id)?.state === 'cancellable');
  }

  get size(): number {
    return this.records.size;
  }

  private visible(tasks: readonly TaskRecord[], context: TaskTreeContext): TaskRecord[] {
    const isHidden = context.isHidden;
    if (isHidden === undefined) return [...tasks];
    const byId = new Map(tasks.map((task) => [task.id, task]));
    const hidden = new Map<string, boolean>();
    const check = (task: TaskRecord, depth: number): boolean => {
      const known = hidden.get(task.id);
      if (known !== undefined) return known;
      let result = isHidden(task);
      if (!result && task.parentTaskId !== undefined && depth < 64) {
        const parent = byId.get(task.parentTaskId);
        if (parent !== undefined) result = check(parent, depth + 1);
      }
      hidden.set(task.id, result);
      return result;
    };
    return tasks.filter((task) => !check(task, 0));
  }
}

const STATE_WORDS: Readonly<Record<TaskState, string>> = {
  running: 'running',
  cancellable: 'cancellable',
  cancelling: 'cancelling',
};

export function renderTask(task: TaskRecord, state: TaskState, ours: boolean, hasChildren: boolean): TaskItemView {
  const parts = [formatRunningTime(task.runningTimeNanos), STATE_WORDS[state]];
  if (ours) parts.push('yours');
  let icon: string;
  let color: string | undefined;
  if (state === 'cancelling') {
    icon = 'loading~spin';
    color = 'list.warningForeground';
  } else if (ours) {
    icon = 'account';
    color = 'charts.blue';
  } else {
    icon = state === 'cancellable' ? 'pulse' : 'circle-outline';
  }
  return {
    label: task.action === '' ? task.id : task.action,
    description: parts.join(' · '),
    icon,
    ...(color === undefined ? {} : { color }),
    contextValue: `searchRequests.task${state === 'running' ? '' : `.${state}`}${ours ? '.ours' : ''}`,
    collapsible: hasChildren ? 'collapsed' : 'none',
  };
}

export function renderNode(id: string, info: TaskNodeInfo | undefined, tasks: number): TaskItemView {
  const address = info?.ip === undefined ? info?.host : withoutPort(info.ip);
  return {
    label: info?.name ?? id,
    description: `${address === undefined ? '' : `${address} · `}${tasks} task${tasks === 1 ? '' : 's'}`,
    icon: 'server',
    contextValue: 'searchRequests.taskNode',
    collapsible: 'expanded',
  };
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]|<>]/g, '\\$&');
}

/** A fenced block that the text cannot close. */
function fenced(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}text\n${text}\n${fence}`;
}

function nanosText(nanos: number): string {
  return formatRunningTime(nanos);
}

/** The whole record, as Markdown, for the item's tooltip. */
export function taskTooltip(task: TaskRecord, node: TaskNodeInfo | undefined, state: TaskState, ours: boolean): string {
  const lines: string[] = [`**${escapeMarkdown(task.action)}** — ${STATE_WORDS[state]}`, ''];
  if (task.description !== undefined && task.description !== '') lines.push(fenced(task.description), '');
  const rows: [string, string][] = [
    ['Task id', `\`${task.id}\``],
    ['Node', `${escapeMarkdown(node?.name ?? task.node)}${node?.name === undefined ? '' : ` (\`${task.node}\`)`}`],
    ['Type', escapeMarkdown(task.type)],
    ['Started', task.startTimeMillis > 0 ? new Date(task.startTimeMillis).toISOString() : 'unknown'],
    ['Running for', formatRunningTime(task.runningTimeNanos)],
    ['Cancellable', task.cancellable ? 'yes' : 'no'],
  ];
  if (task.cancelled) {
    rows.push([
      'Cancelled',
      task.cancellationTimeMillis === undefined ? 'yes' : new Date(task.cancellationTimeMillis).toISOString(),
    ]);
  }
  if (task.parentTaskId !== undefined) rows.push(['Parent task', `\`${task.parentTaskId}\``]);
  rows.push(['X-Opaque-Id', task.opaqueId === undefined ? 'none' : `\`${task.opaqueId}\``]);
  if (ours) rows.push(['Started by', 'a run of this VS Code window']);
  const stats = task.resourceStats;
  if (stats?.total !== undefined) {
    rows.push(['CPU time', nanosText(stats.total.cpuTimeNanos)], ['Memory', formatBytes(stats.total.memoryBytes)]);
  }
  if (stats?.threadExecutions !== undefined) {
    rows.push([
      'Threads',
      `${stats.threadExecutions} execution${stats.threadExecutions === 1 ? '' : 's'}${stats.activeThreads === undefined ? '' : `, ${stats.activeThreads} active`}`,
    ]);
  }
  for (const [name, value] of Object.entries(task.headers)) {
    if (name.toLowerCase() !== 'x-opaque-id') rows.push([`Header ${escapeMarkdown(name)}`, escapeMarkdown(value)]);
  }
  lines.push(...rows.map(([name, value]) => `${name}: ${value}  `));
  if (task.status !== undefined) lines.push('', 'Status:', fenced(JSON.stringify(task.status, null, 2)));
  return lines.join('\n');
}
