import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import { hover } from '../../../server/src/service/hover/index';
import type { LanguageId } from '../../../server/src/service/documentStore';
import { open, positionAt, withCursor } from './cursorText';

function hoverAt(marked: string, language: LanguageId): { value: string; text: string } | null {
  const { text, offset } = withCursor(marked);
  const result = hover(open(text, language), positionAt(text, offset));
  if (result === null) return null;
  const range = result.range!;
  const lines = text.split('\n');
  const covered = lines[range.start.line]!.slice(range.start.character, range.end.character);
  return { value: (result.contents as MarkupContent).value, text: covered };
}

void describe('hover', () => {
  void it('explains a URL parameter with its type and default', () => {
    const result = hoverAt('GET /_search?si|ze=5', 'search')!;
    assert.equal(result.text, 'size');
    assert.match(result.value, /^\*\*size\*\* · integer · default `10`/);
    assert.match(result.value, /How many hits/);
  });

  void it('gives the duration of a time value', () => {
    assert.match(hoverAt('GET /_search?timeout=9|0s', 'search')!.value, /^`90s` = 90 seconds/);
    assert.match(hoverAt('GET /_search?scroll=1|m', 'search')!.value, /= 1 minute\b/);
    assert.match(hoverAt('GET /_search\n{ "timeout": "2|h" }\n', 'search')!.value, /^`2h` = 2 hours/);
    assert.match(
      hoverAt('{"cancel_after_time_interval":"5|m"}\n{}\n', 'msearch')!.value,
      /^`5m` = 5 minutes[\s\S]*cancel_after_time_interval/,
    );
    assert.match(hoverAt('{"cancel_after_time_interval":15|00}\n{}\n', 'msearch')!.value, /1,500 milliseconds/);
    assert.match(hoverAt('GET /_search?timeout=5|', 'search')!.value, /unit is missing or unrecognized/);
  });

  void it('explains a node filter step by step', () => {
    const result = hoverAt('GET /_nodes/_all,cluster_manager:fa|lse/stats', 'search')!;
    assert.equal(result.text, '_all,cluster_manager:false');
    assert.match(result.value, /1\. `_all`: adds every node/);
    assert.match(result.value, /2\. `cluster_manager:false`: removes every cluster-manager-eligible node/);
    const tasks = hoverAt('GET /_tasks?nodes=data:tr|ue,ingest:false', 'search')!.value;
    assert.match(tasks, /`data:true`: adds every node that can hold data/);
    assert.match(tasks, /`ingest:false`: removes every ingest node/);
    assert.match(hoverAt('GET /_nodes/search:tr|ue', 'search')!.value, /⚠/);
  });

  void it("gives a task id's node and number", () => {
    const path = hoverAt('POST /_tasks/oTUltX4IQMOUUVeiohTt8A:123|45/_cancel', 'search')!;
    assert.equal(path.text, 'oTUltX4IQMOUUVeiohTt8A:12345');
    assert.match(path.value, /node `oTUltX4IQMOUUVeiohTt8A`, task number 12345/);
    assert.match(hoverAt('GET /_tasks?parent_task_id=n1:|7', 'search')!.value, /node `n1`, task number 7/);
    assert.match(hoverAt('GET /_tasks/abc|', 'search')!.value, /malformed task id abc/);
  });

  void it('explains body fields, clauses, parameters and aggregations', () => {
    assert.match(
      hoverAt('GET /_search\n{ "tra|ck_total_hits": true }\n', 'search')!.value,
      /^\*\*track_total_hits\*\* · boolean \| integer · default `10000`/,
    );
    const clause = hoverAt('GET /_search\n{ "query": { "multi_m|atch": {} } }\n', 'search')!;
    assert.equal(clause.text, '"multi_match"');
    assert.match(clause.value, /query clause/);
    assert.match(
      hoverAt('GET /_search\n{ "query": { "match": { "m": { "fuzzi|ness": 1 } } } }\n', 'search')!.value,
      /\*\*fuzziness\*\*/,
    );
    assert.match(
      hoverAt('GET /_search\n{ "aggs": { "x": { "date_hist|ogram": {} } } }\n', 'search')!.value,
      /bucket aggregation/,
    );
    assert.match(hoverAt('GET /_search\n{ "aggs": { "by_ho|st": {} } }\n', 'search')!.value, /aggregations\.by_host/);
  });

  void it('explains metadata keys and their aliases', () => {
    assert.match(hoverAt('{"ind|ex":"a"}\n{}\n', 'msearch')!.value, /^\*\*index\*\*/);
    assert.match(hoverAt('{"expandWild|cards":"all"}\n{}\n', 'msearch')!.value, /Same as `expand_wildcards`/);
    assert.equal(hoverAt('{"index":"a"}\n{"que|ry":{}}\n', 'msearch')!.text, '"query"');
  });

  void it('says nothing where there is nothing to say', () => {
    assert.equal(hoverAt('G|ET /_search', 'search'), null);
    assert.equal(hoverAt('GET /_search\n{ "query": { "match": { "message": "ti|meout" } } }\n', 'search'), null);
    assert.equal(hoverAt('{"bogus|":1}\n{}\n', 'msearch'), null);
  });
});
