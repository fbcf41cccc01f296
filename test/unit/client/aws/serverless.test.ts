// OpenSearch Serverless collections answer neither `GET /`, `_cluster/health`, `_tasks` nor `_nodes`: the client
// never asks them, says what the collection offers, and runs (and cancels) requests all the same.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import awsSigning from '../../../../client/src/core/aws/awsSigning';
import { ClusterClient } from '../../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../../client/src/core/clusterConfig';
import { fetchClusterInfo, productText } from '../../../../client/src/core/clusterInfo';
import { executeRun } from '../../../../client/src/core/runner';
import { SERVERLESS_CANCEL } from '../../../../client/src/core/serverless';
import { describeCancel } from '../../../../client/src/core/taskCancel';
import type { RawRequest } from './sigv4Reference';
import { startSigV4Server, tlsFile, type SigV4Server } from './sigv4Server';

const KEY = ['AKIDSERVERLESSTEST01', 'serverless/secret/000000000000000000000'] as const;

/** What a collection answers; anything it does not offer is a 404 here, as an unknown route. */
function collection(request: RawRequest): { status: number; body: unknown } {
  const path = request.target.split('?')[0]!;
  if (path === '/_cat/indices') return { status: 200, body: [{ index: 'logs-a' }, { index: 'logs-b' }] };
  if (path.endsWith('/_search') || path.endsWith('/_msearch')) {
    if (request.body.toString('utf8').includes('slow')) return { status: 200, body: { slow: true } };
    return { status: 200, body: { took: 1, hits: { total: { value: 0, relation: 'eq' }, hits: [] } } };
  }
  return { status: 404, body: { message: `no route ${path}` } };
}

void describe('OpenSearch Serverless', () => {
  let server: SigV4Server;
  let cluster: ClusterConfig;
  before(async () => {
    server = await startSigV4Server(
      { region: 'us-east-1', service: 'aoss', secrets: new Map([KEY]), requireContentSha256: true },
      collection,
    );
    cluster = {
      name: 'collection',
      url: server.url,
      auth: 'aws',
      aws: { region: 'us-east-1', service: 'aoss' },
      tls: { caFile: tlsFile('ca.pem') },
    };
  });
  after(async () => {
    await server.close();
  });

  const create = (): Promise<ClusterClient> =>
    ClusterClient.create(cluster, {
      loadAws: () => Promise.resolve(awsSigning),
      awsSignerOptions: { credentials: () => Promise.resolve({ accessKeyId: KEY[0], secretAccessKey: KEY[1] }) },
    });

  void it('describes the collection by its indexes, without GET / or _cluster/health', async () => {
    const client = await create();
    try {
      const before = server.checked.length;
      const info = await fetchClusterInfo(client, 'status');
      assert.deepEqual(info, { distribution: 'opensearch', serverless: { indices: 2 } });
      assert.equal(productText(info), 'OpenSearch Serverless (2 indexes)');
      assert.deepEqual(
        server.checked.slice(before).map((c) => c.request.target),
        ['/_cat/indices?format=json&h=index'],
      );
    } finally {
      await client.close();
    }
  });

  void it('runs a search, and a cancelled run aborts its request without asking for _tasks', async () => {
    const client = await create();
    try {
      const done = await executeRun(
        client,
        { method: 'POST', path: '/logs-*/_search', query: [], body: '{"size":0}', contentType: 'application/json' },
        { opaqueId: 'run-1' },
      );
      assert.equal(done.response?.status, 200);
      const abort = new AbortController();
      abort.abort();
      const before = server.checked.length;
      const cancelled = await executeRun(
        client,
        { method: 'POST', path: '/_search', query: [], body: '{}', contentType: 'application/json' },
        { opaqueId: 'run-2', signal: abort.signal },
      );
      assert.equal(cancelled.failure?.kind, 'cancelled');
      assert.equal(describeCancel(cancelled.cancel!), SERVERLESS_CANCEL);
      assert.ok(server.checked.slice(before).every((c) => !c.request.target.startsWith('/_tasks')));
    } finally {
      await client.close();
    }
  });
});
