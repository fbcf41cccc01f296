// The Tasks view's requests when the cluster refuses or cannot be reached: what the view then says.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { describeListFailure, listTasks, NO_FILTERS } from '../../../client/src/core/tasksApi';
import { closedPortUrl, startRawServer } from './failureServers';

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return assert.fail('no failure');
}

void describe('listing tasks when the cluster says no', () => {
  void it('a 403 names the permission that listing tasks needs', async () => {
    const paths: string[] = [];
    const server = await startRawServer((req, res) => {
      paths.push(req.url ?? '');
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            root_cause: [{ type: 'security_exception', reason: 'no permissions for [cluster:monitor/tasks/lists]' }],
            type: 'security_exception',
            reason: 'no permissions for [cluster:monitor/tasks/lists] and User [name=reader, backend_roles=[]]',
          },
          status: 403,
        }),
      );
    });
    const client = await ClusterClient.create({ name: 'secured', url: server.url, auth: 'none' });
    try {
      const error = await failure(
        listTasks(
          client,
          { actions: ['*search*'], nodes: 'data:true' },
          { opaqueId: 'vscode-search-requests/tasks-view' },
        ),
      );
      assert.match(
        describeListFailure(error),
        /denied the request \(403 Forbidden\): no permissions for \[cluster:monitor\/tasks\/lists\].* Listing tasks needs the cluster permission cluster:monitor\/tasks\/lists/,
      );
      // The filters go as the API's parameters; the resource stats are left out of the polls.
      assert.deepEqual(paths, [
        '/_tasks?detailed=true&actions=*search*&nodes=data:true&filter_path=-nodes.*.tasks.*.resource_stats',
      ]);
    } finally {
      await client.close();
      await server.close();
    }
  });

  void it('a cluster that is down says so', async () => {
    const client = await ClusterClient.create({ name: 'down', url: await closedPortUrl(), auth: 'none' });
    try {
      const error = await failure(listTasks(client, NO_FILTERS, { opaqueId: 'vscode-search-requests/tasks-view' }));
      assert.match(describeListFailure(error), /^Connection refused by 127\.0\.0\.1:\d+: nothing is listening there/);
    } finally {
      await client.close();
    }
  });
});
