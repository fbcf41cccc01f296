import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { executeRun } from '../../../client/src/core/runner';
import { cancelRunTasks, describeCancel, failuresOf, findTasks, tasksOf } from '../../../client/src/core/taskCancel';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';

// `products` answers slowly (the local cluster's --latency), so that its searches can be seen and cancelled.
const MSEARCH = '{"index":"products"}\n{"query":{"match_all":{}}}\n';
const SHARD_QUERY = 'indices:data/read/search[phase/query]';

void describe('Runs and their cancellation on the cluster', () => {
  let local: RunningCluster;
  let client: ClusterClient;
  before(async () => {
    local = await startCluster({ latency: [{ pattern: 'products', ms: 30_000 }], recordRequests: true });
    client = await ClusterClient.create({ name: 'local', url: local.url, auth: 'none' });
  });
  after(async () => {
    await client.close();
    await local.close();
  });

  /** The tasks of a run (by its X-Opaque-Id) running on the cluster now. */
  const tasksOfRun = async (opaqueId: string): Promise<string[]> =>
    (await findTasks(client, opaqueId, { requestOpaqueId: 'runner-test' })).tasks.map((t) => t.action);

  /** Polls until `condition` holds (10 s at most). */
  const until = async (what: string, condition: () => Promise<boolean>): Promise<void> => {
    const deadline = Date.now() + 10_000;
    while (!(await condition())) {
      if (Date.now() > deadline) assert.fail(`not within 10 s: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const running = (opaqueId: string): Promise<void> =>
    until(`the shard queries of ${opaqueId} run`, async () => (await tasksOfRun(opaqueId)).includes(SHARD_QUERY));
  const gone = (opaqueId: string): Promise<void> =>
    until(`the tasks of ${opaqueId} end`, async () => (await tasksOfRun(opaqueId)).length === 0);

  void it('runs an _msearch and returns the answer', async () => {
    const outcome = await executeRun(
      client,
      {
        method: 'POST',
        path: '/_msearch',
        query: [],
        body: '{"index":"logs"}\n{"size":1}\n',
        contentType: 'application/x-ndjson',
      },
      { opaqueId: 'vscode-search-requests/ok' },
    );
    assert.equal(outcome.failure, undefined);
    assert.equal(outcome.response?.status, 200);
    const last = local.requests[local.requests.length - 1]!;
    assert.equal(last.method, 'POST');
    assert.equal(last.url, '/_msearch');
    assert.equal(last.headers['content-type'], 'application/x-ndjson');
    assert.equal(last.headers['x-opaque-id'], 'vscode-search-requests/ok');
    assert.equal(last.body, '{"index":"logs"}\n{"size":1}\n');
  });

  void it("cancels the run's own task (not another run's) when the user cancels", async () => {
    const other = new AbortController();
    const bystander = executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH, contentType: 'application/x-ndjson' },
      { opaqueId: 'someone-else', signal: other.signal },
    );
    const controller = new AbortController();
    const run = executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH, contentType: 'application/x-ndjson' },
      { opaqueId: 'vscode-search-requests/slow1', signal: controller.signal },
    );
    await running('someone-else');
    await running('vscode-search-requests/slow1');
    controller.abort();
    const outcome = await run;
    assert.equal(outcome.failure?.kind, 'cancelled');
    const cancel = outcome.cancel;
    assert.ok(cancel !== undefined);
    // The whole tree of the run: the _msearch, its search, the search's shard queries; all with the run's id.
    const actions = cancel.found.map((t) => t.action);
    assert.equal(actions.filter((a) => a === 'indices:data/read/msearch').length, 1, actions.join(', '));
    assert.equal(actions.filter((a) => a === 'indices:data/read/search').length, 1, actions.join(', '));
    assert.ok(actions.filter((a) => a === SHARD_QUERY).length >= 1, actions.join(', '));
    assert.equal(actions.length, new Set(cancel.found.map((t) => t.id)).size);
    assert.ok(cancel.found.every((t) => t.opaqueId === 'vscode-search-requests/slow1'));
    assert.deepEqual(cancel.failures, []);
    assert.ok(cancel.cancelled.length > 0, describeCancel(cancel));
    assert.ok(
      cancel.cancelled.every((id) => cancel.found.some((t) => t.id === id)),
      describeCancel(cancel),
    );
    assert.match(describeCancel(cancel), /^Cancelled \d+ task\(s\) on the cluster: .*indices:data\/read\/msearch/);
    // Gone from the cluster; the other run's tasks are still there.
    await gone('vscode-search-requests/slow1');
    assert.ok((await tasksOfRun('someone-else')).includes(SHARD_QUERY));
    other.abort();
    await bystander;
  });

  void it('cancels on the cluster when the timeout expires', async () => {
    const outcome = await executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH, contentType: 'application/x-ndjson' },
      { opaqueId: 'vscode-search-requests/slow2', timeoutMs: 300 },
    );
    assert.equal(outcome.failure?.kind, 'timeout');
    assert.ok((outcome.cancel?.cancelled.length ?? 0) > 0);
    assert.ok(outcome.cancel?.found.some((t) => t.action === 'indices:data/read/msearch'));
    await gone('vscode-search-requests/slow2');
  });

  void it('reports node failures of a cancel', async () => {
    const report = await cancelRunTasks(client, 'nobody', { requestOpaqueId: 'x', retries: 0 });
    assert.deepEqual(report, { found: [], cancelled: [], failures: [] });
    assert.equal(describeCancel(report), 'No task of this run was running on the cluster any more.');
    const node = local.topology.local;
    const { value } = await client.json({
      method: 'POST',
      path: `/_tasks/${node}:999999/_cancel`,
      opaqueId: 'x',
    });
    assert.deepEqual(failuresOf(value), [`resource_not_found_exception: task [${node}:999999] is not found`]);
  });

  void it('reads tasks from every group_by shape', () => {
    const task = { node: 'n1', id: 7, action: 'a', cancellable: true, headers: { 'X-Opaque-Id': 'o' } };
    const expected = [{ id: 'n1:7', action: 'a', cancellable: true, opaqueId: 'o' }];
    assert.deepEqual(tasksOf({ nodes: { n1: { tasks: { 'n1:7': task } } } }), expected);
    assert.deepEqual(tasksOf({ tasks: [task] }), expected);
    assert.deepEqual(
      tasksOf({ tasks: { 'n1:7': { ...task, children: [{ ...task, id: 8, parent_task_id: 'n1:7' }] } } }).map(
        (t) => t.id,
      ),
      ['n1:7', 'n1:8'],
    );
  });
});
