import * as assert from 'node:assert/strict';
import type * as http from 'node:http';
import { describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { RequestFailure } from '../../../client/src/core/failures';
import { startRawServer } from './failureServers';

/** The test fails (instead of hanging) when the client waits for ever. */
const BOUND = { timeout: 10_000 };

async function silentFailure(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  timeoutMs: number,
): Promise<RequestFailure> {
  const server = await startRawServer(handler);
  const client = await ClusterClient.create({ name: 'silent', url: server.url, auth: 'none' }, { idleTimeoutMs: 300 });
  try {
    await client.send({ method: 'GET', path: '/_search', opaqueId: 't', timeoutMs });
  } catch (error) {
    if (error instanceof RequestFailure) return error;
    throw error;
  } finally {
    await client.close();
    await server.close();
  }
  assert.fail('the request succeeded');
}

void describe('a silent connection', () => {
  void it('fails with a clear message even with no overall timeout (requestTimeout 0)', BOUND, async () => {
    const failure = await silentFailure(() => {
      // Accepts the request and never answers.
    }, 0);
    assert.equal(failure.kind, 'timeout');
    assert.match(failure.message, /sent nothing for 0\.3 s/);
    assert.match(failure.message, /searchRequests\.requestTimeout/);
  });

  void it('fails when the body stops in the middle, with what had arrived', BOUND, async () => {
    const failure = await silentFailure((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"hits":');
    }, 0);
    assert.equal(failure.kind, 'timeout');
    assert.match(failure.message, /stopped: no byte for 0\.3 s after 8 B/);
  });

  void it('does not cut a slow answer short when the request has an overall timeout of its own', BOUND, async () => {
    const server = await startRawServer((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      }, 600);
    });
    const client = await ClusterClient.create({ name: 'slow', url: server.url, auth: 'none' }, { idleTimeoutMs: 300 });
    try {
      const response = await client.send({ method: 'GET', path: '/_search', opaqueId: 't', timeoutMs: 5000 });
      assert.equal(response.status, 200);
    } finally {
      await client.close();
      await server.close();
    }
  });
});
