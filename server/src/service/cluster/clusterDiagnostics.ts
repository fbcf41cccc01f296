import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { SOURCE } from '../documents/diagnostics';
import type { ParsedDocument } from '../documentStore';
import { checkNodeFilter, resolveNodeFilter, splitNodeFilter } from '../nodes/nodeFilter';
import type { ClusterKnowledge } from './clusterKnowledge';
import { msearchMentions, searchMentions, type Mention } from './mentions';

/**
 * What the connected cluster says of the names in a document: an index pattern that matches no index there, a node
 * filter that selects no node there. Information only: files are portable between clusters.
 */
export function clusterDiagnostics(document: ParsedDocument, cluster: ClusterKnowledge): Diagnostic[] {
  if (!cluster.connected) return [];
  const mentions: Mention[] =
    document.kind === 'search' ? searchMentions(document.model) : msearchMentions(document.model);
  const name = cluster.clusterName ?? 'the connected cluster';
  const out: Diagnostic[] = [];
  const indexCache = new Map<string, boolean>();
  for (const mention of mentions) {
    if (mention.kind === 'index') {
      let empty = indexCache.get(mention.text);
      if (empty === undefined) {
        const resolved = cluster.resolveIndexExpression(mention.text);
        empty = resolved !== undefined && resolved.length === 0 && mention.text.trim().length > 0;
        indexCache.set(mention.text, empty);
      }
      if (empty) {
        out.push({
          range: mention.range,
          severity: DiagnosticSeverity.Information,
          code: 'cluster.no-matching-index',
          source: SOURCE,
          message: `[${mention.text}] matches no index or alias on cluster [${name}].`,
        });
      }
    } else if (cluster.nodes.length > 0) {
      const expressions = splitNodeFilter(mention.text, mention.split ?? 'raw');
      if (checkNodeFilter(expressions).some((p) => p.severity === 'error')) continue;
      const resolution = resolveNodeFilter(expressions, cluster.nodes);
      if (resolution.rejected !== undefined) {
        out.push({
          range: mention.range,
          severity: DiagnosticSeverity.Information,
          code: 'cluster.rejected-node-filter',
          source: SOURCE,
          message: `Cluster [${name}] rejects [${mention.text}]: ${resolution.rejected}`,
        });
      } else if (resolution.selected.length === 0) {
        out.push({
          range: mention.range,
          severity: DiagnosticSeverity.Information,
          code: 'cluster.no-matching-node',
          source: SOURCE,
          message: `[${mention.text}] selects none of the ${cluster.nodes.length} nodes of cluster [${name}].`,
        });
      }
    }
  }
  return out;
}
