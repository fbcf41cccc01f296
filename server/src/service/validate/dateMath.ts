// How each shard reads a date written as text where a date field is searched (a `range` query's bounds, a
// `date_range` aggregation's `from` and `to`): OpenSearch's date math (`now`, or a date followed by `||`, then
// `+1d`, `-2M`, `/d`...), and the date itself with the field's format. Only the default format of a date field,
// `strict_date_optional_time||epoch_millis`, is read here. Each rule and its words were recorded on real 3.8.0 and
// 2.19.1 (docs/opensearch/json-and-values.md#dates-in-date-fields; conformance cases `cross/dates/*`).

/** The format a date field reads when its mapping gives none. */
export const DEFAULT_DATE_FORMAT = 'strict_date_optional_time||epoch_millis';

const DATE_MATH_UNITS = 'yMwdhHms';

/**
 * Why a date field refuses `text` with its default format, in OpenSearch's words, or undefined when it reads it.
 * `roundUp`: the bound is read rounding up (a range's `gt` and `lte`), which takes any day up to 31 in any month.
 */
export function defaultDateError(text: string, roundUp = false): string | undefined {
  let math: string;
  if (text.startsWith('now')) {
    math = text.slice(3);
  } else {
    const anchor = text.indexOf('||');
    // A date before `||` is read without rounding up.
    const date = dateError(anchor === -1 ? text : text.slice(0, anchor), roundUp && anchor === -1);
    // The date is read first: what follows it is judged only when the date is known to be read.
    if (date !== 'read') return date === 'unknown' ? undefined : date;
    if (anchor === -1) return undefined;
    math = text.slice(anchor + 2);
  }
  return mathError(math);
}

/** 'read', 'unknown' (not judged here), or the words of the refusal. */
function dateError(text: string, roundUp: boolean): string {
  if (text.length === 0) return 'cannot parse empty date';
  if (isEpochMillis(text)) return 'read';
  const date = strictDateOptionalTime(text, roundUp);
  if (date !== 'refused') return date;
  return `failed to parse date field [${text}] with format [${DEFAULT_DATE_FORMAT}]`;
}

function isDigit(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  return c >= 48 && c <= 57;
}

/** `JavaDateMathParser.parseMath`: operators, optional counts and units, to the end of the text. */
function mathError(math: string): string | undefined {
  // Java counts the digits of every script as digits (Character.isDigit): a text beyond ASCII is not judged.
  if (/[^\x20-\x7e]/.test(math)) return undefined;
  for (let i = 0; i < math.length;) {
    const c = math[i++]!;
    const round = c === '/';
    if (!round && c !== '+' && c !== '-') return `operator not supported for date math [${math}]`;
    if (i >= math.length) return `truncated date math [${math}]`;
    let count = 1;
    if (isDigit(math, i)) {
      const from = i;
      while (i < math.length && isDigit(math, i)) i++;
      if (i >= math.length) return `truncated date math [${math}]`;
      // A count beyond an int fails in Java's own words (a NumberFormatException): not judged here.
      if (i - from > 9) return undefined;
      count = Number(math.slice(from, i));
    }
    if (round && count !== 1) return `rounding \`/\` can only be used on single unit types [${math}]`;
    const unit = math[i++]!;
    if (!DATE_MATH_UNITS.includes(unit)) return `unit [${unit}] not supported for date math [${math}]`;
  }
  return undefined;
}

/** `epoch_millis`: an optional `-`, 1 to 19 digits within a long, and an optional fraction of up to 6 digits. */
function isEpochMillis(text: string): boolean {
  const match = /^(-?)(\d{1,19})(?:\.(\d{0,6}))?$/.exec(text);
  if (match === null) return false;
  return BigInt(match[2]!) <= 9223372036854775807n;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * `strict_date_optional_time`: `yyyy`, then optionally `-MM`, `-dd`, then optionally `T` with `HH`, `:mm`, `:ss` and a
 * fraction of 1 to 9 digits after `.` or `,`; each part exactly as many digits, each value in range (a day the month
 * has). A time may end with a zone: `Z` or an offset is read; anything else after the time (a region id, a second
 * offset) is left to Java's zone parsers: 'unknown', not judged, unless the date or time before it is already out of
 * range.
 */
function strictDateOptionalTime(text: string, roundUp: boolean): 'read' | 'refused' | 'unknown' {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?:T(?:(\d{2})(?::(\d{2})(?::(\d{2})(?:[.,]\d{1,9})?)?)?)?)?/.exec(
    text,
  );
  if (match === null) return 'refused';
  const [prefix, yearText, month, day, hour, minute, second] = match;
  const year = Number(yearText);
  if (month !== undefined && (Number(month) < 1 || Number(month) > 12)) return 'refused';
  if (day !== undefined) {
    const m = Number(month);
    const max = roundUp ? 31 : m === 2 && !isLeap(year) ? 28 : DAYS_IN_MONTH[m - 1]!;
    if (Number(day) < 1 || Number(day) > max) return 'refused';
  }
  if (hour !== undefined && Number(hour) > 23) return 'refused';
  if (minute !== undefined && Number(minute) > 59) return 'refused';
  if (second !== undefined && Number(second) > 59) return 'refused';
  const tail = text.slice(prefix.length);
  if (tail === '') return 'read';
  if (hour === undefined) return 'refused';
  const offset = /^(?:Z|[+-](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?)$/.exec(tail);
  if (offset !== null) {
    // An offset out of range is refused by the offset parser, and then perhaps read by another: not judged.
    const [, hours = '0', minutes = '0', seconds = '0'] = offset;
    const inRange = Number(hours) < 18 || (Number(hours) === 18 && minutes === '00' && seconds === '00');
    return inRange && Number(minutes) <= 59 && Number(seconds) <= 59 ? 'read' : 'unknown';
  }
  return /^[A-Za-z+-]/.test(tail) ? 'unknown' : 'refused';
}

/**
 * Why a date field refuses `text` read with a `format` of the request's own (a range query's or a `date_range`
 * aggregation's), or undefined when it reads it or when that is not judged here. Date math after `now` is read
 * whatever the format; a date before `||` is read with the format, then the math after it. The format's
 * alternatives (`a||b`) are judged when each is `epoch_millis`, `strict_date_optional_time` or a pattern of the
 * fields PATTERN_FIELDS lists, next to each other or with literals between (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
 * cases `cross/lists/shard/range-format-*`, `cross/lists/shard/date-format-*`). `roundUp`: the upper bound of a range
 * query (`gt`, `lte`), read by the parser that rounds up (patternReads).
 */
export function formattedDateError(text: string, format: string, roundUp = false): string | undefined {
  if (text.startsWith('now')) return mathError(text.slice(3));
  const anchor = text.indexOf('||');
  const date = anchor === -1 ? text : text.slice(0, anchor);
  if (date === '') return 'cannot parse empty date';
  // A date before `||` is read without rounding up (the rounding is the math's).
  const read = formatReads(date, format, roundUp && anchor === -1);
  if (read === 'refused') return `failed to parse date field [${date}] with format [${format}]`;
  if (read !== 'read' && read !== 'unknown') return read.invalid;
  return read === 'read' && anchor !== -1 ? mathError(text.slice(anchor + 2)) : undefined;
}

/** What a pattern makes of a text: read, refused by the parser, not judged, or a value out of its field's range. */
type PatternRead = 'read' | 'refused' | 'unknown' | { readonly invalid: string };

function formatReads(text: string, format: string, roundUp: boolean): PatternRead {
  const alternatives = format.split('||');
  let unknown = false;
  for (const alternative of alternatives) {
    let read: PatternRead;
    if (alternative === 'epoch_millis') read = isEpochMillis(text) ? 'read' : 'refused';
    else if (alternative === 'strict_date_optional_time') read = strictDateOptionalTime(text, false);
    else read = patternReads(text, alternative, roundUp);
    if (read === 'read') return 'read';
    // A value out of range fails the date once parsed (a 500), judged for a format of one pattern only.
    if (read === 'unknown' || (read !== 'refused' && alternatives.length > 1)) unknown = true;
    else if (read !== 'refused') return read;
  }
  return unknown ? 'unknown' : 'refused';
}

/** The pattern letters judged: the digits each takes and the values a strict parser keeps. */
const PATTERN_FIELDS: Readonly<
  Record<
    string,
    | {
        digits: number;
        low: number;
        high: number;
        /** How `ChronoField` names a field checked only once the date is made, and prints its range. */
        late?: { name: string; range: string };
      }
    | undefined
  >
> = {
  // The strict parser wants a sign before a fifth digit of the year. `yyyy` is the year of the era, `uuuu` the
  // proleptic year: the parser itself makes a date of the second, so a month or a day it cannot have fails there.
  yyyy: { digits: 4, low: 0, high: 9999 },
  uuuu: { digits: 4, low: 0, high: 9999 },
  MM: { digits: 2, low: 1, high: 12, late: { name: 'MonthOfYear', range: '1 - 12' } },
  dd: { digits: 2, low: 1, high: 31, late: { name: 'DayOfMonth', range: '1 - 28/31' } },
  HH: { digits: 2, low: 0, high: 23 },
  mm: { digits: 2, low: 0, high: 59 },
  ss: { digits: 2, low: 0, high: 59 },
  SSS: { digits: 3, low: 0, high: 999 },
};

/** The year OpenSearch makes a date in when the pattern has none. */
const DEFAULT_YEAR = 1970;
const MONTH_NAMES = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];

/**
 * `DateTimeFormatter.ofPattern(pattern)` with the strict resolver, for patterns of PATTERN_FIELDS and literals (`'T'`
 * quoted; the literals `-:/. ,T` only); 'unknown' for any other pattern. Fields may stand next to each other
 * (`yyyyMMdd`: each takes its own digits, as Java's adjacent parsing gives them), but not next to `SSS`.
 *
 * A time out of its field's range is refused as it is parsed. A month or a day out of its range, or a day its month
 * does not have, fails when the date is made from the fields (HTTP 500), except where the parser makes it: with
 * `uuuu`, and with `yyyy` for the upper bounds of a range query (`gt`, `lte`; `roundUp`), whose parser fills in the
 * fields the pattern leaves out: those refuse a month or a day out of range, and read a day the month does not have.
 * Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/date-format-bound-*`.
 */
function patternReads(text: string, pattern: string, roundUp: boolean): PatternRead {
  const tokens = /^(?:[A-Za-z]|'[^']*'|[^A-Za-z'])*$/.test(pattern)
    ? pattern.match(/([A-Za-z])\1*|'[^']*'|[^A-Za-z']/g)
    : null;
  if (tokens === null) return 'unknown';
  let at = 0;
  let previous: string | undefined;
  const values: Record<string, number> = {};
  for (const token of tokens) {
    const field = PATTERN_FIELDS[token];
    if (/^[A-Za-z]/.test(token)) {
      // Every pattern letter reads at least one character: a text that has ended is refused whatever the letter
      // (cases `date-format-adjacent-34` on).
      if (at >= text.length) return 'refused';
      if (field === undefined || token in values) return 'unknown';
      if (previous !== undefined && (previous === 'SSS' || token === 'SSS')) return 'unknown';
      let end = at;
      while (end < text.length && end - at < field.digits && isDigit(text, end)) end++;
      if (end - at < field.digits) return 'refused';
      values[token] = Number(text.slice(at, end));
      at = end;
      previous = token;
      continue;
    }
    const literal = token.startsWith("'") ? token.slice(1, -1) : token;
    if (!/^[-:/. ,T]+$/.test(literal)) return 'unknown';
    if (!text.startsWith(literal, at)) return 'refused';
    at += literal.length;
    previous = undefined;
  }
  if (at !== text.length) return 'refused';
  if ('yyyy' in values && 'uuuu' in values) return 'unknown';
  const outside = Object.keys(values).filter((key) => {
    const field = PATTERN_FIELDS[key]!;
    return values[key]! < field.low || values[key]! > field.high;
  });
  if (outside.some((key) => PATTERN_FIELDS[key]!.late === undefined)) return 'refused';
  // The parser makes the date itself (so refuses it as it parses) with `uuuu`, and with `yyyy` when it rounds up.
  const parserMakesDate = 'uuuu' in values || (roundUp && 'yyyy' in values);
  if (outside.length > 1) return parserMakesDate ? 'refused' : 'unknown';
  const key = outside[0];
  const late = key === undefined ? undefined : PATTERN_FIELDS[key]!.late;
  if (key !== undefined && late !== undefined) {
    if (parserMakesDate) return 'refused';
    return {
      invalid: `date_time_exception: Invalid value for ${late.name} (valid values ${late.range}): ${values[key]!}`,
    };
  }
  const { MM: month, dd: day } = values;
  const year = values.yyyy ?? values.uuuu ?? DEFAULT_YEAR;
  if (day === undefined || month === undefined) return 'read';
  const leap = isLeap(year);
  if (day <= (month === 2 && !leap ? 28 : DAYS_IN_MONTH[month - 1]!)) return 'read';
  // A day the month does not have: read when the parser rounds up (it resolves leniently), refused by the parser
  // that makes the date itself, otherwise failed as LocalDate fails it.
  if (roundUp && ('yyyy' in values || 'uuuu' in values)) return 'read';
  if ('uuuu' in values) return 'refused';
  return {
    invalid:
      month === 2 && day === 29
        ? `date_time_exception: Invalid date 'February 29' as '${year}' is not a leap year`
        : `date_time_exception: Invalid date '${MONTH_NAMES[month - 1]!} ${day}'`,
  };
}
