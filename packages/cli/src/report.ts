// What a run found, file by file, as every output format reads it.
import type { Diagnostic } from 'vscode-languageserver-types';

export interface FileResult {
  /** Relative to the current folder, with `/`. */
  readonly path: string;
  readonly absolute: string;
  readonly diagnostics: readonly Diagnostic[];
  /** Safe fixes applied (--fix). */
  readonly fixes: number;
  /** --check-format: the formatter would change it; --format-write: it was rewritten. */
  readonly formatChanges: boolean;
}

export interface Report {
  readonly files: readonly FileResult[];
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
  /** Files --check-format found not formatted. */
  readonly unformattedCount: number;
  readonly checkFormat: boolean;
  readonly toolVersion: string;
  /** The current folder, absolute, for SARIF's base URI. */
  readonly cwd: string;
}

export type SeverityName = 'error' | 'warning' | 'info';

/** LSP severities as reports name them; a missing severity is an error, as in LSP. */
export function severityName(diagnostic: Diagnostic): SeverityName {
  switch (diagnostic.severity) {
    case 2:
      return 'warning';
    case 3:
    case 4:
      return 'info';
    default:
      return 'error';
  }
}

export function codeOf(diagnostic: Diagnostic): string {
  return diagnostic.code === undefined ? 'search-requests' : String(diagnostic.code);
}

/** Lines and columns from 1, as people and CI tools count them (LSP counts from 0, in UTF-16 code units). */
export function humanRange(diagnostic: Diagnostic): {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
} {
  return {
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    endLine: diagnostic.range.end.line + 1,
    endColumn: diagnostic.range.end.character + 1,
  };
}

export function summarize(
  files: readonly FileResult[],
  checkFormat: boolean,
  toolVersion: string,
  cwd: string,
): Report {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  for (const file of files) {
    for (const diagnostic of file.diagnostics) {
      const severity = severityName(diagnostic);
      if (severity === 'error') errorCount++;
      else if (severity === 'warning') warningCount++;
      else infoCount++;
    }
  }
  const unformattedCount = checkFormat ? files.filter((f) => f.formatChanges).length : 0;
  return { files, errorCount, warningCount, infoCount, unformattedCount, checkFormat, toolVersion, cwd };
}
