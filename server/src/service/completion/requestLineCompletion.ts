import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { requestLineCursor, type LinePiece } from '../context/requestLineCursor';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { item, lineRange, offer, type Offer } from './items';
import { pathCompletion } from './pathCompletion';
import { paramNameCompletion, paramValueCompletion } from './urlParamCompletion';
import type { HttpMethod } from '../../spec/types';
import { HTTP_METHODS, isMethod } from '../syntax';

/** Rank and explanation of each method (the methods themselves are the syntax module's). */
const METHOD_DOCS: Readonly<Record<HttpMethod, readonly [number, string]>> = {
  GET: [100, 'Reads: searches, lists, statistics.'],
  POST: [95, 'Sends a body: searches, `_msearch`, cancellations.'],
  PUT: [80, 'Creates or replaces: indexes, mappings, documents.'],
  DELETE: [70, 'Deletes: indexes, documents, scroll contexts.'],
  HEAD: [50, 'Like GET, without the response body: does it exist?'],
  PATCH: [40, 'Partial updates, where an API takes them.'],
};

/** HTTP methods for the word at a line start; a space follows when no path is written yet. */
export function methodCompletion(line: number, word: LinePiece, hasUrl: boolean): CompletionItem[] {
  const range = lineRange(line, word.start, word.end);
  return HTTP_METHODS.map((method) => {
    const [rank, doc] = METHOD_DOCS[method];
    return item({
      label: method,
      kind: CompletionItemKind.Keyword,
      range,
      newText: hasUrl ? method : `${method} `,
      rank,
      detail: 'HTTP method',
      doc,
      retrigger: !hasUrl,
    });
  });
}

/**
 * Completion on a request line, read from `from` (0, or after `# ` in a `.msearch` target comment, where methods are
 * only offered for a word that starts one, so that plain comments stay quiet).
 */
export function requestLineCompletion(
  text: string,
  from: number,
  line: number,
  character: number,
  inComment: boolean,
  cluster?: ClusterKnowledge,
): Offer {
  const cursor = requestLineCursor(text, from, character);
  switch (cursor.kind) {
    case 'method': {
      const word = cursor.word.text.toUpperCase();
      if (inComment && (word.length === 0 || !HTTP_METHODS.some((m) => m.startsWith(word)))) return offer([]);
      return offer(methodCompletion(line, cursor.word, cursor.hasUrl));
    }
    case 'path':
      if (inComment && !isMethod(cursor.target.method)) return offer([]);
      return pathCompletion(line, cursor, character, cluster);
    case 'paramName':
      return offer(paramNameCompletion(line, cursor));
    case 'paramValue':
      return paramValueCompletion(line, cursor, character, cluster);
    default:
      return offer([]);
  }
}
