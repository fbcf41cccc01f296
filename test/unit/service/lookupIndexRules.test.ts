// What the connected cluster's indexes say of a terms lookup's index (cluster.no-matching-index, information): the
// lookup's get request names one index or alias, and fails the search when there is none.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import type { LanguageId } from '../../../server/src/service/documentStore';
import { diagnoseOnCluster } from './harness';

const STATE: ClusterStateParams = {
  clusterName: 'lookups',
  indices: [
    { name: 'users-1', aliases: ['users'], fields: [{ name: 'kw', type: 'keyword' }] },
    { name: 'logs', aliases: [], fields: [{ name: 'kw', type: 'keyword' }] },
  ],
};

/** The diagnostics of a document as [severity, code, the text they stand on]. */
function findings(text: string, language: LanguageId = 'search', state: ClusterStateParams | null = STATE) {
  const lines = text.split('\n');
  return diagnoseOnCluster(language, text, state).map((d) => [
    d.severity,
    d.code,
    lines[d.range.start.line]!.slice(d.range.start.character, d.range.end.character),
  ]);
}

const lookup = (index: string, rest = '"id":"1"'): string =>
  `POST /logs/_search\n{"query":{"bool":{"filter":[{"terms":{"kw":{"index":"${index}",${rest},"path":"kw"}}}]}}}\n`;

void describe('a terms lookup against the cluster', () => {
  void it('says an index that is no index or alias there, as information on the name', () => {
    const found = findings(lookup('nosuch'));
    assert.deepEqual(found, [[3, 'cluster.no-matching-index', '"nosuch"']]);
    assert.equal(
      diagnoseOnCluster('search', lookup('nosuch'), STATE)[0]!.message,
      '[nosuch] in a terms lookup matches no index or alias on cluster [lookups]: there the search is refused with no such index [nosuch].',
    );
  });

  void it('takes an index or an alias, and leaves alone what it cannot resolve or a lookup by query', () => {
    for (const index of ['logs', 'users', 'users-1', '<logs-{now/d}>', 'other:logs']) {
      assert.deepEqual(findings(lookup(index)), [], index);
    }
    assert.deepEqual(findings(lookup('nosuch', '"query":{"match_all":{}}')), []);
    // Without a cluster, nothing is known of the name.
    assert.deepEqual(findings(lookup('nosuch'), 'search', null), []);
  });

  void it('leaves a name no index can have to the check without a cluster, an Error', () => {
    assert.deepEqual(findings(lookup('user*')), [[1, 'query.invalid-value', '"user*"']]);
  });

  void it('says it of each search of an _msearch', () => {
    const text = `{"index":"logs"}\n{"query":{"terms":{"kw":{"index":"nosuch","id":"1","path":"kw"}}}}\n`;
    assert.deepEqual(findings(text, 'msearch'), [[3, 'cluster.no-matching-index', '"nosuch"']]);
  });
});
