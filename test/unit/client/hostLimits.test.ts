// What keeps the extension host responsive with huge or hostile answers: the caps on what is read, no buffer sized
// from a Content-Length before the bytes arrive, background answers parsed in the worker thread.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { readInBackground } from '../../../client/src/core/backgroundRead';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { fetchIndices, MAPPING_FILTER_PATH } from '../../../client/src/core/clusterState';
import { RequestFailure } from '../../../client/src/core/failures';
import { NODES_READER } from '../../../client/src/core/nodesInfo';
import { ResponseWorker } from '../../../client/src/core/responseWorker';

const WORKER = path.resolve(__dirname, '..', '..', '..', 'client', 'src', 'core', 'jsonWorker.js');
const MB = 1024 * 1024;

async function serve(handler: http.RequestListener): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
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

void describe('limits on what the extension host reads', () => {
  const closers: (() => Promise<void>)[] = [];
  after(async () => {
    for (const close of closers) await close();
  });

  void it('stops reading an endless answer at the limit, with a message naming the setting', async () => {
    const closed = { yes: false };
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = (): void => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      res.on('close', () => {
        closed.yes = true;
      });
      res.write('[');
      write();
    });
    closers.push(server.close);
    const client = await ClusterClient.create({ name: 'endless', url: server.url, auth: 'none' }, { maxBytes: 2 * MB });
    try {
      const failure = await failureOf(client.send({ method: 'GET', path: '/_search', opaqueId: 'test/endless' }));
      assert.equal(failure.kind, 'tooLarge');
      assert.match(
        failure.message,
        /GET \/_search is more than 2\.0 MB, the limit set by searchRequests\.maxResponseBytes/,
      );
      // The connection is let go: the server sees it close.
      for (let i = 0; i < 100 && !closed.yes; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      assert.ok(closed.yes, 'the endless answer is still being read');
    } finally {
      await client.close();
    }
  });

  void it('allocates nothing from a Content-Length that the bytes do not follow', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let arrived: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(200 * MB) });
      res.write('{"took":1,');
      arrived();
      void held.then(() => res.destroy());
    });
    closers.push(server.close);
    const client = await ClusterClient.create({ name: 'liar', url: server.url, auth: 'none' });
    try {
      const before = process.memoryUsage().arrayBuffers;
      const pending = failureOf(client.send({ method: 'GET', path: '/_search', opaqueId: 'test/liar' }));
      await started;
      // Let the client take the headers and the first bytes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const grown = process.memoryUsage().arrayBuffers - before;
      release();
      const failure = await pending;
      assert.ok(grown < 16 * MB, `${(grown / MB).toFixed(0)} MB allocated for 10 bytes`);
      assert.equal(failure.kind, 'truncated');
      assert.match(failure.message, /200\.0 MB|cut|before/i);
    } finally {
      await client.close();
    }
  });

  void it('refuses a background answer beyond its own limit, whatever the run limit', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(`{"nodes":{"a":{"name":"${'x'.repeat(2 * MB)}"}}}`);
    });
    closers.push(server.close);
    const client = await ClusterClient.create({ name: 'big', url: server.url, auth: 'none' });
    try {
      const failure = await failureOf(
        readInBackground(
          client,
          { method: 'GET', path: '/_nodes', opaqueId: 'test/nodes', maxBytes: MB },
          NODES_READER,
        ),
      );
      assert.equal(failure.kind, 'tooLarge');
      assert.match(failure.message, /GET \/_nodes is more than 1\.0 MB, the limit for GET \/_nodes in the background/);
    } finally {
      await client.close();
    }
  });

  void it('asks for field types only, and knows the indexes by name when the mappings are beyond their limit', async () => {
    const asked: string[] = [];
    const server = await serve((req, res) => {
      asked.push(req.url ?? '');
      const url = new URL(req.url ?? '/', 'http://x');
      res.writeHead(200, { 'content-type': 'application/json' });
      if (url.pathname === '/_mapping') {
        // More than the 32 MB limit, sent without a length.
        res.write('{"huge":{"mappings":{"properties":{');
        const field = Buffer.from('"f":{"type":"keyword"},'.repeat(40_000));
        const write = (): void => {
          while (!res.destroyed && res.write(field));
          if (!res.destroyed) res.once('drain', write);
        };
        write();
      } else if (url.pathname === '/_cat/indices') res.end('[{"index":"huge"},{"index":"small"}]');
      else res.end('[{"alias":"all","index":"small"}]');
    });
    closers.push(server.close);
    const client = await ClusterClient.create({ name: 'mapped', url: server.url, auth: 'none' });
    try {
      const answer = await fetchIndices(client, { opaqueId: 'test/indices' });
      assert.deepEqual(answer.indices, [
        { name: 'huge', aliases: [], fields: [], fieldsUnknown: true },
        { name: 'small', aliases: ['all'], fields: [], fieldsUnknown: true },
      ]);
      assert.match(answer.problem ?? '', /more than 32\.0 MB, the limit for mappings read in the background/);
      const mapping = asked.find((url) => url.startsWith('/_mapping'));
      assert.equal(new URL(mapping ?? '', 'http://x').searchParams.get('filter_path'), MAPPING_FILTER_PATH);
    } finally {
      await client.close();
    }
  });

  void it('parses a large background answer in the worker thread, not on this one', async () => {
    const nodes: Record<string, unknown> = {};
    for (let i = 0; i < 4000; i++) nodes[`node-${i}`] = { name: `n${i}`, host: 'h', ip: '10.0.0.1', roles: ['data'] };
    const text = JSON.stringify({ cluster_name: 'c', nodes });
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(text);
    });
    closers.push(server.close);
    const client = await ClusterClient.create({ name: 'nodes', url: server.url, auth: 'none' });
    const worker = new ResponseWorker(WORKER);
    const seen: number[] = [];
    const host = {
      read: (body: Uint8Array, reader: Parameters<ResponseWorker['read']>[1]) => {
        const promise = worker.read(body, reader);
        // The body's buffer went to the worker: nothing of it is left here to parse.
        seen.push(body.byteLength);
        return promise;
      },
    };
    try {
      const answer = await readInBackground(
        client,
        { method: 'GET', path: '/_nodes', opaqueId: 'test/nodes', maxBytes: 4 * MB },
        NODES_READER,
        host,
      );
      assert.deepEqual(seen, [0]);
      assert.ok(answer.ok);
      assert.equal(answer.value.clusterName, 'c');
      assert.equal(answer.value.nodes.length, 4000);
      assert.equal(answer.value.nodes[3999]?.name, 'n3999');
    } finally {
      await client.close();
      await worker.dispose();
    }
  });
});
