// A response held for the Results view: its summary, its tree children on demand, and any of its values as text.
// Small answers are indexed here (LocalResponseDocument); large ones in a worker thread (responseWorker.ts), so that
// the extension host is never blocked by a big answer.
import { indexJson, type JsonNode } from './jsonIndex';
import {
  childrenOf,
  summarize,
  textChildren,
  type JsonPath,
  type NodeRef,
  type ResponseSummary,
  type ResultNode,
} from './resultTree';

export interface ResponseDocument {
  readonly summary: ResponseSummary;
  /** Children of a node (null: the response itself), `limit` from `offset`, then a `more` node if there are more. */
  children(ref: NodeRef | null, offset: number, limit: number): Promise<readonly ResultNode[]>;
  /** The JSON text of the value at a path (pretty-printed with 2 spaces when asked), or the text answer. */
  text(path: JsonPath, pretty: boolean): Promise<string>;
  /** The decoded value at a path. */
  value(path: JsonPath): Promise<unknown>;
  dispose(): void;
}

/** What kind of body the answer is, from its content type and its first byte. */
function bodyKind(contentType: string | undefined, body: Uint8Array): 'json' | 'text' | 'empty' {
  if (body.length === 0) return 'empty';
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('json')) return 'json';
  for (let i = 0; i < body.length && i < 64; i++) {
    const c = body[i]!;
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
    return c === 0x7b || c === 0x5b ? 'json' : 'text';
  }
  return 'text';
}

/** The synchronous core shared by the local document and the worker. */
export class IndexedResponse {
  readonly summary: ResponseSummary;
  private readonly root: JsonNode | undefined;
  private readonly textBody: string | undefined;

  /** Throws JsonSyntaxError when a JSON answer is not complete JSON. */
  constructor(body: Uint8Array, contentType: string | undefined) {
    const kind = bodyKind(contentType, body);
    if (kind === 'json') {
      this.root = indexJson(body);
      this.summary = summarize(this.root);
    } else {
      this.textBody =
        kind === 'text' ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('utf8') : '';
      this.summary = { shape: kind, items: [] };
    }
  }

  children(ref: NodeRef | null, offset: number, limit: number): ResultNode[] {
    if (this.root !== undefined) return childrenOf(this.root, ref, offset, limit);
    return ref === null ? textChildren(this.textBody ?? '', offset, limit) : [];
  }

  private nodeAt(path: JsonPath): JsonNode {
    const node = this.root?.find(path);
    if (node === undefined) throw new Error(`nothing at ${JSON.stringify(path)}`);
    return node;
  }

  text(path: JsonPath, pretty: boolean): string {
    if (this.root === undefined) {
      if (path.length === 0) return this.textBody ?? '';
      const line = path[0];
      return typeof line === 'number' ? ((this.textBody ?? '').split('\n')[line] ?? '') : '';
    }
    const node = this.nodeAt(path);
    return pretty ? JSON.stringify(node.value(), null, 2) : node.raw();
  }

  value(path: JsonPath): unknown {
    if (this.root === undefined) return this.text(path, false);
    return this.nodeAt(path).value();
  }
}

export class LocalResponseDocument implements ResponseDocument {
  private constructor(private readonly response: IndexedResponse) {}

  static open(body: Uint8Array, contentType: string | undefined): LocalResponseDocument {
    return new LocalResponseDocument(new IndexedResponse(body, contentType));
  }

  get summary(): ResponseSummary {
    return this.response.summary;
  }

  children(ref: NodeRef | null, offset: number, limit: number): Promise<readonly ResultNode[]> {
    return Promise.resolve(this.response.children(ref, offset, limit));
  }

  text(path: JsonPath, pretty: boolean): Promise<string> {
    return Promise.resolve(this.response.text(path, pretty));
  }

  value(path: JsonPath): Promise<unknown> {
    return Promise.resolve(this.response.value(path));
  }

  dispose(): void {
    // Nothing held outside the garbage-collected heap.
  }
}
