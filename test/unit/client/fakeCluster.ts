// A tiny stand-in for an OpenSearch node, enough for the client's tests: `/`, `_cluster/health`, `_search`,
// `_msearch` (with optional latency per request, registered as tasks with their X-Opaque-Id), `_tasks` and
// `_tasks/<id>/_cancel` (OPENSEARCH.md sections 1.6, 4, 6). Also a few broken servers for the failure modes.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as path from 'node:path';

export const TLS_DIR = path.resolve(__dirname, '..', '..', '..', '..', 'test', 'unit', 'client', 'tls');

export function tlsFile(name: string): string {
  return path.join(TLS_DIR, name);
}

export interface FakeClusterOptions {
  /** Requests whose body or path contains `pattern` wait `ms` before answering (cancellable). */
  readonly latency?: readonly { pattern: string; ms: number }[];
  readonly user?: { name: string; password: string };
  /** Serve HTTPS with the test certificate (`server` or `otherhost`), optionally asking for a client certificate. */
  readonly tls?: { cert?: 'server' | 'otherhost'; requestClientCert?: boolean };
  /** Documents returned by searches. */
  readonly documents?: number;
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

interface Task {
  readonly id: number;
  readonly action: string;
  readonly parent?: number;
  readonly opaqueId: string | undefined;
  cancelled: boolean;
  readonly cancel: () => void;
}

export interface FakeCluster {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Ids (`node:n`) of the tasks running now. */
  runningTasks(): string[];
  /** Ids of the tasks that were cancelled. */
  readonly cancelledTasks: string[];
  close(): Promise<void>;
}

const NODE = 'fakeNode1';

function send(res: http.ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

function error(status: number, type: string, reason: string, extra: Record<string, unknown> = {}): unknown {
  return { error: { root_cause: [{ type, reason, ...extra }], type, reason, ...extra }, status };
}

function searchResponse(index: string, size: number, documents: number): Record<string, unknown> {
  const hits = [];
  for (let i = 0; i < Math.min(size, documents); i++) {
    hits.push({
      _index: index,
      _id: String(i + 1),
      _score: 1.5 - i / 100,
      _source: { message: `message ${i + 1}`, level: i % 2 === 0 ? 'error' : 'info', nested: { host: `web-${i}` } },
    });
  }
  return {
    took: 3,
    timed_out: false,
    _shards: { total: 1, successful: 1, skipped: 0, failed: 0 },
    hits: {
      total: documents > 10_000 ? { value: 10_000, relation: 'gte' } : { value: documents, relation: 'eq' },
      max_score: hits.length > 0 ? 1.5 : null,
      hits,
    },
    aggregations: {
      levels: {
        doc_count_error_upper_bound: 0,
        sum_other_doc_count: 0,
        buckets: [
          { key: 'error', doc_count: 2 },
          { key: 'info', doc_count: 1 },
        ],
      },
    },
  };
}

export async function startFakeCluster(options: FakeClusterOptions = {}): Promise<FakeCluster> {
  const requests: RecordedRequest[] = [];
  const tasks = new Map<number, Task>();
  const cancelledTasks: string[] = [];
  let nextTask = 100;
  const documents = options.documents ?? 3;

  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, body });
      void handle(req, res, body);
    });
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, body: string): Promise<void> => {
    if (options.user !== undefined) {
      const expected = `Basic ${Buffer.from(`${options.user.name}:${options.user.password}`).toString('base64')}`;
      if (req.headers.authorization !== expected) {
        res.writeHead(401, {
          'content-type': 'text/plain; charset=UTF-8',
          'www-authenticate': 'Basic realm="OpenSearch Security"',
        });
        res.end('Unauthorized');
        return;
      }
    }
    const url = new URL(req.url ?? '/', 'http://fake');
    const opaqueId = req.headers['x-opaque-id'];
    const parts = url.pathname.split('/').filter((p) => p !== '');
    if (typeof opaqueId === 'string') res.setHeader('x-opaque-id', opaqueId);
    if (parts.length === 0) {
      send(res, 200, {
        name: NODE,
        cluster_name: 'fake',
        version: { distribution: 'opensearch', number: '2.19.0' },
        tagline: 'The OpenSearch Project',
      });
      return;
    }
    if (url.pathname === '/_cluster/health') {
      send(res, 200, { cluster_name: 'fake', status: 'green' });
      return;
    }
    if (parts[0] === '_tasks') {
      if (req.method === 'POST' && parts.length === 3 && parts[2] === '_cancel') {
        const id = parts[1] ?? '';
        const number = Number(id.split(':')[1]);
        const task = tasks.get(number);
        if (!id.startsWith(`${NODE}:`) || task === undefined) {
          send(res, 200, {
            node_failures: [
              {
                type: 'failed_node_exception',
                reason: `Failed node [${id.split(':')[0]}]`,
                node_id: id.split(':')[0],
                caused_by: { type: 'resource_not_found_exception', reason: `task [${id}] is not found` },
              },
            ],
            nodes: {},
          });
          return;
        }
        const cancelled: Record<string, unknown> = {};
        for (const t of [...tasks.values()].filter((t) => t.id === number || t.parent === number)) {
          t.cancelled = true;
          cancelledTasks.push(`${NODE}:${t.id}`);
          cancelled[`${NODE}:${t.id}`] = taskInfo(t);
        }
        task.cancel();
        send(res, 200, { nodes: { [NODE]: { name: NODE, roles: ['data'], tasks: cancelled } } });
        return;
      }
      const list: Record<string, unknown> = {};
      for (const t of tasks.values()) list[`${NODE}:${t.id}`] = taskInfo(t);
      send(res, 200, {
        nodes: {
          [NODE]: {
            name: NODE,
            transport_address: '127.0.0.1:9300',
            host: '127.0.0.1',
            ip: '127.0.0.1:9300',
            roles: ['data'],
            tasks: list,
          },
        },
      });
      return;
    }
    const endpoint = parts[parts.length - 1];
    if (endpoint !== '_search' && endpoint !== '_msearch') {
      send(res, 400, {
        error: `no handler found for uri [${url.pathname}] and method [${req.method ?? ''}]`,
        status: 400,
      });
      return;
    }
    const delay = options.latency?.find((l) => body.includes(l.pattern) || url.pathname.includes(l.pattern))?.ms ?? 0;
    const action = endpoint === '_msearch' ? 'indices:data/read/msearch' : 'indices:data/read/search';
    let finish: (cancelled: boolean) => void = () => undefined;
    const done = new Promise<boolean>((resolve) => (finish = resolve));
    const parent: Task = {
      id: nextTask++,
      action,
      opaqueId: typeof opaqueId === 'string' ? opaqueId : undefined,
      cancelled: false,
      cancel: () => {
        finish(true);
      },
    };
    tasks.set(parent.id, parent);
    const child: Task = {
      id: nextTask++,
      action: 'indices:data/read/search[phase/query]',
      parent: parent.id,
      opaqueId: parent.opaqueId,
      cancelled: false,
      cancel: () => {
        finish(true);
      },
    };
    tasks.set(child.id, child);
    const timer = setTimeout(() => {
      finish(false);
    }, delay);
    // A client that goes away cancels its search, as OpenSearch does when the HTTP channel closes.
    res.on('close', () => {
      finish(true);
    });
    const cancelled = await done;
    clearTimeout(timer);
    tasks.delete(parent.id);
    tasks.delete(child.id);
    if (res.writableEnded || res.destroyed) return;
    if (cancelled) {
      send(
        res,
        400,
        error(
          400,
          'task_cancelled_exception',
          "The parent task was cancelled, shouldn't start any child tasks, by user request",
        ),
      );
      return;
    }
    const index = parts.length === 2 ? (parts[0] ?? '') : 'logs';
    if (endpoint === '_search') {
      send(res, 200, searchResponse(index, 10, documents));
      return;
    }
    if (!body.endsWith('\n')) {
      send(
        res,
        400,
        error(400, 'illegal_argument_exception', 'The msearch request must be terminated by a newline [\\n]'),
      );
      return;
    }
    const lines = body.split('\n').slice(0, -1);
    const responses: unknown[] = [];
    for (let i = 0; i + 1 < lines.length; i += 2) {
      const header = JSON.parse(lines[i] === '' ? '{}' : (lines[i] ?? '{}')) as { index?: string };
      const target = header.index ?? index;
      if (target === 'missing') {
        responses.push({
          ...(error(404, 'index_not_found_exception', `no such index [${target}]`, { index: target }) as object),
        });
      } else {
        responses.push({ ...searchResponse(target, 10, documents), status: 200 });
      }
    }
    send(res, 200, { took: 4, responses });
  };

  const taskInfo = (t: Task): Record<string, unknown> => ({
    node: NODE,
    id: t.id,
    type: 'transport',
    action: t.action,
    description: '',
    start_time_in_millis: Date.now(),
    running_time_in_nanos: 1000,
    cancellable: true,
    cancelled: t.cancelled,
    ...(t.parent === undefined ? {} : { parent_task_id: `${NODE}:${t.parent}` }),
    headers: t.opaqueId === undefined ? {} : { 'X-Opaque-Id': t.opaqueId },
  });

  const server =
    options.tls === undefined
      ? http.createServer(handler)
      : https.createServer(
          {
            key: fs.readFileSync(tlsFile(`${options.tls.cert ?? 'server'}.key`)),
            cert: fs.readFileSync(tlsFile(`${options.tls.cert ?? 'server'}.pem`)),
            ca: fs.readFileSync(tlsFile('ca.pem')),
            requestCert: options.tls.requestClientCert === true,
            rejectUnauthorized: options.tls.requestClientCert === true,
          },
          handler,
        );
  const url = await listen(server, options.tls === undefined ? 'http' : 'https');
  return {
    url,
    requests,
    cancelledTasks,
    runningTasks: () => [...tasks.values()].map((t) => `${NODE}:${t.id}`),
    close: () => closeServer(server),
  };
}

export function listen(server: http.Server | https.Server, scheme: 'http' | 'https'): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

export function closeServer(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => {
      resolve();
    });
  });
}

/** A server that answers every request with the handler's raw behaviour (HTML page, truncated body, silence...). */
export async function startRawServer(
  handler: (req: http.IncomingMessage, res: http.ServerResponse) => void,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  const url = await listen(server, 'http');
  return { url, close: () => closeServer(server) };
}

/** A port where nothing listens (bound, then closed). */
export async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  const url = await listen(server, 'http');
  await closeServer(server);
  return url;
}
