// Running requests from the editor against the test cluster (the local cluster, or real OpenSearch under
// `npm run test:real`: testCluster.ts), over real HTTP, through the commands the code lenses and Ctrl+Enter call.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startCluster } from '@search-requests/local-cluster';
import { searchesEnded, startTestCluster, type TestCluster } from './testCluster';
import { extension, openScratch, testApi } from './documents';
import { eventually } from './waitFor';
import { COMMANDS } from '../../server/src/protocol/manifest';

/** What `searchRequests.run` returns (client/src/features/runCommands.ts RunResult), the parts checked here. */
interface RunResult {
  id: string;
  state: string;
  status?: number;
  opaqueId: string;
  items: { status?: number; total?: number; hits?: number; error?: { type: string; reason: string } }[];
  response?: unknown;
  responses?: { status?: number; hits?: { hits: { _index: string }[] } }[];
  failure?: { kind: string; message: string };
  cancelMessage?: string;
}

const PAIRS = [
  '{"index": "logs"}',
  '{"query": {"match_all": {}}, "size": 2}',
  '{"index": "no-such-index"}',
  '{"query": {"match_all": {}}}',
  '',
].join('\n');

async function setClusters(value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('searchRequests')
    .update('clusters', value, vscode.ConfigurationTarget.Workspace);
}

/** The run's tasks on the cluster (GET /_tasks, filtered by X-Opaque-Id). */
async function tasksOf(url: string, opaqueId: string): Promise<string[]> {
  const response = await fetch(`${url}/_tasks?detailed=true&group_by=none`);
  const body = (await response.json()) as { tasks: { node: string; id: number; headers: Record<string, string> }[] };
  return body.tasks.filter((task) => task.headers['X-Opaque-Id'] === opaqueId).map((task) => `${task.node}:${task.id}`);
}

describe('Running requests', function () {
  this.timeout(60_000);
  let cluster: TestCluster;

  before(async () => {
    cluster = await startTestCluster({ slow: true });
    await extension().activate();
    await setClusters([{ name: 'local-it', url: cluster.url }]);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'local-it');
  });

  after(async () => {
    await searchesEnded(cluster.url);
    await setClusters(undefined);
    await cluster.close();
  });

  it('runs one .msearch pair as a one-item _msearch and returns the parsed response', async () => {
    const editor = await openScratch('pairs.msearch', PAIRS);
    const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri.toString(), 0);
    assert.equal(result.state, 'done', result.failure?.message);
    assert.equal(result.status, 200);
    assert.equal(result.items.length, 1);
    assert.equal(result.items[0]?.hits, 2);
    assert.equal(result.responses?.length, 1);
    assert.equal(result.responses[0]?.status, 200);
    assert.match(result.responses[0].hits?.hits[0]?._index ?? '', /^logs-/);
    assert.match(result.opaqueId, /^vscode-search-requests\/[\w-]+$/);
  });

  it("runs the pair at the cursor with Ctrl+Enter's command, and reports a failed item", async () => {
    const editor = await openScratch('cursor.msearch', PAIRS);
    editor.selection = new vscode.Selection(3, 5, 3, 5);
    const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run);
    assert.equal(result.status, 200);
    assert.deepEqual(result.items, [
      { status: 404, error: { type: 'index_not_found_exception', reason: 'no such index [no-such-index]' } },
    ]);
  });

  it('runs a whole .msearch file', async () => {
    const editor = await openScratch('all.msearch', PAIRS);
    const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.runAll, editor.document.uri);
    assert.deepEqual(
      result.items.map((item) => item.status),
      [200, 404],
    );
  });

  it('runs a .search request with its URL parameters', async () => {
    const editor = await openScratch(
      'one.search',
      'GET /logs/_search?size=1\n{\n  // comments are stripped\n  "query": {"match_all": {}}\n}\n',
    );
    const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
    assert.equal(result.status, 200);
    assert.equal(result.items[0]?.hits, 1);
  });

  it('cancels a slow run, and its task is gone from the cluster', async () => {
    const editor = await openScratch('slow.search', cluster.slowSearch);
    const running = vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
    // The run's task shows on the cluster (the Results view lists the run as running).
    const described = await eventually(
      async () => (await testApi()).describeResults(1),
      (items) => items[0]?.description?.includes('running') === true,
      'the run to show as running',
    );
    assert.equal(described[0]?.label, `GET ${cluster.slowIndex}/_search`);
    await eventually(
      async () =>
        (await fetch(`${cluster.url}/_tasks?actions=*search`)).json() as Promise<{
          nodes: Record<string, { tasks: object }>;
        }>,
      (body) => Object.values(body.nodes).some((node) => Object.keys(node.tasks).length > 0),
      'the search task on the cluster',
    );
    assert.equal(await vscode.commands.executeCommand(COMMANDS.cancelRun), true);
    const result = await running;
    assert.equal(result.state, 'cancelled');
    assert.match(result.cancelMessage ?? '', /^Cancelled \d+ task\(s\) on the cluster: .*indices:data\/read\/search/);
    await eventually(
      () => tasksOf(cluster.url, result.opaqueId),
      (tasks) => tasks.length === 0,
      "the run's tasks to be gone from the cluster",
    );
  });

  it('times out a slow run and cancels it on the cluster', async () => {
    const config = vscode.workspace.getConfiguration('searchRequests');
    await config.update('requestTimeout', 0.5, vscode.ConfigurationTarget.Workspace);
    try {
      const editor = await openScratch('timeout.search', cluster.slowSearch);
      const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(result.state, 'failed');
      assert.equal(result.failure?.kind, 'timeout');
      assert.match(result.cancelMessage ?? '', /^Cancelled/);
      // A real cluster ends cancelled tasks at its next cancellation check, a moment later.
      await eventually(
        () => tasksOf(cluster.url, result.opaqueId),
        (tasks) => tasks.length === 0,
        "the run's tasks to be gone from the cluster",
      );
    } finally {
      await config.update('requestTimeout', undefined, vscode.ConfigurationTarget.Workspace);
    }
  });

  it('says clearly when the cluster cannot be reached', async () => {
    const closed = await startCluster({ port: 0, sampleData: false });
    const url = closed.url;
    await closed.close();
    await setClusters([
      { name: 'local-it', url: cluster.url },
      { name: 'gone', url },
    ]);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'gone');
    try {
      const editor = await openScratch('refused.msearch', PAIRS);
      const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(result.failure?.kind, 'refused');
      assert.match(result.failure.message, /^Connection refused by 127\.0\.0\.1:\d+/);
    } finally {
      await vscode.commands.executeCommand(COMMANDS.selectCluster, 'local-it');
    }
  });

  it('adds a cluster with basic auth: the password goes to the secret storage, never to settings', async () => {
    const secured = await startCluster({ port: 0, user: { name: 'admin', password: 'It-Pass-42' } });
    try {
      const name = await vscode.commands.executeCommand<string>(COMMANDS.addCluster, {
        name: 'secured',
        url: secured.url,
        auth: 'basic',
        username: 'admin',
        secret: 'It-Pass-42',
        target: 'workspace',
      });
      assert.equal(name, 'secured');
      const saved = vscode.workspace.getConfiguration('searchRequests').inspect<unknown[]>('clusters')?.workspaceValue;
      assert.ok(!JSON.stringify(saved).includes('It-Pass-42'));
      const editor = await openScratch('secured.msearch', PAIRS);
      const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(result.status, 200, result.failure?.message);
      await vscode.commands.executeCommand(COMMANDS.changeClusterSecret, 'secured', 'wrong');
      const refused = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(refused.failure?.kind, 'unauthorized');
      assert.ok(!refused.failure.message.includes('wrong'));
    } finally {
      await vscode.commands.executeCommand(COMMANDS.forgetClusterSecret, 'secured');
      await setClusters([{ name: 'local-it', url: cluster.url }]);
      await vscode.commands.executeCommand(COMMANDS.selectCluster, 'local-it');
      await secured.close();
    }
  });
});
