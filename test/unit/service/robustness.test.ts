import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { codeActions } from '../../../server/src/service/codeActions';
import { codeLenses } from '../../../server/src/service/codeLenses';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { resolveRequest } from '../../../server/src/service/resolve';

const SEARCH = `# Errors of the day
GET /logs-*/_search?size=5&track_total_hits=true&timeout=10s
{
  "query": { "bool": { "must": [ { "match": { "message": "timeout" } } ], "filter": { "range": { "@timestamp": { "gte": "now-1d" } } } } },
  "aggs": { "by_level": { "terms": { "field": "level" }, "aggs": { "avg": { "avg": { "field": "duration_ms" } } } } },
  "sort": [ { "@timestamp": "desc" } ]
}

POST _msearch
{"index": "logs"}
{"query": {"match_all": {}}}
{}
{
  "query": { "term": { "level": "error" } }
}

GET _tasks?actions=*search&detailed
POST _tasks/oTUltX4IQMOUUVeiohTt8A:12345/_cancel
GET _nodes/_all,cluster_manager:false/stats/indices/docs
`;

const MSEARCH = `# POST /logs-*/_msearch?max_concurrent_searches=4
{"index":"logs-2024.01.01","preference":"_local"}
{"query":{"bool":{"must":[{"match":{"message":"error"}}]}},"size":5,"aggs":{"l":{"terms":{"field":"level"}}}}
{}
{"query":{"range":{"duration_ms":{"gte":100}}},"sort":[{"duration_ms":"desc"}]}
`;

/** Everything the service offers on a document; none of it may throw. */
function exercise(language: LanguageId, text: string): void {
  const store = new DocumentStore();
  const document = store.open(`file:///r.${language}`, language, 1, text);
  const diagnostics = store.diagnostics(document.uri);
  codeLenses(document);
  codeActions(document, diagnostics);
  const lines = text.split('\n').length;
  for (let line = 0; line < lines; line += 3) resolveRequest(document, { uri: document.uri, line });
  if (language === 'msearch') resolveRequest(document, { uri: document.uri, all: true });
}

const mutation = fc.record({
  at: fc.nat(),
  remove: fc.nat(40),
  insert: fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('{', '}', '"', '\n', '[', ':', ',', '\\', '//', '/*', '#', '\r\n', '\u0000'),
  ),
});

void describe('robustness', () => {
  for (const [language, base] of [
    ['search', SEARCH],
    ['msearch', MSEARCH],
  ] as const) {
    void it(`random edits and truncations of a valid .${language} file never throw and finish quickly`, () => {
      fc.assert(
        fc.property(fc.array(mutation, { maxLength: 6 }), fc.nat(), (mutations, cut) => {
          let text: string = base;
          for (const m of mutations) {
            const at = m.at % (text.length + 1);
            text = text.slice(0, at) + m.insert + text.slice(at + m.remove);
          }
          text = text.slice(0, cut % (text.length + 1));
          const started = performance.now();
          exercise(language, text);
          assert.ok(performance.now() - started < 500, 'a small file must be handled in well under half a second');
        }),
        { numRuns: 400 },
      );
    });
  }

  void it('handles hostile inputs', () => {
    const deep = '{"query":'.repeat(2000) + '{}' + '}'.repeat(2000);
    for (const text of [
      '',
      '\n',
      '\r\n',
      '\u0000',
      '{'.repeat(10000),
      deep,
      '"'.repeat(999),
      'GET',
      'GET /',
      'GET /?&&=&',
      '# GET',
    ]) {
      exercise('search', text);
      exercise('msearch', text);
      exercise('search', `GET /_search\n${text}`);
      exercise('msearch', `{}\n${text}\n`);
    }
  });
});
