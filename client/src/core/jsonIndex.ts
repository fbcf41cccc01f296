// A structural index of a JSON text, built in one pass over its UTF-8 bytes, so that the Results view can show the
// first hits of a 50 MB answer without JSON.parse of the whole of it: every value gets its byte span, its key and
// its next sibling; a value is decoded only when a tree item (or a copy, or an editor) asks for it.
//
// Values are numbered in document order, so the first child of a container is the next number. The scan checks
// the structure (brackets, commas, colons, strings) and reports where the text ends early; literals and numbers
// are checked when they are decoded.

export type JsonKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

const KIND_OBJECT = 1;
const KIND_ARRAY = 2;
const KIND_STRING = 3;
const KIND_NUMBER = 4;
const KIND_BOOLEAN = 5;
const KIND_NULL = 6;
const KIND_NAMES: readonly JsonKind[] = ['null', 'object', 'array', 'string', 'number', 'boolean', 'null'];
/** Flag on a container whose children were not indexed (deeper than maxDepth). */
const SHALLOW = 0x10;
/**
 * Containers nested deeper than this are skipped in the first pass (one fast scan for their end) and indexed when
 * their children are asked for. Indexing every value of a 50 MB answer costs several times more than skipping
 * (measured in bench/run.ts); 4 levels reach the hits of a search answer and the hits arrays of an `_msearch`.
 */
const DEFAULT_MAX_DEPTH = 4;
/**
 * An array's first items are indexed in the first pass; beyond them, one fast scan counts the rest and notes where
 * every SPARSE_CHUNK-th item starts, and a chunk is indexed when a page of it is shown. So an answer of a million
 * small hits costs a few KB of index, not several times its size.
 */
export const SPARSE_PREFIX = 2000;
const SPARSE_CHUNK = 1000;
const KIND_MASK = 0x0f;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The JSON text is not complete or not JSON: `truncated` when it ends in the middle of a value. */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly truncated: boolean,
  ) {
    super(message);
    this.name = 'JsonSyntaxError';
  }
}

const enum State {
  Value,
  ValueOrClose,
  Key,
  KeyOrClose,
  Colon,
  CommaOrClose,
  Done,
}

function isDelimiter(c: number): boolean {
  return c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c <= 0x20;
}

/** What the first pass noted of an array's items beyond SPARSE_PREFIX. */
interface ArrayTail {
  /** How many items there are beyond the prefix. */
  readonly count: number;
  /** Where every SPARSE_CHUNK-th of them starts. */
  readonly starts: readonly number[];
  /** The offset of the array's `]`. */
  readonly end: number;
}

/** The arrays behind the nodes; use indexJson() and JsonNode. */
export class JsonIndex {
  private kinds: Uint8Array;
  private starts: Int32Array;
  private ends: Int32Array;
  private nexts: Int32Array;
  private keys: Int32Array;
  private count = 0;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly subs = new Map<number, JsonIndex>();
  private readonly tails = new Map<number, ArrayTail>();
  private readonly chunks = new Map<string, JsonIndex>();

  private constructor(
    readonly bytes: Uint8Array,
    private readonly maxDepth: number,
    capacity: number,
    /** The bytes are items separated by commas (a chunk of an array's tail), held by a root array of their own. */
    private readonly sequence: boolean,
  ) {
    this.kinds = new Uint8Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
    this.nexts = new Int32Array(capacity);
    this.keys = new Int32Array(capacity);
  }

  /** Indexes a JSON text (UTF-8). Throws JsonSyntaxError. */
  static build(bytes: Uint8Array, maxDepth = DEFAULT_MAX_DEPTH, sequence = false): JsonIndex {
    const index = new JsonIndex(bytes, maxDepth, Math.max(64, Math.min(1 << 20, bytes.length >>> 8)), sequence);
    index.scan();
    return index;
  }

  /** How many values were indexed (shallow containers count as one). */
  get size(): number {
    return this.count;
  }

  private grow(): void {
    const capacity = this.kinds.length * 2;
    const grown = <T extends Uint8Array | Int32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    this.kinds = grown(this.kinds, (n) => new Uint8Array(n));
    this.starts = grown(this.starts, (n) => new Int32Array(n));
    this.ends = grown(this.ends, (n) => new Int32Array(n));
    this.nexts = grown(this.nexts, (n) => new Int32Array(n));
    this.keys = grown(this.keys, (n) => new Int32Array(n));
  }

  /** The offset of the closing quote of the string whose opening quote is at `open`. */
  private stringEnd(open: number): number {
    const b = this.bytes;
    let from = open + 1;
    for (;;) {
      const quote = b.indexOf(QUOTE, from);
      if (quote === -1) throw new JsonSyntaxError('the text ends inside a string', b.length, true);
      let backslashes = 0;
      for (let k = quote - 1; k > open && b[k] === BACKSLASH; k--) backslashes++;
      if ((backslashes & 1) === 0) return quote;
      from = quote + 1;
    }
  }

  /** The offset just after the container that opens at `start`, skipping strings. */
  private skipContainer(start: number): number {
    const b = this.bytes;
    const n = b.length;
    let depth = 0;
    for (let i = start; i < n; i++) {
      const c = b[i]!;
      if (c === QUOTE) {
        i = this.stringEnd(i);
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (--depth === 0) return i + 1;
      }
    }
    throw new JsonSyntaxError('the text ends before the JSON value is complete', n, true);
  }

  /**
   * Skips the items of an array from `start` (the first byte of its item SPARSE_PREFIX) to its `]`, counting them
   * and noting where every SPARSE_CHUNK-th starts. Like skipContainer, it checks brackets and strings only.
   */
  private skipTail(start: number): ArrayTail {
    const b = this.bytes;
    const n = b.length;
    const starts: number[] = [];
    let count = 0;
    let depth = 0;
    let atItem = true;
    for (let i = start; i < n; i++) {
      const c = b[i]!;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (atItem) {
        if (c === COMMA || c === CLOSE_BRACKET || c === CLOSE_BRACE) {
          throw new JsonSyntaxError(`expected a value at offset ${i}`, i, false);
        }
        if (count % SPARSE_CHUNK === 0) starts.push(i);
        count++;
        atItem = false;
      }
      if (c === QUOTE) {
        i = this.stringEnd(i);
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
        if (depth === 0) {
          if (c === CLOSE_BRACKET) return { count, starts, end: i };
          throw new JsonSyntaxError(`expected ',' or ']' at offset ${i}`, i, false);
        }
        depth--;
      } else if (c === COMMA && depth === 0) {
        atItem = true;
      }
    }
    throw new JsonSyntaxError('the text ends before the JSON value is complete', n, true);
  }

  private scan(): void {
    const b = this.bytes;
    const n = b.length;
    // Per open container: its number, its last child so far (-1 when none), how many children it has so far.
    const open: number[] = [];
    const lastChild: number[] = [];
    const childCounts: number[] = [];
    let state = State.Value;
    let pendingKey = -1;
    let i = 0;

    const add = (kind: number, start: number, end: number): number => {
      if (this.count === this.kinds.length) this.grow();
      const id = this.count++;
      this.kinds[id] = kind;
      this.starts[id] = start;
      this.ends[id] = end;
      this.nexts[id] = -1;
      this.keys[id] = pendingKey;
      pendingKey = -1;
      const depth = open.length;
      if (depth > 0) {
        const previous = lastChild[depth - 1]!;
        if (previous !== -1) this.nexts[previous] = id;
        lastChild[depth - 1] = id;
        childCounts[depth - 1]!++;
      }
      return id;
    };
    const unexpected = (what: string): never => {
      throw new JsonSyntaxError(`${what} at offset ${i}`, i, false);
    };
    const close = (): void => {
      const id = open.pop()!;
      lastChild.pop();
      childCounts.pop();
      this.ends[id] = i + 1;
      i++;
      state = open.length === 0 ? State.Done : State.CommaOrClose;
    };

    if (this.sequence) {
      open.push(add(KIND_ARRAY, 0, -1));
      lastChild.push(-1);
      childCounts.push(0);
      state = State.ValueOrClose;
    }
    while (i < n) {
      const c = b[i]!;
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) {
        i++;
        continue;
      }
      switch (state) {
        case State.Value:
        case State.ValueOrClose: {
          if (c === CLOSE_BRACKET && state === State.ValueOrClose) {
            close();
            break;
          }
          const top = open.length - 1;
          if (top >= 0 && childCounts[top] === SPARSE_PREFIX && (this.kinds[open[top]!]! & KIND_MASK) === KIND_ARRAY) {
            // The rest of a long array: counted now, indexed a chunk at a time when shown (see tailChunk).
            const tail = this.skipTail(i);
            this.tails.set(open[top]!, tail);
            i = tail.end;
            state = State.CommaOrClose;
            break;
          }
          if ((c === OPEN_BRACE || c === OPEN_BRACKET) && open.length >= this.maxDepth) {
            // Deep containers are indexed only when someone asks for their children (see subIndex).
            const end = this.skipContainer(i);
            const id = add(c === OPEN_BRACE ? KIND_OBJECT : KIND_ARRAY, i, end);
            this.kinds[id] = this.kinds[id]! | SHALLOW;
            i = end;
            state = State.CommaOrClose;
            break;
          }
          if (c === OPEN_BRACE || c === OPEN_BRACKET) {
            const id = add(c === OPEN_BRACE ? KIND_OBJECT : KIND_ARRAY, i, -1);
            open.push(id);
            lastChild.push(-1);
            childCounts.push(0);
            state = c === OPEN_BRACE ? State.KeyOrClose : State.ValueOrClose;
            i++;
            break;
          }
          let kind: number;
          let end: number;
          if (c === QUOTE) {
            kind = KIND_STRING;
            end = this.stringEnd(i) + 1;
          } else {
            if (c === 0x74 || c === 0x66) kind = KIND_BOOLEAN;
            else if (c === 0x6e) kind = KIND_NULL;
            else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) kind = KIND_NUMBER;
            else return unexpected(`unexpected character '${String.fromCharCode(c)}'`);
            end = i + 1;
            while (end < n && !isDelimiter(b[end]!)) end++;
            // A chunk of items may end with a number; inside a container, the end of the text cuts it.
            if (end === n && open.length > (this.sequence ? 1 : 0)) {
              throw new JsonSyntaxError('the text ends inside a value', n, true);
            }
          }
          add(kind, i, end);
          i = end;
          state = open.length === 0 ? State.Done : State.CommaOrClose;
          break;
        }
        case State.Key:
        case State.KeyOrClose: {
          if (c === CLOSE_BRACE && state === State.KeyOrClose) {
            close();
            break;
          }
          if (c !== QUOTE) return unexpected('expected a property name');
          pendingKey = i;
          i = this.stringEnd(i) + 1;
          state = State.Colon;
          break;
        }
        case State.Colon:
          if (c !== COLON) return unexpected("expected ':'");
          i++;
          state = State.Value;
          break;
        case State.CommaOrClose: {
          const top = open[open.length - 1]!;
          const isObject = (this.kinds[top]! & KIND_MASK) === KIND_OBJECT;
          if (c === COMMA) {
            i++;
            state = isObject ? State.Key : State.Value;
          } else if ((isObject && c === CLOSE_BRACE) || (!isObject && c === CLOSE_BRACKET)) {
            close();
          } else {
            return unexpected(isObject ? "expected ',' or '}'" : "expected ',' or ']'");
          }
          break;
        }
        case State.Done:
          return unexpected('unexpected text after the end of the JSON value');
      }
    }
    if (this.sequence && open.length === 1 && state !== State.Key && state !== State.Colon) {
      // The items of a chunk end at the next chunk's first item (after a comma) or at the array's `]`.
      this.ends[open.pop()!] = n;
      state = State.Done;
    }
    if (state !== State.Done) {
      throw new JsonSyntaxError(
        this.count === 0 ? 'the text is empty' : 'the text ends before the JSON value is complete',
        n,
        true,
      );
    }
  }

  kindOf(id: number): JsonKind {
    return KIND_NAMES[this.kinds[id]! & KIND_MASK]!;
  }

  isShallow(id: number): boolean {
    return (this.kinds[id]! & SHALLOW) !== 0;
  }

  /** The first child, or -1 (also for a shallow container: see subIndex). */
  firstChild(id: number): number {
    const kind = this.kinds[id]!;
    if (kind !== KIND_OBJECT && kind !== KIND_ARRAY) return -1;
    const next = id + 1;
    return next < this.count && this.starts[next]! < this.ends[id]! ? next : -1;
  }

  nextSibling(id: number): number {
    return this.nexts[id]!;
  }

  /** The index of a shallow container's own text, built on first use. */
  subIndex(id: number): JsonIndex {
    let sub = this.subs.get(id);
    if (sub === undefined) {
      sub = JsonIndex.build(this.bytes.subarray(this.starts[id], this.ends[id]), this.maxDepth);
      this.subs.set(id, sub);
    }
    return sub;
  }

  /** What was noted of a long array's items beyond the prefix, or undefined when it has no more. */
  tailOf(id: number): ArrayTail | undefined {
    return this.tails.get(id);
  }

  /** The index of chunk `k` of a long array's tail: its root (0) holds those items. Built on first use. */
  tailChunk(id: number, k: number): JsonIndex {
    const key = `${id}:${k}`;
    let chunk = this.chunks.get(key);
    if (chunk === undefined) {
      const tail = this.tails.get(id)!;
      const end = k + 1 < tail.starts.length ? tail.starts[k + 1]! : tail.end;
      chunk = JsonIndex.build(this.bytes.subarray(tail.starts[k], end), this.maxDepth, true);
      this.chunks.set(key, chunk);
    }
    return chunk;
  }

  keyStart(id: number): number {
    return this.keys[id]!;
  }

  /** The property key of a value inside an object, decoded; undefined for array elements and the root. */
  keyOf(id: number): string | undefined {
    const start = this.keys[id]!;
    if (start === -1) return undefined;
    return this.decodeString(start, this.stringEnd(start) + 1);
  }

  keyEquals(id: number, key: string): boolean {
    const start = this.keys[id]!;
    if (start === -1) return false;
    const b = this.bytes;
    // Fast path: plain ASCII keys without escapes compare byte by byte.
    let i = start + 1;
    for (let k = 0; k < key.length; k++, i++) {
      const code = key.charCodeAt(k);
      if (code >= 0x80 || b[i] === BACKSLASH) return this.keyOf(id) === key;
      if (b[i] !== code) return false;
    }
    return b[i] === QUOTE;
  }

  private decodeString(start: number, end: number): string {
    const raw = this.bytes.subarray(start + 1, end - 1);
    if (raw.indexOf(BACKSLASH) === -1) return this.decoder.decode(raw);
    return JSON.parse(this.decoder.decode(this.bytes.subarray(start, end))) as string;
  }

  rawOf(id: number): string {
    return this.decoder.decode(this.bytes.subarray(this.starts[id], this.ends[id]));
  }

  byteLengthOf(id: number): number {
    return this.ends[id]! - this.starts[id]!;
  }

  valueOf(id: number): unknown {
    if ((this.kinds[id]! & KIND_MASK) === KIND_STRING) return this.decodeString(this.starts[id]!, this.ends[id]!);
    return JSON.parse(this.rawOf(id));
  }

  node(id: number): JsonNode {
    return new JsonNode(this, id);
  }
}

/** A value of an indexed JSON text: navigate without decoding, decode only what is shown. */
export class JsonNode {
  constructor(
    private readonly index: JsonIndex,
    private readonly id: number,
  ) {}

  get kind(): JsonKind {
    return this.index.kindOf(this.id);
  }

  get isContainer(): boolean {
    const kind = this.kind;
    return kind === 'object' || kind === 'array';
  }

  /** The property key when this value sits in an object. */
  get key(): string | undefined {
    return this.index.keyOf(this.id);
  }

  /** The node whose children live in the same index as this node's children. */
  private expanded(): { index: JsonIndex; id: number } {
    return this.index.isShallow(this.id)
      ? { index: this.index.subIndex(this.id), id: 0 }
      : { index: this.index, id: this.id };
  }

  childCount(): number {
    const { index, id } = this.expanded();
    const tail = index.tailOf(id);
    if (tail !== undefined) return SPARSE_PREFIX + tail.count;
    let count = 0;
    for (let child = index.firstChild(id); child !== -1; child = index.nextSibling(child)) count++;
    return count;
  }

  /** Children from `offset`, at most `limit` of them. */
  children(offset = 0, limit = Number.MAX_SAFE_INTEGER): JsonNode[] {
    const { index, id } = this.expanded();
    const out: JsonNode[] = [];
    let position = 0;
    for (let child = index.firstChild(id); child !== -1 && out.length < limit; child = index.nextSibling(child)) {
      if (position++ >= offset) out.push(new JsonNode(index, child));
    }
    const tail = index.tailOf(id);
    if (tail === undefined) return out;
    // Beyond the prefix: the chunks that hold the page, each indexed once.
    let at = Math.max(offset, SPARSE_PREFIX) - SPARSE_PREFIX;
    while (out.length < limit && at < tail.count) {
      const k = Math.floor(at / SPARSE_CHUNK);
      const chunk = index.tailChunk(id, k);
      let item = k * SPARSE_CHUNK;
      for (let child = chunk.firstChild(0); child !== -1 && out.length < limit; child = chunk.nextSibling(child)) {
        if (item++ >= at) out.push(new JsonNode(chunk, child));
      }
      at = (k + 1) * SPARSE_CHUNK;
    }
    return out;
  }

  /** The element at a position of an array. */
  at(position: number): JsonNode | undefined {
    if (this.kind !== 'array') return undefined;
    return this.children(position, 1)[0];
  }

  /** The value of a key of an object (the last one when a key repeats, as JSON.parse does). */
  get(key: string): JsonNode | undefined {
    if (this.kind !== 'object') return undefined;
    const { index, id } = this.expanded();
    let found = -1;
    for (let child = index.firstChild(id); child !== -1; child = index.nextSibling(child)) {
      if (index.keyEquals(child, key)) found = child;
    }
    return found === -1 ? undefined : new JsonNode(index, found);
  }

  /** Follows keys (objects) and positions (arrays). */
  find(path: readonly (string | number)[]): JsonNode | undefined {
    let current: JsonNode | undefined = this.index.node(this.id);
    for (const step of path) {
      current = typeof step === 'number' ? current.at(step) : current.get(step);
      if (current === undefined) return undefined;
    }
    return current;
  }

  /** The value's JSON text, exactly as received. */
  raw(): string {
    return this.index.rawOf(this.id);
  }

  get byteLength(): number {
    return this.index.byteLengthOf(this.id);
  }

  /** The decoded value (JSON.parse of its text: meant for small values). */
  value(): unknown {
    return this.index.valueOf(this.id);
  }

  string(): string | undefined {
    return this.kind === 'string' ? (this.value() as string) : undefined;
  }

  number(): number | undefined {
    return this.kind === 'number' ? (this.value() as number) : undefined;
  }

  boolean(): boolean | undefined {
    return this.kind === 'boolean' ? (this.value() as boolean) : undefined;
  }
}

/** Indexes a JSON text (UTF-8) and returns its root. Throws JsonSyntaxError. */
export function indexJson(bytes: Uint8Array, maxDepth = DEFAULT_MAX_DEPTH): JsonNode {
  return JsonIndex.build(bytes, maxDepth).node(0);
}
