// What the connected cluster's mappings make fail on every shard: an aggregation parameter the field's type does not
// take, a sort or collapse on a name no searched index maps, a nested query on a path that is no nested field.
import assert from 'node:assert/strict';
import { ITEM_FAILURE_NOTE } from '../../../server/src/service/validate/msearchItems';
import { describe, it } from 'node:test';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { ClusterStateField, ClusterStateParams } from '../../../server/src/protocol/protocol';
import type { DiagnosticCode } from '../../../server/src/service/diagnosticCodes';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { makeTarget } from '../../../server/src/service/target';
import { diagnoseOnCluster, marked } from './harness';

const SHOP_FIELDS: readonly ClusterStateField[] = [
  { name: 'kw', type: 'keyword' },
  { name: 'num', type: 'long' },
  { name: 'ip', type: 'ip' },
  { name: 'loc', type: 'geo_point' },
  { name: 'flag', type: 'boolean' },
  { name: 'text', type: 'text' },
  { name: 'text.raw', type: 'keyword' },
  { name: 'items', type: 'nested' },
  { name: 'items.name', type: 'keyword' },
  { name: 'obj', type: 'object' },
  { name: 'obj.a', type: 'keyword' },
  { name: 'rel', type: 'join', relations: { question: ['answer', 'comment'], answer: ['vote'] } },
  { name: 'fo', type: 'flat_object' },
];

const STATE: ClusterStateParams = {
  clusterName: 'mapped',
  indices: [
    { name: 'shop', aliases: ['shops'], fields: SHOP_FIELDS },
    {
      name: 'shop-old',
      aliases: ['shops'],
      fields: [
        { name: 'kw', type: 'long' },
        { name: 'other', type: 'keyword' },
      ],
    },
    { name: 'unread', aliases: [], fields: [], fieldsUnknown: true },
    { name: '.sys', aliases: [], fields: [{ name: 'x', type: 'keyword' }] },
  ],
};

/** Diagnostics with the cluster state given, or with no cluster when `null`. */
function diagnose(language: LanguageId, text: string, state: ClusterStateParams | null = STATE): Diagnostic[] {
  return diagnoseOnCluster(language, text, state);
}

/**
 * The one diagnostic with this code, on the marked range, with this message: an Error, or in an `_msearch` a Warning
 * that says only that search fails (what the mapping makes fail fails on the shards).
 */
function expectOn(code: DiagnosticCode, markedText: string, message: string, language: LanguageId = 'search'): void {
  const { text, start, end } = marked(markedText);
  const found = diagnose(language, text).filter((d) => d.code === code);
  assert.deepEqual(
    found.map((d) => [d.severity, d.range, d.message]),
    [language === 'msearch' ? [2, { start, end }, message + ITEM_FAILURE_NOTE] : [1, { start, end }, message]],
  );
}

function codes(text: string, state: ClusterStateParams | null = STATE): string[] {
  return diagnose('search', text, state)
    .filter((d) => d.severity === 1)
    .map((d) => `${String(d.code)} ${d.message}`);
}

const agg = (index: string, body: string): string => `POST /${index}/_search\n{"size": 0, "aggs": {"a": ${body}}}\n`;

void describe('aggregation parameters the field type does not take (cluster.aggregation-field)', () => {
  void it('reports format on a keyword, ip, geo_point or boolean field, in the words of OpenSearch', () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"terms": {"field": "kw", "format": «"0.0"»}}'),
      'Field [kw] of type [keyword] does not support custom formats',
    );
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"missing": {"field": "flag", "format": «"0"»}}'),
      'Field [flag] of type [boolean] does not support custom formats',
    );
    assert.deepEqual(codes(agg('shop', '{"terms": {"field": "num", "format": "0.0"}}')), []);
  });

  void it("reads a date histogram's format as a date format on dates and unmapped fields, its parts trimmed", () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"date_histogram": {"field": "when", "calendar_interval": "day", "format": «" || "»}}'),
      'No date pattern provided',
    );
    expectOn(
      'cluster.aggregation-field',
      agg(
        'shop',
        '{"composite": {"sources": [{"d": {"date_histogram": {"field": "when", "calendar_interval": "day", "format": «" "»}}}]}}',
      ),
      'No date pattern provided',
    );
    // On numbers it is a number format; a part with blanks around it is read trimmed.
    assert.deepEqual(
      codes(agg('shop', '{"date_histogram": {"field": "num", "calendar_interval": "day", "format": " "}}')),
      [],
    );
    assert.deepEqual(
      codes(
        agg('shop', '{"date_histogram": {"field": "when", "calendar_interval": "day", "format": " epoch_millis"}}'),
      ),
      [],
    );
  });

  void it('reports a numeric value_type on a keyword, ip or geo_point field, and no other', () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"geo_centroid": {"field": "loc", "value_type": «"long"»}}'),
      'Expected numeric type on field [loc], but got [geo_point]',
    );
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"rare_terms": {"field": "ip", "value_type": «"date"»}}'),
      'Expected numeric type on field [ip], but got [ip]',
    );
    assert.deepEqual(codes(agg('shop', '{"terms": {"field": "kw", "value_type": "string"}}')), []);
    assert.deepEqual(codes(agg('shop', '{"terms": {"field": "num", "value_type": "long"}}')), []);
  });

  void it('reports the format only when both are given, as OpenSearch does', () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"terms": {"field": "kw", "value_type": "long", "format": «"0"»}}'),
      'Field [kw] of type [keyword] does not support custom formats',
    );
  });

  void it('reports missing on a keyword field of significant_terms and diversified_sampler, not of terms', () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"significant_terms": {"field": "kw", "missing": «"x"»}}'),
      "[significant_terms] cannot take [missing] on the keyword field [kw]: all shards failed (a class_cast_exception in OpenSearch's MissingValues)",
    );
    assert.deepEqual(codes(agg('shop', '{"terms": {"field": "kw", "missing": "x"}}')), []);
    assert.deepEqual(codes(agg('shop', '{"significant_terms": {"field": "num", "missing": 0}}')), []);
  });

  void it("reads missing on a date field with the aggregation's own format, a number as its digits", () => {
    const dated: ClusterStateParams = {
      clusterName: 'dated',
      indices: [{ name: 'logs', aliases: [], fields: [{ name: 'when', type: 'date' }] }],
    };
    const on = (body: string): string[] => codes(agg('logs', body), dated);
    const histogram = (format: string, missing: string): string =>
      `{"date_histogram": {"field": "when", "calendar_interval": "1M", "format": "${format}", "missing": ${missing}}}`;
    // Not by the default format: these run (cases `cross/lists/more/*-missing-formatted-good`, `...-year`).
    assert.deepEqual(on(histogram('dd/MM/yyyy', '"01/02/2024"')), []);
    assert.deepEqual(on(histogram('yyyy', '2024')), []);
    assert.deepEqual(on('{"max": {"field": "when", "format": "dd/MM/yyyy", "missing": "01/02/2024"}}'), []);
    // Refused by the aggregation's format, a number too.
    assert.deepEqual(on(histogram('dd/MM/yyyy', '"2024-01-02"')).length, 1);
    assert.match(on(histogram('yyyy-MM-dd', '-1'))[0]!, /failed to parse date field \[-1\] with format \[yyyy-MM-dd\]/);
    // Without a format, the field's: the default reads epoch milliseconds, not that text.
    assert.deepEqual(on('{"max": {"field": "when", "missing": -1}}'), []);
    assert.equal(on('{"max": {"field": "when", "missing": "01/02/2024"}}').length, 1);
  });

  void it("reads the range aggregations' bounds on a field no index maps: numbers for range, dates for date_range", () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"range": {"field": "nothing", "ranges": [{"from": «"10s"»}]}}'),
      'For input string: "10s"',
    );
    assert.equal(codes(agg('shop', '{"date_range": {"field": "nothing", "ranges": [{"from": "10s"}]}}')).length, 1);
    assert.equal(
      codes(agg('shop', '{"date_range": {"field": "nothing", "format": "yyyy-MM-dd", "ranges": [{"to": "x"}]}}'))
        .length,
      1,
    );
    // An object among a terms list is read as the text `{`; a boolean field's terms are a set, not judged past it.
    const terms = (field: string, values: string): string =>
      `POST /shop/_search\n{"query": {"terms": {"${field}": ${values}}}}\n`;
    assert.deepEqual(codes(terms('num', '[1, {}]')), [
      'cluster.field-value failed to create query: For input string: "{"',
    ]);
    assert.deepEqual(codes(terms('ip', '[{"a": 1}]')), [
      "cluster.field-value failed to create query: '{' is not an IP string literal.",
    ]);
    assert.deepEqual(codes(terms('kw', '[{}, "a"]')), []);
    assert.deepEqual(codes(terms('flag', '[{}, "x"]')), []);
    // missing on a geo_point field is read as a point: lat,lon or a geohash.
    const centroid = (missing: string): string[] =>
      codes(agg('shop', `{"geo_centroid": {"field": "loc", "missing": ${missing}}}`));
    assert.deepEqual(centroid('-1'), ['cluster.aggregation-field unsupported symbol [-] in geohash [-1]']);
    assert.deepEqual(centroid('"x,y"'), ['cluster.aggregation-field latitude must be a number']);
    for (const good of ['"1, 2"', '5', 'true', '"u09"', '"POINT (1 2)"', '"1,2,3"'])
      assert.deepEqual(centroid(good), [], good);
    // terms_set looks its field up only where it has terms.
    const termsSet = (options: string): string =>
      `POST /shop/_search\n{"query": {"terms_set": {"kw": {${options}"minimum_should_match_field": "nothing"}}}}\n`;
    assert.equal(codes(termsSet('"terms": ["a"], ')).length, 1);
    assert.deepEqual(codes(termsSet('')), []);
    assert.deepEqual(codes(termsSet('"terms": [], ')), []);
    for (const body of [
      '{"range": {"field": "nothing", "ranges": [{"to": "10"}]}}',
      '{"range": {"field": "nothing", "format": "0.0", "ranges": [{"from": "10s"}]}}',
      '{"range": {"field": "nothing", "script": "1", "ranges": [{"from": "x"}]}}',
      '{"date_range": {"field": "nothing", "ranges": [{"from": "now-1d"}]}}',
      '{"date_range": {"field": "nothing", "format": "yyyy-MM-dd", "ranges": [{"to": "2024-01-01"}]}}',
    ]) {
      assert.deepEqual(codes(agg('shop', body)), [], body);
    }
  });

  void it('reads sub-aggregations and _msearch headers', () => {
    expectOn(
      'cluster.aggregation-field',
      agg('shop', '{"terms": {"field": "num"}, "aggs": {"b": {"missing": {"field": "ip", "format": «"0"»}}}}'),
      'Field [ip] of type [ip] does not support custom formats',
    );
    expectOn(
      'cluster.aggregation-field',
      '{"index": "shop"}\n{"aggs": {"a": {"terms": {"field": "kw", "format": «"0"»}}}}\n',
      'Field [kw] of type [keyword] does not support custom formats',
      'msearch',
    );
  });

  void it('says nothing without a cluster, when the types differ between indexes, or when a mapping was not read', () => {
    assert.deepEqual(codes(agg('shop', '{"terms": {"field": "kw", "format": "0"}}'), null), []);
    // keyword in one index, long in the other: the shards of the second one answer.
    assert.deepEqual(codes(agg('shops', '{"terms": {"field": "kw", "format": "0"}}')), []);
    assert.deepEqual(codes(agg('shop,unread', '{"terms": {"field": "kw", "format": "0"}}')), []);
    assert.deepEqual(codes(agg('remote:shop', '{"terms": {"field": "kw", "format": "0"}}')), []);
    assert.deepEqual(codes(agg('nothing-*', '{"terms": {"field": "kw", "format": "0"}}')), []);
  });
});

void describe('sort on a name no searched index maps (cluster.sort-unmapped)', () => {
  void it('reports a name, a lone scalar as written, and an object or nested field', () => {
    expectOn(
      'cluster.sort-unmapped',
      'POST /shop/_search\n{"sort": «"x"»}\n',
      'No mapping found for [x] in order to sort on',
    );
    expectOn(
      'cluster.sort-unmapped',
      'POST /shop/_search\n{"sort": «1.50»}\n',
      'No mapping found for [1.50] in order to sort on',
    );
    expectOn(
      'cluster.sort-unmapped',
      'POST /shop/_search\n{"sort": [{"num": "asc"}, {«"items"»: {"order": "desc"}}]}\n',
      'No mapping found for [items] in order to sort on',
    );
    expectOn(
      'cluster.sort-unmapped',
      'POST /shop*/_search\n{"sort": ["num", «"obj"»]}\n',
      'No mapping found for [obj] in order to sort on',
    );
  });

  void it('leaves unmapped_type, special sorts, implicit fields and derived fields alone', () => {
    const ok = [
      '{"sort": [{"x": {"order": "asc", "unmapped_type": "long"}}]}',
      '{"sort": ["_score", {"_doc": "asc"}, {"_geo_distance": {"loc": [0, 0]}}]}',
      '{"sort": ["rel#parent", "fo.key", "text.raw", "obj.a", "items.name"]}',
      '{"derived": {"d": {"type": "long", "script": "emit(1)"}}, "sort": ["d"]}',
    ];
    for (const body of ok) assert.deepEqual(codes(`POST /shop/_search\n${body}\n`), [], body);
  });

  void it('says nothing when only some of the indexes lack the field (their shards fail, the search answers)', () => {
    assert.deepEqual(codes('POST /shops/_search\n{"sort": ["other"]}\n'), []);
    expectOn(
      'cluster.sort-unmapped',
      'POST /shops/_search\n{"sort": [«"nowhere"»]}\n',
      'No mapping found for [nowhere] in order to sort on',
    );
  });

  void it('counts the dot-prefixed indexes a wildcard may reach, and the indexes whose fields are unknown', () => {
    // `*` may reach .sys, which maps x.
    assert.deepEqual(
      codes('POST /*/_search\n{"sort": ["x"]}\n', {
        ...STATE,
        indices: STATE.indices!.slice(0, 2).concat(STATE.indices!.slice(3)),
      }),
      [],
    );
    // shop* may reach the data stream shop-stream, whose backing index maps x.
    const stream: ClusterStateParams = {
      ...STATE,
      indices: [
        STATE.indices![0]!,
        { name: '.ds-shop-stream-000001', aliases: [], fields: [{ name: 'x', type: 'long' }] },
      ],
    };
    assert.deepEqual(codes('POST /shop*/_search\n{"sort": ["x"]}\n', stream), []);
    // A name that is no index or alias here (a data stream, say) reaches what is not known.
    assert.deepEqual(codes('POST /shop,shop-stream/_search\n{"sort": ["nowhere"]}\n', stream), []);
    // No index named: `unread` is reached, and its fields are not known.
    assert.deepEqual(codes('POST /_search\n{"sort": ["nowhere"]}\n'), []);
  });

  void it('replaces the information that the field is unknown', () => {
    const found = diagnose('search', 'POST /shop/_search\n{"sort": ["nowhere"]}\n').map((d) => d.code);
    assert.deepEqual(found, ['cluster.sort-unmapped']);
  });

  void it("reports _size only on nodes known to run OpenSearch's own modules alone (a plugin maps it)", () => {
    const sort = 'POST /shop/_search\n{"sort": ["_size"]}\n';
    const modules = ['org.opensearch.painless.PainlessModulePlugin'];
    assert.deepEqual(codes(sort, { ...STATE, plugins: modules }), [
      'cluster.sort-unmapped No mapping found for [_size] in order to sort on',
    ]);
    assert.deepEqual(codes(sort), []);
    assert.deepEqual(
      codes(sort, { ...STATE, plugins: [...modules, 'org.opensearch.plugin.mapper.MapperSizePlugin'] }),
      [],
    );
  });
});

void describe("a sort's missing value the field's type cannot read (cluster.sort-missing)", () => {
  const sort = (field: string, missing: string): string =>
    `POST /shop/_search\n{"sort": [{"${field}": {"order": "desc", "missing": ${missing}}}]}\n`;
  void it('reads a text as a long on long and boolean fields, in the words of Java', () => {
    expectOn(
      'cluster.sort-missing',
      'POST /shop/_search\n{"sort": [{"num": {"missing": «"now-1d"»}}]}\n',
      'For input string: "now-1d"',
    );
    assert.deepEqual(codes(sort('flag', 'true')), ['cluster.sort-missing For input string: "true"']);
    assert.deepEqual(codes(sort('num', '" 5"')), ['cluster.sort-missing For input string: " 5"']);
  });
  void it('takes places, numbers, digits, and any text on keyword and ip fields', () => {
    for (const [field, missing] of [
      ['num', '"_last"'],
      ['num', '"_first"'],
      ['num', '1.5'],
      ['num', '"+5"'],
      ['kw', '"x"'],
      ['ip', '"x"'],
      ['nowhere', '"x"'],
    ] as const) {
      assert.deepEqual(
        codes(sort(field, missing)),
        field === 'nowhere' ? ['cluster.sort-unmapped No mapping found for [nowhere] in order to sort on'] : [],
        `${field} ${missing}`,
      );
    }
    // Indexes that disagree: the one where it reads runs.
    assert.deepEqual(codes('POST /shops/_search\n{"sort": [{"kw": {"missing": "x"}}]}\n'), []);
  });
});

void describe('geo_distance and geo_bounding_box on a field that is no geo field (cluster.geo-field)', () => {
  const distance = (field: string): string =>
    `POST /shop/_search\n{"query": {"geo_distance": {"distance": "10km", «"${field}"»: {"lat": 40, "lon": -70}}}}\n`;
  void it('names the field type by its Java class, its identity hash written @…, as each shard does', () => {
    expectOn(
      'cluster.geo-field',
      distance('kw'),
      'type [org.opensearch.index.mapper.KeywordFieldMapper$KeywordFieldType@…] for field [kw] is not supported for [geo_distance] queries. Must be one of [geo_point] or [geo_shape] (every shard fails so: a [keyword] field is no geo field; the server names its type by its Java object)',
    );
    expectOn(
      'cluster.geo-field',
      distance('num'),
      'type [org.opensearch.index.mapper.NumberFieldMapper$NumberFieldType@…] for field [num] is not supported for [geo_distance] queries. Must be one of [geo_point] or [geo_shape] (every shard fails so: a [long] field is no geo field; the server names its type by its Java object)',
    );
  });
  void it('says what it knows of a type whose class it does not know', () => {
    expectOn(
      'cluster.geo-field',
      distance('fo'),
      'the [flat_object] field [fo] is not supported for [geo_distance] queries: every shard fails with "type [...] for field [fo] is not supported for [geo_distance] queries. Must be one of [geo_point] or [geo_shape]"',
    );
  });
});

void describe('collapse on a field the mappings do not allow (cluster.collapse-field)', () => {
  void it('reports an unmapped field and a type that is no keyword or number', () => {
    expectOn(
      'cluster.collapse-field',
      'POST /shop/_search\n{"collapse": {"field": «"text"»}}\n',
      'unknown type for collapse field `text`, only keywords and numbers are accepted',
    );
    expectOn(
      'cluster.collapse-field',
      'POST /shop/_search\n{"collapse": {"field": «"items"»}}\n',
      'no mapping found for `items` in order to collapse on',
    );
    for (const field of ['kw', 'num', 'text.raw', 'items.name']) {
      assert.deepEqual(codes(`POST /shop/_search\n{"collapse": {"field": "${field}"}}\n`), [], field);
    }
  });
});

void describe('nested query on a path that is no nested field (cluster.nested-path)', () => {
  void it('reports an unmapped path, the last of an array, and an object field', () => {
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"query": {"bool": {"filter": [{"nested": {"path": ["items", «"x"»], "query": {"match_all": {}}}}]}}}\n',
      '[nested] failed to find nested object under path [x]',
    );
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"query": {"nested": {"path": «"obj"», "query": {"match_all": {}}}}}\n',
      '[nested] nested object under path [obj] is not of nested type',
    );
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"size": 0, "aggs": {"f": {"filter": {"nested": {"path": «"kw"», "query": {"match_all": {}}}}}}}\n',
      '[nested] failed to find nested object under path [kw]',
    );
    // The loop passes over lists inside the list too (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1: cases
    // `cross/lists/shard/nested-path-list-*`).
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"query": {"nested": {"path": [["items"], [«"nope"»]], "query": {"match_all": {}}}}}\n',
      '[nested] failed to find nested object under path [nope]',
    );
    assert.deepEqual(
      codes('POST /shop/_search\n{"query": {"nested": {"path": [["items"]], "query": {"match_all": {}}}}}\n'),
      [],
    );
  });

  void it('reads a number as written, and looks an empty path up too', () => {
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"query": {"nested": {"path": «1.50», "query": {"match_all": {}}}}}\n',
      '[nested] failed to find nested object under path [1.50]',
    );
    expectOn(
      'cluster.nested-path',
      'POST /shop/_search\n{"query": {"nested": {"path": «""», "query": {"match_all": {}}}}}\n',
      '[nested] failed to find nested object under path []',
    );
  });

  void it('leaves a nested path and ignore_unmapped alone', () => {
    assert.deepEqual(
      codes('POST /shop/_search\n{"query": {"nested": {"path": ["items"], "query": {"match_all": {}}}}}\n'),
      [],
    );
    assert.deepEqual(
      codes(
        'POST /shop/_search\n{"query": {"nested": {"path": "x", "ignore_unmapped": true, "query": {"match_all": {}}}}}\n',
      ),
      [],
    );
  });
});

void describe('joining queries on a relation the join field does not hold (cluster.join-relation)', () => {
  const query = (clause: string): string => `POST /shop/_search\n{"query": {"bool": {"must": [${clause}]}}}\n`;

  void it('reports a child or parent name the relations do not hold in that role, the last of an array', () => {
    expectOn(
      'cluster.join-relation',
      query('{"has_child": {"type": ["answer", «"question"»], "query": {"match_all": {}}}}'),
      "[has_child] join field [rel] doesn't hold [question] as a child",
    );
    expectOn(
      'cluster.join-relation',
      query('{"has_parent": {"parent_type": «"vote"», "query": {"match_all": {}}}}'),
      "[has_parent] join field [rel] doesn't hold [vote] as a parent",
    );
    expectOn(
      'cluster.join-relation',
      'POST /shop-old/_search\n{"query": {"has_child": {"type": «"answer"», "query": {"match_all": {}}}}}\n',
      '[has_child] no join field has been configured',
    );
  });

  void it('leaves held names, ignore_unmapped and a join field whose relations are not known alone', () => {
    for (const clause of [
      '{"has_child": {"type": "vote", "query": {"match_all": {}}}}',
      '{"has_child": {"type": ["question", "comment"], "query": {"match_all": {}}}}',
      '{"has_parent": {"parent_type": "answer", "query": {"match_all": {}}}}',
      '{"has_parent": {"parent_type": "x", "ignore_unmapped": true, "query": {"match_all": {}}}}',
    ]) {
      assert.deepEqual(codes(query(clause)), [], clause);
    }
    const unknown: ClusterStateParams = {
      clusterName: 'mapped',
      indices: [{ name: 'shop', aliases: [], fields: [{ name: 'rel', type: 'join' }] }],
    };
    assert.deepEqual(codes(query('{"has_child": {"type": "x", "query": {"match_all": {}}}}'), unknown), []);
  });
});

void describe('more_like_this on a text without fields (cluster.more-like-this-fields)', () => {
  const mlt = (params: string): string => `POST /shop/_search\n{"query": {«"more_like_this"»: ${params}}}\n`;
  const withDefaults = (fields: Record<string, string[]>): ClusterStateParams => ({ ...STATE, defaultFields: fields });
  const MESSAGE =
    '[more_like_this] query cannot infer the field to analyze the free text, you should update the [index.query.default_field] index setting to a field that exists in the mapping or set the [fields] option in the query.';

  void it('reports a text in like or unlike where the default field of every searched index is *', () => {
    const state = withDefaults({ shop: ['*'] });
    for (const params of ['{"like": "quick brown"}', '{"like": [{"_id": "1"}], "unlike": ["lazy"]}']) {
      const { text, start, end } = marked(mlt(params));
      assert.deepEqual(
        diagnose('search', text, state)
          .filter((d) => d.code === 'cluster.more-like-this-fields')
          .map((d) => [d.severity, d.range, d.message]),
        [[1, { start, end }, MESSAGE]],
        params,
      );
    }
  });

  void it('leaves fields, documents only, another default field and unread settings alone', () => {
    const unmark = (t: string): string => t.replace('«', '').replace('»', '');
    const star = withDefaults({ shop: ['*'] });
    assert.deepEqual(codes(unmark(mlt('{"like": "quick", "fields": ["text"]}')), star), []);
    assert.deepEqual(codes(unmark(mlt('{"like": [{"_id": "1"}, {"doc": {"text": "x"}}]}')), star), []);
    assert.deepEqual(codes(unmark(mlt('{"like": "quick"}')), withDefaults({ shop: ['text'] })), []);
    assert.deepEqual(codes(unmark(mlt('{"like": "quick"}'))), []);
  });
});

void describe('geo_polygon on a field that is no geo_point field (cluster.geo-field)', () => {
  const POINTS = '{"points": [{"lat": 0, "lon": 0}, {"lat": 10, "lon": 0}, {"lat": 10, "lon": 10}]}';
  const polygon = (index: string, members: string): string =>
    `POST /${index}/_search\n{"query": {"geo_polygon": {${members}}}}\n`;
  const warnings = (text: string, state: ClusterStateParams | null = STATE): string[] =>
    diagnose('search', text, state)
      .filter((d) => d.code === 'query.geo-second-field')
      .map((d) => d.message);

  void it('reports the object that replaces the field when no searched index maps it as a geo_point', () => {
    expectOn(
      'cluster.geo-field',
      polygon('shop', `"loc": ${POINTS}, «"boost"»: {}`),
      'failed to find geo_point field [boost]',
    );
    expectOn(
      'cluster.geo-field',
      polygon('shop', `"loc": ${POINTS}, «"kw"»: {}`),
      'field [kw] is not a geo_point field',
    );
    expectOn(
      'cluster.geo-field',
      polygon('shop', `"loc": ${POINTS}, «"items"»: {}`),
      'failed to find geo_point field [items]',
    );
    // ignore_unmapped spares an unmapped field, not a field of another type.
    expectOn(
      'cluster.geo-field',
      polygon('shop', `"ignore_unmapped": true, "loc": ${POINTS}, «"kw"»: {}`),
      'field [kw] is not a geo_point field',
    );
    // The mapping decides: the Warning that says it may fail is not given too.
    assert.deepEqual(warnings(polygon('shop', `"loc": ${POINTS}, "boost": {}`)), []);
  });

  void it('reports a lone field that is no geo_point field', () => {
    expectOn('cluster.geo-field', polygon('shop', `«"nope"»: ${POINTS}`), 'failed to find geo_point field [nope]');
  });

  void it('is silent on a geo_point field, with ignore_unmapped, and where an index has the field', () => {
    assert.deepEqual(codes(polygon('shop', `"nope": ${POINTS}, "loc": {}`)), []);
    assert.deepEqual(warnings(polygon('shop', `"nope": ${POINTS}, "loc": {}`)), []);
    assert.deepEqual(codes(polygon('shop', `"loc": ${POINTS}, "other": {}, "ignore_unmapped": "true"`)), []);
    // shop-old does not map loc, shop does: not every shard fails, and the Warning stays.
    assert.deepEqual(codes(polygon('shops', `"loc": ${POINTS}`)), []);
    assert.deepEqual(codes(polygon('shops', `"nope": ${POINTS}, "loc": {}`)), []);
    assert.equal(warnings(polygon('shops', `"nope": ${POINTS}, "loc": {}`)).length, 1);
    // Fields defined by the search itself are not in the mapping.
    assert.deepEqual(
      codes(
        `POST /shop/_search\n{"derived": {"rt": {"type": "geo_point", "script": "emit(0, 0)"}}, "query": {"geo_polygon": {"rt": ${POINTS}}}}\n`,
      ),
      [],
    );
  });

  void it('keeps the Warning when the mappings are not all known, or without a cluster', () => {
    const text = polygon('unread', `"loc": ${POINTS}, "boost": {}`);
    assert.deepEqual(codes(text), []);
    assert.equal(warnings(text).length, 1);
    const shop = polygon('shop', `"loc": ${POINTS}, "boost": {}`);
    assert.deepEqual(codes(shop, null), []);
    assert.equal(warnings(shop, null).length, 1);
  });
});

void describe('a bool tree with more clauses in all than the limit (cluster.too-many-clauses)', () => {
  const terms = (field: string, count: number, from = 0): string =>
    Array.from(
      { length: count },
      (_, i) => `{"term": {"${field}": ${field === 'kw' ? `"k${i + from}"` : i + from}}}`,
    ).join(',');
  const search = (query: string, index = 'shop'): string => `POST /${index}/_search\n{"query": ${query}}\n`;
  const errorsFor = (text: string, version: string, state: ClusterStateParams | null = STATE): string[] => {
    const store = new DocumentStore();
    if (state !== null) store.updateCluster(state);
    store.setTarget(makeTarget({ distribution: 'opensearch', version, source: 'cluster' }));
    store.open('file:///clauses.search', 'search', 1, text);
    return store
      .diagnostics('file:///clauses.search')
      .filter((d) => d.severity === 1)
      .map((d) => `${String(d.code)} ${d.message.replace(/ \(This is the default limit.*$/, '')}`);
  };
  const two = (occur: string, field: string, a: number, b: number): string =>
    search(
      `{"bool": {"${occur}": [{"bool": {"should": [${terms(field, a)}]}}, {"bool": {"should": [${terms(field, b, a)}]}}]}}`,
    );

  void it('refuses nested disjunctions of keyword terms inlined past the limit, on 3.x and 2.x', () => {
    for (const version of ['3.8.0', '2.19.1']) {
      assert.deepEqual(errorsFor(two('should', 'kw', 600, 600), version), [
        'cluster.too-many-clauses too_many_clauses: maxClauseCount is set to 1024',
      ]);
      assert.deepEqual(errorsFor(two('filter', 'kw', 513, 513), version), [
        'cluster.too-many-clauses too_many_nested_clauses: Query contains too many nested clauses; maxClauseCount is set to 1024',
      ]);
    }
  });

  void it('accepts one past the limit in all, equal terms, and numeric terms on 3.x', () => {
    assert.deepEqual(errorsFor(two('must', 'kw', 512, 513), '2.19.1'), []);
    assert.deepEqual(
      errorsFor(
        search(
          `{"bool": {"should": [{"bool": {"should": [${terms('kw', 600)}]}}, {"bool": {"should": [${terms('kw', 600)}]}}]}}`,
        ),
        '2.19.1',
      ),
      [],
    );
    // From 3.0 on, a bool of numeric terms may be rewritten into fewer clauses (real 3.8.0 accepts these).
    assert.deepEqual(errorsFor(two('should', 'num', 600, 600), '3.8.0'), []);
    assert.deepEqual(errorsFor(two('should', 'num', 600, 600), '2.19.1'), [
      'cluster.too-many-clauses too_many_clauses: maxClauseCount is set to 1024',
    ]);
  });

  void it('counts a numeric term twice before 3.0, when the field has an index and doc values', () => {
    const one = (field: string, count: number): string => search(`{"bool": {"should": [${terms(field, count)}]}}`);
    assert.deepEqual(errorsFor(one('num', 513), '2.19.1'), [
      'cluster.too-many-clauses too_many_nested_clauses: Query contains too many nested clauses; maxClauseCount is set to 1024',
    ]);
    assert.deepEqual(errorsFor(one('num', 512), '2.19.1'), []);
    assert.deepEqual(errorsFor(one('num', 1024), '3.8.0'), []);
    assert.deepEqual(errorsFor(one('kw', 1024), '2.19.1'), []);
    // Without doc values (or without an index) the term is one clause.
    const state: ClusterStateParams = {
      clusterName: 'mapped',
      indices: [
        {
          name: 'shop',
          aliases: [],
          fields: [
            { name: 'num', type: 'long', docValues: false },
            { name: 'kw', type: 'keyword' },
          ],
        },
      ],
    };
    assert.deepEqual(errorsFor(one('num', 1000), '2.19.1', state), []);
    // A normalizer may make two values one term.
    const normalized: ClusterStateParams = {
      clusterName: 'mapped',
      indices: [{ name: 'shop', aliases: [], fields: [{ name: 'kw', type: 'keyword', normalized: true }] }],
    };
    assert.deepEqual(errorsFor(two('should', 'kw', 600, 600), '2.19.1', normalized), []);
    assert.deepEqual(errorsFor(one('num', 1000), '2.19.1'), [
      'cluster.too-many-clauses too_many_nested_clauses: Query contains too many nested clauses; maxClauseCount is set to 1024',
    ]);
  });

  void it('says nothing without the mapping, or with other clauses in the tree', () => {
    assert.deepEqual(errorsFor(two('should', 'kw', 600, 600), '2.19.1', null), []);
    assert.deepEqual(errorsFor(two('should', 'kw', 600, 600).replace('/shop/', '/unread/'), '2.19.1'), []);
    // shop-old maps kw as a long: the term is not known to be one clause there on 3.x.
    assert.deepEqual(errorsFor(two('should', 'kw', 600, 600).replace('/shop/', '/shops/'), '3.8.0'), []);
    const withMatch = search(
      `{"bool": {"must": [{"match": {"text": "x"}}, {"bool": {"should": [${terms('kw', 600)}]}}, {"bool": {"should": [${terms('kw', 600, 600)}]}}]}}`,
    );
    assert.deepEqual(errorsFor(withMatch, '2.19.1'), []);
  });
});

void describe('geo_polygon on a name that starts with an underscore', () => {
  const POINTS = '{"points": [{"lat": 0, "lon": 0}, {"lat": 10, "lon": 0}, {"lat": 10, "lon": 10}]}';
  void it('reads an option given an object as the field, and a metadata field as no geo_point field', () => {
    expectOn(
      'cluster.geo-field',
      `POST /shop/_search\n{"query": {"geo_polygon": {"loc": ${POINTS}, «"_name"»: {}}}}\n`,
      'failed to find geo_point field [_name]',
    );
    expectOn(
      'cluster.geo-field',
      `POST /shop/_search\n{"query": {"geo_polygon": {"loc": ${POINTS}, «"_id"»: {}}}}\n`,
      'field [_id] is not a geo_point field',
    );
    // _size is there only with the mapper-size plugin.
    assert.deepEqual(codes(`POST /shop/_search\n{"query": {"geo_polygon": {"loc": ${POINTS}, "_size": {}}}}\n`), []);
  });
});

void describe('an analyzer no searched index has (cluster.analyzer-not-found)', () => {
  const MODULES = [
    'org.opensearch.analysis.common.CommonAnalysisModulePlugin',
    'org.opensearch.join.ParentJoinModulePlugin',
  ];
  const state = (
    plugins: readonly string[] | null,
    analyzers: Record<string, readonly string[]>,
  ): ClusterStateParams => ({
    ...STATE,
    analyzers,
    plugins,
  });
  const KNOWN = state(MODULES, { shop: ['my_analyzer'], 'shop-old': [] });
  const errorsIn = (query: string, at = 'shop', known: ClusterStateParams | null = KNOWN): string[] =>
    codes(`POST /${at}/_search\n{"query": ${query}}\n`, known);

  void it('refuses a name neither built in nor defined, in the words of each query', () => {
    expectOnState(
      KNOWN,
      'POST /shop/_search\n{"query": {"match": {"text": {"query": "q", "analyzer": «"nope"»}}}}\n',
      '[match] analyzer [nope] not found',
    );
    expectOnState(
      KNOWN,
      'POST /shop/_search\n{"query": {"common": {"text": {"query": "q", "analyzer": ["standard", «"nope"»]}}}}\n',
      '[common] analyzer [nope] not found',
    );
    assert.deepEqual(errorsIn('{"multi_match": {"query": "q", "fields": ["text"], "analyzer": "nope"}}'), [
      'cluster.analyzer-not-found [multi_match] analyzer [nope] not found',
    ]);
    assert.deepEqual(errorsIn('{"query_string": {"query": "q", "analyzer": "standard", "quote_analyzer": "nope"}}'), [
      'cluster.analyzer-not-found [query_string] quote_analyzer [nope] not found',
    ]);
    assert.deepEqual(errorsIn('{"bool": {"filter": [{"simple_query_string": {"query": "q", "analyzer": "nope"}}]}}'), [
      'cluster.analyzer-not-found [simple_query_string] analyzer [nope] not found',
    ]);
    // An empty name, which no index can define, is said by the checks of the request alone, once.
    assert.deepEqual(errorsIn('{"match": {"text": {"query": "q", "analyzer": ""}}}'), [
      'query.invalid-value [match] analyzer [] not found',
    ]);
    assert.deepEqual(errorsIn('{"query_string": {"query": "q", "quote_analyzer": ""}}'), [
      'query.invalid-value [query_string] quote_analyzer [] not found',
    ]);
  });

  void it("accepts built-in and defined names, the last of common's array, and queries that do not look names up", () => {
    assert.deepEqual(errorsIn('{"match": {"text": {"query": "q", "analyzer": "english"}}}'), []);
    assert.deepEqual(errorsIn('{"match_phrase": {"text": {"query": "q", "analyzer": "my_analyzer"}}}'), []);
    assert.deepEqual(errorsIn('{"common": {"text": {"query": "q", "analyzer": ["nope", "standard"]}}}'), []);
    assert.deepEqual(errorsIn('{"more_like_this": {"fields": ["text"], "like": "q", "analyzer": "nope"}}'), []);
    // Defined by one of the indexes only: that index's shards answer.
    assert.deepEqual(errorsIn('{"match": {"text": {"query": "q", "analyzer": "my_analyzer"}}}', 'shops'), []);
  });

  void it('says nothing without a cluster, without the analyzers or the plugins, or with another plugin', () => {
    const query = '{"match": {"text": {"query": "q", "analyzer": "nope"}}}';
    assert.deepEqual(errorsIn(query, 'shop', null), []);
    assert.deepEqual(errorsIn(query, 'shop', state(MODULES, { 'shop-old': [] })), []);
    assert.deepEqual(errorsIn(query, 'shop', state(null, { shop: [] })), []);
    assert.deepEqual(errorsIn(query, 'shop', state([...MODULES, 'analysis-icu'], { shop: [] })), []);
    assert.deepEqual(errorsIn(query, 'shop', state([], { shop: [] })), [
      'cluster.analyzer-not-found [match] analyzer [nope] not found',
    ]);
  });
});

void describe("a match query's minimum_should_match for the terms its text makes (cluster.match-terms)", () => {
  const MODULES = ['org.opensearch.analysis.common.CommonAnalysisModulePlugin'];
  const withText = (
    textField: ClusterStateField,
    analyzers: readonly string[] = [],
    plugins: readonly string[] | null = MODULES,
  ): ClusterStateParams => ({
    clusterName: 'texts',
    indices: [{ name: 'docs', aliases: [], fields: [textField, { name: 'kw', type: 'keyword' }] }],
    analyzers: { docs: analyzers },
    plugins,
  });
  const PLAIN = withText({ name: 'text', type: 'text' });
  const match = (options: string, field = 'text'): string =>
    `POST /docs/_search\n{"query": {"match": {"${field}": {${options}}}}}\n`;
  const errors = (options: string, state: ClusterStateParams = PLAIN, field = 'text'): string[] =>
    codes(match(options, field), state);

  void it('reports a text each shard cannot read when the text makes two terms or more', () => {
    const { text, start, end } = marked(match('"query": "quick fox", "minimum_should_match": «"x"»'));
    const found = diagnose('search', text, PLAIN).filter((d) => d.severity === 1);
    assert.deepEqual(
      found.map((d) => [d.code, d.range, d.message]),
      [
        [
          'cluster.match-terms',
          { start, end },
          'failed to create query: For input string: "x" (every shard fails so: the text makes 2 terms, and their bool reads minimum_should_match for 2 optional clauses)',
        ],
      ],
    );
    assert.deepEqual(errors('"query": "Quick  FOX", "minimum_should_match": 1.5'), [
      'cluster.match-terms failed to create query: For input string: "1.5" (every shard fails so: the text makes 2 terms, and their bool reads minimum_should_match for 2 optional clauses)',
    ]);
    // A condition's value is read only past its bound: two terms run, three fail; `and` leaves no optional clause.
    assert.deepEqual(errors('"query": "quick fox", "minimum_should_match": "2<-25%x"'), []);
    assert.equal(errors('"query": "quick brown fox", "minimum_should_match": "2<-25%x"').length, 1);
    assert.deepEqual(errors('"query": "quick brown fox", "operator": "AND", "minimum_should_match": "2<-25%x"'), []);
    assert.equal(errors('"query": "quick fox", "operator": "and", "minimum_should_match": "50%x"').length, 1);
    assert.deepEqual(errors('"query": "quick fox", "minimum_should_match": "50%"'), []);
  });

  void it('says nothing for one term or none, or where the terms are not known', () => {
    const bad = '"minimum_should_match": "x"';
    assert.deepEqual(errors(`"query": "quick", ${bad}`), []);
    assert.deepEqual(errors(`"query": "", ${bad}`), []);
    assert.deepEqual(errors(`"query": "quick fox", ${bad}`, PLAIN, 'kw'), []);
    assert.deepEqual(errors(`"query": "quick fox", "analyzer": "keyword", ${bad}`), []);
    assert.deepEqual(errors(`"query": "quick fox", "cutoff_frequency": 0.1, ${bad}`), []);
    // Punctuation, and letters beyond ASCII: the tokenizer's rules decide.
    assert.deepEqual(errors(`"query": "quick-fox", ${bad}`), []);
    assert.deepEqual(errors(`"query": "café crème", ${bad}`), []);
    // The field's own analyzer, the index's default ones, plugins that may add analyzers, or no plugins known.
    assert.deepEqual(
      errors(`"query": "quick fox", ${bad}`, withText({ name: 'text', type: 'text', analyzed: true })),
      [],
    );
    assert.deepEqual(errors(`"query": "quick fox", ${bad}`, withText({ name: 'text', type: 'text' }, ['default'])), []);
    assert.deepEqual(
      errors(`"query": "quick fox", ${bad}`, withText({ name: 'text', type: 'text' }, ['default_search'])),
      [],
    );
    assert.deepEqual(
      errors(
        `"query": "quick fox", ${bad}`,
        withText({ name: 'text', type: 'text' }, [], [...MODULES, 'analysis-icu']),
      ),
      [],
    );
    assert.deepEqual(errors(`"query": "quick fox", ${bad}`, withText({ name: 'text', type: 'text' }, [], null)), []);
    assert.deepEqual(codes(match(`"query": "quick fox", ${bad}`), null), []);
  });

  void it('counts with the standard analyzer named in the query, whatever the field and index define', () => {
    const custom = withText({ name: 'text', type: 'text', analyzed: true }, ['default']);
    assert.equal(errors('"query": "quick fox", "analyzer": "standard", "minimum_should_match": "x"', custom).length, 1);
  });
});

/** The one Error with this code on the marked range, with the cluster state given. */
function expectOnState(state: ClusterStateParams, markedText: string, message: string): void {
  const { text, start, end } = marked(markedText);
  const found = diagnose('search', text, state).filter((d) => d.severity === 1);
  assert.deepEqual(
    found.map((d) => [d.code, d.range, d.message]),
    [['cluster.analyzer-not-found', { start, end }, message]],
  );
}

void describe('dates a date field cannot read (cluster.date-value)', () => {
  const DATED: ClusterStateParams = {
    clusterName: 'dated',
    indices: [
      {
        name: 'logs',
        aliases: [],
        fields: [
          { name: 'at', type: 'date' },
          { name: 'day', type: 'date', format: 'yyyy/MM/dd' },
          { name: 'n', type: 'long' },
        ],
      },
    ],
  };
  const range = (options: string): string => `POST /logs/_search\n{"query": {"range": {"at": ${options}}}}\n`;
  const dated = (text: string): string[] => codes(text, DATED);

  void it('reports a range bound the default format or the date math refuses, in OpenSearch words', () => {
    const { text, start, end } = marked(range('{"gte": «"2020-1-1"»}'));
    assert.deepEqual(
      diagnose('search', text, DATED).map((d) => [d.code, d.range, d.message]),
      [
        [
          'cluster.date-value',
          { start, end },
          'failed to parse date field [2020-1-1] with format [strict_date_optional_time||epoch_millis]',
        ],
      ],
    );
    assert.deepEqual(dated(range('{"gte": "now-1x"}')), [
      'cluster.date-value unit [x] not supported for date math [-1x] (a date of a date field with the format [strict_date_optional_time||epoch_millis])',
    ]);
    assert.deepEqual(dated(range('{"lt": true}')), [
      'cluster.date-value failed to parse date field [true] with format [strict_date_optional_time||epoch_millis]',
    ]);
  });

  void it('reads a bound rounding up as each shard does: any day up to 31', () => {
    assert.deepEqual(dated(range('{"lte": "2021-02-29"}')), []);
    assert.deepEqual(dated(range('{"gt": "2021-02-29"}')), []);
    assert.deepEqual(dated(range('{"to": "2021-02-29"}')), []);
    assert.equal(dated(range('{"to": "2021-02-29", "include_upper": false}')).length, 1);
    assert.equal(dated(range('{"from": "2021-02-29"}')).length, 1);
    assert.deepEqual(dated(range('{"from": "2021-02-29", "include_lower": "false"}')), []);
    assert.equal(dated(range('{"lte": "2021-02-29||+1d"}')).length, 1);
    assert.equal(dated(range('{"lte": "2020-01-32"}')).length, 1);
  });

  void it('leaves good dates, numbers, a format of the query or the mapping, and other fields alone', () => {
    for (const good of [
      '"2020-01-01T10:00:00.123+01:00"',
      '"now-1d/d"',
      '"2020-01-01||+1M/M"',
      '1577836800000',
      '"1.5"',
    ]) {
      assert.deepEqual(dated(range(`{"gte": ${good}}`)), [], good);
    }
    assert.deepEqual(dated(range('{"gte": "2020/01/01", "format": "yyyy/MM/dd"}')), []);
    assert.deepEqual(dated('POST /logs/_search\n{"query": {"range": {"day": {"gte": "2020/01/01"}}}}\n'), []);
    // A long field reads it as a number: that is another finding (cluster.field-value).
    assert.deepEqual(dated('POST /logs/_search\n{"query": {"range": {"n": {"gte": "2020-1-1"}}}}\n'), [
      'cluster.field-value failed to create query: For input string: "2020-1-1"',
    ]);
    assert.deepEqual(codes(range('{"gte": "2020-1-1"}'), null), []);
  });

  void it('reports a date_range bound, and the first only', () => {
    const body = (ranges: string): string =>
      `POST /logs/_search\n{"size": 0, "aggs": {"r": {"date_range": {"field": "at", "ranges": ${ranges}}}}}\n`;
    assert.deepEqual(dated(body('[{"from": "bogus", "to": "now-"}]')), [
      'cluster.date-value failed to parse date field [bogus] with format [strict_date_optional_time||epoch_millis]',
    ]);
    assert.deepEqual(dated(body('[{"from": "2021-02-28", "to": "now/M"}]')), []);
  });
});

void describe('values the field type cannot read (cluster.field-value)', () => {
  const search = (query: string): string => `POST /shop/_search\n{"query": ${query}}\n`;
  const only: ClusterStateParams = {
    clusterName: 'one',
    indices: [{ name: 'shop', aliases: [], fields: SHOP_FIELDS }],
  };

  void it('reports term, terms, match and range values in the words of each type', () => {
    const { text, start, end } = marked(search('{"term": {"num": «"bogus"»}}'));
    assert.deepEqual(
      diagnose('search', text, only).map((d) => [d.code, d.range, d.message]),
      [['cluster.field-value', { start, end }, 'failed to create query: For input string: "bogus"']],
    );
    assert.deepEqual(codes(search('{"terms": {"num": [1, "x", "y"]}}'), only), [
      'cluster.field-value failed to create query: For input string: "x"',
    ]);
    assert.deepEqual(codes(search('{"match": {"flag": {"query": 1.50}}}'), only), [
      "cluster.field-value failed to create query: Can't parse boolean value [1.50], expected [true] or [false]",
    ]);
    assert.deepEqual(codes(search('{"range": {"ip": {"gte": "10.0.0.0/8"}}}'), only), [
      "cluster.field-value failed to create query: '10.0.0.0/8' is not an IP string literal.",
    ]);
    assert.deepEqual(codes(search('{"term": {"ip": "10.0.0.0/8"}}'), only), []);
    assert.deepEqual(codes(search('{"match": {"num": {"query": "x", "lenient": true}}}'), only), []);
    assert.deepEqual(codes(search('{"term": {"kw": "x"}}'), only), []);
  });

  void it('says nothing when the indexes map the field with types that read the value differently', () => {
    // `kw` is a keyword in one index and a long in the other: the keyword index's shards answer.
    assert.deepEqual(codes('POST /shops/_search\n{"query": {"term": {"kw": "x"}}}\n'), []);
    assert.deepEqual(codes(search('{"term": {"num": "x"}}'), null), []);
  });
});

void describe('sorts and aggregations on a text field without field data (cluster.fielddata)', () => {
  const TEXTS: ClusterStateParams = {
    clusterName: 'texts',
    indices: [
      {
        name: 'docs',
        aliases: [],
        fields: [
          { name: 't', type: 'text' },
          { name: 't.raw', type: 'keyword' },
          { name: 'tf', type: 'text', fielddata: true },
          { name: 'mot', type: 'match_only_text' },
          { name: 'sayt', type: 'search_as_you_type' },
        ],
      },
    ],
  };
  const body = (text: string): string => `POST /docs/_search\n${text}\n`;
  const TEXT_WORDS = (field: string): string =>
    `cluster.fielddata Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;

  void it('reports a sort, whatever unmapped_type says, and the aggregations that read field data', () => {
    assert.deepEqual(codes(body('{"sort": [{"t": "asc"}]}'), TEXTS), [TEXT_WORDS('t')]);
    assert.deepEqual(codes(body('{"sort": ["t"]}'), TEXTS), [TEXT_WORDS('t')]);
    assert.deepEqual(codes(body('{"sort": [{"t": {"unmapped_type": "keyword"}}]}'), TEXTS), [TEXT_WORDS('t')]);
    assert.deepEqual(codes(body('{"sort": [{"mot": "asc"}]}'), TEXTS), [TEXT_WORDS('mot')]);
    assert.deepEqual(codes(body('{"sort": [{"sayt": "asc"}]}'), TEXTS), [
      'cluster.fielddata Fielddata is not supported on field [sayt] of type [search_as_you_type]',
    ]);
    assert.deepEqual(codes(body('{"size": 0, "aggs": {"a": {"cardinality": {"field": "t"}}}}'), TEXTS), [
      TEXT_WORDS('t'),
    ]);
  });

  void it('reads a top_hits sort as the body sort, and the sources of a composite aggregation', () => {
    assert.deepEqual(codes(body('{"size": 0, "aggs": {"a": {"top_hits": {"sort": [{"t": "asc"}]}}}}'), TEXTS), [
      TEXT_WORDS('t'),
    ]);
    assert.deepEqual(codes(body('{"size": 0, "aggs": {"a": {"top_hits": {"sort": ["nope"]}}}}'), TEXTS), [
      'cluster.sort-unmapped No mapping found for [nope] in order to sort on',
    ]);
    const { text, start, end } = marked(
      body('{"size": 0, "aggs": {"c": {"composite": {"sources": [{"k": {"terms": {"field": «"mot"»}}}]}}}}'),
    );
    assert.deepEqual(
      diagnose('search', text, TEXTS).map((d) => [d.code, d.range]),
      [['cluster.fielddata', { start, end }]],
    );
    assert.deepEqual(
      codes(
        body('{"size": 0, "aggs": {"c": {"composite": {"sources": [{"k": {"terms": {"field": "t.raw"}}}]}}}}'),
        TEXTS,
      ),
      [],
    );
  });

  void it('leaves keyword sub-fields, field data turned on, significant_text and sorts without a cluster alone', () => {
    assert.deepEqual(codes(body('{"sort": [{"t.raw": "asc"}, {"tf": "desc"}]}'), TEXTS), []);
    assert.deepEqual(codes(body('{"size": 0, "aggs": {"a": {"terms": {"field": "tf"}}}}'), TEXTS), []);
    assert.deepEqual(codes(body('{"size": 0, "aggs": {"a": {"significant_text": {"field": "t"}}}}'), TEXTS), []);
    assert.deepEqual(codes(body('{"sort": [{"t": "asc"}]}'), null), []);
  });
});

void describe('what the field type lets a search do (cluster.highlighter, cluster.query-field-type, cluster.sort-mode)', () => {
  const VECTORS: ClusterStateParams = {
    clusterName: 'vectors',
    indices: [
      {
        name: 'docs',
        aliases: ['all'],
        fields: [
          { name: 'body', type: 'text', offsets: true },
          { name: 'title', type: 'text' },
          { name: 'n', type: 'long' },
        ],
      },
      {
        name: 'docs-old',
        aliases: ['all'],
        fields: [
          { name: 'body', type: 'text' },
          { name: 'title', type: 'text' },
          { name: 'n', type: 'keyword' },
        ],
      },
    ],
  };
  const search = (index: string, json: string): string => `POST /${index}/_search\n${json}\n`;
  const FVH = (field: string): string =>
    `cluster.highlighter the field [${field}] should be indexed with term vector with position offsets to be used with fast vector highlighter`;

  void it('reports the fast vector highlighter on a field without offsets, for one field or for all', () => {
    assert.deepEqual(codes(search('docs', '{"highlight": {"fields": {"title": {"type": "fvh"}}}}'), VECTORS), [
      FVH('title'),
    ]);
    assert.deepEqual(codes(search('docs', '{"highlight": {"type": "fvh", "fields": [{"title": {}}]}}'), VECTORS), [
      FVH('title'),
    ]);
    assert.deepEqual(codes(search('docs', '{"highlight": {"fields": {"body": {"type": "fvh"}}}}'), VECTORS), []);
    assert.deepEqual(
      codes(search('docs', '{"highlight": {"type": "fvh", "fields": {"title": {"type": "unified"}}}}'), VECTORS),
      [],
    );
  });

  void it('leaves it where no hit is fetched, and where the indexes searched do not all decide it', () => {
    assert.deepEqual(
      codes(search('docs', '{"size": 0, "highlight": {"fields": {"title": {"type": "fvh"}}}}'), VECTORS),
      [],
    );
    // A query or post filter rewritten to match_none where the search is coordinated matches nothing: no hit.
    for (const nothing of [
      '"query": {"match_none": {}}',
      '"query": {"bool": {"filter": [{"terms": {"n": []}}]}}',
      '"post_filter": {"ids": {"values": []}}',
    ]) {
      assert.deepEqual(
        codes(search('docs', `{${nothing}, "highlight": {"fields": {"title": {"type": "fvh"}}}}`), VECTORS),
        [],
      );
    }
    // One inside a must_not leaves hits.
    assert.deepEqual(
      codes(
        search(
          'docs',
          '{"query": {"bool": {"must_not": [{"match_none": {}}]}}, "highlight": {"fields": {"title": {"type": "fvh"}}}}',
        ),
        VECTORS,
      ),
      [FVH('title')],
    );
    // docs keeps offsets for body, docs-old does not: its shards fail and the others answer.
    assert.deepEqual(codes(search('all', '{"highlight": {"fields": {"body": {"type": "fvh"}}}}'), VECTORS), []);
    assert.deepEqual(codes(search('all', '{"highlight": {"fields": {"title": {"type": "fvh"}}}}'), VECTORS), [
      FVH('title'),
    ]);
  });

  void it('judges a query on a field only where every index searched maps it with a type that decides it', () => {
    assert.deepEqual(codes(search('docs', '{"query": {"prefix": {"n": "1"}}}'), VECTORS), [
      'cluster.query-field-type Can only use prefix queries on keyword and text fields - not on [n] which is of type [long]',
    ]);
    // A long in one index and a keyword in the other: the keyword's shards answer.
    assert.deepEqual(codes(search('all', '{"query": {"prefix": {"n": "1"}}}'), VECTORS), []);
    assert.deepEqual(codes(search('docs', '{"query": {"prefix": {"title": "a"}}}'), VECTORS), []);
    assert.deepEqual(codes(search('docs', '{"query": {"prefix": {"nope": "a"}}}'), VECTORS), []);
  });

  const spanFields: ClusterStateParams = {
    clusterName: 'n',
    indices: [
      {
        name: 'n',
        aliases: [],
        fields: [
          { name: 'n', type: 'long' },
          { name: 'd', type: 'double' },
          { name: 'f', type: 'float' },
          { name: 'ip', type: 'ip' },
          { name: 'r', type: 'integer_range' },
          { name: 'lr', type: 'long_range' },
        ],
      },
    ],
  };
  const refused = (bounds: string): string =>
    `cluster.query-field-type failed to create query: Cannot extract a term from a query of type class org.apache.lucene.search.IndexOrDocValuesQuery: IndexOrDocValuesQuery(${bounds})`;
  const spanTerm = (clause: string): string[] => codes(search('n', `{"query": {"span_term": ${clause}}}`), spanFields);

  void it('prints the exact-value query a span_term on a long or a double field builds', () => {
    assert.deepEqual(spanTerm('{"n": "-05"}'), [refused('indexQuery=n:[-5 TO -5], dvQuery=n:[-5 TO -5]')]);
    assert.deepEqual(spanTerm('{"n": {"value": 7}}'), [refused('indexQuery=n:[7 TO 7], dvQuery=n:[7 TO 7]')]);
    assert.deepEqual(spanTerm('{"d": 5}'), [
      refused('indexQuery=d:[5.0 TO 5.0], dvQuery=d:[4617315517961601024 TO 4617315517961601024]'),
    ]);
    // As real 3.9.0 printed it for -2.5 (case `cross/lists/span-term-number/price-negative`).
    assert.deepEqual(spanTerm('{"d": "-2.5"}'), [
      refused('indexQuery=d:[-2.5 TO -2.5], dvQuery=d:[-4612811918334230529 TO -4612811918334230529]'),
    ]);
    // Other number types, other forms of numbers, and values a long does not read are not judged here.
    for (const clause of ['{"f": 5}', '{"d": "1e3"}', '{"n": "5.5"}', '{"n": "9223372036854775808"}', '{"d": -0.0}']) {
      assert.deepEqual(spanTerm(clause), [], clause);
    }
  });

  void it('prints the exact-value query a span_term on an ip or an integer_range field builds', () => {
    const bytes = '[0 0 0 0 0 0 0 0 0 0 ff ff a 0 0 1]';
    // As real 3.9.0 and 2.19.1 print it (case `cross/lists/shard/query-on-span_term-ip`).
    assert.deepEqual(spanTerm('{"ip": "10.0.0.1"}'), [
      refused(`indexQuery=ip:[10.0.0.1 TO 10.0.0.1], dvQuery=ip:[${bytes} TO ${bytes}]`),
    ]);
    const high = '[0 0 0 0 0 0 0 0 0 0 ff ff c0 a8 1 fe]';
    assert.deepEqual(spanTerm('{"ip": {"value": "192.168.1.254"}}'), [
      refused(`indexQuery=ip:[192.168.1.254 TO 192.168.1.254], dvQuery=ip:[${high} TO ${high}]`),
    ]);
    assert.deepEqual(spanTerm('{"r": "5"}'), [
      refused('indexQuery=r:<ranges:[5 : 5]>, dvQuery=BinaryDocValuesRangeQuery(fieldName=,from=5,to=5)'),
    ]);
    assert.deepEqual(spanTerm('{"r": {"value": -7}}'), [
      refused('indexQuery=r:<ranges:[-7 : -7]>, dvQuery=BinaryDocValuesRangeQuery(fieldName=,from=-7,to=-7)'),
    ]);
    // A leading zero, a CIDR block, IPv6, an octet above 255, a number beyond an int, a decimal and the other range
    // types are read otherwise or printed in words not recorded: not judged.
    for (const clause of [
      '{"ip": "010.0.0.1"}',
      '{"ip": "10.0.0.0/8"}',
      '{"ip": "::1"}',
      '{"ip": "10.0.0.256"}',
      '{"ip": 5}',
      '{"r": "2147483648"}',
      '{"r": "5.5"}',
      '{"r": "05"}',
      '{"lr": "5"}',
    ]) {
      assert.deepEqual(spanTerm(clause), [], clause);
    }
  });

  void it('drops what only building a query fails on inside a bool a shard rewrites away for an unmapped field', () => {
    const state: ClusterStateParams = {
      clusterName: 'r',
      indices: [
        {
          name: 'r',
          aliases: ['both'],
          fields: [
            { name: 'text', type: 'text' },
            { name: 'kw', type: 'keyword' },
            { name: 'num', type: 'long' },
            { name: 'when', type: 'date' },
            { name: 'obj.inner', type: 'keyword' },
          ],
        },
        { name: 'r2', aliases: ['both'], fields: [{ name: 'nope', type: 'keyword' }] },
      ],
    };
    const query = (index: string, q: string): string[] =>
      codes(`POST /${index}/_search\n{"query": ${q}}\n`, state).map((c) => c.split(' ')[0]!);
    const spans = '{"span_or": {"clauses": [{"span_term": {"text": "a"}}, {"span_term": {"kw": "a"}}]}}';
    const number = '{"term": {"num": "x"}}';
    // Alone, each fails every shard (real 3.9.0: cases `cross/lists/rewritten-away/*-alone`; an analyzer the index
    // lacks, which the conformance replay holds, is judged only where the cluster's plugins are known).
    assert.deepEqual(query('r', spans), ['query.invalid-value']);
    assert.deepEqual(query('r', number), ['cluster.field-value']);
    for (const filter of [
      '{"exists": {"field": "nope"}}',
      '{"term": {"nope": "a"}}',
      '{"term": {"nope": {"value": 1}}}',
    ]) {
      for (const clause of [spans, number]) {
        assert.deepEqual(
          query('r', `{"bool": {"filter": [${filter}], "should": [${clause}]}}`),
          [],
          `${filter} ${clause}`,
        );
        assert.deepEqual(query('r', `{"bool": {"must": ${filter}, "must_not": ${clause}}}`), [], `${filter} ${clause}`);
        // A should clause rewritten away takes nothing away beside a must clause, or a should clause that may match;
        // should clauses that all match nothing, with no must nor filter, take the whole bool away.
        assert.notDeepEqual(query('r', `{"bool": {"should": [${filter}], "must": [${clause}]}}`), [], clause);
        assert.notDeepEqual(query('r', `{"bool": {"should": [${filter}, ${clause}]}}`), [], clause);
        assert.deepEqual(query('r', `{"bool": {"should": [${filter}], "must_not": [${clause}]}}`), [], clause);
        assert.deepEqual(query('r', `{"bool": {"must": [], "should": ${filter}, "must_not": ${clause}}}`), [], clause);
      }
    }
    // Where another index maps the field, its shards build the bool (the span clauses' fields differ everywhere).
    assert.deepEqual(query('both', `{"bool": {"filter": [{"exists": {"field": "nope"}}], "must": [${spans}]}}`), [
      'query.invalid-value',
    ]);
    assert.deepEqual(query('r', `{"bool": {"filter": [{"exists": {"field": "obj"}}], "must": [${number}]}}`), [
      'cluster.field-value',
    ]);
    // A date math unit fails while the range is rewritten, before the bool is (case
    // `cross/lists/rewritten-away/date-math-exists-unmapped`).
    assert.deepEqual(
      query(
        'r',
        '{"bool": {"filter": [{"exists": {"field": "nope"}}], "must": [{"range": {"when": {"gte": "now-1x"}}}]}}',
      ),
      ['cluster.date-value'],
    );
  });

  void it('reads the mode of a sort before its numeric type', () => {
    const keyword: ClusterStateParams = {
      clusterName: 'k',
      indices: [{ name: 'k', aliases: [], fields: [{ name: 'kw', type: 'keyword' }] }],
    };
    assert.deepEqual(codes(search('k', '{"sort": [{"kw": {"numeric_type": "long", "mode": "avg"}}]}'), keyword), [
      'cluster.sort-mode we only support AVG, MEDIAN and SUM on number based fields',
    ]);
    assert.deepEqual(codes(search('k', '{"sort": [{"kw": {"numeric_type": "long"}}]}'), keyword), [
      'cluster.sort-mode [numeric_type] option cannot be set on a non-numeric field, got keyword',
    ]);
    assert.deepEqual(codes(search('k', '{"sort": [{"kw": {"mode": "min"}}]}'), keyword), []);
  });
});

void describe('a terms include or exclude list on a date field (cluster.aggregation-field)', () => {
  const dates: ClusterStateParams = {
    clusterName: 'd',
    indices: [
      {
        name: 'd',
        aliases: [],
        fields: [
          { name: 'at', type: 'date' },
          { name: 'own', type: 'date', format: 'yyyy' },
        ],
      },
    ],
  };
  const terms = (field: string, filter: string): string =>
    `POST /d/_search\n{"size": 0, "aggs": {"a": {"terms": {"field": "${field}", ${filter}}}}}\n`;
  const parse = (text: string): string =>
    `cluster.aggregation-field failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`;

  void it('reads each value as a date of the default format, the first that fails reported', () => {
    assert.deepEqual(codes(terms('at', '"include": ["a"]'), dates), [parse('a')]);
    assert.deepEqual(codes(terms('at', '"include": ["2024-01-01", "2023-02-29"]'), dates), [parse('2023-02-29')]);
    assert.deepEqual(codes(terms('at', '"exclude": [true]'), dates), [parse('true')]);
    assert.deepEqual(codes(terms('at', '"include": [""]'), dates), [
      'cluster.aggregation-field cannot parse empty date',
    ]);
    assert.deepEqual(codes(terms('at', '"include": ["2024-01-01||+1x"]'), dates), [
      'cluster.aggregation-field unit [x] not supported for date math [+1x]',
    ]);
    // No time stands for `now` there.
    assert.deepEqual(codes(terms('at', '"include": ["now-1d"]'), dates), [
      'cluster.aggregation-field could not read the current timestamp',
    ]);
  });

  void it('takes dates, date math and epoch milliseconds, and leaves a format of the mapping unjudged', () => {
    for (const filter of [
      '"include": ["2024-01-01", "2024-01-01T10:00:00Z", "2024-01-01||+1d", "1704067200000", 1704067200000]',
      '"exclude": [1.5, null]',
    ]) {
      assert.deepEqual(codes(terms('at', filter), dates), [], filter);
    }
    assert.deepEqual(codes(terms('own', '"include": ["a"]'), dates), []);
    // Without a cluster the field's type is not known.
    assert.deepEqual(codes(terms('at', '"include": ["a"]'), null), []);
  });
});

void describe('rank_feature on a field no searched index maps', () => {
  void it('builds no score function there, so its numbers fail nothing; what the parser refuses still fails', () => {
    const query = (field: string, fn: string): string[] =>
      codes(`POST /shop/_search\n{"query": {"rank_feature": {"field": "${field}", ${fn}}}}\n`);
    const pivot = 'query.wrong-type failed to create query: pivot must be > 0, got: 0.0';
    // Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1: cases `cross/lists/values/rank-feature-*-unmapped`.
    assert.deepEqual(query('nope', '"saturation": {"pivot": 0}'), []);
    assert.deepEqual(query('nope', '"log": {"scaling_factor": 0}'), []);
    assert.deepEqual(query('nope', '"log": {"scaling_factor": "x"}'), [
      'query.wrong-type [feature] failed to parse field [log]: [1:72] [log] failed to parse field [scaling_factor]',
    ]);
    // Without a cluster, or on a field an index maps, the shard's refusal stands.
    assert.deepEqual(
      codes(`POST /shop/_search\n{"query": {"rank_feature": {"field": "nope", "saturation": {"pivot": 0}}}}\n`, null),
      [pivot],
    );
    assert.ok(query('kw', '"saturation": {"pivot": 0}').includes(pivot));
  });
});
