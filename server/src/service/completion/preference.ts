import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { LinePiece } from '../context/requestLineCursor';
import type { ClusterNode } from '../nodes/nodeFilter';
import { item, lineRange } from './items';
import { nodeFilterWords, nodeIdWords, wordItems, type FilterWord } from './nodeFilterCompletion';

/**
 * Where the cursor is in a `preference` value, as the server reads it (`OperationRouting`): an optional
 * `_shards:<numbers>|` first, then the preference itself; after `_only_nodes:` a node filter, after `_prefer_nodes:`
 * node ids, both comma-separated. `from` is where that part starts in the value.
 */
export type PreferencePlace =
  | { readonly kind: 'type'; readonly from: number }
  | { readonly kind: 'onlyNodes'; readonly from: number }
  | { readonly kind: 'preferNodes'; readonly from: number };

const ONLY_NODES = '_only_nodes:';
const PREFER_NODES = '_prefer_nodes:';

/** The place of the end of `before`, the value's text before the cursor. */
export function preferencePlace(before: string): PreferencePlace | undefined {
  let from = 0;
  if (before.startsWith('_shards:')) {
    const bar = before.indexOf('|');
    if (bar === -1) return undefined;
    from = bar + 1;
  }
  const rest = before.slice(from);
  if (rest.startsWith(ONLY_NODES)) return { kind: 'onlyNodes', from: from + ONLY_NODES.length };
  if (rest.startsWith(PREFER_NODES)) return { kind: 'preferNodes', from: from + PREFER_NODES.length };
  return rest.includes(':') ? undefined : { kind: 'type', from };
}

export interface PreferenceForm {
  readonly text: string;
  readonly rank: number;
  readonly doc: string;
  /** Ends with `:`: what follows is completed next. */
  readonly open: boolean;
}

export const PREFERENCE_FORMS: readonly PreferenceForm[] = [
  { text: '_local', rank: 90, doc: 'Prefers shard copies on the node that receives the request.', open: false },
  { text: '_only_local', rank: 85, doc: 'Only shard copies on the node that receives the request.', open: false },
  {
    text: ONLY_NODES,
    rank: 80,
    doc: 'Only shard copies on the nodes a node filter selects, e.g. `_only_nodes:data-1,zone:a`.',
    open: true,
  },
  { text: PREFER_NODES, rank: 75, doc: 'Prefers shard copies on these node ids (comma-separated).', open: true },
  {
    text: '_shards:',
    rank: 70,
    doc: 'Only these shard numbers, e.g. `_shards:0,2`; another preference may follow after `|`.',
    open: false,
  },
];

/** The words a node list of the place takes. */
export function preferenceWords(
  kind: 'onlyNodes' | 'preferNodes',
  nodes: readonly ClusterNode[],
): readonly FilterWord[] {
  return kind === 'onlyNodes' ? nodeFilterWords(nodes, true) : nodeIdWords(nodes);
}

/** `preference=` on a request line: the preference forms, and nodes after `_only_nodes:` and `_prefer_nodes:`. */
export function preferenceCompletion(
  line: number,
  value: LinePiece,
  character: number,
  nodes: readonly ClusterNode[],
): CompletionItem[] {
  const place = preferencePlace(value.text.slice(0, character - value.start));
  if (place === undefined) return [];
  const start = value.start + place.from;
  if (place.kind !== 'type') {
    const list = { start, end: value.end, text: value.text.slice(place.from) };
    return wordItems(line, list, character, preferenceWords(place.kind, nodes));
  }
  const range = lineRange(line, start, value.end);
  return PREFERENCE_FORMS.map((form) =>
    item({
      label: form.text,
      kind: CompletionItemKind.EnumMember,
      range,
      newText: form.text,
      rank: form.rank,
      detail: 'preference',
      doc: form.doc,
      retrigger: form.open,
    }),
  );
}
