// The parsers OpenSearch writes by hand (aggregations and queries), the aggregation types built by ObjectParser that
// now carry their parameter lists, and the omissions refused only on the shards: each refused in OpenSearch's words,
// the accepted forms left alone (docs/opensearch/aggregations.md#hand-written-parsers, query-dsl.md#geo-queries).
import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo, expectNoErrors } from './harness';

const E = 1;
const body = (json: string): string => `{}\n{"size":0,"aggs":${json}}\n`;

void describe('aggregation parsers written by hand (docs/opensearch/aggregations.md#hand-written-parsers)', () => {
  void it('reads top_hits as the search body reads its fields', () => {
    expectDiagnostic('msearch', body('{"t":{"top_hits":{"size":1,«"sise"»:2}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Unknown key for a VALUE_NUMBER in [sise].',
    });
    expectDiagnostic('msearch', body('{"t":{"top_hits":{"explain":«"yes"»}}}'), {
      code: 'value.not-a-boolean',
      severity: E,
      message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('msearch', body('{"t":{"top_hits":{"from":«{}»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: 'Unknown key for a START_OBJECT in [from].',
    });
    expectNoErrors(
      'msearch',
      body(
        '{"t":{"top_hits":{"from":1,"size":"2","_source":false,"stored_fields":"a","docvalue_fields":["d"],"sort":[{"n":"asc"}],"highlight":{"fields":{"m":{}}},"track_scores":true}}}',
      ),
    );
  });

  void it('words unknown names and tokens as each hand-written parser does', () => {
    expectDiagnostic('msearch', body('{"n":{"nested":{"path":"items",«"x"»:1}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Unexpected token VALUE_NUMBER in [n].',
    });
    expectDiagnostic('msearch', body('{"n":{"nested":{«"path"»:{}}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: 'Unexpected token START_OBJECT in [n].',
    });
    expectDiagnostic('msearch', body('{"f":{"filters":{"filters":{"a":{"match_all":{}}},«"other_bucket"»:"yes"}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: 'Unknown key for a VALUE_STRING in [f]: [other_bucket].',
    });
    expectDiagnostic(
      'msearch',
      body('{"h":{"histogram":{"field":"n","interval":1}},"s":{"sum_bucket":{"buckets_path":"h>_count",«"x"»:{}}}}'),
      {
        code: 'aggs.unknown-parameter',
        severity: E,
        message: 'Unexpected token START_OBJECT [x] in [s]',
      },
    );
    expectDiagnostic('msearch', body('{"s":{"sampler":{"shard_size":10,«"x"»:1}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Unsupported property "x" for aggregation "s',
    });
    expectDiagnostic('msearch', body('{"g":{"global":{«"x"»:1}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Expected [FIELD_NAME] under a [START_OBJECT], but got a [VALUE_NUMBER] in [g]',
    });
    // An unknown string option of a sibling pipeline is kept for the subclass: not refused.
    expectNoErrors(
      'msearch',
      body(
        '{"h":{"histogram":{"field":"n","interval":1}},"p":{"percentiles_bucket":{"buckets_path":"h>_count","percents":[50],"keyed":false}}}',
      ),
    );
  });

  void it('refuses an unknown parameter of the ObjectParser types that now list theirs', () => {
    expectDiagnostic('msearch', body('{"m":{"median_absolute_deviation":{"field":"n",«"compresion"»:100}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: /\[median_absolute_deviation\] unknown field \[compresion\] did you mean \[compression\]\?$/,
    });
    expectDiagnostic('msearch', body('{"g":{"geo_bounds":{"field":"l",«"script"»:"x"}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: /\[geo_bounds\] unknown field \[script\]/,
    });
    expectNoErrors(
      'msearch',
      body(
        '{"g":{"geotile_grid":{"field":"l","precision":8,"size":10,"shard_size":20,"bounds":{"top_left":"1,2","bottom_right":"0,3"}}}}',
      ),
    );
  });

  void it("names what is missing in each parser's words, and quotes the shard failure where only the shards refuse", () => {
    expectDiagnostic(
      'msearch',
      body('{"h":{"histogram":{"field":"n","interval":1},"aggs":{"d":{«"derivative"»:{}}}}}'),
      {
        code: 'aggs.missing-parameter',
        severity: E,
        message: 'Missing required field [buckets_path] for derivative aggregation [d]',
      },
    );
    expectDiagnostic('msearch', body('{"w":{«"weighted_avg"»:{"value":{"field":"n"}}}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      itemFailure: true,
      message:
        '[weighted_avg] needs [weight]: OpenSearch fails every shard with "Could not find field name [weight] in multiValuesSource"',
    });
    expectDiagnostic('msearch', body('{"s":{"significant_terms":{"field":"k","jlh":«1»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: /^\[\d+:\d+\] \[jlh\] Expected START_OBJECT but was: END_OBJECT$/,
    });
    expectNoErrors(
      'msearch',
      body('{"s":{"significant_terms":{"field":"k","jlh":{}}},"c":{"children":{"type":"answer"}}}'),
    );
  });

  void it("refuses serial_diff's lag unless above zero, as its loop meets it", () => {
    const diff = (options: string): string =>
      body(
        `{"h":{"date_histogram":{"field":"date","calendar_interval":"day","min_doc_count":0},"aggs":{"s":{"sum":{"field":"num"}},"sd":{"serial_diff":${options}}}}}`,
      );
    for (const [lag, read] of [
      ['0', '0'],
      ['-1', '-1'],
      ['0.5', '0'],
      ['-0.5', '0'],
    ]) {
      expectDiagnostic('msearch', diff(`{"buckets_path":"s","lag":«${lag}»,"query":[]}`), {
        code: 'aggs.invalid-value',
        severity: E,
        message: `Lag must be a positive, non-zero integer.  Value supplied was${read} in [sd]: [lag].`,
      });
    }
    expectNoErrors('msearch', diff('{"buckets_path":"s","lag":1.5}'));
    expectDiagnostic('msearch', diff('{«"query"»:[],"buckets_path":"s","lag":0}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Unknown key for a START_ARRAY in [sd]: [query].',
    });
    expectDiagnostic('msearch', diff('{"buckets_path":"s","gap_policy":«"nope"»,"lag":0}'), {
      code: 'aggs.invalid-gap-policy',
      severity: E,
      message: 'Invalid gap policy: [nope], accepted values: [insert_zeros, skip]',
    });
  });

  void it("refuses percentiles_bucket's percents outside 0 to 100 once its loop has read them all", () => {
    const pct = (options: string): string =>
      body(
        `{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}}}},"p":{"percentiles_bucket":${options}}}`,
      );
    const RANGE = 'percents must only contain non-null doubles from 0.0-100.0 inclusive';
    for (const percents of ['[50,«-1»]', '[«100.5»]', '[«"1e3"»,-1]']) {
      expectDiagnostic('msearch', pct(`{"buckets_path":"h>s","percents":${percents}}`), {
        code: 'aggs.invalid-value',
        severity: E,
        message: RANGE,
      });
    }
    expectNoErrors('msearch', pct('{"buckets_path":"h>s","percents":["NaN",0,100,"50",0.5]}'));
    // A missing buckets_path is said first, and a name the loop refuses ends it before the percents are handed over.
    const noPath = body('{"p":{«"percentiles_bucket"»:{"percents":[150]}}}');
    expectDiagnostic('msearch', noPath, {
      code: 'aggs.missing-parameter',
      severity: E,
      message: 'Missing required field [buckets_path] for aggregation [p]',
    });
    expectNo('msearch', noPath.replace(/[«»]/g, ''), 'aggs.invalid-value');
    const unknown = pct('{"percents":[150],"buckets_path":"h>s",«"x"»:1}');
    expectDiagnostic('msearch', unknown, {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: 'Unexpected token VALUE_NUMBER [x] in [p]',
    });
    expectNo('msearch', unknown.replace(/[«»]/g, ''), 'aggs.invalid-value');
  });

  void it('refuses a negative sigma, where extended_stats reads it and once extended_stats_bucket has read all', () => {
    for (const [sigma, found] of [
      ['-1', '-1.0'],
      ['"-0.5"', '-0.5'],
    ]) {
      expectDiagnostic('msearch', body(`{"a":{"extended_stats":{"field":"num","sigma":«${sigma}»}}}`), {
        code: 'aggs.invalid-value',
        severity: E,
        message: new RegExp(
          `^\\[1:\\d+\\] \\[extended_stats\\] failed to parse field \\[sigma\\]: \\[sigma\\] must be greater than or equal to 0\\. Found \\[${found}\\] in \\[a\\]$`,
        ),
      });
    }
    expectNoErrors('msearch', body('{"a":{"extended_stats":{"field":"num","sigma":0}}}'));
    const bucket = (sigma: string): string =>
      body(
        `{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}}}},"e":{"extended_stats_bucket":{"buckets_path":"h>s","sigma":${sigma}}}}`,
      );
    expectDiagnostic('msearch', bucket('«-2.5»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: 'sigma must be a non-negative double',
    });
    expectNoErrors('msearch', bucket('0'));
    // Its loop reads a number alone: a text is a name it refuses, said alone.
    expectNo('msearch', bucket('"-1"'), 'aggs.invalid-value');
  });

  void it("reads what follows a value among geo_distance's ranges as a member's value without a name", () => {
    const ranges = (list: string): string =>
      body(`{"g":{"geo_distance":{"field":"location","origin":"1, 2","ranges":${list}}}}`);
    for (const next of ['1.5', '"y"', 'null']) {
      expectDiagnostic('msearch', ranges(`[«"x"»,${next}]`), {
        code: 'aggs.wrong-type',
        severity: E,
        message: 'fieldName cannot be null',
      });
    }
    for (const [next, token] of [
      ['true', 'VALUE_BOOLEAN'],
      ['{"to":1}', 'START_OBJECT'],
      ['[]', 'START_ARRAY'],
    ]) {
      expectDiagnostic('msearch', ranges(`[«"x"»,${next}]`), {
        code: 'aggs.wrong-type',
        severity: E,
        message: `Failed to parse object: unexpected token [${token}] found`,
      });
    }
    expectDiagnostic('msearch', ranges('[{"to":1},«"x"»]'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: 'Failed to parse object: unexpected token [END_ARRAY] found',
    });
  });
});

void describe('query parsers written by hand (docs/opensearch/query-dsl.md#geo-queries)', () => {
  const query = (json: string): string => `{}\n{"query":${json}}\n`;

  void it("makes geo_bounding_box's type from its text only once the box is set", () => {
    const box = (location: string, type: string): string =>
      query(`{"geo_bounding_box":{"type":${type},"location":${location}}}`);
    const corners = (top: number): string =>
      `{"top_left":{"lat":${top},"lon":-71},"bottom_right":{"lat":40,"lon":-70}}`;
    expectDiagnostic('msearch', box(`«${corners(-1)}»`, '"nope"'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'top is below bottom corner: -1.0 vs. 40.0',
    });
    expectDiagnostic('msearch', box(corners(41), '«"nope"»'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'no type can be parsed from ordinal nope',
    });
    expectDiagnostic('msearch', query('{«"geo_bounding_box"»:{"type":"nope"}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'failed to parse [geo_bounding_box] query. bounding box not provided',
    });
  });

  void it('reads geo_distance, geo_bounding_box and geo_polygon as their loops do', () => {
    expectDiagnostic('msearch', query('{"geo_distance":{"distance":"1km","location":"1,2",«"bost"»:2}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: 'failed to parse [geo_distance] query. unexpected field [bost]',
    });
    expectDiagnostic('msearch', query('{"geo_distance":{"distance":"1km","location":{"lat":1,"lon":2},«"unit"»:{}}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: "[geo_distance] query doesn't support multiple fields, found [location] and [unit]",
    });
    expectDiagnostic('msearch', query('{«"geo_distance"»:{"location":{"lat":1,"lon":2}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: "geo_distance requires 'distance' to be specified",
    });
    expectDiagnostic(
      'msearch',
      query('{"geo_bounding_box":{"location":{"top_left":"1,0","bottom_right":"0,1"},"validation_method":«"bogus"»}}'),
      {
        code: 'query.invalid-value',
        severity: E,
        message: 'operator needs to be either [COERCE, IGNORE_MALFORMED, STRICT], but not [bogus]',
      },
    );
    expectNoErrors(
      'msearch',
      query(
        '{"bool":{"filter":[{"geo_distance":{"distance":"1km","location":[2,1],"distance_type":"plane","_name":"d"}},{"geo_bounding_box":{"location":{"top_left":"1,0","bottom_right":"0,1"},"_name":["x"],"type":"indexed"}},{"geo_polygon":{"location":{"points":["1,0","0,1","1,1"]},"validation_method":"coerce"}}]}}',
      ),
    );
  });

  void it('words an object or array where term-level parsers read a value as Jackson does', () => {
    expectDiagnostic('msearch', query('{"prefix":{"kw":{"value":«{}»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /^Can't get text on a START_OBJECT at \d+:\d+$/,
    });
    // The term is read as the text "{": the object's end closes the field's object, and the body ends one level early.
    expectDiagnostic('search', 'POST /i/_search\n{"query":{"term":{"kw":{"value":{}}}}«}»\n', {
      code: 'query.wrong-type',
      severity: E,
      message: 'Unexpected token [END_OBJECT] found after the main object.',
    });
    expectDiagnostic('msearch', '{}\n{"query":{"term":{"kw":{"value":{}}}}«}»\n', {
      code: 'msearch.body-rest-ignored',
      severity: 2,
      message: /An `_msearch` runs the search without what follows/,
    });
    // What follows the early end is never read as written: a section the body's parser would refuse there fails
    // nothing in an `_msearch` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/early-end/*`).
    expectNoErrors('msearch', '{}\n{"query":{"range":{"num":{"gte":{}}}},"sze":0}\n');
    expectNoErrors(
      'msearch',
      '{}\n{"query":{"geo_distance":{"distance":"10km","location":{"lat":40,"lon":-70,"field":{}}}},"sze":0}\n',
    );
    expectDiagnostic('search', 'POST /i/_search\n{"query":{"range":{"num":{"gte":{}}}},«"sze":0}»\n', {
      code: 'query.wrong-type',
      severity: E,
      message: 'Unexpected token [FIELD_NAME] found after the main object.',
    });
    expectDiagnostic('msearch', query('{"wildcard":{"kw":{"value":"a*","case_insensitive":«[]»}}}'), {
      code: 'value.not-a-boolean',
      severity: E,
      message: 'Current token (START_ARRAY) not of boolean type',
    });
  });
});

void describe('more query parsers (docs/opensearch/query-dsl.md#more-parsers)', () => {
  const query = (json: string): string => `{}\n{"query":${json}}\n`;

  void it('refuses what percolate, wrapper, parent_id, terms_set, span_field_masking, rank_feature and range refuse', () => {
    expectDiagnostic('msearch', query('{«"percolate"»:{"field":"q"}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'Required one of fields [document, documents, id], but none were specified. ',
    });
    expectDiagnostic('msearch', query('{"percolate":{"field":"q","document":«"x"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /\[percolate\] document doesn't support values of type: VALUE_STRING$/,
    });
    expectDiagnostic('msearch', query('{"wrapper":{"query":"e30=",«"x"»:1}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[wrapper] malformed query, expected [END_OBJECT] but found [FIELD_NAME]',
    });
    expectDiagnostic('msearch', query('{"parent_id":{"type":"child","id":«["x"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[parent_id] query does not support [id]',
    });
    expectDiagnostic('msearch', query('{«"field_masking_span"»:{"query":{"span_term":{"t":"x"}}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'span_field_masking must have [field] set for it',
    });
    expectDiagnostic('msearch', query('{"rank_feature":{"field":"p","log":«1»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /\[feature\] log doesn't support values of type: VALUE_NUMBER$/,
    });
    expectDiagnostic('msearch', query('{"terms_set":{«"kw"»:{"terms":["a"],"boost":2}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      itemFailure: true,
      message: /OpenSearch fails every shard with "No minimum should match has been specified"$/,
    });
    expectNoErrors(
      'msearch',
      query(
        '{"bool":{"filter":[{"terms_set":{"kw":{"terms":[]}}},{"terms_set":{"kw":{"terms":["a"],"minimum_should_match_script":{"source":"1"}}}},{"terms_set":{"kw":{"terms":["a"],"minimum_should_match_field":"n"}}}]}}',
      ),
    );
    expectNoErrors(
      'msearch',
      query(
        '{"bool":{"should":[{"percolate":{"field":"q","documents":[{"t":1}]}},{"wrapper":{"query":"e30="}},{"parent_id":{"type":"c","id":"1"}},{"rank_feature":{"field":"p","log":{"scaling_factor":1}}},{"range":{"n":{"gte":1,"lt":5}}}]}}',
      ),
    );
  });
});

void describe('values of the wrong kind, in each parser own words (docs/opensearch/query-dsl.md#more-parsers)', () => {
  const query = (json: string): string => `{}\n{"query":${json}}\n`;

  void it('refuses them as each parser does, and leaves the right kinds alone', () => {
    expectDiagnostic('msearch', query('{"dis_max":{"queries":[{"match_all":{}}],"_name":«["x"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[dis_max] query does not support [_name]',
    });
    expectDiagnostic('msearch', query('{"terms_set":{"kw":«"a"»}}'), {
      code: 'query.no-short-form',
      severity: E,
      message: '[terms_set] unknown token [VALUE_STRING]',
    });
    expectDiagnostic('msearch', query('{"intervals":{"t":{"match":«"x"»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /^\[\d+:\d+\] \[match\] Expected START_OBJECT but was: VALUE_STRING$/,
    });
    expectDiagnostic('msearch', query('{«"match_phrase"»:{}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: '[match_phrase] requires fieldName',
    });
    expectNoErrors(
      'msearch',
      query(
        '{"bool":{"must":[{"dis_max":{"queries":[{"match_all":{}}],"_name":"d"}},{"terms_set":{"kw":{"terms":["a"],"minimum_should_match_field":"n"}}},{"intervals":{"t":{"match":{"query":"x"}}}},{"match_phrase":{"t":"x y"}}]}}',
      ),
    );
  });
});

void describe('sort entries and percentiles (docs/opensearch/search.md#sort, aggregations.md#hand-written-parsers)', () => {
  void it('refuses an unknown sort order or mode, percents out of range and a histogram without interval', () => {
    expectDiagnostic('msearch', '{}\n{"sort":[{"n":«"up"»}]}\n', {
      code: 'search.wrong-type',
      severity: E,
      message: 'No enum constant org.opensearch.search.sort.SortOrder.UP',
    });
    expectDiagnostic('msearch', '{}\n{"sort":[{"n":{"mode":«"middle"»}}]}\n', {
      code: 'search.wrong-type',
      severity: E,
      message: /^\[\d+:\d+\] \[field_sort\] failed to parse field \[mode\]$/,
    });
    expectDiagnostic('msearch', body('{"p":{"percentiles":{"field":"n","percents":«[101]»}}}'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: /^Failed to build \[percentiles\] after last required field arrived/,
    });
    expectDiagnostic('msearch', body('{"h":{«"histogram"»:{"field":"n"}}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      itemFailure: true,
      message: '[histogram] needs [interval]: OpenSearch fails every shard with "interval must be positive, got: 0.0"',
    });
    expectNoErrors(
      'msearch',
      '{}\n{"sort":[{"n":"DESC"},{"m":{"order":"asc","mode":"avg"}},"_score"],"aggs":{"p":{"percentiles":{"field":"n","percents":[0,50,100]}}}}\n',
    );
  });
});
