// Every diagnostic code the language service can report, with its severity and a one-line summary: the one place
// codes are declared. Issues are created through `issue()` (validate/issues.ts), which takes the severity from here,
// so a code cannot be reported with a severity this table does not give it. Each code has a section in
// docs/diagnostics.md (a test checks that every code here is described there, and that the service emits no other).
// Pure data: the command-line linter builds its SARIF rules from this table.

/** LSP's DiagnosticSeverity values. */
export const enum Severity {
  Error = 1,
  Warning = 2,
  Information = 3,
  Hint = 4,
}

export interface DiagnosticCodeInfo {
  /**
   * The severity of the code. An Error is reported as a Warning where the rule is not the server's own reading but
   * only what the OpenSearch API specification says (`Certainty` in validate/issues.ts): on endpoints outside the
   * deep scope.
   */
  readonly severity: Severity;
  /** What the code means, in one line. */
  readonly summary: string;
}

const E = Severity.Error;
const W = Severity.Warning;
const I = Severity.Information;

export const DIAGNOSTIC_CODES = {
  // JSON
  'json.syntax': { severity: E, summary: 'The JSON cannot be read (as OpenSearch reads it: comments allowed).' },
  'json.duplicate-key': { severity: E, summary: 'An object has the same key twice; OpenSearch refuses it.' },
  'json.too-deep': { severity: E, summary: 'Objects and arrays nested deeper than OpenSearch reads (1,000 levels).' },
  'json.deep-nesting': {
    severity: W,
    summary: 'Objects and arrays nested more than 1,000 levels deep, for a version not known to refuse them.',
  },

  // `.search` files
  'search.outside-request': { severity: W, summary: 'Text before the first request line belongs to no request.' },
  'search.body-not-object': { severity: E, summary: 'A search body that is not a JSON object.' },
  'search.trailing-content': { severity: E, summary: 'Content after the search body object.' },
  'search.unknown-field': { severity: E, summary: 'A key a search body does not have.' },
  'search.wrong-type': { severity: E, summary: 'A search body field given a kind of value it does not take.' },
  'search.highlight-tags': { severity: E, summary: 'Highlight `pre_tags` without `post_tags`.' },
  'search.aggs-twice': { severity: W, summary: 'Both `aggs` and `aggregations`: one silently replaces the other.' },
  'search.deprecated': { severity: W, summary: 'A deprecated form of a search body field.' },
  'search.negative-from': { severity: E, summary: '`from` is negative.' },
  'search.negative-size': { severity: E, summary: '`size` is negative.' },
  'search.q-overrides-query': { severity: W, summary: 'The URL parameter `q` replaces the body query.' },
  'search.result-window': { severity: E, summary: '`from` + `size` (or a scroll batch) exceeds the result window.' },
  'search.search-after-from': { severity: E, summary: '`search_after` with a `from` other than 0.' },
  'search.sort-with-rescore': { severity: E, summary: '`sort` together with `rescore`.' },
  'search.sort-direction-ignored': { severity: W, summary: 'A URL `sort` entry whose direction the server ignores.' },
  'search.collapse-conflict': {
    severity: E,
    summary: '`collapse` with a scroll, with `rescore`, or with `search_after` on another sort.',
  },
  'search.search-after-sort': { severity: E, summary: '`search_after` whose values do not match the sort.' },
  'search.shard-doc-without-pit': { severity: E, summary: 'A `_shard_doc` sort without a point in time.' },
  'search.shard-doc-scroll': { severity: E, summary: 'A `_shard_doc` sort in a scroll.' },
  'search.shard-doc-twice': { severity: E, summary: 'A sort on `_shard_doc` twice.' },
  'search.sort-field': {
    severity: E,
    summary: 'A sort on a metadata field without field data, or on an empty name.',
  },
  'search.slice-context': { severity: E, summary: '`slice` without a scroll or a point in time.' },
  'search.slice-invalid': { severity: E, summary: 'A `slice` whose `id` and `max` do not fit.' },
  'search.slice-limit': { severity: E, summary: 'More slices than `index.max_slices_per_scroll`.' },
  'search.rescore-window': {
    severity: E,
    summary: 'A rescore window larger than `index.max_rescore_window`, or below 0.',
  },
  'search.rescore-missing': {
    severity: E,
    summary: 'A rescore without its rescorer, or a `query` rescorer without its query.',
  },
  'search.verbose-pipeline': {
    severity: E,
    summary: '`verbose_pipeline` on a `_search` that surely has no search pipeline.',
  },
  'search.verbose-pipeline-default': {
    severity: W,
    summary: "`verbose_pipeline` without `search_pipeline`: only the index's default pipeline can make it run.",
  },
  'search.unknown-highlighter': { severity: E, summary: 'A highlighter `type` OpenSearch does not register.' },
  'search.collapse-no-field': { severity: E, summary: '`collapse` without its `field`.' },
  'search.inner-hits-window': {
    severity: E,
    summary: "Inner hits whose from + size exceed `index.max_inner_result_window` (the default or the cluster's).",
  },
  'search.inner-hits-name': {
    severity: E,
    summary: 'Two inner hits of one name, which a search gathers together.',
  },
  'search.collapse-inner-hits-name': {
    severity: E,
    summary: "A collapse's inner hits without a name, in a search that returns hits.",
  },
  'search.fields-limit': {
    severity: E,
    summary: 'More `docvalue_fields` or `script_fields` than the index settings allow.',
  },
  'search.track-total-hits-negative': { severity: E, summary: '`track_total_hits` below -1.' },
  'search.stored-fields-source': {
    severity: E,
    summary: '`stored_fields: "_none_"` together with `_source: true` or with `fields`.',
  },
  'search.total-hits-as-int': {
    severity: E,
    summary: '`rest_total_hits_as_int` without accurate total hit tracking.',
  },
  'search.line-separator': {
    severity: E,
    summary: 'A U+2028 or U+2029 inside the path of a request line, which some editors show as a line break.',
  },
  'search.line-separator-value': {
    severity: W,
    summary: 'A U+2028 or U+2029 inside a URL parameter of a request line, which some editors show as a line break.',
  },
  'search.unclosed-triple-quote': { severity: E, summary: 'A `"""` string that is not closed.' },

  // Variables
  'variable.undefined': { severity: W, summary: 'A `${name}` variable that has no value: it is sent as written.' },

  // Scroll and point in time
  'scroll.track-total-hits': { severity: E, summary: '`track_total_hits: false` in a scroll.' },
  'scroll.from': { severity: E, summary: '`from` in a scroll.' },
  'scroll.size-zero': { severity: E, summary: '`size: 0` in a scroll.' },
  'scroll.rescore': { severity: E, summary: '`rescore` in a scroll.' },
  'scroll.request-cache': { severity: E, summary: '`request_cache=true` in a scroll.' },
  'scroll.pit': { severity: E, summary: 'A point in time in a scroll.' },
  'scroll.search-after': { severity: E, summary: '`search_after` in a scroll.' },
  'pit.indices': { severity: E, summary: 'Indexes named together with a point in time.' },
  'pit.indices-options': { severity: E, summary: 'URL index options (`expand_wildcards`, ...) with a point in time.' },
  'pit.routing': { severity: E, summary: 'The URL parameter `routing` with a point in time.' },
  'pit.preference': { severity: E, summary: 'The URL parameter `preference` with a point in time.' },
  'pit.id': { severity: E, summary: 'A point in time without an id, or with an id that is no point in time id.' },
  'pit.ccs-minimize-roundtrips': { severity: E, summary: '`ccs_minimize_roundtrips=true` with a point in time.' },

  // Values
  'value.not-a-number': { severity: E, summary: 'A number was expected.' },
  'value.out-of-range': { severity: E, summary: 'A number outside the range of its type.' },
  'value.not-a-boolean': { severity: E, summary: 'A boolean was expected.' },
  'value.invalid-time': { severity: E, summary: 'A time value OpenSearch cannot read (e.g. a number without unit).' },

  // Query DSL
  'query.not-an-object': { severity: E, summary: 'A query that is not an object.' },
  'query.empty-clause': { severity: E, summary: 'An empty query object `{}`.' },
  'query.malformed': { severity: E, summary: 'A query clause name not followed by an object.' },
  'query.unknown-clause': { severity: E, summary: 'A query clause name OpenSearch does not register.' },
  'query.clause-version': { severity: E, summary: 'A query clause that only newer OpenSearch versions register.' },
  'query.two-clauses': { severity: E, summary: 'Two clauses in one query object.' },
  'query.multiple-fields': { severity: E, summary: 'A single-field query clause given several fields.' },
  'query.missing-field': { severity: E, summary: 'A query clause without its field.' },
  'query.missing-parameter': { severity: E, summary: 'A query clause without a parameter it requires.' },
  'query.field-array': { severity: E, summary: 'An array where a query clause takes one value per field.' },
  'query.no-short-form': { severity: E, summary: 'A short form (`field: value`) the clause does not accept.' },
  'query.terms-not-array': { severity: E, summary: '`terms` given a value that is neither an array nor a lookup.' },
  'query.unknown-parameter': { severity: E, summary: 'A parameter the query clause does not have.' },
  'query.functions-and-function': {
    severity: E,
    summary: '`function_score` with a `functions` array and then a single function.',
  },
  'query.interval-rules': {
    severity: E,
    summary: 'An `intervals` field with no interval rule, or with more than one.',
  },
  'query.wrong-type': { severity: E, summary: 'A query clause parameter given a kind of value it does not take.' },
  'query.invalid-value': { severity: E, summary: 'A query clause parameter value OpenSearch refuses.' },
  'query.type-parameter': { severity: E, summary: 'A `multi_match` parameter its `type` does not take.' },
  'query.metadata-field': { severity: E, summary: 'A query on a metadata field that cannot be searched (`_source`).' },
  'query.regex-too-long': { severity: E, summary: 'A regular expression longer than `index.max_regex_length`.' },
  'query.too-many-terms': { severity: E, summary: 'More terms than `index.max_terms_count`.' },
  'query.too-many-clauses': { severity: E, summary: 'A `bool` with more clauses than the maximum clause count.' },
  'query.not-a-span-query': {
    severity: E,
    summary: 'A span clause given an inner query that is not a span query (span_multi: not a multi-term query).',
  },
  'query.span-gap-place': { severity: E, summary: '`span_gap` anywhere but among the clauses of `span_near`.' },
  'query.geo-second-field': {
    severity: W,
    summary: 'A second object in `geo_polygon`, read as the field in place of the first.',
  },
  'query.unknown-value': { severity: W, summary: 'A query clause parameter value outside the known values.' },

  // Aggregations
  'aggs.not-an-object': { severity: E, summary: 'An aggregation definition that is not an object.' },
  'aggs.expected-object': { severity: E, summary: 'A part of an aggregation that must be an object.' },
  'aggs.invalid-name': { severity: E, summary: 'An aggregation name with `[`, `]` or `>`.' },
  'aggs.missing-definition': { severity: E, summary: 'An aggregation without a type.' },
  'aggs.two-types': { severity: E, summary: 'An aggregation with two types.' },
  'aggs.two-sub-aggregations': { severity: E, summary: 'Both `aggs` and `aggregations` under one aggregation.' },
  'aggs.unknown-type': { severity: E, summary: 'An aggregation type OpenSearch does not register.' },
  'aggs.type-version': { severity: E, summary: 'An aggregation type that only newer OpenSearch versions register.' },
  'aggs.unknown-parameter': { severity: E, summary: 'A parameter the aggregation type does not have.' },
  'aggs.wrong-type': {
    severity: E,
    summary: 'An aggregation parameter given a kind of value its parser does not take.',
  },
  'aggs.sub-aggregations': {
    severity: E,
    summary: 'Sub-aggregations under a metric or a pipeline aggregation, or none under a sampler.',
  },
  'aggs.placement': {
    severity: E,
    summary: 'An aggregation where OpenSearch does not allow it (global, reverse_nested, pipelines).',
  },
  'aggs.buckets-path': { severity: E, summary: 'A pipeline `buckets_path` that does not lead to a single value.' },
  'aggs.invalid-value': {
    severity: E,
    summary: 'An aggregation parameter value out of the range its builder accepts.',
  },
  'aggs.too-many-buckets': {
    severity: E,
    summary:
      'A top-level `histogram` or `date_histogram` whose `extended_bounds` make more buckets than `search.max_buckets`.',
  },
  'aggs.inner-window': {
    severity: E,
    summary: "`top_hits` from + size over index.max_inner_result_window (the default or the cluster's).",
  },
  'aggs.missing-field': { severity: E, summary: 'A values-source aggregation without `field` or `script`.' },
  'aggs.missing-parameter': { severity: E, summary: 'An aggregation without a parameter it requires.' },
  'aggs.invalid-size': { severity: E, summary: 'An aggregation `size` that is not greater than 0.' },
  'aggs.multi-terms-count': { severity: E, summary: '`multi_terms` with fewer than two terms.' },
  'aggs.empty-filters': { severity: E, summary: '`filters` with no filter.' },
  'aggs.invalid-gap-policy': { severity: E, summary: 'A pipeline `gap_policy` OpenSearch does not know.' },
  'aggs.missing-interval': { severity: E, summary: 'A date histogram without an interval.' },
  'aggs.two-intervals': { severity: E, summary: 'A date histogram with two kinds of interval.' },
  'aggs.invalid-calendar-interval': { severity: E, summary: 'A `calendar_interval` OpenSearch cannot read.' },
  'aggs.deprecated': { severity: W, summary: 'A deprecated aggregation parameter (`interval` of `date_histogram`).' },

  // Request lines and URL parameters
  'url.method-not-allowed': { severity: E, summary: 'A method the endpoint does not take.' },
  'url.unknown-endpoint': { severity: W, summary: 'A path segment that looks like a misspelt endpoint.' },
  'url.invalid-index-name': { severity: E, summary: 'An index name OpenSearch refuses to create.' },
  'url.unknown-parameter': { severity: E, summary: 'A URL parameter the endpoint does not read.' },
  'url.parameter-version': {
    severity: E,
    summary: 'A URL parameter that other OpenSearch versions read, but not the target version.',
  },
  'url.unknown-parameter-newer': {
    severity: W,
    summary: 'A URL parameter the known versions refuse, for a target newer than the checks know.',
  },
  'url.unlisted-parameter': {
    severity: W,
    summary: 'A URL parameter the API specification does not list for an endpoint known only from it.',
  },
  'url.invalid-boolean': { severity: E, summary: 'A boolean URL parameter that is not `true` or `false`.' },
  'url.invalid-integer': { severity: E, summary: 'An integer URL parameter that is not an integer.' },
  'url.invalid-number': { severity: E, summary: 'A numeric URL parameter that is not a number.' },
  'url.invalid-time': { severity: E, summary: 'A time URL parameter OpenSearch cannot read.' },
  'url.invalid-expand-wildcards': { severity: E, summary: 'An `expand_wildcards` value OpenSearch does not know.' },
  'url.invalid-search-type': { severity: E, summary: 'A `search_type` OpenSearch does not know.' },
  'url.out-of-range': { severity: E, summary: 'A URL parameter value outside its range.' },
  'url.missing-parameter': { severity: E, summary: 'A URL parameter without another one the handler needs with it.' },
  'url.empty-value': { severity: E, summary: 'An empty URL parameter value the search handler cannot use.' },
  'url.unknown-value': { severity: W, summary: 'A URL parameter value outside the known values.' },
  'url.body-ignored': { severity: W, summary: 'A body sent to an endpoint that reads none: OpenSearch ignores it.' },
  'url.not-a-cluster': { severity: E, summary: "A full URL whose address is not a configured cluster's." },
  'url.kibana-api': { severity: W, summary: "A `kbn:` request: Kibana's API, not the cluster's." },
  'url.dot-segment': { severity: E, summary: "A `.` or `..` path segment, which would leave the cluster URL's path." },

  // `_msearch`
  'msearch.unknown-metadata-key': { severity: E, summary: 'A header key `_msearch` does not support.' },
  'msearch.header-not-object': { severity: W, summary: 'A header that is not an object, silently read as `{}`.' },
  'msearch.trailing-content': { severity: W, summary: 'Content after the header object, silently ignored.' },
  'msearch.body-not-object': { severity: E, summary: 'A body line that is not a JSON object.' },
  'msearch.blank-body': { severity: E, summary: 'A blank line in body position.' },
  'msearch.body-rest-ignored': {
    severity: W,
    summary: 'Content of a search body after where OpenSearch ends it, which `_msearch` ignores.',
  },
  'msearch.dangling-header': { severity: W, summary: 'A last header without a body, silently dropped.' },
  'msearch.empty-body': { severity: E, summary: 'An `_msearch` without a body.' },
  'msearch.empty-first-line': { severity: W, summary: 'An empty first line (deprecated).' },
  'msearch.missing-final-newline': { severity: E, summary: 'The body does not end with a newline.' },
  'msearch.no-requests': { severity: E, summary: 'An `_msearch` body with no search.' },
  'msearch.target-not-msearch': { severity: W, summary: 'The target comment of a `.msearch` file is not `_msearch`.' },
  'msearch.triple-quoted-string': { severity: E, summary: 'A `"""` string in a `.msearch` line, which is not JSON.' },
  'msearch.index-not-a-string': { severity: W, summary: 'A header `index` that is neither text nor an array.' },
  'msearch.index-untrimmed': { severity: W, summary: 'Blanks around index names of a header, which are kept.' },
  'msearch.metadata-not-scalar': { severity: W, summary: 'A header value read as text given an object or array.' },
  'msearch.invalid-boolean': { severity: E, summary: 'A boolean header value that is not a boolean.' },
  'msearch.invalid-expand-wildcards': {
    severity: E,
    summary: 'A header `expand_wildcards` value OpenSearch does not know.',
  },
  'msearch.invalid-search-type': { severity: E, summary: 'A header `search_type` OpenSearch does not know.' },
  'msearch.invalid-time-value': { severity: E, summary: 'A header time value OpenSearch cannot read.' },

  // Tasks
  'tasks.malformed-task-id': { severity: E, summary: 'A task id that is not `<node id>:<number>`.' },
  'tasks.task-id-required': { severity: E, summary: '`GET _tasks/<id>` without a task id.' },
  'tasks.task-id-with-nodes': { severity: E, summary: 'A task id together with `nodes` in a cancel.' },
  'tasks.invalid-group-by': { severity: E, summary: 'A `group_by` other than `nodes`, `parents` or `none`.' },

  // Nodes
  'nodes.invalid-role-value': { severity: E, summary: 'A role in a node filter with a value other than true/false.' },
  'nodes.filter-selects-nothing': { severity: W, summary: 'A node filter that can select no node.' },
  'nodes.unknown-metric': { severity: E, summary: 'A nodes stats metric OpenSearch does not know.' },
  'nodes.metric-version': { severity: E, summary: 'A nodes stats metric that only newer OpenSearch versions know.' },
  'nodes.unknown-index-metric': { severity: E, summary: 'A nodes stats index metric OpenSearch does not know.' },
  'nodes.unknown-info-metric': { severity: W, summary: 'A nodes info metric OpenSearch silently drops.' },
  'nodes.all-and-metrics': { severity: E, summary: '`_all` together with named metrics.' },
  'nodes.index-metric-with-all': { severity: E, summary: 'An index metric after `_all` metrics.' },
  'nodes.index-metric-without-indices': { severity: E, summary: 'An index metric without the `indices` metric.' },

  // What the connected cluster says
  'cluster.no-matching-index': { severity: I, summary: 'An index pattern that matches nothing on the cluster.' },
  'cluster.no-matching-node': { severity: I, summary: 'A node filter that selects no node of the cluster.' },
  'cluster.rejected-node-filter': { severity: I, summary: 'A node filter the cluster would refuse.' },
  'cluster.unknown-field': {
    severity: I,
    summary: 'A field that no mapping of the searched indexes has on the cluster.',
  },
  'cluster.aggregation-field': {
    severity: E,
    summary: "An aggregation's `value_type`, `format` or `missing` that the field's mapped type does not take.",
  },
  'cluster.aggregation-type': {
    severity: E,
    summary: 'An aggregation on a field whose mapped type it does not read (a `sum` of a keyword field).',
  },
  'cluster.query-field-type': {
    severity: E,
    summary: 'A query on a field whose mapped type it cannot search (a `prefix` query on a number).',
  },
  'cluster.sort-mode': {
    severity: E,
    summary:
      "A field sort's `mode` or `numeric_type` that computes on numbers, on a field whose values are not numbers.",
  },
  'cluster.highlighter': {
    severity: E,
    summary: 'The fast vector highlighter on a field whose mapping keeps no term vectors with positions and offsets.',
  },
  'cluster.suggest-field': {
    severity: E,
    summary: "A term or phrase suggester's field that no searched index maps.",
  },
  'cluster.completion-field': {
    severity: E,
    summary: 'A completion suggester on a field that is not mapped as `completion`.',
  },
  'cluster.fielddata': {
    severity: E,
    summary: 'A sort, an aggregation or a docvalue field on a field whose field data it cannot read (a text field).',
  },
  'cluster.field-value': {
    severity: E,
    summary: 'A value that the type of the field it is compared with cannot read (a text in a numeric field).',
  },
  'cluster.date-value': {
    severity: E,
    summary: 'A date that a date field of the searched indexes cannot read with its default format.',
  },
  'cluster.sort-unmapped': {
    severity: E,
    summary: 'A sort on a name no searched index maps, without `unmapped_type`.',
  },
  'cluster.collapse-field': {
    severity: E,
    summary: '`collapse` on a field no searched index maps, or of a type other than keyword or number.',
  },
  'cluster.too-many-clauses': {
    severity: E,
    summary: 'A tree of `bool` and `term` clauses with more clauses in all than the maximum clause count allows.',
  },
  'cluster.analyzer-not-found': {
    severity: E,
    summary: 'A query naming an analyzer that is neither built in nor defined by any of the searched indexes.',
  },
  'cluster.field-format': {
    severity: E,
    summary: 'A `docvalue_fields` or `fields` format the field cannot use (a keyword, or a bad date format).',
  },
  'cluster.geo-field': {
    severity: E,
    summary: 'A geo query whose field is no geo field of the searched indexes.',
  },
  'cluster.nested-path': {
    severity: E,
    summary: 'A `nested` query whose path is no nested field in the searched indexes.',
  },
  'cluster.join-relation': {
    severity: E,
    summary: '`has_child` or `has_parent` on a relation the join field of the searched indexes does not hold.',
  },
  'cluster.sort-missing': {
    severity: E,
    summary: "A sort's `missing` value that the field's type cannot read.",
  },
  'cluster.match-terms': {
    severity: E,
    summary: "A `match` query's `minimum_should_match` that each shard cannot read for the terms its text makes.",
  },
  'cluster.function-field': {
    severity: E,
    summary: 'A `field_value_factor` on a field no searched index maps, without `missing`.',
  },
  'cluster.terms-set-field': {
    severity: E,
    summary: '`terms_set` counting its minimum from a field no searched index maps.',
  },
  'cluster.more-like-this-fields': {
    severity: E,
    summary: '`more_like_this` on a text without `fields`, on indexes whose default field is `*`.',
  },
  'cluster.unknown-search-pipeline': {
    severity: E,
    summary: '`search_pipeline` naming a search pipeline the cluster does not define.',
  },
  'cluster.index-boost': {
    severity: E,
    summary: '`indices_boost` giving every index the search reaches a boost below zero (or beyond a float).',
  },
  'cluster.deprecation': {
    severity: I,
    summary: 'The cluster answered the last run of this request with a deprecation warning.',
  },
} as const satisfies Readonly<Record<string, DiagnosticCodeInfo>>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

/** The page that describes every code, in the repository. */
export const DIAGNOSTICS_PAGE = 'docs/diagnostics.md';
const DOCS_BASE = 'https://github.com/search-requests/search-requests/blob/main/';

/** The anchor of a code's section (the heading is the code itself; GitHub keeps letters, digits and `-`). */
export function anchorOf(code: DiagnosticCode): string {
  return code.replace(/[^a-z0-9-]/g, '');
}

/** Where a code is described, as a link into the repository. */
export function docsLink(code: DiagnosticCode): string {
  return `${DOCS_BASE}${DIAGNOSTICS_PAGE}#${anchorOf(code)}`;
}

export function isDiagnosticCode(code: unknown): code is DiagnosticCode {
  return typeof code === 'string' && Object.hasOwn(DIAGNOSTIC_CODES, code);
}
