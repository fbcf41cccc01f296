// Metrics of the Nodes API and the built-in node roles (docs/opensearch/tasks-and-nodes.md).

export const NODES_INFO_METRICS: readonly string[] = [
  'settings',
  'os',
  'process',
  'jvm',
  'thread_pool',
  'transport',
  'http',
  'plugins',
  'ingest',
  'aggregations',
  'indices',
  'search_pipelines',
];

export const NODES_STATS_METRICS: readonly string[] = [
  'os',
  'process',
  'jvm',
  'thread_pool',
  'fs',
  'transport',
  'http',
  'breaker',
  'script',
  'discovery',
  'ingest',
  'adaptive_selection',
  'script_cache',
  'indexing_pressure',
  'shard_indexing_pressure',
  'search_backpressure',
  'cluster_manager_throttling',
  'weighted_routing',
  'file_cache',
  'task_cancellation',
  'search_pipeline',
  'resource_usage_stats',
  'segment_replication_backpressure',
  'repositories',
  'admission_control',
  'caches',
  'remote_store',
  'native_allocator',
  'native_memory',
  'indices',
];

/**
 * Nodes stats metrics that only some versions know: from the version given on (the `NodesStatsRequest.Metric` names
 * of each release's `org.opensearch:opensearch` artifact; 2.19.1 and 3.8.0 also checked on real servers).
 */
export const NODES_STATS_METRIC_SINCE: Readonly<Record<string, string>> = {
  native_allocator: '3.7.0',
  native_memory: '3.7.0',
};

export const NODES_STATS_INDEX_METRICS: readonly string[] = [
  'completion',
  'docs',
  'fielddata',
  'flush',
  'get',
  'indexing',
  'merge',
  'query_cache',
  'recovery',
  'refresh',
  'request_cache',
  'search',
  'segments',
  'store',
  'suggest',
  'translog',
  'warmer',
];

/** Roles OpenSearch builds in. A filter `role:true` on another name looks for dynamic roles and attributes. */
export const BUILT_IN_ROLES: readonly string[] = [
  'data',
  'ingest',
  'cluster_manager',
  'remote_cluster_client',
  'search',
];

/** Role names a node filter resolves with its own mechanism (docs/opensearch/tasks-and-nodes.md#node-filters, step 5). */
export const FILTER_ROLES: readonly string[] = ['data', 'master', 'cluster_manager', 'ingest', 'coordinating_only'];

/** Letters `_cat/nodes` prints for built-in roles (other roles are printed by name). */
export const ROLE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  cluster_manager: 'm',
  master: 'm',
  data: 'd',
  ingest: 'i',
  remote_cluster_client: 'r',
  search: 's',
  warm: 'w',
};
