// The validations that say all their failures in one answer, and the order of a level's pipelines: each expected text
// is what real 3.9.0, 3.8.0, 2.19.6 and 2.19.1 answered (conformance cases `cross/lists/validation/*`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTarget, type TargetServer } from '../../../server/src/service/target';
import { combineValidationFailures, searchValidation } from '../../../server/src/service/validate/validationFailures';
import { issue, type Issue } from '../../../server/src/service/validate/issues';
import { diagnose } from './harness';

const V3 = makeTarget({ version: '3.9.0', source: 'setting' });
const V2 = makeTarget({ version: '2.19.1', source: 'setting' });

function errors(text: string, target: TargetServer = V3): string[] {
  return diagnose('search', text, target)
    .filter((d) => d.severity === 1)
    .map((d) => `${String(d.code)} ${d.message}`);
}

function search(body: unknown, query = '', path = '/conformance/_search'): string {
  return `POST ${path}${query}\n${JSON.stringify(body)}\n`;
}

const daily = (aggs: Record<string, unknown>, minDocCount = 0): Record<string, unknown> => ({
  date_histogram: { field: 'date', calendar_interval: 'day', min_doc_count: minDocCount },
  aggs,
});
const SUM = { sum: { field: 'num' } };
const NO_PARENT = "must have a histogram, date_histogram or auto_date_histogram as parent but doesn't have a parent";

void describe('validation failures said together', () => {
  void it('every failure of SearchRequest.validate says them all, in the order it checks them', () => {
    const body = { size: 0, sort: ['_shard_doc'], aggs: { d: { derivative: { buckets_path: '_count' } } } };
    const whole =
      'Validation Failed: 1: [size] cannot be [0] in a scroll context;' +
      `2: derivative aggregation [d] ${NO_PARENT};` +
      '3: _shard_doc cannot be used with scroll. Use PIT + search_after instead.;' +
      '4: _shard_doc is only supported with point-in-time (PIT). Add a PIT or remove _shard_doc.;';
    assert.deepEqual(errors(search(body, '?scroll=1m')).sort(), [
      `aggs.placement ${whole}`,
      `scroll.size-zero ${whole}`,
      `search.shard-doc-scroll ${whole}`,
      `search.shard-doc-without-pit ${whole}`,
    ]);
    // 2.19 has no _shard_doc validation: its shards would fail on the sort, but the validation fails first.
    const two = `Validation Failed: 1: [size] cannot be [0] in a scroll context;2: derivative aggregation [d] ${NO_PARENT};`;
    const v2 = errors(search(body, '?scroll=1m'), V2);
    assert.ok(v2.includes(`scroll.size-zero ${two}`), v2.join('\n'));
    assert.ok(v2.includes(`aggs.placement ${two}`), v2.join('\n'));
  });

  void it('a URL parameter and the body are one request', () => {
    const whole =
      'Validation Failed: 1: disabling [track_total_hits] is not allowed in a scroll context;' +
      '2: [request_cache] cannot be used in a scroll context;';
    assert.deepEqual(errors(search({ track_total_hits: false }, '?scroll=1m&request_cache=true')).sort(), [
      `scroll.request-cache ${whole}`,
      `scroll.track-total-hits ${whole}`,
    ]);
  });

  void it('one failure alone keeps its own message', () => {
    assert.deepEqual(
      errors(search({ sort: ['_shard_doc', { _shard_doc: 'desc' }], pit: { id: 'abcd' } }, '', '/_search')),
      ['search.shard-doc-twice Validation Failed: 1: duplicate _shard_doc sort detected. Specify it at most once.;'],
    );
  });

  void it('the point-in-time rules say theirs together, two index options being one failure', () => {
    const found = errors(
      search({ pit: { id: 'abcd' } }, '?ignore_unavailable=true&allow_no_indices=true&routing=a', '/_search'),
    );
    const whole =
      'Validation Failed: 1: [indicesOptions] cannot be used with point in time;' +
      '2: [routing] cannot be used with point in time;';
    assert.deepEqual(found, [`pit.indices-options ${whole}`, `pit.indices-options ${whole}`, `pit.routing ${whole}`]);
  });

  void it('keeps the groups apart, and two failures of the aggregations with the same words apart', () => {
    const list: Issue[] = [
      { ...issue('aggs.placement', 'x', { offset: 0, length: 1 }), validation: searchValidation(5, 'same') },
      { ...issue('aggs.placement', 'x', { offset: 2, length: 1 }), validation: searchValidation(5, 'same') },
      { ...issue('pit.routing', 'y', { offset: 3, length: 1 }), validation: { group: 'pit', order: 2, failure: 'p' } },
    ];
    combineValidationFailures([list, undefined]);
    assert.deepEqual(
      list.map((i) => i.message),
      ['Validation Failed: 1: same;2: same;', 'Validation Failed: 1: same;2: same;', 'y'],
    );
  });
});

void describe("a level's pipelines: their order, then their own checks", () => {
  void it('says the first path that leads nowhere of each level, the top level first', () => {
    const body = {
      size: 0,
      aggs: {
        h: daily({
          d: { derivative: { buckets_path: 's' } },
          c: { cumulative_sum: { buckets_path: 's' } },
          S: SUM,
        }),
        max_s: { max_bucket: { buckets_path: 'h>s' } },
      },
    };
    const whole = 'Validation Failed: 1: No aggregation [s] found for path [h>s];2: No aggregation found for path [s];';
    assert.deepEqual(errors(search(body)), [`aggs.buckets-path ${whole}`, `aggs.buckets-path ${whole}`]);
  });

  void it('follows a path to a sibling pipeline first, and finds a cycle', () => {
    const chain = {
      size: 0,
      aggs: { h: daily({}), p1: { max_bucket: { buckets_path: 'p2' } }, p2: { max_bucket: { buckets_path: 'zz' } } },
    };
    assert.deepEqual(errors(search(chain)), [
      'aggs.buckets-path Validation Failed: 1: No aggregation found for path [zz];',
    ]);
    const cycle = {
      size: 0,
      aggs: {
        h: daily({ s: SUM, a: { derivative: { buckets_path: 'b' } }, b: { derivative: { buckets_path: 'a' } } }),
      },
    };
    assert.deepEqual(errors(search(cycle)), [
      'aggs.buckets-path Validation Failed: 1: Cyclical dependency found with pipeline aggregator [a];',
    ]);
  });

  void it('checks each pipeline in the order they run', () => {
    const body = {
      size: 0,
      aggs: { p1: { derivative: { buckets_path: 'p2' } }, p2: { derivative: { buckets_path: '_count' } } },
    };
    const whole = `Validation Failed: 1: derivative aggregation [p2] ${NO_PARENT};2: derivative aggregation [p1] ${NO_PARENT};`;
    assert.deepEqual(errors(search(body)), [`aggs.placement ${whole}`, `aggs.placement ${whole}`]);
    const cumulative = { size: 0, aggs: { c: { cumulative_sum: { buckets_path: ['_count', '_count'] } } } };
    const both =
      'Validation Failed: 1: buckets_path must contain a single entry for aggregation [c];' +
      `2: cumulative_sum aggregation [c] ${NO_PARENT};`;
    assert.deepEqual(errors(search(cumulative)).sort(), [`aggs.buckets-path ${both}`, `aggs.placement ${both}`]);
  });

  void it('reads the last name of a path as the server does', () => {
    const path = (p: string): string[] =>
      errors(search({ size: 0, aggs: { h: daily({ s: SUM }), m: { max_bucket: { buckets_path: p } } } }));
    assert.deepEqual(path('h>_KEY'), []);
    assert.deepEqual(path('h._bucket_count'), []);
    assert.deepEqual(path('h>_bucket_count'), [
      'aggs.buckets-path Validation Failed: 1: No aggregation [_bucket_count] found for path [h>_bucket_count];',
    ]);
    assert.deepEqual(path('h>_Count'), [
      'aggs.buckets-path Validation Failed: 1: No aggregation [_Count] found for path [h>_Count];',
    ]);
  });

  void it('bucket_sort with nothing to do: from 0, an empty sort', () => {
    const nothing =
      'aggs.missing-parameter Validation Failed: 1: [b] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort;';
    for (const options of [{}, { from: 0 }, { from: '0' }, { sort: [] }, { sort: {} }]) {
      assert.deepEqual(errors(search({ size: 0, aggs: { h: daily({ b: { bucket_sort: options } }) } })), [nothing]);
    }
    assert.deepEqual(errors(search({ size: 0, aggs: { h: daily({ b: { bucket_sort: { from: 1 } } }) } })), []);
    const top =
      'Validation Failed: 1: bucket_sort aggregation [b] must be declared inside of another aggregation;' +
      '2: [b] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort;';
    assert.deepEqual(errors(search({ size: 0, aggs: { b: { bucket_sort: {} } } })).sort(), [
      `aggs.missing-parameter ${top}`,
      `aggs.placement ${top}`,
    ]);
  });
});
