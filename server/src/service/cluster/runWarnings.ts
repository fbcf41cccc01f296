// What the cluster said back on a run: its `Warning` headers (deprecations). The client tells the server after a
// run; the request's line gets an Information diagnostic with the cluster's words, for that version of the document
// only: once the file changes, the marks go (the request may no longer be what drew them).
import type { Diagnostic } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import type { ParsedDocument } from '../documentStore';

interface Entry {
  readonly version: number;
  /** Warnings by the zero-based line of the request that drew them. */
  readonly lines: Map<number, readonly string[]>;
}

export class RunWarnings {
  private readonly byUri = new Map<string, Entry>();

  /** The warnings of the last run of the request at `line` (an empty list clears them). */
  set(uri: string, version: number, line: number, warnings: readonly string[]): void {
    let entry = this.byUri.get(uri);
    if (entry === undefined || entry.version !== version) {
      entry = { version, lines: new Map() };
      this.byUri.set(uri, entry);
    }
    if (warnings.length === 0) entry.lines.delete(line);
    else entry.lines.set(line, [...new Set(warnings)]);
  }

  forget(uri: string): void {
    this.byUri.delete(uri);
  }

  diagnostics(document: ParsedDocument): Diagnostic[] {
    const entry = this.byUri.get(document.uri);
    if (entry === undefined) return [];
    if (entry.version !== document.version) {
      this.byUri.delete(document.uri);
      return [];
    }
    const out: Diagnostic[] = [];
    const lineCount = document.kind === 'search' ? document.model.map.lineCount : document.model.lineCount;
    for (const [line, warnings] of entry.lines) {
      if (line >= lineCount) continue;
      const text = document.kind === 'search' ? document.model.map.line(line) : document.model.line(line);
      for (const warning of warnings) {
        out.push(
          diagnosticOf('cluster.deprecation', `The cluster warned on the last run: ${warning}`, {
            start: { line, character: 0 },
            end: { line, character: text.replace(/\r$/, '').length },
          }),
        );
      }
    }
    return out;
  }
}
