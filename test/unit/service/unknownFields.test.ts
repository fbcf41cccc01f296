// What the connected cluster's mappings say of the fields a search body names (cluster.unknown-field).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { namedIndexExpressions } from '../../../server/src/service/cluster/mentions';
import { CLUSTER_STATE } from './clusterFixture';

function unknownFields(
  language: LanguageId,
  text: string,
  connected = true,
  state: ClusterStateParams = CLUSTER_STATE,
): [number, string, string][] {
  const store = new DocumentStore();
  if (connected) store.cluster.update(state);
  const uri = `file:///fields.${language}`;
  store.open(uri, language, 1, text);
  const lines = text.split('\n');
  return store
    .diagnostics(uri)
    .filter((d) => d.code === 'cluster.unknown-field')
    .map((d) => [
      d.range.start.line,
      lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character),
      d.message,
    ]);
}

/** The sort names that make the search fail on the cluster, by line. */
function sortErrors(text: string, language: LanguageId = 'search'): [number, string][] {
  const store = new DocumentStore();
  store.cluster.update(CLUSTER_STATE);
  const uri = `file:///sorts.${language}`;
  store.open(uri, language, 1, text);
  const lines = text.split('\n');
  return store
    .diagnostics(uri)
    .filter((d) => d.code === 'cluster.sort-unmapped')
    .map((d) => [d.range.start.line, lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]);
}

void describe('fields no mapping has', () => {
  void it('marks query, aggregation and sort fields the searched indexes do not map', () => {
    const text = [
      'GET /logs/_search',
      '{',
      '  "query": { "bool": { "filter": [ { "term": { "levl": "ERROR" } }, { "exists": { "field": "user.nme" } } ],',
      '    "must": { "match": { "message": "timeout" } } } },',
      '  "aggs": { "by": { "terms": { "field": "hots.ip" }, "aggs": { "avg": { "avg": { "field": "duration" } } } } },',
      '  "sort": [ { "@timestamp": "desc" }, "durration", "_score" ]',
      '}',
      '',
    ].join('\n');
    assert.deepEqual(unknownFields('search', text), [
      [2, '"levl"', 'No mapping of [logs] on cluster [test-cluster] has the field [levl].'],
      [2, '"user.nme"', 'No mapping of [logs] on cluster [test-cluster] has the field [user.nme].'],
      [4, '"hots.ip"', 'No mapping of [logs] on cluster [test-cluster] has the field [hots.ip].'],
    ]);
    // A sort on it fails: that Error (cluster.sort-unmapped) takes the place of the information.
    assert.deepEqual(sortErrors(text), [[5, '"durration"']]);
  });

  void it('reads the indexes of each _msearch header, in .msearch files and in console bodies', () => {
    const msearch = [
      '{"index": "products"}',
      '{"query": {"match": {"message": "x"}}}',
      '{"index": "logs-*"}',
      '{"query": {"match": {"message": "x"}}, "sort": [{"price": "asc"}]}',
      '',
    ].join('\n');
    assert.deepEqual(
      unknownFields('msearch', msearch).map(([line, text]) => [line, text]),
      [[1, '"message"']],
    );
    assert.deepEqual(sortErrors(msearch, 'msearch'), [[3, '"price"']]);
    const console = ['POST /_msearch', '{"index": "products"}', '{"query": {"term": {"category": "x"}}}', ''].join(
      '\n',
    );
    assert.deepEqual(unknownFields('search', console), []);
  });

  void it('leaves alone patterns, metadata fields, runtime fields, unknown indexes and a disconnected client', () => {
    const text = [
      'GET /logs/_search',
      '{"query": {"bool": {"filter": [{"term": {"_id": "1"}}, {"exists": {"field": "trace.id"}}, {"term": {"extra": 1}}]}},',
      ' "runtime_mappings": {"extra": {"type": "long"}}, "sort": [{"_doc": "asc"}],',
      ' "aggs": {"f": {"filter": {"wildcard": {"url*": {"value": "x"}}}}}}',
      '',
    ].join('\n');
    // trace.id is mapped in one of the two indexes behind the alias: enough.
    assert.deepEqual(unknownFields('search', text), []);
    assert.deepEqual(unknownFields('search', 'GET /remote:logs/_search\n{"query": {"term": {"nope": 1}}}\n'), []);
    assert.deepEqual(unknownFields('search', 'GET /logs/_search\n{"query": {"term": {"nope": 1}}}\n', false), []);
  });

  void it('says nothing where an index reached has fields the client did not read', () => {
    // The client read the mappings of the indexes the open documents name only: products' fields are unknown.
    const state: ClusterStateParams = {
      ...CLUSTER_STATE,
      indices: CLUSTER_STATE.indices!.map((i) =>
        i.name === 'products' ? { ...i, fields: [], fieldsUnknown: true } : i,
      ),
    };
    const query = '{"query": {"term": {"nope": 1}}}';
    assert.deepEqual(unknownFields('search', `GET /products/_search\n${query}\n`, true, state), []);
    assert.deepEqual(unknownFields('search', `GET /products,logs/_search\n${query}\n`, true, state), []);
    // Without an index the search reaches products too.
    assert.deepEqual(unknownFields('search', `GET /_search\n${query}\n`, true, state), []);
    // The indexes whose mappings were read keep their check.
    assert.equal(unknownFields('search', `GET /logs/_search\n${query}\n`, true, state).length, 1);
  });

  void it('names the index expressions a document holds, for the client to read the mappings of', () => {
    const store = new DocumentStore();
    const search = [
      'GET /logs-*,products/_search',
      '{}',
      'GET /${index}/_search',
      '{}',
      'POST /_msearch',
      '{"index": ["orders", "logs-*"]}',
      '{}',
      'GET /_cat/indices',
      '',
    ].join('\n');
    store.open('file:///a.search', 'search', 1, search);
    assert.deepEqual(namedIndexExpressions(store.get('file:///a.search')!).sort(), ['logs-*', 'orders', 'products']);
    store.open('file:///b.msearch', 'msearch', 1, '{"index": "x"}\n{}\n{}\n{}\n');
    assert.deepEqual(namedIndexExpressions(store.get('file:///b.msearch')!), ['x']);
  });
});
