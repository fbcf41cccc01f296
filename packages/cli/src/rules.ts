// The rules of the SARIF report: one per diagnostic code, with its default severity, its summary and where it is
// described. The one place the report learns what the codes mean.
import type { SeverityName } from './report';

export interface RuleInfo {
  readonly id: string;
  readonly severity: SeverityName;
  readonly summary: string;
  readonly helpUri?: string;
}

/** Every diagnostic code the language service can report. */
export function knownRules(): readonly RuleInfo[] {
  return [];
}
