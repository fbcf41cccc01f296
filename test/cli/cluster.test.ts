// search-requests-lint --cluster against the local cluster: what the cluster holds changes the checks as in the
// editor, and a cluster that cannot be used is exit code 2 with a message.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { runLint } from './runLint';

const REQUESTS = [
  'GET /logs-*/_search',
  '{"query": {"term": {"levle": "ERROR"}}, "aggs": {"by": {"terms": {"field": "service"}}}}',
  'GET /nothing-here-*/_search',
  'GET /_nodes/zone:nowhere/stats',
  'GET /_nodes/data:true/stats',
  '',
].join('\n');

void describe('search-requests-lint --cluster', () => {
  let cluster: RunningCluster;
  let secured: RunningCluster;
  let dir: string;
  before(async () => {
    cluster = await startCluster();
    secured = await startCluster({ user: { name: 'reader', password: 'Secret-Pass-1' }, sampleData: false });
    dir = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-cluster-'));
    writeFileSync(path.join(dir, 'cluster.search'), REQUESTS);
  });
  after(async () => {
    await cluster.close();
    await secured.close();
    rmSync(dir, { recursive: true, force: true });
  });

  void it('reports, as information, fields no mapping has, index patterns that match nothing, node filters that select no node', async () => {
    const plain = await runLint(['-f', 'json', 'cluster.search'], dir);
    assert.equal(plain.code, 0);
    assert.equal((JSON.parse(plain.stdout) as { infoCount: number }).infoCount, 0);

    const run = await runLint(['-f', 'json', '--cluster', cluster.url, 'cluster.search'], dir);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 0, 'information does not fail the run');
    const report = JSON.parse(run.stdout) as {
      files: { diagnostics: { code: string; severity: string; line: number; message: string }[] }[];
    };
    assert.deepEqual(
      report.files[0]!.diagnostics.map((d) => [d.line, d.code, d.severity]),
      [
        [2, 'cluster.unknown-field', 'info'],
        [3, 'cluster.no-matching-index', 'info'],
        [4, 'cluster.no-matching-node', 'info'],
      ],
    );
    assert.match(
      report.files[0]!.diagnostics[0]!.message,
      /^No mapping of \[logs-\*\] on cluster \[.*\] has the field \[levle\]\.$/,
    );
    assert.match(
      report.files[0]!.diagnostics[1]!.message,
      /^\[nothing-here-\*\] matches no index or alias on cluster \[/,
    );
  });

  void it("uses the cluster's limit settings: no message says the limit is the default", async () => {
    writeFileSync(path.join(dir, 'limits.search'), 'GET /logs-*/_search\n{"from": 9000, "size": 2000}\n');
    const messages = async (args: string[]): Promise<string[]> => {
      const run = await runLint(['-f', 'json', ...args, 'limits.search'], dir);
      const report = JSON.parse(run.stdout) as { files: { diagnostics: { code: string; message: string }[] }[] };
      return report.files[0]!.diagnostics.filter((d) => d.code === 'search.result-window').map((d) => d.message);
    };
    const alone = await messages([]);
    assert.equal(alone.length, 1);
    assert.match(alone[0]!, /This is the default limit/);
    const connected = await messages(['--cluster', cluster.url]);
    assert.equal(connected.length, 1);
    assert.doesNotMatch(connected[0]!, /default/);
  });

  void it("uses the cluster's search pipelines and the indexes' default pipelines", async () => {
    writeFileSync(
      path.join(dir, 'pipelines.search'),
      'GET /logs-*/_search?search_pipeline=nope\n\nPOST /logs-*/_search\n{"verbose_pipeline": true}\n',
    );
    const findings = async (args: string[]): Promise<string[][]> => {
      const run = await runLint(['-f', 'json', ...args, 'pipelines.search'], dir);
      const report = JSON.parse(run.stdout) as {
        files: { diagnostics: { code: string; severity: string; message: string }[] }[];
      };
      return report.files[0]!.diagnostics.map((d) => [d.code, d.severity, d.message]);
    };
    const verbose = "The 'verbose pipeline' option requires a search pipeline to be defined.";
    assert.deepEqual(
      (await findings([])).map(([code, severity]) => [code, severity]),
      [['search.verbose-pipeline-default', 'warning']],
    );
    assert.deepEqual(await findings(['--cluster', cluster.url]), [
      ['cluster.unknown-search-pipeline', 'error', 'Pipeline nope is not defined'],
      ['search.verbose-pipeline', 'error', verbose],
    ]);
  });

  void it('authenticates with the password from an environment variable, never printing it', async () => {
    const ok = await runLint(
      ['--cluster', secured.url, '--user', 'reader', '--password-env', 'LINT_PASSWORD', 'cluster.search'],
      dir,
      { LINT_PASSWORD: 'Secret-Pass-1' },
    );
    assert.equal(ok.code, 0, ok.stderr);
    // No sample data there: logs-* matches nothing too.
    assert.match(ok.stdout, /\[logs-\*\] matches no index or alias/);

    const wrong = await runLint(
      ['--cluster', secured.url, '--user', 'reader', '--password-env', 'LINT_PASSWORD', 'cluster.search'],
      dir,
      { LINT_PASSWORD: 'not-the-password' },
    );
    assert.equal(wrong.code, 2);
    assert.match(
      wrong.stderr,
      /^search-requests-lint: The cluster 127\.0\.0\.1:\d+ cannot be read: .*401 Unauthorized/,
    );
    assert.ok(!wrong.stderr.includes('not-the-password'));

    const missing = await runLint(
      ['--cluster', secured.url, '--user', 'reader', '--password-env', 'LINT_PASSWORD', 'cluster.search'],
      dir,
    );
    assert.equal(missing.code, 2);
    assert.equal(
      missing.stderr,
      "search-requests-lint: The environment variable LINT_PASSWORD is not set (it should hold the cluster's secret).\n",
    );
  });

  void it('exit code 2 when the cluster cannot be reached', async () => {
    const closed = await startCluster({ sampleData: false });
    const url = closed.url;
    await closed.close();
    const run = await runLint(['--cluster', url, 'cluster.search'], dir);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /^search-requests-lint: The cluster 127\.0\.0\.1:\d+ cannot be read: .+\n$/);
    assert.equal(run.stdout, '');
  });
});
