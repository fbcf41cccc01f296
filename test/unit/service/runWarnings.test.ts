import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DocumentStore } from '../../../server/src/service/documentStore';

const URI = 'file:///warned.search';
const TEXT = 'GET _cat/master?v\n\nGET _cat/cluster_manager\n';
const WARNING = '[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead.';

void describe('the cluster’s warnings on a run', () => {
  void it('mark the request line with an Information diagnostic until the document changes', () => {
    const store = new DocumentStore();
    store.open(URI, 'search', 4, TEXT);
    store.runWarnings.set(URI, 4, 0, [WARNING]);
    assert.deepEqual(store.diagnostics(URI), [
      {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 17 } },
        severity: 3,
        code: 'cluster.deprecation',
        source: 'search-requests',
        message: `The cluster warned on the last run: ${WARNING}`,
      },
    ]);
    // Running it again without a warning clears the mark.
    store.runWarnings.set(URI, 4, 0, []);
    assert.deepEqual(store.diagnostics(URI), []);
    store.runWarnings.set(URI, 4, 0, [WARNING]);
    store.change(URI, 5, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: ' ' }]);
    assert.deepEqual(store.diagnostics(URI), []);
  });

  void it('never fails on a line the document does not have, and forgets closed documents', () => {
    const store = new DocumentStore();
    store.open('file:///w.msearch', 'msearch', 1, '{}\n{}\n');
    store.runWarnings.set('file:///w.msearch', 1, 99, [WARNING]);
    store.runWarnings.set('file:///w.msearch', 1, 0, [WARNING, WARNING]);
    assert.equal(store.diagnostics('file:///w.msearch').length, 1);
    store.close('file:///w.msearch');
    store.open('file:///w.msearch', 'msearch', 1, '{}\n{}\n');
    assert.deepEqual(store.diagnostics('file:///w.msearch'), []);
  });
});
