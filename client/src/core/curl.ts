// A run as a cURL command a user can paste in a shell: no secret in it (the password is asked for by curl, tokens
// come from environment variables), NDJSON sent byte for byte with --data-binary.
import type { SecretSlot } from '../../../server/src/protocol/protocol';
import type { QueryParam } from './clusterClient';
import { requestUrl } from './clusterClient';
import type { ClusterConfig } from './clusterConfig';
import { replaceSlots, shellVariable } from './secretSlots';

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
  /** Secret variables' places: the command reads them from shell variables (`"$TOKEN"`), never holds them. */
  readonly secrets?: readonly SecretSlot[];
}

/**
 * The request as a cURL command. Secret variables become shell variables (`'…'"$TOKEN"'…'`: the single-quoted word
 * is closed, the variable expanded, the word opened again), so that the command holds no secret and still runs.
 */
export function toCurl(cluster: ClusterConfig, request: CurlRequest): string {
  const slots = request.secrets ?? [];
  if (slots.length === 0) return curlCommand(cluster, request);
  // Letters and digits only: they go through URL encoding and shell quoting unchanged, and are then replaced.
  const nonce = Math.random().toString(36).slice(2, 10).toUpperCase();
  const marker = (index: number): string => `SRSECRET${index}X${nonce}`;
  const names: string[] = [];
  const marked = replaceSlots(request, (slot) => {
    let index = names.indexOf(slot.name);
    if (index === -1) index = names.push(slot.name) - 1;
    return marker(index);
  });
  let command = curlCommand(cluster, marked);
  names.forEach((name, index) => {
    command = command.split(marker(index)).join(`'"$${shellVariable(name)}"'`);
  });
  return command;
}

function curlCommand(cluster: ClusterConfig, request: CurlRequest): string {
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
    case 'aws':
      // curl signs the request itself; the credentials come from the shell's environment, never from here.
      lines.push(
        `--aws-sigv4 ${shellQuote(`aws:amz:${cluster.aws?.region ?? 'us-east-1'}:${cluster.aws?.service ?? 'es'}`)}`,
      );
      lines.push(`--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY"`);
      // Temporary credentials (SSO, assumed roles) also need their session token.
      lines.push(`\${AWS_SESSION_TOKEN:+-H} \${AWS_SESSION_TOKEN:+"x-amz-security-token: $AWS_SESSION_TOKEN"}`);
      if (cluster.aws?.service === 'aoss' && request.body !== undefined) {
        lines.push(`-H "x-amz-content-sha256: $(printf %s ${shellQuote(request.body)} | sha256sum | cut -d' ' -f1)"`);
      } else if (cluster.aws?.service === 'aoss') {
        lines.push(`-H 'x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'`);
      }
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
