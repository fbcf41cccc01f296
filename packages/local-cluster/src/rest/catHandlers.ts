// `_cat/indices`, `_cat/nodes`, `_cat/tasks`, `_cat/health`, `_cat/aliases`, `_cat/shards`, `_cat/cluster_manager`
// (and its deprecated name `_cat/master`).
import type { Cluster } from '../cluster';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { resolveNodes, splitByComma } from '../nodes/nodeFilter';
import { indicesOptionsFrom, resolveIndices, type IndicesOptions } from '../search/indexResolver';
import { splitCommas } from '../search/searchRequest';
import { parseTaskId, taskType } from '../tasks/taskInfo';
import type { Task } from '../tasks/taskManager';
import { CAT_RESPONSE_PARAMS, catResponse, type Cell, type Column } from './catTable';
import { clusterHealth } from './clusterHandlers';
import { ROLE_LETTERS } from '../tables/nodes';

const INDICES_COLUMNS: Column[] = [
  { name: 'health', aliases: ['h'], desc: 'current health status' },
  { name: 'status', aliases: ['s'], desc: 'open/close status' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'uuid', aliases: ['id', 'uuid'], desc: 'index uuid' },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], desc: 'number of primary shards', right: true },
  { name: 'rep', aliases: ['r', 'shards.replica', 'shardsReplica'], desc: 'number of replica shards', right: true },
  { name: 'docs.count', aliases: ['dc', 'docsCount'], desc: 'available docs', right: true },
  { name: 'docs.deleted', aliases: ['dd', 'docsDeleted'], desc: 'deleted docs', right: true },
  {
    name: 'creation.date',
    aliases: ['cd'],
    desc: 'index creation date (millisecond value)',
    default: false,
    right: true,
  },
  {
    name: 'creation.date.string',
    aliases: ['cds'],
    desc: 'index creation date (as string)',
    default: false,
    right: true,
  },
  { name: 'store.size', aliases: ['ss', 'storeSize'], desc: 'store size of primaries & replicas', right: true },
  { name: 'pri.store.size', desc: 'store size of primaries', right: true },
];

function indicesHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const base: IndicesOptions = {
        ignoreUnavailable: false,
        allowNoIndices: true,
        expandOpen: true,
        expandClosed: true,
        expandHidden: false,
      };
      const options = indicesOptionsFrom(base, req.param('expand_wildcards'), undefined, undefined, undefined);
      const health = req.param('health');
      req.bool('pri', false);
      req.bool('include_unloaded_segments', false);
      req.bool('local', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const indices = resolveIndices(cluster.store, expressions, options);
        const rows: Record<string, Cell>[] = indices.map((idx) => {
          const docs = cluster.store.docCount(idx);
          const pri = idx.shards.reduce((s, sh) => s + sh.storeBytes(), 0);
          const copies = 1 + Math.min(idx.numberOfReplicas, idx.shards[0]?.replicaNodes.length ?? 0);
          return {
            health: clusterHealth(cluster, [idx]).status as string,
            status: idx.state,
            index: idx.name,
            uuid: idx.uuid,
            pri: idx.numberOfShards,
            rep: idx.numberOfReplicas,
            'docs.count': docs,
            'docs.deleted': 0,
            'creation.date': idx.creationDate,
            'creation.date.string': new Date(idx.creationDate).toISOString(),
            'store.size': { bytes: pri * copies },
            'pri.store.size': { bytes: pri },
          };
        });
        return catResponse(req, INDICES_COLUMNS, health === undefined ? rows : rows.filter((r) => r.health === health));
      };
    },
  };
}

const NODES_COLUMNS: Column[] = [
  { name: 'id', aliases: ['id', 'nodeId'], desc: 'unique node id', default: false },
  { name: 'pid', aliases: ['p'], desc: 'process id', default: false },
  { name: 'ip', aliases: ['i'], desc: 'ip address' },
  { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
  { name: 'http_address', aliases: ['http'], desc: 'bound http address', default: false },
  { name: 'version', aliases: ['v'], desc: 'es version', default: false },
  { name: 'heap.percent', aliases: ['hp', 'heapPercent'], desc: 'used heap ratio', right: true },
  { name: 'ram.percent', aliases: ['rp', 'ramPercent'], desc: 'used machine memory ratio', right: true },
  { name: 'cpu', aliases: ['cpu'], desc: 'recent cpu usage', right: true },
  { name: 'load_1m', aliases: ['l'], desc: '1m load avg', right: true },
  { name: 'load_5m', aliases: ['l'], desc: '5m load avg', right: true },
  { name: 'load_15m', aliases: ['l'], desc: '15m load avg', right: true },
  { name: 'uptime', aliases: ['u'], desc: 'node uptime', default: false, right: true },
  {
    name: 'node.role',
    aliases: ['r', 'role', 'nodeRole'],
    desc: 'm:master eligible node, d:data node, i:ingest node, -:coordinating node only',
  },
  { name: 'node.roles', aliases: ['rs', 'all roles'], desc: ' -:coordinating node only' },
  { name: 'cluster_manager', aliases: ['cm', 'm', 'master'], desc: '*:current cluster manager' },
  { name: 'name', aliases: ['n'], desc: 'node name' },
];

function nodesHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      const fullId = req.bool('full_id', false);
      req.bool('local', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.bool('include_unloaded_segments', false);
      return () => {
        const rows = cluster.nodes.map((n, i) => {
          // Only built-in roles have a letter; custom ones (`ml`) are not shown in node.role.
          const roleAbbrev = [...new Set(n.roles.map((r) => ROLE_LETTERS[r] ?? ''))].sort().join('') || '-';
          const seed = n.id.charCodeAt(0) + i * 7;
          const row: Record<string, Cell> = {
            id: fullId ? n.id : n.id.slice(0, 4),
            pid: 100 + seed,
            ip: n.ip,
            port: 9300,
            http_address: n.id === cluster.topology.local ? `${cluster.httpHost}:${cluster.httpPort}` : null,
            version: cluster.version.number,
            'heap.percent': 25 + (seed % 40),
            'ram.percent': 55 + (seed % 30),
            cpu: seed % 12,
            load_1m: '0.42',
            load_5m: '0.37',
            load_15m: '0.31',
            uptime: { nanos: (Date.now() - cluster.startTime) * 1e6 },
            'node.role': roleAbbrev,
            'node.roles': n.roles.length ? [...n.roles].sort().join(',') : '-',
            cluster_manager: n.id === cluster.topology.cluster_manager ? '*' : '-',
            name: n.name,
          };
          return row;
        });
        return catResponse(req, NODES_COLUMNS, rows);
      };
    },
  };
}

const TASKS_COLUMNS: Column[] = [
  { name: 'id', desc: 'id of the task with the node', default: false },
  { name: 'action', aliases: ['ac'], desc: 'task action' },
  { name: 'task_id', aliases: ['ti'], desc: 'unique task id' },
  { name: 'parent_task_id', aliases: ['pti'], desc: 'parent task id' },
  { name: 'type', aliases: ['ty'], desc: 'task type' },
  { name: 'start_time', aliases: ['start'], desc: 'start time in ms' },
  { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'start time in HH:MM:SS' },
  { name: 'running_time_ns', aliases: ['time'], desc: 'running time ns', default: false },
  { name: 'running_time', aliases: ['time'], desc: 'running time' },
  { name: 'node_id', aliases: ['ni'], desc: 'unique node id', default: false },
  { name: 'ip', aliases: ['i'], desc: 'ip address' },
  { name: 'port', aliases: ['po'], desc: 'bound transport port', default: false },
  { name: 'node', aliases: ['n'], desc: 'node name' },
  { name: 'version', aliases: ['v'], desc: 'es version', default: false },
  { name: 'x_opaque_id', aliases: ['x'], desc: 'X-Opaque-ID header', default: false },
];

function tasksHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: [...CAT_RESPONSE_PARAMS, 'detailed'],
    prepare(req: RestRequest) {
      const nodes = resolveNodes(cluster.topology, splitByComma(req.param('nodes')));
      const actions = splitByComma(req.param('actions'));
      const detailed = req.bool('detailed', false);
      const parent = parseTaskId(req.param('parent_task_id'));
      req.bool('wait_for_completion', false);
      req.time('timeout');
      req.param('group_by');
      const fullId = req.bool('full_id', false);
      return (ctx) => {
        const headers: Record<string, string> = ctx.opaqueId === undefined ? {} : { 'X-Opaque-Id': ctx.opaqueId };
        const own = cluster.tasks.register({
          node: cluster.topology.local,
          action: 'cluster:monitor/tasks/lists',
          cancellable: false,
          headers,
        });
        const children = nodes.map((node) =>
          cluster.tasks.register({ node, action: 'cluster:monitor/tasks/lists[n]', cancellable: false, parent: own }),
        );
        try {
          const tasks = cluster.tasks.list({
            nodes: new Set(nodes),
            actions,
            ...(parent ? { parentTaskId: `${parent.node}:${parent.id}` } : {}),
          });
          const ordered = orderAsGroups(tasks);
          const rows = ordered.map((t) => {
            const node = cluster.node(t.node);
            const running = t.runningTimeNanos();
            const row: Record<string, Cell> = {
              id: t.id,
              action: t.action,
              task_id: t.taskId,
              parent_task_id: t.parent ? t.parent.taskId : '-',
              type: taskType(t),
              start_time: t.startTimeMillis,
              timestamp: new Date(t.startTimeMillis).toISOString().slice(11, 19),
              running_time_ns: running,
              running_time: { nanos: running },
              node_id: fullId ? t.node : t.node.slice(0, 4),
              ip: node?.ip ?? '-',
              port: 9300,
              node: node?.name ?? '-',
              version: cluster.version.number,
              x_opaque_id: t.headers['X-Opaque-Id'] ?? '-',
            };
            if (detailed) row.description = t.description;
            return row;
          });
          const columns = detailed
            ? [...TASKS_COLUMNS, { name: 'description', aliases: ['desc'], desc: 'task action' }]
            : TASKS_COLUMNS;
          return catResponse(req, columns, rows);
        } finally {
          for (const c of children) cluster.tasks.unregister(c);
          cluster.tasks.unregister(own);
        }
      };
    },
  };
}

/** RestTasksAction lists each parent followed by its children, by start time. */
function orderAsGroups(tasks: readonly Task[]): Task[] {
  const set = new Set(tasks);
  const byStart = [...tasks].sort((a, b) => a.startTimeMillis - b.startTimeMillis || a.id - b.id);
  const out: Task[] = [];
  const visit = (t: Task): void => {
    out.push(t);
    for (const c of byStart) if (c.parent === t) visit(c);
  };
  for (const t of byStart) if (!t.parent || !set.has(t.parent)) visit(t);
  return out;
}

const HEALTH_COLUMNS: Column[] = [
  { name: 'epoch', aliases: ['t', 'time'], desc: 'seconds since 1970-01-01 00:00:00' },
  { name: 'timestamp', aliases: ['ts', 'hms', 'hhmmss'], desc: 'time in HH:MM:SS' },
  { name: 'cluster', aliases: ['cl'], desc: 'cluster name' },
  { name: 'status', aliases: ['st'], desc: 'health status' },
  { name: 'node.total', aliases: ['nt', 'nodeTotal'], desc: 'total number of nodes', right: true },
  { name: 'node.data', aliases: ['nd', 'nodeData'], desc: 'number of nodes that can store data', right: true },
  { name: 'discovered_master', aliases: ['dm'], desc: 'cluster manager is discovered', right: true },
  { name: 'discovered_cluster_manager', aliases: ['dcm'], desc: 'cluster manager is discovered', right: true },
  { name: 'shards', aliases: ['t', 'sh', 'shards.total', 'shardsTotal'], desc: 'total number of shards', right: true },
  { name: 'pri', aliases: ['p', 'shards.primary', 'shardsPrimary'], desc: 'number of primary shards', right: true },
  {
    name: 'relo',
    aliases: ['r', 'shards.relocating', 'shardsRelocating'],
    desc: 'number of relocating nodes',
    right: true,
  },
  {
    name: 'init',
    aliases: ['i', 'shards.initializing', 'shardsInitializing'],
    desc: 'number of initializing nodes',
    right: true,
  },
  {
    name: 'unassign',
    aliases: ['u', 'shards.unassigned', 'shardsUnassigned'],
    desc: 'number of unassigned shards',
    right: true,
  },
  { name: 'pending_tasks', aliases: ['pt', 'pendingTasks'], desc: 'number of pending tasks', right: true },
  {
    name: 'max_task_wait_time',
    aliases: ['mtwt', 'maxTaskWaitTime'],
    desc: 'wait time of longest task pending',
    right: true,
  },
  {
    name: 'active_shards_percent',
    aliases: ['asp', 'activeShardsPercent'],
    desc: 'active number of shards in percent',
    right: true,
  },
];

function healthHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      req.bool('ts', true);
      req.bool('local', false);
      return () => {
        const h = clusterHealth(cluster);
        const now = Date.now();
        const row: Record<string, Cell> = {
          epoch: Math.floor(now / 1000),
          timestamp: new Date(now).toISOString().slice(11, 19),
          cluster: cluster.topology.cluster_name,
          status: h.status as string,
          'node.total': h.number_of_nodes as number,
          'node.data': h.number_of_data_nodes as number,
          discovered_master: 'true',
          discovered_cluster_manager: 'true',
          shards: h.active_shards as number,
          pri: h.active_primary_shards as number,
          relo: 0,
          init: 0,
          unassign: h.unassigned_shards as number,
          pending_tasks: 0,
          max_task_wait_time: '-',
          active_shards_percent: `${(h.active_shards_percent_as_number as { value: number }).value.toFixed(1)}%`,
        };
        return catResponse(req, HEALTH_COLUMNS, [row]);
      };
    },
  };
}

const ALIASES_COLUMNS: Column[] = [
  { name: 'alias', aliases: ['a'], desc: 'alias name' },
  { name: 'index', aliases: ['i', 'idx'], desc: 'index alias points to' },
  { name: 'filter', aliases: ['f', 'fi'], desc: 'filter' },
  { name: 'routing.index', aliases: ['ri', 'routingIndex'], desc: 'index routing' },
  { name: 'routing.search', aliases: ['rs', 'routingSearch'], desc: 'search routing' },
  { name: 'is_write_index', aliases: ['w', 'isWriteIndex'], desc: 'write index' },
];

function aliasesHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      const names = splitCommas(req.param('name'));
      req.param('expand_wildcards');
      req.bool('local', false);
      return () => {
        const rows: Record<string, Cell>[] = [];
        for (const idx of cluster.store.indices.values()) {
          for (const alias of idx.aliases) {
            if (names.length > 0 && !names.includes(alias)) continue;
            rows.push({
              alias,
              index: idx.name,
              filter: '-',
              'routing.index': '-',
              'routing.search': '-',
              is_write_index: '-',
            });
          }
        }
        return catResponse(req, ALIASES_COLUMNS, rows);
      };
    },
  };
}

const SHARDS_COLUMNS: Column[] = [
  { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
  { name: 'shard', aliases: ['s', 'sh'], desc: 'shard name' },
  { name: 'prirep', aliases: ['p', 'pr', 'primaryOrReplica'], desc: 'primary or replica' },
  { name: 'state', aliases: ['st'], desc: 'shard state' },
  { name: 'docs', aliases: ['d', 'dc'], desc: 'number of docs in shard', right: true },
  { name: 'store', aliases: ['sto'], desc: 'store size of shard (how much disk it uses)', right: true },
  { name: 'ip', desc: 'ip of node where it lives' },
  { name: 'id', desc: 'unique id of node where it lives', default: false },
  { name: 'node', aliases: ['n'], desc: 'name of node where it lives' },
];

function shardsHandler(cluster: Cluster): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      req.bool('local', false);
      return () => {
        const indices = resolveIndices(cluster.store, expressions, {
          ignoreUnavailable: false,
          allowNoIndices: true,
          expandOpen: true,
          expandClosed: true,
          expandHidden: false,
        });
        const rows: Record<string, Cell>[] = [];
        for (const idx of indices) {
          for (const sh of idx.shards) {
            const copies: { node: string | undefined; p: string }[] = [
              { node: sh.primaryNode, p: 'p' },
              ...sh.replicaNodes.map((node) => ({ node, p: 'r' })),
            ];
            for (let r = sh.replicaNodes.length; r < idx.numberOfReplicas; r++)
              copies.push({ node: undefined, p: 'r' });
            for (const c of copies) {
              const n = c.node === undefined ? undefined : cluster.node(c.node);
              rows.push({
                index: idx.name,
                shard: sh.id,
                prirep: c.p,
                state: n ? 'STARTED' : 'UNASSIGNED',
                docs: n ? sh.docs.size : null,
                store: n ? { bytes: sh.storeBytes() } : null,
                ip: n?.ip ?? null,
                id: n?.id ?? null,
                node: n?.name ?? null,
              });
            }
          }
        }
        return catResponse(req, SHARDS_COLUMNS, rows);
      };
    },
  };
}

const CLUSTER_MANAGER_COLUMNS: Column[] = [
  { name: 'id', desc: 'node id' },
  { name: 'host', aliases: ['h'], desc: 'host name' },
  { name: 'ip', desc: 'ip address ' },
  { name: 'node', aliases: ['n'], desc: 'node name' },
];

/** RestController's warning for a ReplacedRoute, in the `Warning` header format of DeprecationLogger. */
function deprecatedRouteWarning(cluster: Cluster, deprecated: string, replacement: string): string {
  return `299 OpenSearch-${cluster.version.number}-${cluster.version.build_hash} "[GET ${deprecated}] is deprecated! Use [GET ${replacement}] instead."`;
}

/** RestClusterManagerAction: one row, the elected cluster manager (`-` in every cell when there is none). */
function clusterManagerHandler(cluster: Cluster, deprecatedPath?: string): RouteHandler {
  return {
    responseParams: CAT_RESPONSE_PARAMS,
    prepare(req: RestRequest) {
      req.bool('local', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const manager = cluster.node(cluster.topology.cluster_manager);
        const row: Record<string, Cell> = manager
          ? { id: manager.id, host: manager.host, ip: manager.ip, node: manager.name }
          : { id: '-', host: '-', ip: '-', node: '-' };
        const response = catResponse(req, CLUSTER_MANAGER_COLUMNS, [row]);
        if (deprecatedPath === undefined) return response;
        return {
          ...response,
          headers: {
            ...response.headers,
            Warning: deprecatedRouteWarning(cluster, deprecatedPath, '/_cat/cluster_manager'),
          },
        };
      };
    },
  };
}

export function registerCatRoutes(router: Router, cluster: Cluster): void {
  router.add('GET', '/_cat/indices', indicesHandler(cluster));
  router.add('GET', '/_cat/indices/{index}', indicesHandler(cluster));
  router.add('GET', '/_cat/nodes', nodesHandler(cluster));
  router.add('GET', '/_cat/tasks', tasksHandler(cluster));
  router.add('GET', '/_cat/health', healthHandler(cluster));
  router.add('GET', '/_cat/aliases', aliasesHandler(cluster));
  router.add('GET', '/_cat/aliases/{name}', aliasesHandler(cluster));
  router.add('GET', '/_cat/shards', shardsHandler(cluster));
  router.add('GET', '/_cat/shards/{index}', shardsHandler(cluster));
  router.add('GET', '/_cat/cluster_manager', clusterManagerHandler(cluster));
  router.add('GET', '/_cat/master', clusterManagerHandler(cluster, '/_cat/master'));
  router.add('GET', '/_cat', {
    prepare: () => () => ({
      status: 200,
      text: [
        '=^.^=',
        '/_cat/aliases',
        '/_cat/cluster_manager',
        '/_cat/health',
        '/_cat/indices',
        '/_cat/indices/{index}',
        '/_cat/nodes',
        '/_cat/shards',
        '/_cat/shards/{index}',
        '/_cat/tasks',
        '',
      ].join('\n'),
    }),
  });
}
