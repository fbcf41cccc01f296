// The local OpenSearch-compatible cluster, as a library: other tests and the demo start it with startCluster().
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Cluster } from './cluster';
import { Router } from './http/router';
import { createHttpServer } from './http/server';
import { registerCatRoutes } from './rest/catHandlers';
import { registerClusterRoutes } from './rest/clusterHandlers';
import { registerIndexRoutes } from './rest/indexHandlers';
import { registerNodesRoutes } from './rest/nodesHandlers';
import { registerSearchRoutes } from './rest/searchHandlers';
import { registerTasksRoutes } from './rest/tasksHandlers';
import { checkTopology, DEFAULT_TOPOLOGY, type Topology } from './topology';

export type { Topology, TopologyNode } from './topology';

export interface ClusterOptions {
  /** 0 picks a free port (the default here; the CLI defaults to 9200). */
  port?: number;
  host?: string;
  /** Load the sample logs and products (default true). */
  sampleData?: boolean;
  /** Query-phase delay per shard of the indexes matching `pattern`. */
  latency?: { pattern: string; ms: number }[];
  /** Require HTTP basic auth with these credentials. */
  user?: { name: string; password: string };
  /** Serve HTTPS with the test certificate of test/cluster/tls. */
  tls?: boolean;
  topology?: Topology;
}

export interface RunningCluster {
  url: string;
  port: number;
  topology: Topology;
  close(): Promise<void>;
}

/** Where the test CA and server certificate live (source tree, also when running from out/ or dist/). */
export function tlsDirectory(): string {
  const candidates = [
    path.join(__dirname, 'tls'),
    path.join(__dirname, '..', '..', '..', 'test', 'cluster', 'tls'),
    path.join(__dirname, '..', 'test', 'cluster', 'tls'),
    path.join(process.cwd(), 'test', 'cluster', 'tls'),
  ];
  for (const dir of candidates) {
    try {
      readFileSync(path.join(dir, 'ca.pem'));
      return dir;
    } catch {
      // try the next place
    }
  }
  throw new Error('test TLS files not found (expected test/cluster/tls/ca.pem)');
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const topology = checkTopology(structuredClone(options.topology ?? DEFAULT_TOPOLOGY));
  const cluster = new Cluster(topology, options.latency ?? [], options.sampleData ?? true);
  const router = new Router();
  registerClusterRoutes(router, cluster);
  registerSearchRoutes(router, cluster);
  registerTasksRoutes(router, cluster);
  registerNodesRoutes(router, cluster);
  registerCatRoutes(router, cluster);
  registerIndexRoutes(router, cluster);
  let tls: { key: Buffer; cert: Buffer } | undefined;
  if (options.tls) {
    const dir = tlsDirectory();
    tls = { key: readFileSync(path.join(dir, 'server-key.pem')), cert: readFileSync(path.join(dir, 'server.pem')) };
  }
  const server = createHttpServer({
    router,
    ...(options.user ? { user: options.user } : {}),
    ...(tls ? { tls } : {}),
    onRequest: () => {
      cluster.counter(topology.local).restRequests++;
    },
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  cluster.httpPort = port;
  cluster.httpHost = host;
  const scheme = options.tls ? 'https' : 'http';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${scheme}://${urlHost}:${port}`,
    port,
    topology,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
