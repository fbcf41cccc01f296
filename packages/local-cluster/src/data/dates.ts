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

export function formatDate(ms: number): string {
  return new Date(ms).toISOString();
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

export class DateMathError extends Error {}

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
