// The highlighter: the words of a hit's fields that the query matched, wrapped in the pre/post tags. It answers as
// OpenSearch's default (unified) highlighter does for values shorter than a fragment, which is every value of the
// sample data: the whole value with its matches tagged, on text fields (analyzed terms) and keyword fields (the whole
// value). Options whose output depends on Lucene's passage scoring and sentence breaking (a fragment size other than
// the default, the fast vector highlighter) are refused.
import { parseJsonValue, type JNode } from '../core/json';
import { analyze } from '../data/analysis';
import type { Doc, Index } from '../data/store';
import { expandFields, wildcardToRegExp } from './fieldAccess';
import type { Query } from './query';
import { editDistance, fuzzinessOf, patternTest } from './queryEngine';
import { parseInnerQuery } from './queryParser';
import { parseQueryString } from './queryString';

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

/**
 * What a query matches, per field (`*` for clauses on every field): analyzed terms, raw values for keywords, and
 * the multi-term queries (prefix, wildcard, regexp, fuzzy, range) as tests of a term or keyword value, which the
 * unified highlighter applies as automata.
 */
export interface QueryTerms {
  readonly terms: Map<string, Set<string>>;
  readonly raw: Map<string, Set<string>>;
  readonly tests: Map<string, ((term: string) => boolean)[]>;
}

function emptyTerms(): QueryTerms {
  return { terms: new Map(), raw: new Map(), tests: new Map() };
}

function rangeTest(q: Extract<Query, { type: 'range' }>): (term: string) => boolean {
  const from = q.from === null ? undefined : String(q.from);
  const to = q.to === null ? undefined : String(q.to);
  const cmp = (a: string, b: string): number => Buffer.compare(Buffer.from(a), Buffer.from(b));
  return (term) =>
    (from === undefined || (q.includeLower ? cmp(term, from) >= 0 : cmp(term, from) > 0)) &&
    (to === undefined || (q.includeUpper ? cmp(term, to) <= 0 : cmp(term, to) < 0));
}

function fuzzyTest(
  value: string,
  fuzziness: string,
  prefixLength: number,
  transpositions: boolean,
): (term: string) => boolean {
  const max = fuzzinessOf(fuzziness, Array.from(value).length);
  const prefix = value.slice(0, prefixLength);
  return (term) => term.startsWith(prefix) && editDistance(term, value, transpositions) <= max;
}

export function queryTerms(q: Query | undefined, index?: Index, out: QueryTerms = emptyTerms()): QueryTerms {
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
  const test = (field: string, t: (term: string) => boolean): void => {
    const list = out.tests.get(field) ?? [];
    list.push(t);
    out.tests.set(field, list);
  };
  /** Text whose terms are searched, the last one as a prefix with `prefixLast`, each one fuzzily with `fuzziness`. */
  const addText = (field: string, text: string, prefixLast: boolean, fuzziness: string | undefined): void => {
    const terms = analyze(text);
    if (fuzziness !== undefined) {
      // On text fields each analyzed term; on keyword fields the value as given.
      for (const t of terms) test(field, fuzzyTest(t, fuzziness, 0, true));
      test(field, fuzzyTest(text, fuzziness, 0, true));
      return;
    }
    if (prefixLast && terms.length > 0) {
      const last = terms[terms.length - 1]!;
      add(field, terms.slice(0, -1).join(' '));
      test(field, (term) => term.startsWith(last));
      return;
    }
    add(field, text);
  };
  const recurse = (c: Query): void => {
    queryTerms(c, index, out);
  };
  switch (q.type) {
    case 'match':
      if (q.query !== null) addText(q.field, String(q.query), q.prefixLast ?? false, q.fuzziness);
      break;
    case 'match_phrase':
      addText(q.field, q.query, q.prefix ?? false, undefined);
      break;
    case 'multi_match':
      for (const f of q.fields) {
        addText(f.field, q.query, q.mmType === 'phrase_prefix' || q.mmType === 'bool_prefix', undefined);
      }
      break;
    case 'term':
      add(q.field, String(q.value));
      break;
    case 'terms':
      for (const v of q.values) add(q.field, String(v));
      break;
    case 'prefix':
    case 'wildcard':
    case 'regexp':
      test(q.field, patternTest(q.type, q.value, q.caseInsensitive));
      break;
    case 'fuzzy':
      test(q.field, fuzzyTest(q.value, q.fuzziness, q.prefixLength, q.transpositions));
      break;
    case 'range':
      test(q.field, rangeTest(q));
      break;
    case 'query_string':
      // The query as the search read it (a syntax error has already failed the search).
      if (index !== undefined) recurse(parseQueryString(q, (pattern) => expandFields(index, pattern), index));
      break;
    case 'bool':
      for (const c of [...q.must, ...q.should, ...q.filter]) recurse(c);
      break;
    case 'constant_score':
      recurse(q.filter);
      break;
    case 'dis_max':
      for (const c of q.queries) recurse(c);
      break;
    case 'boosting':
      recurse(q.positive);
      break;
    case 'wrapped':
    case 'nested':
      recurse(q.inner);
      break;
    default:
      break;
  }
  return out;
}

function applies(f: string, field: string, requireFieldMatch: boolean): boolean {
  return !requireFieldMatch || f === '*' || f === field || wildcardToRegExp(f).test(field);
}

function collect(map: Map<string, Set<string>>, field: string, requireFieldMatch: boolean): Set<string> {
  const out = new Set<string>();
  for (const [f, set] of map) {
    if (applies(f, field, requireFieldMatch)) for (const t of set) out.add(t);
  }
  return out;
}

function collectTests(
  map: Map<string, ((term: string) => boolean)[]>,
  field: string,
  requireFieldMatch: boolean,
): ((term: string) => boolean)[] {
  const out: ((term: string) => boolean)[] = [];
  for (const [f, list] of map) if (applies(f, field, requireFieldMatch)) out.push(...list);
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
  const fromQuery = queryTerms(query, index);
  for (const f of spec.fields) {
    const matched = f.highlightQuery !== undefined ? queryTerms(f.highlightQuery, index) : fromQuery;
    const re = wildcardToRegExp(f.name);
    for (const info of index.fields.values()) {
      if (!(info.path === f.name || re.test(info.path))) continue;
      if (info.type !== 'text' && info.type !== 'keyword') continue;
      const values = sourceValues(doc.source, info.path);
      const fragments: string[] = [];
      const limit = f.fragments === 0 ? Number.POSITIVE_INFINITY : f.fragments;
      if (info.type === 'keyword') {
        const wanted = collect(matched.raw, info.path, f.requireFieldMatch);
        const tests = collectTests(matched.tests, info.path, f.requireFieldMatch);
        for (const value of values) {
          if (wanted.has(value) || tests.some((t) => t(value))) fragments.push(`${spec.preTag}${value}${spec.postTag}`);
          if (fragments.length >= limit) break;
        }
      } else {
        const wanted = collect(matched.terms, info.path, f.requireFieldMatch);
        const tests = collectTests(matched.tests, info.path, f.requireFieldMatch);
        for (const value of values) {
          let marked = '';
          let last = 0;
          let any = false;
          for (const m of value.matchAll(/[\p{L}\p{N}_]+(?:[.'][\p{L}\p{N}_]+)*/gu)) {
            const term = m[0].toLowerCase();
            if (!wanted.has(term) && !tests.some((t) => t(term))) continue;
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
