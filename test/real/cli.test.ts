// search-requests-lint --cluster on real OpenSearch with the sample data: the indexes and nodes it reads, and the
// target taken from the cluster's own version.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runLint } from '../cli/runLint';
import { realCluster } from './realEnv';

void describe('search-requests-lint --cluster on real OpenSearch', () => {
  const cluster = realCluster();
  let dir: string;
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-real-'));
    writeFileSync(
      path.join(dir, 'real.search'),
      [
        'GET /logs-*/_search',
        '{"query": {"term": {"levle": "ERROR"}}, "aggs": {"by": {"terms": {"field": "service"}}}}',
        'GET /logs/_search',
        'GET /products,nothing-here-*/_search',
        'GET /_nodes/zone:zone-a/stats',
        'GET /_nodes/zone:nowhere/stats',
        'GET /_search',
        '{"query": {"combined_fields": {"query": "x", "fields": ["message"]}}}',
        '',
      ].join('\n'),
    );
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  void it('marks what matches nothing on the cluster (fields, indexes, nodes), and checks for its version', async () => {
    const run = await runLint(['-f', 'json', '--cluster', cluster.url, 'real.search'], dir);
    assert.equal(run.stderr, '');
    const report = JSON.parse(run.stdout) as {
      files: { diagnostics: { code: string; line: number; message: string }[] }[];
    };
    const found = report.files[0]!.diagnostics.map((d) => [d.line, d.code]);
    // combined_fields came with OpenSearch 3.2: an error on 2.19, nothing on 3.8.
    const versionError = cluster.major < 3 ? [[8, 'query.clause-version']] : [];
    assert.deepEqual(found, [
      [2, 'cluster.unknown-field'],
      [4, 'cluster.no-matching-index'],
      [6, 'cluster.no-matching-node'],
      ...versionError,
    ]);
    assert.equal(run.code, versionError.length > 0 ? 1 : 0);
    if (versionError.length > 0) {
      assert.match(report.files[0]!.diagnostics[3]!.message, new RegExp(`the target is OpenSearch ${cluster.version}`));
    }
  });

  // What the cluster's own state makes it refuse: the CLI reads that state (search pipelines, mappings, plugins and
  // index settings) as the extension does, and each request is sent too, to see the cluster refuse it.
  void it('marks what the cluster refuses for its pipelines, mappings and analyzers, as it refuses them', async () => {
    const requests: readonly (readonly [string, string])[] = [
      ['/logs/_search?search_pipeline=no-such-pipeline', '{}'],
      ['/logs/_search', '{"sort": [{"no_such_field": "asc"}]}'],
      ['/logs/_search', '{"query": {"match": {"message": {"query": "x", "analyzer": "no_such_analyzer"}}}}'],
    ];
    const file = path.join(dir, 'state.search');
    writeFileSync(file, requests.map(([target, body]) => `GET ${target}\n${body}\n`).join(''));
    const run = await runLint(['-f', 'json', '--cluster', cluster.url, 'state.search'], dir);
    assert.equal(run.stderr, '');
    const report = JSON.parse(run.stdout) as { files: { diagnostics: { code: string; line: number }[] }[] };
    // The pipeline on its request line (the URL parameter), the others on their body lines.
    assert.deepEqual(
      report.files[0]!.diagnostics.map((d) => [d.line, d.code]),
      [
        [1, 'cluster.unknown-search-pipeline'],
        [4, 'cluster.sort-unmapped'],
        [6, 'cluster.analyzer-not-found'],
      ],
    );
    assert.equal(run.code, 1);
    for (const [target, body] of requests) {
      const answer = await fetch(`${cluster.url}${target}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = await answer.text();
      const failedShards = (JSON.parse(text) as { _shards?: { failed?: number } })._shards?.failed ?? 0;
      assert.ok(answer.status >= 400 || failedShards > 0, `${target} ${body}: ${answer.status} ${text}`);
    }
  });
});
