import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type * as http from 'node:http';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { RequestFailure } from '../../../client/src/core/failures';
import { toCurl } from '../../../client/src/core/curl';
import { fetchRun } from '../../../client/src/core/fetchRun';
import { dotSegmentProblem, requestUrl, UnsafePathError } from '../../../client/src/core/requestUrl';
import { startRawServer } from './failureServers';

const DOT_PATHS = ['../admin', '/../admin', '/logs/./_search', '/%2e%2e/admin', '/%2E./admin', '/.%2e/admin', '/x/%2E'];

void describe('dot segments never leave the cluster URL path', () => {
  void it('are refused by requestUrl, whatever their spelling', () => {
    for (const path of DOT_PATHS) {
      assert.throws(() => requestUrl('https://host/prefix/', path), UnsafePathError, path);
      assert.ok(dotSegmentProblem(path)?.includes('not sent'), path);
    }
  });

  void it('leave names with dots alone', () => {
    assert.equal(requestUrl('https://host/prefix/', '/.kibana/_search'), 'https://host/prefix/.kibana/_search');
    assert.equal(requestUrl('https://host/p', '/a.../b..c/...'), 'https://host/p/a.../b..c/...');
    assert.equal(dotSegmentProblem('/logs/_doc/%2e%2e%2e'), undefined);
  });

  let requests: string[] = [];
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    server = await startRawServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      requests.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  after(() => server.close());

  void it('are not sent, with the credentials, by the cluster client', async () => {
    requests = [];
    const client = await ClusterClient.create(
      {
        name: 'prefixed',
        url: `${server.url}/prefix/`,
        auth: 'basic',
        username: 'u',
      },
      { secret: 'pw-123456' },
    );
    try {
      for (const path of DOT_PATHS.map((p) => (p.startsWith('/') ? p : `/${p}`))) {
        await assert.rejects(
          client.send({ method: 'GET', path, opaqueId: 't' }),
          (error: unknown) =>
            error instanceof RequestFailure && error.kind === 'config' && error.message.includes('not sent'),
        );
      }
      await client.send({ method: 'GET', path: '/ok', opaqueId: 't' });
    } finally {
      await client.close();
    }
    assert.deepEqual(requests, ['/prefix/ok']);
  });

  void it('are not sent by the web extension either', async () => {
    let called = false;
    const outcome = await fetchRun(
      { name: 'prefixed', url: 'https://host/prefix/', auth: 'none' },
      { method: 'GET', path: '/%2e%2e/admin', query: [] },
      {
        opaqueId: 't',
        fetch: () => {
          called = true;
          return Promise.resolve(new Response('{}'));
        },
      },
    );
    assert.equal(called, false);
    assert.equal(outcome.kind, 'failed');
  });

  void it('are not written into a cURL command', () => {
    assert.throws(
      () =>
        toCurl({ name: 'c', url: 'https://host/prefix', auth: 'none' }, { method: 'GET', path: '/../x', query: [] }),
      UnsafePathError,
    );
  });
});
