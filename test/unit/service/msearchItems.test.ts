// In an `_msearch`, what fails after OpenSearch has read the request fails that search alone (200): a Warning that
// says so, where `_search` gets an Error; what the body parsers refuse fails the whole request, an Error in both
// (docs/opensearch/msearch.md#one-search-fails).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ITEM_FAILURE_NOTE } from '../../../server/src/service/validate/msearchItems';
import { diagnose } from './harness';

function found(language: 'search' | 'msearch', text: string): [string, number, boolean][] {
  return diagnose(language, text).map((d) => [String(d.code), d.severity ?? 0, d.message.endsWith(ITEM_FAILURE_NOTE)]);
}

void describe('one search of an _msearch fails alone', () => {
  void it('makes a shard failure a Warning that says only the search fails', () => {
    const body = '{"from":9995,"size":10}';
    assert.deepEqual(found('search', `POST /logs/_search\n${body}\n`), [['search.result-window', 1, false]]);
    assert.deepEqual(found('msearch', `{"index":"logs"}\n${body}\n`), [['search.result-window', 2, true]]);
    assert.deepEqual(found('search', `POST /_msearch\n{"index":"logs"}\n${body}\n`), [
      ['search.result-window', 2, true],
    ]);
  });

  void it('keeps an Error for what the body parser refuses, which fails the whole request', () => {
    assert.deepEqual(found('msearch', '{"index":"logs"}\n{"from":-1}\n'), [['search.negative-from', 1, false]]);
  });

  void it('tells the checks of one code apart where they fail at different times', () => {
    // search_after without values is refused by its parser; a count that differs from the sort's fails on the shards.
    assert.deepEqual(found('msearch', '{}\n{"sort":["a"],"search_after":[]}\n'), [
      ['search.search-after-sort', 1, false],
    ]);
    assert.deepEqual(found('msearch', '{}\n{"sort":["a"],"search_after":[1,2]}\n'), [
      ['search.search-after-sort', 2, true],
    ]);
  });

  void it('checks verbose_pipeline in each search, against the indexes of its header', () => {
    // No index: no default pipeline is looked up, so the search surely fails; with one, its default pipeline decides.
    assert.deepEqual(found('msearch', '{}\n{"verbose_pipeline":true}\n'), [['search.verbose-pipeline', 2, true]]);
    assert.deepEqual(found('msearch', '{"index":"logs"}\n{"verbose_pipeline":true}\n'), [
      ['search.verbose-pipeline-default', 2, false],
    ]);
  });

  void it('says it of what the words of a rule say fails on every shard', () => {
    const body = '{"size":0,"aggs":{"w":{"weighted_avg":{}}}}';
    assert.deepEqual(found('msearch', `{}\n${body}\n`), [['aggs.missing-parameter', 2, true]]);
    assert.deepEqual(found('search', `POST /_search\n${body}\n`), [['aggs.missing-parameter', 1, false]]);
  });
});

void describe('a body nested exactly 1,000 levels deep', () => {
  const nested = (depth: number): string =>
    `{"size":0,"aggs":{"a":{"meta":${'{"a":'.repeat(depth - 4)}{}${'}'.repeat(depth - 4)},"max":{"field":"n"}}}}`;

  void it('fails a whole _msearch on OpenSearch 3, which writes each body again one level deeper', () => {
    assert.deepEqual(found('msearch', `{}\n${nested(1000)}\n`), [['json.too-deep', 1, false]]);
    assert.match(diagnose('msearch', `{}\n${nested(1000)}\n`)[0]?.message ?? '', /StreamWriteConstraints/);
    assert.deepEqual(found('msearch', `{}\n${nested(999)}\n`), []);
    assert.deepEqual(found('search', `POST /logs/_search\n${nested(1000)}\n`), []);
  });
});
