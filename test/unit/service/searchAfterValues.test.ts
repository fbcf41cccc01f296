// search_after's values read as each sort compares them (docs/opensearch/search.md#section-options): `_score` and
// `_doc` always, a field's type with a cluster connected.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { diagnoseOnCluster } from './harness';

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
        { name: 'ip', type: 'ip' },
        { name: 'location', type: 'geo_point' },
        { name: 'short', type: 'short' },
        { name: 'shape', type: 'geo_shape' },
      ],
    },
  ],
};

/** The search_after findings as [code, message, the value they stand on]. */
function findings(sort: string, after: string, state: ClusterStateParams | null = STATE): [string, string, string][] {
  const text = `POST /logs/_search\n{"sort": ${sort}, "search_after": ${after}}\n`;
  const line = text.split('\n')[1]!;
  return diagnoseOnCluster('search', text, state)
    .filter(
      (d) =>
        d.message.includes('search_after value') ||
        d.message.startsWith('failed to parse date field') ||
        d.message.includes('[search_after] key') ||
        /because "[^"]+" is null$/.test(d.message),
    )
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
    // A boolean is read as its text (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1: cases `search-after-value/date-true`).
    assert.deepEqual(findings('[{"date": "asc"}]', '[true]'), [
      [
        'cluster.date-value',
        'failed to parse date field [true] with format [strict_date_optional_time||epoch_millis]',
        'true',
      ],
    ]);
    assert.deepEqual(findings('[{"date": "asc"}]', '[1.5]'), []);
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

  void it("refuses a null where the sort's comparator holds a number", () => {
    const unboxed = (box: string, method: string): string =>
      `Cannot invoke "java.lang.${box}.${method}()" because "value" is null`;
    // Scores and documents alone are judged without a cluster.
    for (const state of [STATE, null]) {
      assert.deepEqual(findings('["_doc"]', '[null]', state), [
        ['search.search-after-sort', unboxed('Integer', 'intValue'), 'null'],
      ]);
      assert.deepEqual(findings('["_score", "_doc"]', '[null, null]', state), [
        ['search.search-after-sort', unboxed('Float', 'floatValue'), 'null'],
      ]);
    }
    for (const [sort, after, box, method] of [
      ['[{"num": "desc"}]', '[null]', 'Long', 'longValue'],
      ['[{"date": "asc"}]', '[null]', 'Long', 'longValue'],
      ['[{"price": "asc"}]', '[null]', 'Double', 'doubleValue'],
      ['[{"flag": "asc"}]', '[null]', 'Integer', 'intValue'],
      ['[{"nothing": {"unmapped_type": "float"}}]', '[null]', 'Float', 'floatValue'],
      ['[{"nothing": {"unmapped_type": "half_float"}}]', '[null]', 'Float', 'floatValue'],
      ['[{"nothing": {"unmapped_type": "date_nanos"}}]', '[null]', 'Long', 'longValue'],
      ['[{"short": "asc"}]', '[null]', 'Integer', 'intValue'],
      ['[{"_geo_distance": {"location": [0, 0], "order": "asc"}}]', '[null]', 'Double', 'doubleValue'],
      // A null on a keyword is a missing value: the next null is the one refused.
      ['[{"kw": "asc"}, {"num": "asc"}]', '[null, null]', 'Long', 'longValue'],
      ['[{"kw": "asc"}, "_score"]', '["a", null]', 'Float', 'floatValue'],
    ]) {
      assert.deepEqual(findings(sort!, after!), [['cluster.field-value', unboxed(box!, method!), 'null']], sort);
    }
    // Every value is read before any null meets its comparator: a value that fails is reported instead.
    assert.deepEqual(findings('[{"num": "asc"}, {"price": "asc"}]', '[null, "x"]'), [
      ['cluster.field-value', 'Failed to parse search_after value for field [price].', '"x"'],
    ]);
    for (const [sort, after] of [
      ['[{"kw": "asc"}]', '[null]'],
      ['[{"ip": "asc"}]', '[null]'],
      ['[{"nothing": {"unmapped_type": "keyword"}}]', '[null]'],
      // Types whose comparator was not seen are not judged, nor what follows them.
      ['[{"shape": "asc"}, {"num": "asc"}]', '[null, null]'],
      ['[{"_geo_distance": {"kw": [0, 0]}}]', '[null]'],
    ]) {
      assert.deepEqual(findings(sort!, after!), [], sort);
    }
    assert.deepEqual(findings('[{"nothing": {"unmapped_type": "unsigned_long"}}]', '[null]'), [
      [
        'cluster.field-value',
        'Cannot invoke "java.math.BigInteger.compareTo(java.math.BigInteger)" because "this.this$0.topValue" is null',
        'null',
      ],
    ]);
    // Without a cluster a field's comparator is not known.
    assert.deepEqual(findings('[{"num": "asc"}, "_doc"]', '[null, null]', null), []);
  });

  void it('refuses a date read as date math from now, whatever the field format, and only on a date field', () => {
    const now = 'could not read the current timestamp: now() is not allowed in [search_after] key';
    assert.deepEqual(findings('[{"date": "asc"}]', '["now-1d"]'), [['cluster.date-value', now, '"now-1d"']]);
    assert.deepEqual(findings('[{"custom": "asc"}]', '["now"]'), [['cluster.date-value', now, '"now"']]);
    assert.deepEqual(findings('[{"kw": "asc"}, {"date": "asc"}]', '["now", "now/d"]'), [
      ['cluster.date-value', now, '"now/d"'],
    ]);
    assert.deepEqual(findings('[{"date": "asc"}]', '["2024-01-01||-1d"]'), []);
    assert.deepEqual(findings('[{"date": "asc"}]', '["now"]', null), []);
  });
});
