// Checks made for Elasticsearch: no OpenSearch-only rule is an Error there; what both read the same way stays.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { resolveRequest } from '../../../server/src/service/resolve';
import { makeTarget } from '../../../server/src/service/target';

const ELASTICSEARCH = makeTarget({ distribution: 'elasticsearch', version: '8.15.0', source: 'setting' });
const OPENSEARCH = makeTarget({ distribution: 'opensearch', version: '3.3.0', source: 'setting' });

function check(language: LanguageId, text: string, target = ELASTICSEARCH): Diagnostic[] {
  const store = new DocumentStore();
  store.setTarget(target);
  store.open(`file:///t.${language}`, language, 1, text);
  return store.diagnostics(`file:///t.${language}`);
}

const errors = (list: Diagnostic[]): Diagnostic[] => list.filter((d) => d.severity === 1);
const codes = (list: Diagnostic[]): string[] => list.map((d) => `${d.severity ?? 0} ${String(d.code)}`);

/** Valid Elasticsearch requests that OpenSearch refuses. */
const ELASTICSEARCH_ONLY = [
  'GET /articles/_search\n{"retriever": {"standard": {"query": {"match": {"title": "vector"}}}}}\n',
  'GET /articles/_search\n{"query": {"semantic": {"field": "body_semantic", "query": "what is a vector"}}}\n',
  'POST /articles/_pit?keep_alive=1m\n',
  'POST /articles/_async_search?wait_for_completion_timeout=2s\n{"query": {"match_all": {}}}\n',
];

void describe('checks made for Elasticsearch', () => {
  for (const text of ELASTICSEARCH_ONLY) {
    const first = text.split('\n')[0]!;
    void it(`raises no Error on a valid Elasticsearch request: ${text.replace(/\n/g, ' ').slice(0, 90)}`, () => {
      // The same text is refused by OpenSearch's rules (so the test can fail)...
      if (!first.includes('_pit') && !first.includes('_async_search')) {
        assert.ok(errors(check('search', text, OPENSEARCH)).length > 0, 'OpenSearch refuses it');
      }
      // ...and is no Error for Elasticsearch; what is said says whose rule it is.
      const list = check('search', text);
      assert.deepEqual(errors(list), [], codes(list).join(', '));
      for (const d of list) assert.match(d.message, /OpenSearch's rule; the checks are made for Elasticsearch 8\.15/);
    });
  }

  void it('keeps what both read the same way: JSON, duplicate keys, the _msearch framing, values, the result window', () => {
    assert.deepEqual(codes(errors(check('search', 'GET /_search\n{"query": {"match_all": {}},}\n'))), [
      '1 json.syntax',
    ]);
    assert.deepEqual(codes(errors(check('search', 'GET /_search\n{"size": 1, "size": 2}\n'))), [
      '1 json.duplicate-key',
    ]);
    assert.deepEqual(codes(errors(check('search', 'GET /_search\n{"from": 9995, "size": 10}\n'))), [
      '1 search.result-window',
    ]);
    assert.deepEqual(codes(errors(check('msearch', '{}\n{"query": {"match_all": {}}}'))), [
      '1 msearch.missing-final-newline',
    ]);
    assert.deepEqual(codes(errors(check('msearch', '{}\n\n'))), ['1 msearch.blank-body']);
  });

  void it('says nothing of OpenSearch role rules (master is a role there) nor of what the API specification lacks', () => {
    assert.ok(check('search', 'GET /_nodes/master:false/stats\n', OPENSEARCH).length > 0);
    assert.deepEqual(codes(check('search', 'GET /_nodes/master:false/stats\n')), []);
  });

  void it('does not ask before sending a request only OpenSearch would refuse', () => {
    const store = new DocumentStore();
    store.setTarget(ELASTICSEARCH);
    const document = store.open('file:///r.search', 'search', 1, ELASTICSEARCH_ONLY[0]!);
    assert.equal(resolveRequest(document, { uri: 'file:///r.search', line: 0 }, ELASTICSEARCH).request?.errorCount, 0);
    assert.equal(resolveRequest(document, { uri: 'file:///r.search', line: 0 }, OPENSEARCH).request?.errorCount, 1);
  });
});
