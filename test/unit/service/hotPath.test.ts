// What the fast paths of validation keep: the shortcuts (header findings shared across documents, a walk skipped when
// the body cannot name what it looks for) give the same diagnostics as the full work.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { JsonSegment } from '../../../server/src/service/json/jsonSegment';
import { makeTarget } from '../../../server/src/service/target';
import { diagnose } from './harness';

const TARGET = makeTarget({ version: '3.8.0', source: 'setting' });

function errors(body: string): string[] {
  return diagnose('search', `POST /conformance/_search\n${body}\n`, TARGET)
    .filter((d) => d.severity === 1)
    .map((d) => `${String(d.code)}: ${d.message}`);
}

void describe('validation fast paths', () => {
  void it('tells which member names a body may hold, escapes included', () => {
    assert.equal(JsonSegment.parse('{"query":{"inner_hits":{}}}').mayHoldKey('inner_hits'), true);
    assert.equal(JsonSegment.parse('{"query":{"inner\\u005fhits":{}}}').mayHoldKey('inner_hits'), true);
    assert.equal(JsonSegment.parse('{"query":{"match_all":{}}}').mayHoldKey('inner_hits'), false);
  });

  void it('checks inner hits written with escapes like the plain ones', () => {
    const plain = '{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"from":95,"size":10}}}}';
    const escaped = plain.replace('"inner_hits"', '"inner\\u005fhits"');
    const found = errors(escaped).filter((e) => e.startsWith('search.inner-hits-window'));
    assert.equal(found.length, 1);
    assert.deepEqual(
      found,
      errors(plain).filter((e) => e.startsWith('search.inner-hits-window')),
    );
    assert.deepEqual(
      errors('{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner\\u005fhits":{"from":1}}}}'),
      [],
    );
  });

  void it('gives each document the findings of a header another document had, on its own lines', () => {
    const store = new DocumentStore();
    const header = '{"index":"logs","unknown_key":1}';
    store.open('file:///a.msearch', 'msearch', 1, `${header}\n{}\n`);
    store.open('file:///b.msearch', 'msearch', 1, `{"index":"x"}\n{}\n${header}\n{}\n${header}\n{}\n`);
    const a = store.diagnostics('file:///a.msearch').filter((d) => d.code === 'msearch.unknown-metadata-key');
    const b = store.diagnostics('file:///b.msearch').filter((d) => d.code === 'msearch.unknown-metadata-key');
    assert.deepEqual(
      a.map((d) => d.range.start.line),
      [0],
    );
    assert.deepEqual(
      b.map((d) => d.range.start.line),
      [2, 4],
    );
    assert.deepEqual(b[0]!.range.start, { line: 2, character: a[0]!.range.start.character });
    assert.equal(b[0]!.message, a[0]!.message);
    // Each document reads the same findings as a store of its own would.
    const alone = new DocumentStore();
    alone.open('file:///b.msearch', 'msearch', 1, `{"index":"x"}\n{}\n${header}\n{}\n${header}\n{}\n`);
    assert.deepEqual(store.diagnostics('file:///b.msearch'), alone.diagnostics('file:///b.msearch'));
  });
});
