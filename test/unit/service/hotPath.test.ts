// What the fast paths of validation keep: a walk skipped when the body cannot name what it looks for gives the same
// diagnostics as the full walk.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseTree, type Node } from 'jsonc-parser';
import { random } from '../../../bench/generateMsearch';
import { JsonSegment } from '../../../server/src/service/json/jsonSegment';
import { ValuePath } from '../../../server/src/service/json/valuePath';
import { makeTarget } from '../../../server/src/service/target';
import { AGGREGATIONS } from '../../../server/src/spec/aggregations';
import { validateAggregations } from '../../../server/src/service/validate/aggregations';
import { checkAggregationStructure } from '../../../server/src/service/validate/aggregationStructure';
import { JsonCheck } from '../../../server/src/service/validate/jsonCheck';
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

/** What the two walks over a body's aggregations say of it: whether the first calls for the second, and what it reports. */
function aggregationWalks(aggs: unknown): { mayReport: boolean; reported: string[] } {
  const segment = JsonSegment.parse(JSON.stringify({ aggs }));
  const value = (segment.value as { aggs: Record<string, unknown> }).aggs;
  const at = ValuePath.ROOT.child('aggs');
  const locate = (offset: number): { line: number; column: number } => ({ line: 1, column: offset + 1 });
  const mayReport = validateAggregations(new JsonCheck(segment, [], locate, TARGET), at, value);
  const structure = new JsonCheck(segment, [], locate, TARGET);
  checkAggregationStructure(structure, at, value, undefined);
  return { mayReport, reported: structure.issues.map((i) => `${i.code}: ${i.message}`) };
}

void describe('aggregation structure walk', () => {
  void it('is skipped only for trees it reports nothing of, over every type as parent and child', () => {
    const types = [...new Set([...AGGREGATIONS.map((a) => a.name), 'not_a_type'])];
    const bodies = [{}, { buckets_path: 'a' }];
    const sub = { aggs: { leaf: { avg: { field: 'n' } } } };
    let reported = 0;
    let skipped = 0;
    const walk = (aggs: unknown): void => {
      const { mayReport, reported: found } = aggregationWalks(aggs);
      if (found.length > 0) {
        reported++;
        assert.ok(mayReport, `${JSON.stringify(aggs)} skipped, but reports ${found.join('; ')}`);
      }
      if (!mayReport) skipped++;
    };
    for (const type of types) {
      for (const body of bodies) {
        walk({ a: { [type]: body } });
        walk({ a: { [type]: body, ...sub } });
        // The structure rules read the first member besides meta and the sub-aggregations, whatever it holds.
        walk({ a: { meta: {}, x: 1, [type]: body } });
        for (const parent of types) {
          walk({ p: { [parent]: {}, aggs: { a: { [type]: body } } } });
          walk({ p: { [parent]: {}, aggregations: { a: { [type]: body, ...sub } } } });
        }
      }
    }
    // Both answers are many: the comparison means something either way.
    assert.ok(reported > 1_000 && skipped > 1_000, `${reported} reported, ${skipped} skipped`);
  });

  void it('skips the trees of common searches, and walks a pipeline', () => {
    const common = {
      by_key: { terms: { field: 'env', size: 7 }, aggs: { avg_value: { avg: { field: 'bytes' } } } },
      over_time: {
        date_histogram: { field: '@timestamp', fixed_interval: '16m' },
        aggs: { p95: { percentiles: { field: 'duration_ms', percents: [95] } } },
      },
    };
    assert.deepEqual(aggregationWalks(common), { mayReport: false, reported: [] });
    const pipeline = { ...common, total: { sum_bucket: { buckets_path: 'by_key>avg_value' } } };
    assert.equal(aggregationWalks(pipeline).mayReport, true);
    const misplaced = { t: { terms: { field: 'env' }, aggs: { g: { global: {} } } } };
    const walked = aggregationWalks(misplaced);
    assert.equal(walked.mayReport, true);
    assert.equal(walked.reported.length, 1);
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

  void it('finds every key written twice as a walk of the whole tree does, over random texts', () => {
    // Names and strings with colons at every place (after a letter, after a string's opening quote, escaped), and
    // whitespace before and after the colons of members: what the counts that prove "no duplicate" rest on.
    const next = random(16);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const names = ['a', 'b', 'size', ':', 'a:b', '"q"'];
    const strings = ['x', '12:00', 'https://x', ':', ':a', '\\":', 'a\\u003ab', '"'];
    const space = (): string => (next() < 0.7 ? '' : pick([' ', '\t', '\n', '  ']));
    const value = (depth: number): string => {
      const roll = next();
      if (depth > 3 || roll < 0.3) return next() < 0.5 ? JSON.stringify(pick(strings)) : String(Math.floor(next() * 9));
      const count = Math.floor(next() * 4);
      const items: string[] = [];
      for (let i = 0; i < count; i++) {
        items.push(
          roll < 0.5
            ? space() + value(depth + 1) + space()
            : `${space()}${JSON.stringify(pick(names))}${space()}:${space()}${value(depth + 1)}${space()}`,
        );
      }
      return roll < 0.5 ? `[${items.join(',')}]` : `{${items.join(',')}}`;
    };
    const duplicated = (node: Node | undefined): boolean => {
      if (node?.type === 'array') return node.children!.some(duplicated);
      if (node?.type !== 'object') return false;
      const seen = new Set<unknown>();
      for (const member of node.children!) {
        const name = member.children![0]!.value as unknown;
        if (seen.has(name) || duplicated(member.children![1])) return true;
        seen.add(name);
      }
      return false;
    };
    let texts = 0;
    let withDuplicates = 0;
    for (let i = 0; i < 20_000; i++) {
      const text = value(0);
      if (!text.startsWith('{')) continue;
      texts++;
      const expected = duplicated(parseTree(text));
      if (expected) withDuplicates++;
      const found = JsonSegment.parse(text).problems.some((p) => p.kind === 'duplicate-key');
      assert.equal(found, expected, text);
    }
    // Both kinds are many: the comparison means something either way.
    assert.ok(texts > 5_000 && withDuplicates > 1_000 && texts - withDuplicates > 1_000, `${texts} ${withDuplicates}`);
  });
});
