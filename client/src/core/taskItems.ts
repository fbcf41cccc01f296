// What the Tasks view's items show, without VS Code: a task's label, state and icon, a node's address and task count,
// the message shown in place of tasks, and a task's whole record as a tooltip. The tree (taskTree.ts) decides where
// items go and compares these views to refresh only what changed.
import { formatBytes, formatRunningTime, withoutPort } from './format';
import { escapeMarkdown, fencedBlock, inlineCode } from './markdown';
import type { TaskNodeInfo, TaskRecord } from './taskList';
import type { TaskState } from './taskTree';

/** What one tree item shows; the VS Code adapter copies it into a TreeItem. */
export interface TaskItemView {
  readonly label: string;
  readonly description: string;
  /** A codicon id. */
  readonly icon: string;
  /** A theme color id for the icon. */
  readonly color?: string;
  readonly contextValue: string;
  /** 'none', or how the item opens the first time it is shown. */
  readonly collapsible: 'none' | 'collapsed' | 'expanded';
}

export function sameView(a: TaskItemView | undefined, b: TaskItemView): boolean {
  return (
    a !== undefined &&
    a.label === b.label &&
    a.description === b.description &&
    a.icon === b.icon &&
    a.color === b.color &&
    a.contextValue === b.contextValue &&
    a.collapsible === b.collapsible
  );
}

const STATE_WORDS: Readonly<Record<TaskState, string>> = {
  running: 'running',
  cancellable: 'cancellable',
  cancelling: 'cancelling',
};

/** A task's item; `elsewhere` names its node when it runs on another node than the parent it is shown under. */
export function renderTask(
  task: TaskRecord,
  state: TaskState,
  ours: boolean,
  hasChildren: boolean,
  elsewhere?: string,
): TaskItemView {
  const description = `${elsewhere === undefined ? '' : `on ${elsewhere} · `}${formatRunningTime(task.runningTimeNanos)} · ${STATE_WORDS[state]}${ours ? ' · yours' : ''}`;
  let icon: string;
  let color: string | undefined;
  if (state === 'cancelling') {
    icon = 'loading~spin';
    color = 'list.warningForeground';
  } else if (ours) {
    icon = 'account';
    color = 'charts.blue';
  } else {
    icon = state === 'cancellable' ? 'pulse' : 'circle-outline';
  }
  return {
    label: task.action === '' ? task.id : task.action,
    description,
    icon,
    ...(color === undefined ? {} : { color }),
    contextValue: `searchRequests.task${state === 'running' ? '' : `.${state}`}${ours ? '.ours' : ''}`,
    collapsible: hasChildren ? 'collapsed' : 'none',
  };
}

export function renderNode(id: string, info: TaskNodeInfo | undefined, tasks: number): TaskItemView {
  const address = info?.ip === undefined ? info?.host : withoutPort(info.ip);
  return {
    label: info?.name ?? id,
    description: `${address === undefined ? '' : `${address} · `}${tasks} task${tasks === 1 ? '' : 's'}`,
    icon: 'server',
    contextValue: 'searchRequests.taskNode',
    collapsible: 'expanded',
  };
}

/** The one item shown in place of the tasks (no cluster, not reachable, nothing running). */
export function renderMessage(text: string, error: boolean): TaskItemView {
  return {
    label: text,
    description: '',
    icon: error ? 'error' : 'info',
    ...(error ? { color: 'list.errorForeground' } : {}),
    contextValue: 'searchRequests.tasksMessage',
    collapsible: 'none',
  };
}

function nanosText(nanos: number): string {
  return formatRunningTime(nanos);
}

/** The whole record, as Markdown, for the item's tooltip. */
export function taskTooltip(task: TaskRecord, node: TaskNodeInfo | undefined, state: TaskState, ours: boolean): string {
  const lines: string[] = [`**${escapeMarkdown(task.action)}** — ${STATE_WORDS[state]}`, ''];
  if (task.description !== undefined && task.description !== '') lines.push(fencedBlock(task.description), '');
  const rows: [string, string][] = [
    ['Task id', inlineCode(task.id)],
    [
      'Node',
      `${escapeMarkdown(node?.name ?? task.node)}${node?.name === undefined ? '' : ` (${inlineCode(task.node)})`}`,
    ],
    ['Type', escapeMarkdown(task.type)],
    ['Started', task.startTimeMillis > 0 ? new Date(task.startTimeMillis).toISOString() : 'unknown'],
    ['Running for', formatRunningTime(task.runningTimeNanos)],
    ['Cancellable', task.cancellable ? 'yes' : 'no'],
  ];
  if (task.cancelled) {
    rows.push([
      'Cancelled',
      task.cancellationTimeMillis === undefined ? 'yes' : new Date(task.cancellationTimeMillis).toISOString(),
    ]);
  }
  if (task.parentTaskId !== undefined) rows.push(['Parent task', inlineCode(task.parentTaskId)]);
  rows.push(['X-Opaque-Id', task.opaqueId === undefined ? 'none' : inlineCode(task.opaqueId)]);
  if (ours) rows.push(['Started by', 'a run of this VS Code window']);
  const stats = task.resourceStats;
  if (stats?.total !== undefined) {
    rows.push(['CPU time', nanosText(stats.total.cpuTimeNanos)], ['Memory', formatBytes(stats.total.memoryBytes)]);
  }
  if (stats?.threadExecutions !== undefined) {
    rows.push([
      'Threads',
      `${stats.threadExecutions} execution${stats.threadExecutions === 1 ? '' : 's'}${stats.activeThreads === undefined ? '' : `, ${stats.activeThreads} active`}`,
    ]);
  }
  for (const [name, value] of Object.entries(task.headers)) {
    if (name.toLowerCase() !== 'x-opaque-id') rows.push([`Header ${escapeMarkdown(name)}`, escapeMarkdown(value)]);
  }
  lines.push(...rows.map(([name, value]) => `${name}: ${value}  `));
  if (task.status !== undefined) lines.push('', 'Status:', fencedBlock(JSON.stringify(task.status, null, 2)));
  return lines.join('\n');
}

/** A node of the Tasks view, as a tooltip: its name, id, host, address and roles, all as the cluster gave them. */
export function taskNodeTooltip(nodeId: string, node: TaskNodeInfo | undefined): string {
  let text = `**${escapeMarkdown(node?.name ?? nodeId)}**  \nNode id: ${inlineCode(nodeId)}`;
  if (node?.host !== undefined) text += `  \nHost: ${escapeMarkdown(node.host)}`;
  if (node?.ip !== undefined) text += `  \nAddress: ${escapeMarkdown(node.ip)}`;
  if (node !== undefined) {
    text += `  \nRoles: ${node.roles.length === 0 ? 'none (coordinating only)' : node.roles.map(escapeMarkdown).join(', ')}`;
  }
  return text;
}
