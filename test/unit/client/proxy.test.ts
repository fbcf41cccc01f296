// Proxies: which one a cluster's requests use (VS Code's rules), and requests through a real proxy (tinyproxy on
// loopback): plain HTTP in absolute form, HTTPS through a CONNECT tunnel, with and without proxy authentication.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { RequestFailure } from '../../../client/src/core/failures';
import { bypassesProxy, proxyConnection, proxyFor, proxyOptions, proxyProblem } from '../../../client/src/core/proxy';
import * as path from 'node:path';
import { startCluster, tlsDirectory, type RunningCluster } from '@search-requests/local-cluster';
import { startTinyproxy, type Tinyproxy } from './tinyproxy';

void describe('proxy choice (as VS Code chooses)', () => {
  void it('goes direct to loopback hosts, whatever the settings', () => {
    for (const url of ['http://localhost:9200', 'http://127.0.0.1:9200', 'http://[::1]:9200']) {
      assert.equal(proxyFor(url, { proxy: 'http://proxy:3128' }), undefined, url);
    }
  });

  void it('prefers http.proxy, then https_proxy, HTTPS_PROXY, http_proxy, HTTP_PROXY, for any scheme', () => {
    const env = { HTTP_PROXY: 'http://upper-http:1', http_proxy: 'http://lower-http:1' };
    assert.equal(proxyFor('https://a.example', { env }), 'http://lower-http:1');
    assert.equal(
      proxyFor('https://a.example', { env: { ...env, HTTPS_PROXY: 'http://upper-https:1' } }),
      'http://upper-https:1',
    );
    assert.equal(
      proxyFor('http://a.example', { env: { ...env, https_proxy: 'http://lower-https:1', HTTPS_PROXY: 'http://x:1' } }),
      'http://lower-https:1',
    );
    assert.equal(proxyFor('http://a.example', { proxy: 'http://setting:3128', env }), 'http://setting:3128');
    // http.proxySupport "off": VS Code leaves extensions' requests alone.
    assert.equal(proxyFor('http://a.example', { proxy: 'http://setting:3128', env, support: 'off' }), undefined);
    // A setting without a scheme is no proxy, as in VS Code.
    assert.equal(proxyFor('http://a.example', { proxy: 'proxy:3128' }), undefined);
  });

  void it('reads http.noProxy, or NO_PROXY only when the setting is empty', () => {
    const env = { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'a.example' };
    assert.equal(proxyFor('https://a.example', { env }), undefined);
    assert.equal(proxyFor('https://a.example', { env, noProxy: ['b.example'] }), 'http://p:1');
    assert.equal(proxyFor('https://a.example', { env: { ...env, no_proxy: 'c.example' } }), 'http://p:1');
  });

  void it('matches noProxy entries: *, host, host:port, suffixes with or without a dot, IPs and CIDRs', () => {
    assert.equal(bypassesProxy('a.example', '443', ['*']), true);
    assert.equal(bypassesProxy('a.example', '443', ['a.example:443']), true);
    assert.equal(bypassesProxy('a.example', '9200', ['a.example:443']), false);
    assert.equal(bypassesProxy('search.corp.example', '443', ['.corp.example']), true);
    assert.equal(bypassesProxy('search.corp.example', '443', ['corp.example']), true);
    assert.equal(bypassesProxy('10.1.2.3', '9200', ['10.0.0.0/8']), true);
    assert.equal(bypassesProxy('192.168.1.5', '9200', ['10.0.0.0/8', '192.168.1.5']), true);
    assert.equal(bypassesProxy('192.168.1.6', '9200', ['10.0.0.0/8', '192.168.1.5']), false);
    assert.equal(bypassesProxy('b.example', '443', ['', ' ', 'a.example']), false);
  });

  void it('carries http.proxyAuthorization and http.proxyStrictSSL, and refuses SOCKS proxies', () => {
    assert.deepEqual(
      proxyConnection('https://a.example', { proxy: 'https://p:443', authorization: 'Basic eDp5', strictSSL: false }),
      { url: 'https://p:443', authorization: 'Basic eDp5', strictSSL: false },
    );
    assert.deepEqual(proxyConnection('https://a.example', { proxy: 'http://p:1' }), {
      url: 'http://p:1',
      strictSSL: true,
    });
    assert.match(proxyProblem('socks5://p:1080') ?? '', /socks5 proxies are not supported/);
    assert.equal(proxyProblem('http://p:3128'), undefined);
  });
});

function clusterOf(url: string, tls: boolean): ClusterConfig {
  return {
    name: 'behind-proxy',
    url,
    auth: 'none',
    ...(tls ? { tls: { caFile: path.join(tlsDirectory(), 'ca.pem') } } : {}),
  };
}

async function fetchRoot(cluster: ClusterConfig, proxy: Parameters<typeof proxyOptions>[0]): Promise<number> {
  const client = await ClusterClient.create(cluster, proxyOptions(proxy));
  try {
    return (await client.send({ method: 'GET', path: '/', opaqueId: 'through-proxy' })).status;
  } finally {
    await client.close();
  }
}

void describe('through a real proxy (tinyproxy)', () => {
  let proxy: Tinyproxy;
  let plain: RunningCluster;
  let secure: RunningCluster;
  before(async () => {
    proxy = await startTinyproxy();
    plain = await startCluster({ sampleData: false, recordRequests: true });
    secure = await startCluster({ tls: true, sampleData: false, recordRequests: true });
  });
  after(async () => {
    await proxy.close();
    await plain.close();
    await secure.close();
  });

  void it('sends plain HTTP requests to the proxy, which forwards them', async () => {
    assert.equal(await fetchRoot(clusterOf(plain.url, false), { url: proxy.url, strictSSL: true }), 200);
    const seen = plain.requests[plain.requests.length - 1]!;
    assert.match(String(seen.headers['via']), /tinyproxy/);
    assert.equal(seen.headers['x-opaque-id'], 'through-proxy');
  });

  void it('tunnels HTTPS through CONNECT, the cluster certificate verified end to end', async () => {
    const port = new URL(secure.url).port;
    assert.equal(await fetchRoot(clusterOf(secure.url, true), { url: proxy.url, strictSSL: true }), 200);
    assert.match(proxy.log(), new RegExp(`CONNECT[^\\n]*127\\.0\\.0\\.1:${port}`));
    // TLS from end to end: the proxy added nothing to what the cluster received.
    assert.equal(secure.requests[secure.requests.length - 1]!.headers['via'], undefined);
  });
});

void describe('through a real proxy that asks for credentials', () => {
  const USER = 'proxyuser';
  const PASSWORD = 'pr0xy-S3cret';
  let proxy: Tinyproxy;
  let plain: RunningCluster;
  let secure: RunningCluster;
  before(async () => {
    proxy = await startTinyproxy({ user: USER, password: PASSWORD });
    plain = await startCluster({ sampleData: false, recordRequests: true });
    secure = await startCluster({ tls: true, sampleData: false, recordRequests: true });
  });
  after(async () => {
    await proxy.close();
    await plain.close();
    await secure.close();
  });

  const withUser = (): string => `http://${USER}:${PASSWORD}@127.0.0.1:${proxy.port}`;
  const basic = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;

  void it('sends the credentials of the proxy URL, for HTTP and CONNECT', async () => {
    assert.equal(await fetchRoot(clusterOf(plain.url, false), { url: withUser(), strictSSL: true }), 200);
    assert.equal(await fetchRoot(clusterOf(secure.url, true), { url: withUser(), strictSSL: true }), 200);
  });

  void it('sends http.proxyAuthorization as Proxy-Authorization, for HTTP and CONNECT', async () => {
    const settings = { url: proxy.url, strictSSL: true, authorization: basic };
    assert.equal(await fetchRoot(clusterOf(plain.url, false), settings), 200);
    assert.equal(await fetchRoot(clusterOf(secure.url, true), settings), 200);
  });

  void it('says the proxy wants credentials when none are given (407)', async () => {
    const failure = await fetchRoot(clusterOf(plain.url, false), { url: proxy.url, strictSSL: true }).then(
      () => assert.fail('the proxy must refuse'),
      (error: unknown) => error as RequestFailure,
    );
    assert.equal(failure.kind, 'proxy');
    assert.match(failure.message, /asks for credentials \(407 Proxy Authentication Required\)/);
    const tunnel = await fetchRoot(clusterOf(secure.url, true), { url: proxy.url, strictSSL: true }).then(
      () => assert.fail('the proxy must refuse'),
      (error: unknown) => error as RequestFailure,
    );
    assert.match(tunnel.message, /asks for credentials \(407 Proxy Authentication Required\)/);
  });

  for (const tls of [false, true]) {
    void it(`says the proxy wants credentials (${tls ? 'CONNECT' : 'HTTP'}), without showing any`, async () => {
      const wrong = `http://${USER}:wrong-${PASSWORD}@127.0.0.1:${proxy.port}`;
      const failure = await fetchRoot(clusterOf(tls ? secure.url : plain.url, tls), {
        url: wrong,
        strictSSL: true,
      }).then(
        () => assert.fail('the proxy must refuse'),
        (error: unknown) => error as RequestFailure,
      );
      assert.ok(failure instanceof RequestFailure);
      assert.equal(failure.kind, 'proxy');
      assert.match(failure.message, /^The HTTP proxy refused its credentials \(401, answered by the proxy\)/);
      assert.ok(!failure.message.includes(PASSWORD));
    });
  }
});

/**
 * An https:// proxy (TLS to the proxy, then CONNECT): tinyproxy speaks plain HTTP only, so this one is a few lines of
 * node that really tunnel, with the local cluster's test certificate, which no system trusts.
 */
async function startTlsProxy(): Promise<{ url: string; connects: string[]; close: () => Promise<void> }> {
  const connects: string[] = [];
  const server = https.createServer({
    key: fs.readFileSync(path.join(tlsDirectory(), 'server-key.pem')),
    cert: fs.readFileSync(path.join(tlsDirectory(), 'server.pem')),
  });
  const sockets = new Set<net.Socket>();
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const [host = '', port = ''] = (req.url ?? '').split(':');
    connects.push(req.url ?? '');
    const upstream = net.connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => socket.destroy());
      socket.on('close', () => sockets.delete(socket));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `https://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
    connects,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => {
          resolve();
        });
      }),
  };
}

void describe('http.proxyStrictSSL with an https:// proxy', () => {
  let proxy: Awaited<ReturnType<typeof startTlsProxy>>;
  let secure: RunningCluster;
  before(async () => {
    proxy = await startTlsProxy();
    secure = await startCluster({ tls: true, sampleData: false });
  });
  after(async () => {
    await proxy.close();
    await secure.close();
  });

  void it("verifies the proxy's certificate by default, and not with http.proxyStrictSSL: false", async () => {
    const refused = await fetchRoot(clusterOf(secure.url, true), { url: proxy.url, strictSSL: true }).then(
      () => assert.fail('a proxy certificate of an unknown authority must be refused'),
      (error: unknown) => error as RequestFailure,
    );
    assert.ok(refused instanceof RequestFailure);
    assert.equal(refused.kind, 'tls');
    assert.match(
      refused.message,
      /https:\/\/ proxy 127\.0\.0\.1:\d+: if the certificate is the proxy's.*http\.proxyStrictSSL/,
    );
    assert.equal(proxy.connects.length, 0, 'no tunnel is asked of an untrusted proxy');
    assert.equal(await fetchRoot(clusterOf(secure.url, true), { url: proxy.url, strictSSL: false }), 200);
    assert.deepEqual(proxy.connects, [`127.0.0.1:${new URL(secure.url).port}`]);
  });
});
