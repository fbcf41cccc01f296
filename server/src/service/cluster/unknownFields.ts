import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import type { ParsedDocument } from '../documentStore';
import { JsonSegment } from '../json/jsonSegment';
import { splitMsearchPairs } from '../json/jsonValues';
import type { ClusterKnowledge } from './clusterKnowledge';
import { searchBodyFields } from './fieldMentions';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The index list of an `_msearch` header (`"index": "a,b"` or `["a", "b"]`), undefined when it names none. */
function headerIndexes(text: string): string[] | undefined {
  const header = JsonSegment.parse(text);
  const index = isObject(header.value) ? header.value['index'] : undefined;
  if (typeof index === 'string') return index.split(',');
  if (Array.isArray(index) && index.every((i) => typeof i === 'string')) return index;
  return undefined;
}

/**
 * Fields a search body names that no mapping of the indexes it searches has, on the connected cluster (a query on
 * such a field matches nothing; a sort on it fails). Information only, like the other cluster checks; only where the
 * indexes are known there and have mappings.
 */
export function unknownFieldDiagnostics(document: ParsedDocument, cluster: ClusterKnowledge): Diagnostic[] {
  if (!cluster.connected || cluster.indices.length === 0) return [];
  const out: Diagnostic[] = [];
  const name = cluster.clusterName ?? 'the connected cluster';
  const check = (
    text: string,
    indexes: string[] | undefined,
    range: (offset: number, length: number) => Range,
  ): void => {
    if (indexes?.some((i) => cluster.resolveIndexExpression(i) === undefined) === true) return;
    if (!cluster.fieldsKnown(indexes)) return;
    const fields = cluster.fields(indexes);
    if (fields.size === 0) return;
    const segment = JsonSegment.parse(text);
    if (!segment.ok) return;
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
  };

  if (document.kind === 'msearch') {
    const model = document.model;
    for (const pair of model.pairLines()) {
      const line = pair.body;
      check(model.line(pair.body), headerIndexes(model.line(pair.header)), (offset, length) => ({
        start: { line, character: offset },
        end: { line, character: offset + length },
      }));
    }
    return out;
  }

  const model = document.model;
  for (const request of model.requests) {
    const route = request.target.route;
    const body = request.body;
    if (route.kind !== 'match' || body === undefined) continue;
    const urlIndexes = route.route.params.get('index')?.text.split(',');
    const at =
      (base: number) =>
      (offset: number, length: number): Range => ({
        start: model.map.positionAt(base + offset),
        end: model.map.positionAt(base + offset + length),
      });
    if (route.route.endpoint.name === 'search') {
      check(body.text, urlIndexes, at(body.offset));
    } else if (route.route.endpoint.name === 'msearch') {
      for (const pair of splitMsearchPairs(body.text)) {
        if (pair.body === undefined) continue;
        check(pair.body.text, headerIndexes(pair.header.text) ?? urlIndexes, at(body.offset + pair.body.offset));
      }
    }
  }
  return out;
}
