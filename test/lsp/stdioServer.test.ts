import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CodeLensRequest,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  PublishDiagnosticsNotification,
} from 'vscode-languageserver-protocol';
import { LspClient } from './lspClient';
import { COMMANDS } from '../../server/src/protocol/manifest';

void describe('bundled server over stdio', () => {
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize();
  });
  after(async () => {
    await client.shutdown();
  });

  void it('pushes diagnostics for an opened .msearch file', async () => {
    const uri = 'file:///tmp/stdio-test.msearch';
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'msearch', version: 1, text: '{"indexx":"logs"}\n{"query":{"match_all":{}}}' },
    });
    const published = await client.waitFor(PublishDiagnosticsNotification.type, (p) => p.uri === uri);
    const codes = published.diagnostics.map((d) => String(d.code)).sort();
    assert.deepEqual(codes, ['msearch.missing-final-newline', 'msearch.unknown-metadata-key']);
    const unknown = published.diagnostics.find((d) => d.code === 'msearch.unknown-metadata-key')!;
    assert.equal(unknown.message, 'key [indexx] is not supported in the metadata section');
    assert.equal(unknown.severity, 1);
    assert.equal(unknown.source, 'search-requests');
    assert.deepEqual(unknown.range.start, { line: 0, character: 1 });
  });

  void it('re-validates after an incremental change', async () => {
    const uri = 'file:///tmp/stdio-change.search';
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: {
        uri,
        languageId: 'search',
        version: 1,
        text: 'GET /_search?sizee=5\n{"query":{"match_all":{}}}\n',
      },
    });
    const first = await client.waitFor(PublishDiagnosticsNotification.type, (p) => p.uri === uri);
    assert.equal(first.diagnostics[0]?.message, 'request [/_search] contains unrecognized parameter: [sizee]');
    client.notify(DidChangeTextDocumentNotification.type, {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 0, character: 17 }, end: { line: 0, character: 18 } }, text: '' }],
    });
    const second = await client.waitFor(PublishDiagnosticsNotification.type, (p) => p.uri === uri && p.version === 2);
    assert.deepEqual(second.diagnostics, []);
  });

  void it('answers code lenses', async () => {
    const uri = 'file:///tmp/stdio-lens.msearch';
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'msearch', version: 1, text: '{}\n{}\n{"index":"a"}\n{}\n' },
    });
    const lenses = (await client.request(CodeLensRequest.type, { textDocument: { uri } })) ?? [];
    assert.deepEqual(
      lenses.map((l) => [l.range.start.line, l.command?.title, l.command?.command]),
      [
        [0, '▶ Run all', COMMANDS.runAll],
        [0, '▶ Run', COMMANDS.run],
        [2, '▶ Run', COMMANDS.run],
      ],
    );
  });
});
