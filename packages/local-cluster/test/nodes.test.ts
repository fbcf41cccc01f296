import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster, type Topology } from '../src/index';
import { resolveNodes } from '../src/nodes/nodeFilter';
import { at, call } from './testClient';

const TOPOLOGY: Topology = {
  cluster_name: 'filters',
  local: 'n5',
  cluster_manager: 'n1',
  nodes: [
    {
      id: 'n1',
      name: 'cm-1',
      host: 'cm1.example',
      ip: '10.1.0.1',
      roles: ['cluster_manager'],
      attributes: { zone: 'a' },
    },
    {
      id: 'n2',
      name: 'data-1',
      host: 'data1.example',
      ip: '10.1.0.2',
      roles: ['data', 'ingest'],
      attributes: { zone: 'a' },
    },
    {
      id: 'n3',
      name: 'data-2',
      host: 'data2.example',
      ip: '10.1.0.3',
      roles: ['data', 'cluster_manager'],
      attributes: { zone: 'b' },
    },
    {
      id: 'n4',
      name: 'ml-1',
      host: 'ml1.example',
      ip: '10.1.0.4',
      roles: ['ml', 'remote_cluster_client'],
      attributes: {},
    },
    { id: 'n5', name: 'coord-1', host: 'coord1.example', ip: '10.1.0.5', roles: [], attributes: { zone: 'c' } },
    { id: 'n6', name: 'search-1', host: 'search1.example', ip: '10.1.0.6', roles: ['search'], attributes: {} },
  ],
};

void describe('node filters (DiscoveryNodes.resolveNodes)', () => {
  const r = (expr: string): string[] => resolveNodes(TOPOLOGY, expr === '' ? [] : expr.split(','));
  void it('resolves each kind of expression', () => {
    assert.deepEqual(r(''), ['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    assert.deepEqual(r('_local'), ['n5']);
    assert.deepEqual(r('_master'), ['n1']);
    assert.deepEqual(r('_cluster_manager'), ['n1']);
    assert.deepEqual(r('n3'), ['n3']);
    assert.deepEqual(r('data-*'), ['n2', 'n3']);
    assert.deepEqual(r('10.1.0.4'), ['n4']);
    assert.deepEqual(r('coord1.*'), ['n5']);
    assert.deepEqual(r('data:true'), ['n2', 'n3', 'n6']);
    assert.deepEqual(r('_all,cluster_manager:false'), ['n2', 'n4', 'n5', 'n6']);
    assert.deepEqual(r('cluster_manager:false,_all'), ['n1', 'n2', 'n3', 'n4', 'n5', 'n6']);
    assert.deepEqual(r('master:true'), ['n1', 'n3']);
    assert.deepEqual(r('ingest:'), ['n2']);
    assert.deepEqual(r('coordinating_only:true'), ['n4', 'n5']);
    assert.deepEqual(r('ml:true'), ['n4']);
    assert.deepEqual(r('remote_cluster_client:true'), []);
    assert.deepEqual(r('search:true'), []);
    assert.deepEqual(r('zone:a'), ['n1', 'n2']);
    assert.deepEqual(r('zo*:b'), ['n3']);
    assert.deepEqual(r('nothing'), []);
    assert.throws(() => r('data:yes'), /Failed to parse value \[yes\] as only \[true\] or \[false\] are allowed\./);
  });
});

void describe('nodes API', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ sampleData: true, topology: TOPOLOGY });
  });
  after(() => c.close());

  void it('wraps answers in the _nodes envelope', async () => {
    const info = await call(c.url, 'GET', '/_nodes');
    assert.deepEqual(at(info.json, '_nodes'), { total: 6, successful: 6, failed: 0 });
    assert.equal(at(info.json, 'cluster_name'), 'filters');
    assert.equal(at(info.json, 'nodes', 'n2', 'name'), 'data-1');
    assert.deepEqual(at(info.json, 'nodes', 'n2', 'roles'), ['data', 'ingest']);
    const empty = await call(c.url, 'GET', '/_nodes/nothing/stats');
    assert.deepEqual(empty.json, {
      _nodes: { total: 0, successful: 0, failed: 0 },
      cluster_name: 'filters',
      nodes: {},
    });
  });

  void it('treats a segment of known metrics as metrics, anything else as a node filter', async () => {
    const metrics = await call(c.url, 'GET', '/_nodes/os,jvm');
    assert.equal(Object.keys(at(metrics.json, 'nodes') as object).length, 6);
    assert.ok(at(metrics.json, 'nodes', 'n1', 'os'));
    assert.equal(at(metrics.json, 'nodes', 'n1', 'thread_pool'), undefined);
    const filter = await call(c.url, 'GET', '/_nodes/data:true');
    assert.deepEqual(Object.keys(at(filter.json, 'nodes') as object), ['n2', 'n3', 'n6']);
  });

  void it('serves stats by filter and metric, with plausible figures', async () => {
    const r = await call(
      c.url,
      'GET',
      '/_nodes/_all,cluster_manager:false/stats/jvm,os,indices,thread_pool,fs,task_cancellation',
    );
    assert.deepEqual(Object.keys(at(r.json, 'nodes') as object), ['n2', 'n4', 'n5', 'n6']);
    const n2 = at(r.json, 'nodes', 'n2') as Record<string, unknown>;
    assert.ok((at(n2, 'jvm', 'mem', 'heap_used_percent') as number) > 0);
    assert.equal(typeof at(n2, 'os', 'cpu', 'percent'), 'number');
    assert.ok((at(n2, 'indices', 'docs', 'count') as number) > 0);
    assert.ok(at(n2, 'thread_pool', 'search'));
    assert.ok(at(n2, 'fs', 'total', 'total_in_bytes'));
    assert.deepEqual(Object.keys(at(n2, 'task_cancellation') as object), ['search_shard_task', 'search_task']);
    const onlyDocs = await call(c.url, 'GET', '/_nodes/n2/stats/indices/docs');
    assert.deepEqual(Object.keys(at(onlyDocs.json, 'nodes', 'n2', 'indices') as object), ['docs']);
  });

  void it('rejects bad metrics as OpenSearch does', async () => {
    const r = await call(c.url, 'GET', '/_nodes/stats/jvmm');
    assert.equal(r.status, 400);
    assert.equal(
      at(r.json, 'error', 'reason'),
      'request [/_nodes/stats/jvmm] contains unrecognized metric: [jvmm] -> did you mean [jvm]?',
    );
    const mixed = await call(c.url, 'GET', '/_nodes/stats/_all,os');
    assert.equal(
      at(mixed.json, 'error', 'reason'),
      'request [/_nodes/stats/_all,os] contains _all and individual metrics [_all,os]',
    );
    const idx = await call(c.url, 'GET', '/_nodes/stats/os/docs');
    assert.equal(
      at(idx.json, 'error', 'reason'),
      'request [/_nodes/stats/os/docs] contains index metrics [docs] but indices stats not requested',
    );
  });

  void it('lists nodes in _cat/nodes with the elected cluster manager marked', async () => {
    const r = await call(c.url, 'GET', '/_cat/nodes?format=json&h=name,node.role,cluster_manager');
    const rows = r.json as Record<string, string>[];
    assert.deepEqual(
      rows.find((x) => x.name === 'cm-1'),
      { name: 'cm-1', 'node.role': 'm', cluster_manager: '*' },
    );
    assert.deepEqual(
      rows.find((x) => x.name === 'coord-1'),
      { name: 'coord-1', 'node.role': '-', cluster_manager: '-' },
    );
    const text = await call(c.url, 'GET', '/_cat/nodes?v');
    assert.match(
      text.text,
      /^ip +heap\.percent ram\.percent cpu load_1m load_5m load_15m node\.role node\.roles +cluster_manager name\n/,
    );
  });

  void it('names the elected cluster manager in _cat/cluster_manager, and in _cat/master with a deprecation warning', async () => {
    const r = await call(c.url, 'GET', '/_cat/cluster_manager?format=json');
    assert.equal(r.status, 200);
    assert.deepEqual(r.json, [{ id: 'n1', host: 'cm1.example', ip: '10.1.0.1', node: 'cm-1' }]);
    assert.equal(r.headers['warning'], undefined);
    const text = await call(c.url, 'GET', '/_cat/cluster_manager?v');
    assert.match(text.text, /^id +host +ip +node\nn1 cm1\.example 10\.1\.0\.1 cm-1\n$/);
    const old = await call(c.url, 'GET', '/_cat/master?format=json&h=id');
    assert.deepEqual(old.json, [{ id: 'n1' }]);
    assert.match(
      String(old.headers['warning']),
      /^299 OpenSearch-\S+ "\[GET \/_cat\/master\] is deprecated! Use \[GET \/_cat\/cluster_manager\] instead\."$/,
    );
  });
});
