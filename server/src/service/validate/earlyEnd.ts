// A body that one of OpenSearch's parsers stops reading inside an object. The term of `term` and `span_term` (`value`,
// `term`) and a range bound are read as the text of whatever token is there, without reading past it: for an object
// that text is `{`, the object's members are then read as more members of the object around it, and its `}` ends that
// one. Every parser above ends one level early from there (docs/opensearch/query-dsl.md#term-level-parsers).
//
// That reading is the text with the object's `{` written as the string `"{"` (followed by a comma when the object has
// members): its JSON structure is the structure the parsers see. When that text holds a whole value with more after it,
// the body ends early: `_search` refuses what follows (`Unexpected token [...] found after the main object.`), and
// `_msearch`, which does not look past a body's main object, runs the search without it (real 3.8.0 and 2.19.1;
// conformance cases `query/<clause>/<option>/object`, `msearch-item/...`). When it does not (the early end meets an
// array), a parser above meets a token it does not expect and the request fails.
import { dropRewrittenAway } from './rewrite';
import { createScanner, getLocation, parseTree, ParseErrorCode, SyntaxKind, type ParseError } from 'jsonc-parser';
import { isObject, JsonSegment, type Span } from '../json/jsonSegment';
import { pathKeys, type AnyPath } from '../json/valuePath';
import type { TargetServer } from '../target';
import { isRefusal, issue, keepIssues, type Issue } from './issues';
import { JsonCheck, type XContentLocator } from './jsonCheck';
import { validateSearchBody, type SearchBodyFacts } from './searchBody';
import { isBoolOccur } from './queryRules';

/** Offsets of a rewritten text back to the text it was made from. */
export type OffsetMap = (offset: number) => number;

const SAME_OFFSETS: OffsetMap = (offset) => offset;

/** The body as the parsers read it, up to where they end it. */
export interface EarlyRead {
  /** The rewritten text up to the end of its main object. */
  readonly segment: JsonSegment;
  readonly value: Record<string, unknown>;
  /** Offsets of `segment` in the original text. */
  readonly map: OffsetMap;
  /** What follows the early end, in the original text, and its JSON token as the parser sees it. */
  readonly trailing: { readonly offset: number; readonly token: 'END_OBJECT' | 'FIELD_NAME' };
}

/**
 * Reads `segment` (itself a rewrite of the original text through `map`) as the parsers do when one stops at the object
 * at `at`. Undefined when the rewritten text holds no whole value: a parser above meets a token it does not expect.
 */
function readEarlyEnd(segment: JsonSegment, at: AnyPath, map: OffsetMap, inList: boolean): EarlyRead | undefined {
  const rewrite = rewriteAt(segment, at, inList);
  if (rewrite === undefined) return undefined;
  const { rewritten, open, delta } = rewrite;
  const errors: ParseError[] = [];
  parseTree(rewritten, errors, { allowTrailingComma: false, disallowComments: false });
  const first = errors[0];
  // A whole value with more after it; any other error comes first where a parser above meets a token out of place.
  if (first?.error !== ParseErrorCode.EndOfFileExpected) return undefined;
  const end = first.offset;
  const read = JsonSegment.parse(rewritten.slice(0, end));
  if (!read.ok || !isObject(read.value)) return undefined;
  const back: OffsetMap = (offset) => map(offset <= open ? offset : Math.max(open, offset - delta));
  // After the early end the parser's next token is the enclosing object's end, or (past a comma) its next member.
  let token = end;
  if (rewritten[token] === ',') {
    token++;
    while (token < rewritten.length && /\s/.test(rewritten[token]!)) token++;
  }
  return {
    segment: read,
    value: read.value,
    map: back,
    trailing: { offset: back(token), token: rewritten[end] === '}' ? 'END_OBJECT' : 'FIELD_NAME' },
  };
}

/**
 * The text with the object at `at` written as the string `"{"` (and a comma when it has members). `inList`: the object
 * is the last item of a list whose brackets the parser passes over, so the list's opening up to the object, and its
 * closing bracket, are written as blanks (the offsets stay where they were).
 */
function rewriteAt(
  segment: JsonSegment,
  at: AnyPath,
  inList = false,
): { readonly rewritten: string; readonly open: number; readonly delta: number } | undefined {
  let text = segment.text;
  const keys = pathKeys(at);
  const open = segment.spanOf(keys, 'value').offset;
  if (text.charCodeAt(open) !== 123 /* { */) return undefined;
  if (inList) {
    const list = segment.spanOf(keys.slice(0, -1), 'value');
    const close = list.offset + list.length - 1;
    if (text[list.offset] !== '[' || text[close] !== ']' || open <= list.offset) return undefined;
    text = `${text.slice(0, list.offset)}${' '.repeat(open - list.offset)}${text.slice(open, close)} ${text.slice(close + 1)}`;
  }
  let next = open + 1;
  while (next < text.length && /\s/.test(text[next]!)) next++;
  const empty = text[next] === '}';
  const insert = empty ? '"{"' : '"{",';
  return { rewritten: text.slice(0, open) + insert + text.slice(open + 1), open, delta: insert.length - 1 };
}

/** The JSON tokens a parser names a structural character by. */
const TOKEN_OF: Readonly<Record<string, string>> = { '}': 'END_OBJECT', ']': 'END_ARRAY', '{': 'START_OBJECT' };

/**
 * The early end met a list: the rewritten text is no whole value, and a parser above meets a token out of place. What
 * the parsers read before that is the text up to that token; closed, it is checked, and a refusal found after the early
 * end, in what the parsers read as members of the objects around it, is what OpenSearch says
 * (`[range] query does not support [lte]`). Else the list's reader meets the token: `bool`'s lists say `expected value
 * but got [END_OBJECT]`, the lists of `dis_max` and the `filters` aggregation `[_na] query malformed, must start with
 * start_object` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/geo/point-in-bool-*`,
 * `cross/lists/early/*`); other readers are named in general words.
 */
function lostReading(
  segment: JsonSegment,
  at: AnyPath,
  map: OffsetMap,
  locator: XContentLocator,
  target: TargetServer,
  inList: boolean,
): Issue {
  const span = segment.spanOf(pathKeys(at), 'value');
  const fallback = issue('query.wrong-type', LOST_MESSAGE, { offset: map(span.offset), length: 1 });
  const rewrite = rewriteAt(segment, at, inList);
  if (rewrite === undefined) return fallback;
  const { rewritten, open, delta } = rewrite;
  const errors: ParseError[] = [];
  parseTree(rewritten, errors, { allowTrailingComma: false, disallowComments: false });
  const lostAt = errors[0]?.offset;
  if (lostAt === undefined || lostAt <= open) return fallback;
  const back: OffsetMap = (offset) => map(offset <= open ? offset : Math.max(open, offset - delta));
  const prefix = closedPrefix(rewritten.slice(0, lostAt));
  const read = prefix === undefined ? undefined : JsonSegment.parse(prefix);
  if (read !== undefined && read.ok && isObject(read.value)) {
    const check = new JsonCheck(read, [], (offset) => locator(back(offset)), target);
    validateSearchBody(check, read.value);
    const found = check.issues.find((f) => isRefusal(f) && f.span.offset > open && f.span.offset < lostAt);
    if (found !== undefined) return mapIssue(found, back);
  }
  const path = getLocation(rewritten, lostAt).path;
  let list = path.length - 1;
  while (list >= 0 && typeof path[list] !== 'number') list--;
  const name = path[list - 1];
  const token = TOKEN_OF[rewritten[lostAt] ?? ''];
  if (token !== undefined && typeof name === 'string' && isBoolOccur(name) && path[list - 2] === 'bool') {
    return issue(
      'query.wrong-type',
      `[bool] failed to parse field [${name}]: expected value but got [${token}] (an object read as the text "{" ends every parser above it one level early, and bool's list reader meets the end of its item)`,
      { offset: back(lostAt), length: 1 },
    );
  }
  // Readers that hand each item to the query parser, which reads past the item's end to find an object.
  const owner = path[list - 2];
  if ((name === 'queries' && owner === 'dis_max') || (name === 'filters' && owner === 'filters')) {
    return issue(
      'query.not-an-object',
      `[_na] query malformed, must start with start_object (an object read as the text "{" ends every parser above it one level early, and the ${owner} list's reader then reads the end of its item as a query)`,
      { offset: back(lostAt), length: 1 },
    );
  }
  return fallback;
}

/** A prefix of JSON text closed into a whole value (a dangling comma dropped, the open objects and lists closed). */
function closedPrefix(text: string): string | undefined {
  const scanner = createScanner(text, false);
  const open: string[] = [];
  let last = SyntaxKind.Unknown;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) continue;
    if (kind === SyntaxKind.OpenBraceToken) open.push('}');
    else if (kind === SyntaxKind.OpenBracketToken) open.push(']');
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) open.pop();
    last = kind;
  }
  let out = text.trimEnd();
  if (last === SyntaxKind.CommaToken) out = out.slice(0, -1);
  else if (last === SyntaxKind.ColonToken) out += 'null';
  return out + open.reverse().join('');
}

/**
 * Adds the findings of the body as the parsers read it, placed in the original text; whether one of them is an Error
 * of the parsers. OpenSearch stops at the first refusal, so the early end is reached only when none is. When what
 * follows the early end is refused (`runs` false: a `_search`), the search never reaches the shards, and what only
 * they would refuse is left out.
 */
export function addEarlyIssues(check: JsonCheck, map: OffsetMap, issues: Issue[], runs: boolean): boolean {
  let refused = false;
  for (const found of check.issues) {
    if (isRefusal(found)) refused = true;
  }
  for (const found of check.issues) {
    if (!refused && !runs && found.itemFailure === true) continue;
    issues.push(mapIssue(found, map));
  }
  return refused;
}

/** An issue found in a rewritten text, placed in the original. */
function mapIssue(found: Issue, map: OffsetMap): Issue {
  const start = map(found.span.offset);
  const end = map(found.span.offset + found.span.length);
  const span: Span = { offset: start, length: Math.max(1, end - start) };
  return { ...found, span };
}

/**
 * The findings of the body as written from `from` on, without those at or after where a parser ends it early: the
 * parsers never read what follows there as written (the body read again gives what they make of it, and an
 * `_msearch` runs the search without it).
 */
function dropPastEarlyEnd(segment: JsonSegment, earlyEnd: AnyPath, issues: Issue[], from: number): void {
  const end = segment.spanOf(pathKeys(earlyEnd), 'value').offset;
  keepIssues(issues, from, (found) => found.span.offset < end);
}

/** A search body checked as OpenSearch's parsers read it. */
export interface BodyReading {
  /** The check of the body as read: of the rewritten text when the body ends early (its issues then need `map`). */
  readonly check: JsonCheck;
  readonly facts: SearchBodyFacts;
  /** The body ends early: offsets of `check` in the original text, and what follows the end. */
  readonly early?: { readonly map: OffsetMap; readonly trailing: EarlyRead['trailing'] };
  /** The early end meets an array: what OpenSearch refuses the request with (lostReading). */
  readonly lost?: Issue;
}

/** The most early ends followed in one body (each one is an object read as text). */
const MAX_ROUNDS = 16;

/** Checks a search body as the parsers read it (`issues` gets the findings of the body as written, if it reads so). */
export function readSearchBody(
  segment: JsonSegment,
  value: Record<string, unknown>,
  issues: Issue[],
  locator: XContentLocator,
  target: TargetServer,
): BodyReading {
  const from = issues.length;
  let check = new JsonCheck(segment, issues, locator, target);
  let facts = validateSearchBody(check, value);
  if (check.earlyEnd === undefined && check.mayMatchNothing) dropRewrittenAway(segment, value, issues, from);
  if (check.earlyEnd !== undefined) dropPastEarlyEnd(segment, check.earlyEnd, issues, from);
  let map = SAME_OFFSETS;
  let trailing: EarlyRead['trailing'] | undefined;
  for (let round = 0; check.earlyEnd !== undefined && round < MAX_ROUNDS; round++) {
    const read = readEarlyEnd(check.segment, check.earlyEnd, map, check.earlyEndInList);
    if (read === undefined) {
      const lost = lostReading(check.segment, check.earlyEnd, map, locator, target, check.earlyEndInList);
      return { check, facts, lost };
    }
    map = read.map;
    trailing = read.trailing;
    const back = map;
    check = new JsonCheck(read.segment, [], (offset) => locator(back(offset)), target);
    facts = validateSearchBody(check, read.value);
  }
  return trailing === undefined ? { check, facts } : { check, facts, early: { map, trailing } };
}

/** What OpenSearch says when a parser above the early end meets a token it does not expect. */
const LOST_MESSAGE =
  'OpenSearch reads this object as the text "{" and every parser above it ends one level early: the early end meets an array, and the parser reading it refuses the request';
