// Checks made for Elasticsearch (a connected Elasticsearch cluster, or `searchRequests.targetDistribution:
// "elasticsearch"`): the rules are OpenSearch's, read from its source and tried on real OpenSearch. What both servers
// read the same way (they share their code up to Elasticsearch 7.10: the JSON parser, the `_msearch` framing, the
// value parsers, the search body's structural rules) stays as it is; what is OpenSearch's vocabulary (its endpoints,
// URL parameters, body fields, queries, aggregations, metadata keys, metrics, roles, versions) is never an Error
// there: a Warning that says the rule is OpenSearch's, or nothing where the rule would only mislead.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { DiagnosticCode } from './diagnosticCodes';
import { targetName, type TargetServer } from './target';

/** Read the same way by Elasticsearch: kept as they are. */
const SHARED: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'json.syntax',
  'json.duplicate-key',
  'search.outside-request',
  'search.body-not-object',
  'search.trailing-content',
  'search.negative-from',
  'search.negative-size',
  'search.result-window',
  'search.search-after-from',
  'search.sort-with-rescore',
  'scroll.from',
  'scroll.size-zero',
  'scroll.rescore',
  'value.not-a-number',
  'value.out-of-range',
  'value.not-a-boolean',
  'value.invalid-time',
  'query.not-an-object',
  'query.two-clauses',
  'query.multiple-fields',
  'aggs.two-types',
  'aggs.two-sub-aggregations',
  'aggs.missing-definition',
  'url.invalid-boolean',
  'url.invalid-integer',
  'url.invalid-number',
  'url.invalid-time',
  'msearch.header-not-object',
  'msearch.trailing-content',
  'msearch.body-not-object',
  'msearch.blank-body',
  'msearch.dangling-header',
  'msearch.empty-body',
  'msearch.missing-final-newline',
  'msearch.no-requests',
  'msearch.target-not-msearch',
  'msearch.index-not-a-string',
  'msearch.index-untrimmed',
  'msearch.metadata-not-scalar',
  'tasks.malformed-task-id',
  'cluster.no-matching-index',
  'cluster.deprecation',
  // The console syntax is the files', not the server's.
  'variable.undefined',
  'search.unclosed-triple-quote',
  'msearch.triple-quoted-string',
  'url.not-a-cluster',
  'url.kibana-api',
  // The URL's syntax, not a server's: the request is not sent.
  'url.dot-segment',
]);

/**
 * Said nothing of: OpenSearch's version rules (Elasticsearch numbers its versions otherwise), what the OpenSearch API
 * specification does not list, and node-filter warnings built on OpenSearch's roles (`master` is a real role there).
 */
const SILENT: ReadonlySet<DiagnosticCode> = new Set<DiagnosticCode>([
  'url.unknown-endpoint',
  'url.unlisted-parameter',
  'url.unknown-parameter-newer',
  'url.parameter-version',
  'query.clause-version',
  'aggs.type-version',
  'nodes.metric-version',
  'nodes.filter-selects-nothing',
  'cluster.no-matching-node',
  'cluster.rejected-node-filter',
]);

const WARNING = 2;

/** The diagnostics as they stand for the target: unchanged for OpenSearch. */
export function forTarget(diagnostics: readonly Diagnostic[], target: TargetServer): Diagnostic[] {
  if (target.distribution !== 'elasticsearch') return [...diagnostics];
  const note = `OpenSearch's rule; the checks are made for ${targetName(target)}, which may read this otherwise`;
  const out: Diagnostic[] = [];
  for (const diagnostic of diagnostics) {
    const code = diagnostic.code as DiagnosticCode;
    if (SHARED.has(code)) out.push(diagnostic);
    else if (SILENT.has(code)) continue;
    else {
      out.push({
        ...diagnostic,
        severity: diagnostic.severity === undefined || diagnostic.severity < WARNING ? WARNING : diagnostic.severity,
        message: `${diagnostic.message} (${note})`,
      });
    }
  }
  return out;
}
