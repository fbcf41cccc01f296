import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import type { JsonSegment } from '../json/jsonSegment';
import type { ClusterKnowledge } from './clusterKnowledge';
import { searchBodyFields } from './fieldMentions';
import type { SearchBody } from './searchBodies';

/**
 * Fields a search body names that no mapping of the indexes it searches has, on the connected cluster (a query on
 * such a field matches nothing; a sort on it fails). Information only, like the other cluster checks; only where the
 * indexes are known there and have mappings.
 */
export function unknownFieldsIn(segment: JsonSegment, body: SearchBody, cluster: ClusterKnowledge): Diagnostic[] {
  const { indexes, range } = body;
  if (indexes?.some((i) => cluster.resolveIndexExpression(i) === undefined) === true) return [];
  if (!cluster.fieldsKnown(indexes)) return [];
  const fields = cluster.fields(indexes);
  if (fields.size === 0) return [];
  const name = cluster.clusterName ?? 'the connected cluster';
  const out: Diagnostic[] = [];
  const { mentions, defined } = searchBodyFields(segment.value);
  for (const mention of mentions) {
    if (fields.has(mention.name) || defined.has(mention.name)) continue;
    const span = segment.spanOf(mention.path, mention.target);
    out.push(
      diagnosticOf(
        'cluster.unknown-field',
        `No mapping of [${(indexes ?? ['*']).join(',')}] on cluster [${name}] has the field [${mention.name}].`,
        range(span.offset, span.length),
      ),
    );
  }
  return out;
}
