// The HTTP front of the local node: reads requests (with a size limit), applies basic auth as the security
// plugin does, checks X-Opaque-Id and Content-Type as RestController does, dispatches to the routes, rejects
// unconsumed parameters, and renders answers and errors. A client that goes away cancels its work.
import * as http from 'node:http';
import * as https from 'node:https';
import { asOsError, OsError, SimpleError, type Jackson } from '../core/errors';
import { applyFilterPath, renderJsonChunks } from '../core/xcontent';
import { decodePathSegment, decodeQuery, RestRequest, type Method } from './restRequest';
import { didYouMeanArrow } from '../core/values';
import type { ExecContext, RestResponse, Router } from './router';

const MAX_CONTENT_LENGTH = 100 * 1024 * 1024;
const METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH', 'OPTIONS']);
const GLOBAL_PARAMS = ['pretty', 'human', 'error_trace', 'filter_path', 'format'];

export interface ServerOptions {
  readonly router: Router;
  /** The JSON parser generation of the release answered as. */
  readonly jackson: Jackson;
  /** The major version of the release answered as. */
  readonly major: number;
  /** The status of a number out of an `int`'s range in a body (Release.coercionStatus). */
  readonly coercionStatus: 400 | 500;
  readonly user?: { name: string; password: string };
  /** `ca`: ask for a client certificate signed by it, and refuse clients without one. */
  readonly tls?: { key: Buffer; cert: Buffer; ca?: Buffer };
  /** Called when a request arrives. */
  readonly onRequest?: () => void;
  /** Called with each request once its body is read, before anything is checked. */
  readonly onReceived?: (request: ReceivedRequest) => void;
}

interface ReceivedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export function createHttpServer(options: ServerOptions): http.Server {
  const handler = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    handle(options, req, res).catch((e: unknown) => {
      if (!res.headersSent) {
        const err = asOsError(e);
        send(res, 'GET', undefined, { status: err.status, body: err.toBody() }, false, undefined);
      } else {
        res.destroy();
      }
    });
  };
  const server = options.tls
    ? https.createServer(
        {
          key: options.tls.key,
          cert: options.tls.cert,
          ...(options.tls.ca === undefined ? {} : { ca: options.tls.ca, requestCert: true, rejectUnauthorized: true }),
        },
        handler,
      )
    : http.createServer(handler);
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  server.headersTimeout = 60_000;
  server.requestTimeout = 0;
  server.keepAliveTimeout = 60_000;
  return server;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'tooLarge'> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_CONTENT_LENGTH) {
      resolve('tooLarge');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_CONTENT_LENGTH) {
        over = true;
        chunks.length = 0;
        return;
      }
      if (!over) chunks.push(chunk);
    });
    req.on('end', () => {
      resolve(over ? 'tooLarge' : Buffer.concat(chunks));
    });
    req.on('error', reject);
    req.on('aborted', () => {
      reject(new Error('aborted'));
    });
  });
}

function opaqueIdOf(req: http.IncomingMessage): { value: string | undefined; conflict: boolean } {
  const values = req.headersDistinct['x-opaque-id'];
  if (!values || values.length === 0) return { value: undefined, conflict: false };
  const distinct = [...new Set(values)];
  return { value: distinct[0], conflict: distinct.length > 1 };
}

function authorized(options: ServerOptions, req: http.IncomingMessage): boolean {
  if (!options.user) return true;
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ') !== true) return false;
  const decoded = Buffer.from(header.slice(6).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  return decoded.slice(0, colon) === options.user.name && decoded.slice(colon + 1) === options.user.password;
}

/** XContentType.fromMediaType: the body formats OpenSearch knows. */
function contentTypeOf(header: string | undefined): 'json' | 'smile' | 'yaml' | 'cbor' | undefined {
  if (header === undefined) return undefined;
  const type = header.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type === 'application/x-ndjson' || type === 'application/*') return 'json';
  if (type === 'application/smile') return 'smile';
  if (type === 'application/yaml') return 'yaml';
  if (type === 'application/cbor') return 'cbor';
  return undefined;
}

async function handle(options: ServerOptions, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  options.onRequest?.();
  const method = (req.method ?? 'GET').toUpperCase();
  const uri = req.url ?? '/';
  const opaque = opaqueIdOf(req);
  const headOnly = method === 'HEAD';
  const simple = (status: number, message: string, headers: Record<string, string> = {}): void => {
    send(res, method, opaque.value, { status, body: { error: message, status }, headers }, false, undefined);
  };
  const body = await readBody(req).catch(() => undefined);
  if (body === undefined) return;
  options.onReceived?.({
    method,
    url: uri,
    headers: req.headers,
    body: body === 'tooLarge' ? '' : body.toString('utf8'),
  });
  if (body === 'tooLarge') {
    res.writeHead(413, { 'content-length': '0', connection: 'close' });
    res.end();
    return;
  }
  if (!authorized(options, req)) {
    const headers: Record<string, string> = {
      'www-authenticate': 'Basic realm="OpenSearch Security"',
      'content-type': 'text/plain; charset=UTF-8',
    };
    if (opaque.value !== undefined) headers['x-opaque-id'] = opaque.value;
    res.writeHead(401, headers);
    res.end(headOnly ? undefined : 'Unauthorized');
    return;
  }
  if (opaque.conflict) {
    simple(400, 'multiple values for single-valued header [X-Opaque-Id].');
    return;
  }
  if (!METHODS.has(method)) {
    simple(405, `Incorrect HTTP method for uri [${uri}] and method [${method}], allowed: []`);
    return;
  }
  const q = uri.indexOf('?');
  const rawPath = q < 0 ? uri : uri.slice(0, q);
  let request: RestRequest;
  let path: string;
  try {
    path = rawPath
      .split('/')
      .map((seg) => decodePathSegment(seg))
      .join('/');
    request = new RestRequest(
      method as Method,
      path,
      uri,
      decodeQuery(q < 0 ? '' : uri.slice(q + 1)),
      req.headers,
      body,
      options.jackson,
      options.major,
      options.coercionStatus,
    );
  } catch (e) {
    const err = asOsError(e);
    send(res, method, opaque.value, { status: err.status, body: err.toBody() }, false, undefined);
    return;
  }
  let pretty = false;
  let filterPath: string | undefined;
  const respondError = (e: unknown): void => {
    if (e instanceof SimpleError) {
      simple(e.status, e.message, e.headers);
      return;
    }
    const err = asOsError(e);
    send(res, method, opaque.value, { status: err.status, body: err.toBody() }, pretty, undefined);
  };
  try {
    pretty = request.bool('pretty', false);
    request.bool('human', false);
    request.bool('error_trace', false);
    filterPath = request.param('filter_path');
    request.param('format');
  } catch (e) {
    respondError(e);
    return;
  }
  const resolution = options.router.resolve(method as Method, path);
  if (resolution.kind === 'notFound') {
    simple(400, `no handler found for uri [${uri}] and method [${method}]`);
    return;
  }
  if (resolution.kind === 'methodNotAllowed') {
    if (method === 'OPTIONS') {
      res.writeHead(200, { allow: resolution.allowed.join(','), 'content-length': '0' });
      res.end();
      return;
    }
    simple(
      405,
      `Incorrect HTTP method for uri [${uri}] and method [${method}], allowed: [${resolution.allowed.join(', ')}]`,
      {
        allow: resolution.allowed.join(','),
      },
    );
    return;
  }
  const { handler, pathParams } = resolution.match;
  request.setPathParams(pathParams);
  if (body.length > 0) {
    const type = contentTypeOf(request.header('content-type'));
    if (type === undefined) {
      const header = request.header('content-type');
      simple(
        406,
        header === undefined ? 'Content-Type header is missing' : `Content-Type header [${header}] is not supported`,
      );
      return;
    }
    if (handler.supportsContentStream === true && type !== 'json' && type !== 'smile') {
      simple(
        406,
        `Content-Type [${request.header('content-type') ?? ''}] does not support stream parsing. Use JSON or SMILE instead`,
      );
      return;
    }
  }
  const abort = new AbortController();
  const disconnectListeners: (() => void)[] = [];
  const onClose = (): void => {
    if (!res.writableFinished) {
      abort.abort();
      for (const l of disconnectListeners) l();
    }
  };
  res.on('close', onClose);
  const ctx: ExecContext = {
    signal: abort.signal,
    opaqueId: opaque.value,
    onDisconnect: (cancel) => {
      if (abort.signal.aborted) cancel();
      else disconnectListeners.push(cancel);
    },
  };
  let response: RestResponse;
  try {
    const execute = await handler.prepare(request);
    checkParams(request, handler.responseParams ?? []);
    // A body the handler did not read is ignored, as OpenSearch 2.19 and 3.x do.
    response = await execute(ctx);
  } catch (e) {
    if (abort.signal.aborted) return;
    respondError(e);
    return;
  }
  if (abort.signal.aborted) return;
  send(res, method, opaque.value, response, pretty, filterPath);
}

/** BaseRestHandler: every parameter must have been read by the handler or be a response parameter. */
function checkParams(request: RestRequest, responseParams: readonly string[]): void {
  const unconsumed = [...request.params.keys()]
    .filter((p) => !request.consumed.has(p) && !responseParams.includes(p))
    .sort();
  if (unconsumed.length === 0) return;
  // As BaseRestHandler: the candidates are the names the handler looked up (present or not), the response
  // parameters and the ones the REST layer always reads.
  const candidates = [...request.consumed, ...responseParams, ...GLOBAL_PARAMS];
  const parts = unconsumed.map((p) => `[${p}]${didYouMeanArrow(p, candidates)}`);
  const noun = unconsumed.length === 1 ? 'parameter' : 'parameters';
  throw new OsError(
    400,
    'illegal_argument_exception',
    `request [${request.path}] contains unrecognized ${noun}: ${parts.join(', ')}`,
  );
}

function send(
  res: http.ServerResponse,
  method: string,
  opaqueId: string | undefined,
  response: RestResponse,
  pretty: boolean,
  filterPath: string | undefined,
): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string> = { ...(response.headers ?? {}) };
  if (opaqueId !== undefined) headers['x-opaque-id'] = opaqueId;
  let payload: string[];
  if (response.text !== undefined) {
    payload = [response.text];
    headers['content-type'] = response.contentType ?? 'text/plain; charset=UTF-8';
  } else if (response.body !== undefined) {
    const isError = response.status >= 400;
    const body = filterPath !== undefined && !isError ? applyFilterPath(response.body, filterPath) : response.body;
    payload = renderJsonChunks(body, pretty);
    headers['content-type'] = 'application/json; charset=UTF-8';
  } else {
    payload = [];
  }
  // Each chunk is encoded and written on its own: a large answer is never held as one string and one buffer at once.
  let length = 0;
  for (const chunk of payload) length += Buffer.byteLength(chunk, 'utf8');
  headers['content-length'] = String(length);
  res.writeHead(response.status, headers);
  if (method !== 'HEAD') for (const chunk of payload) if (chunk.length > 0) res.write(chunk, 'utf8');
  res.end();
}
