// A run as a command a user can paste in a shell: a POSIX shell (bash, zsh) or PowerShell on Windows. No secret in it
// (the password is asked for by curl, tokens come from environment variables), the body sent byte for byte and never
// read as a file name (`--data-raw`, not `-d`, with which a body starting with `@` uploads a local file), certificate
// files with the absolute paths the extension reads them from.
import type { SecretSlot } from '../../../server/src/protocol/protocol';
import type { QueryParam } from './clusterClient';
import { requestUrl } from './clusterClient';
import type { ClusterConfig } from './clusterConfig';
import { replaceSlots, shellVariable } from './secretSlots';
import { resolveFilePath } from './tlsOptions';

/** POSIX shell single quoting. */
function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/**
 * PowerShell single quoting: nothing is expanded inside; a quote is doubled. PowerShell also reads the typographic
 * single quotes (‘ ’ ‚ ‛) as quotes, so they are doubled too.
 */
function powerShellQuote(text: string): string {
  return `'${text.replace(/['\u2018\u2019\u201a\u201b]/g, '$&$&')}'`;
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

export interface CurlOptions {
  /** Relative TLS file paths are resolved against it, as the extension does (the first workspace folder). */
  readonly baseDir?: string;
}

/** The request with a marker (letters and digits) where each secret goes. */
interface Marked {
  readonly request: CurlRequest;
  /** A text cut at the markers: literal parts, and the variable names where the secrets go. */
  readonly split: (text: string) => (string | { readonly variable: string })[];
}

function markSecrets(request: CurlRequest): Marked {
  const slots = request.secrets ?? [];
  if (slots.length === 0) return { request, split: (text) => [text] };
  // Letters and digits only: they go through URL encoding and shell quoting unchanged, and are then replaced.
  const nonce = Math.random().toString(36).slice(2, 10).toUpperCase();
  const marker = (index: number): string => `SRSECRET${index}X${nonce}`;
  const names: string[] = [];
  const marked = replaceSlots(request, (slot) => {
    let index = names.indexOf(slot.name);
    if (index === -1) index = names.push(slot.name) - 1;
    return marker(index);
  });
  return {
    request: marked,
    split: (text) => {
      let parts: (string | { readonly variable: string })[] = [text];
      names.forEach((name, index) => {
        const variable = { variable: shellVariable(name) };
        parts = parts.flatMap((part) =>
          typeof part === 'string'
            ? part.split(marker(index)).flatMap((piece, i) => (i === 0 ? [piece] : [variable, piece]))
            : [part],
        );
      });
      return parts;
    },
  };
}

/** The TLS options of an https:// cluster as curl options, with absolute paths. */
function tlsArguments(cluster: ClusterConfig, options: CurlOptions, quote: (text: string) => string): string[] {
  const tls = cluster.tls;
  if (!cluster.url.startsWith('https:') || tls === undefined) return [];
  const file = (name: string): string => quote(resolveFilePath(name, options.baseDir));
  const out: string[] = [];
  if (tls.caFile !== undefined) out.push(`--cacert ${file(tls.caFile)}`);
  if (tls.certFile !== undefined) out.push(`--cert ${file(tls.certFile)}`);
  if (tls.keyFile !== undefined) out.push(`--key ${file(tls.keyFile)}`);
  if (tls.rejectUnauthorized === false) out.push('--insecure');
  return out;
}

/** SigV4 signing by curl itself: `aws:amz:<region>:<service>`. */
function sigv4(cluster: ClusterConfig): string {
  return `aws:amz:${cluster.aws?.region ?? 'us-east-1'}:${cluster.aws?.service ?? 'es'}`;
}

/** SHA-256 of an empty body, which OpenSearch Serverless asks for in `x-amz-content-sha256`. */
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/**
 * The request as a cURL command for a POSIX shell. Secret variables become shell variables (`'…'"$TOKEN"'…'`: the
 * single-quoted word is closed, the variable expanded, the word opened again), so that the command holds no secret
 * and still runs.
 */
export function toCurl(cluster: ClusterConfig, request: CurlRequest, options: CurlOptions = {}): string {
  const { request: marked, split } = markSecrets(request);
  return split(curlCommand(cluster, marked, options))
    .map((part) => (typeof part === 'string' ? part : `'"$${part.variable}"'`))
    .join('');
}

function curlCommand(cluster: ClusterConfig, request: CurlRequest, options: CurlOptions): string {
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
      lines.push(`--aws-sigv4 ${shellQuote(sigv4(cluster))}`);
      lines.push(`--user "$AWS_ACCESS_KEY_ID:$AWS_SECRET_ACCESS_KEY"`);
      // Temporary credentials (SSO, assumed roles) also need their session token.
      lines.push(`\${AWS_SESSION_TOKEN:+-H} \${AWS_SESSION_TOKEN:+"x-amz-security-token: $AWS_SESSION_TOKEN"}`);
      if (cluster.aws?.service === 'aoss' && request.body !== undefined) {
        lines.push(`-H "x-amz-content-sha256: $(printf %s ${shellQuote(request.body)} | sha256sum | cut -d' ' -f1)"`);
      } else if (cluster.aws?.service === 'aoss') {
        lines.push(`-H 'x-amz-content-sha256: ${EMPTY_SHA256}'`);
      }
      break;
    case 'none':
      break;
  }
  lines.push(...tlsArguments(cluster, options, shellQuote));
  if (request.opaqueId !== undefined) lines.push(`-H ${shellQuote(`X-Opaque-Id: ${request.opaqueId}`)}`);
  if (request.body !== undefined) {
    lines.push(`-H ${shellQuote(`Content-Type: ${request.contentType ?? 'application/json'}`)}`);
    // --data-raw sends the text as it is, NDJSON line ends included; `@` at its start is not a file name.
    lines.push(`--data-raw ${shellQuote(request.body)}`);
  }
  return lines.join(' \\\n  ');
}

/**
 * The request for PowerShell (Windows PowerShell 5.1 and PowerShell 7): the body is written to a temporary file by
 * PowerShell itself and sent with `curl.exe --data-binary @file`, because PowerShell 5.1 strips the double quotes of
 * JSON passed to a program as an argument. `curl.exe` (part of Windows 10 and later) asks for the password, signs for
 * AWS with `--aws-sigv4` and takes the same certificate options as on other systems. Secret variables and tokens come
 * from environment variables (`$env:TOKEN`).
 */
export function toPowerShell(cluster: ClusterConfig, request: CurlRequest, options: CurlOptions = {}): string {
  const { request: marked, split } = markSecrets(request);
  // A word with a secret in it becomes an expression: ('…' + $env:TOKEN + '…'), a string from its first term on.
  const word = (text: string): string => {
    const parts = split(text);
    if (parts.length === 1) return powerShellQuote(text);
    const terms = parts.map((part) => (typeof part === 'string' ? powerShellQuote(part) : `$env:${part.variable}`));
    return `(${terms.filter((term, i) => i === 0 || term !== "''").join(' + ')})`;
  };
  return powerShellScript(cluster, marked, options, word);
}

function powerShellScript(
  cluster: ClusterConfig,
  request: CurlRequest,
  options: CurlOptions,
  word: (text: string) => string,
): string {
  const q = powerShellQuote;
  const before: string[] = [];
  const args: string[] = [`-X ${request.method}`, word(requestUrl(cluster.url, request.path, request.query))];
  if (request.body !== undefined) {
    const lines = request.body.split('\n');
    // Joined with "`n" in PowerShell: the line ends are the body's, however the script itself is saved or pasted.
    before.push(
      lines.length === 1
        ? `$body = ${word(request.body)}`
        : `$body = @(\n  ${lines.map(word).join(',\n  ')}\n) -join "\`n"`,
      '$file = New-TemporaryFile',
      '[IO.File]::WriteAllText($file.FullName, $body)',
    );
  }
  switch (cluster.auth) {
    case 'basic':
      args.push(`-u ${q(cluster.username ?? '')}`);
      break;
    case 'bearer':
      args.push('-H "Authorization: Bearer $env:OPENSEARCH_TOKEN"');
      break;
    case 'apiKey':
      args.push('-H "Authorization: ApiKey $env:OPENSEARCH_API_KEY"');
      break;
    case 'aws':
      args.push(`--aws-sigv4 ${q(sigv4(cluster))}`);
      args.push('--user "$($env:AWS_ACCESS_KEY_ID):$($env:AWS_SECRET_ACCESS_KEY)"');
      before.push(
        '$session = @()',
        'if ($env:AWS_SESSION_TOKEN) { $session = @(\'-H\', "x-amz-security-token: $env:AWS_SESSION_TOKEN") }',
      );
      args.push('@session');
      if (cluster.aws?.service === 'aoss') {
        args.push(
          request.body === undefined
            ? `-H 'x-amz-content-sha256: ${EMPTY_SHA256}'`
            : '-H "x-amz-content-sha256: $((Get-FileHash -Algorithm SHA256 $file.FullName).Hash.ToLower())"',
        );
      }
      break;
    case 'none':
      break;
  }
  args.push(...tlsArguments(cluster, options, q));
  if (request.opaqueId !== undefined) args.push(`-H ${q(`X-Opaque-Id: ${request.opaqueId}`)}`);
  if (request.body !== undefined) {
    args.push(`-H ${q(`Content-Type: ${request.contentType ?? 'application/json'}`)}`);
    args.push('--data-binary "@$($file.FullName)"');
  }
  const command = `curl.exe ${args.slice(0, 2).join(' ')}${args.length > 2 ? ' `\n  ' : ''}${args.slice(2).join(' `\n  ')}`;
  return [...before, command, ...(request.body === undefined ? [] : ['Remove-Item $file'])].join('\n');
}
