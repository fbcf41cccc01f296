// Evaluates a query on one shard: which documents match and their score. Scores follow Lucene's BM25
// (k1 = 1.2, b = 0.75) with the shard's own term statistics, as query_then_fetch does.
import { OsError } from '../core/errors';
import { analyze } from '../data/analysis';
import { DateMathError, parseDate, resolveDateMath } from '../data/dates';
import { isNumeric, type FieldInfo, type FieldValues } from '../data/mapping';
import type { Doc, Index, Shard } from '../data/store';
import { expandFields, queryShardError, wildcardToRegExp } from './fieldAccess';
import type { FieldBoost, Query } from './query';
import { parseQueryString } from './queryString';

const K1 = 1.2;
const B = 0.75;

export interface ShardContext {
  readonly index: Index;
  readonly shard: Shard;
  readonly docs: readonly Doc[];
  readonly now: number;
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
    case 'unsupported':
      return none(n);
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
      const test = patternTest(q.type, q.value, q.caseInsensitive);
      return filterScores(ctx, q.boost, (doc) => stringValues(ctx, q.field, doc).some(test));
    }
    case 'fuzzy': {
      const max = fuzzinessOf(q.fuzziness, q.value.length);
      return filterScores(ctx, q.boost, (doc) =>
        stringValues(ctx, q.field, doc).some((v) => editDistance(v, q.value.toLowerCase()) <= max),
      );
    }
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
    return n;
  }
  if (info.type === 'boolean') {
    const s = String(value);
    if (s !== 'true' && s !== 'false') {
      throw queryShardError(
        ctx.index,
        `failed to create query: Can't parse boolean value [${s}], expected [true] or [false]`,
      );
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
    const score = boost * idf(hits.length, p.docCount) * bm25(1, 1, 1);
    for (const pos of hits) out[pos] = score;
    return out;
  }
  const out = filterScores(ctx, 1, termTest(ctx, field, value, caseInsensitive));
  if (isNumeric(info.type) || info.type === 'date') {
    return out.map((s) => (s === NO_MATCH ? NO_MATCH : boost));
  }
  let df = 0;
  let docCount = 0;
  ctx.docs.forEach((doc, i) => {
    if (out[i] !== NO_MATCH) df++;
    if (doc.fields.has(field)) docCount++;
  });
  const score = boost * idf(df, docCount) * bm25(1, 1, 1);
  return out.map((s) => (s === NO_MATCH ? NO_MATCH : score));
}

/** Disjunction of terms on a text field, with a minimum number of matching terms (walks the postings). */
function textTermsQuery(
  ctx: ShardContext,
  field: string,
  terms: readonly string[],
  minMatch: number,
  boost: number,
  prefixLast = false,
): Scores {
  const out = none(ctx.docs.length);
  const stats = ctx.shard.textStats.get(field);
  if (!stats || stats.docCount === 0) return out;
  const avgdl = stats.sumTokens / stats.docCount;
  const postings = ctx.shard.postings(field).byTerm;
  const matched = new Uint16Array(ctx.docs.length);
  const score = new Float64Array(ctx.docs.length);
  terms.forEach((t, k) => {
    const expanded = prefixLast && k === terms.length - 1 ? [...postings.keys()].filter((x) => x.startsWith(t)) : [t];
    const seen = expanded.length > 1 ? new Set<number>() : undefined;
    for (const term of expanded) {
      const weight = boost * idf(stats.docFreq.get(term) ?? 0, stats.docCount);
      for (const pos of postings.get(term) ?? []) {
        const fv = ctx.docs[pos]!.fields.get(field)!;
        const freq = fv.freqs!.get(term) ?? 0;
        if (!seen || !seen.has(pos)) matched[pos]!++;
        seen?.add(pos);
        score[pos]! += weight * bm25(freq, fv.tokens!.length, avgdl);
      }
    }
  });
  const min = Math.max(1, minMatch);
  for (let i = 0; i < out.length; i++) if (matched[i]! >= min) out[i] = score[i]!;
  return out;
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
): Scores {
  const fields = expandFields(ctx.index, field);
  if (fields.length === 0) return none(ctx.docs.length);
  const parts = fields.map((info) => {
    if (info.type !== 'text') {
      if (query === null) return none(ctx.docs.length);
      return termQuery(ctx, info.path, query, false, boost);
    }
    const terms = analyze(query === null ? '' : String(query));
    if (terms.length === 0) return zeroTerms === 'ALL' ? all(ctx.docs.length, boost) : none(ctx.docs.length);
    let min = operator === 'AND' ? terms.length : Math.max(1, minShouldMatch(terms.length, msm));
    if (msm !== undefined && operator === 'OR') min = Math.max(1, minShouldMatch(terms.length, msm));
    if (fuzziness !== undefined && fuzziness !== '0') return fuzzyTerms(ctx, info.path, terms, min, fuzziness, boost);
    return textTermsQuery(ctx, info.path, terms, min, boost, prefixLast);
  });
  return maxOf(parts, 0);
}

function fuzzyTerms(
  ctx: ShardContext,
  field: string,
  terms: string[],
  min: number,
  fuzziness: string,
  boost: number,
): Scores {
  return filterScores(ctx, boost, (doc) => {
    const tokens = doc.fields.get(field)?.tokens ?? [];
    let matched = 0;
    for (const t of terms) {
      const max = fuzzinessOf(fuzziness, t.length);
      if (tokens.some((tok) => editDistance(tok, t) <= max)) matched++;
    }
    return matched >= min;
  });
}

function fuzzinessOf(spec: string, length: number): number {
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

function editDistance(a: string, b: string): number {
  // dp is an (a.length + 1) x (b.length + 1) matrix, and every index below stays inside it.
  const dp = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  const cell = (i: number, j: number): number => dp[i]![j]!;
  for (let j = 1; j <= b.length; j++) dp[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    const row = dp[i]!;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(cell(i - 1, j) + 1, cell(i, j - 1) + 1, cell(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
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
    const stats = ctx.shard.textStats.get(info.path);
    if (!stats || stats.docCount === 0) return none(ctx.docs.length);
    const avgdl = stats.sumTokens / stats.docCount;
    const weight = boost * terms.reduce((sum, t) => sum + idf(stats.docFreq.get(t) ?? 0, stats.docCount), 0);
    const out = none(ctx.docs.length);
    ctx.docs.forEach((doc, i) => {
      const tokens = doc.fields.get(info.path)?.tokens;
      if (!tokens) return;
      const freq = phraseFreq(tokens, terms, slop, prefix);
      if (freq > 0) out[i] = weight * bm25(freq, tokens.length, avgdl);
    });
    return out;
  });
  return maxOf(parts, 0);
}

function phraseFreq(tokens: readonly string[], terms: readonly string[], slop: number, prefix: boolean): number {
  let freq = 0;
  const eq = (tok: string | undefined, k: number): boolean =>
    tok !== undefined && (prefix && k === terms.length - 1 ? tok.startsWith(terms[k]!) : tok === terms[k]);
  for (let start = 0; start < tokens.length; start++) {
    if (!eq(tokens[start], 0)) continue;
    let pos = start;
    let used = 0;
    let ok = true;
    for (let k = 1; k < terms.length && ok; k++) {
      let found = false;
      for (let gap = 0; gap <= slop - used; gap++) {
        if (eq(tokens[pos + 1 + gap], k)) {
          pos = pos + 1 + gap;
          used += gap;
          found = true;
          break;
        }
      }
      ok = found;
    }
    if (ok) freq++;
  }
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
    const info = fieldInfo(ctx, fb.field);
    if (info && info.type !== 'text' && isNumeric(info.type) && !Number.isFinite(Number(q.query)))
      return none(ctx.docs.length);
    if (info && info.type === 'date' && parseDate(q.query) === undefined) return none(ctx.docs.length);
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
    );
  });
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

function rangeQuery(ctx: ShardContext, q: Extract<Query, { type: 'range' }>): Scores {
  const info = fieldInfo(ctx, q.field);
  if (!info) return none(ctx.docs.length);
  const bound = (v: string | number | null, roundUp: boolean): number | string | null => {
    if (v === null) return null;
    if (info.type === 'date') {
      try {
        return typeof v === 'number' ? v : resolveDateMath(v, ctx.now, roundUp);
      } catch (e) {
        if (e instanceof DateMathError) {
          throw new OsError(400, 'parse_exception', e.message, {
            causedBy: new OsError(400, 'illegal_argument_exception', e.message, { openSearch: false }),
          });
        }
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

function patternTest(kind: 'prefix' | 'wildcard' | 'regexp', value: string, ci: boolean): (s: string) => boolean {
  if (kind === 'prefix') {
    const v = ci ? value.toLowerCase() : value;
    return (s) => (ci ? s.toLowerCase() : s).startsWith(v);
  }
  let re: RegExp;
  if (kind === 'wildcard') {
    re = wildcardToRegExp(value);
  } else {
    try {
      re = new RegExp(`^(?:${value})$`);
    } catch {
      re = /$^/;
    }
  }
  const flags = ci ? 'i' : '';
  const final = new RegExp(re.source, flags);
  return (s) => final.test(s);
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
