import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { completion } from '../../../server/src/service/completion/index';
import { complete, completeWith, labels, open, positionAt, withCursor } from './cursorText';

function triggered(marked: string, character: string): string[] {
  const { text, offset } = withCursor(marked);
  return labels(completion(open(text, 'search'), positionAt(text, offset), character).items);
}

const search = (body: string): string => `GET /logs-*/_search\n${body}\n`;

void describe('completion in search bodies', () => {
  void it('offers top-level fields, common first', () => {
    const offered = labels(complete(search('{\n  |\n}'), 'search').items);
    assert.deepEqual(offered.slice(0, 4), ['query', 'size', 'aggs', 'sort']);
    for (const field of ['from', '_source', 'track_total_hits', 'post_filter', 'highlight', 'timeout', 'pit']) {
      assert.ok(offered.includes(field), field);
    }
  });

  void it('inserts the key with its quotes, a colon and the value snippet', () => {
    assert.equal(completeWith(search('{\n  |\n}'), 'search', 'size'), search('{\n  "size": 10\n}'));
    assert.equal(completeWith(search('{\n  "|"\n}'), 'search', 'query'), search('{\n  "query": {  }\n}'));
  });

  void it('replaces the whole key token, so that no quote is doubled', () => {
    assert.equal(completeWith(search('{ "qu|" }'), 'search', 'query'), search('{ "query": {  } }'));
    assert.equal(completeWith(search('{ "qu| }'), 'search', 'query'), search('{ "query": {  } }'));
    assert.equal(completeWith(search('{ qu| }'), 'search', 'query'), search('{ "query": {  } }'));
  });

  void it('only renames a key that already has a value', () => {
    assert.equal(
      completeWith(search('{ "qu|": { "match_all": {} } }'), 'search', 'query'),
      search('{ "query": { "match_all": {} } }'),
    );
  });

  void it('adds the comma a following member needs, and the one a previous member lacks', () => {
    assert.equal(
      completeWith(search('{\n  |\n  "size": 1\n}'), 'search', 'from'),
      search('{\n  "from": 0,\n  "size": 1\n}'),
    );
    assert.equal(
      completeWith(search('{\n  "size": 1\n  |\n}'), 'search', 'from'),
      search('{\n  "size": 1,\n  "from": 0\n}'),
    );
  });

  void it('puts the missing comma in the edit when the cursor follows the previous value', () => {
    assert.equal(completeWith(search('{"query":{}|}'), 'search', 'size'), search('{"query":{}, "size": 10}'));
  });

  void it('adds no comma when none is needed', () => {
    assert.equal(completeWith(search('{ "size": 1, | }'), 'search', 'from'), search('{ "size": 1, "from": 0 }'));
  });

  void it('never offers a member already present', () => {
    const offered = labels(complete(search('{ "size": 1, "query": {}, "aggs": {}, | }'), 'search').items);
    assert.ok(!offered.includes('size'));
    assert.ok(!offered.includes('query'));
    assert.ok(!offered.includes('aggs'));
    assert.ok(!offered.includes('aggregations'), 'aggs and aggregations are one field');
    assert.ok(offered.includes('from'));
  });

  void it('offers query clauses inside query and post_filter, inserted with their usual shape', () => {
    const offered = labels(complete(search('{ "query": { | } }'), 'search').items);
    assert.deepEqual(offered.slice(0, 3), ['match', 'bool', 'term']);
    assert.equal(
      completeWith(search('{ "query": { "ma|" } }'), 'search', 'match'),
      search('{ "query": { "match": { "field": { "query": "" } } } }'),
    );
    assert.equal(
      completeWith(search('{ "post_filter": { | } }'), 'search', 'term'),
      search('{ "post_filter": { "term": { "field": { "value": "" } } } }'),
    );
  });

  void it('offers no second clause in a query object', () => {
    assert.deepEqual(labels(complete(search('{ "query": { "match_all": {}, | } }'), 'search').items), []);
  });

  void it('offers clauses in bool clauses, as objects in arrays', () => {
    assert.ok(
      labels(complete(search('{ "query": { "bool": { "filter": [ { | } ] } } }'), 'search').items).includes('range'),
    );
    assert.equal(
      completeWith(search('{ "query": { "bool": { "must": [ | ] } } }'), 'search', 'exists'),
      search('{ "query": { "bool": { "must": [ { "exists": { "field": "field" } } ] } } }'),
    );
    assert.equal(
      completeWith(
        search('{ "query": { "bool": { "should": [ { "term": { "a": 1 } }, | ] } } }'),
        'search',
        'match_all',
      ),
      search('{ "query": { "bool": { "should": [ { "term": { "a": 1 } }, { "match_all": {} } ] } } }'),
    );
    assert.equal(
      completeWith(search('{ "query": { "bool": { "must_not": | } } }'), 'search', 'term'),
      search('{ "query": { "bool": { "must_not": [ { "term": { "field": { "value": "" } } } ] } } }'),
    );
  });

  void it('offers bool parameters and leaves out those present', () => {
    const offered = labels(complete(search('{ "query": { "bool": { "must": [], | } } }'), 'search').items);
    assert.deepEqual(offered.slice(0, 3), ['filter', 'should', 'must_not']);
    assert.ok(offered.includes('minimum_should_match'));
    assert.ok(!offered.includes('must'));
  });

  void it("offers a clause's parameters inside it", () => {
    const offered = labels(
      complete(search('{ "query": { "match": { "message": { "query": "x", | } } } }'), 'search').items,
    );
    for (const name of ['operator', 'fuzziness', 'analyzer', 'minimum_should_match', 'boost']) {
      assert.ok(offered.includes(name), name);
    }
    assert.ok(!offered.includes('query'));
    assert.ok(labels(complete(search('{ "query": { "multi_match": { | } } }'), 'search').items).includes('fields'));
    assert.ok(
      labels(complete(search('{ "query": { "range": { "@timestamp": { | } } } }'), 'search').items).includes('gte'),
    );
  });

  void it('offers parameter values: enums, booleans', () => {
    assert.deepEqual(labels(complete(search('{ "query": { "match": { "m": { "operator": | } } } }'), 'search').items), [
      'or',
      'and',
      'OR',
      'AND',
    ]);
    assert.equal(
      completeWith(search('{ "query": { "match": { "m": { "operator": "a|" } } } }'), 'search', 'and'),
      search('{ "query": { "match": { "m": { "operator": "and" } } } }'),
    );
    assert.equal(
      completeWith(search('{ "query": { "multi_match": { "type": | } } }'), 'search', 'phrase'),
      search('{ "query": { "multi_match": { "type": "phrase" } } }'),
    );
    assert.deepEqual(labels(complete(search('{ "explain": | }'), 'search').items), ['false', 'true']);
  });

  void it('offers aggregation types with snippets, in aggs and in a named aggregation', () => {
    const named = labels(complete(search('{ "aggs": { "by_level": { | } } }'), 'search').items);
    assert.deepEqual(named.slice(0, 2), ['terms', 'date_histogram']);
    assert.ok(named.includes('avg'));
    assert.equal(
      completeWith(search('{ "aggs": { "by_level": { "te|" } } }'), 'search', 'terms'),
      search('{ "aggs": { "by_level": { "terms": { "field": "field", "size": 10 } } } }'),
    );
    assert.equal(
      completeWith(search('{ "aggs": { | } }'), 'search', 'avg'),
      search('{ "aggs": { "name": { "avg": { "field": "field" } } } }'),
    );
    assert.ok(labels(complete(search('{ "aggregations": { "x": { | } } }'), 'search').items).includes('terms'));
  });

  void it('after an aggregation type, offers only sub-aggregations and meta', () => {
    assert.deepEqual(
      labels(complete(search('{ "aggs": { "x": { "terms": { "field": "a" }, | } } }'), 'search').items),
      ['aggs', 'aggregations', 'meta'],
    );
    assert.ok(
      labels(complete(search('{ "aggs": { "x": { "terms": {}, "aggs": { "y": { | } } } } }'), 'search').items).includes(
        'max',
      ),
    );
  });

  void it("offers an aggregation's parameters, and clauses in a filter aggregation", () => {
    const offered = labels(complete(search('{ "aggs": { "x": { "terms": { | } } } }'), 'search').items);
    for (const name of ['field', 'size', 'order', 'min_doc_count']) assert.ok(offered.includes(name), name);
    assert.ok(labels(complete(search('{ "aggs": { "x": { "filter": { | } } } }'), 'search').items).includes('term'));
    assert.ok(
      labels(
        complete(search('{ "aggs": { "x": { "date_histogram": { "calendar_interval": | } } } }'), 'search').items,
      ).includes('month'),
    );
  });

  void it('offers sort forms, sort keys and sort options', () => {
    assert.equal(
      completeWith(search('{ "sort": | }'), 'search', '[ { field: order } ]'),
      search('{ "sort": [ { "@timestamp": "desc" } ] }'),
    );
    assert.ok(labels(complete(search('{ "sort": [ | ] }'), 'search').items).includes('_score'));
    assert.equal(completeWith(search('{ "sort": [ | ] }'), 'search', '_doc'), search('{ "sort": [ "_doc" ] }'));
    assert.deepEqual(labels(complete(search('{ "sort": [ { "@timestamp": | } ] }'), 'search').items), [
      'desc',
      'asc',
      '{ order }',
    ]);
    const options = labels(complete(search('{ "sort": [ { "price": { "order": "asc", | } } ] }'), 'search').items);
    assert.ok(options.includes('missing'));
    assert.ok(options.includes('mode'));
    assert.ok(!options.includes('order'));
  });

  void it('offers _source forms and its keys', () => {
    assert.deepEqual(labels(complete(search('{ "_source": | }'), 'search').items), [
      '[ fields ]',
      'false',
      'true',
      '{ includes, excludes }',
    ]);
    assert.equal(completeWith(search('{ "_source": | }'), 'search', 'false'), search('{ "_source": false }'));
    assert.deepEqual(labels(complete(search('{ "_source": { | } }'), 'search').items), ['includes', 'excludes']);
  });

  void it('offers time units after a number in a time value', () => {
    assert.equal(completeWith(search('{ "timeout": "5|" }'), 'search', '5s'), search('{ "timeout": "5s" }'));
    assert.equal(completeWith(search('{ "timeout": 5| }'), 'search', '5m'), search('{ "timeout": "5m" }'));
    assert.equal(
      completeWith(search('{ "pit": { "id": "x", "keep_alive": "1|" } }'), 'search', '1m'),
      search('{ "pit": { "id": "x", "keep_alive": "1m" } }'),
    );
  });

  void it('offers nothing in comments and in unknown places', () => {
    assert.deepEqual(labels(complete(search('{ // qu|\n "size": 1 }'), 'search').items), []);
    assert.deepEqual(labels(complete(search('{ "query": { "match": { "message": "ti|" } } }'), 'search').items), []);
    assert.deepEqual(labels(complete('PUT /logs\n{ "settings": { | } }\n', 'search').items), []);
  });

  void it('reads every object of a console _msearch body as a header or a search', () => {
    const text = 'POST /_msearch\n{ "index": "logs", | }\n{ "query": { "match_all": {} } }\n{}\n{ | }\n';
    const header = text.replace('{ | }', '{}');
    const second = text.replace('"logs", | }', '"logs" }');
    assert.ok(labels(complete(header, 'search').items).includes('search_type'));
    assert.ok(!labels(complete(header, 'search').items).includes('index'));
    assert.equal(labels(complete(second, 'search').items)[0], 'query');
  });

  void it('offers the query field in bodies of endpoints that take one', () => {
    assert.deepEqual(labels(complete('POST /logs/_count\n{ | }\n', 'search').items), ['query']);
    assert.ok(labels(complete('POST /logs/_delete_by_query\n{ "query": { | } }\n', 'search').items).includes('term'));
  });

  void it('keeps the document valid after accepting items one after another', () => {
    let text = search('{\n  |\n}');
    text = completeWith(text, 'search', 'query').replace('{  }', '{ | }');
    text = completeWith(text, 'search', 'bool').replace('"must": [  ]', '"must": [ | ]');
    text = completeWith(text, 'search', 'match');
    assert.equal(
      text,
      search('{\n  "query": { "bool": { "must": [ { "match": { "field": { "query": "" } } } ] } }\n}'),
    );
    JSON.parse(text.slice(text.indexOf('\n') + 1));
  });

  void it('opens on the trigger characters that mean something here, and not after a comma between members', () => {
    assert.ok(triggered(search('{ "|" }'), '"').includes('query'));
    assert.ok(triggered(search('{ "query": { "match": { "m": { "operator":| } } } }'), ':').includes('and'));
    assert.deepEqual(triggered(search('{ "size": 1,| }'), ','), []);
    assert.deepEqual(triggered(search('{ "size"| }'), '"'), []);
    assert.deepEqual(triggered(search('{ "query": { "wildcard": { "url": "/api/|" } } }'), '/'), []);
    assert.ok(triggered('GET /_search?expand_wildcards=open,|', ',').includes('closed'));
  });
});
