import type { Connection } from 'vscode-languageserver';
import type { DocumentStore } from '../service/documentStore';

const DELAY_MS = 60;

/** Pushes diagnostics a moment after the last change, so that typing does not validate on every key. */
export class DiagnosticsPublisher {
  private readonly timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly connection: Connection,
    private readonly store: DocumentStore,
  ) {}

  schedule(uri: string, immediately = false): void {
    const pending = this.timers.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    const run = (): void => {
      this.timers.delete(uri);
      this.publish(uri);
    };
    if (immediately) run();
    else this.timers.set(uri, setTimeout(run, DELAY_MS));
  }

  private publish(uri: string): void {
    const document = this.store.get(uri);
    if (document === undefined) return;
    try {
      const diagnostics = this.store.diagnostics(uri);
      void this.connection.sendDiagnostics({ uri, version: document.version, diagnostics });
    } catch (error) {
      this.connection.console.error(
        `[diagnostics] ${uri}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
    }
  }

  clear(uri: string): void {
    const pending = this.timers.get(uri);
    if (pending !== undefined) clearTimeout(pending);
    this.timers.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }
}
