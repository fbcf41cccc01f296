import type { Span } from '../json/jsonSegment';
import { splitRequestLine } from '../syntax';
import { resolveRoute, type Resolution } from './routes';

export interface PathSegment {
  /** Decoded text. */
  readonly text: string;
  readonly span: Span;
}

export interface QueryParam {
  /** Decoded name and value; `value` is '' for `?name` and `?name=`. */
  readonly name: string;
  readonly value: string;
  readonly hasEquals: boolean;
  readonly nameSpan: Span;
  /** Span of the value (empty span after `=` when the value is empty). */
  readonly valueSpan: Span;
  /** Span of `name=value`. */
  readonly span: Span;
}

/** A request line (`GET /logs/_search?size=5`) taken apart, with spans relative to the text it came from. */
export interface RequestTarget {
  readonly method: string;
  readonly methodSpan: Span;
  /** The path as written, before `?`, with a leading `/` added when missing. */
  readonly path: string;
  readonly pathSpan: Span;
  readonly segments: readonly PathSegment[];
  /** What follows `?`, as written (without the `?`). */
  readonly queryString: string;
  readonly query: readonly QueryParam[];
  /** The whole URL (path and query) as written. */
  readonly urlSpan: Span;
  /** The handler the server would dispatch the method and path to (worked out once, when first asked). */
  readonly route: Resolution;
}

/** Parses `METHOD url` starting at `offset` of `text` (a line). */
export function parseRequestLine(text: string, offset = 0): RequestTarget | undefined {
  const split = splitRequestLine(text.slice(offset));
  if (split === undefined) return undefined;
  const { lead, method, gap, url } = split;
  const methodStart = offset + lead.length;
  const urlStart = methodStart + method.length + gap.length;
  return parseUrl(method, { offset: methodStart, length: method.length }, url, urlStart);
}

export function parseUrl(method: string, methodSpan: Span, url: string, urlStart: number): RequestTarget {
  const question = url.indexOf('?');
  const rawPath = question === -1 ? url : url.slice(0, question);
  const queryString = question === -1 ? '' : url.slice(question + 1);
  const segments: PathSegment[] = [];
  let position = 0;
  for (const raw of rawPath.split('/')) {
    if (raw.length > 0) {
      segments.push({ text: decodeComponent(raw, false), span: { offset: urlStart + position, length: raw.length } });
    }
    position += raw.length + 1;
  }
  const query: QueryParam[] = [];
  if (question !== -1) {
    let start = urlStart + question + 1;
    for (const piece of queryString.split('&')) {
      if (piece.length > 0) {
        const equals = piece.indexOf('=');
        const rawName = equals === -1 ? piece : piece.slice(0, equals);
        const rawValue = equals === -1 ? '' : piece.slice(equals + 1);
        query.push({
          name: decodeComponent(rawName, true),
          value: decodeComponent(rawValue, true),
          hasEquals: equals !== -1,
          nameSpan: { offset: start, length: rawName.length },
          valueSpan: { offset: equals === -1 ? start + piece.length : start + equals + 1, length: rawValue.length },
          span: { offset: start, length: piece.length },
        });
      }
      start += piece.length + 1;
    }
  }
  let route: Resolution | undefined;
  return {
    method,
    methodSpan,
    path: rawPath.startsWith('/') ? rawPath : `/${rawPath}`,
    pathSpan: { offset: urlStart, length: rawPath.length },
    segments,
    queryString,
    query,
    urlSpan: { offset: urlStart, length: url.length },
    get route(): Resolution {
      route ??= resolveRoute(method, segments);
      return route;
    },
  };
}

/** Percent-decoding as the REST layer does it; `+` is a space in the query string only. Bad escapes stay as written. */
export function decodeComponent(text: string, plusIsSpace: boolean): string {
  const withSpaces = plusIsSpace ? text.replace(/\+/g, ' ') : text;
  if (!withSpaces.includes('%')) return withSpaces;
  try {
    return decodeURIComponent(withSpaces);
  } catch {
    return withSpaces;
  }
}
