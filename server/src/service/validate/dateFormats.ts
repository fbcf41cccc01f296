// How OpenSearch reads a date `format` (`DateFormatter.forPattern`): a leading `8` dropped, parts split on `||`, each
// part a named format or a pattern of Java's DateTimeFormatterBuilder. Each rule and its words were recorded on real
// 3.8.0 and 2.19.1 (docs/opensearch/json-and-values.md#date-formats; conformance cases `cross/formats/*`).
import { compareVersions, type Version } from '../../spec/versions';
import { javaTrim } from './values';

/** The named formats (OpenSearch's FormatNames, each by its snake_case and camelCase name), in every version. */
const NAMED_FORMATS: ReadonlySet<string> = new Set(
  `iso8601 rfc3339_lenient basic_date basicDate basic_date_time basicDateTime basic_date_time_no_millis
basicDateTimeNoMillis basic_ordinal_date basicOrdinalDate basic_ordinal_date_time basicOrdinalDateTime
basic_ordinal_date_time_no_millis basicOrdinalDateTimeNoMillis basic_time basicTime basic_time_no_millis
basicTimeNoMillis basic_t_time basicTTime basic_t_time_no_millis basicTTimeNoMillis basic_week_date basicWeekDate
basic_week_date_time basicWeekDateTime basic_week_date_time_no_millis basicWeekDateTimeNoMillis date date_hour
dateHour date_hour_minute dateHourMinute date_hour_minute_second dateHourMinuteSecond
date_hour_minute_second_fraction dateHourMinuteSecondFraction date_hour_minute_second_millis
dateHourMinuteSecondMillis date_optional_time dateOptionalTime date_time dateTime date_time_no_millis
dateTimeNoMillis hour hour_minute hourMinute hour_minute_second hourMinuteSecond hour_minute_second_fraction
hourMinuteSecondFraction hour_minute_second_millis hourMinuteSecondMillis ordinal_date ordinalDate ordinal_date_time
ordinalDateTime ordinal_date_time_no_millis ordinalDateTimeNoMillis time time_no_millis timeNoMillis t_time tTime
t_time_no_millis tTimeNoMillis week_date weekDate week_date_time weekDateTime week_date_time_no_millis
weekDateTimeNoMillis week_year weekyear weekyear_week weekyearWeek weekyear_week_day weekyearWeekDay year year_month
yearMonth year_month_day yearMonthDay epoch_second epoch_millis strict_basic_week_date strictBasicWeekDate
strict_basic_week_date_time strictBasicWeekDateTime strict_basic_week_date_time_no_millis
strictBasicWeekDateTimeNoMillis strict_date strictDate strict_date_hour strictDateHour strict_date_hour_minute
strictDateHourMinute strict_date_hour_minute_second strictDateHourMinuteSecond strict_date_hour_minute_second_fraction
strictDateHourMinuteSecondFraction strict_date_hour_minute_second_millis strictDateHourMinuteSecondMillis
strict_date_optional_time strictDateOptionalTime strict_date_optional_time_nanos strictDateOptionalTimeNanos
strict_date_time strictDateTime strict_date_time_no_millis strictDateTimeNoMillis strict_hour strictHour
strict_hour_minute strictHourMinute strict_hour_minute_second strictHourMinuteSecond strict_hour_minute_second_fraction
strictHourMinuteSecondFraction strict_hour_minute_second_millis strictHourMinuteSecondMillis strict_ordinal_date
strictOrdinalDate strict_ordinal_date_time strictOrdinalDateTime strict_ordinal_date_time_no_millis
strictOrdinalDateTimeNoMillis strict_time strictTime strict_time_no_millis strictTimeNoMillis strict_t_time
strictTTime strict_t_time_no_millis strictTTimeNoMillis strict_week_date strictWeekDate strict_week_date_time
strictWeekDateTime strict_week_date_time_no_millis strictWeekDateTimeNoMillis strict_weekyear strictWeekyear
strict_weekyear_week strictWeekyearWeek strict_weekyear_week_day strictWeekyearWeekDay strict_year strictYear
strict_year_month strictYearMonth strict_year_month_day strictYearMonthDay`.split(/\s+/),
);

/** `epoch_micros` is a named format from 3.3.0 (the release artifacts: not in the FormatNames of 3.2.0, in those of 3.3.0). */
const EPOCH_MICROS_FROM: Version = { major: 3, minor: 3, patch: 0 };

/** The letters Java reads as a field, each with the rule for how many times it may be written. */
const FIELD_LETTERS = 'GyuQqMLDdFEceaHkKhmsSAnNg';

/**
 * Why OpenSearch refuses a date `format`, in its words (`Invalid format: [<part>]: <why>` for a pattern), or
 * undefined when it reads it.
 */
export function dateFormatError(format: string, version: Version): string | undefined {
  if (format.length === 0) return 'No date pattern provided';
  const input = format.startsWith('8') ? format.slice(1) : format;
  // `8` alone leaves no pattern, and the list of formatters is read at index 0 anyway: a 500.
  if (input.length === 0) {
    return 'index_out_of_bounds_exception: Index 0 out of bounds for length 0 (the format "8" is no pattern once its leading 8 is dropped)';
  }
  const parts = input.split('||');
  if (parts.some((part) => part.length === 0)) {
    return `Cannot have empty element in multi date format pattern: ${input}`;
  }
  for (const written of parts) {
    // Each part is trimmed as it is read (`DateFormatters.forPattern`): blanks alone are no pattern (real 3.9.0, 3.8.0,
    // 2.19.6 and 2.19.1; cases `cross/lists/values/date-format-*`).
    const part = javaTrim(written);
    if (part.length === 0) return 'No date pattern provided';
    if (NAMED_FORMATS.has(part)) continue;
    if (part === 'epoch_micros' && compareVersions(version, EPOCH_MICROS_FROM) >= 0) continue;
    const error = patternError(part);
    if (error !== undefined) return `Invalid format: [${part}]: ${error}`;
  }
  return undefined;
}

function isLetter(c: string): boolean {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

/** `DateTimeFormatterBuilder.appendPattern`: what it refuses in a pattern, or undefined. */
function patternError(pattern: string): string | undefined {
  let optional = 0;
  for (let pos = 0; pos < pattern.length; pos++) {
    const cur = pattern[pos]!;
    if (isLetter(cur)) {
      const start = pos++;
      while (pos < pattern.length && pattern[pos] === cur) pos++;
      const count = pos - start;
      if (cur === 'p') {
        // A padded field: Java's builder may then fail with a ClassCastException (a padded number next to another
        // number), which OpenSearch does not word as a format error. Only the padded letter is judged.
        const padded = pattern[pos];
        if (padded === undefined || !isLetter(padded)) {
          return `Pad letter 'p' must be followed by valid pad pattern: ${pattern}`;
        }
        let end = pos + 1;
        while (pattern[end] === padded) end++;
        return letterError(padded, end - pos);
      }
      const error = letterError(cur, count);
      if (error !== undefined) return error;
      pos--;
    } else if (cur === "'") {
      pos++;
      for (; pos < pattern.length; pos++) {
        if (pattern[pos] === "'") {
          if (pattern[pos + 1] === "'") pos++;
          else break;
        }
      }
      if (pos >= pattern.length) return `Pattern ends with an incomplete string literal: ${pattern}`;
    } else if (cur === '[') {
      optional++;
    } else if (cur === ']') {
      if (optional === 0) return 'Pattern invalid as it contains ] without previous [';
      optional--;
    } else if (cur === '{' || cur === '}' || cur === '#') {
      return `Pattern includes reserved character: '${cur}'`;
    }
  }
  return undefined;
}

const TOO_MANY = (letter: string): string => `Too many pattern letters: ${letter}`;

/** How many times each letter may be written, in Java's words when it is refused. */
function letterError(letter: string, count: number): string | undefined {
  if (FIELD_LETTERS.includes(letter)) return fieldError(letter, count);
  switch (letter) {
    case 'z':
      return count > 4 ? TOO_MANY(letter) : undefined;
    case 'V':
      return count === 2 ? undefined : `Pattern letter count must be 2: ${letter}`;
    case 'v':
      return count === 1 || count === 4 ? undefined : `Wrong number of pattern letters: ${letter}`;
    case 'Z':
    case 'X':
    case 'x':
      return count > 5 ? TOO_MANY(letter) : undefined;
    case 'O':
      return count === 1 || count === 4 ? undefined : `Pattern letter count must be 1 or 4: ${letter}`;
    case 'W':
      return count > 1 ? TOO_MANY(letter) : undefined;
    case 'w':
      return count > 2 ? TOO_MANY(letter) : undefined;
    case 'Y':
      // The week-based year takes any count (its width is checked only when a date is printed or read).
      return undefined;
    case 'B':
      return count === 1 || count === 4 || count === 5 ? undefined : `Wrong number of pattern letters: ${letter}`;
    default:
      return `Unknown pattern letter: ${letter}`;
  }
}

/** The letters of a date or time field (`DateTimeFormatterBuilder.parseField`). */
function fieldError(letter: string, count: number): string | undefined {
  const widthError = (width: number): string | undefined =>
    width > 19 ? `The minimum width must be from 1 to 19 inclusive but was ${width}` : undefined;
  switch (letter) {
    case 'u':
    case 'y':
      return count === 2 ? undefined : widthError(count);
    case 'c':
      if (count === 2) return 'Invalid pattern "cc"';
      return count > 5 ? TOO_MANY(letter) : undefined;
    case 'L':
    case 'q':
    case 'M':
    case 'Q':
    case 'E':
    case 'e':
    case 'G':
      return count > 5 ? TOO_MANY(letter) : undefined;
    case 'a':
    case 'F':
      return count > 1 ? TOO_MANY(letter) : undefined;
    case 'S':
      return count > 9 ? `Minimum width must be from 0 to 9 inclusive but was ${count}` : undefined;
    case 'd':
    case 'h':
    case 'H':
    case 'k':
    case 'K':
    case 'm':
    case 's':
      return count > 2 ? TOO_MANY(letter) : undefined;
    case 'D':
      return count > 3 ? TOO_MANY(letter) : undefined;
    default:
      // g, A, n, N: a number of at least `count` digits.
      return widthError(count);
  }
}
