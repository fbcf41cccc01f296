// Loads the local cluster's sample data into any OpenSearch cluster through its REST API (create index, `_bulk`,
// refresh), so that a real cluster holds the very documents the local one does.
import { sampleIndices } from '@search-requests/local-cluster';

const BULK_DOCS = 2000;

async function call(
  url: string,
  method: string,
  path: string,
  body?: string,
  contentType = 'application/json',
): Promise<unknown> {
  const response = await fetch(`${url}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': contentType } }),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 500)}`);
  return JSON.parse(text) as unknown;
}

export interface SampleLoadOptions {
  /** Replicas per shard; 0 where the cluster has a single data node. */
  readonly replicas?: number;
  readonly now?: number;
}

/** Creates the sample indexes and indexes their documents; returns the number of documents. */
export async function loadSampleDataInto(url: string, options: SampleLoadOptions = {}): Promise<number> {
  let count = 0;
  for (const sample of sampleIndices(options.now ?? Date.now())) {
    const aliases: Record<string, object> = {};
    for (const alias of sample.aliases) aliases[alias] = {};
    await call(
      url,
      'PUT',
      `/${encodeURIComponent(sample.name)}`,
      JSON.stringify({
        settings: {
          number_of_shards: sample.shards,
          number_of_replicas: Math.min(sample.replicas, options.replicas ?? sample.replicas),
        },
        mappings: sample.mappings,
        aliases,
      }),
    );
    for (let start = 0; start < sample.docs.length; start += BULK_DOCS) {
      const lines: string[] = [];
      for (const doc of sample.docs.slice(start, start + BULK_DOCS)) {
        lines.push(JSON.stringify({ index: { _index: sample.name, _id: doc.id } }), JSON.stringify(doc.source));
      }
      const result = (await call(url, 'POST', '/_bulk', lines.join('\n') + '\n', 'application/x-ndjson')) as {
        errors?: boolean;
        items?: unknown[];
      };
      if (result.errors === true) {
        throw new Error(`_bulk into ${sample.name} reported errors: ${JSON.stringify(result.items?.slice(0, 2))}`);
      }
      count += lines.length / 2;
    }
  }
  await call(url, 'POST', '/_refresh');
  await call(url, 'GET', '/_cluster/health?wait_for_status=yellow&timeout=60s');
  return count;
}
