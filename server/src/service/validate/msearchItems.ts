// What fails one search of an `_msearch`, not the request. OpenSearch reads every body of an `_msearch` when it
// reads the request: what its parsers refuse fails the whole request (400). What fails later, when each search is
// validated (`SearchRequest.validate`) or run on the shards, fails only that search: the `_msearch` answers 200 with
// the error in that search's place and runs the others (docs/opensearch/msearch.md#one-search-fails; the
// conformance cases `msearch-item/*`, each search body of the corpus sent again as the one search of an `_msearch`
// to real 3.8.0 and 2.19.1). By the contract of the severities an Error says the request is refused, so in an
// `_msearch` these are Warnings that say the search fails.
import type { Diagnostic } from 'vscode-languageserver-types';
import { Severity, type DiagnosticCode } from '../diagnosticCodes';
import type { Issue } from './issues';

/**
 * The Error codes that, in every case of the corpus where they are reported, fail the search alone. A code that
 * stands for checks of both kinds (a parser's refusal in some cases, a shard's failure in others) is not here: its
 * checks that fail later say so themselves (`JsonCheck.reportItemFailure`), or their words do (saysShardsFail).
 */
const ITEM_FAILURES: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'aggs.inner-window',
  'aggs.missing-interval',
  'aggs.too-many-buckets',
  'cluster.aggregation-field',
  'cluster.aggregation-type',
  'cluster.query-field-type',
  'cluster.analyzer-not-found',
  'cluster.unknown-search-pipeline',
  'cluster.index-boost',
  'cluster.collapse-field',
  'cluster.completion-field',
  'cluster.suggest-field',
  'cluster.date-value',
  'cluster.field-value',
  'cluster.field-format',
  'cluster.fielddata',
  'cluster.geo-field',
  'cluster.highlighter',
  'cluster.join-relation',
  'cluster.more-like-this-fields',
  'cluster.nested-path',
  'cluster.sort-unmapped',
  'cluster.sort-missing',
  'cluster.sort-mode',
  'cluster.match-terms',
  'cluster.function-field',
  'cluster.terms-set-field',
  'cluster.too-many-clauses',
  'query.metadata-field',
  'query.regex-too-long',
  'query.span-gap-place',
  'query.too-many-clauses',
  'query.too-many-terms',
  'search.collapse-conflict',
  'search.collapse-no-field',
  'search.fields-limit',
  'search.inner-hits-name',
  'search.inner-hits-window',
  'search.rescore-window',
  'search.result-window',
  'search.search-after-from',
  'search.slice-context',
  'search.sort-with-rescore',
  'search.stored-fields-source',
  'search.track-total-hits-negative',
  'search.unknown-highlighter',
  'search.verbose-pipeline',
]);

/** Said after the message of a finding that fails one search of an `_msearch`. */
export const ITEM_FAILURE_NOTE =
  ' In an `_msearch` only this search fails: OpenSearch answers 200, with this error in its place, and runs the others.';

const SHARDS_FAIL = ': OpenSearch fails every shard';

/**
 * The words of a finding that every shard fails: what is wrong, then the root cause OpenSearch's shards fail with,
 * quoted. saysShardsFail knows a finding of another code by them.
 */
export function shardFailureText(what: string, reason: string): string {
  return `${what}${SHARDS_FAIL} with "${reason}"`;
}

/**
 * What the messages of the other codes say of a failure after the request is read: every shard fails (the words of
 * the rules that describe such a failure), or a query cannot be built (OpenSearch's `QueryShardException`, thrown
 * where each shard makes its query).
 */
function saysShardsFail(message: string): boolean {
  return message.includes(SHARDS_FAIL) || message.startsWith('failed to create query: ');
}

function failsItem(code: unknown, severity: number | undefined, message: string): boolean {
  return severity === Severity.Error && (ITEM_FAILURES.has(code as DiagnosticCode) || saysShardsFail(message));
}

/** Whether an issue is a failure after the request is read (on the shards, or where the search is validated). */
export function failsAfterReading(found: Issue): boolean {
  return found.itemFailure === true || failsItem(found.code, found.severity, found.message);
}

/** The issues of an `_msearch` search body, those that fail only that search made Warnings that say so. */
export function asItemIssues(issues: Issue[]): Issue[] {
  let out: Issue[] | undefined;
  for (let i = 0; i < issues.length; i++) {
    const found = issues[i]!;
    if (!failsAfterReading(found)) continue;
    out ??= issues.slice();
    out[i] = { ...found, severity: Severity.Warning, message: found.message + ITEM_FAILURE_NOTE };
  }
  return out ?? issues;
}

/** The same, for the diagnostics the connected cluster's knowledge gives an `_msearch` search body. */
export function asItemDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) =>
    failsItem(d.code, d.severity, d.message)
      ? { ...d, severity: Severity.Warning, message: d.message + ITEM_FAILURE_NOTE }
      : d,
  );
}
