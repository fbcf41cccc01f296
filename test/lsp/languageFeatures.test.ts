import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CompletionRequest,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentOnTypeFormattingRequest,
  DocumentRangeFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  type ServerCapabilities,
} from 'vscode-languageserver-protocol';
import { completionItems, hoverText, LspClient } from './lspClient';

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
  let capabilities: ServerCapabilities;
  before(async () => {
    client = new LspClient();
    capabilities = (await client.initialize()).capabilities;
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: 'file:///tmp/features.search', languageId: 'search', version: 1, text: SEARCH },
    });
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: 'file:///tmp/features.msearch', languageId: 'msearch', version: 1, text: MSEARCH },
    });
  });
  after(async () => {
    await client.shutdown();
  });

  const searchDoc = { uri: 'file:///tmp/features.search' };
  const msearchDoc = { uri: 'file:///tmp/features.msearch' };

  void it('declares the capabilities', () => {
    const triggers = capabilities.completionProvider?.triggerCharacters ?? [];
    for (const ch of ['"', ':', '?', '&', '=', ',', '/']) assert.ok(triggers.includes(ch), ch);
    for (const name of [
      'hoverProvider',
      'documentSymbolProvider',
      'foldingRangeProvider',
      'documentFormattingProvider',
      'documentRangeFormattingProvider',
      'documentOnTypeFormattingProvider',
    ] as const) {
      assert.ok(capabilities[name] !== undefined && capabilities[name] !== false, name);
    }
  });

  void it('completes URL parameters and query clauses in a .search file', async () => {
    const params = completionItems(
      await client.request(CompletionRequest.type, {
        textDocument: searchDoc,
        position: { line: 0, character: 30 },
      }),
    );
    const timeout = params.find((i) => i.label === 'timeout');
    assert.deepEqual(timeout?.textEdit, {
      range: { start: { line: 0, character: 27 }, end: { line: 0, character: 30 } },
      newText: 'timeout=',
    });
    assert.ok(!params.some((i) => i.label === 'size'));
    const clauses = completionItems(
      await client.request(CompletionRequest.type, {
        textDocument: searchDoc,
        position: { line: 3, character: 7 },
      }),
    );
    const match = clauses.find((i) => i.label === 'match');
    assert.equal(clauses[0]?.label, 'match');
    assert.equal(match?.insertTextFormat, 2);
    assert.deepEqual(match.textEdit, {
      range: { start: { line: 3, character: 4 }, end: { line: 3, character: 8 } },
      newText: '"match": { "${1:field}": { "query": "$2" } }',
    });
  });

  void it('completes metadata keys and clauses in a .msearch file', async () => {
    const keys = completionItems(
      await client.request(CompletionRequest.type, {
        textDocument: msearchDoc,
        position: { line: 0, character: 19 },
      }),
    );
    assert.ok(keys.some((i) => i.label === 'search_type'));
    assert.ok(!keys.some((i) => i.label === 'index'));
    const clauses = completionItems(
      await client.request(CompletionRequest.type, {
        textDocument: msearchDoc,
        position: { line: 1, character: 28 },
      }),
    );
    assert.ok(clauses.some((i) => i.label === 'term'));
  });

  void it('answers hovers', async () => {
    const time = await client.request(HoverRequest.type, {
      textDocument: searchDoc,
      position: { line: 5, character: 15 },
    });
    assert.match(hoverText(time), /^`5m` = 5 minutes/);
    const filter = await client.request(HoverRequest.type, {
      textDocument: searchDoc,
      position: { line: 8, character: 20 },
    });
    assert.match(hoverText(filter), /removes every cluster-manager-eligible node/);
    const none = await client.request(HoverRequest.type, {
      textDocument: searchDoc,
      position: { line: 7, character: 0 },
    });
    assert.equal(none, null);
  });

  void it('answers document symbols and folding ranges', async () => {
    const symbols = (await client.request(DocumentSymbolRequest.type, { textDocument: searchDoc })) ?? [];
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['GET logs-*/_search', 'GET _nodes/_all,cluster_manager:false/stats'],
    );
    const pairs = (await client.request(DocumentSymbolRequest.type, { textDocument: msearchDoc })) ?? [];
    assert.deepEqual(
      pairs.map((s) => s.name),
      ['#1 (all) bool', '#2 b match_all'],
    );
    const folds = (await client.request(FoldingRangeRequest.type, { textDocument: searchDoc })) ?? [];
    assert.ok(folds.some((f) => f.startLine === 0 && f.endLine === 6));
  });

  void it('formats documents, ranges and on type', async () => {
    const options = { tabSize: 2, insertSpaces: true };
    const msearch = (await client.request(DocumentFormattingRequest.type, { textDocument: msearchDoc, options })) ?? [];
    assert.ok(msearch.length > 0);
    assert.ok(msearch.every((e) => e.range.start.line === 2 && e.range.end.line === 2));
    const uri = 'file:///tmp/format.search';
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'search', version: 1, text: 'GET /_search\n{"size":1}\n' },
    });
    const whole = (await client.request(DocumentFormattingRequest.type, { textDocument: { uri }, options })) ?? [];
    assert.ok(whole.length > 0);
    const range = await client.request(DocumentRangeFormattingRequest.type, {
      textDocument: { uri },
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 10 } },
      options,
    });
    assert.deepEqual(range, whole);
    const typed = await client.request(DocumentOnTypeFormattingRequest.type, {
      textDocument: { uri },
      position: { line: 1, character: 10 },
      ch: '}',
      options,
    });
    assert.deepEqual(typed, whole);
  });

  void it('answers neutrally for a document it does not know', async () => {
    const unknown = { uri: 'file:///tmp/never-opened.search' };
    const items = completionItems(
      await client.request(CompletionRequest.type, {
        textDocument: unknown,
        position: { line: 0, character: 0 },
      }),
    );
    assert.deepEqual(items, []);
    assert.equal(
      await client.request(HoverRequest.type, { textDocument: unknown, position: { line: 0, character: 0 } }),
      null,
    );
  });
});
