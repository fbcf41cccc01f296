// The connected cluster's limit settings, sent with the cluster state, replace the defaults in the checks and in
// their messages; without them (or once the state is cleared) the messages say the limit is the default.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { makeTarget } from '../../../server/src/service/target';
import { ITEM_FAILURE_NOTE } from '../../../server/src/service/validate/msearchItems';
import { assertRegistered } from './harness';

const HISTOGRAM = '{"aggs":{"h":{"histogram":{"field":"num","interval":1,"extended_bounds":{"min":0,"max":199}}}}}';
const TEXTS: Record<LanguageId, string> = {
  search: `POST /conformance/_search\n${HISTOGRAM}\n`,
  msearch: `{"index":"conformance"}\n${HISTOGRAM}\n`,
};

/** What makes the search fail: its Errors, and in an `_msearch` the Warnings that say only that search fails. */
function errors(store: DocumentStore, language: LanguageId): string[] {
  const diagnostics = store.diagnostics(`file:///test.${language}`);
  assertRegistered(diagnostics);
  const item = (message: string): boolean => language === 'msearch' && message.endsWith(ITEM_FAILURE_NOTE);
  return diagnostics
    .filter((d) => d.severity === 1 || (d.severity === 2 && item(d.message)))
    .map((d) => `${String(d.code)}: ${item(d.message) ? d.message.slice(0, -ITEM_FAILURE_NOTE.length) : d.message}`);
}

void describe("the cluster's own limits", () => {
  for (const language of ['search', 'msearch'] as const) {
    void it(`a lowered search.max_buckets changes the diagnostic and its message (${language})`, () => {
      const store = new DocumentStore();
      store.open(`file:///test.${language}`, language, 1, TEXTS[language]);
      assert.deepEqual(errors(store, language), []);

      store.updateCluster({ clusterName: 'c', limits: { 'search.max_buckets': 100 } });
      const [message, ...rest] = errors(store, language);
      assert.deepEqual(rest, []);
      assert.equal(
        message,
        'aggs.too-many-buckets: Trying to create too many buckets. Must be less than or equal to: [100] but was [200]. This limit can be set by changing the [search.max_buckets] cluster level setting.',
      );

      // A target told later keeps the cluster's limits.
      store.setTarget(makeTarget({ version: '2.19.1', source: 'cluster' }));
      assert.equal(errors(store, language).length, 1);

      store.updateCluster({ clear: true });
      assert.deepEqual(errors(store, language), []);
    });
  }

  void it('says the limit is the default for each limit the cluster did not tell', () => {
    const store = new DocumentStore();
    const text =
      'POST /conformance/_search?scroll=1m\n{"slice":{"id":0,"max":1025},"aggs":{"h":{"histogram":{"field":"num","interval":1,"extended_bounds":{"min":0,"max":199}}}}}\n';
    store.open('file:///test.search', 'search', 1, text);
    store.updateCluster({ limits: { 'search.max_buckets': 100 } });
    const found = errors(store, 'search');
    const buckets = found.find((e) => e.startsWith('aggs.too-many-buckets: '));
    const slices = found.find((e) => e.startsWith('search.slice-limit: '));
    assert.ok(buckets !== undefined && !buckets.includes('default'), JSON.stringify(found));
    assert.ok(
      slices?.endsWith('(This is the default limit: no connected cluster told its own.)'),
      JSON.stringify(found),
    );
  });

  void it('raises a limit: what the default refuses, a cluster that allows more accepts', () => {
    const store = new DocumentStore();
    store.open('file:///test.search', 'search', 1, 'GET /conformance/_search\n{"from":9000,"size":2000}\n');
    const [before] = errors(store, 'search');
    assert.match(before!, /^search\.result-window: .*\[10000\] but was \[11000\].*This is the default limit/);
    store.updateCluster({ limits: { 'index.max_result_window': 20000 } });
    assert.deepEqual(errors(store, 'search'), []);
    store.updateCluster({ limits: { 'index.max_result_window': 5000, 'search.max_buckets': -1 } });
    const [after] = errors(store, 'search');
    assert.match(after!, /\[5000\] but was \[11000\]/);
    assert.doesNotMatch(after!, /default/);
  });
});
