// The `simple_query_string` syntax as Lucene's SimpleQueryParser reads it: `+` (and), `|` (or), `-` (not, right
// before what it negates), `"phrases"`, `prefix*`, `(precedence)`, whitespace as the default operator. Operators
// build the tree left to right: a change of operator makes what was built so far a clause of a new boolean query.
// Each term or phrase is searched in every field, the fields' scores summed (a dis_max whose tie breaker is 1).
import type { FieldInfo } from '../data/mapping';
import type { FieldBoost, Operator, Query } from './query';

type Occur = 'must' | 'should';

interface State {
  readonly text: string;
  index: number;
  top: Query | undefined;
  current: Occur | undefined;
  previous: Occur | undefined;
  not: number;
}

interface Context {
  readonly fields: readonly FieldBoost[];
  readonly defaultOccur: Occur;
  readonly expand: (pattern: string) => FieldInfo[];
  readonly lenient: boolean;
}

const OPERATOR_CHARS = new Set(['"', '+', '|', '-', '(', ')', ' ', '\t', '\n', '\r']);

function perField(ctx: Context, build: (info: FieldInfo, boost: number) => Query | undefined): Query | undefined {
  const parts: Query[] = [];
  for (const fb of ctx.fields) {
    for (const info of ctx.expand(fb.field)) {
      const q = build(info, fb.boost);
      if (q !== undefined) parts.push(q);
    }
  }
  if (parts.length === 0) return undefined;
  if (parts.length === 1) return parts[0];
  return { type: 'dis_max', queries: parts, tieBreaker: 1, boost: 1 };
}

function skipsValue(ctx: Context, info: FieldInfo, text: string): boolean {
  if (!ctx.lenient || info.type === 'text' || info.type === 'keyword') return false;
  if (info.type === 'boolean') return text !== 'true' && text !== 'false';
  if (info.type === 'date') return false;
  return !Number.isFinite(Number(text));
}

function termQuery(ctx: Context, text: string): Query | undefined {
  return perField(ctx, (info, boost) => {
    if (skipsValue(ctx, info, text)) return undefined;
    return { type: 'match', field: info.path, query: text, operator: 'OR', zeroTermsQuery: 'NONE', boost };
  });
}

function prefixQuery(ctx: Context, text: string): Query | undefined {
  return perField(ctx, (info, boost) => {
    if (info.type !== 'text' && info.type !== 'keyword') return undefined;
    const value = info.type === 'text' ? text.toLowerCase() : text;
    return { type: 'prefix', field: info.path, value, caseInsensitive: false, boost };
  });
}

/** SimpleQueryStringQueryParser.newFuzzyQuery: the term normalized as the field's terms are, per field. */
function fuzzyQuery(ctx: Context, text: string, edits: number): Query | undefined {
  return perField(ctx, (info, boost) => {
    if (ctx.lenient && info.type !== 'text' && info.type !== 'keyword') return undefined;
    const value = info.type === 'text' ? text.toLowerCase() : text;
    return {
      type: 'fuzzy',
      field: info.path,
      value,
      fuzziness: String(edits),
      prefixLength: 0,
      transpositions: true,
      boost,
    };
  });
}

/**
 * SimpleQueryParser.parseFuzziness, at a `~` (the slop of a phrase, the edit distance of a term): what follows up
 * to the end of the token, 2 when nothing does, 0 when it is not a number or negative.
 */
function readTilde(state: State): number {
  let digits = '';
  state.index++;
  while (state.index < state.text.length && !OPERATOR_CHARS.has(state.text[state.index]!)) {
    digits += state.text[state.index]!;
    state.index++;
  }
  if (digits === '') return 2;
  const n = /^[+-]?\d+$/.test(digits) ? Number(digits) : 0;
  return Math.max(0, n > 2147483647 ? 0 : n);
}

function phraseQuery(ctx: Context, text: string, slop: number): Query | undefined {
  return perField(ctx, (info, boost) => {
    if (skipsValue(ctx, info, text)) return undefined;
    return { type: 'match_phrase', field: info.path, query: text, slop, boost };
  });
}

function addClause(top: Query, branch: Query, occur: Occur): Query {
  const bool = top as Extract<Query, { type: 'bool' }>;
  return {
    ...bool,
    must: occur === 'must' ? [...bool.must, branch] : bool.must,
    should: occur === 'should' ? [...bool.should, branch] : bool.should,
  };
}

function newBool(first: Query, occur: Occur): Query {
  return {
    type: 'bool',
    must: occur === 'must' ? [first] : [],
    should: occur === 'should' ? [first] : [],
    filter: [],
    mustNot: [],
    adjustPureNegative: true,
    boost: 1,
  };
}

function buildTree(ctx: Context, state: State, input: Query | undefined): void {
  if (input === undefined) return;
  let branch = input;
  if (state.not % 2 === 1) {
    branch = {
      type: 'bool',
      must: [],
      should: [{ type: 'match_all', boost: 1 }],
      filter: [],
      mustNot: [branch],
      adjustPureNegative: true,
      boost: 1,
    };
  }
  if (state.top === undefined) {
    state.top = branch;
  } else {
    state.current ??= ctx.defaultOccur;
    if (state.previous !== state.current) state.top = newBool(state.top, state.current);
    state.top = addClause(state.top, branch, state.current);
    state.previous = state.current;
  }
  state.current = undefined;
}

function consumeSubQuery(ctx: Context, state: State): void {
  state.index++;
  const inner: State = {
    text: state.text,
    index: state.index,
    top: undefined,
    current: undefined,
    previous: undefined,
    not: 0,
  };
  parseSubQuery(ctx, inner, true);
  state.index = inner.index;
  buildTree(ctx, state, inner.top);
}

function consumePhrase(ctx: Context, state: State): void {
  state.index++;
  let text = '';
  let escaped = false;
  while (state.index < state.text.length) {
    const c = state.text[state.index]!;
    if (!escaped && c === '\\') {
      escaped = true;
      state.index++;
      continue;
    }
    if (!escaped && c === '"') break;
    text += c;
    escaped = false;
    state.index++;
  }
  if (state.index >= state.text.length) {
    // No closing quote: the text is read as terms (and the quote dropped).
    const rest = new Set(text.split(/\s+/).filter((w) => w.length > 0));
    for (const word of rest) buildTree(ctx, state, termQuery(ctx, word));
    return;
  }
  state.index++;
  let slop = 0;
  if (state.text[state.index] === '~') slop = readTilde(state);
  buildTree(ctx, state, phraseQuery(ctx, text, slop));
}

function consumeToken(ctx: Context, state: State): void {
  let text = '';
  let escaped = false;
  let prefix = false;
  let fuzzy: number | undefined;
  while (state.index < state.text.length) {
    const c = state.text[state.index]!;
    if (!escaped && c === '\\') {
      escaped = true;
      state.index++;
      continue;
    }
    if (!escaped && OPERATOR_CHARS.has(c)) break;
    if (!escaped && c === '~' && text.length > 0) {
      // The edit distance has a maximum, 2.
      fuzzy = Math.min(2, readTilde(state));
      break;
    }
    if (
      !escaped &&
      c === '*' &&
      (state.index + 1 >= state.text.length || OPERATOR_CHARS.has(state.text[state.index + 1]!))
    ) {
      prefix = true;
      state.index++;
      break;
    }
    text += c;
    escaped = false;
    state.index++;
  }
  if (text.length === 0) return;
  if (fuzzy !== undefined && fuzzy > 0) buildTree(ctx, state, fuzzyQuery(ctx, text, fuzzy));
  else buildTree(ctx, state, prefix ? prefixQuery(ctx, text) : termQuery(ctx, text));
}

function parseSubQuery(ctx: Context, state: State, nested: boolean): void {
  while (state.index < state.text.length) {
    const c = state.text[state.index]!;
    if (c === '(') {
      consumeSubQuery(ctx, state);
    } else if (c === ')' && nested) {
      state.index++;
      return;
    } else if (c === '"') {
      consumePhrase(ctx, state);
    } else if (c === '+') {
      if (state.current === undefined && state.top !== undefined) state.current = 'must';
      state.index++;
    } else if (c === '|') {
      if (state.current === undefined && state.top !== undefined) state.current = 'should';
      state.index++;
    } else if (c === '-') {
      state.not++;
      state.index++;
      continue;
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ')') {
      state.index++;
    } else {
      consumeToken(ctx, state);
    }
    state.not = 0;
  }
}

/** The query a `simple_query_string` stands for; match_none when it holds nothing. */
export function parseSimpleQueryString(
  text: string,
  fields: readonly FieldBoost[],
  defaultOperator: Operator,
  expand: (pattern: string) => FieldInfo[],
  lenient: boolean,
): Query {
  const ctx: Context = { fields, defaultOccur: defaultOperator === 'AND' ? 'must' : 'should', expand, lenient };
  const state: State = { text, index: 0, top: undefined, current: undefined, previous: undefined, not: 0 };
  parseSubQuery(ctx, state, false);
  return state.top ?? { type: 'match_none', boost: 1 };
}
