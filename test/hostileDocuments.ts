// Generated hostile documents for the language server's property tests (the service in-process and the bundled
// server over stdio): deep nesting, long lines, many keys, many stars, odd line separators, NUL, lone surrogates.
// The generator is seeded, so a failure names its seed and the seed reproduces it.
import type { Position } from 'vscode-languageserver-types';
import { random as seeded } from '../bench/generateMsearch';

/** The seeded random source: the same documents on every run. */
export const prng = seeded;

export type Random = () => number;

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

export function hostileDocument(random: Random): string {
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
export function positions(random: Random, text: string): Position[] {
  const lines = text.split('\n');
  const out: Position[] = [{ line: 0, character: 0 }];
  for (let i = 0; i < 4; i++) {
    const line = int(random, lines.length);
    out.push({ line, character: int(random, lines[line]!.length + 1) });
  }
  out.push({ line: lines.length - 1, character: lines[lines.length - 1]!.length });
  return out;
}

/** The line of the witness request in a generated document (its line ends may be any of the three). */
export function witnessLine(text: string): number {
  return text.split(/\r\n|\r|\n/).length - 3;
}
