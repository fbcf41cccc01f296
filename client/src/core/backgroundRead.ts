// Answers read in the background (mappings, aliases, nodes, tasks): each with a small byte cap of its own, and parsed
// in the worker thread when large, so that a cluster with huge mappings never blocks the extension host. The limits
// and what each request asks for are in docs/opensearch/background-requests.md.
import type { ClusterClient, HttpRequest } from './clusterClient';
import { RequestFailure } from './failures';
import { formatBytes } from './format';
import { JsonSyntaxError } from './jsonIndex';
import type { ReaderName } from './jsonWorkerProtocol';

const MB = 1024 * 1024;

/** The default of `searchRequests.maxResponseBytes`, the limit of a run's answer: room for large answers on a laptop. */
export const DEFAULT_MAX_RESPONSE_BYTES = 256 * MB;

/** The byte cap of each background answer. */
export const BACKGROUND_LIMITS = {
  /** `GET /_mapping`, filtered down to the field types. */
  mapping: 32 * MB,
  /** `_cat` lists (aliases, indexes, the cluster manager). */
  cat: 8 * MB,
  /** `GET /_nodes`, filtered down to what the views show. */
  nodes: 4 * MB,
  /** The Tasks view's `GET /_tasks`. */
  tasks: 16 * MB,
} as const;

/** Up to this size an answer is parsed where it arrives (well under a millisecond); larger ones in the worker. */
const INLINE_PARSE_BYTES = 256 * 1024;

/** A function that reads a parsed answer into what is kept of it, and its name in the worker (jsonWorker.ts). */
export interface JsonReader<T> {
  readonly name: ReaderName;
  readonly read: (value: unknown) => T;
}

/** Parses and reads answers off the extension host's thread (the response worker). */
export interface JsonReaderHost {
  read(body: Uint8Array, reader: ReaderName): Promise<unknown>;
}

export type BackgroundAnswer<T> =
  | { readonly status: number; readonly ok: true; readonly value: T }
  /** An error status: the error body as parsed (undefined when it is not JSON). */
  | { readonly status: number; readonly ok: false; readonly error: unknown };

function parse(body: Uint8Array): unknown {
  return JSON.parse(Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8')) as unknown;
}

/**
 * Sends a background request with its cap and reads its answer with `reader`: here when it is small, in the worker
 * when it is large (the body's buffer then goes to the worker). Throws RequestFailure (`tooLarge` beyond the cap).
 */
export async function readInBackground<T>(
  client: ClusterClient,
  request: HttpRequest & { readonly maxBytes: number },
  reader: JsonReader<T>,
  host?: JsonReaderHost,
): Promise<BackgroundAnswer<T>> {
  const response = await client.send({
    ...request,
    limitName: request.limitName ?? `the limit for ${request.method} ${request.path} in the background`,
  });
  const origin = new URL(client.cluster.url).host;
  try {
    if (response.status >= 400) {
      let error: unknown;
      try {
        error = parse(response.body);
      } catch {
        error = undefined;
      }
      return { status: response.status, ok: false, error };
    }
    const size = response.body.byteLength;
    const value =
      host === undefined || size <= INLINE_PARSE_BYTES
        ? reader.read(parse(response.body))
        : ((await host.read(response.body, reader.name)) as T);
    return { status: response.status, ok: true, value };
  } catch (error) {
    if (error instanceof SyntaxError || error instanceof JsonSyntaxError) {
      throw new RequestFailure(
        'notJson',
        `${origin} answered ${request.method} ${request.path} with something that is not JSON (${formatBytes(response.bytes)}).`,
        response.status,
      );
    }
    throw error;
  }
}
