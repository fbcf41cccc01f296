import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startCluster } from '@search-requests/local-cluster';

void describe('local cluster API', () => {
  void it('starts on an ephemeral port and closes', async () => {
    const cluster = await startCluster({ sampleData: false });
    assert.match(cluster.url, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.ok(cluster.port > 0);
    assert.equal(cluster.topology.nodes.length, 5);
    assert.ok(cluster.topology.nodes.some((n) => n.id === cluster.topology.cluster_manager));
    await cluster.close();
  });

  void it('refuses an inconsistent topology', async () => {
    await assert.rejects(
      startCluster({
        topology: {
          cluster_name: 'x',
          local: 'a',
          cluster_manager: 'a',
          nodes: [{ id: 'a', name: 'a', host: 'h', ip: '127.0.0.1', roles: ['data'], attributes: {} }],
        },
      }),
      /not cluster-manager-eligible/,
    );
  });
});
