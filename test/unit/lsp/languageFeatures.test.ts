import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LspClient } from './lspClient';

interface Item {
  label: string;
  sortText?: string;
  insertTextFormat?: number;
  textEdit?: { range: Range; newText: string };
}
interface Range {
  start: { line: number; character: number };
  end: { line: number; character: number };
}
interface Edit {
  range: Range;
  newText: string;
}

const SEARCH = [
  'GET /logs-*/_search?size=5&tim',
  '{',
  '  "query": {',
  '    "ma"',
  '  },',
  '  "timeout": "5m"',
  '}',
  '',
  'GET /_nodes/_all,cluster_manager:false/stats',
  '',
].join('\n');

const MSEARCH = '{"index":"logs","se"}\n{"query":{"bool":{"filter":[]}}}\n{ "index" : "b" }\n{}\n';

void describe('editing features over stdio', () => {
  let client: LspClient;
  let capabilities: Record<string, unknown>;
  before(async () => {
    client = new LspClient();
    const result = (await client.initialize()) as { capabilities: Record<string, unknown> };
    capabilities = result.capabilities;
    client.notify('textDocument/didOpen', {
      textDocument: { uri: 'file:///tmp/features.search', languageId: 'search', version: 1, text: SEARCH },
    });
    client.notify('textDocument/didOpen', {
      textDocument: { uri: 'file:///tmp/features.msearch', languageId: 'msearch', version: 1, text: MSEARCH },
    });
  });
  after(async () => {
    await client.shutdown();
  });

  const searchDoc = { uri: 'file:///tmp/features.search' };
  const msearchDoc = { uri: 'file:///tmp/features.msearch' };

  void it('declares the capabilities', () => {
    const completion = capabilities.completionProvider as { triggerCharacters: string[] };
    for (const ch of ['"', ':', '?', '&', '=', ',', '/']) assert.ok(completion.triggerCharacters.includes(ch), ch);
    for (const name of [
      'hoverProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'documentOnTypeFormattingProvider',
    ]) {
      assert.ok(capabilities[name] !== undefined && capabilities[name] !== false, name);
    }
  });

  void it('completes URL parameters and query clauses in a .search file', async () => {
    const params = await client.request<{ items: Item[] }>('textDocument/completion', {
      textDocument: searchDoc,
      position: { line: 0, character: 30 },
    });
    const timeout = params.items.find((i) => i.label === 'timeout');
    assert.deepEqual(timeout?.textEdit, {
      range: { start: { line: 0, character: 27 }, end: { line: 0, character: 30 } },
      newText: 'timeout=',
    });
    assert.ok(!params.items.some((i) => i.label === 'size'));
    const clauses = await client.request<{ items: Item[] }>('textDocument/completion', {
      textDocument: searchDoc,
      position: { line: 3, character: 7 },
    });
    const match = clauses.items.find((i) => i.label === 'match');
    assert.equal(clauses.items[0]?.label, 'match');
    assert.equal(match?.insertTextFormat, 2);
    assert.deepEqual(match.textEdit, {
      range: { start: { line: 3, character: 4 }, end: { line: 3, character: 8 } },
      newText: '"match": { "${1:field}": { "query": "$2" } }',
    });
  });

  void it('completes metadata keys and clauses in a .msearch file', async () => {
    const keys = await client.request<{ items: Item[] }>('textDocument/completion', {
      textDocument: msearchDoc,
      position: { line: 0, character: 19 },
    });
    assert.ok(keys.items.some((i) => i.label === 'search_type'));
    assert.ok(!keys.items.some((i) => i.label === 'index'));
    const clauses = await client.request<{ items: Item[] }>('textDocument/completion', {
      textDocument: msearchDoc,
      position: { line: 1, character: 28 },
    });
    assert.ok(clauses.items.some((i) => i.label === 'term'));
  });

  void it('answers hovers', async () => {
    const time = await client.request<{ contents: { value: string }; range: Range }>('textDocument/hover', {
      textDocument: searchDoc,
      position: { line: 5, character: 15 },
    });
    assert.match(time.contents.value, /^`5m` = 5 minutes/);
    const filter = await client.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: searchDoc,
      position: { line: 8, character: 20 },
    });
    assert.match(filter.contents.value, /removes every cluster-manager-eligible node/);
    const none = await client.request<unknown>('textDocument/hover', {
      textDocument: searchDoc,
      position: { line: 7, character: 0 },
    });
    assert.equal(none, null);
  });

  void it('answers document symbols and folding ranges', async () => {
    const symbols = await client.request<{ name: string }[]>('textDocument/documentSymbol', {
      textDocument: searchDoc,
    });
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['GET logs-*/_search', 'GET _nodes/_all,cluster_manager:false/stats'],
    );
    const pairs = await client.request<{ name: string }[]>('textDocument/documentSymbol', { textDocument: msearchDoc });
    assert.deepEqual(
      pairs.map((s) => s.name),
      ['#1 (all) bool', '#2 b match_all'],
    );
    const folds = await client.request<{ startLine: number; endLine: number }[]>('textDocument/foldingRange', {
      textDocument: searchDoc,
    });
    assert.ok(folds.some((f) => f.startLine === 0 && f.endLine === 6));
  });

  void it('formats documents, ranges and on type', async () => {
    const options = { tabSize: 2, insertSpaces: true };
    const msearch = await client.request<Edit[]>('textDocument/formatting', { textDocument: msearchDoc, options });
    assert.ok(msearch.length > 0);
    assert.ok(msearch.every((e) => e.range.start.line === 2 && e.range.end.line === 2));
    const uri = 'file:///tmp/format.search';
    client.notify('textDocument/didOpen', {
      textDocument: { uri, languageId: 'search', version: 1, text: 'GET /_search\n{"size":1}\n' },
    });
    const whole = await client.request<Edit[]>('textDocument/formatting', { textDocument: { uri }, options });
    assert.ok(whole.length > 0);
    const range = await client.request<Edit[]>('textDocument/rangeFormatting', {
      textDocument: { uri },
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 10 } },
      options,
    });
    assert.deepEqual(range, whole);
    const typed = await client.request<Edit[]>('textDocument/onTypeFormatting', {
      textDocument: { uri },
      position: { line: 1, character: 10 },
      ch: '}',
      options,
    });
    assert.deepEqual(typed, whole);
  });

  void it('answers neutrally for a document it does not know', async () => {
    const unknown = { uri: 'file:///tmp/never-opened.search' };
    const items = await client.request<{ items: unknown[] }>('textDocument/completion', {
      textDocument: unknown,
      position: { line: 0, character: 0 },
    });
    assert.deepEqual(items.items, []);
    assert.equal(
      await client.request('textDocument/hover', { textDocument: unknown, position: { line: 0, character: 0 } }),
      null,
    );
  });
});
