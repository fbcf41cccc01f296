import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient, requestUrl } from '../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { fetchClusterInfo } from '../../../client/src/core/clusterInfo';
import { RequestFailure } from '../../../client/src/core/failures';
import * as path from 'node:path';
import { startCluster, tlsDirectory, type RunningCluster } from '@search-requests/local-cluster';
import { closedPortUrl, startRawServer } from './failureServers';

function tlsFile(name: string): string {
  return path.join(tlsDirectory(), name);
}

function cluster(url: string, extra: Partial<ClusterConfig> = {}): ClusterConfig {
  return { name: 'test', url, auth: 'none', ...extra };
}

async function failureOf(promise: Promise<unknown>): Promise<RequestFailure> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof RequestFailure, `expected a RequestFailure, got ${String(error)}`);
    return error;
  }
  assert.fail('the request did not fail');
}

const SECRET = 'S3cret-passw0rd';

void describe('ClusterClient', () => {
  let local: RunningCluster;
  const lines: string[] = [];
  before(async () => {
    local = await startCluster({ user: { name: 'admin', password: SECRET }, sampleData: false, recordRequests: true });
  });
  after(async () => {
    await local.close();
  });

  void it('builds URLs with the cluster path prefix, encoded paths and readable query values', () => {
    assert.equal(
      requestUrl('http://h:9200/os/', '/logs-*,metrics/_search', [
        { name: 'q', value: 'level:error a', hasValue: true },
        { name: 'pretty', value: '', hasValue: false },
      ]),
      'http://h:9200/os/logs-*,metrics/_search?q=level:error%20a&pretty',
    );
  });

  void it('sends basic credentials, the X-Opaque-Id and logs one line without the secret', async () => {
    const client = await ClusterClient.create(cluster(local.url, { auth: 'basic', username: 'admin' }), {
      secret: SECRET,
      log: (line) => lines.push(line),
    });
    try {
      const info = await fetchClusterInfo(client, 'vscode-search-requests/info');
      assert.deepEqual(info, {
        distribution: 'opensearch',
        version: '2.19.1',
        clusterName: 'search-requests-demo',
        health: 'green',
      });
      const last = local.requests[local.requests.length - 1]!;
      assert.equal(last.headers['x-opaque-id'], 'vscode-search-requests/info');
      assert.match(lines[0]!, /^\[http\] test GET \/ 200 \d+ B \d+ ms X-Opaque-Id: vscode-search-requests\/info$/);
      for (const line of lines)
        assert.ok(!line.includes(SECRET) && !line.includes(Buffer.from(`admin:${SECRET}`).toString('base64')));
    } finally {
      await client.close();
    }
  });

  void it('says which user the cluster refused (401), without the password', async () => {
    const client = await ClusterClient.create(cluster(local.url, { auth: 'basic', username: 'admin' }), {
      secret: 'wrong',
    });
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'unauthorized');
    assert.equal(failure.status, 401);
    assert.match(failure.message, /refused user "admin" \(401 Unauthorized\)/);
    assert.ok(!failure.message.includes('wrong'));
    await client.close();
  });

  void it('asks to configure auth when a cluster without auth gets a 401', async () => {
    const client = await ClusterClient.create(cluster(local.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.match(failure.message, /asks for credentials \(401 Unauthorized\): set "auth" for cluster "test"/);
    await client.close();
  });

  void it('reports a refused connection', async () => {
    const client = await ClusterClient.create(cluster(await closedPortUrl()));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'refused');
    assert.match(failure.message, /^Connection refused by 127\.0\.0\.1:\d+: nothing is listening there/);
    await client.close();
  });

  void it('reports a host name that does not resolve', async () => {
    const client = await ClusterClient.create(cluster('http://no-such-host.invalid:9200'));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'dns');
    assert.match(failure.message, /"no-such-host\.invalid" could not be resolved/);
    await client.close();
  });

  void it("reports a proxy's HTML page as not the cluster", async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>');
    });
    const client = await ClusterClient.create(cluster(server.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/_search', opaqueId: 'x' }));
    assert.equal(failure.kind, 'notJson');
    assert.match(failure.message, /answered 502 with an HTML page .* "502 Bad Gateway"\. A proxy/);
    await client.close();
    await server.close();
  });

  void it('reports a body cut off before its Content-Length', async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' });
      res.write('{"took": 1, "hits": {"hits": [');
      setTimeout(() => res.destroy(), 20);
    });
    const client = await ClusterClient.create(cluster(server.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/_search', opaqueId: 'x' }));
    assert.equal(failure.kind, 'truncated');
    assert.match(failure.message, /cut off after 30 B of 4\.9 KB/);
    await client.close();
    await server.close();
  });

  void it('times out a slow answer', async () => {
    const server = await startRawServer(() => {
      // Never answers.
    });
    const client = await ClusterClient.create(cluster(server.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x', timeoutMs: 100 }));
    assert.equal(failure.kind, 'timeout');
    assert.match(failure.message, /within 0\.1 s \(setting searchRequests\.requestTimeout\)/);
    await client.close();
    await server.close();
  });

  void it('stops when cancelled', async () => {
    const server = await startRawServer(() => undefined);
    const client = await ClusterClient.create(cluster(server.url));
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 50);
    const failure = await failureOf(
      client.send({ method: 'GET', path: '/', opaqueId: 'x', signal: controller.signal }),
    );
    assert.equal(failure.kind, 'cancelled');
    await client.close();
    await server.close();
  });

  void it('reports a 403 with the reason the cluster gave', async () => {
    const server = await startRawServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: {
            type: 'security_exception',
            reason: 'no permissions for [indices:data/read/search] and User [name=reader]',
          },
          status: 403,
        }),
      );
    });
    const client = await ClusterClient.create(cluster(server.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'forbidden');
    assert.match(
      failure.message,
      /denied the request \(403 Forbidden\): no permissions for \[indices:data\/read\/search\]/,
    );
    await client.close();
    await server.close();
  });

  void it('goes through the HTTP proxy when one is set', async () => {
    const seen: string[] = [];
    const proxy = await startRawServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"version":{"number":"2.19.0","distribution":"opensearch"}}');
    });
    // The host does not exist: only the proxy can answer.
    const client = await ClusterClient.create(cluster('http://cluster.invalid:9200'), { proxy: proxy.url });
    assert.equal((await client.send({ method: 'GET', path: '/', opaqueId: 'x' })).status, 200);
    assert.deepEqual(seen, ['http://cluster.invalid:9200/']);
    await client.close();
    await proxy.close();
  });

  void it('says that an https:// URL reached a plain HTTP server', async () => {
    const client = await ClusterClient.create(cluster(local.url.replace('http:', 'https:')));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'tls');
    assert.match(
      failure.message,
      /does not answer in TLS: if the cluster is plain HTTP, the URL must start with http:\/\//,
    );
    await client.close();
  });

  void it('keeps answers with an error status as answers', async () => {
    const client = await ClusterClient.create(cluster(local.url, { auth: 'basic', username: 'admin' }), {
      secret: SECRET,
    });
    const response = await client.send({ method: 'GET', path: '/nothing/here', opaqueId: 'x' });
    assert.equal(response.status, 400);
    assert.match(Buffer.from(response.body).toString(), /no handler found/);
    await client.close();
  });
});

void describe('ClusterClient over TLS', () => {
  let local: RunningCluster;
  before(async () => {
    local = await startCluster({ tls: true, sampleData: false });
  });
  after(async () => {
    await local.close();
  });

  void it('names the certificate problem when the CA is not trusted', async () => {
    const client = await ClusterClient.create(cluster(local.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'tls');
    assert.match(
      failure.message,
      /cannot be trusted: its certificate was signed by a certificate authority that is not trusted \[UNABLE_TO_VERIFY_LEAF_SIGNATURE\]\. Set tls\.caFile/,
    );
    await client.close();
  });

  void it('names the certificate problem when the server sends an untrusted chain', async () => {
    const chained = await startCluster({ tls: { sendChain: true }, sampleData: false });
    const client = await ClusterClient.create(cluster(chained.url));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'tls');
    assert.match(
      failure.message,
      /cannot be trusted: its certificate chain ends in a self-signed certificate authority that is not trusted \[SELF_SIGNED_CERT_IN_CHAIN\]\. Set tls\.caFile/,
    );
    await client.close();
    await chained.close();
  });

  void it('trusts the test CA given as caFile', async () => {
    const client = await ClusterClient.create(cluster(local.url, { tls: { caFile: tlsFile('ca.pem') } }));
    const info = await fetchClusterInfo(client, 'x');
    assert.equal(info.version, '2.19.1');
    await client.close();
  });

  void it('connects without verification only when told so', async () => {
    const client = await ClusterClient.create(cluster(local.url, { tls: { rejectUnauthorized: false } }));
    assert.equal((await client.send({ method: 'GET', path: '/', opaqueId: 'x' })).status, 200);
    await client.close();
  });

  void it('reports a certificate for another host', async () => {
    const other = await startCluster({ tls: { certificate: 'otherhost' }, sampleData: false });
    const client = await ClusterClient.create(cluster(other.url, { tls: { caFile: tlsFile('ca.pem') } }));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.equal(failure.kind, 'tls');
    assert.match(failure.message, /its certificate is for another host name .*\[ERR_TLS_CERT_ALTNAME_INVALID\]/);
    await client.close();
    await other.close();
  });

  void it('sends a client certificate when the cluster asks for one', async () => {
    const mutual = await startCluster({ tls: { requireClientCertificate: true }, sampleData: false });
    const without = await ClusterClient.create(cluster(mutual.url, { tls: { caFile: tlsFile('ca.pem') } }));
    const failure = await failureOf(without.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.ok(['tls', 'reset', 'closed'].includes(failure.kind), failure.message);
    await without.close();
    const withCert = await ClusterClient.create(
      cluster(mutual.url, {
        tls: { caFile: tlsFile('ca.pem'), certFile: tlsFile('client.pem'), keyFile: tlsFile('client-key.pem') },
      }),
    );
    assert.equal((await withCert.send({ method: 'GET', path: '/', opaqueId: 'x' })).status, 200);
    await withCert.close();
    await mutual.close();
  });

  void it('says when a CA file cannot be read', async () => {
    const failure = await failureOf(ClusterClient.create(cluster(local.url, { tls: { caFile: '/no/such/ca.pem' } })));
    assert.equal(failure.kind, 'config');
    assert.match(failure.message, /tls\.caFile \/no\/such\/ca\.pem cannot be read \(ENOENT\)/);
  });

  void it('says that a plain HTTP URL reached a TLS server', async () => {
    const client = await ClusterClient.create(cluster(local.url.replace('https:', 'http:')));
    const failure = await failureOf(client.send({ method: 'GET', path: '/', opaqueId: 'x' }));
    assert.match(failure.message, /https:\/\//);
    await client.close();
  });
});
