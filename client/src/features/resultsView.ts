// The Results view (`searchRequests.results`): the last runs, newest first; under each its responses, hits,
// `_source` fields and aggregations, loaded a page at a time from the response document. This file holds what the view
// shows and when: only the run that changed is refreshed, and elements keep their identity so that VS Code keeps what
// is expanded. How each element looks is resultItems.ts.
import * as vscode from 'vscode';
import { nodeId, type NodeRef, type ResultNode } from '../core/resultTree';
import { VIEWS } from '../../../server/src/protocol/manifest';
import { messageItem, nodeItem, runItem } from './resultItems';
import type { Services } from './services';

export type ResultElement =
  | { readonly type: 'run'; readonly runId: string }
  | {
      readonly type: 'message';
      readonly runId: string;
      readonly id: string;
      readonly text: string;
      readonly error: boolean;
    }
  | { readonly type: 'node'; readonly runId: string; node: ResultNode };

export interface DescribedItem {
  readonly label: string;
  readonly description?: string;
  readonly contextValue?: string;
  readonly children?: readonly DescribedItem[];
}

export class ResultsView implements vscode.TreeDataProvider<ResultElement>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ResultElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  /** Elements by key, so that a refreshed element is the same object VS Code knows. */
  private readonly elements = new Map<string, ResultElement>();
  /** How many children are shown, per parent (`more` raises it by a page). */
  private readonly shown = new Map<string, number>();
  private readonly disposables: { dispose(): unknown }[] = [];
  readonly view: vscode.TreeView<ResultElement>;

  constructor(private readonly services: Services) {
    this.view = vscode.window.createTreeView(VIEWS.results, {
      treeDataProvider: this,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.view,
      this.changed,
      services.events.onDidStartRun((runId) => void this.reveal(runId)),
      services.history.onDidChange((run) => {
        if (run === undefined) {
          this.forgetGone();
          this.changed.fire(undefined);
        } else {
          // A new state is a new element (its id and expansion change): refresh the list; otherwise only the run.
          const known = this.elements.get(`${run.id}:${run.state}`);
          this.forgetRun(run.id);
          this.changed.fire(known ?? undefined);
        }
      }),
    );
  }

  private forgetRun(runId: string): void {
    for (const key of [...this.elements.keys()]) if (key.startsWith(`${runId}/`)) this.elements.delete(key);
    for (const key of [...this.shown.keys()]) if (key.startsWith(`${runId}/`)) this.shown.delete(key);
  }

  private forgetGone(): void {
    const alive = new Set(this.services.history.list().map((run) => run.id));
    for (const key of [...this.elements.keys()]) {
      const runId = key.split(/[/:]/)[0] ?? '';
      if (!alive.has(runId)) this.elements.delete(key);
    }
  }

  /** A run's element; a new one for each state of the run, since its id holds the state. */
  runElement(runId: string): ResultElement {
    const key = `${runId}:${this.services.history.get(runId)?.state ?? 'gone'}`;
    let element = this.elements.get(key);
    if (element === undefined) {
      element = { type: 'run', runId };
      this.elements.set(key, element);
    }
    return element;
  }

  private nodeElement(runId: string, node: ResultNode): ResultElement {
    const key = `${runId}/${node.id}`;
    const existing = this.elements.get(key);
    if (existing?.type === 'node') {
      existing.node = node;
      return existing;
    }
    const element: ResultElement = { type: 'node', runId, node };
    this.elements.set(key, element);
    return element;
  }

  private messageElement(runId: string, id: string, text: string, error: boolean): ResultElement {
    const key = `${runId}/#${id}`;
    const element: ResultElement = { type: 'message', runId, id, text, error };
    this.elements.set(key, element);
    return element;
  }

  getTreeItem(element: ResultElement): vscode.TreeItem {
    if (element.type === 'message') return messageItem(element);
    if (element.type === 'node') return nodeItem(element);
    const run = this.services.history.get(element.runId);
    if (run === undefined) return new vscode.TreeItem('(gone)');
    return runItem(run, this.services.history.list()[0]?.id === run.id);
  }

  private page(key: string): number {
    return this.shown.get(key) ?? this.services.settings.pageSize();
  }

  /** How many children of a node the view shows now (a page, more after "Show more"). */
  shownUnder(runId: string, ref: NodeRef): number {
    return this.page(`${runId}/${nodeId(ref)}`);
  }

  async getChildren(element?: ResultElement): Promise<ResultElement[]> {
    if (element === undefined) return this.services.history.list().map((run) => this.runElement(run.id));
    const run = this.services.history.get(element.runId);
    if (run === undefined || element.type === 'message') return [];
    if (element.type === 'run') {
      const out: ResultElement[] = [];
      // A cancelled run says what its cancellation did; "Cancelled." alone adds nothing.
      const cancelled = run.failure?.kind === 'cancelled' && run.cancelMessage !== undefined;
      if (run.failure !== undefined && !cancelled) {
        out.push(this.messageElement(run.id, 'failure', run.failure.message, run.failure.kind !== 'cancelled'));
      }
      if (run.cancelMessage !== undefined) out.push(this.messageElement(run.id, 'cancel', run.cancelMessage, false));
      for (const [index, warning] of (run.warnings ?? []).entries()) {
        out.push(this.messageElement(run.id, `warning-${index}`, `Warning: ${warning.text}`, false));
      }
      if (run.answerNote !== undefined) {
        out.push(this.messageElement(run.id, 'note', run.answerNote, false));
      } else if (run.released === true) {
        out.push(
          this.messageElement(
            run.id,
            'released',
            'The answer was let go to save memory: run it again to see it.',
            false,
          ),
        );
      } else if (run.document?.summary.shape === 'empty') {
        out.push(this.messageElement(run.id, 'empty', `No body in the answer (HTTP ${run.status ?? '?'}).`, false));
      } else if (run.document !== undefined) {
        const nodes = await run.document.children(null, 0, this.page(`${run.id}/`));
        out.push(...nodes.map((node) => this.nodeElement(run.id, node)));
      }
      return out;
    }
    if (run.document === undefined || !element.node.expandable) return [];
    const ref: NodeRef = { kind: element.node.kind, path: element.node.path };
    const nodes = await run.document.children(ref, 0, this.page(`${run.id}/${element.node.id}`));
    return nodes.map((node) => this.nodeElement(run.id, node));
  }

  /** Only runs are revealed: they are at the top. */
  getParent(): ResultElement | undefined {
    return undefined;
  }

  /** The `more` item was clicked: one more page under its parent. */
  showMore(element: ResultElement): void {
    if (element.type !== 'node' || element.node.more === undefined) return;
    const parent = element.node.more.parent;
    const parentKey =
      parent === null ? `${element.runId}/` : `${element.runId}/${parent.kind}:${JSON.stringify(parent.path)}`;
    this.shown.set(parentKey, element.node.more.shown + this.services.settings.pageSize());
    const parentElement = parent === null ? this.runElement(element.runId) : this.elements.get(parentKey);
    this.changed.fire(parentElement ?? undefined);
  }

  /**
   * The view as plain data, `depth` levels from the top (what a user sees once expanded): for scripts and tests,
   * through the same getChildren/getTreeItem VS Code calls.
   */
  async describe(depth: number, parent?: ResultElement): Promise<DescribedItem[]> {
    const children = await this.getChildren(parent);
    return Promise.all(
      children.map(async (child) => {
        const item = this.getTreeItem(child);
        const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
        const nested =
          depth > 1 && item.collapsibleState !== vscode.TreeItemCollapsibleState.None
            ? await this.describe(depth - 1, child)
            : undefined;
        return {
          label,
          ...(typeof item.description === 'string' ? { description: item.description } : {}),
          ...(item.contextValue === undefined ? {} : { contextValue: item.contextValue }),
          ...(nested === undefined ? {} : { children: nested }),
        };
      }),
    );
  }

  async reveal(runId: string): Promise<void> {
    if (this.services.history.get(runId) === undefined) return;
    try {
      await this.view.reveal(this.runElement(runId), { select: false, focus: false });
    } catch {
      // The view may not be resolvable yet; the run shows anyway.
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
