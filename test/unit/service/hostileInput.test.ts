// Hostile or odd input, case by case: what each one used to break (an assertion, a stack overflow, memory), and what
// the language service answers now.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completion } from '../../../server/src/service/completion/index';
import { jsonCursor } from '../../../server/src/service/context/jsonCursor';
import { DocumentStore } from '../../../server/src/service/documentStore';
import type { SearchRequest } from '../../../server/src/service/documents/searchDocument';
import { formatDocument } from '../../../server/src/service/formatting';
import { hover } from '../../../server/src/service/hover/index';
import { MAX_JSON_DEPTH } from '../../../server/src/service/json/jsonSegment';
import { resolveRequests } from '../../../server/src/service/resolve';
import { splitRequestLine } from '../../../server/src/service/syntax';
import { makeTarget } from '../../../server/src/service/target';
import { diagnose } from './harness';

const URI = 'file:///test.search';
/** A request whose URL error must be reported whatever else the file holds. */
const WITNESS = 'GET /logs/_search?size=abc\n{}\n';

function opened(text: string): DocumentStore {
  const store = new DocumentStore();
  store.open(URI, 'search', 1, text);
  return store;
}

function requestsOf(store: DocumentStore): readonly SearchRequest[] {
  const document = store.get(URI);
  assert.equal(document?.kind, 'search');
  return document.model.requests;
}

function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

void describe('hostile input', () => {
  void it('reports a U+2028 in a request line, and keeps the rest of the file checked and runnable', () => {
    const text = `GET /logs/_se\u2028arch\n{}\n\n${WITNESS}`;
    const diagnostics = diagnose('search', text);
    const separator = diagnostics.find((d) => d.code === 'search.line-separator');
    assert.deepEqual(separator?.range, { start: { line: 0, character: 13 }, end: { line: 0, character: 14 } });
    assert.match(separator.message, /U\+2028 \(line separator\) inside the request line/);
    const witness = diagnostics.find((d) => d.code === 'url.invalid-integer');
    assert.equal(witness?.range.start.line, 3);
    const store = opened(text);
    assert.equal(resolveRequests(store.get(URI)!, { uri: URI }).requests.length, 2);
  });

  void it('a line separator after an endpoint is an Error in OpenSearch words; in a parameter value a Warning', () => {
    const [endpoint] = diagnose('search', 'POST /logs/_search\u2028\n{}\n').filter(
      (d) => d.code === 'search.line-separator',
    );
    assert.equal(endpoint?.severity, 1);
    assert.match(
      endpoint.message,
      /OpenSearch answers: no handler found for uri \[\/logs\/_search\u2028\] and method \[POST\]\.$/,
    );
    const inValue = diagnose('search', 'GET /logs/_search?q=a\u2028\n{}\n');
    assert.deepEqual(
      inValue.map((d) => [d.code, d.severity]),
      [['search.line-separator-value', 2]],
    );
  });

  void it('refuses a body deeper than 1,000 levels for 3.7 and later; warns for older versions, which read it', () => {
    const text = `POST /logs/_search\n${nested(1001)}\n`;
    const codes = (version: string): [unknown, unknown][] =>
      diagnose('search', text, makeTarget({ version, source: 'setting' })).map((d) => [d.code, d.severity]);
    assert.deepEqual(codes('3.8.0'), [['json.too-deep', 1]]);
    assert.deepEqual(codes('2.19.1'), [['json.deep-nesting', 2]]);
  });

  void it('splits a request line with blanks and a line separator at its end in one pass', () => {
    const blanks = ' '.repeat(50_000);
    assert.deepEqual(splitRequestLine(`GET /_search${blanks}\u2028x`), {
      lead: '',
      method: 'GET',
      gap: ' ',
      url: `/_search${blanks}\u2028x`,
    });
    assert.deepEqual(splitRequestLine(`  post\t/a b  ${blanks}`), {
      lead: '  ',
      method: 'post',
      gap: '\t',
      url: '/a b',
    });
    assert.equal(splitRequestLine(`GET${blanks}`.replace(/ /g, '\u2028')), undefined);
  });

  void it('reads a file whose lines end with a lone CR as lines, as the LSP counts them', () => {
    const text = 'GET /logs/_search?size=abc\r{"size":1}\r\rGET /logs/_search?from=x\r{}\r';
    const diagnostics = diagnose('search', text).filter((d) => d.code === 'url.invalid-integer');
    assert.deepEqual(
      diagnostics.map((d) => d.range.start),
      [
        { line: 0, character: 23 },
        { line: 3, character: 23 },
      ],
    );
    const store = opened(text);
    const run = resolveRequests(store.get(URI)!, { uri: URI });
    assert.deepEqual(
      run.requests.map((r) => r.body),
      ['{"size":1}', '{}'],
    );
  });

  void it(`accepts ${MAX_JSON_DEPTH} levels of nesting and refuses one more with one diagnostic, the other requests checked`, () => {
    const at = (depth: number): string =>
      `GET /_search\n{"size":0,"aggs":{"x":{"filter":{"match_all":{}},"meta":${nested(depth - 3)}}}}\n\n${WITNESS}`;
    assert.equal(diagnose('search', at(MAX_JSON_DEPTH)).filter((d) => d.code === 'json.too-deep').length, 0);
    const deep = diagnose('search', at(MAX_JSON_DEPTH + 1));
    const tooDeep = deep.filter((d) => d.code === 'json.too-deep');
    assert.equal(tooDeep.length, 1);
    assert.equal(
      tooDeep[0]!.message,
      'Document nesting depth (1001) exceeds the maximum allowed (1000, from `StreamReadConstraints.getMaxNestingDepth()`)',
    );
    assert.ok(deep.some((d) => d.code === 'url.invalid-integer' && d.range.start.line === 3));
  });

  void it('keeps the checks of a file whose body nests 20,000 levels (no stack overflow)', () => {
    const diagnostics = diagnose('search', `GET /_search\n${nested(20_000)}\n\n${WITNESS}`);
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      ['json.too-deep', 'url.invalid-integer'],
    );
  });

  void it('answers completion and hover in 100 KB of `[` without running out of memory', () => {
    const text = `GET /_search\n${'['.repeat(100_000)}`;
    const store = opened(text);
    const document = store.get(URI)!;
    assert.deepEqual(completion(document, { line: 1, character: 100_000 }).items, []);
    assert.equal(hover(document, { line: 1, character: 50_000 }), null);
  });

  void it('gives the JSON cursor the whole path at any depth up to the limit', () => {
    const text = `${'{"a":['.repeat(400)}{"b":`;
    const cursor = jsonCursor(text, text.length);
    assert.equal(cursor.kind, 'value');
    assert.equal(cursor.depth, 801);
    assert.equal(cursor.path.length, 801);
    assert.deepEqual(cursor.path.slice(0, 3), ['a', 0, 'a']);
    assert.equal(cursor.path[800], 'b');
  });

  void it('formats a body of 20,000 duplicate keys, whitespace only', () => {
    const body = `{${Array.from({ length: 20_000 }, () => '"a":1').join(',')}}`;
    const store = opened(`GET /_search\n${body}\n`);
    const edits = formatDocument(store.get(URI)!);
    assert.equal(edits.length, 40_001);
    assert.ok(edits.every((e) => e.newText.trim() === ''));
  });

  void it('reads again only the requests an edit touched, with the same diagnostics as a fresh read', () => {
    const text = `${WITNESS}\nGET /_search\n{"size": 1, "nope": 2}\n\n${WITNESS}`;
    const store = opened(text);
    const before = store.diagnostics(URI);
    const requestsBefore = requestsOf(store);
    // Insert a line in the second request: the third moves down, its diagnostics with it.
    store.change(URI, 2, [{ range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: '\n' }]);
    const after = store.diagnostics(URI);
    const fresh = opened(store.get(URI)!.model.text).diagnostics(URI);
    assert.deepEqual(after, fresh);
    assert.equal(after.length, before.length);
    assert.equal(after[2]!.range.start.line, before[2]!.range.start.line + 1);
    // The untouched requests were taken over, not read again: their request lines are the very same objects.
    const requestsAfter = requestsOf(store);
    assert.equal(requestsAfter[0]!.target, requestsBefore[0]!.target);
    assert.equal(requestsAfter[2]!.target, requestsBefore[2]!.target);
    assert.equal(requestsAfter[2]!.line, requestsBefore[2]!.line + 1);
  });
});
