import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { codeActions } from '../../../server/src/service/codeActions';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { LineMap } from '../../../server/src/service/text/lineMap';

/** Applies the first (preferred) fix for a diagnostic code and returns the fixed text and its diagnostics. */
function fix(
  language: LanguageId,
  text: string,
  code: string,
  title?: string | RegExp,
): { text: string; codes: string[] } {
  const store = new DocumentStore();
  const uri = `file:///fix.${language}`;
  const document = store.open(uri, language, 1, text);
  const diagnostics = store.diagnostics(uri).filter((d) => d.code === code);
  assert.ok(diagnostics.length > 0, `no ${code} in ${JSON.stringify(text)}`);
  const actions: CodeAction[] = codeActions(document, diagnostics);
  const action =
    title === undefined
      ? (actions.find((a) => a.isPreferred === true) ?? actions[0])
      : actions.find((a) => (typeof title === 'string' ? a.title === title : title.test(a.title)));
  assert.ok(action !== undefined, `no fix among ${JSON.stringify(actions.map((a) => a.title))}`);
  const edits: TextEdit[] = action.edit?.changes?.[uri] ?? [];
  const map = new LineMap(text);
  let result = text;
  for (const edit of [...edits].sort((a, b) => map.offsetAt(b.range.start) - map.offsetAt(a.range.start))) {
    result =
      result.slice(0, map.offsetAt(edit.range.start)) + edit.newText + result.slice(map.offsetAt(edit.range.end));
  }
  const after = new DocumentStore();
  after.open(uri, language, 2, result);
  return { text: result, codes: after.diagnostics(uri).map((d) => String(d.code)) };
}

void describe('quick fixes', () => {
  void it('adds the final newline', () => {
    const fixed = fix('msearch', '{}\n{"size":1}', 'msearch.missing-final-newline', 'Add the final newline');
    assert.equal(fixed.text, '{}\n{"size":1}\n');
    assert.deepEqual(fixed.codes, []);
  });

  void it('renames an unknown metadata key, URL parameter, clause and aggregation type', () => {
    assert.equal(
      fix('msearch', '{"indexx":"logs"}\n{}\n', 'msearch.unknown-metadata-key').text,
      '{"index":"logs"}\n{}\n',
    );
    assert.equal(fix('search', 'GET /_search?sizee=5\n', 'url.unknown-parameter').text, 'GET /_search?size=5\n');
    assert.equal(
      fix('msearch', '{}\n{"query":{"mach":{"a":"x"}}}\n', 'query.unknown-clause').text,
      '{}\n{"query":{"match":{"a":"x"}}}\n',
    );
    assert.equal(
      fix('msearch', '{}\n{"aggs":{"x":{"termz":{"field":"a"}}}}\n', 'aggs.unknown-type').text,
      '{}\n{"aggs":{"x":{"terms":{"field":"a"}}}}\n',
    );
    assert.equal(
      fix('msearch', '{}\n{"querry":{"match_all":{}}}\n', 'search.unknown-field').text,
      '{}\n{"query":{"match_all":{}}}\n',
    );
  });

  void it('collapses a multi-line object in .msearch to one line', () => {
    const fixed = fix(
      'msearch',
      '{"index":"a"}\n{\n  "query": { "match_all": {} }\n}\n',
      'json.syntax',
      /^Join lines 2-4/,
    );
    assert.equal(fixed.text, '{"index":"a"}\n{"query":{"match_all":{}}}\n');
    assert.deepEqual(fixed.codes, []);
  });

  void it('adds a missing body line {}', () => {
    const fixed = fix('msearch', '{}\n{}\n{"index":"b"}\n', 'msearch.dangling-header');
    assert.equal(fixed.text, '{}\n{}\n{"index":"b"}\n{}\n');
    assert.deepEqual(fixed.codes, []);
    assert.equal(fix('msearch', '{"index":"a"}\n\n', 'msearch.blank-body').text, '{"index":"a"}\n{}\n');
    const console = fix('search', 'POST /_msearch\n{}\n{}\n{"index":"b"}\n', 'msearch.dangling-header');
    assert.equal(console.text, 'POST /_msearch\n{}\n{}\n{"index":"b"}\n{}\n');
  });
});
