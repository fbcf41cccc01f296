import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo, expectNoErrors } from './harness';

const E = 1;
const W = 2;

void describe('.msearch framing (docs/opensearch/msearch.md#framing)', () => {
  void it('accepts header/body pairs ending with a newline', () => {
    expectNo('msearch', '{"index":"logs"}\n{"query":{"match_all":{}}}\n{}\n{}\n');
  });

  void it('rejects a missing final newline, on the end of the last line', () => {
    expectDiagnostic('msearch', '{}\n{"size":1}«»', {
      code: 'msearch.missing-final-newline',
      severity: E,
      message: 'The msearch request must be terminated by a newline [\\n]',
    });
  });

  void it('warns of the deprecated empty first line and reads the next line as a header', () => {
    expectDiagnostic('msearch', '«»\n{"index":"a"}\n{}\n', {
      code: 'msearch.empty-first-line',
      severity: W,
      message:
        'support for empty first line before any action metadata in msearch API is deprecated and will be removed in the next major version',
    });
    expectNoErrors('msearch', '\n{"index":"a"}\n{}\n');
  });

  void it('counts blank lines in header position as empty headers, not as skipped lines', () => {
    // Line 0 is skipped (empty first line); line 1 is an empty header, so line 2 is read as a search body.
    expectDiagnostic('msearch', '\n\n{«"index"»:"a"}\n{}\n{}\n', {
      code: 'search.unknown-field',
      severity: E,
      message: 'Unknown key for a VALUE_STRING in [index].',
    });
    expectNo('msearch', '{}\n{}\n\n{}\n', 'msearch.blank-body');
  });

  void it('rejects a blank line in body position', () => {
    expectDiagnostic('msearch', '{"index":"a"}\n«»\n{}\n{}\n', {
      code: 'msearch.blank-body',
      severity: E,
      message: /^Expected \[START_OBJECT\] but found \[null\]/,
    });
    expectDiagnostic('msearch', '{"index":"a"}\n«   »\n', { code: 'msearch.blank-body', severity: E });
  });

  void it('warns of a last header with no body, which the server drops', () => {
    expectDiagnostic('msearch', '{}\n{}\n«{"index":"b"}»\n', { code: 'msearch.dangling-header', severity: W });
  });

  void it('rejects a body that yields no search', () => {
    expectDiagnostic('msearch', '«{"index":"b"}»\n', {
      code: 'msearch.no-requests',
      severity: E,
      message: 'Validation Failed: 1: no requests added;',
    });
    expectNo('msearch', '{"index":"b"}\n{}\n', 'msearch.no-requests');
  });

  void it('rejects an empty body', () => {
    expectDiagnostic('msearch', '# only a comment\n«»', {
      code: 'msearch.empty-body',
      severity: E,
      message: 'request body or source parameter is required',
    });
  });

  void it('warns when a header is not an object (read as {})', () => {
    expectDiagnostic('msearch', '«[1,2]»\n{}\n', { code: 'msearch.header-not-object', severity: W });
    expectDiagnostic('msearch', '«"logs"»\n{}\n', { code: 'msearch.header-not-object', severity: W });
    expectNo('msearch', '{}\n{}\n', 'msearch.header-not-object');
  });

  void it('rejects a body that is not an object', () => {
    expectDiagnostic('msearch', '{}\n«[{"query":{}}]»\n', {
      code: 'msearch.body-not-object',
      severity: E,
      message: 'Expected [START_OBJECT] but found [START_ARRAY]',
    });
    expectDiagnostic('msearch', '{}\n«"x"»\n', {
      code: 'msearch.body-not-object',
      severity: E,
      message: 'Expected [START_OBJECT] but found [VALUE_STRING]',
    });
  });

  void it('warns of content after the header object, which the server ignores', () => {
    expectDiagnostic('msearch', '{"index":"a"}«}»\n{}\n', { code: 'msearch.trailing-content', severity: W });
    // Bodies are not checked for trailing tokens either, and there it is not reported.
    expectNoErrors('msearch', '{"index":"a"}\n{} {}\n');
  });

  void it('accepts CRLF line endings', () => {
    expectNo('msearch', '{"index":"a"}\r\n{"size":1}\r\n');
  });

  void it('strips leading comments and reads a target comment', () => {
    expectNo('msearch', '# Errors of the day\n// POST /logs-*/_msearch?max_concurrent_searches=4\n{}\n{}\n');
    expectDiagnostic('msearch', '# POST /logs-*/_msearch?«max_concurrent_searchs»=4\n{}\n{}\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/logs-*/_msearch] contains unrecognized parameter: [max_concurrent_searchs]',
    });
  });

  void it('warns when the target comment names another endpoint', () => {
    expectDiagnostic('msearch', '# POST «/logs/_search»\n{}\n{}\n', {
      code: 'msearch.target-not-msearch',
      severity: W,
    });
  });

  void it('reads a comment line after the first header as a line of the body', () => {
    expectDiagnostic('msearch', '{}\n{}\n«#» not a comment here\n{}\n', { code: 'json.syntax', severity: E });
  });
});
