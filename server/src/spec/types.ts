// Shapes of the tables that say what OpenSearch accepts. Data only: no behaviour lives here.
import type { VersionRange } from './versions';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH';

/**
 * How the server reads a URL parameter.
 * - `boolean`: strict `true`/`false`; `emptyMeans` says what `?name` or `?name=` does.
 * - `integer` / `long` / `float`: parsed as numbers (`Failed to parse int parameter ...`).
 * - `time`: a time value (docs/opensearch/json-and-values.md#time-values).
 * - `enum`: one of `values`; `enumList`: a comma list of `values`.
 * - `booleanOrInteger`: `track_total_hits`.
 * - `nodeFilter`, `taskId`, `indexList`, `fieldList`, `actionList`: validated by their own rules.
 * - `string` / `list`: anything goes.
 */
export type ParamKind =
  | 'boolean'
  | 'integer'
  | 'long'
  | 'float'
  | 'time'
  | 'enum'
  | 'enumList'
  | 'booleanOrInteger'
  | 'nodeFilter'
  | 'taskId'
  | 'indexList'
  | 'fieldList'
  | 'actionList'
  | 'string'
  | 'list';

export interface ParamSpec extends VersionRange {
  readonly name: string;
  readonly kind: ParamKind;
  readonly values?: readonly string[];
  /** For booleans: what a present-but-empty value means (docs/opensearch/json-and-values.md#booleans). */
  readonly emptyMeans?: 'true' | 'default';
  readonly default?: string;
  readonly deprecated?: boolean;
  /** Our own short words, shown on hover and in completion details. */
  readonly doc?: string;
  /** The server reads this parameter only when that one is present (otherwise it is unrecognized). */
  readonly requires?: string;
  /** Nodes stats: read only when one of these index statistics is requested (otherwise it is unrecognized). */
  readonly withIndexMetrics?: readonly string[];
}

export interface EndpointSpec {
  /** Operation name as the API spec names it, e.g. `search`, `indices.create`. */
  readonly name: string;
  readonly methods: readonly HttpMethod[];
  /** Path templates with `{placeholders}`, e.g. `/{index}/_search`. */
  readonly paths: readonly string[];
  readonly params: readonly ParamSpec[];
  /**
   * Parameters the handler looks up on every request, present or not: with the global, response and path
   * parameters and those present in the request, they are the names OpenSearch offers in "did you mean".
   */
  readonly alwaysRead?: readonly string[];
  /** Whether the endpoint reads a request body. */
  readonly body: 'none' | 'optional' | 'required';
}

/** How OpenSearch reports an unknown parameter inside a query clause (docs/opensearch/query-dsl.md#parse-errors). */
type UnknownParamStyle =
  /** hand-written parsers: `parsing_exception` `[term] query does not support [foo]` */
  | 'does-not-support'
  /** ObjectParser-based clauses: `x_content_parse_exception` `[L:C] [ids] unknown field [foo]` (+ did you mean) */
  | 'unknown-field';

/**
 * The type of a value inside a query clause or aggregation.
 * `query`: one query object; `queries`: one query object or an array of them;
 * `minimumShouldMatch`: int or string such as `"75%"`; `fuzziness`: `AUTO`, string or int;
 * `scalar`: string, number or boolean; `stringOrArray`: a string or an array of strings;
 * `field`/`fields`: field names (completed from mappings); `script`: a script object or string.
 */
export type ValueType =
  | 'query'
  | 'queries'
  | 'string'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'scalar'
  | 'stringOrArray'
  | 'object'
  | 'array'
  | 'minimumShouldMatch'
  | 'fuzziness'
  | 'field'
  | 'fields'
  | 'script'
  | 'any';

export interface ParameterSpec {
  readonly name: string;
  readonly type: ValueType;
  readonly values?: readonly string[];
  readonly required?: boolean;
  readonly default?: string;
  readonly deprecated?: boolean;
  /** An `integer` the parser reads as Java's long (`longValue()`), so beyond int's range. */
  readonly long?: boolean;
  /** Our own short words. */
  readonly doc?: string;
}

export interface QueryClauseSpec extends VersionRange {
  readonly name: string;
  /** `core`: SearchModule; `module`: bundled with the default distribution; `plugin`: only when installed. */
  readonly origin: 'core' | 'module' | 'plugin';
  readonly deprecated?: boolean;
  /**
   * `object`: `{ "bool": { params } }`;
   * `field`: `{ "match": { "<field>": <shorthand> | { params } } }`, exactly one field;
   * `fieldWithParams`: `{ "terms": { "<field>": [values], params } }` (one field next to clause-level params).
   */
  readonly shape: 'object' | 'field' | 'fieldWithParams';
  /** For `field` shapes: what the short form accepts instead of the params object. */
  readonly shorthand?: 'scalar' | 'array' | 'none';
  /** The complete parameter list, when we know it; absent means parameters are not checked. */
  readonly params?: readonly ParameterSpec[];
  readonly unknownParam?: UnknownParamStyle;
  /** Completion snippet body for the clause's value, e.g. `{ "${1:field}": { "query": "$2" } }`. */
  readonly snippet?: string;
  /** Our own short words. */
  readonly doc: string;
  /** Higher is offered first in completion. */
  readonly rank?: number;
}

export interface AggregationSpec extends VersionRange {
  readonly name: string;
  readonly kind: 'metric' | 'bucket' | 'pipeline';
  readonly origin: 'core' | 'module' | 'plugin';
  readonly params?: readonly ParameterSpec[];
  readonly snippet?: string;
  readonly doc: string;
  readonly rank?: number;
}
