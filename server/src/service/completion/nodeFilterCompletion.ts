import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { commaPieceAt, type LinePiece } from '../context/requestLineCursor';
import { describeExpression } from '../nodes/nodeFilter';
import { item, lineRange } from './items';

interface FilterWord {
  readonly text: string;
  readonly rank: number;
  readonly deprecated?: boolean;
}

const SPECIALS: readonly FilterWord[] = [
  { text: '_all', rank: 100 },
  { text: '_local', rank: 95 },
  { text: '_cluster_manager', rank: 90 },
  { text: '_master', rank: 5, deprecated: true },
];

const ROLES: readonly FilterWord[] = [
  { text: 'data:true', rank: 88 },
  { text: 'data:false', rank: 87 },
  { text: 'cluster_manager:true', rank: 86 },
  { text: 'cluster_manager:false', rank: 85 },
  { text: 'ingest:true', rank: 84 },
  { text: 'ingest:false', rank: 83 },
  { text: 'coordinating_only:true', rank: 82 },
  { text: 'coordinating_only:false', rank: 81 },
  { text: 'master:true', rank: 4, deprecated: true },
  { text: 'master:false', rank: 3, deprecated: true },
];

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * Node-filter words for the comma piece `piece` of `filter` (a `nodes=` value or a `_nodes/<filter>` segment):
 * `_all`, `_local`, `_cluster_manager`, and the roles the filter resolves, with `:true` and `:false`.
 */
export function nodeFilterCompletion(line: number, filter: LinePiece, character: number): CompletionItem[] {
  const found = commaPieceAt(filter, character);
  if (found === undefined) return [];
  const { piece, others } = found;
  const range = lineRange(line, piece.start, piece.end);
  return [...SPECIALS, ...ROLES]
    .filter((word) => !others.has(word.text))
    .map((word) =>
      item({
        label: word.text,
        kind: word.text.startsWith('_') ? CompletionItemKind.Constant : CompletionItemKind.EnumMember,
        range,
        newText: word.text,
        rank: word.rank,
        detail: 'node filter',
        doc: `${capitalized(describeExpression(word.text))}.${word.deprecated === true ? ' Old spelling of the cluster-manager words.' : ''}`,
        ...(word.deprecated === true ? { deprecated: true } : {}),
      }),
    );
}
