// Run ids and the X-Opaque-Id header that tags every request of a run, so that its tasks can be found.

export const DEFAULT_OPAQUE_ID_PREFIX = 'vscode-search-requests/';

/** A short id, unique enough to find a run's tasks among a cluster's: time (base 36) and 6 random hex digits. */
export function newRunId(now = Date.now()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(3));
  return `${now.toString(36)}-${[...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The longest prefix kept (the setting's schema says so too): the header stays short in every task listing. */
export const MAX_OPAQUE_ID_PREFIX = 64;

/**
 * The X-Opaque-Id value. HTTP header values are bytes: a character beyond visible ASCII (`é`, `日`, a control
 * character) would make every request fail, so such characters (and `%`) are percent-encoded as UTF-8. The same
 * prefix always gives the same value, which is how a run's tasks are found again.
 */
export function opaqueIdFor(prefix: string, runId: string): string {
  return `${encodeHeaderText(prefix, MAX_OPAQUE_ID_PREFIX)}${encodeHeaderText(runId)}`;
}

/** The text (its first `max` code points) with every character outside visible ASCII and space percent-encoded. */
function encodeHeaderText(text: string, max = Infinity): string {
  let out = '';
  let count = 0;
  for (const char of text) {
    if (count++ === max) break;
    const code = char.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e && char !== '%') out += char;
    else if (code >= 0xd800 && code <= 0xdfff) out += '%EF%BF%BD';
    else out += encodeURIComponent(char);
  }
  return out;
}

/** The names of this extension's own requests (not runs): the views, the status bar, the cluster state. */
const INTERNAL_REQUESTS = ['tasks-view', 'clusters-view', 'cluster-state', 'status', 'connection-test'] as const;

/** Whether an X-Opaque-Id is one of this extension's own requests, which the Tasks view does not list. */
export function isInternalOpaqueId(prefix: string, opaqueId: string): boolean {
  return INTERNAL_REQUESTS.some((name) => opaqueId === opaqueIdFor(prefix, name));
}
