// Which proxy a cluster's requests go through, decided per cluster URL the way VS Code decides it for its own
// requests (its proxy agent): loopback hosts always go direct; `http.noProxy` (or, when that setting is empty, the
// `no_proxy` / `NO_PROXY` environment variable) lists hosts that go direct; then `http.proxy`, then the
// `https_proxy`, `HTTPS_PROXY`, `http_proxy`, `HTTP_PROXY` environment variables, in that order, whatever the
// scheme of the cluster. `http.proxyAuthorization` is sent as `Proxy-Authorization`, and `http.proxyStrictSSL`
// says whether an https:// proxy's certificate is verified. docs/clusters.md#proxies
import { BlockList, isIP } from 'node:net';

export interface ProxySettings {
  /** `http.proxy`; empty or undefined falls back to the environment. */
  readonly proxy?: string;
  /** `http.noProxy`; empty or undefined falls back to `no_proxy` / `NO_PROXY`. */
  readonly noProxy?: readonly string[];
  /** `http.proxyStrictSSL` (default true). */
  readonly strictSSL?: boolean;
  /** `http.proxyAuthorization`: the whole `Proxy-Authorization` header value. */
  readonly authorization?: string;
  /** `http.proxySupport`: `off` leaves extensions' requests unproxied. */
  readonly support?: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** How the agent talks to the proxy. */
export interface ProxyConnection {
  readonly url: string;
  readonly authorization?: string;
  /** False: an https:// proxy's certificate is not verified. */
  readonly strictSSL: boolean;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** One `http.noProxy` / NO_PROXY list against a host: `*`, exact host or `host:port`, suffixes, IPs and CIDRs. */
export function bypassesProxy(hostname: string, port: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  const blocks = new BlockList();
  let anyBlock = false;
  for (const raw of patterns) {
    let pattern = raw.trim().toLowerCase();
    if (pattern === '') continue;
    if (pattern === '*') return true;
    if (host === pattern || `${host}:${port}` === pattern) return true;
    if (pattern.startsWith('.')) pattern = pattern.slice(1);
    if (host.endsWith(pattern)) return true;
    const version = isIP(pattern);
    if (version !== 0) {
      blocks.addAddress(pattern, version === 4 ? 'ipv4' : 'ipv6');
      anyBlock = true;
    }
    const cidr = /^(.*)\/(\d+)$/.exec(pattern);
    if (cidr !== null) {
      const ipVersion = isIP(cidr[1]!);
      const prefix = Number(cidr[2]);
      if (ipVersion !== 0 && prefix > 0) {
        blocks.addSubnet(cidr[1]!, prefix, ipVersion === 4 ? 'ipv4' : 'ipv6');
        anyBlock = true;
      }
    }
  }
  const hostVersion = isIP(host);
  return anyBlock && hostVersion !== 0 && blocks.check(host, hostVersion === 4 ? 'ipv4' : 'ipv6');
}

function configured(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' || !trimmed.includes('://') ? undefined : trimmed;
}

/** The proxy URL for requests to this cluster URL, or undefined for a direct connection. */
export function proxyFor(clusterUrl: string, settings: ProxySettings): string | undefined {
  if (settings.support === 'off') return undefined;
  const url = new URL(clusterUrl);
  const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (LOOPBACK.has(hostname)) return undefined;
  const env = settings.env ?? {};
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  const noProxy =
    settings.noProxy !== undefined && settings.noProxy.length > 0
      ? settings.noProxy
      : (env['no_proxy'] || env['NO_PROXY'] || '').split(',');
  if (bypassesProxy(hostname, port, noProxy)) return undefined;
  return (
    configured(settings.proxy) ??
    configured(env['https_proxy'] || env['HTTPS_PROXY'] || env['http_proxy'] || env['HTTP_PROXY'])
  );
}

/** Why a proxy URL cannot be used, or undefined. */
export function proxyProblem(proxy: string): string | undefined {
  let url: URL;
  try {
    url = new URL(proxy);
  } catch {
    return `the proxy "${proxy}" is not a URL (http://host:port)`;
  }
  if (url.protocol === 'http:' || url.protocol === 'https:') return undefined;
  return `${url.protocol.replace(/:$/, '')} proxies are not supported: set http.proxy to an http:// or https:// proxy`;
}

/** The agent's view of the proxy for this cluster, or undefined for a direct connection. */
export function proxyConnection(clusterUrl: string, settings: ProxySettings): ProxyConnection | undefined {
  const url = proxyFor(clusterUrl, settings);
  if (url === undefined) return undefined;
  const authorization = settings.authorization?.trim();
  return {
    url,
    ...(authorization === undefined || authorization === '' ? {} : { authorization }),
    strictSSL: settings.strictSSL !== false,
  };
}

/** The ClusterClient options of a proxy connection. */
export function proxyOptions(proxy: ProxyConnection): {
  proxy: string;
  proxyStrictSSL: boolean;
  proxyAuthorization?: string;
} {
  return {
    proxy: proxy.url,
    proxyStrictSSL: proxy.strictSSL,
    ...(proxy.authorization === undefined ? {} : { proxyAuthorization: proxy.authorization }),
  };
}
