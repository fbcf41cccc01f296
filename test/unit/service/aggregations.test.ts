import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo, expectNoErrors } from './harness';

const E = 1;
const W = 2;
const aggs = (json: string): string => `{}\n{"size":0,"aggs":${json}}\n`;

void describe('aggregations (docs/opensearch/aggregations.md)', () => {
  void it('accepts common aggregations with sub-aggregations and meta', () => {
    expectNo(
      'msearch',
      aggs(
        JSON.stringify({
          by_level: {
            terms: { field: 'level', size: 5, order: { _count: 'desc' } },
            meta: { owner: 'me' },
            aggs: {
              avg_duration: { avg: { field: 'duration_ms' } },
              p: { percentiles: { field: 'duration_ms', percents: [50, 99] } },
            },
          },
          per_hour: { date_histogram: { field: '@timestamp', calendar_interval: 'hour', min_doc_count: 0 } },
          h: { histogram: { field: 'price', interval: 10 } },
          c: { cardinality: { field: 'user' } },
          r: { range: { field: 'price', ranges: [{ to: 10 }] } },
          f: { filters: { filters: { errors: { term: { level: 'error' } } } } },
          top: { top_hits: { size: 1 } },
          comp: { composite: { sources: [{ l: { terms: { field: 'level' } } }] } },
          sb: { sum_bucket: { buckets_path: 'by_level>_count' } },
        }),
      ),
    );
  });

  void it('rejects an unknown aggregation type with "did you mean"', () => {
    expectDiagnostic('msearch', aggs('{"x":{«"termz"»:{"field":"a"}}}'), {
      code: 'aggs.unknown-type',
      severity: E,
      message: 'Unknown aggregation type [termz] did you mean [terms]?',
    });
    expectDiagnostic('msearch', aggs('{"x":{«"boxplot"»:{"field":"a"}}}'), {
      code: 'aggs.unknown-type',
      severity: E,
      message: /^Unknown aggregation type \[boxplot\]/,
    });
    // A plugin's type is accepted, and not suggested: the nodes without the plugin do not name it.
    expectDiagnostic('msearch', aggs('{"x":{«"geotile_grids"»:{"field":"a"}}}'), {
      code: 'aggs.unknown-type',
      severity: E,
      message: 'Unknown aggregation type [geotile_grids] did you mean any of [geotile_grid, geohash_grid]?',
    });
    expectNoErrors('msearch', aggs('{"x":{"geohex_grid":{"field":"a"}}}'));
  });

  void it('rejects bad names', () => {
    expectDiagnostic('msearch', aggs('{«"a>b"»:{"avg":{"field":"x"}}}'), {
      code: 'aggs.invalid-name',
      severity: E,
      message: "Invalid aggregation name [a>b]. Aggregation names can contain any character except '[', ']', and '>'",
    });
  });

  void it('rejects two types in one aggregation', () => {
    expectDiagnostic('msearch', aggs('{"x":{"terms":{"field":"a"},«"avg"»:{"field":"b"}}}'), {
      code: 'aggs.two-types',
      severity: E,
      message: 'Found two aggregation type definitions in [x]: [terms] and [avg]',
    });
  });

  void it('rejects a missing definition', () => {
    expectDiagnostic('msearch', aggs('{«"x"»:{"meta":{}}}'), {
      code: 'aggs.missing-definition',
      severity: E,
      message: 'Missing definition for aggregation [x]',
    });
  });

  void it('rejects a definition that is not an object', () => {
    expectDiagnostic('msearch', aggs('{"x":«5»}'), {
      code: 'aggs.not-an-object',
      severity: E,
      message: 'Aggregation definition for [x starts with a [VALUE_NUMBER], expected a [START_OBJECT].',
    });
    expectDiagnostic('msearch', aggs('{"x":{"terms":«"level"»}}'), {
      code: 'aggs.expected-object',
      severity: E,
      message: 'Expected [START_OBJECT] under [terms], but got a [VALUE_STRING] in [x]',
    });
  });

  void it('rejects two sub-aggregation blocks', () => {
    expectDiagnostic(
      'msearch',
      aggs(
        '{"x":{"terms":{"field":"a"},"aggs":{"y":{"avg":{"field":"b"}}},«"aggregations"»:{"z":{"avg":{"field":"b"}}}}}',
      ),
      { code: 'aggs.two-sub-aggregations', severity: E, message: 'Found two sub aggregation definitions under [x]' },
    );
  });

  void it('rejects unknown parameters of parser-built aggregations', () => {
    expectDiagnostic('msearch', aggs('{"x":{"terms":{"field":"a",«"sise"»:5}}}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message: /^\[1:\d+\] \[terms\] unknown field \[sise\] did you mean \[size\]\?$/,
    });
  });

  void it('requires a field or a script', () => {
    expectDiagnostic('msearch', aggs('{"x":{«"avg"»:{"missing":0}}}'), {
      code: 'aggs.missing-field',
      severity: E,
      message: 'Required one of fields [field, script], but none were specified. ',
    });
    expectDiagnostic('msearch', aggs('{"x":{«"range"»:{"ranges":[{"to":5}]}}}'), {
      code: 'aggs.missing-field',
      severity: E,
      message: 'Required one of fields [field, script], but none were specified. ',
    });
    // Geo and IP aggregations read a field only (their parsers know no script).
    expectDiagnostic('msearch', aggs('{"x":{«"geotile_grid"»:{"precision":3}}}'), {
      code: 'aggs.missing-field',
      severity: E,
      message: 'Required one of fields [field], but none were specified. ',
    });
    expectNo('msearch', aggs('{"x":{"ip_range":{"field":"ip","ranges":[{"to":"10.0.0.5"}]}}}'), 'aggs.missing-field');
  });

  void it('requires the fields of moving_fn and a positive window', () => {
    const histogram = (movingFn: string): string =>
      aggs(
        `{"h":{"date_histogram":{"field":"date","calendar_interval":"day"},"aggs":{"s":{"sum":{"field":"num"}},"m":${movingFn}}}}`,
      );
    expectDiagnostic('msearch', histogram('{«"moving_fn"»:{"buckets_path":"s","window":2}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      message: 'Required [script]',
    });
    expectDiagnostic('msearch', histogram('{«"moving_fn"»:{}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      message: 'Required [buckets_path, script, window]',
    });
    expectDiagnostic(
      'msearch',
      histogram('{"moving_fn":{"buckets_path":"s","window":«0»,"script":"MovingFunctions.max(values)"}}'),
      { code: 'aggs.invalid-value', severity: E, message: '[window] must be a positive, non-zero integer.' },
    );
    expectNo(
      'msearch',
      histogram('{"moving_fn":{"buckets_path":"s","window":1,"script":"MovingFunctions.max(values)"}}'),
    );
  });

  void it('checks date_histogram intervals', () => {
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t","calendar_interval":«"2d"»}}}'), {
      code: 'aggs.invalid-calendar-interval',
      severity: E,
      message: 'The supplied interval [2d] could not be parsed as a calendar interval.',
    });
    expectDiagnostic(
      'msearch',
      aggs('{"x":{"date_histogram":{"field":"t","calendar_interval":"day",«"fixed_interval"»:"1h"}}}'),
      {
        code: 'aggs.two-intervals',
        severity: E,
        message: 'Cannot use [fixed_interval] with [calendar_interval] configuration option.',
      },
    );
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t",«"interval"»:"1h"}}}'), {
      code: 'aggs.deprecated',
      severity: W,
    });
    expectDiagnostic('msearch', aggs('{"x":{«"date_histogram"»:{"field":"t"}}}'), {
      code: 'aggs.missing-interval',
      severity: E,
      itemFailure: true,
      message: 'Invalid interval specified, must be non-null and non-empty',
    });
  });

  void it('checks the intervals each shard builds its rounding from, and the legacy interval as its parser reads it', () => {
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t","fixed_interval":«"0m"»}}}'), {
      code: 'aggs.invalid-value',
      severity: E,
      itemFailure: true,
      message:
        '[date_histogram] has an interval [0m] under one millisecond: OpenSearch fails every shard with "Zero or negative time interval not supported"',
    });
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t","interval":«"1.5h"»}}}'), {
      code: 'aggs.invalid-value',
      severity: E,
      itemFailure: true,
      message:
        '[date_histogram] has an interval [1.5h] that is no time value: OpenSearch fails every shard with "Unable to parse interval [1.5h]"',
    });
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t","interval":«0.5»}}}'), {
      code: 'aggs.invalid-value',
      severity: E,
      message:
        '[1:65] [date_histogram] failed to parse field [interval]: [interval] must be 1 or greater for aggregation [date_histogram]',
    });
    expectDiagnostic('msearch', aggs('{"x":{"date_histogram":{"field":"t","interval":«true»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: "[1:65] [date_histogram] interval doesn't support values of type: VALUE_BOOLEAN",
    });
    // A number of milliseconds, and the calendar units, are intervals (a composite source said it had none).
    expectNoErrors('msearch', aggs('{"x":{"date_histogram":{"field":"t","interval":3600000}}}'));
    expectNoErrors('msearch', aggs('{"x":{"date_histogram":{"field":"t","interval":"month"}}}'));
    expectNoErrors(
      'msearch',
      aggs('{"c":{"composite":{"sources":[{"d":{"date_histogram":{"field":"t","interval":3600000}}}]}}}'),
    );
    expectDiagnostic(
      'msearch',
      aggs(
        '{"c":{"composite":{"sources":[{"d":{"date_histogram":{"field":"t","fixed_interval":"1h",«"calendar_interval"»:"day"}}}]}}}',
      ),
      {
        code: 'aggs.two-intervals',
        severity: E,
        message:
          '[1:126] [date_histogram] failed to parse field [calendar_interval]: Cannot use [calendar_interval] with [fixed_interval] configuration option.',
      },
    );
  });

  void it("checks a date histogram's format and a composite source's format and offset", () => {
    // Without a cluster the field may hold numbers, whose format is a number format: a blank one runs there.
    expectNoErrors('msearch', aggs('{"x":{"date_histogram":{"field":"t","calendar_interval":"day","format":" "}}}'));
    expectNoErrors('msearch', aggs('{"x":{"date_histogram":{"field":"t","calendar_interval":"day","format":"yyyy"}}}'));
    const source = (options: string): string =>
      aggs(
        `{"c":{"composite":{"sources":[{"d":{"date_histogram":{"field":"t","calendar_interval":"day",${options}}}}]}}}`,
      );
    expectDiagnostic('msearch', source('"format":«-1»'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: "[1:119] [date_histogram] format doesn't support values of type: VALUE_NUMBER",
    });
    expectDiagnostic('msearch', source('"offset":«"x"»'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: '[1:119] [date_histogram] failed to parse field [offset]',
    });
    expectDiagnostic('msearch', source('"offset":«true»'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: "[1:119] [date_histogram] offset doesn't support values of type: VALUE_BOOLEAN",
    });
    expectNoErrors('msearch', source('"offset":-1,"format":"yyyy"'));
    expectNoErrors('msearch', source('"offset":"-30m"'));
  });

  void it('checks terms size and pipeline gap policies', () => {
    expectDiagnostic('msearch', aggs('{"x":{"terms":{"field":"a","size":«0»}}}'), {
      code: 'aggs.invalid-size',
      severity: E,
      message: /\[terms\] failed to parse field \[size\]: \[size\] must be greater than 0\. Found \[0\] in \[x\]$/,
    });
    expectDiagnostic('msearch', aggs('{"x":{"derivative":{"buckets_path":"a","gap_policy":«"keep_values"»}}}'), {
      code: 'aggs.invalid-gap-policy',
      severity: E,
      message: 'Invalid gap policy: [keep_values], accepted values: [insert_zeros, skip]',
    });
  });
});

void describe('null and empty lists in aggregation parameters', () => {
  void it('refuses null where ObjectParser declares no null, in its words', () => {
    expectDiagnostic('msearch', aggs('{"t":{"terms":{"field":"kw","size":«null»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: "[1:53] [terms] size doesn't support values of type: VALUE_NULL",
    });
    expectDiagnostic('msearch', aggs('{"a":{"avg":{"field":"n","missing":«null»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: '[1:53] [avg] failed to parse field [missing]',
    });
    expectNo('msearch', aggs('{"h":{"auto_date_histogram":{"field":"d","minimum_interval":null}}}'), 'aggs.wrong-type');
  });

  void it('reads a significance heuristic written null or [] as its parser does', () => {
    expectDiagnostic('msearch', aggs('{"s":{"significant_terms":{"field":"kw","jlh":«[]»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: '[1:65] [jlh] Expected START_OBJECT but was: END_ARRAY',
    });
  });

  void it('refuses empty lists where they cannot be used', () => {
    expectDiagnostic('msearch', aggs('{"c":{"composite":{"sources":«[]»}}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      message: '[1:48] [composite] failed to parse field [sources]',
    });
    expectDiagnostic('msearch', aggs('{"r":{«"range"»:{"field":"n","ranges":[]}}}'), {
      code: 'aggs.missing-parameter',
      severity: W,
      message: /No \[ranges\] specified for the \[r\] aggregation/,
    });
  });

  void it("refuses a composite histogram source's interval of 0 or below, read as a double", () => {
    const source = (interval: string): string =>
      aggs(`{"c":{"composite":{"sources":[{"h":{"histogram":{"field":"n","interval":${interval}}}}]}}}`);
    for (const interval of ['0', '-1', '"0"', '"-2.5d"']) {
      expectDiagnostic('msearch', source(`«${interval}»`), {
        code: 'aggs.invalid-value',
        severity: E,
        message:
          /^\[1:\d+\] \[histogram\] failed to parse field \[interval\]: \[interval\] must be greater than 0 for \[histogram\] source$/,
      });
    }
    for (const interval of ['0.5', '"2"', '10']) expectNo('msearch', source(interval));
  });
});
