// `npm run demo`: try the extension against a local cluster with sample data, in a real VS Code.
//
//   1. builds and packages the extension (search-requests-<version>.vsix) and the local cluster;
//   2. starts the local cluster on 127.0.0.1:9200, where samples/.vscode/settings.json points, with indexes named
//      slow-* answering in 30 s (an OpenSearch-compatible cluster already listening there is used as it is);
//   3. starts VS Code (code-server, prepared once in a cache folder) with the .vsix installed, opens samples/,
//      and prints the address to open in a browser;
//   4. runs until Ctrl+C, then stops everything.
//
// Options: --desktop       open desktop VS Code (`code` on the PATH) with the development folder instead
//          --port N        VS Code's port (default 8080; 0 for any free port)
//          --host ADDRESS  VS Code's address (default 127.0.0.1; 0.0.0.0 to open it from another machine)
//          --check         open the address in headless Chromium, check that the extension works there against
//                          the cluster, save .test-results/screenshots/demo.png, stop, and exit with the result
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import {
  installExtension,
  QUIET_WORKBENCH_SETTINGS,
  startCodeServer,
  workbenchUrl,
  writeUserSettings,
} from './lib/codeServer';
import { ensureCodeServer } from './lib/codeServerInstall';
import { checkDemo } from './lib/demoCheck';
import { exec, ExecError, npmCommand } from './lib/exec';
import { startLocalCluster } from './lib/localCluster';
import { Shutdown } from './lib/shutdown';

const ROOT = path.resolve(__dirname, '..', '..');
const SAMPLES = path.join(ROOT, 'samples');
const CLUSTER_PORT = 9200;

function log(line: string): void {
  console.log(`[demo] ${line}`);
}

function findOnPath(command: string): string | undefined {
  const names = process.platform === 'win32' ? [`${command}.cmd`, `${command}.exe`] : [command];
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    for (const name of names) {
      if (dir && existsSync(path.join(dir, name))) {
        return path.join(dir, name);
      }
    }
  }
  return undefined;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      desktop: { type: 'boolean', default: false },
      port: { type: 'string', default: '8080' },
      host: { type: 'string', default: '127.0.0.1' },
      check: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port: not a port: ${values.port}`);
  }
  const code = values.desktop ? findOnPath('code') : undefined;
  if (values.desktop && values.check) {
    throw new Error('--check works with the browser demo only.');
  }
  if (values.desktop && !code) {
    throw new Error('--desktop needs desktop VS Code with its `code` command on the PATH.');
  }
  if (!existsSync(path.join(ROOT, 'packages', 'local-cluster', 'src', 'main.ts'))) {
    throw new Error('the local cluster (packages/local-cluster) is not in this checkout.');
  }

  const shutdown = new Shutdown(log);
  shutdown.handleSignals();

  if (values.desktop) {
    log('building the extension (npm run build)');
    await exec(npmCommand, ['run', 'build'], { cwd: ROOT });
  } else {
    log('packaging the extension (npm run package)');
    await exec(npmCommand, ['run', 'package'], { cwd: ROOT });
  }
  log('building the local cluster');
  await exec(process.execPath, ['esbuild.mjs', 'cluster'], { cwd: ROOT });

  // Indexes named slow-* answer slowly, so that a search can be watched in the Tasks view and cancelled there.
  const cluster = await startLocalCluster({ root: ROOT, port: CLUSTER_PORT, args: ['--latency', 'slow-*=30s'], log });
  shutdown.add(
    'the local cluster',
    () => cluster.stop(),
    () => {
      cluster.stopNow();
    },
  );
  log(cluster.started ? `cluster started on ${cluster.url}` : `using the cluster already on ${cluster.url}`);

  if (code) {
    // Desktop VS Code: a window of its own with the extension loaded from this folder (as the launch
    // configuration "Run Extension" does); `code` returns at once, the cluster stays up until Ctrl+C.
    spawn(code, ['--new-window', `--extensionDevelopmentPath=${ROOT}`, SAMPLES], {
      stdio: 'ignore',
      detached: true,
    }).unref();
    log('desktop VS Code is opening samples/ with the extension.');
    log('Ctrl+C stops the cluster.');
    return;
  }

  const install = await ensureCodeServer(log);
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-requests-demo-'));
  shutdown.add('the temporary folder', () => fs.rm(runDir, { recursive: true, force: true }));
  const dirs = { userDataDir: path.join(runDir, 'user-data'), extensionsDir: path.join(runDir, 'extensions') };
  await writeUserSettings(dirs.userDataDir, QUIET_WORKBENCH_SETTINGS);
  const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const vsix = path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`);
  log(`installing ${path.basename(vsix)}`);
  await installExtension(install, dirs, vsix);

  const serverOutput: string[] = [];
  const server = await startCodeServer({
    install,
    ...dirs,
    host: values.host,
    port,
    log: (line) => {
      serverOutput.push(line);
      if (serverOutput.length > 50) {
        serverOutput.shift();
      }
    },
  });
  shutdown.add(
    'VS Code',
    () => server.stop(),
    () => {
      server.stopNow();
    },
  );
  const url = workbenchUrl(server.url, SAMPLES);
  console.log('');
  console.log('  Search Requests demo');
  console.log(`    cluster  ${cluster.url}  (sample data: logs-*, products)`);
  console.log(`    VS Code  ${url}`);
  console.log('');
  console.log('  Open the VS Code address in a browser. Ctrl+C stops both.');
  console.log('');

  if (values.check) {
    const ok = await checkDemo({
      clusterUrl: cluster.url,
      vscodeUrl: url,
      screenshot: path.join(ROOT, '.test-results', 'screenshots', 'demo.png'),
      log,
    });
    await shutdown.exit(ok ? 0 : 1);
  }

  await Promise.race([
    server.exited.then(() => `VS Code stopped:\n${serverOutput.join('\n')}`),
    cluster.exited.then(() => 'the local cluster stopped'),
  ]).then(async (what) => {
    if (!shutdown.stopping) {
      log(what);
      await shutdown.exit(1);
    }
  });
}

main().catch((error: unknown) => {
  if (error instanceof ExecError) {
    console.error(error.output.split('\n').slice(-40).join('\n'));
  }
  console.error(`[demo] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
