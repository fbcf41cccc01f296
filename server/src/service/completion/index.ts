import type { CompletionList, Position } from 'vscode-languageserver-types';
import { locate } from '../context/locate';
import type { ParsedDocument } from '../documentStore';
import { ordered } from './items';
import { jsonCompletion } from './jsonCompletion';
import { methodCompletion, requestLineCompletion } from './requestLineCompletion';

/**
 * Completion at a position of a `.search` or `.msearch` document, by context: request lines (methods, paths, URL
 * parameters and values), `_msearch` headers, search bodies, node filters. Items come ordered by relevance, each
 * with the exact range it replaces.
 */
export function completion(document: ParsedDocument, position: Position): CompletionList {
  const located = locate(document, position);
  switch (located.kind) {
    case 'requestLine':
      return list(
        requestLineCompletion(
          located.text,
          located.from,
          position.line,
          position.character,
          document.kind === 'msearch',
        ),
      );
    case 'lineStart': {
      const start = located.text.length - located.text.trimStart().length;
      const end = located.text.trimEnd().length;
      if (position.character < start || position.character > Math.max(start, end)) return list([]);
      return list(
        methodCompletion(position.line, { start, end: Math.max(start, end), text: located.text.trim() }, false),
      );
    }
    case 'json':
      return list(jsonCompletion(located.text, located.offset, located.root, located.toPosition));
    default:
      return list([]);
  }
}

function list(items: Parameters<typeof ordered>[0]): CompletionList {
  return { isIncomplete: false, items: ordered(items) };
}
