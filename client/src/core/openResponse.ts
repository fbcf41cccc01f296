// Turning a received body into a ResponseDocument: small ones here, large ones in the worker thread, and a
// body that is not complete JSON into a clear failure.
import { JsonSyntaxError } from './jsonIndex';
import { formatBytes } from './format';
import { RequestFailure } from './failures';
import { LocalResponseDocument, type ResponseDocument } from './responseDocument';
import type { ResponseWorker } from './responseWorker';

/** Up to this size a body is indexed on the extension host (about 5 ms per MB); larger ones go to the worker. */
export const INLINE_LIMIT = 1024 * 1024;

export async function openResponse(
  body: Uint8Array,
  contentType: string | undefined,
  worker: ResponseWorker | undefined,
  origin: string,
): Promise<ResponseDocument> {
  // The body is transferred to the worker: its length here becomes 0.
  const size = body.length;
  try {
    if (worker === undefined || size <= INLINE_LIMIT) return LocalResponseDocument.open(body, contentType);
    try {
      return await worker.open(body, contentType);
    } catch (error) {
      if (error instanceof JsonSyntaxError) throw new JsonSyntaxError(error.message, size, error.truncated);
      throw error;
    }
  } catch (error) {
    if (error instanceof JsonSyntaxError) {
      if (error.truncated) {
        throw new RequestFailure(
          'truncated',
          `The answer from ${origin} ends before its JSON is complete (${formatBytes(size)} received): it was cut off on the way. Run it again.`,
        );
      }
      throw new RequestFailure('notJson', `The answer from ${origin} is not valid JSON (${error.message}).`);
    }
    throw error;
  }
}
