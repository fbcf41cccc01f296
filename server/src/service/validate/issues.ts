import { DIAGNOSTIC_CODES, Severity, type DiagnosticCode } from '../diagnosticCodes';
import type { Span } from '../json/jsonSegment';

/** Data a quick fix needs, carried on the diagnostic. */
export interface FixData {
  /** Replace the diagnostic's range with one of these. */
  readonly replacements?: readonly string[];
  /** Insert this text at the end of the diagnostic's range. */
  readonly insert?: { readonly title: string; readonly text: string };
  /** Replace the diagnostic's range with this text (a fix whose text is too long to be its own title). */
  readonly replace?: { readonly title: string; readonly text: string };
  /** A fix that is not an edit of the document: a command of the extension (e.g. define a variable in the settings). */
  readonly command?: { readonly title: string; readonly command: string; readonly arguments: readonly unknown[] };
}

/** One finding, positioned by offsets relative to the text it was found in. */
export interface Issue {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly data?: FixData;
  /**
   * What fails after the request is read (when the search is validated, on the shards, or when the answers are
   * reduced): in an `_msearch` only that search fails (msearchItems.ts).
   */
  readonly itemFailure?: true;
  /** A failure the request's validation collects with others into one message (validationFailures.ts). */
  readonly validation?: ValidationTag;
}

/**
 * A failure of a validation that collects what it finds and throws once (ActionRequestValidationException): OpenSearch
 * answers `Validation Failed: 1: <first>;2: <second>;`, so each finding's message holds them all.
 */
export interface ValidationTag {
  /** The validation that collects it: the point-in-time rules of the search handler, or `SearchRequest.validate`. */
  readonly group: 'pit' | 'search';
  /** The place of its check among the group's, in the order the server makes them (validationFailures.ts). */
  readonly order: number;
  /** Its own words, without `Validation Failed: 1: ` and the closing `;`. */
  readonly failure: string;
}

export type IssueSink = Issue[];

/** Keeps, of the issues from index `from` on, those `keep` says yes to, in order (the list is changed in place). */
export function keepIssues(issues: Issue[], from: number, keep: (found: Issue) => boolean): void {
  let kept = from;
  for (let i = from; i < issues.length; i++) {
    const found = issues[i]!;
    if (keep(found)) issues[kept++] = found;
  }
  issues.length = kept;
}

/**
 * Whether an issue is a refusal of the parsers, which ends the reading of the request: an Error, and not one that only
 * the shards or the search's validation would find (an item failure).
 */
export function isRefusal(found: Issue): boolean {
  return found.severity === Severity.Error && found.itemFailure !== true;
}

/**
 * How sure a rule is: `known` when it is the server's own reading (the default), `specified` when only the OpenSearch
 * API specification says so (endpoints outside the deep scope): an Error is then reported as a Warning.
 */
export type Certainty = 'known' | 'specified';

/** The severity a code is reported with (from the registry of codes). */
export function severityOf(code: DiagnosticCode, certainty: Certainty = 'known'): Severity {
  const severity = DIAGNOSTIC_CODES[code].severity;
  return certainty === 'specified' && severity === Severity.Error ? Severity.Warning : severity;
}

/** An issue of a registered code, with the code's severity. */
export function issue(
  code: DiagnosticCode,
  message: string,
  span: Span,
  options: { readonly data?: FixData; readonly certainty?: Certainty } = {},
): Issue {
  const severity = severityOf(code, options.certainty);
  return options.data === undefined
    ? { code, severity, message, span }
    : { code, severity, message, span, data: options.data };
}
