import type { CancellationToken, Connection } from 'vscode-languageserver';

/**
 * Wraps a request handler: a cancelled request or a failure returns the neutral answer, and a failure is logged with
 * the document it concerns. A malformed file must never take the server down.
 */
export function guard<P, R>(
  connection: Connection,
  name: string,
  neutral: R,
  handler: (params: P, token: CancellationToken) => R,
): (params: P, token: CancellationToken) => R {
  return (params, token) => {
    if (token.isCancellationRequested) return neutral;
    try {
      return handler(params, token);
    } catch (error) {
      const carrier = params as { textDocument?: { uri?: string }; uri?: string };
      const uri = carrier.textDocument?.uri ?? carrier.uri ?? '';
      connection.console.error(
        `[${name}] ${uri}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      return neutral;
    }
  };
}
