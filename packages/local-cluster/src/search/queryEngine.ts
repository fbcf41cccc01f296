// Evaluates a query on one shard: which documents match and their score. Scores follow Lucene's BM25
// (k1 = 1.2, b = 0.75) with the shard's own term statistics, as query_then_fetch does.
import { illegalArgument, notImplemented, notSerializable, OsError } from '../core/errors';
import { analyze } from '../data/analysis';
import { DateMathError, parseDate, resolveDateMath } from '../data/dates';
import { isNumeric, type FieldInfo, type FieldValues } from '../data/mapping';
import type { Doc, Index, Shard, TextStats } from '../data/store';
import { wildcardMatcher } from '../core/simpleMatch';
import { expandFields, queryShardError } from './fieldAccess';
import type { FieldBoost, Query } from './query';
import { parseQueryString } from './queryString';
import { compileRegexp, MAX_REGEX_LENGTH, RegexpRefusal } from './luceneRegexp';

const K1 = 1.2;
const B = 0.75;

export interface ShardContext {
  readonly index: Index;
  readonly shard: Shard;
  readonly docs: readonly Doc[];
  readonly now: number;
  /** The major version of the release answered as (2 or 3). */
  readonly major: number;
  /** How the release scores (see Scoring). */
  readonly scoring: Scoring;
  /** The term statistics scores are computed with: this shard's, or every shard's with dfs_query_then_fetch. */
  readonly stats: TermStats;
}

/** Collection and term statistics of BM25 (Lucene's CollectionStatistics and TermStatistics). */
export interface TermStats {
  /** Documents with the text field, their token count and each term's document frequency. */
  text(field: string): TextStats | undefined;
  /** Documents with the (keyword-like) field and those holding the term. */
  term(field: string, term: string): { docFreq: number; docCount: number };
}

/** The statistics of one shard, as query_then_fetch scores with. */
export function shardStats(shard: Shard): TermStats {
  return {
    text: (field) => shard.textStats.get(field),
    term: (field, term) => {
      const p = shard.postings(field);
      return { docFreq: p.byTerm.get(term)?.length ?? 0, docCount: p.docCount };
    },
  };
}

/** The statistics of all the shards a search reads, as dfs_query_then_fetch gathers them first. */
export function dfsStats(shards: readonly Shard[]): TermStats {
  const merged = new Map<string, TextStats | undefined>();
  return {
    text: (field) => {
      if (merged.has(field)) return merged.get(field);
      let out: TextStats | undefined;
      for (const shard of shards) {
        const st = shard.textStats.get(field);
        if (st === undefined) continue;
        out ??= { docCount: 0, sumTokens: 0, docFreq: new Map() };
        out.docCount += st.docCount;
        out.sumTokens += st.sumTokens;
        for (const [term, df] of st.docFreq) out.docFreq.set(term, (out.docFreq.get(term) ?? 0) + df);
      }
      merged.set(field, out);
      return out;
    },
    term: (field, term) => {
      let docFreq = 0;
      let docCount = 0;
      for (const shard of shards) {
        const p = shard.postings(field);
        docFreq += p.byTerm.get(term)?.length ?? 0;
        docCount += p.docCount;
      }
      return { docFreq, docCount };
    },
  };
}

/**
 * What changed in scoring between releases. OpenSearch 2.x scores BM25 with Lucene's legacy similarity, whose weight
 * keeps the `(k1 + 1)` factor (2.2) that Lucene 8 dropped; OpenSearch 3.x uses Lucene's own BM25 (no factor), and
 * scores a term query on a keyword field as a constant (its boost), as it does every term on a non-text field.
 */
export interface Scoring {
  readonly bm25Factor: number;
  readonly constantKeywordTerms: boolean;
}

export function scoringOf(major: number): Scoring {
  return major >= 3
    ? { bm25Factor: 1, constantKeywordTerms: true }
    : { bm25Factor: 1 + K1, constantKeywordTerms: false };
}

/** Scores per document position; NO_MATCH where the document does not match. */
export type Scores = Float64Array;
export const NO_MATCH = -1;

function none(n: number): Scores {
  return new Float64Array(n).fill(NO_MATCH);
}

function all(n: number, score: number): Scores {
  return new Float64Array(n).fill(score);
}

export function evaluate(q: Query, ctx: ShardContext): Scores {
  const n = ctx.docs.length;
  switch (q.type) {
    case 'match_all':
      return all(n, q.boost);
    case 'match_none':
      return none(n);
    case 'unsupported':
      throw notImplemented(q.feature);
    case 'nested':
      return nestedQuery(ctx, q);
    case 'match':
      return matchQuery(
        ctx,
        q.field,
        q.query,
        q.operator,
        q.minimumShouldMatch,
        q.zeroTermsQuery,
        q.boost,
        q.fuzziness,
        q.prefixLast,
        q.lenient,
      );
    case 'match_phrase':
      return phraseQuery(ctx, q.field, q.query, q.slop, q.boost, q.prefix ?? false);
    case 'multi_match':
      return multiMatch(ctx, q);
    case 'term':
      return termQuery(ctx, q.field, q.value, q.caseInsensitive, q.boost);
    case 'terms': {
      const tests = q.values.map((v) => termTest(ctx, q.field, v, false));
      return filterScores(ctx, q.boost, (doc) => tests.some((t) => t(doc)));
    }
    case 'range':
      return rangeQuery(ctx, q);
    case 'exists':
      return filterScores(ctx, q.boost, (doc) => hasField(doc, q.field));
    case 'ids': {
      const ids = new Set(q.values);
      return filterScores(ctx, q.boost, (doc) => ids.has(doc.id));
    }
    case 'prefix':
    case 'wildcard':
    case 'regexp': {
      const test = patternTest(q.type, q.value, q.caseInsensitive, ctx.index, q.maxDeterminizedStates);
      return filterScores(ctx, q.boost, (doc) => stringValues(ctx, q.field, doc).some(test));
    }
    case 'fuzzy':
      return fuzzyQuery(ctx, q);
    case 'bool':
      return boolQuery(ctx, q);
    case 'constant_score': {
      const inner = evaluate(q.filter, ctx);
      return inner.map((s) => (s === NO_MATCH ? NO_MATCH : q.boost));
    }
    case 'dis_max': {
      const parts = q.queries.map((sub) => evaluate(sub, ctx));
      const out = none(n);
      for (let i = 0; i < n; i++) {
        let max = NO_MATCH;
        let sum = 0;
        for (const p of parts) {
          const s = p[i]!;
          if (s === NO_MATCH) continue;
          sum += s;
          if (s > max) max = s;
        }
        if (max !== NO_MATCH) out[i] = (max + q.tieBreaker * (sum - max)) * q.boost;
      }
      return out;
    }
    case 'boosting': {
      const pos = evaluate(q.positive, ctx);
      const neg = evaluate(q.negative, ctx);
      return pos.map((s, i) => (s === NO_MATCH ? NO_MATCH : (neg[i] === NO_MATCH ? s : s * q.negativeBoost) * q.boost));
    }
    case 'wrapped': {
      const inner = evaluate(q.inner, ctx);
      return inner.map((s) => (s === NO_MATCH ? NO_MATCH : s * q.boost));
    }
    case 'query_string':
      return evaluate(
        parseQueryString(q, (pattern) => expandFields(ctx.index, pattern), ctx.index),
        ctx,
      );
  }
}

/**
 * A nested query on this index's mapping: an unmapped path matches nothing with `ignore_unmapped` and fails the
 * shard otherwise, a path that is not of type nested fails the shard (as NestedQueryBuilder.doToQuery); nested
 * documents themselves are not modelled here, so a real nested path is refused.
 */
function nestedQuery(ctx: ShardContext, q: Extract<Query, { type: 'nested' }>): Scores {
  const mapped = nestedPathType(ctx.index, q.path);
  if (mapped === undefined) {
    if (q.ignoreUnmapped) return none(ctx.docs.length);
    const why = `[nested] failed to find nested object under path [${q.path}]`;
    throw queryShardError(
      ctx.index,
      `failed to create query: ${why}`,
      new OsError(400, 'illegal_state_exception', why, { openSearch: false }),
    );
  }
  if (mapped !== 'nested') {
    throw queryShardError(
      ctx.index,
      `failed to create query: [nested] nested object under path [${q.path}] is not of nested type`,
    );
  }
  throw notImplemented('query [nested] on nested documents');
}

function nestedPathType(index: Index, path: string): string | undefined {
  type Props = Record<string, { type?: string; properties?: Record<string, unknown> } | undefined>;
  let props: Props | undefined = index.mappings.properties;
  let found: { type?: string; properties?: Record<string, unknown> } | undefined;
  for (const part of path.split('.')) {
    found = props?.[part];
    if (found === undefined) return undefined;
    props = found.properties as Props | undefined;
  }
  // Only object mappers hold documents under a path; a leaf field is no path at all.
  const type = found?.type ?? 'object';
  return type === 'object' || type === 'nested' ? type : undefined;
}

function filterScores(ctx: ShardContext, score: number, test: (doc: Doc) => boolean): Scores {
  const out = none(ctx.docs.length);
  ctx.docs.forEach((doc, i) => {
    if (test(doc)) out[i] = score;
  });
  return out;
}

function hasField(doc: Doc, field: string): boolean {
  const fv = doc.fields.get(field);
  if (fv) return (fv.terms?.length ?? 0) + (fv.numbers?.length ?? 0) + (fv.tokens?.length ?? 0) > 0;
  for (const key of doc.fields.keys()) if (key.startsWith(`${field}.`)) return true;
  return false;
}

function fieldInfo(ctx: ShardContext, field: string): FieldInfo | undefined {
  return ctx.index.fields.get(field);
}

function values(doc: Doc, field: string): FieldValues | undefined {
  return doc.fields.get(field);
}

function stringValues(ctx: ShardContext, field: string, doc: Doc): string[] {
  const fv = values(doc, field);
  if (!fv) return [];
  const info = fieldInfo(ctx, field);
  if (info?.type === 'text') return fv.tokens ?? [];
  return fv.terms ?? (fv.numbers ?? []).map(String);
}

function idf(docFreq: number, docCount: number): number {
  return Math.log(1 + (docCount - docFreq + 0.5) / (docFreq + 0.5));
}

function bm25(freq: number, dl: number, avgdl: number): number {
  return freq / (freq + K1 * (1 - B + (B * dl) / avgdl));
}

/** Converts a query value for a non-text field, failing the shard as OpenSearch does on bad input. */
function coerce(ctx: ShardContext, info: FieldInfo, value: unknown): string | number {
  if (info.type === 'date') {
    const ms = typeof value === 'number' ? value : parseDate(String(value));
    if (ms === undefined) {
      throw queryShardError(
        ctx.index,
        `failed to create query: failed to parse date field [${String(value)}] with format [strict_date_optional_time||epoch_millis]`,
      );
    }
    return ms;
  }
  if (isNumeric(info.type)) {
    const n = typeof value === 'number' ? value : Number(String(value).trim());
    if (typeof value === 'boolean' || !Number.isFinite(n) || String(value).trim() === '') {
      throw queryShardError(
        ctx.index,
        `failed to create query: For input string: "${String(value)}"`,
        new OsError(400, 'number_format_exception', `For input string: "${String(value)}"`, { openSearch: false }),
      );
    }
    // A float field keeps 32-bit values: a bound or a term is compared as the float it becomes.
    return info.type === 'float' ? Math.fround(n) : n;
  }
  if (info.type === 'boolean') {
    const s = String(value);
    if (s !== 'true' && s !== 'false') {
      const why = `Can't parse boolean value [${s}], expected [true] or [false]`;
      throw queryShardError(ctx.index, `failed to create query: ${why}`, illegalArgument(why));
    }
    return s;
  }
  return String(value);
}

/** A per-document test for a term; the value is converted once, failing the shard on bad input. */
function termTest(ctx: ShardContext, field: string, value: unknown, caseInsensitive: boolean): (doc: Doc) => boolean {
  const info = fieldInfo(ctx, field);
  if (!info) return () => false;
  if (info.type === 'text') {
    const v = caseInsensitive ? String(value).toLowerCase() : String(value);
    return (doc) =>
      values(doc, field)?.freqs?.has(v) === true ||
      (caseInsensitive && (values(doc, field)?.tokens ?? []).some((t) => t.toLowerCase() === v));
  }
  const c = coerce(ctx, info, value);
  if (typeof c === 'number') return (doc) => values(doc, field)?.numbers?.includes(c) === true;
  if (caseInsensitive) {
    const lower = c.toLowerCase();
    return (doc) => (values(doc, field)?.terms ?? []).some((t) => t.toLowerCase() === lower);
  }
  return (doc) => values(doc, field)?.terms?.includes(c) === true;
}

/** A term query: BM25 scored on text fields; on other fields scored with the shard's document frequency. */
function termQuery(ctx: ShardContext, field: string, value: unknown, caseInsensitive: boolean, boost: number): Scores {
  const info = fieldInfo(ctx, field);
  if (!info) return none(ctx.docs.length);
  if (info.type === 'text' && !caseInsensitive) return textTermsQuery(ctx, field, [String(value)], 1, boost);
  if (info.type === 'keyword' && !caseInsensitive) {
    const p = ctx.shard.postings(field);
    const hits = p.byTerm.get(String(value)) ?? [];
    const out = none(ctx.docs.length);
    const st = ctx.stats.term(field, String(value));
    const score = ctx.scoring.constantKeywordTerms
      ? boost
      : boost * ctx.scoring.bm25Factor * idf(st.docFreq, st.docCount) * bm25(1, 1, 1);
    for (const pos of hits) out[pos] = score;
    return out;
  }
  const out = filterScores(ctx, 1, termTest(ctx, field, value, caseInsensitive));
  if (isNumeric(info.type) || info.type === 'date' || caseInsensitive) {
    // Points, and automata (case-insensitive terms), match without scoring: constant.
    return out.map((s) => (s === NO_MATCH ? NO_MATCH : boost));
  }
  // Other fields with terms (boolean) score with BM25 in every release.
  const st = ctx.stats.term(field, String(coerce(ctx, info, value)));
  const score = boost * ctx.scoring.bm25Factor * idf(st.docFreq, st.docCount) * bm25(1, 1, 1);
  return out.map((s) => (s === NO_MATCH ? NO_MATCH : score));
}

/**
 * FuzzyQuery with its default rewrite (TopTermsBlendedFreqScoringRewrite): the shard's terms within the edit
 * distance (the first `prefix_length` characters equal), the 50 closest; each scores as a term query whose document
 * frequency is the highest of them all ("blended"), weighted by 1 - distance / the shorter length; the matching
 * terms of a document add up. The term is not analyzed (a text field's terms are lower-cased).
 */
/** MappedFieldType.fuzzyQuery on a field that holds no terms. */
function fuzzyFieldError(ctx: ShardContext, info: FieldInfo): OsError {
  const why = `Can only use fuzzy queries on keyword and text fields - not on [${info.path}] which is of type [${info.type}]`;
  return queryShardError(ctx.index, `failed to create query: ${why}`, illegalArgument(why));
}

function fuzzyQuery(ctx: ShardContext, q: Extract<Query, { type: 'fuzzy' }>): Scores {
  const info = fieldInfo(ctx, q.field);
  const n = ctx.docs.length;
  if (!info) return none(n);
  if (info.type !== 'text' && info.type !== 'keyword') throw fuzzyFieldError(ctx, info);
  const postings = ctx.shard.postings(info.path).byTerm;
  const max = fuzzinessOf(q.fuzziness, Array.from(q.value).length);
  const prefix = q.value.slice(0, q.prefixLength);
  const kept: { term: string; weight: number }[] = [];
  for (const term of postings.keys()) {
    if (!term.startsWith(prefix)) continue;
    const ed = editDistance(term, q.value, q.transpositions);
    if (ed > max) continue;
    kept.push({ term, weight: 1 - ed / Math.min(Array.from(term).length, Array.from(q.value).length) });
  }
  kept.sort((a, b) => b.weight - a.weight || (a.term < b.term ? -1 : a.term > b.term ? 1 : 0));
  kept.length = Math.min(kept.length, 50);
  if (kept.length === 0) return none(n);
  const text = info.type === 'text' ? ctx.stats.text(info.path) : undefined;
  const statsOf = (term: string): { docFreq: number; docCount: number } =>
    text !== undefined
      ? { docFreq: text.docFreq.get(term) ?? 0, docCount: text.docCount }
      : ctx.stats.term(info.path, term);
  const docCount = statsOf(kept[0]!.term).docCount;
  const blended = Math.max(...kept.map((k) => statsOf(k.term).docFreq));
  const base = q.boost * ctx.scoring.bm25Factor * idf(blended, docCount);
  const avgdl = text !== undefined && text.docCount > 0 ? text.sumTokens / text.docCount : 1;
  const out = none(n);
  for (const { term, weight } of kept) {
    for (const pos of postings.get(term) ?? []) {
      const fv = ctx.docs[pos]!.fields.get(info.path)!;
      const tf = info.type === 'text' ? bm25(fv.freqs?.get(term) ?? 1, fv.tokens?.length ?? 1, avgdl) : bm25(1, 1, 1);
      const prev = out[pos]!;
      out[pos] = (prev === NO_MATCH ? 0 : prev) + base * weight * tf;
    }
  }
  return out;
}

/**
 * Disjunction of terms on a text field, with a minimum number of matching terms (walks the postings). With
 * `prefixLast` (match_bool_prefix) the last term is a prefix query, which scores a constant (its boost).
 */
function textTermsQuery(
  ctx: ShardContext,
  field: string,
  terms: readonly string[],
  minMatch: number,
  boost: number,
  prefixLast = false,
): Scores {
  const out = none(ctx.docs.length);
  const stats = ctx.stats.text(field);
  const local = ctx.shard.textStats.get(field);
  if (!stats || stats.docCount === 0 || !local) return out;
  const avgdl = stats.sumTokens / stats.docCount;
  const postings = ctx.shard.postings(field).byTerm;
  const matched = new Uint16Array(ctx.docs.length);
  const score = new Float64Array(ctx.docs.length);
  terms.forEach((t, k) => {
    if (prefixLast && k === terms.length - 1) {
      const seen = new Set<number>();
      for (const term of expansions(postings, t)) for (const pos of postings.get(term) ?? []) seen.add(pos);
      for (const pos of seen) {
        matched[pos]!++;
        score[pos]! += boost;
      }
      return;
    }
    const weight = boost * ctx.scoring.bm25Factor * idf(stats.docFreq.get(t) ?? 0, stats.docCount);
    for (const pos of postings.get(t) ?? []) {
      const fv = ctx.docs[pos]!.fields.get(field)!;
      const freq = fv.freqs!.get(t) ?? 0;
      matched[pos]!++;
      score[pos]! += weight * bm25(freq, fv.tokens!.length, avgdl);
    }
  });
  const min = Math.max(1, minMatch);
  for (let i = 0; i < out.length; i++) if (matched[i]! >= min) out[i] = score[i]!;
  return out;
}

/** The terms of a field's dictionary that start with a prefix, in term order, at most `max` of them. */
function expansions(postings: ReadonlyMap<string, readonly number[]>, prefix: string, max = Infinity): string[] {
  const out: string[] = [];
  for (const term of postings.keys()) if (term.startsWith(prefix)) out.push(term);
  out.sort((a, b) => (Buffer.from(a) < Buffer.from(b) ? -1 : Buffer.from(a) > Buffer.from(b) ? 1 : 0));
  return out.slice(0, max);
}

/** Queries.calculateMinShouldMatch. */
function minShouldMatch(count: number, spec: string | undefined): number {
  if (spec === undefined) return 0;
  const trimmed = spec.trim();
  const conditional = /^(\d+)<(.+)$/.exec(trimmed);
  if (conditional) {
    if (count <= Number(conditional[1])) return count;
    return minShouldMatch(count, conditional[2]);
  }
  let result: number;
  if (trimmed.endsWith('%')) {
    const pct = Number(trimmed.slice(0, -1));
    const calc = Math.trunc((Math.abs(pct) * count) / 100);
    result = pct < 0 ? count - calc : calc;
  } else {
    const v = Number(trimmed);
    if (!Number.isFinite(v)) return 0;
    result = v < 0 ? count + v : v;
  }
  return result < 0 ? 0 : result;
}

function matchQuery(
  ctx: ShardContext,
  field: string,
  query: string | number | boolean | null,
  operator: 'AND' | 'OR',
  msm: string | undefined,
  zeroTerms: 'NONE' | 'ALL',
  boost: number,
  fuzziness: string | undefined,
  prefixLast: boolean | undefined,
  lenient = false,
): Scores {
  const fields = expandFields(ctx.index, field);
  if (fields.length === 0) return none(ctx.docs.length);
  const parts = fields.map((info) => {
    if (info.type !== 'text') {
      if (query === null) return none(ctx.docs.length);
      if (fuzziness !== undefined && info.type === 'keyword') {
        return fuzzyQuery(ctx, {
          type: 'fuzzy',
          field: info.path,
          value: String(query),
          fuzziness,
          prefixLength: 0,
          transpositions: true,
          boost,
        });
      }
      if (fuzziness !== undefined) {
        if (lenient) return none(ctx.docs.length);
        throw fuzzyFieldError(ctx, info);
      }
      if (lenient) {
        // `lenient`: a value the field cannot hold matches nothing instead of failing the shard.
        try {
          coerce(ctx, info, query);
        } catch {
          return none(ctx.docs.length);
        }
      }
      return termQuery(ctx, info.path, query, false, boost);
    }
    const terms = analyze(query === null ? '' : String(query));
    if (terms.length === 0) return zeroTerms === 'ALL' ? all(ctx.docs.length, boost) : none(ctx.docs.length);
    // With `and`, the terms are all required and none is optional: a minimum of optional ones matches nothing.
    if (operator === 'AND' && msm !== undefined && terms.length > 1 && minShouldMatch(terms.length, msm) > 0) {
      return none(ctx.docs.length);
    }
    let min = operator === 'AND' ? terms.length : Math.max(1, minShouldMatch(terms.length, msm));
    if (msm !== undefined && operator === 'OR') min = Math.max(1, minShouldMatch(terms.length, msm));
    if (fuzziness !== undefined) {
      // MatchQuery with a fuzziness: each term a fuzzy query (its expansions blended), the clauses summed.
      const perTerm = terms.map((t) =>
        fuzzyQuery(ctx, {
          type: 'fuzzy',
          field: info.path,
          value: t,
          fuzziness,
          prefixLength: 0,
          transpositions: true,
          boost,
        }),
      );
      const out = none(ctx.docs.length);
      for (let i = 0; i < out.length; i++) {
        let matched = 0;
        let sum = 0;
        for (const p of perTerm) {
          if (p[i] === NO_MATCH) continue;
          matched++;
          sum += p[i]!;
        }
        if (matched >= Math.max(1, min)) out[i] = sum;
      }
      return out;
    }
    return textTermsQuery(ctx, info.path, terms, min, boost, prefixLast);
  });
  return maxOf(parts, 0);
}

export function fuzzinessOf(spec: string, length: number): number {
  const s = spec.toUpperCase();
  if (s.startsWith('AUTO')) {
    const m = /^AUTO:(\d+),(\d+)$/.exec(s);
    const low = m ? Number(m[1]) : 3;
    const high = m ? Number(m[2]) : 6;
    return length < low ? 0 : length < high ? 1 : 2;
  }
  const n = Number(spec);
  return Number.isFinite(n) ? Math.min(2, Math.trunc(n)) : 0;
}

export function editDistance(a: string, b: string, transpositions = true): number {
  // dp is an (a.length + 1) x (b.length + 1) matrix, and every index below stays inside it.
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  const cell = (i: number, j: number): number => dp[i]![j]!;
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = dp[i]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (transpositions && i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(cell(i, j), cell(i - 2, j - 2) + 1);
    }
  }
  return cell(a.length, b.length);
}

function phraseQuery(
  ctx: ShardContext,
  field: string,
  text: string,
  slop: number,
  boost: number,
  prefix: boolean,
): Scores {
  const fields = expandFields(ctx.index, field);
  const parts = fields.map((info) => {
    if (info.type !== 'text') return termQuery(ctx, info.path, text, false, boost);
    const terms = analyze(text);
    if (terms.length === 0) return none(ctx.docs.length);
    const stats = ctx.stats.text(info.path);
    if (!stats || stats.docCount === 0) return none(ctx.docs.length);
    const avgdl = stats.sumTokens / stats.docCount;
    // match_phrase_prefix (MultiPhrasePrefixQuery): the last position holds the terms the prefix expands to, at
    // most 50, and each one's idf counts in the weight.
    const last = prefix ? expansions(ctx.shard.postings(info.path).byTerm, terms[terms.length - 1]!, 50) : [];
    const idfTerms = prefix ? [...terms.slice(0, -1), ...last] : terms;
    const weight =
      boost *
      ctx.scoring.bm25Factor *
      idfTerms.reduce((sum, t) => sum + idf(stats.docFreq.get(t) ?? 0, stats.docCount), 0);
    const lastSet = new Set(last);
    const out = none(ctx.docs.length);
    ctx.docs.forEach((doc, i) => {
      const tokens = doc.fields.get(info.path)?.tokens;
      if (!tokens) return;
      const freq = phraseFreq(tokens, terms, slop, prefix ? lastSet : undefined);
      if (freq > 0) out[i] = weight * bm25(freq, tokens.length, avgdl);
    });
    return out;
  });
  return maxOf(parts, 0);
}

/**
 * How often the phrase occurs: each exact occurrence counts 1; with a slop, the matches Lucene's
 * SloppyPhraseMatcher finds each count 1 / (1 + their match length).
 */
function phraseFreq(
  tokens: readonly string[],
  terms: readonly string[],
  slop: number,
  lastTerms: ReadonlySet<string> | undefined,
): number {
  const eq = (tok: string | undefined, k: number): boolean =>
    tok !== undefined && (lastTerms !== undefined && k === terms.length - 1 ? lastTerms.has(tok) : tok === terms[k]);
  if (slop > 0 && terms.length > 1) {
    const positions = terms.map((_, k) => tokens.flatMap((tok, p) => (eq(tok, k) ? [p] : [])));
    const group = terms.map((t, k) => (lastTerms !== undefined && k === terms.length - 1 ? -1 : terms.indexOf(t)));
    return sloppyFreq(positions, group, slop);
  }
  let freq = 0;
  for (let start = 0; start < tokens.length; start++) {
    let k = 0;
    while (k < terms.length && eq(tokens[start + k], k)) k++;
    if (k === terms.length) freq++;
  }
  return freq;
}

/**
 * SloppyPhraseMatcher: each term walks its positions less its offset in the phrase; a match is the span from the
 * smallest to the largest of those, no longer than the slop, found by advancing the smallest while that shortens
 * the span. A term the phrase repeats (same `group`) never stands on the same position as its repetitions: the
 * lesser of two that collide moves on. `positions[k]` are the positions of term k, ascending.
 */
function sloppyFreq(positions: readonly (readonly number[])[], group: readonly number[], slop: number): number {
  if (positions.some((p) => p.length === 0)) return 0;
  const at = positions.map(() => 0);
  const pos = (k: number): number => positions[k]![at[k]!]! - k;
  const repeated = (k: number): boolean => group.some((g, j) => j !== k && g === group[k] && g >= 0);
  // Repetitions start on their first, second, third... occurrence.
  for (let k = 0; k < positions.length; k++) {
    if (!repeated(k)) continue;
    const rank = group.slice(0, k).filter((g) => g === group[k]).length;
    if (rank >= positions[k]!.length) return 0;
    at[k] = rank;
  }
  const inQueue = positions.map(() => true);
  // The queue orders by position, then by offset (the term's place in the phrase).
  const top = (): number => {
    let best = -1;
    for (let k = 0; k < positions.length; k++) {
      if (!inQueue[k]) continue;
      if (best < 0 || pos(k) < pos(best)) best = k;
    }
    return best;
  };
  const pop = (): number => {
    const k = top();
    inQueue[k] = false;
    return k;
  };
  let end = Math.max(...positions.map((_, k) => pos(k)));
  const step = (k: number): boolean => {
    if (at[k]! + 1 >= positions[k]!.length) return false;
    at[k]!++;
    if (pos(k) > end) end = pos(k);
    return true;
  };
  const collide = (k: number): number =>
    group.findIndex((g, j) => j !== k && g === group[k] && pos(j) + j === pos(k) + k);
  const advance = (k: number): boolean => {
    if (!step(k)) return false;
    if (!repeated(k)) return true;
    let pp = k;
    for (let other = collide(pp); other >= 0; other = collide(pp)) {
      pp = pos(pp) < pos(other) || (pos(pp) === pos(other) && pp < other) ? pp : other;
      if (!step(pp)) return false;
    }
    return true;
  };
  let positioned = true;
  let freq = 0;
  const nextMatch = (): { length: number } | undefined => {
    if (!positioned) return undefined;
    let pp = pop();
    let matchLength = end - pos(pp);
    let next = pos(top());
    while (advance(pp)) {
      if (pos(pp) > next) {
        inQueue[pp] = true;
        if (matchLength <= slop) return { length: matchLength };
        pp = pop();
        next = pos(top());
        matchLength = end - pos(pp);
      } else {
        const length2 = end - pos(pp);
        if (length2 < matchLength) matchLength = length2;
      }
    }
    positioned = false;
    return matchLength <= slop ? { length: matchLength } : undefined;
  };
  for (let m = nextMatch(); m; m = nextMatch()) freq += Math.fround(1 / (1 + m.length));
  return freq;
}

function multiMatch(ctx: ShardContext, q: Extract<Query, { type: 'multi_match' }>): Scores {
  const fields: FieldBoost[] = [];
  for (const fb of q.fields)
    for (const info of expandFields(ctx.index, fb.field)) fields.push({ field: info.path, boost: fb.boost });
  const perField = fields.map((fb) => {
    if (q.mmType === 'phrase' || q.mmType === 'phrase_prefix') {
      return phraseQuery(ctx, fb.field, q.query, q.slop, fb.boost, q.mmType === 'phrase_prefix');
    }
    // Fields named by a pattern (`*`, the default) are read leniently: a value a field cannot hold matches nothing
    // there; a field named outright fails the shard unless `lenient` is set.
    const lenient = q.lenient ?? q.fields.some((f) => f.field.includes('*'));
    return matchQuery(
      ctx,
      fb.field,
      q.query,
      q.operator,
      q.minimumShouldMatch,
      'NONE',
      fb.boost,
      undefined,
      q.mmType === 'bool_prefix',
      lenient,
    );
  });
  if (perField.length === 0) return none(ctx.docs.length);
  if (q.mmType === 'most_fields') {
    const out = none(ctx.docs.length);
    for (const p of perField) {
      p.forEach((s, i) => {
        if (s === NO_MATCH) return;
        const acc = out[i]!;
        out[i] = (acc === NO_MATCH ? 0 : acc) + s;
      });
    }
    return out.map((s) => (s === NO_MATCH ? NO_MATCH : s * q.boost));
  }
  return maxOf(perField, q.tieBreaker ?? 0).map((s) => (s === NO_MATCH ? NO_MATCH : s * q.boost));
}

function maxOf(parts: readonly Scores[], tieBreaker: number): Scores {
  if (parts.length === 1) return parts[0]!;
  const n = parts[0]?.length ?? 0;
  const out = new Float64Array(n).fill(NO_MATCH);
  for (let i = 0; i < n; i++) {
    let max = NO_MATCH;
    let sum = 0;
    for (const p of parts) {
      const s = p[i]!;
      if (s === NO_MATCH) continue;
      sum += s;
      if (s > max) max = s;
    }
    if (max !== NO_MATCH) out[i] = max + tieBreaker * (sum - max);
  }
  return out;
}

/** DateMathParser: an unparsable date is wrapped twice around java.time's exception; bad math is plain. */
export function dateMathFailure(e: DateMathError): OsError {
  if (!e.unparsedDate) return new OsError(400, 'parse_exception', e.message);
  return new OsError(400, 'parse_exception', `${e.message}: [${e.message}]`, {
    causedBy: new OsError(400, 'illegal_argument_exception', e.message, {
      openSearch: false,
      causedBy: notSerializable(
        new OsError(400, 'date_time_parse_exception', 'Failed to parse with all enclosed parsers', {
          openSearch: false,
        }),
      ),
    }),
  });
}

function rangeQuery(ctx: ShardContext, q: Extract<Query, { type: 'range' }>): Scores {
  const info = fieldInfo(ctx, q.field);
  if (!info) return none(ctx.docs.length);
  const bound = (v: string | number | null, roundUp: boolean): number | string | null => {
    if (v === null) return null;
    if (info.type === 'date') {
      try {
        return typeof v === 'number' ? v : resolveDateMath(v, ctx.now, roundUp);
      } catch (e) {
        if (e instanceof DateMathError) throw dateMathFailure(e);
        throw e;
      }
    }
    return coerce(ctx, info, v);
  };
  // lte and gt bounds round date math up (to the last millisecond of the rounding unit).
  const lo = bound(q.from, !q.includeLower);
  const hi = bound(q.to, q.includeUpper);
  const inRange = (x: number | string): boolean => {
    if (lo !== null && (q.includeLower ? x < lo : x <= lo)) return false;
    if (hi !== null && (q.includeUpper ? x > hi : x >= hi)) return false;
    return true;
  };
  return filterScores(ctx, q.boost, (doc) => {
    const fv = doc.fields.get(q.field);
    if (!fv) return false;
    if (typeof lo === 'number' || typeof hi === 'number' || (lo === null && hi === null && fv.numbers)) {
      return (fv.numbers ?? []).some(inRange);
    }
    return (info.type === 'text' ? (fv.tokens ?? []) : (fv.terms ?? [])).some(inRange);
  });
}

/**
 * The term test of a prefix, wildcard or regexp query. A regexp is compiled as Lucene compiles it (luceneRegexp.ts):
 * one that is too long, malformed or too complex fails the query on the shard as OpenSearch fails it.
 */
export function patternTest(
  kind: 'prefix' | 'wildcard' | 'regexp',
  value: string,
  ci: boolean,
  index: Index,
  maxDeterminizedStates?: number,
): (s: string) => boolean {
  if (kind === 'prefix') {
    const v = ci ? value.toLowerCase() : value;
    return (s) => (ci ? s.toLowerCase() : s).startsWith(v);
  }
  if (kind === 'wildcard') return wildcardMatcher(value, ci);
  if (value.length > MAX_REGEX_LENGTH) {
    const reason = `The length of regex [${value.length}] used in the Regexp Query request has exceeded the allowed maximum of [${MAX_REGEX_LENGTH}]. This maximum can be set by changing the [index.max_regex_length] index level setting.`;
    throw queryShardError(index, `failed to create query: ${reason}`, illegalArgument(reason));
  }
  try {
    return compileRegexp(value, {
      caseInsensitive: ci,
      ...(maxDeterminizedStates === undefined ? {} : { maxDeterminizedStates }),
    });
  } catch (e) {
    if (!(e instanceof RegexpRefusal)) throw e;
    throw queryShardError(index, `failed to create query: ${e.message}`, regexpCause(e));
  }
}

/** The Lucene exception behind a refused regular expression, as OpenSearch names it. */
export function regexpCause(e: RegexpRefusal, status = 400): OsError {
  if (e.kind === 'syntax') return illegalArgument(e.message);
  return notSerializable(new OsError(status, 'too_complex_to_determinize_exception', e.message, { openSearch: false }));
}

function boolQuery(ctx: ShardContext, q: Extract<Query, { type: 'bool' }>): Scores {
  const n = ctx.docs.length;
  const must = q.must.map((c) => evaluate(c, ctx));
  const filter = q.filter.map((c) => evaluate(c, ctx));
  const mustNot = q.mustNot.map((c) => evaluate(c, ctx));
  const should = q.should.map((c) => evaluate(c, ctx));
  const required = q.must.length + q.filter.length;
  let minShould = minShouldMatch(should.length, q.minimumShouldMatch);
  if (q.minimumShouldMatch === undefined && required === 0 && should.length > 0) minShould = 1;
  if (minShould > should.length) return none(n);
  const out = none(n);
  const pureNegative = required === 0 && should.length === 0;
  for (let i = 0; i < n; i++) {
    let score = 0;
    let ok = true;
    for (const m of must) {
      const v = m[i]!;
      if (v === NO_MATCH) {
        ok = false;
        break;
      }
      score += v;
    }
    if (!ok) continue;
    if (filter.some((f) => f[i] === NO_MATCH)) continue;
    if (mustNot.some((f) => f[i] !== NO_MATCH)) continue;
    let matchedShould = 0;
    for (const s of should) {
      const v = s[i]!;
      if (v !== NO_MATCH) {
        matchedShould++;
        score += v;
      }
    }
    if (matchedShould < minShould) continue;
    if (pureNegative && !q.adjustPureNegative) continue;
    out[i] = score * q.boost;
  }
  return out;
}
