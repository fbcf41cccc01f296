// The highlighter: the words of a hit's fields that the query matched, wrapped in the pre/post tags. It answers as
// OpenSearch's default (unified) highlighter does for values shorter than a fragment, which is every value of the
// sample data: the whole value with its matches tagged, on text fields (analyzed terms) and keyword fields (the whole
// value). Options whose output depends on Lucene's passage scoring and sentence breaking (a fragment size other than
// the default, the fast vector highlighter) are refused.
import { illegalArgument, xContentParseError } from '../core/errors';
import { parseJsonValue, type JNode, type JObject } from '../core/json';
import { didYouMean } from '../core/values';
import { analyze } from '../data/analysis';
import type { Doc, Index } from '../data/store';
import { simpleMatch } from '../core/simpleMatch';
import { expandFields } from './fieldAccess';
import type { Query } from './query';
import { editDistance, fuzzinessOf, patternTest } from './queryEngine';
import { parseInnerQuery } from './queryParser';
import { parseQueryString } from './queryString';

const DEFAULT_FRAGMENT_SIZE = 100;

/** The names HighlightBuilder's ObjectParsers declare: the highlight itself, and each of its fields. */
const COMMON_OPTIONS = [
  'pre_tags',
  'post_tags',
  'order',
  'highlight_filter',
  'fragment_size',
  'number_of_fragments',
  'require_field_match',
  'boundary_scanner',
  'boundary_max_scan',
  'boundary_chars',
  'boundary_scanner_locale',
  'type',
  'fragmenter',
  'no_match_size',
  'force_source',
  'phrase_limit',
  'max_analyzer_offset',
  'options',
  'highlight_query',
];
const HIGHLIGHT_OPTIONS = [...COMMON_OPTIONS, 'tags_schema', 'encoder', 'fields'];
const FIELD_OPTIONS = [...COMMON_OPTIONS, 'matched_fields', 'fragment_offset'];

export interface HighlightField {
  readonly name: string;
  readonly fragments: number;
  readonly noMatchSize: number;
  readonly highlightQuery?: Query;
  readonly requireFieldMatch: boolean;
  readonly preTag: string;
  readonly postTag: string;
  /** Only the terms that start at or before this offset are highlighted (the analysis stops there). */
  readonly maxAnalyzerOffset?: number;
}

export interface HighlightSpec {
  readonly fields: readonly HighlightField[];
  /** `encoder: html`: the text is escaped as Lucene's SimpleHTMLEncoder escapes it. */
  readonly html: boolean;
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

/**
 * What HighlightBuilder's ObjectParser refuses as it reads: a name it does not declare (at the name, and for a
 * field's option wrapped twice at its value), and a tags schema other than `styled`.
 */
export function checkHighlight(v: JObject): void {
  for (const e of v.entries) {
    if (!HIGHLIGHT_OPTIONS.includes(e.key)) {
      throw xContentParseError(
        e.keyPos.line,
        e.keyPos.col,
        `[highlight] unknown field [${e.key}]${didYouMean(e.key, HIGHLIGHT_OPTIONS)}`,
      );
    }
    if (e.key === 'tags_schema' && e.value.kind === 'string' && e.value.value !== 'styled') {
      throw xContentParseError(
        e.value.line,
        e.value.col,
        '[highlight] failed to parse field [tags_schema]',
        illegalArgument(`Unknown tag schema [${e.value.value}]`),
      );
    }
    if (e.key !== 'fields') continue;
    const fields =
      e.value.kind === 'object'
        ? e.value.entries
        : e.value.kind === 'array'
          ? e.value.items.flatMap((item) => (item.kind === 'object' ? item.entries : []))
          : [];
    for (const f of fields) {
      if (f.value.kind !== 'object') continue;
      for (const o of f.value.entries) {
        if (FIELD_OPTIONS.includes(o.key)) continue;
        const unknown = xContentParseError(
          o.keyPos.line,
          o.keyPos.col,
          `[highlight_field] unknown field [${o.key}]${didYouMean(o.key, FIELD_OPTIONS)}`,
        );
        const at = o.value;
        throw xContentParseError(
          at.line,
          at.col,
          '[highlight] failed to parse field [fields]',
          xContentParseError(at.line, at.col, `[fields] failed to parse field [${f.key}]`, unknown),
        );
      }
    }
  }
}

/** The first of a list of tags, as both highlighters use only the first. */
function firstTag(v: unknown): string | undefined {
  return Array.isArray(v) && typeof v[0] === 'string' ? v[0] : undefined;
}

export function parseHighlight(raw: Record<string, unknown>): HighlightSpec {
  // The options apply in the order given: `tags_schema` sets both tags, `pre_tags` and `post_tags` one each.
  let pre = '<em>';
  let post = '</em>';
  for (const [k, v] of Object.entries(raw)) {
    if (k === 'tags_schema' && v === 'styled') {
      pre = '<em class="hlt1">';
      post = '</em>';
    }
    if (k === 'pre_tags') pre = firstTag(v) ?? pre;
    if (k === 'post_tags') post = firstTag(v) ?? post;
  }
  let refused: string | undefined;
  const check = (o: Record<string, unknown>): void => {
    if (typeof o.type === 'string' && o.type !== 'unified' && o.type !== 'plain') {
      refused ??= `[highlight] type [${o.type}]`;
    }
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
    maxAnalyzerOffset: typeof raw.max_analyzer_offset === 'number' ? raw.max_analyzer_offset : undefined,
  };
  const fields: HighlightField[] = [];
  const add = (name: string, opts: unknown): void => {
    const o = (opts !== null && typeof opts === 'object' ? opts : {}) as Record<string, unknown>;
    check(o);
    const query = o.highlight_query !== undefined ? highlightQuery(o.highlight_query) : defaults.highlightQuery;
    const maxOffset = typeof o.max_analyzer_offset === 'number' ? o.max_analyzer_offset : defaults.maxAnalyzerOffset;
    fields.push({
      name,
      fragments: numberOf(o.number_of_fragments, defaults.fragments),
      noMatchSize: numberOf(o.no_match_size, defaults.noMatchSize),
      requireFieldMatch:
        o.require_field_match === undefined ? defaults.requireFieldMatch : o.require_field_match !== false,
      preTag: firstTag(o.pre_tags) ?? pre,
      postTag: firstTag(o.post_tags) ?? post,
      ...(query !== undefined ? { highlightQuery: query } : {}),
      ...(maxOffset !== undefined ? { maxAnalyzerOffset: maxOffset } : {}),
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
  return { fields, html: raw.encoder === 'html', ...(refused !== undefined ? { refused } : {}) };
}

/** Lucene's SimpleHTMLEncoder: the markup characters as entities. */
function htmlEncode(text: string): string {
  let out = '';
  for (const ch of text) {
    if (ch === '"') out += '&quot;';
    else if (ch === '&') out += '&amp;';
    else if (ch === '<') out += '&lt;';
    else if (ch === '>') out += '&gt;';
    else if (ch === "'") out += '&#x27;';
    else if (ch === '/') out += '&#x2F;';
    else out += ch;
  }
  return out;
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

function queryTerms(q: Query | undefined, index: Index, out: QueryTerms = emptyTerms()): QueryTerms {
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
      test(q.field, patternTest(q.type, q.value, q.caseInsensitive, index, q.maxDeterminizedStates));
      break;
    case 'fuzzy':
      test(q.field, fuzzyTest(q.value, q.fuzziness, q.prefixLength, q.transpositions));
      break;
    case 'range':
      test(q.field, rangeTest(q));
      break;
    case 'query_string':
      // The query as the search read it (a syntax error has already failed the search).
      recurse(parseQueryString(q, (pattern) => expandFields(index, pattern), index));
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
  return !requireFieldMatch || f === '*' || f === field || simpleMatch(f, field);
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
    for (const info of index.fields.values()) {
      if (!(info.path === f.name || simpleMatch(f.name, info.path))) continue;
      if (info.type !== 'text' && info.type !== 'keyword') continue;
      const values = sourceValues(doc.source, info.path);
      const fragments: string[] = [];
      const limit = f.fragments === 0 ? Number.POSITIVE_INFINITY : f.fragments;
      const enc = spec.html ? htmlEncode : (text: string): string => text;
      const tag = (text: string): string => f.preTag + enc(text) + f.postTag;
      // With max_analyzer_offset the analysis of each value stops after the last term that starts at or before it.
      const analyzed = (start: number): boolean => f.maxAnalyzerOffset === undefined || start <= f.maxAnalyzerOffset;
      if (info.type === 'keyword') {
        const wanted = collect(matched.raw, info.path, f.requireFieldMatch);
        const tests = collectTests(matched.tests, info.path, f.requireFieldMatch);
        for (const value of values) {
          if (wanted.has(value) || tests.some((t) => t(value))) fragments.push(tag(value));
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
            if (!analyzed(m.index)) break;
            if (!wanted.has(term) && !tests.some((t) => t(term))) continue;
            any = true;
            marked += enc(value.slice(last, m.index)) + tag(m[0]);
            last = m.index + m[0].length;
          }
          if (!any) continue;
          fragments.push(marked + enc(value.slice(last)));
          if (fragments.length >= limit) break;
        }
      }
      if (fragments.length === 0 && f.noMatchSize > 0 && values[0] !== undefined && info.path === f.name) {
        fragments.push(enc(noMatchFragment(values[0], f.noMatchSize)));
      }
      if (fragments.length > 0) out[info.path] = fragments;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
