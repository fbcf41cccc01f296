// A property of the language service: for generated hostile documents (deep nesting, long lines, many keys, many
// stars, odd line separators, NUL, lone surrogates), every feature answers without throwing, within a time budget
// proportional to the document's size, and the diagnostics of the file's other requests are never hidden. The
// documents come from a seeded generator: a failure names its seed, which reproduces it.
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { describe, it } from 'node:test';
import type { Position } from 'vscode-languageserver-types';
import { codeLenses } from '../../../server/src/service/codeLenses';
import { completion } from '../../../server/src/service/completion/index';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { foldingRanges } from '../../../server/src/service/folding';
import { formatDocument } from '../../../server/src/service/formatting';
import { hover } from '../../../server/src/service/hover/index';
import { resolveRequests } from '../../../server/src/service/resolve';
import { documentSymbols } from '../../../server/src/service/symbols';

const URI = 'file:///hostile.search';
const DOCUMENTS = 40;
/**
 * The budget of one request to the service: a fixed part and a part per character. Generous (the machine may be
 * busy), yet a path quadratic in the size takes far more on the larger documents generated here (tens of KB).
 */
const BUDGET_MS = (size: number): number => 400 + size * 0.05;

/** mulberry32: a small seeded generator, so that every run draws the same documents. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const int = (random: Random, max: number): number => Math.floor(random() * max);
const pick = <T>(random: Random, items: readonly T[]): T => items[int(random, items.length)]!;

const ODD = ['\u2028', '\u2029', '\r', '\u0000', '\ud800', '\udfff', '\u00a0', '\ufeff', '\t', ' '];

/** One hostile piece of text, of about `size` characters. */
const PIECES: readonly ((random: Random, size: number) => string)[] = [
  (random, size) => pick(random, ['{"a":', '[', '{"query":{"bool":{"must":[']).repeat(Math.ceil(size / 6)),
  (random, size) => `{"size":1,${' '.repeat(size)}${pick(random, ODD)}"from":0}`,
  (_random, size) => `{${Array.from({ length: Math.ceil(size / 8) }, (_, i) => `"k${i}":${i}`).join(',\n')}}`,
  (_random, size) => `{${Array.from({ length: Math.ceil(size / 6) }, () => '"a":1').join(',')}}`,
  (random, size) => `${'*'.repeat(Math.min(size, 200))}${pick(random, ODD)}x`,
  (random, size) => Array.from({ length: size }, () => pick(random, ODD)).join(''),
  (random, size) => `"${Array.from({ length: size }, () => String.fromCharCode(int(random, 0x10000))).join('')}"`,
];

/** The start of a request line, hostile or not. */
const LINES = [
  'GET /_search',
  'GET _nodes/',
  'POST /logs-*/_search?q=',
  'GET /_tasks?actions=',
  'PUT /x/_doc/1',
  'get ',
];

/** A request whose URL error must stay reported whatever else the file holds. */
const WITNESS = 'GET /logs/_search?size=abc\n{}\n';

function hostileDocument(random: Random): string {
  const parts: string[] = [];
  const requests = 1 + int(random, 3);
  for (let i = 0; i < requests; i++) {
    const size = 200 + int(random, 20_000);
    const piece = pick(random, PIECES)(random, size);
    const line = `${pick(random, LINES)}${random() < 0.5 ? pick(random, PIECES)(random, 50) : ''}`;
    const separator = random() < 0.2 ? pick(random, ['\r', '\u2028']) : '\n';
    parts.push(random() < 0.5 ? `${line}${separator}${piece}\n` : `${line}${piece}\n`);
  }
  // The witness goes after a plain line end, so that nothing of the hostile text can be read as part of it.
  return `${parts.join('\n')}\n${WITNESS}`;
}

/** A few positions of a text: its start, its end, and some drawn at random. */
function positions(random: Random, text: string): Position[] {
  const lines = text.split('\n');
  const out: Position[] = [{ line: 0, character: 0 }];
  for (let i = 0; i < 4; i++) {
    const line = int(random, lines.length);
    out.push({ line, character: int(random, lines[line]!.length + 1) });
  }
  out.push({ line: lines.length - 1, character: lines[lines.length - 1]!.length });
  return out;
}

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
      const witnessLine = text.split(/\r\n|\r|\n/).length - 3;
      assert.ok(
        diagnostics.some((d) => d.code === 'url.invalid-integer' && d.range.start.line === witnessLine),
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
