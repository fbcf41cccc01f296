// The HTTP client of one cluster: one pooled undici Agent (or ProxyAgent), its TLS material, its credentials.
// Every request is bounded (timeout, cancellation), accounted (bytes, time), logged in one line, and every failure
// becomes a RequestFailure with a clear message and no secret in it.
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { authorizationHeader } from './authHeader';
import { DEFAULT_MAX_RESPONSE_BYTES } from './backgroundRead';
import { awsRefusalMessage, credentialsFailureMessage } from './aws/awsMessages';
import type { AwsModuleLoader, AwsRequestSigner, AwsSignerOptions } from './aws/awsTypes';
import type { ClusterConfig } from './clusterConfig';
import {
  classifyError,
  PROXY_401,
  PROXY_407,
  RequestFailure,
  timeoutFailure,
  truncated,
  type FailureContext,
} from './failures';
import { excerpt, formatBytes, formatDuration } from './format';
import { redact } from './redact';
import { proxyProblem } from './proxy';
import { tlsConnectOptions } from './tlsOptions';
import { dotSegmentProblem, queryString, requestUrl, type QueryParam } from './requestUrl';
import { parseWarnings, type ClusterWarning } from './warnings';

export { requestUrl, type QueryParam } from './requestUrl';

export interface HttpRequest {
  readonly method: string;
  /** Path with a leading `/`, without the query string. */
  readonly path: string;
  readonly query?: readonly QueryParam[];
  readonly body?: string;
  readonly contentType?: string;
  /** The X-Opaque-Id header of the request. */
  readonly opaqueId: string;
  readonly signal?: AbortSignal;
  /** Overall time limit for the answer (headers and body), 0 or undefined for none. */
  readonly timeoutMs?: number;
  /** The request line as the log may show it (`GET /${token}/_search`), when the path or query hold secrets. */
  readonly logAs?: string;
  /** Values never to show in the log or a message (secret variables'), besides the cluster's own secret. */
  readonly hidden?: readonly string[];
  /** This request's answer fails beyond this many bytes (background reads: see BACKGROUND_LIMITS); else the client's. */
  readonly maxBytes?: number;
  /** What the limit is, for the message when an answer goes beyond it (default: the maxResponseBytes setting). */
  readonly limitName?: string;
}

export interface HttpResponse {
  readonly status: number;
  readonly contentType: string | undefined;
  readonly body: Uint8Array;
  readonly bytes: number;
  /** What the `Warning` response headers say (deprecations), decoded. */
  readonly warnings: readonly ClusterWarning[];
  readonly durationMs: number;
  readonly opaqueId: string;
}

export interface ClusterClientOptions {
  /** Password, token or API key, from the secret store. */
  readonly secret?: string;
  /** Proxy URL (see proxy.ts), or undefined for direct connections. */
  readonly proxy?: string;
  /** `http.proxyAuthorization`: the Proxy-Authorization header sent to the proxy. */
  readonly proxyAuthorization?: string;
  /** `http.proxyStrictSSL`: false turns off verification of an https:// proxy's certificate. */
  readonly proxyStrictSSL?: boolean;
  /** Relative TLS file paths are resolved against it. */
  readonly baseDir?: string;
  /** One line per request (method, path, status, bytes, time, X-Opaque-Id); nothing secret. */
  readonly log?: (line: string) => void;
  readonly userAgent?: string;
  /** Answers larger than this fail (the setting `searchRequests.maxResponseBytes`, default 256 MB). */
  readonly maxBytes?: number;
  /** Connect timeout in ms (default 10 s). */
  readonly connectTimeoutMs?: number;
  /**
   * How long the connection may stay silent (no byte of the answer's headers, or between two parts of its body)
   * before the request fails, in ms (default 10 min). It holds even when a request has no overall timeout
   * (`searchRequests.requestTimeout: 0`): a socket that went dead never leaves a run waiting for ever.
   */
  readonly idleTimeoutMs?: number;
  /** Loads the AWS module (a bundle of its own) for `aws` clusters: only then is it loaded. */
  readonly loadAws?: AwsModuleLoader;
  /** For tests: credentials and signing time of `aws` clusters. */
  readonly awsSignerOptions?: AwsSignerOptions;
  /** The environment the AWS chain reads (for messages: which profile was tried); default process.env. */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

const DEFAULT_IDLE_TIMEOUT_MS = 10 * 60_000;

function idleTimeout(options: ClusterClientOptions): number {
  return options.idleTimeoutMs ?? DEFAULT_IDLE_TIMEOUT_MS;
}

export class ClusterClient {
  private closed = false;
  private readonly origin: string;
  private readonly hostname: string;

  private constructor(
    readonly cluster: ClusterConfig,
    private readonly dispatcher: Dispatcher,
    private readonly options: ClusterClientOptions,
    private readonly signer: AwsRequestSigner | undefined,
  ) {
    const url = new URL(cluster.url);
    this.origin = url.host;
    this.hostname = url.hostname;
  }

  /** Reads the TLS files (asynchronously) and creates the cluster's connection pool. */
  static async create(cluster: ClusterConfig, options: ClusterClientOptions = {}): Promise<ClusterClient> {
    const tls = cluster.url.startsWith('https:') ? await tlsConnectOptions(cluster, options.baseDir) : undefined;
    const signer = cluster.auth === 'aws' ? await createSigner(cluster, options) : undefined;
    const badProxy = options.proxy === undefined ? undefined : proxyProblem(options.proxy);
    if (badProxy !== undefined)
      throw new RequestFailure('config', redact(`Cluster "${cluster.name}": ${badProxy}.`, []));
    const timeout = options.connectTimeoutMs ?? 10_000;
    // Requests carry their own overall timeout (searchRequests.requestTimeout); these bound silence only.
    const idle = idleTimeout(options);
    const common = { headersTimeout: idle, bodyTimeout: idle, keepAliveTimeout: 30_000, connections: 16 };
    const dispatcher =
      options.proxy === undefined
        ? new Agent({ ...common, connect: { ...(tls ?? {}), timeout } })
        : new ProxyAgent({
            ...common,
            uri: options.proxy,
            // Plain HTTP goes to the proxy as absolute-form requests; HTTPS through a CONNECT tunnel.
            proxyTunnel: cluster.url.startsWith('https:'),
            ...(options.proxyAuthorization === undefined ? {} : { token: options.proxyAuthorization }),
            proxyTls: { rejectUnauthorized: options.proxyStrictSSL !== false, timeout },
            ...(tls === undefined ? {} : { requestTls: tls }),
            connect: { timeout },
          });
    return new ClusterClient(cluster, dispatcher, options, signer);
  }

  /** The secrets that must never appear in a message. */
  private hide(text: string, also: readonly string[] = []): string {
    const proxyPassword = this.options.proxy === undefined ? undefined : proxyUserinfo(this.options.proxy);
    return redact(
      text,
      [this.options.secret, this.options.proxyAuthorization, proxyPassword, ...(this.signer?.secrets() ?? []), ...also],
      this.cluster.username,
    );
  }

  /** Adds the SigV4 headers of an `aws` cluster. Throws RequestFailure (kind `credentials`). */
  private async sign(req: HttpRequest, url: string, headers: Record<string, string>): Promise<void> {
    if (this.signer === undefined) return;
    try {
      const added = await this.signer.sign({
        method: req.method,
        url,
        query: (req.query ?? []).map((p) => ({ name: p.name, value: p.hasValue ? p.value : '' })),
        headers,
        ...(req.body === undefined ? {} : { body: req.body }),
      });
      Object.assign(headers, added);
    } catch (error) {
      const env = this.options.env ?? process.env;
      throw new RequestFailure(
        'credentials',
        this.hide(credentialsFailureMessage(error, this.cluster.name, this.cluster.aws!, env)),
      );
    }
  }

  /** Sends a request and reads the whole answer. Throws RequestFailure. */
  async send(req: HttpRequest): Promise<HttpResponse> {
    if (this.closed) throw new RequestFailure('cancelled', `The connection to ${this.cluster.name} was closed.`);
    const started = performance.now();
    const unsafePath = dotSegmentProblem(req.path);
    if (unsafePath !== undefined) throw new RequestFailure('config', this.hide(unsafePath, req.hidden));
    const url = requestUrl(this.cluster.url, req.path, req.query);
    const logTarget = req.logAs ?? `${req.method} ${req.path}${queryString(req.query)}`;
    const hidden = req.hidden ?? [];
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-opaque-id': req.opaqueId,
      'user-agent': this.options.userAgent ?? 'search-requests',
    };
    const authorization = authorizationHeader(this.cluster, this.options.secret);
    if (authorization !== undefined) headers['authorization'] = authorization;
    if (req.body !== undefined) headers['content-type'] = req.contentType ?? 'application/json';

    const controller = new AbortController();
    const timeoutMs = req.timeoutMs ?? 0;
    const state = { timedOut: false, logged: false };
    const timer =
      timeoutMs > 0
        ? setTimeout(() => {
            state.timedOut = true;
            controller.abort();
          }, timeoutMs)
        : undefined;
    const onAbort = (): void => {
      controller.abort();
    };
    if (req.signal?.aborted === true) controller.abort();
    req.signal?.addEventListener('abort', onAbort, { once: true });

    const context: { -readonly [K in keyof FailureContext]: FailureContext[K] } = {
      origin: this.origin,
      hostname: this.hostname,
      idleTimeoutMs: idleTimeout(this.options),
    };
    let status: number | undefined;
    try {
      await this.sign(req, url, headers);
      const pending = request(url, {
        method: req.method,
        headers,
        ...(req.body === undefined ? {} : { body: req.body }),
        dispatcher: this.dispatcher,
        signal: controller.signal,
        // With an overall timeout, the wait for the headers (a long search sends nothing until it ends) is its own.
        ...(timeoutMs > 0 ? { headersTimeout: 0 } : {}),
      });
      // Some phases (a proxy's CONNECT) do not watch the signal: the abort wins the race all the same.
      const aborted = new Promise<never>((_resolve, reject) => {
        const fail = (): void => {
          reject(new RequestFailure('cancelled', 'Cancelled.'));
        };
        if (controller.signal.aborted) fail();
        else controller.signal.addEventListener('abort', fail, { once: true });
      });
      pending.catch(() => undefined);
      aborted.catch(() => undefined);
      const response = await Promise.race([pending, aborted]);
      status = response.statusCode;
      const lengthHeader = response.headers['content-length'];
      const expected = typeof lengthHeader === 'string' ? Number(lengthHeader) : undefined;
      if (expected !== undefined && Number.isFinite(expected)) context.expectedBytes = expected;
      const contentTypeHeader = response.headers['content-type'];
      const contentType = typeof contentTypeHeader === 'string' ? contentTypeHeader : undefined;
      const warningHeader = response.headers['warning'];
      const warnings = parseWarnings(
        warningHeader === undefined ? [] : Array.isArray(warningHeader) ? warningHeader : [warningHeader],
      );
      context.receivedBytes = 0;
      const limit = {
        maxBytes: req.maxBytes ?? this.options.maxBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        target: logTarget,
        name: req.limitName ?? 'the limit set by searchRequests.maxResponseBytes',
      };
      const body = await readBody(response.body, context, limit);
      if (context.expectedBytes !== undefined && body.length < context.expectedBytes) throw truncated(context);
      const durationMs = performance.now() - started;
      this.logLine(
        `${logTarget} ${status} ${formatBytes(body.length)} ${formatDuration(durationMs)}`,
        req.opaqueId,
        hidden,
      );
      for (const warning of warnings) this.logLine(`${logTarget} Warning: ${warning.text}`, req.opaqueId, hidden);
      state.logged = true;
      const result: HttpResponse = {
        status,
        contentType,
        body,
        bytes: body.length,
        warnings,
        durationMs,
        opaqueId: req.opaqueId,
      };
      checkAnswer(
        result,
        this.cluster,
        req.method,
        this.origin,
        (t) => this.hide(t, hidden),
        this.options.env,
        this.options.proxy !== undefined,
      );
      return result;
    } catch (error) {
      let failure: RequestFailure;
      if (state.timedOut) failure = timeoutFailure(this.origin, timeoutMs);
      else if (req.signal?.aborted === true) failure = new RequestFailure('cancelled', 'Cancelled.');
      else failure = classifyError(error, context);
      if (failure.kind === 'tls' && this.options.proxy?.startsWith('https:') === true) {
        // Through an https:// proxy, the certificate at fault may be the proxy's as well as the cluster's.
        failure = new RequestFailure(
          'tls',
          `${failure.message} The requests go through the https:// proxy ${new URL(this.options.proxy).host}: if the certificate is the proxy's, trust its authority in the system or set http.proxyStrictSSL to false.`,
          failure.status,
        );
      }
      const safe = new RequestFailure(failure.kind, this.hide(failure.message, hidden), failure.status ?? status);
      if (!state.logged) {
        this.logLine(
          `${logTarget} failed: ${safe.kind} ${formatDuration(performance.now() - started)}`,
          req.opaqueId,
          hidden,
        );
      }
      throw safe;
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      req.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Sends a request whose answer is small JSON (cluster info, health, tasks) and parses it. */
  async json(req: HttpRequest): Promise<{ status: number; value: unknown }> {
    const response = await this.send(req);
    const text = Buffer.from(response.body.buffer, response.body.byteOffset, response.body.byteLength).toString('utf8');
    try {
      return { status: response.status, value: JSON.parse(text) as unknown };
    } catch {
      throw new RequestFailure(
        'notJson',
        `${this.origin} answered ${req.method} ${req.path} with something that is not JSON: "${this.hide(excerpt(text, 80))}".`,
        response.status,
      );
    }
  }

  private logLine(text: string, opaqueId: string, hidden: readonly string[] = []): void {
    this.options.log?.(this.hide(`[http] ${this.cluster.name} ${text} X-Opaque-Id: ${opaqueId}`, hidden));
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.dispatcher.destroy();
  }
}

/** The password of a proxy URL (`http://user:password@proxy:3128`), to keep it out of messages. */
function proxyUserinfo(proxy: string): string | undefined {
  try {
    const password = new URL(proxy).password;
    return password === '' ? undefined : decodeURIComponent(password);
  } catch {
    return undefined;
  }
}

async function createSigner(cluster: ClusterConfig, options: ClusterClientOptions): Promise<AwsRequestSigner> {
  if (cluster.aws === undefined || options.loadAws === undefined) {
    throw new RequestFailure('config', `Cluster "${cluster.name}": AWS signing is not available here.`);
  }
  let loaded;
  try {
    loaded = await options.loadAws();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new RequestFailure('config', `The AWS module could not be loaded: ${message}`);
  }
  return loaded.createAwsSigner(cluster.aws, options.awsSignerOptions);
}

interface BodyLimit {
  readonly maxBytes: number;
  /** The request, as the message names it. */
  readonly target: string;
  readonly name: string;
}

function tooLarge(limit: BodyLimit, announced?: number): RequestFailure {
  const most = formatBytes(limit.maxBytes);
  return new RequestFailure(
    'tooLarge',
    announced === undefined
      ? `The answer to ${limit.target} is more than ${most}, ${limit.name}: reading stopped there.`
      : `The answer to ${limit.target} is ${formatBytes(announced)}, more than ${most}, ${limit.name}: it was not read.`,
  );
}

/**
 * Reads the body as it arrives, up to the limit. The buffer grows with what has arrived (doubling), never to what
 * the Content-Length announces before the bytes are there: a server that announces 1 GiB and sends 10 bytes costs
 * 64 KB, and an answer beyond the limit stops there, whatever it announced.
 */
async function readBody(
  body: AsyncIterable<Buffer>,
  context: { receivedBytes?: number; expectedBytes?: number; origin: string },
  limit: BodyLimit,
): Promise<Uint8Array> {
  const expected = context.expectedBytes;
  const maxBytes = limit.maxBytes;
  if (expected !== undefined && expected > maxBytes) throw tooLarge(limit, expected);
  let buffer = new Uint8Array(Math.min(64 * 1024, expected ?? 64 * 1024));
  let length = 0;
  for await (const chunk of body) {
    const needed = length + chunk.length;
    if (needed > maxBytes) throw tooLarge(limit);
    if (needed > buffer.length) {
      // Once a quarter of an announced length is there, the rest is taken as coming: one buffer of that size,
      // never more than 4 times what arrived, and no more copies of a large buffer on this thread.
      const announced = expected !== undefined && expected >= needed && needed * 4 >= expected;
      const size = announced ? expected : Math.min(maxBytes, Math.max(buffer.length * 2, needed));
      const grown = new Uint8Array(size);
      grown.set(buffer.subarray(0, length));
      buffer = grown;
    }
    buffer.set(chunk, length);
    length = needed;
    context.receivedBytes = length;
  }
  return length === buffer.length ? buffer : buffer.subarray(0, length);
}

function firstNonSpace(body: Uint8Array): number | undefined {
  for (let i = 0; i < body.length && i < 1024; i++) {
    const c = body[i]!;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09 && c !== 0xef && c !== 0xbb && c !== 0xbf) return c;
  }
  return undefined;
}

function textStart(body: Uint8Array, bytes = 2048): string {
  return Buffer.from(body.buffer, body.byteOffset, Math.min(body.byteLength, bytes)).toString('utf8');
}

/** The <title> of an HTML page, or its first text. */
function htmlGist(html: string): string {
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1]?.trim();
  if (title !== undefined && title !== '') return `"${excerpt(title, 80)}"`;
  return `"${excerpt(html.replace(/<[^<>]*>/g, ' '), 80)}"`;
}

/** Refuses answers that are not the cluster's: credentials refused, a proxy's HTML page. */
function checkAnswer(
  response: HttpResponse,
  cluster: ClusterConfig,
  method: string,
  origin: string,
  hide: (text: string) => string,
  env: Readonly<Record<string, string | undefined>> = process.env,
  viaProxy = false,
): void {
  const { status, contentType, body } = response;
  if ((status === 401 || status === 403) && cluster.auth === 'aws' && cluster.aws !== undefined) {
    const message = awsRefusalMessage(status, textStart(body, 4096), origin, cluster.name, cluster.aws, env);
    throw new RequestFailure(status === 401 ? 'unauthorized' : 'forbidden', hide(message), status);
  }
  const first = firstNonSpace(body);
  const looksJson = first === 0x7b || first === 0x5b;
  const jsonReason = (): string | undefined => {
    if (!looksJson) return undefined;
    const reason = /"reason"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(textStart(body))?.[1];
    return reason === undefined ? undefined : excerpt(reason.replace(/\\"/g, '"'), 200);
  };
  if (status === 407) throw new RequestFailure('proxy', PROXY_407, status);
  // Some proxies (tinyproxy) refuse wrong credentials with a 401 and an HTML page, which no cluster sends.
  if (status === 401 && viaProxy && (contentType ?? '').toLowerCase().includes('text/html')) {
    throw new RequestFailure('proxy', PROXY_401, status);
  }
  if (status === 401) {
    const who = cluster.auth === 'basic' ? `user "${cluster.username ?? ''}"` : `the ${cluster.auth} credentials`;
    const message =
      cluster.auth === 'none'
        ? `${origin} asks for credentials (401 Unauthorized): set "auth" for cluster "${cluster.name}" in searchRequests.clusters.`
        : `${origin} refused ${who} (401 Unauthorized). Change the secret with "Search Requests: Change Cluster Secret".`;
    throw new RequestFailure('unauthorized', hide(message), status);
  }
  if (status === 403) {
    const reason = jsonReason();
    throw new RequestFailure(
      'forbidden',
      hide(`${origin} denied the request (403 Forbidden)${reason === undefined ? '' : `: ${reason}`}.`),
      status,
    );
  }
  if (method === 'HEAD' || body.length === 0) return;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('text/html') || (!looksJson && /^\s*<(!doctype|html|head|body)/i.test(textStart(body, 256)))) {
    throw new RequestFailure(
      'notJson',
      hide(
        `${origin} answered ${status} with an HTML page (${formatBytes(body.length)}) instead of JSON: ${htmlGist(textStart(body))}. A proxy, a load balancer or a login page answered, not the cluster; check the URL and the proxy settings.`,
      ),
      status,
    );
  }
}
