// Running a request with `fetch`, for VS Code for the Web, where neither undici nor Node's sockets exist: the browser
// sends it, and reads the answer only if the cluster allows the page's origin (CORS). When it does not, the browser
// says nothing more than "failed to fetch", so the message says what the cluster must allow (the settings and
// their defaults: docs/opensearch/rest-layer.md, "Requests from web pages").
import { authorizationHeader } from './authHeader';
import type { ClusterConfig } from './clusterConfig';
import { requestUrl } from './requestUrl';
import { excerpt, formatBytes } from './format';
import { redact } from './redact';
import type { RunRequest } from './runner';

/** The request headers a run sends besides the CORS-safelisted ones: what `http.cors.allow-headers` must list. */
export const WEB_REQUEST_HEADERS = ['Authorization', 'Content-Type', 'X-Opaque-Id'] as const;

export type FetchOutcome =
  | {
      readonly kind: 'answer';
      readonly status: number;
      readonly contentType: string | undefined;
      readonly text: string;
      readonly bytes: number;
      readonly durationMs: number;
    }
  /** The browser refused to send the request or to hand over its answer (CORS), or the cluster cannot be reached. */
  | { readonly kind: 'blocked'; readonly message: string }
  | { readonly kind: 'failed'; readonly message: string };

export interface FetchRunOptions {
  readonly secret?: string;
  readonly opaqueId: string;
  readonly signal?: AbortSignal;
  /** 0 or undefined: no limit. */
  readonly timeoutMs?: number;
  /** The page's origin (`https://vscode.dev`), for the message when the browser refuses. */
  readonly origin?: string;
  readonly fetch?: typeof fetch;
}

/** What the cluster's configuration must say for the page's origin to run requests on it. */
function corsAdvice(cluster: ClusterConfig, origin: string | undefined): string {
  const headers =
    cluster.auth === 'none' ? WEB_REQUEST_HEADERS.filter((h) => h !== 'Authorization') : WEB_REQUEST_HEADERS;
  return (
    `To run requests from VS Code for the Web, ${new URL(cluster.url).host} must be reachable from this browser and ` +
    `allow its origin (CORS) in opensearch.yml: http.cors.enabled: true, http.cors.allow-origin: "${origin ?? 'the origin of this page'}", ` +
    `http.cors.allow-headers: "${headers.join(',')}" (OpenSearch's default allows none of them but Content-Type). ` +
    'Elsewhere, run requests from desktop VS Code, which is not subject to CORS.'
  );
}

/**
 * The method the browser sends: fetch refuses a body with GET or HEAD, and OpenSearch reads the same request sent with
 * POST for every endpoint that takes a body with GET (search, msearch, count, explain, field caps, scroll, ...).
 */
function webMethod(method: string, hasBody: boolean): string {
  const upper = method.toUpperCase();
  return hasBody && (upper === 'GET' || upper === 'HEAD') ? 'POST' : upper;
}

export async function fetchRun(
  cluster: ClusterConfig,
  request: RunRequest,
  options: FetchRunOptions,
): Promise<FetchOutcome> {
  const send = options.fetch ?? fetch;
  const headers: Record<string, string> = { accept: 'application/json', 'x-opaque-id': options.opaqueId };
  const authorization = authorizationHeader(cluster, options.secret);
  if (authorization !== undefined) headers['authorization'] = authorization;
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const hide = (text: string): string => redact(text, [options.secret], cluster.username);

  const controller = new AbortController();
  const onAbort = (): void => {
    controller.abort();
  };
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const state = { timedOut: false };
  const timer =
    (options.timeoutMs ?? 0) > 0
      ? setTimeout(() => {
          state.timedOut = true;
          controller.abort();
        }, options.timeoutMs)
      : undefined;
  const started = performance.now();
  try {
    const response = await send(requestUrl(cluster.url, request.path, request.query), {
      method: webMethod(request.method, request.body !== undefined),
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: controller.signal,
      // Credentials go in the Authorization header only: no cookies of the page's origin.
      credentials: 'omit',
      mode: 'cors',
    });
    const text = await response.text();
    const contentType = response.headers.get('content-type') ?? undefined;
    if (response.status === 401) {
      return {
        kind: 'failed',
        message: hide(
          `${new URL(cluster.url).host} refused the credentials of cluster "${cluster.name}" (401 Unauthorized).`,
        ),
      };
    }
    if ((contentType ?? '').includes('text/html')) {
      return {
        kind: 'failed',
        message: hide(
          `${new URL(cluster.url).host} answered ${response.status} with an HTML page (${formatBytes(text.length)}) instead of JSON: "${excerpt(text.replace(/<[^<>]*>/g, ' '), 80)}". A proxy or a login page answered, not the cluster.`,
        ),
      };
    }
    return {
      kind: 'answer',
      status: response.status,
      contentType,
      text,
      bytes: new TextEncoder().encode(text).length,
      durationMs: performance.now() - started,
    };
  } catch (error) {
    if (state.timedOut) {
      return {
        kind: 'failed',
        message: `No complete answer from ${new URL(cluster.url).host} within ${(options.timeoutMs ?? 0) / 1000} s.`,
      };
    }
    if (options.signal?.aborted === true) return { kind: 'failed', message: 'Cancelled.' };
    // fetch rejects with a TypeError, and nothing more, both when CORS forbids the answer and when nothing answers.
    if (error instanceof TypeError) {
      return {
        kind: 'blocked',
        message: hide(
          `The browser could not send the request to ${new URL(cluster.url).host} or was not allowed to read its answer (${error.message}). ${corsAdvice(cluster, options.origin)}`,
        ),
      };
    }
    return { kind: 'failed', message: hide(error instanceof Error ? error.message : String(error)) };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
