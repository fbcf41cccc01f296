// A task id from the cluster (`<node id>:<number>`) as a path segment. The id comes from an answer, so it is checked
// before it goes into a URL: an id such as `../../_cluster/settings:1` would otherwise reach another endpoint.
import { RequestFailure } from './failures';

/** Node ids are 22 URL-safe base64 characters; anything far longer is not a task id. */
const MAX_TASK_ID_LENGTH = 256;

/** Whether the text has the form of a task id: a node id without `:`, a colon, a decimal number. */
export function isTaskId(id: string): boolean {
  if (id.length > MAX_TASK_ID_LENGTH) return false;
  const colon = id.indexOf(':');
  if (colon <= 0 || colon === id.length - 1) return false;
  for (let i = colon + 1; i < id.length; i++) {
    const code = id.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/**
 * `/_tasks/<id><suffix>` with the node id percent-encoded. Throws a RequestFailure (kind `config`) for a text that
 * is not a task id, which is then never sent.
 */
export function taskPath(id: string, suffix = ''): string {
  if (!isTaskId(id)) {
    const shown = id.length > 80 ? `${id.slice(0, 80)}…` : id;
    throw new RequestFailure(
      'config',
      `${JSON.stringify(shown)} is not a task id (<node id>:<number>): no request was sent for it.`,
    );
  }
  const colon = id.indexOf(':');
  return `/_tasks/${encodeURIComponent(id.slice(0, colon))}:${id.slice(colon + 1)}${suffix}`;
}
