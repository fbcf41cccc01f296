import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { indexJson, JsonSyntaxError, type JsonNode } from '../../../client/src/core/jsonIndex';

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
