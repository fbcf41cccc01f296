// The hostile-document property, held by the bundled server over stdio as another editor runs it: for generated
// documents (deep nesting, long lines, many keys, many stars, odd line separators, NUL, lone surrogates), the server
// publishes the diagnostics of every version in time, keeps the witness request's diagnostic, answers every editing
// request within a budget proportional to the size, and is still running at the end. The in-process property test
// (test/unit/service/hostileProperty.test.ts) holds the service itself; this one adds the transport, the debouncing
// and the process.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { after, before, describe, it } from 'node:test';
import {
  CodeLensRequest,
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  PublishDiagnosticsNotification,
} from 'vscode-languageserver-protocol';
import { hostileDocument, positions, prng, witnessLine } from '../hostileDocuments';
import { LspClient } from './lspClient';

const DOCUMENTS = 20;
/** A fixed part (transport, debouncing, a busy machine) and a part per character, as in the in-process test. */
const BUDGET_MS = (size: number): number => 1_500 + size * 0.05;

void describe('bundled server over stdio with hostile documents (property, seeded)', () => {
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize();
  });
  after(async () => {
    await client.shutdown();
  });

  async function timed<T>(what: string, size: number, seed: number, run: () => Promise<T>): Promise<T> {
    const start = performance.now();
    const result = await run();
    const ms = performance.now() - start;
    assert.ok(ms <= BUDGET_MS(size), `seed ${seed}: ${what} took ${ms.toFixed(0)} ms on ${size} characters`);
    return result;
  }

  void it(`answers ${DOCUMENTS} generated documents in time, keeps the other requests' diagnostics and stays up`, async () => {
    for (let seed = 1; seed <= DOCUMENTS; seed++) {
      const random = prng(seed);
      const text = hostileDocument(random);
      const size = text.length;
      const uri = `file:///tmp/hostile-${seed}.search`;
      const textDocument = { uri };
      const opened = await timed('diagnostics after open', size, seed, () => {
        client.notify(DidOpenTextDocumentNotification.type, {
          textDocument: { uri, languageId: 'search', version: 1, text },
        });
        return client.waitFor(
          PublishDiagnosticsNotification.type,
          (p) => p.uri === uri && p.version === 1,
          BUDGET_MS(size),
        );
      });
      const witness = witnessLine(text);
      assert.ok(
        opened.diagnostics.some((d) => d.code === 'url.invalid-integer' && d.range.start.line === witness),
        `seed ${seed}: the other request's diagnostic is hidden`,
      );
      for (const position of positions(random, text)) {
        const where = `${position.line}:${position.character}`;
        await timed(`completion at ${where}`, size, seed, () =>
          client.request(CompletionRequest.type, { textDocument, position }),
        );
        await timed(`hover at ${where}`, size, seed, () =>
          client.request(HoverRequest.type, { textDocument, position }),
        );
      }
      const options = { tabSize: 2, insertSpaces: true };
      await timed('format', size, seed, () =>
        client.request(DocumentFormattingRequest.type, { textDocument, options }),
      );
      await timed('code lenses', size, seed, () => client.request(CodeLensRequest.type, { textDocument }));
      await timed('folding', size, seed, () => client.request(FoldingRangeRequest.type, { textDocument }));
      await timed('symbols', size, seed, () => client.request(DocumentSymbolRequest.type, { textDocument }));
      // An edit at the start of the second line: the server publishes the new version in time and the witness's
      // diagnostic stays.
      const edited = await timed('diagnostics after an edit', size, seed, () => {
        client.notify(DidChangeTextDocumentNotification.type, {
          textDocument: { uri, version: 2 },
          contentChanges: [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' }],
        });
        return client.waitFor(
          PublishDiagnosticsNotification.type,
          (p) => p.uri === uri && p.version === 2,
          BUDGET_MS(size),
        );
      });
      assert.ok(
        edited.diagnostics.some((d) => d.code === 'url.invalid-integer'),
        `seed ${seed}: after the edit the other request's diagnostic is hidden`,
      );
      client.notify(DidCloseTextDocumentNotification.type, { textDocument });
      assert.ok(client.running, `seed ${seed}: the server process ended`);
    }
  });
});
