import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '../src/index';
import { at, call } from './testClient';

void describe('index management and _cat', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ sampleData: false });
  });
  after(() => c.close());

  void it('creates an index with mappings, indexes documents and searches them', async () => {
    const created = await call(c.url, 'PUT', '/books', {
      body: {
        settings: { number_of_shards: 2 },
        mappings: { properties: { title: { type: 'text' }, year: { type: 'integer' } } },
      },
    });
    assert.deepEqual(created.json, { acknowledged: true, shards_acknowledged: true, index: 'books' });
    const again = await call(c.url, 'PUT', '/books');
    assert.equal(again.status, 400);
    assert.equal(at(again.json, 'error', 'type'), 'resource_already_exists_exception');
    const doc = await call(c.url, 'POST', '/books/_doc', { body: { title: 'The Name of the Rose', year: 1980 } });
    assert.equal(doc.status, 201);
    assert.equal(at(doc.json, 'result'), 'created');
    assert.match(at(doc.json, '_id') as string, /^[A-Za-z0-9_-]{20}$/);
    const bulk = await call(c.url, 'POST', '/_bulk', {
      raw: '{"index":{"_index":"books","_id":"2"}}\n{"title":"Foucault\'s Pendulum","year":1988}\n{"create":{"_index":"books","_id":"2"}}\n{"title":"dup"}\n',
      contentType: 'application/x-ndjson',
    });
    assert.equal(at(bulk.json, 'errors'), true);
    assert.equal(at(bulk.json, 'items', 0, 'index', 'status'), 201);
    assert.equal(at(bulk.json, 'items', 1, 'create', 'status'), 409);
    const found = await call(c.url, 'GET', '/books/_search', { body: { query: { match: { title: 'rose' } } } });
    assert.equal(at(found.json, 'hits', 'total', 'value'), 1);
    const range = await call(c.url, 'GET', '/books/_search?q=year:>1985');
    assert.equal(at(range.json, 'hits', 'hits', 0, '_id'), '2');
    const get = await call(c.url, 'GET', '/books/_doc/2');
    assert.equal(at(get.json, 'found'), true);
  });

  void it('maps new fields dynamically and returns mappings', async () => {
    await call(c.url, 'POST', '/dyn/_doc/1', { body: { name: 'x', count: 3, when: '2024-01-02T03:04:05Z', ok: true } });
    const m = await call(c.url, 'GET', '/dyn/_mapping');
    assert.deepEqual(at(m.json, 'dyn', 'mappings', 'properties'), {
      name: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
      count: { type: 'long' },
      when: { type: 'date' },
      ok: { type: 'boolean' },
    });
    const all = await call(c.url, 'GET', '/_mapping');
    assert.ok(at(all.json, 'books', 'mappings'));
  });

  void it('lists indices, health and deletes', async () => {
    const cat = await call(c.url, 'GET', '/_cat/indices?format=json&s=index');
    const rows = cat.json as Record<string, string>[];
    assert.deepEqual(
      rows.map((r) => r.index),
      ['books', 'dyn'],
    );
    assert.deepEqual(Object.keys(rows[0]!), [
      'health',
      'status',
      'index',
      'uuid',
      'pri',
      'rep',
      'docs.count',
      'docs.deleted',
      'store.size',
      'pri.store.size',
    ]);
    assert.equal(rows[0]!['docs.count'], '2');
    const text = await call(c.url, 'GET', '/_cat/indices?v&h=index,docs.count&s=index');
    assert.equal(text.text, 'index docs.count\nbooks          2\ndyn            1\n');
    const health = await call(c.url, 'GET', '/_cluster/health');
    assert.equal(at(health.json, 'status'), 'green');
    assert.equal(at(health.json, 'number_of_nodes'), 5);
    const del = await call(c.url, 'DELETE', '/dyn');
    assert.deepEqual(del.json, { acknowledged: true });
    const missing = await call(c.url, 'DELETE', '/dyn');
    assert.equal(missing.status, 404);
    const invalid = await call(c.url, 'PUT', '/Upper');
    assert.equal(at(invalid.json, 'error', 'reason'), 'Invalid index name [Upper], must be lowercase');
  });
});
