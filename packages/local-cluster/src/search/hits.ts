// Per-hit work: `_source` filtering and the sort values of a document (with the errors a shard raises when a
// field cannot be sorted on).
import { double, float } from '../core/xcontent';
import { isIntegral, isNumeric, type FieldType } from '../data/mapping';
import type { Doc, Index } from '../data/store';
import { simpleMatch } from '../core/simpleMatch';
import { queryShardError, textFieldDataError } from './fieldAccess';
import type { SortSpec, SourceFilter } from './sourceParser';
import { setField } from '../core/json';

const LONG_MAX = 9223372036854775807n;
const LONG_MIN = -9223372036854775808n;

function pathMatcher(patterns: readonly string[]): (path: string, isLeaf: boolean) => 'yes' | 'prefix' | 'no' {
  return (path, _isLeaf) => {
    if (patterns.some((p) => simpleMatch(p, path))) return 'yes';
    for (const p of patterns) {
      if (p.startsWith(`${path}.`) || p.startsWith('*')) return 'prefix';
    }
    return 'no';
  };
}

export function filterSource(source: Record<string, unknown>, filter: SourceFilter): Record<string, unknown> {
  if (filter.includes.length === 0 && filter.excludes.length === 0) return source;
  const inc = filter.includes.length > 0 ? pathMatcher(filter.includes) : undefined;
  const exc = filter.excludes;
  const walk = (
    obj: Record<string, unknown>,
    prefix: string,
    included: boolean,
  ): Record<string, unknown> | undefined => {
    const out: Record<string, unknown> = {};
    let any = false;
    for (const [key, value] of Object.entries(obj)) {
      const path = prefix + key;
      if (exc.some((p) => simpleMatch(p, path))) continue;
      const isObject = value !== null && typeof value === 'object' && !Array.isArray(value);
      const m = included || !inc ? 'yes' : inc(path, !isObject);
      if (m === 'no') continue;
      if (isObject) {
        const sub = walk(value as Record<string, unknown>, `${path}.`, m === 'yes');
        if (sub !== undefined && (Object.keys(sub).length > 0 || m === 'yes')) {
          setField(out, key, sub);
          any = true;
        }
      } else if (m === 'yes') {
        setField(out, key, value);
        any = true;
      }
    }
    return any || included ? out : prefix === '' ? out : undefined;
  };
  return walk(source, '', false) ?? {};
}

export type SortKey = string | number | bigint | null;

/** Sort values of a document for each sort entry (checked per shard: text fields and unmapped fields fail). */
export function checkSortFields(index: Index, sort: readonly SortSpec[]): void {
  for (const s of sort) {
    if (s.field === '_score' || s.field === '_doc') continue;
    const info = index.fields.get(s.field);
    if (!info) {
      if (s.unmappedType === undefined)
        throw queryShardError(index, `No mapping found for [${s.field}] in order to sort on`);
      continue;
    }
    if (info.type === 'text') throw textFieldDataError(s.field);
  }
}

export function sortValue(index: Index, doc: Doc, s: SortSpec, score: number): SortKey {
  if (s.field === '_score') return score;
  if (s.field === '_doc') return doc.docIndex;
  const info = index.fields.get(s.field);
  const fv = doc.fields.get(s.field);
  // An unmapped field sorts as the `unmapped_type` it is given: every document misses it.
  const type = info?.type ?? (s.unmappedType as FieldType | undefined);
  const numeric = type !== undefined && (isNumeric(type) || type === 'date' || type === 'boolean');
  if (numeric) {
    const nums = fv?.numbers ?? [];
    if (nums.length === 0) return missingValue(s, true, isIntegral(type) || type === 'date' || type === 'boolean');
    const mode = s.mode ?? (s.order === 'asc' ? 'min' : 'max');
    if (mode === 'sum') return nums.reduce((a, b) => a + b, 0);
    if (mode === 'avg') return nums.reduce((a, b) => a + b, 0) / nums.length;
    return mode === 'max' ? Math.max(...nums) : Math.min(...nums);
  }
  const terms = fv?.terms ?? [];
  if (terms.length === 0) return missingValue(s, false, false);
  const sorted = [...terms].sort();
  return (s.mode ?? (s.order === 'asc' ? 'min' : 'max')) === 'max' ? sorted[sorted.length - 1]! : sorted[0]!;
}

function missingValue(s: SortSpec, numeric: boolean, integral: boolean): SortKey {
  const missing = s.missing ?? '_last';
  const last = missing === '_last';
  const first = missing === '_first';
  if (!last && !first)
    return typeof missing === 'number' ? missing : typeof missing === 'string' ? missing : JSON.stringify(missing);
  if (!numeric) return null;
  const high = (last && s.order === 'asc') || (first && s.order === 'desc');
  if (integral) return high ? LONG_MAX : LONG_MIN;
  return high ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
}

/** Compares two sort keys in the direction of the sort (nulls last). */
export function compareKeys(a: SortKey, b: SortKey, order: 'asc' | 'desc'): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  const c = a < b ? -1 : a > b ? 1 : 0;
  return order === 'asc' ? c : -c;
}

/** How a sort value appears in a hit's `sort` array. */
export function renderSortValue(index: Index, s: SortSpec, v: SortKey): unknown {
  if (s.field === '_score' && typeof v === 'number') return float(v);
  if (typeof v === 'number' && !Number.isFinite(v)) return v > 0 ? 'Infinity' : '-Infinity';
  const info = index.fields.get(s.field);
  if (
    typeof v === 'number' &&
    info &&
    (info.type === 'double' || info.type === 'float' || info.type === 'half_float' || info.type === 'scaled_float')
  ) {
    return info.type === 'float' ? float(v) : double(v);
  }
  return v;
}
