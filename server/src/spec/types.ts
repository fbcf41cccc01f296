// Shapes of the tables that say what OpenSearch accepts. Data only: no behaviour lives here.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'HEAD' | 'PATCH';

export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH'];

/**
 * How the server reads a URL parameter.
 * - `boolean`: strict `true`/`false`; `emptyMeans` says what `?name` or `?name=` does.
 * - `integer` / `long` / `float`: parsed as numbers (`Failed to parse int parameter ...`).
 * - `time`: a time value (OPENSEARCH.md 7.1).
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

export interface ParamSpec {
  readonly name: string;
  readonly kind: ParamKind;
  readonly values?: readonly string[];
  /** For booleans: what a present-but-empty value means (OPENSEARCH.md 7.2). */
  readonly emptyMeans?: 'true' | 'default' | 'serverError';
  readonly default?: string;
  readonly deprecated?: boolean;
  /** Our own short words, shown on hover and in completion details. */
  readonly doc?: string;
}

export interface EndpointSpec {
  /** Operation name as the API spec names it, e.g. `search`, `indices.create`. */
  readonly name: string;
  readonly methods: readonly HttpMethod[];
  /** Path templates with `{placeholders}`, e.g. `/{index}/_search`. */
  readonly paths: readonly string[];
  readonly params: readonly ParamSpec[];
  /** Whether the endpoint reads a request body. */
  readonly body: 'none' | 'optional' | 'required';
}
