import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo } from './harness';

const E = 1;
const W = 2;
const pair = (header: string): string => `${header}\n{}\n`;

void describe('_msearch metadata keys (docs/opensearch/msearch.md#header-keys)', () => {
  void it('accepts every key and alias with good values', () => {
    expectNo(
      'msearch',
      pair(
        '{"index":"a,b","search_type":"dfs_query_then_fetch","preference":"_local","routing":"r1","request_cache":true,' +
          '"allow_partial_search_results":"false","ccs_minimize_roundtrips":false,"cancel_after_time_interval":"30s",' +
          '"phase_took":true,"expand_wildcards":["open","hidden"],"ignore_unavailable":"true","allow_no_indices":false,' +
          '"ignore_throttled":true}',
      ) +
        pair(
          '{"indices":["a","b"],"searchType":"query_then_fetch","requestCache":"false","ccsMinimizeRoundtrips":"true"}',
        ) +
        pair(
          '{"cancelAfterTimeInterval":5000,"expandWildcards":"all","ignoreUnavailable":false,"allowNoIndices":true,"ignoreThrottled":false}',
        ),
    );
  });

  void it('rejects an unknown key with a rename fix', () => {
    const d = expectDiagnostic('msearch', pair('{«"indexx"»:"logs"}'), {
      code: 'msearch.unknown-metadata-key',
      severity: E,
      message: 'key [indexx] is not supported in the metadata section',
    });
    assert.deepEqual((d.data as { replacements: string[] }).replacements[0], '"index"');
  });

  void it('rejects keys that look natural but are not metadata', () => {
    for (const key of [
      'timeout',
      'size',
      'scroll',
      'track_total_hits',
      'allowPartialSearchResults',
      'phaseTook',
      'type',
    ]) {
      expectDiagnostic('msearch', pair(`{«"${key}"»:1}`), {
        code: 'msearch.unknown-metadata-key',
        severity: E,
        message: `key [${key}] is not supported in the metadata section`,
      });
    }
  });

  void it('rejects a bad search type, including query_and_fetch', () => {
    expectDiagnostic('msearch', pair('{"search_type":«"query_and_fetch"»}'), {
      code: 'msearch.invalid-search-type',
      severity: E,
      message: 'No search type for [query_and_fetch]',
    });
  });

  void it('words boolean errors as each key does', () => {
    expectDiagnostic('msearch', pair('{"ccs_minimize_roundtrips":«"yes"»}'), {
      code: 'msearch.invalid-boolean',
      severity: E,
      message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('msearch', pair('{"requestCache":«1»}'), {
      code: 'msearch.invalid-boolean',
      severity: E,
      message:
        'Could not convert [requestCache] to boolean: Failed to parse value [1] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('msearch', pair('{"allow_partial_search_results":«"TRUE"»}'), {
      code: 'msearch.invalid-boolean',
      severity: E,
      message:
        'Could not convert [null] to boolean: Failed to parse value [TRUE] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('msearch', pair('{"ignoreUnavailable":«"no"»}'), {
      code: 'msearch.invalid-boolean',
      severity: E,
      message:
        'Could not convert [ignore_unavailable] to boolean: Failed to parse value [no] as only [true] or [false] are allowed.',
    });
    expectNo('msearch', pair('{"ignore_unavailable":""}'));
  });

  void it('rejects a bad expand_wildcards value', () => {
    expectDiagnostic('msearch', pair('{"expand_wildcards":«"open,shut"»}'), {
      code: 'msearch.invalid-expand-wildcards',
      severity: E,
      message: 'No valid expand wildcard value [shut]',
    });
  });

  void it('reads cancel_after_time_interval as a time value or milliseconds', () => {
    expectDiagnostic('msearch', pair('{"cancel_after_time_interval":«"5x"»}'), {
      code: 'msearch.invalid-time-value',
      severity: E,
      message:
        'failed to parse setting [XContentMapValues.nodeTimeValue] with value [5x] as a time value: unit is missing or unrecognized',
    });
    expectNo('msearch', pair('{"cancel_after_time_interval":1500}'));
  });

  void it('warns that a comma list is not trimmed', () => {
    expectDiagnostic('msearch', pair('{"index":«"a, b"»}'), { code: 'msearch.index-untrimmed', severity: W });
    expectNo('msearch', pair('{"index":"a,b"}'));
    // trim() takes the no-break space too, as it takes a tab or a line break.
    expectDiagnostic('msearch', pair('{"index":«"a,\\u00a0b"»}'), { code: 'msearch.index-untrimmed', severity: W });
    expectDiagnostic('msearch', pair('{"index":«"a\\t,b"»}'), { code: 'msearch.index-untrimmed', severity: W });
  });

  void it('warns of an index that is neither a string nor an array', () => {
    expectDiagnostic('msearch', pair('{"index":«{"a":1}»}'), { code: 'msearch.index-not-a-string', severity: W });
  });

  void it('warns of an object where a text is read', () => {
    expectDiagnostic('msearch', pair('{"preference":«["_local"]»}'), {
      code: 'msearch.metadata-not-scalar',
      severity: W,
    });
  });
});
