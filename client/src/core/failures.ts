// Every way a request can fail before it yields a usable answer, each with a message that says what happened and
// what to do. Messages never carry a secret: the client passes them through redact().
import { formatBytes } from './format';

export type FailureKind =
  | 'config'
  | 'secretMissing'
  /** A cluster of the workspace's settings that the user has not chosen yet: not contacted in the background. */
  | 'notChosen'
  /** The TLS settings changed since the cluster's secret was stored: not sent without the user's consent. */
  | 'trustChanged'
  /** The user answered no to a question asked before sending: nothing was sent. */
  | 'declined'
  | 'credentials'
  | 'refused'
  | 'dns'
  | 'tls'
  | 'timeout'
  | 'connectTimeout'
  | 'reset'
  | 'closed'
  | 'unauthorized'
  | 'forbidden'
  | 'notJson'
  | 'truncated'
  | 'proxy'
  | 'tooLarge'
  | 'cancelled'
  | 'network';

export class RequestFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RequestFailure';
  }
}

export function isRequestFailure(error: unknown): error is RequestFailure {
  return error instanceof RequestFailure;
}

interface ErrorLike {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  reason?: unknown;
  host?: unknown;
  hostname?: unknown;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): ErrorLike[] {
  const out: ErrorLike[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && out.length < 5) {
    out.push(current);
    current = (current as ErrorLike).cause;
  }
  return out;
}

function codeOf(error: unknown): string | undefined {
  for (const link of chain(error)) {
    if (typeof link.code === 'string' && link.code !== 'UND_ERR_CONNECT' && link.code !== 'UND_ERR') return link.code;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  const first = chain(error)[0];
  return typeof first?.message === 'string' ? first.message : String(error);
}

const TLS_PROBLEMS: Readonly<Record<string, string>> = {
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its certificate chain ends in a self-signed certificate authority that is not trusted',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'its certificate was signed by a certificate authority that is not trusted',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'its certificate was signed by a certificate authority that is not trusted',
  UNABLE_TO_GET_ISSUER_CERT: 'the issuer of its certificate is unknown',
  CERT_HAS_EXPIRED: 'its certificate has expired',
  CERT_NOT_YET_VALID: 'its certificate is not valid yet (check the clock)',
  CERT_REVOKED: 'its certificate was revoked',
  CERT_SIGNATURE_FAILURE: 'the signature of its certificate is wrong',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its certificate is for another host name',
  ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED:
    'it asks for a client certificate: set tls.certFile and tls.keyFile for this cluster',
  ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE: 'it refused the client certificate',
  ERR_SSL_TLSV1_ALERT_UNKNOWN_CA: 'it does not trust the certificate authority of the client certificate',
};

export interface FailureContext {
  /** `host:port` of the cluster (no credentials). */
  readonly origin: string;
  readonly hostname: string;
  /** What the request was waiting for when the timeout expired, in ms. */
  readonly timeoutMs?: number;
  /** Bytes of the answer received before the failure, when the answer had started. */
  readonly receivedBytes?: number;
  readonly expectedBytes?: number;
  /** How long the connection may stay silent (ClusterClientOptions.idleTimeoutMs), in ms. */
  readonly idleTimeoutMs?: number;
}

/** Turns what undici or node threw into a RequestFailure with a clear message. */
export function classifyError(error: unknown, context: FailureContext): RequestFailure {
  if (error instanceof RequestFailure) return error;
  const code = codeOf(error);
  const message = messageOf(error);
  const { origin, hostname } = context;
  if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
    return new RequestFailure(
      'tls',
      `TLS: ${origin} does not answer in TLS: if the cluster is plain HTTP, the URL must start with http:// [${code}].`,
    );
  }
  if (code !== undefined && code in TLS_PROBLEMS) {
    const hint =
      code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code.startsWith('ERR_SSL_')
        ? ''
        : ' Set tls.caFile to the PEM file of the certificate authority, or, only for a cluster you trust on this network, tls.rejectUnauthorized to false.';
    const altname =
      code === 'ERR_TLS_CERT_ALTNAME_INVALID'
        ? ` (${
            chain(error)
              .map((l) => l.reason)
              .find((r) => typeof r === 'string') ?? message
          })`
        : '';
    return new RequestFailure(
      'tls',
      `TLS: ${origin} cannot be trusted: ${TLS_PROBLEMS[code]!}${altname} [${code}].${hint}`,
    );
  }
  if (code !== undefined && (code.startsWith('ERR_SSL') || code === 'EPROTO' || code.startsWith('ERR_TLS'))) {
    return new RequestFailure('tls', `TLS: the secure connection to ${origin} failed: ${message} [${code}].`);
  }
  if (/certificate|self.signed|\bTLS\b|\bSSL\b/i.test(message) && code !== 'ECONNRESET') {
    return new RequestFailure('tls', `TLS: the secure connection to ${origin} failed: ${message}.`);
  }
  switch (code) {
    case 'ECONNREFUSED':
      return new RequestFailure(
        'refused',
        `Connection refused by ${origin}: nothing is listening there. Is the cluster running, and are the host and port right?`,
      );
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
    case 'EAI_FAIL':
      return new RequestFailure(
        'dns',
        `The host name "${hostname}" could not be resolved (DNS ${code}): check the cluster's URL and your network.`,
      );
    case 'UND_ERR_CONNECT_TIMEOUT':
    case 'ETIMEDOUT':
      return new RequestFailure(
        'connectTimeout',
        `Could not connect to ${origin} in time: the host does not answer (a firewall, a wrong address, or the cluster is down).`,
      );
    case 'ECONNRESET':
      return new RequestFailure('reset', `The connection to ${origin} was reset before the answer was complete.`);
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return new RequestFailure('network', `${origin} cannot be reached from this machine (${code}).`);
    case 'UND_ERR_HEADERS_TIMEOUT':
    case 'UND_ERR_BODY_TIMEOUT':
      return silent(context, code === 'UND_ERR_BODY_TIMEOUT');
    case 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH':
      return truncated(context);
    case 'UND_ERR_SOCKET':
    case 'UND_ERR_CLOSED':
      if (context.receivedBytes !== undefined) return truncated(context);
      return new RequestFailure(
        'closed',
        `${origin} closed the connection without answering. If the cluster uses TLS, the URL must start with https://.`,
      );
    default:
      break;
  }
  const tunnel = /Proxy response \((\d+)\)/i.exec(message)?.[1];
  if (tunnel === '407' || /Proxy Authentication Required/i.test(message)) return new RequestFailure('proxy', PROXY_407);
  if (tunnel === '401') return new RequestFailure('proxy', PROXY_401);
  if (/proxy/i.test(message)) return new RequestFailure('proxy', `The HTTP proxy refused the request: ${message}.`);
  return new RequestFailure(
    'network',
    `The request to ${origin} failed: ${message}${code === undefined ? '' : ` [${code}]`}.`,
  );
}

export const PROXY_407 =
  'The HTTP proxy asks for credentials (407 Proxy Authentication Required): put them in http.proxy (http://user:password@proxy:port) or set http.proxyAuthorization.';

export const PROXY_401 =
  'The HTTP proxy refused its credentials (401, answered by the proxy): check the user and password of http.proxy, or http.proxyAuthorization.';

/** The connection stayed silent longer than the idle limit, whatever the overall timeout. */
function silent(context: FailureContext, inBody: boolean): RequestFailure {
  const seconds = context.idleTimeoutMs === undefined ? 'too long' : `${context.idleTimeoutMs / 1000} s`;
  const where = inBody
    ? `The answer from ${context.origin} stopped: no byte for ${seconds} after ${formatBytes(context.receivedBytes ?? 0)}`
    : `${context.origin} sent nothing for ${seconds}`;
  return new RequestFailure(
    'timeout',
    `${where}, so the connection was given up as dead (the network dropped, or the cluster or a proxy hangs). With searchRequests.requestTimeout at 0 (no limit) a connection is still given up after that much silence: for a search that runs longer, set searchRequests.requestTimeout to more seconds than it takes.`,
  );
}

export function truncated(context: FailureContext): RequestFailure {
  const got = context.receivedBytes ?? 0;
  const of = context.expectedBytes === undefined ? '' : ` of ${formatBytes(context.expectedBytes)}`;
  return new RequestFailure(
    'truncated',
    `The answer from ${context.origin} was cut off after ${formatBytes(got)}${of}: the connection closed before the end. The result is incomplete; run it again.`,
  );
}

export function timeoutFailure(origin: string, timeoutMs: number): RequestFailure {
  return new RequestFailure(
    'timeout',
    `No complete answer from ${origin} within ${timeoutMs / 1000} s (setting searchRequests.requestTimeout).`,
  );
}
