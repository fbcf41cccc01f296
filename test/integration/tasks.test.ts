// The Tasks view against the test cluster (testCluster.ts: the local cluster, or real OpenSearch) with a slow search: a run
// from the editor shows in the view marked as ours, Cancel there ends it on the cluster; filters; task JSON; errors.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { searchesEnded, startTestCluster, type TestCluster } from './testCluster';
import { extension, openScratch } from './documents';
import { eventually } from './waitFor';
import { COMMANDS } from '../../server/src/protocol/manifest';

/** What `searchRequests.refreshTasks` returns (client/src/features/tasksView.ts TasksSnapshot). */
interface TasksSnapshot {
  cluster?: string;
  filters: { actions: string[]; nodes: string };
  paused: boolean;
  tasks: {
    id: string;
    node: string;
    nodeName?: string;
    action: string;
    description?: string;
    runningTime: string;
    state: string;
    ours: boolean;
    opaqueId?: string;
    parentTaskId?: string;
  }[];
  message?: string;
}

interface CancelResult {
  cancelled: string[];
  failures: string[];
  message: string;
}

interface RunResult {
  state: string;
  opaqueId: string;
}

function refreshTasks(): Thenable<TasksSnapshot> {
  return vscode.commands.executeCommand<TasksSnapshot>(COMMANDS.refreshTasks);
}

/** The run's tasks as the cluster lists them itself. */
async function onCluster(url: string, opaqueId: string): Promise<string[]> {
  const response = await fetch(`${url}/_tasks?detailed=true&group_by=none`);
  const body = (await response.json()) as { tasks: { node: string; id: number; headers: Record<string, string> }[] };
  return body.tasks.filter((task) => task.headers['X-Opaque-Id'] === opaqueId).map((task) => `${task.node}:${task.id}`);
}

async function setClusters(value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('searchRequests')
    .update('clusters', value, vscode.ConfigurationTarget.Workspace);
}

describe('Tasks view', function () {
  this.timeout(60_000);
  let cluster: TestCluster;

  before(async () => {
    cluster = await startTestCluster({ slow: true });
    await searchesEnded(cluster.url);
    await extension().activate();
    await setClusters([{ name: 'tasks-it', url: cluster.url }]);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'tasks-it');
    await vscode.commands.executeCommand('searchRequests.tasks.focus');
  });

  after(async () => {
    await vscode.commands.executeCommand(COMMANDS.clearTaskFilters);
    await searchesEnded(cluster.url);
    await setClusters(undefined);
    await cluster.close();
  });

  it('shows a slow search run from the editor, marked as ours; Cancel ends it on the cluster', async () => {
    const editor = await openScratch('slow-task.search', cluster.slowSearch);
    const running = vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
    // The search task is registered a moment before its shard tasks: wait for both.
    const snapshot = await eventually(
      refreshTasks,
      (s) => {
        const found = s.tasks.find((t) => t.ours && t.action === 'indices:data/read/search');
        return found !== undefined && s.tasks.some((t) => t.parentTaskId === found.id);
      },
      'the search and its shard tasks in the Tasks view, marked as ours',
    );
    assert.equal(snapshot.cluster, 'tasks-it');
    const search = snapshot.tasks.find((t) => t.ours && t.action === 'indices:data/read/search')!;
    assert.equal(search.state, 'cancellable');
    assert.equal(search.nodeName, cluster.coordinator, 'the coordinating node runs the search');
    assert.match(search.opaqueId ?? '', /^vscode-search-requests\//);
    assert.ok(search.description?.includes(`indices[${cluster.slowIndex}]`), search.description);
    assert.match(search.runningTime, /^(\d+ ms|<1 ms|\d+(\.\d)? s)$/);
    const shards = snapshot.tasks.filter((t) => t.parentTaskId === search.id);
    assert.ok(shards.length > 0, 'its shard tasks are listed under it');
    assert.ok(shards.every((t) => t.ours && t.action === 'indices:data/read/search[phase/query]'));
    assert.ok(
      snapshot.tasks.every((t) => !t.action.startsWith('cluster:monitor/tasks/lists')),
      "the view's own listing is not shown",
    );

    const result = await vscode.commands.executeCommand<CancelResult>(COMMANDS.cancelTask, search.id);
    assert.deepEqual(result.cancelled, [search.id]);
    assert.deepEqual(result.failures, []);
    const run = await running;
    assert.notEqual(run.state, 'running');
    await eventually(
      () => onCluster(cluster.url, run.opaqueId),
      (tasks) => tasks.length === 0,
      'the search to be gone from the cluster',
    );
    // A refresh already under way when the search ended may still list it (the view sends one listing at a time):
    // the next one must not.
    await eventually(
      refreshTasks,
      (after) => !after.tasks.some((t) => t.id === search.id || t.parentTaskId === search.id),
      'finished tasks to disappear from the view',
    );
  });

  it('filters by action and by node, checked as the language server checks them', async () => {
    const editor = await openScratch('filtered-task.search', cluster.slowSearch);
    const running = vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
    try {
      const actions = await vscode.commands.executeCommand<TasksSnapshot>(
        COMMANDS.filterTasksByAction,
        'indices:data/read/search',
      );
      assert.deepEqual(actions.filters, { actions: ['indices:data/read/search'], nodes: '' });
      const top = await eventually(refreshTasks, (s) => s.tasks.some((t) => t.ours), 'the search, filtered');
      assert.ok(top.tasks.every((t) => t.action === 'indices:data/read/search'));
      await vscode.commands.executeCommand(COMMANDS.filterTasksByAction, '*search*');
      const onData = await vscode.commands.executeCommand<TasksSnapshot>(COMMANDS.filterTasksByNode, 'data:true');
      assert.equal(onData.filters.nodes, 'data:true');
      assert.ok(onData.tasks.length > 0);
      assert.ok(
        onData.tasks.every(
          (t) => t.action === 'indices:data/read/search[phase/query]' && t.nodeName !== cluster.coordinator,
        ),
        'only the shard tasks run on data nodes',
      );
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(COMMANDS.filterTasksByNode, 'data:maybe')),
        /Failed to parse value \[maybe\] as only \[true\] or \[false\] are allowed\./,
      );
      await assert.rejects(
        Promise.resolve(vscode.commands.executeCommand(COMMANDS.filterTasksByAction, '*search*,,bulk')),
        /Pattern 2 of 3 is empty/,
      );
      const none = await vscode.commands.executeCommand<TasksSnapshot>(COMMANDS.filterTasksByAction, 'no-such-action');
      assert.deepEqual(none.tasks, []);
      assert.equal(none.message, 'No running task matches the filters.');
    } finally {
      await vscode.commands.executeCommand(COMMANDS.clearTaskFilters);
      await vscode.commands.executeCommand(COMMANDS.filterTasksByAction, 'indices:data/read/search');
      const cancelled = await vscode.commands.executeCommand<CancelResult>(COMMANDS.cancelAllTasks, {
        confirm: false,
      });
      await vscode.commands.executeCommand(COMMANDS.clearTaskFilters);
      const run = await running;
      // The search is cancelled here, unless it already ended on its own (a real cluster under load may get there).
      assert.ok(
        cancelled.cancelled.length === 1 || (cancelled.cancelled.length === 0 && run.state !== 'running'),
        `cancelled ${cancelled.cancelled.length}, the run ${run.state}`,
      );
    }
  });

  it('shows a task as JSON, and a cancel of a finished task reports what OpenSearch says', async () => {
    const editor = await openScratch('json-task.search', cluster.slowSearch);
    const running = vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
    const snapshot = await eventually(
      refreshTasks,
      (s) => s.tasks.some((t) => t.ours && t.action === 'indices:data/read/search'),
      'the search',
    );
    const search = snapshot.tasks.find((t) => t.ours && t.action === 'indices:data/read/search')!;
    const shown = await vscode.commands.executeCommand<{
      uri: string;
      status: number;
      value: { task: { id: number } };
    }>(COMMANDS.showTask, search.id);
    assert.equal(shown.status, 200);
    assert.equal(`${search.node}:${shown.value.task.id}`, search.id);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === shown.uri);
    assert.match(document?.getText() ?? '', /"completed": false/);
    assert.equal(await vscode.commands.executeCommand(COMMANDS.copyTaskId, search.id), search.id);
    await vscode.commands.executeCommand(COMMANDS.cancelTask, search.id);
    await running;
    await eventually(
      async () => (await fetch(`${cluster.url}/_tasks/${search.id}`)).status,
      (status) => status === 404,
      'the task to be gone',
    );
    const again = await vscode.commands.executeCommand<CancelResult>(COMMANDS.cancelTask, search.id);
    assert.deepEqual(again.cancelled, []);
    assert.deepEqual(again.failures, [`resource_not_found_exception: task [${search.id}] is not found`]);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('pauses and resumes', async () => {
    const paused = await vscode.commands.executeCommand<TasksSnapshot>(COMMANDS.pauseTasks);
    assert.equal(paused.paused, true);
    const resumed = await vscode.commands.executeCommand<TasksSnapshot>(COMMANDS.resumeTasks);
    assert.equal(resumed.paused, false);
  });

  it('says in the view when the cluster cannot be reached', async () => {
    await setClusters([{ name: 'tasks-it', url: 'http://127.0.0.1:9' }]);
    // Another address is another cluster for the workspace's choices: chosen again, as a user would.
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'tasks-it');
    try {
      const snapshot = await eventually(
        refreshTasks,
        (s) => s.message !== undefined && /refused|reach/i.test(s.message),
        'the error in the view',
      );
      assert.deepEqual(snapshot.tasks, []);
    } finally {
      await setClusters([{ name: 'tasks-it', url: cluster.url }]);
    }
  });
});
