import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { ClusterStateTask } from '../../protocol/protocol';
import type { FieldUsage } from '../../spec/fieldTypes';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { rankedFields } from '../cluster/fieldCandidates';
import { indexCandidates, type IndexCandidate } from '../cluster/indexCatalog';
import { commaPieceAt, type LinePiece } from '../context/requestLineCursor';
import { capped } from './capped';
import { item, lineRange, offer, type Offer } from './items';

// What the connected cluster offers on a request line: index names in `{index}` segments and index-list values,
// running task ids, field names in field-list values.

const INDEX_KINDS: Readonly<Record<IndexCandidate['kind'], CompletionItemKind>> = {
  index: CompletionItemKind.Folder,
  alias: CompletionItemKind.Reference,
  pattern: CompletionItemKind.Constant,
};

const NOTHING: Offer = offer([]);

/**
 * Index names, aliases and patterns for the comma piece of `list` that holds `character`, without those already
 * listed. `lead` goes before the name (the `/` of a path not written yet).
 */
export function indexItems(
  line: number,
  list: LinePiece,
  character: number,
  cluster: ClusterKnowledge | undefined,
  lead = '',
): Offer {
  if (cluster === undefined || cluster.indices.length === 0) return NOTHING;
  const found = commaPieceAt(list, character);
  if (found === undefined) return NOTHING;
  const { piece, others } = found;
  const typed = piece.text.slice(0, character - piece.start);
  const range = lineRange(line, piece.start, piece.end);
  const { chosen, incomplete } = capped(indexCandidates(cluster.indices, typed), typed, (c) => c.key);
  const items: CompletionItem[] = [];
  for (const candidate of chosen) {
    if (others.has(candidate.name)) continue;
    items.push(
      item({
        label: candidate.name,
        kind: INDEX_KINDS[candidate.kind],
        range,
        newText: lead + candidate.name,
        rank: candidate.rank,
        detail: candidate.detail,
        ...(lead.length > 0 ? { filterText: lead + candidate.name } : {}),
      }),
    );
  }
  return offer(items, incomplete);
}

/** Running task ids for `piece`, with their action. */
export function taskItems(
  line: number,
  piece: LinePiece,
  character: number,
  tasks: readonly ClusterStateTask[],
): Offer {
  if (tasks.length === 0) return NOTHING;
  const typed = piece.text.slice(0, character - piece.start);
  const { chosen, incomplete } = capped(tasks, typed, (t) => t.id.toLowerCase());
  const range = lineRange(line, piece.start, piece.end);
  return offer(
    chosen.map((task) =>
      item({
        label: task.id,
        kind: CompletionItemKind.Value,
        range,
        newText: task.id,
        rank: 85,
        detail: task.action,
        doc: `Running task \`${task.id}\`: \`${task.action}\`.`,
      }),
    ),
    incomplete,
  );
}

/** Field names of the targeted indexes for the comma piece of a field-list value (`_source_includes=`, ...). */
export function fieldListItems(
  line: number,
  list: LinePiece,
  character: number,
  cluster: ClusterKnowledge | undefined,
  targets: readonly string[] | undefined,
  usage: FieldUsage,
): Offer {
  if (cluster === undefined || cluster.indices.length === 0) return NOTHING;
  const found = commaPieceAt(list, character);
  if (found === undefined) return NOTHING;
  const { piece, others } = found;
  const typed = piece.text.slice(0, character - piece.start);
  const fields = cluster.fields(targets);
  const { chosen, incomplete } = capped(rankedFields(fields, usage), typed, (c) => c.key);
  const range = lineRange(line, piece.start, piece.end);
  const items: CompletionItem[] = [];
  for (const field of chosen) {
    if (others.has(field.name)) continue;
    items.push(
      item({
        label: field.name,
        kind: CompletionItemKind.Field,
        range,
        newText: field.name,
        rank: field.fit * 0.95,
        detail: field.detail,
      }),
    );
  }
  return offer(items, incomplete);
}
