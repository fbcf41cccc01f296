// What the coordinating node rewrites away before a shard reads the query (docs/opensearch/query-dsl.md#rewritten-away):
// a `bool` with a `must` or `filter` clause that matches nothing becomes `match_none` whole, and so does a
// `constant_score` around one; a `match_none`, a `terms` with an empty list and an `ids` with no values match nothing
// from the start. The shards then never build the other clauses of that `bool`, so what only building them fails on
// (a span query over two fields, a date math unit, a mapping's refusal) fails nothing (real 3.9.0 and 2.19.6,
// conformance cases `cross/lists/rewritten-away/*`). Rewrites that need the mappings (`exists` or `term` on an
// unmapped field) happen on the shards, after the other clauses' own rewrites, and take nothing away here.
import { isObject, type JsonPath, type JsonSegment } from '../json/jsonSegment';
import type { Issue } from './issues';
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

/** The queries one member holds: one object, or each object of a list. */
function queriesIn(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [value];
}

/** Whether a query is rewritten to `match_none` where the search is coordinated. */
function matchesNothing(query: unknown): boolean {
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
      return matchesNothing(body.filter);
    case 'bool':
      return queriesIn(body.must).some(matchesNothing) || queriesIn(body.filter).some(matchesNothing);
    default:
      return false;
  }
}

function collect(query: unknown, path: (string | number)[], out: JsonPath[]): void {
  if (!isObject(query)) return;
  if (matchesNothing(query)) {
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
          collect(item, [...path, type, member, i], out);
        });
      } else collect(inner, [...path, type, member], out);
    }
    if (type === 'function_score' && Array.isArray(body.functions)) {
      body.functions.forEach((entry, i) => {
        if (isObject(entry)) collect(entry.filter, [...path, type, 'functions', i, 'filter'], out);
      });
    }
  }
}

/** The paths of the queries of a search body (its `query` and `post_filter`) that the coordinating node rewrites away. */
export function rewrittenAway(body: unknown): JsonPath[] {
  if (!isObject(body)) return [];
  const out: JsonPath[] = [];
  collect(body.query, ['query'], out);
  collect(body.post_filter, ['post_filter'], out);
  return out;
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
  let kept = from;
  for (let i = from; i < issues.length; i++) {
    const found = issues[i]!;
    const { offset, length } = found.span;
    const inside = spans.some((s) => offset >= s.offset && offset + length <= s.offset + s.length);
    if (inside && failsAfterReading(found)) continue;
    issues[kept++] = found;
  }
  issues.length = kept;
}

/**
 * Whether a text may write a query that matches nothing (`match_none`, or an empty list, which `terms` and `ids` need
 * for it): the cluster's rules ask it first of each body, and most are answered by the text alone.
 */
export function mayMatchNothing(text: string): boolean {
  return text.includes('match_none') || text.includes('[]') || /\[\s+\]|\\u/.test(text);
}
