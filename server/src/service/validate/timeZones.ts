// How OpenSearch reads a `time_zone`: Java's `ZoneId.of` for a text, `ZoneOffset.ofHours` for the number of an
// aggregation's. Each rule and its words were recorded on real 3.8.0 and 2.19.1 (docs/opensearch/json-and-values.md#time-zones;
// conformance cases `cross/zones/*`).
import { ZONE_IDS } from '../../spec/generated/zoneIds';

/** The largest offset Java reads, in hours either way. */
const MAX_HOURS = 18;

/** Why `ZoneId.of` refuses `id`, in Java's words, or undefined when it reads it. */
export function zoneIdError(id: string): string | undefined {
  if (id.length <= 1 || id.startsWith('+') || id.startsWith('-')) return offsetError(id);
  if (id.startsWith('UTC') || id.startsWith('GMT')) return prefixedError(id, 3);
  if (id.startsWith('UT')) return prefixedError(id, 2);
  return regionError(id);
}

/** `UTC`, `GMT` or `UT`, alone or followed by an offset; anything else after them is read as a region. */
function prefixedError(id: string, prefixLength: number): string | undefined {
  if (id.length === prefixLength) return undefined;
  const sign = id[prefixLength];
  if (sign !== '+' && sign !== '-') return regionError(id);
  const error = offsetError(id.slice(prefixLength));
  return error === undefined ? undefined : `Invalid ID for offset-based ZoneId: ${id} (${error})`;
}

/** A region id: a letter, then letters, digits and `~/._+-`, that the time-zone database knows (case matters). */
function regionError(id: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9~/._+-]+$/.test(id)) return `Invalid ID for region-based ZoneId, invalid format: ${id}`;
  return ZONE_IDS.has(id) ? undefined : `Unknown time-zone ID: ${id}`;
}

/** Where an offset's hours, minutes and seconds are, by its length, and whether a colon comes before the last two. */
const OFFSET_LAYOUTS: Readonly<Record<number, readonly [number, number | undefined, number | undefined, boolean]>> = {
  3: [1, undefined, undefined, false],
  5: [1, 3, undefined, false],
  6: [1, 4, undefined, true],
  7: [1, 3, 5, false],
  9: [1, 4, 7, true],
};

/** `ZoneOffset.of`: `Z`, or a sign and `h`, `hh`, `hhmm`, `hh:mm`, `hhmmss` or `hh:mm:ss`. */
function offsetError(written: string): string | undefined {
  if (written === 'Z') return undefined;
  const id = written.length === 2 ? `${written[0]!}0${written[1]!}` : written;
  const at = OFFSET_LAYOUTS[id.length];
  if (at === undefined) return `Invalid ID for ZoneOffset, invalid format: ${written}`;
  const [hoursAt, minutesAt, secondsAt, colons] = at;
  const parts: number[] = [];
  for (const pos of [hoursAt, minutesAt, secondsAt]) {
    if (pos === undefined) {
      parts.push(0);
      continue;
    }
    if (colons && pos !== hoursAt && id[pos - 1] !== ':') {
      return `Invalid ID for ZoneOffset, colon not found when expected: ${id}`;
    }
    const tens = id.charCodeAt(pos) - 48;
    const ones = id.charCodeAt(pos + 1) - 48;
    if (tens < 0 || tens > 9 || ones < 0 || ones > 9) {
      return `Invalid ID for ZoneOffset, non numeric characters found: ${id}`;
    }
    parts.push(tens * 10 + ones);
  }
  if (id[0] !== '+' && id[0] !== '-') return `Invalid ID for ZoneOffset, plus/minus not found when expected: ${id}`;
  const [hours, minutes, seconds] = parts as [number, number, number];
  if (hours > MAX_HOURS) return hoursRangeError(id[0] === '-' ? -hours : hours);
  if (minutes > 59)
    return `Zone offset minutes not in valid range: value ${id[0] === '-' ? -minutes : minutes} is not in the range -59 to 59`;
  if (seconds > 59)
    return `Zone offset seconds not in valid range: value ${id[0] === '-' ? -seconds : seconds} is not in the range -59 to 59`;
  if (hours === MAX_HOURS && (minutes !== 0 || seconds !== 0))
    return 'Zone offset not in valid range: -18:00 to +18:00';
  return undefined;
}

function hoursRangeError(hours: number): string {
  return `Zone offset hours not in valid range: value ${hours} is not in the range -${MAX_HOURS} to ${MAX_HOURS}`;
}

/** Whether Jackson's int accessor refuses a number (out of range of `int`) before any zone is made of it. */
export function beyondInt(value: number): boolean {
  return !Number.isFinite(value) || value >= 2 ** 31 || value < -(2 ** 31);
}

/**
 * Why `ZoneOffset.ofHours` refuses the number an aggregation's `time_zone` is written as, or undefined: read with
 * Jackson's int accessor, which drops a fraction (a number beyond an int: beyondInt).
 */
export function zoneHoursError(value: number): string | undefined {
  const hours = Math.trunc(value);
  return Math.abs(hours) > MAX_HOURS ? hoursRangeError(hours) : undefined;
}
