import { describeTimeValue, parseTimeValue, type TimeValue } from '../validate/values';

function describeParsed(value: TimeValue | undefined): string {
  return value === undefined ? '' : describeTimeValue(value);
}

/** A time value to offer, with the duration it means. */
export interface TimeOption {
  readonly value: string;
  readonly words: string;
  readonly rank: number;
}

/** Units in the order people use them. */
const UNITS: readonly string[] = ['s', 'm', 'ms', 'h', 'd', 'micros', 'nanos'];
const EXAMPLES: readonly string[] = ['30s', '1m', '5m', '10s', '1h', '1d'];

function option(value: string, rank: number): TimeOption {
  return { value, words: describeParsed(parseTimeValue(value, 'value').value), rank };
}

/** After a number (`5`), the number with each unit; otherwise a few common durations (the default first). */
export function timeOptions(typed: string, defaultValue?: string): TimeOption[] {
  const number = /^\s*(-?\d+)\s*$/.exec(typed)?.[1];
  if (number !== undefined) return UNITS.map((unit, i) => option(`${number}${unit}`, 100 - i));
  const values = defaultValue !== undefined ? [defaultValue, ...EXAMPLES.filter((e) => e !== defaultValue)] : EXAMPLES;
  return values.map((value, i) => option(value, 100 - i));
}
