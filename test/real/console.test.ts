// The console syntax against real OpenSearch: what a request written with """ strings and variables becomes (as the
// language service resolves it) is what the cluster accepts, and what the checks call an Error is what it refuses,
// with the words the diagnostics quote.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { queryString } from '../../client/src/core/requestUrl';
import { fillSecrets } from '../../client/src/core/secretSlots';
import type { ResolvedRequest } from '../../server/src/protocol/protocol';
import { DocumentStore, type LanguageId } from '../../server/src/service/documentStore';
import { makeTarget } from '../../server/src/service/target';
import { resolveRequest } from '../../server/src/service/resolve';
import { send } from '../unit/corpus';
import { errorReasons, realCluster } from './realEnv';

/** The `type` of an OpenSearch error body. */
function errorType(body: unknown): string | undefined {
  const error = (body as { error?: { type?: unknown } } | null)?.error;
  return typeof error?.type === 'string' ? error.type : undefined;
}

const cluster = realCluster();
const target = makeTarget({ distribution: 'opensearch', version: cluster.version, source: 'cluster' });

function storeFor(variables: Record<string, string | { secret: true }> = {}): DocumentStore {
  const store = new DocumentStore();
  store.setTarget(target);
  store.setVariables(variables);
  store.setClusters([{ name: 'real', url: cluster.url }]);
  return store;
}

function diagnostics(language: LanguageId, text: string, store = storeFor()): { code: string; message: string }[] {
  const uri = `file:///real.${language}`;
  store.open(uri, language, 1, text);
  return store.diagnostics(uri).map((d) => ({ code: String(d.code), message: d.message }));
}

function resolved(text: string, store = storeFor(), line = 0): ResolvedRequest {
  const uri = 'file:///real.search';
  const document = store.open(uri, 'search', 1, text);
  const result = resolveRequest(document, { uri, line }, store.target, store.console);
  assert.ok(result.request !== undefined, result.reason);
  return result.request;
}

function sendResolved(request: ResolvedRequest): ReturnType<typeof send> {
  return send(cluster.url, {
    method: request.method,
    path: `${request.path}${queryString(request.query)}`,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
  });
}

const SCRIPT = [
  'POST /products/_search',
  '{',
  '  "size": 1,',
  '  "_source": ["price"],',
  '  "query": { "range": { "price": { "gt": 200 } } },',
  '  "script_fields": {',
  '    "discounted": {',
  '      "script": {',
  '        "source": """',
  '          // a "quoted" comment, a backslash \\ and a new line',
  "          double p = doc['price'].value;",
  '          return p > 100 ? p * 0.9 : p;',
  '        """',
  '      }',
  '    }',
  '  }',
  '}',
  '',
].join('\n');

void describe(`the console syntax on real OpenSearch ${cluster.version}`, () => {
  void it('a painless script in a """ string: no diagnostic, and the escaped string it becomes runs', async () => {
    assert.deepEqual(diagnostics('search', SCRIPT), []);
    const answer = await sendResolved(resolved(SCRIPT));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const hit = (answer.body as { hits: { hits: { _source: { price: number }; fields: { discounted: number[] } }[] } })
      .hits.hits[0]!;
    assert.ok(Math.abs(hit.fields.discounted[0]! - hit._source.price * 0.9) < 0.01, JSON.stringify(hit));
  });

  void it('the same body sent as written (""" and all) is refused by the JSON parser', async () => {
    const body = SCRIPT.split('\n').slice(1).join('\n');
    const answer = await send(cluster.url, { method: 'POST', path: '/products/_search', body });
    assert.equal(answer.status, 400);
    assert.match(errorReasons(answer.body).join('\n'), /Unexpected character/);
  });

  void it('a .msearch line with a """ string is refused with the words of its diagnostic', async () => {
    const line = `{"size":0,"query":{"query_string":{"query":"""name:wireless"""}}}`;
    const text = `{"index":"products"}\n${line}\n`;
    const found = diagnostics('msearch', text);
    assert.deepEqual(
      found.map((d) => d.code),
      ['msearch.triple-quoted-string'],
    );
    const quoted = /\((Unexpected character[^)]*\)[^)]*)\)/.exec(found[0]!.message)?.[1];
    assert.ok(quoted !== undefined, found[0]!.message);
    const answer = await send(cluster.url, {
      method: 'POST',
      path: '/_msearch',
      body: text,
      contentType: 'application/x-ndjson',
    });
    assert.equal(answer.status, 400);
    assert.equal(errorType(answer.body), 'json_parse_exception');
    assert.ok(
      errorReasons(answer.body).some((reason) => reason.startsWith(quoted)),
      `${quoted} in ${JSON.stringify(errorReasons(answer.body))}`,
    );
    // The quick fix's escaped string is accepted.
    const fixed = `{"index":"products"}\n${JSON.stringify({ size: 0, query: { query_string: { query: 'name:wireless' } } })}\n`;
    assert.deepEqual(diagnostics('msearch', fixed), []);
    const accepted = await send(cluster.url, {
      method: 'POST',
      path: '/_msearch',
      body: fixed,
      contentType: 'application/x-ndjson',
    });
    assert.equal(accepted.status, 200);
  });

  void it('an unclosed """ is an Error, and the body sent as written is refused', async () => {
    const text = 'POST /products/_search\n{ "query": { "query_string": { "query": """name:wireless } } }\n';
    assert.ok(diagnostics('search', text).some((d) => d.code === 'search.unclosed-triple-quote'));
    const answer = await sendResolved(resolved(text));
    assert.equal(answer.status, 400);
  });

  void it('variables: a whole-string JSON value, a value inside a string, a bare value and a path are sent as read', async () => {
    const store = storeFor({ index: 'products', size: '2', word: 'wire', query: '{"match_all": {}}' });
    const text =
      'POST /${index}/_search?size=${size}\n{ "size": "${size}", "query": { "bool": { "must": ${query}, "should": [{ "prefix": { "name": "${word}less" } }] } } }\n';
    assert.deepEqual(diagnostics('search', text, store), []);
    const answer = await sendResolved(resolved(text, store));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    assert.equal((answer.body as { hits: { hits: unknown[] } }).hits.hits.length, 2);
    // A variable whose value the server refuses: the Error is found on the value, and the server agrees.
    const bad = storeFor({ size: '-1' });
    const refused = 'GET /products/_search\n{ "size": "${size}" }\n';
    assert.ok(diagnostics('search', refused, bad).some((d) => d.code === 'search.negative-size'));
    const no = await sendResolved(resolved(refused, bad));
    assert.equal(no.status, 400);
  });

  void it('a secret variable, filled in only to send, reaches the cluster as written in its place', async () => {
    const store = storeFor({ token: { secret: true } });
    const text = 'GET /products/_search\n{ "size": 0, "query": { "term": { "sku": "${token}" } } }\n';
    assert.deepEqual(diagnostics('search', text, store), []);
    const request = resolved(text, store);
    assert.ok(request.body?.includes('${token}'));
    const answer = await sendResolved(fillSecrets(request, new Map([['token', 'NO-"SUCH"-SKU']])));
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });

  void it('a request line with the full URL of the cluster runs its path there; lower case and no slash too', async () => {
    const request = resolved(`get ${cluster.url}/products/_count\n`);
    assert.equal(request.cluster, 'real');
    assert.equal(request.path, '/products/_count');
    const answer = await sendResolved(request);
    assert.equal(answer.status, 200);
    const bare = await sendResolved(resolved('get products/_count\n'));
    assert.equal(bare.status, 200);
  });
});
