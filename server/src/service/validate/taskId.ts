import { parseJavaLong } from './values';

export type TaskIdReading =
  { kind: 'unset' } | { kind: 'set'; node: string; id: bigint } | { kind: 'malformed'; message: string };

/** `new TaskId(String)` (docs/opensearch/tasks-and-nodes.md#task-ids): split at the first `:`; `""` and `unset` mean no task. */
export function readTaskId(text: string): TaskIdReading {
  if (text === '' || text === 'unset') return { kind: 'unset' };
  const colon = text.indexOf(':');
  if (colon === -1) return { kind: 'malformed', message: `malformed task id ${text}` };
  const id = parseJavaLong(text.slice(colon + 1));
  if (id === undefined) return { kind: 'malformed', message: `malformed task id ${text}` };
  if (id === -1n) return { kind: 'unset' };
  return { kind: 'set', node: text.slice(0, colon), id };
}
