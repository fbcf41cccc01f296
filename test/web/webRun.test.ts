// Running requests from a web page with fetch (what VS Code for the Web does), in headless Chromium: the browser's
// own CORS rules decide. A cluster on another origin that does not allow the page gets the message that says what it
// must allow; one that allows it (here the local cluster behind a front that answers as http.cors.* would) runs.
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import type { Browser, Page } from 'playwright-core';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { launchBrowser } from '../../scripts/lib/browser';
import type { FetchOutcome } from '../../client/src/core/fetchRun';
import { corsFront, type CorsFront } from './corsFront';

const REPOSITORY = path.resolve(__dirname, '../../..');

/** fetchRun bundled for the page, as the web extension's bundle holds it. */
async function pageScript(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { fetchRun } from './client/src/core/fetchRun'; globalThis.fetchRun = fetchRun;",
      resolveDir: REPOSITORY,
      loader: 'ts',
    },
    bundle: true,
    platform: 'browser',
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

interface PageWindow {
  fetchRun(cluster: unknown, request: unknown, options: unknown): Promise<FetchOutcome>;
}

void describe('running requests from a web page with fetch', () => {
  let cluster: RunningCluster;
  let page: Page;
  let browser: Browser;
  let site: Server;
  let front: CorsFront;
  let frontUrl: string;
  before(async () => {
    cluster = await startCluster();
    const script = await pageScript();
    site = createServer((req, res) => {
      if (req.url === '/page.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><script src="/page.js"></script>');
    });
    const siteUrl = await listen(site);
    front = corsFront(cluster.url, siteUrl);
    frontUrl = await listen(front);
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(`${siteUrl}/`);
  });
  after(async () => {
    await browser.close();
    await new Promise((resolve) => site.close(resolve));
    await new Promise((resolve) => front.close(resolve));
    await cluster.close();
  });

  const run = (url: string, origin: string, method = 'POST'): Promise<FetchOutcome> =>
    page.evaluate(
      ([clusterUrl, pageOrigin, httpMethod]) =>
        (globalThis as unknown as PageWindow).fetchRun(
          { name: 'local', url: clusterUrl, auth: 'none' },
          {
            method: httpMethod,
            path: '/logs-*/_search',
            query: [{ name: 'size', value: '1', hasValue: true }],
            body: '{"query":{"match":{"message":"timeout"}}}',
          },
          { opaqueId: 'vscode-search-requests/web-test', timeoutMs: 10_000, origin: pageOrigin },
        ),
      [url, origin, method] as const,
    );

  void it('says what the cluster must allow when the browser may not read its answers', async () => {
    const origin = await page.evaluate(
      () => (globalThis as unknown as { location: { origin: string } }).location.origin,
    );
    const outcome = await run(cluster.url, origin);
    assert.equal(outcome.kind, 'blocked');
    assert.match(
      outcome.message,
      /^The browser could not send the request to 127\.0\.0\.1:\d+ or was not allowed to read/,
    );
    assert.ok(outcome.message.includes(`http.cors.allow-origin: "${origin}"`), outcome.message);
    assert.ok(outcome.message.includes('http.cors.allow-headers: "Content-Type,X-Opaque-Id"'), outcome.message);
  });

  void it('runs where the cluster allows the page (CORS)', async () => {
    const outcome = await run(frontUrl, 'unused');
    assert.equal(outcome.kind, 'answer');
    assert.equal(outcome.status, 200);
    const answer = JSON.parse(outcome.text) as { hits: { hits: unknown[]; total: { value: number } } };
    assert.equal(answer.hits.hits.length, 1);
    assert.ok(answer.hits.total.value > 0);
  });

  void it('sends a GET with a body as POST, which browsers require and OpenSearch reads the same', async () => {
    const outcome = await run(frontUrl, 'unused', 'GET');
    assert.equal(outcome.kind, 'answer');
    assert.equal(front.methods.at(-1), 'POST');
    assert.equal(outcome.status, 200);
  });
});
