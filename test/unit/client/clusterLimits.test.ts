// The cluster's limit settings, read with the cluster state: from the answers' shapes, and from the local cluster over
// HTTP with the very requests the extension sends.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import {
  ClusterStateTracker,
  fetchLimits,
  readAnalyzers,
  readDefaultFields,
  readLimits,
  readPlugins,
} from '../../../client/src/core/clusterState';

void describe('cluster limits', () => {
  void it('takes transient over persistent over defaults, nested or flat', () => {
    const limits = readLimits(
      {
        persistent: { search: { max_buckets: '20000' } },
        transient: { 'search.max_buckets': '1000' },
        defaults: { search: { max_buckets: '65535' }, indices: { query: { bool: { max_clause_count: '1024' } } } },
      },
      undefined,
    );
    assert.deepEqual(limits, { 'search.max_buckets': 1000, 'indices.query.bool.max_clause_count': 1024 });
  });

  void it("takes each index's own value over its default, and the largest over all indexes", () => {
    const limits = readLimits(undefined, {
      a: { settings: { index: { max_result_window: '50000' } }, defaults: { index: { max_result_window: '10000' } } },
      b: { defaults: { index: { max_result_window: '10000', max_regex_length: '1000' } } },
      c: { settings: { 'index.max_regex_length': '5' } },
    });
    assert.deepEqual(limits, { 'index.max_result_window': 50000, 'index.max_regex_length': 1000 });
  });

  void it('leaves out what is not a whole number', () => {
    assert.deepEqual(readLimits({ defaults: { search: { max_buckets: '1e5' } } }, { a: 'x' }), {});
    assert.deepEqual(readLimits('nothing', []), {});
  });

  void it("reads each index's default fields, its own value over its default, nested or flat", () => {
    const fields = readDefaultFields({
      a: { defaults: { index: { query: { default_field: ['*'] } } } },
      b: { settings: { index: { query: { default_field: ['title', 'body'] } } }, defaults: { index: {} } },
      c: { settings: { 'index.query.default_field': 'title' } },
      d: { defaults: { index: { query: { default_field: [1] } } } },
      e: { defaults: {} },
    });
    assert.deepEqual(fields, { a: ['*'], b: ['title', 'body'], c: ['title'] });
    assert.deepEqual(readDefaultFields(undefined), {});
  });

  void it("reads each index's analyzer names, nested or flat, and none for an index that defines none", () => {
    const analyzers = readAnalyzers({
      a: {
        settings: { index: { analysis: { analyzer: { mine: { tokenizer: 'standard' }, other: { type: 'simple' } } } } },
      },
      b: { settings: { 'index.analysis.analyzer.flat.type': 'standard' }, defaults: {} },
      c: { defaults: { index: { max_result_window: '10000' } } },
    });
    assert.deepEqual(analyzers, { a: ['mine', 'other'], b: ['flat'], c: [] });
    assert.deepEqual(readAnalyzers(undefined), {});
  });

  void it("reads the nodes' plugins once each, a node without any too, and nothing from another answer", () => {
    assert.deepEqual(
      readPlugins({
        nodes: {
          n1: { name: 'a', plugins: [{ name: 'y' }, { name: 'x' }] },
          n2: { name: 'b', plugins: [{ name: 'x' }] },
          n3: { name: 'c' },
        },
      }),
      ['x', 'y'],
    );
    assert.deepEqual(readPlugins({ nodes: {} }), []);
    assert.equal(readPlugins({ error: 'no' }), undefined);
    assert.equal(readPlugins({ nodes: { n1: { plugins: 'x' } } }), undefined);
  });

  void it('sends the analyzers and the plugins once, and again only when they change', () => {
    const tracker = new ClusterStateTracker();
    assert.deepEqual(tracker.delta({ analyzers: { a: [] }, plugins: null }), { analyzers: { a: [] }, plugins: null });
    assert.equal(tracker.delta({ analyzers: { a: [] }, plugins: null }), undefined);
    assert.deepEqual(tracker.delta({ analyzers: { a: ['x'] }, plugins: ['p'] }), {
      analyzers: { a: ['x'] },
      plugins: ['p'],
    });
  });

  void it('sends the default fields once, and again only when they change', () => {
    const tracker = new ClusterStateTracker();
    assert.deepEqual(tracker.delta({ defaultFields: { a: ['*'] } }), { defaultFields: { a: ['*'] } });
    assert.equal(tracker.delta({ defaultFields: { a: ['*'] } }), undefined);
    assert.deepEqual(tracker.delta({ defaultFields: { a: ['x'] } }), { defaultFields: { a: ['x'] } });
  });

  void it('sends the limits once, and again only when they change', () => {
    const tracker = new ClusterStateTracker();
    assert.deepEqual(tracker.delta({ limits: { 'search.max_buckets': 10 } }), { limits: { 'search.max_buckets': 10 } });
    assert.equal(tracker.delta({ limits: { 'search.max_buckets': 10 } }), undefined);
    assert.deepEqual(tracker.delta({ limits: { 'search.max_buckets': 11 } }), { limits: { 'search.max_buckets': 11 } });
  });

  void describe('from the local cluster', () => {
    let cluster: RunningCluster;
    let client: ClusterClient;
    before(async () => {
      cluster = await startCluster({ port: 0 });
      client = await ClusterClient.create({ name: 'local', url: cluster.url, auth: 'none' });
    });
    after(async () => {
      await client.close();
      await cluster.close();
    });

    void it('answers GET _cluster/settings with include_defaults, nested and flat', async () => {
      const nested = await client.json({
        method: 'GET',
        path: '/_cluster/settings',
        query: [{ name: 'include_defaults', value: 'true', hasValue: true }],
        opaqueId: 'test',
        timeoutMs: 10_000,
      });
      assert.equal(nested.status, 200);
      const body = nested.value as Record<string, Record<string, unknown>>;
      assert.deepEqual(body['persistent'], {});
      assert.deepEqual(body['transient'], {});
      assert.deepEqual(body['defaults']!['search'], { max_buckets: '65535' });
      const flat = await client.json({
        method: 'GET',
        path: '/_cluster/settings',
        query: [{ name: 'flat_settings', value: 'true', hasValue: true }],
        opaqueId: 'test',
        timeoutMs: 10_000,
      });
      assert.deepEqual(flat.value, { persistent: {}, transient: {} });
    });

    void it('reads every limit setting with the requests the extension sends', async () => {
      const { limits } = await fetchLimits(client, { opaqueId: 'test' });
      assert.deepEqual(limits, {
        'search.max_buckets': 65535,
        'indices.query.bool.max_clause_count': 1024,
        'index.max_result_window': 10000,
        'index.max_inner_result_window': 100,
        'index.max_rescore_window': 10000,
        'index.max_docvalue_fields_search': 100,
        'index.max_script_fields': 32,
        'index.max_terms_count': 65536,
        'index.max_regex_length': 1000,
        'index.max_slices_per_scroll': 1024,
      });
    });
  });
});
