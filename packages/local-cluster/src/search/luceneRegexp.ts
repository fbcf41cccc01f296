// Lucene's regular expressions (the `regexp` query, `include`/`exclude` of a terms aggregation) as Lucene runs them:
// compiled to an automaton, determinized under a work limit, then run once over each term. A deterministic automaton
// never backtracks, so no pattern can stall the cluster: a pattern whose automaton would cost too much is refused,
// as OpenSearch refuses it (docs/opensearch/query-dsl.md, "regexp"). JavaScript's RegExp is never used for them.

/** `index.max_regex_length`: OpenSearch's default. */
export const MAX_REGEX_LENGTH = 1000;
/** `max_determinized_states`: OpenSearch's default. */
const DEFAULT_MAX_DETERMINIZED_STATES = 10000;

export class RegexpRefusal extends Error {
  constructor(
    readonly kind: 'syntax' | 'tooComplex',
    message: string,
  ) {
    super(message);
  }
}

/** One code point range [lo, hi] and where it leads. */
interface Edge {
  readonly lo: number;
  readonly hi: number;
  readonly to: number;
}

const MAX_CODE_POINT = 0x10ffff;

/** A nondeterministic automaton under construction: states are indexes; `eps` are the empty moves. */
class Nfa {
  readonly edges: Edge[][] = [];
  readonly eps: number[][] = [];
  state(): number {
    this.edges.push([]);
    this.eps.push([]);
    return this.edges.length - 1;
  }
  edge(from: number, lo: number, hi: number, to: number): void {
    this.edges[from]!.push({ lo, hi, to });
  }
  empty(from: number, to: number): void {
    this.eps[from]!.push(to);
  }
}

interface Fragment {
  readonly start: number;
  readonly end: number;
}

/** A parsed expression (Lucene's RegExp grammar with its default flags: no complement). */
type Node =
  | { readonly t: 'chars'; readonly ranges: readonly (readonly [number, number])[] }
  | { readonly t: 'empty' }
  | { readonly t: 'nothing' }
  | { readonly t: 'concat'; readonly items: readonly Node[] }
  | { readonly t: 'union'; readonly items: readonly Node[] }
  | { readonly t: 'and'; readonly items: readonly Node[] }
  | { readonly t: 'repeat'; readonly item: Node; readonly min: number; readonly max: number };

const ANY: Node = { t: 'chars', ranges: [[0, MAX_CODE_POINT]] };
const ANY_STRING: Node = { t: 'repeat', item: ANY, min: 0, max: Infinity };

const DIGIT: (readonly [number, number])[] = [[0x30, 0x39]];
const SPACE: (readonly [number, number])[] = [
  [0x09, 0x0d],
  [0x20, 0x20],
];
const WORD: (readonly [number, number])[] = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];

function negate(ranges: readonly (readonly [number, number])[]): (readonly [number, number])[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const out: [number, number][] = [];
  let next = 0;
  for (const [lo, hi] of sorted) {
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT]);
  return out;
}

/** A recursive-descent reader of the pattern, position by position as Lucene reports them (UTF-16 units). */
class Parser {
  private pos = 0;
  constructor(private readonly text: string) {}

  parse(): Node {
    const node = this.union();
    if (this.pos < this.text.length)
      throw new RegexpRefusal('syntax', `end-of-string expected at position ${this.pos}`);
    return node;
  }

  private more(): boolean {
    return this.pos < this.text.length;
  }
  private peek(chars: string): boolean {
    return this.more() && chars.includes(this.text[this.pos]!);
  }
  private match(c: string): boolean {
    if (this.more() && this.text[this.pos] === c) {
      this.pos++;
      return true;
    }
    return false;
  }
  private next(): number {
    if (!this.more()) throw new RegexpRefusal('syntax', 'unexpected end-of-string');
    const cp = this.text.codePointAt(this.pos)!;
    this.pos += cp > 0xffff ? 2 : 1;
    return cp;
  }

  private union(): Node {
    const items = [this.intersection()];
    while (this.match('|')) items.push(this.intersection());
    return items.length === 1 ? items[0]! : { t: 'union', items };
  }
  private intersection(): Node {
    const items = [this.concat()];
    while (this.match('&')) items.push(this.concat());
    return items.length === 1 ? items[0]! : { t: 'and', items };
  }
  private concat(): Node {
    const items: Node[] = [];
    while (this.more() && !this.peek(')|&')) items.push(this.repeat());
    if (items.length === 0) return { t: 'empty' };
    return items.length === 1 ? items[0]! : { t: 'concat', items };
  }
  private repeat(): Node {
    let node = this.charClass();
    while (this.peek('?*+{')) {
      if (this.match('?')) node = { t: 'repeat', item: node, min: 0, max: 1 };
      else if (this.match('*')) node = { t: 'repeat', item: node, min: 0, max: Infinity };
      else if (this.match('+')) node = { t: 'repeat', item: node, min: 1, max: Infinity };
      else if (this.match('{')) {
        const min = this.integer();
        let max = min;
        if (this.match(',')) max = this.peek('}') ? Infinity : this.integer();
        if (!this.match('}')) throw new RegexpRefusal('syntax', `expected '}' at position ${this.pos}`);
        if (max < min) throw new RegexpRefusal('syntax', `invalid repetition range(out of order): ${min}..${max}`);
        node = { t: 'repeat', item: node, min, max };
      }
    }
    return node;
  }
  private integer(): number {
    const start = this.pos;
    while (this.peek('0123456789')) this.pos++;
    if (start === this.pos) throw new RegexpRefusal('syntax', `integer expected at position ${this.pos}`);
    return Number(this.text.slice(start, this.pos));
  }
  private charClass(): Node {
    if (!this.match('[')) return this.simple();
    const negated = this.match('^');
    const ranges: (readonly [number, number])[] = [];
    do {
      if (this.match('\\')) {
        const shorthand = this.shorthand();
        if (shorthand !== undefined) {
          ranges.push(...shorthand);
          continue;
        }
        this.pos--;
      }
      const lo = this.charExp();
      if (this.match('-')) {
        if (this.peek(']')) {
          ranges.push([lo, lo], [0x2d, 0x2d]);
          continue;
        }
        const hi = this.charExp();
        if (hi < lo) throw new RegexpRefusal('syntax', `invalid range: from (${lo}) cannot be > to (${hi})`);
        ranges.push([lo, hi]);
      } else ranges.push([lo, lo]);
    } while (this.more() && !this.peek(']'));
    if (!this.match(']')) throw new RegexpRefusal('syntax', `expected ']' at position ${this.pos}`);
    return { t: 'chars', ranges: negated ? negate(ranges) : ranges };
  }
  /** `\d \s \w` and their negations, right after a backslash; undefined for any other escaped character. */
  private shorthand(): (readonly [number, number])[] | undefined {
    const c = this.text[this.pos];
    const table =
      c === 'd' || c === 'D' ? DIGIT : c === 's' || c === 'S' ? SPACE : c === 'w' || c === 'W' ? WORD : null;
    if (table === null) return undefined;
    this.pos++;
    return c === c!.toUpperCase() ? negate(table) : table;
  }
  private charExp(): number {
    this.match('\\');
    return this.next();
  }
  private simple(): Node {
    if (this.match('.')) return ANY;
    if (this.match('#')) return { t: 'nothing' };
    if (this.match('@')) return ANY_STRING;
    if (this.match('"')) {
      const start = this.pos;
      while (this.more() && this.text[this.pos] !== '"') this.pos++;
      if (!this.match('"')) throw new RegexpRefusal('syntax', `expected '"' at position ${this.pos}`);
      return literal(this.text.slice(start, this.pos - 1));
    }
    if (this.match('(')) {
      if (this.match(')')) return { t: 'empty' };
      const inner = this.union();
      if (!this.match(')')) throw new RegexpRefusal('syntax', `expected ')' at position ${this.pos}`);
      return inner;
    }
    if (this.match('<')) return this.interval();
    if (this.match('\\')) {
      const shorthand = this.shorthand();
      if (shorthand !== undefined) return { t: 'chars', ranges: shorthand };
    }
    const cp = this.next();
    return { t: 'chars', ranges: [[cp, cp]] };
  }
  /** `<n-m>`: the decimal numbers from n to m (Lucene's INTERVAL); `<name>` would name an automaton: none exist. */
  private interval(): Node {
    const start = this.pos;
    while (this.more() && this.text[this.pos] !== '>') this.pos++;
    if (!this.match('>')) throw new RegexpRefusal('syntax', `expected '>' at position ${this.pos}`);
    const body = this.text.slice(start, this.pos - 1);
    const dash = body.indexOf('-');
    const lo = body.slice(0, dash);
    const hi = body.slice(dash + 1);
    if (dash <= 0 || !/^\d+$/.test(lo) || !/^\d+$/.test(hi)) {
      throw new RegexpRefusal('syntax', `interval syntax error at position ${this.pos - 1}`);
    }
    const from = Number(lo);
    const to = Number(hi);
    if (from > to) throw new RegexpRefusal('syntax', `interval syntax error at position ${this.pos - 1}`);
    return numberRange(from, to);
  }
}

function literal(text: string): Node {
  return {
    t: 'concat',
    items: Array.from(text).map((c) => ({ t: 'chars', ranges: [[c.codePointAt(0)!, c.codePointAt(0)!]] })),
  };
}

/** The decimal numbers from..to, with any leading zeros (what Lucene's interval accepts). */
function numberRange(from: number, to: number): Node {
  // Small ranges are a union of their numbers; large ones are refused by the work limit like any big automaton.
  const items: Node[] = [];
  for (let n = from; n <= to && items.length <= DEFAULT_MAX_DETERMINIZED_STATES; n++) items.push(literal(String(n)));
  return {
    t: 'concat',
    items: [
      { t: 'repeat', item: literal('0'), min: 0, max: Infinity },
      { t: 'union', items },
    ],
  };
}

/** Thompson's construction, with a bound on the states it may create. */
class Builder {
  readonly nfa = new Nfa();
  constructor(
    private readonly limit: number,
    private readonly effort: Effort,
  ) {}

  build(node: Node): Fragment {
    if (this.nfa.edges.length > this.limit) throw this.effort.refusal(this.nfa);
    switch (node.t) {
      case 'chars': {
        const start = this.nfa.state();
        const end = this.nfa.state();
        for (const [lo, hi] of node.ranges) this.nfa.edge(start, lo, hi, end);
        return { start, end };
      }
      case 'empty': {
        const start = this.nfa.state();
        return { start, end: start };
      }
      case 'nothing':
        return { start: this.nfa.state(), end: this.nfa.state() };
      case 'concat': {
        const parts = node.items.map((n) => this.build(n));
        for (let i = 1; i < parts.length; i++) this.nfa.empty(parts[i - 1]!.end, parts[i]!.start);
        return { start: parts[0]!.start, end: parts[parts.length - 1]!.end };
      }
      case 'union': {
        const start = this.nfa.state();
        const end = this.nfa.state();
        for (const n of node.items) {
          const f = this.build(n);
          this.nfa.empty(start, f.start);
          this.nfa.empty(f.end, end);
        }
        return { start, end };
      }
      case 'repeat':
        return this.repeat(node.item, node.min, node.max);
      case 'and':
        return this.intersection(node.items);
    }
  }

  private repeat(item: Node, min: number, max: number): Fragment {
    const start = this.nfa.state();
    let end = start;
    for (let i = 0; i < min; i++) {
      const f = this.build(item);
      this.nfa.empty(end, f.start);
      end = f.end;
    }
    if (max === Infinity) {
      const f = this.build(item);
      const after = this.nfa.state();
      this.nfa.empty(end, f.start);
      this.nfa.empty(end, after);
      this.nfa.empty(f.end, f.start);
      this.nfa.empty(f.end, after);
      return { start, end: after };
    }
    const after = this.nfa.state();
    this.nfa.empty(end, after);
    for (let i = min; i < max; i++) {
      const f = this.build(item);
      this.nfa.empty(end, f.start);
      this.nfa.empty(f.end, after);
      end = f.end;
    }
    return { start, end: after };
  }

  /** `a&b`: each side determinized on its own (under the same work limit), then walked in step. */
  private intersection(items: readonly Node[]): Fragment {
    const dfas = items.map((n) => {
      const sub = new Builder(this.limit, this.effort);
      return determinize(sub.nfa, sub.build(n), this.effort);
    });
    const key = (ids: readonly number[]): string => ids.join(',');
    const ids = new Map<string, number>();
    const queue: number[][] = [];
    const stateOf = (tuple: number[]): number => {
      const k = key(tuple);
      let s = ids.get(k);
      if (s === undefined) {
        s = this.nfa.state();
        ids.set(k, s);
        queue.push(tuple);
        this.effort.spend(tuple.length, this.nfa);
      }
      return s;
    };
    const start = stateOf(dfas.map((d) => d.start));
    const end = this.nfa.state();
    while (queue.length > 0) {
      const tuple = queue.shift()!;
      const from = ids.get(key(tuple))!;
      if (tuple.every((s, i) => dfas[i]!.accept[s]!)) this.nfa.empty(from, end);
      // Walk the edges of all sides together over the boundaries of their ranges.
      const points = new Set<number>();
      for (const [i, s] of tuple.entries()) {
        for (const e of dfas[i]!.edges[s]!) {
          points.add(e.lo);
          points.add(e.hi + 1);
        }
      }
      const sorted = [...points].sort((a, b) => a - b);
      for (let p = 0; p + 1 < sorted.length; p++) {
        const lo = sorted[p]!;
        const hi = sorted[p + 1]! - 1;
        const next: number[] = [];
        for (const [i, s] of tuple.entries()) {
          const e = dfas[i]!.edges[s]!.find((x) => x.lo <= lo && hi <= x.hi);
          if (e === undefined) break;
          next.push(e.to);
        }
        if (next.length === tuple.length) this.nfa.edge(from, lo, hi, stateOf(next));
      }
    }
    return { start, end };
  }
}

/** Lucene's measure of determinization work: the sizes of the state sets it builds, against ten times the limit. */
class Effort {
  private spent = 0;
  constructor(readonly maxStates: number) {}
  spend(amount: number, nfa: Nfa): void {
    this.spent += amount;
    if (this.spent >= this.maxStates * 10) throw this.refusal(nfa);
  }
  refusal(nfa: Nfa): RegexpRefusal {
    const transitions = nfa.edges.reduce((n, e) => n + e.length, 0) + nfa.eps.reduce((n, e) => n + e.length, 0);
    return new RegexpRefusal(
      'tooComplex',
      `Determinizing automaton with ${nfa.edges.length} states and ${transitions} transitions would require more than ${this.maxStates} effort.`,
    );
  }
}

interface Dfa {
  readonly start: number;
  readonly accept: readonly boolean[];
  /** Each state's edges, sorted by `lo`, not overlapping. */
  readonly edges: readonly (readonly Edge[])[];
}

/** The subset construction over code point ranges. */
function determinize(nfa: Nfa, fragment: Fragment, effort: Effort): Dfa {
  const closure = (seeds: Iterable<number>): number[] => {
    const seen = new Set<number>();
    const stack = [...seeds];
    while (stack.length > 0) {
      const s = stack.pop()!;
      if (seen.has(s)) continue;
      seen.add(s);
      for (const t of nfa.eps[s]!) if (!seen.has(t)) stack.push(t);
    }
    // Only states with moves, and the end, tell sets apart (as in Lucene's epsilon-free automata).
    return [...seen].filter((s) => s === fragment.end || nfa.edges[s]!.length > 0).sort((a, b) => a - b);
  };
  const ids = new Map<string, number>();
  const sets: number[][] = [];
  const accept: boolean[] = [];
  const edges: Edge[][] = [];
  const stateOf = (set: number[]): number => {
    const k = set.join(',');
    let id = ids.get(k);
    if (id === undefined) {
      id = sets.length;
      ids.set(k, id);
      sets.push(set);
      accept.push(set.includes(fragment.end));
      edges.push([]);
      effort.spend(Math.max(1, set.length), nfa);
    }
    return id;
  };
  const start = stateOf(closure([fragment.start]));
  for (let id = 0; id < sets.length; id++) {
    const moves: Edge[] = [];
    for (const s of sets[id]!) moves.push(...nfa.edges[s]!);
    if (moves.length === 0) continue;
    const points = new Set<number>();
    for (const e of moves) {
      points.add(e.lo);
      points.add(e.hi + 1);
    }
    const sorted = [...points].sort((a, b) => a - b);
    const out = edges[id]!;
    for (let p = 0; p + 1 < sorted.length; p++) {
      const lo = sorted[p]!;
      const hi = sorted[p + 1]! - 1;
      const targets = moves.filter((e) => e.lo <= lo && hi <= e.hi).map((e) => e.to);
      if (targets.length === 0) continue;
      const to = stateOf(closure(targets));
      const previous = out[out.length - 1];
      if (previous !== undefined && previous.to === to && previous.hi + 1 === lo) {
        out[out.length - 1] = { lo: previous.lo, hi, to };
      } else out.push({ lo, hi, to });
    }
  }
  return { start, accept, edges };
}

function step(dfa: Dfa, state: number, cp: number): number {
  const edges = dfa.edges[state]!;
  let lo = 0;
  let hi = edges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const e = edges[mid]!;
    if (cp < e.lo) hi = mid - 1;
    else if (cp > e.hi) lo = mid + 1;
    else return e.to;
  }
  return -1;
}

/**
 * Compiles a Lucene regular expression into a test of whole terms. Throws a RegexpRefusal for a syntax error or a
 * pattern whose automaton would take more than `maxDeterminizedStates` worth of work. Each test is one pass over the
 * term, whatever the pattern.
 */
export function compileRegexp(
  pattern: string,
  options: { caseInsensitive?: boolean; maxDeterminizedStates?: number } = {},
): (term: string) => boolean {
  const maxStates = options.maxDeterminizedStates ?? DEFAULT_MAX_DETERMINIZED_STATES;
  const effort = new Effort(maxStates);
  const builder = new Builder(maxStates * 10, effort);
  const node = new Parser(pattern).parse();
  const fragment = builder.build(options.caseInsensitive === true ? caseless(node) : node);
  const dfa = determinize(builder.nfa, fragment, effort);
  return (term) => {
    let state = dfa.start;
    for (const c of term) {
      state = step(dfa, state, c.codePointAt(0)!);
      if (state === -1) return false;
    }
    return dfa.accept[state]!;
  };
}

/** `case_insensitive`: each single letter also matches its other case. */
function caseless(node: Node): Node {
  switch (node.t) {
    case 'chars': {
      const extra: [number, number][] = [];
      for (const [lo, hi] of node.ranges) {
        if (lo !== hi) continue;
        const c = String.fromCodePoint(lo);
        for (const v of [c.toLowerCase(), c.toUpperCase()]) {
          const cp = v.codePointAt(0)!;
          if (Array.from(v).length === 1 && cp !== lo) extra.push([cp, cp]);
        }
      }
      return extra.length === 0 ? node : { t: 'chars', ranges: [...node.ranges, ...extra] };
    }
    case 'concat':
    case 'union':
    case 'and':
      return { t: node.t, items: node.items.map(caseless) };
    case 'repeat':
      return { ...node, item: caseless(node.item) };
    default:
      return node;
  }
}
