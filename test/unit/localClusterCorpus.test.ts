import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readCorpus, runCorpus, type CorpusResult } from './corpus';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';

function errorType(body: unknown): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
  const error = (body as { error?: unknown }).error;
  if (error !== null && typeof error === 'object') return (error as { type?: string }).type;
  return undefined;
}

void describe('differential corpus against the local cluster', () => {
  let cluster: RunningCluster;
  let results: CorpusResult[];

  before(async () => {
    cluster = await startCluster();
    results = await runCorpus(cluster.url);
  });
  after(() => cluster.close());

  void it('has an expectation for every request', () => {
    const requests = readCorpus();
    assert.ok(requests.length > 100, `only ${requests.length} requests`);
    for (const r of requests) assert.ok(r.expect, `${r.file}:${r.line} has no "# expect:" comment`);
  });

  void it('answers each request with the expected status and error type', () => {
    const wrong: string[] = [];
    for (const r of results) {
      const e = r.expect!;
      const type = errorType(r.body);
      if (r.status !== e.status || (e.type !== undefined && type !== e.type)) {
        wrong.push(
          `${r.file}:${r.line} ${r.method} ${r.path}: expected ${e.status} ${e.type ?? ''}, got ${r.status} ${type ?? ''} ${JSON.stringify(r.body).slice(0, 300)}`,
        );
      }
    }
    assert.deepEqual(wrong, []);
  });

  void it('covers both rejected and accepted requests', () => {
    assert.ok(results.some((r) => r.status === 200));
    assert.ok(results.some((r) => r.status === 400));
  });
});
