// The differential corpus against real OpenSearch: the language server reports an Error exactly for the requests the
// cluster rejects, and one of its Errors carries the cluster's own reason.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { send } from '../unit/corpus';
import { cases, urlOf } from '../differential/cases';
import { makeTarget } from '../../server/src/service/target';
import { errorReason, errorReasons, realCluster } from './realEnv';

void describe('differential: language server and real OpenSearch agree on what is rejected', () => {
  const cluster = realCluster();

  void it(`reports an Error exactly for the requests OpenSearch ${cluster.version} rejects, with its reason`, async () => {
    const all = cases(makeTarget({ distribution: 'opensearch', version: cluster.version, source: 'cluster' }));
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
      const reason = errorReason(answer.body);
      if (expect !== undefined && answer.status !== expect) {
        disagreements.push(
          `${where}: the corpus expects ${expect}, OpenSearch answered ${answer.status} ${reason ?? ''}`,
        );
      }
      if (rejected !== flagged) {
        disagreements.push(
          `${where} ${request.method} ${urlOf(request)}: OpenSearch ${answer.status} ${reason ?? JSON.stringify(answer.body).slice(0, 200)}; ` +
            `language server ${flagged ? `Error: ${request.errors.join(' | ')}` : 'no Error'}`,
        );
      } else if (rejected) {
        // One of the Errors carries one of the reasons OpenSearch gives (the top one, a root cause or a cause).
        const reasons = errorReasons(answer.body);
        if (reasons.length > 0 && !request.errors.some((e) => reasons.some((r) => e.includes(r)))) {
          disagreements.push(
            `${where}: OpenSearch says ${JSON.stringify(reasons)}; the language server says "${request.errors.join(' | ')}"`,
          );
        }
      }
    }
    assert.deepEqual(disagreements, []);
  });
});
