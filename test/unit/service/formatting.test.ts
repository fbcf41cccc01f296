import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TextEdit } from 'vscode-languageserver-types';
import type { LanguageId } from '../../../server/src/service/documentStore';
import { formatDocument, formatOnType } from '../../../server/src/service/formatting';
import { offsetAt, open, positionAt, withCursor } from './cursorText';

function apply(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  const sorted = edits
    .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), text: e.newText }))
    .sort((a, b) => b.start - a.start);
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  return out;
}

function formatted(text: string, language: LanguageId): string {
  return apply(text, formatDocument(open(text, language)));
}

void describe('formatting', () => {
  void it('pretty-prints .search bodies with two spaces and leaves request lines alone', () => {
    const text = 'GET  /logs-*/_search?size=5\n{"query":{"match":{"message":"x"}},"size":1}\n';
    assert.equal(
      formatted(text, 'search'),
      'GET  /logs-*/_search?size=5\n{\n  "query": {\n    "match": {\n      "message": "x"\n    }\n  },\n  "size": 1\n}\n',
    );
  });

  void it('keeps comments, # comment lines included', () => {
    const text = 'GET /_search\n{"query":{"match_all":{}}, // all\n# a hash comment\n"size":1}\n';
    assert.equal(
      formatted(text, 'search'),
      'GET /_search\n{\n  "query": {\n    "match_all": {}\n  }, // all\n  # a hash comment\n  "size": 1\n}\n',
    );
  });

  void it('changes only whitespace, with small edits', () => {
    const text = 'GET /_search\n{\n  "query": {\n    "match_all": {}\n  },\n  "size":1\n}\n';
    const edits = formatDocument(open(text, 'search'));
    assert.deepEqual(edits, [
      { range: { start: { line: 5, character: 9 }, end: { line: 5, character: 9 } }, newText: ' ' },
    ]);
    assert.deepEqual(formatDocument(open(formatted(text, 'search'), 'search')), []);
  });

  void it('keeps _msearch headers on one line and pretty-prints the searches', () => {
    const text = 'POST /_msearch\n{ "index" : "logs" }\n{"query":{"match_all":{}}}\n{}\n{"size":0}\n';
    assert.equal(
      formatted(text, 'search'),
      'POST /_msearch\n{"index":"logs"}\n{\n  "query": {\n    "match_all": {}\n  }\n}\n{}\n{\n  "size": 0\n}\n',
    );
  });

  void it('leaves a body that does not parse as it is', () => {
    const text = 'GET /_search\n{"query": {"match": tru e}}\n';
    assert.deepEqual(formatDocument(open(text, 'search')), []);
  });

  void it('formats only the requests a range touches', () => {
    const text = 'GET /a/_search\n{"size":1}\n\nGET /b/_search\n{"size":2}\n';
    const edits = formatDocument(open(text, 'search'), {
      start: { line: 4, character: 0 },
      end: { line: 4, character: 3 },
    });
    assert.equal(apply(text, edits), 'GET /a/_search\n{"size":1}\n\nGET /b/_search\n{\n  "size": 2\n}\n');
  });

  void it('compacts each .msearch line, and never joins or splits lines', () => {
    const text = '# POST /_msearch\n{ "index" : "a" }\n{"query": {"match_all": {}}} \n\n{"size": 1}\n';
    const result = formatted(text, 'msearch');
    assert.equal(result, '# POST /_msearch\n{"index":"a"}\n{"query":{"match_all":{}}}\n\n{"size":1}\n');
    assert.equal(result.split('\n').length, text.split('\n').length);
  });

  void it('leaves .msearch lines that do not parse, and keeps comments inside a line', () => {
    const text = '{"bad": tru e}\n{ "size": 1 /* one */ }\n';
    assert.equal(formatted(text, 'msearch'), '{"bad": tru e}\n{"size":1 /* one */ }\n');
  });

  void it('keeps CRLF line endings', () => {
    const text = 'GET /_search\r\n{"size":1}\r\n';
    assert.equal(formatted(text, 'search'), 'GET /_search\r\n{\r\n  "size": 1\r\n}\r\n');
    assert.equal(formatted('{ "index": "a" }\r\n{}\r\n', 'msearch'), '{"index":"a"}\r\n{}\r\n');
  });

  void it('formats on type the request or the line just closed', () => {
    const marked = 'GET /a/_search\n{"size":1}\n\nGET /b/_search\n{"size":2}|\n';
    const { text, offset } = withCursor(marked);
    const edits = formatOnType(open(text, 'search'), positionAt(text, offset));
    assert.equal(apply(text, edits), 'GET /a/_search\n{"size":1}\n\nGET /b/_search\n{\n  "size": 2\n}\n');
    const line = withCursor('{"index": "a"}\n{"size": 1}|\n{"index": "b"}\n{}\n');
    const lineEdits = formatOnType(open(line.text, 'msearch'), positionAt(line.text, line.offset));
    assert.equal(apply(line.text, lineEdits), '{"index": "a"}\n{"size":1}\n{"index": "b"}\n{}\n');
  });
});
