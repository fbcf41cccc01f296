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

export function errorType(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (error !== null && typeof error === 'object') {
    const type = (error as { type?: unknown }).type;
    return typeof type === 'string' ? type : undefined;
  }
  return undefined;
}
