// Renders response trees as OpenSearch's XContentBuilder does: Java number formatting for floats and doubles,
// Jackson's pretty printer (`"key" : value`, two-space indent, `[ ]` and `{ }` when empty), and `filter_path`.
import { simpleMatch } from './simpleMatch';
import { setField } from './json';

/** A number that Java renders as a double (`1.0`) or a float (`0.2876821`). */
export class JavaNumber {
  constructor(
    readonly value: number,
    readonly kind: 'double' | 'float',
  ) {}
  toJSON(): number {
    return this.value;
  }
}

export const double = (v: number): JavaNumber => new JavaNumber(v, 'double');
export const float = (v: number): JavaNumber => new JavaNumber(Math.fround(v), 'float');

/** Java's Double.toString / Float.toString. */
export function javaNumberText(n: JavaNumber): string {
  const v = n.value;
  if (Number.isNaN(v)) return '"NaN"';
  if (!Number.isFinite(v)) return v > 0 ? '"Infinity"' : '"-Infinity"';
  let digits: string;
  if (n.kind === 'float') {
    digits = shortestFloat(v);
  } else {
    digits = String(v);
  }
  const abs = Math.abs(v);
  if (v === 0) return Object.is(v, -0) ? '-0.0' : '0.0';
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = Number(digits).toString();
    if (plain.includes('e')) return toPlainDecimal(Number(digits));
    return plain.includes('.') ? plain : `${plain}.0`;
  }
  // Scientific: 1.0E7, 1.234E-5
  const sci = Number(digits).toExponential(); // always <mantissa>e<sign><exponent>
  const e = sci.indexOf('e');
  const mant = sci.slice(0, e);
  const exp = sci.slice(e + 1);
  const m = mant.includes('.') ? mant : `${mant}.0`;
  return `${m}E${exp.startsWith('+') ? exp.slice(1) : exp}`;
}

function toPlainDecimal(v: number): string {
  let s = v.toFixed(20);
  let end = s.length;
  while (s[end - 1] === '0') end--;
  s = s.slice(0, end);
  return s.endsWith('.') ? `${s}0` : s;
}

function shortestFloat(v: number): string {
  for (let p = 1; p <= 9; p++) {
    const s = v.toPrecision(p);
    if (Math.fround(Number(s)) === v) return String(Number(s));
  }
  return String(v);
}

type Value = unknown;

/**
 * Collects the text of an answer as a few flat chunks: the small pieces are joined every few thousand, so that a large
 * answer never holds millions of small strings at once.
 */
class Sink {
  private readonly chunks: string[] = [];
  private parts: string[] = [];

  push(...pieces: string[]): void {
    for (const p of pieces) this.parts.push(p);
    if (this.parts.length >= 4096) this.flush();
  }

  private flush(): void {
    if (this.parts.length > 0) this.chunks.push(this.parts.join(''));
    this.parts = [];
  }

  done(): string[] {
    this.flush();
    return this.chunks;
  }
}

export function renderJson(value: Value, pretty: boolean): string {
  return renderJsonChunks(value, pretty).join('');
}

/** The rendered text in chunks whose concatenation is `renderJson`'s answer (sent without joining them). */
export function renderJsonChunks(value: Value, pretty: boolean): string[] {
  const out = new Sink();
  write(value, pretty, 0, out);
  if (pretty) out.push('\n');
  return out.done();
}

function write(v: Value, pretty: boolean, depth: number, out: Sink): void {
  if (v === null || v === undefined) {
    out.push('null');
  } else if (v instanceof JavaNumber) {
    out.push(javaNumberText(v));
  } else if (typeof v === 'number') {
    out.push(Number.isFinite(v) ? String(Number.isInteger(v) ? v : v) : 'null');
  } else if (typeof v === 'bigint') {
    out.push(v.toString());
  } else if (typeof v === 'string') {
    out.push(JSON.stringify(v));
  } else if (typeof v === 'boolean') {
    out.push(v ? 'true' : 'false');
  } else if (Array.isArray(v)) {
    const items = v as unknown[];
    if (items.length === 0) {
      out.push(pretty ? '[ ]' : '[]');
      return;
    }
    out.push('[');
    items.forEach((item, i) => {
      if (i > 0) out.push(',');
      if (pretty) out.push('\n', '  '.repeat(depth + 1));
      write(item, pretty, depth + 1, out);
    });
    if (pretty) out.push('\n', '  '.repeat(depth));
    out.push(']');
  } else if (v instanceof Map) {
    writeEntries([...(v as Map<string, unknown>).entries()], pretty, depth, out);
  } else if (typeof v === 'object') {
    writeEntries(Object.entries(v as Record<string, unknown>), pretty, depth, out);
  } else {
    out.push('null');
  }
}

function writeEntries(entries: [string, unknown][], pretty: boolean, depth: number, out: Sink): void {
  const present = entries.filter(([, val]) => val !== undefined);
  if (present.length === 0) {
    out.push(pretty ? '{ }' : '{}');
    return;
  }
  out.push('{');
  present.forEach(([key, val], i) => {
    if (i > 0) out.push(',');
    if (pretty) out.push('\n', '  '.repeat(depth + 1));
    out.push(JSON.stringify(key), pretty ? ' : ' : ':');
    write(val, pretty, depth + 1, out);
  });
  if (pretty) out.push('\n', '  '.repeat(depth));
  out.push('}');
}

/** Applies `filter_path` (comma list; `*` within a name, `**` for any depth, leading `-` excludes). */
export function applyFilterPath(value: Value, filterPath: string): Value {
  const exprs = filterPath
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  const includes = exprs.filter((e) => !e.startsWith('-')).map((e) => e.split('.'));
  const excludes = exprs.filter((e) => e.startsWith('-')).map((e) => e.slice(1).split('.'));
  let result = includes.length > 0 ? filterInclude(value, includes) : value;
  if (result === undefined) result = {};
  if (excludes.length > 0) result = filterExclude(result, excludes) ?? {};
  return result;
}

function segMatch(pattern: string, key: string): boolean {
  if (pattern === '*' || pattern === '**') return true;
  return simpleMatch(pattern, key);
}

function entriesOf(v: Value): [string, unknown][] | undefined {
  if (v instanceof Map) return [...(v as Map<string, unknown>).entries()];
  if (v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof JavaNumber)) {
    return Object.entries(v as Record<string, unknown>);
  }
  return undefined;
}

function filterInclude(v: Value, paths: string[][]): Value {
  if (paths.some((p) => p.length === 0)) return v;
  if (Array.isArray(v)) {
    const items = (v as unknown[]).map((item) => filterInclude(item, paths)).filter((x) => x !== undefined);
    return items.length > 0 ? items : undefined;
  }
  const entries = entriesOf(v);
  if (!entries) return undefined;
  const out: Record<string, unknown> = {};
  let any = false;
  for (const [key, val] of entries) {
    const next: string[][] = [];
    for (const p of paths) {
      if (p[0] === '**') {
        next.push(p);
        if (p.length > 1 && segMatch(p[1]!, key)) next.push(p.slice(2));
      } else if (segMatch(p[0]!, key)) {
        next.push(p.slice(1));
      }
    }
    if (next.length === 0) continue;
    const filtered = filterInclude(val, next);
    if (filtered !== undefined) {
      setField(out, key, filtered);
      any = true;
    }
  }
  return any ? out : undefined;
}

function filterExclude(v: Value, paths: string[][]): Value {
  if (Array.isArray(v)) return (v as unknown[]).map((item) => filterExclude(item, paths));
  const entries = entriesOf(v);
  if (!entries) return v;
  const out: Record<string, unknown> = {};
  for (const [key, val] of entries) {
    const next: string[][] = [];
    let drop = false;
    // Paths are never empty here: they come from split('.') and only grow shorter while longer than one.
    for (const p of paths) {
      if (segMatch(p[0]!, key)) {
        if (p.length === 1) drop = true;
        else next.push(p.slice(1));
      }
    }
    if (drop) continue;
    setField(out, key, next.length > 0 ? filterExclude(val, next) : val);
  }
  return out;
}
