// The `searchRequests.clusters` setting: its model and its validation. Secrets are never part of it.
import { variableText } from './variables';

import { parseAwsConfig, type AwsConfig } from './aws/awsConfig';
import { trimTrailing } from './trimTrailing';

export type AuthKind = 'none' | 'basic' | 'bearer' | 'apiKey' | 'aws';

export const AUTH_KINDS: readonly AuthKind[] = ['none', 'basic', 'bearer', 'apiKey', 'aws'];

interface TlsConfig {
  /** PEM file of the certificate authority that signed the cluster's certificate (added to the system ones). */
  readonly caFile?: string;
  /** PEM client certificate and its key, for clusters that ask for one. */
  readonly certFile?: string;
  readonly keyFile?: string;
  /** False turns certificate verification off for this cluster only. Default true. */
  readonly rejectUnauthorized?: boolean;
}

export interface ClusterConfig {
  readonly name: string;
  /** Base URL, `http://` or `https://`, without credentials; may carry a path prefix. */
  readonly url: string;
  readonly auth: AuthKind;
  /** For `basic`. */
  readonly username?: string;
  readonly tls?: TlsConfig;
  /** For `aws`: SigV4 signing (region, service, profile). */
  readonly aws?: AwsConfig;
  /** Values of `${name}` variables while this cluster is active (numbers and booleans as their text). */
  readonly variables?: Readonly<Record<string, string>>;
}

interface ClusterConfigProblem {
  /** Position in the setting's array. */
  readonly index: number;
  readonly message: string;
}

export interface ParsedClusters {
  readonly clusters: readonly ClusterConfig[];
  readonly problems: readonly ClusterConfigProblem[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Why a cluster URL cannot be used, or undefined when it can. */
export function urlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `"${url}" is not a URL: write it as http://host:9200 or https://host:9200`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `the URL must start with http:// or https://, not ${parsed.protocol}//`;
  }
  if (parsed.username !== '' || parsed.password !== '') {
    return 'the URL holds a user name or password: remove them from the URL; set "auth" and the password is asked for and kept in the secret store';
  }
  if (parsed.search !== '' || parsed.hash !== '') {
    return 'the URL must not have a query string or a fragment';
  }
  return undefined;
}

/** Reads the setting's raw value: the clusters that can be used, and a message for each entry that cannot. */
export function parseClusters(raw: unknown): ParsedClusters {
  const clusters: ClusterConfig[] = [];
  const problems: ClusterConfigProblem[] = [];
  if (raw === undefined || raw === null) return { clusters, problems };
  if (!Array.isArray(raw)) {
    return { clusters, problems: [{ index: -1, message: 'searchRequests.clusters must be a list of clusters' }] };
  }
  const names = new Set<string>();
  raw.forEach((entry: unknown, index) => {
    const problem = (message: string): void => {
      problems.push({ index, message: `cluster ${index + 1}: ${message}` });
    };
    if (!isRecord(entry)) {
      problem('must be an object with "name" and "url"');
      return;
    }
    const name = entry['name'];
    const url = entry['url'];
    if (typeof name !== 'string' || name.trim() === '') {
      problem('"name" is missing');
      return;
    }
    if (names.has(name)) {
      problem(`the name "${name}" is used twice`);
      return;
    }
    if (typeof url !== 'string') {
      problem(`"${name}": "url" is missing`);
      return;
    }
    const bad = urlProblem(url);
    if (bad !== undefined) {
      problem(`"${name}": ${bad}`);
      return;
    }
    const auth = entry['auth'] ?? 'none';
    if (typeof auth !== 'string' || !(AUTH_KINDS as readonly string[]).includes(auth)) {
      problem(`"${name}": "auth" must be one of ${AUTH_KINDS.join(', ')}`);
      return;
    }
    const username = entry['username'];
    if (username !== undefined && typeof username !== 'string') {
      problem(`"${name}": "username" must be a string`);
      return;
    }
    if (auth === 'basic' && (username === undefined || username === '')) {
      problem(`"${name}": basic authentication needs a "username"`);
      return;
    }
    const tlsRaw = entry['tls'];
    let tls: TlsConfig | undefined;
    if (tlsRaw !== undefined) {
      if (!isRecord(tlsRaw)) {
        problem(`"${name}": "tls" must be an object`);
        return;
      }
      const out: Record<string, string | boolean> = {};
      for (const key of ['caFile', 'certFile', 'keyFile'] as const) {
        const value = tlsRaw[key];
        if (value === undefined) continue;
        if (typeof value !== 'string' || value === '') {
          problem(`"${name}": "tls.${key}" must be a file path`);
          return;
        }
        out[key] = value;
      }
      const reject = tlsRaw['rejectUnauthorized'];
      if (reject !== undefined) {
        if (typeof reject !== 'boolean') {
          problem(`"${name}": "tls.rejectUnauthorized" must be true or false`);
          return;
        }
        out['rejectUnauthorized'] = reject;
      }
      if ((out['certFile'] === undefined) !== (out['keyFile'] === undefined)) {
        problem(`"${name}": a client certificate needs both "tls.certFile" and "tls.keyFile"`);
        return;
      }
      tls = out;
    }
    let aws: AwsConfig | undefined;
    if (auth === 'aws') {
      const parsed = parseAwsConfig(entry['aws'], url);
      if (typeof parsed === 'string') {
        problem(`"${name}": ${parsed}`);
        return;
      }
      aws = parsed;
    } else if (entry['aws'] !== undefined) {
      problem(`"${name}": "aws" is only read with "auth": "aws"`);
      return;
    }
    const variablesRaw = entry['variables'];
    let variables: Record<string, string> | undefined;
    if (variablesRaw !== undefined) {
      if (!isRecord(variablesRaw)) {
        problem(`"${name}": "variables" must be an object of names to values`);
        return;
      }
      variables = {};
      for (const [key, value] of Object.entries(variablesRaw)) {
        const text = variableText(value);
        if (text === undefined) {
          problem(`"${name}": the variable "${key}" must be a string, a number or a boolean`);
          return;
        }
        Object.defineProperty(variables, key, { value: text, enumerable: true, writable: true, configurable: true });
      }
    }
    names.add(name);
    clusters.push({
      name,
      url: trimTrailing(url, '/'),
      auth: auth as AuthKind,
      ...(typeof username === 'string' && username !== '' ? { username } : {}),
      ...(tls === undefined ? {} : { tls }),
      ...(aws === undefined ? {} : { aws }),
      ...(variables === undefined ? {} : { variables }),
    });
  });
  return { clusters, problems };
}

/** True when the user turned certificate verification off for this cluster. */
export function verificationOff(cluster: ClusterConfig): boolean {
  return cluster.url.startsWith('https:') && cluster.tls?.rejectUnauthorized === false;
}

/** Whether the cluster needs a secret (password, token or API key) from the secret store. */
export function needsSecret(cluster: ClusterConfig): boolean {
  return cluster.auth !== 'none' && cluster.auth !== 'aws';
}

/** What the secret is called in prompts. */
export function secretName(auth: AuthKind): string {
  switch (auth) {
    case 'basic':
      return 'password';
    case 'bearer':
      return 'token';
    case 'apiKey':
      return 'API key';
    case 'none':
    case 'aws':
      return 'secret';
  }
}

/**
 * The secret store key of a cluster's secret. It holds the URL, the auth kind and the user name, so that a secret is
 * never sent to another server or for another user after the setting changed: a new one is asked for instead.
 */
export function secretKey(cluster: ClusterConfig): string {
  return `searchRequests.cluster:${JSON.stringify([cluster.name, cluster.url, cluster.auth, cluster.username ?? ''])}`;
}

/**
 * Where `"name": "<name>"` first stands in a settings file's text (the cluster entry to reveal), found by scanning,
 * not by a regular expression built from the name: whitespace may surround the colon.
 */
export function findNameEntry(text: string, name: string): { start: number; end: number } | undefined {
  const key = '"name"';
  const quoted = `"${name}"`;
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    let i = at + key.length;
    while (i < text.length && isJsonBlank(text.charCodeAt(i))) i++;
    if (text[i] !== ':') continue;
    i++;
    while (i < text.length && isJsonBlank(text.charCodeAt(i))) i++;
    if (text.startsWith(quoted, i)) return { start: at, end: i + quoted.length };
  }
  return undefined;
}

/** `\s` of the old expression: the blanks a settings file has between a key and its value. */
function isJsonBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0b || code === 0x0c;
}
