// A property of the language service: for generated hostile documents (deep nesting, long lines, many keys, many
// stars, odd line separators, NUL, lone surrogates), every feature answers without throwing, within a time budget
// proportional to the document's size, and the diagnostics of the file's other requests are never hidden. The
// documents come from a seeded generator: a failure names its seed, which reproduces it.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import { codeLenses } from '../../../server/src/service/codeLenses';
import { completion } from '../../../server/src/service/completion/index';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { foldingRanges } from '../../../server/src/service/folding';
import { formatDocument } from '../../../server/src/service/formatting';
import { hover } from '../../../server/src/service/hover/index';
import { resolveRequests } from '../../../server/src/service/resolve';
import { documentSymbols } from '../../../server/src/service/symbols';
import { hostileDocument, positions, prng, witnessLine } from '../../hostileDocuments';

const URI = 'file:///hostile.search';
const DOCUMENTS = 40;
/**
 * The budget of one request to the service: a fixed part and a part per character. Generous (the machine may be
 * busy), yet a path quadratic in the size takes far more on the larger documents generated here (tens of KB).
 */
const BUDGET_MS = (size: number): number => 400 + size * 0.05;

function timed<T>(what: string, size: number, seed: number, run: () => T): T {
  const start = performance.now();
  const result = run();
  const ms = performance.now() - start;
  assert.ok(ms <= BUDGET_MS(size), `seed ${seed}: ${what} took ${ms.toFixed(0)} ms on ${size} characters`);
  return result;
}

void describe('hostile documents (property, seeded)', () => {
  void it(`every feature answers ${DOCUMENTS} generated documents in time, and keeps the other requests' diagnostics`, () => {
    for (let seed = 1; seed <= DOCUMENTS; seed++) {
      const random = prng(seed);
      const text = hostileDocument(random);
      const size = text.length;
      const store = new DocumentStore();
      timed('open', size, seed, () => store.open(URI, 'search', 1, text));
      const diagnostics = timed('diagnostics', size, seed, () => store.diagnostics(URI));
      const witness = witnessLine(text);
      assert.ok(
        diagnostics.some((d) => d.code === 'url.invalid-integer' && d.range.start.line === witness),
        `seed ${seed}: the other request's diagnostic is hidden`,
      );
      const document = store.get(URI)!;
      for (const position of positions(random, text)) {
        timed(`completion at ${position.line}:${position.character}`, size, seed, () => completion(document, position));
        timed(`hover at ${position.line}:${position.character}`, size, seed, () => hover(document, position));
      }
      timed('format', size, seed, () => formatDocument(document));
      timed('code lenses', size, seed, () => codeLenses(document));
      timed('run all', size, seed, () => resolveRequests(document, { uri: URI }));
      timed('folding', size, seed, () => foldingRanges(document));
      timed('symbols', size, seed, () => documentSymbols(document));
      // An edit in the middle of the text: the same diagnostics as a fresh read of the new text.
      const edited = timed('edit', size, seed, () => {
        store.change(URI, 2, [
          { range: { start: { line: 1, character: 0 }, end: { line: 1, character: 1 } }, text: '' },
        ]);
        return store.diagnostics(URI);
      });
      const fresh = new DocumentStore();
      fresh.open(URI, 'search', 1, store.get(URI)!.model.text);
      assert.deepEqual(edited, fresh.diagnostics(URI), `seed ${seed}: the edited file reads otherwise than afresh`);
    }
  });
});
