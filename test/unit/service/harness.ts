import { ITEM_FAILURE_NOTE } from '../../../server/src/service/validate/msearchItems';
import assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { isDiagnosticCode, type DiagnosticCode } from '../../../server/src/service/diagnosticCodes';
import { DocumentStore, type LanguageId } from '../../../server/src/service/documentStore';
import { severityOf } from '../../../server/src/service/validate/issues';
import type { TargetServer } from '../../../server/src/service/target';
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';

const OPEN = '«';
const CLOSE = '»';

/**
 * Asserts that each diagnostic has a registered code, with the severity the registry gives it (or Warning for an
 * Error code on an endpoint known only from the API specification). Every test that diagnoses a text checks this.
 */
export function assertRegistered(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    assert.ok(isDiagnosticCode(d.code), `the code ${String(d.code)} is not registered (${d.message})`);
    const allowed: number[] = [severityOf(d.code), severityOf(d.code, 'specified')];
    assert.ok(
      d.severity !== undefined && allowed.includes(d.severity),
      `${d.code} reported with severity ${String(d.severity)}`,
    );
  }
}

/** Diagnostics of a text, as the language service reports them. */
export function diagnose(language: LanguageId, text: string, target?: TargetServer): Diagnostic[] {
  const store = new DocumentStore();
  if (target !== undefined) store.setTarget(target);
  store.open(`file:///test.${language}`, language, 1, text);
  const diagnostics = store.diagnostics(`file:///test.${language}`);
  assertRegistered(diagnostics);
  return diagnostics;
}

/** Diagnostics of a text with a cluster's state pushed first, or with no cluster when `null`. */
export function diagnoseOnCluster(language: LanguageId, text: string, state: ClusterStateParams | null): Diagnostic[] {
  const store = new DocumentStore();
  if (state !== null) store.updateCluster(state);
  store.open(`file:///test.${language}`, language, 1, text);
  const diagnostics = store.diagnostics(`file:///test.${language}`);
  assertRegistered(diagnostics);
  return diagnostics;
}

/** Strips `«` `»` from a text and returns the range they marked. */
export function marked(text: string): {
  text: string;
  start: { line: number; character: number };
  end: { line: number; character: number };
} {
  const open = text.indexOf(OPEN);
  const close = text.indexOf(CLOSE);
  assert.ok(open !== -1 && close > open, 'the example must mark the expected range with « and »');
  const clean = text.slice(0, open) + text.slice(open + 1, close) + text.slice(close + 1);
  const position = (offset: number): { line: number; character: number } => {
    const before = clean.slice(0, offset);
    const line = before.split('\n').length - 1;
    return { line, character: offset - (before.lastIndexOf('\n') + 1) };
  };
  return { text: clean, start: position(open), end: position(close - 1) };
}

export interface Expected {
  readonly code: DiagnosticCode;
  readonly severity: 1 | 2 | 3 | 4;
  /** The exact message, or a part of it. */
  readonly message?: string | RegExp;
  /**
   * In an `_msearch`: the finding fails that search alone (validateBodyText). It is then a Warning whose message ends
   * with ITEM_FAILURE_NOTE; `severity` and `message` are still the rule's own (the code's severity, its words).
   */
  readonly itemFailure?: true;
}

/** Asserts that the marked range carries exactly one diagnostic with this code, and returns it. */
export function expectDiagnostic(language: LanguageId, markedText: string, expected: Expected): Diagnostic {
  const { text, start, end } = marked(markedText);
  const diagnostics = diagnose(language, text);
  const withCode = diagnostics.filter((d) => d.code === expected.code);
  assert.equal(
    withCode.length,
    1,
    `expected one ${expected.code}, got: ${JSON.stringify(diagnostics.map((d) => [d.code, d.message]))}`,
  );
  const diagnostic = withCode[0]!;
  let message = diagnostic.message;
  if (expected.itemFailure === true) {
    assert.equal(diagnostic.severity, 2, `${expected.code} fails one search of an _msearch: a Warning`);
    assert.ok(message.endsWith(ITEM_FAILURE_NOTE), `${expected.code} says that only the search fails: ${message}`);
    message = message.slice(0, -ITEM_FAILURE_NOTE.length);
  } else {
    assert.equal(diagnostic.severity, expected.severity, `severity of ${expected.code}`);
  }
  assert.equal(diagnostic.source, 'search-requests');
  assert.deepEqual(diagnostic.range, { start, end }, `range of ${expected.code}: ${diagnostic.message}`);
  if (typeof expected.message === 'string') assert.equal(message, expected.message);
  else if (expected.message !== undefined) assert.match(message, expected.message);
  return diagnostic;
}

/** Asserts that a text has no diagnostic with this code (or none at all when no code is given). */
export function expectNo(language: LanguageId, text: string, code?: DiagnosticCode): void {
  const diagnostics = diagnose(language, text).filter((d) => code === undefined || d.code === code);
  assert.deepEqual(
    diagnostics.map((d) => [d.code, d.message]),
    [],
    `expected no ${code ?? 'diagnostic'}`,
  );
}

/** Asserts that a text has no Error diagnostic at all. */
export function expectNoErrors(language: LanguageId, text: string): void {
  const errors = diagnose(language, text).filter((d) => d.severity === 1);
  assert.deepEqual(
    errors.map((d) => [d.code, d.message]),
    [],
  );
}
