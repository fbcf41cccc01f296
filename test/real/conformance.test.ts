// The conformance corpus against real OpenSearch: every case is sent again and what the server answers (status,
// error type, reasons) must be what the corpus recorded for this version. A change means OpenSearch changed (or the
// corpus is stale): re-record with `npm run conformance:record` and look at what the replay test then says.
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { readPlugins } from '../../client/src/core/clusterState';
import {
  ask,
  leavesTaskBehind,
  prepareIndex,
  readCorpus,
  removeConformanceState,
  sameAnswer,
} from '../conformance/corpus';
import { CONFORMANCE_PLUGINS } from '../conformance/setup';
import { realCluster } from './realEnv';

/**
 * The "allowed: [...]" list of a 405 comes from a set of methods whose order differs from one start of OpenSearch to
 * the next (2.19.1 has answered both `[POST, GET]` and `[GET, POST]`): compared as a set.
 */

void describe('conformance corpus: real OpenSearch still answers what was recorded', () => {
  const cluster = realCluster();
  // The index and the search pipelines are this test's own: the tests after it find the cluster with the sample
  // data alone.
  after(async () => {
    await removeConformanceState(cluster.url);
  });

  // The replay tells the language server that the cluster has these plugins (the analyzer rule depends on them): they
  // must be what this version lists, read as the extension reads them.
  void it(`OpenSearch ${cluster.version} lists the plugins the replay gives the language server`, async () => {
    const answer = await fetch(`${cluster.url}/_nodes/plugins?filter_path=nodes.*.name,nodes.*.plugins.name`);
    assert.deepEqual(readPlugins(await answer.json()), [...(CONFORMANCE_PLUGINS[cluster.version] ?? [])].sort());
  });

  void it(`OpenSearch ${cluster.version} answers every case as recorded`, async () => {
    const corpus = readCorpus();
    // A case that would leave its task on the cluster is not sent again: the tests after this one read the task list.
    const recorded = corpus.filter((c) => c.answers[cluster.version] !== undefined && !leavesTaskBehind(c));
    assert.ok(recorded.length >= 1500, `${recorded.length} cases recorded for ${cluster.version}`);
    await prepareIndex(cluster.url);
    const changed: string[] = [];
    for (const c of recorded) {
      const answer = await ask(cluster.url, c);
      const before = c.answers[cluster.version]!;
      if (!sameAnswer(answer, before)) {
        changed.push(`${c.id}: recorded ${JSON.stringify(before)}, now ${JSON.stringify(answer)}`);
      }
    }
    assert.deepEqual(changed, []);
  });
});
