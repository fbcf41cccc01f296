import type { Span } from '../json/jsonSegment';
import { checkNodeFilter, splitNodeFilter } from '../nodes/nodeFilter';
import { suggestions } from '../text/similarity';
import { wordList } from '../text/wordList';
import { dotSegments } from '../url/dotSegments';
import { endpointWords, methodRefusedAt, servedByCore, type RouteMatch } from '../url/routes';
import type { QueryParam, RequestTarget } from '../url/requestLine';
import { CHECKED_PARAMS, GLOBAL_PARAMS, RESPONSE_PARAMS, SEARCH_TYPES } from '../../spec/endpoints';
import {
  NODES_INFO_METRICS,
  NODES_STATS_INDEX_METRICS,
  NODES_STATS_METRIC_SINCE,
  NODES_STATS_METRICS,
} from '../../spec/nodes';
import { holdsAt, NEWEST_KNOWN_VERSION } from '../../spec/versions';
import { versionNote } from './versionNote';
import { beyondKnown, targetName, type TargetServer } from '../target';
import type { EndpointSpec, HttpMethod, ParamSpec } from '../../spec/types';
import type { DiagnosticCode, Severity } from '../diagnosticCodes';
import { issue, severityOf, type Certainty, type IssueSink } from './issues';
import { readTaskId } from './taskId';
import {
  expandWildcardsError,
  hasText,
  intParamError,
  isJavaDouble,
  javaTrim,
  parseJavaInt,
  parseTimeValue,
  splitByComma,
  strictBooleanError,
} from './values';

/** What the URL says, for the body and cross-field rules. */
export interface UrlFacts {
  readonly route: RouteMatch | undefined;
  /** Query parameters by name; the last one written wins, as on the server. */
  readonly params: ReadonlyMap<string, QueryParam>;
}

const INDICES_OPTION_BOOLEANS = new Set(['ignore_unavailable', 'allow_no_indices', 'ignore_throttled']);

/** Parameters outside the deep scope whose reading was checked against the server. */
const CHECKED: ReadonlySet<ParamSpec> = new Set(Object.values(CHECKED_PARAMS).flat());

/** Path placeholders the handlers read, offered in "did you mean" with the rest. */
const PATH_PARAM_NAMES: Readonly<Record<string, readonly string[]>> = {
  search: ['index'],
  msearch: ['index'],
  'tasks.get': ['task_id'],
  'tasks.cancel': ['task_id'],
  'nodes.info': ['nodeId', 'metrics'],
  'nodes.stats': ['nodeId', 'metric', 'index_metric'],
};

/** OpenSearch's ` -> did you mean [x]?` / ` -> did you mean any of [a, b]?` of unrecognized parameters and metrics. */
function arrowHint(near: readonly string[]): string {
  if (near.length === 0) return '';
  return near.length === 1 ? ` -> did you mean [${near[0]!}]?` : ` -> did you mean any of [${near.join(', ')}]?`;
}

function push(
  issues: IssueSink,
  code: DiagnosticCode,
  message: string,
  span: Span,
  replacements?: string[],
  certainty?: Certainty,
): void {
  issues.push(
    issue(code, message, span, {
      ...(replacements !== undefined && replacements.length > 0 ? { data: { replacements } } : {}),
      ...(certainty === undefined ? {} : { certainty }),
    }),
  );
}

/** Checks a request line: method and path against the routes, then every URL parameter. */
export function validateTarget(target: RequestTarget, issues: IssueSink, server: TargetServer): UrlFacts {
  const params = new Map<string, QueryParam>();
  for (const param of target.query) params.set(param.name, param);
  const method = target.method.toUpperCase();
  for (const segment of dotSegments(target.segments)) {
    push(
      issues,
      'url.dot-segment',
      `A "${segment.text}" path segment is read as a step up the path: the request would leave the cluster URL's path, so it is not sent. Index names and endpoints are never "." or "..".`,
      segment.span,
    );
  }
  const resolution = target.route;
  if (resolution.kind === 'method-not-allowed') {
    methodNotAllowed(target, method, resolution.allowed, issues);
    return { route: undefined, params };
  }
  if (resolution.kind === 'unknown') {
    checkUnknownEndpointWords(target, issues);
    return { route: undefined, params };
  }
  const route = resolution.route;
  // The methods of resolveRoute are every version's: the target's own servers may refuse this one.
  const refused =
    server.distribution === 'opensearch' ? methodRefusedAt(route.template, method, server.version) : undefined;
  if (refused !== undefined) {
    const takes = refused.takenBy.length === 1 ? 'takes' : 'take';
    const note = ` (OpenSearch ${wordList(refused.takenBy, 'and')} ${takes} ${method} here; the target is ${targetName(server)})`;
    methodNotAllowed(target, method, refused.allowed, issues, note);
    return { route: undefined, params };
  }
  checkEndpointWordsInPlaceholders(route, issues);
  checkIndexCreation(route, issues);
  checkParams(target, route, issues, server);
  checkPathParams(target, route, params, issues, server);
  return { route, params };
}

/** OpenSearch's 405 for a method no handler of the path takes (`note` after its words), offering the methods taken. */
function methodNotAllowed(
  target: RequestTarget,
  method: string,
  allowed: readonly HttpMethod[],
  issues: IssueSink,
  note = '',
): void {
  const uri = target.queryString.length > 0 ? `${target.path}?${target.queryString}` : target.path;
  push(
    issues,
    'url.method-not-allowed',
    `Incorrect HTTP method for uri [${uri}] and method [${method}], allowed: [${allowed.join(', ')}]${note}`,
    target.methodSpan,
    [...allowed],
  );
}

/** A body sent to a handler that reads none: the server refuses it (for endpoints we only know from the spec, a warning). */
export function bodyNotAllowed(
  target: RequestTarget,
  route: RouteMatch,
): { severity: Severity; message: string } | undefined {
  if (route.endpoint.body !== 'none') return undefined;
  // What a plugin's handler reads is known from the specification alone: not enough to say it ignores a body.
  if (!route.scope && !servedByCore(route.template)) return undefined;
  // OpenSearch 2.19 and 3.x answer such requests as if the body were not there (checked on real clusters).
  return {
    severity: severityOf('url.body-ignored'),
    message: `OpenSearch ignores this body: [${target.method.toUpperCase()} ${target.path}] reads no request body.`,
  };
}

/** Where plugins put their APIs: the plugins a cluster may have are too many to know every name they use. */
const PLUGIN_NAMESPACES: ReadonlySet<string> = new Set(['_plugins', '_opendistro']);

function checkUnknownEndpointWords(target: RequestTarget, issues: IssueSink): void {
  for (const segment of target.segments) {
    // What follows a plugin namespace is the plugin's (also when the path starts with a host, `localhost:9600/...`).
    if (PLUGIN_NAMESPACES.has(segment.text)) return;
    if (!segment.text.startsWith('_') || endpointWords().includes(segment.text)) continue;
    const near = suggestions(segment.text, endpointWords()).slice(0, 3);
    if (near.length > 0) {
      push(
        issues,
        'url.unknown-endpoint',
        `[${segment.text}] is not an OpenSearch endpoint; did you mean ${near.map((n) => `[${n}]`).join(' or ')}?`,
        segment.span,
        near,
      );
    }
  }
}

/** `GET /_serch`: the segment lands in an `{index}` placeholder and names no index; most likely a misspelt endpoint. */
function checkEndpointWordsInPlaceholders(route: RouteMatch, issues: IssueSink): void {
  const index = route.params.get('index');
  if (index === undefined || !index.text.startsWith('_') || index.text === '_all') return;
  if (endpointWords().includes(index.text)) return;
  const near = suggestions(index.text, endpointWords()).slice(0, 3);
  if (near.length === 0) return;
  push(
    issues,
    'url.unknown-endpoint',
    `[${index.text}] is read as an index name here (index names cannot start with '_'); did you mean ${near
      .map((n) => `[${n}]`)
      .join(' or ')}?`,
    index.span,
    near,
  );
}

/** `PUT /_search` lands on index creation, which refuses the name. */
function checkIndexCreation(route: RouteMatch, issues: IssueSink): void {
  if (route.endpoint.name !== 'indices.create') return;
  const index = route.params.get('index');
  if (index === undefined) return;
  const first = index.text[0];
  if (first === '_' || first === '-' || first === '+') {
    push(
      issues,
      'url.invalid-index-name',
      `Invalid index name [${index.text}], must not start with '_', '-', or '+'`,
      index.span,
    );
  }
}

/**
 * Parameters a handler reads that the specification does not list for its endpoint
 * (docs/opensearch/rest-layer.md#url-parameters): a path placeholder's name written as a URL parameter
 * (`POST /_cache/clear?index=movies`, `GET /_cat/snapshots?repository=r`: handlers read both from one map), and
 * `size` on every `_cat` endpoint but the help listing (real 2.19.1 and 3.8.0).
 */
function readAnyway(route: RouteMatch, name: string): boolean {
  if (route.endpoint.paths.some((path) => path.includes(`{${name}}`))) return true;
  return name === 'size' && route.endpoint.name.startsWith('cat.') && route.template !== '/_cat';
}

function knownParams(endpoint: EndpointSpec): Map<string, ParamSpec> {
  const known = new Map<string, ParamSpec>();
  for (const p of GLOBAL_PARAMS) known.set(p.name, p);
  for (const p of endpoint.params) known.set(p.name, p);
  return known;
}

function checkParams(target: RequestTarget, route: RouteMatch, issues: IssueSink, server: TargetServer): void {
  const present = new Set(target.query.map((p) => p.name));
  const known = knownParams(route.endpoint);
  // Parameters of other versions than the target's are not read by it.
  const otherVersions = new Map<string, ParamSpec>();
  for (const [name, spec] of known) {
    if (!holdsAt(spec, server.version)) {
      otherVersions.set(name, spec);
      known.delete(name);
    }
  }
  // Parameters read only next to another one (`df` with `q`) are not read, so not recognized, without it.
  for (const [name, spec] of known) if (spec.requires !== undefined && !present.has(spec.requires)) known.delete(name);
  // Nodes stats read some parameters only for the index statistics they apply to.
  const indexMetrics = requestedIndexMetrics(route);
  for (const [name, spec] of known) {
    if (spec.withIndexMetrics !== undefined && !spec.withIndexMetrics.some((m) => indexMetrics.has(m)))
      known.delete(name);
  }
  // "Did you mean" candidates are the names the handler looked up while reading this request, as the server
  // collects them: the ones it always reads, those present in the request, those read next to a present one.
  const candidates = new Set<string>([
    ...GLOBAL_PARAMS.map((p) => p.name),
    // Only while readable: nodes stats read `include_segment_file_sizes` whenever segment statistics are requested.
    ...(route.endpoint.alwaysRead ?? []).filter(
      (name) => known.has(name) || !route.endpoint.params.some((p) => p.name === name),
    ),
    ...(RESPONSE_PARAMS[route.endpoint.name] ?? []),
    ...(PATH_PARAM_NAMES[route.endpoint.name] ?? []),
  ]);
  for (const [name, spec] of known) if (present.has(name) || spec.requires !== undefined) candidates.add(name);
  const unknown = target.query.filter((param) => !known.has(param.name));
  if (unknown.length > 0 && route.scope) {
    const names = [...new Set(unknown.map((p) => p.name))].sort();
    const near = new Map(names.map((name) => [name, suggestions(name, candidates)]));
    const parts = names.map((name) => `[${name}]${arrowHint(near.get(name)!)}`);
    const message = `request [${target.path}] contains unrecognized parameter${names.length > 1 ? 's' : ''}: ${parts.join(', ')}`;
    for (const param of unknown) {
      // The message is the server's; the quick fix offers every parameter it could read, not only its candidates.
      const renames = suggestions(param.name, known.keys());
      const other = otherVersions.get(param.name);
      if (other !== undefined) {
        push(
          issues,
          'url.parameter-version',
          `${message}${versionNote(param.name, other, server)}`,
          param.nameSpan,
          renames,
        );
      } else if (beyondKnown(server)) {
        // A version newer than the tables may read it: say so without claiming the server refuses it.
        push(
          issues,
          'url.unknown-parameter-newer',
          `OpenSearch ${NEWEST_KNOWN_VERSION} and older refuse [${param.name}] ("${message}"); ${targetName(server)} is newer than these checks know, and may read it.`,
          param.nameSpan,
          renames,
        );
      } else {
        push(issues, 'url.unknown-parameter', message, param.nameSpan, renames);
      }
    }
  }
  for (const param of target.query) {
    const spec = known.get(param.name);
    if (spec === undefined) {
      // A plugin's route: the specification is all that is known of it, and it lacks many of their parameters.
      if (!route.scope && servedByCore(route.template) && !readAnyway(route, param.name)) {
        const near = suggestions(param.name, known.keys());
        const other = otherVersions.get(param.name);
        push(
          issues,
          'url.unlisted-parameter',
          other !== undefined
            ? `[${route.endpoint.name}] reads no parameter [${param.name}] here${versionNote(param.name, other, server)}.`
            : `The OpenSearch API specification lists no parameter [${param.name}] for [${route.endpoint.name}]${near.length > 0 ? `; did you mean [${near[0]!}]?` : '.'}`,
          param.nameSpan,
          near,
        );
      }
      continue;
    }
    checkParamValue(param, spec, route, issues);
  }
}

/**
 * The index statistics a nodes stats request asks for: all of them when the path names no metric, `_all` or
 * `indices` alone; those of the index metric segment otherwise; none when `indices` is not requested.
 */
function requestedIndexMetrics(route: RouteMatch): ReadonlySet<string> {
  if (route.endpoint.name !== 'nodes.stats') return new Set();
  const metric = route.params.get('metric');
  const all = new Set(NODES_STATS_INDEX_METRICS);
  if (metric === undefined) return all;
  const metrics = splitByComma(metric.text);
  if (!metrics.includes('indices') && !metrics.includes('_all')) return new Set();
  const indexMetric = route.params.get('index_metric');
  if (indexMetric === undefined) return all;
  const named = splitByComma(indexMetric.text);
  return named.includes('_all') ? all : new Set(named);
}

function checkParamValue(param: QueryParam, spec: ParamSpec, route: RouteMatch, issues: IssueSink): void {
  // What the server reads is known for the deep-scope endpoints and the global parameters; elsewhere it is the spec's.
  const certainty: Certainty = route.scope || GLOBAL_PARAMS.includes(spec) || CHECKED.has(spec) ? 'known' : 'specified';
  const value = param.value;
  const span = param.hasEquals ? param.valueSpan : param.nameSpan;
  const error = (code: DiagnosticCode, message: string, at: Span = span): void => {
    push(issues, code, message, at, undefined, certainty);
  };
  // Values the search endpoints' REST handler refuses beyond their kind (docs/diagnostics.md#urlempty-value;
  // conformance cases url/search/<name>/empty on real 3.8.0 and 2.19.1).
  if (route.endpoint.name === 'search' || route.endpoint.name === 'msearch') {
    if (param.name === 'allow_partial_search_results' && value === '') {
      error(
        'url.empty-value',
        'An empty [allow_partial_search_results] is no value: OpenSearch fails with "Cannot invoke "java.lang.Boolean.booleanValue()" because the return value of "org.opensearch.rest.RestRequest.paramAsBoolean(String, java.lang.Boolean)" is null"',
      );
      return;
    }
    if (param.name === 'search_pipeline' && value === '') {
      error('url.empty-value', 'Pipeline  is not defined');
      return;
    }
    if (param.name === 'suggest_field' && value === '') {
      error('url.empty-value', 'suggestion field name is empty');
      return;
    }
  }
  switch (spec.kind) {
    case 'boolean': {
      if (value === '') {
        return;
      }
      if (!hasText(value)) return;
      const strict = strictBooleanError(value);
      if (strict === undefined) return;
      error(
        'url.invalid-boolean',
        INDICES_OPTION_BOOLEANS.has(param.name) ? `Could not convert [${param.name}] to boolean: ${strict}` : strict,
      );
      return;
    }
    case 'integer':
    case 'long': {
      const problem = intParamError(param.name, value);
      if (problem !== undefined) {
        error('url.invalid-integer', problem);
        return;
      }
      const n = parseJavaInt(value)!;
      const bound = INTEGER_BOUNDS[param.name];
      if (bound !== undefined && route.scope) {
        const message = bound(n);
        if (message !== undefined) error('url.out-of-range', message);
      }
      return;
    }
    case 'float':
      // `Float.parseFloat` trims as Java does, then reads the grammar of `Double.parseDouble`.
      if (!isJavaDouble(javaTrim(value))) {
        error('url.invalid-number', `Failed to parse float parameter [${param.name}] with value [${value}]`);
      }
      return;
    case 'time': {
      const parsed = parseTimeValue(value, param.name);
      if (parsed.error !== undefined) error('url.invalid-time', parsed.error);
      return;
    }
    case 'enum':
      checkEnum(param, spec, route, issues);
      return;
    case 'enumList': {
      if (param.name === 'expand_wildcards') {
        const bad = expandWildcardsError(splitByComma(value));
        if (bad !== undefined) error('url.invalid-expand-wildcards', bad.message);
      } else if (spec.values !== undefined) {
        const wrong = splitByComma(value).find((v) => !spec.values!.includes(v));
        if (wrong !== undefined) {
          push(issues, 'url.unknown-value', `[${wrong}] is not one of ${spec.values.join(', ')}`, span);
        }
      }
      return;
    }
    case 'booleanOrInteger': {
      if (value === 'true' || value === 'false') return;
      const n = parseJavaInt(value);
      if (n === undefined) {
        error('url.invalid-integer', `Failed to parse int parameter [${param.name}] with value [${value}]`);
      } else if (n < -1) {
        error('url.out-of-range', `[${param.name}] parameter must be positive or equals to -1, got ${n}`);
      }
      return;
    }
    case 'nodeFilter':
      checkNodeFilterText(value, span.offset, 'raw', issues);
      return;
    case 'taskId': {
      const task = readTaskId(value);
      if (task.kind === 'malformed') error('tasks.malformed-task-id', task.message);
      return;
    }
    default:
      return;
  }
}

const INTEGER_BOUNDS: Readonly<Record<string, (n: number) => string | undefined>> = {
  from: (n) => (n < 0 ? `[from] parameter cannot be negative, found [${n}]` : undefined),
  size: (n) => (n < 0 ? `[size] parameter cannot be negative, found [${n}]` : undefined),
  batched_reduce_size: (n) => (n <= 1 ? 'batchedReduceSize must be >= 2' : undefined),
  max_concurrent_shard_requests: (n) => (n < 1 ? 'maxConcurrentShardRequests must be >= 1' : undefined),
  pre_filter_shard_size: (n) => (n < 1 ? 'preFilterShardSize must be >= 1' : undefined),
  terminate_after: (n) => (n < 0 ? 'terminateAfter must be > 0' : undefined),
  max_concurrent_searches: (n) => (n < 1 ? 'maxConcurrentSearchRequests must be positive' : undefined),
};

function checkEnum(param: QueryParam, spec: ParamSpec, route: RouteMatch, issues: IssueSink): void {
  const value = param.value;
  const span = param.hasEquals ? param.valueSpan : param.nameSpan;
  if (spec.values === undefined || spec.values.includes(value)) return;
  if (param.name === 'refresh' && spec.values.includes('wait_for')) {
    // `RefreshPolicy.parse` reads an empty value as `true`: `?refresh` refreshes (real 2.19.1 and 3.8.0).
    if (value === '') return;
    push(issues, 'url.unknown-value', `Unknown value for refresh: [${value}].`, span, [...spec.values]);
    return;
  }
  if (param.name === 'search_type' && route.scope) {
    if (value === 'stream') return;
    const message =
      route.endpoint.name === 'search' && (value === 'query_and_fetch' || value === 'dfs_query_and_fetch')
        ? `Unsupported search type [${value}]`
        : `No search type for [${value}]`;
    push(issues, 'url.invalid-search-type', message, span, [...SEARCH_TYPES]);
    return;
  }
  if (param.name === 'group_by' && route.scope) {
    push(
      issues,
      'tasks.invalid-group-by',
      `[group_by] must be one of [nodes], [parents] or [none] but was [${value}]`,
      span,
      [...spec.values],
    );
    return;
  }
  push(
    issues,
    'url.unknown-value',
    `[${param.name}] expects one of ${spec.values.map((v) => `[${v}]`).join(', ')}; got [${value}]`,
    span,
    [...spec.values],
  );
}

function checkNodeFilterText(text: string, offset: number, mode: 'raw' | 'trimmed', issues: IssueSink): void {
  for (const problem of checkNodeFilter(splitNodeFilter(text, mode))) {
    push(issues, problem.code, problem.message, {
      offset: offset + problem.span.offset,
      length: problem.span.length,
    });
  }
}

function checkPathParams(
  target: RequestTarget,
  route: RouteMatch,
  params: Map<string, QueryParam>,
  issues: IssueSink,
  server: TargetServer,
): void {
  const name = route.endpoint.name;
  const taskId = route.params.get('task_id');
  if (taskId !== undefined && (name === 'tasks.get' || name === 'tasks.cancel')) {
    const task = readTaskId(taskId.text);
    if (task.kind === 'malformed') {
      push(issues, 'tasks.malformed-task-id', task.message, taskId.span);
    } else if (task.kind === 'unset' && name === 'tasks.get') {
      push(issues, 'tasks.task-id-required', 'Validation Failed: 1: task id is required;', taskId.span);
    } else if (task.kind === 'set' && name === 'tasks.cancel' && params.has('nodes')) {
      push(
        issues,
        'tasks.task-id-with-nodes',
        'Validation Failed: 1: task id cannot be used together with node ids;',
        params.get('nodes')!.nameSpan,
      );
    }
  }
  if (name === 'nodes.info') checkNodesInfoPath(route, issues);
  if (name === 'nodes.stats') checkNodesStatsPath(target, route, issues, server);
}

function checkNodesInfoPath(route: RouteMatch, issues: IssueSink): void {
  const nodeId = route.params.get('node_id');
  const metric = route.params.get('metric');
  if (nodeId !== undefined && metric === undefined) {
    // `/_nodes/os,jvm` names metrics, not nodes, when every piece is a metric.
    const pieces = nodeId.text
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p.length > 0);
    if (pieces.length > 0 && pieces.every((p) => NODES_INFO_METRICS.includes(p) || p === '_all')) return;
  }
  if (nodeId !== undefined) checkNodeFilterText(nodeId.text, nodeId.span.offset, 'trimmed', issues);
  if (metric !== undefined) {
    let offset = metric.span.offset;
    for (const piece of metric.text.split(',')) {
      const trimmed = piece.trim();
      if (trimmed.length > 0 && trimmed !== '_all' && !NODES_INFO_METRICS.includes(trimmed)) {
        const near = suggestions(trimmed, NODES_INFO_METRICS);
        push(
          issues,
          'nodes.unknown-info-metric',
          `[${trimmed}] is not a nodes info metric; the server silently drops it.${near.length > 0 ? ` Did you mean [${near[0]!}]?` : ''}`,
          { offset, length: piece.length },
          near,
        );
      }
      offset += piece.length + 1;
    }
  }
}

function checkNodesStatsPath(target: RequestTarget, route: RouteMatch, issues: IssueSink, server: TargetServer): void {
  const statsMetrics = NODES_STATS_METRICS.filter((m) => {
    const since = NODES_STATS_METRIC_SINCE[m];
    return since === undefined || holdsAt({ since }, server.version);
  });
  const nodeId = route.params.get('node_id');
  if (nodeId !== undefined) checkNodeFilterText(nodeId.text, nodeId.span.offset, 'raw', issues);
  const metric = route.params.get('metric');
  const indexMetric = route.params.get('index_metric');
  const path = target.path;
  if (metric !== undefined) {
    const metrics = splitByComma(metric.text);
    const unknown = metrics.filter((m) => m !== '_all' && !statsMetrics.includes(m));
    if (unknown.length > 0) {
      const first = unknown[0]!;
      const near = suggestions(first, [...statsMetrics, '_all']);
      const hint = arrowHint(near);
      const since = NODES_STATS_METRIC_SINCE[first];
      push(
        issues,
        since === undefined ? 'nodes.unknown-metric' : 'nodes.metric-version',
        `request [${path}] contains unrecognized metric: [${first}]${hint}${
          since === undefined ? '' : versionNote(first, { since }, server)
        }`,
        pieceSpan(metric.text, metric.span.offset, first),
        near,
      );
    } else if (metrics.includes('_all') && metrics.length > 1) {
      push(
        issues,
        'nodes.all-and-metrics',
        `request [${path}] contains _all and individual metrics [${metric.text}]`,
        metric.span,
      );
    }
    if (indexMetric !== undefined) {
      const indexMetrics = splitByComma(indexMetric.text);
      const badIndex = indexMetrics.find((m) => m !== '_all' && !NODES_STATS_INDEX_METRICS.includes(m));
      if (badIndex !== undefined) {
        const near = suggestions(badIndex, [...NODES_STATS_INDEX_METRICS, '_all']);
        const hint = arrowHint(near);
        push(
          issues,
          'nodes.unknown-index-metric',
          `request [${path}] contains unrecognized index metric: [${badIndex}]${hint}`,
          pieceSpan(indexMetric.text, indexMetric.span.offset, badIndex),
          near,
        );
      } else if (metrics.includes('_all')) {
        push(
          issues,
          'nodes.index-metric-with-all',
          `request [${path}] contains index metrics [${indexMetric.text}] but all stats requested`,
          indexMetric.span,
        );
      } else if (!metrics.includes('indices')) {
        push(
          issues,
          'nodes.index-metric-without-indices',
          `request [${path}] contains index metrics [${indexMetric.text}] but indices stats not requested`,
          indexMetric.span,
        );
      }
    }
  }
}

function pieceSpan(text: string, offset: number, piece: string): Span {
  const at = text.split(',').indexOf(piece);
  let start = offset;
  text
    .split(',')
    .slice(0, Math.max(at, 0))
    .forEach((p) => (start += p.length + 1));
  return { offset: start, length: piece.length };
}
