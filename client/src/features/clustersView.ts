// The Clusters view (`searchRequests.clusters`): each configured cluster with its state (version and health, or why
// it cannot be reached), and under it its nodes (`GET /_nodes`). This file holds what the view knows and when it reads
// it: everything is read asynchronously when first shown and kept until a refresh; only the cluster whose state
// arrived is refreshed. How each element looks is clusterItems.ts; the view's commands are clustersViewCommands.ts.
import * as vscode from 'vscode';
import { fetchClusterInfo, type ClusterInfo } from '../core/clusterInfo';
import { secretName, type ClusterConfig } from '../core/clusterConfig';
import { isRequestFailure } from '../core/failures';
import { fetchNodes, type NodeInfo } from '../core/nodesInfo';
import { opaqueIdFor } from '../core/runIds';
import { SERVERLESS_NODES, serverless } from '../core/serverless';
import { VIEWS } from '../../../server/src/protocol/manifest';
import { clusterItem, clusterMessageItem, nodeItem, untrustedItem } from './clusterItems';
import type { Services } from './services';

export type ClusterElement =
  | { readonly kind: 'cluster'; readonly key: string; readonly name: string }
  | { readonly kind: 'node'; readonly key: string; readonly cluster: string; readonly nodeId: string }
  | {
      readonly kind: 'message';
      readonly key: string;
      readonly cluster: string;
      readonly text: string;
      readonly error: boolean;
      /** Not contacted on purpose: a click chooses the cluster. */
      readonly held?: boolean;
    }
  /** The workspace's restricted settings are ignored: it is not trusted (first in the view, with the Trust action). */
  | { readonly kind: 'untrusted'; readonly key: string; readonly settings: readonly string[] };

/** What is known of a cluster: read when first shown, kept until a refresh. */
export interface ClusterEntry {
  info?: ClusterInfo;
  infoError?: string;
  secretMissing?: boolean;
  /** Not contacted on purpose: a workspace's cluster not chosen yet, or TLS settings changed under its secret. */
  heldBack?: 'notChosen' | 'trustChanged';
  loadingInfo?: Promise<void>;
  nodes?: readonly NodeInfo[];
  nodesError?: string;
  loadingNodes?: Promise<void>;
}

/** The view as plain data (what the test API's `describeClusters` returns). */
export interface DescribedCluster {
  readonly label: string;
  readonly description?: string;
  readonly contextValue?: string;
  readonly children?: readonly DescribedCluster[];
}

function heldBack(error: unknown): ClusterEntry['heldBack'] {
  return isRequestFailure(error) && (error.kind === 'notChosen' || error.kind === 'trustChanged')
    ? error.kind
    : undefined;
}

function failureText(error: unknown): string {
  return isRequestFailure(error) || error instanceof Error ? error.message : String(error);
}

export class ClustersView implements vscode.TreeDataProvider<ClusterElement>, vscode.Disposable {
  readonly view: vscode.TreeView<ClusterElement>;
  private readonly changed = new vscode.EventEmitter<ClusterElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly entries = new Map<string, ClusterEntry>();
  private readonly elements = new Map<string, ClusterElement>();
  private readonly disposables: { dispose(): unknown }[] = [];
  private generation = 0;

  constructor(private readonly services: Services) {
    this.view = vscode.window.createTreeView(VIEWS.clusters, {
      treeDataProvider: this,
      showCollapseAll: true,
    });
    this.disposables.push(
      this.view,
      this.changed,
      // Settings, secrets or the active cluster changed: read everything again.
      services.connections.onDidChange(() => {
        this.refresh();
      }),
      // A connection test read a cluster's state: show it.
      services.events.onDidTestCluster((name) => {
        this.refresh(name);
      }),
    );
  }

  private element<E extends ClusterElement>(element: E): E {
    const known = this.elements.get(element.key);
    if (known !== undefined && known.kind === element.kind) return known as E;
    this.elements.set(element.key, element);
    return element;
  }

  private clusterElement(name: string): ClusterElement {
    return this.element({ kind: 'cluster', key: `cluster:${name}`, name });
  }

  private entry(name: string): ClusterEntry {
    let entry = this.entries.get(name);
    if (entry === undefined) this.entries.set(name, (entry = {}));
    return entry;
  }

  /** Forgets what was read (of one cluster, or of all) and shows it again. */
  refresh(name?: string): void {
    this.generation++;
    if (name === undefined) {
      this.entries.clear();
      this.elements.clear();
      this.changed.fire(undefined);
    } else {
      this.entries.delete(name);
      this.changed.fire(this.clusterElement(name));
    }
  }

  /** Reads version and health; the cluster's item is refreshed when they arrive. */
  private loadInfo(cluster: ClusterConfig): Promise<void> {
    const entry = this.entry(cluster.name);
    const generation = this.generation;
    entry.loadingInfo ??= (async () => {
      try {
        const client = await this.services.connections.client(cluster, false);
        entry.info = await fetchClusterInfo(
          client,
          opaqueIdFor(this.services.settings.opaqueIdPrefix(), 'clusters-view'),
        );
        entry.infoError = undefined;
      } catch (error) {
        entry.secretMissing = isRequestFailure(error) && error.kind === 'secretMissing';
        entry.heldBack = heldBack(error);
        entry.infoError = failureText(error);
      }
      if (generation === this.generation) this.changed.fire(this.clusterElement(cluster.name));
    })();
    return entry.loadingInfo;
  }

  private loadNodes(cluster: ClusterConfig): Promise<void> {
    const entry = this.entry(cluster.name);
    entry.loadingNodes ??= (async () => {
      try {
        const client = await this.services.connections.client(cluster, false);
        const info = await fetchNodes(client, {
          opaqueId: opaqueIdFor(this.services.settings.opaqueIdPrefix(), 'clusters-view'),
        });
        entry.nodes = info.nodes;
        entry.nodesError = undefined;
      } catch (error) {
        entry.secretMissing = isRequestFailure(error) && error.kind === 'secretMissing';
        entry.heldBack = heldBack(error);
        entry.nodesError = failureText(error);
      }
    })();
    return entry.loadingNodes;
  }

  async getChildren(element?: ClusterElement): Promise<ClusterElement[]> {
    const { connections } = this.services;
    if (element === undefined) {
      const clusters = connections.clusters();
      for (const cluster of clusters)
        if (this.entries.get(cluster.name)?.loadingInfo === undefined) void this.loadInfo(cluster);
      const ignored = await this.services.settings.ignoredWorkspaceSettings();
      const untrusted: ClusterElement[] =
        ignored.length === 0 ? [] : [this.element({ kind: 'untrusted', key: 'untrusted', settings: ignored })];
      return [...untrusted, ...clusters.map((cluster) => this.clusterElement(cluster.name))];
    }
    if (element.kind !== 'cluster') return [];
    const cluster = connections.find(element.name);
    if (cluster === undefined) return [];
    if (serverless(cluster)) {
      return [
        this.element({
          kind: 'message',
          key: `message:${cluster.name}`,
          cluster: cluster.name,
          text: SERVERLESS_NODES,
          error: false,
        }),
      ];
    }
    await this.loadNodes(cluster);
    const entry = this.entry(cluster.name);
    if (entry.nodes === undefined) {
      const text =
        entry.secretMissing === true
          ? `No ${secretName(cluster.auth)} is stored: set it to see the nodes.`
          : entry.heldBack !== undefined
            ? (entry.nodesError ?? 'Not contacted.')
            : `Cannot list the nodes: ${entry.nodesError ?? 'no answer'}`;
      return [
        this.element({
          kind: 'message',
          key: `message:${cluster.name}`,
          cluster: cluster.name,
          text,
          error: entry.secretMissing !== true && entry.heldBack === undefined,
          ...(entry.heldBack !== undefined ? { held: true } : {}),
        }),
      ];
    }
    return entry.nodes.map((node) =>
      this.element({ kind: 'node', key: `node:${cluster.name}:${node.id}`, cluster: cluster.name, nodeId: node.id }),
    );
  }

  getParent(element: ClusterElement): ClusterElement | undefined {
    return element.kind === 'cluster' || element.kind === 'untrusted'
      ? undefined
      : this.clusterElement(element.cluster);
  }

  getTreeItem(element: ClusterElement): vscode.TreeItem {
    const { connections } = this.services;
    if (element.kind === 'cluster') {
      const cluster = connections.find(element.name);
      if (cluster !== undefined && this.entries.get(element.name)?.loadingInfo === undefined)
        void this.loadInfo(cluster);
      const active = connections.active()?.name === element.name;
      return clusterItem(element.name, cluster, active, this.entries.get(element.name));
    }
    if (element.kind === 'message') return clusterMessageItem(element, connections.find(element.cluster));
    if (element.kind === 'untrusted') return untrustedItem(element.settings);
    const node = this.entries.get(element.cluster)?.nodes?.find((n) => n.id === element.nodeId);
    return node === undefined ? new vscode.TreeItem('(gone)') : nodeItem(element.cluster, node);
  }

  /** The view as data, `depth` levels deep, through the same calls VS Code makes. */
  async describe(depth: number, parent?: ClusterElement): Promise<DescribedCluster[]> {
    const children = await this.getChildren(parent);
    if (parent === undefined) {
      // The clusters' states are read in the background: wait for them, as a user would.
      await Promise.all(
        this.services.connections
          .clusters()
          .map((cluster) => this.entries.get(cluster.name)?.loadingInfo ?? this.loadInfo(cluster)),
      );
    }
    return Promise.all(
      children.map(async (child) => {
        const item = this.getTreeItem(child);
        const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
        const nested = depth > 1 && child.kind === 'cluster' ? await this.describe(depth - 1, child) : undefined;
        return {
          label,
          ...(typeof item.description === 'string' ? { description: item.description } : {}),
          ...(item.contextValue === undefined ? {} : { contextValue: item.contextValue }),
          ...(nested === undefined ? {} : { children: nested }),
        };
      }),
    );
  }

  /** The node of a node element (for commands). */
  node(element: ClusterElement): NodeInfo | undefined {
    if (element.kind !== 'node') return undefined;
    return this.entries.get(element.cluster)?.nodes?.find((n) => n.id === element.nodeId);
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
