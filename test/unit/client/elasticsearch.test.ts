// Running, tasks, nodes and X-Opaque-Id against Elasticsearch 7.x and 8.x shapes (the stub's header says where each
// shape comes from): the distribution and version go to the language server's target, `master` is the cluster
// manager role, the elected master comes from `_cat/master`.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { distributionOf, fetchClusterInfo, productText } from '../../../client/src/core/clusterInfo';
import { fetchNodes, rolesText } from '../../../client/src/core/nodesInfo';
import { executeRun } from '../../../client/src/core/runner';
import { effectiveTarget } from '../../../client/src/core/target';
import { describeCancel } from '../../../client/src/core/taskCancel';
import { listTasks } from '../../../client/src/core/tasksApi';
import { startElasticsearchStub, type ElasticsearchStub } from './elasticsearchStub';

for (const major of [7, 8] as const) {
  void describe(`Elasticsearch ${major}.x`, () => {
    let stub: ElasticsearchStub;
    let client: ClusterClient;
    before(async () => {
      stub = await startElasticsearchStub(major);
      client = await ClusterClient.create({ name: `es${major}`, url: stub.url, auth: 'none' });
    });
    after(async () => {
      await client.close();
      await stub.close();
    });

    void it('is recognised from GET / and given to the language server as the target', async () => {
      const info = await fetchClusterInfo(client, 'info');
      const number = major === 8 ? '8.15.0' : '7.17.9';
      assert.deepEqual(info, {
        distribution: 'elasticsearch',
        version: number,
        buildFlavor: 'default',
        clusterName: 'docker-cluster',
        health: 'green',
      });
      assert.equal(productText(info), `Elasticsearch ${number}`);
      assert.deepEqual(effectiveTarget(info, {}), {
        source: 'cluster',
        distribution: 'elasticsearch',
        version: number,
      });
    });

    void it('lists the nodes with master as the cluster manager role and the elected master from _cat/master', async () => {
      const { nodes, clusterName } = await fetchNodes(client, { opaqueId: 'nodes' });
      assert.equal(clusterName, 'docker-cluster');
      assert.equal(nodes.length, 3);
      const elected = nodes.filter((n) => n.clusterManager);
      assert.deepEqual(
        elected.map((n) => n.name),
        ['es-c3'],
      );
      assert.equal(rolesText(elected[0]!.roles), 'm');
      // Roles OpenSearch has keep their letters; Elasticsearch's own (data tiers, transform) show by name.
      assert.equal(
        rolesText(nodes.find((n) => n.name === 'es-a1')!.roles),
        major === 8
          ? 'imr+data_content+data_hot+transform'
          : 'dimr+data_cold+data_content+data_frozen+data_hot+data_warm+ml+transform',
      );
      assert.equal(nodes.find((n) => n.local)?.name, 'es-a1');
      // _cat/cluster_manager is OpenSearch's: asked first, refused, then _cat/master.
      const cat = stub.requests.filter((r) => r.url.startsWith('/_cat/')).map((r) => r.url.split('?')[0]);
      assert.deepEqual(cat, ['/_cat/cluster_manager', '/_cat/master']);
    });

    void it('runs a search with its X-Opaque-Id, sees its task, and cancel finds it by X-Opaque-Id', async () => {
      const done = await executeRun(
        client,
        { method: 'POST', path: '/articles/_search', query: [], body: '{"query":{"match_all":{}}}' },
        { opaqueId: 'vscode-search-requests/es-1' },
      );
      assert.equal(done.response?.status, 200);
      assert.equal(done.response.opaqueId, 'vscode-search-requests/es-1');

      const abort = new AbortController();
      const slow = executeRun(
        client,
        { method: 'POST', path: '/articles/_search', query: [], body: '{"query":{"match_all":{}},"slow":1}' },
        { opaqueId: 'vscode-search-requests/es-2', signal: abort.signal },
      );
      let listed;
      for (let i = 0; i < 100; i++) {
        listed = await listTasks(client, { actions: ['*search*'], nodes: '' }, { opaqueId: 'tasks-view' });
        if (listed.tasks.length > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      assert.equal(listed?.tasks.length, 1);
      assert.equal(listed.tasks[0]!.opaqueId, 'vscode-search-requests/es-2');
      assert.equal(listed.tasks[0]!.action, 'indices:data/read/search');
      assert.equal(listed.nodes.get(listed.tasks[0]!.node)?.name, 'es-a1');
      abort.abort();
      const outcome = await slow;
      assert.equal(outcome.failure?.kind, 'cancelled');
      assert.deepEqual(stub.cancelled, [listed.tasks[0]!.id]);
      assert.match(
        describeCancel(outcome.cancel!),
        /^Cancelled 1 task\(s\) on the cluster: .*indices:data\/read\/search/,
      );
    });
  });
}

void describe('distribution of GET /', () => {
  void it('reads OpenSearch from version.distribution or its tagline, Elasticsearch otherwise', () => {
    assert.equal(distributionOf({ version: { distribution: 'opensearch', number: '7.10.2' } }), 'opensearch');
    assert.equal(
      distributionOf({ version: { number: '2.19.0' }, tagline: 'The OpenSearch Project: https://opensearch.org/' }),
      'opensearch',
    );
    assert.equal(
      distributionOf({ version: { number: '8.15.0', build_flavor: 'default' }, tagline: 'You Know, for Search' }),
      'elasticsearch',
    );
    assert.equal(distributionOf('not json'), 'elasticsearch');
  });
});
