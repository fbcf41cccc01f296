// A cluster's nodes as the Clusters view and the language server need them: `GET /_nodes` (basic info only), the
// local node (`GET /_nodes/_local`) and the elected cluster manager (`GET /_cat/cluster_manager`, or `_cat/master`
// on clusters that predate the name). Only the first is required: without the others nothing is marked.
import { BACKGROUND_LIMITS, readInBackground, type JsonReader, type JsonReaderHost } from './backgroundRead';
import type { ClusterClient, QueryParam } from './clusterClient';
import { isRequestFailure } from './failures';

export interface NodeInfo {
  readonly id: string;
  readonly name: string;
  readonly host: string;
  readonly ip: string;
  readonly transportAddress?: string;
  readonly version?: string;
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  /** The node that receives this extension's requests (the coordinating node). */
  readonly local: boolean;
  /** The elected cluster manager. */
  readonly clusterManager: boolean;
}

export interface NodesInfo {
  readonly clusterName?: string;
  readonly nodes: readonly NodeInfo[];
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Reads a `GET /_nodes` answer; `local` and `clusterManager` name the marked nodes by id. */
export function readNodes(answer: unknown, local?: string, clusterManager?: string): NodesInfo {
  if (!isRecord(answer)) return { nodes: [] };
  const clusterName = str(answer['cluster_name']);
  const nodes: NodeInfo[] = [];
  if (isRecord(answer['nodes'])) {
    for (const [id, raw] of Object.entries(answer['nodes'])) {
      if (!isRecord(raw)) continue;
      const attributes: Record<string, string> = {};
      if (isRecord(raw['attributes'])) {
        for (const [name, value] of Object.entries(raw['attributes'])) {
          if (typeof value === 'string') attributes[name] = value;
        }
      }
      const transportAddress = str(raw['transport_address']);
      const version = str(raw['version']);
      nodes.push({
        id,
        name: str(raw['name']) ?? id,
        host: str(raw['host']) ?? '',
        ip: str(raw['ip']) ?? '',
        ...(transportAddress === undefined ? {} : { transportAddress }),
        ...(version === undefined ? {} : { version }),
        roles: Array.isArray(raw['roles']) ? raw['roles'].filter((r): r is string => typeof r === 'string') : [],
        attributes,
        local: id === local,
        clusterManager: id === clusterManager,
      });
    }
  }
  return { ...(clusterName === undefined ? {} : { clusterName }), nodes };
}

/** A `GET /_nodes` answer read into nodes, none marked (in the worker when the answer is large). */
export const NODES_READER: JsonReader<NodesInfo> = { name: 'nodes', read: (value) => readNodes(value) };

/**
 * What `GET /_nodes` is asked for: the cluster name and, of each node, what NodeInfo holds; not its settings, build
 * or modules. OpenSearch keeps a node's entry (under its id) as long as one of these fields is there.
 */
const NODES_FILTER_PATH = [
  'cluster_name',
  ...['name', 'host', 'ip', 'transport_address', 'version', 'roles', 'attributes'].map((f) => `nodes.*.${f}`),
].join(',');

/** The letters `_cat/nodes` uses for built-in roles. */
const ROLE_LETTERS: Readonly<Record<string, string>> = {
  cluster_manager: 'm',
  master: 'm',
  data: 'd',
  ingest: 'i',
  remote_cluster_client: 'r',
  search: 's',
  warm: 'w',
};

/** Roles in short: the letters of `_cat/nodes` for built-in roles, `+name` for the others, `-` for none. */
export function shortRoles(roles: readonly string[]): string {
  if (roles.length === 0) return '-';
  const letters = [...new Set(roles.map((r) => ROLE_LETTERS[r]).filter((l): l is string => l !== undefined))].sort();
  const others = roles.filter((r) => ROLE_LETTERS[r] === undefined).sort();
  return `${letters.join('')}${others.map((r) => `+${r}`).join('')}`;
}

const CAT_JSON: readonly QueryParam[] = [
  { name: 'format', value: 'json', hasValue: true },
  { name: 'h', value: 'id', hasValue: true },
];

/** Roles for people: the short form, or `coordinating only` for a node without roles. */
export function rolesText(roles: readonly string[]): string {
  return roles.length === 0 ? 'coordinating only' : shortRoles(roles);
}

export interface NodesRequestOptions {
  readonly opaqueId: string;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Where a large answer is parsed (the response worker); here when undefined. */
  readonly host?: JsonReaderHost;
}

async function markedNode(
  client: ClusterClient,
  requests: readonly { readonly path: string; readonly query?: readonly QueryParam[] }[],
  read: (value: unknown) => string | undefined,
  options: NodesRequestOptions,
): Promise<string | undefined> {
  for (const { path, query } of requests) {
    try {
      const { status, value } = await client.json({
        method: 'GET',
        path,
        ...(query === undefined ? {} : { query }),
        opaqueId: options.opaqueId,
        timeoutMs: options.timeoutMs ?? 10_000,
        maxBytes: BACKGROUND_LIMITS.cat,
        ...(options.signal === undefined ? {} : { signal: options.signal }),
      });
      if (status < 400) return read(value);
    } catch (error) {
      if (!isRequestFailure(error) || (error.kind !== 'forbidden' && error.kind !== 'notJson')) throw error;
    }
  }
  return undefined;
}

/** The nodes, with the local node and the elected cluster manager marked. Throws RequestFailure. */
export async function fetchNodes(client: ClusterClient, options: NodesRequestOptions): Promise<NodesInfo> {
  const common = {
    opaqueId: options.opaqueId,
    timeoutMs: options.timeoutMs ?? 10_000,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  // `_none` is no info metric: the server drops unknown metrics, which leaves the basic node info only (no settings,
  // JVM or plugins), a few hundred bytes per node.
  const nodes = readInBackground(
    client,
    {
      method: 'GET',
      path: '/_nodes/_all/_none',
      query: [{ name: 'filter_path', value: NODES_FILTER_PATH, hasValue: true }],
      maxBytes: BACKGROUND_LIMITS.nodes,
      ...common,
    },
    NODES_READER,
    options.host,
  );
  const local = markedNode(
    client,
    [{ path: '/_nodes/_local/_none', query: [{ name: 'filter_path', value: 'nodes.*.name', hasValue: true }] }],
    (value) => (isRecord(value) && isRecord(value['nodes']) ? Object.keys(value['nodes'])[0] : undefined),
    options,
  );
  const manager = markedNode(
    client,
    [
      { path: '/_cat/cluster_manager', query: CAT_JSON },
      { path: '/_cat/master', query: CAT_JSON },
    ],
    (value) => (Array.isArray(value) && isRecord(value[0]) ? str(value[0]['id']) : undefined),
    options,
  );
  // The marks are extras: a cluster that refuses them still lists its nodes.
  const [answer, localId, managerId] = await Promise.all([
    nodes,
    local.catch(() => undefined),
    manager.catch(() => undefined),
  ]);
  if (!answer.ok) {
    const error = isRecord(answer.error) ? answer.error['error'] : undefined;
    const reason = isRecord(error) ? str(error['reason']) : str(error);
    throw new Error(`GET /_nodes answered ${answer.status}${reason === undefined ? '' : `: ${reason}`}`);
  }
  const managerNode = managerId === '-' ? undefined : managerId;
  return {
    ...answer.value,
    nodes: answer.value.nodes.map((node) => ({
      ...node,
      local: node.id === localId,
      clusterManager: node.id === managerNode,
    })),
  };
}
