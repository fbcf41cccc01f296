import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { LanguageId } from '../../../server/src/service/documentStore';
import { ITEM_LIMIT } from '../../../server/src/service/completion/capped';
import { connected } from './clusterFixture';
import { complete, completeWith, labels } from './cursorText';

const cluster = connected();

/** Labels offered at the `|` with the fixture cluster connected. */
function offered(marked: string, language: LanguageId = 'search'): string[] {
  return labels(complete(marked, language, cluster).items);
}

function itemOf(marked: string, label: string, language: LanguageId = 'search'): CompletionItem {
  const found = complete(marked, language, cluster).items.find((i) => i.label === label);
  assert.ok(found !== undefined, `no item ${label}`);
  return found;
}

/** The text after accepting `label` with the fixture cluster connected. */
function accepted(marked: string, label: string, language: LanguageId = 'search'): string {
  return completeWith(marked, language, label, cluster);
}

/** Only the mapped fields offered. */
function mapped(marked: string, language: LanguageId = 'search'): string[] {
  return complete(marked, language, cluster)
    .items.filter((i) => i.kind === CompletionItemKind.Field)
    .map((i) => i.label);
}

const products = (body: string): string => `GET /products/_search\n${body}\n`;

void describe('completion of index names from the connected cluster', () => {
  void it('offers patterns, aliases and indexes in the first path segment, hidden ones only after a dot', () => {
    const names = offered('GET /|');
    for (const name of ['logs-*', 'logs', 'logs-2024.01.01', 'logs-2024.01.02', 'products']) {
      assert.ok(names.includes(name), name);
    }
    assert.ok(names.includes('_search'), 'endpoints stay');
    assert.ok(!names.includes('.internal'));
    assert.ok(offered('GET /.|').includes('.internal'));
    assert.ok(names.indexOf('logs-*') < names.indexOf('logs-2024.01.01'), 'patterns before the indexes they cover');
    assert.equal(itemOf('GET /|', 'logs-*').detail, 'pattern · 2 indexes');
    assert.equal(itemOf('GET /|', 'logs').detail, 'alias of logs-2024.01.01, logs-2024.01.02');
  });

  void it('offers a pattern for each shared prefix that narrows the selection', () => {
    const daily = connected({
      clusterName: 'daily',
      indices: ['2024.01.30', '2024.01.31', '2024.02.01', '2024.02.02', '2024.02.03'].map((day) => ({
        name: `logs-${day}`,
        aliases: [],
        fields: [],
      })),
    });
    const patterns = complete('GET /|', 'search', daily).items.filter((i) => i.detail?.startsWith('pattern'));
    assert.deepEqual(
      patterns.map((i) => [i.label, i.detail]),
      [
        ['logs-*', 'pattern · 5 indexes'],
        ['logs-2024.01.*', 'pattern · 2 indexes'],
        ['logs-2024.02.*', 'pattern · 3 indexes'],
      ],
    );
  });

  void it('caps thousands of indexes to those that match the typed piece', () => {
    const many = connected({
      clusterName: 'many',
      indices: Array.from({ length: 1000 }, (_, i) => ({ name: `app${i}-events`, aliases: [], fields: [] })),
    });
    const all = complete('GET /|/_search', 'search', many);
    assert.equal(all.incomplete, true);
    const typed = complete('GET /app999|/_search', 'search', many);
    assert.ok(labels(typed.items).includes('app999-events'));
  });

  void it('inserts the name alone, with the leading slash when nothing was written', () => {
    assert.equal(accepted('GET |', 'products'), 'GET /products');
    assert.equal(accepted('GET /pro|/_search', 'products'), 'GET /products/_search');
    assert.equal(accepted('GET pro|/_count', 'products'), 'GET products/_count');
    assert.equal(accepted('GET /|/_mapping', 'logs'), 'GET /logs/_mapping');
  });

  void it('completes the piece after a comma, without the names already listed', () => {
    assert.equal(accepted('GET /logs-*,|/_search', 'products'), 'GET /logs-*,products/_search');
    assert.equal(accepted('POST /products,lo|/_msearch', 'logs-*'), 'POST /products,logs-*/_msearch');
    assert.ok(!offered('GET /logs-*,|/_search').includes('logs-*'));
  });

  void it('offers index names in a .msearch target comment and in index-list parameters', () => {
    assert.equal(accepted('# POST /|/_msearch\n{}\n{}\n', 'logs-*', 'msearch'), '# POST /logs-*/_msearch\n{}\n{}\n');
    assert.equal(accepted('GET /_search?index=|', 'products'), 'GET /_search?index=products');
  });

  void it('offers index names in _msearch header values, in a comma list or an array, quotes right', () => {
    assert.equal(accepted('{"index":"|"}\n{}\n', 'products', 'msearch'), '{"index":"products"}\n{}\n');
    assert.equal(accepted('{"index": |}\n{}\n', 'logs', 'msearch'), '{"index": "logs"}\n{}\n');
    assert.equal(accepted('{"index":"logs-*,p|"}\n{}\n', 'products', 'msearch'), '{"index":"logs-*,products"}\n{}\n');
    assert.ok(!offered('{"index":"logs-*,|"}\n{}\n', 'msearch').includes('logs-*'));
    assert.equal(
      accepted('{"indices":["logs", "|"]}\n{}\n', 'products', 'msearch'),
      '{"indices":["logs", "products"]}\n{}\n',
    );
    assert.equal(
      accepted('POST /_msearch\n{"index": "pro|"}\n{}\n', 'products'),
      'POST /_msearch\n{"index": "products"}\n{}\n',
    );
  });
});

void describe('completion of field names from the mappings of the targeted indexes', () => {
  void it('offers the fields of a clause, full-text ones first for match, with their type', () => {
    const names = offered(products('{ "query": { "match": { | } } }'));
    assert.deepEqual(names.slice(0, 2), ['description', 'name']);
    assert.ok(names.includes('price'));
    assert.ok(!names.includes('variants'), 'a nested object is not a field to match');
    assert.equal(itemOf(products('{ "query": { "match": { | } } }'), 'name').detail, 'text');
    assert.equal(
      accepted(products('{ "query": { "match": { | } } }'), 'name'),
      products('{ "query": { "match": { "name": { "query": "" } } } }'),
    );
    assert.equal(
      accepted(products('{ "query": { "match": { "na|" } } }'), 'name'),
      products('{ "query": { "match": { "name": { "query": "" } } } }'),
    );
  });

  void it('ranks keyword fields first for term-level clauses and numbers and dates for range', () => {
    assert.deepEqual(mapped(products('{ "query": { "term": { | } } }')).slice(0, 3), [
      'category',
      'name.keyword',
      'variants.sku',
    ]);
    assert.deepEqual(mapped(products('{ "query": { "range": { | } } }')).slice(0, 2), ['created', 'price']);
    for (const clause of ['prefix', 'wildcard', 'regexp', 'fuzzy', 'match_phrase', 'terms']) {
      assert.ok(mapped(products(`{ "query": { "${clause}": { | } } }`)).includes('category'), clause);
    }
  });

  void it('renames only the key when a value follows, and offers nothing once the clause has its field', () => {
    assert.equal(
      accepted(products('{ "query": { "term": { "|": "x" } } }'), 'category'),
      products('{ "query": { "term": { "category": "x" } } }'),
    );
    assert.deepEqual(mapped(products('{ "query": { "term": { "category": "x", | } } }')), []);
    assert.equal(
      accepted(products('{ "query": { "terms": { |, "boost": 2 } } }'), 'category'),
      products('{ "query": { "terms": { "category": [ "" ], "boost": 2 } } }'),
    );
  });

  void it('offers fields as values: exists, query_string, multi_match fields (array and string)', () => {
    assert.equal(
      accepted(products('{ "query": { "exists": { "field": "|" } } }'), 'price'),
      products('{ "query": { "exists": { "field": "price" } } }'),
    );
    assert.equal(
      accepted(products('{ "query": { "query_string": { "default_field": | } } }'), 'name'),
      products('{ "query": { "query_string": { "default_field": "name" } } }'),
    );
    assert.equal(
      accepted(products('{ "query": { "multi_match": { "query": "x", "fields": [ "|" ] } } }'), 'description'),
      products('{ "query": { "multi_match": { "query": "x", "fields": [ "description" ] } } }'),
    );
    assert.equal(
      accepted(products('{ "query": { "multi_match": { "query": "x", "fields": | } } }'), 'name'),
      products('{ "query": { "multi_match": { "query": "x", "fields": [ "name" ] } } }'),
    );
    assert.equal(
      accepted(products('{ "query": { "multi_match": { "query": "x", "fields": "n|" } } }'), 'name'),
      products('{ "query": { "multi_match": { "query": "x", "fields": "name" } } }'),
    );
    assert.deepEqual(
      mapped(products('{ "query": { "query_string": { "fields": "|" } } }')),
      [],
      'query_string reads its fields as an array only',
    );
    assert.deepEqual(mapped(products('{ "query": { "nested": { "path": "|" } } }')), ['variants']);
  });

  void it('offers sort keys and sort entries, dates newest first, text fields last', () => {
    const keys = mapped(products('{ "sort": [ { | } ] }'));
    assert.deepEqual(keys.slice(-2), ['description', 'name']);
    assert.equal(itemOf(products('{ "sort": [ { | } ] }'), 'name').detail, 'text · needs fielddata');
    assert.equal(
      accepted(products('{ "sort": [ { | } ] }'), 'created'),
      products('{ "sort": [ { "created": "desc" } ] }'),
    );
    assert.equal(accepted(products('{ "sort": [ { | } ] }'), 'price'), products('{ "sort": [ { "price": "asc" } ] }'));
    assert.equal(accepted(products('{ "sort": { "pr|" } }'), 'price'), products('{ "sort": { "price": "asc" } }'));
    assert.equal(
      accepted(products('{ "sort": [ "_score", "|" ] }'), 'created'),
      products('{ "sort": [ "_score", "created" ] }'),
    );
    assert.ok(offered(products('{ "sort": [ | ] }')).includes('_score'), 'the special sorts stay');
  });

  void it('offers _source fields in every form, without multi-fields', () => {
    const names = mapped(products('{ "_source": [ "|" ] }'));
    assert.ok(names.includes('variants'), 'objects can be included');
    assert.ok(!names.includes('name.keyword'), 'a multi-field is not in the source');
    assert.equal(accepted(products('{ "_source": [ "|" ] }'), 'name'), products('{ "_source": [ "name" ] }'));
    assert.equal(accepted(products('{ "_source": "|" }'), 'name'), products('{ "_source": "name" }'));
    assert.equal(
      accepted(products('{ "_source": { "includes": | } }'), 'name'),
      products('{ "_source": { "includes": [ "name" ] } }'),
    );
    assert.equal(
      accepted(products('{ "_source": { "excludes": [ "d|" ] } }'), 'description'),
      products('{ "_source": { "excludes": [ "description" ] } }'),
    );
    assert.deepEqual(offered(products('{ "_source": | }')).slice(0, 4), [
      '[ fields ]',
      'false',
      'true',
      '{ includes, excludes }',
    ]);
  });

  void it('offers docvalue_fields, fields, collapse and highlight fields', () => {
    assert.equal(
      accepted(products('{ "docvalue_fields": [ "|" ] }'), 'created'),
      products('{ "docvalue_fields": [ "created" ] }'),
    );
    assert.equal(
      accepted(products('{ "docvalue_fields": [ { "field": "|", "format": "epoch_millis" } ] }'), 'created'),
      products('{ "docvalue_fields": [ { "field": "created", "format": "epoch_millis" } ] }'),
    );
    assert.ok(mapped(products('{ "fields": [ "|" ] }')).includes('name.keyword'));
    assert.deepEqual(mapped(products('{ "collapse": { "field": "|" } }')), [
      'category',
      'name.keyword',
      'price',
      'variants.sku',
    ]);
    assert.equal(
      accepted(products('{ "highlight": { "fields": { | } } }'), 'description'),
      products('{ "highlight": { "fields": { "description": {} } } }'),
    );
  });

  void it('ranks aggregatable fields for aggregations: keywords for terms, numbers for avg, dates for histograms', () => {
    const terms = mapped(products('{ "aggs": { "by": { "terms": { "field": "|" } } } }'));
    assert.deepEqual(terms.slice(0, 3), ['category', 'name.keyword', 'variants.sku']);
    assert.deepEqual(terms.slice(-2), ['description', 'name'], 'text fields only with fielddata: last');
    assert.deepEqual(mapped(products('{ "aggs": { "m": { "avg": { "field": "|" } } } }')), ['price', 'created']);
    assert.deepEqual(mapped(products('{ "aggs": { "h": { "date_histogram": { "field": "|" } } } }')), [
      'created',
      'price',
    ]);
    assert.equal(
      accepted(products('{ "aggs": { "by": { "terms": { "field": "cat|" } } } }'), 'category'),
      products('{ "aggs": { "by": { "terms": { "field": "category" } } } }'),
    );
  });

  void it('reads the fields of the indexes the request targets', () => {
    assert.ok(mapped('GET /logs/_search\n{ "query": { "term": { | } } }').includes('level'));
    assert.ok(!mapped('GET /logs/_search\n{ "query": { "term": { | } } }').includes('category'));
    assert.ok(mapped('GET /logs-2024.01.02/_count\n{ "query": { "term": { | } } }').includes('trace.id'));
    assert.ok(!mapped('GET /logs-2024.01.01/_search\n{ "query": { "term": { | } } }').includes('trace.id'));
    const all = mapped('GET /_search\n{ "query": { "term": { | } } }');
    assert.ok(all.includes('level') && all.includes('category'), 'no index named: every index');
    assert.ok(!all.includes('secret'), 'but not the hidden ones');
    assert.deepEqual(mapped('GET /nothing-*/_search\n{ "query": { "term": { | } } }'), []);
  });

  void it('reads the header index of an _msearch body, else the path index', () => {
    const search = mapped('POST /logs/_msearch\n{"index": "products"}\n{"query": {"term": {"|"}}}\n');
    assert.ok(search.includes('category') && !search.includes('level'));
    const fromPath = mapped('POST /logs/_msearch\n{}\n{"query": {"term": {"|"}}}\n');
    assert.ok(fromPath.includes('level') && !fromPath.includes('category'));
    assert.equal(
      accepted('{"index":"products"}\n{"query":{"term":{"|"}}}\n', 'category', 'msearch'),
      '{"index":"products"}\n{"query":{"term":{"category": { "value": "" }}}}\n',
    );
    const comment = mapped('# POST /logs-*/_msearch\n{}\n{"query":{"match":{"|"}}}\n', 'msearch');
    assert.ok(comment.includes('message') && !comment.includes('name'));
    const none = mapped('{}\n{"query":{"match":{|}}}\n', 'msearch');
    assert.ok(none.includes('message') && none.includes('name'));
  });

  void it('opens again on a dot inside a field name, and only there', () => {
    const { items } = complete('GET /logs/_search\n{ "query": { "term": { "http.|" } } }', 'search', cluster, '.');
    assert.ok(labels(items).includes('http.request.method'));
    assert.ok(!labels(items).includes('boost'));
    assert.deepEqual(labels(complete('GET /_search\n{ "timeout": "1.|" }', 'search', cluster, '.').items), []);
    const index = complete('{"index":"logs-2024.|"}\n{}\n', 'msearch', cluster, '.');
    assert.ok(labels(index.items).includes('logs-2024.01.02'), 'index names have dots too');
  });

  void it('caps a huge mapping to what matches the typed text, and says the list is incomplete', () => {
    const fields = Array.from({ length: 2000 }, (_, i) => ({ name: `group${i % 40}.field${i}`, type: 'keyword' }));
    const big = connected({ clusterName: 'big', indices: [{ name: 'wide', aliases: [], fields }] });
    const all = complete('GET /wide/_search\n{ "query": { "term": { | } } }', 'search', big);
    assert.equal(all.items.length, ITEM_LIMIT);
    assert.equal(all.incomplete, true);
    const typed = complete('GET /wide/_search\n{ "query": { "term": { "field1999|" } } }', 'search', big);
    assert.equal(typed.items[0]?.label, 'group39.field1999');
    const small = complete(products('{ "query": { "term": { | } } }'), 'search', cluster);
    assert.equal(small.incomplete, false);
  });
});

void describe('completion of nodes and tasks from the connected cluster', () => {
  void it("offers the cluster's node names, ids, attributes and custom roles in node filters", () => {
    const names = offered('GET /_nodes/|');
    for (const word of ['_all', 'data:true', 'cm-1', 'data-1', 'n2', 'zone:a', 'zone:b', 'ml:true', 'ml:false']) {
      assert.ok(names.includes(word), word);
    }
    assert.equal(itemOf('GET /_nodes/|', 'data-1').detail, 'node name · 10.0.0.2');
    assert.equal(itemOf('GET /_nodes/|', 'n3').detail, 'node id · data-2 (10.0.0.3)');
    assert.equal(itemOf('GET /_nodes/|', 'zone:a').detail, 'attribute · 1 node');
    assert.equal(accepted('GET /_nodes/_all,|/stats', 'zone:b'), 'GET /_nodes/_all,zone:b/stats');
    assert.equal(accepted('GET /_tasks?nodes=data-1,|', 'data-2'), 'GET /_tasks?nodes=data-1,data-2');
    assert.ok(!offered('GET /_tasks?nodes=data-1,|').includes('data-1'));
  });

  void it('offers preference forms, then nodes after _only_nodes: and node ids after _prefer_nodes:', () => {
    assert.deepEqual(offered('GET /_search?preference=|'), [
      '_local',
      '_only_local',
      '_only_nodes:',
      '_prefer_nodes:',
      '_shards:',
    ]);
    const only = offered('GET /_search?preference=_only_nodes:|');
    assert.deepEqual(only.slice(0, 3), ['cm-1', 'data-1', 'data-2']);
    assert.ok(only.includes('zone:a'));
    assert.equal(
      accepted('GET /_search?preference=_only_nodes:d|&size=1', 'data-2'),
      'GET /_search?preference=_only_nodes:data-2&size=1',
    );
    assert.deepEqual(offered('GET /_search?preference=_prefer_nodes:n2,|'), ['n1', 'n3']);
    assert.equal(
      accepted('{"preference":"_only_nodes:|"}\n{}\n', 'data-1', 'msearch'),
      '{"preference":"_only_nodes:data-1"}\n{}\n',
    );
    assert.equal(
      accepted('{"preference":"_prefer_nodes:n1,|"}\n{}\n', 'n2', 'msearch'),
      '{"preference":"_prefer_nodes:n1,n2"}\n{}\n',
    );
    assert.equal(accepted('{"preference": |}\n{}\n', '_local', 'msearch'), '{"preference": "_local"}\n{}\n');
  });

  void it('offers running task ids with their action in _tasks paths and parent_task_id', () => {
    assert.ok(offered('POST /_tasks/|').includes('n2:101'));
    assert.equal(itemOf('GET /_tasks/|', 'n3:7').detail, 'cluster:monitor/tasks/lists');
    assert.equal(accepted('POST /_tasks/n2:1|/_cancel', 'n2:101'), 'POST /_tasks/n2:101/_cancel');
    assert.equal(accepted('GET /_tasks/|', 'n3:7'), 'GET /_tasks/n3:7');
    assert.equal(accepted('GET /_tasks?parent_task_id=|', 'n2:101'), 'GET /_tasks?parent_task_id=n2:101');
  });

  void it('offers field names in field-list parameters of the path indexes', () => {
    assert.equal(
      accepted('GET /products/_search?_source_includes=name,|', 'price'),
      'GET /products/_search?_source_includes=name,price',
    );
    assert.ok(!offered('GET /products/_search?_source_includes=name,|').includes('name'));
    assert.ok(offered('GET /logs/_search?docvalue_fields=|').includes('@timestamp'));
  });
});

void describe('completion without a cluster', () => {
  void it('offers no names of its own, and everything else as before', () => {
    const without = (marked: string): string[] => labels(complete(marked, 'search').items);
    assert.deepEqual(without(products('{ "query": { "match": { | } } }')), []);
    assert.deepEqual(without(products('{ "aggs": { "a": { "terms": { "field": "|" } } } }')), []);
    assert.ok(!without('GET /|').includes('products'));
    assert.deepEqual(without('GET /_tasks/|'), ['{task_id}']);
    assert.ok(!without('GET /_nodes/|').includes('data-1'));
    assert.ok(without('GET /_nodes/|').includes('_local'));
    assert.ok(without(products('{ "sort": [ | ] }')).includes('_score'));
  });
});
