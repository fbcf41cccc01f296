// The Clusters view (`searchRequests.clusters`): each configured cluster with its state (version and health, or why
// it cannot be reached), and under it its nodes (`GET /_nodes`): name, roles in short, address, the elected cluster
// manager and the local node marked. Everything is read asynchronously when first shown and kept until a refresh;
// only the cluster whose state arrived is refreshed.
import * as vscode from 'vscode';
import { fetchClusterInfo, productText, type ClusterInfo } from '../core/clusterInfo';
import { needsSecret, secretName, verificationOff, type ClusterConfig } from '../core/clusterConfig';
import { isRequestFailure } from '../core/failures';
import { fetchNodes, rolesText, type NodeInfo } from '../core/nodesInfo';
import { opaqueIdFor } from '../core/runIds';
import { SERVERLESS_NODES, serverless } from '../core/serverless';
import type { ClusterChooser } from './clusterCommands';
import type { Services } from './services';
import { COMMANDS, VIEWS } from '../../../server/src/protocol/manifest';

export type ClusterElement =
  | { readonly kind: 'cluster'; readonly key: string; readonly name: string }
  | { readonly kind: 'node'; readonly key: string; readonly cluster: string; readonly nodeId: string }
  | {
      readonly kind: 'message';
      readonly key: string;
      readonly cluster: string;
      readonly text: string;
      readonly error: boolean;
    };

interface Entry {
  info?: ClusterInfo;
  infoError?: string;
  secretMissing?: boolean;
  loadingInfo?: Promise<void>;
  nodes?: readonly NodeInfo[];
  nodesError?: string;
  loadingNodes?: Promise<void>;
}

/** The view as plain data (what `searchRequests.describeClusters` returns). */
export interface DescribedCluster {
  readonly label: string;
  readonly description?: string;
  readonly contextValue?: string;
  readonly children?: readonly DescribedCluster[];
}

const HEALTH_COLORS: Readonly<Record<string, string>> = {
  green: 'testing.iconPassed',
  yellow: 'list.warningForeground',
  red: 'list.errorForeground',
};

function failureText(error: unknown): string {
  return isRequestFailure(error) || error instanceof Error ? error.message : String(error);
}

function product(info: ClusterInfo): string {
  return productText(info);
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]|<>]/g, '\\$&');
}

export class ClustersView implements vscode.TreeDataProvider<ClusterElement>, vscode.Disposable {
  readonly view: vscode.TreeView<ClusterElement>;
  private readonly changed = new vscode.EventEmitter<ClusterElement | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly entries = new Map<string, Entry>();
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

  private entry(name: string): Entry {
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
      return clusters.map((cluster) => this.clusterElement(cluster.name));
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
          : `Cannot list the nodes: ${entry.nodesError ?? 'no answer'}`;
      return [
        this.element({
          kind: 'message',
          key: `message:${cluster.name}`,
          cluster: cluster.name,
          text,
          error: entry.secretMissing !== true,
        }),
      ];
    }
    return entry.nodes.map((node) =>
      this.element({ kind: 'node', key: `node:${cluster.name}:${node.id}`, cluster: cluster.name, nodeId: node.id }),
    );
  }

  getParent(element: ClusterElement): ClusterElement | undefined {
    return element.kind === 'cluster' ? undefined : this.clusterElement(element.cluster);
  }

  getTreeItem(element: ClusterElement): vscode.TreeItem {
    if (element.kind === 'cluster') return this.clusterItem(element.name);
    if (element.kind === 'message') {
      const item = new vscode.TreeItem(element.text, vscode.TreeItemCollapsibleState.None);
      item.id = element.key;
      item.tooltip = element.text;
      const cluster = this.services.connections.find(element.cluster);
      const info = cluster !== undefined && serverless(cluster);
      item.iconPath = new vscode.ThemeIcon(
        element.error ? 'error' : info ? 'info' : 'key',
        element.error ? new vscode.ThemeColor('list.errorForeground') : undefined,
      );
      item.contextValue = 'searchRequests.clusterMessage';
      if (!element.error && !info && cluster !== undefined) {
        item.command = {
          title: 'Set Secret',
          command: COMMANDS.changeClusterSecret,
          arguments: [cluster.name],
        };
      }
      return item;
    }
    return this.nodeItem(element.cluster, element.nodeId);
  }

  private clusterItem(name: string): vscode.TreeItem {
    const cluster = this.services.connections.find(name);
    const active = this.services.connections.active()?.name === name;
    if (cluster !== undefined && this.entries.get(name)?.loadingInfo === undefined) void this.loadInfo(cluster);
    const entry = this.entries.get(name);
    const item = new vscode.TreeItem(
      name,
      active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    item.id = `cluster:${name}`;
    const parts: string[] = [];
    if (active) parts.push('active');
    let icon = 'database';
    let color: string | undefined;
    if (entry?.info !== undefined) {
      parts.push(product(entry.info));
      if (entry.info.health !== undefined) parts.push(entry.info.health);
      color = HEALTH_COLORS[entry.info.health ?? ''];
    } else if (entry?.secretMissing === true && cluster !== undefined) {
      parts.push(`no ${secretName(cluster.auth)} stored`);
      icon = 'key';
    } else if (entry?.infoError !== undefined) {
      parts.push('not reachable');
      icon = 'debug-disconnect';
      color = 'list.errorForeground';
    } else {
      parts.push('connecting…');
    }
    if (cluster !== undefined && verificationOff(cluster)) parts.push('verification off');
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(icon, color === undefined ? undefined : new vscode.ThemeColor(color));
    const tooltip = new vscode.MarkdownString(
      `**${escapeMarkdown(name)}**${active ? ' (active)' : ''}  \n${escapeMarkdown(cluster?.url ?? '')}`,
    );
    if (cluster !== undefined)
      tooltip.appendMarkdown(
        `  \nAuthentication: ${cluster.auth}${cluster.username === undefined ? '' : ` (user ${escapeMarkdown(cluster.username)})`}`,
      );
    if (entry?.info !== undefined) {
      tooltip.appendMarkdown(`\n\n${product(entry.info)}, health **${entry.info.health ?? 'unknown'}**`);
      if (entry.info.clusterName !== undefined)
        tooltip.appendMarkdown(`  \nCluster name: \`${entry.info.clusterName}\``);
    } else if (entry?.infoError !== undefined) {
      tooltip.appendMarkdown(`\n\n${escapeMarkdown(entry.infoError)}`);
    }
    if (cluster !== undefined && verificationOff(cluster))
      tooltip.appendMarkdown('\n\n$(warning) Certificate verification is **off**.');
    tooltip.supportThemeIcons = true;
    item.tooltip = tooltip;
    item.contextValue = `searchRequests.cluster.${active ? 'active' : 'inactive'}${cluster !== undefined && needsSecret(cluster) ? '.secret' : ''}`;
    return item;
  }

  private nodeItem(clusterName: string, nodeId: string): vscode.TreeItem {
    const node = this.entries.get(clusterName)?.nodes?.find((n) => n.id === nodeId);
    if (node === undefined) return new vscode.TreeItem('(gone)');
    const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
    item.id = `node:${clusterName}:${nodeId}`;
    const parts = [rolesText(node.roles), node.ip];
    if (node.clusterManager) parts.push('elected cluster manager');
    if (node.local) parts.push('local');
    item.description = parts.join(' · ');
    item.iconPath = new vscode.ThemeIcon(
      node.clusterManager ? 'star-full' : 'server',
      node.clusterManager ? new vscode.ThemeColor('charts.yellow') : undefined,
    );
    const lines = [
      `**${escapeMarkdown(node.name)}**${node.clusterManager ? ' — elected cluster manager' : ''}${node.local ? ' — local node (receives the requests)' : ''}`,
      '',
      `Node id: \`${node.id}\`  `,
      `Host: ${escapeMarkdown(node.host)}  `,
      `IP: ${escapeMarkdown(node.ip)}  `,
    ];
    if (node.transportAddress !== undefined)
      lines.push(`Transport address: ${escapeMarkdown(node.transportAddress)}  `);
    if (node.version !== undefined) lines.push(`Version: ${escapeMarkdown(node.version)}  `);
    lines.push(
      `Roles: ${node.roles.length === 0 ? 'none (coordinating only)' : node.roles.map(escapeMarkdown).join(', ')}`,
    );
    const attributes = Object.entries(node.attributes);
    if (attributes.length > 0) {
      lines.push('', 'Attributes (filter with `name:value`):', '');
      for (const [name, value] of attributes) lines.push(`- \`${name}\`: \`${value}\``);
    }
    item.tooltip = new vscode.MarkdownString(lines.join('\n'));
    item.accessibilityInformation = { label: `${node.name}: ${item.description}` };
    item.contextValue = 'searchRequests.clusterNode';
    return item;
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

/** The cluster a command was given: its name, or the Clusters view's element. */
export function clusterNameOf(arg: unknown): string | undefined {
  if (typeof arg === 'string') return arg;
  if (typeof arg === 'object' && arg !== null) {
    const element = arg as Partial<ClusterElement>;
    if (element.kind === 'cluster' && typeof element.name === 'string') return element.name;
    if ((element.kind === 'node' || element.kind === 'message') && typeof element.cluster === 'string') {
      return element.cluster;
    }
  }
  return undefined;
}

/** Where a cluster is configured: the settings file to open. */
function settingsFileOf(name: string): vscode.Uri | 'user' | undefined {
  const inspected = vscode.workspace.getConfiguration('searchRequests').inspect<unknown[]>('clusters');
  const has = (list: unknown[] | undefined): boolean =>
    Array.isArray(list) && list.some((c) => (c as { name?: unknown } | null)?.name === name);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (has(inspected?.workspaceFolderValue) && folder !== undefined) {
    return vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json');
  }
  if (has(inspected?.workspaceValue)) {
    return (
      vscode.workspace.workspaceFile ??
      (folder === undefined ? undefined : vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json'))
    );
  }
  if (has(inspected?.globalValue)) return 'user';
  return undefined;
}

/** Opens the settings file that configures the cluster, with its entry selected. */
async function editClusterSettings(services: Services, arg: unknown): Promise<string | undefined> {
  const name = clusterNameOf(arg) ?? services.connections.active()?.name;
  if (name === undefined) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'searchRequests.clusters');
    return undefined;
  }
  const where = settingsFileOf(name);
  let editor: vscode.TextEditor | undefined;
  if (where === 'user') {
    await vscode.commands.executeCommand('workbench.action.openSettingsJson');
    editor = vscode.window.activeTextEditor;
  } else if (where !== undefined) {
    editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(where));
  } else {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'searchRequests.clusters');
    return undefined;
  }
  if (editor === undefined) return undefined;
  const text = editor.document.getText();
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`"name"\\s*:\\s*"${escaped}"`).exec(text);
  if (match !== null) {
    const start = editor.document.positionAt(match.index);
    const end = editor.document.positionAt(match.index + match[0].length);
    editor.selection = new vscode.Selection(start, end);
    editor.revealRange(new vscode.Range(start, end), vscode.TextEditorRevealType.InCenter);
  }
  return editor.document.uri.toString();
}

export function registerClustersViewCommands(
  services: Services,
  chooser: ClusterChooser,
  view: ClustersView,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(COMMANDS.refreshClusters, () => {
      view.refresh();
    }),
    vscode.commands.registerCommand(COMMANDS.useCluster, async (arg?: unknown) => {
      const name = clusterNameOf(arg);
      if (name === undefined) return undefined;
      return chooser.select(name);
    }),
    vscode.commands.registerCommand(COMMANDS.editClusterSettings, (arg?: unknown) =>
      editClusterSettings(services, arg),
    ),
    vscode.commands.registerCommand(COMMANDS.copyNodeId, async (arg?: unknown) => {
      const selected = view.view.selection[0];
      const element = typeof arg === 'object' && arg !== null ? (arg as ClusterElement) : selected;
      const node = element === undefined ? undefined : view.node(element);
      if (node === undefined) return undefined;
      await vscode.env.clipboard.writeText(node.id);
      vscode.window.setStatusBarMessage(`Node id ${node.id} (${node.name}) copied`, 3000);
      return node.id;
    }),
  ];
}
