import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MsearchDocument } from '../../../server/src/service/documents/msearchDocument';
import { LineMap } from '../../../server/src/service/text/lineMap';
import { DEFAULT_CONTEXT, parsesAhead, validateWrittenPair } from '../../../server/src/service/documents/msearchPair';
import { JsonSegment } from '../../../server/src/service/json/jsonSegment';
import { Variables } from '../../../server/src/service/console/variables';
import { DEFAULT_TARGET } from '../../../server/src/service/target';
import { toDiagnostic } from '../../../server/src/service/documents/diagnostics';

const LINES = [
  '{"index":"logs"}',
  '{"query":{"match":{"message":"x"}}}',
  '{}',
  '',
  '{"indexx":"a"}',
  '{"size":-1}',
  '# POST /logs/_msearch?rest_total_hits_as_int=true',
  '{"track_total_hits":10}',
  '[1]',
  '{"query":{}}',
];

void describe('incremental .msearch re-validation', () => {
  void it('gives the same diagnostics as a full parse after any sequence of edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 12 }),
        fc.array(
          fc.record({
            start: fc.nat(400),
            length: fc.nat(30),
            text: fc.oneof(
              fc.constantFrom('\n', '{}\n', 'x', '', '"', '\n\n', '{"index":"z"}\n{}\n'),
              fc.constantFrom(...LINES),
            ),
          }),
          { maxLength: 8 },
        ),
        (lines, edits) => {
          let text = lines.join('\n') + '\n';
          const incremental = new MsearchDocument(text);
          incremental.diagnostics();
          for (const edit of edits) {
            const map = new LineMap(text);
            const start = Math.min(edit.start, text.length);
            const end = Math.min(start + edit.length, text.length);
            incremental.applyChange({
              range: { start: map.positionAt(start), end: map.positionAt(end) },
              text: edit.text,
            });
            text = text.slice(0, start) + edit.text + text.slice(end);
            assert.equal(incremental.text, text);
            assert.deepEqual(incremental.diagnostics(), new MsearchDocument(text).diagnostics());
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

const MORE_LINES = [
  ...LINES,
  '{"index":"${index}"}',
  '{"query":{"term":{"level":"${level}"}}}',
  '{"query":{"query_string":{"query":"""level:error"""}}}',
  '  {"index":"spaced"}',
  '{"a":1,"a":2}',
  '{"query":{"match_all":{}}} {"x":1}',
  '{"size":"ten"}',
  '{"size":${size}}',
  // Refused when the header (or the path) names an index: its check depends on the header before it.
  '{"pit":{"id":"abc"}}',
];

void describe('.msearch documents read in batches of pairs', () => {
  void it('give the same diagnostics across batches, after any sequence of whole-line edits', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...MORE_LINES), { minLength: 60, maxLength: 160 }),
        fc.array(fc.record({ line: fc.nat(170), text: fc.constantFrom(...MORE_LINES) }), { maxLength: 6 }),
        (lines, edits) => {
          let current = [...lines];
          const incremental = new MsearchDocument(current.join('\n') + '\n');
          incremental.diagnostics();
          for (const edit of edits) {
            const line = Math.min(edit.line, current.length - 1);
            incremental.applyChange({
              range: { start: { line, character: 0 }, end: { line, character: current[line]!.length } },
              text: edit.text,
            });
            current = current.map((text, i) => (i === line ? edit.text : text));
            assert.equal(incremental.text, current.join('\n') + '\n');
            assert.deepEqual(incremental.diagnostics(), new MsearchDocument(incremental.text).diagnostics());
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  void it('find in a pair read ahead what they find in the pair read alone', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MORE_LINES), fc.constantFrom(...MORE_LINES), (header, body) => {
        const variables = Variables.from({ index: 'logs', level: 'error' });
        const parsed = {
          header: parsesAhead(header) ? JsonSegment.parse(header) : undefined,
          body: parsesAhead(body) ? JsonSegment.parse(body) : undefined,
        };
        assert.deepEqual(
          validateWrittenPair(header, body, DEFAULT_CONTEXT, variables, parsed),
          validateWrittenPair(header, body, DEFAULT_CONTEXT, variables),
        );
      }),
      { numRuns: 200 },
    );
  });
});

/** Variables in: a line that writes one is checked with its value, not parsed ahead as written. */
const WITH_VARIABLES = { variables: Variables.from({ index: 'logs', level: 'error', size: '5' }), clusters: [] };

void describe('a long .msearch document', () => {
  void it('finds in each pair what the pair validated alone finds', () => {
    // Lines that frame nothing themselves (no comment, no blank line): each pair of lines is one pair of the file.
    const pairLines = MORE_LINES.filter((line) => line !== '' && !line.startsWith('#'));
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pairLines), { minLength: 40, maxLength: 140 }), (lines) => {
        if (lines.length % 2 === 1) lines.push('{}');
        // Each pair validated on its own, as written (nothing parsed ahead), its issues placed on the pair's lines.
        const alone = [];
        for (let i = 0; i < lines.length; i += 2) {
          for (const found of validateWrittenPair(lines[i]!, lines[i + 1], DEFAULT_CONTEXT, WITH_VARIABLES.variables)) {
            alone.push(toDiagnostic(found, found.line === 0 ? i : i + 1));
          }
        }
        const whole = new MsearchDocument(lines.join('\n') + '\n').diagnostics(DEFAULT_TARGET, WITH_VARIABLES);
        assert.deepEqual(whole, alone);
      }),
      { numRuns: 40 },
    );
  });
});
