// Running requests: what the extension adds to a request, and how it copes with a large answer.
//
// 1. An `_msearch` of 100 searches against the local cluster: the extension's whole run (resolve through the
//    language server over stdio, send with the cluster client, index the answer, build the first screen of the
//    Results tree) next to a bare undici request of the same body, interleaved, as a ratio of medians
//    (target: at most 1.15).
// 2. A 50 MB search answer served by another process: the time from the last byte received to the first screen of
//    the Results tree built (target: under 300 ms), and the longest time the event loop was blocked during the
//    whole run, download included (target: under 100 ms). JSON.parse of the same text is shown for comparison.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Agent, request } from 'undici';
import { ClusterClient } from '../client/src/core/clusterClient';
import { openResponse } from '../client/src/core/openResponse';
import type { ResponseDocument } from '../client/src/core/responseDocument';
import { ResponseWorker } from '../client/src/core/responseWorker';
import type { ResultNode } from '../client/src/core/resultTree';
import { executeRun } from '../client/src/core/runner';
import { DidOpenTextDocumentNotification } from 'vscode-languageserver-protocol';
import { ResolveRequest, type ResolveRequestParams } from '../server/src/protocol/protocol';
import { startCluster } from '@search-requests/local-cluster';
import { LspClient } from '../test/lsp/lspClient';
import { blockProbe, childPort } from './probes';

const SEARCHES = 100;
const ROUNDS = 30;
const WARMUP = 5;
const PAGE = 50;
const WORKER_SCRIPT = path.resolve(__dirname, '..', 'client', 'src', 'core', 'jsonWorker.js');

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function msearchFile(): string {
  const lines: string[] = [];
  const words = ['timeout', 'error', 'payment', 'login', 'cache', 'retry', 'slow', 'checkout', 'disk', 'user'];
  for (let i = 0; i < SEARCHES; i++) {
    lines.push(JSON.stringify(i % 4 === 3 ? { index: 'products' } : { index: 'logs' }));
    const word = words[i % words.length]!;
    lines.push(
      JSON.stringify(
        i % 5 === 0
          ? { size: 0, aggs: { levels: { terms: { field: 'level' } } } }
          : { query: { match: { message: word } }, size: 10 },
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}

/** The first screen of the Results tree: the top level, then the first page under the first expandable nodes. */
async function firstScreen(document: ResponseDocument): Promise<number> {
  let count = 0;
  const top = await document.children(null, 0, PAGE);
  count += top.length;
  let expand: ResultNode | undefined = top.find((node) => node.expandable);
  // Down to the hits of the first response, as the view opens them (responses and hits open expanded).
  for (let depth = 0; depth < 3 && expand !== undefined; depth++) {
    const children = await document.children(expand, 0, PAGE);
    count += children.length;
    expand = children.find((node) => node.kind === 'hits' || node.kind === 'item');
  }
  return count;
}

async function msearchBench(): Promise<void> {
  const cluster = await startCluster({ port: 0 });
  const lsp = new LspClient();
  const worker = new ResponseWorker(WORKER_SCRIPT);
  const client = await ClusterClient.create({ name: 'bench', url: cluster.url, auth: 'none' });
  const agent = new Agent({ connections: 16 });
  try {
    await lsp.initialize();
    const uri = 'file:///bench/hundred.msearch';
    const text = msearchFile();
    lsp.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri, languageId: 'msearch', version: 1, text },
    });
    const params: ResolveRequestParams = { uri, all: true };
    const bare = async (): Promise<number> => {
      const started = performance.now();
      const response = await request(`${cluster.url}/_msearch`, {
        method: 'POST',
        body: text,
        headers: { 'content-type': 'application/x-ndjson', 'x-opaque-id': 'bench/bare' },
        dispatcher: agent,
      });
      await response.body.arrayBuffer();
      return performance.now() - started;
    };
    let bytes = 0;
    const extension = async (round: number): Promise<number> => {
      const started = performance.now();
      const resolved = await lsp.request(ResolveRequest, params);
      const req = resolved.request;
      if (req?.body !== text) throw new Error('the language server did not resolve the file as written');
      const outcome = await executeRun(
        client,
        { method: req.method, path: req.path, query: req.query, body: req.body, contentType: 'application/x-ndjson' },
        { opaqueId: `vscode-search-requests/bench-${round}` },
      );
      if (outcome.response === undefined) throw new Error(outcome.failure?.message ?? 'no answer');
      bytes = outcome.response.bytes;
      const document = await openResponse(outcome.response.body, outcome.response.contentType, worker, 'bench');
      if (document.summary.items.length !== SEARCHES) throw new Error(`expected ${SEARCHES} responses`);
      await firstScreen(document);
      document.dispose();
      return performance.now() - started;
    };
    for (let i = 0; i < WARMUP; i++) {
      await bare();
      await extension(i);
    }
    const bareTimes: number[] = [];
    const extensionTimes: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      // Alternate which goes first, so that neither always meets a warmer cluster.
      if (i % 2 === 0) {
        bareTimes.push(await bare());
        extensionTimes.push(await extension(i));
      } else {
        extensionTimes.push(await extension(i));
        bareTimes.push(await bare());
      }
    }
    const ratio = median(extensionTimes) / median(bareTimes);
    console.log(
      `_msearch of ${SEARCHES} searches against the local cluster (${(bytes / 1024).toFixed(0)} KB answer), ${ROUNDS} rounds:`,
    );
    console.log(`  bare undici request      median ${median(bareTimes).toFixed(1)} ms`);
    console.log(
      `  extension run            median ${median(extensionTimes).toFixed(1)} ms (resolve, send, index, first screen)`,
    );
    console.log(`  ratio                    ${ratio.toFixed(3)} (target <= 1.15) ${ratio <= 1.15 ? 'OK' : 'OVER'}`);
  } finally {
    await agent.close();
    await client.close();
    await worker.dispose();
    await lsp.shutdown();
    await cluster.close();
  }
}

/** A search answer of about `megabytes` MB: hits with a realistic `_source`, then aggregations. */
function largeAnswer(megabytes: number): Buffer {
  const hits: string[] = [];
  let size = 0;
  for (let i = 0; size < megabytes * 1024 * 1024; i++) {
    const hit = JSON.stringify({
      _index: `logs-2026.06.${String((i % 28) + 1).padStart(2, '0')}`,
      _id: `doc-${i}`,
      _score: 1 + (i % 97) / 100,
      _source: {
        '@timestamp': '2026-06-01T12:00:00.000Z',
        message: `GET /api/orders/${i} 504 upstream timed out after 30000 ms while reading the response header "x-trace" é`,
        level: ['error', 'warn', 'info'][i % 3],
        service: { name: `svc-${i % 40}`, version: '1.4.2' },
        host: { name: `web-${i % 50}`, ip: `10.0.${i % 256}.${(i * 7) % 256}` },
        http: { request: { method: 'GET', bytes: i * 13 }, response: { status_code: 504 } },
        tags: ['prod', 'eu-west-1', 'checkout'],
      },
    });
    hits.push(hit);
    size += hit.length + 1;
  }
  const text = `{"took":412,"timed_out":false,"_shards":{"total":5,"successful":5,"skipped":0,"failed":0},"hits":{"total":{"value":10000,"relation":"gte"},"max_score":1.96,"hits":[${hits.join(',')}]},"aggregations":{"levels":{"buckets":[{"key":"error","doc_count":3}]}}}`;
  return Buffer.from(text, 'utf8');
}

/** Serves a file from another process, so that serving it does not block the event loop measured here. */
async function serveFile(file: string): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    const http = require('node:http'); const fs = require('node:fs');
    const body = fs.readFileSync(${JSON.stringify(file)});
    const server = http.createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8', 'content-length': body.length });
      res.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log('port ' + server.address().port));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await childPort(child, 'the file server');
  return { url: `http://127.0.0.1:${port}`, child };
}

async function largeAnswerBench(): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'search-requests-bench-'));
  const file = path.join(dir, 'answer.json');
  const body = largeAnswer(50);
  await writeFile(file, body);
  const server = await serveFile(file);
  const worker = new ResponseWorker(WORKER_SCRIPT);
  const client = await ClusterClient.create({ name: 'bench', url: server.url, auth: 'none' });
  try {
    const rows: { firstScreen: number; total: number; block: number; items: number }[] = [];
    for (let round = 0; round < 6; round++) {
      const probe = blockProbe();
      const started = performance.now();
      const response = await client.send({ method: 'GET', path: '/_search', opaqueId: 'bench/large' });
      const received = performance.now();
      const document = await openResponse(response.body, response.contentType, worker, 'bench');
      const items = await firstScreen(document);
      const done = performance.now();
      rows.push({ firstScreen: done - received, total: done - started, block: probe.stop(), items });
      document.dispose();
    }
    const text = body.toString('utf8');
    const parseStarted = performance.now();
    JSON.parse(text);
    const parseMs = performance.now() - parseStarted;
    const cold = rows[0]!;
    const warm = rows.slice(1);
    console.log(
      `A ${(body.length / (1024 * 1024)).toFixed(1)} MB search answer (${cold.items} tree items on the first screen):`,
    );
    console.log(
      `  first screen after the last byte   cold ${cold.firstScreen.toFixed(0)} ms, warm median ${median(warm.map((r) => r.firstScreen)).toFixed(0)} ms (target < 300 ms)`,
    );
    console.log(`  download and first screen          warm median ${median(warm.map((r) => r.total)).toFixed(0)} ms`);
    console.log(
      `  longest event loop block           ${Math.max(...rows.map((r) => r.block)).toFixed(0)} ms over all rounds (target < 100 ms)`,
    );
    console.log(`  for comparison, JSON.parse of it   ${parseMs.toFixed(0)} ms, all of it blocking`);
  } finally {
    await client.close();
    await worker.dispose();
    server.child.kill();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function runRunBench(): Promise<void> {
  console.log('Running requests');
  await msearchBench();
  await largeAnswerBench();
}
