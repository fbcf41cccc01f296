// Error-level codes the conformance corpus does not prove (no case there where real OpenSearch refused the request
// with the code's words). UNPROVEN_ELSEWHERE: codes of endpoints and files outside the corpus, with the real-cluster
// test that holds them to OpenSearch instead. NOT_YET_PROVEN: codes that still lack such a case; the test fails when
// one becomes proven, so that the list only shrinks.
import type { DiagnosticCode } from '../../server/src/service/diagnosticCodes';

export const UNPROVEN_ELSEWHERE: Partial<Record<DiagnosticCode, string>> = {
  // The console syntax: what it becomes on the wire is sent to real OpenSearch by test/real/console.test.ts.
  'search.unclosed-triple-quote': 'test/real/console.test.ts: a body with an unclosed """ sent as written is refused',
  'msearch.triple-quoted-string':
    'test/real/console.test.ts: a .msearch line with a """ string is refused with the words of the diagnostic',
  // Requests that are not sent at all: nothing of OpenSearch to prove (test/unit/service/console.test.ts).
  'variable.undefined': 'not sent: a variable with no value (test/unit/service/console.test.ts)',
  'url.not-a-cluster': 'not sent: a full URL that is no configured cluster (test/unit/service/console.test.ts)',
  'url.dot-segment':
    'not sent: a . or .. path segment (test/unit/service/dotSegments.test.ts; what OpenSearch does with one: docs/opensearch/rest-layer.md)',
};

// Many of these have requests in the differential corpus (test/fixtures/differential), which test/real sends to real
// OpenSearch too; this list counts only the conformance corpus.
export const NOT_YET_PROVEN: readonly DiagnosticCode[] = [
  'json.syntax',
  'json.duplicate-key',
  'search.body-not-object',
  'search.trailing-content',
  'scroll.pit',
  'pit.indices-options',
  'pit.routing',
  'pit.preference',
  'pit.ccs-minimize-roundtrips',
  'query.not-an-object',
  'query.field-array',
  'query.no-short-form',
  'query.terms-not-array',
  'aggs.not-an-object',
  'aggs.missing-definition',
  'aggs.two-types',
  'aggs.unknown-type',
  'aggs.multi-terms-count',
  'aggs.empty-filters',
  'url.method-not-allowed',
  'url.invalid-index-name',
  'url.parameter-version',
  'url.invalid-number',
  'msearch.unknown-metadata-key',
  'msearch.body-not-object',
  'msearch.blank-body',
  'msearch.empty-body',
  'msearch.missing-final-newline',
  'msearch.no-requests',
  'msearch.invalid-boolean',
  'msearch.invalid-expand-wildcards',
  'msearch.invalid-search-type',
  'msearch.invalid-time-value',
  'tasks.malformed-task-id',
  'tasks.task-id-required',
  'tasks.task-id-with-nodes',
  'tasks.invalid-group-by',
  'nodes.invalid-role-value',
  'nodes.unknown-metric',
  'nodes.metric-version',
  'nodes.unknown-index-metric',
  'nodes.all-and-metrics',
  'nodes.index-metric-with-all',
  'nodes.index-metric-without-indices',
];
