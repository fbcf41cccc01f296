// How each shard reads the value a query compares a field with, by the field's type: numbers with Java's number
// parsers, booleans as `true` or `false` only, addresses as IP literals. Only what every reader of the type refuses is
// said here (a text `Double.parseDouble` refuses fails for every numeric type; some types refuse more, such as a long
// with spaces around it, which is not judged). Each rule and its words were recorded on real 3.8.0 and 2.19.1
// (docs/opensearch/query-dsl.md#values-the-field-type-reads; conformance cases `cross/field-values/*`).
import { isIpv4, isJavaDouble, javaDoubleNumber, javaNumberText } from './values';
import { defaultDateError } from './dateMath';

export const NUMERIC_TYPES: ReadonlySet<string> = new Set([
  'long',
  'integer',
  'short',
  'byte',
  'double',
  'float',
  'half_float',
  'scaled_float',
  'unsigned_long',
]);

/** An IPv4 address in four parts of up to 255, or something that may be an IPv6 one (hexadecimal digits and colons). */
function mayBeIp(text: string): boolean {
  return isIpv4(text) || (text.includes(':') && /^[0-9a-fA-F:.%a-zA-Z]+$/.test(text));
}

/** The floating-point types, which refuse what is not finite in words naming the type. */
const FLOAT_TYPES = new Set(['double', 'float', 'half_float']);

/**
 * Why `Double.parseDouble` refuses a text it does not read, in its words: a second `.` among the digits is `multiple
 * points`, anything else `For input string: "<text>"` (the text trimmed).
 */
function javaDoubleError(text: string): string {
  const trimmed = text.trim();
  let i = /^[+-]/.test(trimmed) ? 1 : 0;
  let point = false;
  for (; i < trimmed.length; i++) {
    const c = trimmed[i]!;
    if (c === '.') {
      if (point) return 'multiple points';
      point = true;
    } else if (c < '0' || c > '9') break;
  }
  return `For input string: "${trimmed}"`;
}

/**
 * Why a field of `type` cannot read `value` (a JSON scalar; `written`, a number as the request writes it), in
 * OpenSearch's words after `failed to create query: `, or undefined when it reads it or when it is not judged.
 * `bound`: the value is a bound of a `range`, which reads an ip as an address only (no CIDR block) and takes a double
 * that is not finite; `term`, `terms` and `match` read a block, and refuse what is not finite.
 */
export function fieldValueError(type: string, value: unknown, written: string, bound: boolean): string | undefined {
  if (value === null || typeof value === 'object') return undefined;
  const rangeOf = RANGE_NUMBERS[type];
  if (rangeOf !== undefined) return rangeNumberError(rangeOf, value, written);
  if (NUMERIC_TYPES.has(type)) {
    if (typeof value === 'boolean') return `For input string: "${String(value)}"`;
    if (typeof value !== 'string') return undefined;
    if (value.trim() === '') return 'empty String';
    if (!isJavaDouble(value)) return javaDoubleError(value);
    if (!bound && FLOAT_TYPES.has(type) && /^[+-]?(NaN|Infinity)$/.test(value.trim())) {
      return `[${type}] supports only finite values, but got [${value.trim()}]`;
    }
    return undefined;
  }
  if (typeof value !== 'number' && typeof value !== 'string' && typeof value !== 'boolean') return undefined;
  const text = typeof value === 'number' ? written : String(value);
  if (type === 'boolean') {
    if (typeof value === 'boolean' || value === 'true' || value === 'false') return undefined;
    return `Can't parse boolean value [${text}], expected [true] or [false]`;
  }
  if (type === 'ip') {
    // A CIDR block (`10.0.0.0/8`) is read by a parser of its own where the query takes one: not judged.
    if ((!bound && text.includes('/')) || mayBeIp(text)) return undefined;
    return `'${text}' is not an IP string literal.`;
  }
  return undefined;
}

/** The number each numeric range field type reads its bounds as. */
const RANGE_NUMBERS: Readonly<Record<string, 'integer' | 'long' | 'float' | 'double' | undefined>> = {
  integer_range: 'integer',
  long_range: 'long',
  float_range: 'float',
  double_range: 'double',
};

/**
 * A value a numeric range field reads (`RangeType.parseValue`, by the number type's `parse` without coercion): a text
 * by the JVM's number parser (a boolean as its text), then for `integer_range` within an int and for both whole
 * types without a decimal part; the words print the value as the shard holds it, a text as its UTF-8 bytes (`Value
 * [[31 2e 35]] has a decimal part`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, cases `cross/lists/shard/range-field-*`).
 * A long's own range is not judged (JSON numbers beyond 2^53 are not held exactly here).
 */
function rangeNumberError(
  kind: 'integer' | 'long' | 'float' | 'double',
  value: unknown,
  written: string,
): string | undefined {
  if (typeof value === 'boolean') return `For input string: "${String(value)}"`;
  let n: number | undefined;
  let shown: string;
  if (typeof value === 'string') {
    if (value.trim() === '') return 'empty String';
    if (!isJavaDouble(value)) return javaDoubleError(value);
    // Only plain ASCII texts are printed here as their bytes.
    if (!/^[\x20-\x7e]*$/.test(value)) return undefined;
    n = javaDoubleNumber(value);
    shown = `[${Array.from({ length: value.length }, (_, i) => value.charCodeAt(i).toString(16)).join(' ')}]`;
  } else if (typeof value === 'number') {
    n = value;
    shown = javaNumberText(written, value);
  } else return undefined;
  if (n === undefined || !Number.isFinite(n) || (kind !== 'integer' && kind !== 'long')) return undefined;
  if (kind === 'integer' && (n < -2147483648 || n > 2147483647))
    return `Value [${shown}] is out of range for an integer`;
  return n % 1 !== 0 ? `Value [${shown}] has a decimal part` : undefined;
}

/** The integral numeric types, with the range a whole number written as digits must fall in. */
const INTEGRAL_RANGES: Readonly<Record<string, readonly [bigint, bigint] | undefined>> = {
  long: [-(2n ** 63n), 2n ** 63n - 1n],
  integer: [-(2n ** 31n), 2n ** 31n - 1n],
  short: [-32768n, 32767n],
  byte: [-128n, 127n],
};

/** The field types documentValueRead judges: those a document gives values to. */
export const DOCUMENT_VALUE_TYPES: ReadonlySet<string> = new Set([
  'keyword',
  'text',
  ...Object.keys(INTEGRAL_RANGES),
  ...FLOAT_TYPES,
  'boolean',
  'ip',
  'date',
]);

/** A whole number's digits against an integral type's range; undefined for a text that is not one. */
function wholeRead(text: string, range: readonly [bigint, bigint]): 'ok' | 'failed' | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const whole = BigInt(text);
  return whole < range[0] || whole > range[1] ? 'failed' : 'ok';
}

/** A text `BigDecimal` reads: the number forms a numeric field takes from a text in a document (no spaces). */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * What a field of `type` makes of a scalar of a document it parses (a `percolate` query's `document`): read (`ok`),
 * refused (`failed`), or not judged here. Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/percolate-document/*` (docs/opensearch/query-dsl.md#percolate-documents).
 */
export function documentValueRead(
  type: string,
  value: unknown,
  formatted: boolean,
  /** A number's text as written. */
  numberText = '',
): 'ok' | 'failed' | 'unknown' {
  if (value === null) return 'ok';
  if (type === 'keyword' || type === 'text') return 'ok';
  const range = INTEGRAL_RANGES[type];
  if (range !== undefined || FLOAT_TYPES.has(type)) {
    if (typeof value === 'boolean') return 'failed';
    if (typeof value === 'number') {
      if (range === undefined) return 'ok';
      // A whole number as written is read as one (beyond a long, as a big integer the type refuses).
      return wholeRead(numberText, range) ?? (Number.isSafeInteger(value) ? 'ok' : 'unknown');
    }
    if (typeof value !== 'string' || value === '') return 'unknown';
    if (DECIMAL_TEXT.test(value)) {
      if (range === undefined) return 'ok';
      const whole = wholeRead(value, range);
      if (whole !== undefined) return whole;
      // A decimal or an exponent is truncated: taken when the whole number it gives is plainly in range.
      const truncated = Math.trunc(Number(value));
      return Number.isSafeInteger(truncated) && BigInt(truncated) >= range[0] && BigInt(truncated) <= range[1]
        ? 'ok'
        : 'unknown';
    }
    // A text Double.parseDouble reads but BigDecimal does not (spaces around it, a `d` after it) is not judged for
    // the floating types; NaN and Infinity are not finite.
    if (range === undefined && isJavaDouble(value) && !/^[+-]?(NaN|Infinity)$/.test(value)) return 'unknown';
    return 'failed';
  }
  if (type === 'boolean') {
    if (typeof value === 'boolean' || value === 'true' || value === 'false' || value === '') return 'ok';
    return typeof value === 'string' || typeof value === 'number' ? 'failed' : 'unknown';
  }
  if (type === 'ip') {
    if (typeof value === 'number') return 'failed';
    if (typeof value !== 'string' || value === '') return 'unknown';
    return mayBeIp(value) ? 'ok' : 'failed';
  }
  if (type === 'date' && !formatted) {
    if (typeof value === 'number') return 'ok';
    if (typeof value !== 'string' || value === '') return 'unknown';
    return defaultDateError(value) === undefined ? 'ok' : 'failed';
  }
  return 'unknown';
}
