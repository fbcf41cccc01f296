// A cluster's TLS settings as undici connect options: the files are read asynchronously, once per connection.
import { readFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { rootCertificates } from 'node:tls';
import type { ClusterConfig } from './clusterConfig';
import { RequestFailure } from './failures';

export interface TlsConnectOptions {
  ca?: string[];
  cert?: string;
  key?: string;
  rejectUnauthorized: boolean;
}

/** `~/x` and paths relative to `baseDir` (the workspace folder) become absolute. */
export function resolveFilePath(file: string, baseDir: string | undefined): string {
  if (file === '~' || file.startsWith('~/')) return path.join(os.homedir(), file.slice(1));
  if (path.isAbsolute(file)) return file;
  return path.resolve(baseDir ?? process.cwd(), file);
}

async function readPem(
  cluster: ClusterConfig,
  key: string,
  file: string,
  baseDir: string | undefined,
): Promise<string> {
  const absolute = resolveFilePath(file, baseDir);
  try {
    return await readFile(absolute, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    throw new RequestFailure('config', `Cluster "${cluster.name}": tls.${key} ${absolute} cannot be read (${code}).`);
  }
}

export async function tlsConnectOptions(cluster: ClusterConfig, baseDir?: string): Promise<TlsConnectOptions> {
  const tls = cluster.tls ?? {};
  const options: TlsConnectOptions = { rejectUnauthorized: tls.rejectUnauthorized !== false };
  if (tls.caFile !== undefined) {
    // Node replaces its trusted authorities with `ca`: keep the system's and add the cluster's.
    options.ca = [...rootCertificates, await readPem(cluster, 'caFile', tls.caFile, baseDir)];
  }
  if (tls.certFile !== undefined) options.cert = await readPem(cluster, 'certFile', tls.certFile, baseDir);
  if (tls.keyFile !== undefined) options.key = await readPem(cluster, 'keyFile', tls.keyFile, baseDir);
  return options;
}
