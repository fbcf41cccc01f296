// What the console syntax of the files depends on besides the files themselves: the variables' values, and the
// configured clusters (a request line written with a full URL runs only on the configured cluster at that address).
// The caller gives both (DocumentStore.setVariables, DocumentStore.setClusters).
import type { Span } from '../json/jsonSegment';
import { parseUrl, type RequestTarget } from '../url/requestLine';
import { issue, type Issue } from '../validate/issues';
import { Variables } from './variables';

/** A configured cluster, as far as the request lines need it: its name and URL (`https://host:9200/prefix`). */
export interface KnownCluster {
  readonly name: string;
  readonly url: string;
}

export interface ConsoleContext {
  readonly variables: Variables;
  readonly clusters: readonly KnownCluster[];
}

export const NO_CONSOLE_CONTEXT: ConsoleContext = { variables: Variables.NONE, clusters: [] };

/** `scheme://host:port` in lower case, default ports dropped, and the path prefix without its trailing `/`. */
function normalize(url: string): { origin: string; path: string } | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return { origin: `${parsed.protocol}//${parsed.host}`.toLowerCase(), path: trimTrailingSlashes(parsed.pathname) };
  } catch {
    return undefined;
  }
}

/**
 * The configured cluster a full URL is on: same scheme, host and port, and the cluster's path prefix (if any) at
 * the start of the URL's path. The longest prefix wins. Returns the cluster and how many characters of the URL as
 * written are its address (the origin and the prefix).
 */
function clusterOfUrl(
  written: string,
  clusters: readonly KnownCluster[],
): { cluster: KnownCluster; addressLength: number } | undefined {
  const url = normalize(written);
  if (url === undefined) return undefined;
  const originLength = /^https?:\/\/[^/?#\s]*/i.exec(written)?.[0].length ?? 0;
  let best: { cluster: KnownCluster; addressLength: number; prefix: number } | undefined;
  for (const cluster of clusters) {
    const own = normalize(cluster.url);
    if (own === undefined || own.origin !== url.origin) continue;
    if (own.path !== '' && url.path !== own.path && !url.path.startsWith(`${own.path}/`)) continue;
    if (best === undefined || own.path.length > best.prefix) {
      best = { cluster, addressLength: originLength + own.path.length, prefix: own.path.length };
    }
  }
  return best === undefined ? undefined : { cluster: best.cluster, addressLength: best.addressLength };
}

/** A request line's target with its full URL read against the configured clusters (their path prefix taken off). */
export interface OriginReading {
  readonly target: RequestTarget;
  /** The cluster the full URL names; undefined when the line has no full URL, or names no configured cluster. */
  readonly cluster: KnownCluster | undefined;
  readonly issues: readonly Issue[];
}

/**
 * A request line's target as it runs: a full URL must be a configured cluster's (else an Error); a `kbn:` request
 * is Kibana's API (a Warning). `url` and `urlStart` are the URL as written in the line, to read it again when the
 * cluster has a path prefix.
 */
export function readOrigin(
  target: RequestTarget,
  url: string,
  urlStart: number,
  clusters: readonly KnownCluster[],
): OriginReading {
  if (target.kibana !== undefined) {
    return {
      target,
      cluster: undefined,
      issues: [
        issue(
          'url.kibana-api',
          "kbn: requests are Kibana's own API, which Kibana's console sends to Kibana: here the request would go to the cluster, which has no such endpoint.",
          target.kibana,
        ),
      ],
    };
  }
  const origin = target.origin;
  if (origin === undefined) return { target, cluster: undefined, issues: [] };
  const found = clusterOfUrl(url, clusters);
  if (found === undefined) return { target, cluster: undefined, issues: [notACluster(origin, clusters)] };
  const reread =
    found.addressLength > origin.span.length
      ? parseUrl(target.method, target.methodSpan, url, urlStart, found.addressLength)
      : target;
  return { target: reread, cluster: found.cluster, issues: [] };
}

function notACluster(origin: { url: string; span: Span }, clusters: readonly KnownCluster[]): Issue {
  const known =
    clusters.length === 0
      ? 'no cluster is configured'
      : `the configured clusters are ${clusters.map((c) => `${c.name} (${c.url})`).join(', ')}`;
  return issue(
    'url.not-a-cluster',
    `${origin.url} is not the address of a configured cluster (${known}): a request with a full URL runs only on the cluster at that address. Add it to the clusters, or write the path alone to run on the active cluster.`,
    origin.span,
  );
}

/** The path without its trailing slashes, by a loop (`/\/+$/` is quadratic on many slashes before another character). */
function trimTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}
