// What the fast paths of validation keep: a walk skipped when the body cannot name what it looks for gives the same
// diagnostics as the full walk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
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
    // The name's tail (`hits`) is looked for first: other names ending like it are not taken for it.
    assert.equal(JsonSegment.parse('{"hits":1,"track_total_hits":true}').mayHoldKey('inner_hits'), false);
    assert.equal(JsonSegment.parse('{"track_total_hits":true,"q":{"inner_hits":{}}}').mayHoldKey('inner_hits'), true);
    assert.equal(JsonSegment.parse('{"x":"inner_hit"}').mayHoldKey('inner_hits'), false);
    assert.equal(JsonSegment.parse('{"nested":{}}').mayHoldKey('nested'), true);
  });

  void it('knows exactly whether a member is named inner_hits once the members were counted', () => {
    // Counted (two members or more): the walk saw every name, escapes read, and a value is not a name.
    assert.equal(JsonSegment.parse('{"q":{"nested":{"inner_hits":{"size":1}}}}').mayHoldInnerHits(), true);
    assert.equal(JsonSegment.parse('{"q":{"nested":{"inner\\u005fhits":{"size":1}}}}').mayHoldInnerHits(), true);
    assert.equal(JsonSegment.parse('{"q":{"match":{"f":"inner_hits"}}}').mayHoldInnerHits(), false);
    assert.equal(JsonSegment.parse('{"q":{"match_all":{}},"size":0}').mayHoldInnerHits(), false);
    // Not counted (one colon at most): the text answers.
    assert.equal(JsonSegment.parse('{"inner_hits":{}}').mayHoldInnerHits(), true);
    assert.equal(JsonSegment.parse('{"size":1}').mayHoldInnerHits(), false);
    // Texts JSON.parse refuses (comments) are read by the slow path: the text answers there too.
    assert.equal(JsonSegment.parse('{"q":{"nested":{"inner_hits":{}}}} // c').mayHoldInnerHits(), true);
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
});

void describe('console strings in .msearch lines', () => {
  function codes(text: string): string[] {
    return diagnose('msearch', text).map((d) => `${d.range.start.line}:${String(d.code)}`);
  }

  void it('finds """ strings wherever JSON.parse cannot read the line whole', () => {
    // After a whole object, as a value, in a header: each is console syntax, not JSON.
    assert.ok(codes('{}\n{"query":{"match_all":{}}} """x"""\n').includes('1:msearch.triple-quoted-string'));
    assert.ok(codes('{}\n{"query":{"match":{"f":"""a b"""}}}\n').includes('1:msearch.triple-quoted-string'));
    assert.ok(codes('{"index":"""logs"""}\n{}\n').includes('0:msearch.triple-quoted-string'));
    assert.deepEqual(codes('{"index":"logs"}\n{"query":{"match":{"f":"a \\"\\"\\" b"}}}\n'), []);
  });
});
