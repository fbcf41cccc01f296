// The web bundle of the language server (server/dist/browserServer.js) in a real Web Worker of headless Chromium,
// answering the LSP requests of documents, compared answer by answer with the Node server (server/dist/server.js
// over stdio) on the same documents: diagnostics, completion, hover, outline, folding, formatting, code lenses.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import {
  CodeLensRequest,
  CompletionRequest,
  DidOpenTextDocumentNotification,
  DocumentFormattingRequest,
  DocumentSymbolRequest,
  FoldingRangeRequest,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  type InitializeResult,
  type NotificationType,
  type PublishDiagnosticsParams,
  type RequestType,
} from 'vscode-languageserver-protocol';
import { Target } from '../../server/src/protocol/protocol';
import { launchBrowser } from '../../scripts/lib/browser';
import { LspClient } from '../lsp/lspClient';

const REPOSITORY = path.resolve(__dirname, '../../..');
const BUNDLE = path.join(REPOSITORY, 'server/dist/browserServer.js');

/** The page: a worker running the bundle, and a bare JSON-RPC client over its messages. */
const PAGE = `<!doctype html><meta charset="utf-8"><title>language server in a web worker</title><script>
const worker = new Worker('/browserServer.js');
const pending = new Map();
let nextId = 1;
window.notifications = [];
window.workerErrors = [];
worker.onerror = (event) => { window.workerErrors.push(String(event.message)); };
worker.onmessage = (event) => {
  const message = event.data;
  if (message.id !== undefined && message.method === undefined) {
    pending.get(message.id)?.(message);
    pending.delete(message.id);
  } else if (message.method !== undefined && message.id !== undefined) {
    worker.postMessage({ jsonrpc: '2.0', id: message.id, result: null });
  } else {
    window.notifications.push(message);
  }
};
window.lspRequest = (method, params) => new Promise((resolve) => {
  const id = nextId++;
  pending.set(id, resolve);
  worker.postMessage({ jsonrpc: '2.0', id, method, params });
});
window.lspNotify = (method, params) => { worker.postMessage({ jsonrpc: '2.0', method, params }); };
</script>`;

interface Endpoint {
  request<P, R>(type: RequestType<P, R, unknown>, params: P): Promise<R>;
  notify<P>(type: NotificationType<P>, params: P): Promise<void>;
  diagnostics(uri: string): Promise<PublishDiagnosticsParams>;
}

interface PageWindow {
  lspRequest(method: string, params: unknown): Promise<{ result?: unknown; error?: { message: string } }>;
  lspNotify(method: string, params: unknown): void;
  notifications: { method: string; params: unknown }[];
  workerErrors: string[];
}

function browserEndpoint(page: Page): Endpoint {
  return {
    async request<P, R>(type: RequestType<P, R, unknown>, params: P): Promise<R> {
      const answer = await page.evaluate(([method, p]) => (globalThis as unknown as PageWindow).lspRequest(method, p), [
        type.method,
        params,
      ] as const);
      if (answer.error !== undefined) throw new Error(answer.error.message);
      // The worker's answers are the LSP's JSON: their shape is the declaration's.
      return answer.result as R;
    },
    async notify<P>(type: NotificationType<P>, params: P): Promise<void> {
      await page.evaluate(
        ([method, p]) => {
          (globalThis as unknown as PageWindow).lspNotify(method, p);
        },
        [type.method, params] as const,
      );
    },
    async diagnostics(uri: string): Promise<PublishDiagnosticsParams> {
      const handle = await page.waitForFunction(
        ([method, u]) =>
          (globalThis as unknown as PageWindow).notifications.find(
            (n) => n.method === method && (n.params as { uri: string }).uri === u,
          )?.params,
        [PublishDiagnosticsNotification.type.method, uri] as const,
        { timeout: 10_000 },
      );
      return (await handle.jsonValue()) as PublishDiagnosticsParams;
    },
  };
}

function nodeEndpoint(client: LspClient): Endpoint {
  return {
    request: (type, params) => client.request(type, params),
    notify: (type, params) => {
      client.notify(type, params);
      return Promise.resolve();
    },
    diagnostics: (uri) => client.waitFor(PublishDiagnosticsNotification.type, (p) => p.uri === uri),
  };
}

interface Document {
  readonly uri: string;
  readonly languageId: 'search' | 'msearch';
  readonly text: string;
}

/** The samples, the differential corpus and the command line's fixtures: every kind of request and mistake. */
function documents(): Document[] {
  const out: Document[] = [];
  const add = (dir: string, prefix: string): void => {
    for (const name of readdirSync(dir, { recursive: true }).map(String).sort()) {
      const languageId = name.endsWith('.msearch') ? 'msearch' : name.endsWith('.search') ? 'search' : undefined;
      if (languageId === undefined) continue;
      out.push({
        uri: `file:///${prefix}/${name.replaceAll('\\', '/')}`,
        languageId,
        text: readFileSync(path.join(dir, name), 'utf8'),
      });
    }
  };
  add(path.join(REPOSITORY, 'samples'), 'samples');
  add(path.join(REPOSITORY, 'test/fixtures/differential'), 'differential');
  add(path.join(REPOSITORY, 'test/fixtures/cli/project'), 'cli');
  return out;
}

/** Positions to ask completion and hover at: the end of each line and a few places inside it, 40 at most. */
function positions(text: string): { line: number; character: number }[] {
  const out: { line: number; character: number }[] = [];
  text.split('\n').forEach((line, i) => {
    const length = line.replace(/\r$/, '').length;
    for (const character of new Set([length, Math.floor(length / 2), Math.min(length, 5)])) {
      out.push({ line: i, character });
    }
  });
  const step = Math.max(1, Math.ceil(out.length / 40));
  return out.filter((_, i) => i % step === 0);
}

/** Every answer the server gives for one document, in order. */
async function answers(endpoint: Endpoint, document: Document): Promise<unknown[]> {
  await endpoint.notify(DidOpenTextDocumentNotification.type, { textDocument: { ...document, version: 1 } });
  const diagnostics = await endpoint.diagnostics(document.uri);
  const textDocument = { uri: document.uri };
  const out: unknown[] = [
    { diagnostics: diagnostics.diagnostics },
    await endpoint.request(DocumentSymbolRequest.type, { textDocument }),
    await endpoint.request(FoldingRangeRequest.type, { textDocument }),
    await endpoint.request(DocumentFormattingRequest.type, {
      textDocument,
      options: { tabSize: 2, insertSpaces: true },
    }),
    await endpoint.request(CodeLensRequest.type, { textDocument }),
  ];
  for (const position of positions(document.text)) {
    out.push({
      position,
      completion: await endpoint.request(CompletionRequest.type, { textDocument, position }),
      hover: await endpoint.request(HoverRequest.type, { textDocument, position }),
    });
  }
  return out;
}

async function initialize(endpoint: Endpoint): Promise<InitializeResult> {
  const result = await endpoint.request(InitializeRequest.type, {
    processId: null,
    // eslint-disable-next-line @typescript-eslint/no-deprecated
    rootUri: null,
    workspaceFolders: null,
    capabilities: {},
  });
  await endpoint.notify(InitializedNotification.type, {});
  return result;
}

void describe('the language server in a web worker', () => {
  let http: Server;
  let browser: Browser;
  let page: Page;
  let node: LspClient;
  let web: Endpoint;
  let native: Endpoint;
  before(async () => {
    const bundle = readFileSync(BUNDLE);
    http = createServer((request, response) => {
      if (request.url === '/browserServer.js') {
        response.writeHead(200, { 'content-type': 'text/javascript' }).end(bundle);
      } else if (request.url === '/') {
        response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    browser = await launchBrowser();
    page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
    web = browserEndpoint(page);
    node = new LspClient();
    native = nodeEndpoint(node);
  });
  after(async () => {
    await node.shutdown();
    await browser.close();
    await new Promise((resolve) => http.close(resolve));
  });

  void it('starts in the worker with the capabilities of the Node server', async () => {
    const [fromWeb, fromNode] = [await initialize(web), await initialize(native)];
    assert.deepEqual(fromWeb, fromNode);
    assert.ok(fromWeb.capabilities.completionProvider !== undefined);
    assert.deepEqual(await page.evaluate(() => (globalThis as unknown as PageWindow).workerErrors), []);
    // The worker is a worker: no Node.js there.
    assert.equal(await page.evaluate(() => typeof (globalThis as { process?: unknown }).process), 'undefined');
  });

  void it('answers every request of every document as the Node server does', async () => {
    let compared = 0;
    let diagnosticsSeen = 0;
    for (const document of documents()) {
      const fromWeb = await answers(web, document);
      const fromNode = await answers(native, document);
      assert.deepEqual(fromWeb, fromNode, document.uri);
      compared += fromWeb.length;
      diagnosticsSeen += (fromWeb[0] as { diagnostics: unknown[] }).diagnostics.length;
    }
    // Not vacuous: many answers, diagnostics among them.
    assert.ok(compared > 500, `${compared} answers compared`);
    assert.ok(diagnosticsSeen > 40, `${diagnosticsSeen} diagnostics compared`);
  });

  void it('follows the target of the checks, as the Node server does', async () => {
    const document: Document = {
      uri: 'file:///target/versions.search',
      languageId: 'search',
      text: 'GET /_search\n{"query": {"combined_fields": {"query": "x", "fields": ["a"]}}}\n',
    };
    for (const endpoint of [web, native]) {
      await endpoint.notify(Target, { source: 'setting', distribution: 'opensearch', version: '3.1' });
    }
    const fromWeb = await answers(web, document);
    assert.deepEqual(fromWeb, await answers(native, document));
    const diagnostics = (fromWeb[0] as { diagnostics: { code: string }[] }).diagnostics;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['query.clause-version'],
    );
  });
});
