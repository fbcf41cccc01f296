// An Elasticsearch stand-in for the client's tests, answering in the shapes Elasticsearch 7.17 and 8.x use, written
// by hand from Elasticsearch's sources and reference pages (not recorded from a real server; docs/clusters.md#elasticsearch):
// - `GET /` (RestMainAction / MainResponse): name, cluster_name, cluster_uuid, version {number, build_flavor,
//   build_type, build_hash, build_date, build_snapshot, lucene_version, minimum_wire_compatibility_version,
//   minimum_index_compatibility_version}, tagline "You Know, for Search"; no `version.distribution`.
// - `GET /_nodes/{ids}/{metrics}` (RestNodesInfoAction): unknown metrics such as `_none` are dropped, leaving the
//   basic info; roles use `master` (no `cluster_manager`), plus data tiers, `ml`, `transform`, ...
// - `GET /_cat/master` (RestMasterAction): one row id/host/ip/node, without a deprecation warning; there is no
//   `_cat/cluster_manager`: RestController answers an unknown path with a 400 "no handler found" simple error.
// - `GET /_tasks` (TaskInfo): nodes -> tasks keyed `<node>:<id>`, with node, id, type, action, description,
//   start_time_in_millis, running_time_in_nanos, cancellable, cancelled (8.x), parent_task_id, headers
//   (X-Opaque-Id); no resource_stats. `POST /_tasks/<id>/_cancel` answers the cancelled tasks in the same shape.
// - X-Opaque-Id is echoed on every response.
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export type EsMajor = 7 | 8;

export interface ElasticsearchStub {
  readonly url: string;
  readonly requests: { method: string; url: string; opaqueId?: string }[];
  readonly cancelled: string[];
  close(): Promise<void>;
}

const NODES = {
  '8': {
    version: '8.15.0',
    lucene: '9.11.1',
    wire: '7.17.0',
    index: '7.0.0',
    roles: {
      a1: ['data_content', 'data_hot', 'ingest', 'master', 'remote_cluster_client', 'transform'],
      b2: ['data_content', 'data_hot', 'ingest', 'master', 'ml', 'remote_cluster_client', 'transform'],
      c3: ['master'],
    },
  },
  '7': {
    version: '7.17.9',
    lucene: '8.11.1',
    wire: '6.8.0',
    index: '6.0.0-beta1',
    roles: {
      a1: [
        'data',
        'data_cold',
        'data_content',
        'data_frozen',
        'data_hot',
        'data_warm',
        'ingest',
        'master',
        'ml',
        'remote_cluster_client',
        'transform',
      ],
      b2: ['data', 'data_content', 'data_hot', 'ingest', 'master', 'remote_cluster_client'],
      c3: ['master'],
    },
  },
} as const;

const IDS = { a1: 'Yp0w8Q2bTmmV5-9e3oKxRg', b2: 'Lq3d1Xc8S9iZ0uVbN2aTfw', c3: 'u6Hk5vRrQk2p7JmW1oYcSA' } as const;
const ELECTED = IDS.c3;

export async function startElasticsearchStub(major: EsMajor, slowMs = 30_000): Promise<ElasticsearchStub> {
  const shape = NODES[String(major) as '7' | '8'];
  const requests: ElasticsearchStub['requests'] = [];
  const cancelled: string[] = [];
  const running = new Map<string, { opaqueId?: string; started: number; finish: () => void; action: string }>();
  let nextTask = 4100;

  const node = (key: keyof typeof IDS, index: number): Record<string, unknown> => ({
    name: `es-${key}`,
    transport_address: `127.0.0.1:${9300 + index}`,
    host: '127.0.0.1',
    ip: '127.0.0.1',
    version: shape.version,
    ...(major === 8 ? { transport_version: '8702002' } : {}),
    build_flavor: 'default',
    build_type: 'docker',
    build_hash: '1a77947f34deddb41af25e6f0ddb8e830159c179',
    roles: shape.roles[key],
    attributes: { 'xpack.installed': 'true', 'ml.config_version': '12.0.0', zone: `zone-${index}` },
  });

  const taskOf = (id: string): Record<string, unknown> => {
    const task = running.get(id)!;
    return {
      node: IDS.a1,
      id: Number(id.split(':')[1]),
      type: 'transport',
      action: task.action,
      description: 'indices[articles], search_type[QUERY_THEN_FETCH], source[{"query":{"match_all":{}}}]',
      start_time_in_millis: task.started,
      running_time_in_nanos: (Date.now() - task.started) * 1e6,
      cancellable: true,
      ...(major === 8 ? { cancelled: false } : {}),
      headers: task.opaqueId === undefined ? {} : { 'X-Opaque-Id': task.opaqueId },
    };
  };

  const tasksAnswer = (ids: readonly string[]): Record<string, unknown> => ({
    nodes: {
      [IDS.a1]: {
        ...node('a1', 0),
        tasks: Object.fromEntries(ids.map((id) => [id, taskOf(id)])),
      },
    },
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', (): boolean => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const opaqueHeader = req.headers['x-opaque-id'];
      const opaqueId = typeof opaqueHeader === 'string' ? opaqueHeader : undefined;
      requests.push({ method: req.method ?? '', url: req.url ?? '', ...(opaqueId === undefined ? {} : { opaqueId }) });
      /** Answers; returns true so that a handler can `return reply(...)`. */
      const reply = (status: number, body: unknown): boolean => {
        if (res.destroyed) return true;
        res.writeHead(status, {
          'content-type': 'application/json',
          ...(opaqueId === undefined ? {} : { 'x-opaque-id': opaqueId }),
          ...(major === 8 ? { 'x-elastic-product': 'Elasticsearch' } : {}),
        });
        res.end(JSON.stringify(body));
        return true;
      };
      const path = url.pathname;
      const method = req.method ?? 'GET';
      if (method === 'GET' && path === '/') {
        return reply(200, {
          name: 'es-a1',
          cluster_name: 'docker-cluster',
          cluster_uuid: 'kE3lY2fUQm2vJc0o4xFfBw',
          version: {
            number: shape.version,
            build_flavor: 'default',
            build_type: 'docker',
            build_hash: '1a77947f34deddb41af25e6f0ddb8e830159c179',
            build_date: '2024-08-05T10:05:34.233336849Z',
            build_snapshot: false,
            lucene_version: shape.lucene,
            minimum_wire_compatibility_version: shape.wire,
            minimum_index_compatibility_version: shape.index,
          },
          tagline: 'You Know, for Search',
        });
      }
      if (method === 'GET' && path === '/_cluster/health') {
        return reply(200, {
          cluster_name: 'docker-cluster',
          status: 'green',
          number_of_nodes: 3,
          number_of_data_nodes: 2,
        });
      }
      const nodesMatch = /^\/_nodes\/([^/]+)\/_none$/.exec(path);
      if (method === 'GET' && nodesMatch !== null) {
        const keys = nodesMatch[1] === '_local' ? (['a1'] as const) : (['a1', 'b2', 'c3'] as const);
        return reply(200, {
          _nodes: { total: keys.length, successful: keys.length, failed: 0 },
          cluster_name: 'docker-cluster',
          nodes: Object.fromEntries(keys.map((key, index) => [IDS[key], node(key, index)])),
        });
      }
      if (method === 'GET' && path === '/_cat/master') {
        return reply(200, [{ id: ELECTED }]);
      }
      if (method === 'GET' && path === '/_tasks') {
        const actions = url.searchParams.get('actions');
        const ids = [...running.keys()].filter((id) => actions === null || running.get(id)!.action.includes('search'));
        return reply(200, tasksAnswer(ids));
      }
      const cancel = /^\/_tasks\/([^/]+)\/_cancel$/.exec(path);
      if (method === 'POST' && cancel !== null) {
        const id = decodeURIComponent(cancel[1]!);
        if (!running.has(id)) {
          return reply(404, {
            error: { type: 'resource_not_found_exception', reason: `task [${id}] is not found` },
            status: 404,
          });
        }
        const answer = tasksAnswer([id]);
        cancelled.push(id);
        running.get(id)!.finish();
        return reply(200, answer);
      }
      if ((method === 'GET' || method === 'POST') && /(^|\/)_m?search$/.test(path)) {
        const body = Buffer.concat(chunks).toString('utf8');
        const hits = {
          total: { value: 1, relation: 'eq' },
          max_score: 1,
          hits: [{ _index: 'articles', _id: '1', _score: 1, _source: { title: 'vector search' } }],
        };
        const answer = path.endsWith('_msearch')
          ? { took: 2, responses: [{ took: 1, timed_out: false, hits, status: 200 }] }
          : { took: 1, timed_out: false, _shards: { total: 1, successful: 1, skipped: 0, failed: 0 }, hits };
        if (!body.includes('"slow"')) return reply(200, answer);
        // A slow search: a task with the request's X-Opaque-Id until it is cancelled.
        const id = `${IDS.a1}:${nextTask++}`;
        const timer = setTimeout(() => {
          running.delete(id);
          reply(200, answer);
        }, slowMs);
        running.set(id, {
          ...(opaqueId === undefined ? {} : { opaqueId }),
          started: Date.now(),
          action: path.endsWith('_msearch') ? 'indices:data/read/msearch' : 'indices:data/read/search',
          finish: () => {
            clearTimeout(timer);
            running.delete(id);
            reply(400, {
              error: {
                type: 'task_cancelled_exception',
                reason: "The parent task was cancelled, shouldn't start any child tasks, by user request",
              },
              status: 400,
            });
          },
        });
        return true;
      }
      // RestController: no route for this path (Elasticsearch has no `_cat/cluster_manager`).
      return reply(400, { error: `no handler found for uri [${req.url ?? ''}] and method [${method}]`, status: 400 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    cancelled,
    close: () =>
      new Promise<void>((resolve) => {
        for (const task of running.values()) task.finish();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
