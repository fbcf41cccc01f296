import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo } from './harness';

const E = 1;
const W = 2;
const body = (json: string): string => `GET /_search\n${json}\n`;

void describe('search body fields (docs/opensearch/search.md#the-body)', () => {
  void it('accepts every top-level field in the token kinds the server reads', () => {
    expectNo(
      'search',
      body(
        JSON.stringify({
          query: { match_all: {} },
          post_filter: { term: { level: 'error' } },
          from: 0,
          size: '20',
          timeout: '10s',
          terminate_after: 100,
          min_score: '0.5',
          version: 'true',
          seq_no_primary_term: true,
          explain: false,
          track_scores: true,
          include_named_queries_score: false,
          profile: true,
          verbose_pipeline: false,
          track_total_hits: 1000,
          _source: { includes: ['a'], excludes: ['b'] },
          stored_fields: ['a'],
          docvalue_fields: ['a', { field: 'b', format: 'epoch_millis' }],
          fields: ['c'],
          script_fields: { s: { script: { source: '1' } } },
          indices_boost: [{ logs: 2 }],
          aggs: { a: { avg: { field: 'x' } } },
          highlight: { fields: { message: {} } },
          suggest: { s: { text: 'x', term: { field: 'message' } } },
          sort: [{ '@timestamp': 'desc' }],
          stats: ['group'],
          search_after: [1],
          collapse: { field: '@timestamp' },
          search_pipeline: { request_processors: [] },
          derived: {},
          ext: {},
        }),
      ),
    );
  });

  void it('rejects an unknown field with the server’s token wording', () => {
    expectDiagnostic('search', body('{«"querry"»: {"match_all": {}}}'), {
      code: 'search.unknown-field',
      severity: E,
      message: 'Unknown key for a START_OBJECT in [querry].',
    });
    for (const [field, token] of [
      ['runtime_mappings', 'START_OBJECT'],
      ['knn', 'START_OBJECT'],
      ['point_in_time', 'START_OBJECT'],
      ['retriever', 'START_OBJECT'],
    ] as const) {
      expectDiagnostic('search', body(`{«"${field}"»: {}}`), {
        code: 'search.unknown-field',
        severity: E,
        message: `Unknown key for a ${token} in [${field}].`,
      });
    }
  });

  void it('rejects a known field written as the wrong kind of token', () => {
    expectDiagnostic('search', body('{"query": «"x"»}'), {
      code: 'search.wrong-type',
      severity: E,
      message: 'Unknown key for a VALUE_STRING in [query].',
    });
    expectDiagnostic('search', body('{"size": «null»}'), {
      code: 'search.wrong-type',
      severity: E,
      message: 'Unknown key for a VALUE_NULL in [size].',
    });
    expectDiagnostic('search', body('{"fields": «"a"»}'), {
      code: 'search.wrong-type',
      severity: E,
      message: 'Unknown key for a VALUE_STRING in [fields].',
    });
    expectDiagnostic('search', body('{"aggs": «[]»}'), {
      code: 'search.wrong-type',
      severity: E,
      message: 'Unknown key for a START_ARRAY in [aggs].',
    });
  });

  void it('reads numbers as the server does', () => {
    expectDiagnostic('search', body('{"size": «true»}'), {
      code: 'value.not-a-number',
      severity: E,
      // Jackson 3 words (OpenSearch 3.7 on, the default target); Jackson 2 says `can not` and `int`.
      message: 'Current token (VALUE_TRUE) not numeric, cannot use numeric value accessors',
    });
    expectDiagnostic('search', body('{"from": «"ten"»}'), {
      code: 'value.not-a-number',
      severity: E,
      message: 'For input string: "ten"',
    });
    expectDiagnostic('search', body('{"size": «99999999999»}'), {
      code: 'value.out-of-range',
      severity: E,
      message: 'Numeric value (99999999999) out of range of `int` (-2147483648 - 2147483647)',
    });
    expectDiagnostic('search', body('{"size": «-1»}'), {
      code: 'search.negative-size',
      severity: E,
      message: '[size] parameter cannot be negative, found [-1]',
    });
    expectDiagnostic('search', body('{"from": «-5»}'), {
      code: 'search.negative-from',
      severity: E,
      message: '[from] parameter cannot be negative, found [-5]',
    });
    expectNo('search', body('{"size": 1.9, "from": "3"}'));
  });

  void it('reads booleans as the server does', () => {
    expectDiagnostic('search', body('{"explain": «1»}'), {
      code: 'value.not-a-boolean',
      severity: E,
      message: 'Current token (VALUE_NUMBER_INT) not of boolean type',
    });
    expectDiagnostic('search', body('{"version": «"yes"»}'), {
      code: 'value.not-a-boolean',
      severity: E,
      message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
    });
  });

  void it('reads the body timeout as a time value', () => {
    expectDiagnostic('search', body('{"timeout": «5»}'), {
      code: 'value.invalid-time',
      severity: E,
      message: 'failed to parse setting [timeout] with value [5] as a time value: unit is missing or unrecognized',
    });
    expectNo('search', body('{"timeout": "500ms"}'));
  });

  void it('rejects non-string stats', () => {
    expectDiagnostic('search', body('{"stats": ["a", «1»]}'), {
      code: 'search.wrong-type',
      severity: E,
      message: 'Expected [VALUE_STRING] in [stats] but found [VALUE_NUMBER]',
    });
  });

  void it('warns of the deprecated object form of indices_boost', () => {
    expectDiagnostic('search', body('{«"indices_boost"»: {"logs": 2}}'), {
      code: 'search.deprecated',
      severity: W,
      message: 'Object format in indices_boost is deprecated, please use array format instead',
    });
  });

  void it('warns when both aggs and aggregations are given', () => {
    expectDiagnostic(
      'search',
      body('{«"aggs"»: {"a": {"avg": {"field": "x"}}}, "aggregations": {"b": {"max": {"field": "x"}}}}'),
      {
        code: 'search.aggs-twice',
        severity: W,
      },
    );
  });

  void it('rejects a body that is not an object, and content after it', () => {
    expectDiagnostic('search', body('«[]»'), {
      code: 'search.body-not-object',
      severity: E,
      message: 'Expected [START_OBJECT] but found [START_ARRAY]',
    });
    expectDiagnostic('search', body('{"size": 1}\n«{"size": 2}»'), {
      code: 'search.trailing-content',
      severity: E,
      message: 'Unexpected token [START_OBJECT] found after the main object.',
    });
  });

  void it('warns that q replaces the body query', () => {
    expectDiagnostic('search', 'GET /_search?q=level:error\n{«"query"»: {"match_all": {}}}\n', {
      code: 'search.q-overrides-query',
      severity: W,
    });
  });
});

void describe('the phrase suggester reads direct_generator token by token (docs/opensearch/search.md)', () => {
  const phrase = (generators: string): string =>
    body(`{"suggest":{"s":{"text":"x","phrase":{"field":"text","direct_generator":${generators}}}}}`);
  const fieldWords = "suggester[phrase] doesn't support field [direct_generator]";
  const arrayWords = "suggester[phrase]  doesn't support array field [direct_generator]";

  void it('reads a list inside as the generators again, and refuses what the suggester meets after the loop', () => {
    for (const [generators, code, message] of [
      ['[1,«{"field":"text"}»]', 'search.wrong-type', arrayWords],
      ['[[«{"field":"text"}»]]', 'search.wrong-type', arrayWords],
      ['[«[[{"field":"text"}]]»]', 'search.unknown-field', fieldWords],
      ['[1,[{"field":"text"}],«2»]', 'search.unknown-field', fieldWords],
      ['[«[]»,{"field":"text"}]', 'search.unknown-field', fieldWords],
    ] as const) {
      expectDiagnostic('search', phrase(generators), { code, severity: E, message });
    }
    expectNo('search', phrase('[{"field":"text"},{"field":"text","size":2}]'));
  });
});
