// How the Clusters view's elements look: a cluster with its state, a node with its roles and address, a message in
// place of the nodes. Plain functions of what the view knows (clustersView.ts), no reading here.
import * as vscode from 'vscode';
import { productText, type ClusterInfo } from '../core/clusterInfo';
import { serverless } from '../core/serverless';
import { needsSecret, secretName, verificationOff, type ClusterConfig } from '../core/clusterConfig';
import { clusterTooltip, nodeTooltip } from '../core/clusterTooltips';
import { rolesText, type NodeInfo } from '../core/nodesInfo';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import type { ClusterElement, ClusterEntry } from './clustersView';
import { safeMarkdown } from './markdown';
import { CLUSTERS_SETTING, ignoredSettingsText, TRUST_ACTION, TRUST_COMMAND } from './trustTexts';

const HEALTH_COLORS: Readonly<Record<string, string>> = {
  green: 'testing.iconPassed',
  yellow: 'list.warningForeground',
  red: 'list.errorForeground',
};

function product(info: ClusterInfo): string {
  return productText(info);
}

/** A configured cluster: its state in the description and the tooltip, a context value for its menus. */
export function clusterItem(
  name: string,
  cluster: ClusterConfig | undefined,
  active: boolean,
  entry: ClusterEntry | undefined,
): vscode.TreeItem {
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
  } else if (entry?.heldBack !== undefined) {
    parts.push(entry.heldBack === 'trustChanged' ? 'TLS settings changed' : 'not chosen yet');
    icon = 'shield';
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
  item.tooltip = safeMarkdown(
    clusterTooltip({
      name,
      url: cluster?.url ?? '',
      active,
      ...(cluster === undefined ? {} : { auth: cluster.auth }),
      ...(cluster?.username === undefined ? {} : { username: cluster.username }),
      ...(entry?.info === undefined ? {} : { info: entry.info }),
      ...(entry?.infoError === undefined ? {} : { infoError: entry.infoError }),
      verificationOff: cluster !== undefined && verificationOff(cluster),
    }),
    true,
  );
  item.contextValue = `searchRequests.cluster.${active ? 'active' : 'inactive'}${cluster !== undefined && needsSecret(cluster) ? '.secret' : ''}`;
  return item;
}

/** What stands in place of a cluster's nodes when they cannot be listed (a click sets a missing secret). */
export function clusterMessageItem(
  element: Extract<ClusterElement, { kind: 'message' }>,
  cluster: ClusterConfig | undefined,
): vscode.TreeItem {
  const item = new vscode.TreeItem(element.text, vscode.TreeItemCollapsibleState.None);
  item.id = element.key;
  item.tooltip = element.text;
  // A serverless collection has no nodes to list: that is said as information, not as a missing secret.
  const info = cluster !== undefined && serverless(cluster);
  item.iconPath = new vscode.ThemeIcon(
    element.error ? 'error' : info ? 'info' : 'key',
    element.error ? new vscode.ThemeColor('list.errorForeground') : undefined,
  );
  item.contextValue = 'searchRequests.clusterMessage';
  if (!element.error && !info && cluster !== undefined && element.held) {
    item.iconPath = new vscode.ThemeIcon('shield');
    item.command = { title: 'Select Cluster', command: COMMANDS.selectCluster, arguments: [cluster.name] };
  } else if (!element.error && !info && cluster !== undefined) {
    item.command = {
      title: 'Set Secret',
      command: COMMANDS.changeClusterSecret,
      arguments: [cluster.name],
    };
  }
  return item;
}

/** A node of a cluster: roles in short, address, whether it is the elected cluster manager or the local node. */
export function nodeItem(clusterName: string, node: NodeInfo): vscode.TreeItem {
  const item = new vscode.TreeItem(node.name, vscode.TreeItemCollapsibleState.None);
  item.id = `node:${clusterName}:${node.id}`;
  const parts = [rolesText(node.roles), node.ip];
  if (node.clusterManager) parts.push('elected cluster manager');
  if (node.local) parts.push('local');
  item.description = parts.join(' · ');
  item.iconPath = new vscode.ThemeIcon(
    node.clusterManager ? 'star-full' : 'server',
    node.clusterManager ? new vscode.ThemeColor('charts.yellow') : undefined,
  );
  item.tooltip = safeMarkdown(nodeTooltip(node));
  item.accessibilityInformation = { label: `${node.name}: ${item.description}` };
  item.contextValue = 'searchRequests.clusterNode';
  return item;
}

/** First in the view when the workspace is not trusted: which of its settings are ignored, and the Trust action. */
export function untrustedItem(settings: readonly string[]): vscode.TreeItem {
  const label = settings.includes(CLUSTERS_SETTING)
    ? 'Workspace not trusted: its clusters are ignored'
    : 'Workspace not trusted: some of its settings are ignored';
  const item = new vscode.TreeItem(label, vscode.TreeItemCollapsibleState.None);
  item.id = 'untrusted';
  item.description = TRUST_ACTION;
  item.tooltip = ignoredSettingsText(settings);
  item.iconPath = new vscode.ThemeIcon('workspace-untrusted', new vscode.ThemeColor('list.warningForeground'));
  item.contextValue = 'searchRequests.untrusted';
  item.command = { title: TRUST_ACTION, command: TRUST_COMMAND };
  return item;
}
