// How many clauses a query tree holds once each shard has rewritten it, where the mapping makes that certain: a tree
// of `bool` and `term` clauses on keyword and numeric fields. A shard refuses such a tree when a bool, once nested
// pure disjunctions are inlined into it, holds more than `indices.query.bool.max_clause_count` clauses
// ("too_many_clauses"), or when the whole tree holds more than one past it ("too_many_nested_clauses"), although no
// bool as written is over the limit. Only distinct terms are counted (equal clauses may be merged), and an Error is
// given only when they are more than one past the limit, which fails either way. Real 3.8.0 and 2.19.1,
// docs/opensearch/query-dsl.md#the-clause-limit-across-a-tree.
import { compareVersions } from '../../spec/versions';
import { isObject } from '../json/jsonSegment';
import type { TargetServer } from '../target';
import { limitNote, limitsOf } from '../validate/limits';
import type { IndexMapping } from './clusterKnowledge';

/** A clause as the shard's rewrite sees it: a term (by field and value), or a bool of clauses. */
type Clause =
  | { readonly kind: 'term'; readonly key: string; readonly weight: number }
  | { readonly kind: 'bool'; readonly disjunction: boolean; readonly clauses: readonly Clause[] };

const OCCURS = ['must', 'filter', 'should', 'must_not'];
/** Numeric field types whose term query is one clause or more (two on 2.x, point and doc values). */
const INTEGER_TYPES: Readonly<Record<string, number>> = {
  long: 2 ** 63,
  integer: 2 ** 31,
  short: 2 ** 15,
  byte: 2 ** 7,
};
/** `float` is left out: two different numbers of the request may be one float, one term. */
const FLOAT_TYPES = new Set(['double']);

/** The field's type in every searched index, when they all agree. */
function typeEverywhere(indexes: readonly IndexMapping[], field: string): string | undefined {
  let type: string | undefined;
  for (const mapping of indexes) {
    const own = mapping.types.get(field);
    if (own === undefined || (type !== undefined && own !== type)) return undefined;
    type = own;
  }
  return type;
}

/**
 * A `term` clause on a keyword field (any target) or on a numeric field (2.x targets only: from 3.0 on, a bool of
 * numeric terms may be rewritten into fewer clauses; real 3.8.0 accepts 1,200 of them in two nested bools).
 */
function termClause(body: unknown, indexes: readonly IndexMapping[], numeric: boolean): Clause | undefined {
  if (!isObject(body)) return undefined;
  const fields = Object.keys(body);
  if (fields.length !== 1) return undefined;
  const field = fields[0]!;
  const inner = body[field];
  let value: unknown = inner;
  if (isObject(inner)) {
    for (const key in inner) if (key !== 'value' && key !== 'boost' && key !== '_name') return undefined;
    value = inner['value'];
  }
  if (field.length === 0 || field.startsWith('_') || field.includes('*') || field.includes('${')) return undefined;
  const type = typeEverywhere(indexes, field);
  if (type === 'keyword' && typeof value === 'string') {
    // A normalizer may make two values one term, which the rewrite merges.
    if (indexes.some((mapping) => mapping.normalized.has(field))) return undefined;
    return { kind: 'term', key: `${field}\u0000${value}`, weight: 1 };
  }
  if (!numeric || typeof value !== 'number' || !Number.isFinite(value) || type === undefined) return undefined;
  const bound = INTEGER_TYPES[type];
  if (bound !== undefined ? !Number.isSafeInteger(value) || value >= bound || value < -bound : !FLOAT_TYPES.has(type)) {
    return undefined;
  }
  // Before 3.0 a shard counts the point query and the doc values query of a numeric term, when the field has both.
  const both = indexes.every((mapping) => !mapping.halfIndexed.has(field));
  return { kind: 'term', key: `${field}\u0000${String(value)}`, weight: both ? 2 : 1 };
}

/** The tree as clauses, or undefined when it holds anything else (whose rewrite is not known here). */
function clauseOf(query: unknown, indexes: readonly IndexMapping[], numeric: boolean, max: number): Clause | undefined {
  if (!isObject(query)) return undefined;
  const names = Object.keys(query);
  if (names.length !== 1) return undefined;
  const name = names[0]!;
  const body = query[name];
  if (name === 'term') return termClause(body, indexes, numeric);
  if (name !== 'bool' || !isObject(body)) return undefined;
  const clauses: Clause[] = [];
  let boosted = false;
  for (const key in body) {
    const value = body[key];
    if (key === '_name') continue;
    if (key === 'boost') {
      boosted = value !== 1;
      continue;
    }
    // minimum_should_match may make the bool match nothing, which the rewrite drops; other keys are not known here.
    if (!OCCURS.includes(key)) return undefined;
    for (const item of Array.isArray(value) ? value : [value]) {
      const clause = clauseOf(item, indexes, numeric, max);
      if (clause === undefined) return undefined;
      clauses.push(clause);
    }
  }
  // A bool over the limit as written is refused while the request is parsed (query.too-many-clauses).
  if (clauses.length === 0 || clauses.length > max) return undefined;
  const onlyShould = Object.keys(body).every((key) => key === 'should' || key === '_name' || key === 'boost');
  return { kind: 'bool', disjunction: onlyShould && !boosted, clauses };
}

/** The clauses of a bool once the pure disjunctions among them are inlined into it (when it is one itself). */
function inlined(bool: Extract<Clause, { kind: 'bool' }>): Clause[] {
  if (!bool.disjunction) return [...bool.clauses];
  return bool.clauses.flatMap((c) => (c.kind === 'bool' && c.disjunction ? inlined(c) : [c]));
}

/** The distinct terms of a tree, with the clauses each counts for. */
function terms(clause: Clause, out: Map<string, number>): Map<string, number> {
  if (clause.kind === 'term') out.set(clause.key, clause.weight);
  else for (const c of clause.clauses) terms(c, out);
  return out;
}

/** Whether a bool of the tree, once its nested disjunctions are inlined, holds more than `max` distinct terms. */
function overInlined(clause: Clause, max: number): boolean {
  if (clause.kind === 'term') return false;
  const own = inlined(clause);
  const distinct = new Set(own.filter((c) => c.kind === 'term').map((c) => c.key));
  // Bools kept apart count one each; as they may be equal to each other, only the terms are counted.
  if (distinct.size > max) return true;
  return own.some((c) => c.kind === 'bool' && overInlined(c, max));
}

/** The message every shard fails with on the query tree `query`, when that is certain here. */
export function clauseCountFailure(
  query: unknown,
  indexes: readonly IndexMapping[],
  server: TargetServer,
): string | undefined {
  if (server.distribution !== 'opensearch') return undefined;
  const numeric = compareVersions(server.version, { major: 3, minor: 0, patch: 0 }) < 0;
  const max = limitsOf(server).maxClauseCount;
  const tree = clauseOf(query, indexes, numeric, max);
  if (tree === undefined) return undefined;
  // Over one past the limit in all, the tree is refused whichever way the shard rewrites it; which of the two words
  // it fails with depends on whether its nested disjunctions are inlined.
  let count = 0;
  for (const weight of terms(tree, new Map()).values()) count += weight;
  if (count <= max + 1) return undefined;
  const note = limitNote(server, 'maxClauseCount');
  return overInlined(tree, max)
    ? `too_many_clauses: maxClauseCount is set to ${max}${note}`
    : `too_many_nested_clauses: Query contains too many nested clauses; maxClauseCount is set to ${max}${note}`;
}
