// The differential test: every request of the corpus goes through the language server and to the local cluster.
// The language server must report an Error exactly when the cluster rejects the request.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from './corpus';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { cases, urlOf } from '../differential/cases';

void describe('differential: language server and local cluster agree on what is rejected', () => {
  let cluster: RunningCluster;
  before(async () => {
    cluster = await startCluster({ port: 0 });
  });
  after(async () => {
    await cluster.close();
  });

  void it('reports an Error exactly for the requests the cluster rejects', async () => {
    const all = cases();
    assert.ok(all.length > 80, `the corpus holds ${all.length} requests`);
    const disagreements: string[] = [];
    for (const { where, request, expect } of all) {
      const answer = await send(cluster.url, {
        method: request.method,
        path: urlOf(request),
        ...(request.body === undefined
          ? {}
          : { body: request.body, contentType: request.contentType ?? 'application/json' }),
      });
      const rejected = answer.status >= 400;
      const flagged = request.errorCount > 0;
      if (expect !== undefined && answer.status !== expect) {
        disagreements.push(`${where}: the corpus expects ${expect}, the cluster answered ${answer.status}`);
      }
      if (rejected !== flagged) {
        const reason = JSON.stringify(answer.body).slice(0, 300);
        disagreements.push(
          `${where} ${request.method} ${request.path}: cluster ${answer.status} ${reason}; language server ${flagged ? `Error: ${request.errors.join(' | ')}` : 'no Error'}`,
        );
      }
    }
    assert.deepEqual(disagreements, []);
  });
});
