import { Severity } from '../diagnosticCodes';
import type { EvaluateNodeFilterResult } from '../../protocol/protocol';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { checkNodeFilter, describeExpression, resolveNodeFilter, splitNodeFilter } from './nodeFilter';

/** A typed node filter, checked as the server would, and resolved on the connected cluster when there is one. */
export function evaluateNodeFilter(filter: string, cluster: ClusterKnowledge): EvaluateNodeFilterResult {
  const expressions = splitNodeFilter(filter, 'raw');
  const problems = checkNodeFilter(expressions);
  const errors = problems.filter((p) => p.severity === Severity.Error).map((p) => p.message);
  const warnings = problems.filter((p) => p.severity === Severity.Warning).map((p) => p.message);
  if (cluster.nodes.length === 0 || errors.length > 0) {
    return {
      errors,
      warnings,
      steps: expressions.map((e) => ({
        expression: e.text,
        explanation: describeExpression(e.text),
        added: [],
        removed: [],
      })),
    };
  }
  const resolution = resolveNodeFilter(expressions, cluster.nodes);
  if (resolution.rejected !== undefined) {
    return { errors: [resolution.rejected], warnings, steps: resolution.steps };
  }
  return { errors, warnings, selected: resolution.selected, steps: resolution.steps };
}
