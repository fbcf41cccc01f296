// A plain highlighter: the words of a hit's text fields that the query matched, wrapped in the pre/post tags,
// in fragments of about `fragment_size` characters.
import { analyze } from '../data/analysis';
import type { Doc, Index } from '../data/store';
import { wildcardToRegExp } from './fieldAccess';
import type { Query } from './query';

export interface HighlightSpec {
  readonly fields: readonly { name: string; fragmentSize: number; fragments: number }[];
  readonly preTag: string;
  readonly postTag: string;
}

export function parseHighlight(raw: Record<string, unknown>): HighlightSpec {
  const pre = Array.isArray(raw.pre_tags) && typeof raw.pre_tags[0] === 'string' ? raw.pre_tags[0] : '<em>';
  const post = Array.isArray(raw.post_tags) && typeof raw.post_tags[0] === 'string' ? raw.post_tags[0] : '</em>';
  const defaults = {
    fragmentSize: typeof raw.fragment_size === 'number' ? raw.fragment_size : 100,
    fragments: typeof raw.number_of_fragments === 'number' ? raw.number_of_fragments : 5,
  };
  const fields: { name: string; fragmentSize: number; fragments: number }[] = [];
  const add = (name: string, opts: unknown): void => {
    const o = (opts !== null && typeof opts === 'object' ? opts : {}) as Record<string, unknown>;
    fields.push({
      name,
      fragmentSize: typeof o.fragment_size === 'number' ? o.fragment_size : defaults.fragmentSize,
      fragments: typeof o.number_of_fragments === 'number' ? o.number_of_fragments : defaults.fragments,
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
  return { fields, preTag: pre, postTag: post };
}

/** Terms of the query per field (`*` for clauses on all fields). */
export function queryTerms(q: Query | undefined, out = new Map<string, Set<string>>()): Map<string, Set<string>> {
  if (!q) return out;
  const add = (field: string, text: string): void => {
    let set = out.get(field);
    if (!set) {
      set = new Set();
      out.set(field, set);
    }
    for (const t of analyze(text)) set.add(t);
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
        add(m.at(1) ?? '*', word);
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
      queryTerms(q.inner, out);
      break;
    default:
      break;
  }
  return out;
}

function termsFor(terms: Map<string, Set<string>>, field: string): Set<string> {
  const out = new Set<string>();
  for (const [f, set] of terms) {
    if (f === '*' || f === field || wildcardToRegExp(f).test(field)) for (const t of set) out.add(t);
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

export function highlightHit(
  spec: HighlightSpec,
  terms: Map<string, Set<string>>,
  index: Index,
  doc: Doc,
): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {};
  for (const f of spec.fields) {
    const re = wildcardToRegExp(f.name);
    for (const info of index.fields.values()) {
      if (info.type !== 'text' || !(info.path === f.name || re.test(info.path))) continue;
      const wanted = termsFor(terms, info.path);
      if (wanted.size === 0) continue;
      const fragments: string[] = [];
      for (const value of sourceValues(doc.source, info.path)) {
        let marked = '';
        let last = 0;
        let first = -1;
        for (const m of value.matchAll(/[\p{L}\p{N}_]+(?:[.'][\p{L}\p{N}_]+)*/gu)) {
          if (!wanted.has(m[0].toLowerCase())) continue;
          if (first < 0) first = marked.length + (m.index - last);
          marked += value.slice(last, m.index) + spec.preTag + m[0] + spec.postTag;
          last = m.index + m[0].length;
        }
        if (first < 0) continue;
        marked += value.slice(last);
        fragments.push(
          marked.length <= f.fragmentSize + 20 ? marked : marked.slice(Math.max(0, first - 20), first + f.fragmentSize),
        );
        if (fragments.length >= f.fragments) break;
      }
      if (fragments.length > 0) out[info.path] = fragments;
    }
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
