// The HTTP methods the language server takes on each path are the real servers' (SERVER_METHODS, read from the `Allow`
// headers of OPTIONS requests by scripts/generate-server-methods.ts): asked again of the running cluster, its answers
// must be the table's for its version, and the methods the table refuses must get OpenSearch's 405 in the words the
// diagnostic repeats.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { METHOD_VERSIONS, SERVER_METHODS } from '../../server/src/spec/generated/serverMethods';
import { diagnose } from '../unit/service/harness';
import { makeTarget } from '../../server/src/service/target';
import { allowed, probePath, serverMethods } from '../../scripts/generate-server-methods';
import { errorReason, realCluster } from './realEnv';

void describe('HTTP methods on real OpenSearch', () => {
  const cluster = realCluster();

  void it('are the table of its version, route by route', async (t) => {
    const column = METHOD_VERSIONS.indexOf(cluster.version);
    if (column === -1) {
      t.skip(`the table holds ${METHOD_VERSIONS.join(' and ')}, not ${cluster.version}`);
      return;
    }
    const asked = await serverMethods(cluster.url);
    const expected = new Map<string, readonly string[]>();
    for (const [template, row] of SERVER_METHODS) {
      const methods = row[column];
      if (methods !== undefined) expected.set(template, methods);
    }
    assert.deepEqual(
      new Map([...asked].map(([k, v]) => [k, [...v]])),
      new Map([...expected].map(([k, v]) => [k, [...v]])),
    );
  });

  void it('refuse what the language server refuses, in its words', async () => {
    // A method no route of these paths takes (PATCH), one the API client names but the server refuses on the path
    // (PUT /{index}/_doc, POST /_alias), one only some versions take (DELETE /_tasks/{task_id}: 3.9.0 on), and PUT
    // where the client names POST (taken).
    const cases = [
      ['PATCH', '/_search'],
      ['PUT', '/probe-methods/_doc'],
      ['DELETE', '/_tasks/probe:1'],
      ['POST', '/_alias'],
      ['PUT', '/_index_template/probe-methods'],
      ['PUT', '/probe-methods/_mapping'],
    ] as const;
    // Checked for the cluster's own version, as the language server checks with it connected.
    const target = makeTarget({ distribution: 'opensearch', version: cluster.version, source: 'cluster' });
    for (const [method, path] of cases) {
      const found = diagnose('search', `${method} ${path}\n`, target).filter(
        (d) => d.code === 'url.method-not-allowed',
      );
      const allow = (await allowed(cluster.url, path)) ?? [];
      assert.equal(found.length === 1, !allow.includes(method), `${method} ${path}`);
      const diagnostic = found[0];
      if (diagnostic === undefined) continue;
      // Sent for real: the 405's words are the diagnostic's, and name the methods it offers, whatever their order.
      const refused = await fetch(cluster.url + path, { method, headers: { 'content-type': 'application/json' } });
      assert.equal(refused.status, 405, `${method} ${path}`);
      const reason = errorReason(await refused.json()) ?? '';
      assert.ok(diagnostic.message.startsWith(reason.replace(/allowed: \[[^\]]*\]/, 'allowed: [')), reason);
      const listed = /allowed: \[([^\]]*)\]/.exec(reason)?.[1]?.split(', ');
      const offered = (diagnostic.data as { replacements?: string[] } | undefined)?.replacements ?? [];
      assert.deepEqual([...(listed ?? [])].sort(), [...offered].sort(), `${method} ${path}`);
    }
  });

  void it('fill each placeholder of a route with a name of its own', () => {
    assert.equal(probePath('/{index}/_doc/{id}'), '/probe0/_doc/probe1');
  });
});
