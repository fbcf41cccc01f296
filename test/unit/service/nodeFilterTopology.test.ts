// Node filters (docs/opensearch/tasks-and-nodes.md#node-filters) resolved by the language service on the local cluster's default topology, every
// case of the section, each checked against the local cluster's own resolution too (packages/local-cluster).
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TOPOLOGY, resolveNodes, splitByComma, type Topology } from '@search-requests/local-cluster';
import { ClusterKnowledge } from '../../../server/src/service/cluster/clusterKnowledge';
import { evaluateNodeFilter } from '../../../server/src/service/nodes/evaluate';
import {
  resolveNodeFilter,
  splitNodeFilter,
  type ClusterNode,
  type FilterResolution,
} from '../../../server/src/service/nodes/nodeFilter';

function clusterNodes(topology: Topology): (ClusterNode & { local: boolean; clusterManager: boolean })[] {
  return topology.nodes.map((n) => ({
    ...n,
    local: n.id === topology.local,
    clusterManager: n.id === topology.cluster_manager,
  }));
}

/** The default topology plus a search node and a node with only remote_cluster_client. */
const EXTENDED: Topology = {
  ...DEFAULT_TOPOLOGY,
  nodes: [
    ...DEFAULT_TOPOLOGY.nodes,
    {
      id: 'SrCh5nOdE1xYz',
      name: 'os-search-1',
      host: 'search-1.local',
      ip: '172.18.0.16',
      roles: ['search'],
      attributes: { zone: 'zone-b' },
    },
    {
      id: 'RcC7lIeNt2aBc',
      name: 'os-remote-1',
      host: 'remote-1.local',
      ip: '172.18.0.17',
      roles: ['remote_cluster_client'],
      attributes: {},
    },
  ],
};

function names(topology: Topology, ids: readonly string[]): string[] {
  return ids.map((id) => topology.nodes.find((n) => n.id === id)?.name ?? id);
}

/** What the language service selects, checked against the local cluster's resolution of the same filter. */
function select(filter: string, topology: Topology = DEFAULT_TOPOLOGY): string[] {
  const resolution: FilterResolution = resolveNodeFilter(splitNodeFilter(filter, 'raw'), clusterNodes(topology));
  assert.equal(resolution.rejected, undefined, `${filter} was rejected: ${resolution.rejected ?? ''}`);
  const simulated = resolveNodes(topology, splitByComma(filter));
  assert.deepEqual(resolution.selected, simulated, `the local cluster resolves [${filter}] alike`);
  return names(topology, resolution.selected);
}

const ALL = ['os-manager-1', 'os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1', 'os-coordinator-1'];

void describe('node filters on the default topology of the local cluster', () => {
  void it('no filter selects every node, and so does _all', () => {
    assert.deepEqual(select(''), ALL);
    assert.deepEqual(select('_all'), ALL);
  });

  void it('_local is the node that receives the request; _master and _cluster_manager the elected one', () => {
    assert.deepEqual(select('_local'), ['os-coordinator-1']);
    assert.deepEqual(select('_master'), ['os-manager-1']);
    assert.deepEqual(select('_cluster_manager'), ['os-manager-1']);
    // Eligible is not elected: os-data-hot-1 is cluster-manager-eligible but not elected.
    assert.deepEqual(select('_cluster_manager,_local'), ['os-manager-1', 'os-coordinator-1']);
  });

  void it('node ids, exact and case-sensitive', () => {
    assert.deepEqual(select('Hd2sT8bQwE5nUy7cVf1KjA'), ['os-data-hot-1']);
    assert.deepEqual(select('Hd2sT8bQwE5nUy7cVf1KjA,Wm4nR2cYtV7eSa1dFg6HjK'), ['os-data-hot-1', 'os-data-warm-1']);
    assert.deepEqual(select('hd2st8bqwe5nuy7cvf1kja'), []);
  });

  void it('names, IPs and host names, with * wildcards, case-sensitive', () => {
    assert.deepEqual(select('os-data-hot-1'), ['os-data-hot-1']);
    assert.deepEqual(select('os-data-*'), ['os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1']);
    assert.deepEqual(select('*hot*'), ['os-data-hot-1', 'os-data-hot-2']);
    assert.deepEqual(select('172.18.0.13'), ['os-data-hot-2']);
    assert.deepEqual(select('172.18.0.1*'), ALL);
    assert.deepEqual(select('OS-DATA-*'), []);
    assert.deepEqual(select('search-1.local', EXTENDED), ['os-search-1'], 'host name');
    assert.deepEqual(select('*.local', EXTENDED), ['os-search-1', 'os-remote-1']);
  });

  void it('data, master, cluster_manager, ingest, coordinating_only: true adds, false removes', () => {
    assert.deepEqual(select('data:true'), ['os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1']);
    assert.deepEqual(select('_all,data:false'), ['os-manager-1', 'os-coordinator-1']);
    assert.deepEqual(select('master:true'), ['os-manager-1', 'os-data-hot-1', 'os-data-hot-2']);
    assert.deepEqual(select('cluster_manager:true'), ['os-manager-1', 'os-data-hot-1', 'os-data-hot-2']);
    assert.deepEqual(select('_all,master:false'), ['os-data-warm-1', 'os-coordinator-1']);
    assert.deepEqual(select('_all,cluster_manager:false'), ['os-data-warm-1', 'os-coordinator-1']);
    assert.deepEqual(select('ingest:true'), ['os-data-hot-1', 'os-data-hot-2']);
    assert.deepEqual(select('_all,ingest:false'), ['os-manager-1', 'os-data-warm-1', 'os-coordinator-1']);
    assert.deepEqual(select('coordinating_only:true'), ['os-coordinator-1']);
    assert.deepEqual(select('_all,coordinating_only:false'), [
      'os-manager-1',
      'os-data-hot-1',
      'os-data-hot-2',
      'os-data-warm-1',
    ]);
    // Removing from the empty set leaves it empty.
    assert.deepEqual(select('data:false'), []);
  });

  void it('search nodes count as data, not as coordinating-only; search:true itself selects nothing', () => {
    assert.deepEqual(select('data:true', EXTENDED), [
      'os-data-hot-1',
      'os-data-hot-2',
      'os-data-warm-1',
      'os-search-1',
    ]);
    assert.deepEqual(select('_all,data:false', EXTENDED), ['os-manager-1', 'os-coordinator-1', 'os-remote-1']);
    assert.deepEqual(select('coordinating_only:true', EXTENDED), ['os-coordinator-1', 'os-remote-1']);
    assert.deepEqual(select('search:true', EXTENDED), []);
    assert.deepEqual(select('remote_cluster_client:true', EXTENDED), []);
  });

  void it('custom roles add and remove like built-in ones', () => {
    assert.deepEqual(select('ml:true'), ['os-data-warm-1']);
    assert.deepEqual(select('_all,ml:false'), ['os-manager-1', 'os-data-hot-1', 'os-data-hot-2', 'os-coordinator-1']);
    assert.deepEqual(select('data:true,ml:false'), ['os-data-hot-1', 'os-data-hot-2']);
  });

  void it('attributes, name and value with * wildcards', () => {
    assert.deepEqual(select('zone:zone-a'), ['os-manager-1', 'os-data-hot-1', 'os-coordinator-1']);
    assert.deepEqual(select('zone:zone-*'), ALL);
    assert.deepEqual(select('temp:hot'), ['os-data-hot-1', 'os-data-hot-2']);
    assert.deepEqual(select('te*:w*'), ['os-data-warm-1']);
    assert.deepEqual(select('*:warm'), ['os-data-warm-1']);
    assert.deepEqual(select('zone:ZONE-A'), []);
    // An attribute only adds: there is no removal by attribute.
    assert.deepEqual(select('data:true,zone:zone-a'), [
      'os-manager-1',
      'os-data-hot-1',
      'os-data-hot-2',
      'os-data-warm-1',
      'os-coordinator-1',
    ]);
  });

  void it('additions and removals apply in order', () => {
    assert.deepEqual(select('_all,cluster_manager:false'), ['os-data-warm-1', 'os-coordinator-1']);
    assert.deepEqual(select('cluster_manager:false,_all'), ALL);
    assert.deepEqual(select('data:true,ingest:false'), ['os-data-warm-1']);
    assert.deepEqual(select('ingest:false,data:true'), ['os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1']);
    assert.deepEqual(select('temp:hot,_cluster_manager,master:false'), []);
    assert.deepEqual(select('_all,data:false,_master'), ['os-manager-1', 'os-coordinator-1']);
  });

  void it('an empty value means true', () => {
    assert.deepEqual(select('data:'), select('data:true'));
    assert.deepEqual(select('coordinating_only:'), ['os-coordinator-1']);
    assert.deepEqual(select('ml:'), ['os-data-warm-1']);
    assert.deepEqual(select('_all,ingest: '), ALL, 'blank is true too');
  });

  void it('a filter that matches nothing selects nothing, without an error', () => {
    assert.deepEqual(select('no-such-node'), []);
    assert.deepEqual(select('zone:zone-z'), []);
    assert.deepEqual(select('_all,_all,data:false,master:false,coordinating_only:false'), []);
  });

  void it('a value other than true or false: rejected for roles, and for a custom role some node has', () => {
    const store = new ClusterKnowledge();
    store.update({ clusterName: DEFAULT_TOPOLOGY.cluster_name, nodes: clusterNodes(DEFAULT_TOPOLOGY) });
    assert.deepEqual(evaluateNodeFilter('data:yes', store).errors, [
      'Failed to parse value [yes] as only [true] or [false] are allowed.',
    ]);
    const custom = evaluateNodeFilter('_all,ml:yes', store);
    assert.deepEqual(custom.errors, ['Failed to parse value [yes] as only [true] or [false] are allowed.']);
    assert.equal(custom.selected, undefined);
    assert.throws(() => resolveNodes(DEFAULT_TOPOLOGY, ['_all', 'ml:yes']), /Failed to parse value \[yes\]/);
    // No node has the role gpu: the value is never parsed, only attributes are matched.
    assert.deepEqual(evaluateNodeFilter('gpu:yes', store).errors, []);
    assert.deepEqual(evaluateNodeFilter('gpu:yes', store).selected, []);
  });

  void it('explains each step with the nodes it added and removed', () => {
    const store = new ClusterKnowledge();
    store.update({ clusterName: DEFAULT_TOPOLOGY.cluster_name, nodes: clusterNodes(DEFAULT_TOPOLOGY) });
    const result = evaluateNodeFilter('_all,data:false,_local', store);
    assert.deepEqual(
      result.steps.map((s) => [s.expression, names(DEFAULT_TOPOLOGY, s.added), names(DEFAULT_TOPOLOGY, s.removed)]),
      [
        ['_all', ALL, []],
        ['data:false', [], ['os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1']],
        ['_local', [], []],
      ],
    );
    assert.deepEqual(names(DEFAULT_TOPOLOGY, result.selected ?? []), ['os-manager-1', 'os-coordinator-1']);
  });
});
