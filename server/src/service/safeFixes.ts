import type { Diagnostic, TextEdit } from 'vscode-languageserver-types';
import { codeActions } from './codeActions';
import type { ParsedDocument } from './documentStore';
import { similarity } from './text/similarity';
import { LineMap } from './text/lineMap';

/** JSON string literals are compared by their content (`"matc"` and `"match"`). */
function unquoted(text: string): string {
  return text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text;
}

/**
 * The quick fixes that can be applied without a person choosing: the final newline of a `.msearch` file, an object
 * of a `.msearch` file joined on one line, and a rename to the only candidate that is a near spelling of what is
 * written (the same similarity OpenSearch's "did you mean" uses). Fixes that add content (an empty body) or choose
 * among several names are left to a person. At most one edit per diagnostic, none overlapping.
 */
export function safeFixes(document: ParsedDocument, diagnostics: readonly Diagnostic[]): TextEdit[] {
  const text = document.model.text;
  const map = new LineMap(text);
  const chosen: { edit: TextEdit; start: number; end: number }[] = [];
  const seen = new Set<Diagnostic>();
  for (const action of codeActions(document, diagnostics)) {
    const diagnostic = action.diagnostics?.[0];
    const edits = action.edit?.changes?.[document.uri];
    if (diagnostic === undefined || edits?.length !== 1 || seen.has(diagnostic)) continue;
    const edit = edits[0]!;
    if (!isSafe(document, diagnostic, edit, map)) continue;
    const start = map.offsetAt(edit.range.start);
    const end = map.offsetAt(edit.range.end);
    if (
      chosen.some((c) => start < c.end && c.start < end) ||
      chosen.some((c) => c.start === c.end && start === c.start)
    )
      continue;
    seen.add(diagnostic);
    chosen.push({ edit, start, end });
  }
  return chosen.sort((a, b) => a.start - b.start).map((c) => c.edit);
}

function isSafe(document: ParsedDocument, diagnostic: Diagnostic, edit: TextEdit, map: LineMap): boolean {
  const data = diagnostic.data as { replacements?: readonly string[]; insert?: unknown } | undefined;
  if (diagnostic.code === 'msearch.missing-final-newline') return edit.newText === '\n' || edit.newText === '\r\n';
  if (diagnostic.code === 'json.syntax') return document.kind === 'msearch' && !edit.newText.includes('\n');
  if (data?.replacements?.length !== 1 || edit.newText !== data.replacements[0]) return false;
  const written = map.text.slice(map.offsetAt(edit.range.start), map.offsetAt(edit.range.end));
  return similarity(unquoted(written), unquoted(edit.newText)) > 0.5;
}

/** The text with the edits applied (they must not overlap). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const map = new LineMap(text);
  const spans = edits
    .map((edit) => ({ start: map.offsetAt(edit.range.start), end: map.offsetAt(edit.range.end), text: edit.newText }))
    .sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const span of spans) out = out.slice(0, span.start) + span.text + out.slice(span.end);
  return out;
}
