import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { completion } from '../../../server/src/service/completion/index';
import { foldingRanges } from '../../../server/src/service/folding';
import { formatDocument } from '../../../server/src/service/formatting';
import { hover } from '../../../server/src/service/hover/index';
import { documentSymbols } from '../../../server/src/service/symbols';
import type { TextEdit } from 'vscode-languageserver-types';
import { offsetAt, open, positionAt } from './cursorText';

function apply(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  const sorted = edits
    .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

/** Pieces that make half-written requests likely. */
const PIECES = [
  'GET ',
  'POST ',
  '/_search',
  '/_msearch',
  '_nodes/',
  '_tasks/',
  'a:1',
  '?',
  '&',
  '=',
  ',',
  '{',
  '}',
  '[',
  ']',
  ':',
  '"',
  '"query"',
  '"bool"',
  '"must"',
  '"aggs"',
  '"terms"',
  '"sort"',
  '"index"',
  '"timeout"',
  '"5m"',
  ' ',
  '\n',
  '\r\n',
  '# ',
  '// ',
  '/*',
  '*/',
  'true',
  '12',
  'x',
];

const documents = fc
  .tuple(
    fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }),
    fc.constantFrom('search' as const, 'msearch' as const),
  )
  .map(([pieces, language]) => ({ text: pieces.join(''), language }));

void describe('robustness', () => {
  void it('answers every feature at every position of half-written documents without throwing', () => {
    fc.assert(
      fc.property(documents, fc.nat(), ({ text, language }, seed) => {
        const document = open(text, language);
        const offset = text.length === 0 ? 0 : seed % (text.length + 1);
        const position = positionAt(text, offset);
        const items = completion(document, position).items;
        for (const item of items) {
          const edit = item.textEdit;
          assert.ok(edit !== undefined && 'range' in edit);
          assert.equal(edit.range.start.line, position.line, 'edits stay on the cursor line');
          assert.ok(edit.range.start.character <= position.character && position.character <= edit.range.end.character);
        }
        hover(document, position);
        documentSymbols(document);
        foldingRanges(document);
        formatDocument(document);
      }),
      { numRuns: 1500, seed: 7 },
    );
  });

  void it('formatting changes only whitespace, keeps .msearch lines, and is stable', () => {
    fc.assert(
      fc.property(documents, ({ text, language }) => {
        const once = apply(text, formatDocument(open(text, language)));
        assert.equal(once.replace(/\s+/g, ''), text.replace(/\s+/g, ''));
        if (language === 'msearch') assert.equal(once.split('\n').length, text.split('\n').length);
        assert.deepEqual(formatDocument(open(once, language)), []);
      }),
      { numRuns: 1500, seed: 11 },
    );
  });

  void it('formatting pretty-prints .search bodies and compacts .msearch lines to the same JSON', () => {
    const bodies = fc.dictionary(fc.constantFrom('query', 'size', 'aggs', 'sort', '_source', 'x y'), fc.jsonValue(), {
      maxKeys: 4,
    });
    fc.assert(
      fc.property(bodies, bodies, (header, body) => {
        const spaced = (v: unknown): string => JSON.stringify(v, null, 1).replace(/\n\s*/g, ' ');
        const search = `GET /_search\n${spaced(body)}\n`;
        const pretty = apply(search, formatDocument(open(search, 'search')));
        assert.equal(pretty, `GET /_search\n${JSON.stringify(body, null, 2)}\n`);
        const msearch = `${spaced(header)}\n${spaced(body)}\n`;
        const compact = apply(msearch, formatDocument(open(msearch, 'msearch')));
        assert.equal(compact, `${JSON.stringify(header)}\n${JSON.stringify(body)}\n`);
      }),
      { numRuns: 300, seed: 3 },
    );
  });
});
