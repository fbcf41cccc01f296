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
  /**
   * A request line written with a full URL (`GET https://host:9200/logs/_search`): the part before the path
   * (`https://host:9200`, and a cluster's path prefix when one is known to be there), and where it is written.
   */
  readonly origin?: { readonly url: string; readonly span: Span };
  /** `kbn:` in front of the path: a request to Kibana's API (Kibana's console sends it to Kibana). */
  readonly kibana?: Span;
}

/** `http://host:port` at the start of a URL as written. */
const ORIGIN = /^https?:\/\/[^/?#\s]*/i;
const KIBANA = /^kbn:/i;

/** Parses `METHOD url` starting at `offset` of `text` (a line). */
export function parseRequestLine(text: string, offset = 0): RequestTarget | undefined {
  const split = splitRequestLine(text.slice(offset));
  if (split === undefined) return undefined;
  const { lead, method, gap, url } = split;
  const methodStart = offset + lead.length;
  const urlStart = methodStart + method.length + gap.length;
  return parseUrl(method, { offset: methodStart, length: method.length }, url, urlStart);
}

/**
 * Parses the URL of a request line (`url`, written at `urlStart`). `originLength` says how much of a full URL is the
 * cluster's address (its path prefix included); by default, the scheme, host and port.
 */
export function parseUrl(
  method: string,
  methodSpan: Span,
  url: string,
  urlStart: number,
  originLength?: number,
): RequestTarget {
  const originMatch = ORIGIN.exec(url);
  const originEnd = originMatch === null ? 0 : Math.min(url.length, Math.max(originLength ?? 0, originMatch[0].length));
  const kibanaMatch = originMatch === null ? KIBANA.exec(url) : null;
  const skip = originMatch !== null ? originEnd : kibanaMatch !== null ? kibanaMatch[0].length : 0;
  const rest = url.slice(skip);
  const restStart = urlStart + skip;
  const question = rest.indexOf('?');
  const rawPath = question === -1 ? rest : rest.slice(0, question);
  const queryString = question === -1 ? '' : rest.slice(question + 1);
  const segments: PathSegment[] = [];
  let position = 0;
  for (const raw of rawPath.split('/')) {
    if (raw.length > 0) {
      segments.push({ text: decodeComponent(raw, false), span: { offset: restStart + position, length: raw.length } });
    }
    position += raw.length + 1;
  }
  const query: QueryParam[] = [];
  if (question !== -1) {
    let start = restStart + question + 1;
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
    pathSpan: { offset: restStart, length: rawPath.length },
    segments,
    queryString,
    query,
    urlSpan: { offset: urlStart, length: url.length },
    get route(): Resolution {
      route ??= resolveRoute(method, segments);
      return route;
    },
    ...(originMatch === null
      ? {}
      : { origin: { url: url.slice(0, originEnd), span: { offset: urlStart, length: originEnd } } }),
    ...(kibanaMatch === null ? {} : { kibana: { offset: urlStart, length: kibanaMatch[0].length } }),
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
