// The cluster's search pipelines and each index's default pipeline, read with the cluster state: from the answers'
// shapes, from the local cluster over HTTP with the very requests the extension sends, and from servers that fail.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import {
  ClusterStateTracker,
  fetchLimits,
  fetchSearchPipelines,
  mayChangeIndices,
  readDefaultPipelines,
  readSearchPipelines,
} from '../../../client/src/core/clusterState';
import { closedPortUrl, startRawServer } from './failureServers';

void describe('search pipelines', () => {
  void it('reads the names of a GET _search/pipeline answer; 404 with an empty object is none', () => {
    assert.deepEqual(readSearchPipelines(200, { a: { request_processors: [] }, b: {} }), ['a', 'b']);
    assert.deepEqual(readSearchPipelines(404, {}), []);
  });

  void it('leaves them unknown for any other answer', () => {
    const error = { error: { type: 'security_exception', reason: 'no permissions' }, status: 403 };
    assert.equal(readSearchPipelines(403, error), undefined);
    assert.equal(readSearchPipelines(404, { error: { type: 'index_not_found_exception' }, status: 404 }), undefined);
    assert.equal(readSearchPipelines(400, { error: 'no handler found for uri [/_search/pipeline]' }), undefined);
    assert.equal(readSearchPipelines(200, { a: 'x' }), undefined);
    assert.equal(readSearchPipelines(200, []), undefined);
  });

  void it("reads each index's default pipeline, its own value over its default, nested or flat", () => {
    const pipelines = readDefaultPipelines({
      a: { defaults: { index: { search: { default_pipeline: '_none' } } } },
      b: { settings: { index: { search: { default_pipeline: 'mine' } } }, defaults: { index: {} } },
      c: { settings: { 'index.search.default_pipeline': 'flat' } },
      d: { defaults: { index: { search: { default_pipeline: 1 } } } },
      e: { defaults: {} },
    });
    assert.deepEqual(pipelines, { a: '_none', b: 'mine', c: 'flat' });
    assert.deepEqual(readDefaultPipelines(undefined), {});
  });

  void it('sends the pipelines once, again when they change, and null when they are no longer known', () => {
    const tracker = new ClusterStateTracker();
    assert.deepEqual(tracker.delta({ searchPipelines: ['a'] }), { searchPipelines: ['a'] });
    assert.equal(tracker.delta({ searchPipelines: ['a'] }), undefined);
    assert.deepEqual(tracker.delta({ searchPipelines: null }), { searchPipelines: null });
    assert.deepEqual(tracker.delta({ defaultPipelines: { i: '_none' } }), { defaultPipelines: { i: '_none' } });
  });

  void it('reads them again after a run that defines or deletes a pipeline', () => {
    assert.equal(mayChangeIndices('PUT', '/_search/pipeline/mine'), true);
    assert.equal(mayChangeIndices('DELETE', '/_search/pipeline/mine'), true);
    assert.equal(mayChangeIndices('GET', '/_search/pipeline'), false);
    assert.equal(mayChangeIndices('POST', '/_search/scroll'), false);
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

    const call = (method: 'GET' | 'PUT' | 'DELETE', path: string, body?: unknown) =>
      client.json({
        method,
        path,
        opaqueId: 'test',
        timeoutMs: 10_000,
        ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }),
      });

    void it('answers as OpenSearch does with no pipeline, with one, and for a processor it lacks', async () => {
      assert.deepEqual(await call('GET', '/_search/pipeline'), { status: 404, value: {} });
      assert.deepEqual(await fetchSearchPipelines(client, { opaqueId: 'test' }), []);
      const refused = await call('PUT', '/_search/pipeline/bad', { request_processors: [{ filter_query: {} }] });
      assert.equal(refused.status, 400);
      assert.match(JSON.stringify(refused.value), /Invalid processor type filter_query/);
      const definition = { description: 'mine', request_processors: [] };
      assert.deepEqual(await call('PUT', '/_search/pipeline/mine', definition), {
        status: 200,
        value: { acknowledged: true },
      });
      assert.deepEqual(await call('GET', '/_search/pipeline'), { status: 200, value: { mine: definition } });
      assert.deepEqual(await call('GET', '/_search/pipeline/other'), { status: 404, value: {} });
      assert.deepEqual(await fetchSearchPipelines(client, { opaqueId: 'test' }), ['mine']);
      const search = (target: string, body: unknown) =>
        client.json({
          method: 'POST',
          path: target.split('?')[0]!,
          query: (target.split('?')[1] ?? '')
            .split('&')
            .filter((p) => p !== '')
            .map((p) => {
              const [name = '', value] = p.split('=');
              return { name, value: value ?? '', hasValue: value !== undefined };
            }),
          opaqueId: 'test',
          timeoutMs: 10_000,
          body: JSON.stringify(body),
          contentType: 'application/json',
        });
      assert.equal((await search('/products/_search', { search_pipeline: 'mine' })).status, 200);
      const missing = await search('/products/_search', { search_pipeline: 'other' });
      assert.equal(missing.status, 400);
      assert.match(JSON.stringify(missing.value), /Pipeline other is not defined/);
      const numbered = await client.json({
        method: 'POST',
        path: '/products/_search',
        opaqueId: 'test',
        timeoutMs: 10_000,
        body: '{"search_pipeline": 1.50}',
        contentType: 'application/json',
      });
      assert.match(JSON.stringify(numbered.value), /Pipeline 1\.50 is not defined/);
      const verbose = "The 'verbose pipeline' option requires a search pipeline to be defined.";
      for (const [path, body] of [
        ['/products/_search', { verbose_pipeline: true }],
        ['/products/_search?verbose_pipeline', {}],
        ['/products/_search?verbose_pipeline=true&search_pipeline=_none', {}],
      ] as const) {
        const refusedVerbose = await search(path, body);
        assert.equal(refusedVerbose.status, 400, path);
        assert.ok(JSON.stringify(refusedVerbose.value).includes(verbose), path);
      }
      assert.equal((await search('/products/_search?verbose_pipeline=true&search_pipeline=mine', {})).status, 200);
      assert.equal((await search('/products/_search?verbose_pipeline=false', { verbose_pipeline: true })).status, 200);
      assert.equal((await call('DELETE', '/_search/pipeline/mine')).status, 200);
      assert.equal((await call('DELETE', '/_search/pipeline/mine')).status, 404);
      assert.deepEqual(await fetchSearchPipelines(client, { opaqueId: 'test' }), []);
    });

    void it("reads each index's default pipeline with the settings", async () => {
      const { defaultPipelines } = await fetchLimits(client, { opaqueId: 'test' });
      assert.equal(defaultPipelines['products'], '_none');
    });
  });

  void describe('from servers that fail', () => {
    void it('leaves them unknown on an error answer, and fails when denied or answered no JSON or nothing', async () => {
      const refusing = await startRawServer((req, res) => {
        const status = req.url?.startsWith('/denied') === true ? 403 : 500;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'some_exception', reason: 'no pipelines here' }, status }));
      });
      const html = await startRawServer((_req, res) => {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html>proxy</html>');
      });
      const clients = await Promise.all(
        [refusing.url, `${refusing.url}/denied`, html.url, await closedPortUrl()].map((url) =>
          ClusterClient.create({ name: 'failing', url, auth: 'none' }),
        ),
      );
      try {
        const [failing, forbidden, notJson, closed] = clients;
        assert.equal(await fetchSearchPipelines(failing!, { opaqueId: 'test' }), undefined);
        await assert.rejects(fetchSearchPipelines(forbidden!, { opaqueId: 'test' }), /denied/);
        await assert.rejects(fetchSearchPipelines(notJson!, { opaqueId: 'test' }), /instead of JSON/);
        await assert.rejects(fetchSearchPipelines(closed!, { opaqueId: 'test', timeoutMs: 5_000 }));
      } finally {
        await Promise.all(clients.map((c) => c.close()));
        await refusing.close();
        await html.close();
      }
    });
  });
});
