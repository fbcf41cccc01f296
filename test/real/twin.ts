// The local cluster as a twin of a real one: the same nodes (ids, names, roles, attributes, the node that answers
// HTTP, the elected cluster manager), the same release, and the same sample data. The sample data depends on time
// only through the day it is built on (its logs are the three days before that day, its products were created in
// the year before them), so the twin is built for the day the real cluster's data was loaded, read from the names of
// its `logs-YYYY.MM.DD` indexes. Searches that use date math (`now-1d`) read each cluster's own clock when they run,
// which is the same clock on this machine.
import { startCluster, type RunningCluster, type Topology, type TopologyNode } from '@search-requests/local-cluster';

async function getJson(url: string, path: string): Promise<unknown> {
  const response = await fetch(`${url}${path}`);
  if (response.status !== 200) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
  return await response.json();
}

interface RealNode {
  readonly name: string;
  readonly host: string;
  readonly ip: string;
  readonly roles: string[];
  readonly attributes?: Record<string, string>;
}

/** The topology of a real cluster, in the format of the local cluster's `--nodes` file. */
async function realTopology(url: string): Promise<Topology> {
  const all = (await getJson(url, '/_nodes')) as { cluster_name: string; nodes: Record<string, RealNode> };
  const local = (await getJson(url, '/_nodes/_local')) as { nodes: Record<string, RealNode> };
  const manager = (await getJson(url, '/_nodes/_cluster_manager')) as { nodes: Record<string, RealNode> };
  const nodes: TopologyNode[] = Object.entries(all.nodes).map(([id, n]) => ({
    id,
    name: n.name,
    host: n.host,
    ip: n.ip,
    roles: [...n.roles],
    attributes: { ...(n.attributes ?? {}) },
  }));
  const localId = Object.keys(local.nodes)[0];
  const managerId = Object.keys(manager.nodes)[0];
  if (localId === undefined || managerId === undefined) throw new Error(`${url} names no local node or no manager`);
  return { cluster_name: all.cluster_name, local: localId, cluster_manager: managerId, nodes };
}

/** The instant the real cluster's sample data was built for: the day after its newest `logs-*` index. */
async function sampleDayOf(url: string): Promise<number> {
  const rows = (await getJson(url, '/_cat/indices/logs-*?format=json&h=index')) as { index: string }[];
  const days = rows
    .map((r) => /^logs-(\d{4})\.(\d{2})\.(\d{2})$/.exec(r.index))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (days.length === 0) throw new Error(`${url} holds no sample logs-* index (load the sample data first)`);
  return Math.max(...days) + 86_400_000;
}

/** Starts the local twin of the real cluster at `url`, answering as `version`. */
export async function startTwin(url: string, version: string): Promise<RunningCluster> {
  const [topology, now] = await Promise.all([realTopology(url), sampleDayOf(url)]);
  return startCluster({ topology, now, version });
}

/** The indexes of one cluster (hidden ones, whose names start with a dot, left out). */
async function indexNames(url: string): Promise<string[]> {
  const rows = (await getJson(url, '/_cat/indices?format=json&h=index')) as { index: string }[];
  return rows.map((r) => r.index).filter((name) => !name.startsWith('.'));
}

/** Indexes the real cluster holds besides the sample data its twin holds: the comparison needs the same data. */
export async function indexesNotInTwin(realUrl: string, twinUrl: string): Promise<string[]> {
  const [real, twin] = await Promise.all([indexNames(realUrl), indexNames(twinUrl)]);
  return real.filter((name) => !twin.includes(name)).sort();
}
