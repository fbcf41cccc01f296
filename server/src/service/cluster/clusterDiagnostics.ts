import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { Severity } from '../diagnosticCodes';
import { diagnosticOf } from '../documents/diagnostics';
import type { ParsedDocument } from '../documentStore';
import { checkNodeFilter, resolveNodeFilter, splitNodeFilter } from '../nodes/nodeFilter';
import type { ClusterKnowledge } from './clusterKnowledge';
import { msearchMentions, searchMentions, type Mention } from './mentions';
import { JsonSegment } from '../json/jsonSegment';
import type { TargetServer } from '../target';
import { mappingDiagnosticsIn, type IndexFields } from './mappingRules';
import { searchBodies } from './searchBodies';
import { asItemDiagnostics } from '../validate/msearchItems';
import { onlyCoreModules } from './analyzerRules';
import { unknownFieldsIn } from './unknownFields';
import { bodyPipelineDiagnostics, urlPipelineDiagnostics } from './pipelineRules';
import { indexBoostDiagnostics } from './indexBoostRules';
import { lookupIndexDiagnostics } from './lookupIndexRules';

/**
 * What the connected cluster says of the names in a document: an index pattern that matches no index there, a node
 * filter that selects no node there, a field no mapping there has (information only: files are portable between
 * clusters); and what its mappings make fail on every shard (errors, mappingRules.ts) and a search pipeline it does
 * not define (an error, pipelineRules.ts). `settled` receives the keys (settledKey) of the document's own diagnostics that
 * the mappings decide (either way), which the caller drops; `spared` the ranges of the queries every shard rewrites to
 * `match_none` with its mapping, inside which the caller drops those that only building a query fails on.
 */
export function clusterDiagnostics(
  document: ParsedDocument,
  cluster: ClusterKnowledge,
  server: TargetServer,
  settled: Set<string> = new Set(),
  spared: Range[] = [],
): Diagnostic[] {
  if (!cluster.connected) return [];
  const mentions: Mention[] =
    document.kind === 'search' ? searchMentions(document.model) : msearchMentions(document.model);
  const name = cluster.clusterName ?? 'the connected cluster';
  const out: Diagnostic[] = [];
  const indexCache = new Map<string, boolean>();
  for (const mention of mentions) {
    // A name made of a variable is whatever the variable holds: nothing to say of the text as written.
    if (mention.text.includes('${')) continue;
    if (mention.kind === 'index') {
      let empty = indexCache.get(mention.text);
      if (empty === undefined) {
        const resolved = cluster.resolveIndexExpression(mention.text);
        empty = resolved !== undefined && resolved.length === 0 && mention.text.trim().length > 0;
        indexCache.set(mention.text, empty);
      }
      if (empty) {
        out.push(
          diagnosticOf(
            'cluster.no-matching-index',
            `[${mention.text}] matches no index or alias on cluster [${name}].`,
            mention.range,
          ),
        );
      }
    } else if (cluster.nodes.length > 0) {
      const expressions = splitNodeFilter(mention.text, mention.split ?? 'raw');
      if (checkNodeFilter(expressions).some((p) => p.severity === Severity.Error)) continue;
      const resolution = resolveNodeFilter(expressions, cluster.nodes);
      if (resolution.rejected !== undefined) {
        out.push(
          diagnosticOf(
            'cluster.rejected-node-filter',
            `Cluster [${name}] rejects [${mention.text}]: ${resolution.rejected}`,
            mention.range,
          ),
        );
      } else if (resolution.selected.length === 0) {
        out.push(
          diagnosticOf(
            'cluster.no-matching-node',
            `[${mention.text}] selects none of the ${cluster.nodes.length} nodes of cluster [${name}].`,
            mention.range,
          ),
        );
      }
    }
  }
  out.push(...fieldDiagnostics(document, cluster, server, settled, spared), ...pipelineDiagnostics(document, cluster));
  return out;
}

/**
 * What the mappings say of the fields each search body names: information on a field none of them has, and errors
 * where they make the search fail on every shard. Each body is read once for both.
 */
function fieldDiagnostics(
  document: ParsedDocument,
  cluster: ClusterKnowledge,
  server: TargetServer,
  settled: Set<string>,
  spared: Range[],
): Diagnostic[] {
  if (cluster.indices.length === 0) return [];
  const out: Diagnostic[] = [];
  const searchedByList = new Map<string, IndexFields | undefined>();
  for (const body of searchBodies(document)) {
    const segment = JsonSegment.parse(body.text);
    if (!segment.ok) continue;
    const key = body.indexes?.join(',') ?? '';
    let searched = searchedByList.get(key);
    if (!searchedByList.has(key)) {
      // An index list made of a variable is whatever the variable holds.
      searched = key.includes('${') ? undefined : cluster.searchedIndexFields(body.indexes);
      searchedByList.set(key, searched);
    }
    const found =
      searched === undefined
        ? undefined
        : mappingDiagnosticsIn(segment, body, searched, server, onlyCoreModules(cluster.plugins));
    const failures = [...(found?.diagnostics ?? []), ...indexBoostDiagnostics(segment, body, cluster)];
    for (const { code, range } of found?.settled ?? []) settled.add(settledKey(code, range));
    for (const range of found?.spared ?? []) spared.push(range);
    // A name that makes the search fail needs no second word that the mapping lacks it.
    const failed = new Set(failures.map((d) => JSON.stringify(d.range)));
    out.push(
      ...unknownFieldsIn(segment, body, cluster).filter((d) => !failed.has(JSON.stringify(d.range))),
      ...lookupIndexDiagnostics(segment, body, cluster),
      // In an `_msearch` a failure of the mapping fails that search alone.
      ...(body.item ? asItemDiagnostics(failures) : failures),
    );
  }
  return out;
}

/** The key of a diagnostic the mappings settle: its code and its range. */
export function settledKey(code: unknown, range: Range): string {
  return `${String(code)}@${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

/** A `search_pipeline` (URL or body) naming a pipeline the cluster does not define. */
function pipelineDiagnostics(document: ParsedDocument, cluster: ClusterKnowledge): Diagnostic[] {
  if (cluster.searchPipelines === undefined) return [];
  const out = urlPipelineDiagnostics(document, cluster);
  for (const body of searchBodies(document)) {
    const segment = JsonSegment.parse(body.text);
    if (!segment.ok) continue;
    const found = bodyPipelineDiagnostics(segment, body, cluster);
    out.push(...(body.item ? asItemDiagnostics(found) : found));
  }
  return out;
}
