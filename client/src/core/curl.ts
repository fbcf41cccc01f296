// A run as a cURL command a user can paste in a shell: no secret in it (the password is asked for by curl, tokens
// come from environment variables), NDJSON sent byte for byte with --data-binary.
import type { QueryParam } from './clusterClient';
import { requestUrl } from './clusterClient';
import type { ClusterConfig } from './clusterConfig';

/** POSIX shell single quoting. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export interface CurlRequest {
  readonly method: string;
  readonly path: string;
  readonly query: readonly QueryParam[];
  readonly body?: string;
  readonly contentType?: string;
  readonly opaqueId?: string;
}

export function toCurl(cluster: ClusterConfig, request: CurlRequest): string {
  const lines: string[] = [
    `curl -X ${request.method} ${shellQuote(requestUrl(cluster.url, request.path, request.query))}`,
  ];
  switch (cluster.auth) {
    case 'basic':
      // curl asks for the password.
      lines.push(`-u ${shellQuote(cluster.username ?? '')}`);
      break;
    case 'bearer':
      lines.push(`-H "Authorization: Bearer $OPENSEARCH_TOKEN"`);
      break;
    case 'apiKey':
      lines.push(`-H "Authorization: ApiKey $OPENSEARCH_API_KEY"`);
      break;
    case 'none':
      break;
  }
  const tls = cluster.tls;
  if (cluster.url.startsWith('https:') && tls !== undefined) {
    if (tls.caFile !== undefined) lines.push(`--cacert ${shellQuote(tls.caFile)}`);
    if (tls.certFile !== undefined) lines.push(`--cert ${shellQuote(tls.certFile)}`);
    if (tls.keyFile !== undefined) lines.push(`--key ${shellQuote(tls.keyFile)}`);
    if (tls.rejectUnauthorized === false) lines.push('--insecure');
  }
  if (request.opaqueId !== undefined) lines.push(`-H ${shellQuote(`X-Opaque-Id: ${request.opaqueId}`)}`);
  if (request.body !== undefined) {
    const ndjson = request.contentType === 'application/x-ndjson';
    lines.push(`-H ${shellQuote(`Content-Type: ${request.contentType ?? 'application/json'}`)}`);
    lines.push(`${ndjson ? '--data-binary' : '-d'} ${shellQuote(request.body)}`);
  }
  return lines.join(' \\\n  ');
}
