// How the Tasks view's elements become VS Code tree items (from the views core/taskItems.ts computes), and the task
// tooltip read afresh from the cluster when the pointer rests on a task.
import * as vscode from 'vscode';
import type { ClusterClient } from '../core/clusterClient';
import { taskNodeTooltip, taskTooltip } from '../core/taskItems';
import { readTask } from '../core/taskList';
import type { TaskElement, TaskTree } from '../core/taskTree';
import { getTask } from '../core/tasksApi';
import { safeMarkdown } from './markdown';

/** The item of an element of the tree; `messageCommand` is what a click on the message item does. */
export function taskTreeItem(
  tree: TaskTree,
  element: TaskElement,
  messageCommand: vscode.Command | undefined,
): vscode.TreeItem {
  const view = tree.view(element);
  if (view === undefined) return new vscode.TreeItem('(gone)');
  const item = new vscode.TreeItem(
    view.label,
    view.collapsible === 'none'
      ? vscode.TreeItemCollapsibleState.None
      : view.collapsible === 'expanded'
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = element.key;
  item.description = view.description;
  item.iconPath = new vscode.ThemeIcon(
    view.icon,
    view.color === undefined ? undefined : new vscode.ThemeColor(view.color),
  );
  item.contextValue = view.contextValue;
  item.accessibilityInformation = { label: `${view.label}: ${view.description}` };
  if (element.kind === 'message') {
    item.tooltip = view.label;
    if (messageCommand !== undefined) item.command = messageCommand;
  } else if (element.kind === 'node') {
    const node = tree.node(element.nodeId);
    item.tooltip = safeMarkdown(taskNodeTooltip(element.nodeId, node));
  }
  return item;
}

/**
 * A task's whole record as a tooltip, read afresh (`GET /_tasks/<id>`: the polls leave the resource stats out); what
 * the last poll said when the task has ended since or the cluster does not answer. Undefined for a task not shown.
 */
export async function freshTaskTooltip(
  tree: TaskTree,
  taskId: string,
  how: {
    readonly client: () => Promise<ClusterClient | undefined>;
    readonly opaqueId: string;
    readonly token: vscode.CancellationToken;
  },
): Promise<vscode.MarkdownString | undefined> {
  const listed = tree.record(taskId);
  const state = tree.state(taskId);
  if (listed === undefined || state === undefined) return undefined;
  let task = listed;
  let note = '';
  const abort = new AbortController();
  const subscription = how.token.onCancellationRequested(() => {
    abort.abort();
  });
  try {
    const client = await how.client();
    if (client !== undefined) {
      const { status, value } = await getTask(client, listed.id, {
        opaqueId: how.opaqueId,
        timeoutMs: 5000,
        signal: abort.signal,
      });
      const fresh = status === 200 ? readTask((value as { task?: unknown } | null)?.task) : undefined;
      if (fresh !== undefined) task = fresh;
      else if (status === 404) note = '\n\n_This task has ended since the last refresh._';
    }
  } catch {
    // The tooltip shows what the last refresh said.
  } finally {
    subscription.dispose();
  }
  return safeMarkdown(taskTooltip(task, tree.node(task.node), state, tree.isOurs(task.id)) + note);
}
