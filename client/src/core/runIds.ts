// Run ids and the X-Opaque-Id header that tags every request of a run, so that its tasks can be found.

export const DEFAULT_OPAQUE_ID_PREFIX = 'vscode-search-requests/';

/** A short id, unique enough to find a run's tasks among a cluster's: time (base 36) and 6 random hex digits. */
export function newRunId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `${now.toString(36)}-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The X-Opaque-Id value; HTTP header values cannot hold control characters, so the prefix is cleaned. */
export function opaqueIdFor(prefix: string, runId: string): string {
  // eslint-disable-next-line no-control-regex
  return `${prefix.replace(/[\u0000-\u001f\u007f]/g, '')}${runId}`;
}

/** The names of this extension's own requests (not runs): the views, the status bar, the cluster state. */
const INTERNAL_REQUESTS = ['tasks-view', 'clusters-view', 'cluster-state', 'status', 'connection-test'] as const;

/** Whether an X-Opaque-Id is one of this extension's own requests, which the Tasks view does not list. */
export function isInternalOpaqueId(prefix: string, opaqueId: string): boolean {
  return INTERNAL_REQUESTS.some((name) => opaqueId === opaqueIdFor(prefix, name));
}
