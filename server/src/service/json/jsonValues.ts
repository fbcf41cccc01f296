import { createScanner, SyntaxKind } from 'jsonc-parser';
import { isTrivia } from './trivia';

export interface ValueSlice {
  readonly offset: number;
  readonly text: string;
}

/**
 * Splits a text into its top-level JSON values (a console `_msearch` body: objects one after another, each may span
 * lines). Whatever cannot be balanced runs to the end, where parsing it reports the syntax error.
 */
export function splitJsonValues(text: string): ValueSlice[] {
  const scanner = createScanner(text, false);
  const out: ValueSlice[] = [];
  let depth = 0;
  let start = -1;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (isTrivia(kind)) continue;
    const offset = scanner.getTokenOffset();
    if (depth === 0) start = offset;
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      depth++;
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      depth = Math.max(0, depth - 1);
    }
    if (depth === 0) {
      const end = offset + scanner.getTokenLength();
      out.push({ offset: start, text: text.slice(start, end) });
      start = -1;
    }
  }
  if (depth > 0 && start !== -1) out.push({ offset: start, text: text.slice(start) });
  return out;
}

/** A header and the body after it (undefined for a last header without one) in a console `_msearch` body. */
export interface ValuePair {
  /** Zero-based: the pair's place in the body. */
  readonly index: number;
  readonly header: ValueSlice;
  readonly body: ValueSlice | undefined;
}

/**
 * The framing of an `_msearch` body written in console format (`.search` files): its JSON values taken two by two,
 * header then body, as they are sent one per line. (A `.msearch` file is framed by lines: see MsearchDocument.)
 */
export function splitMsearchPairs(text: string): ValuePair[] {
  const values = splitJsonValues(text);
  const out: ValuePair[] = [];
  for (let i = 0; i < values.length; i += 2) out.push({ index: i / 2, header: values[i]!, body: values[i + 1] });
  return out;
}

/**
 * A JSON text on one line, as Kibana sends each `_msearch` object: comments and whitespace outside strings removed.
 * `column` maps an offset of the original text to the 1-based column in the compact one.
 */
export function compactJson(text: string): { compact: string; column: (offset: number) => number } {
  const scanner = createScanner(text, false);
  const parts: string[] = [];
  const starts: number[] = [];
  const compactStarts: number[] = [];
  let length = 0;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (isTrivia(kind)) continue;
    const token = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    starts.push(scanner.getTokenOffset());
    compactStarts.push(length);
    parts.push(token);
    length += token.length;
  }
  const column = (offset: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = 0;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= offset) {
        found = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    const base = starts[found] ?? 0;
    return (compactStarts[found] ?? 0) + Math.max(0, offset - base) + 1;
  };
  return { compact: parts.join(''), column };
}

/**
 * The text with its comments (`//`, `/* *\/`) turned into blanks, line breaks kept: every other character keeps its
 * offset (so that places found in the text hold in what is sent).
 */
export function blankComments(text: string): string {
  if (!text.includes('/')) return text;
  const scanner = createScanner(text, false);
  let out = '';
  let copied = 0;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    out += text.slice(copied, start) + text.slice(start, end).replace(/[^\r\n]/g, ' ');
    copied = end;
  }
  return out + text.slice(copied);
}
