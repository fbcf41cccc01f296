// The cluster's nodes: the shape of a `--nodes` file, the default five-node topology, and checks on a
// topology given by the user.

export interface TopologyNode {
  id: string;
  name: string;
  host: string;
  ip: string;
  roles: string[];
  attributes: Record<string, string>;
}

export interface Topology {
  cluster_name: string;
  /** Id of the node that serves HTTP (the coordinating node of every request). */
  local: string;
  /** Id of the elected cluster manager. */
  cluster_manager: string;
  nodes: TopologyNode[];
}

export const DEFAULT_TOPOLOGY: Topology = {
  cluster_name: 'search-requests-demo',
  local: 'c0Ord1nAT0rNode5xQZ9pA',
  cluster_manager: 'Mgr1qK7vR3aW0xYz2LpN4g',
  nodes: [
    {
      id: 'Mgr1qK7vR3aW0xYz2LpN4g',
      name: 'os-manager-1',
      host: '172.18.0.11',
      ip: '172.18.0.11',
      roles: ['cluster_manager'],
      attributes: { shard_indexing_pressure_enabled: 'true', zone: 'zone-a' },
    },
    {
      id: 'Hd2sT8bQwE5nUy7cVf1KjA',
      name: 'os-data-hot-1',
      host: '172.18.0.12',
      ip: '172.18.0.12',
      roles: ['cluster_manager', 'data', 'ingest'],
      attributes: { shard_indexing_pressure_enabled: 'true', zone: 'zone-a', temp: 'hot' },
    },
    {
      id: 'Hd3pL6mZrX9oIu4tGh8BcQ',
      name: 'os-data-hot-2',
      host: '172.18.0.13',
      ip: '172.18.0.13',
      roles: ['cluster_manager', 'data', 'ingest'],
      attributes: { shard_indexing_pressure_enabled: 'true', zone: 'zone-b', temp: 'hot' },
    },
    {
      id: 'Wm4nR2cYtV7eSa1dFg6HjK',
      name: 'os-data-warm-1',
      host: '172.18.0.14',
      ip: '172.18.0.14',
      roles: ['data', 'ml'],
      attributes: { shard_indexing_pressure_enabled: 'true', zone: 'zone-c', temp: 'warm' },
    },
    {
      id: 'c0Ord1nAT0rNode5xQZ9pA',
      name: 'os-coordinator-1',
      host: '172.18.0.15',
      ip: '172.18.0.15',
      roles: [],
      attributes: { shard_indexing_pressure_enabled: 'true', zone: 'zone-a' },
    },
  ],
};

export function isClusterManagerEligible(node: TopologyNode): boolean {
  return node.roles.includes('cluster_manager') || node.roles.includes('master');
}

/** Roles whose nodes can hold data (DiscoveryNodeRole.canContainData). */
export function canContainData(node: TopologyNode): boolean {
  return node.roles.some((r) => r === 'data' || r === 'search' || r === 'warm' || r.startsWith('data_'));
}

/** Nodes that hold shards of regular indices. */
export function holdsShards(node: TopologyNode): boolean {
  return node.roles.some((r) => r === 'data' || r.startsWith('data_'));
}

/** Checks a topology read from a file; throws an Error whose message says what is wrong. */
export function checkTopology(raw: unknown): Topology {
  const fail = (why: string): never => {
    throw new Error(`invalid topology: ${why}`);
  };
  if (raw === null || typeof raw !== 'object') return fail('expected an object');
  const t = raw as Record<string, unknown>;
  if (typeof t.cluster_name !== 'string' || t.cluster_name === '') fail('"cluster_name" must be a non-empty string');
  if (!Array.isArray(t.nodes) || t.nodes.length === 0) fail('"nodes" must be a non-empty array');
  const nodes: TopologyNode[] = [];
  const ids = new Set<string>();
  for (const [i, n] of (t.nodes as unknown[]).entries()) {
    if (n === null || typeof n !== 'object') fail(`nodes[${i}] must be an object`);
    const node = n as Record<string, unknown>;
    for (const key of ['id', 'name', 'host', 'ip']) {
      if (typeof node[key] !== 'string' || node[key] === '') fail(`nodes[${i}].${key} must be a non-empty string`);
    }
    if (!Array.isArray(node.roles) || !node.roles.every((r) => typeof r === 'string')) {
      fail(`nodes[${i}].roles must be an array of strings`);
    }
    const attributes: unknown = node.attributes ?? {};
    if (typeof attributes !== 'object' || attributes === null || Array.isArray(attributes)) {
      fail(`nodes[${i}].attributes must be an object`);
    }
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(attributes as Record<string, unknown>)) attrs[k] = String(v);
    const id = node.id as string;
    if (ids.has(id)) fail(`duplicate node id ${id}`);
    ids.add(id);
    nodes.push({
      id,
      name: node.name as string,
      host: node.host as string,
      ip: node.ip as string,
      roles: [...(node.roles as string[])],
      attributes: attrs,
    });
  }
  const local = typeof t.local === 'string' ? t.local : nodes[0]!.id; // nodes was checked to be non-empty
  if (!ids.has(local)) fail(`"local" names no node: ${local}`);
  const manager = typeof t.cluster_manager === 'string' ? t.cluster_manager : nodes.find(isClusterManagerEligible)?.id;
  if (manager === undefined) return fail('no cluster-manager-eligible node');
  const managerNode = nodes.find((n) => n.id === manager);
  if (!managerNode) return fail(`"cluster_manager" names no node: ${manager}`);
  if (!isClusterManagerEligible(managerNode)) fail(`node ${manager} is not cluster-manager-eligible`);
  return { cluster_name: t.cluster_name as string, local, cluster_manager: manager, nodes };
}
