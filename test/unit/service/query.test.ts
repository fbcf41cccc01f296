import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo } from './harness';

const E = 1;
const query = (json: string): string => `{}\n{"query":${json}}\n`;

void describe('query clauses (docs/opensearch/query-dsl.md)', () => {
  void it('accepts the common clauses in their usual shapes', () => {
    const clauses = [
      '{"match_all":{"boost":1.2}}',
      '{"match_none":{}}',
      '{"match":{"message":"timeout"}}',
      '{"match":{"message":{"query":"timeout","operator":"AND","fuzziness":"AUTO","zero_terms_query":"all"}}}',
      '{"match_phrase":{"message":{"query":"a b","slop":2}}}',
      '{"multi_match":{"query":"x","fields":["a^2","b"],"type":"best_fields"}}',
      '{"term":{"level":"error"}}',
      '{"term":{"level":{"value":"error","case_insensitive":true}}}',
      '{"terms":{"level":["error","warn"],"boost":2}}',
      '{"range":{"@timestamp":{"gte":"now-1d/d","lt":"now","format":"strict_date_optional_time"}}}',
      '{"exists":{"field":"user"}}',
      '{"ids":{"values":["1","2"]}}',
      '{"prefix":{"user":"ki"}}',
      '{"wildcard":{"user":{"value":"ki*y"}}}',
      '{"regexp":{"user":{"value":"k.*y","flags":"ALL"}}}',
      '{"fuzzy":{"user":{"value":"ki","fuzziness":2}}}',
      '{"bool":{"must":[{"match":{"a":"x"}}],"filter":{"term":{"b":1}},"should":[],"must_not":[],"minimum_should_match":1}}',
      '{"constant_score":{"filter":{"term":{"a":1}},"boost":1.2}}',
      '{"dis_max":{"queries":[{"term":{"a":1}}],"tie_breaker":0.7}}',
      '{"nested":{"path":"obj","query":{"match_all":{}},"score_mode":"avg"}}',
      '{"query_string":{"query":"level:error AND service:api","default_field":"message"}}',
      '{"simple_query_string":{"query":"a | b","fields":["message"]}}',
      '{"function_score":{"query":{"match_all":{}},"boost_mode":"multiply","functions":[{"weight":2}]}}',
      '{"boosting":{"positive":{"match_all":{}},"negative":{"term":{"a":1}},"negative_boost":0.5}}',
      '{"knn":{"vector":{"vector":[1,2],"k":3}}}',
      '{"combined_fields":{"query":"x","fields":["a"]}}',
    ];
    for (const clause of clauses) expectNo('msearch', query(clause));
  });

  void it('rejects an empty clause, at the closing brace', () => {
    expectDiagnostic('msearch', '{}\n{"query":«{}»}\n', {
      code: 'query.empty-clause',
      severity: E,
      message: 'query malformed, empty clause found at [1:11]',
    });
    expectDiagnostic('msearch', '{}\n{"query":{"bool":{"must":[«{}»]}}}\n', {
      code: 'query.empty-clause',
      severity: E,
      message: 'query malformed, empty clause found at [1:28]',
    });
  });

  void it('rejects an unknown clause with "did you mean"', () => {
    expectDiagnostic('msearch', query('{«"mach"»:{"a":"x"}}'), {
      code: 'query.unknown-clause',
      severity: E,
      message: 'unknown query [mach] did you mean [match]?',
    });
    expectDiagnostic('msearch', query('{«"type"»:{"value":"doc"}}'), {
      code: 'query.unknown-clause',
      severity: E,
      message: /^unknown query \[type\]/,
    });
  });

  void it('rejects a clause whose value is not an object', () => {
    expectDiagnostic('msearch', query('{"match":«"x"»}'), {
      code: 'query.malformed',
      severity: E,
      message: '[match] query malformed, no start_object after query name',
    });
  });

  void it('rejects two clauses in one query object', () => {
    expectDiagnostic('msearch', query('{"match_all":{},«"term"»:{"a":1}}'), {
      code: 'query.two-clauses',
      severity: E,
      message: '[match_all] malformed query, expected [END_OBJECT] but found [FIELD_NAME]',
    });
  });

  void it('rejects a query element that is not an object', () => {
    expectDiagnostic('msearch', query('{"bool":{"must":[«1»]}}'), {
      code: 'query.not-an-object',
      severity: E,
      message: '[_na] query malformed, must start with start_object',
    });
  });

  void it('rejects several fields where one is allowed', () => {
    expectDiagnostic('msearch', query('{"match":{"a":"x",«"b"»:"y"}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: "[match] query doesn't support multiple fields, found [a] and [b]",
    });
    expectDiagnostic('msearch', query('{"term":{"a":1,«"boost"»:2}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: "[term] query doesn't support multiple fields, found [a] and [boost]",
    });
    expectDiagnostic('msearch', query('{"terms":{"a":[1],«"b"»:[2]}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: '[terms] query does not support multiple fields',
    });
  });

  void it('rejects unknown parameters of the common clauses in each parser’s words', () => {
    expectDiagnostic('msearch', query('{"match":{"a":{"query":"x",«"operater"»:"and"}}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[match] query does not support [operater]',
    });
    expectDiagnostic('msearch', query('{"bool":{«"musts"»:[]}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[1:19] [bool] unknown field [musts] did you mean any of [must, mustNot]?',
    });
    expectDiagnostic('msearch', query('{"ids":{«"value"»:["1"]}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[1:18] [ids] unknown field [value] did you mean [values]?',
    });
    expectDiagnostic('msearch', query('{"more_like_this":{"like":"x",«"fieldz"»:["a"]}}'), {
      code: 'query.unknown-parameter',
      severity: E,
      message: '[mlt] query does not support [fieldz]',
    });
  });

  void it('rejects an object or array where a parser reads a value, in its words', () => {
    expectDiagnostic('msearch', query('{"common":{"text":{"query":"x","boost":«{}»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[common] query does not support [boost]',
    });
    expectDiagnostic('msearch', query('{"more_like_this":{"like":"x","analyzer":«["a"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[mlt] query does not support [analyzer]',
    });
    expectDiagnostic('msearch', query('{"field_masking_span":{"query":{"span_term":{"kw":"a"}},"field":«{}»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[span_field_masking] query does not support [field]',
    });
    expectDiagnostic('msearch', query('{"terms":{"kw":["a"],«"boost"»:{}}}'), {
      code: 'query.multiple-fields',
      severity: E,
      message: '[terms] query does not support more than one field. Already got: [kw] but also found [boost]',
    });
    // An array where the common terms parser reads a value is skipped: OpenSearch runs it.
    expectNo('msearch', query('{"common":{"text":{"query":"x","_name":["a"]}}}'), 'query.wrong-type');
    expectDiagnostic('msearch', query('{"query_string":{"query":"x","analyzer":«["a"]»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[query_string] query does not support [analyzer]',
    });
    expectDiagnostic('msearch', query('{"query_string":{"query":"x","analyzer":«{}»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[query_string] unknown token [START_OBJECT] after [analyzer]',
    });
  });

  void it('rejects an object or array where fuzzy reads a value, in its words', () => {
    expectDiagnostic('msearch', query('{"fuzzy":{"kw":{"value":«["a"]»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[fuzzy] unexpected token [START_ARRAY] after [value]',
    });
    expectDiagnostic('msearch', query('{"fuzzy":{"kw":{"value":"a","boost":«{}»}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[fuzzy] unexpected token [START_OBJECT] after [boost]',
    });
  });

  void it('rejects an object where term-level clauses read a number, in Jackson words', () => {
    expectDiagnostic('msearch', query('{"term":{"kw":{"value":"a","boost":«{}»}}}'), {
      code: 'value.not-a-number',
      severity: E,
      message: 'Current token (START_OBJECT) not numeric, cannot use numeric value accessors',
    });
    expectDiagnostic('msearch', query('{"range":{"num":{"gte":1,"boost":«{}»}}}'), {
      code: 'value.not-a-number',
      severity: E,
      message: 'Current token (START_OBJECT) not numeric, cannot use numeric value accessors',
    });
  });

  void it('rejects a string where a clause reads a query, in the words of its parser', () => {
    expectDiagnostic('msearch', query('{"constant_score":{"filter":«"x"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[constant_score] query does not support [filter]',
    });
    expectDiagnostic('msearch', query('{"dis_max":{"queries":«"x"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: '[dis_max] query does not support [queries]',
    });
    expectDiagnostic('msearch', query('{"function_score":{"query":«"x"»,"functions":[{"weight":2}]}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: 'failed to parse [function_score] query. field [query] is not supported',
    });
    expectDiagnostic('msearch', query('{"script_score":{"query":«"x"»,"script":{"source":"1"}}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: /^\[1:\d+\] \[script_score\] query doesn't support values of type: VALUE_STRING$/,
    });
  });

  void it('rejects missing required parameters', () => {
    expectDiagnostic('msearch', query('{«"exists"»:{}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: '[exists] must be provided with a [field]',
    });
    expectDiagnostic('msearch', query('{«"nested"»:{"query":{"match_all":{}}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: "[nested] requires 'path' field",
    });
    expectDiagnostic('msearch', query('{"match":{«"message"»:{"operator":"and"}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'No text specified for text query',
    });
    expectDiagnostic('msearch', query('{«"multi_match"»:{"fields":["a"]}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'No text specified for multi_match query',
    });
    expectDiagnostic('msearch', query('{«"script_score"»:{"query":{"match_all":{}}}}'), {
      code: 'query.missing-parameter',
      severity: E,
      message: 'Required [script]',
    });
  });

  void it('rejects an array where a field takes one value', () => {
    expectDiagnostic('msearch', query('{"term":{"level":«["a","b"]»}}'), {
      code: 'query.field-array',
      severity: E,
      message: '[term] query does not support array of values',
    });
    expectDiagnostic('msearch', query('{"match":{"level":«["a"]»}}'), {
      code: 'query.field-array',
      severity: E,
      message: "Can't get text on a START_ARRAY at 1:28",
    });
  });

  void it('rejects a bool clause that is neither a query nor a list', () => {
    expectDiagnostic('msearch', query('{"bool":{"must":«"x"»}}'), {
      code: 'query.wrong-type',
      severity: E,
      message: "[1:26] [bool] must doesn't support values of type: VALUE_STRING",
    });
  });

  void it('rejects enumerated values the server refuses, in its words', () => {
    expectDiagnostic('msearch', query('{"multi_match":{"query":"x","type":«"best"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'failed to parse [multi_match] query type [best]. unknown type.',
    });
    expectDiagnostic('msearch', query('{"match":{"a":{"query":"x","operator":«"xor"»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No enum constant org.opensearch.index.query.Operator.XOR',
    });
    expectDiagnostic('msearch', query('{"match":{"a":{"query":"x","zero_terms_query":«"some"»}}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'Unsupported zero_terms_query value [some]',
    });
    expectDiagnostic('msearch', query('{"nested":{"path":"p","query":{"match_all":{}},"score_mode":«"median"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No score mode for child query [median] found',
    });
    expectDiagnostic('msearch', query('{"function_score":{"query":{"match_all":{}},"boost_mode":«"mult"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'No enum constant org.opensearch.common.lucene.search.function.CombineFunction.MULT',
    });
    expectNo('msearch', query('{"function_score":{"query":{"match_all":{}},"boost_mode":"SUM","score_mode":"Max"}}'));
    expectNo('msearch', query('{"match":{"a":{"query":"x","operator":"And","zero_terms_query":"NONE"}}}'));
  });

  void it("refuses an enum value the clause does not know, in its reader's words", () => {
    // query_string reads its type with multi_match's reader (real 3.8.0 and 2.19.1: query/query_string/type/unknown).
    expectDiagnostic('msearch', query('{"query_string":{"query":"x","type":«"bogus"»}}'), {
      code: 'query.invalid-value',
      severity: E,
      message: 'failed to parse [multi_match] query type [bogus]. unknown type.',
    });
  });

  void it('checks queries inside post_filter and filter aggregations', () => {
    expectDiagnostic('msearch', '{}\n{"post_filter":{«"trem"»:{"a":1}}}\n', {
      code: 'query.unknown-clause',
      severity: E,
    });
    expectDiagnostic('msearch', '{}\n{"aggs":{"f":{"filter":{«"trem"»:{"a":1}}}}}\n', {
      code: 'query.unknown-clause',
      severity: E,
    });
  });
});
