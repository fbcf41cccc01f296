// The URL of a request on a cluster: its path and query encoded as OpenSearch reads them back. No Node.js here: the
// web extension builds its URLs with it too.
import { trimTrailing } from './trimTrailing';

export interface QueryParam {
  readonly name: string;
  readonly value: string;
  /** False for `?pretty` (no `=`). */
  readonly hasValue: boolean;
}

/** Characters allowed as is in a path (RFC 3986 pchar and `/`); `%` is kept when it starts an escape. */
function encodePath(path: string): string {
  return path.replace(/%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g, (c) => encodeURIComponent(c));
}

/** Query components: encoded, but `*`, `,` and `:` stay readable (index patterns, node filters, task ids). */
function encodeQueryPart(text: string): string {
  return encodeURIComponent(text).replace(/%2C/gi, ',').replace(/%3A/gi, ':').replace(/%2A/gi, '*');
}

export function queryString(query: readonly QueryParam[] | undefined): string {
  if (query === undefined || query.length === 0) return '';
  return `?${query.map((p) => (p.hasValue ? `${encodeQueryPart(p.name)}=${encodeQueryPart(p.value)}` : encodeQueryPart(p.name))).join('&')}`;
}

/**
 * A path segment `.` or `..`, written as is or percent-encoded (`%2e%2e`, `.%2E`): URL parsers (WHATWG's, which
 * undici and fetch use, and proxies) remove it and the segment before, so `../admin` on a cluster at
 * `https://host/prefix/` would reach `https://host/admin`, outside the prefix, with the cluster's credentials.
 * OpenSearch names no index or endpoint `.` or `..`. The message when the path has one, else undefined.
 */
export function dotSegmentProblem(path: string): string | undefined {
  for (const segment of path.split('/')) {
    if (segment.length === 0 || segment.length > 6) continue;
    const decoded = segment.replace(/%2e/gi, '.');
    if (decoded === '.' || decoded === '..') {
      return `The request path ${JSON.stringify(path)} has a "${segment}" segment: it was not sent, because it would be read as a step to the parent path, outside the cluster URL's path. Index names and endpoints are never "." or "..".`;
    }
  }
  return undefined;
}

/** The path of a request has a `.` or `..` segment (dotSegmentProblem): nothing is sent. */
export class UnsafePathError extends Error {}

/**
 * The full URL of a request on a cluster (the cluster URL may have a path prefix). Throws UnsafePathError for a path
 * with a dot segment, which would leave the prefix.
 */
export function requestUrl(clusterUrl: string, path: string, query?: readonly QueryParam[]): string {
  const problem = dotSegmentProblem(path);
  if (problem !== undefined) throw new UnsafePathError(problem);
  const base = trimTrailing(clusterUrl, '/');
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${base}${encodePath(rest)}${queryString(query)}`;
}
