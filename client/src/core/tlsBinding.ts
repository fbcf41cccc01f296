// The binding (secretBinding.ts) of a cluster's settings as they are now: its certificate files are read and hashed.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { ClusterConfig } from './clusterConfig';
import { UNREADABLE, urlBinding, type FileBinding, type SecretBinding } from './secretBinding';
import { resolveFilePath } from './tlsOptions';

async function fileBinding(file: string, baseDir: string | undefined): Promise<FileBinding> {
  const absolute = resolveFilePath(file, baseDir);
  try {
    return {
      path: absolute,
      sha256: createHash('sha256')
        .update(await readFile(absolute))
        .digest('hex'),
    };
  } catch {
    return { path: absolute, sha256: UNREADABLE };
  }
}

/** The binding of the cluster's settings as they are now (the certificate files are read). */
export async function currentBinding(cluster: ClusterConfig, baseDir: string | undefined): Promise<SecretBinding> {
  const base = urlBinding(cluster);
  // TLS settings are not used for http://: they cannot weaken anything there.
  if (!cluster.url.startsWith('https:')) return base;
  const tls = cluster.tls ?? {};
  const [caFile, certFile, keyFile] = await Promise.all(
    [tls.caFile, tls.certFile, tls.keyFile].map((file) =>
      file === undefined ? Promise.resolve(undefined) : fileBinding(file, baseDir),
    ),
  );
  return {
    ...base,
    verify: tls.rejectUnauthorized !== false,
    ...(caFile === undefined ? {} : { caFile }),
    ...(certFile === undefined ? {} : { certFile }),
    ...(keyFile === undefined ? {} : { keyFile }),
  };
}
