import { checkNodeFilter, describeExpression, splitNodeFilter } from '../nodes/nodeFilter';
import { code } from './markdown';

/**
 * How a node filter resolves, step by step (OPENSEARCH.md 5.1): from an empty set, each comma-separated expression
 * adds or removes nodes, in order. `raw` splitting is the one of nodes stats and tasks, `trimmed` that of nodes info.
 */
export function nodeFilterText(filter: string, mode: 'raw' | 'trimmed'): string {
  const expressions = splitNodeFilter(filter, mode);
  if (expressions.length === 0) return '**Node filter**: empty, so every node is selected.';
  const steps = expressions.map(
    (e, i) => `${i + 1}. ${e.text.length > 0 ? code(e.text) : '(empty)'}: ${describeExpression(e.text)}`,
  );
  const problems = checkNodeFilter(expressions).map((p) => `⚠ ${p.message}`);
  return [
    '**Node filter**, resolved left to right from an empty set of nodes:',
    '',
    ...steps,
    ...(problems.length > 0 ? ['', ...problems] : []),
  ].join('\n');
}
