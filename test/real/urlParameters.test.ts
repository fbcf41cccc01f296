// The URL parameter tables against a real server: every parameter the tables list for the deep-scope endpoints (and
// a few names no version reads) is sent to the real cluster, and whether the server recognises it must be what the
// tables say of that version. A parameter the server does not read is answered `request [<path>] contains
// unrecognized parameter: [<name>]`; any other answer (success, or another error about the value) means it was read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GLOBAL_PARAMS, SCOPE_ENDPOINTS } from '../../server/src/spec/endpoints';
import { GENERATED_ENDPOINTS } from '../../server/src/spec/generated/endpoints';
import type { EndpointSpec, ParamSpec } from '../../server/src/spec/types';
import { parseVersion } from '../../server/src/spec/versions';
import { makeTarget } from '../../server/src/service/target';
import { diagnose } from '../unit/service/harness';
import { send } from '../unit/corpus';
import { errorReason, realCluster } from './realEnv';

/** Where each endpoint is probed: a concrete method and path that the handler answers quickly. */
const PROBES: Readonly<Record<string, { method: string; path: string; body?: string; contentType?: string }>> = {
  search: { method: 'POST', path: '/products/_search', body: '{"size":0}' },
  msearch: {
    method: 'POST',
    path: '/products/_msearch',
    body: '{}\n{"size":0}\n',
    contentType: 'application/x-ndjson',
  },
  'tasks.list': { method: 'GET', path: '/_tasks' },
  'tasks.get': { method: 'GET', path: '/_tasks/nOsUcHnOdE:1' },
  'tasks.cancel': { method: 'POST', path: '/_tasks/_cancel' },
  'nodes.info': { method: 'GET', path: '/_nodes/_local' },
  'nodes.stats': { method: 'GET', path: '/_nodes/_local/stats/jvm' },
  'nodes.stats indices': { method: 'GET', path: '/_nodes/_local/stats/indices' },
  'nodes.stats fielddata': { method: 'GET', path: '/_nodes/_local/stats/indices/fielddata,search' },
};

/** Names no version reads on these endpoints. */
const NEVER_READ = ['sizee', 'track_total_hit', 'allow_partial_results', 'verbose'];

/** A value of the parameter's kind that a server reading it would accept, so that only unknown names fail. */
function valueOf(param: ParamSpec): string {
  switch (param.kind) {
    case 'boolean':
      return 'false';
    case 'integer':
    case 'long':
      return param.name === 'batched_reduce_size' ? '10' : '1';
    case 'float':
      return '1.0';
    case 'time':
      return '30s';
    case 'enum':
    case 'enumList':
      return param.values?.[0] ?? 'x';
    case 'booleanOrInteger':
      return 'true';
    case 'nodeFilter':
      return '_local';
    case 'taskId':
      return 'nOsUcHnOdE:1';
    case 'indexList':
      return 'products';
    case 'fieldList':
      return 'name';
    case 'actionList':
      return '*search*';
    case 'string':
    case 'list':
      return param.name === 'source' ? '{}' : param.name === 'source_content_type' ? 'application/json' : 'x';
  }
}

function paramsOf(endpoint: EndpointSpec): ParamSpec[] {
  const own = new Map(endpoint.params.map((p) => [p.name, p]));
  for (const p of GLOBAL_PARAMS) if (!own.has(p.name)) own.set(p.name, p);
  return [...own.values()];
}

void describe('URL parameters: the tables say what each real version reads', () => {
  const cluster = realCluster();
  assert.ok(parseVersion(cluster.version), `version ${cluster.version}`);
  const target = makeTarget({ distribution: 'opensearch', version: cluster.version, source: 'cluster' });

  for (const [probeName, probe] of Object.entries(PROBES)) {
    const endpoint = SCOPE_ENDPOINTS.find((e) => e.name === probeName.split(' ')[0]);
    void it(`${probeName}: every listed parameter, and names never read, on OpenSearch ${cluster.version}`, async () => {
      assert.ok(endpoint, `no endpoint for ${probeName}`);
      const disagreements: string[] = [];
      const never: ParamSpec[] = NEVER_READ.map((name) => ({ name, kind: 'string' }));
      const candidates: ParamSpec[] = [...paramsOf(endpoint), ...never];
      // What the API specification lists and the tables do not.
      const listed = new Set(candidates.map((p) => p.name));
      for (const param of GENERATED_ENDPOINTS.find((e) => e.name === endpoint.name)?.params ?? []) {
        if (!listed.has(param.name)) candidates.push(param);
      }
      for (const param of candidates) {
        // `source` replaces the body; the others ride along with it. Parameters that require another one get it.
        const query = new URLSearchParams();
        if (param.requires !== undefined) query.set(param.requires, param.requires === 'q' ? 'name:laptop' : 'name');
        query.set(param.name, valueOf(param));
        if (param.name === 'source_content_type') query.set('source', '{}');
        const sendsBody = probe.body !== undefined && param.name !== 'source' && param.name !== 'source_content_type';
        const path = `${probe.path}?${query.toString()}`;
        const answer = await send(cluster.url, {
          method: probe.method,
          path,
          ...(sendsBody ? { body: probe.body, contentType: probe.contentType ?? 'application/json' } : {}),
        });
        const reason = errorReason(answer.body) ?? '';
        const unrecognized = reason.includes('contains unrecognized parameter') && reason.includes(`[${param.name}]`);
        const flagged = diagnose('search', `${probe.method} ${path}\n`, target).filter(
          (d) => d.code === 'url.unknown-parameter',
        );
        if (unrecognized !== flagged.length > 0) {
          disagreements.push(
            `${path}: OpenSearch ${cluster.version} answered ${answer.status} ${reason}; the language server ${
              flagged.length > 0 ? `says ${flagged[0]!.message}` : 'reads it'
            }`,
          );
        } else if (unrecognized && flagged[0]!.message !== reason) {
          disagreements.push(`${path}: OpenSearch says "${reason}", the language server "${flagged[0]!.message}"`);
        }
      }
      assert.deepEqual(disagreements, []);
    });
  }

  void it(`reads what the specification does not list: placeholders as parameters, size on _cat (${cluster.version})`, async () => {
    // Read by the server, so not reported; then a name read nowhere, reported, as a control.
    const cases = [
      ['POST', '/_cache/clear?index=products', true],
      ['GET', '/_cat/snapshots?repository=absent-repository', true],
      ['GET', '/_cat/nodes?size=1&h=id', true],
      ['GET', '/_cat/indices?size=1&h=index', true],
      ['GET', '/_cat?size=1', false],
    ] as const;
    for (const [method, path, read] of cases) {
      const answer = await send(cluster.url, { method, path });
      const reason = errorReason(answer.body) ?? '';
      assert.equal(!reason.includes('contains unrecognized parameter'), read, `${method} ${path}: ${reason}`);
      const flagged = diagnose('search', `${method} ${path}\n`, target).filter(
        (d) => d.code === 'url.unlisted-parameter',
      );
      assert.equal(flagged.length === 0, read, `${method} ${path}`);
    }
  });

  void it(`knows whether _bulk reads batch_size (${cluster.version})`, async () => {
    const body = '{"index":{"_index":"url-parameters-bulk"}}\n{"a":1}\n';
    const answer = await send(cluster.url, {
      method: 'POST',
      path: '/_bulk?batch_size=5',
      body,
      contentType: 'application/x-ndjson',
    });
    await send(cluster.url, { method: 'DELETE', path: '/url-parameters-bulk' });
    const reason = errorReason(answer.body) ?? '';
    const read = !reason.includes('contains unrecognized parameter');
    const flagged = diagnose('search', `POST /_bulk?batch_size=5\n${body}`, target).filter(
      (d) => d.code === 'url.unlisted-parameter',
    );
    assert.equal(flagged.length === 0, read, `${answer.status} ${reason}`);
  });
});
