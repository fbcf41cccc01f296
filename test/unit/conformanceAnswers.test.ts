// Recorded answers compared with new ones (test/conformance/corpus.ts): lists OpenSearch builds from sets come in no
// fixed order from one start of the JVM to the next, and are compared sorted; anything else must match.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sameAnswer } from '../conformance/corpus';

void describe('recorded answers', () => {
  void it('compare the lists OpenSearch builds from sets in any order', () => {
    const interval = (list: string) => ({ status: 400, reasons: [`minimum_interval must be one of [[${list}]]`] });
    assert.ok(sameAnswer(interval('year, minute, day'), interval('day, year, minute')));
    const methods = (list: string) => ({ status: 405, reasons: [`allowed: [${list}]`] });
    assert.ok(sameAnswer(methods('GET, POST'), methods('POST, GET')));
  });

  void it('still tell different answers apart', () => {
    assert.ok(
      !sameAnswer({ status: 400, reasons: ['one of [[a, b]]'] }, { status: 400, reasons: ['one of [[a, c]]'] }),
    );
    assert.ok(!sameAnswer({ status: 400 }, { status: 200 }));
  });
});
