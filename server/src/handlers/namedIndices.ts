// Tells the client which index expressions the open documents name (NamedIndices), a moment after the documents
// change and only when the set changed, so that it reads the mappings of those indexes only.
import type { Connection } from 'vscode-languageserver';
import { NamedIndices } from '../protocol/protocol';
import { namedIndexExpressions } from '../service/cluster/mentions';
import type { DocumentStore } from '../service/documentStore';

/** How long after the last change the set is computed and sent. */
const DELAY_MS = 400;

export class NamedIndicesNotifier {
  /** The expressions of each open document, as last computed. */
  private readonly byDocument = new Map<string, readonly string[]>();
  private readonly dirty = new Set<string>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sent = '';

  constructor(
    private readonly connection: Connection,
    private readonly store: DocumentStore,
  ) {}

  /** A document was opened, changed or closed. */
  schedule(uri: string): void {
    this.dirty.add(uri);
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, DELAY_MS);
  }

  private flush(): void {
    for (const uri of this.dirty) {
      const document = this.store.get(uri);
      if (document === undefined) this.byDocument.delete(uri);
      else this.byDocument.set(uri, namedIndexExpressions(document));
    }
    this.dirty.clear();
    const expressions = [...new Set([...this.byDocument.values()].flat())].sort();
    const key = expressions.join(',');
    if (key === this.sent) return;
    this.sent = key;
    this.connection.sendNotification(NamedIndices, { expressions }).catch((error: unknown) => {
      this.connection.console.error(`[namedIndices] ${error instanceof Error ? error.message : String(error)}`);
    });
  }
}
