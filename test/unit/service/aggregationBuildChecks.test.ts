import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo, expectNoErrors } from './harness';

const E = 1;
const aggs = (json: string): string => `{}\n{"size":0,"aggs":${json}}\n`;

void describe('aggregations: what the builders and shards refuse (docs/opensearch/aggregations.md)', () => {
  void it('reads cardinality rehash as a number', () => {
    expectDiagnostic('msearch', aggs('{"c":{"cardinality":{"field":"kw","rehash":«"yes"»}}}'), {
      code: 'aggs.wrong-type',
      severity: E,
      message: /\[cardinality\] failed to parse field \[rehash\]$/,
    });
    expectNo('msearch', aggs('{"c":{"cardinality":{"field":"kw","rehash":1}}}'));
  });

  void it('needs combine_script and reduce_script, and a state the map script can call into', () => {
    const map = '"map_script":"state.x.add(1)"';
    expectDiagnostic('msearch', aggs(`{"s":{«"scripted_metric"»:{"init_script":"state.x = []",${map}}}}`), {
      code: 'aggs.missing-parameter',
      severity: E,
      itemFailure: true,
      message: /"\[combineScript\] must not be null: \[s\]"$/,
    });
    expectDiagnostic(
      'msearch',
      aggs(`{"s":{«"scripted_metric"»:{"init_script":"state.x = []",${map},"combine_script":"return 1"}}}`),
      {
        code: 'aggs.missing-parameter',
        severity: E,
        itemFailure: true,
        message: /"\[reduceScript\] must not be null: \[s\]"$/,
      },
    );
    const scripts = '"combine_script":"return state","reduce_script":"return states"';
    expectDiagnostic('msearch', aggs(`{"s":{"scripted_metric":{"map_script":«"state.x.add(1)"»,${scripts}}}}`), {
      code: 'aggs.missing-parameter',
      severity: E,
      itemFailure: true,
      message: /state\.x .*"Cannot invoke "Object\.getClass\(\)" because "receiver" is null"$/,
    });
    // Set before use, checked for null, or set by init_script: nothing to say.
    for (const body of [
      `"map_script":"state.x = []; state.x.add(1)",${scripts}`,
      `"map_script":"if (state.x == null) { state.x = [] } state.x.add(1)",${scripts}`,
      `"init_script":"state.x = []",${map},${scripts}`,
      `"map_script":{"source":"state.x.add(1)","lang":"expression"},${scripts}`,
    ]) {
      expectNoErrors('msearch', aggs(`{"s":{"scripted_metric":{${body}}}}`));
    }
  });

  void it('needs a histogram interval and bounds in order', () => {
    expectDiagnostic('msearch', aggs('{"h":{«"histogram"»:{"field":"num"}}}'), {
      code: 'aggs.missing-parameter',
      severity: E,
      itemFailure: true,
      message: /"interval must be positive, got: 0\.0"$/,
    });
    expectDiagnostic(
      'msearch',
      aggs('{"h":{"histogram":{"field":"num","interval":5,"extended_bounds":{"min":10,"max":«0»}}}}'),
      {
        code: 'aggs.invalid-value',
        severity: E,
        message:
          /\[histogram\] failed to parse field \[extended_bounds\]: max bound \[0\.0\] must be greater than min bound \[10\.0\]$/,
      },
    );
    expectDiagnostic(
      'msearch',
      aggs('{"h":{"histogram":{"field":"num","interval":5,"hard_bounds":{"max":1.5,"min":«2»}}}}'),
      {
        code: 'aggs.invalid-value',
        severity: E,
        message: /max bound \[1\.5\] must be greater than min bound \[2\.0\]$/,
      },
    );
    expectNoErrors(
      'msearch',
      aggs('{"h":{"histogram":{"field":"num","interval":5,"extended_bounds":{"min":0,"max":0}}}}'),
    );
  });

  void it('reads the missing value of ip_range as an address', () => {
    const range = (missing: string): string =>
      aggs(`{"r":{"ip_range":{"field":"ip","ranges":[{"to":"10.0.0.5"}],"missing":${missing}}}}`);
    expectDiagnostic('msearch', range('«0»'), {
      code: 'aggs.invalid-value',
      severity: E,
      itemFailure: true,
      message: /"'0' is not an IP string literal\."$/,
    });
    expectDiagnostic('msearch', range('«"10.0.0.256"»'), {
      code: 'aggs.invalid-value',
      severity: E,
      itemFailure: true,
    });
    for (const ok of ['"10.0.0.1"', '"::1"', '"2001:db8::1"']) expectNoErrors('msearch', range(ok));
  });

  void it('checks percents, values and the percentiles methods', () => {
    const p = (body: string): string => aggs(`{"p":{"percentiles":{"field":"num",${body}}}}`);
    expectDiagnostic('msearch', p('"percents":«[]»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: 'Failed to build [percentiles] after last required field arrived: [percents] must not be empty: [p]',
    });
    expectDiagnostic('msearch', p('"percents":«[50,101,-1,"200"]»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message:
        'Failed to build [percentiles] after last required field arrived: percent must be in [0,100], got [-1.0]: [p]',
    });
    // In ascending order: the smallest below 0 first, else the smallest above 100.
    expectDiagnostic('msearch', p('"percents":«[150,-1,120,-5]»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: /got \[-5\.0\]: \[p\]$/,
    });
    expectDiagnostic('msearch', p('"percents":«[150,50,120]»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: /got \[120\.0\]: \[p\]$/,
    });
    expectDiagnostic('msearch', p('"percents":«101»'), {
      code: 'aggs.invalid-value',
      severity: E,
      message: /got \[101\.0\]: \[p\]$/,
    });
    expectDiagnostic('msearch', p('"tdigest":{},«"hdr"»:{}'), {
      code: 'aggs.invalid-value',
      severity: E,
      message:
        'Failed to build [percentiles] after last required field arrived: Only one percentiles method should be declared.',
    });
    expectDiagnostic('msearch', p('"tdigest":{«"compressio"»:1}'), {
      code: 'aggs.unknown-parameter',
      severity: E,
      message:
        /\[percentiles\] failed to parse field \[tdigest\]: \[1:\d+\] \[tdigest\] unknown field \[compressio\] did you mean \[compression\]\?$/,
    });
    expectDiagnostic('msearch', aggs('{"p":{"percentile_ranks":{"field":"num","values":«[]»}}}'), {
      code: 'aggs.invalid-value',
      severity: E,
      message:
        'Failed to build [percentile_ranks] after last required field arrived: [values] must not be an empty array: [p]',
    });
    expectNoErrors('msearch', p('"percents":[0,100,"50"],"hdr":{"number_of_significant_value_digits":3}'));
  });

  void it('counts the buckets of a top-level date_histogram across its extended_bounds', () => {
    const histogram = (interval: string, max: string): string =>
      aggs(
        `{"h":{"date_histogram":{"field":"date",${interval},"min_doc_count":0,"extended_bounds":{"min":"2024-01-01T00:00:00Z","max":${max}}}}}`,
      );
    expectDiagnostic(
      'msearch',
      histogram('"fixed_interval":"1s"', '"2024-01-02T00:00:00Z"').replace('"extended_bounds"', '«"extended_bounds"»'),
      {
        code: 'aggs.too-many-buckets',
        severity: E,
        itemFailure: true,
        message:
          /^Trying to create too many buckets\. Must be less than or equal to: \[65535\] but was \[86401\] or more/,
      },
    );
    expectNo('msearch', histogram('"fixed_interval":"1m"', '"2024-01-02T00:00:00Z"'), 'aggs.too-many-buckets');
    expectDiagnostic(
      'msearch',
      histogram('"calendar_interval":"minute"', '"2024-03-01"').replace('"extended_bounds"', '«"extended_bounds"»'),
      {
        code: 'aggs.too-many-buckets',
        severity: E,
        itemFailure: true,
      },
    );
    // Date math and month lengths are not counted.
    expectNo('msearch', histogram('"fixed_interval":"1s"', '"now"'), 'aggs.too-many-buckets');
    expectNo('msearch', histogram('"calendar_interval":"month"', '"9999-01-01"'), 'aggs.too-many-buckets');
  });

  void it('follows a sibling pipeline buckets_path to a number', () => {
    const dateHistogram = '"date_histogram":{"field":"date","calendar_interval":"day"}';
    expectDiagnostic('msearch', aggs(`{"h":{${dateHistogram}},"m":{"max_bucket":{"buckets_path":«"h"»}}}`), {
      code: 'aggs.buckets-path',
      severity: E,
      itemFailure: true,
      message: /^buckets_path must reference either a number value or a single value numeric metric aggregation: \[h\]/,
    });
    const nested = `{"t":{"terms":{"field":"kw"},"aggs":{"h":{${dateHistogram},"aggs":{"s":{"sum":{"field":"num"}}}}}},"m":{"max_bucket":{"buckets_path":«"t>h>s"»}}}`;
    expectDiagnostic('msearch', aggs(nested), {
      code: 'aggs.buckets-path',
      severity: E,
      itemFailure: true,
      message: /got: \[Object\[\]\] at aggregation \[h\]/,
    });
    for (const path of ['h>_count', 'h._count', 'h>s']) {
      expectNoErrors(
        'msearch',
        aggs(
          `{"h":{${dateHistogram},"aggs":{"s":{"sum":{"field":"num"}}}},"m":{"max_bucket":{"buckets_path":"${path}"}}}`,
        ),
      );
    }
    expectNoErrors(
      'msearch',
      aggs(
        `{"t":{"terms":{"field":"kw"},"aggs":{"h":{${dateHistogram}},"f":{"filter":{"match_all":{}},"aggs":{"s":{"sum":{"field":"num"}}}}}},"a":{"avg_bucket":{"buckets_path":"t>h._bucket_count"}},"b":{"avg_bucket":{"buckets_path":"t>f>s"}}}`,
      ),
    );
  });
});
