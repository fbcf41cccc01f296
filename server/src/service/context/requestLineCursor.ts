import { decodeComponent, parseUrl, type RequestTarget } from '../url/requestLine';
import { splitPartialRequestLine } from '../syntax';

/** A piece of a line: `[start, end)` in line characters. */
export interface LinePiece {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Where a character sits in a request line `METHOD /path?name=value&...`:
 * - `method`: in the method word;
 * - `path`: in a path segment; `typed` holds the decoded segments before it; `pathEnd` is where the path stops;
 * - `paramName` / `paramValue`: in the query string.
 */
export type RequestLineCursor =
  | { readonly kind: 'method'; readonly word: LinePiece; readonly hasUrl: boolean }
  | {
      readonly kind: 'path';
      readonly target: RequestTarget;
      readonly typed: readonly string[];
      readonly segment: LinePiece;
      readonly pathEnd: number;
      /** Whether nothing at all is written after the method. */
      readonly emptyUrl: boolean;
    }
  | {
      readonly kind: 'paramName';
      readonly target: RequestTarget;
      readonly name: LinePiece;
      readonly hasEquals: boolean;
    }
  | {
      readonly kind: 'paramValue';
      readonly target: RequestTarget;
      /** Decoded parameter name. */
      readonly name: string;
      readonly value: LinePiece;
    }
  | { readonly kind: 'none' };

/** Splits `text` (found at `base` in the line) on `separator`, with each piece's place. */
function pieces(text: string, base: number, separator: string): LinePiece[] {
  const out: LinePiece[] = [];
  let start = base;
  for (const piece of text.split(separator)) {
    out.push({ start, end: start + piece.length, text: piece });
    start += piece.length + separator.length;
  }
  return out;
}

/** The piece holding `character` (a piece holds its end, so that typing at the end of a piece stays in it). */
function pieceAt(list: readonly LinePiece[], character: number): LinePiece | undefined {
  return list.find((p) => p.start <= character && character <= p.end);
}

/** Reads the request line that starts at `from` of `line` (after `# ` in a `.msearch` target comment). */
export function requestLineCursor(line: string, from: number, character: number): RequestLineCursor {
  const { lead, method, gap, url } = splitPartialRequestLine(line.slice(from));
  const methodStart = from + lead.length;
  const methodEnd = methodStart + method.length;
  const urlStart = methodEnd + gap.length;
  const urlEnd = urlStart + url.length;
  if (character < methodStart) return { kind: 'none' };
  if (character <= methodEnd) {
    return {
      kind: 'method',
      word: { start: methodStart, end: methodEnd, text: method },
      hasUrl: gap.length > 0,
    };
  }
  if (gap.length === 0 || character < urlStart || character > urlEnd) return { kind: 'none' };
  const target = parseUrl(method, { offset: methodStart, length: method.length }, url, urlStart);
  const question = url.indexOf('?');
  if (question === -1 || character <= urlStart + question) {
    const pathText = question === -1 ? url : url.slice(0, question);
    const segments = pieces(pathText, urlStart, '/');
    const index = segments.findIndex((p) => p.start <= character && character <= p.end);
    const segment = segments[index];
    if (segment === undefined) return { kind: 'none' };
    // Before the leading slash there is nothing to complete.
    if (index === 0 && segment.text === '' && segments.length > 1) return { kind: 'none' };
    const typed = segments
      .slice(0, index)
      .filter((p) => p.text.length > 0)
      .map((p) => decodeComponent(p.text, false));
    return {
      kind: 'path',
      target,
      typed,
      segment,
      pathEnd: urlStart + pathText.length,
      emptyUrl: url.length === 0,
    };
  }
  const params = pieces(url.slice(question + 1), urlStart + question + 1, '&');
  const piece = pieceAt(params, character);
  if (piece === undefined) return { kind: 'none' };
  const equals = piece.text.indexOf('=');
  if (equals === -1 || character <= piece.start + equals) {
    const end = equals === -1 ? piece.end : piece.start + equals;
    return {
      kind: 'paramName',
      target,
      name: { start: piece.start, end, text: piece.text.slice(0, end - piece.start) },
      hasEquals: equals !== -1,
    };
  }
  return {
    kind: 'paramValue',
    target,
    name: decodeComponent(piece.text.slice(0, equals), true),
    value: { start: piece.start + equals + 1, end: piece.end, text: piece.text.slice(equals + 1) },
  };
}

/** The comma-separated piece of `list` that holds `character`, and the other pieces' texts. */
export function commaPieceAt(
  list: LinePiece,
  character: number,
): { readonly piece: LinePiece; readonly others: ReadonlySet<string> } | undefined {
  let piece: LinePiece | undefined;
  const others = new Set<string>();
  for (const candidate of pieces(list.text, list.start, ',')) {
    if (piece === undefined && candidate.start <= character && character <= candidate.end) piece = candidate;
    else others.add(candidate.text.trim());
  }
  return piece === undefined ? undefined : { piece, others };
}
