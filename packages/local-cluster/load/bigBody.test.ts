// Large bodies: a request of tens of megabytes must take memory in proportion to its size (a small multiple), not one
// object per character or value. The cluster runs in a child process of its own (this file, started with BIG_BODY_CHILD
// set), so that its peak resident set size is measured apart from the test's own copy of the body.
import assert from 'node:assert/strict';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { startCluster } from '../src/index';
import { call } from '../test/testClient';

const MB = 1024 * 1024;
/** The body size of each case. */
const SIZE = 30 * MB;
/** Peak memory growth allowed, as a multiple of the body: generous, the reader once took about 38 times. */
const BOUND = 6;

interface Ready {
  readonly url: string;
}
interface Peak {
  readonly rss: number;
  readonly peak: number;
}

/**
 * The peak resident set size of this process. `resourceUsage().maxRSS` is no use in a forked child: on Linux it
 * starts from the parent's size at the fork. So the kernel's own high-water mark of this process is read where there
 * is one (`VmHWM`), and elsewhere the size sampled every few milliseconds is used.
 */
function peakRss(sampled: number): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm !== null) return Number(hwm[1]) * 1024;
  } catch {
    // not Linux
  }
  return sampled;
}

if (process.env.BIG_BODY_CHILD === '1') {
  void (async () => {
    const c = await startCluster({ sampleData: false });
    let sampled = process.memoryUsage().rss;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, process.memoryUsage().rss);
    }, 5);
    sampler.unref();
    process.on('message', (m: unknown) => {
      if (m === 'rss') {
        global.gc?.();
        const answer: Peak = { rss: process.memoryUsage().rss, peak: peakRss(sampled) };
        process.send?.(answer);
      } else if (m === 'stop') {
        void c.close().then(() => {
          process.disconnect();
        });
      }
    });
    const ready: Ready = { url: c.url };
    process.send?.(ready);
  })();
} else {
  void describe('large bodies', () => {
    /**
     * Sends the body to a cluster started for it alone (a peak resident set size only grows, so each case needs a fresh
     * process) and returns the growth of that peak over what the process held before the request.
     */
    async function growth(method: string, path: string, body: string, contentType = 'application/json') {
      const child = fork(__filename, [], {
        env: { ...process.env, BIG_BODY_CHILD: '1' },
        execArgv: ['--expose-gc'],
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      const next = <T>(): Promise<T> =>
        new Promise((resolve, reject) => {
          child.once('message', (m: T) => {
            resolve(m);
          });
          void exited.then((code) => {
            reject(new Error(`cluster exited with ${String(code)}`));
          });
        });
      try {
        const { url } = await next<Ready>();
        child.send('rss');
        const before = await next<Peak>();
        const r = await call(url, method, path, { raw: body, contentType });
        child.send('rss');
        const afterwards = await next<Peak>();
        return { status: r.status, json: r.json, added: afterwards.peak - Math.max(before.rss, before.peak) };
      } finally {
        child.send('stop');
        await exited;
      }
    }

    const big = (n: number): string => 'x'.repeat(n);

    void it('indexes a 30 MB document with a peak under 6 times its size', async () => {
      const body = `{"text":"${big(SIZE)}"}`;
      const r = await growth('PUT', '/big/_doc/1', body);
      assert.equal(r.status, 201);
      assert.ok(r.added < BOUND * body.length, `added ${(r.added / MB).toFixed(0)} MB for ${body.length / MB} MB`);
    });

    void it('takes a 30 MB _bulk body of large documents with a peak under 6 times its size', async () => {
      const doc = `{"text":"${big(SIZE / 10 - 64)}"}`;
      const body = Array.from({ length: 10 }, (_, i) => `{"index":{"_index":"bulk","_id":"${i}"}}\n${doc}\n`).join('');
      const r = await growth('POST', '/_bulk', body, 'application/x-ndjson');
      assert.equal(r.status, 200);
      assert.equal((r.json as { errors: boolean }).errors, false);
      assert.ok(r.added < BOUND * body.length, `added ${(r.added / MB).toFixed(0)} MB for ${body.length / MB} MB`);
    });

    void it('reads a 30 MB _search body with a peak under 6 times its size', async () => {
      const body = `{"query":{"term":{"text.keyword":"${big(SIZE)}"}}}`;
      const r = await growth('POST', '/_search', body);
      assert.equal(r.status, 200);
      assert.equal((r.json as { hits: { total: { value: number } } }).hits.total.value, 0);
      assert.ok(r.added < BOUND * body.length, `added ${(r.added / MB).toFixed(0)} MB for ${body.length / MB} MB`);
    });

    void it('reads a 30 MB _msearch body with a peak under 6 times its size', async () => {
      const body = `{}\n{"query":{"term":{"text.keyword":"${big(SIZE)}"}}}\n`;
      const r = await growth('POST', '/_msearch', body, 'application/x-ndjson');
      assert.equal(r.status, 200);
      assert.equal((r.json as { responses: { status: number }[] }).responses[0]?.status, 200);
      assert.ok(r.added < BOUND * body.length, `added ${(r.added / MB).toFixed(0)} MB for ${body.length / MB} MB`);
    });
  });
}
