import type { Hover, Position } from 'vscode-languageserver-types';
import { locate } from '../context/locate';
import type { ParsedDocument } from '../documentStore';
import { jsonHover } from './jsonHover';
import { urlHover } from './urlHover';

/**
 * Hover at a position: what a URL parameter, metadata key, body field, query clause or aggregation does, with its
 * type and default; the duration of a time value; how a node filter resolves; a task id's node and number.
 */
export function hover(document: ParsedDocument, position: Position): Hover | null {
  const located = locate(document, position);
  switch (located.kind) {
    case 'requestLine':
      return urlHover(located.text, located.from, position.line, position.character);
    case 'json':
      return jsonHover(located.text, located.offset, located.root, located.toPosition);
    default:
      return null;
  }
}
