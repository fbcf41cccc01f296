// Custom requests and notifications between the extension and the language server, declared once as typed
// JSON-RPC messages: both sides use these declarations (`sendRequest(ResolveRequest, params)`,
// `onRequest(ResolveRequest, handler)`), so that the method name, the parameters and the result are checked
// by the compiler on both ends. Neither side imports the other's code.
import { NotificationType, RequestType } from 'vscode-languageserver-protocol';

export interface ResolveRequestParams {
  readonly uri: string;
  /** Zero-based line; any line of the request (or of the `.msearch` pair). Ignored when `all` is set. */
  readonly line?: number;
  /** `.msearch` only: the whole file as one `_msearch`. */
  readonly all?: boolean;
}

export interface QueryParameter {
  /** Decoded name and value. */
  readonly name: string;
  readonly value: string;
  /** False for `?pretty` (no `=`). */
  readonly hasValue: boolean;
}

/**
 * Where a secret variable's value goes in a resolved request: the language server never has the value (the client
 * keeps secrets), so the request comes with `${name}` at these places, and the client puts the value there when it
 * sends the request. Offsets are those of `${name}` in the part's string.
 */
export interface SecretSlot {
  readonly name: string;
  /** The path, a query parameter's value (`index` says which), or the body. */
  readonly part: 'path' | 'query' | 'body';
  readonly index?: number;
  readonly offset: number;
  readonly length: number;
  /** `json`: inside a JSON string, the value goes in escaped as string content; `none`: as it is. */
  readonly escape: 'json' | 'none';
}

export interface ResolvedRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** The path as written, with a leading `/`, without the query string. */
  readonly path: string;
  readonly query: readonly QueryParameter[];
  /** The body to send (comments stripped; NDJSON compacted one object per line, with the final newline). */
  readonly body?: string;
  readonly contentType?: 'application/json' | 'application/x-ndjson';
  /** `search`, `msearch`, `tasks.list`, ... or undefined when the endpoint is unknown. */
  readonly endpoint?: string;
  /** For `_msearch`: how many searches the body holds. */
  readonly searchCount?: number;
  /** Short label for views, e.g. `GET logs-*\/_search` or `#12 logs-* match message`. */
  readonly label: string;
  /** Lines of the document the request covers (inclusive). */
  readonly startLine: number;
  readonly endLine: number;
  /** How many Error diagnostics the request has: the client asks before sending when there are any. */
  readonly errorCount: number;
  /** The first error messages, for the confirmation prompt. */
  readonly errors: readonly string[];
  /** The secret variables' places (the path, query and body hold `${name}` there). */
  readonly secrets?: readonly SecretSlot[];
  /** The configured cluster the request line's full URL names: the request runs there, not on the active cluster. */
  readonly cluster?: string;
}

export interface ResolveRequestResult {
  readonly request?: ResolvedRequest;
  /** Why nothing can be run at this line (no request there, document not open, ...). */
  readonly reason?: string;
}

/** The client asks for the request at a line (or the whole `.msearch` file), ready to send. */
export const ResolveRequest = new RequestType<ResolveRequestParams, ResolveRequestResult, void>(
  'searchRequests/resolveRequest',
);

export interface ResolveRequestsParams {
  readonly uri: string;
  /** Zero-based lines, inclusive: every request (or `.msearch` pair) they touch. Without it, every request. */
  readonly lines?: { readonly start: number; readonly end: number };
}

export interface ResolveRequestsResult {
  /**
   * In the order of the file. A `.search` file gives one request per request it holds; a `.msearch` file one
   * `_msearch` of the pairs (all of them, or those the lines touch).
   */
  readonly requests: readonly ResolvedRequest[];
  /** Requests that cannot be sent as they are written (an undefined variable, ...), with why. */
  readonly skipped: readonly { readonly line: number; readonly reason: string }[];
  /** Why nothing can be run (no request in the lines, document not open, ...). */
  readonly reason?: string;
}

/** The client asks for several requests at once: a whole `.search` file (run all) or the requests of a selection. */
export const ResolveRequests = new RequestType<ResolveRequestsParams, ResolveRequestsResult, void>(
  'searchRequests/resolveRequests',
);

/** What the client knows of one variable: its value, or only that it is a secret (the client keeps its value). */
export type VariableInfo =
  { readonly value: string; readonly source: string } | { readonly secret: true; readonly source: string };

/**
 * Client → server: the values of the `${name}` variables (the settings' `searchRequests.variables`, the active
 * cluster's `variables`, `env:NAME` for the environment), and the configured clusters' names and URLs (request lines
 * written with a full URL run on the cluster at that address). Sent whole, again when any of it changes.
 */
export interface ConsoleSettingsParams {
  readonly variables: Readonly<Record<string, VariableInfo>>;
  readonly clusters: readonly { readonly name: string; readonly url: string }[];
}

export const ConsoleSettings = new NotificationType<ConsoleSettingsParams>('searchRequests/consoleSettings');

export interface EvaluateNodeFilterParams {
  readonly filter: string;
}

export interface EvaluateNodeFilterResult {
  /** Error diagnostics of the filter text, as the language server reports them. */
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  /** Ids of the selected nodes, in cluster order; undefined when no cluster state is known. */
  readonly selected?: readonly string[];
  /** Each expression, what it did, and which node ids it added or removed. */
  readonly steps: readonly {
    expression: string;
    explanation: string;
    added: readonly string[];
    removed: readonly string[];
  }[];
}

/** The client evaluates a node filter against the nodes it pushed (Clusters view, "evaluate node filter" command). */
export const EvaluateNodeFilter = new RequestType<EvaluateNodeFilterParams, EvaluateNodeFilterResult, void>(
  'searchRequests/evaluateNodeFilter',
);

export interface ClusterStateNode {
  readonly id: string;
  readonly name: string;
  readonly host: string;
  readonly ip: string;
  readonly roles: readonly string[];
  readonly attributes: Readonly<Record<string, string>>;
  readonly local: boolean;
  readonly clusterManager: boolean;
}

export interface ClusterStateField {
  readonly name: string;
  readonly type: string;
  /** For a `join` field: each parent name with the names of its children, as the mapping lists them. */
  readonly relations?: Readonly<Record<string, readonly string[]>>;
  /** Set when the mapping turns the field's doc values off (`"doc_values": false`). */
  readonly docValues?: false;
  /** Set when the mapping leaves the field out of the index (`"index": false`). */
  readonly indexed?: false;
  /** Set when the mapping gives the (keyword) field a normalizer, which may make different values one term. */
  readonly normalized?: true;
  /** The date format the mapping gives a (date) field, when it gives one. */
  readonly format?: string;
  /** Set when the mapping turns field data on for a text field (`"fielddata": true`). */
  readonly fielddata?: true;
  /** Set when the mapping gives the field an analyzer of its own (`analyzer` or `search_analyzer`). */
  readonly analyzed?: true;
  /**
   * Set when the mapping keeps the field's term vectors with positions and offsets (`"term_vector":
   * "with_positions_offsets"`, with payloads or not): what the fast vector highlighter reads.
   */
  readonly offsets?: true;
}

export interface ClusterStateIndex {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly fields: readonly ClusterStateField[];
  /** The index's mappings were not read (no open document names it, or they were too large): its fields are unknown. */
  readonly fieldsUnknown?: boolean;
}

export interface ClusterStateTask {
  readonly id: string;
  readonly action: string;
}

/** Cluster-level settings whose values bound a search request (read from `GET _cluster/settings`). */
export const CLUSTER_LIMIT_SETTINGS = ['search.max_buckets', 'indices.query.bool.max_clause_count'] as const;

/** Index-level settings whose values bound a search request (read from `GET _all/_settings`). */
export const INDEX_LIMIT_SETTINGS = [
  'index.max_result_window',
  'index.max_inner_result_window',
  'index.max_rescore_window',
  'index.max_docvalue_fields_search',
  'index.max_script_fields',
  'index.max_terms_count',
  'index.max_regex_length',
  'index.max_slices_per_scroll',
] as const;

export type LimitSetting = (typeof CLUSTER_LIMIT_SETTINGS)[number] | (typeof INDEX_LIMIT_SETTINGS)[number];

/** Everything optional: the client sends what changed; `undefined` keeps the previous value, `null` clears the whole state. */
export interface ClusterStateParams {
  readonly clusterName?: string;
  /**
   * The cluster's values of the limit settings it told (by setting name); an index-level one is the largest any index
   * has, so that no index's own value is exceeded by mistake. A setting left out keeps its default.
   */
  readonly limits?: Readonly<Partial<Record<LimitSetting, number>>>;
  readonly indices?: readonly ClusterStateIndex[];
  /**
   * Each index's `index.query.default_field` (the fields a query without fields reads), by index name, read with the
   * limit settings; an index left out is not known.
   */
  readonly defaultFields?: Readonly<Record<string, readonly string[]>>;
  /**
   * Each index's `index.search.default_pipeline` (`_none` when it has none), by index name, read with the limit
   * settings; an index left out is not known.
   */
  readonly defaultPipelines?: Readonly<Record<string, string>>;
  /**
   * The names of the analyzers each index defines in its settings (`index.analysis.analyzer.*`), by index name, read
   * with the limit settings; an index left out is not known.
   */
  readonly analyzers?: Readonly<Record<string, readonly string[]>>;
  /** The plugins installed on the cluster's nodes (`GET _nodes/plugins`); `null` when they could not be read. */
  readonly plugins?: readonly string[] | null;
  /**
   * The names of the search pipelines the cluster defines (`GET _search/pipeline`); `null` when they could not be
   * read (no permission, a cluster without search pipelines), so that none is said to be missing.
   */
  readonly searchPipelines?: readonly string[] | null;
  readonly nodes?: readonly ClusterStateNode[];
  readonly tasks?: readonly ClusterStateTask[];
  readonly clear?: boolean;
}

/** The client tells the server what the connected cluster holds; the server uses it for completion, hover, diagnostics. */
export const ClusterState = new NotificationType<ClusterStateParams>('searchRequests/clusterState');

export interface NamedIndicesParams {
  /** The index expressions the open documents name as written (no variable), distinct and sorted. */
  readonly expressions: readonly string[];
}

/**
 * The server tells the client which index expressions the open documents name, when that set changes: the client reads
 * the mappings of those indexes only, not of the whole cluster.
 */
export const NamedIndices = new NotificationType<NamedIndicesParams>('searchRequests/namedIndices');

/**
 * Client → server: the server the checks are made for. The connected cluster's distribution and version (from
 * `GET /`), else the `searchRequests.targetVersion` / `searchRequests.targetDistribution` settings; a missing version
 * means the newest version the checks know.
 */
export interface TargetParams {
  readonly distribution?: 'opensearch' | 'elasticsearch';
  readonly version?: string;
  readonly source: 'cluster' | 'setting';
}

export const Target = new NotificationType<TargetParams>('searchRequests/target');

/** After a run, the client tells the server what the cluster warned of (`Warning` headers: deprecations). */
export interface RequestWarningsParams {
  readonly uri: string;
  /** The document version the request was resolved from: another version has moved on, and is left alone. */
  readonly version: number;
  /** Zero-based line of the request (ResolvedRequest.startLine). */
  readonly line: number;
  /** The cluster's own words; an empty list clears what an earlier run left on that line. */
  readonly warnings: readonly string[];
}

export const RequestWarnings = new NotificationType<RequestWarningsParams>('searchRequests/requestWarnings');
