// `Warning` response headers, as OpenSearch (and Elasticsearch) send them for deprecations: RFC 7234's
// `299 <agent> "<text>"` with an optional quoted date, one header per warning (OpenSearch HeaderWarning: the agent
// is `OpenSearch-<version>-<build hash>`, `\` and `"` in the text are escaped with a backslash, and characters
// outside the quoted-string set are percent-encoded as UTF-8). Proxies may join several into one header.
// docs/clusters.md#warning-headers

const WARNING = /(\d{3})\s+(\S+)\s+"((?:[^"\\]|\\.)*)"(?:\s+"[^"]*")?/g;

function percentDecode(text: string): string {
  if (!text.includes('%')) return text;
  try {
    return decodeURIComponent(text.replace(/%(?![0-9A-Fa-f]{2})/g, '%25'));
  } catch {
    return text;
  }
}

export interface ClusterWarning {
  readonly code: number;
  /** `OpenSearch-2.19.0-<hash>`, `Elasticsearch-8.15.0-<hash>`, or a proxy's name. */
  readonly agent: string;
  readonly text: string;
}

/** Every warning of the `Warning` header values, in order, duplicates removed. */
export function parseWarnings(values: readonly string[]): ClusterWarning[] {
  const out: ClusterWarning[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    for (const match of value.matchAll(WARNING)) {
      const text = percentDecode(match[3]!.replace(/\\(.)/g, '$1'));
      if (seen.has(text)) continue;
      seen.add(text);
      out.push({ code: Number(match[1]), agent: match[2]!, text });
    }
  }
  return out;
}

/** Deprecations are what the editor marks on the request (code 299 from the cluster itself). */
export function isDeprecation(warning: ClusterWarning): boolean {
  return warning.code === 299 && /^(OpenSearch|Elasticsearch)-/i.test(warning.agent);
}
