// What the connected cluster's search pipelines decide: a `search_pipeline` naming one it does not define
// (cluster.unknown-search-pipeline), and `verbose_pipeline` where no index searched has a default pipeline.
import assert from 'node:assert/strict';
import { ITEM_FAILURE_NOTE } from '../../../server/src/service/validate/msearchItems';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { diagnoseOnCluster, marked } from './harness';

const STATE: ClusterStateParams = {
  clusterName: 'piped',
  indices: [
    { name: 'plain', aliases: ['both'], fields: [{ name: 'kw', type: 'keyword' }] },
    { name: 'piped', aliases: ['both'], fields: [{ name: 'kw', type: 'keyword' }] },
    { name: 'other-piped', aliases: [], fields: [] },
    { name: 'lost', aliases: [], fields: [] },
    { name: 'unread', aliases: [], fields: [] },
  ],
  searchPipelines: ['mine', '1.50', 'true'],
  defaultPipelines: { plain: '_none', piped: 'mine', 'other-piped': 'theirs', lost: 'gone' },
};

function diagnose(language: LanguageId, text: string, state: ClusterStateParams | null = STATE): Diagnostic[] {
  return diagnoseOnCluster(language, text, state);
}

/** The diagnostics of the pipeline codes, as [severity, code, message]. */
function pipelineFindings(text: string, state: ClusterStateParams | null = STATE, language: LanguageId = 'search') {
  return diagnose(language, text, state)
    .filter((d) => String(d.code).includes('pipeline'))
    .map((d) => [d.severity, d.code, d.message]);
}

const VERBOSE = "The 'verbose pipeline' option requires a search pipeline to be defined.";

void describe('a search pipeline the cluster does not define (cluster.unknown-search-pipeline)', () => {
  void it('reports a name in the body or the URL on the name, in OpenSearch words', () => {
    for (const [markedText, message] of [
      ['POST /plain/_search\n{"search_pipeline": «"nope"»}\n', 'Pipeline nope is not defined'],
      ['POST /plain/_search\n{"search_pipeline": «1.5e0»}\n', 'Pipeline 1.5e0 is not defined'],
      ['POST /plain/_search\n{"search_pipeline": «false»}\n', 'Pipeline false is not defined'],
      ['GET /plain/_search?search_pipeline=«Mine»\n', 'Pipeline Mine is not defined'],
      ['POST /_search?search_pipeline=«nope»\n{"search_pipeline": "mine"}\n', 'Pipeline nope is not defined'],
    ] as const) {
      const { text, start, end } = marked(markedText);
      const found = diagnose('search', text).filter((d) => d.code === 'cluster.unknown-search-pipeline');
      assert.deepEqual(
        found.map((d) => [d.severity, d.range, d.message]),
        [[1, { start, end }, message]],
        markedText,
      );
    }
  });

  void it('accepts a defined name as written, _none, an inline pipeline, and a body the URL overrides', () => {
    for (const text of [
      'POST /plain/_search\n{"search_pipeline": "mine"}\n',
      'POST /plain/_search\n{"search_pipeline": 1.50}\n',
      'POST /plain/_search\n{"search_pipeline": true}\n',
      'POST /plain/_search\n{"search_pipeline": "_none"}\n',
      'POST /plain/_search\n{"search_pipeline": {"request_processors": []}}\n',
      'GET /plain/_search?search_pipeline=mine\n',
      'POST /plain/_search?search_pipeline=mine\n{"search_pipeline": "nope"}\n',
      'POST /plain/_search?search_pipeline=_none\n{"search_pipeline": "nope"}\n',
      'POST /plain/_search\n{"search_pipeline": "${pipeline}"}\n',
    ]) {
      assert.deepEqual(pipelineFindings(text), [], text);
    }
  });

  void it('says nothing without a cluster or with pipelines not read', () => {
    const text = 'POST /plain/_search?search_pipeline=nope\n{"search_pipeline": "nope"}\n';
    assert.deepEqual(pipelineFindings(text, null), []);
    assert.deepEqual(pipelineFindings(text, { ...STATE, searchPipelines: null }), []);
    const { searchPipelines: _left, ...unread } = STATE;
    assert.deepEqual(pipelineFindings(text, unread), []);
  });

  void it('says in an _msearch that only that search fails (a Warning)', () => {
    const expected = [[2, 'cluster.unknown-search-pipeline', `Pipeline nope is not defined${ITEM_FAILURE_NOTE}`]];
    assert.deepEqual(pipelineFindings('{"index": "plain"}\n{"search_pipeline": "nope"}\n', STATE, 'msearch'), expected);
    assert.deepEqual(
      pipelineFindings('POST /_msearch\n{"index": "plain"}\n{"search_pipeline": "nope"}\n', STATE),
      expected,
    );
  });

  void it('forgets the pipelines when the cluster state is cleared', () => {
    const store = new DocumentStore();
    store.updateCluster(STATE);
    store.updateCluster({ clear: true });
    store.updateCluster({ clusterName: 'next' });
    store.open('file:///p.search', 'search', 1, 'GET /plain/_search?search_pipeline=nope\n');
    assert.deepEqual(
      store.diagnostics('file:///p.search').filter((d) => d.code === 'cluster.unknown-search-pipeline'),
      [],
    );
  });
});

void describe("verbose_pipeline and the indexes' default pipeline", () => {
  const verbose = (path: string): string => `POST ${path}\n{"verbose_pipeline": true}\n`;

  void it('is an Error where no index searched has a default pipeline', () => {
    assert.deepEqual(pipelineFindings(verbose('/plain/_search')), [[1, 'search.verbose-pipeline', VERBOSE]]);
    assert.deepEqual(pipelineFindings('POST /pl*/_search?verbose_pipeline\n{}\n'), [
      [1, 'search.verbose-pipeline', VERBOSE],
    ]);
  });

  void it('says nothing where the indexes searched share a defined default pipeline', () => {
    assert.deepEqual(pipelineFindings(verbose('/piped/_search')), []);
    // An index without one does not stop the others' (real 2.19.1 and 3.8.0).
    assert.deepEqual(pipelineFindings(verbose('/both/_search')), []);
  });

  void it('keeps the Warning where the default pipelines are not known, disagree or are not defined', () => {
    const warning = [[2, 'search.verbose-pipeline-default']];
    const codes = (text: string, state: ClusterStateParams | null = STATE) =>
      pipelineFindings(text, state).map(([severity, code]) => [severity, code]);
    assert.deepEqual(codes(verbose('/plain/_search'), null), warning);
    assert.deepEqual(codes(verbose('/unread/_search')), warning);
    assert.deepEqual(codes(verbose('/piped,other-piped/_search')), warning);
    assert.deepEqual(codes(verbose('/lost/_search')), warning);
    assert.deepEqual(codes(verbose('/missing/_search')), warning);
    assert.deepEqual(codes(verbose('/${index}/_search')), warning);
  });
});
