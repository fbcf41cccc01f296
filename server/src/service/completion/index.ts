import type { CompletionList, Position } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { locate } from '../context/locate';
import type { ParsedDocument } from '../documentStore';
import { offer, ordered, type Offer } from './items';
import { jsonCompletion } from './jsonCompletion';
import { methodCompletion, requestLineCompletion } from './requestLineCompletion';
import { variableCompletion } from '../console/variableFeatures';
import { Variables } from '../console/variables';

/**
 * Completion at a position of a `.search` or `.msearch` document, by context: request lines (methods, paths, URL
 * parameters and values), `_msearch` headers, search bodies, node filters. Items come ordered by relevance, each
 * with the exact range it replaces.
 *
 * `triggerCharacter` is the character whose typing asked for completion, if any: in JSON, only `"` and `:` (and `,`
 * inside a string, for comma lists; `.` inside a field name) open the list, so that typing `,` then Enter after a
 * member does not accept an item; on request lines every trigger character is meant.
 *
 * `cluster` is what the connected cluster holds: with it, index names, field names of the targeted indexes, nodes
 * and running tasks are offered too. Without it (or while it is empty) nothing of the kind is.
 *
 * `variables` are the `${name}` variables' values: after `${` they are offered; JSON is completed as it reads with
 * their values in.
 */
export function completion(
  document: ParsedDocument,
  position: Position,
  triggerCharacter?: string,
  cluster?: ClusterKnowledge,
  variables: Variables = Variables.NONE,
): CompletionList {
  const lineText =
    document.kind === 'search' ? document.model.map.line(position.line) : document.model.line(position.line);
  const names = variableCompletion(lineText, position.line, position.character, variables);
  if (names !== undefined) return { isIncomplete: false, items: ordered(names) };
  // `{` asks for variables only (after `$`).
  if (triggerCharacter === '{') return list(offer([]));
  const located = locate(document, position, variables);
  switch (located.kind) {
    case 'requestLine':
      return list(
        requestLineCompletion(
          located.text,
          located.from,
          position.line,
          position.character,
          document.kind === 'msearch',
          cluster,
        ),
      );
    case 'lineStart': {
      const start = located.text.length - located.text.trimStart().length;
      const end = located.text.trimEnd().length;
      if (position.character < start || position.character > Math.max(start, end)) return list(offer([]));
      return list(
        offer(methodCompletion(position.line, { start, end: Math.max(start, end), text: located.text.trim() }, false)),
      );
    }
    case 'json':
      return list(
        jsonCompletion(
          located.text,
          located.offset,
          located.root,
          located.toPosition,
          triggerCharacter,
          cluster === undefined ? undefined : { cluster, targets: located.targets },
        ),
      );
    default:
      return list(offer([]));
  }
}

function list(result: Offer): CompletionList {
  return { isIncomplete: result.incomplete, items: ordered(result.items) };
}
