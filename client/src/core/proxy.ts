// Which HTTP proxy a cluster's requests go through: VS Code's `http.proxy` (or the usual environment variables),
// except for hosts in `http.noProxy` / NO_PROXY and the loopback addresses, which a proxy cannot reach anyway.

export interface ProxySettings {
  /** `http.proxy`; empty or undefined falls back to HTTPS_PROXY / HTTP_PROXY. */
  readonly proxy?: string;
  /** `http.noProxy`; undefined falls back to NO_PROXY. */
  readonly noProxy?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
}

function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function matchesNoProxy(hostname: string, port: string, patterns: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return patterns.some((raw) => {
    let pattern = raw.trim().toLowerCase();
    if (pattern === '') return false;
    if (pattern === '*') return true;
    const colon = pattern.lastIndexOf(':');
    if (colon > 0 && /^\d+$/.test(pattern.slice(colon + 1))) {
      if (pattern.slice(colon + 1) !== port) return false;
      pattern = pattern.slice(0, colon);
    }
    pattern = pattern.replace(/^\*?\./, '.');
    return pattern.startsWith('.') ? host.endsWith(pattern) || host === pattern.slice(1) : host === pattern;
  });
}

/** The proxy URL for requests to this cluster URL, or undefined for a direct connection. */
export function proxyFor(clusterUrl: string, settings: ProxySettings): string | undefined {
  const url = new URL(clusterUrl);
  if (isLoopback(url.hostname)) return undefined;
  const env = settings.env ?? {};
  const configured = settings.proxy?.trim();
  const proxy =
    configured !== undefined && configured !== ''
      ? configured
      : url.protocol === 'https:'
        ? (env['HTTPS_PROXY'] ?? env['https_proxy'] ?? env['HTTP_PROXY'] ?? env['http_proxy'])
        : (env['HTTP_PROXY'] ?? env['http_proxy']);
  if (proxy === undefined || proxy === '') return undefined;
  const noProxy = settings.noProxy ?? (env['NO_PROXY'] ?? env['no_proxy'] ?? '').split(',');
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  return matchesNoProxy(url.hostname, port, noProxy) ? undefined : proxy;
}
