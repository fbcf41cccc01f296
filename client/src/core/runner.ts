// One run: send the resolved request, and when the user cancels or the timeout expires, cancel its tasks on the
// cluster (found by X-Opaque-Id) before aborting the HTTP request, so that the tasks are still there to be found.
import type { ClusterClient, HttpResponse, QueryParam } from './clusterClient';
import { RequestFailure, timeoutFailure } from './failures';
import { SERVERLESS_CANCEL, serverless } from './serverless';
import { cancelRunTasks, type CancelReport } from './taskCancel';

/** What the language server resolved (server/src/protocol ResolvedRequest), the part needed to send it. */
export interface RunRequest {
  readonly method: string;
  readonly path: string;
  readonly query: readonly QueryParam[];
  readonly body?: string;
  readonly contentType?: string;
}

export interface RunOptions {
  /** The request line for the log, when the request holds secret variables' values. */
  readonly logAs?: string;
  /** Secret variables' values, never to be logged or shown. */
  readonly hidden?: readonly string[];
  readonly opaqueId: string;
  /** The user's cancellation. */
  readonly signal?: AbortSignal;
  /** 0 or undefined: no timeout. */
  readonly timeoutMs?: number;
  /** Called when cancelling starts (for the progress message). */
  readonly onCancelling?: (why: 'cancelled' | 'timeout') => void;
}

export interface RunOutcome {
  readonly response?: HttpResponse;
  readonly failure?: RequestFailure;
  /** Present when the run was cancelled or timed out: what was cancelled on the cluster. */
  readonly cancel?: CancelReport;
  readonly durationMs: number;
}

export async function executeRun(client: ClusterClient, request: RunRequest, options: RunOptions): Promise<RunOutcome> {
  const started = performance.now();
  const http = new AbortController();
  let stopping: Promise<CancelReport> | undefined;
  let why: 'cancelled' | 'timeout' = 'cancelled';
  const stop = (reason: 'cancelled' | 'timeout'): void => {
    if (stopping !== undefined) return;
    why = reason;
    options.onCancelling?.(reason);
    const cancelling = serverless(client.cluster)
      ? Promise.resolve<CancelReport>({ found: [], cancelled: [], failures: [], note: SERVERLESS_CANCEL })
      : cancelRunTasks(client, options.opaqueId, { requestOpaqueId: `${options.opaqueId}-cancel`, timeoutMs: 5000 });
    stopping = cancelling.finally(() => {
      http.abort();
    });
  };
  const onAbort = (): void => {
    stop('cancelled');
  };
  if (options.signal?.aborted === true) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timeoutMs = options.timeoutMs ?? 0;
  const timer =
    timeoutMs > 0
      ? setTimeout(() => {
          stop('timeout');
        }, timeoutMs)
      : undefined;
  try {
    const response = await client.send({
      method: request.method,
      path: request.path,
      query: request.query,
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.contentType === undefined ? {} : { contentType: request.contentType }),
      opaqueId: options.opaqueId,
      signal: http.signal,
      ...(options.logAs === undefined ? {} : { logAs: options.logAs }),
      ...(options.hidden === undefined ? {} : { hidden: options.hidden }),
    });
    if (stopping === undefined) return { response, durationMs: performance.now() - started };
    // The answer came while its tasks were being cancelled (often the cancellation error itself).
    const cancel = await stopping;
    return { failure: stopFailure(why, client, timeoutMs), cancel, durationMs: performance.now() - started };
  } catch (error) {
    if (stopping !== undefined) {
      const cancel = await stopping;
      return { failure: stopFailure(why, client, timeoutMs), cancel, durationMs: performance.now() - started };
    }
    const failure = error instanceof RequestFailure ? error : new RequestFailure('network', String(error));
    return { failure, durationMs: performance.now() - started };
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

function stopFailure(why: 'cancelled' | 'timeout', client: ClusterClient, timeoutMs: number): RequestFailure {
  if (why === 'timeout') return timeoutFailure(new URL(client.cluster.url).host, timeoutMs);
  return new RequestFailure('cancelled', 'Cancelled.');
}
