// How OpenSearch reads scalar values (docs/opensearch/json-and-values.md). Each function returns the error text the server
// would give, or undefined when the value is accepted.

/** `Booleans.parseBoolean(String)`: exact lowercase true/false only. */
export function strictBooleanError(value: string): string | undefined {
  if (value === 'true' || value === 'false') return undefined;
  return `Failed to parse value [${value}] as only [true] or [false] are allowed.`;
}

/**
 * `XContentParser.booleanValue()` on a text: `true` and `false`, and an empty text, read as `false` (the parsers of the
 * body's objects read their booleans so: real 3.9.0 and 2.19.6, conformance cases `cross/lists/empty-boolean/*`).
 */
export function textBooleanError(value: string): string | undefined {
  return value === '' ? undefined : strictBooleanError(value);
}

/** Java's `hasText`: some non-whitespace character. */
export function hasText(value: string): boolean {
  return /\S/.test(value);
}

const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

/** `Integer.parseInt`: optional sign, decimal digits, in range. */
export function parseJavaInt(value: string): number | undefined {
  if (!/^[+-]?\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= INT_MIN && n <= INT_MAX ? n : undefined;
}

/** `Long.parseLong`: optional sign, decimal digits, in range. */
export function parseJavaLong(value: string): bigint | undefined {
  if (!/^[+-]?\d+$/.test(value)) return undefined;
  const n = BigInt(value);
  return n >= -9223372036854775808n && n <= 9223372036854775807n ? n : undefined;
}

/** Java's `String.trim`: drops every character up to the space (U+0020) at both ends, control characters included. */
export function javaTrim(value: string): string {
  let start = 0;
  let end = value.length;
  while (start < end && value.charCodeAt(start) <= 0x20) start++;
  while (end > start && value.charCodeAt(end - 1) <= 0x20) end--;
  return value.slice(start, end);
}

/**
 * What Java's number parsing says of a text it refuses: an empty or blank text is `empty String` (`Double.parseDouble`
 * trims first), any other `For input string: "<text>"` (real 3.9.0; conformance cases `cross/lists/empty-number/*`).
 */
export function numberTextError(text: string): string {
  return text.trim() === '' ? 'empty String' : `For input string: "${text}"`;
}

/** Whether `Double.parseDouble` accepts the text (it trims, and takes `NaN`, `Infinity`, hex and `d`/`f` suffixes). */
export function isJavaDouble(value: string): boolean {
  const s = value.trim();
  return (
    /^[+-]?(NaN|Infinity|((\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?)[fFdD]?)$/.test(s) ||
    /^[+-]?0[xX]([0-9a-fA-F]+(?:\.[0-9a-fA-F]*)?|\.[0-9a-fA-F]+)[pP][+-]?\d+[fFdD]?$/.test(s)
  );
}

/** An IPv4 address as InetAddresses reads it: four decimal parts of up to three digits, each at most 255. */
export function isIpv4(text: string): boolean {
  const parts = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  return parts !== null && parts.slice(1).every((part) => Number(part) <= 255);
}

/** `SortOrder.fromString`: `asc` or `desc`, in any case. */
export function isSortOrder(text: string): boolean {
  if (text === 'asc' || text === 'desc') return true;
  const lower = text.toLowerCase();
  return lower === 'asc' || lower === 'desc';
}

/** `RestRequest.paramAsInt`. */
export function intParamError(name: string, value: string): string | undefined {
  return parseJavaInt(value) === undefined
    ? `Failed to parse int parameter [${name}] with value [${value}]`
    : undefined;
}

export interface TimeValue {
  /** Milliseconds, -1 for the "unset" value, rounded down for sub-millisecond units. */
  readonly millis: number;
  /** The number written, and its unit's name (`second`), or undefined for -1 and 0. */
  readonly amount?: number;
  readonly unit?: string;
}

const DIGITS = /^\d+$/;

const UNITS: readonly (readonly [string, number, string])[] = [
  ['nanos', 1e-6, 'nanosecond'],
  ['micros', 1e-3, 'microsecond'],
  ['ms', 1, 'millisecond'],
  ['s', 1000, 'second'],
  ['m', 60_000, 'minute'],
  ['h', 3_600_000, 'hour'],
  ['d', 86_400_000, 'day'],
];

const UNIT_BY_SUFFIX = new Map(UNITS.map((unit) => [unit[0], unit]));

/**
 * A time value written plainly, as most are (`30s`, `5m`): 1 to 15 digits (a long that a double holds exactly) and a
 * unit in lower case, read at once, as the general path of parseTimeValue would; undefined for anything else.
 */
function plainTimeValue(value: string): TimeValue | undefined {
  let n = 0;
  let digits = 0;
  for (; digits < value.length && digits <= 15; digits++) {
    const c = value.charCodeAt(digits);
    if (c < 48 || c > 57) break;
    n = n * 10 + (c - 48);
  }
  if (digits === 0 || digits > 15) return undefined;
  const unit = UNIT_BY_SUFFIX.get(value.slice(digits));
  if (unit === undefined) return undefined;
  return { millis: Math.floor(n * unit[1]), amount: n, unit: unit[2] };
}

/**
 * `TimeValue.parseTimeValue(value, settingName)` to the letter: suffixes are tested on the lower-cased, trimmed text,
 * except `m`, which is tested on the text as written (so `5M` is rejected).
 */
export function parseTimeValue(value: string, settingName: string): { value?: TimeValue; error?: string } {
  const plain = plainTimeValue(value);
  if (plain !== undefined) return { value: plain };
  const normalized = value.toLowerCase().trim();
  let unit: readonly [string, number, string] | undefined;
  for (const candidate of UNITS) {
    const [suffix] = candidate;
    if (suffix === 'm' ? value.endsWith('m') : normalized.endsWith(suffix)) {
      unit = candidate;
      break;
    }
  }
  if (unit === undefined) {
    if (/^-0*1$/.test(normalized)) return { value: { millis: -1 } };
    if (/^0+$/.test(normalized)) return { value: { millis: 0 } };
    return {
      error: `failed to parse setting [${settingName}] with value [${value}] as a time value: unit is missing or unrecognized`,
    };
  }
  const [suffix, factor, word] = unit;
  const number = normalized.slice(0, normalized.length - suffix.length).trim();
  if (number.length > 0 && number.length <= 15 && DIGITS.test(number)) {
    // A long that a double holds exactly, as most are: no need for BigInt.
    const n = Number(number);
    return { value: { millis: Math.floor(n * factor), amount: n, unit: word } };
  }
  const parsed = parseJavaLong(number);
  if (parsed === undefined) {
    if (isJavaDouble(number) || /^[+-]?\d+$/.test(number)) {
      return { error: `failed to parse [${value}], fractional time values are not supported` };
    }
    return { error: `failed to parse [${value}]` };
  }
  if (parsed < -1n) {
    return {
      error: `failed to parse setting [${settingName}] with value [${value}] as a time value: negative durations are not supported`,
    };
  }
  if (parsed === -1n) return { value: { millis: -1 } };
  const n = Number(parsed);
  return { value: { millis: Math.floor(n * factor), amount: n, unit: word } };
}

/** A parsed time value in words, for hovers: `90 seconds (1m 30s)`, `-1 (no value)`. */
export function describeTimeValue(value: TimeValue): string {
  if (value.millis === -1) return '-1: no value (the default applies, or no limit)';
  if (value.amount === undefined || value.unit === undefined) return 'zero';
  const base = `${value.amount.toLocaleString('en-US')} ${value.unit}${value.amount === 1 ? '' : 's'}`;
  return value.millis >= 60_000 && humanMillis(value.millis) !== `${value.amount}${value.unit[0] ?? ''}`
    ? `${base} (${humanMillis(value.millis)})`
    : base;
}

/** A duration in the largest sensible units, e.g. `1h 30m`. */
function humanMillis(millis: number): string {
  if (millis < 1000) return `${millis}ms`;
  const parts: string[] = [];
  let rest = Math.floor(millis / 1000);
  const days = Math.floor(rest / 86400);
  rest -= days * 86400;
  const hours = Math.floor(rest / 3600);
  rest -= hours * 3600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest - minutes * 60;
  if (days > 0) parts.push(`${days}d`);
  if (hours > 0) parts.push(`${hours}h`);
  if (minutes > 0) parts.push(`${minutes}m`);
  if (seconds > 0) parts.push(`${seconds}s`);
  return parts.join(' ');
}

export const EXPAND_WILDCARD_VALUES: readonly string[] = ['open', 'closed', 'hidden', 'none', 'all'];

/** `IndicesOptions` parsing of `expand_wildcards` values. */
export function expandWildcardsError(values: readonly string[]): { value: string; message: string } | undefined {
  for (const value of values) {
    if (!EXPAND_WILDCARD_VALUES.includes(value)) return { value, message: `No valid expand wildcard value [${value}]` };
  }
  return undefined;
}

/** `Strings.splitStringByCommaToArray`: Java's `split(",")`: no trimming, inner empty pieces kept, trailing ones dropped. */
export function splitByComma(value: string): string[] {
  // Most lists are one name.
  let comma = value.indexOf(',');
  if (comma === -1) return value === '' ? [] : [value];
  // Cut by hand: String.prototype.split goes through the runtime, slower on the short lists met here.
  const parts: string[] = [];
  let start = 0;
  while (comma !== -1) {
    parts.push(value.slice(start, comma));
    start = comma + 1;
    comma = value.indexOf(',', start);
  }
  parts.push(value.slice(start));
  while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Jackson's words for a token read as a number: `can not` in Jackson 2, `cannot` in Jackson 3 (OpenSearch 3.7 on). */
export function notNumericText(token: string, jackson: 2 | 3): string {
  return `Current token (${token}) not numeric, ${jackson === 3 ? 'cannot' : 'can not'} use numeric value accessors`;
}

/**
 * What a number reader of `XContentParser` (`intValue()`, `floatValue()`, `doubleValue()`) refuses in a scalar: a
 * boolean in Jackson's words, a text that is no Java number in OpenSearch's; undefined for a number or a number's text.
 */
export function numberValueRefusal(value: unknown, jackson: 2 | 3): string | undefined {
  if (typeof value === 'boolean') return notNumericText(tokenName(value), jackson);
  return typeof value === 'string' && !isJavaDouble(value) ? numberTextError(value) : undefined;
}

/** Jackson's words for an int out of range: Jackson 3 quotes the type. */
function intRangeText(value: string, jackson: 2 | 3): string {
  return `Numeric value (${value}) out of range of ${jackson === 3 ? '`int`' : 'int'} (-2147483648 - 2147483647)`;
}

/** A text Java's `Double.parseDouble` reads, as a number; undefined for any other text and for hexadecimal ones. */
export function javaDoubleNumber(text: string): number | undefined {
  if (!isJavaDouble(text)) return undefined;
  const n = Number(text.trim().replace(/[fFdD]$/, ''));
  return Number.isNaN(n) && !text.includes('NaN') ? undefined : n;
}

/** What a parser's `doubleValue()` reads of a value: a number, or a text Java reads as a double; undefined else. */
export function doubleValue(value: unknown): number | undefined {
  return typeof value === 'number' ? value : typeof value === 'string' ? javaDoubleNumber(value) : undefined;
}

/**
 * What `XContentParser.intValue()` refuses in a value beyond Java's int: a number in Jackson's words, a text of one in
 * OpenSearch's own (it parses the text as a double, then checks the range); undefined when it reads the value (real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `*\/beyond-int*`).
 */
export function intRangeRefusal(value: unknown, jackson: 2 | 3): string | undefined {
  if (typeof value === 'number') {
    return value < INT_MIN || value > INT_MAX ? intRangeText(String(value), jackson) : undefined;
  }
  if (typeof value !== 'string') return undefined;
  const n = javaDoubleNumber(value);
  return n !== undefined && (n < INT_MIN || n > INT_MAX)
    ? `Value [${value}] is out of range for an integer`
    : undefined;
}

/**
 * Java's `Double.toString`: `40.0`, `-71.5`, `NaN`; below 10^-3 and from 10^7 on in its scientific form,
 * `2.147483648E9`.
 */
export function javaDoubleText(n: number): string {
  if (Number.isNaN(n)) return 'NaN';
  if (!Number.isFinite(n)) return n > 0 ? 'Infinity' : '-Infinity';
  if (n === 0) return Object.is(n, -0) ? '-0.0' : '0.0';
  const size = Math.abs(n);
  if (size >= 1e-3 && size < 1e7) return Number.isInteger(n) ? `${n}.0` : String(n);
  const [mantissa = '', exponent = ''] = n.toExponential().split('e');
  return `${mantissa.includes('.') ? mantissa : `${mantissa}.0`}E${exponent.replace('+', '')}`;
}

/**
 * Java's `Float.toString` of the float nearest `n`: the fewest digits that read back as that float (`-0.5`, `-1.0E-7`),
 * in Double.toString's forms.
 */
export function javaFloatText(n: number): string {
  const float = Math.fround(n);
  if (!Number.isFinite(float) || float === 0) return javaDoubleText(float);
  for (let digits = 1; digits < 9; digits++) {
    const shortest = Number(float.toPrecision(digits));
    if (Math.fround(shortest) === float) return javaDoubleText(shortest);
  }
  return javaDoubleText(Number(float.toPrecision(9)));
}

/**
 * A JSON number as Java prints the one Jackson reads, from the number as written: an integer literal as a whole number
 * (`-0` is `0`), anything else as `Double.toString` (`1.50` is `1.5`, `1e2` is `100.0`).
 */
export function javaNumberText(written: string, value: number): string {
  return /^-?\d+$/.test(written) ? BigInt(written).toString() : javaDoubleText(value);
}

/** The JSON token of a value as Jackson names it. */
export function tokenName(value: unknown): string {
  if (value === null) return 'VALUE_NULL';
  if (typeof value === 'boolean') return value ? 'VALUE_TRUE' : 'VALUE_FALSE';
  if (typeof value === 'number') return Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT';
  if (typeof value === 'string') return 'VALUE_STRING';
  return Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT';
}

/**
 * A name as a hand-written parser reads it with `text()`: a string, or an integer or boolean as its text (real 3.9.0
 * and 2.19.6); undefined for anything else.
 */
export function nameText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return (typeof value === 'number' && Number.isInteger(value)) || typeof value === 'boolean'
    ? String(value)
    : undefined;
}
