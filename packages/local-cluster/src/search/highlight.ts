// The highlighter: the words of a hit's fields that the query matched, wrapped in the pre/post tags. It answers as
// OpenSearch's default (unified) highlighter does for values shorter than a fragment, which is every value of the
// sample data: the whole value with its matches tagged, on text fields (analyzed terms) and keyword fields (the whole
// value). Options whose output depends on Lucene's passage scoring and sentence breaking (a fragment size other than
// the default, the fast vector highlighter) are refused.
import { parseJsonValue, type JNode } from '../core/json';
import { analyze } from '../data/analysis';
import type { Doc, Index } from '../data/store';
import { wildcardToRegExp } from './fieldAccess';
import type { Query } from './query';
import { parseInnerQuery } from './queryParser';

const DEFAULT_FRAGMENT_SIZE = 100;

export interface HighlightField {
  readonly name: string;
  readonly fragments: number;
  readonly noMatchSize: number;
  readonly highlightQuery?: Query;
  readonly requireFieldMatch: boolean;
}

export interface HighlightSpec {
  readonly fields: readonly HighlightField[];
  readonly preTag: string;
  readonly postTag: string;
  /** An option the local highlighter does not implement (the search refuses it). */
  readonly refused?: string;
}

function numberOf(v: unknown, dflt: number): number {
  return typeof v === 'number' ? v : dflt;
}

/** A highlight query given as JSON, read with the query parser (its errors are the query parser's). */
function highlightQuery(raw: unknown): Query | undefined {
  if (raw === undefined) return undefined;
  const { value } = parseJsonValue(JSON.stringify(raw));
  return parseInnerQuery(value as JNode);
}

export function parseHighlight(raw: Record<string, unknown>): HighlightSpec {
  const pre = Array.isArray(raw.pre_tags) && typeof raw.pre_tags[0] === 'string' ? raw.pre_tags[0] : '<em>';
  const post = Array.isArray(raw.post_tags) && typeof raw.post_tags[0] === 'string' ? raw.post_tags[0] : '</em>';
  let refused: string | undefined;
  const check = (o: Record<string, unknown>): void => {
    if (o.type === 'fvh') refused ??= '[highlight] type [fvh]';
    if (o.fragment_size !== undefined && o.fragment_size !== DEFAULT_FRAGMENT_SIZE) {
      refused ??= '[highlight] [fragment_size]';
    }
    if (o.boundary_scanner !== undefined) refused ??= '[highlight] [boundary_scanner]';
    if (o.matched_fields !== undefined) refused ??= '[highlight] [matched_fields]';
  };
  check(raw);
  const defaults = {
    fragments: numberOf(raw.number_of_fragments, 5),
    noMatchSize: numberOf(raw.no_match_size, 0),
    requireFieldMatch: raw.require_field_match !== false,
    highlightQuery: highlightQuery(raw.highlight_query),
  };
  const fields: HighlightField[] = [];
  const add = (name: string, opts: unknown): void => {
    const o = (opts !== null && typeof opts === 'object' ? opts : {}) as Record<string, unknown>;
    check(o);
    const query = o.highlight_query !== undefined ? highlightQuery(o.highlight_query) : defaults.highlightQuery;
    fields.push({
      name,
      fragments: numberOf(o.number_of_fragments, defaults.fragments),
      noMatchSize: numberOf(o.no_match_size, defaults.noMatchSize),
      requireFieldMatch:
        o.require_field_match === undefined ? defaults.requireFieldMatch : o.require_field_match !== false,
      ...(query !== undefined ? { highlightQuery: query } : {}),
    });
  };
  if (Array.isArray(raw.fields)) {
    for (const f of raw.fields as unknown[]) {
      if (f !== null && typeof f === 'object')
        for (const [k, v] of Object.entries(f as Record<string, unknown>)) add(k, v);
    }
  } else if (raw.fields !== null && typeof raw.fields === 'object') {
    for (const [k, v] of Object.entries(raw.fields)) add(k, v);
  }
  return { fields, preTag: pre, postTag: post, ...(refused !== undefined ? { refused } : {}) };
}

/** What a query matches, per field (`*` for clauses on every field): analyzed terms, and raw values for keywords. */
export interface QueryTerms {
  readonly terms: Map<string, Set<string>>;
  readonly raw: Map<string, Set<string>>;
}

export function queryTerms(q: Query | undefined, out: QueryTerms = { terms: new Map(), raw: new Map() }): QueryTerms {
  if (!q) return out;
  const add = (field: string, text: string): void => {
    let set = out.terms.get(field);
    if (!set) {
      set = new Set();
      out.terms.set(field, set);
    }
    for (const t of analyze(text)) set.add(t);
    let raw = out.raw.get(field);
    if (!raw) {
      raw = new Set();
      out.raw.set(field, raw);
    }
    raw.add(text);
  };
  switch (q.type) {
    case 'match':
      if (q.query !== null) add(q.field, String(q.query));
      break;
    case 'match_phrase':
      add(q.field, q.query);
      break;
    case 'multi_match':
      for (const f of q.fields) add(f.field, q.query);
      break;
    case 'term':
      add(q.field, String(q.value));
      break;
    case 'terms':
      for (const v of q.values) add(q.field, String(v));
      break;
    case 'query_string':
      for (const m of q.query.matchAll(/(?:([\w.@*]+):)?("[^"]*"|[^\s()]+)/g)) {
        const word = m[2]!.replace(/"/g, '');
        if (['AND', 'OR', 'NOT'].includes(word)) continue;
        const field = m.at(1) ?? (q.fields.length === 1 ? q.fields[0]!.field : (q.defaultField ?? '*'));
        add(field, word.replace(/^[+-]/, ''));
      }
      break;
    case 'bool':
      for (const c of [...q.must, ...q.should, ...q.filter]) queryTerms(c, out);
      break;
    case 'constant_score':
      queryTerms(q.filter, out);
      break;
    case 'dis_max':
      for (const c of q.queries) queryTerms(c, out);
      break;
    case 'boosting':
      queryTerms(q.positive, out);
      break;
    case 'wrapped':
    case 'nested':
      queryTerms(q.inner, out);
      break;
    default:
      break;
  }
  return out;
}

function collect(map: Map<string, Set<string>>, field: string, requireFieldMatch: boolean): Set<string> {
  const out = new Set<string>();
  for (const [f, set] of map) {
    if (!requireFieldMatch || f === '*' || f === field || wildcardToRegExp(f).test(field))
      for (const t of set) out.add(t);
  }
  return out;
}

function sourceValues(source: Record<string, unknown>, path: string): string[] {
  let v: unknown = source;
  for (const part of path.split('.')) {
    if (v === null || typeof v !== 'object') return [];
    v = (v as Record<string, unknown>)[part];
  }
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x): x is string => typeof x === 'string');
}

/**
 * The start of a value up to the first word boundary after `size` characters (a field with no match): where a
 * word iterator's following(size) stops, a change between word and non-word characters.
 */
function noMatchFragment(value: string, size: number): string {
  if (value.length <= size) return value;
  const word = (i: number): boolean => /[\p{L}\p{N}_]/u.test(value.charAt(i));
  let end = size + 1;
  while (end < value.length && word(end - 1) === word(end)) end++;
  return value.slice(0, end).trimEnd();
}

export function highlightHit(
  spec: HighlightSpec,
  query: Query | undefined,
  index: Index,
  doc: Doc,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  const fromQuery = queryTerms(query);
  for (const f of spec.fields) {
    const matched = f.highlightQuery !== undefined ? queryTerms(f.highlightQuery) : fromQuery;
    const re = wildcardToRegExp(f.name);
    for (const info of index.fields.values()) {
      if (!(info.path === f.name || re.test(info.path))) continue;
      if (info.type !== 'text' && info.type !== 'keyword') continue;
      const values = sourceValues(doc.source, info.path);
      const fragments: string[] = [];
      const limit = f.fragments === 0 ? Number.POSITIVE_INFINITY : f.fragments;
      if (info.type === 'keyword') {
        const wanted = collect(matched.raw, info.path, f.requireFieldMatch);
        for (const value of values) {
          if (wanted.has(value)) fragments.push(`${spec.preTag}${value}${spec.postTag}`);
          if (fragments.length >= limit) break;
        }
      } else {
        const wanted = collect(matched.terms, info.path, f.requireFieldMatch);
        for (const value of values) {
          let marked = '';
          let last = 0;
          let any = false;
          for (const m of value.matchAll(/[\p{L}\p{N}_]+(?:[.'][\p{L}\p{N}_]+)*/gu)) {
            if (!wanted.has(m[0].toLowerCase())) continue;
            any = true;
            marked += value.slice(last, m.index) + spec.preTag + m[0] + spec.postTag;
            last = m.index + m[0].length;
          }
          if (!any) continue;
          fragments.push(marked + value.slice(last));
          if (fragments.length >= limit) break;
        }
      }
      if (fragments.length === 0 && f.noMatchSize > 0 && values[0] !== undefined && info.path === f.name) {
        fragments.push(noMatchFragment(values[0], f.noMatchSize));
      }
      if (fragments.length > 0) out[info.path] = fragments;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
