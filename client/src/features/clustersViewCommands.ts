// The Clusters view's commands: use a cluster, open its settings, copy a node id, refresh.
import * as vscode from 'vscode';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { findNameEntry } from '../core/clusterConfig';
import type { ClusterChooser } from './clusterCommands';
import type { ClusterElement, ClustersView } from './clustersView';
import type { Services } from './services';

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
  const match = findNameEntry(text, name);
  if (match !== undefined) {
    const start = editor.document.positionAt(match.start);
    const end = editor.document.positionAt(match.end);
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
