import { createScanner, parseTree, ParseErrorCode, SyntaxKind, type Node, type ParseError } from 'jsonc-parser';
import { jacksonSyntaxMessage } from './jacksonMessages';
import { isTrivia } from './trivia';

export type JsonPath = readonly (string | number)[];

/** What a diagnostic points at: the key of the member at `path`, its value, or both. */
export type Target = 'key' | 'value' | 'member';

export interface Span {
  readonly offset: number;
  readonly length: number;
}

export interface JsonSyntaxProblem extends Span {
  readonly kind: 'syntax' | 'duplicate-key' | 'too-deep';
  readonly message: string;
}

/**
 * How deep objects and arrays may nest: OpenSearch's parser refuses the 1,001st level (`opensearch.xcontent.depth.max`,
 * docs/opensearch/json-and-values.md). Past it nothing is analysed: the body is refused whole.
 */
export const MAX_JSON_DEPTH = 1000;

/**
 * Where a text opens its first object or array deeper than MAX_JSON_DEPTH, or -1. Texts with no more brackets than
 * that are answered by counting them natively; others are read once with the scanner (strings and comments skipped).
 */
export function tooDeepAt(text: string): number {
  return deeperThan(text, MAX_JSON_DEPTH);
}

/** Where a text opens its first object or array deeper than `limit` levels, or -1 (see tooDeepAt). */
export function deeperThan(text: string, limit: number): number {
  // Each bracket is a character: a text no longer than the limit cannot exceed it.
  if (text.length <= limit) return -1;
  let brackets = 0;
  for (let i = text.indexOf('{'); i !== -1 && brackets <= limit; i = text.indexOf('{', i + 1)) brackets++;
  for (let i = text.indexOf('['); i !== -1 && brackets <= limit; i = text.indexOf('[', i + 1)) brackets++;
  if (brackets <= limit) return -1;
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/** OpenSearch's answer to a body nested deeper than it reads (a real cluster's, status 500). */
function tooDeepMessage(): string {
  return (
    `Document nesting depth (${MAX_JSON_DEPTH + 1}) exceeds the maximum allowed ` +
    `(${MAX_JSON_DEPTH}, from \`StreamReadConstraints.getMaxNestingDepth()\`)`
  );
}

const NO_PROBLEMS: readonly JsonSyntaxProblem[] = [];

/** The token OpenSearch's parser sees first, in its own names. */
export type FirstToken =
  | 'START_OBJECT'
  | 'START_ARRAY'
  | 'VALUE_STRING'
  | 'VALUE_NUMBER'
  | 'VALUE_BOOLEAN'
  | 'VALUE_NULL'
  | 'NONE'
  | 'INVALID';

/**
 * One JSON text (an NDJSON line, or a console body) parsed once.
 *
 * The fast path is `JSON.parse`, which is native and gives no positions: positions are only needed when something
 * is reported, so the jsonc tree is built lazily. Texts with comments, trailing content or errors go to jsonc-parser.
 * Only the first value is read, as OpenSearch reads it; `trailingOffset` says where anything after it starts.
 */
export class JsonSegment {
  private treeCache: Node | undefined | null = null;
  /** Whether the text writes `\u` escapes; read when first asked. */
  private escapes: boolean | undefined = undefined;
  /** Whether a member of the value is named `inner_hits`, when the walk that counts members has told. */
  private innerHits: boolean | undefined = undefined;

  private constructor(
    readonly text: string,
    /** The first value, or undefined when the text has a syntax error before that value ends. */
    readonly value: unknown,
    readonly problems: readonly JsonSyntaxProblem[],
    /** Offset of the first non-blank, non-comment content after the first value, or -1. */
    readonly trailingOffset: number,
    /** Whether JSON.parse read the whole text (so it is plain JSON: no comments, no `"""` strings, nothing after). */
    readonly strict = false,
  ) {}

  get ok(): boolean {
    return this.problems.length === 0;
  }

  static parse(text: string): JsonSegment {
    const deep = tooDeepAt(text);
    if (deep !== -1) {
      const segment = new JsonSegment(
        text,
        undefined,
        [{ kind: 'too-deep', offset: deep, length: 1, message: tooDeepMessage() }],
        -1,
      );
      segment.treeCache = undefined;
      return segment;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return JsonSegment.parseSlow(text);
    }
    const colons = countColons(text);
    // Two members of one object need two colons: with fewer, no name can have been written twice.
    if (colons <= 1) return new JsonSegment(text, value, NO_PROBLEMS, -1, true);
    const walk: MemberWalk = { innerHits: false };
    if (!membersMatch(text, colons, membersOf(value, walk))) {
      // Two members with one name collapsed into one: find which, with positions.
      return JsonSegment.parseSlow(text);
    }
    const segment = new JsonSegment(text, value, NO_PROBLEMS, -1, true);
    segment.innerHits = walk.innerHits;
    return segment;
  }

  private static parseSlow(text: string): JsonSegment {
    const errors: ParseError[] = [];
    const tree = parseTree(text, errors, {
      allowTrailingComma: false,
      disallowComments: false,
      allowEmptyContent: true,
    });
    const segment = new JsonSegment(text, undefined, [], -1);
    segment.treeCache = tree;
    const problems: JsonSyntaxProblem[] = [];
    let trailingOffset = -1;
    const first = errors[0];
    if (first !== undefined && first.error === ParseErrorCode.EndOfFileExpected) {
      trailingOffset = first.offset;
    } else if (first !== undefined) {
      problems.push({
        kind: 'syntax',
        offset: first.offset,
        length: first.length,
        message: jacksonSyntaxMessage(text, first, tree),
      });
    }
    if (tree !== undefined) collectDuplicates(tree, problems);
    const value = problems.some((p) => p.kind === 'syntax') || tree === undefined ? undefined : nodeValue(tree);
    return new JsonSegment(text, value, problems, trailingOffset);
  }

  /**
   * Whether some member of the value may be named `inner_hits`: known exactly when the members were counted, which is
   * every plain text with two members or more; otherwise read from the text as mayHoldKey does.
   */
  mayHoldInnerHits(): boolean {
    return this.innerHits ?? this.mayHoldKey('inner_hits');
  }

  /**
   * Whether some member of the value may be named `name`: the text writes the name, or writes `\u` escapes (JSON has
   * no other way to write its letters). False lets a rule that looks for one name skip walking the whole value.
   */
  mayHoldKey(name: string): boolean {
    // A backslash is looked for first: one character, and most texts have none.
    this.escapes ??= this.text.includes('\\') && this.text.includes('\\u');
    return this.escapes || writes(this.text, name);
  }

  /** The jsonc tree of the first value, for positions. */
  tree(): Node | undefined {
    if (this.treeCache === null) {
      this.treeCache = parseTree(this.text, [], { allowTrailingComma: false, disallowComments: false });
    }
    return this.treeCache;
  }

  /** The span of what `path` names; falls back to the nearest ancestor that exists. */
  spanOf(path: JsonPath, target: Target = 'value'): Span {
    const root = this.tree();
    if (root === undefined) return { offset: 0, length: this.text.length };
    let node: Node = root;
    let property: Node | undefined;
    for (const segment of path) {
      const next = childAt(node, segment);
      if (next === undefined) {
        return spanOfNode(property !== undefined && target !== 'value' ? property : node, 'value');
      }
      property = next.property;
      node = next.value;
    }
    if (property === undefined || target === 'value') return spanOfNode(node, 'value');
    return spanOfNode(property, target);
  }
}

/**
 * Whether `text` holds `name`, looked for by what follows its last `_` (`hits` of `inner_hits`): a native search runs
 * from the first letter of what it looks for, and the letters that open names (`i`, `n`) are among the most frequent
 * of a request.
 */
function writes(text: string, name: string): boolean {
  const anchor = name.lastIndexOf('_') + 1;
  if (anchor === 0 || anchor === name.length) return text.includes(name);
  const tail = name.slice(anchor);
  for (let i = text.indexOf(tail, anchor); i !== -1; i = text.indexOf(tail, i + 1)) {
    if (text.startsWith(name, i - anchor)) return true;
  }
  return false;
}

/** Each object's members by name (the last of two equal names wins, as JSON.parse keeps it), built when first asked. */
const membersByName = new WeakMap<Node, ReadonlyMap<unknown, Node>>();

function memberNamed(object: Node, name: string | number): Node | undefined {
  let members = membersByName.get(object);
  if (members === undefined) {
    const map = new Map<unknown, Node>();
    for (const property of object.children ?? []) {
      const key = property.children?.[0];
      if (key !== undefined) map.set(key.value, property);
    }
    membersByName.set(object, map);
    members = map;
  }
  return members.get(name);
}

function childAt(node: Node, segment: string | number): { value: Node; property?: Node } | undefined {
  const children = node.children;
  if (children === undefined) return undefined;
  if (node.type === 'array') {
    const item = typeof segment === 'number' ? children[segment] : undefined;
    return item === undefined ? undefined : { value: item };
  }
  if (node.type !== 'object') return undefined;
  const property = memberNamed(node, segment);
  if (property === undefined) return undefined;
  const value = property.children?.[1];
  return value === undefined ? { value: property.children![0]!, property } : { value, property };
}

function spanOfNode(node: Node, target: Target): Span {
  if (node.type === 'property' && target === 'key') {
    const key = node.children?.[0];
    if (key !== undefined) return { offset: key.offset, length: key.length };
  }
  return { offset: node.offset, length: node.length };
}

function collectDuplicates(node: Node, problems: JsonSyntaxProblem[]): void {
  const children = node.children;
  if (children === undefined) return;
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const property of children) {
      const key = property.children?.[0];
      if (key !== undefined && typeof key.value === 'string') {
        if (seen.has(key.value)) {
          problems.push({
            kind: 'duplicate-key',
            offset: key.offset,
            length: key.length,
            message: `Duplicate field '${key.value}'`,
          });
        }
        seen.add(key.value);
      }
      const value = property.children?.[1];
      if (value !== undefined) collectDuplicates(value, problems);
    }
  } else if (node.type === 'array') {
    for (const child of children) collectDuplicates(child, problems);
  }
}

/** Like jsonc's getNodeValue, but objects are plain, and the last of two equal keys wins. */
function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const property of node.children ?? []) {
        const key = property.children?.[0];
        const value = property.children?.[1];
        if (key !== undefined && typeof key.value === 'string') {
          Object.defineProperty(out, key.value, {
            value: value === undefined ? undefined : nodeValue(value),
            enumerable: true,
            writable: true,
            configurable: true,
          });
        }
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value as unknown;
  }
}

/** How many colons a text writes, each found natively. */
function countColons(text: string): number {
  let all = 0;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) all++;
  return all;
}

/**
 * Whether the text writes exactly `members` object members (so no key was written twice), for a text JSON.parse read
 * that writes `colons` colons. Each member's colon stands outside strings after its name's closing `"`, perhaps with
 * whitespace between; a colon inside a string only adds to a count. So the colons are never fewer than the members
 * written, and when no colon follows whitespace, neither are the colons right after a `"`: either count equal to the
 * members of the parsed value proves that none collapsed into another. Most texts write no colon inside a string, and
 * the first count settles them; a time or a URL in a string (`12:00`, `https://`) leaves the second exact; only when
 * neither holds are the strings skipped to count the members written.
 */
function membersMatch(text: string, colons: number, members: number): boolean {
  if (colons === members) return true;
  let afterQuote = 0;
  let afterSpace = false;
  for (let i = text.indexOf(':'); i !== -1; i = text.indexOf(':', i + 1)) {
    const before = text.charCodeAt(i - 1);
    if (before === 34 /* " */) afterQuote++;
    else if (before <= 32) afterSpace = true;
  }
  if (!afterSpace && afterQuote === members) return true;
  return countMembersInText(text) === members;
}

/**
 * Counts `:` outside strings: the number of object members written in the text. Strings are skipped with indexOf,
 * which is native and fast; only the short stretches between strings are read character by character.
 */
function countMembersInText(text: string): number {
  let count = 0;
  const length = text.length;
  let i = 0;
  while (i < length) {
    const quote = text.indexOf('"', i);
    const gapEnd = quote === -1 ? length : quote;
    for (let j = i; j < gapEnd; j++) if (text.charCodeAt(j) === 58 /* : */) count++;
    if (quote === -1) break;
    let end = quote;
    for (;;) {
      end = text.indexOf('"', end + 1);
      if (end === -1) return count;
      let backslashes = 0;
      while (text.charCodeAt(end - 1 - backslashes) === 92 /* \ */) backslashes++;
      if (backslashes % 2 === 0) break;
    }
    i = end + 1;
  }
  return count;
}

/** What the walk that counts members notes on its way, for the rules that look for one name in a whole body. */
interface MemberWalk {
  innerHits: boolean;
}

/** The members of a parsed value's objects, at every depth. */
function membersOf(value: unknown, walk: MemberWalk): number {
  if (typeof value !== 'object' || value === null) return 0;
  return Array.isArray(value) ? membersInArray(value, walk) : membersInObject(value as Record<string, unknown>, walk);
}

// Only objects and arrays are visited: most members hold a string or a number.
function membersInObject(object: Record<string, unknown>, walk: MemberWalk): number {
  let count = 0;
  for (const key in object) {
    count++;
    if (key === 'inner_hits') walk.innerHits = true;
    const member = object[key];
    if (typeof member === 'object' && member !== null) {
      count += Array.isArray(member)
        ? membersInArray(member, walk)
        : membersInObject(member as Record<string, unknown>, walk);
    }
  }
  return count;
}

function membersInArray(items: readonly unknown[], walk: MemberWalk): number {
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    if (typeof item === 'object' && item !== null) {
      count += Array.isArray(item)
        ? membersInArray(item, walk)
        : membersInObject(item as Record<string, unknown>, walk);
    }
  }
  return count;
}

/** The first token of a text as OpenSearch's parser would see it (comments skipped). */
export function firstToken(text: string): { token: FirstToken; offset: number } {
  // Most lines start with `{`, possibly after spaces: answer without a scanner.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 /* { */) return { token: 'START_OBJECT', offset: i };
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) break;
  }
  const scanner = createScanner(text, false);
  let kind = scanner.scan();
  while (isTrivia(kind)) kind = scanner.scan();
  const offset = scanner.getTokenOffset();
  switch (kind) {
    case SyntaxKind.OpenBraceToken:
      return { token: 'START_OBJECT', offset };
    case SyntaxKind.OpenBracketToken:
      return { token: 'START_ARRAY', offset };
    case SyntaxKind.StringLiteral:
      return { token: 'VALUE_STRING', offset };
    case SyntaxKind.NumericLiteral:
      return { token: 'VALUE_NUMBER', offset };
    case SyntaxKind.TrueKeyword:
    case SyntaxKind.FalseKeyword:
      return { token: 'VALUE_BOOLEAN', offset };
    case SyntaxKind.NullKeyword:
      return { token: 'VALUE_NULL', offset };
    case SyntaxKind.EOF:
      return { token: 'NONE', offset };
    default:
      return { token: 'INVALID', offset };
  }
}

/** OpenSearch's name for the token of a parsed JSON value. */
export function tokenOf(value: unknown): Exclude<FirstToken, 'NONE' | 'INVALID'> {
  if (value === null) return 'VALUE_NULL';
  switch (typeof value) {
    case 'string':
      return 'VALUE_STRING';
    case 'number':
      return 'VALUE_NUMBER';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    default:
      return Array.isArray(value) ? 'START_ARRAY' : 'START_OBJECT';
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** An object's first member name, as a parser reading it in order meets it; undefined for an empty object. */
export function firstKey(object: Record<string, unknown>): string | undefined {
  for (const key in object) return key;
  return undefined;
}
