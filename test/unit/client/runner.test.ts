import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { executeRun } from '../../../client/src/core/runner';
import { cancelRunTasks, describeCancel, failuresOf, tasksOf } from '../../../client/src/core/taskCancel';
import { startFakeCluster, type FakeCluster } from './fakeCluster';

const MSEARCH = '{"index":"logs"}\n{"query":{"match":{"message":"slow"}}}\n';

void describe('Runs and their cancellation on the cluster', () => {
  let fake: FakeCluster;
  let client: ClusterClient;
  before(async () => {
    fake = await startFakeCluster({ latency: [{ pattern: 'slow', ms: 30_000 }] });
    client = await ClusterClient.create({ name: 'fake', url: fake.url, auth: 'none' });
  });
  after(async () => {
    await client.close();
    await fake.close();
  });

  void it('runs an _msearch and returns the answer', async () => {
    const outcome = await executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: '{}\n{"size":1}\n', contentType: 'application/x-ndjson' },
      { opaqueId: 'vscode-search-requests/ok' },
    );
    assert.equal(outcome.failure, undefined);
    assert.equal(outcome.response?.status, 200);
    const last = fake.requests[fake.requests.length - 1]!;
    assert.equal(last.headers['content-type'], 'application/x-ndjson');
    assert.equal(last.body, '{}\n{"size":1}\n');
  });

  void it("cancels the run's own task (not another run's) when the user cancels", async () => {
    const other = new AbortController();
    const bystander = executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH, contentType: 'application/x-ndjson' },
      { opaqueId: 'someone-else', signal: other.signal },
    );
    const controller = new AbortController();
    const running = executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH, contentType: 'application/x-ndjson' },
      { opaqueId: 'vscode-search-requests/slow1', signal: controller.signal },
    );
    while (fake.runningTasks().length < 4) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    const outcome = await running;
    assert.equal(outcome.failure?.kind, 'cancelled');
    const cancel = outcome.cancel;
    assert.ok(cancel !== undefined);
    assert.deepEqual(cancel.found.map((t) => t.action).sort(), [
      'indices:data/read/msearch',
      'indices:data/read/search[phase/query]',
    ]);
    assert.equal(cancel.cancelled.length, 2, describeCancel(cancel));
    assert.match(
      describeCancel(cancel),
      /^Cancelled 2 task\(s\) on the cluster: fakeNode1:\d+, fakeNode1:\d+ \(indices:data\/read\/msearch, indices:data\/read\/search\[phase\/query\]\)\.$/,
    );
    // The other run's tasks are still there.
    assert.equal(fake.runningTasks().length, 2);
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
    assert.equal(outcome.cancel?.cancelled.length, 2);
    assert.equal(fake.runningTasks().length, 0);
  });

  void it('reports node failures of a cancel', async () => {
    const report = await cancelRunTasks(client, 'nobody', { requestOpaqueId: 'x', retries: 0 });
    assert.deepEqual(report, { found: [], cancelled: [], failures: [] });
    assert.equal(describeCancel(report), 'No task of this run was running on the cluster any more.');
    const { value } = await client.json({
      method: 'POST',
      path: '/_tasks/fakeNode1:999/_cancel',
      opaqueId: 'x',
    });
    assert.deepEqual(failuresOf(value), ['resource_not_found_exception: task [fakeNode1:999] is not found']);
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
