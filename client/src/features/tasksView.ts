// The Tasks view (`searchRequests.tasks`): `GET /_tasks?detailed` of the active cluster, polled only while the view
// is visible and not paused, one request at a time; each answer is diffed (core/taskTree) and only the items that
// changed are refreshed. Errors show as one item in the view, never as a popup per refresh. The running tasks go to
// the language server (task id completion and hover); an empty list once the view has been hidden for a while. This
// file holds what the view shows and when; how an item looks is core/taskItems.ts and taskTreeItems.ts.
import * as vscode from 'vscode';
import { isRequestFailure } from '../core/failures';
import { Poller } from '../core/poller';
import { isInternalOpaqueId, opaqueIdFor } from '../core/runIds';
import type { TaskList } from '../core/taskList';
import { TaskTree, type ShownTask, type TaskElement, type TreeUpdate } from '../core/taskTree';
import { describeFilters, describeListFailure, listTasks, NO_FILTERS, type TaskFilters } from '../core/tasksApi';
import { SERVERLESS_TASKS, serverless } from '../core/serverless';
import type { ClusterStatePublisher } from './clusterStatePublisher';
import type { Services } from './services';
import { freshTaskTooltip, taskTreeItem } from './taskTreeItems';
import { COMMANDS, CONTEXT_KEYS, VIEWS } from '../../../server/src/protocol/manifest';

const FILTERS_KEY = 'searchRequests.tasks.filters';
/** Once the view has been hidden this long, the language server is told that no task is known to run. */
const HIDDEN_FORGET_MS = 60_000;
/** The shortest interval between refreshes while the window has no focus. */
const UNFOCUSED_MIN_MS = 10_000;

/** What `searchRequests.refreshTasks` returns. */
export interface TasksSnapshot {
  readonly cluster?: string;
  readonly filters: TaskFilters;
  readonly paused: boolean;
  readonly tasks: readonly ShownTask[];
  /** The message the view shows instead of tasks (no cluster, not reachable, no permission). */
  readonly message?: string;
  /** Node failures of the last answer. */
  readonly failures: readonly string[];
}

class NoCluster extends Error {
  constructor(readonly configured: boolean) {
    super('no active cluster');
  }
}

/** The active cluster has no tasks API (OpenSearch Serverless): said in place of the tasks, not as an error. */
class NoTasksApi extends NoCluster {
  constructor() {
    super(true);
    this.message = SERVERLESS_TASKS;
  }
}

function readFilters(value: unknown): TaskFilters {
  if (typeof value !== 'object' || value === null) return NO_FILTERS;
  const { actions, nodes } = value as { actions?: unknown; nodes?: unknown };
  return {
    actions: Array.isArray(actions) ? actions.filter((a): a is string => typeof a === 'string' && a !== '') : [],
    nodes: typeof nodes === 'string' ? nodes : '',
  };
}

/** Words for an error, with what to do about it. */
function explain(error: unknown): { text: string; command?: vscode.Command } {
  if (error instanceof NoTasksApi) return { text: error.message };
  if (error instanceof NoCluster) {
    return error.configured
      ? {
          text: 'No cluster is active: select one to see its tasks.',
          command: { title: 'Select Cluster', command: COMMANDS.selectCluster },
        }
      : {
          text: 'No cluster is configured: add one to see its tasks.',
          command: { title: 'Add Cluster', command: COMMANDS.addCluster },
        };
  }
  if (isRequestFailure(error) && error.kind === 'notChosen') {
    return { text: error.message, command: { title: 'Select Cluster', command: COMMANDS.selectCluster } };
  }
  if (isRequestFailure(error) && error.kind === 'secretMissing') {
    return {
      text: `${error.message} Set it to see the cluster's tasks.`,
      command: { title: 'Set Secret', command: COMMANDS.changeClusterSecret },
    };
  }
  return { text: describeListFailure(error) };
}

export class TasksView implements vscode.TreeDataProvider<TaskElement>, vscode.Disposable {
  readonly tree = new TaskTree();
  readonly view: vscode.TreeView<TaskElement>;
  private readonly changed = new vscode.EventEmitter<TaskElement | TaskElement[] | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly poller: Poller<TaskList>;
  private readonly disposables: { dispose(): unknown }[] = [];
  private filterState: TaskFilters;
  private pausedState = false;
  /** Tasks a cancel was sent for, shown as cancelling until the cluster says so or they are gone. */
  readonly cancelRequested = new Set<string>();
  /** X-Opaque-Id values of this window's runs. */
  private readonly ours = new Set<string>();
  private lastList: TaskList | undefined;
  private messageCommand: vscode.Command | undefined;
  private loggedError: string | undefined;
  private hiddenTimer: ReturnType<typeof setTimeout> | undefined;
  private failures: readonly string[] = [];

  constructor(
    private readonly services: Services,
    private readonly publisher: ClusterStatePublisher,
  ) {
    this.filterState = readFilters(services.context.workspaceState.get(FILTERS_KEY));
    this.poller = new Poller<TaskList>({
      fetch: () => this.fetch(),
      onResult: (result) => {
        if (result.ok) this.show(result.value);
        else this.showError(result.error);
      },
      intervalMs: () => this.intervalMs(),
    });
    this.view = vscode.window.createTreeView(VIEWS.tasks, {
      treeDataProvider: this,
      showCollapseAll: true,
    });
    for (const run of services.history.list()) this.ours.add(run.opaqueId);
    this.disposables.push(
      this.view,
      this.changed,
      {
        dispose: () => {
          this.poller.dispose();
        },
      },
      this.view.onDidChangeVisibility((event) => {
        this.updateActive();
        // Without automatic refreshes the view still shows the tasks of the moment it is opened.
        if (event.visible && !this.pausedState && this.services.settings.tasksRefreshIntervalMs() === 0) {
          void this.poller.refresh();
        }
      }),
      services.connections.onDidChange(() => {
        this.cancelRequested.clear();
        this.lastList = undefined;
        this.poller.invalidate();
        this.describe();
        // Another cluster (or other settings): what is shown may be another cluster's tasks until the next answer.
        const cluster = services.connections.active();
        if (cluster !== undefined) {
          this.messageCommand = undefined;
          this.apply(this.tree.showMessage(`Reading the tasks of ${cluster.name}…`, false));
        }
        if (this.poller.isActive) void this.poller.refresh();
      }),
      // A new run is announced as a change of the list.
      services.history.onDidChange((run) => {
        if (run !== undefined) this.ours.add(run.opaqueId);
        else for (const listed of services.history.list()) this.ours.add(listed.opaqueId);
      }),
      // In a window without focus the view is seldom read: it refreshes less often, and at once on return.
      vscode.window.onDidChangeWindowState((state) => {
        if (state.focused && this.poller.isActive && !this.poller.busy) void this.poller.refresh();
        else this.poller.reschedule();
      }),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('searchRequests.tasks.refreshInterval')) {
          this.updateActive();
          this.poller.reschedule();
        }
      }),
    );
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.tasksPaused, false);
    this.setFilteredContext();
    this.describe();
    this.updateActive();
  }

  get filters(): TaskFilters {
    return this.filterState;
  }

  get paused(): boolean {
    return this.pausedState;
  }

  /** The setting's interval; in a window without focus five times longer, at least 10 s. */
  private intervalMs(): number {
    const interval = this.services.settings.tasksRefreshIntervalMs();
    if (interval <= 0 || vscode.window.state.focused) return interval;
    return Math.max(interval * 5, UNFOCUSED_MIN_MS);
  }

  private opaqueId(): string {
    return opaqueIdFor(this.services.settings.opaqueIdPrefix(), 'tasks-view');
  }

  private async fetch(): Promise<TaskList> {
    const cluster = this.services.connections.active();
    if (cluster === undefined) throw new NoCluster(this.services.connections.clusters().length > 0);
    if (serverless(cluster)) throw new NoTasksApi();
    // Never asks for a secret: a view that polls must not open prompts.
    const client = await this.services.connections.client(cluster, false);
    return listTasks(client, this.filterState, { opaqueId: this.opaqueId(), timeoutMs: 10_000 });
  }

  /** Polls while somebody looks: the view visible, not paused, an interval set. */
  private updateActive(): void {
    const visible = this.view.visible;
    this.poller.setActive(visible && !this.pausedState && this.services.settings.tasksRefreshIntervalMs() > 0);
    if (visible) {
      if (this.hiddenTimer !== undefined) clearTimeout(this.hiddenTimer);
      this.hiddenTimer = undefined;
    } else if (this.hiddenTimer === undefined) {
      // Hidden: what the server was told may go stale; after a while it is told nothing runs.
      this.hiddenTimer = setTimeout(() => {
        this.hiddenTimer = undefined;
        if (!this.view.visible) this.publisher.publishTasks([]);
      }, HIDDEN_FORGET_MS);
    }
  }

  private context(): Parameters<TaskTree['update']>[1] {
    const prefix = this.services.settings.opaqueIdPrefix();
    return {
      // A run's own cancel requests carry its id with `-cancel`.
      isOurs: (id) => this.ours.has(id) || (id.endsWith('-cancel') && this.ours.has(id.slice(0, -7))),
      isHidden: (task) => task.opaqueId !== undefined && isInternalOpaqueId(prefix, task.opaqueId),
      cancelRequested: this.cancelRequested,
    };
  }

  private apply(update: TreeUpdate): void {
    if (update.root) this.changed.fire(undefined);
    else if (update.elements.length > 0) this.changed.fire([...update.elements]);
  }

  private show(list: TaskList): void {
    this.lastList = list;
    this.messageCommand = undefined;
    for (const id of [...this.cancelRequested]) {
      if (!list.tasks.some((task) => task.id === id)) this.cancelRequested.delete(id);
    }
    this.apply(this.tree.update(list, this.context(), this.emptyMessage()));
    this.failures = list.failures;
    this.view.message =
      list.failures.length > 0 ? `Some nodes did not answer: ${list.failures.slice(0, 2).join('; ')}` : undefined;
    this.loggedError = undefined;
    this.publisher.publishTasks(this.tree.running());
  }

  private showError(error: unknown): void {
    const { text, command } = explain(error);
    this.messageCommand = command;
    this.lastList = undefined;
    this.failures = [];
    this.view.message = undefined;
    this.apply(this.tree.showMessage(text, !(error instanceof NoCluster)));
    if (text !== this.loggedError) {
      this.loggedError = text;
      if (!(error instanceof NoCluster)) this.services.log.warn(`[tasks] ${text}`);
    }
    this.publisher.publishTasks([]);
  }

  private emptyMessage(): string {
    const filtered = this.filterState.actions.length > 0 || this.filterState.nodes !== '';
    return filtered ? 'No running task matches the filters.' : 'No task is running.';
  }

  /** Shows the last answer again (a cancel was just sent: its task shows as cancelling at once). */
  redraw(): void {
    if (this.lastList !== undefined) this.apply(this.tree.update(this.lastList, this.context(), this.emptyMessage()));
  }

  /** Fetches now, whether or not the view is visible, and gives what it shows. */
  async refresh(): Promise<TasksSnapshot> {
    await this.poller.refresh();
    return this.snapshot();
  }

  snapshot(): TasksSnapshot {
    const cluster = this.services.connections.active()?.name;
    const message = this.tree.messageText;
    return {
      ...(cluster === undefined ? {} : { cluster }),
      filters: this.filterState,
      paused: this.pausedState,
      tasks: this.tree.shown(),
      ...(message === undefined ? {} : { message }),
      failures: this.failures,
    };
  }

  setPaused(paused: boolean): void {
    this.pausedState = paused;
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.tasksPaused, paused);
    this.describe();
    this.updateActive();
  }

  async setFilters(filters: TaskFilters): Promise<TasksSnapshot> {
    this.filterState = filters;
    await this.services.context.workspaceState.update(FILTERS_KEY, filters);
    this.setFilteredContext();
    this.describe();
    this.poller.invalidate();
    return this.refresh();
  }

  /** Shows the view's Clear Filters button when there is something to clear. */
  private setFilteredContext(): void {
    const filtered = this.filterState.actions.length > 0 || this.filterState.nodes !== '';
    void vscode.commands.executeCommand('setContext', CONTEXT_KEYS.tasksFiltered, filtered);
  }

  private describe(): void {
    const parts = [this.services.connections.active()?.name, describeFilters(this.filterState)].filter(
      (p): p is string => p !== undefined && p !== '',
    );
    if (this.pausedState) parts.push('paused');
    this.view.description = parts.length === 0 ? undefined : parts.join(' · ');
  }

  getTreeItem(element: TaskElement): vscode.TreeItem {
    return taskTreeItem(this.tree, element, this.messageCommand);
  }

  /**
   * The whole record, read when the pointer rests on a task (`GET /_tasks/<id>`: the polls leave the resource stats
   * out); what the last poll said when the task has ended since or the cluster does not answer.
   */
  async resolveTreeItem(
    item: vscode.TreeItem,
    element: TaskElement,
    token: vscode.CancellationToken,
  ): Promise<vscode.TreeItem> {
    if (element.kind !== 'task') return item;
    const tooltip = await freshTaskTooltip(this.tree, element.taskId, {
      client: () => this.services.connections.activeClient(),
      opaqueId: this.opaqueId(),
      token,
    });
    if (tooltip !== undefined) item.tooltip = tooltip;
    return item;
  }

  getChildren(element?: TaskElement): TaskElement[] {
    return [...this.tree.getChildren(element)];
  }

  getParent(element: TaskElement): TaskElement | undefined {
    return this.tree.getParent(element);
  }

  dispose(): void {
    if (this.hiddenTimer !== undefined) clearTimeout(this.hiddenTimer);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
