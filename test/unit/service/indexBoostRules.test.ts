// What the connected cluster's indexes decide of `indices_boost` (docs/opensearch/search.md#indices_boost): a name
// that is no index or alias there (cluster.no-matching-index, information), and a boost Lucene refuses for every index
// the search reaches (cluster.index-boost).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import type { LanguageId } from '../../../server/src/service/documentStore';
import { javaFloatText } from '../../../server/src/service/validate/values';
import { diagnoseOnCluster } from './harness';

const STATE: ClusterStateParams = {
  clusterName: 'boosted',
  indices: [
    { name: 'logs-1', aliases: ['logs'], fields: [{ name: 'kw', type: 'keyword' }] },
    { name: 'logs-2', aliases: ['logs'], fields: [{ name: 'kw', type: 'keyword' }] },
    { name: 'metrics', aliases: [], fields: [{ name: 'kw', type: 'keyword' }] },
  ],
};

/** The indices_boost findings of a document, as [severity, code, message, the text they stand on]. */
function findings(text: string, language: LanguageId = 'search', state: ClusterStateParams | null = STATE) {
  const lines = text.split('\n');
  return diagnoseOnCluster(language, text, state)
    .filter((d) => d.code === 'cluster.index-boost' || d.message.includes('in indices_boost matches'))
    .map((d) => [
      d.severity,
      d.code,
      d.message,
      lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character),
    ]);
}

const search = (path: string, boosts: string): string => `POST ${path}\n{"indices_boost": ${boosts}}\n`;
const refused = (boost: string): [number, string, string, string] => [
  1,
  'cluster.index-boost',
  `boost must be a positive float, got ${boost}`,
  '',
];

void describe('indices_boost against the cluster', () => {
  void it('says a name that is no index or alias there, as information on the name', () => {
    assert.deepEqual(findings(search('/logs-1/_search', '[{"nosuch": 2}]')), [
      [
        3,
        'cluster.no-matching-index',
        '[nosuch] in indices_boost matches no index or alias on cluster [boosted]: there the search is refused with no such index [nosuch].',
        '"nosuch"',
      ],
    ]);
    // One expression: a comma or a leading `-` is part of the name; names are compared exactly.
    for (const name of ['logs-1,logs-2', '-logs-1', 'LOGS-1']) {
      assert.equal(findings(search('/logs-1/_search', `[{"${name}": 2}]`)).length, 1, name);
    }
    // The deprecated object form names indexes too.
    assert.equal(findings(search('/logs-1/_search', '{"nosuch": 2}')).length, 1);
  });

  void it('takes wildcards, aliases and date math, and skips missing names with ignore_unavailable', () => {
    for (const boosts of ['[{"nosuch*": 2}]', '[{"logs": 2}]', '[{"_all": 2}]', '[{"<logs-{now/d}>": 2}]']) {
      assert.deepEqual(findings(search('/logs-1/_search', boosts)), [], boosts);
    }
    assert.deepEqual(findings(search('/logs-1/_search?ignore_unavailable=true', '[{"nosuch": 2}]')), []);
    assert.deepEqual(
      findings('{"index": "logs-1", "ignore_unavailable": true}\n{"indices_boost": [{"nosuch": 2}]}\n', 'msearch'),
      [],
    );
    // Nothing without a cluster.
    assert.deepEqual(findings(search('/logs-1/_search', '[{"nosuch": 2}]'), 'search', null), []);
  });

  void it('refuses a boost below zero when every index the search reaches has one, in the shards words', () => {
    const at = (result: unknown[][]): unknown[][] => result.map((f) => [...f.slice(0, 3), '']);
    assert.deepEqual(at(findings(search('/logs-1/_search', '[{"logs-1": -1}]'))), [refused('-1.0')]);
    assert.deepEqual(at(findings(search('/logs/_search', '[{"logs*": -0.5}]'))), [refused('-0.5')]);
    assert.deepEqual(at(findings(search('/logs-1/_search', '[{"logs": -1e-7}]'))), [refused('-1.0E-7')]);
    assert.deepEqual(at(findings(search('/logs-1/_search', '[{"logs-1": -0.0}]'))), [refused('-0.0')]);
    assert.deepEqual(at(findings(search('/logs-1/_search', '[{"logs-1": 1e39}]'))), [refused('Infinity')]);
    // The first entry that names an index gives its boost.
    assert.deepEqual(at(findings(search('/logs-1/_search', '[{"logs*": -1}, {"logs-1": 2}]'))), [refused('-1.0')]);
    assert.deepEqual(findings(search('/logs-1/_search', '[{"logs-1": 2}, {"logs*": -1}]')), []);
    // The integer -0 is 0, and zero is a boost.
    assert.deepEqual(findings(search('/logs-1/_search', '[{"logs-1": -0}]')), []);
    assert.deepEqual(findings(search('/logs-1/_search', '[{"logs-1": 0}]')), []);
  });

  void it('says nothing of a boost while a name is missing, or some searched index has none', () => {
    // A missing name fails the search first.
    assert.deepEqual(
      findings(search('/logs-1/_search', '[{"nosuch": 1}, {"logs-1": -1}]')).map((f) => f[1]),
      ['cluster.no-matching-index'],
    );
    // metrics has no negative boost: its shards answer.
    assert.deepEqual(findings(search('/logs-1,metrics/_search', '[{"logs-1": -1}]')), []);
    // A boost for an index the search does not reach is never read.
    assert.deepEqual(findings(search('/metrics/_search', '[{"logs-1": -1}]')), []);
  });

  void it('is a failure of that search alone in _msearch', () => {
    const found = findings('{"index": "logs-1"}\n{"indices_boost": [{"logs-1": -1}]}\n', 'msearch');
    assert.deepEqual(
      found.map((f) => [f[0], f[1], f[3]]),
      [[2, 'cluster.index-boost', '-1']],
    );
  });

  void it("prints a boost as Java's Float.toString does", () => {
    for (const [n, text] of [
      [-1, '-1.0'],
      [-0.1, '-0.1'],
      [-2.5e-7, '-2.5E-7'],
      [16777217, '1.6777216E7'],
      [-1e-50, '-0.0'],
      [1e39, 'Infinity'],
    ] as const) {
      assert.equal(javaFloatText(n), text, String(n));
    }
  });
});
