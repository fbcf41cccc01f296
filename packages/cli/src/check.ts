// One file through the language service: its diagnostics, and with --fix / --format-write / --check-format the text
// the safe fixes and the formatter make of it. The very same service the extension runs.
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver-types';
import type { DocumentStore, LanguageId } from '../../../server/src/service/documentStore';
import { formatDocument } from '../../../server/src/service/formatting';
import { applyEdits, safeFixes } from '../../../server/src/service/safeFixes';

export interface CheckOptions {
  readonly fix: boolean;
  /** Format the text (--format-write), or only tell whether it is formatted (--check-format). */
  readonly format: 'write' | 'check' | 'no';
}

export interface CheckResult {
  readonly diagnostics: readonly Diagnostic[];
  /** The text after fixes and formatting (the same string when nothing changed). */
  readonly text: string;
  readonly fixes: number;
  /** --check-format: the formatter would change the file; --format-write: it did. */
  readonly formatChanges: boolean;
}

/** Fixes can make others possible (a join, then a rename in the joined line): a few rounds at most. */
const FIX_ROUNDS = 10;

/** Each folder's `file:` URL, made once: a tree of files is checked folder by folder. */
const folderUrls = new Map<string, string>();

/** A file's URI for the language service (its key for the document): its folder's URL and its encoded name. */
function fileUri(folder: string, name: string): string {
  let base = folderUrls.get(folder);
  if (base === undefined) {
    base = pathToFileURL(folder).toString().replace(/\/?$/, '/');
    folderUrls.set(folder, base);
  }
  return base + encodeURIComponent(name);
}

export function checkText(
  store: DocumentStore,
  file: { readonly folder: string; readonly name: string; readonly language: LanguageId },
  original: string,
  options: CheckOptions,
): CheckResult {
  const uri = fileUri(file.folder, file.name);
  const language = file.language;
  let text = original;
  let version = 1;
  let document = store.open(uri, language, version, text);
  try {
    let fixes = 0;
    if (options.fix) {
      for (let round = 0; round < FIX_ROUNDS; round++) {
        const edits = safeFixes(document, store.diagnostics(uri));
        if (edits.length === 0) break;
        const next = applyEdits(text, edits);
        if (next === text) break;
        fixes += edits.length;
        text = next;
        document = store.open(uri, language, ++version, text);
      }
    }
    let formatChanges = false;
    if (options.format !== 'no') {
      const edits = formatDocument(document);
      const formatted = edits.length === 0 ? text : applyEdits(text, edits);
      formatChanges = formatted !== text;
      if (options.format === 'write' && formatChanges) {
        text = formatted;
        document = store.open(uri, language, ++version, text);
      }
    }
    // In reading order, as people and annotations read them (the service lists the cluster's marks last).
    const diagnostics = store
      .diagnostics(uri)
      .sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
    return { diagnostics, text, fixes, formatChanges };
  } finally {
    store.close(uri);
  }
}
