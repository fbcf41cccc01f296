// Large request bodies on the local cluster: the time of one request and the memory it added to the cluster's process
// (peak resident set size above what it held before), for `_doc`, `_bulk`, `_search` and `_msearch` bodies of about
// 25, 50 and 95 MB (the cluster refuses over 100 MB). Each run starts a cluster in a process of its own.
// `node out/bench/bigBody.js [shape ...] [--sizes 25,50,95]`; BIG_BODY_CLUSTER=<path of another build's
// out/src/index.js> measures that build instead (to compare with an earlier one).
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const MB = 1024 * 1024;
const TIMEOUT_MS = Number(process.env.BIG_BODY_TIMEOUT_MS ?? 180_000);

interface Shape {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly contentType: string;
  readonly body: (bytes: number) => string;
}

const LINE = '{"index":{"_index":"small"}}\n{"a":1,"b":"hello world"}\n';

const SHAPES: readonly Shape[] = [
  {
    name: 'doc',
    method: 'PUT',
    path: '/big/_doc/1',
    contentType: 'application/json',
    body: (n) => `{"text":"${'x'.repeat(n)}"}`,
  },
  {
    name: 'bulk',
    method: 'POST',
    path: '/_bulk',
    contentType: 'application/x-ndjson',
    // Documents of 1 MB each.
    body: (n) =>
      Array.from(
        { length: Math.max(1, Math.round(n / MB)) },
        (_, i) => `{"index":{"_index":"bulk","_id":"${i}"}}\n{"text":"${'x'.repeat(MB - 64)}"}\n`,
      ).join(''),
  },
  {
    name: 'bulk-small',
    method: 'POST',
    path: '/_bulk',
    contentType: 'application/x-ndjson',
    body: (n) => LINE.repeat(Math.floor(n / LINE.length)),
  },
  {
    name: 'search',
    method: 'POST',
    path: '/_search',
    contentType: 'application/json',
    body: (n) => `{"query":{"term":{"f":"${'x'.repeat(n)}"}}}`,
  },
  {
    name: 'msearch',
    method: 'POST',
    path: '/_msearch',
    contentType: 'application/x-ndjson',
    body: (n) => `{}\n{"query":{"term":{"f":"${'x'.repeat(n)}"}}}\n`,
  },
];

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

/** The child: a cluster that reports its memory on demand. */
async function serve(): Promise<void> {
  const from = process.env.BIG_BODY_CLUSTER;
  const mod = (await import(
    from ?? '@search-requests/local-cluster'
  )) as typeof import('@search-requests/local-cluster');
  const cluster = await mod.startCluster({ sampleData: false });
  let sampled = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage().rss);
  }, 5);
  sampler.unref();
  process.on('message', (m: unknown) => {
    if (m === 'rss') {
      const answer: Peak = { rss: process.memoryUsage().rss, peak: peakRss(sampled) };
      process.send?.(answer);
    } else {
      void cluster.close().then(() => {
        process.disconnect();
      });
    }
  });
  process.send?.({ url: cluster.url });
}

async function measure(shape: Shape, mb: number): Promise<string> {
  const body = shape.body(mb * MB);
  const child = fork(__filename, ['--serve'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      child.once('message', (m: T) => {
        resolve(m);
      });
      child.once('exit', (code, signal) => {
        reject(new Error(`exit ${String(code ?? signal)}`));
      });
    });
  try {
    const { url } = await next<{ url: string }>();
    child.send('rss');
    const before = await next<Peak>();
    const started = performance.now();
    const r = await fetch(url + shape.path, {
      method: shape.method,
      headers: { 'content-type': shape.contentType },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await r.text();
    const ms = performance.now() - started;
    child.send('rss');
    const after = await next<Peak>();
    const added = (after.peak - Math.max(before.rss, before.peak)) / MB;
    const size = body.length / MB;
    return `${size.toFixed(1).padStart(6)} MB: status ${r.status}, ${ms.toFixed(0).padStart(6)} ms, peak +${added.toFixed(0).padStart(5)} MB (${(added / size).toFixed(1)}x the body), answer ${(text.length / 1024).toFixed(0)} KB`;
  } catch (e) {
    return `${mb} MB: failed (${e instanceof Error ? e.message : String(e)})`;
  } finally {
    child.kill();
  }
}

export async function runBigBodyBench(only: readonly string[] = [], sizes: readonly number[] = [25, 50, 95]) {
  console.log('Local cluster, large bodies: time of the request and peak memory it added to the cluster process');
  for (const shape of SHAPES) {
    if (only.length > 0 && !only.includes(shape.name)) continue;
    console.log(`- ${shape.name}: ${shape.method} ${shape.path}`);
    for (const mb of sizes) console.log(`  ${await measure(shape, mb)}`);
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--serve') {
    void serve();
  } else {
    const at = args.indexOf('--sizes');
    const sizes = at < 0 ? undefined : args[at + 1]!.split(',').map(Number);
    const shapes = args.filter((a, i) => a !== '--sizes' && (at < 0 || i !== at + 1));
    void runBigBodyBench(shapes, sizes);
  }
}
