// The Lucene query syntax of `query_string` and `q=`, for the common forms: `field:value`, `"a phrase"`,
// `AND`/`OR`/`NOT`, `+`/`-`, parentheses, ranges (`[a TO b]`, `>=5`), wildcards and `_exists_:field`.
import { notSerializable, OsError } from '../core/errors';
import type { FieldInfo } from '../data/mapping';
import type { Index } from '../data/store';
import { queryShardError } from './fieldAccess';
import { parseSimpleQueryString } from './simpleQueryString';
import type { FieldBoost, Operator, Query } from './query';

type Occur = 'must' | 'should' | 'must_not';

interface Token {
  readonly kind: 'term' | 'phrase' | 'op' | 'lparen' | 'rparen' | 'range' | 'regexp';
  readonly text: string;
  /** The field the token names, or the one of the `field:(...)` group it is in. */
  readonly field?: string;
  /** Whether the field is named on the token itself (`field:value`) rather than by its group. */
  readonly explicit?: boolean;
  readonly prefix?: '+' | '-';
  /** `^2`: the boost after a term, phrase, range or group. */
  boost?: number;
  /** `~` or `~2`: what follows the tilde after a term (fuzziness) or a phrase (slop). */
  fuzzy?: string;
}

/** Lucene's QueryParser errors: a ParseException (or the lexer's TokenMgrError) inside a ParseException. */
function syntaxError(
  index: Index,
  query: string,
  why: string,
  kind: 'parse_exception' | 'token_mgr_error' = 'parse_exception',
): OsError {
  return queryShardError(
    index,
    `Failed to parse query [${query}]`,
    notSerializable(
      new OsError(400, 'parse_exception', `Cannot parse '${query}': ${why}`, {
        causedBy: notSerializable(new OsError(400, kind, why, { openSearch: false })),
        openSearch: false,
      }),
    ),
  );
}

/** TokenMgrError.addEscapes: how the lexer quotes what it read. */
function javaEscape(text: string): string {
  return text.replace(
    /[\\"'\n\r\t\b\f]/g,
    (c) =>
      ({ '\\': '\\\\', '"': '\\"', "'": "\\'", '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' })[c] ??
      c,
  );
}

function tokenize(query: string, index: Index): Token[] {
  const tokens: Token[] = [];
  // The fields of the `field:(...)` groups the reader is in (undefined for a group without a field).
  const groups: (string | undefined)[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw syntaxError(index, query, why);
  };
  /** `~N` and `^N` after a term, phrase, range or group, in the orders Lucene's grammar allows. */
  const suffixes = (t: Token, fuzzyAllowed: boolean): void => {
    const fuzzyAt = (): void => {
      const m = /^~(\d+(?:\.\d+)?)?/.exec(query.slice(i));
      if (m && fuzzyAllowed) {
        t.fuzzy = m[1] ?? '';
        i += m[0].length;
      }
    };
    fuzzyAt();
    if (query[i] === '^') {
      // After the caret the lexer reads a number only (skipping white space), and fails on anything else.
      const m = /^\^\s*(\d+(?:\.\d+)?)/.exec(query.slice(i));
      if (!m) {
        const skipped = /^\^\s*/.exec(query.slice(i))![0].length;
        const at = i + skipped;
        if (at >= query.length) {
          fail(`Encountered "<EOF>" at line 1, column ${query.length}.\nWas expecting:\n    <NUMBER> ...\n    `);
        }
        const code = query.charCodeAt(at);
        throw syntaxError(
          index,
          query,
          `Lexical error at line 1, column ${at + 1}.  Encountered: '${code}' (${code}),`,
          'token_mgr_error',
        );
      }
      t.boost = Number(m[1]);
      i += m[0].length;
      if (t.fuzzy === undefined && t.kind === 'term') fuzzyAt();
    }
  };
  while (i < query.length) {
    const ch = query[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(') {
      tokens.push({ kind: 'lparen', text: '(' });
      groups.push(groups.at(-1));
      i++;
      continue;
    }
    if (ch === ')') {
      const t: Token = { kind: 'rparen', text: ')' };
      tokens.push(t);
      groups.pop();
      i++;
      suffixes(t, false);
      continue;
    }
    let prefix: '+' | '-' | undefined;
    if ((ch === '+' || ch === '-') && i + 1 < query.length && !/\s/.test(query[i + 1]!)) {
      prefix = ch;
      i++;
    }
    if (query.startsWith('&&', i) || query.startsWith('||', i)) {
      tokens.push({ kind: 'op', text: query.startsWith('&&', i) ? 'AND' : 'OR' });
      i += 2;
      continue;
    }
    if (query[i] === '!') {
      tokens.push({ kind: 'op', text: 'NOT' });
      i++;
      continue;
    }
    // field:
    let field: string | undefined;
    const fm = /^((?:\\.|[^\s:()"[\]{}^~/])+):/.exec(query.slice(i));
    if (fm && /(?<!\\)[*?]/.test(fm[1]!)) {
      // An unescaped wildcard makes the lexer read a wildcard term, after which the colon is unexpected.
      fail(`Encountered " ":" ": "" at line 1, column ${i + fm[1]!.length}.\nWas expecting one of:\n    <EOF> `);
    }
    let explicit = false;
    if (fm) {
      field = fm[1]!.replace(/\\(.)/g, '$1');
      explicit = true;
      i += fm[0].length;
    } else {
      field = groups.at(-1);
    }
    const where = {
      ...(field !== undefined ? { field } : {}),
      ...(explicit ? { explicit } : {}),
      ...(prefix ? { prefix } : {}),
    };
    const rest = query.slice(i);
    if (rest.startsWith('"')) {
      const end = query.indexOf('"', i + 1);
      if (end < 0) {
        throw syntaxError(
          index,
          query,
          `Lexical error at line 1, column ${query.length + 1}.  Encountered: <EOF> after prefix "${javaEscape(query.slice(i))}" (in lexical state 2)`,
          'token_mgr_error',
        );
      }
      const t: Token = { kind: 'phrase', text: query.slice(i + 1, end), ...where };
      tokens.push(t);
      i = end + 1;
      suffixes(t, true);
      continue;
    }
    if (rest.startsWith('/')) {
      const m = /^\/((?:\\.|[^/\\])*)\//.exec(rest);
      if (!m) {
        throw syntaxError(
          index,
          query,
          `Lexical error at line 1, column ${query.length + 1}.  Encountered: <EOF> after prefix "${javaEscape(rest)}" (in lexical state 2)`,
          'token_mgr_error',
        );
      }
      const t: Token = { kind: 'regexp', text: m[1]!, ...where };
      tokens.push(t);
      i += m[0].length;
      suffixes(t, false);
      continue;
    }
    if (rest.startsWith('[') || rest.startsWith('{')) {
      const m = /^[[{]\s*(\S+)\s+TO\s+(\S+?)\s*[\]}]/.exec(rest);
      if (!m) throw syntaxError(index, query, `Encountered "<EOF>" at line 1, column ${query.length}.`);
      const t: Token = { kind: 'range', text: m[0], ...where };
      tokens.push(t);
      i += m[0].length;
      suffixes(t, false);
      continue;
    }
    if (rest.startsWith('(')) {
      // field:(a b) applies the field to the group
      tokens.push({ kind: 'lparen', text: '(', ...(prefix ? { prefix } : {}) });
      groups.push(field);
      i++;
      continue;
    }
    const wm = /^(?:\\.|[^\s()"^~])+/.exec(rest);
    if (!wm) throw syntaxError(index, query, `Encountered " ${rest[0]} " at line 1, column ${i}.`);
    const word = wm[0];
    i += word.length;
    if (!explicit && !prefix && (word === 'AND' || word === 'OR' || word === 'NOT')) {
      tokens.push({ kind: 'op', text: word });
      continue;
    }
    const t: Token = { kind: 'term', text: word.replace(/\\(.)/g, '$1'), ...where };
    tokens.push(t);
    suffixes(t, true);
  }
  return tokens;
}

interface Ctx {
  readonly tokens: Token[];
  pos: number;
  readonly defaults: readonly FieldBoost[];
  readonly op: Operator;
  readonly expand: (pattern: string) => FieldInfo[];
  readonly index: Index;
  readonly query: string;
  readonly lenient: boolean;
}

function parseGroup(ctx: Ctx, nested: boolean): Query {
  const clauses: { occur: Occur; query: Query }[] = [];
  let pendingOp: string | undefined;
  while (ctx.pos < ctx.tokens.length) {
    const t = ctx.tokens[ctx.pos]!;
    if (t.kind === 'rparen') {
      if (!nested)
        throw syntaxError(ctx.index, ctx.query, `Encountered " ")" ") "" at line 1, column ${ctx.query.indexOf(')')}.`);
      break;
    }
    if (t.kind === 'op') {
      ctx.pos++;
      const last = clauses.at(-1);
      if (t.text === 'AND' && last?.occur === 'should') last.occur = 'must';
      pendingOp = t.text;
      continue;
    }
    let query: Query;
    if (t.kind === 'lparen') {
      ctx.pos++;
      query = parseGroup(ctx, true);
      const close = ctx.tokens[ctx.pos];
      if (close?.kind !== 'rparen') {
        throw syntaxError(ctx.index, ctx.query, `Encountered "<EOF>" at line 1, column ${ctx.query.length}.`);
      }
      ctx.pos++;
      query = boosted(query, close.boost);
    } else if (pendingOp === undefined && !t.prefix && mergeable(ctx, ctx.pos)) {
      // Lucene's MultiTerm: plain terms in a row, none followed by AND or OR, are analyzed as one text.
      const words = [t.text];
      ctx.pos++;
      while (mergeable(ctx, ctx.pos, true, t.field)) words.push(ctx.tokens[ctx.pos++]!.text);
      query = leaf(ctx, { ...t, text: words.join(' ') });
    } else {
      ctx.pos++;
      query = leaf(ctx, t);
    }
    let occur: Occur = ctx.op === 'AND' ? 'must' : 'should';
    if (pendingOp === 'AND') occur = 'must';
    if (pendingOp === 'OR') occur = 'should';
    if (pendingOp === 'NOT' || t.prefix === '-') occur = 'must_not';
    else if (t.prefix === '+') occur = 'must';
    clauses.push({ occur, query });
    pendingOp = undefined;
  }
  if (pendingOp !== undefined) {
    throw syntaxError(ctx.index, ctx.query, `Encountered "<EOF>" at line 1, column ${ctx.query.length}.`);
  }
  const only = clauses.length === 1 ? clauses[0] : undefined;
  if (only && only.occur !== 'must_not') return only.query;
  return {
    type: 'bool',
    must: clauses.filter((c) => c.occur === 'must').map((c) => c.query),
    should: clauses.filter((c) => c.occur === 'should').map((c) => c.query),
    filter: [],
    mustNot: clauses.filter((c) => c.occur === 'must_not').map((c) => c.query),
    adjustPureNegative: true,
    boost: 1,
  };
}

/** A plain term (no field of its own, operator, wildcard, fuzziness or boost) that Lucene's MultiTerm may take. */
function plainTerm(t: Token | undefined): t is Token {
  return (
    t?.kind === 'term' &&
    !t.explicit &&
    !t.prefix &&
    t.boost === undefined &&
    t.fuzzy === undefined &&
    t.text !== '*' &&
    !/[*?]/.test(t.text)
  );
}

/**
 * Whether a MultiTerm starts at `pos` (the term there and the next one are plain and in the same group) or, with
 * `continuing`, goes on with the term at `pos` (plain, in the group of `field`); either way the token after the
 * term that joins is not AND or OR.
 */
function mergeable(ctx: Ctx, pos: number, continuing = false, field?: string): boolean {
  const t = ctx.tokens[pos];
  if (!plainTerm(t)) return false;
  if (continuing && t.field !== field) return false;
  const joining = continuing ? pos : pos + 1;
  if (!continuing) {
    const next = ctx.tokens[joining];
    if (!plainTerm(next) || next.field !== t.field) return false;
  }
  const after = ctx.tokens[joining + 1];
  return !(after?.kind === 'op' && (after.text === 'AND' || after.text === 'OR'));
}

function boosted(query: Query, boost: number | undefined): Query {
  return boost === undefined ? query : { type: 'wrapped', clause: 'query_string', inner: query, boost };
}

function fieldsFor(ctx: Ctx, field: string | undefined): FieldBoost[] {
  if (field === undefined) return [...ctx.defaults];
  return [{ field, boost: 1 }];
}

function leaf(ctx: Ctx, t: Token): Query {
  if (t.field === '_exists_') return { type: 'exists', field: t.text, boost: 1 };
  const fields = fieldsFor(ctx, t.field);
  const perField: Query[] = [];
  for (const fb of fields) {
    for (const info of ctx.expand(fb.field)) {
      const q = leafForField(ctx, t, info, fb.boost);
      if (q) perField.push(q);
    }
  }
  if (perField.length === 0) return { type: 'match_none', boost: 1 };
  if (perField.length === 1) return boosted(perField[0]!, t.boost);
  return boosted({ type: 'dis_max', queries: perField, tieBreaker: 0, boost: 1 }, t.boost);
}

function leafForField(ctx: Ctx, t: Token, info: FieldInfo, boost: number): Query | undefined {
  const field = info.path;
  const lenientSkip = ctx.lenient && info.type !== 'text' && info.type !== 'keyword';
  if (t.kind === 'phrase') {
    if (lenientSkip) return undefined;
    const slop = t.fuzzy ? Math.trunc(Number(t.fuzzy)) : 0;
    return { type: 'match_phrase', field, query: t.text, slop, boost };
  }
  if (t.kind === 'regexp') {
    if (lenientSkip) return undefined;
    // The regular expression is normalized as the field's terms are (lower case on text).
    const value = info.type === 'text' ? t.text.toLowerCase() : t.text;
    return { type: 'regexp', field, value, caseInsensitive: false, boost };
  }
  if (t.fuzzy !== undefined) {
    // QueryStringQueryParser.handleBareFuzzy: `~` alone is the AUTO distance of the term as written.
    if (lenientSkip) return undefined;
    const value = info.type === 'text' ? t.text.toLowerCase() : t.text;
    const fuzziness = t.fuzzy === '' ? 'AUTO' : t.fuzzy;
    return { type: 'fuzzy', field, value, fuzziness, prefixLength: 0, transpositions: true, boost };
  }
  if (t.kind === 'range') {
    // Range tokens always match this pattern (see tokenize), and all its groups are required.
    const m = /^([[{])\s*(\S+)\s+TO\s+(\S+?)\s*([\]}])$/.exec(t.text)!;
    const lo = m[2]!;
    const hi = m[3]!;
    return {
      type: 'range',
      field,
      from: lo === '*' ? null : lo,
      to: hi === '*' ? null : hi,
      includeLower: m[1] === '[',
      includeUpper: m[4] === ']',
      boost,
    };
  }
  const text = t.text;
  if (text === '*') return { type: 'exists', field, boost };
  const cmp = /^(>=|<=|>|<)(.+)$/.exec(text);
  if (cmp) {
    const v = cmp[2]!;
    const op = cmp[1]!;
    return {
      type: 'range',
      field,
      from: op.startsWith('>') ? v : null,
      to: op.startsWith('<') ? v : null,
      includeLower: op === '>=',
      includeUpper: op === '<=',
      boost,
    };
  }
  if (/[*?]/.test(text)) {
    if (lenientSkip) return undefined;
    const value = info.type === 'text' ? text.toLowerCase() : text;
    if (/^[^*?]+\*$/.test(value))
      return { type: 'prefix', field, value: value.slice(0, -1), caseInsensitive: false, boost };
    return { type: 'wildcard', field, value, caseInsensitive: false, boost };
  }
  if (lenientSkip) {
    const n = Number(text);
    if (
      info.type === 'boolean' ? text !== 'true' && text !== 'false' : info.type === 'date' ? false : !Number.isFinite(n)
    ) {
      return undefined;
    }
  }
  return { type: 'match', field, query: text, operator: ctx.op, zeroTermsQuery: 'NONE', boost };
}

export function parseQueryString(
  q: Extract<Query, { type: 'query_string' }>,
  expand: (pattern: string) => FieldInfo[],
  index: Index,
): Query {
  const explicit =
    q.fields.length > 0 ? q.fields : q.defaultField !== undefined ? [{ field: q.defaultField, boost: 1 }] : [];
  const defaults = explicit.length > 0 ? explicit : [{ field: '*', boost: 1 }];
  const lenient = q.lenient ?? defaults.some((d) => d.field.includes('*'));
  if (q.simple) {
    const parsed = parseSimpleQueryString(q.query, defaults, q.defaultOperator, expand, lenient);
    return q.boost === 1 ? parsed : { type: 'wrapped', clause: 'simple_query_string', inner: parsed, boost: q.boost };
  }
  const tokens = tokenize(q.query, index);
  const ctx: Ctx = { tokens, pos: 0, defaults, op: q.defaultOperator, expand, index, query: q.query, lenient };
  if (tokens.length === 0) return { type: 'match_none', boost: 1 };
  const parsed = parseGroup(ctx, false);
  if (q.boost === 1) return parsed;
  return { type: 'wrapped', clause: 'query_string', inner: parsed, boost: q.boost };
}
