// A JSON reader that behaves like the parser OpenSearch configures (Jackson with comments allowed and strict
// duplicate detection) and keeps the position of every value, so that errors can carry `line` and `col`. OpenSearch
// 2.x runs Jackson 2 and 3.x runs Jackson 3, whose messages and exception types differ (see jacksonException).
import { jacksonException, OsError, type Jackson, type JacksonKind } from './errors';

export interface Position {
  readonly line: number;
  readonly col: number;
  /** Byte offset in the body, 0-based (Jackson 3 locates errors by it). */
  readonly offset?: number;
}

export type JNode = JObject | JArray | JString | JNumber | JBool | JNull;

interface Incomplete {
  /** Set when a syntax error cut this value short: reading past what was read throws it (streaming reads). */
  readonly incomplete?: OsError;
}

export interface JObject extends Position, Incomplete {
  readonly kind: 'object';
  readonly entries: readonly JEntry[];
  /** Where its closing brace is (the END_OBJECT token). */
  readonly end: Position;
}
export interface JEntry {
  readonly key: string;
  readonly keyPos: Position;
  readonly value: JNode;
}
interface JArray extends Position, Incomplete {
  readonly kind: 'array';
  readonly items: readonly JNode[];
  /** Where its closing bracket is (the END_ARRAY token). */
  readonly end: Position;
}
interface JString extends Position, Incomplete {
  readonly kind: 'string';
  readonly value: string;
}
interface JNumber extends Position, Incomplete {
  readonly kind: 'number';
  readonly value: number;
  readonly text: string;
  readonly integral: boolean;
}
interface JBool extends Position, Incomplete {
  readonly kind: 'boolean';
  readonly value: boolean;
}
interface JNull extends Position, Incomplete {
  readonly kind: 'null';
}

/** The name Jackson/OpenSearch gives the token that starts a value. */
export function tokenName(node: JNode | undefined): string {
  if (node === undefined) return 'null';
  switch (node.kind) {
    case 'object':
      return 'START_OBJECT';
    case 'array':
      return 'START_ARRAY';
    case 'string':
      return 'VALUE_STRING';
    case 'number':
      return 'VALUE_NUMBER';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    case 'null':
      return 'VALUE_NULL';
  }
}

const LOCATION_SOURCE = 'REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';

/** Jackson's way of naming a place in the body: line and column (Jackson 2), byte offset (Jackson 3). */
export function jacksonLocation(jackson: Jackson, at: Position | undefined): string {
  if (jackson === 3) return `[Source: ${LOCATION_SOURCE}; byte offset: #${at?.offset ?? 'UNKNOWN'}]`;
  return `[Source: ${LOCATION_SOURCE}; line: ${at?.line ?? 1}, column: ${at?.col ?? 1}]`;
}

/** An error of the JSON parser, with Jackson's location suffix. */
function jacksonError(jackson: Jackson, kind: JacksonKind, message: string, at: Position): never {
  throw jacksonException(jackson, kind, `${message}\n at ${jacksonLocation(jackson, at)}`);
}

function describeChar(ch: string): string {
  const code = ch.codePointAt(0) ?? 0;
  if (code < 32) return `(CTRL-CHAR, code ${code})`;
  return `('${ch}' (code ${code}))`;
}

class Reader {
  pos = 0;
  line = 1;
  lineStart = 0;

  constructor(
    readonly text: string,
    readonly jackson: Jackson,
    /** Keep what was read before a syntax error, and raise it only when the reader of the tree gets there. */
    readonly streaming = false,
  ) {}

  get col(): number {
    return this.pos - this.lineStart + 1;
  }

  /** A position whose UTF-8 byte offset is known, so that the next offsets are counted from there, not from 0. */
  private markPos = 0;
  private markBytes = 0;

  /** The UTF-8 byte offset of the current position; linear over a left-to-right read. */
  byteOffset(): number {
    if (this.pos < this.markPos) {
      this.markPos = 0;
      this.markBytes = 0;
    }
    if (this.pos > this.markPos) {
      this.markBytes += Buffer.byteLength(this.text.slice(this.markPos, this.pos));
      this.markPos = this.pos;
    }
    return this.markBytes;
  }

  /** The current position (line, column and byte offset). */
  here(): Position {
    return { line: this.line, col: this.col, offset: this.byteOffset() };
  }

  /** Jackson 3 names properties where Jackson 2 named fields. */
  get fieldWord(): string {
    return this.jackson === 3 ? 'property' : 'field';
  }

  /** The start marker of an unclosed object or array, as each generation words it. */
  startMarker(at: Position): string {
    return `start marker at ${this.jackson === 3 ? jacksonLocation(3, undefined) : jacksonLocation(2, at)}`;
  }

  eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text.charAt(this.pos);
  }

  advance(): string {
    const ch = this.text.charAt(this.pos++);
    if (ch === '\n') {
      this.line++;
      this.lineStart = this.pos;
    }
    return ch;
  }

  fail(message: string): never {
    jacksonError(this.jackson, 'syntax', message, this.here());
  }

  failEof(message: string): never {
    jacksonError(this.jackson, 'eof', message, this.here());
  }

  /** Skips whitespace and comments; false when the end of input is reached. */
  skipSpace(): boolean {
    for (;;) {
      if (this.eof()) return false;
      const ch = this.peek();
      if (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        this.advance();
      } else if (ch === '/') {
        const next = this.text.charAt(this.pos + 1);
        if (next === '/') {
          while (!this.eof() && this.peek() !== '\n') this.advance();
        } else if (next === '*') {
          this.advance();
          this.advance();
          for (;;) {
            if (this.eof()) this.failEof('Unexpected end-of-input in a comment');
            if (this.peek() === '*' && this.text.charAt(this.pos + 1) === '/') {
              this.advance();
              this.advance();
              break;
            }
            this.advance();
          }
        } else {
          this.advance();
          this.fail(
            `Unexpected character ${describeChar(next || ' ')}: maybe a (non-standard) comment? (not recognized as one since Feature 'ALLOW_COMMENTS' not enabled for parser)`,
          );
        }
      } else {
        return true;
      }
    }
  }
}

/** Where a value is read: at the top, or in an object or array that opened at a line and column. */
interface Within {
  readonly container?: 'Object' | 'Array';
  readonly line: number;
  readonly col: number;
}
const TOP: Within = { line: 1, col: 1 };

/** Jackson's message for input that ends inside an object or array (built only when it does). */
function unclosedMessage(r: Reader, within: Within): string {
  if (within.container === undefined) return 'Unexpected end-of-input';
  return `Unexpected end-of-input: expected close marker for ${within.container} (${r.startMarker(within)})`;
}

function parseValue(r: Reader, depth: number, within: Within, inArray = false): JNode {
  if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
  const line = r.line;
  const col = r.col;
  const offset = r.byteOffset();
  const ch = r.peek();
  if (depth > 1000) r.fail('Document nesting depth exceeds the maximum allowed (1000)');
  if (ch === '{') return parseObject(r, depth, line, col, offset);
  if (ch === '[') return parseArray(r, depth, line, col, offset);
  if (ch === '"') {
    if (!r.streaming) return { kind: 'string', value: parseString(r), line, col, offset };
    // Jackson knows a VALUE_STRING from its opening quote; a bad escape or a missing end shows when it is read.
    try {
      return { kind: 'string', value: parseString(r), line, col, offset };
    } catch (e) {
      if (!(e instanceof OsError)) throw e;
      const node = { kind: 'string', line, col, offset, incomplete: e } as JString;
      Object.defineProperty(node, 'value', {
        get(): never {
          throw e;
        },
      });
      return node;
    }
  }
  if (ch === '-' || (ch >= '0' && ch <= '9')) return parseNumber(r, line, col, offset, depth === 0);
  const word = /^[A-Za-z0-9_$]+/.exec(r.text.slice(r.pos, r.pos + 256))?.[0] ?? '';
  if (word === 'true' || word === 'false' || word === 'null') {
    for (let i = 0; i < word.length; i++) r.advance();
    if (word === 'null') return { kind: 'null', line, col, offset };
    return { kind: 'boolean', value: word === 'true', line, col, offset };
  }
  if (word.length > 0) {
    r.fail(
      `Unrecognized token '${word}': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`,
    );
  }
  r.advance();
  // Jackson's _handleOddValue: a comma or a closing brace (or a closing bracket inside an array) where a value should
  // be is "expected a value"; any other character is "expected a valid value (...)".
  if (ch === ',' || ch === '}' || (ch === ']' && inArray))
    r.fail(`Unexpected character ${describeChar(ch)}: expected a value`);
  r.fail(
    `Unexpected character ${describeChar(ch)}: expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`,
  );
}

/** An array whose element at `items.length` throws `error`: what a streaming parser meets when it gets there. */
function poisoned<T>(items: T[], error: OsError): T[] {
  const out = [...items];
  Object.defineProperty(out, out.length, {
    get(): never {
      throw error;
    },
    enumerable: true,
    configurable: true,
  });
  return out;
}

/**
 * The list in an array of its own size: one grown by push keeps room for more (17 slots for one item), which for a body
 * of many small objects is most of the tree's memory.
 */
function fitted<T>(list: T[]): T[] {
  return list.length === 1 ? [list[0]!] : list.slice();
}

function incompleteOf(node: JNode | undefined): OsError | undefined {
  return node === undefined ? undefined : node.incomplete;
}

function parseObject(r: Reader, depth: number, line: number, col: number, offset: number): JObject {
  r.advance();
  const entries: JEntry[] = [];
  const seen = new Set<string>();
  const within: Within = { container: 'Object', line, col };
  const partial = (e: OsError): JObject => ({
    kind: 'object',
    entries: poisoned(entries, e),
    line,
    col,
    offset,
    end: r.here(),
    incomplete: e,
  });
  try {
    if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
    if (r.peek() === '}') {
      const end = r.here();
      r.advance();
      return { kind: 'object', entries, line, col, offset, end };
    }
    for (;;) {
      if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
      const ch = r.peek();
      if (ch !== '"') {
        r.advance();
        r.fail(`Unexpected character ${describeChar(ch)}: was expecting double-quote to start ${r.fieldWord} name`);
      }
      const keyPos = r.here();
      const key = parseString(r);
      if (seen.has(key)) {
        jacksonError(
          r.jackson,
          'syntax',
          r.jackson === 3 ? `Duplicate Object property "${key}"` : `Duplicate field '${key}'`,
          r.here(),
        );
      }
      seen.add(key);
      if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
      if (r.peek() !== ':') {
        const c = r.peek();
        r.advance();
        r.fail(
          `Unexpected character ${describeChar(c)}: was expecting a colon to separate ${r.fieldWord} name and value`,
        );
      }
      r.advance();
      const value = parseValue(r, depth + 1, within);
      entries.push({ key, keyPos, value });
      const inner = incompleteOf(value);
      if (inner !== undefined) return partial(inner);
      if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
      const sep = r.peek();
      const end = r.here();
      r.advance();
      if (sep === '}') return { kind: 'object', entries: fitted(entries), line, col, offset, end };
      if (sep !== ',')
        r.fail(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Object entries`);
    }
  } catch (e) {
    if (!r.streaming || !(e instanceof OsError)) throw e;
    return partial(e);
  }
}

function parseArray(r: Reader, depth: number, line: number, col: number, offset: number): JArray {
  r.advance();
  const items: JNode[] = [];
  const within: Within = { container: 'Array', line, col };
  const partial = (e: OsError): JArray => ({
    kind: 'array',
    items: poisoned(items, e),
    line,
    col,
    offset,
    end: r.here(),
    incomplete: e,
  });
  try {
    if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
    if (r.peek() === ']') {
      const end = r.here();
      r.advance();
      return { kind: 'array', items, line, col, offset, end };
    }
    for (;;) {
      const item = parseValue(r, depth + 1, within, true);
      items.push(item);
      const inner = incompleteOf(item);
      if (inner !== undefined) return partial(inner);
      if (!r.skipSpace()) r.failEof(unclosedMessage(r, within));
      const sep = r.peek();
      const end = r.here();
      r.advance();
      if (sep === ']') return { kind: 'array', items: fitted(items), line, col, offset, end };
      if (sep !== ',')
        r.fail(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Array entries`);
    }
  } catch (e) {
    if (!r.streaming || !(e instanceof OsError)) throw e;
    return partial(e);
  }
}

const ESCAPES: ReadonlyMap<string, string> = new Map([
  ['"', '"'],
  ['\\', '\\'],
  ['/', '/'],
  ['b', '\b'],
  ['f', '\f'],
  ['n', '\n'],
  ['r', '\r'],
  ['t', '\t'],
]);

function parseString(r: Reader): string {
  r.advance();
  const text = r.text;
  const length = text.length;
  // Runs of plain characters are taken as slices (no line end can be in one: it must be escaped) and joined once:
  // adding characters one by one builds a rope of one node per character, gigabytes for a 100 MB string.
  const parts: string[] = [];
  for (;;) {
    const start = r.pos;
    let end = start;
    while (end < length) {
      const code = text.charCodeAt(end);
      if (code === 34 || code === 92 || code < 32) break; // '"', '\\', a control character
      end++;
    }
    if (end > start) {
      parts.push(text.slice(start, end));
      r.pos = end;
    }
    if (r.eof()) r.failEof('Unexpected end-of-input in VALUE_STRING');
    const ch = r.advance();
    if (ch === '"') return parts.length === 1 ? parts[0]! : parts.join('');
    if (ch === '\\') {
      if (r.eof()) r.failEof('Unexpected end-of-input in character escape sequence');
      const e = r.advance();
      const simple = ESCAPES.get(e);
      if (simple !== undefined) {
        parts.push(simple);
      } else if (e === 'u') {
        const hex = r.text.slice(r.pos, r.pos + 4);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          r.fail('Unexpected character: expected a hex-digit for character escape sequence');
        for (let i = 0; i < 4; i++) r.advance();
        parts.push(String.fromCharCode(parseInt(hex, 16)));
      } else {
        r.fail(`Unrecognized character escape ${describeChar(e)}`);
      }
    } else {
      r.fail(
        `Illegal unquoted character ${describeChar(ch)}: has to be escaped using backslash to be included in string value`,
      );
    }
  }
}

function parseNumber(r: Reader, line: number, col: number, offset: number, root: boolean): JNumber {
  const text0 = r.text;
  let i = r.pos;
  const failAt = (j: number, why: string): never => {
    while (r.pos < j) r.advance();
    const c = text0.charAt(j);
    r.advance();
    r.fail(`Unexpected character ${describeChar(c || ' ')} in numeric value: ${why}`);
  };
  if (text0[i] === '-') {
    i++;
    if (!/[0-9]/.test(text0.charAt(i))) failAt(i, 'expected digit (0-9) to follow minus sign, for valid numeric value');
  }
  const intStart = i;
  while (/[0-9]/.test(text0.charAt(i))) i++;
  if (i - intStart > 1 && text0[intStart] === '0') {
    while (r.pos < intStart + 1) r.advance();
    r.fail('Invalid numeric value: Leading zeroes not allowed');
  }
  let integral = true;
  if (text0[i] === '.') {
    integral = false;
    i++;
    if (!/[0-9]/.test(text0.charAt(i))) failAt(i, 'Decimal point not followed by a digit');
    while (/[0-9]/.test(text0.charAt(i))) i++;
  }
  if (text0[i] === 'e' || text0[i] === 'E') {
    integral = false;
    i++;
    if (text0[i] === '+' || text0[i] === '-') i++;
    if (!/[0-9]/.test(text0.charAt(i))) failAt(i, 'Exponent indicator not followed by a digit');
    while (/[0-9]/.test(text0.charAt(i))) i++;
  }
  const text = text0.slice(r.pos, i);
  while (r.pos < i) r.advance();
  const next = r.peek();
  if (root && /[A-Za-z_.]/.test(next)) {
    r.advance();
    r.fail(`Unexpected character ${describeChar(next)}: Expected space separating root-level values`);
  }
  return { kind: 'number', value: Number(text), text, integral, line, col, offset };
}

/** Parses one JSON value; content after it is returned (not checked) so that each caller applies its own rule. */
export function parseJsonValue(
  text: string,
  jackson: Jackson = 2,
  streaming = false,
): { value: JNode | undefined; rest: Reader } {
  const r = new Reader(text, jackson, streaming);
  if (!r.skipSpace()) return { value: undefined, rest: r };
  const value = parseValue(r, 0, TOP);
  return { value, rest: r };
}

/** The token that follows a parsed value, as OpenSearch's trailing-token check sees it. */
export function nextTokenName(rest: Reader): string | undefined {
  if (!rest.skipSpace()) return undefined;
  const ch = rest.peek();
  const map: Record<string, string> = {
    '{': 'START_OBJECT',
    '[': 'START_ARRAY',
    '"': 'VALUE_STRING',
    '}': 'END_OBJECT',
    ']': 'END_ARRAY',
  };
  if (ch in map) return map[ch];
  if (ch === '-' || (ch >= '0' && ch <= '9')) return 'VALUE_NUMBER';
  if (rest.text.startsWith('true', rest.pos) || rest.text.startsWith('false', rest.pos)) return 'VALUE_BOOLEAN';
  if (rest.text.startsWith('null', rest.pos)) return 'VALUE_NULL';
  return parseValue(rest, 0, TOP).kind;
}

/** Reads only the first token, as `parser.map()` does: an object is parsed whole, anything else gives `{}`. */
export function parseHeaderMap(text: string, jackson: Jackson = 2): JObject {
  const r = new Reader(text, jackson);
  const empty: JObject = { kind: 'object', entries: [], line: 1, col: 1, offset: 0, end: { line: 1, col: 1 } };
  if (!r.skipSpace()) return empty;
  if (r.peek() !== '{') {
    const ch = r.peek();
    if (!/[[\]"0-9\-tfn]/.test(ch)) parseValue(r, 0, TOP);
    return empty;
  }
  const v = parseValue(r, 0, TOP);
  return v as JObject;
}

/**
 * Sets a field of a plain object as JSON means it: a key `__proto__` is a field like any other (OpenSearch keeps it in
 * `_source` and maps it), never the object's prototype, which an assignment would set and so drop the field.
 */
export function setField(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}

export function toPlain(node: JNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const e of node.entries) setField(out, e.key, toPlain(e.value));
      return out;
    }
    case 'array':
      return node.items.map(toPlain);
    case 'null':
      return null;
    default:
      return node.value;
  }
}
