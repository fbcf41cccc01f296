import { createScanner, ScanError, SyntaxKind } from 'jsonc-parser';
import { MAX_JSON_DEPTH, type JsonPath } from '../json/jsonSegment';

/** A scalar token (or a member name) at the cursor, which a completion replaces whole. */
export interface CursorToken {
  readonly offset: number;
  readonly length: number;
  readonly kind: 'string' | 'number' | 'literal' | 'word';
  /** Strings: the decoded content without quotes; others: the text. */
  readonly value: string;
  /** Strings: whether the closing quote is there (an open string runs to the end of the line). */
  readonly closed: boolean;
}

/**
 * Where an offset sits in a JSON text, as far as completion and hover care:
 * - `key`: a member name of the object at `path` is being written (or hovered);
 * - `value`: the value at `path` (an object member or an array element);
 * - `none`: a comment, a colon position, or after the top-level value.
 */
export interface JsonCursor {
  readonly kind: 'key' | 'value' | 'none';
  readonly path: JsonPath;
  readonly token: CursorToken | undefined;
  /** The token's text before the cursor (strings without their opening quote). */
  readonly prefix: string;
  /** Member names of the object the key belongs to (key) or that holds the value (value), the edited one excluded. */
  readonly siblings: readonly string[];
  /** The first token after the cursor token, or after the cursor when there is none. */
  readonly next: SyntaxKind;
  /** Where a comma is missing before the member or element being written, or -1. */
  readonly commaBefore: number;
  /** How many objects and arrays enclose the cursor. */
  readonly depth: number;
}

/** `completion`: a token holds the cursor when the cursor is inside it or right after it; `hover`: when on one of its characters. */
export type CursorMode = 'completion' | 'hover';

/**
 * An open object or array. Frames link to their parent and hold only the step from it: the path of a frame is read
 * once, at the cursor, so that the work is linear in the depth, however deep the text nests.
 */
interface Frame {
  readonly kind: 'object' | 'array';
  readonly parent: Frame | undefined;
  /** The member name or index this frame is the value of (undefined at the root). */
  readonly step: string | number | undefined;
  readonly depth: number;
  closed: boolean;
  readonly keys: { readonly name: string; readonly offset: number }[];
  expect: 'key' | 'colon' | 'value' | 'comma';
  key: string | undefined;
  index: number;
  /** End of the last complete member or element. */
  lastEnd: number;
}

interface Capture {
  kind: JsonCursor['kind'];
  /** The path is the frame's, and then this step when there is one. */
  step: string | number | undefined;
  frame: Frame | undefined;
  token: CursorToken | undefined;
  commaBefore: number;
  depth: number;
}

/** The path of a frame, read up its parents. */
function pathOf(frame: Frame | undefined, last: string | number | undefined): JsonPath {
  const path: (string | number)[] = [];
  if (last !== undefined) path.push(last);
  for (let f = frame; f !== undefined && f.step !== undefined; f = f.parent) path.push(f.step);
  return path.reverse();
}

function isTrivia(kind: SyntaxKind): boolean {
  return kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia;
}

function isComment(kind: SyntaxKind): boolean {
  return kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia;
}

function scalarKind(kind: SyntaxKind): CursorToken['kind'] | undefined {
  switch (kind) {
    case SyntaxKind.StringLiteral:
      return 'string';
    case SyntaxKind.NumericLiteral:
      return 'number';
    case SyntaxKind.TrueKeyword:
    case SyntaxKind.FalseKeyword:
    case SyntaxKind.NullKeyword:
      return 'literal';
    case SyntaxKind.Unknown:
      return 'word';
    default:
      return undefined;
  }
}

/** The JSON context at `offset` of `text`, read with jsonc-parser's scanner, tolerant of the half-typed. */
export function jsonCursor(text: string, offset: number, mode: CursorMode = 'completion'): JsonCursor {
  const scanner = createScanner(text, false);
  let top: Frame | undefined;
  let rootDone = false;
  let capture: Capture | undefined;
  let next: SyntaxKind = SyntaxKind.EOF;
  let afterCapture = -1;

  /** The context at the current scanner state, for a token (or nothing) at the cursor. */
  const here = (token: CursorToken | undefined): Capture => {
    const depth = top?.depth ?? 0;
    const step = undefined;
    if (top === undefined) {
      return { kind: rootDone ? 'none' : 'value', step, frame: undefined, token, commaBefore: -1, depth };
    }
    if (top.kind === 'object') {
      switch (top.expect) {
        case 'key':
          return { kind: 'key', step, frame: top, token, commaBefore: -1, depth };
        case 'comma':
          // A new member written before its comma: complete it, and add the comma.
          return token === undefined || token.kind === 'string' || token.kind === 'word'
            ? { kind: 'key', step, frame: top, token, commaBefore: top.lastEnd, depth }
            : { kind: 'none', step, frame: top, token, commaBefore: -1, depth };
        case 'value':
          return { kind: 'value', step: top.key ?? '', frame: top, token, commaBefore: -1, depth };
        default:
          return { kind: 'none', step, frame: top, token, commaBefore: -1, depth };
      }
    }
    if (top.expect === 'comma') {
      return { kind: 'value', step: top.index + 1, frame: top, token, commaBefore: top.lastEnd, depth };
    }
    return { kind: 'value', step: top.index, frame: top, token, commaBefore: -1, depth };
  };

  const valueDone = (end: number): void => {
    if (top === undefined) {
      rootDone = true;
      return;
    }
    if (top.kind === 'array' && top.expect === 'comma') top.index++;
    top.expect = 'comma';
    top.lastEnd = end;
  };

  const childStep = (): string | number | undefined => {
    if (top === undefined) return undefined;
    if (top.kind === 'array') return top.expect === 'comma' ? top.index + 1 : top.index;
    return top.key ?? '';
  };

  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (isTrivia(kind)) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    if (capture === undefined) {
      if (isComment(kind)) {
        const inside =
          kind === SyntaxKind.LineCommentTrivia ? start < offset && offset <= end : start < offset && offset < end;
        if (inside) return noneCursor(top?.depth ?? 0);
        continue;
      }
      const scalar = scalarKind(kind);
      const holds =
        scalar !== undefined &&
        (mode === 'completion' ? start < offset && offset <= end : start <= offset && offset < end);
      if (holds) {
        const raw = text.slice(start, end);
        const closed = kind !== SyntaxKind.StringLiteral || scanner.getTokenError() !== ScanError.UnexpectedEndOfString;
        const token: CursorToken = {
          offset: start,
          length: end - start,
          kind: scalar,
          value: scalar === 'string' ? scanner.getTokenValue() : raw,
          closed,
        };
        capture = here(token);
        afterCapture = end;
      } else if (start >= offset) {
        capture = here(undefined);
        afterCapture = offset;
      }
    } else if (isComment(kind)) {
      continue;
    }
    if (capture !== undefined && next === SyntaxKind.EOF && start >= afterCapture) next = kind;
    if (capture !== undefined && capture.frame !== undefined && capture.frame.closed) break;
    if (capture !== undefined && capture.frame === undefined && next !== SyntaxKind.EOF) break;
    if (isComment(kind)) continue;

    switch (kind) {
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken: {
        const step = childStep();
        if (top?.kind === 'array' && top.expect === 'comma') {
          top.index++;
          top.expect = 'value';
        }
        top = {
          kind: kind === SyntaxKind.OpenBraceToken ? 'object' : 'array',
          parent: top,
          step,
          depth: (top?.depth ?? 0) + 1,
          closed: false,
          keys: [],
          expect: kind === SyntaxKind.OpenBraceToken ? 'key' : 'value',
          key: undefined,
          index: 0,
          lastEnd: end,
        };
        break;
      }
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        if (top !== undefined) {
          top.closed = true;
          top = top.parent;
        }
        valueDone(end);
        break;
      }
      case SyntaxKind.ColonToken:
        if (top?.kind === 'object' && top.expect === 'colon') top.expect = 'value';
        break;
      case SyntaxKind.CommaToken:
        if (top?.kind === 'object') {
          top.expect = 'key';
          top.key = undefined;
        } else if (top?.kind === 'array') {
          if (top.expect === 'comma') top.index++;
          top.expect = 'value';
        }
        break;
      default: {
        if (
          top?.kind === 'object' &&
          (top.expect === 'key' || top.expect === 'comma') &&
          kind !== SyntaxKind.NumericLiteral
        ) {
          const name = kind === SyntaxKind.StringLiteral ? scanner.getTokenValue() : text.slice(start, end);
          top.keys.push({ name, offset: start });
          top.key = name;
          top.expect = 'colon';
        } else {
          valueDone(end);
        }
      }
    }
  }

  capture ??= here(undefined);
  // Past the depth OpenSearch reads, nothing is analysed: the body is refused whole (one diagnostic says so).
  if (capture.depth > MAX_JSON_DEPTH) return noneCursor(capture.depth);
  const token = capture.token;
  let prefix = '';
  if (token !== undefined) {
    const from = token.kind === 'string' ? token.offset + 1 : token.offset;
    prefix = text.slice(from, Math.max(from, Math.min(offset, token.offset + token.length)));
    if (token.kind === 'string' && token.closed && offset === token.offset + token.length) prefix = token.value;
  }
  const siblings =
    capture.frame?.kind === 'object'
      ? capture.frame.keys.filter((k) => k.offset !== token?.offset).map((k) => k.name)
      : [];
  return {
    kind: capture.kind,
    path: pathOf(capture.frame, capture.step),
    token,
    prefix,
    siblings,
    next,
    commaBefore: capture.commaBefore,
    depth: capture.depth,
  };
}

function noneCursor(depth: number): JsonCursor {
  return {
    kind: 'none',
    path: [],
    token: undefined,
    prefix: '',
    siblings: [],
    next: SyntaxKind.EOF,
    commaBefore: -1,
    depth,
  };
}
