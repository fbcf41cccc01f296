// Waiting on VS Code's events, with a deadline; never on fixed sleeps.
import * as vscode from 'vscode';

const DEFAULT_TIMEOUT_MS = 20_000;

/** Diagnostics of this extension's language server (other extensions may report on the same files). */
export function ours(diagnostics: readonly vscode.Diagnostic[]): vscode.Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.source === 'search-requests');
}

export function codeOf(diagnostic: vscode.Diagnostic): string | number | undefined {
  const code = diagnostic.code;
  return typeof code === 'object' ? code.value : code;
}

function describe(diagnostics: readonly vscode.Diagnostic[]): string {
  if (diagnostics.length === 0) {
    return 'none';
  }
  return diagnostics
    .map((d) => `[${d.source ?? '?'} ${String(codeOf(d))} line ${d.range.start.line}] ${d.message}`)
    .join('; ');
}

/**
 * Resolves with the document's diagnostics (of this extension) once the predicate holds: checked now, then at
 * every change of that document's diagnostics; rejects after the timeout with what was there.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const key = uri.toString();
    const current = (): vscode.Diagnostic[] => ours(vscode.languages.getDiagnostics(uri));
    const finish = (): void => {
      clearTimeout(timer);
      subscription.dispose();
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === key)) {
        const diagnostics = current();
        if (predicate(diagnostics)) {
          finish();
          resolve(diagnostics);
        }
      }
    });
    const timer = setTimeout(() => {
      subscription.dispose();
      reject(
        new Error(
          `timed out after ${timeoutMs} ms waiting for ${what} on ${uri.path}; diagnostics: ${describe(current())}`,
        ),
      );
    }, timeoutMs);
    const now = current();
    if (predicate(now)) {
      finish();
      resolve(now);
    }
  });
}

/** Waits for a diagnostic with this code and returns it. */
export async function waitForDiagnostic(uri: vscode.Uri, code: string, timeoutMs?: number): Promise<vscode.Diagnostic> {
  const diagnostics = await waitForDiagnostics(
    uri,
    (all) => all.some((d) => codeOf(d) === code),
    `a diagnostic ${code}`,
    timeoutMs,
  );
  return diagnostics.find((d) => codeOf(d) === code)!;
}

/**
 * For state that VS Code announces with no event (an extension's activation, a provider's first answer):
 * asks again until the answer satisfies the predicate or the deadline passes.
 */
export async function eventually<T>(
  ask: () => T | Thenable<T>,
  predicate: (value: T) => boolean,
  what: string,
  timeoutMs = DEFAULT_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T = await ask();
  while (!predicate(last)) {
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}; last answer: ${JSON.stringify(last)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await ask();
  }
  return last;
}
