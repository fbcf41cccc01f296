// How OpenSearch reads scalar values: time values (TimeValue.parseTimeValue), strict booleans, Java integers,
// and the "did you mean" suggestions (Lucene Levenshtein similarity above 0.5).
import { illegalArgument, OsError } from './errors';

/** Milliseconds; -1 means "minus one" (unset/infinite where OpenSearch allows it). */
export function parseTimeValue(value: string, settingName: string): number {
  const normalized = value.toLowerCase().trim();
  const fail = (why: string): never => {
    throw illegalArgument(`failed to parse setting [${settingName}] with value [${value}] as a time value: ${why}`);
  };
  const units: [string, number][] = [
    ['nanos', 1e-6],
    ['micros', 1e-3],
    ['ms', 1],
    ['s', 1000],
  ];
  let factor: number | undefined;
  let numberPart = '';
  for (const [suffix, f] of units) {
    if (normalized.endsWith(suffix)) {
      factor = f;
      numberPart = normalized.slice(0, -suffix.length);
      break;
    }
  }
  if (factor === undefined) {
    // `m` is tested on the raw value: `5M` is not minutes.
    if (value.trim().endsWith('m')) {
      factor = 60_000;
      numberPart = normalized.slice(0, -1);
    } else if (normalized.endsWith('h')) {
      factor = 3_600_000;
      numberPart = normalized.slice(0, -1);
    } else if (normalized.endsWith('d')) {
      factor = 86_400_000;
      numberPart = normalized.slice(0, -1);
    }
  }
  if (factor === undefined) {
    if (/^-0*1$/.test(normalized)) return -1;
    if (/^0+$/.test(normalized)) return 0;
    return fail('unit is missing or unrecognized');
  }
  const n = parseJavaLong(numberPart.trim());
  if (n === undefined) {
    // Long.parseLong failed first: its NumberFormatException is the cause either way.
    const cause = numberFormat(numberPart.trim());
    if (/^[+-]?(\d+(?:\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(numberPart.trim())) {
      throw illegalArgument(`failed to parse [${value}], fractional time values are not supported`, cause);
    }
    throw illegalArgument(`failed to parse [${value}]`, cause);
  }
  if (n < -1) return fail('negative durations are not supported');
  if (n === -1) return -1;
  return n * factor;
}

/** Java Long.parseLong: optional sign, digits only, within range. */
export function parseJavaLong(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const big = BigInt(text);
  if (big > 9223372036854775807n || big < -9223372036854775808n) return undefined;
  return Number(big);
}

/** Java Integer.parseInt. */
export function parseJavaInt(text: string): number | undefined {
  if (!/^[+-]?\d+$/.test(text)) return undefined;
  const n = Number(text);
  if (n > 2147483647 || n < -2147483648) return undefined;
  return n;
}

export function strictBooleanMessage(value: string): string {
  return `Failed to parse value [${value}] as only [true] or [false] are allowed.`;
}

/** Booleans.parseBoolean(value): exactly `true` or `false`. */
export function parseStrictBoolean(value: string): boolean {
  if (value === 'true') return true;
  if (value === 'false') return false;
  throw illegalArgument(strictBooleanMessage(value));
}

export function numberFormat(text: string): OsError {
  return new OsError(400, 'number_format_exception', `For input string: "${text}"`, { openSearch: false });
}

/** Lucene LevenshteinDistance.getDistance: 1 - distance / max(length). */
function similarity(a: string, b: string): number {
  if (a.length === 0 || b.length === 0) return a === b ? 1 : 0;
  const prev = new Array<number>(b.length + 1);
  const cur = new Array<number>(b.length + 1);
  // Every index in 0..b.length of both rows is written before it is read.
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      cur[j] = Math.min(cur[j - 1]! + 1, prev[j]! + 1, prev[j - 1]! + cost);
    }
    for (let j = 0; j <= b.length; j++) prev[j] = cur[j]!;
  }
  return 1 - prev[b.length]! / Math.max(a.length, b.length);
}

/** Candidates whose similarity to `name` is above 0.5, best first, ties alphabetical. */
function suggestions(name: string, candidates: Iterable<string>): string[] {
  const scored: [string, number][] = [];
  for (const c of new Set(candidates)) {
    const s = similarity(name, c);
    if (s > 0.5) scored.push([c, s]);
  }
  scored.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : x[0] > y[0] ? 1 : 0));
  return scored.map(([c]) => c);
}

/** ` -> did you mean [x]?` / ` -> did you mean any of [a, b]?` (empty when nothing is close). */
export function didYouMeanArrow(name: string, candidates: Iterable<string>): string {
  const s = suggestions(name, candidates);
  if (s.length === 0) return '';
  if (s.length === 1) return ` -> did you mean [${s[0]}]?`;
  return ` -> did you mean any of [${s.join(', ')}]?`;
}

/** ` did you mean [x]?` as the query and aggregation parsers phrase it. */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const s = suggestions(name, candidates);
  if (s.length === 0) return '';
  if (s.length === 1) return ` did you mean [${s[0]}]?`;
  return ` did you mean any of [${s.join(', ')}]?`;
}

/** TimeValue.toString: the largest unit that keeps at least one whole unit, with one decimal (e.g. `1.2s`). */
export function formatTimeValue(nanos: number): string {
  const units: [string, number][] = [
    ['d', 86_400e9],
    ['h', 3_600e9],
    ['m', 60e9],
    ['s', 1e9],
    ['ms', 1e6],
    ['micros', 1e3],
  ];
  for (const [suffix, size] of units) {
    if (nanos >= size) return `${formatFraction(nanos / size)}${suffix}`;
  }
  return `${Math.round(nanos)}nanos`;
}

function formatFraction(v: number): string {
  const rounded = Math.round(v * 10) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}
