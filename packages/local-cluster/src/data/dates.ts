// Dates as the default `date` field reads them (`strict_date_optional_time||epoch_millis`), date math
// (`now-1d/d`, `2024-01-01||+1M`), and the rounding rules that range queries apply to date math.

const ISO =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/;

/** Epoch milliseconds, or undefined when the text is not a date of the default format. */
export function parseDate(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const m = ISO.exec(value);
  if (m) {
    const [, y, mo, d, h, mi, s, frac, zone] = m as unknown as (string | undefined)[];
    let ms = Date.UTC(
      Number(y),
      Number(mo ?? '1') - 1,
      Number(d ?? '1'),
      Number(h ?? '0'),
      Number(mi ?? '0'),
      Number(s ?? '0'),
      frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0,
    );
    if (zone && zone !== 'Z') {
      const sign = zone.startsWith('-') ? -1 : 1;
      const digits = zone.slice(1).replace(':', '');
      const offset = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
      ms -= sign * offset * 60_000;
    }
    return Number.isNaN(ms) ? undefined : ms;
  }
  if (/^-?\d+$/.test(value)) return Number(value);
  return undefined;
}

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'H' | 'm' | 's';

function add(ms: number, n: number, unit: Unit): number {
  const d = new Date(ms);
  switch (unit) {
    case 'y':
      d.setUTCFullYear(d.getUTCFullYear() + n);
      return d.getTime();
    case 'M':
      d.setUTCMonth(d.getUTCMonth() + n);
      return d.getTime();
    case 'w':
      return ms + n * 7 * 86_400_000;
    case 'd':
      return ms + n * 86_400_000;
    case 'h':
    case 'H':
      return ms + n * 3_600_000;
    case 'm':
      return ms + n * 60_000;
    case 's':
      return ms + n * 1000;
  }
}

function roundDown(ms: number, unit: Unit): number {
  const d = new Date(ms);
  switch (unit) {
    case 'y':
      return Date.UTC(d.getUTCFullYear(), 0, 1);
    case 'M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'w': {
      const day = (d.getUTCDay() + 6) % 7;
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
    }
    case 'd':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'h':
    case 'H':
      return ms - (((ms % 3_600_000) + 3_600_000) % 3_600_000);
    case 'm':
      return ms - (((ms % 60_000) + 60_000) % 60_000);
    case 's':
      return ms - (((ms % 1000) + 1000) % 1000);
  }
}

export class DateMathError extends Error {
  /** True when the date itself could not be parsed (as opposed to the math after it). */
  constructor(
    message: string,
    readonly unparsedDate = false,
  ) {
    super(message);
  }
}

/**
 * Resolves date math. `roundUp` is true for `lte` and `gt` bounds: a rounding then goes to the last
 * millisecond of the unit, as OpenSearch's JavaDateMathParser does.
 */
export function resolveDateMath(text: string, now: number, roundUp: boolean): number {
  let base: number;
  let math: string;
  if (text.startsWith('now')) {
    base = now;
    math = text.slice(3);
  } else {
    const sep = text.indexOf('||');
    const datePart = sep < 0 ? text : text.slice(0, sep);
    math = sep < 0 ? '' : text.slice(sep + 2);
    const parsed = parseDate(datePart);
    if (parsed === undefined) {
      throw new DateMathError(
        `failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`,
        true,
      );
    }
    base = parsed;
    if (math === '' && roundUp && /^\d{4}-\d{2}-\d{2}$/.test(datePart)) {
      // A date without time used as an upper bound covers the whole day.
      return base + 86_400_000 - 1;
    }
  }
  let i = 0;
  let ms = base;
  while (i < math.length) {
    const op = math[i++];
    if (op === '/') {
      const unit = math[i++] as Unit | undefined;
      if (!unit || !'yMwdhHms'.includes(unit)) throw new DateMathError(`rounding unit missing or invalid in [${text}]`);
      ms = roundDown(ms, unit);
      if (roundUp) ms = add(ms, 1, unit) - 1;
    } else if (op === '+' || op === '-') {
      const num = /^\d*/.exec(math.slice(i))?.[0] ?? '';
      i += num.length;
      const unit = math[i++] as Unit | undefined;
      if (!unit || !'yMwdhHms'.includes(unit))
        throw new DateMathError(`unit [${unit ?? ''}] not supported for date math [${math}]`);
      const n = num === '' ? 1 : Number(num);
      ms = add(ms, op === '+' ? n : -n, unit);
    } else {
      throw new DateMathError(`operator not supported for date math [${math}]`);
    }
  }
  return ms;
}

/**
 * A fixed time zone offset in minutes (`Z`, `UTC`, `+02:00`, `-0530`, `+2`), or undefined for a zone with daylight
 * saving rules (a region id such as `Europe/Paris`), which this cluster does not model.
 */
export function fixedZoneOffset(zone: string): number | undefined {
  if (zone === 'Z' || zone === 'UTC' || zone === 'GMT' || zone === 'Etc/UTC') return 0;
  const m = /^(?:UTC|GMT)?([+-])(\d{1,2})(?::?(\d{2}))?$/.exec(zone);
  if (m === null) return undefined;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? '0');
  return m[1] === '-' ? -minutes : minutes;
}

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** A year as DateTimeFormatter prints it (SignStyle.EXCEEDS_PAD): a sign when it has more digits than the width. */
function yearText(year: number, width: number): string {
  if (year < 0) return `-${pad(-year, width)}`;
  const text = pad(year, width);
  return text.length > width && width >= 4 ? `+${text}` : text;
}

function offsetText(minutes: number): string {
  if (minutes === 0) return 'Z';
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
}

/** Named formats OpenSearch knows, as the patterns they print with. */
const NAMED_FORMATS: Readonly<Record<string, string>> = {
  strict_date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  date_optional_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  strict_date_optional_time_nanos: "yyyy-MM-dd'T'HH:mm:ss.SSSSSSSSSXXX",
  strict_date: 'yyyy-MM-dd',
  date: 'yyyy-MM-dd',
  strict_date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  date_time: "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
  strict_date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  date_hour_minute_second: "yyyy-MM-dd'T'HH:mm:ss",
  strict_year_month: 'yyyy-MM',
  year_month: 'yyyy-MM',
  strict_year: 'yyyy',
  year: 'yyyy',
  basic_date: 'yyyyMMdd',
};

/** The letters of Java's DateTimeFormatter patterns; any other letter outside quotes is refused. */
const PATTERN_LETTERS = 'GuyDMLdQqYwWEecFaBhKkHmsSAnNVvzOXxZgp';

/**
 * What a date format asks that cannot be answered: the words OpenSearch refuses a pattern with when it writes a letter
 * Java does not know (`Unknown pattern letter: b`, an IllegalArgumentException on each shard), or `unprintable` for a
 * format that is valid or may be (a named format this cluster does not print, a pattern letter it does not print),
 * which the cluster answers as not implemented. Undefined when formatDateWith prints it.
 */
export function dateFormatProblem(format: string): { refused: string; cause: string } | 'unprintable' | undefined {
  for (const part of format.split('||')) {
    const trimmed = part.trim();
    if (trimmed === 'epoch_millis' || trimmed === 'epoch_second' || NAMED_FORMATS[trimmed] !== undefined) continue;
    // A text that looks like a name may be one of the many named formats: not judged here.
    if (/^[A-Za-z_]+$/.test(trimmed) && /[_a-z]{4}/.test(trimmed)) return 'unprintable';
    let quoted = false;
    for (const c of part) {
      if (c === "'") quoted = !quoted;
      else if (!quoted && /[A-Za-z]/.test(c) && !PATTERN_LETTERS.includes(c)) {
        const cause = `Unknown pattern letter: ${c}`;
        return { refused: `Invalid format: [${part}]: ${cause}`, cause };
      }
    }
  }
  return formatDateWith(0, format) === undefined ? 'unprintable' : undefined;
}

/**
 * A date printed with a format: a named format, `epoch_millis`, `epoch_second`, or a pattern of DateTimeFormatter
 * letters (y M d H h m s S a, X/Z/x for the offset, 'quoted text'); the first of `a||b` formats prints. Undefined for
 * a pattern with letters this does not print.
 */
export function formatDateWith(ms: number, format: string | undefined, zoneMinutes = 0): string | undefined {
  const first = (format ?? 'strict_date_optional_time').split('||')[0]!.trim();
  if (first === 'epoch_millis') return String(ms);
  if (first === 'epoch_second') return String(Math.floor(ms / 1000));
  const pattern = NAMED_FORMATS[first] ?? first;
  const d = new Date(ms + zoneMinutes * 60_000);
  let out = '';
  for (let i = 0; i < pattern.length;) {
    const c = pattern[i]!;
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end < 0) return undefined;
      out += end === i + 1 ? "'" : pattern.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (!/[A-Za-z]/.test(c)) {
      out += c;
      i++;
      continue;
    }
    let n = 1;
    while (pattern[i + n] === c) n++;
    i += n;
    switch (c) {
      case 'y':
      case 'u':
        out += n === 2 ? pad(d.getUTCFullYear() % 100, 2) : yearText(d.getUTCFullYear(), n);
        break;
      case 'M':
        out += pad(d.getUTCMonth() + 1, n);
        break;
      case 'd':
        out += pad(d.getUTCDate(), n);
        break;
      case 'H':
        out += pad(d.getUTCHours(), n);
        break;
      case 'h':
        out += pad(((d.getUTCHours() + 11) % 12) + 1, n);
        break;
      case 'a':
        out += d.getUTCHours() < 12 ? 'AM' : 'PM';
        break;
      case 'm':
        out += pad(d.getUTCMinutes(), n);
        break;
      case 's':
        out += pad(d.getUTCSeconds(), n);
        break;
      case 'S':
        out += pad(d.getUTCMilliseconds(), 3).padEnd(n, '0').slice(0, n);
        break;
      case 'X':
      case 'Z':
      case 'x':
        out += c === 'Z' ? offsetText(zoneMinutes).replace(':', '').replace(/^Z$/, '+0000') : offsetText(zoneMinutes);
        break;
      default:
        return undefined;
    }
  }
  return out;
}
