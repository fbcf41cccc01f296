// The rules of the SARIF report: one per diagnostic code of the language service's registry, with its default
// severity, its summary and the link to its section of docs/diagnostics.md.
import { DIAGNOSTIC_CODES, docsLink, Severity, type DiagnosticCode } from '../../../server/src/service/diagnosticCodes';
import type { SeverityName } from './report';

export interface RuleInfo {
  readonly id: string;
  readonly severity: SeverityName;
  readonly summary: string;
  readonly helpUri?: string;
}

function severityName(severity: Severity): SeverityName {
  return severity === Severity.Error ? 'error' : severity === Severity.Warning ? 'warning' : 'info';
}

/** Every diagnostic code the language service can report, in the registry's order. */
export function knownRules(): readonly RuleInfo[] {
  return (Object.keys(DIAGNOSTIC_CODES) as DiagnosticCode[]).map((code) => ({
    id: code,
    severity: severityName(DIAGNOSTIC_CODES[code].severity),
    summary: DIAGNOSTIC_CODES[code].summary,
    helpUri: docsLink(code),
  }));
}
