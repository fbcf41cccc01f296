// What the real-OpenSearch tests run against: the cluster that `npm run test:real` started (or the one named by
// SEARCH_REQUESTS_OPENSEARCH_URL), passed to each test file in the environment.
import assert from 'node:assert/strict';

export interface RealCluster {
  readonly url: string;
  /** `3.8.0`, `2.19.1`, ... as the cluster's `GET /` says. */
  readonly version: string;
  readonly major: number;
}

export function realCluster(): RealCluster {
  const url = process.env.SEARCH_REQUESTS_REAL_URL;
  const version = process.env.SEARCH_REQUESTS_REAL_VERSION;
  assert.ok(
    url !== undefined && version !== undefined,
    'these tests run against a real OpenSearch: start them with `npm run test:real`',
  );
  return { url, version, major: Number(version.split('.')[0]) };
}

/** The `reason` of an OpenSearch error body (the object form and the plain-string form). */
export function errorReason(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return typeof body === 'string' ? body : undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') return error;
  if (error !== null && typeof error === 'object') {
    const reason = (error as { reason?: unknown }).reason;
    return typeof reason === 'string' ? reason : undefined;
  }
  return undefined;
}

/**
 * Every reason of an error body, the top one first, then its root causes and its `caused_by` chain; each cut at its
 * first line (Jackson appends ` at [Source: ...]` with a position on a second line).
 */
export function errorReasons(body: unknown): string[] {
  const out: string[] = [];
  const add = (reason: unknown): void => {
    if (typeof reason !== 'string') return;
    const first = reason.split('\n')[0]!;
    if (!out.includes(first)) out.push(first);
  };
  if (body === null || typeof body !== 'object') return out;
  const error = (body as { error?: unknown }).error;
  if (typeof error === 'string') {
    add(error);
    return out;
  }
  const visit = (value: unknown, depth: number): void => {
    if (value === null || typeof value !== 'object' || depth > 10) return;
    const record = value as { reason?: unknown; root_cause?: unknown; caused_by?: unknown; failed_shards?: unknown };
    add(record.reason);
    if (Array.isArray(record.root_cause)) for (const cause of record.root_cause) visit(cause, depth + 1);
    visit(record.caused_by, depth + 1);
    if (Array.isArray(record.failed_shards)) {
      for (const shard of record.failed_shards) visit((shard as { reason?: unknown }).reason, depth + 1);
    }
  };
  visit(error, 0);
  return out;
}
