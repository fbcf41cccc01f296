// How often URL parameters are written, to offer the common ones first. Unlisted parameters rank 40,
// global ones 20, deprecated ones last.

const COMMON: Readonly<Record<string, number>> = {
  // _search
  size: 100,
  from: 96,
  q: 94,
  sort: 92,
  track_total_hits: 90,
  _source: 88,
  timeout: 86,
  routing: 70,
  preference: 68,
  search_type: 66,
  scroll: 64,
  request_cache: 62,
  allow_partial_search_results: 60,
  expand_wildcards: 58,
  ignore_unavailable: 57,
  typed_keys: 56,
  rest_total_hits_as_int: 55,
  // _msearch
  max_concurrent_searches: 99,
  max_concurrent_shard_requests: 80,
  // _tasks
  detailed: 98,
  actions: 97,
  nodes: 95,
  group_by: 93,
  wait_for_completion: 91,
  parent_task_id: 89,
  // _nodes
  level: 85,
  // everywhere
  filter_path: 50,
  pretty: 48,
  human: 30,
};

const GLOBAL = new Set(['pretty', 'human', 'error_trace', 'filter_path', 'format', 'source', 'source_content_type']);

export function paramRank(name: string, deprecated: boolean): number {
  if (deprecated) return 1;
  return COMMON[name] ?? (GLOBAL.has(name) ? 20 : 40);
}
