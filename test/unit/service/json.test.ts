import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTarget } from '../../../server/src/service/target';
import { diagnose, expectDiagnostic, expectNo } from './harness';

const E = 1;

void describe('JSON syntax as OpenSearch parses it', () => {
  void it('allows comments', () => {
    expectNo('search', 'GET /_search\n{\n  // the query\n  "query": { /* all */ "match_all": {} }\n}\n');
  });

  void it('rejects duplicate keys on the second occurrence', () => {
    expectDiagnostic('msearch', '{"index":"a",«"index"»:"b"}\n{}\n', {
      code: 'json.duplicate-key',
      severity: E,
      message: 'Duplicate Object property "index"',
    });
    expectDiagnostic('search', 'GET /_search\n{"size": 1, "query": {"match_all": {}}, «"size"»: 2}\n', {
      code: 'json.duplicate-key',
      severity: E,
    });
    expectNo('msearch', '{"index":"a"}\n{"query":{"bool":{"must":[{"term":{"a":1}},{"term":{"a":2}}]}}}\n');
  });

  void it('finds a key written twice whatever colons the strings hold and however the members are spaced', () => {
    // Colons inside strings, after a letter or after a string's opening quote.
    expectDiagnostic(
      'msearch',
      '{"index":"a"}\n{"timeout":"1s","query":{"query_string":{"query":"level:error"}},«"timeout"»:"2s"}\n',
      {
        code: 'json.duplicate-key',
        severity: E,
      },
    );
    expectDiagnostic('msearch', '{"index":":a"}\n{"size":1,«"size"»:2}\n', { code: 'json.duplicate-key', severity: E });
    expectDiagnostic('msearch', '{"index":"a"}\n{"size":1,"_source":":x",«"size"»:2}\n', {
      code: 'json.duplicate-key',
      severity: E,
    });
    // A member whose colon follows a space: the colons right after a quote are one fewer than the members written.
    expectDiagnostic('msearch', '{"index":"a"}\n{"size" :1,«"size"»:2}\n', { code: 'json.duplicate-key', severity: E });
    expectDiagnostic('msearch', '{"index":"a"}\n{"size"\t:1,«"size"»:2}\n', {
      code: 'json.duplicate-key',
      severity: E,
    });
    expectDiagnostic('search', 'GET /_search\n{"size"\n:1, «"size"»:2}\n', { code: 'json.duplicate-key', severity: E });
    // No key written twice: times, URLs, escaped quotes and escaped colons in strings.
    expectNo(
      'msearch',
      '{"index":"a"}\n{"query":{"range":{"@timestamp":{"gte":"2024-01-01T00:00:00","lte":"now"}}},"_source":["url:https://x","\\":","a\\u003ab"]}\n',
    );
    expectNo('search', 'GET /_search\n{"size" : 1, "query": {"query_string": {"query": "a:b"}}}\n');
  });

  void it('says where the marker left open starts, as each Jackson generation does', () => {
    const text = 'POST /_search\n{\n  "query": {"bool": {"must": [\n {"match_all": {}}\n';
    const source = 'Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';
    const message = (version: string): string | undefined =>
      diagnose('search', text, makeTarget({ version, source: 'setting' })).find((d) => d.code === 'json.syntax')
        ?.message;
    assert.equal(
      message('2.19.1'),
      `Unexpected end-of-input: expected close marker for Array (start marker at [${source}; line: 2, column: 30])`,
    );
    assert.equal(
      message('3.8.0'),
      `Unexpected end-of-input: expected close marker for Array (start marker at [${source}; byte offset: #UNKNOWN])`,
    );
  });

  void it('reports a trailing comma with Jackson’s words', () => {
    expectDiagnostic('msearch', '{}\n{"size":1,«}»\n', {
      code: 'json.syntax',
      severity: E,
      message: "Unexpected character ('}' (code 125)): was expecting double-quote to start property name",
    });
  });

  void it('reports a missing colon, a missing comma and an unknown token', () => {
    expectDiagnostic('msearch', '{}\n{"size" «1»}\n', {
      code: 'json.syntax',
      severity: E,
      message: "Unexpected character ('1' (code 49)): was expecting a colon to separate property name and value",
    });
    expectDiagnostic('msearch', '{}\n{"size":1 «"from"»:2}\n', {
      code: 'json.syntax',
      severity: E,
      message: "Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries",
    });
    expectDiagnostic('msearch', '{}\n{"version":«True»}\n', {
      code: 'json.syntax',
      severity: E,
      message:
        "Unrecognized token 'True': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
    });
  });

  void it('reports single quotes', () => {
    expectDiagnostic('msearch', "{}\n{«'size'»:1}\n", {
      code: 'json.syntax',
      severity: E,
      message: "Unexpected character (''' (code 39)): was expecting double-quote to start property name",
    });
  });
});
