import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completion } from '../../../server/src/service/completion/index';
import { complete, completeWith, labels, open, positionAt, withCursor } from './cursorText';

void describe('completion in .msearch files', () => {
  void it('offers metadata keys in a header line, aliases last', () => {
    const offered = labels(complete('{ | }\n{}\n', 'msearch').items);
    assert.equal(offered[0], 'index');
    for (const key of ['search_type', 'preference', 'routing', 'request_cache', 'expand_wildcards', 'phase_took']) {
      assert.ok(offered.includes(key), key);
    }
    assert.ok(offered.indexOf('indices') > offered.indexOf('ignore_throttled'), 'aliases come after every key');
    assert.ok(!offered.includes('timeout'), 'not a metadata key');
    assert.ok(!offered.includes('query'), 'a body field, not a header key');
  });

  void it('inserts keys with their value snippet, replacing typed quotes', () => {
    assert.equal(completeWith('{"|"}\n{}\n', 'msearch', 'index'), '{"index": ""}\n{}\n');
    assert.equal(
      completeWith('{"index":"logs","se|"}\n{}\n', 'msearch', 'search_type'),
      '{"index":"logs","search_type": "query_then_fetch"}\n{}\n',
    );
    assert.equal(completeWith('{"req|": true}\n{}\n', 'msearch', 'request_cache'), '{"request_cache": true}\n{}\n');
  });

  void it('leaves out a key present under any of its spellings', () => {
    const offered = labels(complete('{"indices":["a"], | }\n{}\n', 'msearch').items);
    assert.ok(!offered.includes('index'));
    assert.ok(!offered.includes('indices'));
    assert.ok(
      !labels(complete('{"ignoreUnavailable":true, | }\n{}\n', 'msearch').items).includes('ignore_unavailable'),
    );
  });

  void it('offers metadata values: search types, booleans, expand_wildcards (also after a comma), time units', () => {
    assert.deepEqual(labels(complete('{"search_type": | }\n{}\n', 'msearch').items), [
      'query_then_fetch',
      'dfs_query_then_fetch',
    ]);
    assert.equal(
      completeWith('{"search_type":"d|"}\n{}\n', 'msearch', 'dfs_query_then_fetch'),
      '{"search_type":"dfs_query_then_fetch"}\n{}\n',
    );
    assert.deepEqual(labels(complete('{"request_cache": | }\n{}\n', 'msearch').items).sort(), ['false', 'true']);
    assert.deepEqual(labels(complete('{"expand_wildcards":"open,|"}\n{}\n', 'msearch').items), [
      'closed',
      'hidden',
      'none',
      'all',
    ]);
    assert.equal(
      completeWith('{"expand_wildcards":"open,|"}\n{}\n', 'msearch', 'hidden'),
      '{"expand_wildcards":"open,hidden"}\n{}\n',
    );
    assert.equal(
      completeWith('{"expand_wildcards":["open", |]}\n{}\n', 'msearch', 'closed'),
      '{"expand_wildcards":["open", "closed"]}\n{}\n',
    );
    assert.equal(
      completeWith('{"cancel_after_time_interval":"30|"}\n{}\n', 'msearch', '30s'),
      '{"cancel_after_time_interval":"30s"}\n{}\n',
    );
  });

  void it('opens on a comma inside a comma list', () => {
    const { text, offset } = withCursor('{"expand_wildcards":"open,|"}\n{}\n');
    assert.ok(labels(completion(open(text, 'msearch'), positionAt(text, offset), ',').items).includes('closed'));
  });

  void it('reads a body line as a search body', () => {
    assert.equal(labels(complete('{"index":"a"}\n{ | }\n', 'msearch').items)[0], 'query');
    assert.equal(
      completeWith('{"index":"a"}\n{"query":{"bool":{"filter":[|]}}}\n', 'msearch', 'term'),
      '{"index":"a"}\n{"query":{"bool":{"filter":[{ "term": { "field": { "value": "" } } }]}}}\n',
    );
    assert.equal(
      completeWith('{}\n{"aggs":{"by_host":{"te|"}}}\n', 'msearch', 'terms'),
      '{}\n{"aggs":{"by_host":{"terms": { "field": "field", "size": 10 }}}}\n',
    );
  });

  void it('tells header lines from body lines by the framing, after comment lines', () => {
    const text = '# POST /_msearch\n{}\n{"query":{}}\n{"index":"b"}\n{ | }\n';
    assert.equal(labels(complete(text, 'msearch').items)[0], 'query');
    const header = '# POST /_msearch\n{}\n{"query":{}}\n{ | }\n{}\n';
    assert.equal(labels(complete(header, 'msearch').items)[0], 'index');
  });

  void it('offers a header or a body on an empty line', () => {
    assert.equal(completeWith('{}\n{}\n|\n', 'msearch', '{ index }'), '{}\n{}\n{"index": "index"}\n');
    assert.equal(completeWith('{}\n{}\n{}\n|\n', 'msearch', '{ query }'), '{}\n{}\n{}\n{"query": {}}\n');
  });

  void it('stays on its line in a large file', () => {
    const pairs = Array.from({ length: 2000 }, (_, i) => `{"index":"logs-${i}"}\n{"query":{"match_all":{}}}`);
    const text = `${pairs.join('\n')}\n{"index":"x", | }\n{}\n`;
    const offered = labels(complete(text, 'msearch').items);
    assert.ok(offered.includes('preference'));
    assert.ok(!offered.includes('index'));
  });
});
