import assert from 'node:assert/strict';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '../src/index';
import { at, call } from '../test/testClient';

void describe('robustness', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.close());

  void it('serves 200 concurrent searches', async () => {
    const started = Date.now();
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        call(c.url, 'POST', '/logs/_search', {
          body: {
            query: {
              bool: {
                must: [{ match: { message: i % 2 ? 'timeout' : 'payment' } }],
                filter: [{ term: { level: 'ERROR' } }],
              },
            },
            size: 5,
          },
        }),
      ),
    );
    const elapsed = Date.now() - started;
    assert.ok(replies.every((r) => r.status === 200));
    assert.ok(elapsed < 30_000, `200 searches took ${elapsed} ms`);
  });

  void it('survives garbage, truncated requests and abrupt disconnects', async () => {
    const port = c.port;
    const raw = (payload: string): Promise<void> =>
      new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.write(payload);
          setTimeout(() => {
            s.destroy();
            resolve();
          }, 20);
        });
        s.on('error', () => {
          resolve();
        });
      });
    await raw('NOT HTTP AT ALL\r\n\r\n');
    await raw(
      'POST /_search HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"query":',
    );
    await raw('GET /_search HTTP/1.1\r\nHost: x\r\n');
    await raw(
      'POST /_msearch HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-ndjson\r\nTransfer-Encoding: chunked\r\n\r\n5\r\n{}\n{}\r\n',
    );
    const ok = await call(c.url, 'GET', '/_cluster/health');
    assert.equal(ok.status, 200);
  });

  void it('answers deeply nested or odd bodies with errors, not crashes', async () => {
    const deep = '{"query":' + '{"bool":{"must":'.repeat(2000) + '{}' + '}}'.repeat(2000) + '}';
    const r = await call(c.url, 'POST', '/_search', { raw: deep });
    assert.equal(r.status, 400);
    const nul = await call(c.url, 'POST', '/_search', { raw: '\u0000\u0001' });
    assert.equal(nul.status, 400);
    const big = await call(c.url, 'POST', '/_search', {
      raw: JSON.stringify({ query: { terms: { level: Array.from({ length: 50_000 }, (_, i) => `v${i}`) } } }),
    });
    assert.equal(big.status, 200);
    assert.equal(at(big.json, 'hits', 'total', 'value'), 0);
  });
});
