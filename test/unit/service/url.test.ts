import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose, expectDiagnostic, expectNo } from './harness';
import { makeTarget } from '../../../server/src/service/target';

const E = 1;
const W = 2;

void describe('request lines and URL parameters', () => {
  void it('accepts the parameters the search handler reads, and the global ones', () => {
    expectNo(
      'search',
      'GET /logs-*/_search?size=5&from=0&track_total_hits=true&timeout=10s&search_type=dfs_query_then_fetch&expand_wildcards=open,hidden&pretty&human=true&filter_path=hits.hits._id&q=level:error&default_operator=AND&allow_no_indices=false&routing=a,b&preference=_local&request_cache=true&typed_keys\n',
    );
  });

  void it('needs suggest_mode, then suggest_text or q, with suggest_field', () => {
    expectNo('search', 'GET /_search?suggest_field=text&suggest_mode=missing&suggest_text=quick\n');
    expectNo('search', 'GET /_search?suggest_field=text&suggest_mode=always&q=quick\n');
    expectDiagnostic('search', 'GET /_search?«suggest_field»=text&suggest_text=quick\n', {
      code: 'url.missing-parameter',
      severity: E,
      message: '[suggest_field] needs [suggest_mode]: without it OpenSearch fails with "Input string is null"',
    });
    expectDiagnostic('search', 'GET /_search?«suggest_field»=text&suggest_mode=missing\n', {
      code: 'url.missing-parameter',
      severity: E,
      message: /"The required text option is missing"$/,
    });
  });

  void it('rejects an unknown parameter with OpenSearch’s "did you mean", among the names it looked up', () => {
    const d = expectDiagnostic('search', 'GET /_search?«sizee»=5\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/_search] contains unrecognized parameter: [sizee]',
    });
    // The server only suggests names it looked up; the quick fix offers every parameter it reads.
    assert.deepEqual((d.data as { replacements: string[] }).replacements, ['size']);
    expectDiagnostic('search', 'GET /_search?size=1&«sizee»=5\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/_search] contains unrecognized parameter: [sizee] -> did you mean [size]?',
    });
    expectDiagnostic('search', 'GET /_search?«typed_keyz»\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/_search] contains unrecognized parameter: [typed_keyz] -> did you mean [typed_keys]?',
    });
    expectDiagnostic('search', 'GET /_search?q=x&«analyzerr»=a\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/_search] contains unrecognized parameter: [analyzerr] -> did you mean [analyzer]?',
    });
    // Several at once: one message naming them all, on each of them.
    const both = diagnose('search', 'GET /_search?sizee=1&fromm=2\n').filter((d) => d.code === 'url.unknown-parameter');
    assert.deepEqual(
      both.map((d) => [d.range.start.character, d.message]),
      [
        [13, 'request [/_search] contains unrecognized parameters: [fromm], [sizee]'],
        [21, 'request [/_search] contains unrecognized parameters: [fromm], [sizee]'],
      ],
    );
    expectDiagnostic('search', 'GET /_search?«zzz»=5\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/_search] contains unrecognized parameter: [zzz]',
    });
  });

  void it('follows the server, not the API spec, where they differ (docs/opensearch/rest-layer.md)', () => {
    expectDiagnostic('search', 'POST /_msearch?«allow_partial_results»=true\n{}\n{}\n', {
      code: 'url.unknown-parameter',
      severity: E,
    });
    expectNo(
      'search',
      'POST /_msearch?routing=a&expand_wildcards=all&ignore_unavailable=true&allow_no_indices=true&ignore_throttled=false&cancel_after_time_interval=1m\n{}\n{}\n',
    );
    expectNo('search', 'POST /_tasks/_cancel?group_by=none&actions=*search\n');
  });

  void it('only warns on parameters of endpoints known from the spec alone', () => {
    expectDiagnostic('search', 'GET /_cat/indices?«bogus»=1\n', { code: 'url.unlisted-parameter', severity: W });
    expectNo('search', 'GET /_cat/indices?v&h=index,docs.count&s=index\n');
  });

  void it('says nothing of unknown endpoints it knows nothing about', () => {
    expectNo('search', 'GET /_plugins/_unknown_thing/abc?x=1\n');
  });

  void it('rejects a method the path does not accept', () => {
    expectDiagnostic('search', '«PUT» /_cluster/health?pretty\n', {
      code: 'url.method-not-allowed',
      severity: E,
      message: 'Incorrect HTTP method for uri [/_cluster/health?pretty] and method [PUT], allowed: [GET]',
    });
  });

  void it('takes the methods the servers take, not only the one the API client names', () => {
    // The client sends POST to these paths; OpenSearch takes PUT as well (their Allow headers).
    expectNo('search', 'PUT /_index_template/logs\n{"index_patterns":["logs-*"]}\n');
    expectNo('search', 'PUT /logs/_mapping\n{"properties":{}}\n');
    expectNo('search', 'PUT /_snapshot/repo/snap\n');
    // The client names these methods; OpenSearch refuses them on the path.
    expectDiagnostic('search', '«PUT» /logs/_doc\n{}\n', {
      code: 'url.method-not-allowed',
      severity: E,
      message: 'Incorrect HTTP method for uri [/logs/_doc] and method [PUT], allowed: [POST]',
    });
    // The 405 names the methods of the most specific path, not those of /{index} that matches it too.
    expectDiagnostic('search', '«POST» /_alias\n', {
      code: 'url.method-not-allowed',
      severity: E,
      message: 'Incorrect HTTP method for uri [/_alias] and method [POST], allowed: [GET, PUT]',
    });
  });

  void it('takes the methods of the target version: DELETE /_tasks/{task_id} from 3.9.0 on', () => {
    const refused = (version: string, distribution = 'opensearch'): [unknown, string][] =>
      diagnose('search', 'DELETE /_tasks/abc:1?pretty\n', makeTarget({ version, distribution, source: 'setting' }))
        .filter((d) => d.code === 'url.method-not-allowed')
        .map((d) => [d.range.start.character, d.message]);
    // Real 3.9.0 deletes a stored task result there; 3.8.0 and 2.19.1 answer 405.
    assert.deepEqual(refused('3.9.0'), []);
    assert.deepEqual(refused('3.9'), []);
    const words = (target: string): [unknown, string][] => [
      [
        0,
        `Incorrect HTTP method for uri [/_tasks/abc:1?pretty] and method [DELETE], allowed: [GET] (OpenSearch 3.9.0 takes DELETE here; the target is OpenSearch ${target})`,
      ],
    ];
    assert.deepEqual(refused('3.8.0'), words('3.8'));
    assert.deepEqual(refused('2.19.1'), words('2.19.1'));
    // Older than every version asked: as the oldest; between two that refuse: refused.
    assert.deepEqual(refused('2.11'), words('2.11'));
    assert.deepEqual(refused('3.2'), words('3.2'));
    // Between 3.8.0, which refuses, and 3.9.0, which takes it: not judged. Newer than 3.9.0: as 3.9.0.
    assert.deepEqual(refused('3.8.5'), []);
    assert.deepEqual(refused('4.0'), []);
    // The table is OpenSearch's: an Elasticsearch target is not judged by version.
    assert.deepEqual(refused('8.15', 'elasticsearch'), []);
    // The newest version the checks know is the default target.
    expectNo('search', 'DELETE /_tasks/abc:1\n');
    // A method no version takes is refused whatever the target, without a version note.
    assert.deepEqual(
      diagnose('search', 'PUT /_tasks/abc:1\n', makeTarget({ version: '3.9.0', source: 'setting' }))
        .filter((d) => d.code === 'url.method-not-allowed')
        .map((d) => d.message),
      ['Incorrect HTTP method for uri [/_tasks/abc:1] and method [PUT], allowed: [GET, DELETE]'],
    );
  });

  void it('reads ?refresh with no value as true, and words an unknown value as OpenSearch does', () => {
    expectNo('search', 'PUT /logs/_doc/1?refresh\n{"a":1}\n');
    expectNo('search', 'POST /_bulk?refresh=\n{"index":{"_index":"logs"}}\n{"a":1}\n');
    expectDiagnostic('search', 'PUT /logs/_doc/1?refresh=«maybe»\n{"a":1}\n', {
      code: 'url.unknown-value',
      severity: W,
      message: 'Unknown value for refresh: [maybe].',
    });
  });

  void it('knows the paths the servers answer beside the specification, and leaves plugin namespaces alone', () => {
    expectNo('search', 'GET /logs/_mappings\n');
    expectNo('search', 'PUT /logs/_mappings\n{"properties":{}}\n');
    expectNo('search', 'POST /logs/_scale\n{"search_only":true}\n');
    // Alerting, in the default distribution, is not in the specification: its words are no misspelt endpoints.
    expectNo('search', 'POST /_plugins/_alerting/monitors\n{}\n');
    expectNo('search', 'GET /_opendistro/_alerting/monitors/abc\n');
    expectNo('search', 'GET localhost:9600/_plugins/_performanceanalyzer/metrics\n');
    expectDiagnostic('search', 'GET /logs/«_serch»\n', {
      code: 'url.unknown-endpoint',
      severity: W,
      message: /^\[_serch\] is not an OpenSearch endpoint/,
    });
  });

  void it('reads a path placeholder given as a URL parameter, and size on the _cat endpoints', () => {
    expectNo('search', 'POST /_cache/clear?index=movies\n');
    expectNo('search', 'GET /_cat/snapshots?repository=backups\n');
    expectNo('search', 'GET /_cat/nodes?size=1&format=json&h=id\n');
    expectDiagnostic('search', 'GET /_cat?«size»=1\n', { code: 'url.unlisted-parameter', severity: W });
  });

  void it('knows batch_size on _bulk in 2.x only', () => {
    const v2 = makeTarget({ distribution: 'opensearch', version: '2.19.1', source: 'setting' });
    const text = 'POST /_bulk?batch_size=5\n{"index":{"_index":"logs"}}\n{"a":1}\n';
    assert.deepEqual(
      diagnose('search', text, v2).map((d) => d.code),
      [],
    );
    expectDiagnostic('search', 'POST /_bulk?«batch_size»=5\n{"index":{"_index":"logs"}}\n{"a":1}\n', {
      code: 'url.unlisted-parameter',
      severity: W,
      message: /^\[bulk\] reads no parameter \[batch_size\] here \(OpenSearch versions before 3\.0 know \[batch_size\]/,
    });
  });

  void it("judges a plugin route's parameters and body by the specification alone no more", () => {
    // The ML plugin reads `deploy`, which the specification does not list; k-NN's stats, a GET, is given a body.
    expectNo('search', 'POST /_plugins/_ml/models/_register?deploy=true\n{"name":"m"}\n');
    expectNo('search', 'GET /_plugins/_knn/stats\n{"a":1}\n');
    // A core route the real clusters answer is still judged.
    expectDiagnostic('search', 'GET /_cat/indices?«bogus»=1\n', { code: 'url.unlisted-parameter', severity: W });
    expectDiagnostic('search', 'GET /_cat/health\n«{"a":1}»\n', { code: 'url.body-ignored', severity: W });
  });

  void it('says nothing of a method on a plugin route the servers were not asked about', () => {
    // The ML plugin's agent path: the client names GET and DELETE, the plugin takes PUT too.
    expectNo('search', 'PUT /_plugins/_ml/agents/abc\n{"name":"a"}\n');
  });

  void it('lands PUT /_search on index creation, which refuses the name', () => {
    expectDiagnostic('search', 'PUT /«_search»\n', {
      code: 'url.invalid-index-name',
      severity: E,
      message: "Invalid index name [_search], must not start with '_', '-', or '+'",
    });
  });

  void it('warns of a misspelt endpoint', () => {
    expectDiagnostic('search', 'GET /logs/«_serch»\n', {
      code: 'url.unknown-endpoint',
      severity: W,
      message: /did you mean \[_search\]/,
    });
    expectDiagnostic('search', 'GET /«_serch»\n', { code: 'url.unknown-endpoint', severity: W });
  });

  void it('reads booleans strictly', () => {
    expectDiagnostic('search', 'GET /_search?track_scores=«yes»\n', {
      code: 'url.invalid-boolean',
      severity: E,
      message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('search', 'GET /_search?pretty=«TRUE»\n', { code: 'url.invalid-boolean', severity: E });
    expectDiagnostic('search', 'GET /_search?ignore_unavailable=«1»\n', {
      code: 'url.invalid-boolean',
      severity: E,
      message:
        'Could not convert [ignore_unavailable] to boolean: Failed to parse value [1] as only [true] or [false] are allowed.',
    });
    // Present but empty: true for primitive booleans, the default for boxed ones.
    expectNo('search', 'GET /_search?track_scores&pretty=&explain=&version=&ignore_unavailable=\n');
  });

  void it('reads the query-string options only next to q, and the suggester options only next to suggest_field', () => {
    expectDiagnostic('search', 'GET /logs/_search?«df»=message\n', {
      code: 'url.unknown-parameter',
      severity: E,
      message: 'request [/logs/_search] contains unrecognized parameter: [df]',
    });
    expectNo(
      'search',
      'GET /logs/_search?q=timeout&df=message&analyzer=standard&analyze_wildcard&lenient=true&default_operator=and\n',
    );
    expectDiagnostic('search', 'GET /_search?«suggest_text»=x\n', { code: 'url.unknown-parameter', severity: E });
    expectNo('search', 'GET /_search?suggest_field=message&suggest_text=x&suggest_size=3&suggest_mode=popular\n');
  });

  void it('refuses an empty allow_partial_search_results, which real OpenSearch fails on', () => {
    // Read from the sources it looked unset; real 3.8.0 and 2.19.1 answer 500 (conformance case
    // url/search/allow_partial_search_results/empty).
    expectDiagnostic('search', 'GET /_search?«allow_partial_search_results»\n', {
      code: 'url.empty-value',
      severity: E,
      message: /^An empty \[allow_partial_search_results\] is no value: OpenSearch fails with "Cannot invoke/,
    });
  });

  void it('reads _count’s min_score as Java reads a float (real 2.19.1 and 3.8.0)', () => {
    for (const value of ['0.5', '1', '.5', '5.', '+1', '-Infinity', 'NaN', '1e-3f', '2D', '0x1.8p1', '%201', '1%09']) {
      expectNo('search', `POST /logs/_count?min_score=${value}\n{}\n`);
    }
    for (const [written, read] of [
      ['abc', 'abc'],
      ['1,5', '1,5'],
      ['1e', '1e'],
      ['nan', 'nan'],
    ]) {
      expectDiagnostic('search', `POST /logs/_count?min_score=«${written}»\n{}\n`, {
        code: 'url.invalid-number',
        severity: E,
        message: `Failed to parse float parameter [min_score] with value [${read}]`,
      });
    }
    expectDiagnostic('search', 'POST /logs/_count?min_score=«»\n{}\n', {
      code: 'url.invalid-number',
      severity: E,
      message: 'Failed to parse float parameter [min_score] with value []',
    });
    // The rest of the endpoint is still known only from the API specification.
    expectDiagnostic('search', 'POST /logs/_count?«min_scor»=1\n{}\n', { code: 'url.unlisted-parameter', severity: W });
  });

  void it('reads integers and their bounds', () => {
    expectDiagnostic('search', 'GET /_search?size=«ten»\n', {
      code: 'url.invalid-integer',
      severity: E,
      message: 'Failed to parse int parameter [size] with value [ten]',
    });
    expectDiagnostic('search', 'GET /_search?from=«-3»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: '[from] parameter cannot be negative, found [-3]',
    });
    // -1 is refused like any negative value by OpenSearch 2.19 and 3.x.
    expectDiagnostic('search', 'GET /_search?size=«-1»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: '[size] parameter cannot be negative, found [-1]',
    });
    expectDiagnostic('search', 'GET /_search?size=«-2»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: '[size] parameter cannot be negative, found [-2]',
    });
    expectDiagnostic('search', 'GET /_search?batched_reduce_size=«1»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: 'batchedReduceSize must be >= 2',
    });
    expectDiagnostic('search', 'GET /_search?max_concurrent_shard_requests=«0»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: 'maxConcurrentShardRequests must be >= 1',
    });
    expectDiagnostic('search', 'GET /_search?pre_filter_shard_size=«0»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: 'preFilterShardSize must be >= 1',
    });
    expectDiagnostic('search', 'GET /_search?terminate_after=«-3»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: 'terminateAfter must be > 0',
    });
    expectDiagnostic('search', 'POST /_msearch?max_concurrent_searches=«0»\n{}\n{}\n', {
      code: 'url.out-of-range',
      severity: E,
      message: 'maxConcurrentSearchRequests must be positive',
    });
  });

  void it('reads track_total_hits as a boolean or an integer of at least -1', () => {
    expectNo(
      'search',
      'GET /_search?track_total_hits=false\nGET /_search?track_total_hits=-1\nGET /_search?track_total_hits=100\n',
    );
    expectDiagnostic('search', 'GET /_search?track_total_hits=«-5»\n', {
      code: 'url.out-of-range',
      severity: E,
      message: '[track_total_hits] parameter must be positive or equals to -1, got -5',
    });
    expectDiagnostic('search', 'GET /_search?track_total_hits=«yes»\n', {
      code: 'url.invalid-integer',
      severity: E,
      message: 'Failed to parse int parameter [track_total_hits] with value [yes]',
    });
  });

  void it('reads time values to the letter', () => {
    expectDiagnostic('search', 'GET /_search?timeout=«5»\n', {
      code: 'url.invalid-time',
      severity: E,
      message: 'failed to parse setting [timeout] with value [5] as a time value: unit is missing or unrecognized',
    });
    expectDiagnostic('search', 'GET /_search?scroll=«1.5m»\n', {
      code: 'url.invalid-time',
      severity: E,
      message: 'failed to parse [1.5m], fractional time values are not supported',
    });
    expectNo('search', 'GET /_search?timeout=5S&cancel_after_time_interval=-1\n');
  });

  void it('reads enums', () => {
    expectDiagnostic('search', 'GET /_search?search_type=«query_and_fetch»\n', {
      code: 'url.invalid-search-type',
      severity: E,
      message: 'Unsupported search type [query_and_fetch]',
    });
    expectDiagnostic('search', 'GET /_search?search_type=«fast»\n', {
      code: 'url.invalid-search-type',
      severity: E,
      message: 'No search type for [fast]',
    });
    expectDiagnostic('search', 'GET /_search?expand_wildcards=«open,shut»\n', {
      code: 'url.invalid-expand-wildcards',
      severity: E,
      message: 'No valid expand wildcard value [shut]',
    });
    expectDiagnostic('search', 'GET /_search?suggest_field=message&suggest_mode=«sometimes»\n', {
      code: 'url.unknown-value',
      severity: W,
    });
  });

  void it('warns of a sort direction the server ignores', () => {
    expectDiagnostic('search', 'GET /_search?sort=@timestamp:«up»,_score\n', {
      code: 'search.sort-direction-ignored',
      severity: W,
    });
    expectNo('search', 'GET /_search?sort=@timestamp:desc,level:asc,_score\n');
  });

  void it('warns of a body on an endpoint that reads none, which OpenSearch ignores', () => {
    expectDiagnostic('search', 'GET /_tasks\n«{"actions": "*"}»\n', {
      code: 'url.body-ignored',
      severity: W,
      message: 'OpenSearch ignores this body: [GET /_tasks] reads no request body.',
    });
    expectNo('search', 'GET /_tasks?actions=*search*\n');
  });

  void it('warns of text that belongs to no request', () => {
    expectDiagnostic('search', '«{"query": {}}»\nGET /_search\n', { code: 'search.outside-request', severity: W });
    expectNo('search', '# a comment\n// another\n\nGET /_search\n');
  });

  void it('rejects an _msearch with no body', () => {
    expectDiagnostic('search', 'POST «/_msearch»\n', {
      code: 'msearch.empty-body',
      severity: E,
      message: 'request body or source parameter is required',
    });
  });
});
