import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import {
  indexJson,
  JsonIndex,
  JsonSyntaxError,
  SPARSE_PREFIX,
  type JsonNode,
} from '../../../client/src/core/jsonIndex';

function bytes(text: string): Uint8Array {
  return Buffer.from(text, 'utf8');
}

/** Rebuilds the value through the index only (no JSON.parse of containers). */
function rebuild(node: JsonNode): unknown {
  if (node.kind === 'array') return node.children().map(rebuild);
  if (node.kind === 'object') {
    // As JSON.parse does: own properties, `__proto__` included (an assignment would set the prototype instead).
    return Object.fromEntries(node.children().map((child) => [child.key!, rebuild(child)]));
  }
  return node.value();
}

void describe('JsonIndex', () => {
  void it('navigates keys and positions, at any depth (shallow containers indexed on demand)', () => {
    const root = indexJson(bytes('{"a": [1, {"b": {"c": {"d": {"e": "deep \\"x\\" é"}}}}], "k\\u00e9y": null}'), 2);
    assert.equal(root.find(['a', 1, 'b', 'c', 'd', 'e'])?.value(), 'deep "x" é');
    assert.equal(root.get('kéy')?.kind, 'null');
    assert.equal(root.get('a')?.childCount(), 2);
    assert.equal(root.find(['a', 5]), undefined);
  });

  void it('gives the same values as JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 6 }), fc.integer({ min: 1, max: 6 }), (value, depth) => {
        const text = JSON.stringify(value, null, depth % 2 === 0 ? 2 : undefined);
        const root = indexJson(bytes(text), depth);
        assert.deepEqual(rebuild(root), JSON.parse(text));
      }),
      { numRuns: 300 },
    );
  });

  void it('says when the text ends early', () => {
    for (const text of ['{"a": [1, 2', '{"a": "unterminated', '', '  ', '{"a": 1', '[1, {"b": tr']) {
      assert.throws(
        () => indexJson(bytes(text)),
        (error: unknown) => error instanceof JsonSyntaxError && error.truncated,
        text,
      );
    }
  });

  void it('rejects what is not JSON', () => {
    for (const text of ['<html>', '{"a" 1}', '{"a": 1}}', '[1 2]', '{a: 1}']) {
      assert.throws(
        () => indexJson(bytes(text)),
        (error: unknown) => error instanceof JsonSyntaxError && !error.truncated,
        text,
      );
    }
  });
});

void describe('JsonIndex of long arrays', () => {
  const items = (n: number): string => Array.from({ length: n }, (_, i) => `{"n":${i},"s":"x,]\\"${i}"}`).join(',');

  void it('indexes the first items only, and the others a chunk at a time when shown', () => {
    const text = `{"hits":{"hits":[${items(SPARSE_PREFIX * 3 + 17)}]},"after":true}`;
    const index = JsonIndex.build(bytes(text));
    // The prefix and the containers around it, not the items beyond it.
    assert.ok(index.size <= SPARSE_PREFIX * 3 + 4, `${index.size} values indexed`);
    const root = index.node(0);
    const hits = root.find(['hits', 'hits'])!;
    assert.equal(hits.childCount(), SPARSE_PREFIX * 3 + 17);
    assert.equal(root.get('after')?.value(), true);
    const across = hits.children(SPARSE_PREFIX - 2, 5).map((node) => node.get('n')?.value());
    assert.deepEqual(across, [
      SPARSE_PREFIX - 2,
      SPARSE_PREFIX - 1,
      SPARSE_PREFIX,
      SPARSE_PREFIX + 1,
      SPARSE_PREFIX + 2,
    ]);
    const last = hits.children(SPARSE_PREFIX * 3 + 10, 50);
    assert.equal(last.length, 7);
    assert.equal(last[6]?.get('s')?.value(), `x,]"${SPARSE_PREFIX * 3 + 16}`);
    assert.equal(root.find(['hits', 'hits', 4321, 'n'])?.value(), 4321);
    assert.deepEqual(JSON.parse(hits.raw()), JSON.parse(`[${items(SPARSE_PREFIX * 3 + 17)}]`));
  });

  void it('gives back the same values as JSON.parse, long arrays at any depth included', () => {
    const long = fc.array(fc.oneof(fc.integer(), fc.string(), fc.array(fc.integer(), { maxLength: 3 })), {
      minLength: SPARSE_PREFIX - 3,
      maxLength: SPARSE_PREFIX + 2500,
    });
    fc.assert(
      fc.property(long, fc.boolean(), (array, nested) => {
        const value = nested ? { a: { b: [array, 1] } } : array;
        assert.deepEqual(rebuild(indexJson(bytes(JSON.stringify(value)))), value);
      }),
      { numRuns: 20 },
    );
  });

  void it('reports a long array cut off, or broken, in its unindexed part', () => {
    const cut = `[${items(SPARSE_PREFIX + 50)}`;
    assert.throws(
      () => indexJson(bytes(cut)),
      (error) => error instanceof JsonSyntaxError && error.truncated,
    );
    const broken = `[${items(SPARSE_PREFIX + 5)},,1]`;
    assert.throws(
      () => indexJson(bytes(broken)),
      (error) => error instanceof JsonSyntaxError && !error.truncated,
    );
  });
});
