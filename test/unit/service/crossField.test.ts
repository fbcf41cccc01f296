import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo } from './harness';

const E = 1;

void describe('rules across URL and body (docs/opensearch/search.md#rules-across-the-request)', () => {
  void it('rejects a result window over 10,000 (defaults count)', () => {
    expectDiagnostic('search', 'GET /_search\n{"from": 9995, "size": «6»}\n', {
      code: 'search.result-window',
      severity: E,
      message:
        'Result window is too large, from + size must be less than or equal to: [10000] but was [10001]. See the scroll api for a more efficient way to request large data sets. This limit can be set by changing the [index.max_result_window] index level setting. (This is the default limit: no connected cluster told its own.)',
    });
    expectDiagnostic('search', 'GET /_search\n{"from": «9991»}\n', { code: 'search.result-window', severity: E });
    expectDiagnostic('search', 'GET /_search?size=«10001»\n', { code: 'search.result-window', severity: E });
    expectDiagnostic('msearch', '{}\n{"size":«20000»}\n', {
      code: 'search.result-window',
      severity: E,
      itemFailure: true,
    });
    expectNo('search', 'GET /_search\n{"from": 9990, "size": 10}\n');
  });

  void it('lets URL values override the body', () => {
    expectNo('search', 'GET /_search?size=10\n{"size": 20000}\n');
  });

  void it('rejects rest_total_hits_as_int with inaccurate tracking', () => {
    expectDiagnostic('search', 'GET /_search?rest_total_hits_as_int=true\n{"track_total_hits": «100»}\n', {
      code: 'search.total-hits-as-int',
      severity: E,
      message: '[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got 100',
    });
    expectDiagnostic('search', 'GET /_search?rest_total_hits_as_int&track_total_hits=«10»\n', {
      code: 'search.total-hits-as-int',
      severity: E,
    });
    expectDiagnostic('msearch', '# POST /_msearch?rest_total_hits_as_int=true\n{}\n{"track_total_hits":«10»}\n', {
      code: 'search.total-hits-as-int',
      severity: E,
      message: '[rest_total_hits_as_int] cannot be used if the tracking of total hits is not accurate, got 10',
    });
    expectNo('search', 'GET /_search?rest_total_hits_as_int=true\n{"track_total_hits": true}\n');
    expectNo('search', 'GET /_search?rest_total_hits_as_int=true&track_total_hits=false\n');
  });

  void it('applies the scroll rules', () => {
    const v = (message: string): string => `Validation Failed: 1: ${message};`;
    expectDiagnostic('search', 'GET /_search?scroll=1m\n{"track_total_hits": «false»}\n', {
      code: 'scroll.track-total-hits',
      severity: E,
      message: v('disabling [track_total_hits] is not allowed in a scroll context'),
    });
    expectDiagnostic('search', 'GET /_search?scroll=1m\n{"from": «10»}\n', {
      code: 'scroll.from',
      severity: E,
      message: v('using [from] is not allowed in a scroll context'),
    });
    expectDiagnostic('search', 'GET /_search?scroll=1m&size=«0»\n', {
      code: 'scroll.size-zero',
      severity: E,
      message: v('[size] cannot be [0] in a scroll context'),
    });
    expectDiagnostic(
      'search',
      'GET /_search?scroll=1m\n{"rescore": «{"query": {"rescore_query": {"match_all": {}}}}»}\n',
      {
        code: 'scroll.rescore',
        severity: E,
        message: v('using [rescore] is not allowed in a scroll context'),
      },
    );
    expectDiagnostic('search', 'GET /_search?scroll=1m&request_cache=«true»\n', {
      code: 'scroll.request-cache',
      severity: E,
      message: v('[request_cache] cannot be used in a scroll context'),
    });
    expectDiagnostic('search', 'GET /_search?scroll=1m\n{"pit": «{"id": "x"}»}\n', {
      code: 'scroll.pit',
      severity: E,
      message: v('using [point in time] is not allowed in a scroll context'),
    });
    expectDiagnostic('search', 'GET /_search?scroll=1m\n{"size": «20000»}\n', {
      code: 'search.result-window',
      severity: E,
      message: /^Batch size is too large, size must be less than or equal to: \[10000\] but was \[20000\]/,
    });
    expectNo('search', 'GET /_search?scroll=1m\n{"size": 100, "from": 0, "track_total_hits": true}\n');
  });

  void it('applies the point-in-time rules', () => {
    const v = (what: string): string => `Validation Failed: 1: [${what}] cannot be used with point in time;`;
    expectDiagnostic('search', 'GET /«logs»/_search\n{"pit": {"id": "c29tZSBpZA"}}\n', {
      code: 'pit.indices',
      severity: E,
      message: v('indices'),
    });
    expectDiagnostic('search', 'GET /_search?«routing=a»\n{"pit": {"id": "c29tZSBpZA"}}\n', {
      code: 'pit.routing',
      severity: E,
      message: v('routing'),
    });
    expectDiagnostic('search', 'GET /_search?«preference=_local»\n{"pit": {"id": "c29tZSBpZA"}}\n', {
      code: 'pit.preference',
      severity: E,
      message: v('preference'),
    });
    expectDiagnostic('search', 'GET /_search?«expand_wildcards=all»\n{"pit": {"id": "c29tZSBpZA"}}\n', {
      code: 'pit.indices-options',
      severity: E,
      message: v('indicesOptions'),
    });
    expectDiagnostic('search', 'GET /_search?«ccs_minimize_roundtrips=true»\n{"pit": {"id": "c29tZSBpZA"}}\n', {
      code: 'pit.ccs-minimize-roundtrips',
      severity: E,
      message: v('ccs_minimize_roundtrips'),
    });
    expectNo(
      'search',
      'GET /_search\n{"pit": {"id": "c29tZSBpZA", "keep_alive": "1m"}, "sort": [{"_shard_doc": "asc"}]}\n',
    );
  });

  void it('applies the search_after and rescore rules', () => {
    expectDiagnostic('search', 'GET /_search\n{"from": «5», "search_after": [1], "sort": ["a"]}\n', {
      code: 'search.search-after-from',
      severity: E,
      message: '`from` parameter must be set to 0 when `search_after` is used.',
    });
    expectDiagnostic(
      'search',
      'GET /_search\n{"sort": ["a"], "rescore": «{"query": {"rescore_query": {"match_all": {}}}}»}\n',
      {
        code: 'search.sort-with-rescore',
        severity: E,
        message: 'Cannot use [sort] option in conjunction with [rescore].',
      },
    );
  });
});
