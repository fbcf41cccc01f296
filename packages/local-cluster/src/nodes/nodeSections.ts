// The per-node sections of `_nodes` (info) and `_nodes/stats`, with plausible figures derived from the node
// and from the cluster's live counters (documents, searches, tasks).
import * as os from 'node:os';
import type { Cluster } from '../cluster';
import { double } from '../core/xcontent';
import type { TopologyNode } from '../topology';

const GB = 1024 * 1024 * 1024;
const THREAD_POOLS = [
  'generic',
  'get',
  'management',
  'search',
  'search_throttled',
  'snapshot',
  'write',
  'refresh',
  'flush',
];

function seedOf(node: TopologyNode): number {
  let h = 0;
  for (const c of node.id) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h;
}

function nodeHeader(cluster: Cluster, node: TopologyNode): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: node.name,
    transport_address: cluster.transportAddress(node),
    host: node.host,
    ip: node.ip,
  };
  return out;
}

export function nodeInfo(cluster: Cluster, node: TopologyNode, metrics: ReadonlySet<string>): Record<string, unknown> {
  const heapMax = 4 * GB;
  const out: Record<string, unknown> = {
    ...nodeHeader(cluster, node),
    version: cluster.version.number,
    build_type: cluster.version.build_type,
    build_hash: cluster.version.build_hash,
    roles: [...node.roles].sort(),
  };
  if (Object.keys(node.attributes).length > 0) out.attributes = node.attributes;
  const seed = seedOf(node);
  if (metrics.has('settings')) {
    out.settings = {
      cluster: { name: cluster.topology.cluster_name },
      node: { name: node.name, roles: [...node.roles].sort(), attr: node.attributes },
      path: { home: '/usr/share/opensearch', logs: '/usr/share/opensearch/logs' },
      http: { type: 'netty4' },
      transport: { type: 'netty4' },
    };
  }
  if (metrics.has('os')) {
    out.os = {
      refresh_interval_in_millis: 1000,
      name: 'Linux',
      pretty_name: 'Amazon Linux 2023',
      arch: 'amd64',
      version: '6.1.0',
      available_processors: 4,
      allocated_processors: 4,
    };
  }
  if (metrics.has('process'))
    out.process = { refresh_interval_in_millis: 1000, id: 100 + (seed % 900), mlockall: false };
  if (metrics.has('jvm')) {
    out.jvm = {
      pid: 100 + (seed % 900),
      version: '21.0.6',
      vm_name: 'OpenJDK 64-Bit Server VM',
      vm_version: '21.0.6+7-LTS',
      vm_vendor: 'Eclipse Adoptium',
      bundled_jdk: true,
      using_bundled_jdk: true,
      start_time_in_millis: cluster.startTime,
      mem: {
        heap_init_in_bytes: heapMax,
        heap_max_in_bytes: heapMax,
        non_heap_init_in_bytes: 7667712,
        non_heap_max_in_bytes: 0,
        direct_max_in_bytes: 0,
      },
      gc_collectors: ['G1 Young Generation', 'G1 Concurrent GC', 'G1 Old Generation'],
      memory_pools: ["CodeHeap 'non-nmethods'", 'Metaspace', 'G1 Eden Space', 'G1 Old Gen', 'G1 Survivor Space'],
      using_compressed_ordinary_object_pointers: 'true',
      input_arguments: ['-Xms4g', '-Xmx4g', '-XX:+UseG1GC'],
    };
  }
  if (metrics.has('thread_pool')) {
    const pools: Record<string, unknown> = {};
    for (const p of THREAD_POOLS) {
      pools[p] =
        p === 'search' || p === 'write' || p === 'get'
          ? { type: 'fixed', size: p === 'search' ? 7 : 4, queue_size: p === 'search' ? 1000 : 10000 }
          : { type: 'scaling', core: 1, max: 4, keep_alive: '5m', queue_size: -1 };
    }
    out.thread_pool = pools;
  }
  if (metrics.has('transport')) {
    out.transport = {
      bound_address: [`${node.ip}:9300`],
      publish_address: cluster.transportAddress(node),
      profiles: {},
    };
  }
  if (metrics.has('indices')) {
    // The indexing buffer is reported with the `indices` metric (NodeInfo.totalIndexingBuffer); 3.x names it in bytes.
    out[cluster.release.major >= 3 ? 'total_indexing_buffer_in_bytes' : 'total_indexing_buffer'] = Math.round(
      heapMax * 0.1,
    );
  }
  if (metrics.has('http')) {
    out.http = {
      bound_address: [`${cluster.httpHost}:${cluster.httpPort}`],
      publish_address: `${cluster.httpHost}:${cluster.httpPort}`,
      max_content_length_in_bytes: 104857600,
    };
  }
  if (metrics.has('plugins')) {
    out.plugins = [];
    out.modules = [
      'aggs-matrix-stats',
      'analysis-common',
      'lang-painless',
      'mapper-extras',
      'parent-join',
      'percolator',
      'reindex',
      'transport-netty4',
    ].map((name) => ({
      name,
      version: cluster.version.number,
      opensearch_version: cluster.version.number,
      java_version: '21',
      description: `OpenSearch module ${name}`,
      classname: `org.opensearch.${name.replace(/-/g, '')}.Plugin`,
      custom_foldername: '',
      extended_plugins: [],
      has_native_controller: false,
    }));
  }
  if (metrics.has('ingest'))
    out.ingest = {
      processors: ['append', 'convert', 'date', 'grok', 'json', 'remove', 'rename', 'set', 'split'].map((type) => ({
        type,
      })),
    };
  if (metrics.has('aggregations')) {
    out.aggregations = Object.fromEntries(
      ['avg', 'cardinality', 'date_histogram', 'histogram', 'max', 'min', 'sum', 'terms', 'value_count'].map((a) => [
        a,
        { types: ['other'] },
      ]),
    );
  }
  if (metrics.has('search_pipelines')) out.search_pipelines = { request_processors: [], response_processors: [] };
  return out;
}

/** `level=indices` or `level=shards`: the node's documents per index, or per shard of each index. */
function perIndexStats(cluster: Cluster, node: TopologyNode, level: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const idx of cluster.store.indices.values()) {
    const held = idx.shards.filter((sh) => sh.primaryNode === node.id || sh.replicaNodes.includes(node.id));
    if (held.length === 0) continue;
    if (level === 'indices') {
      out[idx.name] = { docs: { count: held.reduce((n, sh) => n + sh.docs.size, 0), deleted: 0 } };
    } else {
      out[idx.name] = held.map((sh) => ({ [String(sh.id)]: { docs: { count: sh.docs.size, deleted: 0 } } }));
    }
  }
  return out;
}

function indicesStats(cluster: Cluster, node: TopologyNode, wanted: ReadonlySet<string>): Record<string, unknown> {
  let docs = 0;
  let store = 0;
  for (const idx of cluster.store.indices.values()) {
    for (const shard of idx.shards) {
      if (shard.primaryNode !== node.id && !shard.replicaNodes.includes(node.id)) continue;
      docs += shard.docs.size;
      store += shard.storeBytes();
    }
  }
  const c = cluster.counter(node.id);
  const all: Record<string, unknown> = {
    docs: { count: docs, deleted: 0 },
    store: { size_in_bytes: store, reserved_in_bytes: 0 },
    indexing: {
      index_total: c.indexTotal,
      index_time_in_millis: c.indexTimeMs,
      index_current: 0,
      index_failed: 0,
      delete_total: 0,
      delete_time_in_millis: 0,
      delete_current: 0,
      noop_update_total: 0,
      is_throttled: false,
      throttle_time_in_millis: 0,
    },
    get: {
      total: 0,
      time_in_millis: 0,
      exists_total: 0,
      exists_time_in_millis: 0,
      missing_total: 0,
      missing_time_in_millis: 0,
      current: 0,
    },
    search: {
      open_contexts: 0,
      query_total: c.queryTotal,
      query_time_in_millis: c.queryTimeMs,
      query_current: c.queryCurrent,
      fetch_total: c.fetchTotal,
      fetch_time_in_millis: c.fetchTimeMs,
      fetch_current: 0,
      scroll_total: 0,
      scroll_time_in_millis: 0,
      scroll_current: 0,
      point_in_time_total: 0,
      point_in_time_time_in_millis: 0,
      point_in_time_current: 0,
      suggest_total: 0,
      suggest_time_in_millis: 0,
      suggest_current: 0,
    },
    merges: {
      current: 0,
      current_docs: 0,
      current_size_in_bytes: 0,
      total: 0,
      total_time_in_millis: 0,
      total_docs: 0,
      total_size_in_bytes: 0,
    },
    refresh: {
      total: 12,
      total_time_in_millis: 40,
      external_total: 12,
      external_total_time_in_millis: 41,
      listeners: 0,
    },
    flush: { total: 1, periodic: 0, total_time_in_millis: 3 },
    warmer: { current: 0, total: 12, total_time_in_millis: 1 },
    query_cache: {
      memory_size_in_bytes: 0,
      total_count: 0,
      hit_count: 0,
      miss_count: 0,
      cache_size: 0,
      cache_count: 0,
      evictions: 0,
    },
    fielddata: { memory_size_in_bytes: 0, evictions: 0 },
    completion: { size_in_bytes: 0 },
    segments: {
      count: docs > 0 ? 4 : 0,
      memory_in_bytes: 0,
      index_writer_memory_in_bytes: 0,
      version_map_memory_in_bytes: 0,
      fixed_bit_set_memory_in_bytes: 0,
      max_unsafe_auto_id_timestamp: -1,
      file_sizes: {},
    },
    translog: {
      operations: 0,
      size_in_bytes: 55,
      uncommitted_operations: 0,
      uncommitted_size_in_bytes: 55,
      earliest_last_modified_age: 0,
    },
    request_cache: { memory_size_in_bytes: 0, evictions: 0, hit_count: 0, miss_count: 0 },
    recovery: { current_as_source: 0, current_as_target: 0, throttle_time_in_millis: 0 },
  };
  const alias: Record<string, string> = { merge: 'merges' };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(all)) {
    const name = Object.entries(alias).find(([, a]) => a === k)?.[0] ?? k;
    if (wanted.has('_all') || wanted.has(name)) out[k] = v;
  }
  return out;
}

export function nodeStats(
  cluster: Cluster,
  node: TopologyNode,
  metrics: ReadonlySet<string>,
  indexMetrics: ReadonlySet<string>,
  level = 'node',
): Record<string, unknown> {
  const seed = seedOf(node);
  const now = Date.now();
  const all = metrics.has('_all');
  const want = (m: string): boolean => all || metrics.has(m);
  // Node stats name the node's address with its port as `ip` (NodeStats writes the transport address there).
  const out: Record<string, unknown> = {
    timestamp: now,
    ...nodeHeader(cluster, node),
    ip: cluster.transportAddress(node),
    roles: [...node.roles].sort(),
  };
  if (Object.keys(node.attributes).length > 0) out.attributes = node.attributes;
  if (want('indices')) {
    const indices = indicesStats(cluster, node, all ? new Set(['_all']) : indexMetrics);
    // 3.x counts the REST statuses of the node's indexing and search (NodeIndicesStats.statusCounter).
    if (cluster.release.major >= 3) indices.status_counter = { doc_status: {}, search_status: {} };
    if (level === 'indices' || level === 'shards') indices[level] = perIndexStats(cluster, node, level);
    out.indices = indices;
  }
  const heapMax = 4 * GB;
  const uptime = now - cluster.startTime;
  const heapUsed = Math.round(heapMax * (0.25 + ((seed + Math.floor(uptime / 5000)) % 30) / 100));
  if (want('os')) {
    const total = 16 * GB;
    const used = Math.round(total * (0.55 + (seed % 20) / 100));
    out.os = {
      timestamp: now,
      cpu: {
        percent: (seed + Math.floor(uptime / 2000)) % 23,
        load_average: {
          '1m': double(os.loadavg()[0] ?? 0.5),
          '5m': double(os.loadavg()[1] ?? 0.4),
          '15m': double(os.loadavg()[2] ?? 0.3),
        },
      },
      mem: {
        total_in_bytes: total,
        free_in_bytes: total - used,
        used_in_bytes: used,
        free_percent: Math.round(((total - used) / total) * 100),
        used_percent: Math.round((used / total) * 100),
      },
      swap: { total_in_bytes: 0, free_in_bytes: 0, used_in_bytes: 0 },
    };
  }
  if (want('process')) {
    out.process = {
      timestamp: now,
      open_file_descriptors: 400 + (seed % 200),
      max_file_descriptors: 65535,
      cpu: { percent: (seed % 7) + 1, total_in_millis: 10_000 + Math.round(uptime / 50) },
      mem: { total_virtual_in_bytes: 8 * GB },
    };
  }
  if (want('jvm')) {
    out.jvm = {
      timestamp: now,
      uptime_in_millis: uptime,
      mem: {
        heap_used_in_bytes: heapUsed,
        heap_used_percent: Math.round((heapUsed / heapMax) * 100),
        heap_committed_in_bytes: heapMax,
        heap_max_in_bytes: heapMax,
        non_heap_used_in_bytes: 180_000_000 + (seed % 1000) * 1000,
        non_heap_committed_in_bytes: 200_000_000,
        pools: {
          young: {
            used_in_bytes: Math.round(heapUsed * 0.3),
            max_in_bytes: 0,
            peak_used_in_bytes: Math.round(heapMax * 0.4),
            peak_max_in_bytes: 0,
            last_gc_stats: { used_in_bytes: 0, max_in_bytes: 0, usage_percent: -1 },
          },
          old: {
            used_in_bytes: Math.round(heapUsed * 0.65),
            max_in_bytes: heapMax,
            peak_used_in_bytes: Math.round(heapUsed * 0.7),
            peak_max_in_bytes: heapMax,
            last_gc_stats: { used_in_bytes: 0, max_in_bytes: heapMax, usage_percent: 0 },
          },
          survivor: {
            used_in_bytes: Math.round(heapUsed * 0.05),
            max_in_bytes: 0,
            peak_used_in_bytes: 0,
            peak_max_in_bytes: 0,
            last_gc_stats: { used_in_bytes: 0, max_in_bytes: 0, usage_percent: -1 },
          },
        },
      },
      threads: { count: 80 + (seed % 40), peak_count: 130 },
      gc: {
        collectors: {
          young: { collection_count: 10 + Math.floor(uptime / 30000), collection_time_in_millis: 120 },
          G1_Concurrent_GC: { collection_count: 2, collection_time_in_millis: 8 },
          old: { collection_count: 0, collection_time_in_millis: 0 },
        },
      },
      buffer_pools: {
        mapped: { count: 40, used_in_bytes: 1_000_000, total_capacity_in_bytes: 1_000_000 },
        direct: { count: 30, used_in_bytes: 4_000_000, total_capacity_in_bytes: 4_000_000 },
      },
      classes: { current_loaded_count: 26000, total_loaded_count: 26100, total_unloaded_count: 100 },
    };
  }
  if (want('thread_pool')) {
    const pools: Record<string, unknown> = {};
    const running = cluster.tasks.all().filter((t) => t.node === node.id && t.action.includes('[phase/')).length;
    for (const p of THREAD_POOLS) {
      pools[p] = {
        threads: p === 'search' ? 7 : 1,
        queue: 0,
        active: p === 'search' ? Math.min(7, running) : 0,
        rejected: 0,
        largest: p === 'search' ? 7 : 1,
        completed: p === 'search' ? cluster.counter(node.id).queryTotal : 10,
        total_wait_time_in_nanos: 0,
      };
    }
    out.thread_pool = pools;
  }
  if (want('fs')) {
    const total = 100 * GB;
    const free = Math.round(total * (0.6 + (seed % 20) / 100));
    out.fs = {
      timestamp: now,
      total: { total_in_bytes: total, free_in_bytes: free, available_in_bytes: free, cache_reserved_in_bytes: 0 },
      data: [
        {
          path: '/usr/share/opensearch/data/nodes/0',
          mount: '/ (overlay)',
          type: 'overlay',
          total_in_bytes: total,
          free_in_bytes: free,
          available_in_bytes: free,
          cache_reserved_in_bytes: 0,
        },
      ],
      io_stats: {},
    };
  }
  if (want('transport'))
    out.transport = {
      server_open: 30,
      total_outbound_connections: 6,
      rx_count: 1000,
      rx_size_in_bytes: 1_000_000,
      tx_count: 1000,
      tx_size_in_bytes: 1_000_000,
    };
  if (want('http')) {
    const c = cluster.counter(node.id);
    out.http = { current_open: node.id === cluster.topology.local ? 1 : 0, total_opened: c.restRequests };
  }
  if (want('breaker')) {
    const b = (limit: number): Record<string, unknown> => ({
      limit_size_in_bytes: limit,
      limit_size: '',
      estimated_size_in_bytes: 0,
      estimated_size: '0b',
      overhead: double(1),
      tripped: 0,
    });
    out.breakers = {
      request: b(heapMax * 0.6),
      fielddata: b(heapMax * 0.4),
      in_flight_requests: b(heapMax),
      parent: b(heapMax * 0.95),
    };
  }
  if (want('script')) out.script = { compilations: 0, cache_evictions: 0, compilation_limit_triggered: 0 };
  if (want('discovery'))
    out.discovery = {
      cluster_state_queue: { total: 0, pending: 0, committed: 0 },
      published_cluster_states: { full_states: 2, incompatible_diffs: 0, compatible_diffs: 30 },
    };
  if (want('ingest')) out.ingest = { total: { count: 0, time_in_millis: 0, current: 0, failed: 0 }, pipelines: {} };
  if (want('adaptive_selection')) out.adaptive_selection = {};
  if (want('indexing_pressure'))
    out.indexing_pressure = {
      memory: { current: { all_in_bytes: 0 }, total: { all_in_bytes: 0 }, limit_in_bytes: Math.round(heapMax * 0.1) },
    };
  if (want('shard_indexing_pressure'))
    out.shard_indexing_pressure = {
      stats: {},
      total_rejections_breakup_shadow_mode: {},
      enabled: false,
      enforced: false,
    };
  if (want('search_backpressure'))
    out.search_backpressure = {
      search_task: {
        resource_tracker_stats: {},
        cancellation_stats: { cancellation_count: 0, cancellation_limit_reached_count: 0 },
      },
      search_shard_task: {
        resource_tracker_stats: {},
        cancellation_stats: { cancellation_count: 0, cancellation_limit_reached_count: 0 },
      },
      mode: 'monitor_only',
    };
  if (want('cluster_manager_throttling'))
    out.cluster_manager_throttling = { stats: { total_throttled_tasks: 0, throttled_tasks_per_task_type: {} } };
  if (want('task_cancellation')) {
    out.task_cancellation = {
      search_shard_task: {
        current_count_post_cancel: 0,
        total_count_post_cancel: cluster.tasks.cancelledSearchShardTasks.get(node.id) ?? 0,
      },
      search_task: {
        current_count_post_cancel: 0,
        total_count_post_cancel: cluster.tasks.cancelledSearchTasks.get(node.id) ?? 0,
      },
    };
  }
  if (want('search_pipeline'))
    out.search_pipeline = {
      total_request: { count: 0, time_in_millis: 0, current: 0, failed: 0 },
      total_response: { count: 0, time_in_millis: 0, current: 0, failed: 0 },
      pipelines: {},
    };
  if (want('resource_usage_stats'))
    out.resource_usage_stats = {
      [node.id]: {
        timestamp: now,
        cpu_utilization_percent: '3.0',
        memory_utilization_percent: String(Math.round((heapUsed / heapMax) * 100)),
        io_usage_stats: { max_io_utilization_percent: '0.0' },
      },
    };
  if (want('admission_control'))
    out.admission_control = {
      global_cpu_usage: { transport: { rejection_count: {} } },
      global_io_usage: { transport: { rejection_count: {} } },
    };
  if (want('segment_replication_backpressure')) out.segment_replication_backpressure = { total_rejected_requests: 0 };
  if (want('repositories')) out.repositories = [];
  if (want('weighted_routing')) out.weighted_routing = { stats: { fail_open_count: 0 } };
  if (want('script_cache'))
    out.script_cache = { sum: { compilations: 0, cache_evictions: 0, compilation_limit_triggered: 0 }, contexts: [] };
  if (want('remote_store')) out.remote_store = { last_successful_fetch_of_pinned_timestamps: 0 };
  // 3.x reports the native memory of the node with every stats request (NodesStatsRequest, native_memory).
  if (cluster.release.major >= 3) out.native_memory = { total_in_bytes: 0, allocated_in_bytes: 0 };
  if (want('caches'))
    out.caches = {
      request_cache: {
        size_in_bytes: 0,
        evictions: 0,
        hit_count: 0,
        miss_count: 0,
        item_count: 0,
        store_name: 'opensearch_onheap',
      },
    };
  return out;
}
