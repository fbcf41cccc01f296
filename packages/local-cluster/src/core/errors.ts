// OpenSearch's error model: a typed exception with metadata and a cause chain, rendered into the REST envelope
// `{"error": {"root_cause": [...], "type", "reason", ...}, "status"}` the way BytesRestResponse does.

export type ErrorMetadata = Record<string, unknown>;

export class OsError extends Error {
  /** Whether the Java class is an OpenSearchException (root causes are looked for through those only). */
  isOpenSearchException: boolean;
  readonly metadata: ErrorMetadata;
  causedBy: OsError | undefined;
  /** Overrides the root causes (search phase failures list their shard failures). */
  rootCauses: OsError[] | undefined;
  /** Extra fields rendered after metadata (e.g. `failed_shards`). */
  extra: Record<string, unknown> = {};

  constructor(
    public status: number,
    public readonly type: string,
    public readonly reason: string,
    options: { metadata?: ErrorMetadata; causedBy?: OsError; openSearch?: boolean } = {},
  ) {
    super(reason);
    this.metadata = options.metadata ?? {};
    this.causedBy = options.causedBy;
    this.isOpenSearchException = options.openSearch ?? OPENSEARCH_TYPES.has(type);
  }

  guessRootCauses(): OsError[] {
    if (this.rootCauses) return this.rootCauses;
    if (this.causedBy?.isOpenSearchException) return this.causedBy.guessRootCauses();
    return [this];
  }

  toCause(): Record<string, unknown> {
    const out: Record<string, unknown> = { type: this.type, reason: this.reason };
    Object.assign(out, this.metadata);
    Object.assign(out, this.extra);
    if (this.causedBy) out.caused_by = this.causedBy.toCause();
    return out;
  }

  toRootCause(): Record<string, unknown> {
    const out: Record<string, unknown> = { type: this.type, reason: this.reason };
    Object.assign(out, this.metadata);
    return out;
  }

  toBody(): Record<string, unknown> {
    return { error: this.toErrorObject(), status: this.status };
  }

  toErrorObject(): Record<string, unknown> {
    const out: Record<string, unknown> = {
      root_cause: this.guessRootCauses().map((c) => c.toRootCause()),
      type: this.type,
      reason: this.reason,
    };
    Object.assign(out, this.metadata);
    Object.assign(out, this.extra);
    if (this.causedBy) out.caused_by = this.causedBy.toCause();
    return out;
  }
}

/** Error types whose Java class extends OpenSearchException. */
const OPENSEARCH_TYPES = new Set([
  'parsing_exception',
  'index_not_found_exception',
  'resource_not_found_exception',
  'resource_already_exists_exception',
  'invalid_index_name_exception',
  'action_request_validation_exception',
  'search_phase_execution_exception',
  'task_cancelled_exception',
  'parse_exception',
  'failed_node_exception',
  'no_such_node_exception',
  'query_shard_exception',
  'illegal_index_shard_state_exception',
  'mapper_parsing_exception',
  'strict_dynamic_mapping_exception',
  'status_exception',
  'timeout_exception',
  'rejected_execution_exception',
  'search_context_missing_exception',
  'security_exception',
  'aggregation_execution_exception',
  'query_phase_execution_exception',
  'search_exception',
]);

/** An error whose body is the plain `{"error": "<message>", "status": N}` of RestController. */
export class SimpleError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function illegalArgument(reason: string, causedBy?: OsError): OsError {
  return new OsError(400, 'illegal_argument_exception', reason, causedBy ? { causedBy } : {});
}

export function parsingError(reason: string, line: number, col: number, causedBy?: OsError): OsError {
  return new OsError(400, 'parsing_exception', reason, {
    metadata: { line, col },
    ...(causedBy ? { causedBy } : {}),
  });
}

export function xContentParseError(line: number, col: number, message: string, causedBy?: OsError): OsError {
  return new OsError(400, 'x_content_parse_exception', `[${line}:${col}] ${message}`, causedBy ? { causedBy } : {});
}

export function validationError(messages: readonly string[]): OsError {
  const text = messages.map((m, i) => `${i + 1}: ${m};`).join('');
  return new OsError(400, 'action_request_validation_exception', `Validation Failed: ${text}`);
}

export function indexNotFound(index: string): OsError {
  return new OsError(404, 'index_not_found_exception', `no such index [${index}]`, {
    metadata: { 'resource.type': 'index_or_alias', 'resource.id': index, index_uuid: '_na_', index },
  });
}

export function resourceNotFound(reason: string, causedBy?: OsError): OsError {
  return new OsError(404, 'resource_not_found_exception', reason, causedBy ? { causedBy } : {});
}

export function taskCancelled(reason: string): OsError {
  return new OsError(500, 'task_cancelled_exception', reason);
}

/** Turns anything thrown inside a handler into an OpenSearch error. */
export function asOsError(e: unknown): OsError {
  if (e instanceof OsError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new OsError(500, 'exception', message);
}
