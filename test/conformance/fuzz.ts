// Search bodies for differential fuzzing (scripts/fuzz.ts): realistic bodies over the conformance index's fields, each
// with a few mutations of the kinds people make (a value of another kind, a list around a value, a misspelt or
// unknown name, a member removed), made the same way for the same seed. The corpus's cases are written rule by rule;
// these find what no rule was written for.
import { random } from '../../bench/generateMsearch';
import type { ConformanceCase } from './cases';
import { CONFORMANCE_INDEX } from './setup';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Draw {
  readonly next: () => number;
  pick<T>(list: readonly T[]): T;
  int(min: number, max: number): number;
}

function draw(seed: number): Draw {
  const next = random(seed);
  return {
    next,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
  };
}

/** Query clauses as people write them, each accepted by the conformance index as it stands. */
function queries(d: Draw): Json[] {
  return [
    { match: { text: { query: 'quick fox', operator: d.pick(['and', 'or']), fuzziness: d.pick(['AUTO', 1]) } } },
    { match: { text: 'quick' } },
    { match_phrase: { text: { query: 'quick brown', slop: 2 } } },
    { match_phrase_prefix: { text: { query: 'qui', max_expansions: 5 } } },
    { multi_match: { query: 'quick', fields: ['text', 'text^2'], type: d.pick(['best_fields', 'most_fields']) } },
    { term: { kw: { value: 'a', boost: 2, case_insensitive: true } } },
    { term: { num: 5 } },
    { terms: { kw: ['a', 'b'], boost: 1 } },
    { terms_set: { kw: { terms: ['a', 'b'], minimum_should_match_field: 'num' } } },
    { range: { num: { gte: 1, lte: 10, boost: 2 } } },
    { range: { date: { gte: 'now-1d/d', lt: 'now', time_zone: '+01:00' } } },
    { exists: { field: 'kw' } },
    { prefix: { kw: { value: 'ab', rewrite: 'constant_score' } } },
    { wildcard: { kw: { value: 'a*b?', boost: 1.2 } } },
    { regexp: { kw: { value: 'a.*', flags: 'ALL', max_determinized_states: 10000 } } },
    { fuzzy: { kw: { value: 'abc', fuzziness: 'AUTO', prefix_length: 1 } } },
    { ids: { values: ['1', '2'] } },
    { query_string: { query: 'kw:a AND text:quick*', default_operator: 'AND', lenient: true } },
    { simple_query_string: { query: 'quick + fox', fields: ['text'], flags: 'AND|OR|PREFIX' } },
    { nested: { path: 'items', query: { term: { 'items.name': 'x' } }, score_mode: 'avg' } },
    { constant_score: { filter: { term: { kw: 'a' } }, boost: 1.2 } },
    { dis_max: { queries: [{ term: { kw: 'a' } }, { match: { text: 'b' } }], tie_breaker: 0.7 } },
    {
      function_score: {
        query: { match_all: {} },
        functions: [{ filter: { term: { kw: 'a' } }, weight: 2 }, { field_value_factor: { field: 'num', missing: 1 } }],
        score_mode: 'sum',
      },
    },
    { match_all: { boost: 1 } },
    { geo_distance: { distance: '10km', location: { lat: 40, lon: -70 } } },
    { geo_bounding_box: { location: { top_left: { lat: 41, lon: -71 }, bottom_right: { lat: 40, lon: -70 } } } },
    { span_near: { clauses: [{ span_term: { text: 'quick' } }, { span_term: { text: 'fox' } }], slop: 1 } },
    { script: { script: { source: 'params.x > 0', params: { x: 1 } } } },
    { match_bool_prefix: { text: { query: 'quick br', operator: 'and' } } },
    { combined_fields: { query: 'quick fox', fields: ['text'], operator: d.pick(['and', 'or']) } },
    { intervals: { text: { match: { query: 'quick fox', max_gaps: 2, ordered: true } } } },
    { intervals: { text: { prefix: { prefix: 'qu' } } } },
    { more_like_this: { fields: ['text'], like: 'quick brown fox', min_term_freq: 1, min_doc_freq: 1 } },
    { boosting: { positive: { match: { text: 'quick' } }, negative: { term: { kw: 'b' } }, negative_boost: 0.5 } },
    { distance_feature: { field: 'date', origin: 'now', pivot: '7d' } },
    { distance_feature: { field: 'location', origin: [2, 1], pivot: '10km' } },
    { rank_feature: { field: 'pagerank', saturation: { pivot: 8 } } },
    { rank_feature: { field: 'topics.a', log: { scaling_factor: 2 } } },
    { script_score: { query: { match: { text: 'quick' } }, script: { source: '_score * 2' } } },
    { terms: { kw: { index: 'conformance', id: '1', path: 'kw' } } },
    { has_child: { type: 'child', query: { match_all: {} }, score_mode: d.pick(['max', 'sum', 'none']) } },
    { has_parent: { parent_type: 'parent', query: { term: { kw: 'a' } }, score: true } },
    { parent_id: { type: 'child', id: '1' } },
    { percolate: { field: 'query', document: { kw: 'a', num: 3 } } },
    {
      geo_shape: {
        shape: {
          shape: {
            type: 'envelope',
            coordinates: [
              [0, 5],
              [5, 0],
            ],
          },
          relation: 'intersects',
        },
      },
    },
    { span_first: { match: { span_term: { text: 'quick' } }, end: 3 } },
    { span_or: { clauses: [{ span_term: { text: 'quick' } }, { span_term: { text: 'lazy' } }] } },
    { span_not: { include: { span_term: { text: 'quick' } }, exclude: { span_term: { text: 'fox' } } } },
    { span_multi: { match: { prefix: { text: { value: 'qu' } } } } },
    { match_none: {} },
    { range: { ip: { gte: '10.0.0.0', lte: '10.0.0.255' } } },
    { range: { int_range: { gte: 2, lte: 4, relation: d.pick(['within', 'contains', 'intersects']) } } },
    { terms: { num: [1, 7, 20] } },
    { nested: { path: 'items', query: { range: { 'items.qty': { gte: 1 } } }, inner_hits: { size: 1 } } },
    { regexp: { kw: { value: 'A.*', case_insensitive: true } } },
    { query_string: { query: 'quick OR lazy', fields: ['text', 'kw'], analyze_wildcard: true } },
    { match: { text: { query: 'quick', analyzer: 'standard', zero_terms_query: 'all' } } },
  ];
}

function query(d: Draw, depth = 0): Json {
  if (depth < 2 && d.next() < 0.4) {
    const bool: JsonObject = {};
    for (const occur of ['must', 'filter', 'should', 'must_not']) {
      if (d.next() < 0.5) bool[occur] = [query(d, depth + 1), query(d, depth + 1)].slice(0, d.int(1, 2));
    }
    if (d.next() < 0.2) bool.minimum_should_match = d.pick([1, '50%']);
    return { bool };
  }
  return d.pick(queries(d));
}

/** Aggregations that read a field or a script, each accepted over the conformance index. */
function metrics(): JsonObject[] {
  return [
    { avg: { field: 'num', missing: 0 } },
    { max: { field: 'num' } },
    { min: { field: 'date', format: 'yyyy-MM-dd' } },
    { sum: { script: { source: "doc['num'].value * 2" } } },
    { stats: { field: 'price' } },
    { extended_stats: { field: 'num', sigma: 2 } },
    { value_count: { field: 'kw' } },
    { cardinality: { field: 'kw', precision_threshold: 100 } },
    { percentiles: { field: 'num', percents: [50, 95] } },
    { percentile_ranks: { field: 'num', values: [5, 10] } },
    { median_absolute_deviation: { field: 'num', compression: 100 } },
    { weighted_avg: { value: { field: 'num' }, weight: { field: 'price', missing: 1 } } },
    { geo_bounds: { field: 'location', wrap_longitude: true } },
    { geo_centroid: { field: 'location' } },
    { top_hits: { size: 3, _source: { includes: ['kw'] }, sort: [{ num: 'desc' }] } },
    {
      scripted_metric: {
        init_script: 'state.n = 0',
        map_script: 'state.n += 1',
        combine_script: 'return state.n',
        reduce_script: 'long t = 0; for (s in states) { if (s != null) { t += s } } return t',
      },
    },
  ];
}

/** Bucket aggregations written without `aggs` only to be refused (or, for nested, to read nothing). */
const NEEDS_CHILDREN = ['nested', 'sampler', 'diversified_sampler'];
/** Bucket aggregations that most others may not hold (global, composite, variable_width_histogram). */
const TOP_ONLY = ['global', 'composite', 'variable_width_histogram'];

function buckets(d: Draw): JsonObject[] {
  return [
    { terms: { field: 'kw', size: d.int(1, 20), order: { _count: 'desc' }, min_doc_count: 1 } },
    { terms: { field: 'num', size: 5, order: { _key: 'asc' }, missing: 0 } },
    { date_histogram: { field: 'date', fixed_interval: d.pick(['1d', '30m']), min_doc_count: 0 } },
    { date_histogram: { field: 'date', calendar_interval: d.pick(['day', 'week', '1M']), format: 'yyyy-MM-dd' } },
    { histogram: { field: 'num', interval: 5 } },
    { histogram: { field: 'price', interval: 1, extended_bounds: { min: 0, max: 10 } } },
    { range: { field: 'num', keyed: true, ranges: [{ key: 'low', to: 10 }, { from: 10 }] } },
    { date_range: { field: 'date', format: 'yyyy-MM-dd', ranges: [{ to: 'now-1y/y' }, { from: '2024-01-01' }] } },
    { ip_range: { field: 'ip', ranges: [{ key: 'first', to: '10.0.0.5' }, { mask: '10.0.0.0/25' }] } },
    { filters: { filters: { a: { term: { kw: 'a' } }, b: { match: { text: 'b' } } } } },
    { filter: { range: { num: { gte: 5 } } } },
    { composite: { size: 10, sources: [{ k: { terms: { field: 'kw' } } }] } },
    {
      composite: {
        sources: [
          { d: { date_histogram: { field: 'date', calendar_interval: 'day' } } },
          { n: { histogram: { field: 'num', interval: 5 } } },
        ],
      },
    },
    { multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }], size: 3 } },
    { significant_terms: { field: 'kw', min_doc_count: 1 } },
    { rare_terms: { field: 'kw', max_doc_count: 2 } },
    { missing: { field: 'price' } },
    { global: {} },
    { sampler: { shard_size: 100 } },
    { diversified_sampler: { field: 'kw', shard_size: 10 } },
    { auto_date_histogram: { field: 'date', buckets: 5 } },
    { variable_width_histogram: { field: 'num', buckets: 2 } },
    {
      geo_distance: {
        field: 'location',
        origin: '1, 2',
        unit: 'km',
        ranges: [{ key: 'near', to: 100 }, { from: 100 }],
      },
    },
    { geohash_grid: { field: 'location', precision: 3 } },
    { geotile_grid: { field: 'location', precision: 4 } },
    { adjacency_matrix: { filters: { a: { term: { kw: 'a' } }, b: { term: { kw: 'b' } } } } },
    { nested: { path: 'items' } },
  ];
}

/** A histogram with the pipeline aggregations people hang under one, and the sibling pipelines that read it. */
function pipelines(d: Draw, out: JsonObject): void {
  const inner: JsonObject = { s: { sum: { field: 'num' } } };
  const parents: Record<string, Json> = {
    d: { derivative: { buckets_path: 's' } },
    c: { cumulative_sum: { buckets_path: 's' } },
    m: { moving_fn: { buckets_path: 's', window: 3, script: 'MovingFunctions.max(values)' } },
    sd: { serial_diff: { buckets_path: 's', lag: 1 } },
    bs: { bucket_script: { buckets_path: { x: 's', n: '_count' }, script: 'params.x * params.n' } },
    sel: { bucket_selector: { buckets_path: { n: '_count' }, script: 'params.n > 0' } },
    sort: { bucket_sort: { sort: [{ s: { order: 'desc' } }], size: 3 } },
  };
  for (const [name, agg] of Object.entries(parents)) if (d.next() < 0.3) inner[name] = agg;
  out.h = { date_histogram: { field: 'date', calendar_interval: 'day', min_doc_count: 0 }, aggs: inner };
  const siblings: Record<string, Json> = {
    avg_s: { avg_bucket: { buckets_path: 'h>s', gap_policy: d.pick(['skip', 'insert_zeros']) } },
    max_s: { max_bucket: { buckets_path: 'h>s' } },
    stats_s: { stats_bucket: { buckets_path: 'h>_count' } },
    pct_s: { percentiles_bucket: { buckets_path: 'h>s', percents: [50] } },
  };
  for (const [name, agg] of Object.entries(siblings)) if (d.next() < 0.3) out[name] = agg;
}

function aggregations(d: Draw, depth = 0): JsonObject {
  const out: JsonObject = {};
  if (depth === 0 && d.next() < 0.15) {
    pipelines(d, out);
    return out;
  }
  for (let i = 0; i < d.int(1, 2); i++) {
    if (depth < 1 && d.next() < 0.5) {
      const bucket = d.pick(buckets(d));
      const sub = aggregations(d, depth + 1);
      // A nested aggregation's children read the nested documents' fields.
      if ('nested' in bucket)
        out[`a${i}`] = {
          ...bucket,
          aggs: { q: { sum: { field: 'items.qty' } }, back: { reverse_nested: {}, aggs: sub } },
        };
      else out[`a${i}`] = { ...bucket, aggs: sub };
    } else {
      out[`a${i}`] = d.pick([
        // Under a bucket aggregation, geo_bounds fails on a shard where a bucket after the first has no document
        // (`Index 1 out of bounds for length 1`: what the documents decide).
        ...metrics().filter((m) => depth === 0 || !('geo_bounds' in m)),
        ...buckets(d).filter(
          (b) => !NEEDS_CHILDREN.some((name) => name in b) && (depth === 0 || !TOP_ONLY.some((name) => name in b)),
        ),
      ]);
    }
  }
  return out;
}

/** One accepted body: a query, and some of the sections people add to it. */
function body(d: Draw): JsonObject {
  const out: JsonObject = { query: query(d) };
  if (d.next() < 0.4) out.aggs = aggregations(d);
  if (d.next() < 0.5) out.size = d.pick([0, 10, 100]);
  if (d.next() < 0.4) out.sort = d.pick([[{ date: { order: 'desc' } }, '_score'], [{ num: 'asc' }], '_doc']);
  if (d.next() < 0.4) out._source = d.pick([['kw', 'text'], { includes: ['kw'] }, false]);
  if (d.next() < 0.3) out.track_total_hits = d.pick([true, 1000]);
  if (d.next() < 0.15) {
    out.highlight = d.pick<Json>([
      { fields: { text: {} }, pre_tags: ['<b>'], post_tags: ['</b>'] },
      { type: d.pick(['plain', 'unified']), fields: { text: { fragment_size: 50, number_of_fragments: 2 } } },
      { fields: [{ text: {} }, { kw: { require_field_match: false } }], order: 'score' },
      { fields: { 'text*': { highlight_query: { match: { text: 'fox' } } } }, encoder: 'html' },
    ]);
  }
  if (d.next() < 0.1)
    out.collapse = d.pick<Json>([{ field: 'kw' }, { field: 'num', inner_hits: { name: 'top', size: 2 } }]);
  if (d.next() < 0.1) out.docvalue_fields = ['num', { field: 'date', format: 'epoch_millis' }];
  if (d.next() < 0.1) out.script_fields = { twice: { script: { source: "doc['num'].size() > 0 ? 2 : 0" } } };
  if (d.next() < 0.1) out.post_filter = { term: { kw: 'a' } };
  if (d.next() < 0.1) out.min_score = d.pick([0.1, 1]);
  if (d.next() < 0.1) out.from = d.pick([0, 5]);
  if (d.next() < 0.1) out.timeout = d.pick(['1s', '500ms']);
  if (d.next() < 0.1) out.terminate_after = 100;
  if (d.next() < 0.1)
    out.stored_fields = d.pick<Json>(out._source === undefined ? [['_id'], '_none_', ['kw']] : [['_id'], ['kw']]);
  if (d.next() < 0.1) out.fields = ['kw', { field: 'date', format: 'yyyy-MM-dd' }];
  if (d.next() < 0.1) {
    out[d.pick(['explain', 'version', 'seq_no_primary_term', 'track_scores', 'profile'])] = true;
  }
  if (d.next() < 0.05) out.indices_boost = [{ conformance: 1.5 }];
  if (d.next() < 0.05) out.stats = ['group1'];
  if (d.next() < 0.1) {
    out.suggest = d.pick<Json>([
      { text: 'quik', s: { term: { field: 'text', suggest_mode: 'always', max_edits: 2 } } },
      {
        s: {
          text: 'quik fox',
          phrase: { field: 'text', size: 1, gram_size: 1, direct_generator: [{ field: 'text' }] },
        },
      },
    ]);
  }
  // search_after gives a value for each sort, and goes with neither `from` nor `collapse`.
  if (d.next() < 0.05 && Array.isArray(out.sort) && out.collapse === undefined) {
    out.search_after = out.sort.length === 2 ? ['2024-01-02T00:00:00Z', 1] : [5];
    delete out.from;
  }
  // A rescore goes without a sort (OpenSearch refuses the two together).
  if (d.next() < 0.05 && out.sort === undefined) {
    out.rescore = { window_size: 10, query: { rescore_query: { match: { text: 'x' } } } };
  }
  return out;
}

const VALUES: readonly Json[] = [null, true, 0, -1, 1.5, 2147483648, '', 'x', '10s', 'now-1d', [], [1], ['a'], {}];
const NAMES: readonly string[] = ['foo', 'boost', 'field', 'value', 'query', 'format', 'missing', 'order', 'type'];

/** Every place of a value: its container and the key or index there. */
function places(
  value: Json,
  out: [JsonObject | Json[], string | number][] = [],
): [JsonObject | Json[], string | number][] {
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push([value, i]);
      places(item, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      out.push([value, key]);
      places(value[key]!, out);
    }
  }
  return out;
}

function misspelt(d: Draw, name: string): string {
  const roll = d.next();
  if (name.length > 2 && roll < 0.4) {
    const at = d.int(0, name.length - 1);
    return name.slice(0, at) + name.slice(at + 1);
  }
  return roll < 0.7 ? name.toUpperCase() : `${name}s`;
}

function clone(value: Json): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** A value as written, for the report (a member removed has none). */
function written(value: Json | undefined): string {
  return value === undefined ? '(removed)' : JSON.stringify(value);
}

/** What one mutation did, for the report. */
export interface Mutation {
  readonly at: string | number;
  readonly before: string;
  readonly after: string;
}

function mutate(d: Draw, target: JsonObject): Mutation | undefined {
  const all = places(target);
  if (all.length === 0) return undefined;
  const [container, key] = d.pick(all);
  const get = (): Json | undefined => (Array.isArray(container) ? container[key as number] : container[key]);
  const set = (value: Json): void => {
    if (Array.isArray(container)) container[key as number] = value;
    else container[key] = value;
  };
  const before = written(get());
  const roll = d.next();
  if (roll < 0.5) set(clone(d.pick(VALUES)));
  else if (roll < 0.65 && !Array.isArray(container) && typeof key === 'string') {
    const value = container[key]!;
    Reflect.deleteProperty(container, key);
    if (d.next() < 0.7) container[misspelt(d, key)] = value;
  } else if (roll < 0.8 && !Array.isArray(container)) container[d.pick(NAMES)] = clone(d.pick(VALUES));
  else if (roll < 0.9) set([get() ?? null]);
  else {
    const value = get();
    set(typeof value === 'number' ? String(value) : typeof value === 'string' ? `${value}x` : clone(d.pick(VALUES)));
  }
  return { at: key, before: before.slice(0, 80), after: written(get()).slice(0, 80) };
}

export interface FuzzCase {
  readonly case: ConformanceCase;
  readonly mutations: readonly Mutation[];
}

/**
 * `count` cases for `seed`, each a body with `mutations` mutations (0: the accepted bodies themselves), one in seven
 * sent as the one search of an `_msearch` under a header that may carry an option of another kind too.
 */
export function fuzzCases(count: number, seed: number, mutations: number): FuzzCase[] {
  const d = draw(seed);
  const out: FuzzCase[] = [];
  for (let i = 0; i < count; i++) {
    const searchBody = body(d);
    const done: Mutation[] = [];
    for (let m = 0; m < mutations; m++) {
      const mutation = mutate(d, searchBody);
      if (mutation !== undefined) done.push(mutation);
    }
    const id = `fuzz/${seed}/${i}`;
    if (d.next() < 1 / 7) {
      const header: JsonObject = { index: CONFORMANCE_INDEX };
      if (mutations > 0 && d.next() < 0.5) {
        const option = d.pick(['preference', 'routing', 'search_type', 'request_cache', 'ignore_unavailable']);
        header[option] = clone(d.pick([...VALUES, '_local', 'dfs_query_then_fetch']));
        done.push({ at: option, before: '', after: JSON.stringify(header[option]) });
      }
      const text = `${JSON.stringify(header)}\n${JSON.stringify(searchBody)}\n`;
      out.push({ case: { id, class: 'cross', method: 'POST', path: '/_msearch', body: text }, mutations: done });
    } else {
      const path = `/${CONFORMANCE_INDEX}/_search`;
      out.push({
        case: { id, class: 'body', method: 'POST', path, body: JSON.stringify(searchBody) },
        mutations: done,
      });
    }
  }
  return out;
}
