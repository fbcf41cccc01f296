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
  'url.not-a-cluster': 'not sent: a full URL that is no configured cluster (test/unit/service/console.test.ts)',
  'url.dot-segment':
    'not sent: a . or .. path segment (test/unit/service/dotSegments.test.ts; what OpenSearch does with one: docs/opensearch/rest-layer.md)',
};

// Many of these have requests in the differential corpus (test/fixtures/differential), which test/real sends to real
// OpenSearch too; this list counts only the conformance corpus.
export const NOT_YET_PROVEN: readonly DiagnosticCode[] = [
  // Raised only for a URL parameter of a deep-scope endpoint that the tables give to other versions than the target,
  // and no parameter of those endpoints is read by one of 2.19.1 and 3.8.0 but not the other (test/real/urlParameters
  // sends every listed one to both; `verbose_pipeline`, which the API specification dates 3.0, is read by 2.19.1 too;
  // `coordinator_timeout` and `streaming_mode`, read by newer sources, are refused by both): the tables have no such
  // parameter, so nothing can raise the code against these clusters.
  'url.parameter-version',
];
