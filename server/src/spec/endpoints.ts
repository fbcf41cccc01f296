// The endpoints this project validates deeply, with the URL parameters the server really reads (docs/opensearch/:
// rest-layer.md, search.md, msearch.md, tasks-and-nodes.md). Where the API spec differs, the server wins
// (docs/opensearch/rest-layer.md#where-the-api-specification-and-the-server-differ).
import type { EndpointSpec, ParamSpec } from './types';

const EXPAND_WILDCARDS = ['open', 'closed', 'hidden', 'none', 'all'] as const;
export const SEARCH_TYPES = ['query_then_fetch', 'dfs_query_then_fetch'] as const;

/** Read on every endpoint by the REST layer. */
export const GLOBAL_PARAMS: readonly ParamSpec[] = [
  { name: 'pretty', kind: 'boolean', emptyMeans: 'true', default: 'false', doc: 'Indents the JSON response.' },
  {
    name: 'human',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Adds human-readable values (`"took": "5ms"`, sizes in kb) next to the raw ones.',
  },
  {
    name: 'error_trace',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Adds the Java stack trace to error responses.',
  },
  {
    name: 'filter_path',
    kind: 'list',
    doc: 'Keeps only these paths of the response (`hits.hits._id,took`); `*` and `**` wildcards; `-` excludes. Not applied to errors.',
  },
  { name: 'format', kind: 'string', doc: 'Response format: `json`, `yaml`, `cbor`, `smile` (and `txt` on `_cat`).' },
];

/** Read where the handler takes its body from the body or from the `source` parameter. */
const SOURCE_PARAMS: readonly ParamSpec[] = [
  { name: 'source', kind: 'string', doc: 'The request body, URL-encoded, for clients that cannot send a body.' },
  { name: 'source_content_type', kind: 'string', doc: 'Content type of `source`, e.g. `application/json`.' },
];

const INDICES_OPTIONS: readonly ParamSpec[] = [
  {
    name: 'allow_no_indices',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'true',
    doc: 'Whether a wildcard, alias or `_all` that matches no open index is fine (true) or an error.',
  },
  {
    name: 'expand_wildcards',
    kind: 'enumList',
    values: EXPAND_WILDCARDS,
    default: 'open',
    doc: 'Which indexes wildcards expand to: `open`, `closed`, `hidden`, `all` (all three) or `none`; comma-separated.',
  },
  {
    name: 'ignore_unavailable',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'false',
    doc: 'Skips missing or closed indexes instead of failing.',
  },
  {
    name: 'ignore_throttled',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'true',
    doc: 'Skips frozen (throttled) indexes.',
  },
];

const SEARCH_PARAMS: readonly ParamSpec[] = [
  {
    name: '_source',
    kind: 'list',
    doc: '`true` or `false` to return the source or not; anything else is a comma list of fields to return.',
  },
  { name: '_source_excludes', kind: 'fieldList', doc: 'Source fields to leave out (wildcards allowed).' },
  { name: '_source_includes', kind: 'fieldList', doc: 'Source fields to return (wildcards allowed).' },
  ...INDICES_OPTIONS,
  {
    name: 'allow_partial_search_results',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'true',
    doc: 'Return what the healthy shards found when some fail or time out (true), or fail the whole search.',
  },
  {
    name: 'analyze_wildcard',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    requires: 'q',
    doc: 'Analyzes wildcard and prefix terms of `q`.',
  },
  { name: 'analyzer', kind: 'string', requires: 'q', doc: 'Analyzer for the `q` query string.' },
  {
    name: 'batched_reduce_size',
    kind: 'integer',
    default: '512',
    doc: 'How many shard results the coordinating node reduces at once (at least 2).',
  },
  {
    name: 'cancel_after_time_interval',
    kind: 'time',
    doc: 'Cancels the search after this long (overrides the cluster setting).',
  },
  {
    name: 'ccs_minimize_roundtrips',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'true',
    doc: 'For cross-cluster search: one round trip per remote cluster.',
  },
  {
    name: 'default_operator',
    kind: 'enum',
    values: ['and', 'AND', 'or', 'OR'],
    default: 'OR',
    requires: 'q',
    doc: 'Operator between the terms of `q` when none is written.',
  },
  { name: 'df', kind: 'string', requires: 'q', doc: 'Default field for terms of `q` without a field prefix.' },
  { name: 'docvalue_fields', kind: 'fieldList', doc: 'Fields to return from doc values, per hit.' },
  {
    name: 'explain',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'false',
    doc: 'Explains how each hit was scored.',
  },
  { name: 'from', kind: 'integer', default: '0', doc: 'Offset of the first hit to return (not negative).' },
  {
    name: 'include_named_queries_score',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Returns `matched_queries` with the score of each named query.',
  },
  { name: 'index', kind: 'indexList', doc: 'Indexes to search, as in the path.' },
  {
    name: 'lenient',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'false',
    requires: 'q',
    doc: 'Ignores format errors (text in a numeric field) in `q`.',
  },
  {
    name: 'max_concurrent_shard_requests',
    kind: 'integer',
    default: '5',
    doc: 'How many shard requests per node this search runs at once (at least 1).',
  },
  {
    name: 'phase_took',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Adds the time each search phase took to the response.',
  },
  {
    name: 'pre_filter_shard_size',
    kind: 'integer',
    doc: 'Above this many shards, a pre-filter round skips shards that cannot match (at least 1).',
  },
  {
    name: 'preference',
    kind: 'string',
    default: 'random',
    doc: 'Which shard copies to search: `_local`, `_only_local`, `_only_nodes:<ids>`, `_prefer_nodes:<ids>`, `_shards:<n>` or a custom string for sticky routing.',
  },
  { name: 'q', kind: 'string', doc: 'A query in query-string syntax; replaces the body `query`.' },
  {
    name: 'request_cache',
    kind: 'boolean',
    emptyMeans: 'default',
    doc: 'Uses the shard request cache for `size=0` searches (default: the index setting).',
  },
  {
    name: 'rest_total_hits_as_int',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Renders `hits.total` as a number instead of `{value, relation}`; needs accurate hit tracking.',
  },
  { name: 'routing', kind: 'list', doc: 'Searches only the shards these routing values lead to.' },
  {
    name: 'scroll',
    kind: 'time',
    doc: 'Keeps a scroll context alive this long and returns a `_scroll_id`.',
  },
  { name: 'search_pipeline', kind: 'string', doc: 'Search pipeline to run the request and response through.' },
  {
    name: 'search_type',
    kind: 'enum',
    values: SEARCH_TYPES,
    default: 'query_then_fetch',
    doc: '`query_then_fetch` scores with shard-local term statistics; `dfs_query_then_fetch` first gathers global ones.',
  },
  {
    name: 'seq_no_primary_term',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'false',
    doc: 'Returns each hit’s sequence number and primary term.',
  },
  { name: 'size', kind: 'integer', default: '10', doc: 'How many hits to return (not negative).' },
  {
    name: 'sort',
    kind: 'list',
    doc: 'Comma list of `field`, `field:asc` or `field:desc`. Any other suffix makes the entry silently ignored.',
  },
  { name: 'stats', kind: 'list', doc: 'Tags of the request for statistics.' },
  { name: 'stored_fields', kind: 'fieldList', doc: 'Stored fields to return; `_none_` turns off stored fields.' },
  { name: 'suggest_field', kind: 'string', doc: 'Field for the term suggester shortcut.' },
  {
    name: 'suggest_mode',
    kind: 'enum',
    values: ['missing', 'always', 'popular'],
    requires: 'suggest_field',
    doc: 'When the term suggester suggests: `missing` terms, `popular` ones, or `always`. Needed with `suggest_field`: the server has no default for it.',
  },
  {
    name: 'suggest_size',
    kind: 'integer',
    default: '5',
    requires: 'suggest_field',
    doc: 'How many suggestions per term.',
  },
  { name: 'suggest_text', kind: 'string', requires: 'suggest_field', doc: 'Text to suggest for.' },
  {
    name: 'terminate_after',
    kind: 'integer',
    default: '0',
    doc: 'Stops collecting on each shard after this many documents (0: never).',
  },
  { name: 'timeout', kind: 'time', doc: 'Time each shard has; on expiry the search returns partial results.' },
  {
    name: 'track_scores',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Computes scores even when sorting by a field.',
  },
  {
    name: 'track_total_hits',
    kind: 'booleanOrInteger',
    default: '10000',
    doc: '`true` counts every hit; `false` counts none; a number counts up to it (`hits.total.relation` is then `gte`).',
  },
  {
    name: 'typed_keys',
    // Read when the answer is written, leniently: real 2.19.1 and 3.8.0 refuse no value (`yes`, `TRUE`).
    kind: 'string',
    default: 'false',
    doc: 'Prefixes aggregation and suggester names with their type (`sterms#by_level`) when `true`.',
  },
  {
    name: 'verbose_pipeline',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Reports what each search-pipeline processor did.',
  },
  {
    name: 'version',
    kind: 'boolean',
    emptyMeans: 'default',
    default: 'false',
    doc: 'Returns each hit’s document version.',
  },
  ...SOURCE_PARAMS,
];

const MSEARCH_PARAMS: readonly ParamSpec[] = [
  ...INDICES_OPTIONS,
  {
    name: 'cancel_after_time_interval',
    kind: 'time',
    doc: 'Cancels each search after this long, unless its header says otherwise.',
  },
  {
    name: 'ccs_minimize_roundtrips',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'true',
    doc: 'For cross-cluster search: one round trip per remote cluster.',
  },
  {
    name: 'max_concurrent_searches',
    kind: 'integer',
    doc: 'How many searches run at once (at least 1; default depends on the cluster size).',
  },
  {
    name: 'max_concurrent_shard_requests',
    kind: 'integer',
    default: '5',
    doc: 'How many shard requests per node each search runs at once (at least 1).',
  },
  {
    name: 'pre_filter_shard_size',
    kind: 'integer',
    doc: 'Above this many shards, a pre-filter round skips shards that cannot match (at least 1).',
  },
  {
    name: 'rest_total_hits_as_int',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Renders `hits.total` as a number; every search must then track hits accurately.',
  },
  { name: 'routing', kind: 'list', doc: 'Routing for searches whose header has none.' },
  {
    name: 'search_type',
    kind: 'enum',
    values: SEARCH_TYPES,
    default: 'query_then_fetch',
    doc: 'Search type for searches whose header has none.',
  },
  {
    name: 'typed_keys',
    // Read leniently when the answer is written (see the search endpoint).
    kind: 'string',
    default: 'false',
    doc: 'Prefixes aggregation and suggester names with their type when `true`.',
  },
  ...SOURCE_PARAMS,
];

const GROUP_BY = ['nodes', 'parents', 'none'] as const;

const TASK_FILTERS: readonly ParamSpec[] = [
  {
    name: 'nodes',
    kind: 'nodeFilter',
    doc: 'Only tasks on these nodes: a node filter such as `_local`, `data:true`, a node id, name, address or `attr:value`.',
  },
  {
    name: 'actions',
    kind: 'actionList',
    doc: 'Only tasks whose action matches one of these comma-separated patterns (`*` wildcards, case-sensitive), e.g. `*search*`.',
  },
  {
    name: 'parent_task_id',
    kind: 'taskId',
    doc: 'Only children of this task (`<node id>:<number>`).',
  },
];

const TASKS_LIST_PARAMS: readonly ParamSpec[] = [
  ...TASK_FILTERS,
  {
    name: 'detailed',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Adds each task’s description, status and resource usage.',
  },
  {
    name: 'wait_for_completion',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Waits until the matching tasks finish.',
  },
  { name: 'timeout', kind: 'time', default: '30s', doc: 'How long to wait when waiting for completion.' },
  {
    name: 'group_by',
    kind: 'enum',
    values: GROUP_BY,
    default: 'nodes',
    doc: '`nodes`: tasks under their node; `parents`: children under their parent; `none`: a flat list.',
  },
];

const TASKS_GET_PARAMS: readonly ParamSpec[] = [
  {
    name: 'wait_for_completion',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Waits until the task finishes.',
  },
  {
    name: 'timeout',
    kind: 'time',
    doc: 'How long to wait for completion (30s when waiting; not used otherwise).',
  },
];

const TASKS_CANCEL_PARAMS: readonly ParamSpec[] = [
  ...TASK_FILTERS,
  {
    name: 'wait_for_completion',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Waits until the cancelled tasks and their children are gone.',
  },
  {
    name: 'group_by',
    kind: 'enum',
    values: GROUP_BY,
    default: 'nodes',
    doc: 'Shape of the list of cancelled tasks: `nodes`, `parents` or `none`.',
  },
];

const NODES_INFO_PARAMS: readonly ParamSpec[] = [
  { name: 'timeout', kind: 'time', doc: 'How long to wait for each node.' },
  {
    name: 'flat_settings',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Renders settings as flat `a.b.c` keys.',
  },
];

const NODES_STATS_PARAMS: readonly ParamSpec[] = [
  { name: 'timeout', kind: 'time', doc: 'How long to wait for each node.' },
  {
    name: 'level',
    kind: 'enum',
    values: ['indices', 'node', 'shards'],
    default: 'node',
    doc: 'Granularity of the `indices` statistics: per `node`, per index (`indices`) or per shard.',
  },
  {
    name: 'fields',
    kind: 'fieldList',
    withIndexMetrics: ['completion', 'fielddata'],
    doc: 'Fields for `fielddata` and `completion` statistics (read only when one of them is requested).',
  },
  {
    name: 'completion_fields',
    kind: 'fieldList',
    withIndexMetrics: ['completion'],
    doc: 'Fields for `completion` statistics (read only when they are requested).',
  },
  {
    name: 'fielddata_fields',
    kind: 'fieldList',
    withIndexMetrics: ['fielddata'],
    doc: 'Fields for `fielddata` statistics (read only when they are requested).',
  },
  {
    name: 'groups',
    kind: 'list',
    withIndexMetrics: ['search'],
    doc: 'Search groups for `search` statistics (read only when they are requested).',
  },
  {
    name: 'include_segment_file_sizes',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    withIndexMetrics: ['segments'],
    doc: 'Adds per-file sizes to `segments` statistics (read only when they are requested).',
  },
  {
    name: 'include_all',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'Includes every statistic that is only given on demand.',
  },
  {
    name: 'top',
    kind: 'boolean',
    emptyMeans: 'true',
    default: 'false',
    doc: 'For `search_backpressure`: adds the top resource-consuming tasks.',
  },
];

/** Endpoints validated deeply: an unknown URL parameter here is an Error, because the server rejects it. */
export const SCOPE_ENDPOINTS: readonly EndpointSpec[] = [
  {
    name: 'search',
    methods: ['GET', 'POST'],
    paths: ['/_search', '/{index}/_search'],
    params: SEARCH_PARAMS,
    alwaysRead: [
      '_source',
      '_source_excludes',
      '_source_includes',
      'allow_no_indices',
      'expand_wildcards',
      'ignore_unavailable',
      'ignore_throttled',
      'batched_reduce_size',
      'cancel_after_time_interval',
      'ccs_minimize_roundtrips',
      'docvalue_fields',
      'include_named_queries_score',
      'index',
      'preference',
      'request_cache',
      'rest_total_hits_as_int',
      'routing',
      'scroll',
      'search_pipeline',
      'search_type',
      'sort',
      'stats',
      'stored_fields',
      'suggest_field',
      'typed_keys',
    ],
    body: 'optional',
  },
  {
    name: 'msearch',
    methods: ['GET', 'POST'],
    paths: ['/_msearch', '/{index}/_msearch'],
    params: MSEARCH_PARAMS,
    alwaysRead: [
      'allow_no_indices',
      'expand_wildcards',
      'ignore_unavailable',
      'ignore_throttled',
      'cancel_after_time_interval',
      'ccs_minimize_roundtrips',
      'rest_total_hits_as_int',
      'routing',
      'search_type',
      'typed_keys',
    ],
    body: 'required',
  },
  {
    name: 'tasks.list',
    methods: ['GET'],
    paths: ['/_tasks'],
    params: TASKS_LIST_PARAMS,
    alwaysRead: ['nodes', 'actions', 'parent_task_id', 'detailed', 'wait_for_completion', 'timeout', 'group_by'],
    body: 'none',
  },
  {
    name: 'tasks.get',
    methods: ['GET'],
    paths: ['/_tasks/{task_id}'],
    params: TASKS_GET_PARAMS,
    alwaysRead: ['wait_for_completion', 'timeout'],
    body: 'none',
  },
  {
    name: 'tasks.cancel',
    methods: ['POST'],
    paths: ['/_tasks/_cancel', '/_tasks/{task_id}/_cancel'],
    params: TASKS_CANCEL_PARAMS,
    alwaysRead: ['nodes', 'actions', 'parent_task_id', 'wait_for_completion', 'group_by'],
    body: 'none',
  },
  {
    name: 'nodes.info',
    methods: ['GET'],
    paths: ['/_nodes', '/_nodes/{node_id}', '/_nodes/{node_id}/{metric}', '/_nodes/{node_id}/info/{metric}'],
    params: NODES_INFO_PARAMS,
    alwaysRead: ['timeout', 'flat_settings'],
    body: 'none',
  },
  {
    name: 'nodes.stats',
    methods: ['GET'],
    paths: [
      '/_nodes/stats',
      '/_nodes/{node_id}/stats',
      '/_nodes/stats/{metric}',
      '/_nodes/{node_id}/stats/{metric}',
      '/_nodes/stats/{metric}/{index_metric}',
      '/_nodes/{node_id}/stats/{metric}/{index_metric}',
    ],
    params: NODES_STATS_PARAMS,
    alwaysRead: ['timeout', 'level', 'include_segment_file_sizes'],
    body: 'none',
  },
];

/** Response parameters: consumed by the response, and offered in "did you mean". */
export const RESPONSE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  search: ['typed_keys', 'rest_total_hits_as_int', 'include_named_queries_score'],
  msearch: ['typed_keys', 'rest_total_hits_as_int'],
  'nodes.stats': ['level'],
  'nodes.info': ['flat_settings'],
};

/**
 * Parameters of endpoints outside the deep scope whose reading was taken from OpenSearch's handler and checked on
 * real 2.19.1 and 3.8.0 (docs/opensearch/rest-layer.md#parameters-checked-outside-the-deep-scope). Each replaces the
 * API specification's entry of the same name, and a value the server cannot read is an Error, as in the deep scope;
 * the rest of the endpoint stays as the specification says.
 */
export const CHECKED_PARAMS: Readonly<Record<string, readonly ParamSpec[]>> = {
  // `RestCountAction` reads it with `paramAsFloat`; the specification gives it as an integer.
  count: [{ name: 'min_score', kind: 'float', doc: 'Counts only the documents that score at least this.' }],
  // Absent from the specification: real 2.19.1 reads it, real 3.8.0 refuses it as an unrecognized parameter. The
  // first 2.x version that reads it was not asked.
  bulk: [
    {
      name: 'batch_size',
      kind: 'integer',
      removedIn: '3.0.0',
      doc: 'How many documents an ingest pipeline is given at once (2.x).',
    },
  ],
};

/**
 * Paths the servers answer that the API specification does not list, each the same handler as an operation it does
 * list (`RestGetMappingAction` and `RestPutMappingAction` register `_mappings` beside `_mapping`). Each is asked of the
 * real clusters with the other routes (`npm run generate:methods`, `test/real/serverMethods.test.ts`), so a path no
 * version has would fail that test (docs/opensearch/rest-layer.md#routes-and-methods).
 */
export const EXTRA_PATHS: Readonly<Record<string, readonly string[]>> = {
  'indices.get_mapping': ['/_mappings', '/{index}/_mappings'],
  'indices.put_mapping': ['/{index}/_mappings'],
};

/**
 * Operations of the servers that the API specification does not have. `POST /{index}/_scale` turns an index's
 * search-only mode on or off (`{"search_only": true}`), from OpenSearch 3.0 (`RestScaleIndexAction`; 2.19.1 has no
 * such path).
 */
export const EXTRA_ENDPOINTS: readonly EndpointSpec[] = [
  { name: 'indices.scale', methods: ['POST'], paths: ['/{index}/_scale'], body: 'required', params: [] },
];
