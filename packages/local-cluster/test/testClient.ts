// A small HTTP client for the cluster's tests: one call, the status, headers and parsed body.
import * as http from 'node:http';
import * as https from 'node:https';

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The parsed JSON body (undefined when the body is not JSON). */
  json: unknown;
}

export interface CallOptions {
  body?: unknown;
  headers?: Record<string, string | string[]>;
  /** Raw bytes instead of JSON.stringify(body). */
  raw?: string | Buffer;
  contentType?: string;
  ca?: Buffer;
  signal?: AbortSignal;
}

export function call(baseUrl: string, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(path, baseUrl);
  const payload = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const headers: Record<string, string | string[]> = { ...(options.headers ?? {}) };
  if (payload !== undefined && options.contentType !== '')
    headers['content-type'] = options.contentType ?? 'application/json';
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(
      url,
      {
        method,
        headers,
        agent: false,
        ...(options.ca ? { ca: options.ca } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Shorthand to read nested fields of a JSON reply in assertions. */
export function at(value: unknown, ...path: (string | number)[]): unknown {
  let v = value;
  for (const p of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}
