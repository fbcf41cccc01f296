// What the extension host pays for very large answers: the longest time its event loop is blocked and its peak
// memory, while the client core reads them.
//
// 1. A `GET /_mapping` answer of about 180 MB (thousands of indexes with rich mappings), read as the cluster state
//    does every minute: fetched, read into the indexes and fields the language server is told, compared with what
//    was sent, and the notification's text made.
// 1b. The same cluster as the cluster state reads it while the open documents name a few of its indexes (a pattern
//    that matches ten of them): their mappings only, every index's name from `_cat/indices`.
// 2. A search answer of about 100 MB (hundreds of thousands of small hits), run as the Run command does: sent,
//    received, indexed for the Results view, and its first screen built.
//
// The answers come from a loopback HTTP server in another process (it does not share the event loop or the memory
// measured here); each case runs three times, each in a fresh process, and the medians are printed. The block is
// the longest gap between ticks of a 1 ms interval (on a loaded machine it includes time the thread was not
// scheduled); the peak memory is the process's resident set (main thread and worker threads together), sampled
// every 2 ms by a thread of its own, above what the process held before the case. Targets: block < 50 ms, peak
// < 3 times the answer.
import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { ClusterClient } from '../client/src/core/clusterClient';
import { ClusterStateTracker, fetchIndices } from '../client/src/core/clusterState';
import { openResponse } from '../client/src/core/openResponse';
import { ResponseWorker } from '../client/src/core/responseWorker';
import { executeRun } from '../client/src/core/runner';
import { blockProbe, childPort } from './probes';

const MB = 1024 * 1024;
const MAPPING_MB = 180;
const SEARCH_MB = 100;
const WORKER_SCRIPT = path.resolve(__dirname, '..', 'client', 'src', 'core', 'jsonWorker.js');

const LEAVES: readonly (readonly [string, string])[] = [
  ['id', '{"type":"keyword","ignore_above":256}'],
  ['name', '{"type":"text","analyzer":"standard","fields":{"keyword":{"type":"keyword","ignore_above":256}}}'],
  ['status', '{"type":"keyword","ignore_above":256,"doc_values":true}'],
  ['message', '{"type":"text","analyzer":"standard","norms":false,"index_options":"positions"}'],
  ['bytes', '{"type":"long","coerce":true}'],
  ['created', '{"type":"date","format":"strict_date_optional_time||epoch_millis"}'],
  ['ip', '{"type":"ip","ignore_malformed":true}'],
  ['score', '{"type":"scaled_float","scaling_factor":100}'],
];
const AREAS = ['http', 'url', 'user', 'host', 'kubernetes', 'cloud', 'event', 'process', 'service', 'source'];
const THINGS = ['request', 'response', 'client', 'server', 'pod', 'node', 'namespace', 'instance', 'account', 'region'];

/** What `filter_path=*.mappings.**.type` leaves of a field's mapping: its `type`, and those of its multi-fields. */
function typesOnly(field: string): string {
  const parsed = JSON.parse(field) as { type: string; fields?: Record<string, { type: string }> };
  const fields =
    parsed.fields === undefined
      ? ''
      : `,"fields":{${Object.entries(parsed.fields)
          .map(([name, sub]) => `${JSON.stringify(name)}:{"type":${JSON.stringify(sub.type)}}`)
          .join(',')}}`;
  return `{"type":${JSON.stringify(parsed.type)}${fields}}`;
}

/** One index's mapping: areas and things as objects, leaves as fields (800 of them); `n` makes indexes differ. */
function indexMapping(n: number, filtered: boolean): string {
  const areas = AREAS.map((area, a) => {
    const things = THINGS.map((thing, t) => {
      const leaves = LEAVES.map(([name], l) => {
        const mapping = LEAVES[(l + n + a + t) % LEAVES.length]![1];
        return `"${name}_${l}":${filtered ? typesOnly(mapping) : mapping}`;
      });
      return `"${thing}":{"properties":{${leaves.join(',')}}}`;
    });
    return `"${area}":{"properties":{${things.join(',')}}}`;
  });
  const meta = filtered ? '' : `"_meta":{"owner":"team-${n % 17}","created_by":"index-template-v${n % 5}"},`;
  return `{"mappings":{${meta}"dynamic":"strict","properties":{${areas.join(',')}}}}`;
}

function mappingAnswer(filtered: boolean): Buffer {
  const parts: string[] = [];
  let size = 2;
  for (let n = 0; filtered ? n < mappingIndexCount() : size < MAPPING_MB * MB; n++) {
    const part = `"logs-app-${String(n).padStart(5, '0')}":${indexMapping(n, filtered)}`;
    parts.push(part);
    size += part.length + 1;
  }
  return Buffer.from(`{${parts.join(',')}}`);
}

/** `GET /<names>/_mapping`: the filtered mappings of the indexes the comma-separated names or `prefix*` patterns match. */
function namedMappingAnswer(names: readonly string[], filtered: boolean): Buffer {
  const parts: string[] = [];
  for (let n = 0; n < mappingIndexCount(); n++) {
    const index = `logs-app-${String(n).padStart(5, '0')}`;
    const matches = names.some((name) => (name.endsWith('*') ? index.startsWith(name.slice(0, -1)) : index === name));
    if (matches) parts.push(`"${index}":${indexMapping(n, filtered)}`);
  }
  return Buffer.from(`{${parts.join(',')}}`);
}

let indexCount: number | undefined;
function mappingIndexCount(): number {
  if (indexCount === undefined) {
    const one = indexMapping(0, false).length + 24;
    indexCount = Math.ceil((MAPPING_MB * MB) / one);
  }
  return indexCount;
}

function searchAnswer(): Buffer {
  const hits: string[] = [];
  let size = 0;
  for (let i = 0; size < SEARCH_MB * MB; i++) {
    const hit = `{"_index":"logs-2026.06.${String((i % 28) + 1).padStart(2, '0')}","_id":"doc-${i}","_score":${(1 + (i % 97) / 100).toFixed(2)},"_source":{"level":"${['error', 'warn', 'info'][i % 3]!}","service":"svc-${i % 40}","status":${200 + (i % 5)},"bytes":${i * 13},"tags":["prod","eu-west-1"]}}`;
    hits.push(hit);
    size += hit.length + 1;
  }
  return Buffer.from(
    `{"took":412,"timed_out":false,"_shards":{"total":5,"successful":5,"skipped":0,"failed":0},"hits":{"total":{"value":${hits.length},"relation":"eq"},"max_score":1.96,"hits":[${hits.join(',')}]}}`,
  );
}

/** The answer server (another process): the full `_mapping`, or what filter_path leaves of it; the search answer. */
function serve(): void {
  const cache = new Map<string, Buffer>();
  const body = (name: string, make: () => Buffer): Buffer => {
    let value = cache.get(name);
    if (value === undefined) {
      value = make();
      cache.set(name, value);
    }
    return value;
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let answer: Buffer;
    if (url.pathname === '/_mapping') {
      const filtered = (url.searchParams.get('filter_path') ?? '').includes('**.type');
      answer = body(filtered ? 'filtered' : 'mapping', () => mappingAnswer(filtered));
    } else if (url.pathname.endsWith('/_mapping')) {
      const names = url.pathname.slice(1, -'/_mapping'.length).split(',').map(decodeURIComponent);
      answer = namedMappingAnswer(names, (url.searchParams.get('filter_path') ?? '').includes('**.type'));
    } else if (url.pathname.endsWith('/_search')) {
      answer = body('search', searchAnswer);
    } else if (url.pathname.startsWith('/_cat/indices')) {
      const rows: string[] = [];
      for (let n = 0; n < mappingIndexCount(); n++) rows.push(`{"index":"logs-app-${String(n).padStart(5, '0')}"}`);
      answer = Buffer.from(`[${rows.join(',')}]`);
    } else if (url.pathname.startsWith('/_cat/')) {
      answer = Buffer.from('[]');
    } else {
      answer = Buffer.from('{"error":"not here","status":404}');
      res.writeHead(404, { 'content-type': 'application/json', 'content-length': answer.length });
      res.end(answer);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': answer.length });
    res.end(answer);
  });
  // Ready once the answers are made, so that making them is not part of what is measured.
  body('mapping', () => mappingAnswer(false));
  body('filtered', () => mappingAnswer(true));
  body('search', searchAnswer);
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`port ${typeof address === 'object' && address !== null ? address.port : 0}`);
  });
  // Stops with the bench that started it.
  process.stdin.on('end', () => process.exit(0));
  process.stdin.resume();
}

async function startServer(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--max-old-space-size=4096', __filename, '--serve'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const port = await childPort(child, 'the answer server');
  return { url: `http://127.0.0.1:${port}`, child };
}

/** The process's peak resident set, sampled by a thread of its own (it keeps sampling while the main one is busy). */
async function memoryProbe(): Promise<{ stop: () => Promise<number> }> {
  const sampler = new Worker(
    `const { parentPort } = require('node:worker_threads');
     let peak = process.memoryUsage.rss();
     const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 2);
     parentPort.on('message', () => { clearInterval(timer); parentPort.postMessage(Math.max(peak, process.memoryUsage.rss())); });
     parentPort.postMessage('ready');`,
    { eval: true },
  );
  await new Promise((resolve) => sampler.once('message', resolve));
  return {
    stop: async () => {
      const peak = new Promise<number>((resolve) => sampler.once('message', resolve));
      sampler.postMessage('stop');
      const value = await peak;
      await sampler.terminate();
      return value;
    },
  };
}

interface Figures {
  readonly label: string;
  readonly answerBytes: number;
  readonly blockMs: number;
  readonly peakBytes: number;
  readonly totalMs: number;
  readonly notes: readonly string[];
}

async function measure(label: string, work: () => Promise<{ answerBytes: number; notes: string[] }>): Promise<Figures> {
  const memory = await memoryProbe();
  // Settle what starting took before the baseline.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const baseline = process.memoryUsage.rss();
  const probe = blockProbe();
  const started = performance.now();
  const { answerBytes, notes } = await work();
  const totalMs = performance.now() - started;
  const blockMs = probe.stop();
  const peak = await memory.stop();
  return { label, answerBytes, blockMs, peakBytes: peak - baseline, totalMs, notes };
}

/** Named index expressions, as the open documents give them (`named` case), or every index (`mapping` case). */
const NAMED = ['logs-app-0000*'];

async function mappingCase(url: string, named: boolean): Promise<Figures> {
  const client = await ClusterClient.create({ name: 'bench', url, auth: 'none' });
  const worker = new ResponseWorker(WORKER_SCRIPT);
  try {
    const full = await fetchAnswerSize(`${url}/_mapping`);
    const label = named
      ? `GET /${NAMED.join(',')}/_mapping of the same cluster (the indexes the open documents name)`
      : `GET /_mapping, ${(full / MB).toFixed(0)} MB`;
    return await measure(label, async () => {
      const { indices, problem } = await fetchIndices(client, {
        opaqueId: 'bench/mapping',
        timeoutMs: 120_000,
        host: worker,
        ...(named ? { indexes: NAMED } : {}),
      });
      const tracker = new ClusterStateTracker();
      const delta = tracker.delta({ clusterName: 'bench', indices });
      const text = JSON.stringify(delta ?? {});
      const fields = indices.reduce((n, index) => n + index.fields.length, 0);
      return {
        answerBytes: full,
        notes: [
          `${indices.length} indexes, ${fields} fields read; the notification's text ${(text.length / MB).toFixed(1)} MB`,
          ...(problem === undefined ? [] : [problem]),
        ],
      };
    });
  } finally {
    await client.close();
    await worker.dispose();
  }
}

async function searchCase(url: string): Promise<Figures> {
  const client = await ClusterClient.create({ name: 'bench', url, auth: 'none' });
  const worker = new ResponseWorker(WORKER_SCRIPT);
  try {
    return await measure(`search answer, ${SEARCH_MB} MB`, async () => {
      const outcome = await executeRun(
        client,
        { method: 'GET', path: '/logs/_search', query: [] },
        { opaqueId: 'bench/search' },
      );
      if (outcome.response === undefined) throw new Error(outcome.failure?.message ?? 'no answer');
      const bytes = outcome.response.bytes;
      const document = await openResponse(outcome.response.body, outcome.response.contentType, worker, 'bench');
      const top = await document.children(null, 0, 50);
      const hits = top.find((node) => node.kind === 'hits');
      const page = hits === undefined ? [] : await document.children(hits, 0, 50);
      const lastPage =
        hits === undefined ? [] : await document.children(hits, (document.summary.items[0]?.hits ?? 50) - 50, 50);
      document.dispose();
      return {
        answerBytes: bytes,
        notes: [
          `${document.summary.items[0]?.hits ?? 0} hits; first screen ${top.length + page.length} items, last page ${lastPage.length}`,
        ],
      };
    });
  } finally {
    await client.close();
    await worker.dispose();
  }
}

async function fetchAnswerSize(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .request(url, { method: 'HEAD' }, (res) => {
        res.resume();
        resolve(Number(res.headers['content-length'] ?? 0));
      })
      .on('error', reject)
      .end();
  });
}

async function runCase(name: string, url: string): Promise<void> {
  const figures =
    name === 'mapping' || name === 'named' ? await mappingCase(url, name === 'named') : await searchCase(url);
  console.log(JSON.stringify(figures));
}

function print(figures: Figures): void {
  const ratio = figures.peakBytes / figures.answerBytes;
  console.log(`${figures.label} (${(figures.totalMs / 1000).toFixed(1)} s in all, medians of the rounds)`);
  for (const note of figures.notes) console.log(`  ${note}`);
  console.log(
    `  longest main-thread block   ${figures.blockMs.toFixed(0)} ms (target < 50 ms) ${figures.blockMs < 50 ? 'OK' : 'OVER'}`,
  );
  console.log(
    `  peak memory above the start ${(figures.peakBytes / MB).toFixed(0)} MB, ${ratio.toFixed(2)} x the answer (target < 3 x) ${ratio < 3 ? 'OK' : 'OVER'}`,
  );
}

const ROUNDS = 3;

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--serve') {
    serve();
    return;
  }
  if (args[0] === '--case') return runCase(args[1]!, args[2]!);
  const server = await startServer();
  console.log(
    `${ROUNDS} rounds per case, each in a fresh process; load average at the start ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
  );
  try {
    for (const name of ['mapping', 'named', 'search']) {
      const rounds: Figures[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const child = spawn(process.execPath, [__filename, '--case', name, server.url], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
        const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
        const line = out.trim().split('\n').pop() ?? '';
        if (code !== 0 || !line.startsWith('{')) {
          console.log(`${name}: failed (exit code ${code}) ${out}`);
          break;
        }
        rounds.push(JSON.parse(line) as Figures);
      }
      if (rounds.length === 0) continue;
      print({
        ...rounds[0]!,
        blockMs: median(rounds.map((r) => r.blockMs)),
        peakBytes: median(rounds.map((r) => r.peakBytes)),
        totalMs: median(rounds.map((r) => r.totalMs)),
      });
      console.log(
        `  each round: block ${rounds.map((r) => r.blockMs.toFixed(0)).join(', ')} ms; peak ${rounds.map((r) => (r.peakBytes / MB).toFixed(0)).join(', ')} MB`,
      );
    }
  } finally {
    server.child.stdin!.end();
    server.child.kill();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
