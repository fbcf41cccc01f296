import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose, expectDiagnostic, expectNo } from './harness';

const E = 1;

void describe('dot segments in request paths', () => {
  for (const [written, segment] of [
    ['GET «..»/admin\n', '..'],
    ['GET /logs/«.»/_search\n', '.'],
    ['GET /logs/«%2e%2e»/_search\n', '..'],
    ['GET /«%2E.»/_cluster/health\n', '..'],
    ['GET /logs/«.%2E»\n', '..'],
  ] as const) {
    void it(`reports ${written.trim()} as an Error on the segment`, () => {
      const d = expectDiagnostic('search', written, { code: 'url.dot-segment', severity: E });
      assert.match(d.message, new RegExp(`"${segment.replace(/\./g, '\\.')}" path segment`));
    });
  }

  void it('reports each dot segment of a line', () => {
    const found = diagnose('search', 'GET /a/../b/../../c\n').filter((d) => d.code === 'url.dot-segment');
    assert.equal(found.length, 3);
  });

  void it('leaves names with dots alone', () => {
    expectNo('search', 'GET /.kibana/_search\n', 'url.dot-segment');
    expectNo('search', 'GET /logs.../_search\n', 'url.dot-segment');
    expectNo('search', 'GET /...,logs/_search\n', 'url.dot-segment');
    expectNo('search', 'GET /_search?q=../x\n', 'url.dot-segment');
  });
});
