// Named queries (`_name`): which of them each hit matches, as MatchedQueriesPhase reports them in `matched_queries`.
import type { Query } from './query';
import { NO_MATCH, type Scores } from './queryEngine';

/**
 * Every query of the trees that has a name, in the order OpenSearch registers them while it builds the Lucene query:
 * a query's inner queries before it (a bool's must, must_not, should, then filter clauses).
 */
export function namedQueries(roots: readonly (Query | undefined)[]): Query[] {
  const out: Query[] = [];
  const walk = (q: Query | undefined): void => {
    if (q === undefined) return;
    switch (q.type) {
      case 'bool':
        for (const c of [...q.must, ...q.mustNot, ...q.should, ...q.filter]) walk(c);
        break;
      case 'constant_score':
        walk(q.filter);
        break;
      case 'dis_max':
        for (const c of q.queries) walk(c);
        break;
      case 'boosting':
        walk(q.positive);
        walk(q.negative);
        break;
      case 'wrapped':
      case 'nested':
        walk(q.inner);
        break;
      default:
        break;
    }
    if (q.name !== undefined) out.push(q);
  };
  for (const root of roots) walk(root);
  return out;
}

/** String.hashCode, for the iteration order of a java.util.HashMap. */
function javaHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The order a java.util.HashMap of these keys iterates in (the phase keeps the named queries in one): by bucket,
 * `(h ^ h >>> 16) & (capacity - 1)` with the table grown past three quarters full, then in insertion order.
 */
export function hashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const bucket = (k: string): number => {
    const h = javaHash(k);
    return (h ^ (h >>> 16)) & (capacity - 1);
  };
  return keys
    .map((k, i) => ({ k, i, b: bucket(k) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((x) => x.k);
}

/** The names of the queries that match the document at `pos`, in the phase's order, with their scores. */
export function matchedQueries(named: readonly { name: string; scores: Scores }[], pos: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const { name, scores } of named) {
    const score = scores[pos]!;
    if (score !== NO_MATCH && !byName.has(name)) byName.set(name, score);
  }
  const out = new Map<string, number>();
  // The map holds every named query; those a document matches come out in its iteration order.
  for (const name of hashMapOrder([...new Set(named.map((n) => n.name))])) {
    const score = byName.get(name);
    if (score !== undefined) out.set(name, score);
  }
  return out;
}
