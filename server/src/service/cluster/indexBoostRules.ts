// What the connected cluster says of a search body's `indices_boost` (docs/opensearch/search.md#indices_boost): each
// name is resolved against the cluster's indexes before the search runs, and each boost is checked on the shards of
// the indexes it applies to.
import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import { isObject, type JsonPath, type JsonSegment } from '../json/jsonSegment';
import { javaFloatText } from '../validate/values';
import type { ClusterKnowledge } from './clusterKnowledge';
import type { SearchBody } from './searchBodies';

/** One index and its boost as written: in the list form (`[{"logs": 2}]`) or the deprecated object form. */
interface IndexBoost {
  readonly name: string;
  readonly boost: unknown;
  readonly path: JsonPath;
}

function indexBoosts(value: unknown): IndexBoost[] {
  const out: IndexBoost[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (!isObject(item)) return;
      for (const name in item) out.push({ name, boost: item[name], path: ['indices_boost', i, name] });
    });
  } else if (isObject(value)) {
    for (const name in value) out.push({ name, boost: value[name], path: ['indices_boost', name] });
  }
  return out;
}

/**
 * The indexes one name of `indices_boost` resolves to: it is one expression, never split at commas, so a name with a
 * comma or a leading `-` is a name no index can have. Undefined when that is not known here (date math, remote
 * clusters).
 */
function boostedIndexes(cluster: ClusterKnowledge, name: string): { indexes: string[]; wildcard: boolean } | undefined {
  if (name.includes(',') || name.startsWith('-')) return { indexes: [], wildcard: false };
  const indexes = cluster.resolveIndexExpression(name);
  if (indexes === undefined) return undefined;
  return { indexes, wildcard: name === '_all' || name.includes('*') };
}

/**
 * `indices_boost` against the cluster's indexes (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/indices-boost/*`): a name that is no index or alias there fails the whole search with `no such index
 * [name]` (404) unless `ignore_unavailable` is set, said as information as a path's index is (the file may be meant
 * for another cluster); a wildcard that matches nothing is no failure. Once every name resolves, each index takes the
 * boost of the first entry that names it, and a boost Lucene refuses (below zero, minus zero, beyond a float) fails
 * each shard of that index (`boost must be a positive float, got -1.0`): an Error when that is every index the search
 * reaches.
 */
export function indexBoostDiagnostics(segment: JsonSegment, body: SearchBody, cluster: ClusterKnowledge): Diagnostic[] {
  if (cluster.indices.length === 0 || !segment.mayHoldKey('indices_boost') || !isObject(segment.value)) return [];
  const boosts = indexBoosts(segment.value['indices_boost']).filter((b) => !b.name.includes('${'));
  if (boosts.length === 0) return [];
  const out: Diagnostic[] = [];
  const clusterName = cluster.clusterName ?? 'the connected cluster';
  // Each index takes the boost of the first entry that names it.
  const boostOf = new Map<string, IndexBoost>();
  let unresolved = false;
  for (const entry of boosts) {
    const resolved = boostedIndexes(cluster, entry.name);
    if (resolved === undefined) {
      unresolved = true;
      continue;
    }
    if (resolved.indexes.length === 0 && !resolved.wildcard) {
      if (body.ignoreUnavailable === true) continue;
      const span = segment.spanOf(entry.path, 'key');
      out.push(
        diagnosticOf(
          'cluster.no-matching-index',
          `[${entry.name}] in indices_boost matches no index or alias on cluster [${clusterName}]: there the search is refused with no such index [${entry.name}].`,
          body.range(span.offset, span.length),
        ),
      );
      continue;
    }
    for (const index of resolved.indexes) if (!boostOf.has(index)) boostOf.set(index, entry);
  }
  // A missing name ends the search before any shard reads a boost.
  if (unresolved || out.length > 0 || body.indexes?.some((i) => i.includes('${')) === true) return out;
  const searched = cluster.searchedIndexNames(body.indexes);
  if (searched === undefined || searched.size === 0) return out;
  let first: { entry: IndexBoost; refused: number } | undefined;
  for (const index of searched) {
    const entry = boostOf.get(index);
    const refused = entry === undefined ? undefined : refusedBoost(segment, entry);
    if (entry === undefined || refused === undefined) return out;
    first ??= { entry, refused };
  }
  if (first === undefined) return out;
  const span = segment.spanOf(first.entry.path, 'value');
  out.push(
    diagnosticOf(
      'cluster.index-boost',
      `boost must be a positive float, got ${javaFloatText(first.refused)}`,
      body.range(span.offset, span.length),
    ),
  );
  return out;
}

/**
 * The float a boost is read as when Lucene's `BoostQuery` refuses it (below zero, minus zero, beyond a float), else
 * undefined. Jackson reads `-0` written as an integer as 0.
 */
function refusedBoost(segment: JsonSegment, entry: IndexBoost): number | undefined {
  if (typeof entry.boost !== 'number') return undefined;
  const float = Math.fround(entry.boost);
  if (Object.is(float, -0)) {
    const span = segment.spanOf(entry.path, 'value');
    if (/^-0$/.test(segment.text.slice(span.offset, span.offset + span.length))) return undefined;
  }
  return !Number.isFinite(float) || float < 0 || Object.is(float, -0) ? float : undefined;
}
