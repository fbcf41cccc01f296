// The forms of query options OpenSearch reads otherwise than their usual shape (null, empty arrays, a single value
// where an array is usual), the inner queries of span clauses, the rules of intervals and the value kinds of the
// ObjectParser clauses (docs/opensearch/query-dsl.md#inner-queries, #intervals-rules).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { makeTarget } from '../../../server/src/service/target';
import { diagnose, expectDiagnostic, expectNo, expectNoErrors } from './harness';

const E = 1;
const query = (json: string): string => `{}\n{"query":${json}}\n`;
const SPAN = '{"span_term":{"text":"quick"}}';

void describe('a second field after a value the parser refuses (docs/opensearch/query-dsl.md#parse-errors)', () => {
  const errors = (body: string): string[] =>
    diagnose('msearch', `{}\n${body}\n`)
      .filter((d) => d.severity === E)
      .map((d) => d.message);

  void it("refuses the first field's value before the second field, as the parser reads them", () => {
    // Wrapped where a parser reads the query, the first refusal is the one named.
    assert.deepEqual(
      errors('{"highlight":{"fields":{"text":{"highlight_query":{"match":{"text":[],"order":[1]}}}}}}'),
      ["[highlight_field] failed to parse field [highlight_query]: Can't get text on a START_ARRAY at 1:68"],
    );
    assert.deepEqual(
      errors('{"highlight":{"fields":{"text":{"highlight_query":{"prefix":{"kw":{"value":"a","x":1},"y":"b"}}}}}}'),
      ['[highlight_field] failed to parse field [highlight_query]: [prefix] query does not support [x]'],
    );
    // What a parser asks once its loop ends comes after the second field.
    assert.deepEqual(
      errors('{"highlight":{"fields":{"text":{"highlight_query":{"match":{"text":{"operator":"and"},"y":"b"}}}}}}'),
      [
        "[highlight_field] failed to parse field [highlight_query]: [match] query doesn't support multiple fields, found [text] and [y]",
      ],
    );
  });
});

void describe('null and arrays where clauses read queries (docs/opensearch/query-dsl.md#inner-queries)', () => {
  void it('takes null and empty clause lists in bool', () => {
    expectNoErrors('msearch', query('{"bool":{"must":null,"filter":null,"should":null,"must_not":null}}'));
    expectNoErrors('msearch', query('{"bool":{"must":[],"filter":[],"should":[],"must_not":[]}}'));
  });

  void it('refuses a null or empty queries list in dis_max, and takes one object', () => {
    expectDiagnostic('msearch', query('{"dis_max":{"queries":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[dis_max] query does not support [queries]',
    });
    expectDiagnostic('msearch', query('{"dis_max":{"queries":«[]»}}'), {
      code: 'query.not-an-object',
      severity: E,
      message: '[_na] query malformed, must start with start_object',
    });
    expectNoErrors('msearch', query('{"dis_max":{"queries":{"term":{"kw":"a"}}}}'));
  });

  void it('passes over a null in the list of a clause that reads each object of it as its query', () => {
    expectNoErrors('msearch', query('{"nested":{"path":"items","query":[null,{"match_all":{}}]}}'));
    expectNoErrors('msearch', query('{"span_multi":{"match":[null,{"prefix":{"text":{"value":"qu"}}}]}}'));
    expectNoErrors(
      'msearch',
      query('{"boosting":{"positive":[{"match_all":{}},null],"negative":{"term":{"kw":"b"}},"negative_boost":0.5}}'),
    );
    // Nulls alone leave no query: the clause's own words, not a malformed query.
    expectDiagnostic('msearch', query('{"nested":{"path":"items","query":«[null]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[nested] requires 'query' field",
    });
    expectDiagnostic('msearch', query('{"span_multi":{"match":«[null]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_multi] must have [match] multi term query clause',
    });
  });

  void it('reads each object of an array as the query of boosting, nested, has_child and has_parent', () => {
    expectNoErrors(
      'msearch',
      query('{"boosting":{"positive":[{"match_all":{}}],"negative":{"term":{"kw":"b"}},"negative_boost":0.5}}'),
    );
    expectNoErrors('msearch', query('{"nested":{"path":"items","query":[{"match_all":{}},{"match_all":{}}]}}'));
    expectNoErrors('msearch', query('{"has_child":{"type":"child","query":[{"match_all":{}}]}}'));
    expectDiagnostic('msearch', query('{"nested":{"path":"items","query":[{«"no_such"»:{}}]}}'), {
      code: 'query.unknown-clause',
      severity: E,
      message: 'unknown query [no_such]',
    });
    expectDiagnostic('msearch', query('{"has_parent":{"parent_type":"parent","query":«[]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[has_parent] requires 'query' field",
    });
    expectDiagnostic(
      'msearch',
      query('{"boosting":{"positive":«null»,"negative":{"match_all":{}},"negative_boost":0.5}}'),
      { code: 'query.wrong-type', severity: E, message: "[boosting] query requires 'positive' query to be set'" },
    );
  });

  void it('takes a null query and null functions in function_score, and refuses an array query', () => {
    expectNoErrors('msearch', query('{"function_score":{"query":null,"functions":[{"weight":2}]}}'));
    expectNoErrors('msearch', query('{"function_score":{"functions":[{"weight":2}],"gauss":null,"weight":null}}'));
    expectDiagnostic('msearch', query('{"function_score":{"query":«[{"match_all":{}}]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'failed to parse [function_score] query. array [query] is not supported',
    });
  });

  void it('words null and arrays in constant_score and the span clauses as their parsers do', () => {
    expectDiagnostic('msearch', query('{"constant_score":{"filter":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unexpected token [VALUE_NULL]',
    });
    expectDiagnostic('msearch', query(`{"span_not":{"include":«null»,"exclude":${SPAN}}}`), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_not] query does not support [include]',
    });
    expectDiagnostic('msearch', query('{"field_masking_span":{"query":«[]»,"field":"text"}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_field_masking] query does not support [query]',
    });
    expectDiagnostic('msearch', query('{"span_multi":{"match":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_multi] must have [match] multi term query clause',
    });
    expectNoErrors('msearch', query('{"span_multi":{"match":[{"prefix":{"text":"qu"}}]}}'));
  });
});

void describe('the inner queries of span clauses (query.not-a-span-query)', () => {
  void it('refuses a query that is not a span query, in each parser words', () => {
    expectDiagnostic('msearch', query(`{"span_near":{"clauses":[${SPAN},«{"match_all":{}}»]}}`), {
      code: 'query.not-a-span-query',
      severity: E,
      message: 'span_near [clauses] must be of type span query',
    });
    expectDiagnostic('msearch', query('{"span_or":{"clauses":[«{"term":{"kw":"a"}}»]}}'), {
      code: 'query.not-a-span-query',
      severity: E,
      message: 'span_or [clauses] must be of type span query',
    });
    expectDiagnostic('msearch', query(`{"span_not":{"include":${SPAN},"exclude":«{"match_all":{}}»}}`), {
      code: 'query.not-a-span-query',
      severity: E,
      message: 'span_not [exclude] must be of type span query',
    });
    expectDiagnostic('msearch', query(`{"span_within":{"big":«{"match_all":{}}»,"little":${SPAN}}}`), {
      code: 'query.not-a-span-query',
      severity: E,
      message: 'span_within [big] must be of type span query',
    });
    expectDiagnostic('msearch', query('{"field_masking_span":{"query":«{"match_all":{}}»,"field":"text"}}'), {
      code: 'query.not-a-span-query',
      severity: E,
      message: '[span_field_masking] query must be of type span query',
    });
    expectDiagnostic('msearch', query(`{"span_multi":{"match":«${SPAN}»}}`), {
      code: 'query.not-a-span-query',
      severity: E,
      message: '[span_multi] [match] must be of type multi term query',
    });
  });

  void it('accepts span queries inside span queries, span_gap in span_near, multi-term queries in span_multi', () => {
    expectNo(
      'msearch',
      query(
        `{"span_near":{"clauses":[{"span_multi":{"match":{"prefix":{"text":"q"}}}},{"span_gap":{"text":2}},{"field_masking_span":{"query":${SPAN},"field":"text"}},{"span_or":{"clauses":[${SPAN}]}}]}}`,
      ),
      'query.not-a-span-query',
    );
    expectNo('msearch', query('{"span_multi":{"match":{"range":{"text":{"gte":"a"}}}}}'), 'query.not-a-span-query');
    expectNo('msearch', query(`{"span_first":{"match":${SPAN},"end":3}}`), 'query.not-a-span-query');
  });
});

void describe('range bounds read in order (3.6.0 and later)', () => {
  void it('takes a null generic bound before a strict one', () => {
    expectNoErrors('msearch', query('{"range":{"num":{"from":null,"gte":1}}}'));
    expectNoErrors('msearch', query('{"range":{"num":{"from":null,"to":null,"gte":1,"lte":3}}}'));
    expectNoErrors('msearch', query('{"range":{"num":{"gt":null,"from":1}}}'));
  });

  void it('refuses a second bound, even a null one, where a strict bound or a value is set', () => {
    expectDiagnostic('msearch', query('{"range":{"num":{"gt":null,«"gte"»:1}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'invalid lower bound for [range] query',
    });
    expectDiagnostic('msearch', query('{"range":{"num":{"lte":1,«"to"»:null}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'invalid upper bound for [range] query',
    });
    const before = diagnose(
      'msearch',
      query('{"range":{"num":{"gt":null,"gte":1}}}'),
      makeTarget({ distribution: 'opensearch', version: '2.19.1', source: 'setting' }),
    );
    assert.deepEqual(
      before.filter((d) => d.severity === E).map((d) => d.message),
      [],
    );
  });
});

void describe('value kinds of the ObjectParser clauses', () => {
  void it('refuses a number, a boolean or null for a string option, and null for a number', () => {
    expectDiagnostic('msearch', query('{"bool":{"must":[],"_name":«1»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:37] [bool] _name doesn't support values of type: VALUE_NUMBER",
    });
    expectDiagnostic('msearch', query('{"match_all":{"boost":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:32] [match_all] boost doesn't support values of type: VALUE_NULL",
    });
    expectDiagnostic('msearch', query('{"rank_feature":{"field":«true»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:35] [feature] field doesn't support values of type: VALUE_BOOLEAN",
    });
    expectNoErrors('msearch', query('{"bool":{"should":[{"match_all":{}}],"minimum_should_match":null,"boost":"2"}}'));
  });

  void it('reads ids values and combined_fields fields as an array or one string', () => {
    expectNoErrors('msearch', query('{"ids":{"values":"1"}}'));
    expectNoErrors('msearch', query('{"ids":{"values":[1,true]}}'));
    expectDiagnostic('msearch', query('{"ids":{"values":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:27] [ids] values doesn't support values of type: VALUE_NULL",
    });
    expectDiagnostic('msearch', query('{"ids":{"values":["1",«null»]}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[1:32] [ids] failed to parse field [values]',
    });
    expectNoErrors('msearch', query('{"combined_fields":{"query":"a","fields":"text"}}'));
    expectNoErrors('msearch', query('{"combined_fields":{"query":"a","fields":[1],"minimum_should_match":null}}'));
    expectDiagnostic('msearch', query('{"combined_fields":{"query":"a","fields":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:51] [combined_fields] fields doesn't support values of type: VALUE_NULL",
    });
    expectDiagnostic('msearch', query('{"combined_fields":{"query":«1»,"fields":["text"]}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:38] [combined_fields] query doesn't support values of type: VALUE_NUMBER",
    });
    expectDiagnostic(
      'msearch',
      query('{"combined_fields":{"query":"a","fields":["text"],"minimum_should_match":«true»}}'),
      {
        code: 'query.invalid-value',
        severity: E,
        itemFailure: true,
        message: 'failed to create query: For input string: "true"',
      },
    );
  });

  void it('takes null and empty arrays for the options of common', () => {
    expectNoErrors(
      'msearch',
      query('{"common":{"text":{"query":"quick","analyzer":null,"boost":[],"cutoff_frequency":null,"_name":[]}}}'),
    );
  });

  void it('reads the type of query_string by its exact name', () => {
    expectDiagnostic('msearch', query('{"query_string":{"query":"quick","type":«"PHRASE"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'failed to parse [multi_match] query type [PHRASE]. unknown type.',
    });
    expectNoErrors('msearch', query('{"query_string":{"query":"quick","type":"phrase_prefix"}}'));
  });
});

void describe('intervals rules (docs/opensearch/query-dsl.md#intervals-rules)', () => {
  const intervals = (rule: string): string => query(`{"intervals":{"text":${rule}}}`);

  void it('refuses an unknown rule, range among them', () => {
    expectDiagnostic('msearch', intervals('{«"range"»:{"gte":"a"}}'), {
      code: 'query.interval-rules',
      severity: E,
      message: 'Unknown interval type [range], expecting one of [match, any_of, all_of, prefix, wildcard, regexp]',
    });
    expectNoErrors('msearch', intervals('{"fuzzy":{"term":"quick"}}'));
  });

  void it('reads each rule with its own parameters', () => {
    expectDiagnostic('msearch', intervals('{"match":{«"qury"»:"quick"}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[1:41] [match] unknown field [qury] did you mean [query]?',
    });
    expectDiagnostic('msearch', intervals('{«"wildcard"»:{}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'Required [pattern]',
    });
    expectNoErrors(
      'msearch',
      intervals(
        '{"all_of":{"intervals":[{"match":{"query":"a","max_gaps":1,"use_field":"text"}},{"regexp":{"pattern":"b.*","flags":"ALL"}}],"mode":"ordered","filter":{"not_containing":{"prefix":{"prefix":"c"}}}}}',
      ),
    );
  });

  void it('reads inner rules and filters as one rule each', () => {
    expectDiagnostic('msearch', intervals('{"all_of":{"intervals":[«{}»]}}'), {
      code: 'query.interval-rules',
      severity: E,
      message: 'Expected [FIELD_NAME] but got [END_OBJECT]',
    });
    expectDiagnostic(
      'msearch',
      intervals('{"any_of":{"intervals":[{"match":{"query":"a"},«"prefix"»:{"prefix":"b"}}]}}'),
      {
        code: 'query.interval-rules',
        severity: E,
        message: 'Expected [END_OBJECT] but got [FIELD_NAME]',
      },
    );
    expectDiagnostic('msearch', intervals('{"match":{"query":"a","filter":{«"no_such"»:{"match":{"query":"b"}}}}}'), {
      code: 'query.interval-rules',
      severity: E,
      itemFailure: true,
      message: 'failed to create query: Unknown filter type [no_such]',
    });
    expectNoErrors('msearch', intervals('{"match":{"query":"a","filter":{"script":{"source":"true"}}}}'));
  });

  void it('says a field with no rule after the end of the query, which a second member fails first', () => {
    // Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1: cases `cross/lists/values/intervals-no-rule*`.
    const missing = 'Missing intervals from interval query definition';
    expectDiagnostic('msearch', '{}\n{"query":{"intervals":{«"text"»:{}}}}\n', {
      code: 'query.interval-rules',
      severity: E,
      message: missing,
    });
    expectDiagnostic('msearch', '{}\n{"query":{"intervals":{"text":{"boost":2},«"x"»:1}}}\n', {
      code: 'query.multiple-fields',
      severity: E,
      message: 'Expected [END_OBJECT] but got [FIELD_NAME]',
    });
    expectNo('msearch', '{}\n{"query":{"intervals":{"text":{},"x":1}}}\n', 'query.interval-rules');
  });
});

void describe('script, exists, wrapper and query_string refusals of the corpus gaps', () => {
  void it('refuses a number or boolean script where Script.parse wants an object', () => {
    expectDiagnostic('msearch', query('{"script":{"script":«1»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[1:31] [script] Expected START_OBJECT but was: END_OBJECT',
    });
    expectDiagnostic('msearch', query('{"script":{"script":«true»,"boost":2}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[1:35] [script] Expected START_OBJECT but was: FIELD_NAME',
    });
    expectNoErrors('msearch', query('{"script":{"script":"doc[\'num\'].value > 1"}}'));
  });

  void it('refuses an empty exists field, not a blank one', () => {
    expectDiagnostic('msearch', query('{"exists":{"field":«""»}}'), {
      code: 'query.missing-field',
      severity: E,
      message: 'field name is null or empty',
    });
    expectNoErrors('msearch', query('{"exists":{"field":" "}}'));
  });

  void it('words the wrapper refusal in the target Jackson', () => {
    const old = diagnose(
      'msearch',
      query('{"wrapper":{"query":{}}}'),
      makeTarget({ distribution: 'opensearch', version: '2.19.1', source: 'setting' }),
    );
    assert.deepEqual(
      old.filter((d) => d.severity === E).map((d) => d.message),
      ['Current token (START_OBJECT) not VALUE_STRING or VALUE_EMBEDDED_OBJECT, can not access as binary'],
    );
    expectDiagnostic('msearch', query('{"wrapper":{"query":«["x"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'Current token (START_ARRAY) not VALUE_STRING or VALUE_EMBEDDED_OBJECT, cannot access as binary',
    });
  });

  void it('measures the regular expressions of a query_string text against index.max_regex_length', () => {
    const long = 'a'.repeat(1001);
    expectDiagnostic('msearch', query(`{"query_string":{"query":«"kw:/${long}/"»}}`), {
      code: 'query.regex-too-long',
      severity: E,
      itemFailure: true,
      message: /^failed to create query: The length of regex \[1001\] used in the \[query_string\] has exceeded/,
    });
    expectDiagnostic('msearch', query(`{"query_string":{"query":«"kw:/${'a'.repeat(999)}\\\\/a/"»}}`), {
      code: 'query.regex-too-long',
      severity: E,
      itemFailure: true,
      message: /The length of regex \[1002\]/,
    });
    expectNo('msearch', query(`{"query_string":{"query":"kw:/${'a'.repeat(1000)}/"}}`), 'query.regex-too-long');
    expectNo('msearch', query(`{"query_string":{"query":"text:\\"/${long}/\\""}}`), 'query.regex-too-long');
  });
});

void describe('null where hand-written parsers read a value', () => {
  void it('refuses null in the unknown-token parsers, fuzzy and terms', () => {
    expectDiagnostic('msearch', query('{"match":{"text":{"query":"quick","boost":«null»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[match] unknown token [VALUE_NULL] after [boost]',
    });
    expectDiagnostic('msearch', query('{"fuzzy":{"kw":{"value":"a","fuzziness":«null»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[fuzzy] unexpected token [VALUE_NULL] after [fuzziness]',
    });
    expectDiagnostic('msearch', query('{"terms":{"kw":["a"],"boost":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[terms] unknown token [VALUE_NULL] after [boost]',
    });
    expectDiagnostic('msearch', query('{"multi_match":{"query":"quick","fields":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[multi_match] query does not support [fields]',
    });
  });

  void it('refuses null where a parser reads with Jackson, except the options read as text or null', () => {
    expectDiagnostic('msearch', query('{"term":{"kw":{"value":"a","case_insensitive":«null»}}}'), {
      code: 'value.not-a-boolean',
      severity: E,
      message: 'Current token (VALUE_NULL) not of boolean type',
    });
    expectDiagnostic('msearch', query('{"range":{"date":{"gte":"2024","format":«null»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "Can't get text on a VALUE_NULL at 1:50",
    });
    expectNoErrors('msearch', query('{"prefix":{"kw":{"value":"a","rewrite":null}}}'));
    expectNoErrors('msearch', query('{"regexp":{"kw":{"value":"a.*","flags":null}}}'));
    expectNoErrors('msearch', query('{"more_like_this":{"like":"quick","fields":["text"],"stop_words":null}}'));
  });

  void it('refuses one value where query_string, simple_query_string and more_like_this read an array', () => {
    expectDiagnostic('msearch', query('{"query_string":{"query":"quick","fields":«"text"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[query_string] query does not support [fields]',
    });
    expectDiagnostic('msearch', query('{"simple_query_string":{"query":"quick","fields":«"text"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[simple_query_string] unsupported field [fields]',
    });
    expectDiagnostic('msearch', query('{"more_like_this":{"like":"quick","fields":["text"],"stop_words":«"the"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[mlt] query does not support [stop_words]',
    });
    expectNoErrors('msearch', query('{"more_like_this":{"like":"quick","unlike":"lazy","fields":["text"]}}'));
  });

  void it("reads more_like_this's like and unlike items as texts or documents, never a null or a list", () => {
    for (const options of ['"like":[«["a"]»]', '"like":["a",«null»]', '"like":"x","unlike":[1,«[]»]']) {
      expectDiagnostic('msearch', query(`{"more_like_this":{"fields":["text"],${options}}}`), {
        code: 'query.wrong-type',
        severity: E,
        message: "Content of 'like' parameter should either be a string or an object",
      });
    }
    expectNoErrors('msearch', query('{"more_like_this":{"fields":["text"],"like":[1,true,"a"],"unlike":[false]}}'));
  });
});

void describe('null in the span, dis_max, constant_score, parent_id, wrapper and intervals parsers', () => {
  void it('refuses null in the words of each parser family', () => {
    expectDiagnostic('msearch', query(`{"span_first":{"match":${SPAN},"end":«null»}}`), {
      code: 'value.not-a-number',
      severity: E,
      message: 'Current token (VALUE_NULL) not numeric, cannot use numeric value accessors',
    });
    expectDiagnostic('msearch', query(`{"span_near":{"clauses":[${SPAN}],"slop":«null»}}`), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_near] query does not support [slop]',
    });
    expectDiagnostic('msearch', query('{"constant_score":{"filter":{"match_all":{}},"boost":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unexpected token [VALUE_NULL]',
    });
    expectDiagnostic('msearch', query('{"wrapper":{"query":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'Current token (VALUE_NULL) not VALUE_STRING or VALUE_EMBEDDED_OBJECT, cannot access as binary',
    });
    expectDiagnostic('msearch', query('{"intervals":{"text":{"match":«null»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[1:40] [match] Expected START_OBJECT but was: VALUE_NULL',
    });
  });

  void it('takes null where nested, boosting and span_multi skip it', () => {
    expectNoErrors('msearch', query('{"nested":{"path":"items","query":{"match_all":{}},"score_mode":null}}'));
    expectNoErrors(
      'msearch',
      query(`{"boosting":{"positive":${SPAN},"negative":${SPAN},"negative_boost":0.5,"boost":null}}`),
    );
    expectNoErrors('msearch', query('{"span_multi":{"match":{"prefix":{"text":"q"}},"boost":null}}'));
  });
});

void describe('a second object in geo_polygon (query.geo-second-field)', () => {
  const POINTS = '{"points":[{"lat":0,"lon":0},{"lat":10,"lon":0},{"lat":10,"lon":10}]}';
  void it('warns that the second object is read as the field', () => {
    expectDiagnostic('msearch', query(`{"geo_polygon":{"location":${POINTS},«"boost"»:{}}}`), {
      code: 'query.geo-second-field',
      severity: 2,
      message:
        '[geo_polygon] reads [boost] as the field, in place of [location]: every shard fails with "failed to find geo_point field [boost]" unless the index maps [boost] as a geo_point field',
    });
    expectNoErrors('msearch', query(`{"geo_polygon":{"location":${POINTS},"other":{}}}`));
    expectNo('msearch', query(`{"geo_polygon":{"location":${POINTS},"boost":2}}`), 'query.geo-second-field');
  });
});

void describe('common reads the values inside an array in turn', () => {
  void it('checks each value of an array as the option', () => {
    expectDiagnostic('msearch', query('{"common":{"text":{"query":"quick","boost":[2,«"x"»]}}}'), {
      code: 'value.not-a-number',
      severity: E,
      message: 'For input string: "x"',
    });
    expectDiagnostic('msearch', query('{"common":{"text":{"query":"quick","high_freq_operator":[«"x"»]}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No enum constant org.opensearch.index.query.Operator.X',
    });
    expectDiagnostic('msearch', query('{"common":{"text":{"query":"quick","boost":[«{}»]}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[common] query does not support [boost]',
    });
    expectNoErrors('msearch', query('{"common":{"text":{"query":"quick","boost":[[2]],"low_freq_operator":["AND"]}}}'));
  });
});

void describe('span_gap and the clauses of span_near and span_or (query.span-gap-place)', () => {
  const GAP = '{"span_gap":{"text":2}}';
  void it('takes span_gap among the clauses of span_near only', () => {
    expectNoErrors('msearch', query(`{"span_near":{"clauses":[${SPAN},${GAP},${SPAN}],"in_order":true}}`));
    expectDiagnostic('msearch', query(`{«"span_gap"»:{"text":2}}`), {
      code: 'query.span-gap-place',
      severity: E,
      itemFailure: true,
      message:
        "provided query builder [class org.opensearch.index.query.SpanNearQueryBuilder$SpanGapQueryBuilder] class should inherit from AbstractQueryBuilder, but it doesn't",
    });
    expectDiagnostic('msearch', query(`{"span_or":{"clauses":[${SPAN},{«"span_gap"»:{"text":2}}]}}`), {
      code: 'query.span-gap-place',
      severity: E,
      itemFailure: true,
      message: /failed to create query: null$/,
    });
    expectDiagnostic('msearch', query(`{"span_near":{"clauses":[${SPAN},{"span_gap":{"text":«"x"»}}]}}`), {
      code: 'value.not-a-number',
      severity: E,
      message: 'For input string: "x"',
    });
  });

  void it('reads each item of span_near and span_or clauses as a query', () => {
    expectDiagnostic('msearch', query('{"span_near":{"clauses":[{«"no_such"»:{}}]}}'), {
      code: 'query.unknown-clause',
      severity: E,
      message: 'unknown query [no_such]',
    });
    expectDiagnostic('msearch', query('{"span_or":{"clauses":[«null»]}}'), {
      code: 'query.not-an-object',
      severity: E,
      message: '[_na] query malformed, must start with start_object',
    });
  });
});

void describe('inside the field object of geo_polygon', () => {
  void it('reads points as an array and refuses other names and tokens', () => {
    expectDiagnostic('msearch', query('{"geo_polygon":{"location":{"points":«1»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[geo_polygon] query does not support token type [VALUE_NUMBER] under [points]',
    });
    expectDiagnostic('msearch', query('{"geo_polygon":{"location":{"points":[[0,0],[0,1],[1,1]],«"pts"»:[]}}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[geo_polygon] query does not support [pts]',
    });
  });

  void it('counts the points: three, or four when the last repeats the first', () => {
    expectDiagnostic('msearch', query('{"geo_polygon":{«"location"»:{}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'polygon must not be null or empty',
    });
    expectDiagnostic('msearch', query('{"geo_polygon":{"location":{"points":«[[0,0],[0,1],[0,0]]»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'too few points defined for geo_polygon query',
    });
    expectNoErrors('msearch', query('{"geo_polygon":{"location":{"points":[[0,0],[0,1],[1,1],[0,0]]}}}'));
    expectNoErrors('msearch', query('{"geo_polygon":{"location":{"points":["0,0","0,1","1,1"]}}}'));
  });
});

void describe('one object where span_near, span_or and any_of read an array', () => {
  void it('refuses one object for span clauses and reads it as the only rule of any_of', () => {
    expectDiagnostic('msearch', query(`{"span_near":{"clauses":«${SPAN}»}}`), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_near] query does not support [clauses]',
    });
    expectNoErrors('msearch', query('{"intervals":{"text":{"any_of":{"intervals":{"match":{"query":"q"}}}}}}'));
    expectDiagnostic('msearch', query('{"intervals":{"text":{"any_of":{"intervals":{«"no_such"»:{}}}}}}'), {
      code: 'query.interval-rules',
      severity: E,
      message: /^Unknown interval type \[no_such\]/,
    });
  });
});

void describe('null short forms of field clauses', () => {
  void it('refuses a null short form as each parser does', () => {
    expectDiagnostic('msearch', query('{"term":{"kw":«null»}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'field name is null or empty',
    });
    expectDiagnostic('msearch', query('{"wildcard":{"kw":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "Can't get text on a VALUE_NULL at 1:28",
    });
    expectDiagnostic('msearch', query('{"intervals":{"text":«null»}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'Expected [START_OBJECT] but got [VALUE_NULL]',
    });
    expectDiagnostic('msearch', query('{"prefix":{"kw":«null»}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'value cannot be null',
    });
    expectNoErrors('msearch', query('{"match":{"text":""}}'));
  });
});

void describe('arrays, empty lists and null options refused by name', () => {
  void it('refuses an array under any name of function_score and script', () => {
    expectDiagnostic('msearch', query('{"function_score":{"query":{"match_all":{}},"boost_mode":«["sum"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'failed to parse [function_score] query. array [boost_mode] is not supported',
    });
    expectDiagnostic('msearch', query('{"script":{"script":{"source":"true"},"boost":«[1]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message:
        '[script] query does not support an array of scripts. Use a bool query with a clause per script instead.',
    });
  });

  void it('refuses empty span clause lists and more_like_this without like or fields', () => {
    expectDiagnostic('msearch', query('{"span_or":{«"clauses"»:[]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'span_or must include [clauses]',
    });
    expectDiagnostic('msearch', query('{"more_like_this":{"like":"quick",«"fields"»:[]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: "more_like_this requires 'fields' to be non-empty",
    });
    expectDiagnostic('msearch', query('{"more_like_this":{«"like"»:null,"fields":["text"]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: "more_like_this requires 'like' to be specified",
    });
  });

  void it('refuses null for the object options of ObjectParser clauses', () => {
    expectDiagnostic('msearch', query('{"percolate":{"field":"query","document":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:51] [percolate] document doesn't support values of type: VALUE_NULL",
    });
    expectNoErrors('msearch', query('{"bool":{"must":null,"minimum_should_match":null}}'));
  });
});

void describe('arrays and empty values the compound parsers refuse', () => {
  void it('refuses arrays where dis_max, constant_score and script_score read a value or a query', () => {
    expectDiagnostic('msearch', query('{"dis_max":{"queries":[{"match_all":{}}],"tie_breaker":«[0.5]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[dis_max] query does not support [tie_breaker]',
    });
    expectDiagnostic('msearch', query('{"constant_score":{"filter":{"match_all":{}},"boost":«[2]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unexpected token [START_ARRAY]',
    });
    expectDiagnostic('msearch', query('{"script_score":{"query":«[]»,"script":{"source":"1"}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:35] [script_score] query doesn't support values of type: START_ARRAY",
    });
  });

  void it('takes null or an empty path, negative_boost, text and term as missing', () => {
    expectDiagnostic('msearch', query('{"nested":{«"path"»:[],"query":{"match_all":{}}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: "[nested] requires 'path' field",
    });
    expectDiagnostic('msearch', query('{"common":{«"text"»:{"query":[]}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'text cannot be null',
    });
    expectDiagnostic('msearch', query('{"terms_set":{"kw":{"terms":[«null»],"minimum_should_match_field":"num"}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'No value specified for terms query',
    });
  });

  void it('reads a null inside an object of a terms list as no value', () => {
    for (const values of [
      '[«{"a":null}»]',
      '["a",«{"a":{"b":[null]}}»]',
      '[«{"index":"i","id":"1","path":"kw","field":null}»]',
    ]) {
      expectDiagnostic('msearch', query(`{"terms":{"kw":${values}}}`), {
        code: 'query.missing-parameter',
        severity: E,
        message: 'No value specified for terms query',
      });
    }
    expectNoErrors('msearch', query('{"terms":{"kw":[{"a":1},{"b":{"c":"d"}},"e"]}}'));
  });

  void it('reads an object of a terms list token by token: a list inside it ends the loop over the terms', () => {
    for (const [values, message] of [
      ['[«{"index":["i"],"id":"1","path":"kw"}»]', '[terms] query does not support [id]'],
      ['[{"a":1},«{"b":["c"]}»]', '[terms] malformed query, expected [END_OBJECT] but found [END_ARRAY]'],
      ['[«{"a":["x"],"_name":"n"}»,"y"]', '[terms] malformed query, expected [END_OBJECT] but found [VALUE_STRING]'],
      ['[«{"a":{"b":["x"]},"c":"y"}»]', '[terms] malformed query, expected [END_OBJECT] but found [FIELD_NAME]'],
      [
        '[«{"a":["x"],"b":{"c":1}}»]',
        '[terms] query does not support more than one field. Already got: [kw] but also found [b]',
      ],
      ['[«{"a":["x"],"b":["c"]}»]', '[terms] query does not support multiple fields'],
      ['[«{"a":["x"],"b":null}»]', '[terms] unknown token [VALUE_NULL] after [b]'],
      ['[«{"a":["x"],"boost":"q"}»]', 'For input string: "q"'],
    ] as const) {
      expectDiagnostic('msearch', query(`{"terms":{"kw":${values}}}`), {
        code: 'query.wrong-type',
        severity: E,
        message,
      });
    }
    // A null met before the list's end is no value.
    expectDiagnostic('msearch', query('{"terms":{"kw":[«{"b":null,"a":["x"]}»]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'No value specified for terms query',
    });
    // terms_set is not known to read its objects so: left as it was.
    expectNoErrors('msearch', query('{"terms_set":{"kw":{"terms":[{"a":["x"]}],"minimum_should_match_field":"num"}}}'));
  });

  void it('refuses a null field name in the words of the target', () => {
    expectDiagnostic('msearch', query('{"query_string":{"query":"quick","fields":[«null»]}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[query_string] field name in [fields] cannot be null',
    });
    const words = (version: string): string[] =>
      diagnose(
        'msearch',
        query('{"query_string":{"query":"quick","fields":[null]}}'),
        makeTarget({ distribution: 'opensearch', version, source: 'setting' }),
      )
        .filter((d) => d.severity === E)
        .map((d) => d.message);
    const jackson = ["Can't get text on a VALUE_NULL at 1:53"];
    const own = ['[query_string] field name in [fields] cannot be null'];
    // Its own words from 3.1.0, and from 2.19.3 on the 2.19 line (real 2.19.1, 2.19.6, 3.8.0, 3.9.0; the artifacts).
    assert.deepEqual(words('2.19.1'), jackson);
    assert.deepEqual(words('2.19.2'), jackson);
    assert.deepEqual(words('2.19.3'), own);
    assert.deepEqual(words('2.19.6'), own);
    assert.deepEqual(words('2.11'), jackson);
    assert.deepEqual(words('3.0.0'), jackson);
    assert.deepEqual(words('3.1.0'), own);
    assert.deepEqual(words('3.9.0'), own);
  });
});

void describe('span_not distances', () => {
  void it('takes dist or pre and post, not both', () => {
    expectDiagnostic('msearch', query(`{"span_not":{"include":${SPAN},"exclude":${SPAN},"pre":1,«"dist"»:0}}`), {
      code: 'query.invalid-value',
      severity: E,
      message: 'span_not can either use [dist] or [pre] & [post] (or none)',
    });
    expectNoErrors('msearch', query(`{"span_not":{"include":${SPAN},"exclude":${SPAN},"pre":1,"post":2}}`));
  });
});

void describe('numbers refused for their value (docs/opensearch/query-dsl.md#value-ranges)', () => {
  void it('refuses each out-of-range number in its builder words', () => {
    expectDiagnostic('msearch', query('{"match":{"text":{"query":"a","max_expansions":«"0"»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: '[match] requires maxExpansions to be positive.',
    });
    expectDiagnostic('msearch', query('{"multi_match":{"query":"a","fields":["text"],"slop":«-1»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No negative slop allowed.',
    });
    expectDiagnostic('msearch', query('{"dis_max":{"queries":[{"match_all":{}}],"tie_breaker":«2»}}'), {
      code: 'query.invalid-value',
      severity: E,
      itemFailure: true,
      message: 'failed to create query: tieBreakerMultiplier must be in [0, 1]',
    });
    expectDiagnostic(
      'msearch',
      query('{"has_child":{"type":"child","query":{"match_all":{}},"min_children":5,"max_children":«2»}}'),
      { code: 'query.invalid-value', severity: E, message: "[has_child] 'max_children' is less than 'min_children'" },
    );
    expectDiagnostic('msearch', query('{"ids":{"values":["1",«""»]}}'), {
      code: 'query.invalid-value',
      severity: E,
      itemFailure: true,
      message: "failed to create query: Ids can't be empty",
    });
  });

  void it('accepts the bounds', () => {
    expectNoErrors('msearch', query('{"match_phrase_prefix":{"text":{"query":"a","max_expansions":0}}}'));
    expectNoErrors('msearch', query(`{"span_first":{"match":${SPAN},"end":0}}`));
    expectNoErrors('msearch', query('{"dis_max":{"queries":[{"match_all":{}}],"tie_breaker":1}}'));
    expectNoErrors(
      'msearch',
      query('{"has_child":{"type":"child","query":{"match_all":{}},"min_children":0,"max_children":0}}'),
    );
  });
});

void describe('negative boosts', () => {
  void it('refuses a negative boost in every clause, an ObjectParser saying so first', () => {
    expectDiagnostic('msearch', query('{"term":{"kw":{"value":"a","boost":«-1»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'negative [boost] are not allowed in [{...}], use a value between 0 and 1 to deboost',
    });
    expectDiagnostic('msearch', query('{"ids":{"values":["1"],"boost":«-1»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: /^\[1:41\] \[ids\] failed to parse field \[boost\]: negative \[boost\] are not allowed/,
    });
    expectDiagnostic('msearch', query('{"geo_distance":{"distance":"1km","location":[2,1],"boost":«"-0.5"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: /^negative \[boost\]/,
    });
    expectNoErrors('msearch', query('{"match":{"text":{"query":"quick","boost":0}}}'));
  });
});

void describe('scripts, documents and range bounds as objects', () => {
  void it('refuses a script object that names no source and no stored script', () => {
    expectDiagnostic('msearch', query('{"script":{"script":«{"lang":"painless"}»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'must specify either [source] for an inline script or [id] for a stored script',
    });
    expectDiagnostic('msearch', query('{"script_score":{"query":{"match_all":{}},"script":«"1"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:61] [script_score] script doesn't support values of type: VALUE_STRING",
    });
    expectNoErrors('msearch', query('{"script":{"script":{"inline":"true"}}}'));
  });

  void it('reads like and unlike objects as documents, and percolate takes one of document and documents', () => {
    expectDiagnostic('msearch', query('{"more_like_this":{"fields":["text"],"like":«{"_index":"i"}»}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'failed to parse More Like This item. neither [id] nor [doc] is specified!',
    });
    expectDiagnostic('msearch', query('{"more_like_this":{"fields":["text"],"like":["q",{«"_type"»:"x"}]}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: 'failed to parse More Like This item. unknown field [_type]',
    });
    expectDiagnostic('msearch', query('{«"percolate"»:{"field":"query","document":{},"documents":[{}]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'The following fields are not allowed together: [document, documents] ',
    });
  });

  void it('reads a range bound object as more members', () => {
    expectDiagnostic('search', 'POST /i/_search\n{"query":{"range":{"num":{"gte":{}}}},«"size":1}»\n', {
      code: 'query.wrong-type',
      severity: E,
      message: 'Unexpected token [FIELD_NAME] found after the main object.',
    });
    expectDiagnostic('msearch', '{}\n{"query":{"range":{"num":{"gte":{}}}},«"size":1}»\n', {
      code: 'msearch.body-rest-ignored',
      severity: 2,
      message: /Unexpected token \[FIELD_NAME\]/,
    });
    // Inside an array the early end meets the array's reader, which refuses the request at the end of its item.
    expectDiagnostic('msearch', query('{"bool":{"filter":[{"range":{"num":{"gte":{}}}«}»]}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /^\[bool\] failed to parse field \[filter\]: expected value but got \[END_OBJECT\]/,
    });
    // What the parsers read before that comes first: the members after the object.
    expectDiagnostic('msearch', query('{"bool":{"filter":[{"range":{"num":{"gte":{},"lte":«10»}}}]}}'), {
      code: 'query.no-short-form',
      severity: E,
      message: '[range] query does not support [lte]',
    });
    expectDiagnostic('msearch', query('{"dis_max":{"queries":[{"range":{"num":{"gte":{}}}«}»]}}'), {
      code: 'query.not-an-object',
      severity: E,
      message: /^\[_na\] query malformed, must start with start_object/,
    });
    expectDiagnostic('msearch', query('{"range":{"num":{"gte":{"a":«1»}}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[range] query does not support [a]',
    });
  });
});

void describe('enumerated options given a number or a boolean', () => {
  void it('refuses the text of a number or boolean as the parser reads it', () => {
    expectDiagnostic('msearch', query('{"match":{"text":{"query":"q","operator":«1»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No enum constant org.opensearch.index.query.Operator.1',
    });
    expectDiagnostic('msearch', query('{"multi_match":{"query":"q","fields":["text"],"type":«true»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'failed to parse [multi_match] query type [true]. unknown type.',
    });
    expectDiagnostic('msearch', query('{"terms_set":{"kw":{"terms":«{}»,"minimum_should_match_field":"num"}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[terms_set] query does not support [terms]',
    });
  });
});

void describe('options of any value read as values', () => {
  void it('refuses an object where simple_query_string and common read a value of any kind', () => {
    expectDiagnostic('msearch', query('{"simple_query_string":{"query":"q","all_fields":«{}»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[simple_query_string] unknown token [START_OBJECT] after [all_fields]',
    });
    expectDiagnostic('msearch', query('{"common":{"text":{"query":"q","disable_coord":«{}»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[common] query does not support [disable_coord]',
    });
    expectNoErrors('msearch', query('{"common":{"text":{"query":"q","minimum_should_match":{"low_freq":1}}}}'));
  });
});

void describe('members a clause parser reads in a loop of its own', () => {
  void it('reads a range query as its loop does: an object is the field, a value is refused, a null is skipped', () => {
    expectDiagnostic('msearch', query('{"range":{"num":{"gte":1},"lte":«5»}}'), {
      code: 'query.no-short-form',
      severity: E,
      message: '[range] query does not support [lte]',
    });
    expectDiagnostic('msearch', query('{"range":{"num":{"gte":1},«"kw"»:{"gte":"a"}}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: "[range] query doesn't support multiple fields, found [num] and [kw]",
    });
    expectNoErrors('msearch', query('{"range":{"lte":null,"num":{"gte":1},"x":[]}}'));
    expectNoErrors('msearch', query('{"range":{"num":[null,[{"gte":1}]]}}'));
    expectDiagnostic('msearch', query('{"range":{"num":«[]»}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'field name is null or empty',
    });
  });

  void it('skips a null member of a term query and refuses an array wherever it stands', () => {
    expectNoErrors('msearch', query('{"term":{"x":null,"kw":"a","y":null}}'));
    expectDiagnostic('msearch', query('{"term":{"kw":"a","x":«[]»}}'), {
      code: 'query.field-array',
      severity: E,
      message: '[term] query does not support array of values',
    });
  });

  void it('reads nothing after the field of a terms_set query, and names tokens as XContent does', () => {
    const field = '"kw":{"terms":["a"],"minimum_should_match_field":"num"}';
    expectDiagnostic('msearch', query(`{"terms_set":{${field},«"x"»:null}}`), {
      code: 'query.multiple-fields',
      severity: E,
      message: '[terms_set] unknown token [FIELD_NAME]',
    });
    expectDiagnostic('msearch', query(`{"terms_set":{"x":«true»,${field}}}`), {
      code: 'query.no-short-form',
      severity: E,
      message: '[terms_set] unknown token [VALUE_BOOLEAN]',
    });
  });

  void it('words a null unknown member as each parser does, or reads on past it', () => {
    expectDiagnostic('msearch', query('{"match":{"text":{"query":"a",«"x"»:null}}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[match] unknown token [VALUE_NULL] after [x]',
    });
    expectDiagnostic('msearch', query('{"fuzzy":{"kw":{"value":"a",«"x"»:null}}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[fuzzy] unexpected token [VALUE_NULL] after [x]',
    });
    expectNoErrors(
      'msearch',
      query(
        '{"boosting":{"positive":{"match_all":{}},"negative":{"match_all":{}},"negative_boost":0.5,"x":null,"y":[]}}',
      ),
    );
    expectNoErrors('msearch', query('{"geo_shape":{"loc":{"shape":{"type":"point","coordinates":[0,0]}},"x":null}}'));
    expectDiagnostic(
      'msearch',
      query(
        '{"boosting":{"positive":{"match_all":{}},"negative":{"match_all":{}},"negative_boost":0.5,«"x"»:[null,5]}}',
      ),
      {
        code: 'query.unknown-parameter',
        severity: E,
        message: '[boosting] query does not support [x]',
      },
    );
    expectDiagnostic('msearch', query('{"script":{"script":"true",«"x"»:null}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message:
        'A null [x] in a [script] query: OpenSearch closes the connection without an answer (its parser throws "Impossible token received: VALUE_NULL")',
    });
  });
});

void describe('geo_shape: a null shape and the indexed shape (docs/opensearch/query-dsl.md#geo-shapes)', () => {
  const POINT = '{"type":"point","coordinates":[1,2]}';
  const shape = (field: string): string => query(`{"geo_shape":{"location":${field}}}`);

  void it('reads a null shape as no shape, and asks for a shape or an indexed shape with an id', () => {
    for (const field of [
      '{"shape":null,"relation":"within"}',
      '{"indexed_shape":{}}',
      '{"indexed_shape":{"index":"x"}}',
    ]) {
      const found = diagnose('msearch', shape(field)).filter((d) => d.severity === E);
      assert.deepEqual(
        found.map((d) => d.message),
        ['either shape or indexedShapeId is required'],
        field,
      );
    }
    expectNoErrors('msearch', shape('{"indexed_shape":{"id":"1","index":"shapes","other":2}}'));
    expectNoErrors('msearch', shape(`{"shape":null,"indexed_shape":{"id":"1"}}`));
  });

  void it('refuses what the indexed shape token loop refuses, where it stands', () => {
    expectDiagnostic('msearch', shape('{"indexed_shape":{"id":"1","x":«null»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unknown token [VALUE_NULL] after [x]',
    });
    expectDiagnostic('msearch', shape('{"indexed_shape":«[1]»}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unknown token [END_ARRAY] after [indexed_shape]',
    });
    expectDiagnostic('msearch', shape('{"indexed_shape":[1,«{"id":"1"}»]}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unknown token [START_OBJECT] after [indexed_shape]',
    });
  });

  void it('reads the members after an indexed shape written as a value as the indexed shape', () => {
    // Nothing names an id: the builder asks for one, whatever the members after it say.
    const found = diagnose('msearch', shape('{"indexed_shape":null,"relation":"bogus"}')).filter(
      (d) => d.severity === E,
    );
    assert.deepEqual(
      found.map((d) => d.message),
      ['either shape or indexedShapeId is required'],
    );
    expectDiagnostic('msearch', shape('{"indexed_shape":1,"x":«[]»}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'unknown token [START_ARRAY] after [x]',
    });
    // A shape before it: the parsers above end one level early, and the request fails.
    const early = diagnose('msearch', shape(`{"shape":${POINT},"indexed_shape":null}`)).filter((d) => d.severity === E);
    assert.equal(early.length, 1);
    assert.equal(early[0]!.code, 'query.wrong-type');
    assert.match(early[0]!.message, /^\[indexed_shape\] is read as an object/);
  });

  void it("checks the field's object written inside a list, and refuses a second one", () => {
    expectDiagnostic('msearch', shape('[null,[{"shape":{"type":"envelope","coordinates":«[[0,5],["x",0]]»}}]]'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'geo coordinates must be numbers',
    });
    expectDiagnostic('msearch', shape(`[{"shape":${POINT}},«{"shape":${POINT}}»]`), {
      code: 'query.multiple-fields',
      severity: E,
      message: 'point specified twice. [location]',
    });
    expectNoErrors('msearch', shape(`[{"shape":${POINT},"relation":"within"}]`));
  });

  void it('says what each shard refuses of a shape only once the members after it are read', () => {
    const far = '{"type":"envelope","coordinates":[[200,5],[5,0]]}';
    // In an `_msearch`, what a shard refuses fails that search only: a Warning; what the parser refuses is an Error.
    const found = (field: string): [number | undefined, string][] =>
      diagnose('msearch', shape(field)).map((d) => [d.severity, d.message.split(' In an `_msearch`')[0]!]);
    const longitude = 'failed to create query: invalid longitude 200.0; must be between -180.0 and 180.0';
    assert.deepEqual(found(`{"shape":${far}}`), [[2, longitude]]);
    assert.deepEqual(found(`{"shape":${far},"relation":"within"}`), [[2, longitude]]);
    // A member the loop refuses after the shape: the request fails there, and no shard builds the query.
    assert.deepEqual(found(`{"shape":${far},"missing":null}`), [[E, 'query does not support [missing]']]);
    assert.deepEqual(found(`{"shape":${far},"relation":"nope"}`), [[E, 'Unknown shape operation [nope ]']]);
    assert.ok(
      found(`[{"shape":${far}},{"shape":${POINT}}]`).some(
        ([s, m]) => s === E && m === 'point specified twice. [location]',
      ),
    );
  });
});
