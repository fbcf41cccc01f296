// `npm run test:real -- [--version 3|3.8|2|2.19.1|all] [--url <cluster>] [--test-name-pattern <text>] [--no-vscode]`: the tests
// that hold the project to real OpenSearch. For each version it starts a real cluster (scripts/lib/realOpenSearch.ts)
// with the sample data, runs the test files of test/real against it, then the integration suite's running, tasks and
// clusters tests in a real VS Code (test/e2e/runE2e.ts --dev --no-ui) against the same cluster, and stops it. `--url` (or SEARCH_REQUESTS_OPENSEARCH_URL)
// runs them against a cluster of your own instead, which must hold the sample data (`npm run opensearch` loads it).
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { loadSampleDataInto } from '../../scripts/lib/sampleBulk';
import {
  realVersionsOf,
  realVersionWords,
  OpenSearchSetupError,
  startOpenSearch,
  type RealOpenSearch,
} from '../../scripts/lib/realOpenSearch';

function log(line: string): void {
  console.log(`[real] ${line}`);
}

/** The integration suite's tests that depend on the cluster (test/integration/testCluster.ts says what differs). */
const SUITE_ON_REAL = '^(Running requests|Tasks view|Clusters view|Warnings from the cluster)';

function runSuiteAgainst(url: string): Promise<number> {
  const child = spawn(
    process.execPath,
    [path.join(__dirname, '..', 'e2e', 'runE2e.js'), '--dev', '--no-ui', '--grep', SUITE_ON_REAL],
    { stdio: 'inherit', env: { ...process.env, SEARCH_REQUESTS_TEST_OPENSEARCH_URL: url } },
  );
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      resolve(code ?? 1);
    }),
  );
}

function runNodeTests(env: Record<string, string>, pattern: string | undefined): Promise<number> {
  const dir = __dirname;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.test.js'))
    .sort()
    .map((f) => path.join(dir, f));
  const args = ['--test', '--test-reporter=spec', '--test-concurrency=1'];
  if (pattern !== undefined) args.push(`--test-name-pattern=${pattern}`);
  const child = spawn(process.execPath, [...args, ...files], { stdio: 'inherit', env: { ...process.env, ...env } });
  return new Promise((resolve) =>
    child.once('exit', (code) => {
      resolve(code ?? 1);
    }),
  );
}

async function versionOf(url: string): Promise<string> {
  const response = await fetch(url);
  const body = (await response.json()) as { version?: { number?: string } };
  if (typeof body.version?.number !== 'string') throw new Error(`${url} does not answer GET / as OpenSearch does`);
  return body.version.number;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      version: { type: 'string', default: 'all' },
      url: { type: 'string' },
      'test-name-pattern': { type: 'string' },
      'no-vscode': { type: 'boolean', default: false },
    },
  });
  const pattern = values['test-name-pattern'];
  const url = values.url ?? process.env.SEARCH_REQUESTS_OPENSEARCH_URL;
  if (url !== undefined) {
    const version = await versionOf(url);
    log(`against ${url} (OpenSearch ${version})`);
    const code = await runNodeTests({ SEARCH_REQUESTS_REAL_URL: url, SEARCH_REQUESTS_REAL_VERSION: version }, pattern);
    const suite = values['no-vscode'] ? 0 : await runSuiteAgainst(url);
    return code === 0 && suite === 0 ? 0 : 1;
  }
  const wanted = realVersionsOf(values.version);
  if (wanted === undefined) {
    console.error(`--version is ${realVersionWords(true)}, not ${values.version}`);
    return 2;
  }
  let failed = 0;
  for (const version of wanted) {
    const started = Date.now();
    let cluster: RealOpenSearch | undefined;
    // The ports are chosen free, then bound by the JVM a moment later: another process may take one in between, and
    // OpenSearch then exits before it answers. A second start, with other ports, tells that apart from a real fault.
    for (let attempt = 1; cluster === undefined; attempt++) {
      try {
        cluster = await startOpenSearch({ version, port: 0, progress: log });
      } catch (e) {
        const exited = e instanceof OpenSearchSetupError && e.message.startsWith('OpenSearch exited');
        console.error(e instanceof OpenSearchSetupError ? e.message : e);
        if (!exited || attempt === 2) return 1;
        log('starting again, with other ports');
      }
    }
    const stop = (): void => {
      cluster.stopNow();
      process.exit(1);
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const count = await loadSampleDataInto(cluster.url, { replicas: 1 });
      log(
        `OpenSearch ${cluster.version} at ${cluster.url} with ${count} sample documents (${Date.now() - started} ms)`,
      );
      const code = await runNodeTests(
        { SEARCH_REQUESTS_REAL_URL: cluster.url, SEARCH_REQUESTS_REAL_VERSION: cluster.version },
        pattern,
      );
      const suite = values['no-vscode'] ? 0 : await runSuiteAgainst(cluster.url);
      if (code !== 0 || suite !== 0) failed++;
      log(`OpenSearch ${cluster.version}: ${code === 0 && suite === 0 ? 'passed' : 'FAILED'}`);
    } finally {
      process.removeListener('SIGINT', stop);
      process.removeListener('SIGTERM', stop);
      await cluster.stop();
    }
  }
  return failed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
