// What the client tells the language server of the cluster: fields from mappings, aliases, nodes, and only what
// changed.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  ClusterStateTracker,
  mappingFields,
  mayChangeIndices,
  readIndices,
} from '../../../client/src/core/clusterState';
import { readNodes, shortRoles } from '../../../client/src/core/nodesInfo';

void describe('cluster state for the language server', () => {
  void it('flattens a mapping: objects, nested, multi-fields, runtime fields, as dotted names', () => {
    const fields = mappingFields({
      dynamic: 'strict',
      properties: {
        '@timestamp': { type: 'date' },
        message: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
        http: {
          properties: {
            request: { properties: { method: { type: 'keyword' } } },
            response: { properties: { status_code: { type: 'short' } } },
          },
        },
        variants: { type: 'nested', properties: { sku: { type: 'keyword' } } },
        trace_id: { type: 'alias', path: 'trace.id' },
        broken: 'not an object',
      },
      runtime: { day_of_week: { type: 'keyword', script: { source: '…' } } },
    });
    assert.deepEqual(fields, [
      { name: '@timestamp', type: 'date' },
      { name: 'message', type: 'text' },
      { name: 'message.keyword', type: 'keyword' },
      { name: 'http', type: 'object' },
      { name: 'http.request', type: 'object' },
      { name: 'http.request.method', type: 'keyword' },
      { name: 'http.response', type: 'object' },
      { name: 'http.response.status_code', type: 'short' },
      { name: 'variants', type: 'nested' },
      { name: 'variants.sku', type: 'keyword' },
      { name: 'trace_id', type: 'alias' },
      { name: 'day_of_week', type: 'keyword' },
    ]);
  });

  void it("reads a join field's relations, a child as one name or as a list", () => {
    const fields = mappingFields({
      properties: {
        rel: { type: 'join', relations: { question: ['answer', 'comment'], answer: 'vote' } },
        relations: { type: 'keyword' },
      },
    });
    assert.deepEqual(fields, [
      { name: 'rel', type: 'join', relations: { question: ['answer', 'comment'], answer: ['vote'] } },
      { name: 'relations', type: 'keyword' },
    ]);
  });

  void it('marks a field whose doc values or index are turned off or that has a normalizer, multi-fields too', () => {
    const fields = mappingFields({
      properties: {
        a: { type: 'long', doc_values: false },
        b: { type: 'long', index: false, doc_values: true },
        c: { type: 'long', index: true },
        k: { type: 'keyword', normalizer: 'lower' },
        t: { type: 'text', fields: { n: { type: 'integer', doc_values: false } } },
      },
    });
    assert.deepEqual(fields, [
      { name: 'a', type: 'long', docValues: false },
      { name: 'b', type: 'long', indexed: false },
      { name: 'c', type: 'long' },
      { name: 'k', type: 'keyword', normalized: true },
      { name: 't', type: 'text' },
      { name: 't.n', type: 'integer', docValues: false },
    ]);
  });

  void it('keeps the format a mapping gives a field, and field data turned on', () => {
    assert.deepEqual(
      mappingFields({
        properties: {
          d: { type: 'date', format: 'yyyy/MM/dd' },
          e: { type: 'date' },
          t: { type: 'text', fielddata: true },
          u: { type: 'text', fielddata: false },
        },
      }),
      [
        { name: 'd', type: 'date', format: 'yyyy/MM/dd' },
        { name: 'e', type: 'date' },
        { name: 't', type: 'text', fielddata: true },
        { name: 'u', type: 'text' },
      ],
    );
  });

  void it("marks a field with an analyzer or a search analyzer of its own, a multi-field's too", () => {
    assert.deepEqual(
      mappingFields({
        properties: {
          a: { type: 'text', analyzer: 'english' },
          b: { type: 'text', search_analyzer: 'standard' },
          c: { type: 'text', fields: { d: { type: 'text', analyzer: 'simple' } } },
        },
      }),
      [
        { name: 'a', type: 'text', analyzed: true },
        { name: 'b', type: 'text', analyzed: true },
        { name: 'c', type: 'text' },
        { name: 'c.d', type: 'text', analyzed: true },
      ],
    );
  });

  void it('marks a field whose term vectors keep positions and offsets, and no other', () => {
    assert.deepEqual(
      mappingFields({
        properties: {
          a: { type: 'text', term_vector: 'with_positions_offsets' },
          b: { type: 'text', term_vector: 'with_positions_offsets_payloads' },
          c: { type: 'text', term_vector: 'with_positions' },
          d: { type: 'text', term_vector: 'yes' },
        },
      }),
      [
        { name: 'a', type: 'text', offsets: true },
        { name: 'b', type: 'text', offsets: true },
        { name: 'c', type: 'text' },
        { name: 'd', type: 'text' },
      ],
    );
  });

  void it('reads the typed mappings of old clusters and empty ones', () => {
    assert.deepEqual(mappingFields({ _doc: { properties: { a: { type: 'long' } } } }), [{ name: 'a', type: 'long' }]);
    assert.deepEqual(mappingFields({}), []);
    assert.deepEqual(mappingFields(undefined), []);
  });

  void it('joins the mappings and the aliases into indexes', () => {
    const indices = readIndices(
      {
        'logs-1': { mappings: { properties: { level: { type: 'keyword' } } } },
        products: { mappings: {} },
      },
      [
        { alias: 'logs', index: 'logs-1' },
        { alias: 'recent', index: 'logs-1' },
        { alias: 'logs', index: 'logs-1' },
        { alias: 'gone', index: 'nowhere' },
      ],
    );
    assert.deepEqual(indices, [
      { name: 'logs-1', aliases: ['logs', 'recent'], fields: [{ name: 'level', type: 'keyword' }] },
      { name: 'products', aliases: [], fields: [] },
    ]);
  });

  void it('sends only the parts that changed, and a clear once', () => {
    const tracker = new ClusterStateTracker();
    assert.equal(tracker.clear(), undefined, 'the server knows nothing yet');
    const indices = [{ name: 'a', aliases: [], fields: [] }];
    assert.deepEqual(tracker.delta({ clusterName: 'c', indices, tasks: [] }), { clusterName: 'c', indices, tasks: [] });
    assert.equal(tracker.delta({ clusterName: 'c', indices: [{ name: 'a', aliases: [], fields: [] }] }), undefined);
    const tasks = [{ id: 'n:1', action: 'indices:data/read/search' }];
    assert.deepEqual(tracker.delta({ clusterName: 'c', tasks }), { tasks });
    assert.deepEqual(tracker.clear(), { clear: true });
    assert.equal(tracker.clear(), undefined);
    assert.deepEqual(tracker.delta({ tasks }), { tasks }, 'after a clear everything is new again');
    tracker.forget();
    assert.deepEqual(tracker.delta({ tasks }), { tasks });
  });

  void it('tells the runs that may change indexes from those that only read', () => {
    assert.equal(mayChangeIndices('GET', '/logs/_search'), false);
    assert.equal(mayChangeIndices('POST', '/logs/_search'), false);
    assert.equal(mayChangeIndices('POST', '/_msearch'), false);
    assert.equal(mayChangeIndices('POST', '/_tasks/n:1/_cancel'), false);
    assert.equal(mayChangeIndices('POST', '/logs/_count'), false);
    assert.equal(mayChangeIndices('PUT', '/new-index'), true);
    assert.equal(mayChangeIndices('DELETE', '/old-index'), true);
    assert.equal(mayChangeIndices('POST', '/_bulk'), true);
    assert.equal(mayChangeIndices('PUT', '/logs/_mapping'), true);
    assert.equal(mayChangeIndices('POST', '/_aliases'), true);
  });

  void it('reads nodes with the local node and the elected cluster manager marked; roles in short', () => {
    const info = readNodes(
      {
        _nodes: { total: 2, successful: 2, failed: 0 },
        cluster_name: 'c',
        nodes: {
          a: { name: 'cm', host: 'h1', ip: '10.0.0.1', roles: ['cluster_manager'], attributes: { zone: 'z1' } },
          b: { name: 'd', host: 'h2', ip: '10.0.0.2', roles: ['data', 'ingest', 'ml'], version: '2.19.1' },
        },
      },
      'b',
      'a',
    );
    assert.equal(info.clusterName, 'c');
    assert.deepEqual(
      info.nodes.map((n) => [n.id, n.name, n.local, n.clusterManager, shortRoles(n.roles)]),
      [
        ['a', 'cm', false, true, 'm'],
        ['b', 'd', true, false, 'di+ml'],
      ],
    );
    assert.deepEqual(info.nodes[0]?.attributes, { zone: 'z1' });
    assert.equal(shortRoles([]), '-');
    assert.equal(shortRoles(['master', 'data', 'remote_cluster_client', 'search']), 'dmrs');
  });
});
