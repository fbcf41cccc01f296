// The Tasks view's commands: refresh, pause and resume, filters, cancel one task (or every matching one, after a
// confirmation), show a task as JSON (`GET /_tasks/<id>`, scheme `search-requests-task`), copy its id. Each
// returns what it did.
import * as vscode from 'vscode';
import { isRequestFailure } from '../core/failures';
import { opaqueIdFor } from '../core/runIds';
import type { TaskElement } from '../core/taskTree';
import {
  cancelMatching,
  cancelTask,
  describeCancelOutcome,
  describeFilters,
  getTask,
  NO_FILTERS,
  parseActionPatterns,
  type TaskFilters,
} from '../core/tasksApi';
import type { ClusterStatePublisher } from './clusterStatePublisher';
import { evaluate, validateNodeFilter } from './nodeFilterCommand';
import type { ClusterChooser } from './clusterCommands';
import type { Services } from './services';
import type { TasksSnapshot, TasksView } from './tasksView';
import { COMMANDS } from '../../../server/src/protocol/manifest';

const TASK_SCHEME = 'search-requests-task';

/** What `searchRequests.cancelTask` and `searchRequests.cancelAllTasks` return. */
interface CancelResult {
  /** The task asked for, or `matching` for every matching task. */
  readonly target: string;
  readonly cancelled: readonly string[];
  /** Node and task failures as OpenSearch reports them, and request failures. */
  readonly failures: readonly string[];
  readonly message: string;
}

function taskIdOf(arg: unknown, view: TasksView): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null && (arg as TaskElement).kind === 'task') {
    return (arg as { taskId: string }).taskId;
  }
  const selected = view.view.selection[0];
  return selected?.kind === 'task' ? selected.taskId : undefined;
}

class TaskDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  /** Sets the text of a task document; an open one shows the new text. */
  set(uri: vscode.Uri, text: string): void {
    this.texts.set(uri.toString(), text);
    this.changed.fire(uri);
  }

  dispose(): void {
    this.changed.dispose();
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? '// This task is no longer known here: show it again from the Tasks view.';
  }
}

async function activeClient(
  services: Services,
  chooser: ClusterChooser,
): Promise<Awaited<ReturnType<Services['connections']['client']>>> {
  const cluster = await chooser.activeOrAsk();
  if (cluster === undefined) throw new Error('No cluster is active.');
  return services.connections.client(cluster, true);
}

function failureText(error: unknown): string {
  return isRequestFailure(error) || error instanceof Error ? error.message : String(error);
}

/** What the Tasks view's commands work with. */
interface TaskCommandContext {
  readonly services: Services;
  readonly chooser: ClusterChooser;
  readonly view: TasksView;
  readonly publisher: ClusterStatePublisher;
  /** The task documents shown by "Show Task as JSON". */
  readonly documents: TaskDocuments;
}

function tasksOpaqueId(services: Services): string {
  return opaqueIdFor(services.settings.opaqueIdPrefix(), 'tasks-view');
}

async function cancelOne(ctx: TaskCommandContext, arg: unknown): Promise<CancelResult | undefined> {
  const { services, chooser, view } = ctx;
  const id = taskIdOf(arg, view);
  if (id === undefined) return undefined;
  let client;
  try {
    client = await activeClient(services, chooser);
  } catch (error) {
    void vscode.window.showErrorMessage(failureText(error));
    return { target: id, cancelled: [], failures: [failureText(error)], message: failureText(error) };
  }
  view.cancelRequested.add(id);
  view.redraw();
  const action = view.tree.record(id)?.action ?? 'task';
  try {
    const outcome = await cancelTask(client, id, { opaqueId: tasksOpaqueId(services) });
    const message = describeCancelOutcome(action, outcome);
    services.log.info(`[tasks] cancel ${id}: ${message}`);
    if (outcome.cancelled.length === 0) {
      view.cancelRequested.delete(id);
      void vscode.window.showWarningMessage(message);
    } else if (outcome.failures.length > 0) {
      void vscode.window.showWarningMessage(message);
    } else {
      vscode.window.setStatusBarMessage(`$(debug-stop) ${message}`, 5000);
    }
    void view.refresh();
    return { target: id, cancelled: outcome.cancelled, failures: outcome.failures, message };
  } catch (error) {
    view.cancelRequested.delete(id);
    view.redraw();
    const message = `Cancelling ${id} failed: ${failureText(error)}`;
    void vscode.window.showErrorMessage(message);
    return { target: id, cancelled: [], failures: [failureText(error)], message };
  }
}

async function cancelAll(ctx: TaskCommandContext, options?: { confirm?: boolean }): Promise<CancelResult | undefined> {
  const { services, chooser, view } = ctx;
  const filters = view.filters;
  const cluster = services.connections.active();
  if (cluster === undefined) return undefined;
  const count = view.tree.cancellable().length;
  const scope =
    filters.actions.length > 0 || filters.nodes !== ''
      ? `matching ${describeFilters(filters)}`
      : 'of the whole cluster (no filter is set: other users’ tasks too)';
  if (options?.confirm !== false) {
    const confirm = 'Cancel Tasks';
    const choice = await vscode.window.showWarningMessage(
      `Cancel every cancellable task ${scope} on "${cluster.name}"?`,
      {
        modal: true,
        detail: `${count} cancellable task${count === 1 ? ' is' : 's are'} shown now; tasks that started since are cancelled too if they match. Searches end with an error for whoever runs them.`,
      },
      confirm,
    );
    if (choice !== confirm) return undefined;
  }
  try {
    const client = await activeClient(services, chooser);
    const outcome = await cancelMatching(client, filters, { opaqueId: tasksOpaqueId(services) });
    for (const id of outcome.cancelled) view.cancelRequested.add(id);
    const message = describeCancelOutcome(scope, outcome);
    services.log.info(`[tasks] cancel all ${scope}: ${message}`);
    if (outcome.failures.length > 0) void vscode.window.showWarningMessage(message);
    else void vscode.window.showInformationMessage(message);
    void view.refresh();
    return { target: 'matching', cancelled: outcome.cancelled, failures: outcome.failures, message };
  } catch (error) {
    const message = `Cancelling the tasks failed: ${failureText(error)}`;
    void vscode.window.showErrorMessage(message);
    return { target: 'matching', cancelled: [], failures: [failureText(error)], message };
  }
}

async function showTask(
  ctx: TaskCommandContext,
  arg: unknown,
): Promise<{ uri: string; status: number; value: unknown } | undefined> {
  const { services, chooser, view, documents } = ctx;
  const id = taskIdOf(arg, view);
  if (id === undefined) return undefined;
  try {
    const client = await activeClient(services, chooser);
    const { status, value } = await getTask(client, id, { opaqueId: tasksOpaqueId(services) });
    const uri = vscode.Uri.from({
      scheme: TASK_SCHEME,
      path: `/${client.cluster.name}/${id.replace(/[^\w.:-]+/g, '_')}.json`,
    });
    documents.set(uri, `${JSON.stringify(value, null, 2)}\n`);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, { preview: true, viewColumn: vscode.ViewColumn.Beside });
    return { uri: uri.toString(), status, value };
  } catch (error) {
    void vscode.window.showErrorMessage(`GET /_tasks/${id} failed: ${failureText(error)}`);
    return undefined;
  }
}

async function filterByAction(ctx: TaskCommandContext, given?: string): Promise<TasksSnapshot | undefined> {
  const { view } = ctx;
  let text = given;
  if (text === undefined) {
    text = await vscode.window.showInputBox({
      title: 'Search Requests: filter tasks by action',
      prompt:
        'Action patterns, comma-separated, * as wildcard (case-sensitive), e.g. *search* or indices:data/write/*. Empty: every action.',
      value: view.filters.actions.join(','),
      ignoreFocusOut: true,
      validateInput: (value) => {
        const parsed = parseActionPatterns(value);
        return 'error' in parsed ? parsed.error : undefined;
      },
    });
    if (text === undefined) return undefined;
  }
  const parsed = parseActionPatterns(text);
  if ('error' in parsed) throw new Error(parsed.error);
  return view.setFilters({ ...view.filters, actions: parsed.patterns });
}

async function filterByNode(ctx: TaskCommandContext, given?: string): Promise<TasksSnapshot | undefined> {
  const { services, view, publisher } = ctx;
  let text = given;
  if (text === undefined) {
    text = await vscode.window.showInputBox({
      title: 'Search Requests: filter tasks by node',
      prompt:
        'A node filter: ids, names, IPs or host names (* wildcards), _local, _cluster_manager, _all, data:true, ingest:false, zone:a, … Empty: every node.',
      value: view.filters.nodes,
      ignoreFocusOut: true,
      validateInput: (value) => validateNodeFilter(services, publisher, value.trim()),
    });
    if (text === undefined) return undefined;
  }
  const filter = text.trim();
  if (filter !== '') {
    const result = await evaluate(services, filter);
    if (result.errors.length > 0) throw new Error(`Node filter "${filter}": ${result.errors.join(' ')}`);
  }
  return view.setFilters({ ...view.filters, nodes: filter });
}

export function registerTaskCommands(
  services: Services,
  chooser: ClusterChooser,
  view: TasksView,
  publisher: ClusterStatePublisher,
): vscode.Disposable[] {
  const ctx: TaskCommandContext = { services, chooser, view, publisher, documents: new TaskDocuments() };
  const { documents } = ctx;

  return [
    new vscode.Disposable(() => {
      documents.dispose();
    }),
    vscode.workspace.registerTextDocumentContentProvider(TASK_SCHEME, documents),
    vscode.commands.registerCommand(COMMANDS.refreshTasks, () => view.refresh()),
    vscode.commands.registerCommand(COMMANDS.pauseTasks, () => {
      view.setPaused(true);
      return view.snapshot();
    }),
    vscode.commands.registerCommand(COMMANDS.resumeTasks, () => {
      view.setPaused(false);
      return view.refresh();
    }),
    vscode.commands.registerCommand(COMMANDS.cancelTask, (arg: unknown) => cancelOne(ctx, arg)),
    vscode.commands.registerCommand(COMMANDS.cancelAllTasks, (options?: { confirm?: boolean }) =>
      cancelAll(ctx, options),
    ),
    vscode.commands.registerCommand(COMMANDS.showTask, (arg: unknown) => showTask(ctx, arg)),
    vscode.commands.registerCommand(COMMANDS.copyTaskId, async (arg: unknown) => {
      const id = taskIdOf(arg, view);
      if (id === undefined) return undefined;
      await vscode.env.clipboard.writeText(id);
      vscode.window.setStatusBarMessage(`Task id ${id} copied`, 3000);
      return id;
    }),
    vscode.commands.registerCommand(COMMANDS.filterTasksByAction, (given?: string) => filterByAction(ctx, given)),
    vscode.commands.registerCommand(COMMANDS.filterTasksByNode, (given?: string) => filterByNode(ctx, given)),
    vscode.commands.registerCommand(COMMANDS.clearTaskFilters, () => view.setFilters(NO_FILTERS)),
    vscode.commands.registerCommand(COMMANDS.filterTasks, async () => {
      const filters: TaskFilters = view.filters;
      const picked = await vscode.window.showQuickPick(
        [
          {
            label: '$(symbol-event) Filter by action…',
            description: filters.actions.length > 0 ? filters.actions.join(',') : 'every action',
            run: () => filterByAction(ctx),
          },
          {
            label: '$(server) Filter by node…',
            description: filters.nodes !== '' ? filters.nodes : 'every node',
            run: () => filterByNode(ctx),
          },
          { label: '$(clear-all) Clear filters', run: () => view.setFilters(NO_FILTERS) },
        ],
        { title: 'Search Requests: filter the Tasks view' },
      );
      if (picked === undefined) return undefined;
      try {
        return await picked.run();
      } catch (error) {
        void vscode.window.showErrorMessage(failureText(error));
        return undefined;
      }
    }),
  ];
}
