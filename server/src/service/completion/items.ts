import {
  CompletionItemTag,
  InsertTextFormat,
  MarkupKind,
  type CompletionItem,
  type CompletionItemKind,
  type Range,
  type TextEdit,
} from 'vscode-languageserver-types';

/** Items of one context, and whether the list was cut (the editor then asks again as the user types). */
export interface Offer {
  readonly items: CompletionItem[];
  readonly incomplete: boolean;
}

export function offer(items: CompletionItem[], incomplete = false): Offer {
  return { items, incomplete };
}

/** Higher rank first; equal ranks in label order. */
function sortText(rank: number, label: string): string {
  return `${String(Math.max(0, 1000 - Math.round(rank))).padStart(4, '0')}${label}`;
}

export function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}

export interface ItemSpec {
  readonly label: string;
  readonly kind: CompletionItemKind;
  readonly range: Range;
  readonly newText: string;
  readonly snippet?: boolean;
  readonly rank: number;
  readonly detail?: string;
  readonly doc?: string;
  readonly filterText?: string;
  readonly deprecated?: boolean;
  readonly additionalTextEdits?: TextEdit[];
  /** Opens completion again after the item is accepted (e.g. values after `name=`). */
  readonly retrigger?: boolean;
}

export function item(spec: ItemSpec): CompletionItem {
  const out: CompletionItem = {
    label: spec.label,
    kind: spec.kind,
    sortText: sortText(spec.rank, spec.label),
    textEdit: { range: spec.range, newText: spec.newText },
    insertTextFormat: spec.snippet === true ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
  };
  if (spec.detail !== undefined && spec.detail.length > 0) out.detail = spec.detail;
  if (spec.doc !== undefined && spec.doc.length > 0) out.documentation = { kind: MarkupKind.Markdown, value: spec.doc };
  if (spec.filterText !== undefined && spec.filterText !== spec.label) out.filterText = spec.filterText;
  if (spec.deprecated === true) out.tags = [CompletionItemTag.Deprecated];
  if (spec.additionalTextEdits !== undefined && spec.additionalTextEdits.length > 0) {
    out.additionalTextEdits = spec.additionalTextEdits;
  }
  if (spec.retrigger === true) out.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
  return out;
}

/** Items in the order their sort texts give, without duplicate labels (the first one wins). */
export function ordered(items: readonly CompletionItem[]): CompletionItem[] {
  const seen = new Set<string>();
  const out: CompletionItem[] = [];
  for (const candidate of [...items].sort((a, b) => compare(a.sortText ?? '', b.sortText ?? ''))) {
    if (seen.has(candidate.label)) continue;
    seen.add(candidate.label);
    out.push(candidate);
  }
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Replaces snippet tab stops by their defaults (first choice, placeholder text, or nothing). */
export function fillSnippet(snippet: string): string {
  let out = '';
  let i = 0;
  while (i < snippet.length) {
    const ch = snippet.charAt(i);
    if (ch === '\\' && i + 1 < snippet.length) {
      out += snippet.charAt(i + 1);
      i += 2;
      continue;
    }
    if (ch === '$') {
      const bare = /^\$(\d+)/.exec(snippet.slice(i));
      if (bare !== null) {
        i += bare[0].length;
        continue;
      }
      const choice = /^\$\{\d+\|([^|]*)\|\}/.exec(snippet.slice(i));
      if (choice !== null) {
        out += (choice[1] ?? '').split(',')[0]!.replace(/\\(.)/g, '$1');
        i += choice[0].length;
        continue;
      }
      const open = /^\$\{\d+:?/.exec(snippet.slice(i));
      if (open !== null) {
        // A placeholder: keep its text (which may hold nested placeholders), drop the closing brace.
        let depth = 1;
        let j = i + open[0].length;
        let inner = '';
        while (j < snippet.length && depth > 0) {
          const c = snippet.charAt(j);
          if (c === '\\' && j + 1 < snippet.length) {
            inner += c + snippet.charAt(j + 1);
            j += 2;
            continue;
          }
          if (c === '$' && snippet.charAt(j + 1) === '{') depth++;
          if (c === '}') {
            depth--;
            if (depth === 0) break;
          }
          inner += c;
          j++;
        }
        out += fillSnippet(inner);
        i = j + 1;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}
