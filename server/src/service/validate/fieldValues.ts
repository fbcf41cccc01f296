// How each shard reads the value a query compares a field with, by the field's type: numbers with Java's number
// parsers, booleans as `true` or `false` only, addresses as IP literals. Only what every reader of the type refuses is
// said here (a text `Double.parseDouble` refuses fails for every numeric type; some types refuse more, such as a long
// with spaces around it, which is not judged). Each rule and its words were recorded on real 3.8.0 and 2.19.1
// (docs/opensearch/query-dsl.md#values-the-field-type-reads; conformance cases `cross/field-values/*`).
import { isIpv4, isJavaDouble, javaDoubleNumber, javaNumberText } from './values';

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
