import { readTaskId } from '../validate/taskId';
import { code } from './markdown';

/** A task id in words: `node <node id>, task number <n>`. */
export function taskIdText(text: string): string {
  const task = readTaskId(text);
  switch (task.kind) {
    case 'set':
      return `**Task** ${code(text)}: node ${code(task.node)}, task number ${task.id.toString()}`;
    case 'unset':
      return `**Task id** ${code(text)}: no task (an empty id, \`unset\` and \`<node>:-1\` mean none).`;
    default:
      return `**Task id** ${code(text)}: ${code(task.message)}. A task id is \`<node id>:<task number>\`.`;
  }
}
