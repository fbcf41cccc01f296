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
import { parseTree, ParseErrorCode, type ParseError } from 'jsonc-parser';
import { isObject, JsonSegment, type Span } from '../json/jsonSegment';
import { pathKeys, type AnyPath } from '../json/valuePath';
import type { TargetServer } from '../target';
import { Severity } from '../diagnosticCodes';
import type { Issue } from './issues';
import { JsonCheck, type XContentLocator } from './jsonCheck';
import { validateSearchBody, type SearchBodyFacts } from './searchBody';

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
function readEarlyEnd(segment: JsonSegment, at: AnyPath, map: OffsetMap): EarlyRead | undefined {
  const text = segment.text;
  const open = segment.spanOf(pathKeys(at), 'value').offset;
  if (text.charCodeAt(open) !== 123 /* { */) return undefined;
  let next = open + 1;
  while (next < text.length && /\s/.test(text[next]!)) next++;
  const empty = text[next] === '}';
  const insert = empty ? '"{"' : '"{",';
  const rewritten = text.slice(0, open) + insert + text.slice(open + 1);
  const delta = insert.length - 1;
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
 * Adds the findings of the body as the parsers read it, placed in the original text; whether one of them is an Error
 * of the parsers. OpenSearch stops at the first refusal, so the early end is reached only when none is. When what
 * follows the early end is refused (`runs` false: a `_search`), the search never reaches the shards, and what only
 * they would refuse is left out.
 */
export function addEarlyIssues(check: JsonCheck, map: OffsetMap, issues: Issue[], runs: boolean): boolean {
  let refused = false;
  for (const found of check.issues) {
    if (found.severity === Severity.Error && found.itemFailure !== true) refused = true;
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

/** A search body checked as OpenSearch's parsers read it. */
export interface BodyReading {
  /** The check of the body as read: of the rewritten text when the body ends early (its issues then need `map`). */
  readonly check: JsonCheck;
  readonly facts: SearchBodyFacts;
  /** The body ends early: offsets of `check` in the original text, and what follows the end. */
  readonly early?: { readonly map: OffsetMap; readonly trailing: EarlyRead['trailing'] };
  /** The early end meets an array: where the object is that the parser stopped at (the request fails). */
  readonly lost?: Span;
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
  let check = new JsonCheck(segment, issues, locator, target);
  let facts = validateSearchBody(check, value);
  let map = SAME_OFFSETS;
  let trailing: EarlyRead['trailing'] | undefined;
  for (let round = 0; check.earlyEnd !== undefined && round < MAX_ROUNDS; round++) {
    const read = readEarlyEnd(check.segment, check.earlyEnd, map);
    if (read === undefined) {
      const at = check.segment.spanOf(pathKeys(check.earlyEnd), 'value');
      return { check, facts, lost: { offset: map(at.offset), length: 1 } };
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
export const LOST_MESSAGE =
  'OpenSearch reads this object as the text "{" and every parser above it ends one level early: the early end meets an array, and the parser reading it refuses the request';
