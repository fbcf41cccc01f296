import type { Diagnostic } from 'vscode-languageserver-types';
import type { Issue } from '../validate/issues';

export const SOURCE = 'search-requests';

/** An issue found on one line, as an LSP diagnostic. */
export function toDiagnostic(issue: Issue, line: number): Diagnostic {
  const diagnostic: Diagnostic = {
    range: {
      start: { line, character: issue.span.offset },
      end: { line, character: issue.span.offset + issue.span.length },
    },
    severity: issue.severity,
    code: issue.code,
    source: SOURCE,
    message: issue.message,
  };
  if (issue.data !== undefined) diagnostic.data = issue.data;
  return diagnostic;
}
