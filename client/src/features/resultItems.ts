// How the Results view's elements look: a run with its state, took and size; a node of an answer (a response, hits,
// a hit, aggregations and buckets, a "more" item); a message under a run. Plain functions of what the view holds
// (resultsView.ts), no reading here.
import * as vscode from 'vscode';
import { formatAge, formatBytes, formatDuration } from '../core/format';
import type { ResultNode } from '../core/resultTree';
import type { RunRecord } from '../core/runHistory';
import { runTooltip } from '../core/runTooltip';
import { COMMANDS } from '../../../server/src/protocol/manifest';
import { safeMarkdown } from './markdown';
import type { ResultElement } from './resultsView';

const STATE_ICONS: Readonly<Record<RunRecord['state'], [string, string | undefined]>> = {
  running: ['loading~spin', undefined],
  cancelling: ['loading~spin', 'list.warningForeground'],
  done: ['pass', 'testing.iconPassed'],
  failed: ['error', 'list.errorForeground'],
  cancelled: ['circle-slash', 'list.warningForeground'],
};

const NODE_ICONS: Readonly<Partial<Record<ResultNode['kind'], string>>> = {
  item: 'search',
  hits: 'list-flat',
  hit: 'file',
  aggregations: 'graph',
  aggregation: 'symbol-numeric',
  bucket: 'symbol-enum-member',
  error: 'error',
  warning: 'warning',
  more: 'ellipsis',
};

/** The first `_msearch` responses open expanded; the others wait for a click (an answer may hold hundreds). */
const OPEN_ITEMS = 3;

/** A message under a run: its failure, what its cancellation did, a warning of the cluster, why its answer is gone. */
export function messageItem(element: Extract<ResultElement, { type: 'message' }>): vscode.TreeItem {
  const item = new vscode.TreeItem(element.text, vscode.TreeItemCollapsibleState.None);
  item.id = `${element.runId}/#${element.id}`;
  item.tooltip = element.text;
  const warning = element.id.startsWith('warning-');
  item.iconPath = new vscode.ThemeIcon(
    element.error ? 'error' : warning ? 'warning' : 'info',
    new vscode.ThemeColor(element.error ? 'list.errorForeground' : warning ? 'list.warningForeground' : 'foreground'),
  );
  item.contextValue = 'searchRequests.message';
  return item;
}

/** A node of an answer; a "more" item shows the next page when clicked. */
export function nodeItem(element: Extract<ResultElement, { type: 'node' }>): vscode.TreeItem {
  const node = element.node;
  const item = new vscode.TreeItem(
    node.label,
    !node.expandable
      ? vscode.TreeItemCollapsibleState.None
      : (node.kind === 'item' && Number(node.path[1]) < OPEN_ITEMS) || node.kind === 'hits'
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
  );
  item.id = `${element.runId}/${node.id}`;
  if (node.description !== undefined) item.description = node.description;
  const spoken = `${node.label}${node.description === undefined ? '' : `: ${node.description}`}`;
  item.tooltip = node.tooltip === undefined ? spoken : `${spoken}\n\n${node.tooltip}`;
  item.accessibilityInformation = { label: spoken };
  const icon = node.failed === true ? 'error' : NODE_ICONS[node.kind];
  if (icon !== undefined) {
    item.iconPath = new vscode.ThemeIcon(
      icon,
      node.failed === true ? new vscode.ThemeColor('list.errorForeground') : undefined,
    );
  }
  if (node.kind === 'more') {
    item.contextValue = 'searchRequests.more';
    item.command = { title: 'Show more', command: COMMANDS.showMoreResults, arguments: [element] };
  } else {
    item.contextValue = node.kind === 'text' ? 'searchRequests.text' : 'searchRequests.node';
  }
  return item;
}

/** A run: expanded when it is the newest and has ended; its state, status, took and size in the description. */
export function runItem(run: RunRecord, newest: boolean): vscode.TreeItem {
  const item = new vscode.TreeItem(
    run.label,
    run.state === 'running' || run.state === 'cancelling'
      ? vscode.TreeItemCollapsibleState.None
      : newest
        ? vscode.TreeItemCollapsibleState.Expanded
        : vscode.TreeItemCollapsibleState.Collapsed,
  );
  // The id changes with the state, so that a finished run opens expanded even if it was shown while running.
  item.id = `${run.id}:${run.state}`;
  const parts = [run.cluster.name];
  if (run.state === 'running') parts.push('running…');
  else if (run.state === 'cancelling') parts.push('cancelling…');
  else if (run.state === 'cancelled') parts.push('cancelled');
  else if (run.failure !== undefined) parts.push(run.failure.kind);
  if (run.status !== undefined) parts.push(String(run.status));
  if (run.durationMs !== undefined && run.state !== 'running') parts.push(formatDuration(run.durationMs));
  if (run.bytes !== undefined) parts.push(formatBytes(run.bytes));
  const warnings = run.warnings?.length ?? 0;
  if (warnings > 0) parts.push(`${warnings} warning${warnings === 1 ? '' : 's'}`);
  if (run.state !== 'running' && run.state !== 'cancelling') parts.push(formatAge(run.startedAt, Date.now()));
  item.description = parts.join(' · ');
  const [icon, color] = STATE_ICONS[run.state];
  const failedStatus = run.state === 'done' && run.status !== undefined && run.status >= 400;
  item.iconPath = new vscode.ThemeIcon(
    failedStatus ? 'error' : icon,
    failedStatus
      ? new vscode.ThemeColor('list.errorForeground')
      : color === undefined
        ? undefined
        : new vscode.ThemeColor(color),
  );
  item.tooltip = safeMarkdown(runTooltip(run));
  item.contextValue =
    run.state === 'running' || run.state === 'cancelling' ? 'searchRequests.run.running' : 'searchRequests.run';
  return item;
}
