// A cluster's TLS settings as undici connect options: the files are read asynchronously, once per connection.
import { createPrivateKey, X509Certificate } from 'node:crypto';
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

type TlsFileSetting = 'caFile' | 'certFile' | 'keyFile';

/** A file larger than this is no certificate bundle (the system's whole bundle is about 200 KB). */
const MAX_PEM_BYTES = 4 * 1024 * 1024;

/** What is wrong with a file's contents for its setting, or undefined when it holds what the setting needs. */
function pemProblem(setting: TlsFileSetting, text: string): string | undefined {
  if (!text.includes('-----BEGIN ')) {
    // eslint-disable-next-line no-control-regex
    return /[\u0000-\u0008\u000e-\u001f]/.test(text.slice(0, 512))
      ? 'is not a PEM file (it looks binary, perhaps DER: convert it with `openssl x509 -inform der -in FILE -out FILE.pem`)'
      : 'is not a PEM file (no "-----BEGIN" line)';
  }
  if (setting === 'keyFile') {
    if (text.includes('-----BEGIN ENCRYPTED PRIVATE KEY-----') || /^Proc-Type: 4,ENCRYPTED$/m.test(text))
      return 'holds an encrypted private key: a key without a passphrase is needed';
    if (!text.includes('PRIVATE KEY-----')) return 'holds no private key (no "PRIVATE KEY" block)';
    try {
      createPrivateKey(text);
    } catch (error) {
      return `holds a private key that cannot be read (${error instanceof Error ? error.message : String(error)})`;
    }
    return undefined;
  }
  const blocks = text.match(/-----BEGIN CERTIFICATE-----[^-]*-----END CERTIFICATE-----/g) ?? [];
  if (blocks.length === 0) {
    // OpenSSL's other labels for certificates, which Node reads too: not checked further here.
    if (text.includes('-----BEGIN TRUSTED CERTIFICATE-----') || text.includes('-----BEGIN X509 CERTIFICATE-----'))
      return undefined;
    return 'holds no certificate (no "BEGIN CERTIFICATE" block)';
  }
  for (const [index, block] of blocks.entries()) {
    try {
      new X509Certificate(block);
    } catch (error) {
      return `has a certificate that cannot be read (certificate ${index + 1} of ${blocks.length}: ${error instanceof Error ? error.message : String(error)})`;
    }
  }
  return undefined;
}

/**
 * Reads a TLS file and checks that it holds what its setting needs, so that a wrong file is named with its setting
 * here, not reported later as a failed connection. Throws RequestFailure (kind `config`).
 */
async function readPem(
  cluster: ClusterConfig,
  key: TlsFileSetting,
  file: string,
  baseDir: string | undefined,
): Promise<string> {
  const absolute = resolveFilePath(file, baseDir);
  const where = `Cluster "${cluster.name}": tls.${key} ${absolute}`;
  let bytes: Buffer;
  try {
    bytes = await readFile(absolute);
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'error';
    throw new RequestFailure('config', `${where} cannot be read (${code}).`);
  }
  if (bytes.length > MAX_PEM_BYTES) {
    throw new RequestFailure(
      'config',
      `${where} is not a PEM file (${bytes.length} bytes, more than any certificate).`,
    );
  }
  const text = bytes.toString('utf8');
  const problem = pemProblem(key, text);
  if (problem !== undefined) throw new RequestFailure('config', `${where} ${problem}.`);
  return text;
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
