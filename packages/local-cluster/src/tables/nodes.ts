// The Nodes API's metrics and the `_cat/nodes` role letters, as the local cluster answers them. Its own copy (it
// imports nothing from the language server); a test of the repository compares them with the language server's.

/** Sections of `GET /_nodes/<metrics>` (RestNodesInfoAction, NodesInfoRequest.Metric). */
export const INFO_METRICS: readonly string[] = [
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

/** Sections of `GET /_nodes/stats/<metric>` (RestNodesStatsAction, NodesStatsRequest.Metric, plus `indices`). */
export const STATS_METRICS: readonly string[] = [
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

/** Index-level sections of `GET /_nodes/stats/indices/<index_metric>` (CommonStatsFlags.Flag). */
export const INDEX_METRICS: readonly string[] = [
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

/** The letter `_cat/nodes` prints for a built-in role (DiscoveryNodeRole.roleNameAbbreviation); others by name. */
export const ROLE_LETTERS: Readonly<Record<string, string>> = {
  cluster_manager: 'm',
  master: 'm',
  data: 'd',
  ingest: 'i',
  remote_cluster_client: 'r',
  search: 's',
  warm: 'w',
};
