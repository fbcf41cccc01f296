// Hostile input never stalls the local cluster: wildcards and Lucene regular expressions are matched without
// backtracking, and what OpenSearch refuses (too long, too complex) is refused with its answer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { simpleMatch, wildcardMatcher } from '../src/core/simpleMatch';
import { compileRegexp, RegexpRefusal } from '../src/search/luceneRegexp';
import { startCluster, type RunningCluster } from '../src/index';
import { at, call } from './testClient';

/** A generous budget for what a backtracking matcher took minutes, or forever, to answer. */
const HOSTILE = { timeout: 15_000 };

void describe('linear matchers', () => {
  void it('simpleMatch reads only * as special', () => {
    assert.equal(simpleMatch('logs-*', 'logs-2024'), true);
    assert.equal(simpleMatch('*-1', 'data-1'), true);
    assert.equal(simpleMatch('a*b*a', 'aba'), true);
    assert.equal(simpleMatch('a*a', 'a'), false);
    assert.equal(simpleMatch('nam?', 'name'), false);
    assert.equal(simpleMatch(`${'*'.repeat(40)}x`, 'a'.repeat(5000)), false);
  });

  void it('wildcardMatcher reads *, ? and \\ as Lucene does', () => {
    assert.equal(wildcardMatcher('Ac?e')('Acme'), true);
    assert.equal(wildcardMatcher('A*e')('Acme'), true);
    assert.equal(wildcardMatcher('A\\*e')('A*e'), true);
    assert.equal(wildcardMatcher('A\\*e')('Ace'), false);
    assert.equal(wildcardMatcher('acme', true)('ACME'), true);
    assert.equal(wildcardMatcher('?')('😀'), true, '? is one code point');
    assert.equal(wildcardMatcher(`${'*a'.repeat(200)}*b`)('a'.repeat(5000)), false);
  });

  void it('compiles Lucene regular expressions to an automaton', () => {
    const accepts = (pattern: string, term: string): boolean => compileRegexp(pattern)(term);
    assert.equal(accepts('A.m?e', 'Ame'), true);
    assert.equal(accepts('(ab)+', 'ababab'), true);
    assert.equal(accepts('(ab)+', 'aba'), false);
    assert.equal(accepts('[a-c]{2,3}', 'abc'), true);
    assert.equal(accepts('[a-c]{2,3}', 'abcd'), false);
    assert.equal(accepts('[^a-c]x', 'dx'), true);
    assert.equal(accepts('"a.b"', 'a.b'), true);
    assert.equal(accepts('"a.b"', 'axb'), false);
    assert.equal(accepts('@', 'anything'), true);
    assert.equal(accepts('#', ''), false);
    assert.equal(accepts('.*&.*e.*', 'Acme'), true);
    assert.equal(accepts('.*&.*e.*', 'Hooli'), false);
    assert.equal(accepts('<1-100>', '42'), true);
    assert.equal(accepts('<1-100>', '101'), false);
    assert.equal(accepts('\\d+', '123'), true);
    assert.equal(accepts('~a', '~a'), true, 'no complement by default (Lucene 10)');
    assert.equal(compileRegexp('acme', { caseInsensitive: true })('ACME'), true);
    assert.throws(
      () => compileRegexp('(a'),
      (e) => e instanceof RegexpRefusal && /expected '\)'/.test(e.message),
    );
  });

  void it('runs a catastrophic pattern in one pass over the term', HOSTILE, () => {
    const accepts = compileRegexp('(a+)+b');
    assert.equal(accepts(`${'a'.repeat(100_000)}c`), false);
    assert.equal(accepts(`${'a'.repeat(100_000)}b`), true);
    assert.equal(compileRegexp('(a|a)*(a|a)*c')('a'.repeat(100_000)), false);
  });

  void it('refuses an automaton too costly to determinize', HOSTILE, () => {
    assert.throws(
      () => compileRegexp('[a-z]{1,20}'.repeat(30)),
      (e) =>
        e instanceof RegexpRefusal &&
        e.kind === 'tooComplex' &&
        /^Determinizing automaton with \d+ states and \d+ transitions would require more than 10000 effort\.$/.test(
          e.message,
        ),
    );
    assert.throws(() => compileRegexp('((a{1,1000}){1,1000}){1,1000}'), RegexpRefusal);
  });
});

void describe('hostile patterns over HTTP', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster();
  });
  after(() => c.close());

  const search = (body: unknown): Promise<{ status: number; json: unknown }> =>
    call(c.url, 'POST', '/products/_search?size=0', { body });

  void it('answers a regexp query with a catastrophic pattern at once', HOSTILE, async () => {
    const r = await search({ query: { regexp: { brand: '(A+)+cmx' } } });
    assert.equal(r.status, 200);
    assert.equal(at(r.json, 'hits', 'total', 'value'), 0);
    const acme = await search({ query: { regexp: { brand: '(A|Ac)+me' } } });
    assert.ok((at(acme.json, 'hits', 'total', 'value') as number) > 0);
  });

  void it('refuses a regexp too complex to determinize as OpenSearch does', HOSTILE, async () => {
    const r = await search({ query: { regexp: { brand: '[a-z]{1,20}'.repeat(30) } } });
    assert.equal(r.status, 400);
    assert.equal(at(r.json, 'error', 'type'), 'search_phase_execution_exception');
    const reason = at(r.json, 'error', 'failed_shards', 0, 'reason') as Record<string, unknown>;
    assert.equal(reason.type, 'query_shard_exception');
    assert.match(String(reason.reason), /^failed to create query: Determinizing automaton with \d+ states/);
    assert.equal(at(reason, 'caused_by', 'type'), 'too_complex_to_determinize_exception');
    const agg = await search({ aggs: { b: { terms: { field: 'brand', include: '[a-z]{1,20}'.repeat(30) } } } });
    assert.equal(agg.status, 500);
    assert.equal(at(agg.json, 'error', 'root_cause', 0, 'type'), 'too_complex_to_determinize_exception');
  });

  void it('refuses a regexp longer than index.max_regex_length', async () => {
    const r = await search({ query: { regexp: { brand: 'a'.repeat(1001) } } });
    assert.equal(r.status, 400);
    assert.equal(
      at(r.json, 'error', 'root_cause', 0, 'reason'),
      'failed to create query: The length of regex [1001] used in the Regexp Query request has exceeded the allowed maximum of [1000]. This maximum can be set by changing the [index.max_regex_length] index level setting.',
    );
    const agg = await search({ aggs: { b: { terms: { field: 'brand', include: 'a'.repeat(1001) } } } });
    assert.equal(agg.status, 400);
    assert.match(
      String(at(agg.json, 'error', 'root_cause', 0, 'reason')),
      /^The length of regex \[1001\] used in the request/,
    );
  });

  void it(
    'matches index patterns, filter_path, _cat columns and node filters of many stars at once',
    HOSTILE,
    async () => {
      const stars = `${'*'.repeat(40)}x`;
      const indices = await call(c.url, 'GET', `/${stars}/_search?size=0&allow_no_indices=true`);
      assert.equal(indices.status, 200);
      const filtered = await call(c.url, 'GET', `/_cluster/health?filter_path=${stars}`);
      assert.deepEqual(filtered.json, {});
      const cat = await call(c.url, 'GET', `/_cat/indices?h=${stars}`);
      assert.equal(cat.status, 200);
      const nodes = await call(c.url, 'GET', `/_nodes/${stars}/stats`);
      assert.equal(at(nodes.json, '_nodes', 'total'), 0);
      const tasks = await call(c.url, 'GET', `/_tasks?actions=${stars}`);
      assert.equal(tasks.status, 200);
    },
  );

  void it('keeps a __proto__ field in the source, the mapping and the hits, as OpenSearch does', async () => {
    const raw = '{"__proto__":{"polluted":true},"a":1}';
    const put = await call(c.url, 'PUT', '/proto-check/_doc/1?refresh=true', { raw });
    assert.equal(put.status, 201);
    const got = await call(c.url, 'GET', '/proto-check/_doc/1');
    assert.equal(JSON.stringify(at(got.json, '_source')), raw);
    const mapping = await call(c.url, 'GET', '/proto-check/_mapping');
    assert.equal(
      JSON.stringify(at(mapping.json, 'proto-check', 'mappings')),
      '{"properties":{"__proto__":{"properties":{"polluted":{"type":"boolean"}}},"a":{"type":"long"}}}',
    );
    const hits = await call(
      c.url,
      'GET',
      '/proto-check/_search?filter_path=hits.hits._source&_source_includes=__proto__',
    );
    assert.equal(JSON.stringify(hits.json), '{"hits":{"hits":[{"_source":{"__proto__":{"polluted":true}}}]}}');
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'no prototype was touched');
  });
});
