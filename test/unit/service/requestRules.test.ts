// The rules across a search request and the limits of default settings: for each code, a request real OpenSearch
// accepts and one it refuses (both also in the conformance corpus, test/fixtures/conformance/cross.jsonl).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { DiagnosticCode } from '../../../server/src/service/diagnosticCodes';
import { makeTarget } from '../../../server/src/service/target';
import { diagnose } from './harness';

const V2 = makeTarget({ distribution: 'opensearch', version: '2.19.1', source: 'setting' });

function errors(json: string, query = '', target = makeTarget({ version: '3.8.0', source: 'setting' })): string[] {
  // A point in time names its indexes itself: its requests go to /_search.
  const index = json.includes('"pit"') ? '' : '/conformance';
  return diagnose('search', `POST ${index}/_search${query}\n${json}\n`, target)
    .filter((d) => d.severity === 1)
    .map((d) => `${String(d.code)}: ${d.message}`);
}

const CASES: readonly (readonly [DiagnosticCode, string, string, string, string?])[] = [
  // code, accepted body, refused body, OpenSearch's words, URL query of both
  [
    'query.invalid-value',
    '{"query":{"terms":{"kw":{"index":"conformance","id":" ","path":"kw"}}}}',
    '{"query":{"bool":{"must_not":[{"terms":{"kw":{"index":"conformance","id":"","path":"kw"}}}]}}}',
    'Validation Failed: 1: id is missing;',
  ],
  [
    'query.invalid-value',
    '{"query":{"terms":{"kw":{"index":"conformance","id":"1","path":""}}}}',
    '{"query":{"terms":{"kw":{"index":"","id":"1","path":"kw"}}}}',
    'no such index []',
  ],
  [
    'query.invalid-value',
    '{"query":{"terms":{"kw":{"index":"conf*","query":{"match_all":{}},"path":"kw"}}}}',
    '{"query":{"terms":{"kw":{"index":"conf*","id":"1","path":"kw"}}}}',
    'no such index [conf*]',
  ],
  [
    'query.invalid-value',
    '{"query":{"terms":{"kw":{"index":"conformance","id":" ","path":"kw"}}}}',
    '{"query":{"terms":{"kw":{"index":"conformance,other","id":"1","path":"kw"}}}}',
    'no such index [conformance,other]',
  ],
  [
    'query.invalid-value',
    '{"query":{"terms":{"kw":{"index":"conformance","id":"1","path":"kw"}}}}',
    '{"query":{"terms":{"kw":{"index":"_x","id":"1","path":"kw"}}}}',
    'no such index [_x]',
  ],
  [
    'query.invalid-value',
    '{"query":{"match":{"text":{"query":"quick","analyzer":"standard"}}}}',
    '{"query":{"match":{"nofield":{"query":"quick","analyzer":""}}}}',
    '[match] analyzer [] not found',
  ],
  [
    'query.invalid-value',
    '{"query":{"query_string":{"query":"quick","analyzer":"standard"}}}',
    '{"query":{"query_string":{"query":"quick","quote_analyzer":""}}}',
    '[query_string] quote_analyzer [] not found',
  ],
  [
    'query.invalid-value',
    '{"query":{"common":{"text":{"query":"quick","analyzer":"standard"}}}}',
    '{"query":{"common":{"text":{"query":"quick","analyzer":""}}}}',
    '[common] analyzer [] not found',
  ],
  [
    'search.sort-field',
    '{"size":0,"aggs":{"a":{"top_hits":{"sort":[{"":{"unmapped_type":"long"}},"_id"]}}}}',
    '{"size":0,"aggs":{"a":{"top_hits":{"sort":["kw",""]}}}}',
    'No mapping found for [] in order to sort on',
  ],
  [
    'search.sort-field',
    '{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"sort":["_seq_no"]}}}}',
    '{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"sort":{"_routing":"asc"}}}}}',
    'Fielddata is not supported on field [_routing] of type [_routing]',
  ],
  [
    'search.collapse-conflict',
    '{"collapse":{"field":"kw"}}',
    '{"collapse":{"field":"kw"},"rescore":{"query":{"rescore_query":{"match_all":{}}}}}',
    'cannot use `collapse` in conjunction with `rescore`',
  ],
  [
    'search.collapse-conflict',
    '{"collapse":{"field":"kw"},"sort":["kw"],"search_after":["a"]}',
    '{"collapse":{"field":"kw"},"sort":["num"],"search_after":[1]}',
    'collapse field and sort field must be the same',
  ],
  [
    'search.search-after-sort',
    '{"sort":["num","kw"],"search_after":[1,"a"]}',
    '{"sort":["num"],"search_after":[1,2]}',
    'search_after has 2 value(s) but sort has 1.',
  ],
  [
    'search.search-after-sort',
    '{"sort":["num"],"search_after":[1]}',
    '{"sort":["_score"],"search_after":[1]}',
    'Sort must contain at least one field.',
  ],
  [
    'search.shard-doc-without-pit',
    '{"sort":["_doc"]}',
    '{"sort":["_shard_doc"]}',
    '_shard_doc is only supported with point-in-time (PIT)',
  ],
  [
    'search.slice-invalid',
    '{"slice":{"id":1,"max":2}}',
    '{"slice":{"id":2,"max":2}}',
    'max must be greater than id',
    '?scroll=1m',
  ],
  [
    'search.slice-limit',
    '{"slice":{"id":0,"max":1024}}',
    '{"slice":{"id":0,"max":1025}}',
    'The number of slices [1025] is too large. It must be less than [1024].',
    '?scroll=1m',
  ],
  [
    'search.rescore-window',
    '{"rescore":{"window_size":10000,"query":{"rescore_query":{"match_all":{}}}}}',
    '{"rescore":{"window_size":10001,"query":{"rescore_query":{"match_all":{}}}}}',
    'Rescore window [10001] is too large.',
  ],
  [
    'search.rescore-window',
    '{"rescore":{"window_size":0,"query":{"rescore_query":{"match_all":{}}}}}',
    '{"rescore":{"window_size":-1,"query":{"rescore_query":{"match_all":{}}}}}',
    '"negative_array_size_exception: -1"',
  ],
  [
    'search.rescore-missing',
    '{"rescore":{"query":{"rescore_query":{"match_all":{}}}}}',
    '{"rescore":{"window_size":10}}',
    'missing rescore type',
  ],
  [
    'search.rescore-missing',
    '{"rescore":[{"query":{"rescore_query":{"match_all":{}}}}]}',
    '{"rescore":[{"query":{}}]}',
    'rescore_query cannot be null',
  ],
  [
    'search.collapse-no-field',
    '{"collapse":{"field":"kw"}}',
    '{"collapse":{"inner_hits":{"name":"a"}}}',
    'Cannot invoke "String.length()" because "str" is null',
  ],
  [
    'search.inner-hits-window',
    '{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"from":50,"size":50}}}}',
    '{"query":{"bool":{"filter":[{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"name":"n","from":95,"size":10}}}]}}}',
    "the inner hit definition's [n]'s from + size must be less than or equal to: [100] but was [105].",
  ],
  [
    'search.inner-hits-window',
    '{"query":{"has_child":{"type":"child","query":{"match_all":{}},"inner_hits":{}}}}',
    '{"post_filter":{"has_parent":{"parent_type":"parent","query":{"match_all":{}},"inner_hits":{"from":98}}}}',
    "the inner hit definition's [null]'s from + size must be less than or equal to: [100] but was [101].",
  ],
  [
    'pit.id',
    '{"pit":{"id":"c29tZSBpZA==","keep_alive":"1m"}}',
    '{"pit":{"keep_alive":"1m"}}',
    'point int time id is not provided',
  ],
  ['pit.id', '{"pit":{"id":"c29tZSBpZA"}}', '{"pit":{"id":"x"}}', 'invalid id: [x]'],
  ['pit.id', '{"pit":{"id":"a-b_cd"}}', '{"pit":{"id":"ab.cd"}}', 'invalid id: [ab.cd]'],
  ['pit.id', '{"pit":{"id":"abc="}}', '{"pit":{"id":"abcde"}}', 'invalid id: [abcde]'],
  [
    'pit.id',
    '{"pit":{"id":"abc="}}',
    '{"pit":{"id":12}}',
    "[1:14] [pit] id doesn't support values of type: VALUE_NUMBER",
  ],
  [
    'search.unknown-field',
    '{"pit":{"id":"c29tZSBpZA","keep_alive":"1m"}}',
    '{"pit":{"id":"c29tZSBpZA","keepalive":"1m"}}',
    '[1:27] [pit] unknown field [keepalive] did you mean [keep_alive]?',
  ],
  [
    'search.unknown-field',
    '{"sort":[{"num":{"order":"asc","missing":"_last","unmapped_type":"long"}}]}',
    '{"sort":[{"num":{"ordr":"asc"}}]}',
    '[1:18] [field_sort] unknown field [ordr] did you mean [order]?',
  ],
  [
    'search.unknown-field',
    '{"highlight":{"encoder":"html","fields":{"text":{"fragment_offset":1}}}}',
    '{"highlight":{"fieldz":{"text":{}}}}',
    '[1:15] [highlight] unknown field [fieldz] did you mean [fields]?',
  ],
  [
    'search.unknown-field',
    '{"highlight":{"fields":[{"text":{"matched_fields":["text"]}}]}}',
    '{"highlight":{"fields":[{"text":{"encoder":"html"}}]}}',
    '[1:34] [highlight_field] unknown field [encoder]',
  ],
  [
    'search.unknown-highlighter',
    '{"highlight":{"type":"fvh","fields":{"text":{"type":"unified"}}}}',
    '{"highlight":{"type":"plain","fields":{"kw":{},"text":{"type":"UNIFIED"}}}}',
    'unknown highlighter type [UNIFIED] for the field [text]',
  ],
  [
    'search.unknown-field',
    '{"suggest":{"text":"x","s":{"term":{"field":"text"}},"p":{"prefix":"q","completion":{"field":"c"}}}}',
    '{"suggest":{"s":{"text":"x","nope":{"field":"text"}}}}',
    '[1:36] unknown field [nope]',
  ],
  [
    'search.unknown-field',
    '{"suggest":{"s":{"regex":"q.*","completion":{"field":"c"}}}}',
    '{"suggest":{"s":{"text":"x","term":{"field":"text"},"bogus":"y"}}}',
    'suggestion does not support [bogus]',
  ],
  [
    'search.fields-limit',
    `{"docvalue_fields":${JSON.stringify(Array.from({ length: 100 }, (_, i) => `f${i}`))}}`,
    `{"docvalue_fields":${JSON.stringify(Array.from({ length: 101 }, (_, i) => `f${i}`))}}`,
    'Trying to retrieve too many docvalue_fields.',
  ],
  [
    'search.track-total-hits-negative',
    '{"track_total_hits":-1}',
    '{"track_total_hits":-5}',
    'totalHitsThreshold must be >= 0, got -5',
  ],
  [
    'search.stored-fields-source',
    '{"stored_fields":"_none_"}',
    '{"stored_fields":"_none_","_source":true}',
    '[stored_fields] cannot be disabled if [_source] is requested',
  ],
  [
    'query.type-parameter',
    '{"query":{"multi_match":{"query":"q","type":"phrase","slop":1}}}',
    '{"query":{"multi_match":{"query":"q","type":"bool_prefix","slop":1}}}',
    '[slop] not allowed for type [bool_prefix]',
  ],
  [
    'query.type-parameter',
    '{"query":{"multi_match":{"query":"q","fuzziness":1}}}',
    '{"query":{"multi_match":{"query":"q","type":"phrase","fuzziness":1}}}',
    'Fuzziness not allowed for type [phrase]',
  ],
  [
    'query.metadata-field',
    '{"query":{"exists":{"field":"_id"}}}',
    '{"query":{"exists":{"field":"_source"}}}',
    'The _source field is not searchable',
  ],
  [
    'query.regex-too-long',
    `{"query":{"regexp":{"kw":"${'a'.repeat(1000)}"}}}`,
    `{"query":{"regexp":{"kw":"${'a'.repeat(1001)}"}}}`,
    'The length of regex [1001] used in the Regexp Query request has exceeded the allowed maximum of [1000].',
  ],
  [
    'query.too-many-terms',
    `{"query":{"terms":{"num":[${Array.from({ length: 65536 }, (_, i) => i).join(',')}]}}}`,
    `{"query":{"terms":{"num":[${Array.from({ length: 65537 }, (_, i) => i).join(',')}]}}}`,
    'The number of terms [65537]',
  ],
  [
    'query.too-many-clauses',
    `{"query":{"bool":{"should":[${Array(1024).fill('{"match_all":{}}').join(',')}]}}}`,
    `{"query":{"bool":{"should":[${Array(1025).fill('{"match_all":{}}').join(',')}]}}}`,
    'maxClauseCount is set to 1024',
  ],
  [
    'aggs.wrong-type',
    '{"aggs":{"t":{"terms":{"field":"kw","size":3,"valueType":"string"}}}}',
    '{"aggs":{"t":{"terms":{"field":"kw","size":true}}}}',
    "[terms] size doesn't support values of type: VALUE_BOOLEAN",
  ],
  [
    'aggs.wrong-type',
    '{"aggs":{"t":{"terms":{"field":"kw","size":"3"}}}}',
    '{"aggs":{"t":{"terms":{"field":"kw","size":"abc"}}}}',
    '[terms] failed to parse field [size]',
  ],
  [
    'aggs.invalid-value',
    '{"aggs":{"t":{"terms":{"field":"kw","shard_size":1}}}}',
    '{"aggs":{"t":{"terms":{"field":"kw","shard_size":0}}}}',
    '[shardSize] must be greater than 0. Found [0] in [t]',
  ],
  [
    'aggs.invalid-value',
    '{"aggs":{"p":{"percentiles":{"field":"num","hdr":{"number_of_significant_value_digits":5}}}}}',
    '{"aggs":{"p":{"percentiles":{"field":"num","hdr":{"number_of_significant_value_digits":6}}}}}',
    '[percentiles] failed to parse field [hdr]: [numberOfSignificantValueDigits] must be between 0 and 5',
  ],
  [
    'aggs.inner-window',
    '{"aggs":{"t":{"top_hits":{"from":50,"size":50}}}}',
    '{"aggs":{"t":{"top_hits":{"from":50,"size":51}}}}',
    "the top hits aggregator [t]'s from + size must be less than or equal to: [100] but was [101]",
  ],
  [
    'aggs.too-many-buckets',
    '{"aggs":{"h":{"histogram":{"field":"num","interval":1,"extended_bounds":{"min":0,"max":65534}}}}}',
    '{"aggs":{"h":{"histogram":{"field":"num","interval":1,"extended_bounds":{"min":0,"max":65535}}}}}',
    'Trying to create too many buckets. Must be less than or equal to: [65535] but was [65536].',
  ],
  [
    'aggs.sub-aggregations',
    '{"aggs":{"a":{"terms":{"field":"kw"},"aggs":{"b":{"max":{"field":"num"}}}}}}',
    '{"aggs":{"a":{"avg":{"field":"num"},"aggs":{"b":{"max":{"field":"num"}}}}}}',
    'Aggregator [a] of type [avg] cannot accept sub-aggregations',
  ],
  [
    'aggs.placement',
    '{"aggs":{"n":{"nested":{"path":"items"},"aggs":{"r":{"reverse_nested":{}}}}}}',
    '{"aggs":{"t":{"terms":{"field":"kw"},"aggs":{"r":{"reverse_nested":{}}}}}}',
    'Reverse nested aggregation [r] can only be used inside a [nested] aggregation',
  ],
  [
    'aggs.placement',
    '{"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"day"},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s"}}}}}}',
    '{"aggs":{"t":{"terms":{"field":"kw"},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s"}}}}}}',
    'Validation Failed: 1: derivative aggregation [d] must have a histogram, date_histogram or auto_date_histogram as parent;',
  ],
  [
    'aggs.buckets-path',
    '{"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"day"},"aggs":{"st":{"stats":{"field":"num"}}}},"m":{"max_bucket":{"buckets_path":"h>st.max"}}}}',
    '{"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"day"},"aggs":{"st":{"stats":{"field":"num"}}}},"m":{"max_bucket":{"buckets_path":"h>st"}}}}',
    'but [st] contains multiple values. Please specify which to use.',
  ],
  [
    'aggs.buckets-path',
    '{"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"day"}},"m":{"max_bucket":{"buckets_path":"h>_count"}}}}',
    '{"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"day"}},"m":{"max_bucket":{"buckets_path":"nope>s"}}}}',
    'Validation Failed: 1: No aggregation found for path [nope>s];',
  ],
  [
    'query.functions-and-function',
    '{"query":{"function_score":{"functions":[{"weight":2}],"score_mode":"sum","query":{"match_all":{}}}}}',
    '{"query":{"function_score":{"functions":[{"weight":2}],"weight":3}}}',
    'already found [functions] array, now encountering [weight].]',
  ],
  [
    'query.interval-rules',
    '{"query":{"intervals":{"text":{"match":{"query":"quick"},"_name":"n"}}}}',
    '{"query":{"intervals":{"text":{"match":{"query":"quick"},"prefix":{"prefix":"qu"}}}}}',
    'Only one interval rule can be specified, found [match] and [prefix]',
  ],
];

void describe('rules across the request and default limits', () => {
  for (const [code, accepted, refused, words, query] of CASES) {
    void it(`${code}: ${words}`, () => {
      assert.deepEqual(errors(accepted, query ?? ''), []);
      const found = errors(refused, query ?? '');
      assert.ok(
        found.some((e) => e.startsWith(`${code}: `) && e.includes(words)),
        JSON.stringify(found),
      );
    });
  }

  void it('search.slice-context: a slice needs a scroll or a point in time', () => {
    assert.deepEqual(errors('{"slice":{"id":0,"max":2}}', '?scroll=1m'), []);
    assert.ok(
      errors('{"slice":{"id":0,"max":2}}').some((e) =>
        e.includes('`slice` cannot be used outside of a scroll context or PIT context'),
      ),
    );
  });

  void it('says when a limit is the default, not the cluster own', () => {
    const [message] = errors('{"slice":{"id":0,"max":1025}}', '?scroll=1m');
    assert.match(message!, /This is the default limit/);
    const withLimits = { ...makeTarget({ version: '3.8.0', source: 'cluster' }), limits: { maxSlicesPerScroll: 2000 } };
    assert.deepEqual(errors('{"slice":{"id":0,"max":1025}}', '?scroll=1m', withLimits), []);
  });

  void it('search.verbose-pipeline: verbose_pipeline where no search pipeline can run', () => {
    const all = (json: string, query = ''): string[] =>
      diagnose('search', `POST /_search${query}\n${json}\n`, makeTarget({ version: '3.8.0', source: 'setting' }))
        .filter((d) => d.severity === 1)
        .map((d) => `${String(d.code)}: ${d.message}`);
    const refused = "search.verbose-pipeline: The 'verbose pipeline' option requires a search pipeline to be defined.";
    assert.deepEqual(all('{"verbose_pipeline":true}'), [refused]);
    assert.deepEqual(all('{}', '?verbose_pipeline'), [refused]);
    assert.deepEqual(all('{"verbose_pipeline":true,"search_pipeline":{"request_processors":[]}}'), []);
    assert.deepEqual(all('{"verbose_pipeline":true}', '?search_pipeline=mine'), []);
    assert.deepEqual(all('{"verbose_pipeline":true}', '?verbose_pipeline=false'), []);
    assert.deepEqual(errors('{"verbose_pipeline":true,"search_pipeline":"_none"}'), [refused]);
    assert.deepEqual(errors('{}', '?verbose_pipeline=true&search_pipeline=_none'), [refused]);
  });

  void it('search.verbose-pipeline-default: an index may have a default search pipeline', () => {
    const found = diagnose(
      'search',
      'POST /logs/_search\n{"verbose_pipeline":true}\n',
      makeTarget({ version: '3.8.0', source: 'setting' }),
    );
    assert.deepEqual(
      found.map((d) => [d.code, d.severity]),
      [['search.verbose-pipeline-default', 2]],
    );
    assert.match(found[0]!.message, /index\.search\.default_pipeline/);
  });

  void it('knows the semantic highlighter of neural-search from 3.0, and of Elasticsearch', () => {
    const body = '{"highlight":{"fields":{"text":{"type":"semantic"}},"options":{"model_id":"m1"}}}';
    assert.deepEqual(errors(body), []);
    assert.deepEqual(errors(body, '', makeTarget({ version: '3.0.0', source: 'setting' })), []);
    const es = makeTarget({ distribution: 'elasticsearch', version: '8.18.0', source: 'setting' });
    assert.deepEqual(errors(body, '', es), []);
    const [before] = errors(body, '', V2);
    assert.match(
      before!,
      /^search.unknown-highlighter: unknown highlighter type \[semantic\] for the field \[text\].*the highlighters are unified, plain, fvh, annotated\)$/,
    );
  });

  void it('leaves an unknown highlighter alone when no hit is asked for', () => {
    assert.deepEqual(errors('{"size":0,"highlight":{"type":"fancy","fields":{"text":{}}}}'), []);
    assert.deepEqual(errors('{"highlight":{"type":"fancy","fields":{"text":{}}}}', '?size=0'), []);
    assert.ok(errors('{"highlight":{"type":"fancy","fields":{"text":{}}}}').length === 1);
  });

  void it('leaves what only a fetched hit reads alone when the query matches no document at all', () => {
    const fancy = '"highlight":{"type":"fancy","fields":{"text":{}}}';
    assert.deepEqual(errors(`{"query":{"match_none":{}},${fancy}}`), []);
    assert.deepEqual(errors(`{"query":{"bool":{"filter":[{"ids":{"values":[]}}]}},${fancy}}`), []);
    assert.deepEqual(errors(`{"post_filter":{"terms":{"kw":[]}},${fancy}}`), []);
    const collapse = '"collapse":{"field":"kw","inner_hits":[{"size":1},{"size":2}]}';
    assert.deepEqual(errors(`{"query":{"match_none":{}},${collapse}}`), []);
    assert.deepEqual(
      errors(`{"query":{"match_none":{}},"highlight":{"pre_tags":[],"post_tags":["b"],"fields":{"text":{}}}}`),
      [],
    );
    // The shards still read the highlight to build the search, and a query that may match leaves the fetch to run.
    assert.equal(errors(`{"query":{"match_none":{}},"highlight":{"pre_tags":["a"],"fields":{"text":{}}}}`).length, 1);
    assert.equal(errors(`{"query":{"bool":{"must_not":[{"match_none":{}}]}},${fancy}}`).length, 1);
    assert.equal(errors(`{"query":{"bool":{"should":[{"match_none":{}},{"term":{"kw":"a"}}]}},${fancy}}`).length, 1);
    assert.equal(errors(`{"query":{"match_all":{}},${collapse}}`).length, 1);
  });

  void it('leaves a negative rescore window alone when no hit is asked for', () => {
    const body = '{"size":0,"rescore":{"window_size":-1,"query":{"rescore_query":{"match_all":{}}}}}';
    assert.deepEqual(errors(body), []);
    assert.deepEqual(errors(body.replace('"size":0,', ''), '?size=0'), []);
  });

  void it('uses the cluster own inner result window', () => {
    const body = '{"query":{"nested":{"path":"items","query":{"match_all":{}},"inner_hits":{"size":101}}}}';
    assert.match(errors(body)[0]!, /This is the default limit/);
    const withLimits = {
      ...makeTarget({ version: '3.8.0', source: 'cluster' }),
      limits: { maxInnerResultWindow: 200 },
    };
    assert.deepEqual(errors(body, '', withLimits), []);
  });

  void it('words a number as _source as each version does', () => {
    assert.ok(
      errors('{"_source":1}', '', V2).includes(
        'search.wrong-type: Expected one of [VALUE_BOOLEAN, START_OBJECT] but found [VALUE_NUMBER]',
      ),
    );
    assert.ok(
      errors('{"_source":1}').includes(
        'search.wrong-type: Expected one of [VALUE_BOOLEAN, VALUE_STRING, START_ARRAY, START_OBJECT] but found [VALUE_NUMBER]',
      ),
    );
  });

  void it('words collapse with search_after and _shard_doc as each version does', () => {
    assert.ok(
      errors('{"collapse":{"field":"kw"},"sort":["kw"],"search_after":["a"]}', '', V2).some((e) =>
        e.includes('cannot use `collapse` in conjunction with `search_after`'),
      ),
    );
    assert.ok(errors('{"sort":["_shard_doc"]}', '', V2).some((e) => e.includes('No mapping found for [_shard_doc]')));
  });
});
