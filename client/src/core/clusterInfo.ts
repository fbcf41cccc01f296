// What the status bar shows of a cluster: its distribution, version and health.
import type { ClusterClient } from './clusterClient';
import { isRequestFailure } from './failures';
import { fetchServerlessIndexCount, serverless } from './serverless';

export interface ClusterInfo {
  readonly distribution: string;
  readonly version?: string;
  readonly clusterName?: string;
  /** green, yellow, red; undefined when the health could not be read (e.g. no permission). */
  readonly health?: string;
  /** Elasticsearch's `version.build_flavor` (`default`, `oss`, `serverless`), when it says one. */
  readonly buildFlavor?: string;
  /** An OpenSearch Serverless collection: no version nor health; its index count instead. */
  readonly serverless?: { readonly indices: number };
}

/** `OpenSearch 2.19.0`, `Elasticsearch 8.15.0`, `OpenSearch Serverless (12 indexes)`. */
export function productText(info: ClusterInfo): string {
  if (info.serverless !== undefined) {
    const n = info.serverless.indices;
    return `OpenSearch Serverless (${n} index${n === 1 ? '' : 'es'})`;
  }
  const product = info.distribution === 'opensearch' ? 'OpenSearch' : 'Elasticsearch';
  return `${product}${info.version === undefined ? '' : ` ${info.version}`}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Which server answered `GET /`: OpenSearch says so in `version.distribution` (and its tagline names it);
 * Elasticsearch has no `distribution`, but its `version.build_flavor` and its tagline `You Know, for Search`.
 * OpenSearch may be set to report an Elasticsearch version number (`compatibility.override_main_response_version`),
 * never to drop its distribution: a `GET /` without any of these is taken as Elasticsearch.
 */
export function distributionOf(root: unknown): string {
  if (!isRecord(root)) return 'elasticsearch';
  const version = isRecord(root['version']) ? root['version'] : {};
  const said = version['distribution'];
  if (typeof said === 'string' && said !== '') return said.toLowerCase();
  const tagline = typeof root['tagline'] === 'string' ? root['tagline'] : '';
  if (/opensearch/i.test(tagline)) return 'opensearch';
  return 'elasticsearch';
}

/** `GET /` then `GET /_cluster/health`. Throws RequestFailure when the cluster cannot be reached. */
export async function fetchClusterInfo(
  client: ClusterClient,
  opaqueId: string,
  signal?: AbortSignal,
): Promise<ClusterInfo> {
  if (serverless(client.cluster)) {
    return {
      distribution: 'opensearch',
      serverless: { indices: await fetchServerlessIndexCount(client, opaqueId, signal) },
    };
  }
  const common = { opaqueId, timeoutMs: 10_000, ...(signal === undefined ? {} : { signal }) };
  const { value: root } = await client.json({ method: 'GET', path: '/', ...common });
  const version = isRecord(root) && isRecord(root['version']) ? root['version'] : {};
  const distribution = distributionOf(root);
  const buildFlavor = typeof version['build_flavor'] === 'string' ? version['build_flavor'] : undefined;
  const number = typeof version['number'] === 'string' ? version['number'] : undefined;
  const clusterName = isRecord(root) && typeof root['cluster_name'] === 'string' ? root['cluster_name'] : undefined;
  let health: string | undefined;
  try {
    const { value } = await client.json({ method: 'GET', path: '/_cluster/health', ...common });
    if (isRecord(value) && typeof value['status'] === 'string') health = value['status'];
  } catch (error) {
    if (!isRequestFailure(error) || (error.kind !== 'forbidden' && error.status === undefined)) throw error;
  }
  return {
    distribution,
    ...(number === undefined ? {} : { version: number }),
    ...(buildFlavor === undefined ? {} : { buildFlavor }),
    ...(clusterName === undefined ? {} : { clusterName }),
    ...(health === undefined ? {} : { health }),
  };
}
