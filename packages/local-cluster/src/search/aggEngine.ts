// Computes aggregations over the matching documents of the shards that answered, and renders them in
// OpenSearch's response shapes (terms, metrics, histograms, filters, ranges).
import { illegalArgument, OsError } from '../core/errors';
import { double } from '../core/xcontent';
import { formatDate } from '../data/dates';
import { isIntegral, isNumeric, type FieldInfo } from '../data/mapping';
import type { Doc } from '../data/store';
import type { AggSpec } from './aggParser';
import { textFieldDataError } from './fieldAccess';
import { evaluate, NO_MATCH, type ShardContext } from './queryEngine';

export interface ShardDocs {
  readonly ctx: ShardContext;
  readonly positions: readonly number[];
}

interface Item {
  readonly doc: Doc;
  readonly ctx: ShardContext;
  readonly pos: number;
}

function items(sets: readonly ShardDocs[]): Item[] {
  const out: Item[] = [];
  for (const s of sets) for (const pos of s.positions) out.push({ doc: s.ctx.docs[pos]!, ctx: s.ctx, pos });
  return out;
}

function regroup(list: readonly Item[]): ShardDocs[] {
  const map = new Map<ShardContext, number[]>();
  for (const it of list) {
    let arr = map.get(it.ctx);
    if (!arr) {
      arr = [];
      map.set(it.ctx, arr);
    }
    arr.push(it.pos);
  }
  return [...map.entries()].map(([ctx, positions]) => ({ ctx, positions }));
}

export function runAggregations(specs: readonly AggSpec[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const list = items(sets);
  for (const spec of specs) out[spec.name] = runOne(spec, list, sets);
  return out;
}

function withSubs(spec: AggSpec, base: Record<string, unknown>, list: readonly Item[]): Record<string, unknown> {
  if (spec.subs.length === 0) return base;
  return { ...base, ...runAggregations(spec.subs, regroup(list)) };
}

function withMeta(spec: AggSpec, result: Record<string, unknown>): Record<string, unknown> {
  return spec.meta !== undefined ? { meta: spec.meta, ...result } : result;
}

/** The mapped field of an aggregation in the first shard that maps it. */
function fieldOf(spec: AggSpec, sets: readonly ShardDocs[]): FieldInfo | undefined {
  const name = spec.params.field;
  if (typeof name !== 'string') return undefined;
  for (const s of sets) {
    const f = s.ctx.index.fields.get(name);
    if (f) return f;
  }
  return undefined;
}

function requireValuesSource(spec: AggSpec): string {
  const field = spec.params.field;
  if (typeof field !== 'string' && spec.params.script === undefined) {
    throw illegalArgument(`Required one of fields [field, script], but none were specified. `);
  }
  return typeof field === 'string' ? field : '';
}

function numbersOf(doc: Doc, field: string): number[] {
  return doc.fields.get(field)?.numbers ?? [];
}

function notSupported(info: FieldInfo, type: string): OsError {
  return illegalArgument(`Field [${info.path}] of type [${info.type}] is not supported for aggregation [${type}]`);
}

function numericField(spec: AggSpec, sets: readonly ShardDocs[]): FieldInfo | undefined {
  requireValuesSource(spec);
  const info = fieldOf(spec, sets);
  if (!info) return undefined;
  if (info.type === 'text') throw textFieldDataError(info.path);
  if (!isNumeric(info.type) && info.type !== 'date' && info.type !== 'boolean') throw notSupported(info, spec.type);
  return info;
}

function valueWithString(info: FieldInfo | undefined, v: number | null): Record<string, unknown> {
  const out: Record<string, unknown> = { value: v === null ? null : double(v) };
  if (v !== null && info?.type === 'date') out.value_as_string = formatDate(v);
  return out;
}

function runOne(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  switch (spec.type) {
    case 'avg':
    case 'sum':
    case 'min':
    case 'max':
    case 'stats': {
      const info = numericField(spec, sets);
      const vals: number[] = [];
      if (info) for (const it of list) vals.push(...numbersOf(it.doc, info.path));
      const sum = vals.reduce((a, b) => a + b, 0);
      const min = vals.length ? Math.min(...vals) : null;
      const max = vals.length ? Math.max(...vals) : null;
      const avg = vals.length ? sum / vals.length : null;
      if (spec.type === 'avg') return withMeta(spec, valueWithString(info, avg));
      if (spec.type === 'sum') return withMeta(spec, { value: double(sum) });
      if (spec.type === 'min') return withMeta(spec, valueWithString(info, min));
      if (spec.type === 'max') return withMeta(spec, valueWithString(info, max));
      return withMeta(spec, {
        count: vals.length,
        min: min === null ? null : double(min),
        max: max === null ? null : double(max),
        avg: avg === null ? null : double(avg),
        sum: double(sum),
      });
    }
    case 'value_count':
    case 'cardinality': {
      requireValuesSource(spec);
      const info = fieldOf(spec, sets);
      if (!info) return withMeta(spec, { value: 0 });
      if (info.type === 'text') throw textFieldDataError(info.path);
      const all: string[] = [];
      for (const it of list) {
        const fv = it.doc.fields.get(info.path);
        if (!fv) continue;
        if (fv.terms) all.push(...fv.terms);
        else if (fv.numbers) all.push(...fv.numbers.map(String));
      }
      return withMeta(spec, { value: spec.type === 'value_count' ? all.length : new Set(all).size });
    }
    case 'terms':
      return withMeta(spec, termsAgg(spec, list, sets));
    case 'histogram':
    case 'date_histogram':
      return withMeta(spec, histogramAgg(spec, list, sets));
    case 'filter': {
      const kept = filterItems(spec, list, sets);
      return withMeta(spec, withSubs(spec, { doc_count: kept.length }, kept));
    }
    case 'filters': {
      const buckets: Record<string, unknown> = {};
      const arr: unknown[] = [];
      for (const f of spec.filters ?? []) {
        const kept = filterBy(f.query, list, sets);
        const bucket = withSubs(spec, { doc_count: kept.length }, kept);
        if (spec.filtersKeyed) buckets[f.key] = bucket;
        else arr.push(bucket);
      }
      return withMeta(spec, { buckets: spec.filtersKeyed ? buckets : arr });
    }
    case 'global':
      return withMeta(spec, withSubs(spec, { doc_count: list.length }, list));
    case 'missing': {
      const field = requireValuesSource(spec);
      const kept = list.filter((it) => !it.doc.fields.has(field));
      return withMeta(spec, withSubs(spec, { doc_count: kept.length }, kept));
    }
    case 'range':
      return withMeta(spec, rangeAgg(spec, list, sets));
    default:
      // Aggregations this cluster does not compute are answered as if no document had a value.
      return withMeta(spec, { value: null });
  }
}

function filterBy(query: Parameters<typeof evaluate>[0], list: readonly Item[], sets: readonly ShardDocs[]): Item[] {
  const scores = new Map<ShardContext, Float64Array>();
  for (const s of sets) scores.set(s.ctx, evaluate(query, s.ctx));
  return list.filter((it) => (scores.get(it.ctx)?.[it.pos] ?? NO_MATCH) !== NO_MATCH);
}

function filterItems(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Item[] {
  return spec.filter ? filterBy(spec.filter, list, sets) : [...list];
}

function keyOf(info: FieldInfo, v: string | number): Record<string, unknown> {
  if (info.type === 'date') return { key: v, key_as_string: formatDate(Number(v)) };
  if (info.type === 'boolean') return { key: v, key_as_string: v === 1 ? 'true' : 'false' };
  if (isNumeric(info.type)) return { key: isIntegral(info.type) ? v : double(Number(v)) };
  return { key: v };
}

function termsAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  requireValuesSource(spec);
  const info = fieldOf(spec, sets);
  const size = typeof spec.params.size === 'number' ? spec.params.size : Number(spec.params.size ?? 10);
  if (size <= 0) throw illegalArgument(`[size] must be greater than 0. Found [${size}] in [${spec.name}]`);
  const minDocCount = Number(spec.params.min_doc_count ?? 1);
  if (!info) return { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
  if (info.type === 'text') throw textFieldDataError(info.path);
  const groups = new Map<string | number, Item[]>();
  for (const it of list) {
    const fv = it.doc.fields.get(info.path);
    if (!fv) continue;
    const keys = info.type === 'keyword' || info.type === 'ip' ? (fv.terms ?? []) : (fv.numbers ?? []);
    for (const k of new Set<string | number>(keys)) {
      let g = groups.get(k);
      if (!g) {
        g = [];
        groups.set(k, g);
      }
      g.push(it);
    }
  }
  let entries = [...groups.entries()].filter(([, g]) => g.length >= minDocCount);
  const order = spec.params.order as Record<string, string> | Record<string, string>[] | undefined;
  const first = Array.isArray(order) ? order[0] : order;
  const [orderKey, orderDir] = first ? (Object.entries(first)[0] ?? ['_count', 'desc']) : ['_count', 'desc'];
  const cmpKey = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);
  const subValue = (g: Item[]): number => {
    const sub = spec.subs.find((s) => s.name === orderKey.split('.')[0]);
    if (!sub)
      throw new OsError(
        400,
        'aggregation_execution_exception',
        `Invalid aggregator order path [${orderKey}]. Unknown aggregation [${orderKey}]`,
      );
    const r = runOne(sub, g, regroup(g));
    const v = r.value as { value: number } | null | undefined;
    return v ? v.value : -Infinity;
  };
  entries.sort((a, b) => {
    let c: number;
    if (orderKey === '_key' || orderKey === '_term') c = cmpKey(a[0], b[0]);
    else if (orderKey === '_count') c = a[1].length - b[1].length;
    else c = subValue(a[1]) - subValue(b[1]);
    if (orderDir === 'desc') c = -c;
    return c !== 0 ? c : cmpKey(a[0], b[0]);
  });
  const total = entries.reduce((s, [, g]) => s + g.length, 0);
  entries = entries.slice(0, size);
  const shown = entries.reduce((s, [, g]) => s + g.length, 0);
  return {
    doc_count_error_upper_bound: 0,
    sum_other_doc_count: total - shown,
    buckets: entries.map(([k, g]) => withSubs(spec, { ...keyOf(info, k), doc_count: g.length }, g)),
  };
}

const CALENDAR: Record<string, string> = {
  minute: 'm',
  '1m': 'm',
  hour: 'h',
  '1h': 'h',
  day: 'd',
  '1d': 'd',
  week: 'w',
  '1w': 'w',
  month: 'M',
  '1M': 'M',
  quarter: 'q',
  '1q': 'q',
  year: 'y',
  '1y': 'y',
};

function fixedMillis(text: string): number | undefined {
  const m = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!m) return undefined;
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2] as 'ms' | 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

function calendarFloor(ms: number, unit: string): number {
  const d = new Date(ms);
  switch (unit) {
    case 'm':
      return ms - (ms % 60_000);
    case 'h':
      return ms - (ms % 3_600_000);
    case 'd':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
    case 'w': {
      const day = (d.getUTCDay() + 6) % 7;
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day);
    }
    case 'M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    case 'q':
      return Date.UTC(d.getUTCFullYear(), Math.floor(d.getUTCMonth() / 3) * 3, 1);
    default:
      return Date.UTC(d.getUTCFullYear(), 0, 1);
  }
}

function calendarNext(ms: number, unit: string): number {
  const d = new Date(ms);
  switch (unit) {
    case 'm':
      return ms + 60_000;
    case 'h':
      return ms + 3_600_000;
    case 'd':
      return ms + 86_400_000;
    case 'w':
      return ms + 7 * 86_400_000;
    case 'M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case 'q':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1);
    default:
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

function histogramAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const info = numericField(spec, sets);
  const isDate = spec.type === 'date_histogram';
  let floor: (v: number) => number;
  let next: (v: number) => number;
  if (isDate) {
    const cal = spec.params.calendar_interval ?? spec.params.interval;
    const fixed = spec.params.fixed_interval;
    const unit = typeof cal === 'string' && Object.hasOwn(CALENDAR, cal) ? CALENDAR[cal] : undefined;
    if (unit !== undefined && fixed === undefined) {
      floor = (v) => calendarFloor(v, unit);
      next = (v) => calendarNext(v, unit);
    } else if (typeof cal === 'string' && spec.params.calendar_interval !== undefined) {
      throw illegalArgument(`The supplied interval [${cal}] could not be parsed as a calendar interval.`);
    } else {
      const text = typeof fixed === 'string' ? fixed : typeof cal === 'string' ? cal : undefined;
      if (text === undefined) throw illegalArgument('Invalid interval specified, must be non-null and non-empty');
      const step = fixedMillis(text);
      if (step === undefined) {
        throw illegalArgument(
          `failed to parse setting [date_histogram.fixedInterval] with value [${text}] as a time value: unit is missing or unrecognized`,
        );
      }
      floor = (v) => v - (((v % step) + step) % step);
      next = (v) => v + step;
    }
  } else {
    const interval = Number(spec.params.interval);
    if (!(interval > 0)) throw illegalArgument(`[interval] must be >0 for histogram aggregation [${spec.name}]`);
    const offset = Number(spec.params.offset ?? 0);
    floor = (v) => Math.floor((v - offset) / interval) * interval + offset;
    next = (v) => v + interval;
  }
  const groups = new Map<number, Item[]>();
  if (info) {
    for (const it of list) {
      for (const k of new Set(numbersOf(it.doc, info.path).map(floor))) {
        let g = groups.get(k);
        if (!g) {
          g = [];
          groups.set(k, g);
        }
        g.push(it);
      }
    }
  }
  const minDocCount = Number(spec.params.min_doc_count ?? 0);
  const keys = [...groups.keys()].sort((a, b) => a - b);
  const all: number[] = [];
  if (keys.length > 0 && minDocCount === 0) {
    for (let k = keys[0]!; k <= keys[keys.length - 1]!; k = next(k)) all.push(k);
  } else {
    all.push(...keys);
  }
  const buckets = all
    .map((k) => ({ k, g: groups.get(k) ?? [] }))
    .filter(({ g }) => g.length >= minDocCount)
    .map(({ k, g }) => {
      const key = isDate ? { key_as_string: formatDate(k), key: k } : { key: double(k) };
      return withSubs(spec, { ...key, doc_count: g.length }, g);
    });
  if (spec.params.keyed === true) {
    const keyed: Record<string, unknown> = {};
    for (const b of buckets)
      keyed[String((b.key_as_string as string | undefined) ?? (b.key as { value: number }).value)] = b;
    return { buckets: keyed };
  }
  return { buckets };
}

function rangeAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const info = numericField(spec, sets);
  const ranges = Array.isArray(spec.params.ranges) ? (spec.params.ranges as Record<string, unknown>[]) : [];
  if (ranges.length === 0) throw illegalArgument(`No [ranges] specified for the [${spec.name}] aggregation`);
  const fmt = (v: number): string => (Number.isInteger(v) ? `${v}.0` : String(v));
  const buckets = ranges.map((r) => {
    const from = typeof r.from === 'number' ? r.from : undefined;
    const to = typeof r.to === 'number' ? r.to : undefined;
    const kept = info
      ? list.filter((it) =>
          numbersOf(it.doc, info.path).some((v) => (from === undefined || v >= from) && (to === undefined || v < to)),
        )
      : [];
    const key =
      typeof r.key === 'string' ? r.key : `${from === undefined ? '*' : fmt(from)}-${to === undefined ? '*' : fmt(to)}`;
    return withSubs(
      spec,
      {
        key,
        ...(from !== undefined ? { from: double(from) } : {}),
        ...(to !== undefined ? { to: double(to) } : {}),
        doc_count: kept.length,
      },
      kept,
    );
  });
  return { buckets };
}
