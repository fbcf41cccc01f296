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
  /** Where the body parser was when this was thrown (not rendered): parsers that wrap errors report that place. */
  at: { line: number; col: number } | undefined;
  /**
   * False for Java exceptions OpenSearch's transport layer cannot write (Lucene's query parser errors, java.time's
   * DateTimeParseException): sent from another node, they arrive as NotSerializableExceptionWrapper (see acrossNodes).
   */
  serializable = true;

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
    // OpenSearchException.guessRootCauses unwraps a parse exception to the innermost one.
    if (this.type === 'x_content_parse_exception' && this.causedBy?.type === 'x_content_parse_exception') {
      return this.causedBy.guessRootCauses();
    }
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

/**
 * The exception as the coordinating node receives it from another node: an exception the transport layer cannot
 * write becomes a NotSerializableExceptionWrapper, an OpenSearchException named like it whose message is prefixed
 * with that name (`parse_exception: Cannot parse ...`); its causes likewise.
 */
export function acrossNodes(err: OsError): OsError {
  const cause = err.causedBy === undefined ? undefined : acrossNodes(err.causedBy);
  if (err.serializable && cause === err.causedBy) return err;
  const reason = err.serializable ? err.reason : `${err.type}: ${err.reason}`;
  const out = new OsError(err.status, err.type, reason, {
    metadata: err.metadata,
    ...(cause ? { causedBy: cause } : {}),
    openSearch: err.serializable ? err.isOpenSearchException : true,
  });
  out.extra = err.extra;
  out.rootCauses = err.rootCauses;
  return out;
}

/** Marks an error as one of the Java exceptions the transport layer cannot write. */
export function notSerializable<E extends OsError>(err: E): E {
  err.serializable = false;
  return err;
}

/**
 * OpenSearchException.guessRootCauses for any throwable: an OpenSearchException gives its own root causes; any
 * other exception is wrapped in an OpenSearchException named like it, whose cause is the exception itself.
 */
export function rootCauseOf(err: OsError): OsError {
  if (err.isOpenSearchException) return err.guessRootCauses()[0] ?? err;
  return new OsError(err.status, err.type, err.reason, { metadata: err.metadata, causedBy: err, openSearch: true });
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
  const err = new OsError(400, 'parsing_exception', reason, {
    metadata: { line, col },
    ...(causedBy ? { causedBy } : {}),
  });
  err.at = { line, col };
  return err;
}

export function xContentParseError(line: number, col: number, message: string, causedBy?: OsError): OsError {
  const err = new OsError(
    400,
    'x_content_parse_exception',
    `[${line}:${col}] ${message}`,
    causedBy ? { causedBy } : {},
  );
  err.at = { line, col };
  return err;
}

/** Marks where the parser was when an error without a location of its own was thrown. */
export function located<E extends OsError>(err: E, at: { line: number; col: number }): E {
  err.at ??= { line: at.line, col: at.col };
  return err;
}

/**
 * The local cluster's answer for something OpenSearch does and it does not: 501, naming the feature, so that a
 * request never gets a silent wrong answer. The feature names are those its README lists as not implemented.
 */
export function notImplemented(feature: string): OsError {
  return new OsError(501, 'not_implemented_exception', `the local cluster does not implement ${feature}`, {
    openSearch: false,
  });
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

/** The Jackson generation a release parses JSON with: 2 in OpenSearch 2.x, 3 from OpenSearch 3.7. */
export type Jackson = 2 | 3;

/** What went wrong in the JSON parser: bad syntax, the body ended early, a token of the wrong kind, a number too large. */
export type JacksonKind = 'syntax' | 'eof' | 'type' | 'range';

/**
 * The error OpenSearch answers for an exception of its JSON parser. With Jackson 2 the exception is rendered as it is
 * (`json_parse_exception`, `json_e_o_f_exception`; a wrong token kind is a parse exception, a number out of range an
 * `input_coercion_exception` that OpenSearch 2.19.1 still answers with a 500). OpenSearch 3.x wraps Jackson 3's
 * exceptions: a syntax error is a `json_parse_exception` caused by Jackson's `stream_read_exception`, the others
 * (`unexpected_end_of_input_exception`, `input_coercion_exception`) are caused by an exception of their own type.
 */
export function jacksonException(jackson: Jackson, kind: JacksonKind, reason: string): OsError {
  const notOs = { openSearch: false };
  if (jackson === 2) {
    switch (kind) {
      case 'syntax':
      case 'type':
        return new OsError(400, 'json_parse_exception', reason, notOs);
      case 'eof':
        return new OsError(400, 'json_e_o_f_exception', reason, notOs);
      case 'range':
        return new OsError(500, 'input_coercion_exception', reason, notOs);
    }
  }
  const type =
    kind === 'syntax'
      ? 'json_parse_exception'
      : kind === 'eof'
        ? 'unexpected_end_of_input_exception'
        : 'input_coercion_exception';
  const cause = kind === 'syntax' ? 'stream_read_exception' : type;
  return new OsError(400, type, reason, { ...notOs, causedBy: new OsError(400, cause, reason, notOs) });
}

/** Turns anything thrown inside a handler into an OpenSearch error. */
export function asOsError(e: unknown): OsError {
  if (e instanceof OsError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new OsError(500, 'exception', message);
}
