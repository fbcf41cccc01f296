// What real OpenSearch 2.19.1, 2.19.6 and 3.8.0 answered where the local cluster once answered otherwise (each case here was
// seen on real clusters holding the same sample data; the repository's test/real/localVsReal.test.ts compares the
// two on every request of its corpora).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { decodeScrollId, encodeScrollId } from '../src/cluster';
import { shardIdFor } from '../src/data/store';
import { startCluster, versionInfo, type RunningCluster } from '../src/index';
import { hashMapOrder } from '../src/search/namedQueries';
import { at, call, type Reply } from './testClient';

/** Scores as real OpenSearch gave them, to the last float bit or so (Lucene sums in float, this cluster in double). */
function assertScore(actual: unknown, expected: number): void {
  assert.equal(typeof actual, 'number');
  assert.ok(Math.abs((actual as number) - expected) <= expected * 1e-6, `${String(actual)} is not ${expected}`);
}

function reason(r: Reply): unknown {
  return at(r.json, 'error', 'reason');
}

void describe('answers as real OpenSearch does', () => {
  let v2: RunningCluster;
  let v3: RunningCluster;
  const post = (c: RunningCluster, path: string, body?: unknown): Promise<Reply> =>
    call(c.url, body === undefined ? 'GET' : 'POST', path, body === undefined ? {} : { body });
  const raw = (c: RunningCluster, path: string, text: string): Promise<Reply> =>
    call(c.url, 'POST', path, { raw: text });

  before(async () => {
    [v2, v3] = await Promise.all([startCluster(), startCluster({ version: '3.8.0' })]);
  });
  after(async () => {
    await Promise.all([v2.close(), v3.close()]);
  });

  void it('answers as the release it was started for', async () => {
    assert.equal(at((await post(v2, '/')).json, 'version', 'number'), '2.19.1');
    assert.equal(at((await post(v3, '/')).json, 'version', 'lucene_version'), '10.5.0');
    assert.equal(versionInfo('3').number, '3.9.0');
    assert.equal(versionInfo('3.8').number, '3.8.0');
    assert.equal(versionInfo('2.19').number, '2.19.6');
    assert.equal(versionInfo('2.19.1').number, '2.19.1');
    assert.throws(() => versionInfo('1.3'), /answers as OpenSearch 2.19.1, 2.19.6, 3.8.0 or 3.9.0/);
  });

  void it('answers as 2.19.6 where the 2.19 patch releases changed errors (real 2.19.6)', async () => {
    const v26 = await startCluster({ version: '2.19.6' });
    try {
      assert.equal(at((await post(v26, '/')).json, 'version', 'number'), '2.19.6');
      // A number too large for an int: 400 there, as on 3.x, where 2.19.1 answers 500.
      const big = await raw(v26, '/_search', '{"size": 99999999999}');
      assert.equal(big.status, 400);
      assert.equal(at(big.json, 'error', 'type'), 'input_coercion_exception');
      // In an _msearch the bodies are read with the request: the whole request fails.
      const items = await raw(v26, '/_msearch', '{}\n{"size": 99999999999}\n');
      assert.equal(items.status, 400);
      assert.equal(at(items.json, 'error', 'type'), 'input_coercion_exception');
      // All shards failed: the first failure's root cause is the search's caused_by, as on 3.x; 2.19.1 leaves it out
      // when that root is the failure itself.
      const failed26 = await post(v26, '/products/_search?q=price:acme&lenient=false');
      const failed21 = await post(v2, '/products/_search?q=price:acme&lenient=false');
      assert.equal(at(failed26.json, 'error', 'type'), 'search_phase_execution_exception');
      assert.equal(at(failed26.json, 'error', 'caused_by', 'type'), 'query_shard_exception');
      assert.equal(at(failed21.json, 'error', 'caused_by'), undefined);
    } finally {
      await v26.close();
    }
  });

  void it('routes documents to shards as OpenSearch does, and searches only the shards asked for', async () => {
    // floorMod(murmur3(id), routing shards) / routing factor, with 768 routing shards for 3 shards.
    assert.equal(shardIdFor('P00001', 3), 1);
    for (const shard of [0, 1, 2]) {
      const r = await post(v2, `/products/_search?preference=_shards:${shard}&size=50&_source=false`);
      const ids = (at(r.json, 'hits', 'hits') as { _id: string }[]).map((h) => h._id);
      assert.ok(ids.length > 0);
      for (const id of ids) assert.equal(shardIdFor(id, 3), shard, id);
    }
    const routed = await post(v2, '/products/_search?routing=P00001&size=0');
    assert.equal(at(routed.json, '_shards', 'total'), 1);
    const dfs = await post(v2, '/products/_search?search_type=dfs_query_then_fetch&q=name:acme&size=1');
    assert.equal(dfs.status, 200);
  });

  void it('refuses what it does not implement with a 501 that names it, never an empty answer', async () => {
    const fs = await post(v2, '/products/_search', { query: { function_score: { query: { match_all: {} } } } });
    assert.equal(fs.status, 501);
    assert.equal(reason(fs), 'the local cluster does not implement query [function_score]');
    assert.equal(at(fs.json, 'error', 'type'), 'not_implemented_exception');
    const pct = await post(v2, '/products/_search', { size: 0, aggs: { p: { percentiles: { field: 'price' } } } });
    assert.equal(reason(pct), 'the local cluster does not implement aggregation [percentiles]');
    // A parameter read but not applied is refused unless given the value applied anyway.
    const tenExpansions = { query: { match: { name: { query: 'acme', max_expansions: 10 } } }, size: 0 };
    assert.equal(
      reason(await post(v2, '/products/_search', tenExpansions)),
      'the local cluster does not implement [match] [max_expansions]',
    );
    const fifty = { query: { match: { name: { query: 'acme', max_expansions: 50 } } }, size: 0 };
    assert.equal((await post(v2, '/products/_search', fifty)).status, 200);
    // In an msearch only the item is refused.
    const m = await raw(v2, '/products/_msearch', '{}\n{"query":{"script":{"script":"true"}}}\n{}\n{"size":0}\n');
    assert.equal(m.status, 200);
    assert.deepEqual(
      (at(m.json, 'responses') as { status: number }[]).map((x) => x.status),
      [501, 200],
    );
  });

  void it('words JSON errors as Jackson 2 (2.x) or Jackson 3 (3.x) does', async () => {
    const dup2 = await raw(v2, '/_search', '{"size": 1, "size": 2}');
    assert.equal((reason(dup2) as string).split('\n')[0], "Duplicate field 'size'");
    const dup3 = await raw(v3, '/_search', '{"size": 1, "size": 2}');
    assert.equal((reason(dup3) as string).split('\n')[0], 'Duplicate Object property "size"');
    assert.equal(at(dup3.json, 'error', 'caused_by', 'type'), 'stream_read_exception');
    const value = await raw(v2, '/_search', '{"query": }');
    assert.equal((reason(value) as string).split('\n')[0], "Unexpected character ('}' (code 125)): expected a value");
    const eof3 = await raw(v3, '/_search', '{"query": {"match_all": {}}');
    assert.equal(at(eof3.json, 'error', 'type'), 'unexpected_end_of_input_exception');
    // A number too large for an int: a server error in 2.19.1, fixed in 3.x.
    assert.equal((await raw(v2, '/_search', '{"size": 99999999999}')).status, 500);
    assert.equal((await raw(v3, '/_search', '{"size": 99999999999}')).status, 400);
    // An error met early in the body wins over a syntax error later, as with a streaming parser.
    const early = await raw(v2, '/_search', '{"query": [1, }');
    assert.equal(reason(early), 'Unknown key for a START_ARRAY in [query].');
  });

  void it('places query errors where the parser stands, and wraps them as ObjectParser does', async () => {
    const unknown = await raw(v2, '/_search', '{"query": {"bogus": {}}}');
    assert.deepEqual([at(unknown.json, 'error', 'col'), reason(unknown)], [21, 'unknown query [bogus]']);
    const empty = await raw(v2, '/_search', '{"query": {}}');
    assert.equal(reason(empty), 'query malformed, empty clause found at [1:12]');
    const must = await raw(v2, '/_search', '{"query": {"bool": {"must": [1]}}}');
    assert.equal(reason(must), '[1:31] [bool] failed to parse field [must]');
    assert.equal(at(must.json, 'error', 'caused_by', 'type'), 'parsing_exception');
    const term = await raw(v2, '/_search', '{"query": {"term": {"level": {"value": "ERROR", "foo": 1}}}}');
    assert.equal(at(term.json, 'error', 'col'), 56);
  });

  void it('scores a keyword term with the legacy BM25 factor on 2.x and as a constant on 3.x', async () => {
    const body = { query: { term: { level: 'ERROR' } }, size: 1 };
    const s2 = at((await post(v2, '/logs/_search', body)).json, 'hits', 'max_score') as number;
    const s3 = at((await post(v3, '/logs/_search', body)).json, 'hits', 'max_score') as number;
    assert.ok(s2 > 2.2, `2.x: boost * 2.2 * idf * tf, got ${s2}`);
    assert.equal(s3, 1);
  });

  void it('reduces terms per shard as a real cluster does (counts, error bounds and the rest)', async () => {
    const r = await post(v2, '/products/_search', { size: 0, aggs: { r: { terms: { field: 'rating', size: 5 } } } });
    // Seen on real OpenSearch 2.19.1 and 3.8.0 with the same sample data.
    assert.equal(at(r.json, 'aggregations', 'r', 'doc_count_error_upper_bound'), 31);
    assert.equal(at(r.json, 'aggregations', 'r', 'sum_other_doc_count'), 1033);
    assert.equal(at(r.json, 'aggregations', 'r', 'buckets', 0, 'doc_count'), 38);
  });

  void it('reads simple_query_string operators left to right', async () => {
    const r = await post(v2, '/logs/_search', {
      query: { simple_query_string: { query: 'timeout +payments', fields: ['message'] } },
      size: 0,
    });
    // Seen on real OpenSearch: `+` makes both terms required.
    assert.deepEqual(at(r.json, 'hits', 'total'), { value: 151, relation: 'eq' });
  });

  void it('names the matched queries in the order of a java.util.HashMap', async () => {
    // Buckets of a 16-slot table, by (h ^ h >>> 16) & 15 of String.hashCode; insertion order within a bucket.
    assert.deepEqual(hashMapOrder(['b', 'a']), ['a', 'b']);
    const r = await post(v2, '/products/_search?size=1&sort=sku', {
      query: {
        bool: {
          should: [{ match_all: { _name: 'all' } }, { term: { category: { value: 'accessories', _name: 'acc' } } }],
        },
      },
    });
    const matched = at(r.json, 'hits', 'hits', 0, 'matched_queries') as string[];
    assert.deepEqual([...matched].sort(), ['acc', 'all']);
    assert.deepEqual(matched, hashMapOrder(['all', 'acc']), 'registered in the order of the should clauses');
  });

  void it('keeps one search context per shard for a scroll, and reports each one missing', async () => {
    assert.deepEqual(decodeScrollId(encodeScrollId([4, 5, 6])), [4, 5, 6]);
    const first = await post(v2, '/products/_search?scroll=1m&size=2', { sort: ['sku'] });
    const id = at(first.json, '_scroll_id') as string;
    const next = await post(v2, '/_search/scroll', { scroll_id: id });
    assert.deepEqual(at(next.json, '_shards', 'total'), 3);
    assert.equal(at(next.json, '_scroll_id'), undefined, 'no keep-alive, no id back');
    const cleared = await call(v2.url, 'DELETE', '/_search/scroll', { body: { scroll_id: id } });
    assert.equal(at(cleared.json, 'num_freed'), 3);
    const gone = await post(v2, '/_search/scroll', { scroll_id: id });
    assert.equal(gone.status, 404);
    assert.equal((at(gone.json, 'error', 'root_cause') as unknown[]).length, 3);
    const garbage = await post(v2, '/_search/scroll', { scroll_id: 'bm9uc2Vuc2U=' });
    assert.deepEqual([garbage.status, reason(garbage)], [400, 'Cannot parse scroll id']);
  });

  void it('answers documents, versions and conflicts as OpenSearch does', async () => {
    await call(v2.url, 'PUT', '/scratch', { body: { mappings: { properties: { n: { type: 'integer' } } } } });
    assert.equal((await call(v2.url, 'PUT', '/scratch/_create/1', { body: { n: 1 } })).status, 201);
    const conflict = await call(v2.url, 'PUT', '/scratch/_create/1', { body: { n: 2 } });
    assert.deepEqual(
      [conflict.status, reason(conflict)],
      [409, '[1]: version conflict, document already exists (current version [1])'],
    );
    const bad = await call(v2.url, 'PUT', '/scratch/_doc/2', { body: { n: 'x' } });
    assert.equal(
      reason(bad),
      "failed to parse field [n] of type [integer] in document with id '2'. Preview of field's value: 'x'",
    );
    assert.equal(at(bad.json, 'error', 'caused_by', 'type'), 'number_format_exception');
    const deleted = await call(v2.url, 'DELETE', '/scratch/_doc/1');
    const again = await call(v2.url, 'DELETE', '/scratch/_doc/1');
    assert.deepEqual([at(deleted.json, '_version'), again.status, at(again.json, '_version')], [2, 404, 3]);
    const count = await call(v2.url, 'POST', '/scratch/_count', { body: { size: 1 } });
    assert.equal(reason(count), 'request does not support [size]');
  });

  void it('reports tasks, node statistics and node roles as each release does', async () => {
    const tasks = await post(v2, '/_tasks?group_by=none&actions=cluster:monitor/tasks/lists*');
    const types = (at(tasks.json, 'tasks') as { node: string; type: string; parent_task_id?: string }[]).map((t) =>
      t.parent_task_id !== undefined && t.node === v2.topology.local ? t.type : undefined,
    );
    assert.ok(types.includes('direct'), 'the list task sends itself its local part');
    const stats3 = await post(v3, '/_nodes/_local/stats/jvm');
    const node3 = Object.values(at(stats3.json, 'nodes') as Record<string, Record<string, unknown>>)[0]!;
    assert.ok('native_memory' in node3);
    assert.match(node3.ip as string, /:9300$/);
    const stats2 = await post(v2, '/_nodes/_local/stats/jvm');
    assert.ok(!('native_memory' in Object.values(at(stats2.json, 'nodes') as Record<string, object>)[0]!));
    const cat = await post(v2, '/_cat/nodes?h=name,node.role&format=json');
    const warm = (cat.json as { name: string; 'node.role': string }[]).find((n) => n.name === 'os-data-warm-1');
    assert.equal(warm?.['node.role'], 'd', 'a custom role (ml) has no letter');
  });

  void it('computes date histograms in a fixed time zone, and ranges on the values a field stores', async () => {
    const r = await post(v2, '/logs/_search', {
      size: 0,
      aggs: {
        d: { date_histogram: { field: '@timestamp', calendar_interval: 'day', time_zone: '+02:00', offset: '+1h' } },
        slow: { range: { field: 'duration_ms', ranges: [{ to: 100.5 }, { to: 100 }] } },
      },
    });
    const buckets = at(r.json, 'aggregations', 'd', 'buckets') as { key: number; key_as_string: string }[];
    assert.equal(buckets.length, 4);
    assert.match(buckets[0]!.key_as_string, /T01:00:00\.000\+02:00$/);
    assert.equal((buckets[0]!.key + 2 * 3_600_000 - 3_600_000) % 86_400_000, 0);
    // On a long field the bounds are the field's values: up to 100.5 is up to 100, excluded.
    const ranges = at(r.json, 'aggregations', 'slow', 'buckets') as { doc_count: number }[];
    assert.equal(ranges[0]!.doc_count, ranges[1]!.doc_count);
  });

  void it('reads the query_string syntax as Lucene does: terms in a row as one text, boosts, tildes, regexps', async () => {
    const maxScore = async (c: RunningCluster, index: string, query: unknown): Promise<unknown> =>
      at((await post(c, `/${index}/_search`, { query, size: 1 })).json, 'hits', 'max_score');
    // Plain terms in a row are analyzed together, then spread over the fields: the best field's sum, not the sum of
    // each term's best field.
    const twoFields = { query_string: { query: 'wireless charger', fields: ['name^3', 'description'] } };
    assertScore(await maxScore(v2, 'products', twoFields), 12.674924);
    assertScore(await maxScore(v3, 'products', twoFields), 5.7613287);
    // A regular expression scores its boost, on the normalized (lower case) text.
    const regexps = { query_string: { query: 'message:/time.*/ OR message:/LOCK/^3' } };
    assert.equal(await maxScore(v3, 'logs', regexps), 4);
    const total = async (query: unknown): Promise<unknown> =>
      at((await post(v3, '/logs/_search', { query, size: 0 })).json, 'hits', 'total', 'value');
    // A phrase's slop, with a repeated term that never stands twice on one position.
    assert.equal(await total({ query_string: { query: '"payments payments"~2', fields: ['message'] } }), 19);
    assert.equal(await total({ query_string: { query: '"refused connection"~2', fields: ['message'] } }), 111);
    assert.equal(await total({ simple_query_string: { query: 'timeot~1 lok~', fields: ['message'] } }), 936);
    const noNumber = await post(v3, '/logs/_search', { query: { query_string: { query: 'timeout^abc' } } });
    assert.equal(
      at(noNumber.json, 'error', 'root_cause', '0', 'reason'),
      "token_mgr_error: Lexical error at line 1, column 9.  Encountered: '97' (97),",
    );
  });

  void it('scores a fuzzy match as blended fuzzy queries, and refuses fuzziness on fields without terms', async () => {
    const fuzzy = { match: { message: { query: 'timeot lok', fuzziness: 'AUTO' } } };
    const score = async (c: RunningCluster): Promise<unknown> =>
      at((await post(c, '/logs/_search', { query: fuzzy, size: 1 })).json, 'hits', 'max_score');
    assertScore(await score(v2), 5.0851173);
    assertScore(await score(v3), 2.311417);
    const onLong = await post(v2, '/logs/_search', { query: { fuzzy: { duration_ms: { value: '100' } } } });
    assert.equal(onLong.status, 400);
    assert.equal(
      at(onLong.json, 'error', 'failed_shards', '0', 'reason', 'caused_by', 'type'),
      'illegal_argument_exception',
    );
  });

  void it('highlights what multi-term queries match', async () => {
    const r = await post(v2, '/logs/_search', {
      query: {
        bool: {
          must: [
            { range: { service: { gte: 'p', lt: 'q' } } },
            { fuzzy: { message: { value: 'timeot' } } },
            { prefix: { host: 'api' } },
          ],
        },
      },
      highlight: { fields: { '*': {} } },
      size: 1,
      _source: false,
    });
    const h = at(r.json, 'hits', 'hits', '0', 'highlight') as Record<string, string[]>;
    assert.match(h.service![0]!, /^<em>payments<\/em>$/);
    assert.match(h.host![0]!, /^<em>api-0\d<\/em>$/);
    assert.match(h.message![0]!, /<em>timeout<\/em>/);
  });

  void it('parses range bounds as the field does, sorts the ranges, and orders aggregations as a HashMap', async () => {
    const r = await post(v3, '/logs/_search', {
      size: 0,
      aggs: {
        r: { range: { field: '@timestamp', ranges: [{ from: 'now-400d/d', key: 'k' }, { to: 'now-400d/d' }] } },
        s: { max: { field: 'duration_ms' } },
        c: { min: { field: 'duration_ms' } },
      },
    });
    const buckets = at(r.json, 'aggregations', 'r', 'buckets') as Record<string, unknown>[];
    assert.deepEqual(
      buckets.map((b) => b.key),
      [`*-${String(buckets[0]!.to_as_string)}`, 'k'],
    );
    assert.match(buckets[0]!.to_as_string as string, /T00:00:00\.000Z$/);
    // "s" and "c" share a HashMap bucket: 3.x puts them in the map in the request's order, 2.x in the reverse.
    assert.deepEqual(Object.keys(at(r.json, 'aggregations') as object), ['r', 's', 'c']);
    const r2 = await post(v2, '/logs/_search', {
      size: 0,
      aggs: { s: { max: { field: 'duration_ms' } }, c: { min: { field: 'duration_ms' } } },
    });
    assert.deepEqual(Object.keys(at(r2.json, 'aggregations') as object), ['c', 's']);
    const bad = await post(v2, '/logs/_search', {
      size: 0,
      aggs: { r: { range: { field: 'duration_ms', ranges: [{ from: 'abc' }] } } },
    });
    assert.equal(at(bad.json, 'error', 'root_cause', '0', 'type'), 'number_format_exception');
    // A year past 9999 is printed with its sign.
    const sum = await post(v2, '/products/_search', { size: 0, aggs: { s: { sum: { field: 'created_at' } } } });
    assert.match(at(sum.json, 'aggregations', 's', 'value_as_string') as string, /^\+\d{5}-/);
  });

  void it('refuses the sorts it does not implement', async () => {
    for (const [sort, feature] of [
      [{ _script: { type: 'number', script: 'doc.price.value' } }, 'sort [_script]'],
      [{ _geo_distance: { loc: [0, 0] } }, 'sort [_geo_distance]'],
      [{ price: { nested: { path: 'variants' } } }, '[sort] [nested]'],
      [{ price: { numeric_type: 'long' } }, '[sort] [numeric_type]'],
    ] as const) {
      const r = await post(v2, '/products/_search', { sort: [sort] });
      assert.equal(r.status, 501);
      assert.equal(reason(r), `the local cluster does not implement ${feature}`);
    }
  });

  void it('highlights with the tags, encoder and analysis limit asked for, and refuses unknown options', async () => {
    const hl = async (highlight: Record<string, unknown>): Promise<unknown> => {
      const r = await post(v2, '/logs/_search', {
        query: { match: { message: 'timeout upstream' } },
        highlight: { ...highlight, fields: { message: highlight.field ?? {} } },
        sort: ['@timestamp'],
        from: 2,
        size: 1,
        _source: false,
      });
      return at(r.json, 'hits', 'hits', '0', 'highlight', 'message', '0');
    };
    const tagged = (pre: string, post: string, both = true): string =>
      `${pre}upstream${post} ${both ? `${pre}timeout${post}` : 'timeout'} while calling payments inventory`;
    assert.equal(await hl({ tags_schema: 'styled' }), tagged('<em class="hlt1">', '</em>'));
    assert.equal(await hl({ tags_schema: 'styled', pre_tags: ['<a>'] }), tagged('<a>', '</em>'));
    assert.equal(await hl({ pre_tags: ['<a>', '<b>'], post_tags: ['</a>', '</b>'] }), tagged('<a>', '</a>'));
    // The analysis stops after the last term that starts at or before the offset.
    assert.equal(await hl({ max_analyzer_offset: 8 }), tagged('<em>', '</em>', false));
    const unknown = await raw(
      v2,
      '/logs/_search',
      '{"highlight": {"fields": {"message": {"max_analyzed_offset": 1}}}}',
    );
    assert.equal(
      at(unknown.json, 'error', 'root_cause', '0', 'reason'),
      '[1:39] [highlight_field] unknown field [max_analyzed_offset] did you mean [max_analyzer_offset]?',
    );
    assert.equal(at(unknown.json, 'error', 'reason'), '[1:62] [highlight] failed to parse field [fields]');
    const fancy = await post(v2, '/logs/_search', { highlight: { type: 'fancy', fields: { message: {} } } });
    assert.equal(reason(fancy), 'the local cluster does not implement [highlight] type [fancy]');
  });

  void it('partitions terms as OpenSearch does, and reads include and exclude as IncludeExclude does', async () => {
    const keys = async (c: RunningCluster, terms: Record<string, unknown>): Promise<unknown> =>
      (
        at(
          (await post(c, '/logs/_search', { size: 0, aggs: { t: { terms } } })).json,
          'aggregations',
          't',
          'buckets',
        ) as {
          key: unknown;
        }[]
      ).map((b) => b.key);
    assert.deepEqual(await keys(v3, { field: 'host', include: { partition: 0, num_partitions: 3 } }), [
      'web-01',
      'web-03',
    ]);
    // 2.x counts the documents of the buckets a shard drops under shard_min_doc_count among the others.
    const levels = { field: 'level', min_doc_count: 2000, shard_min_doc_count: 100 };
    const other = async (c: RunningCluster): Promise<unknown> =>
      at(
        (await post(c, '/logs/_search', { size: 0, aggs: { t: { terms: levels } } })).json,
        'aggregations',
        't',
        'sum_other_doc_count',
      );
    assert.deepEqual([await other(v2), await other(v3)], [284, 0]);
    const mixed = await post(v2, '/products/_search', {
      size: 0,
      aggs: { t: { terms: { field: 'tags', include: 's.*', exclude: ['sale'] } } },
    });
    assert.equal(
      at(mixed.json, 'error', 'caused_by', 'reason'),
      'Cannot mix a regex-based include with a set-based method',
    );
  });
});
