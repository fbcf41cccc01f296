import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { indexJson } from '../../../client/src/core/jsonIndex';
import { childrenOf, summarize, type ResultNode } from '../../../client/src/core/resultTree';

function root(value: unknown) {
  return indexJson(Buffer.from(JSON.stringify(value)));
}

function brief(nodes: readonly ResultNode[]): string[] {
  return nodes.map((n) => `${n.kind} ${n.label}${n.description === undefined ? '' : ` — ${n.description}`}`);
}

const hit = (i: number) => ({
  _index: 'logs',
  _id: String(i),
  _score: 1.25,
  _source: { message: `m${i}`, host: { name: 'web' } },
});

const MSEARCH = {
  took: 12,
  responses: [
    {
      took: 5,
      timed_out: false,
      _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
      hits: { total: { value: 10000, relation: 'gte' }, max_score: 1.25, hits: [hit(1), hit(2), hit(3)] },
      aggregations: {
        levels: { buckets: [{ key: 'error', doc_count: 7, top: { value: 3 } }] },
        avg_bytes: { value: 12.5 },
      },
      status: 200,
    },
    {
      error: {
        root_cause: [{ type: 'index_not_found_exception', reason: 'no such index [nope]' }],
        type: 'index_not_found_exception',
        reason: 'no such index [nope]',
      },
      status: 404,
    },
  ],
};

void describe('Results tree model', () => {
  void it('summarizes each _msearch response: status, took, total (gte as 10,000+), or the error', () => {
    assert.deepEqual(summarize(root(MSEARCH)), {
      shape: 'msearch',
      took: 12,
      items: [
        { status: 200, took: 5, total: 10000, totalRelation: 'gte', hits: 3 },
        { status: 404, error: { type: 'index_not_found_exception', reason: 'no such index [nope]' } },
      ],
    });
  });

  void it('shows responses, hits, _source fields and aggregations', () => {
    const r = root(MSEARCH);
    const items = childrenOf(r, null, 0, 50);
    assert.deepEqual(brief(items), [
      'item #1 — 200 · took 5 ms · 10,000+ hits',
      'item #2 — 404 index_not_found_exception: no such index [nope]',
    ]);
    assert.equal(items[1]!.failed, true);
    const first = childrenOf(r, items[0]!, 0, 50);
    assert.deepEqual(brief(first), [
      'hits hits — 10,000+ hits · 3 returned',
      'aggregations aggregations — 2',
      'value _shards — {4 fields}',
    ]);
    const hits = childrenOf(r, first[0]!, 0, 50);
    assert.deepEqual(brief(hits), ['hit logs/1 — score 1.25', 'hit logs/2 — score 1.25', 'hit logs/3 — score 1.25']);
    const fields = childrenOf(r, hits[1]!, 0, 50);
    assert.deepEqual(brief(fields), ['value message — m2', 'value host — {1 field}']);
    assert.deepEqual(fields[1]!.path, ['responses', 0, 'hits', 'hits', 1, '_source', 'host']);
    assert.deepEqual(brief(childrenOf(r, fields[1]!, 0, 50)), ['value name — web']);
    const aggs = childrenOf(r, first[1]!, 0, 50);
    assert.deepEqual(brief(aggs), ['aggregation levels — 1 bucket', 'aggregation avg_bytes — 12.5']);
    const buckets = childrenOf(r, aggs[0]!, 0, 50);
    assert.deepEqual(brief(buckets), ['bucket error — 7 docs']);
    assert.deepEqual(brief(childrenOf(r, buckets[0]!, 0, 50)), [
      'value key — error',
      'value doc_count — 7',
      'aggregation top — 3',
    ]);
    const error = childrenOf(r, items[1]!, 0, 50);
    assert.deepEqual(brief(error), [
      'value root_cause — [1 item]',
      'value type — index_not_found_exception',
      'value reason — no such index [nope]',
    ]);
  });

  void it('pages long lists with a "more" item', () => {
    const hits = Array.from({ length: 120 }, (_, i) => hit(i));
    const r = root({ took: 1, hits: { total: { value: 120, relation: 'eq' }, hits } });
    const top = childrenOf(r, null, 0, 50);
    const page1 = childrenOf(r, top[0]!, 0, 50);
    assert.equal(page1.length, 51);
    const more = page1[50]!;
    assert.equal(more.kind, 'more');
    assert.equal(more.label, 'Show 50 more');
    assert.equal(more.description, '50 of 120 shown');
    assert.deepEqual(more.more, { parent: { kind: 'hits', path: ['hits'] }, shown: 50, total: 120 });
    const page3 = childrenOf(r, more.more.parent, 100, 50);
    assert.deepEqual(brief(page3).slice(-1), ['hit logs/119 — score 1.25']);
    assert.equal(page3.length, 20);
  });

  void it('shows an error answer and any other answer as a JSON tree', () => {
    const error = root({
      error: { type: 'parsing_exception', reason: 'unknown query [mach]', line: 1, col: 20 },
      status: 400,
    });
    assert.deepEqual(summarize(error).items, [
      { status: 400, error: { type: 'parsing_exception', reason: 'unknown query [mach]' } },
    ]);
    assert.deepEqual(brief(childrenOf(error, null, 0, 50)), ['error 400 parsing_exception — unknown query [mach]']);
    const simple = root({ error: 'no handler found for uri [/x] and method [GET]', status: 400 });
    assert.deepEqual(brief(childrenOf(simple, null, 0, 50)), [
      'error 400 error — no handler found for uri [/x] and method [GET]',
    ]);
    const tasks = root({ nodes: { n1: { name: 'node-1', tasks: {} } } });
    assert.equal(summarize(tasks).shape, 'json');
    assert.deepEqual(brief(childrenOf(tasks, null, 0, 50)), ['value nodes — {1 field}']);
    const cat = root([{ index: 'logs', health: 'green' }]);
    assert.deepEqual(brief(childrenOf(cat, null, 0, 50)), ['value [0] — {2 fields}']);
  });

  void it('marks partial results', () => {
    const r = root({
      took: 1,
      timed_out: true,
      _shards: { total: 5, successful: 3, failed: 2, failures: [] },
      hits: { hits: [] },
    });
    assert.deepEqual(brief(childrenOf(r, null, 0, 50)), [
      'warning timed out — the results are partial',
      'warning 2 of 5 shards failed — the results are partial',
      'hits hits — total not tracked · 0 returned',
    ]);
  });
});
