import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { MsearchDocument } from './documents/msearchDocument';
import { SearchDocument } from './documents/searchDocument';
import { LineMap } from './text/lineMap';
import { ClusterKnowledge } from './cluster/clusterKnowledge';
import { clusterDiagnostics } from './cluster/clusterDiagnostics';
import { RunWarnings } from './cluster/runWarnings';
import { DEFAULT_TARGET, sameTarget, type TargetServer } from './target';
import { forTarget } from './targetPolicy';

export type LanguageId = 'search' | 'msearch';

export type ParsedDocument =
  | { readonly kind: 'search'; readonly uri: string; readonly version: number; readonly model: SearchDocument }
  | { readonly kind: 'msearch'; readonly uri: string; readonly version: number; readonly model: MsearchDocument };

export interface ContentChange {
  readonly range?: Range;
  readonly text: string;
}

export function isLanguageId(id: string): id is LanguageId {
  return id === 'search' || id === 'msearch';
}

/**
 * The parsed form of every open document, one per version. `.msearch` models are updated in place by each change
 * (only the pairs an edit touches are read again); `.search` files are re-parsed whole, which is cheap.
 */
export class DocumentStore {
  private readonly documents = new Map<string, ParsedDocument>();
  /** What the connected cluster holds; shared by every document. */
  readonly cluster = new ClusterKnowledge();
  /** What the cluster warned of on the last runs (until each document changes). */
  readonly runWarnings = new RunWarnings();
  /** The server the checks are made for; shared by every document. */
  private server: TargetServer = DEFAULT_TARGET;

  get target(): TargetServer {
    return this.server;
  }

  /** Returns whether the target changed (then every document's diagnostics may change). */
  setTarget(server: TargetServer): boolean {
    if (sameTarget(server, this.server) && server.source === this.server.source) return false;
    this.server = server;
    return true;
  }

  open(uri: string, languageId: LanguageId, version: number, text: string): ParsedDocument {
    const document: ParsedDocument =
      languageId === 'search'
        ? { kind: 'search', uri, version, model: new SearchDocument(text) }
        : { kind: 'msearch', uri, version, model: new MsearchDocument(text) };
    this.documents.set(uri, document);
    return document;
  }

  change(uri: string, version: number, changes: readonly ContentChange[]): ParsedDocument | undefined {
    const document = this.documents.get(uri);
    if (document === undefined) return undefined;
    let next: ParsedDocument;
    if (document.kind === 'msearch') {
      for (const change of changes) document.model.applyChange(change);
      next = { ...document, version };
    } else {
      let text = document.model.text;
      for (const change of changes) text = applyToText(document.model, text, change);
      next = { kind: 'search', uri, version, model: new SearchDocument(text) };
    }
    this.documents.set(uri, next);
    return next;
  }

  get(uri: string): ParsedDocument | undefined {
    return this.documents.get(uri);
  }

  close(uri: string): void {
    this.documents.delete(uri);
    this.runWarnings.forget(uri);
  }

  diagnostics(uri: string): Diagnostic[] {
    const document = this.documents.get(uri);
    if (document === undefined) return [];
    const own = [...document.model.diagnostics(this.server), ...this.runWarnings.diagnostics(document)];
    if (!this.cluster.connected) return forTarget(own, this.server);
    return forTarget([...own, ...clusterDiagnostics(document, this.cluster)], this.server);
  }

  uris(): string[] {
    return [...this.documents.keys()];
  }
}

function applyToText(model: SearchDocument, text: string, change: ContentChange): string {
  if (change.range === undefined) return change.text;
  // Positions refer to the text as it is before this change: map them on that text.
  const current = text === model.text ? model.map : new LineMap(text);
  const start = current.offsetAt(change.range.start);
  const end = current.offsetAt(change.range.end);
  return text.slice(0, start) + change.text + text.slice(end);
}
