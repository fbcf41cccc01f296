// A `geo_shape` query's shape written as WKT text, read as OpenSearch's WKT parser for shapes reads it
// (docs/opensearch/query-dsl.md#geo-shapes; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
// `cross/lists/wkt/*`): the syntax, and the checks made as the parts are made (a line's points, a ring's closure,
// points of one dimension, a box's sides), each refused in its words. What a shape is checked for once it is built
// (a polygon's edges) is left to the server.
import { isJavaDouble, javaDoubleNumber } from './values';

/** The names of the shape types, as GeoJSON's `type` gives them and WKT's first word (any case). */
export const SHAPE_TYPES: readonly string[] = [
  'point',
  'multipoint',
  'linestring',
  'multilinestring',
  'polygon',
  'multipolygon',
  'geometrycollection',
  'envelope',
  'circle',
];

/** WKT's names: a box may also be `BBOX`. */
const WKT_TYPES: ReadonlySet<string> = new Set([...SHAPE_TYPES, 'bbox']);

/** A token as Java's StreamTokenizer makes it with the parser's syntax. */
type Token = { readonly word: string } | { readonly char: string } | 'end';

/** The reading stopped on what the WKT text says: its refusal, or what is not judged here. */
class Stop extends Error {
  constructor(readonly reading: WktReading | undefined) {
    super(reading === undefined ? 'not judged' : 'refused');
  }
}

/**
 * The parser's tokens: words of letters, digits, `-`, `+`, `.` and characters from U+00A0 up; everything up to the
 * space is blank; `#` starts a comment to the end of its line; any other character is a token of its own.
 */
class Tokens {
  private at = 0;
  private pushed: Token | undefined;
  /** The token read last, which the refusals name. */
  last: Token = 'end';

  constructor(private readonly text: string) {}

  next(): Token {
    if (this.pushed !== undefined) {
      this.last = this.pushed;
      this.pushed = undefined;
      return this.last;
    }
    const text = this.text;
    for (;;) {
      if (this.at >= text.length) return (this.last = 'end');
      const c = text.charCodeAt(this.at);
      if (c <= 32) {
        this.at++;
      } else if (c === 35 /* # */) {
        while (this.at < text.length && text[this.at] !== '\n' && text[this.at] !== '\r') this.at++;
      } else break;
    }
    const start = this.at;
    while (this.at < text.length && isWordChar(text.charCodeAt(this.at))) this.at++;
    if (this.at > start) return (this.last = { word: text.slice(start, this.at) });
    this.at++;
    return (this.last = { char: text[start]! });
  }

  /** Whether the next token is a word, leaving it to be read. */
  wordNext(): boolean {
    const token = this.next();
    this.pushed = token;
    return typeof token === 'object' && 'word' in token;
  }
}

function isWordChar(c: number): boolean {
  return (
    (c >= 97 && c <= 122) ||
    (c >= 65 && c <= 90) ||
    (c >= 48 && c <= 57) ||
    c === 45 ||
    c === 43 ||
    c === 46 ||
    c >= 160
  );
}

/** A token as the refusals write it. */
function tokenText(token: Token): string {
  if (token === 'end') return 'END-OF-STREAM';
  return 'word' in token ? token.word : `'${token.char}'`;
}

/** The value of a hexadecimal text `Double.parseDouble` reads (`0x1p3` is 8). */
function hexadecimalNumber(text: string): number {
  const parts = /^([+-]?)0[xX]([0-9a-fA-F]*)(?:\.([0-9a-fA-F]*))?[pP]([+-]?\d+)[fFdD]?$/.exec(text.trim());
  if (parts === null) return NaN;
  const [, sign, whole = '', fraction = '', exponent = '0'] = parts;
  const digits = whole + fraction;
  const mantissa = digits === '' ? 0 : parseInt(digits, 16);
  return (sign === '-' ? -1 : 1) * mantissa * 2 ** (Number(exponent) - 4 * fraction.length);
}

const EMPTY = 'EMPTY';

/** What reading a WKT text found: a refusal of the parser or of a shape it makes, or the point a `POINT` is. */
export type WktReading =
  { readonly refusal: string; readonly status: 400 | 500 } | { readonly point: readonly number[] };

class WktReader {
  private readonly tokens: Tokens;
  /** Whether something was read that is not judged past the syntax (a shape written EMPTY inside another). */
  private unknown = false;
  private point: readonly number[] | undefined;

  constructor(text: string) {
    this.tokens = new Tokens(text);
  }

  private refuse(message: string, status: 400 | 500 = 400): never {
    throw new Stop({ refusal: message, status });
  }

  /** Stops reading: what follows may fail otherwise than this reading knows. */
  private unjudged(): never {
    throw new Stop(undefined);
  }

  /** A word (`EMPTY` in any case as `EMPTY`), or one of `(`, `)` and `,`. */
  private nextWord(): string {
    const token = this.tokens.next();
    if (token !== 'end') {
      if ('word' in token) return token.word.toUpperCase() === EMPTY ? EMPTY : token.word;
      if (token.char === '(' || token.char === ')' || token.char === ',') return token.char;
    }
    return this.refuse(`expected word but found: ${tokenText(token)}`);
  }

  private nextNumber(): number {
    const token = this.tokens.next();
    if (token !== 'end' && 'word' in token) {
      if (token.word.toUpperCase() === 'NAN') return NaN;
      if (!isJavaDouble(token.word)) this.refuse(`invalid number found: ${token.word}`);
      return javaDoubleNumber(token.word) ?? hexadecimalNumber(token.word);
    }
    return this.refuse(`expected number but found: ${tokenText(token)}`);
  }

  private expect(what: string, ...allowed: string[]): string {
    const word = this.nextWord();
    if (allowed.includes(word)) return word;
    return this.refuse(`expected ${what} but found: ${tokenText(this.tokens.last)}`);
  }

  /** `EMPTY` or `(`. */
  private open(): boolean {
    return this.expect(`${EMPTY} or (`, EMPTY, '(') === '(';
  }

  private close(): void {
    this.expect(')', ')');
  }

  private closeOrComma(): boolean {
    return this.expect(', or )', ',', ')') === ',';
  }

  /** The whole text: one shape, then nothing. */
  read(): WktReading | undefined {
    try {
      // A shape written EMPTY has no shape but a multipoint's or a multiline's, which are empty ones.
      const shape = this.shape();
      const rest = this.tokens.next();
      if (rest !== 'end') this.refuse(`expected end of WKT string but found additional text: ${tokenText(rest)}`);
      if (shape === 'none') return { refusal: 'either shape or indexedShapeId is required', status: 400 };
      if (this.unknown || shape === 'empty') return undefined;
      return this.point === undefined ? undefined : { point: this.point };
    } catch (error) {
      if (error instanceof Stop) return error.reading;
      throw error;
    }
  }

  /** One shape: 'none' for one written EMPTY that makes no shape, 'empty' for an empty multipoint or multiline. */
  private shape(inside = false): 'none' | 'empty' | 'read' {
    const word = this.nextWord();
    const type = word.toLowerCase();
    if (!WKT_TYPES.has(type)) this.refuse(`unknown geo_shape [${word}]`);
    if (type === 'circle') this.refuse('Unknown geometry type: circle');
    if (!this.open()) {
      if (inside) this.unknown = true;
      return type === 'multipoint' || type === 'multilinestring' ? 'empty' : 'none';
    }
    switch (type) {
      case 'point': {
        const point = this.coordinate(undefined);
        this.close();
        if (!inside) this.point = point;
        else this.unknown = true;
        return 'read';
      }
      case 'multipoint':
        this.points();
        return 'read';
      case 'linestring':
        this.line();
        return 'read';
      case 'multilinestring':
        this.members(() => {
          this.line();
        });
        return 'read';
      case 'polygon':
        this.polygon();
        return 'read';
      case 'multipolygon':
        this.members(() => {
          this.polygon();
        });
        return 'read';
      case 'geometrycollection':
        do if (this.shape(true) !== 'read') this.unknown = true;
        while (this.closeOrComma());
        return 'read';
      default:
        this.box();
        return 'read';
    }
  }

  /** The members of a multiline or a multipolygon, each after its own `(`; one written EMPTY is not judged. */
  private members(read: () => void): void {
    do
      if (this.open()) read();
      else this.unknown = true;
    while (this.closeOrComma());
  }

  /** A line's points after its `(`: two at least, as the line is made. */
  private line(): void {
    const count = this.points().length;
    if (count < 2) this.refuse(`invalid number of points in LineString (found [${count}] - must be >= 2)`);
  }

  /** A polygon's rings after its `(`: the shell, then the holes. */
  private polygon(): void {
    do this.ring();
    while (this.closeOrComma());
  }

  /**
   * A ring: closed by its first and last point's longitude and latitude, then of four points at least (the parser's
   * own checks, in this order).
   */
  private ring(): void {
    if (!this.open()) {
      this.unknown = true;
      return;
    }
    const points = this.points();
    if (points.length >= 4) {
      const first = points[0]!;
      const last = points[points.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) {
        this.refuse('invalid LinearRing found (coordinates are not closed)');
      }
    }
    if (points.length < 4) {
      this.refuse(`invalid number of points in LinearRing (found [${points.length}] - must be >= 4)`);
    }
  }

  /** A box after its `(`: west, east, north, south, between commas; north below south is refused as it is made. */
  private box(): void {
    const sides = [this.nextNumber()];
    for (let i = 0; i < 3; i++) {
      this.expect(',', ',');
      sides.push(this.nextNumber());
    }
    this.close();
    if (sides.some(Number.isNaN)) this.unjudged();
    if (sides[2]! < sides[3]!) this.refuse('max y cannot be less than min x');
  }

  /**
   * Points after an opening `(`, to the closing one: each a longitude, a latitude and perhaps a height, written bare
   * or in parentheses of its own; a place where no point stands is skipped. Every point has as many numbers as the
   * first, which is checked as each is added (HTTP 500). A list with no point at all is not judged.
   */
  private points(): (readonly number[])[] {
    const points: (readonly number[])[] = [];
    do {
      let own = false;
      if (this.tokens.wordNext() || (own = this.nextWord() === '(')) points.push(this.coordinate(points[0]));
      if (own) this.close();
    } while (this.closeOrComma());
    if (points.length === 0) this.unjudged();
    return points;
  }

  private coordinate(first: readonly number[] | undefined): readonly number[] {
    const point = [this.nextNumber(), this.nextNumber()];
    if (this.tokens.wordNext()) {
      const height = this.nextNumber();
      // A height NaN counts as none where the dimensions are compared.
      if (Number.isNaN(height)) this.unjudged();
      point.push(height);
    }
    if (first !== undefined && first.length !== point.length) {
      this.refuse(
        `unable to add coordinate to CoordinateBuilder: coordinate dimensions do not match. Expected [${first.length}] but found [${point.length}]`,
        500,
      );
    }
    return point;
  }
}

/** A shape written as WKT text as the parser reads it; undefined when it is read and not judged further here. */
export function readWkt(text: string): WktReading | undefined {
  return new WktReader(text).read();
}
