import type { Diagnostic, Position, Range } from 'vscode-languageserver-types';
import { MsearchDocument } from './documents/msearchDocument';
import { SearchDocument } from './documents/searchDocument';
import { LineMap } from './text/lineMap';
import { ClusterKnowledge } from './cluster/clusterKnowledge';
import { clusterDiagnostics, settledKey } from './cluster/clusterDiagnostics';
import { settleVerbosePipeline } from './cluster/pipelineRules';
import { RunWarnings } from './cluster/runWarnings';
import { DEFAULT_TARGET, sameTarget, type TargetServer } from './target';
import { NO_CONSOLE_CONTEXT, type ConsoleContext, type KnownCluster } from './console/consoleContext';
import { Variables, type VariableValue } from './console/variables';
import { forTarget } from './targetPolicy';
import { limitsFromSettings } from './validate/limits';
import { failsWhileBuilding } from './validate/rewrite';
import type { ClusterStateParams } from '../protocol/protocol';

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
 * (only the pairs an edit touches are read again); a `.search` model takes over from the previous version the requests
 * an edit did not touch, and reads only the others.
 */
export class DocumentStore {
  private readonly documents = new Map<string, ParsedDocument>();
  /** What the connected cluster holds; shared by every document. */
  readonly cluster = new ClusterKnowledge();
  /** What the cluster warned of on the last runs (until each document changes). */
  readonly runWarnings = new RunWarnings();
  /** The server the checks are made for; shared by every document. */
  private server: TargetServer = DEFAULT_TARGET;
  /** The variables' values and the configured clusters; shared by every document. */
  private consoleContext: ConsoleContext = NO_CONSOLE_CONTEXT;

  get target(): TargetServer {
    return this.server;
  }

  /** The variables and clusters the documents are read with. */
  get console(): ConsoleContext {
    return this.consoleContext;
  }

  get variables(): Variables {
    return this.consoleContext.variables;
  }

  /**
   * The values of the `${name}` variables (src/service/console/variables.ts): a name to its value, to a value with
   * where it comes from, or to `{ secret: true }`. Returns whether anything changed (then every document's
   * diagnostics may change).
   *
   * ```ts
   * store.setVariables({ index: 'logs-*', size: '5', 'env:HOME': process.env.HOME ?? '' });
   * ```
   */
  setVariables(
    values: Variables | ReadonlyMap<string, VariableValue> | Readonly<Record<string, VariableValue>>,
  ): boolean {
    const variables = values instanceof Variables ? values : Variables.from(values);
    if (variables.sameAs(this.consoleContext.variables)) return false;
    this.consoleContext = { ...this.consoleContext, variables };
    return true;
  }

  /**
   * The configured clusters' names and URLs: a request line written with a full URL runs on the cluster at that
   * address, and is an error when none is. Returns whether anything changed.
   */
  setClusters(clusters: readonly KnownCluster[]): boolean {
    const current = this.consoleContext.clusters;
    if (
      current.length === clusters.length &&
      current.every((c, i) => c.name === clusters[i]!.name && c.url === clusters[i]!.url)
    )
      return false;
    this.consoleContext = { ...this.consoleContext, clusters: clusters.map((c) => ({ name: c.name, url: c.url })) };
    return true;
  }

  /**
   * Returns whether the target changed (then every document's diagnostics may change). A target without limits
   * keeps the connected cluster's: they come with the cluster state, not with the target.
   */
  setTarget(target: TargetServer): boolean {
    const limits = target.limits ?? this.server.limits;
    const server: TargetServer = limits === undefined ? target : { ...target, limits };
    if (sameTarget(server, this.server) && server.source === this.server.source) return false;
    this.server = server;
    return true;
  }

  /**
   * What the connected cluster holds (ClusterState): its indexes, nodes and tasks, and its limit settings, which the
   * checks then use instead of the defaults; clearing the state brings the defaults back.
   */
  updateCluster(params: ClusterStateParams): void {
    this.cluster.update(params);
    if (params.clear === true) {
      const { limits: _dropped, ...rest } = this.server;
      this.server = rest;
    }
    if (params.limits !== undefined) {
      const limits = limitsFromSettings(params.limits);
      const { limits: _old, ...rest } = this.server;
      this.server = limits === undefined ? rest : { ...rest, limits };
    }
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
      next = { kind: 'search', uri, version, model: new SearchDocument(text, document.model) };
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
    const own = [
      ...document.model.diagnostics(this.server, this.consoleContext),
      ...this.runWarnings.diagnostics(document),
    ];
    if (!this.cluster.connected) return forTarget(own, this.server);
    const settled = new Set<string>();
    const spared: Range[] = [];
    const fromCluster = clusterDiagnostics(document, this.cluster, this.server, settled, spared);
    const kept = settleVerbosePipeline(own, document, this.cluster).filter(
      (d) =>
        !settled.has(settledKey(d.code, d.range)) &&
        !(failsWhileBuilding(d) && spared.some((range) => within(d.range, range))),
    );
    return forTarget([...kept, ...fromCluster], this.server);
  }

  uris(): string[] {
    return [...this.documents.keys()];
  }
}

/** Whether one position comes before or at another. */
function notAfter(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

/** Whether a range lies inside another. */
function within(inner: Range, outer: Range): boolean {
  return notAfter(outer.start, inner.start) && notAfter(inner.end, outer.end);
}

function applyToText(model: SearchDocument, text: string, change: ContentChange): string {
  if (change.range === undefined) return change.text;
  // Positions refer to the text as it is before this change: map them on that text.
  const current = text === model.text ? model.map : new LineMap(text);
  const start = current.offsetAt(change.range.start);
  const end = current.offsetAt(change.range.end);
  return text.slice(0, start) + change.text + text.slice(end);
}
