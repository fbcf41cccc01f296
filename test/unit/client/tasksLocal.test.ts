// The Tasks and Clusters views' requests against the local cluster (packages/local-cluster), over real HTTP: nodes with the
// local node and the elected cluster manager, indexes and fields, a slow search listed, marked and cancelled.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_TOPOLOGY, startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { fetchIndices } from '../../../client/src/core/clusterState';
import { fetchNodes } from '../../../client/src/core/nodesInfo';
import { parseTaskList } from '../../../client/src/core/taskList';
import { TaskTree } from '../../../client/src/core/taskTree';
import { cancelMatching, cancelTask, getTask, listTasks, NO_FILTERS } from '../../../client/src/core/tasksApi';

const VIEW_ID = 'vscode-search-requests/tasks-view';

/** Asks again until the answer satisfies the predicate, within a deadline. */
async function eventually<T>(ask: () => Promise<T>, ok: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await ask();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

void describe('Tasks and nodes against the local cluster', () => {
  let cluster: RunningCluster;
  let client: ClusterClient;
  before(async () => {
    cluster = await startCluster({ port: 0, latency: [{ pattern: 'products', ms: 30_000 }] });
    client = await ClusterClient.create({ name: 'local', url: cluster.url, auth: 'none' });
  });
  after(async () => {
    await client.close();
    await cluster.close();
  });

  void it('reads the nodes, the local node and the elected cluster manager', async () => {
    const info = await fetchNodes(client, { opaqueId: 'vscode-search-requests/nodes' });
    assert.equal(info.clusterName, DEFAULT_TOPOLOGY.cluster_name);
    assert.deepEqual(
      info.nodes.map((n) => n.id),
      DEFAULT_TOPOLOGY.nodes.map((n) => n.id),
    );
    assert.deepEqual(
      info.nodes.filter((n) => n.local).map((n) => n.id),
      [DEFAULT_TOPOLOGY.local],
    );
    assert.deepEqual(
      info.nodes.filter((n) => n.clusterManager).map((n) => n.id),
      [DEFAULT_TOPOLOGY.cluster_manager],
    );
    const warm = info.nodes.find((n) => n.name === 'os-data-warm-1')!;
    assert.deepEqual(warm.roles, ['data', 'ml']);
    assert.equal(warm.attributes['temp'], 'warm');
    assert.equal(warm.version, '2.19.1');
  });

  void it('reads the indexes, their aliases and fields', async () => {
    const { indices } = await fetchIndices(client, { opaqueId: 'vscode-search-requests/indices' });
    const products = indices.find((i) => i.name === 'products');
    assert.ok(products?.fields.some((f) => f.name === 'name.keyword' && f.type === 'keyword'));
    const logs = indices.filter((i) => i.name.startsWith('logs-'));
    assert.equal(logs.length, 3);
    assert.ok(logs.every((i) => i.aliases.includes('logs')));
    assert.ok(logs[0]?.fields.some((f) => f.name === '@timestamp' && f.type === 'date'));
  });

  void it('lists a slow search as ours, cancels it by id, and it is gone', async () => {
    const opaqueId = 'vscode-search-requests/slow-1';
    const search = client
      .send({ method: 'POST', path: '/products/_search', body: '{}', opaqueId })
      .then((r) => r.status)
      .catch((error: unknown) => String(error));
    const tree = new TaskTree();
    const context = {
      isOurs: (id: string) => id === opaqueId,
      isHidden: (task: { opaqueId?: string }) => task.opaqueId === VIEW_ID,
    };
    await eventually(
      async () => {
        tree.update(await listTasks(client, NO_FILTERS, { opaqueId: VIEW_ID }), context);
        return tree.shown();
      },
      (shown) => shown.some((t) => t.action === 'indices:data/read/search' && t.ours),
      'the search to be listed',
    );
    const shown = tree.shown();
    assert.ok(
      shown.every((t) => t.opaqueId !== VIEW_ID),
      'the listing itself is not shown',
    );
    const top = shown.find((t) => t.action === 'indices:data/read/search')!;
    assert.equal(top.state, 'cancellable');
    assert.equal(top.nodeName, 'os-coordinator-1');
    assert.ok(
      shown.some((t) => t.parentTaskId === top.id),
      'its shard tasks are listed under it',
    );
    // GET /_tasks/<id> gives the whole record.
    const got = await getTask(client, top.id, { opaqueId: VIEW_ID });
    assert.equal(got.status, 200);
    assert.equal((got.value as { completed: boolean }).completed, false);
    const outcome = await cancelTask(client, top.id, { opaqueId: VIEW_ID });
    assert.deepEqual(outcome.cancelled, [top.id]);
    assert.deepEqual(outcome.failures, []);
    assert.equal(typeof (await search), 'number', 'the search ended with an answer');
    await eventually(
      async () => parseTaskList((await client.json({ method: 'GET', path: '/_tasks', opaqueId: VIEW_ID })).value),
      (list) => !list.tasks.some((t) => t.opaqueId === opaqueId),
      'the search to be gone',
    );
    // Once gone, a cancel says so as OpenSearch does: a node failure inside a 200.
    const again = await cancelTask(client, top.id, { opaqueId: VIEW_ID });
    assert.equal(again.status, 200);
    assert.deepEqual(again.cancelled, []);
    assert.deepEqual(again.failures, [`resource_not_found_exception: task [${top.id}] is not found`]);
    const nowhere = await cancelTask(client, 'nope:1', { opaqueId: VIEW_ID });
    assert.deepEqual(nowhere.failures, ['no_such_node_exception: No such node [nope]']);
  });

  void it('cancels every task that matches the filters', async () => {
    const searches = [1, 2].map((n) =>
      client
        .send({ method: 'POST', path: '/products/_search', body: '{}', opaqueId: `vscode-search-requests/many-${n}` })
        .catch(() => undefined),
    );
    await eventually(
      () => listTasks(client, { actions: ['indices:data/read/search'], nodes: '_local' }, { opaqueId: VIEW_ID }),
      (list) => list.tasks.length === 2,
      'both searches',
    );
    const outcome = await cancelMatching(
      client,
      { actions: ['indices:data/read/search'], nodes: '_local' },
      { opaqueId: VIEW_ID },
    );
    assert.equal(outcome.cancelled.length, 2);
    await Promise.all(searches);
  });
});
