// The extension host's side of the response worker: one worker thread, started on first use, holding the large
// responses of the last runs. The body is transferred, not copied.
import { Worker } from 'node:worker_threads';
import { JsonSyntaxError } from './jsonIndex';
import type { ReaderName, WorkerAnswer, WorkerRequest } from './jsonWorkerProtocol';
import type { ResponseDocument } from './responseDocument';
import type { JsonPath, NodeRef, ResponseSummary, ResultNode } from './resultTree';

type Pending = { resolve: (answer: WorkerAnswer & { ok: true }) => void; reject: (error: Error) => void };

// Distributive omit, so that each request variant keeps its own fields.
type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export class ResponseWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private nextDoc = 1;
  private readonly pending = new Map<number, Pending>();

  /** `script`: the compiled jsonWorker.js. */
  constructor(private readonly script: string) {}

  private start(): Worker {
    if (this.worker !== undefined) return this.worker;
    const worker = new Worker(this.script);
    worker.unref();
    worker.on('message', (message: WorkerAnswer) => {
      const pending = this.pending.get(message.id);
      if (pending === undefined) return;
      this.pending.delete(message.id);
      if (message.ok) pending.resolve(message);
      else
        pending.reject(
          message.syntax ? new JsonSyntaxError(message.message, -1, message.truncated) : new Error(message.message),
        );
    });
    const fail = (error: Error): void => {
      for (const pending of this.pending.values()) pending.reject(error);
      this.pending.clear();
      this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      fail(new Error(`the response worker stopped (exit code ${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private call(request: WithoutId<WorkerRequest>, transfer?: ArrayBuffer[]): Promise<WorkerAnswer & { ok: true }> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...request, id }, transfer);
    });
  }

  /** Indexes the body in the worker; the body's buffer is transferred (unusable here afterwards). */
  async open(body: Uint8Array, contentType: string | undefined): Promise<ResponseDocument> {
    const doc = this.nextDoc++;
    const sent = transferable(body);
    const answer = await this.call(
      { op: 'open', doc, body: sent, ...(contentType === undefined ? {} : { contentType }) },
      [sent.buffer as ArrayBuffer],
    );
    return new WorkerResponseDocument(this, doc, answer.summary!);
  }

  /** Parses a background answer and reads it with a reader of jsonWorker.ts; the body's buffer is transferred. */
  async read(body: Uint8Array, reader: ReaderName): Promise<unknown> {
    const sent = transferable(body);
    return (await this.call({ op: 'read', body: sent, reader }, [sent.buffer as ArrayBuffer])).value;
  }

  async children(doc: number, ref: NodeRef | null, offset: number, limit: number): Promise<readonly ResultNode[]> {
    return (await this.call({ op: 'children', doc, ref, offset, limit })).nodes ?? [];
  }

  async text(doc: number, path: JsonPath, pretty: boolean): Promise<string> {
    return (await this.call({ op: 'text', doc, path, pretty })).text ?? '';
  }

  async value(doc: number, path: JsonPath): Promise<unknown> {
    return (await this.call({ op: 'value', doc, path })).value;
  }

  release(doc: number): void {
    if (this.worker === undefined) return;
    this.call({ op: 'release', doc }).catch(() => undefined);
  }

  async dispose(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker !== undefined) await worker.terminate();
  }
}

/**
 * The body itself when its buffer can be handed over: a buffer of its own (the client reads answers into one, perhaps
 * longer than the answer: the view keeps its length), never a slice of Node's shared pool; otherwise a copy.
 */
function transferable(body: Uint8Array): Uint8Array {
  const own =
    body.buffer instanceof ArrayBuffer &&
    body.byteOffset === 0 &&
    (body.byteLength === body.buffer.byteLength || body.buffer.byteLength > Buffer.poolSize);
  return own ? body : body.slice();
}

class WorkerResponseDocument implements ResponseDocument {
  private released = false;

  constructor(
    private readonly worker: ResponseWorker,
    private readonly doc: number,
    readonly summary: ResponseSummary,
  ) {}

  children(ref: NodeRef | null, offset: number, limit: number): Promise<readonly ResultNode[]> {
    return this.worker.children(this.doc, ref, offset, limit);
  }

  text(path: JsonPath, pretty: boolean): Promise<string> {
    return this.worker.text(this.doc, path, pretty);
  }

  value(path: JsonPath): Promise<unknown> {
    return this.worker.value(this.doc, path);
  }

  dispose(): void {
    if (this.released) return;
    this.released = true;
    this.worker.release(this.doc);
  }
}
