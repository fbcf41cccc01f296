import * as assert from 'node:assert/strict';
import type * as http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { RequestFailure } from '../../../client/src/core/failures';
import { cancelRunTasks } from '../../../client/src/core/taskCancel';
import { isTaskId, taskPath } from '../../../client/src/core/taskIdPath';
import { cancelTask, getTask } from '../../../client/src/core/tasksApi';
import { startRawServer } from './failureServers';

const HOSTILE_IDS = ['node:1/../../x', 'node:1?x=1', 'node', ':1', 'node:', 'a:1:2', 'n:1#x'];

void describe('task ids from the cluster in paths', () => {
  void it('are checked for the node:number form', () => {
    assert.ok(isTaskId('oTUltX4IQMOUUVeiohTt8A:464'));
    for (const id of HOSTILE_IDS) assert.equal(isTaskId(id), false, id);
    assert.equal(isTaskId(`${'n'.repeat(300)}:1`), false);
  });

  void it('have their node id percent-encoded', () => {
    assert.equal(taskPath('oTUltX4IQMOUUVeiohTt8A:464', '/_cancel'), '/_tasks/oTUltX4IQMOUUVeiohTt8A:464/_cancel');
    assert.equal(taskPath('a/b?c#d%:7'), '/_tasks/a%2Fb%3Fc%23d%25:7');
    assert.equal(taskPath('../../_cluster/settings:1'), '/_tasks/..%2F..%2F_cluster%2Fsettings:1');
    assert.throws(() => taskPath('node:1/../../x'), RequestFailure);
  });

  let requests: string[] = [];
  let server: { url: string; close: () => Promise<void> };
  let client: ClusterClient;
  before(async () => {
    server = await startRawServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      // Every task carries the run's X-Opaque-Id; the ids are what a hostile server could put there.
      const tasks = Object.fromEntries(
        ['../../_cluster/settings:1', 'n%2F..%2F..%2Fx:2', 'n:3/../../../_cluster/settings'].map((id) => [
          id,
          { action: 'indices:data/read/search', cancellable: true, headers: { 'X-Opaque-Id': 'run-1' } },
        ]),
      );
      res.end(JSON.stringify({ nodes: { n: { tasks } } }));
    });
    client = await ClusterClient.create({ name: 'hostile', url: server.url, auth: 'none' });
  });
  after(async () => {
    await client.close();
    await server.close();
  });

  void it('never reach another endpoint when a run is cancelled', async () => {
    requests = [];
    const report = await cancelRunTasks(client, 'run-1', { requestOpaqueId: 'c', retries: 0 });
    assert.equal(report.found.length, 3);
    assert.deepEqual(requests.slice(1).sort(), [
      'POST /_tasks/..%2F..%2F_cluster%2Fsettings:1/_cancel',
      'POST /_tasks/n%252F..%252F..%252Fx:2/_cancel',
    ]);
    assert.ok(
      report.failures.some((f) => f.includes('is not a task id')),
      report.failures.join('\n'),
    );
  });

  void it('are refused by the Tasks view requests before sending', async () => {
    requests = [];
    for (const id of HOSTILE_IDS) {
      await assert.rejects(getTask(client, id, { opaqueId: 'v' }), RequestFailure);
      await assert.rejects(cancelTask(client, id, { opaqueId: 'v' }), RequestFailure);
    }
    assert.deepEqual(requests, []);
  });
});
