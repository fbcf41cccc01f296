// The Lucene query syntax of `query_string` and `q=`, for the common forms: `field:value`, `"a phrase"`,
// `AND`/`OR`/`NOT`, `+`/`-`, parentheses, ranges (`[a TO b]`, `>=5`), wildcards and `_exists_:field`.
import { OsError } from '../core/errors';
import type { FieldInfo } from '../data/mapping';
import type { Index } from '../data/store';
import { queryShardError } from './fieldAccess';
import type { FieldBoost, Operator, Query } from './query';

type Occur = 'must' | 'should' | 'must_not';

interface Token {
  readonly kind: 'term' | 'phrase' | 'op' | 'lparen' | 'rparen' | 'range';
  readonly text: string;
  readonly field?: string;
  readonly prefix?: '+' | '-';
}

function syntaxError(index: Index, query: string, why: string): OsError {
  return queryShardError(
    index,
    `Failed to parse query [${query}]`,
    new OsError(400, 'parse_exception', `Cannot parse '${query}': ${why}`, {
      causedBy: new OsError(400, 'parse_exception', why, { openSearch: false }),
    }),
  );
}

function tokenize(query: string, index: Index): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw syntaxError(index, query, why);
  };
  while (i < query.length) {
    const ch = query[i]!;
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    if (ch === '(') {
      tokens.push({ kind: 'lparen', text: '(' });
      i++;
      continue;
    }
    if (ch === ')') {
      tokens.push({ kind: 'rparen', text: ')' });
      i++;
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
    const fm = /^((?:\\.|[^\s:()"[\]{}])+):(?!\/)/.exec(query.slice(i));
    if (fm) {
      field = fm[1]!.replace(/\\(.)/g, '$1');
      i += fm[0].length;
    }
    const rest = query.slice(i);
    if (rest.startsWith('"')) {
      const end = query.indexOf('"', i + 1);
      if (end < 0)
        fail(`Lexical error at line 1, column ${query.length + 1}.  Encountered: <EOF> after : "${query.slice(i)}"`);
      tokens.push({
        kind: 'phrase',
        text: query.slice(i + 1, end),
        ...(field !== undefined ? { field } : {}),
        ...(prefix ? { prefix } : {}),
      });
      i = end + 1;
      continue;
    }
    if (rest.startsWith('[') || rest.startsWith('{')) {
      const m = /^[[{]\s*(\S+)\s+TO\s+(\S+?)\s*[\]}]/.exec(rest);
      if (!m) throw syntaxError(index, query, `Encountered "<EOF>" at line 1, column ${query.length}.`);
      tokens.push({
        kind: 'range',
        text: m[0],
        ...(field !== undefined ? { field } : {}),
        ...(prefix ? { prefix } : {}),
      });
      i += m[0].length;
      continue;
    }
    if (rest.startsWith('(') && field !== undefined) {
      // field:(a b) applies the field to the group
      let depth = 0;
      let j = i;
      for (; j < query.length; j++) {
        if (query[j] === '(') depth++;
        if (query[j] === ')') depth--;
        if (depth === 0) break;
      }
      if (depth !== 0) fail(`Encountered "<EOF>" at line 1, column ${query.length}.`);
      const inner = query.slice(i + 1, j);
      const words = inner.split(/\s+/).filter((w) => w.length > 0);
      tokens.push({ kind: 'lparen', text: '(' });
      for (const w of words) {
        if (w === 'AND' || w === 'OR' || w === 'NOT') tokens.push({ kind: 'op', text: w });
        else tokens.push({ kind: 'term', text: w, field });
      }
      tokens.push({ kind: 'rparen', text: ')' });
      i = j + 1;
      continue;
    }
    const wm = /^(?:\\.|[^\s()"])+/.exec(rest);
    if (!wm) throw syntaxError(index, query, `Encountered " ${rest[0]} " at line 1, column ${i}.`);
    const word = wm[0];
    i += word.length;
    if (field === undefined && !prefix && (word === 'AND' || word === 'OR' || word === 'NOT')) {
      tokens.push({ kind: 'op', text: word });
      continue;
    }
    tokens.push({
      kind: 'term',
      text: word.replace(/\\(.)/g, '$1'),
      ...(field !== undefined ? { field } : {}),
      ...(prefix ? { prefix } : {}),
    });
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
      if (ctx.tokens[ctx.pos]?.kind !== 'rparen') {
        throw syntaxError(ctx.index, ctx.query, `Encountered "<EOF>" at line 1, column ${ctx.query.length}.`);
      }
      ctx.pos++;
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
  if (perField.length === 1) return perField[0]!;
  return { type: 'dis_max', queries: perField, tieBreaker: 0, boost: 1 };
}

function leafForField(ctx: Ctx, t: Token, info: FieldInfo, boost: number): Query | undefined {
  const field = info.path;
  const lenientSkip = ctx.lenient && info.type !== 'text' && info.type !== 'keyword';
  if (t.kind === 'phrase') {
    if (lenientSkip) return undefined;
    return { type: 'match_phrase', field, query: t.text, slop: 0, boost };
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
  return { type: 'match', field, query: text, operator: 'OR', zeroTermsQuery: 'NONE', boost };
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
  const tokens = tokenize(q.query, index);
  const ctx: Ctx = { tokens, pos: 0, defaults, op: q.defaultOperator, expand, index, query: q.query, lenient };
  if (tokens.length === 0) return { type: 'match_none', boost: 1 };
  const parsed = parseGroup(ctx, false);
  if (q.boost === 1) return parsed;
  return { type: 'wrapped', clause: 'query_string', inner: parsed, boost: q.boost };
}
