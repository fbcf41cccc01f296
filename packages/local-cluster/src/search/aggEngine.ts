// Computes aggregations over the matching documents of the shards that answered, and renders them in OpenSearch's
// response shapes. Bucket aggregations are computed as a real cluster computes them: `terms` collects its top
// `shard_size` terms on each shard and merges them on the coordinating node (so its counts, its error bounds and
// `sum_other_doc_count` are those of that two-step reduce, not exact ones), and every sub-aggregation of a bucket
// sees the documents of the shards that returned the bucket.
import { illegalArgument, notImplemented, OsError } from '../core/errors';
import { double, javaNumberText, type JavaNumber } from '../core/xcontent';
import {
  DateMathError,
  dateFormatProblem,
  fixedZoneOffset,
  formatDateWith,
  parseDate,
  resolveDateMath,
} from '../data/dates';
import { isIntegral, isNumeric, type FieldInfo, type FieldType } from '../data/mapping';
import { murmur3x86, type Doc } from '../data/store';
import { CALENDAR_UNITS, type AggSpec } from './aggParser';
import { textFieldDataError } from './fieldAccess';
import { hashMapOrder } from './namedQueries';
import { dateMathFailure, evaluate, NO_MATCH, regexpCause, type ShardContext } from './queryEngine';
import { compileRegexp, MAX_REGEX_LENGTH, RegexpRefusal } from './luceneRegexp';
import { parseTimeValue } from '../core/values';

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

function regroup(list: readonly Item[], like: readonly ShardDocs[] = []): ShardDocs[] {
  const map = new Map<ShardContext, number[]>();
  // Keep every shard of the parent, even one without documents here (a sub-aggregation still answers on it).
  for (const s of like) map.set(s.ctx, []);
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

/** Checks the coordinating node makes before any shard runs: every values-source aggregation needs a field. */
export function validateAggregations(specs: readonly AggSpec[]): void {
  for (const spec of specs) {
    if (VALUES_SOURCE_TYPES.has(spec.type)) requireValuesSource(spec);
    validateAggregations(spec.subs);
  }
}

const VALUES_SOURCE_TYPES = new Set([
  'avg',
  'sum',
  'min',
  'max',
  'stats',
  'value_count',
  'cardinality',
  'terms',
  'histogram',
  'date_histogram',
  'missing',
  'range',
]);

function orderEntries(spec: AggSpec): [string, string][] {
  const order = spec.params.order;
  const list = Array.isArray(order) ? order : order !== undefined && order !== null ? [order] : [];
  const out: [string, string][] = [];
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue;
    for (const [k, v] of Object.entries(entry as Record<string, unknown>)) out.push([k, String(v)]);
  }
  return out;
}

/** What a shard checks when it builds the aggregators: a global aggregation only at the top, order paths that exist. */
export function checkAggregationTree(specs: readonly AggSpec[], parent?: AggSpec): void {
  for (const spec of specs) {
    if (spec.type === 'global' && parent !== undefined) {
      throw new OsError(
        500,
        'aggregation_execution_exception',
        `Aggregation [${parent.name}] cannot have a global sub-aggregation [${spec.name}]. Global aggregations can only be defined as top level aggregations`,
      );
    }
    if (spec.type === 'terms' || spec.type === 'histogram' || spec.type === 'date_histogram') {
      for (const [key] of orderEntries(spec)) {
        if (key === '_key' || key === '_count' || key === '_term') continue;
        const name = key.split(/[.>[]/)[0] ?? key;
        if (!spec.subs.some((sub) => sub.name === name)) {
          const why = `The provided aggregation [${name}] either does not exist, or is a pipeline aggregation and cannot be used to sort the buckets.`;
          throw new OsError(500, 'aggregation_execution_exception', `Invalid aggregation order path [${key}]. ${why}`, {
            causedBy: illegalArgument(why),
          });
        }
      }
    }
    checkAggregationTree(spec.subs, spec);
  }
}

/**
 * The aggregations of one level, in the order OpenSearch renders them: InternalAggregations.reduce groups the
 * shards' aggregations by name in a HashMap, at the top and inside every bucket.
 */
export function runAggregations(specs: readonly AggSpec[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const results = new Map<string, unknown>();
  const list = items(sets);
  for (const spec of specs) results.set(spec.name, runOne(spec, list, sets));
  // 2.x puts them in the map in the reverse order of the request.
  const names = [...results.keys()];
  if ((sets[0]?.ctx.major ?? 3) < 3) names.reverse();
  const out: Record<string, unknown> = {};
  for (const name of hashMapOrder(names)) out[name] = results.get(name);
  return out;
}

function withSubs(
  spec: AggSpec,
  base: Record<string, unknown>,
  list: readonly Item[],
  sets: readonly ShardDocs[],
): Record<string, unknown> {
  if (spec.subs.length === 0) return base;
  return { ...base, ...runAggregations(spec.subs, regroup(list, sets)) };
}

function withMeta(spec: AggSpec, result: Record<string, unknown>): Record<string, unknown> {
  return spec.meta !== undefined ? { meta: spec.meta, ...result } : result;
}

function requireValuesSource(spec: AggSpec): string {
  const field = spec.params.field;
  if (typeof field !== 'string' && spec.params.script === undefined) {
    throw illegalArgument(`Required one of fields [field, script], but none were specified. `);
  }
  if (spec.params.script !== undefined) throw notImplemented('[script]');
  return typeof field === 'string' ? field : '';
}

/** The field an aggregation reads, as the first shard that maps it knows it; `_index` is a keyword of each hit. */
function fieldOf(spec: AggSpec, sets: readonly ShardDocs[]): FieldInfo | undefined {
  const name = spec.params.field;
  if (typeof name !== 'string') return undefined;
  if (name === '_index') return { path: '_index', type: 'keyword' };
  for (const s of sets) {
    const f = s.ctx.index.fields.get(name);
    if (f) return f;
  }
  return undefined;
}

function numericLike(type: FieldType): boolean {
  return isNumeric(type) || type === 'date' || type === 'boolean';
}

/** The values of a document for the aggregation's field (numbers, or terms for keyword fields), `missing` filled in. */
function valuesOf(spec: AggSpec, info: FieldInfo | undefined, it: Item): (string | number)[] {
  let values: (string | number)[] = [];
  if (info !== undefined) {
    if (info.path === '_index') values = [it.ctx.index.name];
    else {
      const fv = it.doc.fields.get(info.path);
      if (fv !== undefined) values = numericLike(info.type) ? (fv.numbers ?? []) : (fv.terms ?? []);
    }
  }
  if (values.length === 0 && spec.params.missing !== undefined && spec.params.missing !== null) {
    const m = missingValue(spec, info);
    if (m !== undefined) values = [m];
  }
  return values;
}

function missingValue(spec: AggSpec, info: FieldInfo | undefined): string | number | undefined {
  const raw = spec.params.missing;
  if (info === undefined) return typeof raw === 'number' ? raw : typeof raw === 'string' ? raw : undefined;
  if (info.type === 'date') return parseDate(raw);
  if (info.type === 'boolean') return raw === true || raw === 'true' ? 1 : 0;
  if (isNumeric(info.type)) return typeof raw === 'number' ? raw : Number(raw);
  return String(raw);
}

function notSupported(info: FieldInfo, type: string): OsError {
  return illegalArgument(`Field [${info.path}] of type [${info.type}] is not supported for aggregation [${type}]`);
}

function numericField(spec: AggSpec, sets: readonly ShardDocs[]): FieldInfo | undefined {
  requireValuesSource(spec);
  const info = fieldOf(spec, sets);
  if (!info) return undefined;
  if (info.type === 'text') throw textFieldDataError(info.path);
  if (!numericLike(info.type)) throw notSupported(info, spec.type);
  return info;
}

/** DecimalFormat for patterns such as `0.00`, `#,##0.0`, `#.##` (HALF_EVEN rounding). */
function decimalFormat(v: number, pattern: string): string | undefined {
  const m = /^([#,0]*)(?:\.(0*)(#*))?$/.exec(pattern);
  if (m === null) return undefined;
  const intPart = m[1] ?? '';
  const minFrac = (m[2] ?? '').length;
  const maxFrac = minFrac + (m[3] ?? '').length;
  const scale = 10 ** maxFrac;
  const scaled = v * scale;
  const floor = Math.floor(scaled);
  const diff = scaled - floor;
  const rounded = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0) ? floor + 1 : floor;
  let text = (rounded / scale).toFixed(maxFrac);
  if (maxFrac > minFrac) {
    // Up to maxFrac - minFrac trailing zeros go, then a dot left alone at the end.
    let cut = text.length;
    while (cut > text.length - (maxFrac - minFrac) && text[cut - 1] === '0') cut--;
    text = text.slice(0, cut);
    if (text.endsWith('.')) text = text.slice(0, -1);
  }
  const [whole, frac] = text.split('.');
  const minInt = (intPart.match(/0/g) ?? []).length;
  let digits = whole!.replace('-', '');
  if (digits === '0' && minInt === 0) digits = '';
  digits = digits.padStart(minInt, '0');
  if (intPart.includes(',')) digits = groupThousands(digits);
  return `${v < 0 ? '-' : ''}${digits}${frac !== undefined ? `.${frac}` : ''}`;
}

/** How a value of the field is printed (`value_as_string`, `key_as_string`), or undefined when it is not. */
function asString(info: FieldInfo | undefined, spec: AggSpec, v: number, zoneMinutes = 0): string | undefined {
  const format = typeof spec.params.format === 'string' ? spec.params.format : undefined;
  if (info?.type === 'date') {
    // A format with a letter Java does not know fails on each shard; one this cluster does not print is not
    // implemented here (never printed another way).
    const problem = format === undefined ? undefined : dateFormatProblem(format);
    if (problem === 'unprintable') throw notImplemented(`the date format [${format}]`);
    if (problem !== undefined) throw illegalArgument(problem.refused, illegalArgument(problem.cause));
    return formatDateWith(v, format, zoneMinutes) ?? formatDateWith(v, undefined);
  }
  if (info?.type === 'boolean') return v !== 0 ? 'true' : 'false';
  if (format !== undefined) return decimalFormat(v, format);
  return undefined;
}

function metric(spec: AggSpec, info: FieldInfo | undefined, v: number | null, key = 'value'): Record<string, unknown> {
  const out: Record<string, unknown> = { [key]: v === null ? null : double(v) };
  if (v !== null) {
    const s = asString(info, spec, v);
    if (s !== undefined) out[`${key}_as_string`] = s;
  }
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
      for (const it of list) for (const v of valuesOf(spec, info, it)) vals.push(Number(v));
      let sum = 0;
      for (const v of vals) sum += v;
      const min = vals.length ? Math.min(...vals) : null;
      const max = vals.length ? Math.max(...vals) : null;
      const avg = vals.length ? sum / vals.length : null;
      if (spec.type === 'avg') return withMeta(spec, metric(spec, info, avg));
      if (spec.type === 'sum') return withMeta(spec, metric(spec, info, sum));
      if (spec.type === 'min') return withMeta(spec, metric(spec, info, min));
      if (spec.type === 'max') return withMeta(spec, metric(spec, info, max));
      const out: Record<string, unknown> = {
        count: vals.length,
        min: min === null ? null : double(min),
        max: max === null ? null : double(max),
        avg: avg === null ? null : double(avg),
        sum: double(sum),
      };
      if (vals.length > 0) {
        for (const [k, v] of [
          ['min', min],
          ['max', max],
          ['avg', avg],
          ['sum', sum],
        ] as const) {
          const s = v === null ? undefined : asString(info, spec, v);
          if (s !== undefined) out[`${k}_as_string`] = s;
        }
      }
      return withMeta(spec, out);
    }
    case 'value_count':
    case 'cardinality': {
      requireValuesSource(spec);
      const info = fieldOf(spec, sets);
      if (info?.type === 'text') throw textFieldDataError(info.path);
      const all: (string | number)[] = [];
      for (const it of list) all.push(...valuesOf(spec, info, it));
      return withMeta(spec, { value: spec.type === 'value_count' ? all.length : new Set(all).size });
    }
    case 'terms':
      return withMeta(spec, termsAgg(spec, sets));
    case 'histogram':
    case 'date_histogram':
      return withMeta(spec, histogramAgg(spec, list, sets));
    case 'filter': {
      const kept = spec.filter ? filterBy(spec.filter, list, sets) : [...list];
      return withMeta(spec, withSubs(spec, { doc_count: kept.length }, kept, sets));
    }
    case 'filters':
      return withMeta(spec, filtersAgg(spec, list, sets));
    case 'global': {
      // Every document of the shards searched, whatever the query.
      const all: Item[] = [];
      for (const s of sets) s.ctx.docs.forEach((doc, pos) => all.push({ doc, ctx: s.ctx, pos }));
      return withMeta(spec, withSubs(spec, { doc_count: all.length }, all, sets));
    }
    case 'missing': {
      requireValuesSource(spec);
      const info = fieldOf(spec, sets);
      const kept = list.filter(
        (it) => valuesOf({ ...spec, params: { field: spec.params.field } }, info, it).length === 0,
      );
      return withMeta(spec, withSubs(spec, { doc_count: kept.length }, kept, sets));
    }
    case 'range':
      return withMeta(spec, rangeAgg(spec, list, sets));
    default:
      // Refused before the search runs (refusals.ts); never answered empty.
      throw notImplemented(`aggregation [${spec.type}]`);
  }
}

function filterBy(query: Parameters<typeof evaluate>[0], list: readonly Item[], sets: readonly ShardDocs[]): Item[] {
  const scores = new Map<ShardContext, Float64Array>();
  for (const s of sets) scores.set(s.ctx, evaluate(query, s.ctx));
  return list.filter((it) => (scores.get(it.ctx)?.[it.pos] ?? NO_MATCH) !== NO_MATCH);
}

function filtersAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const keyed: Record<string, unknown> = {};
  const arr: unknown[] = [];
  const matchedAny = new Set<Item>();
  for (const f of spec.filters ?? []) {
    const kept = filterBy(f.query, list, sets);
    for (const it of kept) matchedAny.add(it);
    const bucket = withSubs(spec, { doc_count: kept.length }, kept, sets);
    if (spec.filtersKeyed) keyed[f.key] = bucket;
    else arr.push(bucket);
  }
  const otherKey = typeof spec.params.other_bucket_key === 'string' ? spec.params.other_bucket_key : undefined;
  if (spec.params.other_bucket === true || otherKey !== undefined) {
    const rest = list.filter((it) => !matchedAny.has(it));
    const bucket = withSubs(spec, { doc_count: rest.length }, rest, sets);
    if (spec.filtersKeyed) keyed[otherKey ?? '_other_'] = bucket;
    else arr.push(bucket);
  }
  return { buckets: spec.filtersKeyed ? keyed : arr };
}

// ---------------------------------------------------------------------------------------------------------------
// terms

type Key = string | number;

function compareKeys(a: Key, b: Key): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** BitMixer.mix64 of a signed 64-bit value. */
function mix64(value: bigint): bigint {
  let z = BigInt.asUintN(64, value);
  z = BigInt.asUintN(64, (z ^ (z >> 32n)) * 0x4cd6944c5cc20b6dn);
  z = BigInt.asUintN(64, (z ^ (z >> 29n)) * 0xfc12c5b19d3259e9n);
  return BigInt.asIntN(64, z ^ (z >> 32n));
}

/**
 * IncludeExclude's partitions: a term's partition is floorMod of murmur3 (seed 31) of its UTF-8 bytes, a number's
 * of BitMixer.mix64 of the long it is stored as (a double's sortable long).
 */
function partitionOf(key: Key, info: FieldInfo | undefined, partitions: number): number {
  if (typeof key === 'string') {
    const h = murmur3x86(Buffer.from(key, 'utf8'), 31);
    return ((h % partitions) + partitions) % partitions;
  }
  let long: bigint;
  if (info !== undefined && isIntegral(info.type)) long = BigInt(Math.trunc(key));
  else if (info?.type === 'date' || info?.type === 'boolean') long = BigInt(Math.trunc(key));
  else {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, key);
    const bits = view.getBigInt64(0);
    long = bits < 0n ? bits ^ 0x7fffffffffffffffn : bits;
  }
  const n = BigInt(partitions);
  return Number(((mix64(long) % n) + n) % n);
}

/** Include/exclude of a terms aggregation: a Lucene regular expression, a list of exact terms, or a partition. */
function termFilter(spec: AggSpec, info: FieldInfo | undefined): (key: Key) => boolean {
  const test = (v: unknown): ((key: Key) => boolean) | undefined => {
    if (v === undefined || v === null) return undefined;
    if (Array.isArray(v)) {
      const set = new Set(v.map(String));
      return (key) => set.has(String(key));
    }
    if (typeof v === 'string') {
      const accepts = includeExcludeRegexp(v);
      return (key) => accepts(String(key));
    }
    if (typeof v === 'object') {
      const { partition, num_partitions: count } = v as { partition?: unknown; num_partitions?: unknown };
      if (typeof partition === 'number' && typeof count === 'number') {
        return (key) => partitionOf(key, info, count) === partition;
      }
    }
    return undefined;
  };
  const include = test(spec.params.include);
  const exclude = test(spec.params.exclude);
  return (key) => (include === undefined || include(key)) && (exclude === undefined || !exclude(key));
}

interface ShardBucket {
  readonly key: Key;
  readonly items: Item[];
}

/** How buckets are ordered: by count, key or a sub-aggregation's value, ties broken by key ascending. */
function bucketComparator(spec: AggSpec, sets: readonly ShardDocs[]): (a: ShardBucket, b: ShardBucket) => number {
  const entries = orderEntries(spec);
  const order = entries.length > 0 ? entries : [['_count', 'desc'] as [string, string]];
  const cache = new Map<ShardBucket, Map<string, number>>();
  const subValue = (bucket: ShardBucket, path: string): number => {
    let values = cache.get(bucket);
    if (!values) {
      values = new Map();
      cache.set(bucket, values);
    }
    const known = values.get(path);
    if (known !== undefined) return known;
    const [name, metricName] = path.split(/[.[]/);
    const sub = spec.subs.find((s) => s.name === name)!;
    const result = runOne(sub, bucket.items, regroup(bucket.items, sets));
    const raw = metricName !== undefined ? result[metricName.replace(/]$/, '')] : (result.value ?? result.doc_count);
    const v = raw instanceof Object && 'value' in raw ? Number((raw as { value: unknown }).value) : Number(raw);
    const out = Number.isNaN(v) ? Number.NEGATIVE_INFINITY : v;
    values.set(path, out);
    return out;
  };
  return (a, b) => {
    for (const [key, dir] of order) {
      let c: number;
      if (key === '_key' || key === '_term') c = compareKeys(a.key, b.key);
      else if (key === '_count') c = a.items.length - b.items.length;
      else c = subValue(a, key) - subValue(b, key);
      if (dir === 'desc') c = -c;
      if (c !== 0) return c;
    }
    return compareKeys(a.key, b.key);
  };
}

function isCountDesc(spec: AggSpec): boolean {
  const entries = orderEntries(spec);
  return entries.length === 0 || (entries[0]![0] === '_count' && entries[0]![1] === 'desc');
}

function isKeyOrder(spec: AggSpec): boolean {
  const first = orderEntries(spec)[0];
  return first !== undefined && (first[0] === '_key' || first[0] === '_term');
}

function keyOf(info: FieldInfo, spec: AggSpec, v: Key): Record<string, unknown> {
  if (info.type === 'date' || info.type === 'boolean') {
    return { key: v, key_as_string: asString(info, spec, Number(v)) };
  }
  if (isNumeric(info.type)) {
    const key = isIntegral(info.type) ? v : double(Number(v));
    const s = typeof spec.params.format === 'string' ? asString(info, spec, Number(v)) : undefined;
    return s === undefined ? { key } : { key, key_as_string: s };
  }
  return { key: v };
}

/**
 * TermsAggregator on each shard (its top `shard_size` terms in the requested order, with their exact counts), then
 * InternalTerms.reduce: counts summed over the shards that returned a term, the top `size` kept, error bounds from
 * the smallest count each full shard returned.
 */
function termsAgg(spec: AggSpec, sets: readonly ShardDocs[]): Record<string, unknown> {
  requireValuesSource(spec);
  const info = fieldOf(spec, sets);
  const size = Number(spec.params.size ?? 10);
  const minDocCount = Number(spec.params.min_doc_count ?? 1);
  const shardMinDocCount = Number(spec.params.shard_min_doc_count ?? 0);
  const shardCount = sets.length;
  const shardSize =
    spec.params.shard_size !== undefined
      ? Math.max(Number(spec.params.shard_size), size)
      : shardCount <= 1
        ? size
        : Math.floor(size * 1.5 + 10);
  const showErrors = spec.params.show_term_doc_count_error === true;
  if (info?.type === 'text') throw textFieldDataError(info.path);
  const emptyAnswer = { doc_count_error_upper_bound: 0, sum_other_doc_count: 0, buckets: [] };
  if (info === undefined && spec.params.missing === undefined) return emptyAnswer;
  const accept = termFilter(spec, info);
  const compare = bucketComparator(spec, sets);
  const countDesc = isCountDesc(spec);
  const keyOrder = isKeyOrder(spec);
  interface Reduced {
    key: Key;
    items: Item[];
    errorFromReturning: number;
  }
  const reduced = new Map<Key, Reduced>();
  let sumError = 0;
  let unknownError = false;
  let otherDocCount = 0;
  for (const set of sets) {
    const groups = new Map<Key, Item[]>();
    for (const pos of set.positions) {
      const it: Item = { doc: set.ctx.docs[pos]!, ctx: set.ctx, pos };
      for (const k of new Set(valuesOf(spec, info, it))) {
        if (!accept(k)) continue;
        let g = groups.get(k);
        if (!g) {
          g = [];
          groups.set(k, g);
        }
        g.push(it);
      }
    }
    if (minDocCount === 0 && info !== undefined && info.path !== '_index') {
      // With min_doc_count 0, every term of the shard's dictionary is a bucket, also those no hit has.
      for (const term of set.ctx.shard.postings(info.path).byTerm.keys()) {
        const k: Key = numericLike(info.type) ? Number(term) : term;
        if (accept(k) && !groups.has(k)) groups.set(k, []);
      }
    }
    // 2.x counts the documents of the buckets under shard_min_doc_count among the others; 3.x leaves them out.
    if (set.ctx.major < 3) {
      for (const g of groups.values()) if (g.length < shardMinDocCount) otherDocCount += g.length;
    }
    const buckets = [...groups.entries()]
      .filter(([, g]) => g.length >= shardMinDocCount)
      .map(([key, g]) => ({ key, items: g }));
    buckets.sort(compare);
    const returned = buckets.slice(0, shardSize);
    for (const b of buckets.slice(shardSize)) otherDocCount += b.items.length;
    let shardError: number;
    if (returned.length < shardSize || keyOrder) shardError = 0;
    else if (countDesc) shardError = returned.at(-1)?.items.length ?? 0;
    else shardError = -1;
    if (shardError === -1) unknownError = true;
    else sumError += shardError;
    for (const b of returned) {
      let r = reduced.get(b.key);
      if (!r) {
        r = { key: b.key, items: [], errorFromReturning: 0 };
        reduced.set(b.key, r);
      }
      r.items.push(...b.items);
      r.errorFromReturning += Math.max(0, shardError);
    }
  }
  const all = [...reduced.values()].filter((r) => r.items.length >= minDocCount);
  all.sort((a, b) => compare(a, b));
  const top = all.slice(0, size);
  for (const r of all.slice(size)) otherDocCount += r.items.length;
  const fieldForKeys: FieldInfo = info ?? {
    path: String(spec.params.field),
    type: typeof spec.params.missing === 'number' ? 'long' : 'keyword',
  };
  const errorBound = unknownError ? -1 : keyOrder ? 0 : sumError;
  return {
    doc_count_error_upper_bound: errorBound,
    sum_other_doc_count: otherDocCount,
    buckets: top.map((r) => {
      const bucket: Record<string, unknown> = { ...keyOf(fieldForKeys, spec, r.key), doc_count: r.items.length };
      if (showErrors) bucket.doc_count_error_upper_bound = unknownError ? -1 : sumError - r.errorFromReturning;
      return withSubs(spec, bucket, r.items, sets);
    }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// histograms

function fixedMillis(text: string): number | undefined {
  try {
    return parseTimeValue(text, 'date_histogram.fixedInterval');
  } catch {
    return undefined;
  }
}

function calendarFloor(ms: number, unit: string): number {
  const d = new Date(ms);
  switch (unit) {
    case 'm':
      return ms - (((ms % 60_000) + 60_000) % 60_000);
    case 'h':
      return ms - (((ms % 3_600_000) + 3_600_000) % 3_600_000);
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
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
    case 'w':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 7);
    case 'M':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    case 'q':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 3, 1);
    default:
      return Date.UTC(d.getUTCFullYear() + 1, 0, 1);
  }
}

interface Rounding {
  floor(v: number): number;
  next(v: number): number;
}

/** The rounding of a date_histogram: calendar or fixed, in a fixed time zone, moved by an offset. */
function dateRounding(spec: AggSpec, zoneMinutes: number): Rounding {
  const cal = spec.params.calendar_interval ?? spec.params.interval;
  const fixed = spec.params.fixed_interval;
  const unit = typeof cal === 'string' && Object.hasOwn(CALENDAR_UNITS, cal) ? CALENDAR_UNITS[cal] : undefined;
  const offsetText = spec.params.offset;
  const offset =
    typeof offsetText === 'number'
      ? offsetText
      : typeof offsetText === 'string'
        ? (offsetText.startsWith('-') ? -1 : 1) *
          parseTimeValue(offsetText.replace(/^[+-]/, ''), 'date_histogram.offset')
        : 0;
  const zone = zoneMinutes * 60_000;
  if (unit !== undefined && fixed === undefined) {
    return {
      floor: (v) => calendarFloor(v + zone - offset, unit) - zone + offset,
      next: (v) => calendarNext(v + zone - offset, unit) - zone + offset,
    };
  }
  const text = typeof fixed === 'string' ? fixed : typeof cal === 'string' ? cal : undefined;
  if (text === undefined) throw illegalArgument('Invalid interval specified, must be non-null and non-empty');
  const step = fixedMillis(text);
  if (step === undefined || step <= 0) {
    throw illegalArgument(
      `failed to parse setting [date_histogram.fixedInterval] with value [${text}] as a time value: unit is missing or unrecognized`,
    );
  }
  return {
    floor: (v) => {
      const local = v + zone - offset;
      return local - (((local % step) + step) % step) - zone + offset;
    },
    next: (v) => v + step,
  };
}

function bound(v: unknown, isDate: boolean, now: number): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'number') return v;
  if (isDate && typeof v === 'string') {
    try {
      return parseDate(v) ?? resolveDateMath(v, now, false);
    } catch (e) {
      if (e instanceof DateMathError) throw dateMathFailure(e);
      throw e;
    }
  }
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function histogramAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const info = numericField(spec, sets);
  const isDate = spec.type === 'date_histogram';
  let zoneMinutes = 0;
  if (isDate && typeof spec.params.time_zone === 'string') {
    const z = fixedZoneOffset(spec.params.time_zone);
    if (z === undefined) throw notImplemented(`[date_histogram] time zone [${spec.params.time_zone}]`);
    zoneMinutes = z;
  }
  let rounding: Rounding;
  if (isDate) {
    rounding = dateRounding(spec, zoneMinutes);
  } else {
    const interval = Number(spec.params.interval ?? 0);
    if (!(interval > 0)) {
      throw illegalArgument(
        `interval must be positive, got: ${Number.isInteger(interval) ? interval.toFixed(1) : String(interval)}`,
      );
    }
    const offset = Number(spec.params.offset ?? 0);
    rounding = {
      floor: (v) => Math.floor((v - offset) / interval) * interval + offset,
      next: (v) => v + interval,
    };
  }
  const now = sets[0]?.ctx.now ?? Date.now();
  const hard = spec.params.hard_bounds as { min?: unknown; max?: unknown } | undefined;
  const hardMin = bound(hard?.min, isDate, now);
  const hardMax = bound(hard?.max, isDate, now);
  const groups = new Map<number, Item[]>();
  for (const it of list) {
    const keys = new Set<number>();
    for (const v of valuesOf(spec, info, it)) {
      // Hard bounds keep the buckets whose key is within them: up to the maximum included for a histogram
      // (DoubleBounds), excluded for a date histogram (LongBounds).
      const key = rounding.floor(Number(v));
      if (hardMin !== undefined && key < hardMin) continue;
      if (hardMax !== undefined && (isDate ? key >= hardMax : key > hardMax)) continue;
      keys.add(key);
    }
    for (const k of keys) {
      let g = groups.get(k);
      if (!g) {
        g = [];
        groups.set(k, g);
      }
      g.push(it);
    }
  }
  const minDocCount = Number(spec.params.min_doc_count ?? 0);
  let keys = [...groups.keys()].sort((a, b) => a - b);
  if (minDocCount === 0) {
    // Empty buckets fill the gaps, and extend to the extended bounds (both rounded down to a bucket).
    const ext = spec.params.extended_bounds as { min?: unknown; max?: unknown } | undefined;
    const extMin = bound(ext?.min, isDate, now);
    const extMax = bound(ext?.max, isDate, now);
    let lo = keys[0];
    let hi = keys.at(-1);
    if (extMin !== undefined) lo = Math.min(lo ?? Infinity, rounding.floor(extMin));
    if (extMax !== undefined) hi = Math.max(hi ?? -Infinity, rounding.floor(extMax));
    if (hardMin !== undefined && lo !== undefined) lo = Math.max(lo, rounding.floor(hardMin));
    if (hardMax !== undefined && hi !== undefined) hi = Math.min(hi, rounding.floor(hardMax));
    if (lo !== undefined && hi !== undefined) {
      const all: number[] = [];
      for (let k = lo; k <= hi; k = rounding.next(k)) all.push(k);
      keys = all;
    }
  }
  let buckets = keys
    .map((k) => ({ key: k, items: groups.get(k) ?? [] }))
    .filter(({ items: g }) => g.length >= minDocCount);
  const entries = orderEntries(spec);
  if (entries.length > 0) buckets = [...buckets].sort(bucketComparator(spec, sets));
  const rendered = buckets.map(({ key, items: g }) => {
    const k = key;
    const head: Record<string, unknown> = isDate
      ? { key_as_string: asString(info, spec, k, zoneMinutes) ?? '', key: k }
      : { key: double(k) };
    if (!isDate && typeof spec.params.format === 'string') {
      const s = asString(info, spec, k);
      if (s !== undefined) head.key_as_string = s;
    }
    return withSubs(spec, { ...head, doc_count: g.length }, g, sets);
  });
  if (spec.params.keyed === true) {
    const keyed: Record<string, unknown> = {};
    for (const b of rendered) {
      const name = typeof b.key_as_string === 'string' ? b.key_as_string : javaNumberText(b.key as JavaNumber);
      keyed[name] = b;
    }
    return { buckets: keyed };
  }
  return { buckets: rendered };
}

// ---------------------------------------------------------------------------------------------------------------
// range

function compareDoubles(a: number, b: number): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function rangeAgg(spec: AggSpec, list: readonly Item[], sets: readonly ShardDocs[]): Record<string, unknown> {
  const info = numericField(spec, sets);
  const ranges = Array.isArray(spec.params.ranges) ? (spec.params.ranges as Record<string, unknown>[]) : [];
  if (ranges.length === 0) throw illegalArgument(`No [ranges] specified for the [${spec.name}] aggregation`);
  const isDate = info?.type === 'date';
  const now = sets[0]?.ctx.now ?? Date.now();
  // The bounds as the field's DocValueFormat parses them: date math on dates (not rounded up), doubles otherwise.
  const parseBound = (v: unknown): number | undefined => {
    if (v === undefined || v === null) return undefined;
    if (typeof v === 'number') return v;
    const text = typeof v === 'string' ? v : JSON.stringify(v);
    if (isDate) {
      try {
        return resolveDateMath(text, now, false);
      } catch (e) {
        if (e instanceof DateMathError) throw dateMathFailure(e);
        throw e;
      }
    }
    if (!/^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[dDfF]?\s*$/.test(text)) {
      throw new OsError(400, 'number_format_exception', `For input string: "${text}"`, { openSearch: false });
    }
    return Number(text.trim().replace(/[dDfF]$/, ''));
  };
  const fmt = (v: number): string =>
    isDate ? (formatDateWith(v, undefined) ?? String(v)) : Number.isInteger(v) ? `${v}.0` : String(v);
  // RangeAggregator sorts the ranges by from, then to (a missing from is -Infinity, a missing to +Infinity).
  const parsed = ranges
    .map((r) => ({ r, from: parseBound(r.from), to: parseBound(r.to) }))
    .sort(
      (a, b) =>
        compareDoubles(a.from ?? -Infinity, b.from ?? -Infinity) || compareDoubles(a.to ?? Infinity, b.to ?? Infinity),
    );
  const buckets = parsed.map(({ r, from, to }) => {
    // Bounds are compared with the field's values as it stores them: truncated for integers.
    const integral = info !== undefined && isIntegral(info.type);
    const lo = from !== undefined && integral ? Math.trunc(from) : from;
    const hi = to !== undefined && integral ? Math.trunc(to) : to;
    const kept = list.filter((it) =>
      valuesOf(spec, info, it).some((v) => {
        const n = Number(v);
        return (lo === undefined || n >= lo) && (hi === undefined || n < hi);
      }),
    );
    const key =
      typeof r.key === 'string' ? r.key : `${from === undefined ? '*' : fmt(from)}-${to === undefined ? '*' : fmt(to)}`;
    const bucket: Record<string, unknown> = { key };
    if (from !== undefined) bucket.from = double(from);
    if (from !== undefined && isDate) bucket.from_as_string = fmt(from);
    if (to !== undefined) bucket.to = double(to);
    if (to !== undefined && isDate) bucket.to_as_string = fmt(to);
    bucket.doc_count = kept.length;
    return withSubs(spec, bucket, kept, sets);
  });
  if (spec.params.keyed === true) {
    const keyed: Record<string, unknown> = {};
    for (const b of buckets) {
      const { key, ...rest } = b;
      keyed[String(key)] = rest;
    }
    return { buckets: keyed };
  }
  return { buckets };
}

/**
 * IncludeExclude's regular expression: Lucene's syntax, compiled to an automaton under the same limits as a regexp
 * query, refused as OpenSearch refuses it (not wrapped in a query_shard_exception: the aggregation fails on the shard).
 */
function includeExcludeRegexp(pattern: string): (term: string) => boolean {
  if (pattern.length > MAX_REGEX_LENGTH) {
    throw illegalArgument(
      `The length of regex [${pattern.length}] used in the request has exceeded the allowed maximum of [${MAX_REGEX_LENGTH}]. This maximum can be set by changing the [index.max_regex_length] index level setting.`,
    );
  }
  try {
    return compileRegexp(pattern);
  } catch (e) {
    if (!(e instanceof RegexpRefusal)) throw e;
    throw regexpCause(e, 500);
  }
}

/** `1234567` → `1,234,567` (DecimalFormat's grouping), by slicing: a look-ahead expression is quadratic on long runs. */
function groupThousands(digits: string): string {
  const head = digits.length % 3 || 3;
  const groups = [digits.slice(0, head)];
  for (let i = head; i < digits.length; i += 3) groups.push(digits.slice(i, i + 3));
  return groups.join(',');
}
