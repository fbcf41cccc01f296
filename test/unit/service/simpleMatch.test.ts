// Wildcards in node filters and index patterns: OpenSearch's Regex.simpleMatch, matched without backtracking.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_PATTERN_LENGTH, simpleMatch } from '../../../server/src/protocol/simpleMatch';
import { DocumentStore } from '../../../server/src/service/documentStore';
import { evaluateNodeFilter } from '../../../server/src/service/nodes/evaluate';
import { CLUSTER_STATE, connected } from './clusterFixture';
import { hover } from '../../../server/src/service/hover/index';
import { open, positionAt, withCursor } from './cursorText';

/** What `*` means, written the slow and obvious way: a table of which prefixes match which prefixes. */
function reference(pattern: string, value: string): boolean {
  let row = new Array<boolean>(value.length + 1).fill(false);
  row[0] = true;
  for (const p of pattern) {
    const next = new Array<boolean>(value.length + 1).fill(false);
    for (let j = 0; j <= value.length; j++) {
      if (p === '*') next[j] = row[j]! || (j > 0 && next[j - 1]!);
      else next[j] = j > 0 && row[j - 1]! && value[j - 1] === p;
    }
    row = next;
  }
  return row[value.length]!;
}

/** A small deterministic generator, so that a failure can be replayed. */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1103515245) + 12345) & 0x7fffffff;
    return s / 0x80000000;
  };
}

/** The time budget of one hostile case: generous, where the regular expression took minutes. */
const HOSTILE = { timeout: 10_000 };
const STARS = `${'*'.repeat(20)}x`;

void describe('simpleMatch', () => {
  void it('reads * as any run of characters and nothing else as special', () => {
    const cases: [string, string, boolean][] = [
      ['logs-*', 'logs-2024.01.01', true],
      ['logs-*', 'logs-', true],
      ['logs-*', 'log', false],
      ['*-1', 'data-1', true],
      ['*-1', 'data-2', false],
      ['*a*', 'data', true],
      ['d*t*a', 'data', true],
      ['d*t*a', 'dat', false],
      ['a*a', 'a', false],
      ['a*a', 'aa', true],
      ['ab*ba', 'aba', false],
      ['*', '', true],
      ['**', 'x', true],
      ['', '', true],
      ['data-?', 'data-1', false],
      ['data-?', 'data-?', true],
      ['10.0.0.*', '10.0.0.12', true],
      ['10.0.0.*', '10a0b0c12', false],
      ['(a+)+*', '(a+)+b', true],
      ['[ab]*', 'a', false],
      ['x*\ny', 'x\ny', true],
      ['Data-*', 'data-1', false],
    ];
    for (const [pattern, value, expected] of cases) {
      assert.equal(simpleMatch(pattern, value), expected, `${pattern} against ${value}`);
    }
  });

  void it('agrees with the definition on generated patterns', () => {
    const random = generator(13);
    const pick = (alphabet: string, max: number): string => {
      let out = '';
      const n = Math.floor(random() * (max + 1));
      for (let i = 0; i < n; i++) out += alphabet.charAt(Math.floor(random() * alphabet.length));
      return out;
    };
    for (let i = 0; i < 5000; i++) {
      const pattern = pick('ab*', 7);
      const value = pick('ab', 9);
      assert.equal(simpleMatch(pattern, value), reference(pattern, value), `${pattern} against ${value}`);
    }
  });

  void it('matches many stars against a long value at once', HOSTILE, () => {
    const value = 'a'.repeat(2000);
    assert.equal(simpleMatch(`${'*a'.repeat(1000)}*b`, value), false);
    assert.equal(simpleMatch(`${'*a'.repeat(1000)}*`, value), true);
    assert.equal(simpleMatch(`${'*'.repeat(MAX_PATTERN_LENGTH - 1)}x`, `${value}x`), true);
  });

  void it('matches nothing with a pattern longer than the cap', () => {
    assert.equal(simpleMatch(`${'*'.repeat(MAX_PATTERN_LENGTH)}x`, 'x'), false);
    const name = 'n'.repeat(MAX_PATTERN_LENGTH + 10);
    assert.equal(simpleMatch(name, name), true, 'a name without wildcards is compared as it is');
  });
});

void describe('hostile wildcards with a connected cluster', () => {
  void it('checks `GET _nodes/<20 stars>x/stats` and its hover at once', HOSTILE, () => {
    const store = new DocumentStore();
    store.cluster.update(CLUSTER_STATE);
    const uri = 'file:///stars.search';
    const text = `GET _nodes/${STARS}/stats\n`;
    store.open(uri, 'search', 1, text);
    assert.ok(Array.isArray(store.diagnostics(uri)));
    const marked = `GET _nodes/${STARS.slice(0, 5)}|${STARS.slice(5)}/stats\n`;
    const { text: hoverTextSource, offset } = withCursor(marked);
    const result = hover(open(hoverTextSource, 'search'), positionAt(hoverTextSource, offset), connected());
    assert.ok(result !== null);
    assert.match(JSON.stringify(result.contents), /selects none of the 3 nodes/);
  });

  void it('evaluates the node filter the Tasks view is given at once', HOSTILE, () => {
    const result = evaluateNodeFilter(STARS, connected());
    assert.deepEqual(result.selected, []);
    assert.equal(evaluateNodeFilter('*-*', connected()).selected?.length, 3);
  });

  void it('resolves an index pattern of many stars at once', HOSTILE, () => {
    const cluster = connected();
    assert.deepEqual(cluster.resolveIndexExpression(`${'*'.repeat(30)}x`), []);
    assert.deepEqual(cluster.resolveIndexExpression(`l${'*'.repeat(30)}1`), ['logs-2024.01.01']);
  });
});
