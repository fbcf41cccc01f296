// Hostile wildcards and regular expressions, and how their cost grows: a node filter of n, 2n, 4n stars against the
// connected cluster's nodes (what the language server and the Tasks view's filter box evaluate), and a Lucene
// regexp `(a+)+b` against a keyword of n, 2n, 4n characters on the local cluster. Linear matching keeps each row
// within a small factor of the one before; a backtracking matcher grows exponentially (the first) or never ends.
import { startCluster } from '@search-requests/local-cluster';
import { simpleMatch } from '../server/src/protocol/simpleMatch';
import { DocumentStore } from '../server/src/service/documentStore';
import type { ClusterStateParams } from '../server/src/protocol/protocol';

const NODES: ClusterStateParams = {
  clusterName: 'bench',
  indices: [{ name: 'logs-2024.01.01', aliases: ['logs'], fields: [] }],
  nodes: ['cm-1', 'data-1', 'data-2'].map((name, i) => ({
    id: `n${i}`,
    name,
    host: `${name}.example.internal`,
    ip: `10.0.0.${i + 1}`,
    roles: ['data'],
    attributes: {},
    local: i === 0,
    clusterManager: i === 0,
  })),
  tasks: [],
};

function ms(started: number): string {
  return `${(performance.now() - started).toFixed(2)} ms`;
}

function nodeFilterRows(): void {
  console.log('Node filter `GET _nodes/<n stars>x/stats`, diagnostics with a connected cluster:');
  for (const n of [20, 40, 80, 1000, 2000, 4000]) {
    const store = new DocumentStore();
    store.cluster.update(NODES);
    const uri = `file:///stars-${n}.search`;
    store.open(uri, 'search', 1, `GET _nodes/${'*'.repeat(n)}x/stats\n`);
    const started = performance.now();
    store.diagnostics(uri);
    console.log(`  ${String(n).padStart(5)} stars: ${ms(started)}`);
  }
  console.log('simpleMatch of `*a` k times then `*` against `a` x 2k (every piece looked for):');
  for (const k of [500, 1000, 2000]) {
    const pattern = `${'*a'.repeat(k)}*`;
    const value = 'a'.repeat(2 * k);
    const started = performance.now();
    simpleMatch(pattern, value);
    console.log(`  k = ${String(k).padStart(4)}: ${ms(started)}`);
  }
}

async function regexpRows(): Promise<void> {
  const cluster = await startCluster({ sampleData: false });
  try {
    console.log('Local cluster, regexp `(a+)+b` against one keyword of n characters `a...ac`:');
    for (const n of [1000, 2000, 4000]) {
      const created = await fetch(`${cluster.url}/hostile-${n}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mappings: { properties: { k: { type: 'keyword' } } } }),
      });
      await created.text();
      const put = await fetch(`${cluster.url}/hostile-${n}/_doc/1?refresh=true`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ k: `${'a'.repeat(n)}c` }),
      });
      await put.text();
      const started = performance.now();
      const answer = await fetch(`${cluster.url}/hostile-${n}/_search`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: { regexp: { k: '(a+)+b' } } }),
      });
      const status = answer.status;
      const hits = (await answer.text()).includes('"value":0') ? 'no hit' : 'hits';
      console.log(`  n = ${String(n).padStart(4)}: ${ms(started)} (status ${status}, ${hits})`);
    }
  } finally {
    await cluster.close();
  }
}

export async function runGlobsBench(): Promise<void> {
  nodeFilterRows();
  await regexpRows();
}

if (require.main === module) void runGlobsBench();
