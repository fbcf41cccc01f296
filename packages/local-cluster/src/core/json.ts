// A JSON reader that behaves like the parser OpenSearch configures (Jackson with comments allowed and strict
// duplicate detection) and keeps the position of every value, so that errors can carry `line` and `col`.
import { OsError } from './errors';

interface Position {
  readonly line: number;
  readonly col: number;
}

export type JNode = JObject | JArray | JString | JNumber | JBool | JNull;

export interface JObject extends Position {
  readonly kind: 'object';
  readonly entries: readonly JEntry[];
}
interface JEntry {
  readonly key: string;
  readonly keyPos: Position;
  readonly value: JNode;
}
interface JArray extends Position {
  readonly kind: 'array';
  readonly items: readonly JNode[];
}
interface JString extends Position {
  readonly kind: 'string';
  readonly value: string;
}
interface JNumber extends Position {
  readonly kind: 'number';
  readonly value: number;
  readonly text: string;
  readonly integral: boolean;
}
interface JBool extends Position {
  readonly kind: 'boolean';
  readonly value: boolean;
}
interface JNull extends Position {
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

function jacksonError(type: string, message: string, line: number, col: number): OsError {
  return new OsError(400, type, `${message}\n at [Source: ${LOCATION_SOURCE}; line: ${line}, column: ${col}]`);
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

  constructor(readonly text: string) {}

  get col(): number {
    return this.pos - this.lineStart + 1;
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
    throw jacksonError('json_parse_exception', message, this.line, this.col);
  }

  failEof(message: string): never {
    throw jacksonError('json_e_o_f_exception', message, this.line, this.col);
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

function parseValue(r: Reader, depth: number, context: string): JNode {
  if (!r.skipSpace()) r.failEof(`Unexpected end-of-input${context}`);
  const line = r.line;
  const col = r.col;
  const ch = r.peek();
  if (depth > 1000) r.fail('Document nesting depth exceeds the maximum allowed (1000)');
  if (ch === '{') return parseObject(r, depth, line, col);
  if (ch === '[') return parseArray(r, depth, line, col);
  if (ch === '"') return { kind: 'string', value: parseString(r), line, col };
  if (ch === '-' || (ch >= '0' && ch <= '9')) return parseNumber(r, line, col);
  const word = /^[A-Za-z0-9_$]+/.exec(r.text.slice(r.pos, r.pos + 256))?.[0] ?? '';
  if (word === 'true' || word === 'false' || word === 'null') {
    for (let i = 0; i < word.length; i++) r.advance();
    if (word === 'null') return { kind: 'null', line, col };
    return { kind: 'boolean', value: word === 'true', line, col };
  }
  if (word.length > 0) {
    r.fail(
      `Unrecognized token '${word}': was expecting (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`,
    );
  }
  r.advance();
  r.fail(
    `Unexpected character ${describeChar(ch)}: expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')`,
  );
}

function parseObject(r: Reader, depth: number, line: number, col: number): JObject {
  r.advance();
  const entries: JEntry[] = [];
  const seen = new Set<string>();
  if (!r.skipSpace())
    r.failEof(
      `Unexpected end-of-input: expected close marker for Object (start marker at line ${line}, column ${col})`,
    );
  if (r.peek() === '}') {
    r.advance();
    return { kind: 'object', entries, line, col };
  }
  for (;;) {
    if (!r.skipSpace())
      r.failEof(
        `Unexpected end-of-input: expected close marker for Object (start marker at line ${line}, column ${col})`,
      );
    const ch = r.peek();
    if (ch !== '"') {
      r.advance();
      r.fail(`Unexpected character ${describeChar(ch)}: was expecting double-quote to start field name`);
    }
    const keyPos = { line: r.line, col: r.col };
    const key = parseString(r);
    if (seen.has(key)) {
      throw jacksonError('json_parse_exception', `Duplicate field '${key}'`, r.line, r.col);
    }
    seen.add(key);
    if (!r.skipSpace())
      r.failEof(
        `Unexpected end-of-input: expected close marker for Object (start marker at line ${line}, column ${col})`,
      );
    if (r.peek() !== ':') {
      const c = r.peek();
      r.advance();
      r.fail(`Unexpected character ${describeChar(c)}: was expecting a colon to separate field name and value`);
    }
    r.advance();
    const value = parseValue(
      r,
      depth + 1,
      `: expected close marker for Object (start marker at line ${line}, column ${col})`,
    );
    entries.push({ key, keyPos, value });
    if (!r.skipSpace())
      r.failEof(
        `Unexpected end-of-input: expected close marker for Object (start marker at line ${line}, column ${col})`,
      );
    const sep = r.peek();
    r.advance();
    if (sep === '}') return { kind: 'object', entries, line, col };
    if (sep !== ',')
      r.fail(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Object entries`);
  }
}

function parseArray(r: Reader, depth: number, line: number, col: number): JArray {
  r.advance();
  const items: JNode[] = [];
  if (!r.skipSpace())
    r.failEof(`Unexpected end-of-input: expected close marker for Array (start marker at line ${line}, column ${col})`);
  if (r.peek() === ']') {
    r.advance();
    return { kind: 'array', items, line, col };
  }
  for (;;) {
    items.push(
      parseValue(r, depth + 1, `: expected close marker for Array (start marker at line ${line}, column ${col})`),
    );
    if (!r.skipSpace())
      r.failEof(
        `Unexpected end-of-input: expected close marker for Array (start marker at line ${line}, column ${col})`,
      );
    const sep = r.peek();
    r.advance();
    if (sep === ']') return { kind: 'array', items, line, col };
    if (sep !== ',') r.fail(`Unexpected character ${describeChar(sep)}: was expecting comma to separate Array entries`);
  }
}

function parseString(r: Reader): string {
  r.advance();
  let out = '';
  for (;;) {
    if (r.eof()) r.failEof('Unexpected end-of-input in VALUE_STRING');
    const ch = r.advance();
    if (ch === '"') return out;
    if (ch === '\\') {
      if (r.eof()) r.failEof('Unexpected end-of-input in character escape sequence');
      const e = r.advance();
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const hex = r.text.slice(r.pos, r.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex))
            r.fail('Unexpected character: expected a hex-digit for character escape sequence');
          for (let i = 0; i < 4; i++) r.advance();
          out += String.fromCharCode(parseInt(hex, 16));
          break;
        }
        default:
          r.fail(`Unrecognized character escape ${describeChar(e)}`);
      }
    } else if (ch.charCodeAt(0) < 32) {
      r.fail(
        `Illegal unquoted character ${describeChar(ch)}: has to be escaped using backslash to be included in string value`,
      );
    } else {
      out += ch;
    }
  }
}

function parseNumber(r: Reader, line: number, col: number): JNumber {
  const m = /^-?(\d+)(\.\d+)?([eE][+-]?\d+)?/.exec(r.text.slice(r.pos, r.pos + 400));
  if (!m) {
    r.advance();
    r.fail(
      `Unexpected character ${describeChar(r.peek() || ' ')}: expected digit (0-9) to follow minus sign, for valid numeric value`,
    );
  }
  const text = m[0];
  const digits = m[1]!; // the integer part, (\d+), is not optional
  if (digits.length > 1 && digits.startsWith('0')) r.fail('Invalid numeric value: Leading zeroes not allowed');
  for (let i = 0; i < text.length; i++) r.advance();
  const next = r.peek();
  if (/[A-Za-z_.]/.test(next)) {
    r.advance();
    r.fail(`Unexpected character ${describeChar(next)}: Expected space separating root-level values`);
  }
  const integral = !/[.eE]/.test(text);
  return { kind: 'number', value: Number(text), text, integral, line, col };
}

/** Parses one JSON value; content after it is returned (not checked) so that each caller applies its own rule. */
export function parseJsonValue(text: string): { value: JNode | undefined; rest: Reader } {
  const r = new Reader(text);
  if (!r.skipSpace()) return { value: undefined, rest: r };
  const value = parseValue(r, 0, '');
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
  return parseValue(rest, 0, '').kind;
}

/** Reads only the first token, as `parser.map()` does: an object is parsed whole, anything else gives `{}`. */
export function parseHeaderMap(text: string): JObject {
  const r = new Reader(text);
  if (!r.skipSpace()) return { kind: 'object', entries: [], line: 1, col: 1 };
  if (r.peek() !== '{') {
    const ch = r.peek();
    if (!/[[\]"0-9\-tfn]/.test(ch)) parseValue(r, 0, '');
    return { kind: 'object', entries: [], line: 1, col: 1 };
  }
  const v = parseValue(r, 0, '');
  return v as JObject;
}

export function toPlain(node: JNode): unknown {
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const e of node.entries) out[e.key] = toPlain(e.value);
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
