import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { MsearchDocument } from '../../../server/src/service/documents/msearchDocument';
import { LineMap } from '../../../server/src/service/text/lineMap';

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
