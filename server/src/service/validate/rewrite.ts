// What the coordinating node rewrites away before a shard reads the query (docs/opensearch/query-dsl.md#rewritten-away):
// a `bool` with a `must` or `filter` clause that matches nothing becomes `match_none` whole, so does one with neither
// whose `should` clauses all match nothing, and so does a `constant_score` around one; a `match_none`, a `terms` with
// an empty list and an `ids` with no values match nothing from the start. The shards then never build the other
// clauses of that `bool`, so what only building them fails on (a span query over two fields, a date math unit, a
// mapping's refusal) fails nothing (real 3.9.0 and 2.19.6, conformance cases `cross/lists/rewritten-away/*`).
// Rewrites that need the mappings (`exists` or `term` on an unmapped field) happen on the shards, after the other
// clauses' own rewrites: with a cluster connected, rewrittenOnShards finds them, and only what building a query fails
// on is dropped inside them.
import { firstKey, isObject, type JsonPath, type JsonSegment } from '../json/jsonSegment';
import { keepIssues, type Issue } from './issues';
import { failsAfterReading } from './msearchItems';

/** The compound queries, by the members that hold their inner queries (each one, or a list of them). */
const INNER_QUERIES: Readonly<Record<string, readonly string[]>> = {
  bool: ['must', 'filter', 'should', 'must_not'],
  constant_score: ['filter'],
  dis_max: ['queries'],
  function_score: ['query'],
  script_score: ['query'],
  boosting: ['positive', 'negative'],
  nested: ['query'],
  has_child: ['query'],
  has_parent: ['query'],
};

/** The clauses a member of a bool holds: none when it is absent, one object, or each item of a list. */
function clausesIn(value: unknown): readonly unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Queries that match nothing once a shard reads them with its index's mapping (a leaf of `matchesNothing` beyond its
 * own): undefined where the search is coordinated, before any mapping is read.
 */
type OnShard = (type: string, body: Record<string, unknown>) => boolean;

/** Whether a query is rewritten to `match_none` where the search is coordinated (or, with `onShard`, on the shards). */
function matchesNothing(query: unknown, onShard?: OnShard): boolean {
  if (!isObject(query)) return false;
  let type: string | undefined;
  for (const key in query) {
    if (type !== undefined) return false;
    type = key;
  }
  if (type === undefined) return false;
  const body = query[type];
  if (type === 'match_none') return true;
  if (!isObject(body)) return false;
  if (onShard?.(type, body) === true) return true;
  switch (type) {
    case 'terms':
      for (const key in body) {
        if (key === 'boost' || key === '_name') continue;
        const values = body[key];
        return Array.isArray(values) && values.length === 0;
      }
      return false;
    case 'ids':
      return Array.isArray(body.values) && body.values.length === 0;
    case 'constant_score':
      return matchesNothing(body.filter, onShard);
    case 'bool': {
      const nothing = (inner: unknown): boolean => matchesNothing(inner, onShard);
      const must = clausesIn(body.must);
      const filter = clausesIn(body.filter);
      if (must.some(nothing) || filter.some(nothing)) return true;
      // With no `must` nor `filter` clause, `should` clauses that all match nothing make the bool match nothing,
      // whatever its `must_not` holds (OpenSearch, unlike Elasticsearch, does not ask for an empty must_not).
      const should = clausesIn(body.should);
      return must.length === 0 && filter.length === 0 && should.length > 0 && should.every(nothing);
    }
    default:
      return false;
  }
}

function collect(query: unknown, path: (string | number)[], out: JsonPath[], onShard?: OnShard): void {
  if (!isObject(query)) return;
  if (matchesNothing(query, onShard)) {
    out.push([...path]);
    return;
  }
  for (const type in query) {
    const body = query[type];
    if (!isObject(body)) continue;
    for (const member of INNER_QUERIES[type] ?? []) {
      const inner = body[member];
      if (Array.isArray(inner)) {
        inner.forEach((item, i) => {
          collect(item, [...path, type, member, i], out, onShard);
        });
      } else collect(inner, [...path, type, member], out, onShard);
    }
    if (type === 'function_score' && Array.isArray(body.functions)) {
      body.functions.forEach((entry, i) => {
        if (isObject(entry)) collect(entry.filter, [...path, type, 'functions', i, 'filter'], out, onShard);
      });
    }
  }
}

/**
 * The paths of the queries of a search body (its `query` and `post_filter`) rewritten to `match_none`: where the search
 * is coordinated, or with `onShard` also on the shards.
 */
function queriesRewrittenAway(body: unknown, onShard?: OnShard): JsonPath[] {
  if (!isObject(body)) return [];
  const out: JsonPath[] = [];
  collect(body.query, ['query'], out, onShard);
  collect(body.post_filter, ['post_filter'], out, onShard);
  return out;
}

/** The paths of the queries of a search body (its `query` and `post_filter`) that the coordinating node rewrites away. */
export function rewrittenAway(body: unknown): JsonPath[] {
  return queriesRewrittenAway(body);
}

/**
 * Whether a search body matches no document whatever the indexes hold: its `query` or its `post_filter` as a whole is
 * rewritten to `match_none` where the search is coordinated. Such a search fetches no hit, so what only the fetch of a
 * hit reads (highlighters, a field's format, the collapse's inner hits) is never read; what the shards read to build
 * the search (its scripts, its highlight's tags) still is (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/rewritten-away/no-hits-*`).
 */
export function matchesNoDocument(body: unknown): boolean {
  return queriesRewrittenAway(body).some((path) => path.length === 1);
}

/**
 * The paths of the queries of a search body that every shard rewrites to `match_none` with its mapping: those the
 * coordinating node rewrites away, and a `bool` (or `constant_score`) whose `must` or `filter` holds an `exists` or a
 * `term` on a field that `unmapped` says no searched index maps. A shard rewrites the other clauses first, so what they
 * fail on while rewriting (a date math unit of a `range`) still fails; only what building them fails on does not
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/rewritten-away/*-unmapped`).
 */
export function rewrittenOnShards(body: unknown, unmapped: (field: string) => boolean): JsonPath[] {
  return queriesRewrittenAway(body, (type, inner) => {
    if (type === 'exists') return typeof inner.field === 'string' && unmapped(inner.field);
    if (type !== 'term') return false;
    const field = firstKey(inner);
    return field !== undefined && unmapped(field);
  });
}

/**
 * Whether a diagnostic is of a failure only building the query on a shard meets, which a shard's own rewrite to
 * `match_none` spares: `failed to create query: ...` (the words the shard gives any failure while it builds the Lucene
 * query, never one while it rewrites), and a `match` query's analyzer that the index lacks.
 */
export function failsWhileBuilding(diagnostic: { readonly code?: unknown; readonly message: string }): boolean {
  return diagnostic.message.startsWith('failed to create query: ') || diagnostic.code === 'cluster.analyzer-not-found';
}

/** Whether `path` is one of `away` or lies inside one. */
export function insideAny(path: JsonPath, away: readonly JsonPath[]): boolean {
  return away.some((prefix) => prefix.length <= path.length && prefix.every((key, i) => path[i] === key));
}

/**
 * Drops the issues found since `from` that only a shard would fail on, inside a query the coordinating node rewrites
 * away.
 */
export function dropRewrittenAway(segment: JsonSegment, body: unknown, issues: Issue[], from: number): void {
  const away = rewrittenAway(body);
  if (away.length === 0) return;
  const spans = away.map((path) => segment.spanOf(path));
  keepIssues(issues, from, (found) => {
    const { offset, length } = found.span;
    const inside = spans.some((s) => offset >= s.offset && offset + length <= s.offset + s.length);
    return !(inside && failsAfterReading(found));
  });
}

/**
 * Whether a text may write a query that matches nothing (`match_none`, or an empty list, which `terms` and `ids` need
 * for it): the cluster's rules ask it first of each body, and most are answered by the text alone.
 */
export function mayMatchNothing(text: string): boolean {
  return text.includes('match_none') || text.includes('[]') || /\[\s+\]|\\u/.test(text);
}
