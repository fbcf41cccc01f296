// OpenSearch Serverless collections (`aws.service: "aoss"`) offer search, documents, indexes and mappings, but no
// `GET /`, no `_tasks`, no `_nodes` and no `_cluster/health`: capacity is AWS's. What the views show instead.
// docs/clusters.md#opensearch-serverless
import type { ClusterClient } from './clusterClient';
import type { ClusterConfig } from './clusterConfig';
import { isServerless } from './aws/awsConfig';

export function serverless(cluster: ClusterConfig): boolean {
  return cluster.auth === 'aws' && isServerless(cluster.aws);
}

/** Said in place of the Tasks view's tasks. */
export const SERVERLESS_TASKS =
  'OpenSearch Serverless has no tasks API: running searches cannot be listed or cancelled on the collection. Running requests works; Cancel stops waiting for the answer.';

/** Said in place of the Clusters view's nodes. */
export const SERVERLESS_NODES =
  'OpenSearch Serverless manages its capacity: a collection has no nodes or cluster health. It offers search, _msearch, documents, indexes and mappings.';

/** Said when a run on a collection is cancelled. */
export const SERVERLESS_CANCEL =
  'Only the HTTP request was aborted: OpenSearch Serverless has no tasks API to cancel the search on the collection.';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The collection's indexes (`GET _cat/indices`, which Serverless offers), in place of version and health. */
export async function fetchServerlessIndexCount(
  client: ClusterClient,
  opaqueId: string,
  signal?: AbortSignal,
): Promise<number> {
  const { value } = await client.json({
    method: 'GET',
    path: '/_cat/indices',
    query: [
      { name: 'format', value: 'json', hasValue: true },
      { name: 'h', value: 'index', hasValue: true },
    ],
    opaqueId,
    timeoutMs: 10_000,
    ...(signal === undefined ? {} : { signal }),
  });
  return Array.isArray(value) ? value.filter((row) => isRecord(row) && typeof row['index'] === 'string').length : 0;
}
