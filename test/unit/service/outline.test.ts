import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FoldingRangeKind, SymbolKind } from 'vscode-languageserver-types';
import { foldingRanges } from '../../../server/src/service/folding';
import { documentSymbols } from '../../../server/src/service/symbols';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { open } from './cursorText';

const SEARCH = [
  '# Requests of the week',
  '# (two comment lines)',
  'GET /logs-*/_search?size=5&track_total_hits=true',
  '{',
  '  "query": {',
  '    "match": { "message": "timeout" }',
  '  }',
  '}',
  '',
  'POST _msearch',
  '{"index": "logs"}',
  '{"query": {"match_all": {}}}',
  '{}',
  '{',
  '  "query": { "term": { "level": "error" } }',
  '}',
  '',
  'GET _tasks?actions=*search&detailed',
  'GET _nodes/_all,cluster_manager:false/stats',
  '',
].join('\n');

void describe('document symbols', () => {
  void it('lists one symbol per request of a .search file, named by method and path', () => {
    const symbols = documentSymbols(open(SEARCH, 'search'));
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['GET logs-*/_search', 'POST _msearch', 'GET _tasks', 'GET _nodes/_all,cluster_manager:false/stats'],
    );
    const first = symbols[0]!;
    assert.equal(first.detail, '?size=5&track_total_hits=true');
    assert.deepEqual(first.range, { start: { line: 2, character: 0 }, end: { line: 7, character: 1 } });
    assert.deepEqual(first.selectionRange, { start: { line: 2, character: 0 }, end: { line: 2, character: 48 } });
    assert.equal(first.kind, SymbolKind.Function);
    assert.deepEqual(symbols[2]!.range.start, { line: 17, character: 0 });
    assert.deepEqual(symbols[2]!.range.end, { line: 17, character: 35 });
  });

  void it('lists the searches of a console _msearch body as children', () => {
    const msearch = documentSymbols(open(SEARCH, 'search'))[1]!;
    assert.deepEqual(
      msearch.children?.map((c) => c.name),
      ['#1 logs match_all', '#2 (all) term level'],
    );
    assert.deepEqual(msearch.children[1]!.range, {
      start: { line: 12, character: 0 },
      end: { line: 15, character: 1 },
    });
  });

  void it('lists one symbol per header/body pair of a .msearch file', () => {
    const text = [
      '# POST /logs-*/_msearch',
      '{"index":"metrics"}',
      '{"query":{"match":{"message":"slow"}}}',
      '{}',
      '{"aggs":{"by_host":{"terms":{"field":"host"}}}}',
      '{"index":["a","b"]}',
      '',
    ].join('\n');
    const symbols = documentSymbols(open(text, 'msearch'));
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['#1 metrics match message', '#2 logs-* aggs by_host', '#3 a,b (no body)'],
    );
    assert.deepEqual(symbols[1]!.range, { start: { line: 3, character: 0 }, end: { line: 4, character: 47 } });
    assert.deepEqual(symbols[1]!.selectionRange, { start: { line: 3, character: 0 }, end: { line: 3, character: 2 } });
  });
});

void describe('document symbols after edits', () => {
  void it('follows edits of a .msearch file: changed pairs, shifted pairs, a new default index', () => {
    const store = new DocumentStore();
    const uri = 'file:///edits.msearch';
    const names = (): string[] => documentSymbols(store.get(uri)!).map((s) => s.name);
    store.open(uri, 'msearch', 1, '{"index":"a"}\n{}\n{"index":"b"}\n{"query":{"term":{"x":1}}}\n');
    assert.deepEqual(names(), ['#1 a match_all', '#2 b term x']);
    store.change(uri, 2, [
      { range: { start: { line: 0, character: 10 }, end: { line: 0, character: 11 } }, text: 'c' },
    ]);
    assert.deepEqual(names(), ['#1 c match_all', '#2 b term x']);
    store.change(uri, 3, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '{}\n{}\n' },
    ]);
    assert.deepEqual(names(), ['#1 (all) match_all', '#2 c match_all', '#3 b term x']);
    store.change(uri, 4, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# GET /logs/_msearch\n' },
    ]);
    assert.deepEqual(names(), ['#1 logs match_all', '#2 c match_all', '#3 b term x']);
  });
});

void describe('folding ranges', () => {
  void it('folds requests, multi-line JSON and comment blocks of a .search file', () => {
    const ranges = foldingRanges(open(SEARCH, 'search'));
    const plain = ranges
      .filter((r) => r.kind === undefined)
      .map((r) => [r.startLine, r.endLine])
      .sort((a, b) => a[0]! - b[0]!);
    assert.deepEqual(plain, [
      [2, 7],
      [3, 6],
      [4, 5],
      [9, 15],
      [13, 14],
    ]);
    assert.deepEqual(
      ranges.filter((r) => r.kind === FoldingRangeKind.Comment).map((r) => [r.startLine, r.endLine]),
      [[0, 1]],
    );
  });

  void it('folds region markers', () => {
    const text = '# region searches\nGET /_search\n{}\n# endregion\n';
    const regions = foldingRanges(open(text, 'search')).filter((r) => r.kind === FoldingRangeKind.Region);
    assert.deepEqual(
      regions.map((r) => [r.startLine, r.endLine]),
      [[0, 3]],
    );
  });

  void it('folds the leading comment block of a .msearch file, and nothing per line', () => {
    const text = '# POST /_msearch\n# searches of the dashboard\n# (third line)\n{}\n{}\n{}\n{}\n';
    assert.deepEqual(
      foldingRanges(open(text, 'msearch')).map((r) => [r.startLine, r.endLine, r.kind]),
      [[0, 2, FoldingRangeKind.Comment]],
    );
  });
});
