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

/** The full URL of a request on a cluster (the cluster URL may have a path prefix). */
export function requestUrl(clusterUrl: string, path: string, query?: readonly QueryParam[]): string {
  const base = trimTrailing(clusterUrl, '/');
  const rest = path.startsWith('/') ? path : `/${path}`;
  return `${base}${encodePath(rest)}${queryString(query)}`;
}
