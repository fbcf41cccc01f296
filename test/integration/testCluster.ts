// The cluster the integration suite runs against: the local cluster (packages/local-cluster, started in this process)
// by default, or the real OpenSearch whose address the launcher gives in SEARCH_REQUESTS_TEST_OPENSEARCH_URL
// (`npm run test:real` starts 3.9.0 and 2.19.6 and runs the running, tasks and clusters tests against each). One suite,
// two clusters: what differs between them (the nodes, the slow search) is described here, per cluster.
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';

export interface TestNode {
  readonly name: string;
  /** The Clusters view's description of the node: short roles, address, marks. */
  readonly description: string;
}

export interface TestCluster {
  readonly kind: 'local' | 'opensearch';
  readonly url: string;
  /** The version `GET /` reports. */
  readonly version: string;
  readonly clusterName: string;
  /** The nodes in the order the Clusters view lists them. */
  readonly nodes: readonly TestNode[];
  /** The node that receives the requests (the coordinating node of every search). */
  readonly coordinator: string;
  /** A search that runs long enough (a minute or more) to be watched and cancelled, as a `.search` file. */
  readonly slowSearch: string;
  readonly slowIndex: string;
  /** `_all,data:false` as the node filter hover states it on this cluster. */
  readonly allButDataHover: RegExp;
  /** The nodes `ingest:true,_local` selects, in cluster order. */
  readonly ingestOrLocal: readonly string[];
  /** The nodes the filter `data:true` selects. */
  readonly dataNodes: readonly string[];
  close(): Promise<void>;
}

const LOCAL_NODES: readonly TestNode[] = [
  { name: 'os-manager-1', description: 'm · 172.18.0.11 · elected cluster manager' },
  { name: 'os-data-hot-1', description: 'dim · 172.18.0.12' },
  { name: 'os-data-hot-2', description: 'dim · 172.18.0.13' },
  { name: 'os-data-warm-1', description: 'd+ml · 172.18.0.14' },
  { name: 'os-coordinator-1', description: 'coordinating only · 172.18.0.15 · local' },
];

/** The nodes of the real cluster `npm run opensearch` and `npm run test:real` start (REAL_TOPOLOGY). */
const REAL_NODES: readonly TestNode[] = [
  { name: 'os-manager-1', description: 'dim · 127.0.0.1 · elected cluster manager' },
  { name: 'os-data-1', description: 'd+ml · 127.0.0.1' },
  { name: 'os-coordinator-1', description: 'coordinating only · 127.0.0.1 · local' },
];

/**
 * Real OpenSearch has no artificial latency: a slow search must do real work. A script score over the 200,000
 * documents of `slow-docs` runs from tens of seconds to minutes. OpenSearch checks for cancellation between windows of
 * documents (4,096 at first, then twice as many each time), so the cost per document is kept small (a thousand
 * square roots): a cancel soon after the start ends the search within a second or two.
 */
const SLOW_INDEX = 'slow-docs';
const SLOW_DOCS = 200_000;
const BULK_DOCS = 20_000;
const SLOW_QUERY = {
  query: {
    script_score: {
      query: { match_all: {} },
      script: {
        source: 'double s = 0; for (int i = 0; i < params.n; i++) { s += Math.sqrt(i); } return s;',
        params: { n: 1000 },
      },
    },
  },
};

async function call(
  url: string,
  method: string,
  path: string,
  body?: string,
  type = 'application/json',
): Promise<number> {
  const response = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': type } }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** Creates the slow index once (the same cluster serves several test files). */
async function ensureSlowIndex(url: string): Promise<void> {
  if ((await call(url, 'HEAD', `/${SLOW_INDEX}`)) === 200) return;
  const created = await call(
    url,
    'PUT',
    `/${SLOW_INDEX}`,
    JSON.stringify({ settings: { number_of_shards: 2, number_of_replicas: 0 } }),
  );
  if (created !== 200 && created !== 400) throw new Error(`creating ${SLOW_INDEX} answered ${created}`);
  for (let start = 0; start < SLOW_DOCS; start += BULK_DOCS) {
    const lines: string[] = [];
    for (let i = start; i < start + BULK_DOCS; i++) {
      lines.push(`{"index":{"_index":"${SLOW_INDEX}","_id":"${i}"}}`, `{"n":${i}}`);
    }
    const status = await call(url, 'POST', '/_bulk', lines.join('\n') + '\n', 'application/x-ndjson');
    if (status !== 200) throw new Error(`indexing ${SLOW_INDEX} answered ${status}`);
  }
  await call(url, 'POST', `/${SLOW_INDEX}/_refresh`);
}

export async function startTestCluster(options: { slow?: boolean } = {}): Promise<TestCluster> {
  const real = process.env['SEARCH_REQUESTS_TEST_OPENSEARCH_URL'];
  if (real !== undefined && real !== '') {
    const root = (await (await fetch(real)).json()) as { cluster_name: string; version: { number: string } };
    if (options.slow === true) await ensureSlowIndex(real);
    return {
      kind: 'opensearch',
      url: real,
      version: root.version.number,
      clusterName: root.cluster_name,
      nodes: REAL_NODES,
      coordinator: 'os-coordinator-1',
      slowIndex: SLOW_INDEX,
      slowSearch: `GET /${SLOW_INDEX}/_search\n${JSON.stringify(SLOW_QUERY)}\n`,
      allButDataHover: new RegExp(
        `On cluster \`${root.cluster_name}\`: selects 1 of 3 nodes: os-coordinator-1 \\(127\\.0\\.0\\.1\\)\\.`,
      ),
      ingestOrLocal: ['os-manager-1', 'os-coordinator-1'],
      dataNodes: ['os-manager-1', 'os-data-1'],
      // The cluster belongs to the launcher, which stops it.
      close: () => Promise.resolve(),
    };
  }
  const cluster: RunningCluster = await startCluster({
    port: 0,
    ...(options.slow === true ? { latency: [{ pattern: 'products', ms: 60_000 }] } : {}),
  });
  return {
    kind: 'local',
    url: cluster.url,
    version: '2.19.1',
    clusterName: 'search-requests-demo',
    nodes: LOCAL_NODES,
    coordinator: 'os-coordinator-1',
    slowIndex: 'products',
    slowSearch: 'GET /products/_search\n{"query": {"match_all": {}}}\n',
    allButDataHover:
      /On cluster `search-requests-demo`: selects 2 of 5 nodes: os-manager-1 \(172\.18\.0\.11\), os-coordinator-1 \(172\.18\.0\.15\)\./,
    ingestOrLocal: ['os-data-hot-1', 'os-data-hot-2', 'os-coordinator-1'],
    dataNodes: ['os-data-hot-1', 'os-data-hot-2', 'os-data-warm-1'],
    close: () => cluster.close(),
  };
}

/**
 * Waits until no search started from VS Code runs on the cluster. A real cluster ends a cancelled search at its next
 * cancellation check, so a test that cancels one leaves it behind for a moment; the next test must not see it.
 */
export async function searchesEnded(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${url}/_tasks?actions=*search*&detailed=true&group_by=none`);
    const body = (await response.json()) as { tasks?: { headers?: Record<string, string> }[] };
    const ours = (body.tasks ?? []).filter((t) => t.headers?.['X-Opaque-Id']?.startsWith('vscode-search-requests/'));
    if (ours.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${ours.length} search task(s) still running on ${url}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
