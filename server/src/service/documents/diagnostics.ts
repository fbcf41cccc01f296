import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../diagnosticCodes';
import { severityOf, type Issue } from '../validate/issues';

export const SOURCE = 'search-requests';

/** An issue as an LSP diagnostic at a range (the issue's own span only says where it is in its text). */
export function diagnosticAt(issue: Omit<Issue, 'span'>, range: Range): Diagnostic {
  const diagnostic: Diagnostic = {
    range,
    severity: issue.severity,
    code: issue.code,
    source: SOURCE,
    message: issue.message,
  };
  if (issue.data !== undefined) diagnostic.data = issue.data;
  return diagnostic;
}

/** An issue found on one line, as an LSP diagnostic. */
export function toDiagnostic(issue: Issue, line: number): Diagnostic {
  return diagnosticAt(issue, {
    start: { line, character: issue.span.offset },
    end: { line, character: issue.span.offset + issue.span.length },
  });
}

/** A diagnostic of a registered code at a range, with the code's severity. */
export function diagnosticOf(code: DiagnosticCode, message: string, range: Range): Diagnostic {
  return diagnosticAt({ code, severity: severityOf(code), message }, range);
}
