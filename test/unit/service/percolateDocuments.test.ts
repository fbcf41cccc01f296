// A `percolate` query's documents read with the connected cluster's mappings, as each shard parses them
// (docs/opensearch/query-dsl.md#percolate-documents).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { documentValueRead } from '../../../server/src/service/validate/fieldValues';
import { assertRegistered } from './harness';

const STATE: ClusterStateParams = {
  clusterName: 'percolating',
  indices: [
    {
      name: 'rules',
      aliases: [],
      fields: [
        { name: 'query', type: 'percolator' },
        { name: 'kw', type: 'keyword' },
        { name: 'num', type: 'long' },
        { name: 'price', type: 'double' },
        { name: 'flag', type: 'boolean' },
        { name: 'ip', type: 'ip' },
        { name: 'date', type: 'date' },
        { name: 'items', type: 'nested' },
        { name: 'items.qty', type: 'integer' },
      ],
    },
  ],
};

/** The cluster.field-value findings of a percolate query, as [message, the text they stand on]. */
function findings(percolate: string): [string, string][] {
  const store = new DocumentStore();
  store.updateCluster(STATE);
  const text = `POST /rules/_search\n{"query": {"percolate": ${percolate}}}\n`;
  store.open('file:///p.search', 'search', 1, text);
  const diagnostics = store.diagnostics('file:///p.search');
  assertRegistered(diagnostics);
  const line = text.split('\n')[1]!;
  return diagnostics
    .filter((d) => d.code === 'cluster.field-value')
    .map((d) => [d.message, line.slice(d.range.start.character, d.range.end.character)]);
}

const refused = (field: string, type: string, preview: string): string =>
  `failed to create query: failed to parse field [${field}] of type [${type}] in document with id '_temp_id'. Preview of field's value: '${preview}'`;

void describe('percolate documents against the mappings', () => {
  void it("reports the first value a field's type refuses, on the value, in OpenSearch's words", () => {
    assert.deepEqual(findings('{"field": "query", "document": {"kw": "a", "num": "x", "price": "y"}}'), [
      [refused('num', 'long', 'x'), '"x"'],
    ]);
    assert.deepEqual(findings('{"field": "query", "document": {"num": [1, "b"]}}'), [
      [refused('num', 'long', 'b'), '"b"'],
    ]);
    assert.deepEqual(findings('{"field": "query", "documents": [{"num": 1}, {"flag": 1}]}'), [
      [refused('flag', 'boolean', '1'), '1'],
    ]);
    assert.deepEqual(findings('{"field": "query", "document": {"items": [{"qty": "x"}]}}'), [
      [refused('items.qty', 'integer', 'x'), '"x"'],
    ]);
    assert.deepEqual(findings('{"field": "query", "document": {"kw": {}}}'), [[refused('kw', 'keyword', '{}'), '{}']]);
  });

  void it('reads a whole number as written, beyond a long too', () => {
    assert.deepEqual(findings('{"field": "query", "document": {"num": 9223372036854775808}}'), [
      [refused('num', 'long', '9223372036854775808'), '9223372036854775808'],
    ]);
    assert.deepEqual(findings('{"field": "query", "document": {"items": [{"qty": -2147483649}]}}'), [
      [refused('items.qty', 'integer', '-2147483649'), '-2147483649'],
    ]);
  });

  void it('refuses a dotted name through a nested object, on its name', () => {
    const nested = (field: string): string =>
      `failed to create query: Cannot add a value for field [${field}] since one of the intermediate objects is mapped as a nested object: [items]`;
    assert.deepEqual(findings('{"field": "query", "document": {"items.qty": "x"}}'), [
      [nested('items.qty'), '"items.qty"'],
    ]);
    assert.deepEqual(findings('{"field": "query", "document": {"kw": "a", "items.qty.x": 1}}'), [
      [nested('items.qty.x'), '"items.qty.x"'],
    ]);
    // A value refused before it is the one reported.
    assert.deepEqual(findings('{"field": "query", "document": {"num": "x", "items.qty": 1}}'), [
      [refused('num', 'long', 'x'), '"x"'],
    ]);
  });

  void it('says nothing of what every type reads, or of what is not judged', () => {
    for (const document of [
      '{"num": "5", "price": "2.5", "flag": "true", "ip": "10.0.0.1", "date": "2024-01-01", "kw": 5}',
      '{"num": null, "unmapped": "x"}',
      '{"kw": {"a": 1}}',
      '{"num": 9223372036854775807, "price": 1e19}',
      // A decimal beyond a long, and a dotted name through objects that are not nested, are not judged.
      '{"num": 1.5e19}',
      '{"kw.x": 1}',
    ]) {
      assert.deepEqual(findings(`{"field": "query", "document": ${document}}`), [], document);
    }
    // Not a percolator field: the field's own finding, not the document's.
    assert.deepEqual(findings('{"field": "kw", "document": {"num": "x"}}'), []);
  });

  void it('looks the field up by its exact name', () => {
    const store = new DocumentStore();
    store.updateCluster(STATE);
    const named = (field: string): string[] => {
      const text = `POST /rules/_search\n{"query": {"percolate": {"field": ${JSON.stringify(field)}, "document": {}}}}\n`;
      store.open('file:///f.search', 'search', 1, text);
      const found = store
        .diagnostics('file:///f.search')
        .filter((d) => d.code === 'cluster.query-field-type')
        .map((d) => d.message);
      store.close('file:///f.search');
      return found;
    };
    assert.deepEqual(named(''), ['field [] does not exist']);
    assert.deepEqual(named('que*'), ['field [que*] does not exist']);
    assert.deepEqual(named('_nothing'), ['field [_nothing] does not exist']);
    assert.deepEqual(named('_id'), ['expected field [_id] to be of type [percolator], but is of type [_id]']);
    assert.deepEqual(named('_doc_count'), []);
    assert.deepEqual(named('query'), []);
  });

  void it('reads each type as a shard parses a document', () => {
    const cases: [string, unknown, 'ok' | 'failed' | 'unknown'][] = [
      ['long', '1e3', 'ok'],
      ['long', '1.5', 'ok'],
      ['long', ' 5 ', 'failed'],
      ['long', '10s', 'failed'],
      ['long', '9223372036854775808', 'failed'],
      ['integer', '2147483648', 'failed'],
      ['long', true, 'failed'],
      ['long', '', 'unknown'],
      ['double', 'NaN', 'failed'],
      ['double', ' 5 ', 'unknown'],
      ['double', '2.5', 'ok'],
      ['boolean', 'yes', 'failed'],
      ['boolean', '', 'ok'],
      ['ip', 5, 'failed'],
      ['ip', 'x', 'failed'],
      ['date', '2024-13-01', 'failed'],
      ['date', 1704067200000, 'ok'],
      ['geo_point', 'x', 'unknown'],
    ];
    for (const [type, value, read] of cases) {
      assert.equal(documentValueRead(type, value, false), read, `${type} ${JSON.stringify(value)}`);
    }
    // A number by its text as written.
    assert.equal(documentValueRead('integer', 3e9, false, '3000000000'), 'failed');
    assert.equal(documentValueRead('long', 2 ** 63, false, '9223372036854775807'), 'ok');
    assert.equal(documentValueRead('long', 2 ** 63, false, '9.3e18'), 'unknown');
    assert.equal(documentValueRead('double', 1e300, false, '1e300'), 'ok');
    // A date field with a format of its own is not judged.
    assert.equal(documentValueRead('date', 'x', true), 'unknown');
  });
});
