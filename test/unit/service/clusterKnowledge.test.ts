import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { evaluateNodeFilter } from '../../../server/src/service/nodes/evaluate';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';

const STATE: ClusterStateParams = {
  clusterName: 'test-cluster',
  indices: [
    { name: 'logs-2024.01.01', aliases: ['logs'], fields: [{ name: 'level', type: 'keyword' }] },
    { name: 'logs-2024.01.02', aliases: ['logs'], fields: [{ name: 'message', type: 'text' }] },
    { name: 'products', aliases: [], fields: [{ name: 'price', type: 'double' }] },
    { name: '.hidden', aliases: [], fields: [] },
  ],
  nodes: [
    {
      id: 'n1',
      name: 'cm-1',
      host: 'cm-1.local',
      ip: '10.0.0.1',
      roles: ['cluster_manager'],
      attributes: {},
      local: false,
      clusterManager: true,
    },
    {
      id: 'n2',
      name: 'data-1',
      host: 'data-1.local',
      ip: '10.0.0.2',
      roles: ['data', 'ingest', 'ml'],
      attributes: { zone: 'a' },
      local: true,
      clusterManager: false,
    },
  ],
};

function withCluster(
  language: 'search' | 'msearch',
  text: string,
): { code: string; message: string; severity: number }[] {
  const store = new DocumentStore();
  store.cluster.update(STATE);
  store.open(`file:///c.${language}`, language, 1, text);
  return store
    .diagnostics(`file:///c.${language}`)
    .map((d) => ({ code: String(d.code), message: d.message, severity: d.severity ?? 0 }));
}

void describe('what the connected cluster says of a document', () => {
  void it('informs of an index pattern that matches nothing there, never as an error', () => {
    assert.deepEqual(withCluster('search', 'GET /logz-*/_search\nGET /logs-*,products/_search\nGET /logs/_search\n'), [
      {
        code: 'cluster.no-matching-index',
        message: '[logz-*] matches no index or alias on cluster [test-cluster].',
        severity: 3,
      },
    ]);
    assert.deepEqual(withCluster('msearch', '{"index":"logs-*,nope"}\n{}\n{"index":["products"]}\n{}\n'), [
      {
        code: 'cluster.no-matching-index',
        message: '[nope] matches no index or alias on cluster [test-cluster].',
        severity: 3,
      },
    ]);
    assert.deepEqual(
      withCluster('search', 'POST /_msearch\n{"index":"missing"}\n{}\n').map((d) => d.code),
      ['cluster.no-matching-index'],
    );
  });

  void it('informs of a node filter that selects no node there', () => {
    assert.deepEqual(
      withCluster('search', 'GET /_nodes/zone:b/stats\nGET /_nodes/zone:a\nGET /_tasks?nodes=ingest:true\n'),
      [
        {
          code: 'cluster.no-matching-node',
          message: '[zone:b] selects none of the 2 nodes of cluster [test-cluster].',
          severity: 3,
        },
      ],
    );
  });

  void it('informs that the cluster rejects a custom role value when a node has the role', () => {
    assert.deepEqual(withCluster('search', 'GET /_nodes/_all,ml:yes/stats\n'), [
      {
        code: 'cluster.rejected-node-filter',
        message:
          'Cluster [test-cluster] rejects [_all,ml:yes]: Failed to parse value [yes] as only [true] or [false] are allowed.',
        severity: 3,
      },
    ]);
  });

  void it('evaluates a node filter step by step', () => {
    const store = new DocumentStore();
    store.cluster.update(STATE);
    const result = evaluateNodeFilter('_all,data:false', store.cluster);
    assert.deepEqual(result.selected, ['n1']);
    assert.deepEqual(
      result.steps.map((s) => [s.expression, s.added, s.removed]),
      [
        ['_all', ['n1', 'n2'], []],
        ['data:false', [], ['n2']],
      ],
    );
    assert.deepEqual(evaluateNodeFilter('data:maybe', store.cluster).errors, [
      'Failed to parse value [maybe] as only [true] or [false] are allowed.',
    ]);
  });

  void it('says nothing without a cluster', () => {
    const store = new DocumentStore();
    store.open('file:///x.search', 'search', 1, 'GET /logz-*/_search\n');
    assert.deepEqual(store.diagnostics('file:///x.search'), []);
  });

  void it('reads the fields of the indexes an index list resolves to, every visible index when it names none', () => {
    const store = new DocumentStore();
    store.cluster.update(STATE);
    assert.deepEqual(
      [...store.cluster.fields(['logs'])],
      [
        ['level', 'keyword'],
        ['message', 'text'],
      ],
    );
    assert.deepEqual([...store.cluster.fields(['products', 'nope'])], [['price', 'double']]);
    assert.deepEqual([...store.cluster.fields(['nope-*'])], []);
    assert.deepEqual(
      [...store.cluster.fields(undefined).keys()],
      ['level', 'message', 'price'],
      'no index named: all but the hidden ones',
    );
    assert.deepEqual(
      [...store.cluster.fields(['remote:logs', '<logs-{now/d}>']).keys()],
      ['level', 'message', 'price'],
      'nothing resolvable here: as if none were named',
    );
  });

  void it('keeps what it derived from the mappings until they change', () => {
    const store = new DocumentStore();
    store.cluster.update(STATE);
    const fields = store.cluster.fields(['logs-*']);
    store.cluster.update({ tasks: [{ id: 'n2:1', action: 'indices:data/read/search' }] });
    assert.equal(store.cluster.fields(['logs-*']), fields, 'a tasks update keeps the cache');
    assert.equal(store.cluster.task('n2:1')?.action, 'indices:data/read/search');
    store.cluster.update({ indices: STATE.indices ?? [] });
    assert.notEqual(store.cluster.fields(['logs-*']), fields, 'new mappings rebuild it');
    store.cluster.update({ clear: true });
    assert.equal(store.cluster.fields(['logs-*']).size, 0);
  });

  void it('takes indexes and nodes sent without their lists as having none', () => {
    const store = new DocumentStore();
    const partial = JSON.parse(
      '{"clusterName":"c","indices":[{"name":"a"}],"nodes":[{"id":"n1","name":"one","local":true,"clusterManager":true}]}',
    ) as ClusterStateParams;
    store.cluster.update(partial);
    assert.equal(store.cluster.fields(['a']).size, 0);
    assert.deepEqual(store.cluster.aliases, []);
    assert.deepEqual(evaluateNodeFilter('_all,zone:a', store.cluster).selected, ['n1']);
  });
});
