import { Severity } from '../diagnosticCodes';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import {
  checkNodeFilter,
  describeExpression,
  resolveNodeFilter,
  splitNodeFilter,
  type ClusterNode,
  type FilterExpression,
} from '../nodes/nodeFilter';
import { code, escapeMarkdown } from './markdown';

/** How many nodes a hover names before it only counts them. */
const NAMED_NODES = 12;

function nodeText(node: ClusterNode): string {
  return node.ip.length > 0 ? `${escapeMarkdown(node.name)} (${escapeMarkdown(node.ip)})` : escapeMarkdown(node.name);
}

function named(ids: readonly string[], byId: ReadonlyMap<string, ClusterNode>, withIp: boolean): string {
  const shown = ids.slice(0, NAMED_NODES).map((id) => {
    const node = byId.get(id);
    return node === undefined ? code(id) : withIp ? nodeText(node) : escapeMarkdown(node.name);
  });
  return ids.length > NAMED_NODES ? `${shown.join(', ')} and ${ids.length - NAMED_NODES} more` : shown.join(', ');
}

/** What each expression did on the cluster's nodes, and what the filter selects in the end. */
function onCluster(
  expressions: readonly FilterExpression[],
  cluster: ClusterKnowledge,
): { effects: string[]; summary: string } {
  const nodes = cluster.nodes;
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const resolution = resolveNodeFilter(expressions, nodes);
  const effects = resolution.steps.map((step) => {
    const parts = [
      step.added.length > 0 ? `+ ${named(step.added, byId, false)}` : '',
      step.removed.length > 0 ? `− ${named(step.removed, byId, false)}` : '',
    ].filter((p) => p.length > 0);
    return parts.length > 0 ? ` → ${parts.join('; ')}` : ' → no change';
  });
  const name = cluster.clusterName === undefined ? 'the connected cluster' : `cluster ${code(cluster.clusterName)}`;
  const count = resolution.selected.length;
  const summary =
    resolution.rejected !== undefined
      ? `On ${name}: rejected. ${resolution.rejected}`
      : count === 0
        ? `On ${name}: selects none of the ${nodes.length} nodes.`
        : `On ${name}: selects ${count} of ${nodes.length} node${nodes.length === 1 ? '' : 's'}: ${named(resolution.selected, byId, true)}.`;
  return { effects, summary };
}

/**
 * How a node filter resolves, step by step (docs/opensearch/tasks-and-nodes.md#node-filters): from an empty set, each comma-separated expression
 * adds or removes nodes, in order. `raw` splitting is the one of nodes stats and tasks, `trimmed` that of nodes info.
 * With the connected cluster's nodes, what each step added or removed and the nodes selected in the end.
 */
export function nodeFilterText(filter: string, mode: 'raw' | 'trimmed', cluster?: ClusterKnowledge): string {
  const expressions = splitNodeFilter(filter, mode);
  const problems = checkNodeFilter(expressions);
  const resolved =
    cluster !== undefined && cluster.nodes.length > 0 && !problems.some((p) => p.severity === Severity.Error)
      ? onCluster(expressions, cluster)
      : undefined;
  if (expressions.length === 0) {
    const head = '**Node filter**: empty, so every node is selected.';
    return resolved === undefined ? head : `${head}\n\n${resolved.summary}`;
  }
  const steps = expressions.map(
    (e, i) =>
      `${i + 1}. ${e.text.length > 0 ? code(e.text) : '(empty)'}: ${describeExpression(e.text)}${resolved?.effects[i] ?? ''}`,
  );
  return [
    '**Node filter**, resolved left to right from an empty set of nodes:',
    '',
    ...steps,
    ...(problems.length > 0 ? ['', ...problems.map((p) => `⚠ ${p.message}`)] : []),
    ...(resolved === undefined ? [] : ['', resolved.summary]),
  ].join('\n');
}
