import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { readTaskId } from '../validate/taskId';
import { code, escapeMarkdown } from './markdown';

/**
 * A task id in words: `node <node id>, task number <n>`; with the connected cluster, the node's name and, when the
 * task is running, its action.
 */
export function taskIdText(text: string, cluster?: ClusterKnowledge): string {
  const task = readTaskId(text);
  switch (task.kind) {
    case 'set': {
      const node = cluster?.nodes.find((n) => n.id === task.node);
      const head = `**Task** ${code(text)}: node ${code(task.node)}${node === undefined ? '' : ` (${escapeMarkdown(node.name)})`}, task number ${task.id.toString()}`;
      const running = cluster?.task(text);
      return running === undefined ? head : `${head}\n\nRunning: ${code(running.action)}`;
    }
    case 'unset':
      return `**Task id** ${code(text)}: no task (an empty id, \`unset\` and \`<node>:-1\` mean none).`;
    default:
      return `**Task id** ${code(text)}: ${code(task.message)}. A task id is \`<node id>:<task number>\`.`;
  }
}
