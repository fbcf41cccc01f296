import type { Hover, Position } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { locate } from '../context/locate';
import type { ParsedDocument } from '../documentStore';
import { jsonHover } from './jsonHover';
import { urlHover } from './urlHover';
import { variableHover } from '../console/variableFeatures';
import { Variables } from '../console/variables';

/**
 * Hover at a position: what a URL parameter, metadata key, body field, query clause or aggregation does, with its
 * type and default; the duration of a time value; how a node filter resolves; a task id's node and number. With the
 * connected cluster (`cluster`), the nodes a filter selects there and the action of a running task.
 */
export function hover(
  document: ParsedDocument,
  position: Position,
  cluster?: ClusterKnowledge,
  variables: Variables = Variables.NONE,
): Hover | null {
  const lineText =
    document.kind === 'search' ? document.model.map.line(position.line) : document.model.line(position.line);
  const onVariable = variableHover(lineText, position.line, position.character, variables);
  if (onVariable !== undefined) return onVariable;
  const located = locate(document, position, variables);
  switch (located.kind) {
    case 'requestLine':
      return urlHover(located.text, located.from, position.line, position.character, cluster);
    case 'json':
      return jsonHover(located.text, located.offset, located.root, located.toPosition);
    default:
      return null;
  }
}
