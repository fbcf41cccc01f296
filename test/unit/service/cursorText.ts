import type { CompletionItem, Position, TextEdit } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../../../server/src/service/cluster/clusterKnowledge';
import { completion } from '../../../server/src/service/completion/index';
import { DocumentStore, type LanguageId, type ParsedDocument } from '../../../server/src/service/documentStore';

/** Text with a `|` cursor marker: the text without it, and the marker's offset. */
export function withCursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset === -1) throw new Error('no | cursor marker in the text');
  if (marked.indexOf('|', offset + 1) !== -1) throw new Error('more than one | in the text');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

export function offsetAt(text: string, position: Position): number {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < position.line; i++) offset += lines[i]!.length + 1;
  return offset + position.character;
}

export function open(text: string, language: LanguageId): ParsedDocument {
  return new DocumentStore().open(`file:///test.${language}`, language, 1, text);
}

/** Completion at the `|` of a marked text, with what a connected cluster holds when `cluster` is given. */
export function complete(
  marked: string,
  language: LanguageId,
  cluster?: ClusterKnowledge,
  triggerCharacter?: string,
): { text: string; items: CompletionItem[]; incomplete: boolean } {
  const { text, offset } = withCursor(marked);
  const list = completion(open(text, language), positionAt(text, offset), triggerCharacter, cluster);
  return { text, items: list.items, incomplete: list.isIncomplete };
}

export function labels(items: readonly CompletionItem[]): string[] {
  return items.map((i) => i.label);
}

/** Snippet syntax to plain text: a choice becomes its first option, a placeholder its text, a tab stop nothing. */
function resolveSnippet(snippet: string): string {
  let out = '';
  for (let i = 0; i < snippet.length; i++) {
    const ch = snippet[i]!;
    if (ch === '\\' && i + 1 < snippet.length) {
      out += snippet[++i]!;
    } else if (ch === '$' && /\d/.test(snippet[i + 1] ?? '')) {
      while (/\d/.test(snippet[i + 1] ?? '')) i++;
    } else if (ch === '$' && snippet[i + 1] === '{') {
      const choice = /^\$\{\d+\|([^|]*)\|\}/.exec(snippet.slice(i));
      if (choice !== null) {
        out += choice[1]!.split(',')[0]!;
        i += choice[0].length - 1;
        continue;
      }
      const head = /^\$\{\d+:?/.exec(snippet.slice(i))!;
      let depth = 1;
      let j = i + head[0].length;
      const start = j;
      while (j < snippet.length) {
        if (snippet[j] === '\\') j++;
        else if (snippet[j] === '{') depth++;
        else if (snippet[j] === '}' && --depth === 0) break;
        j++;
      }
      out += resolveSnippet(snippet.slice(start, j));
      i = j;
    } else {
      out += ch;
    }
  }
  return out;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits
    .map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText }))
    .sort((a, b) => b.start - a.start);
  let out = text;
  for (const edit of sorted) out = out.slice(0, edit.start) + edit.newText + out.slice(edit.end);
  return out;
}

/** The document text after accepting an item (snippet tab stops resolved to their defaults). */
function accept(text: string, item: CompletionItem): string {
  const edit = item.textEdit;
  if (edit === undefined || !('range' in edit)) throw new Error(`item ${item.label} has no textEdit with a range`);
  const newText = item.insertTextFormat === 2 ? resolveSnippet(edit.newText) : edit.newText;
  return applyEdits(text, [{ range: edit.range, newText }, ...(item.additionalTextEdits ?? [])]);
}

/** Completion at the `|`, then the text after accepting the item labelled `label`. */
export function completeWith(marked: string, language: LanguageId, label: string, cluster?: ClusterKnowledge): string {
  const { text, items } = complete(marked, language, cluster);
  const chosen = items.find((i) => i.label === label);
  if (chosen === undefined) throw new Error(`no item ${label}; offered: ${labels(items).slice(0, 30).join(', ')}`);
  return accept(text, chosen);
}
