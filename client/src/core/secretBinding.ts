// A stored secret (password, token, API key) is bound to the trust it was given under: the URL, the user and the TLS
// settings of the cluster at that moment, the certificate files by path and by the SHA-256 of their contents. Before a
// stored secret is sent, the binding is taken again; when it differs (a workspace that redefines the user's cluster
// with a CA file of its own, or with verification off), the user is asked first, and a background request sends
// nothing. The binding holds no secret: paths, hashes and flags only.
// This file reads nothing (the web extension uses it); tlsBinding.ts reads the certificate files.
import type { ClusterConfig } from './clusterConfig';

/** A certificate file as it was: its absolute path and the SHA-256 of its bytes (`unreadable` when it could not be read). */
export interface FileBinding {
  readonly path: string;
  readonly sha256: string;
}

export interface SecretBinding {
  readonly url: string;
  readonly auth: string;
  readonly username: string;
  /** Whether certificates are verified (always true for an http:// URL, where TLS is not used). */
  readonly verify: boolean;
  readonly caFile?: FileBinding;
  readonly certFile?: FileBinding;
  readonly keyFile?: FileBinding;
}

/** Where the cluster's definition comes from: the user's settings, or the open workspace's. */
export type ClusterOrigin = 'user' | 'workspace';

/** What a certificate file's hash is when the file could not be read. */
export const UNREADABLE = 'unreadable';

/** The binding of what the URL and the user name say alone: where TLS settings are not used, or not ours to set. */
export function urlBinding(cluster: ClusterConfig): SecretBinding {
  return { url: cluster.url, auth: cluster.auth, username: cluster.username ?? '', verify: true };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function readFileBinding(value: unknown): FileBinding | undefined | null {
  if (value === undefined) return undefined;
  if (!isRecord(value) || typeof value['path'] !== 'string' || typeof value['sha256'] !== 'string') return null;
  return { path: value['path'], sha256: value['sha256'] };
}

/** A binding as stored (JSON); undefined when there is none or it cannot be read (then it is as if there were none). */
export function parseBinding(text: string | undefined): SecretBinding | undefined {
  if (text === undefined) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!isRecord(raw)) return undefined;
  const { url, auth, username, verify } = raw;
  if (typeof url !== 'string' || typeof auth !== 'string' || typeof username !== 'string') return undefined;
  if (typeof verify !== 'boolean') return undefined;
  const caFile = readFileBinding(raw['caFile']);
  const certFile = readFileBinding(raw['certFile']);
  const keyFile = readFileBinding(raw['keyFile']);
  if (caFile === null || certFile === null || keyFile === null) return undefined;
  return {
    url,
    auth,
    username,
    verify,
    ...(caFile === undefined ? {} : { caFile }),
    ...(certFile === undefined ? {} : { certFile }),
    ...(keyFile === undefined ? {} : { keyFile }),
  };
}

export function serializeBinding(binding: SecretBinding): string {
  return JSON.stringify(binding);
}

const FILE_LABELS = { caFile: 'tls.caFile', certFile: 'tls.certFile', keyFile: 'tls.keyFile' } as const;

function fileChange(
  key: keyof typeof FILE_LABELS,
  before: FileBinding | undefined,
  after: FileBinding | undefined,
): string | undefined {
  const label = FILE_LABELS[key];
  if (before === undefined && after === undefined) return undefined;
  if (before === undefined) return `${label} is now ${after!.path} (there was none)`;
  // No CA file of its own any more: only the system's authorities are trusted, fewer than before.
  if (after === undefined) return key === 'caFile' ? undefined : `${label} ${before.path} is no longer used`;
  if (before.path !== after.path) return `${label} is now ${after.path} (was ${before.path})`;
  if (before.sha256 !== after.sha256) {
    return after.sha256 === UNREADABLE
      ? `${label} ${after.path} cannot be read any more`
      : `the contents of ${label} ${after.path} changed`;
  }
  return undefined;
}

/**
 * What differs between the binding a secret was stored with and the settings now, in words; empty when nothing that
 * could let another server receive the secret changed (verification turned on, or the cluster's own CA file dropped,
 * only narrow whom the secret goes to).
 */
export function bindingChanges(stored: SecretBinding, current: SecretBinding): string[] {
  const changes: string[] = [];
  if (stored.url !== current.url) changes.push(`the URL is now ${current.url} (was ${stored.url})`);
  if (stored.auth !== current.auth) changes.push(`the authentication is now ${current.auth} (was ${stored.auth})`);
  if (stored.username !== current.username)
    changes.push(`the user is now "${current.username}" (was "${stored.username}")`);
  if (stored.verify && !current.verify)
    changes.push('certificate verification is now off (tls.rejectUnauthorized: false)');
  for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
    const change = fileChange(key, stored[key], current[key]);
    if (change !== undefined) changes.push(change);
  }
  return changes;
}

/**
 * What to do with a stored secret:
 * - `send`: the settings are those it was stored with (`rebind`: no binding was kept, the secret predates them, and the
 *   cluster is the user's own: bind it to what it is now);
 * - `ask`: something differs, `changes` says what: the user decides, in a modal, before anything is sent;
 * - `refuse`: the same, for a request the user did not start (background): nothing is sent.
 */
export type SecretDecision =
  | { readonly action: 'send'; readonly rebind: boolean }
  | { readonly action: 'ask' | 'refuse'; readonly changes: readonly string[] };

function sameBinding(a: SecretBinding, b: SecretBinding): boolean {
  return serializeBinding(a) === serializeBinding(b);
}

export const NO_BINDING =
  'no record was kept of the TLS settings it was stored with, and the cluster is defined by this workspace';

export function decideSecretUse(input: {
  readonly stored: SecretBinding | undefined;
  readonly current: SecretBinding;
  readonly origin: ClusterOrigin;
  readonly interactive: boolean;
}): SecretDecision {
  const { stored, current, origin, interactive } = input;
  let changes: readonly string[];
  if (stored === undefined) {
    if (origin === 'user') return { action: 'send', rebind: true };
    changes = [NO_BINDING];
  } else {
    changes = bindingChanges(stored, current);
    if (changes.length === 0) return { action: 'send', rebind: !sameBinding(stored, current) };
  }
  return { action: interactive ? 'ask' : 'refuse', changes };
}
