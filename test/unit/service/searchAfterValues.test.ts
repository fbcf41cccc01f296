// search_after's values read as each sort compares them (docs/opensearch/search.md#section-options): `_score` and
// `_doc` always, a field's type with a cluster connected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { assertRegistered } from './harness';

const STATE: ClusterStateParams = {
  clusterName: 'sorted',
  indices: [
    {
      name: 'logs',
      aliases: [],
      fields: [
        { name: 'kw', type: 'keyword' },
        { name: 'num', type: 'long' },
        { name: 'price', type: 'double' },
        { name: 'flag', type: 'boolean' },
        { name: 'date', type: 'date' },
        { name: 'custom', type: 'date', format: 'yyyy' },
      ],
    },
  ],
};

/** The search_after findings as [code, message, the value they stand on]. */
function findings(sort: string, after: string, state: ClusterStateParams | null = STATE): [string, string, string][] {
  const store = new DocumentStore();
  if (state !== null) store.updateCluster(state);
  const text = `POST /logs/_search\n{"sort": ${sort}, "search_after": ${after}}\n`;
  store.open('file:///s.search', 'search', 1, text);
  const diagnostics = store.diagnostics('file:///s.search');
  assertRegistered(diagnostics);
  const line = text.split('\n')[1]!;
  return diagnostics
    .filter((d) => d.message.includes('search_after value') || d.message.startsWith('failed to parse date field'))
    .map((d) => [String(d.code), d.message, line.slice(d.range.start.character, d.range.end.character)]);
}

void describe('search_after values against the sort', () => {
  void it('reads a _score or _doc value as a number, with or without a cluster', () => {
    const field = 'Failed to parse search_after value for field [null].';
    for (const state of [STATE, null]) {
      assert.deepEqual(findings('[{"kw": "asc"}, "_score"]', '["a", "x"]', state), [
        ['search.search-after-sort', field, '"x"'],
      ]);
      assert.deepEqual(findings('["_doc"]', '[true]', state), [['search.search-after-sort', field, 'true']]);
      assert.deepEqual(findings('[{"kw": "asc"}, "_score"]', '["a", " 1.5 "]', state), []);
    }
  });

  void it("reads a field's value by its mapped type", () => {
    assert.deepEqual(findings('[{"num": "asc"}]', '["a"]'), [
      ['cluster.field-value', 'Failed to parse search_after value for field [num].', '"a"'],
    ]);
    assert.deepEqual(findings('[{"flag": "asc"}]', '["true"]'), [
      ['cluster.field-value', 'Failed to parse search_after value for field [flag].', '"true"'],
    ]);
    assert.deepEqual(findings('[{"nothing": {"unmapped_type": "long"}}]', '["x"]'), [
      ['cluster.field-value', 'Failed to parse search_after value for field [__anonymous_long].', '"x"'],
    ]);
    assert.deepEqual(findings('[{"date": "asc"}]', '["x"]'), [
      [
        'cluster.date-value',
        'failed to parse date field [x] with format [strict_date_optional_time||epoch_millis]',
        '"x"',
      ],
    ]);
    // The first value that fails is the one reported.
    assert.deepEqual(
      findings('[{"num": "asc"}, {"price": "asc"}]', '["a", "b"]').map((f) => f[2]),
      ['"a"'],
    );
  });

  void it('takes what each type reads, and judges nothing else', () => {
    for (const [sort, after] of [
      ['[{"num": "asc"}]', '[" 5 "]'],
      ['[{"num": "asc"}]', '["NaN"]'],
      ['[{"price": "asc"}]', '[2.5]'],
      ['[{"flag": "asc"}]', '["1"]'],
      ['[{"kw": "asc"}]', '[true]'],
      ['[{"date": "asc"}]', '["2024-01-01"]'],
      ['[{"custom": "asc"}]', '["x"]'],
      ['[{"nothing": {"unmapped_type": "keyword"}}]', '["x"]'],
    ]) {
      assert.deepEqual(findings(sort!, after!), [], `${sort} ${after}`);
    }
    // Without a cluster the fields' types are not known.
    assert.deepEqual(findings('[{"num": "asc"}]', '["a"]', null), []);
  });
});
