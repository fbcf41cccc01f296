// The fixes applied without a person choosing (search-requests-lint --fix): only those whose result is certain.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { applyEdits, safeFixes } from '../../../server/src/service/safeFixes';

function fixOnce(language: LanguageId, text: string): string {
  const store = new DocumentStore();
  const uri = `file:///fix.${language}`;
  const document = store.open(uri, language, 1, text);
  return applyEdits(text, safeFixes(document, store.diagnostics(uri)));
}

void describe('safe fixes', () => {
  void it('adds the final newline of a .msearch file', () => {
    assert.equal(fixOnce('msearch', '{}\n{"size": 1}'), '{}\n{"size": 1}\n');
  });

  void it('renames to the one near candidate, in URLs, metadata and queries', () => {
    assert.equal(fixOnce('search', 'GET /_search?sizee=1\n'), 'GET /_search?size=1\n');
    assert.equal(fixOnce('msearch', '{"indexx": "a"}\n{}\n'), '{"index": "a"}\n{}\n');
    assert.equal(
      fixOnce('search', 'GET /_search\n{"query": {"matc": {"a": "b"}}}\n'),
      'GET /_search\n{"query": {"match": {"a": "b"}}}\n',
    );
  });

  void it('joins an object written over several lines of a .msearch file', () => {
    assert.equal(fixOnce('msearch', '{\n  "index": "a"\n}\n{}\n'), '{"index":"a"}\n{}\n');
  });

  void it('leaves alone what needs a person: several candidates, content to add, values to choose', () => {
    // `sort` directions: asc or desc, a choice.
    const sort = 'GET /_search?sort=a:descending\n';
    assert.equal(fixOnce('search', sort), sort);
    // A dangling header: adding an empty body changes what runs.
    const dangling = '{}\n{}\n{"index": "a"}\n';
    assert.equal(fixOnce('msearch', dangling), dangling);
    // `yes` is no integer, and nothing is close to it.
    const value = 'GET /_search?track_total_hits=yes\n';
    assert.equal(fixOnce('search', value), value);
  });
});
