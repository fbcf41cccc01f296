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
import { registerPipelineRoutes } from './rest/pipelineHandlers';
import { registerSearchRoutes } from './rest/searchHandlers';
import { registerTasksRoutes } from './rest/tasksHandlers';
import { checkTopology, DEFAULT_TOPOLOGY, type Topology } from './topology';
import { releaseOf } from './version';

export type { Topology, TopologyNode } from './topology';
export { checkTopology, DEFAULT_TOPOLOGY, isClusterManagerEligible } from './topology';
export { sampleIndices, type SampleIndex } from './data/sampleData';
export { resolveNodes, splitByComma } from './nodes/nodeFilter';
export { REGISTERED_AGGREGATIONS, REGISTERED_QUERIES } from './tables/registry';
export {
  AGGREGATION_PARAMS,
  COUNT_URL_PARAMS,
  GLOBAL_URL_PARAMS,
  MSEARCH_HEADER_KEYS,
  MSEARCH_URL_PARAMS,
  QUERY_PARAMS,
  SEARCH_BODY_FIELDS,
  SEARCH_URL_PARAMS,
} from './tables/support';
export { NOT_APPLIED } from './search/queryParser';
export { DEFAULT_VERSION, KNOWN_VERSIONS, releaseOf, versionInfo, type Release, type VersionInfo } from './version';
export { INDEX_METRICS, INFO_METRICS, ROLE_LETTERS, STATS_METRICS } from './tables/nodes';

/** A request as the cluster received it (see `recordRequests`). */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

/** HTTPS with the test certificates of `tls/`. */
export interface TlsOptions {
  /** `server` (localhost, 127.0.0.1, ::1; the default) or `otherhost` (a name no test connects to). */
  readonly certificate?: 'server' | 'otherhost';
  /** Refuse clients without a certificate of the test CA (mutual TLS). */
  readonly requireClientCertificate?: boolean;
  /** Send the CA's certificate after the server's, as servers configured with the whole chain do. */
  readonly sendChain?: boolean;
}

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
  /** Serve HTTPS with the test certificates of `tls/` (`true`: the `server` certificate). */
  tls?: boolean | TlsOptions;
  topology?: Topology;
  /** Keep every request received in `RunningCluster.requests` (for tests of what a client sends). */
  recordRequests?: boolean;
  /** The OpenSearch release to answer as: `2.19.1` (the default), `2.19.6`, `3.8.0` or `3.9.0` (`2`, `3`, `3.8` pick the newest). */
  version?: string;
  /** The instant the sample data is built for (default: now). Its logs are the three days before this one's day. */
  now?: number;
}

export interface RunningCluster {
  url: string;
  port: number;
  topology: Topology;
  /** The requests received, oldest first (empty unless `recordRequests`). */
  readonly requests: readonly RecordedRequest[];
  close(): Promise<void>;
}

/** Where the test certificates live: `tls/` of this package (also when running from out/ or a bundle in dist/). */
export function tlsDirectory(): string {
  const candidates = [path.join(__dirname, '..', '..', 'tls'), path.join(__dirname, '..', 'tls')];
  for (const dir of candidates) {
    try {
      readFileSync(path.join(dir, 'ca.pem'));
      return dir;
    } catch {
      // try the next place
    }
  }
  throw new Error(`the test certificates were not found (looked for ca.pem in ${candidates.join(', ')})`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<RunningCluster> {
  const topology = checkTopology(structuredClone(options.topology ?? DEFAULT_TOPOLOGY));
  const cluster = new Cluster(
    topology,
    options.latency ?? [],
    options.sampleData ?? true,
    releaseOf(options.version),
    options.now,
  );
  const router = new Router();
  registerClusterRoutes(router, cluster);
  registerSearchRoutes(router, cluster);
  registerPipelineRoutes(router, cluster);
  registerTasksRoutes(router, cluster);
  registerNodesRoutes(router, cluster);
  registerCatRoutes(router, cluster);
  registerIndexRoutes(router, cluster);
  let tls: { key: Buffer; cert: Buffer; ca?: Buffer } | undefined;
  if (options.tls !== undefined && options.tls !== false) {
    const dir = tlsDirectory();
    const choice: TlsOptions = options.tls === true ? {} : options.tls;
    const name = choice.certificate ?? 'server';
    const cert = readFileSync(path.join(dir, `${name}.pem`));
    tls = {
      key: readFileSync(path.join(dir, `${name}-key.pem`)),
      cert: choice.sendChain === true ? Buffer.concat([cert, readFileSync(path.join(dir, 'ca.pem'))]) : cert,
      ...(choice.requireClientCertificate === true ? { ca: readFileSync(path.join(dir, 'ca.pem')) } : {}),
    };
  }
  const requests: RecordedRequest[] = [];
  const server = createHttpServer({
    router,
    jackson: cluster.release.jackson,
    major: cluster.release.major,
    coercionStatus: cluster.release.coercionStatus,
    ...(options.user ? { user: options.user } : {}),
    ...(tls ? { tls } : {}),
    onRequest: () => {
      cluster.counter(topology.local).restRequests++;
    },
    ...(options.recordRequests === true
      ? {
          onReceived: (request: RecordedRequest) => {
            requests.push(request);
          },
        }
      : {}),
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
  const scheme = tls ? 'https' : 'http';
  const urlHost = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${scheme}://${urlHost}:${port}`,
    port,
    topology,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
