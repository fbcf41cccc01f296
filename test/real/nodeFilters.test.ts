// Node filters on a real cluster: what the language server (and so the Clusters view's "Evaluate Node Filter" and
// the node filter hover) says a filter selects, compared with the nodes real OpenSearch answers for it, for every
// kind of expression: special names, ids, names, addresses and wildcards, roles with true/false/empty values,
// custom roles, attributes, the order of additions and removals, and the values OpenSearch refuses.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../client/src/core/clusterClient';
import { stateNodes } from '../../client/src/core/clusterState';
import { fetchNodes, type NodesInfo } from '../../client/src/core/nodesInfo';
import { ClusterKnowledge } from '../../server/src/service/cluster/clusterKnowledge';
import { evaluateNodeFilter } from '../../server/src/service/nodes/evaluate';
import { send } from '../unit/corpus';
import { errorReason, realCluster } from './realEnv';

/** Filters of every kind; `{id:<name>}` is replaced by the id of the node of that name. */
const FILTERS = [
  '_all',
  '_local',
  '_master',
  '_cluster_manager',
  '_cluster_manager,_local',
  '{id:os-data-1}',
  '{id:os-data-1},{id:os-manager-1}',
  'os-data-1',
  'os-*',
  '*-1',
  'OS-DATA-1',
  '127.0.0.1',
  '127.0.0.*',
  'data:true',
  '_all,data:false',
  'master:true',
  'cluster_manager:true',
  '_all,master:false',
  '_all,cluster_manager:false',
  'ingest:true',
  '_all,ingest:false',
  'coordinating_only:true',
  '_all,coordinating_only:false',
  'data:false',
  'ml:true',
  '_all,ml:false',
  'data:true,ml:false',
  'search:true',
  'remote_cluster_client:true',
  'zone:zone-a',
  'zone:zone-*',
  'temp:hot',
  'te*:w*',
  '*:warm',
  'zone:ZONE-A',
  'data:true,zone:zone-a',
  'cluster_manager:false,_all',
  'data:true,ingest:false',
  'ingest:false,data:true',
  '_all,data:false,_master',
  'data:',
  'coordinating_only:',
  'ml:',
  'no-such-node',
  'zone:zone-z',
  'gpu:yes',
  'data:yes',
  '_all,ml:yes',
  'master:TRUE',
];

void describe('node filters: the language server and real OpenSearch select the same nodes', () => {
  const cluster = realCluster();
  let client: ClusterClient;
  let nodes: NodesInfo;
  const knowledge = new ClusterKnowledge();

  before(async () => {
    client = await ClusterClient.create({ name: 'real', url: cluster.url, auth: 'none' });
    nodes = await fetchNodes(client, { opaqueId: 'node-filter-test' });
    knowledge.update({
      ...(nodes.clusterName === undefined ? {} : { clusterName: nodes.clusterName }),
      nodes: stateNodes(nodes.nodes),
    });
  });
  after(async () => {
    await client.close();
  });

  void it('reads the nodes, the local one and the elected cluster manager from GET /_nodes/_all/_none', () => {
    const byName = (name: string) => nodes.nodes.find((n) => n.name === name);
    assert.deepEqual(nodes.nodes.map((n) => n.name).sort(), ['os-coordinator-1', 'os-data-1', 'os-manager-1']);
    assert.equal(byName('os-coordinator-1')?.local, true, 'the coordinating-only node receives the requests');
    assert.equal(byName('os-manager-1')?.clusterManager, true);
    assert.deepEqual(byName('os-data-1')?.roles, ['data', 'ml']);
    assert.deepEqual(byName('os-data-1')?.attributes, {
      shard_indexing_pressure_enabled: 'true',
      temp: 'warm',
      zone: 'zone-b',
    });
    assert.deepEqual(byName('os-coordinator-1')?.roles, []);
  });

  for (const template of FILTERS) {
    void it(`selects what OpenSearch selects for [${template}]`, async () => {
      const filter = template.replace(/\{id:([^}]+)\}/g, (_m, name: string) => {
        const node = nodes.nodes.find((n) => n.name === name);
        assert.ok(node, `no node named ${name}`);
        return node.id;
      });
      const evaluated = evaluateNodeFilter(filter, knowledge);
      // Nodes stats split the filter on commas as written; nodes info trims; both are asked.
      for (const path of [
        `/_nodes/${encodeURIComponent(filter)}/stats/jvm?filter_path=nodes.*.name`,
        `/_nodes/${encodeURIComponent(filter)}?filter_path=nodes.*.name`,
      ]) {
        const answer = await send(cluster.url, { method: 'GET', path });
        if (answer.status >= 400) {
          const reason = errorReason(answer.body) ?? '';
          assert.ok(
            evaluated.errors.some((e) => e.includes(reason)),
            `${path}: OpenSearch refused (${answer.status} ${reason}); the language server said ${JSON.stringify(evaluated.errors)}`,
          );
          continue;
        }
        assert.deepEqual(evaluated.errors, [], `${path}: OpenSearch accepted it`);
        const body = answer.body as { nodes?: Record<string, { name: string }> };
        const real = Object.keys(body.nodes ?? {}).sort();
        assert.deepEqual([...(evaluated.selected ?? [])].sort(), real, `${path}: selected node ids`);
      }
    });
  }
});
