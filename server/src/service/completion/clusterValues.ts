import { CompletionItemKind } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { indexCandidates, type IndexCandidate } from '../cluster/indexCatalog';
import type { JsonCursor } from '../context/jsonCursor';
import type { Slot } from '../context/slots';
import type { ClusterNode } from '../nodes/nodeFilter';
import { snippetText } from '../context/snippets';
import { capped } from './capped';
import { PREFERENCE_FORMS, preferencePlace, preferenceWords } from './preference';
import type { ValueOption } from './valueOptions';

/** Value options that come from the connected cluster, and whether the list was cut. */
export interface ClusterValues {
  readonly values: readonly ValueOption[];
  readonly incomplete: boolean;
}

const NONE: ClusterValues = { values: [], incomplete: false };

const INDEX_KINDS: Readonly<Record<IndexCandidate['kind'], CompletionItemKind>> = {
  index: CompletionItemKind.Folder,
  alias: CompletionItemKind.Reference,
  pattern: CompletionItemKind.Constant,
};

function quotedText(text: string): string {
  return snippetText(JSON.stringify(text));
}

/** The text of the string being typed before the cursor, split at its last comma. */
function commaParts(cursor: JsonCursor): { before: string; piece: string; others: Set<string> } {
  const prefix = cursor.token?.kind === 'string' ? cursor.prefix : '';
  const comma = prefix.lastIndexOf(',');
  const before = comma === -1 ? '' : prefix.slice(0, comma + 1);
  return { before, piece: prefix.slice(comma + 1), others: new Set(before.split(',')) };
}

/** `"index"` of an `_msearch` header: names, aliases and patterns, in a comma list or as array elements. */
function indexValues(cursor: JsonCursor, cluster: ClusterKnowledge): ClusterValues {
  const inArray = typeof cursor.path[cursor.path.length - 1] === 'number';
  const { before, piece, others } = inArray
    ? { before: '', piece: cursor.token?.kind === 'string' ? cursor.prefix : '', others: new Set<string>() }
    : commaParts(cursor);
  const candidates = indexCandidates(cluster.indices, piece);
  const { chosen, incomplete } = capped(candidates, piece, (c) => c.key);
  const values: ValueOption[] = [];
  for (const candidate of chosen) {
    if (others.has(candidate.name)) continue;
    values.push({
      label: candidate.name,
      text: quotedText(before + candidate.name),
      rank: candidate.rank,
      kind: INDEX_KINDS[candidate.kind],
      detail: candidate.detail,
    });
  }
  return { values, incomplete };
}

/** `"preference"` of an `_msearch` header: the forms, and nodes after `_only_nodes:` and `_prefer_nodes:`. */
function preferenceValues(cursor: JsonCursor, nodes: readonly ClusterNode[]): ClusterValues {
  const typed = cursor.token?.kind === 'string' ? cursor.prefix : '';
  const place = preferencePlace(typed);
  if (place === undefined) return NONE;
  const head = typed.slice(0, place.from);
  if (place.kind === 'type') {
    return {
      values: PREFERENCE_FORMS.map((form) => ({
        label: form.text,
        text: quotedText(head + form.text),
        rank: form.rank,
        kind: CompletionItemKind.EnumMember,
        detail: 'preference',
        doc: form.doc,
      })),
      incomplete: false,
    };
  }
  const list = typed.slice(place.from);
  const comma = list.lastIndexOf(',');
  const before = head + list.slice(0, comma + 1);
  const others = new Set(list.slice(0, comma + 1).split(','));
  return {
    values: preferenceWords(place.kind, nodes)
      .filter((word) => !others.has(word.text))
      .map((word) => ({
        label: word.text,
        text: quotedText(before + word.text),
        rank: word.rank,
        kind: word.kind,
        detail: word.detail,
        doc: word.doc,
      })),
    incomplete: false,
  };
}

/** Values of `_msearch` header keys that the cluster knows: index names, and nodes in `preference`. */
export function clusterValueOptions(
  slot: Slot,
  cursor: JsonCursor,
  cluster: ClusterKnowledge | undefined,
): ClusterValues {
  if (slot.t !== 'headerValue') return NONE;
  if (slot.key.name === 'preference') return preferenceValues(cursor, cluster?.nodes ?? []);
  if (slot.key.kind === 'indices' && cluster !== undefined && cluster.indices.length > 0) {
    return indexValues(cursor, cluster);
  }
  return NONE;
}
