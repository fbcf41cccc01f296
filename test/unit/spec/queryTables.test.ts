import { test } from 'node:test';
import assert from 'node:assert/strict';

import { AGGREGATIONS } from '../../../server/src/spec/aggregations';
import { QUERY_CLAUSES } from '../../../server/src/spec/queries';
import type { ParameterSpec } from '../../../server/src/spec/types';

/** Query clauses SearchModule registers (docs/opensearch/query-dsl.md#clause-names). */
const CORE_CLAUSES = [
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'multi_match',
  'nested',
  'dis_max',
  'ids',
  'match_all',
  'query_string',
  'boosting',
  'bool',
  'term',
  'terms',
  'fuzzy',
  'regexp',
  'range',
  'prefix',
  'wildcard',
  'constant_score',
  'span_term',
  'span_not',
  'span_within',
  'span_containing',
  'field_masking_span',
  'span_first',
  'span_near',
  'span_gap',
  'span_or',
  'more_like_this',
  'wrapper',
  'common',
  'span_multi',
  'function_score',
  'script_score',
  'simple_query_string',
  'script',
  'geo_distance',
  'geo_bounding_box',
  'geo_polygon',
  'exists',
  'match_none',
  'terms_set',
  'intervals',
  'distance_feature',
  'match_bool_prefix',
  'geo_shape',
];

/** Clauses of the bundled modules (docs/opensearch/query-dsl.md#clause-names). */
const MODULE_CLAUSES = ['has_child', 'has_parent', 'parent_id', 'percolate', 'rank_feature'];

/** Aggregation types of core and the bundled modules (docs/opensearch/aggregations.md#type-names). */
const CORE_AGGREGATIONS = [
  'avg',
  'weighted_avg',
  'sum',
  'min',
  'max',
  'stats',
  'extended_stats',
  'value_count',
  'percentiles',
  'percentile_ranks',
  'median_absolute_deviation',
  'cardinality',
  'global',
  'missing',
  'filter',
  'filters',
  'adjacency_matrix',
  'sampler',
  'diversified_sampler',
  'terms',
  'rare_terms',
  'significant_terms',
  'significant_text',
  'range',
  'date_range',
  'ip_range',
  'histogram',
  'date_histogram',
  'auto_date_histogram',
  'variable_width_histogram',
  'geo_distance',
  'nested',
  'reverse_nested',
  'top_hits',
  'geo_centroid',
  'scripted_metric',
  'composite',
  'multi_terms',
  'derivative',
  'max_bucket',
  'min_bucket',
  'avg_bucket',
  'sum_bucket',
  'stats_bucket',
  'extended_stats_bucket',
  'percentiles_bucket',
  'moving_avg',
  'cumulative_sum',
  'bucket_script',
  'bucket_selector',
  'bucket_sort',
  'serial_diff',
  'moving_fn',
  'geo_bounds',
  'geohash_grid',
  'geotile_grid',
  'matrix_stats',
  'children',
  'parent',
];

/**
 * Names the API specification lists but OpenSearch core does not register (docs/opensearch/rest-layer.md). `combined_fields` and
 * `template` are registered by recent core versions, so they are known (and never flagged).
 */
const NOT_REGISTERED = [
  'type',
  'boxplot',
  'rate',
  't_test',
  'normalize',
  'cumulative_cardinality',
  'moving_percentiles',
];

const queryNames = QUERY_CLAUSES.map((c) => c.name);
const aggregationNames = AGGREGATIONS.map((a) => a.name);

function duplicates(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) {
      twice.add(name);
    }
    seen.add(name);
  }
  return [...twice];
}

/**
 * Replaces snippet placeholders with plausible values: `${n:text}` by its text, `${n|a,b|}` by its first
 * choice, and a bare `$n` by `x` inside a string, `{}` as an array element, `0` elsewhere.
 */
function fillSnippet(snippet: string): string {
  let out = '';
  let inString = false;
  let i = 0;
  while (i < snippet.length) {
    const ch = snippet.charAt(i);
    if (ch === '"' && snippet.charAt(i - 1) !== '\\') {
      inString = !inString;
      out += ch;
      i += 1;
      continue;
    }
    if (ch !== '$') {
      out += ch;
      i += 1;
      continue;
    }
    const rest = snippet.slice(i);
    const withDefault = /^\$\{\d+:([^}]*)\}/.exec(rest);
    const withChoice = /^\$\{\d+\|([^|}]*)\|\}/.exec(rest);
    const bare = /^\$\d+/.exec(rest);
    if (withDefault) {
      out += withDefault[1] ?? '';
      i += withDefault[0].length;
    } else if (withChoice) {
      out += withChoice[1]?.split(',')[0] ?? '';
      i += withChoice[0].length;
    } else if (bare) {
      if (inString) {
        out += 'x';
      } else {
        out += out.trimEnd().endsWith('[') ? '{}' : '0';
      }
      i += bare[0].length;
    } else {
      throw new Error(`unexpected $ in snippet ${snippet}`);
    }
  }
  return out;
}

function assertSnippet(owner: string, snippet: string | undefined): void {
  if (snippet === undefined) {
    return;
  }
  assert.ok(!/[\r\n]/.test(snippet), `${owner}: snippet spans several lines`);
  const filled = fillSnippet(snippet);
  let parsed: unknown;
  assert.doesNotThrow(() => {
    parsed = JSON.parse(filled);
  }, `${owner}: snippet is not JSON once filled: ${filled}`);
  assert.equal(typeof parsed, 'object', `${owner}: snippet is not an object`);
  assert.ok(parsed !== null && !Array.isArray(parsed), `${owner}: snippet is not an object`);
}

function assertParams(owner: string, params: readonly ParameterSpec[] | undefined): void {
  if (params === undefined) {
    return;
  }
  assert.deepEqual(duplicates(params.map((p) => p.name)), [], `${owner}: parameter names repeat`);
  for (const p of params) {
    if (p.type === 'enum') {
      assert.ok(p.values !== undefined && p.values.length > 0, `${owner}.${p.name}: enum without values`);
    }
    if (p.default !== undefined && p.values !== undefined) {
      assert.ok(p.values.includes(p.default), `${owner}.${p.name}: default is not one of the values`);
    }
  }
}

void test('fillSnippet fills every placeholder form', () => {
  assert.equal(
    fillSnippet('{ "${1:f}": [ $0 ], "n": $2, "s": "$3", "c": "${4|a,b|}" }'),
    '{ "f": [ {} ], "n": 0, "s": "x", "c": "a" }',
  );
});

void test('query clause names are unique', () => {
  assert.deepEqual(duplicates(queryNames), []);
});

void test('aggregation names are unique', () => {
  assert.deepEqual(duplicates(aggregationNames), []);
});

void test('every clause OpenSearch core registers is present', () => {
  const missing = CORE_CLAUSES.filter((name) => !queryNames.includes(name));
  assert.deepEqual(missing, []);
  for (const name of CORE_CLAUSES) {
    assert.equal(QUERY_CLAUSES.find((c) => c.name === name)?.origin, 'core', name);
  }
});

void test('the bundled modules clauses are present and marked as such', () => {
  for (const name of MODULE_CLAUSES) {
    assert.equal(QUERY_CLAUSES.find((c) => c.name === name)?.origin, 'module', name);
  }
});

void test('the common plugin clauses are known as plugin clauses', () => {
  for (const name of ['knn', 'neural', 'neural_sparse', 'hybrid', 'xy_shape']) {
    assert.equal(QUERY_CLAUSES.find((c) => c.name === name)?.origin, 'plugin', name);
  }
});

void test('common is marked deprecated', () => {
  assert.equal(QUERY_CLAUSES.find((c) => c.name === 'common')?.deprecated, true);
});

void test('every aggregation core and the bundled modules register is present', () => {
  const missing = CORE_AGGREGATIONS.filter((name) => !aggregationNames.includes(name));
  assert.deepEqual(missing, []);
});

void test('names the server does not register are absent', () => {
  for (const name of NOT_REGISTERED) {
    assert.ok(!queryNames.includes(name), `query ${name}`);
    assert.ok(!aggregationNames.includes(name), `aggregation ${name}`);
  }
});

void test('field clauses say what their short form accepts', () => {
  for (const clause of QUERY_CLAUSES) {
    if (clause.shape === 'field') {
      assert.notEqual(clause.shorthand, undefined, clause.name);
    } else {
      assert.equal(clause.shorthand, undefined, clause.name);
    }
  }
});

void test('parameter names are unique within each clause and aggregation', () => {
  for (const clause of QUERY_CLAUSES) {
    assertParams(clause.name, clause.params);
  }
  for (const agg of AGGREGATIONS) {
    assertParams(agg.name, agg.params);
  }
});

void test('snippets are one line and parse as JSON once filled', () => {
  for (const clause of QUERY_CLAUSES) {
    assertSnippet(`query ${clause.name}`, clause.snippet);
  }
  for (const agg of AGGREGATIONS) {
    assertSnippet(`aggregation ${agg.name}`, agg.snippet);
  }
});

void test('the most used clauses have parameters, a snippet and a rank', () => {
  const mostUsed = [
    'match_all',
    'match_none',
    'match',
    'match_phrase',
    'match_phrase_prefix',
    'match_bool_prefix',
    'multi_match',
    'term',
    'terms',
    'terms_set',
    'range',
    'bool',
    'exists',
    'prefix',
    'wildcard',
    'regexp',
    'fuzzy',
    'ids',
    'nested',
    'query_string',
    'simple_query_string',
    'function_score',
    'script_score',
    'constant_score',
    'dis_max',
    'boosting',
    'geo_distance',
    'geo_bounding_box',
    'script',
    'has_child',
    'has_parent',
    'more_like_this',
  ];
  for (const name of mostUsed) {
    const clause = QUERY_CLAUSES.find((c) => c.name === name);
    assert.ok(clause?.params !== undefined, `${name}: parameters`);
    assert.ok(clause.snippet !== undefined, `${name}: snippet`);
    assert.ok(clause.rank !== undefined, `${name}: rank`);
  }
});

void test('the most used aggregations have parameters, a snippet and a rank', () => {
  const mostUsed = [
    'terms',
    'date_histogram',
    'histogram',
    'avg',
    'sum',
    'min',
    'max',
    'value_count',
    'cardinality',
    'stats',
    'extended_stats',
    'percentiles',
    'range',
    'date_range',
    'filters',
    'top_hits',
    'composite',
    'nested',
    'significant_terms',
    'multi_terms',
    'bucket_script',
    'bucket_selector',
  ];
  for (const name of mostUsed) {
    const agg = AGGREGATIONS.find((a) => a.name === name);
    assert.ok(agg?.params !== undefined, `${name}: parameters`);
    assert.ok(agg.snippet !== undefined, `${name}: snippet`);
    assert.ok(agg.rank !== undefined, `${name}: rank`);
  }
});

void test('the most used clauses and aggregations rank highest', () => {
  const rank = (name: string): number => QUERY_CLAUSES.find((c) => c.name === name)?.rank ?? 0;
  assert.ok(rank('match') > rank('bool') && rank('bool') > rank('term') && rank('term') > rank('span_gap'));
  const aggRank = (name: string): number => AGGREGATIONS.find((a) => a.name === name)?.rank ?? 0;
  assert.ok(aggRank('terms') > aggRank('date_histogram') && aggRank('date_histogram') > aggRank('matrix_stats'));
});
