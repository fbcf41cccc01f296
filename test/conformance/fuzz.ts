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

function aggregations(d: Draw): JsonObject {
  const all: JsonObject[] = [
    { terms: { field: 'kw', size: d.int(1, 20), order: { _count: 'desc' }, min_doc_count: 1 } },
    { avg: { field: 'num', missing: 0 } },
    { max: { field: 'num' } },
    { cardinality: { field: 'kw', precision_threshold: 100 } },
    { date_histogram: { field: 'date', fixed_interval: d.pick(['1d', '30m']), min_doc_count: 0 } },
    { histogram: { field: 'num', interval: 5 } },
    { range: { field: 'num', ranges: [{ to: 10 }, { from: 10 }] } },
    { percentiles: { field: 'num', percents: [50, 95] } },
    { filters: { filters: { a: { term: { kw: 'a' } }, b: { match: { text: 'b' } } } } },
    { composite: { size: 10, sources: [{ k: { terms: { field: 'kw' } } }] } },
    { top_hits: { size: 3, _source: { includes: ['kw'] } } },
  ];
  const out: JsonObject = {};
  for (let i = 0; i < d.int(1, 2); i++) out[`a${i}`] = d.pick(all);
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
  if (d.next() < 0.15) out.highlight = { fields: { text: {} }, pre_tags: ['<b>'], post_tags: ['</b>'] };
  if (d.next() < 0.1) out.collapse = { field: 'kw' };
  if (d.next() < 0.1) out.docvalue_fields = ['num', { field: 'date', format: 'epoch_millis' }];
  if (d.next() < 0.1) out.script_fields = { twice: { script: { source: "doc['num'].size() > 0 ? 2 : 0" } } };
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
