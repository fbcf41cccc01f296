// What the connected cluster's indexes say of a terms lookup (docs/opensearch/query-dsl.md, the terms lookup): the
// coordinating node fetches the lookup's document with a get request of its own before the search runs, and that
// request names one index or alias, never expanded.
import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import { isObject, type JsonSegment } from '../json/jsonSegment';
import { neverAnIndex } from '../validate/query';
import type { ClusterKnowledge } from './clusterKnowledge';
import { forEachClause } from './fieldMentions';
import type { SearchBody } from './searchBodies';

/**
 * A terms lookup by `id` (in the query or the post filter) whose `index` is no index or alias of the cluster: there
 * the search fails with `no such index [name]` (404; in an `_msearch` that search alone; real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1). Said as information on the name, as a path's index is: the file may be meant for another cluster. A name no
 * index can have is an Error without a cluster (query.ts); date math, remote clusters and variables are left alone,
 * and so is a 3.x lookup by `query`, which searches the index and expands a wildcard.
 */
export function lookupIndexDiagnostics(
  segment: JsonSegment,
  body: SearchBody,
  cluster: ClusterKnowledge,
): Diagnostic[] {
  const source = segment.value;
  if (cluster.indices.length === 0 || !isObject(source) || !segment.mayHoldKey('index')) return [];
  const clusterName = cluster.clusterName ?? 'the connected cluster';
  const out: Diagnostic[] = [];
  for (const key of ['query', 'post_filter']) {
    forEachClause(source[key], [key], (name, clause, path) => {
      if (name !== 'terms') return;
      for (const field in clause) {
        const lookup = clause[field];
        if (!isObject(lookup) || lookup.query !== undefined) continue;
        const index = lookup.index;
        if (typeof index !== 'string' || index === '' || index.includes('${') || neverAnIndex(index)) continue;
        const resolved = cluster.resolveIndexExpression(index);
        if (resolved === undefined || resolved.length > 0) continue;
        const span = segment.spanOf([...path, field, 'index'], 'value');
        out.push(
          diagnosticOf(
            'cluster.no-matching-index',
            `[${index}] in a terms lookup matches no index or alias on cluster [${clusterName}]: there the search is refused with no such index [${index}].`,
            body.range(span.offset, span.length),
          ),
        );
      }
    });
  }
  return out;
}
