// The client core against the local OpenSearch-compatible cluster (packages/local-cluster), over real HTTP.
import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { startCluster, tlsDirectory, type RunningCluster } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { fetchClusterInfo } from '../../../client/src/core/clusterInfo';
import { toCurl } from '../../../client/src/core/curl';
import { RequestFailure } from '../../../client/src/core/failures';
import { LocalResponseDocument } from '../../../client/src/core/responseDocument';
import { executeRun } from '../../../client/src/core/runner';
import { describeCancel, findTasks } from '../../../client/src/core/taskCancel';

const MSEARCH_BODY = '{"index":"logs"}\n{"query":{"match_all":{}},"size":2}\n{"index":"no-such-index"}\n{}\n';

function config(url: string, extra: Partial<ClusterConfig> = {}): ClusterConfig {
  return { name: 'local', url, auth: 'none', ...extra };
}

async function rejection(promise: Promise<unknown>): Promise<RequestFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RequestFailure, String(error));
    return error;
  }
  assert.fail('no failure');
}

void describe('Client core against the local cluster', () => {
  let cluster: RunningCluster;
  let client: ClusterClient;
  before(async () => {
    cluster = await startCluster({ port: 0, latency: [{ pattern: 'products', ms: 20_000 }] });
    client = await ClusterClient.create(config(cluster.url));
  });
  after(async () => {
    await client.close();
    await cluster.close();
  });

  void it('reads the version and health', async () => {
    const info = await fetchClusterInfo(client, 'vscode-search-requests/test');
    assert.equal(info.distribution, 'opensearch');
    assert.match(info.version ?? '', /^\d+\.\d+\.\d+/);
    assert.ok(['green', 'yellow', 'red'].includes(info.health ?? ''));
  });

  void it('runs an _msearch and models each response: hits, total, the error of a missing index', async () => {
    const outcome = await executeRun(
      client,
      { method: 'POST', path: '/_msearch', query: [], body: MSEARCH_BODY, contentType: 'application/x-ndjson' },
      { opaqueId: 'vscode-search-requests/msearch' },
    );
    assert.equal(outcome.response?.status, 200);
    const document = LocalResponseDocument.open(outcome.response.body, outcome.response.contentType);
    assert.equal(document.summary.shape, 'msearch');
    const [first, second] = document.summary.items;
    assert.equal(first?.status, 200);
    assert.equal(first.hits, 2);
    assert.ok((first.total ?? 0) > 0);
    assert.deepEqual(second?.error?.type, 'index_not_found_exception');
    assert.equal(second.status, 404);
    const items = await document.children(null, 0, 50);
    const hits = await document.children((await document.children(items[0]!, 0, 50))[0]!, 0, 50);
    assert.match(hits[0]!.label, /^logs-\d{4}\.\d{2}\.\d{2}\/.+/);
  });

  void it("cancels the run's tasks on the cluster, and only them", async () => {
    const slow = {
      method: 'POST',
      path: '/products/_search',
      query: [],
      body: '{"query":{"match_all":{}}}',
      contentType: 'application/json',
    };
    const other = new AbortController();
    const bystander = executeRun(client, slow, { opaqueId: 'someone-else/1', signal: other.signal });
    const controller = new AbortController();
    const running = executeRun(client, slow, {
      opaqueId: 'vscode-search-requests/cancel-me',
      signal: controller.signal,
    });
    const requestOpaqueId = 'vscode-search-requests/check';
    // Wait for both searches to be registered as tasks.
    for (let i = 0; i < 100; i++) {
      const mine = await findTasks(client, 'vscode-search-requests/cancel-me', { requestOpaqueId });
      const theirs = await findTasks(client, 'someone-else/1', { requestOpaqueId });
      if (mine.tasks.length > 0 && theirs.tasks.length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    controller.abort();
    const outcome = await running;
    assert.equal(outcome.failure?.kind, 'cancelled');
    assert.ok(outcome.cancel !== undefined);
    assert.ok(outcome.cancel.cancelled.length > 0, describeCancel(outcome.cancel));
    assert.ok(outcome.cancel.found.some((task) => task.action === 'indices:data/read/search'));
    assert.match(describeCancel(outcome.cancel), /^Cancelled 1 task\(s\) on the cluster: .*indices:data\/read\/search/);
    // Gone from the cluster; the other run's task is still there.
    for (let i = 0; i < 100; i++) {
      if ((await findTasks(client, 'vscode-search-requests/cancel-me', { requestOpaqueId })).tasks.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.deepEqual((await findTasks(client, 'vscode-search-requests/cancel-me', { requestOpaqueId })).tasks, []);
    assert.ok((await findTasks(client, 'someone-else/1', { requestOpaqueId })).tasks.length > 0);
    other.abort();
    await bystander;
  });

  void it('cancels on the cluster when the timeout expires', async () => {
    const outcome = await executeRun(
      client,
      { method: 'GET', path: '/products/_search', query: [] },
      { opaqueId: 'vscode-search-requests/timeout', timeoutMs: 300 },
    );
    assert.equal(outcome.failure?.kind, 'timeout');
    assert.ok((outcome.cancel?.cancelled.length ?? 0) > 0);
  });

  void it('exports a run as a cURL command that the cluster answers the same way', async (t) => {
    const curl = toCurl(config(cluster.url), {
      method: 'POST',
      path: '/_msearch',
      query: [],
      body: MSEARCH_BODY,
      contentType: 'application/x-ndjson',
      opaqueId: 'vscode-search-requests/curl',
    });
    let stdout: string;
    try {
      ({ stdout } = await promisify(execFile)('bash', ['-c', `${curl} --silent`]));
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ENOENT') {
        t.skip('bash is not installed');
        return;
      }
      throw error;
    }
    if (stdout === '') {
      t.skip('curl is not installed');
      return;
    }
    const answer = JSON.parse(stdout) as { responses: { status: number }[] };
    assert.deepEqual(
      answer.responses.map((r) => r.status),
      [200, 404],
    );
  });

  void it('keeps error answers (400) as answers', async () => {
    const outcome = await executeRun(
      client,
      { method: 'GET', path: '/_search', query: [{ name: 'sizee', value: '5', hasValue: true }] },
      { opaqueId: 'x' },
    );
    assert.equal(outcome.response?.status, 400);
    const document = LocalResponseDocument.open(outcome.response.body, outcome.response.contentType);
    assert.equal(document.summary.shape, 'error');
    assert.match(document.summary.items[0]?.error?.reason ?? '', /unrecognized parameter: \[sizee\]/);
  });
});

void describe('Client core against the local cluster with basic auth over TLS', () => {
  let cluster: RunningCluster;
  before(async () => {
    cluster = await startCluster({
      port: 0,
      sampleData: false,
      tls: true,
      user: { name: 'admin', password: 'Adm1n-pass' },
    });
  });
  after(async () => {
    await cluster.close();
  });
  const ca = (): string => path.join(tlsDirectory(), 'ca.pem');

  void it('connects with the test CA and the password', async () => {
    const client = await ClusterClient.create(
      config(cluster.url, { auth: 'basic', username: 'admin', tls: { caFile: ca() } }),
      { secret: 'Adm1n-pass' },
    );
    assert.equal((await fetchClusterInfo(client, 'x')).distribution, 'opensearch');
    await client.close();
  });

  void it('names the certificate problem without the CA', async () => {
    const client = await ClusterClient.create(config(cluster.url, { auth: 'basic', username: 'admin' }), {
      secret: 'Adm1n-pass',
    });
    const failure = await rejection(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'tls');
    assert.match(
      failure.message,
      /^TLS: 127\.0\.0\.1:\d+ cannot be trusted: .*\[(UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)\]/,
    );
    await client.close();
  });

  void it('says the password was refused, without it', async () => {
    const client = await ClusterClient.create(
      config(cluster.url, { auth: 'basic', username: 'admin', tls: { caFile: ca() } }),
      { secret: 'wrong-password' },
    );
    const failure = await rejection(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'unauthorized');
    assert.ok(!failure.message.includes('wrong-password'));
    await client.close();
  });
});
