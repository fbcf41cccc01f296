// `npm run test:e2e`: the extension in a real VS Code (code-server, from the npm registry) in headless Chromium.
//
//   1. builds and packages the .vsix, installs it with code-server's --install-extension into a fresh
//      extensions folder (with --dev: loads the development folder instead);
//   2. runs the integration suite (test/integration) in code-server's extension host (runSuite.ts);
//   3. drives the workbench as a user would and saves screenshots to .test-results/screenshots (uiTour.ts);
//   4. stops everything and exits with the result.
//
// Options: --dev            load the development folder instead of the .vsix
//          --no-ui          skip the UI tour          --no-suite   skip the suite
//          --keep           keep the run's temporary folder (user data, logs)
//          --grep TEXT      run only the suite's tests whose title matches
//
// Why a test host extension: the extension host runs a tests module only for an extension under development
// (extensionDevelopmentPath). Giving it the project folder would load the sources' copy of the extension over
// the installed one (a development extension shadows an installed one with the same id), and the .vsix would go
// untested. So, when testing the .vsix, the extension under development is test/e2e/testHost: an empty
// extension with another id, whose only job is to let the host run the suite; the suite then meets the
// extension exactly as a user gets it, installed from the .vsix (and checks where it runs from).
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../../scripts/lib/browser';
import {
  installExtension,
  QUIET_WORKBENCH_SETTINGS,
  startCodeServer,
  writeUserSettings,
} from '../../scripts/lib/codeServer';
import { ensureCodeServer } from '../../scripts/lib/codeServerInstall';
import { exec, ExecError, npmCommand } from '../../scripts/lib/exec';
import { Shutdown } from '../../scripts/lib/shutdown';
import { runSuite } from './runSuite';
import { runUiTour } from './uiTour';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const GLOBAL_TIMEOUT_MS = 15 * 60_000;
const SUITE_TIMEOUT_MS = 5 * 60_000;

function log(line: string): void {
  console.log(`[e2e] ${line}`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      dev: { type: 'boolean', default: false },
      'no-ui': { type: 'boolean', default: false },
      'no-suite': { type: 'boolean', default: false },
      keep: { type: 'boolean', default: false },
      grep: { type: 'string' },
    },
  });
  const shutdown = new Shutdown();
  shutdown.handleSignals();
  const deadline = setTimeout(() => {
    log(`global timeout: not finished after ${GLOBAL_TIMEOUT_MS / 60_000} minutes`);
    void shutdown.exit(1);
  }, GLOBAL_TIMEOUT_MS);

  try {
    const started = Date.now();
    const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
    };
    const vsix = path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`);
    if (values.dev) {
      log('building (npm run build)');
      await exec(npmCommand, ['run', 'build'], { cwd: ROOT });
    } else {
      log('packaging (npm run package)');
      await exec(npmCommand, ['run', 'package'], { cwd: ROOT });
    }
    const install = await ensureCodeServer((line) => {
      log(line);
    });

    const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-requests-e2e-'));
    if (!values.keep) {
      shutdown.add('the temporary folder', () => fs.rm(runDir, { recursive: true, force: true }));
    } else {
      log(`keeping ${runDir}`);
    }
    const userDataDir = path.join(runDir, 'user-data');
    const extensionsDir = path.join(runDir, 'extensions');
    await writeUserSettings(userDataDir, QUIET_WORKBENCH_SETTINGS);
    await fs.mkdir(extensionsDir, { recursive: true });
    if (!values.dev) {
      log(`installing ${path.basename(vsix)}`);
      log(await installExtension(install, { userDataDir, extensionsDir }, vsix));
    }

    // No extension gallery: nothing here installs from one, and the machines that run this may have no internet.
    const env: Record<string, string> = { EXTENSIONS_GALLERY: '{}' };
    if (!values.dev) {
      env['SEARCH_REQUESTS_TEST_EXTENSIONS_DIR'] = extensionsDir;
    }
    if (values.grep) {
      env['SEARCH_REQUESTS_TEST_GREP'] = values.grep;
    }
    const serverLog: string[] = [];
    const server = await startCodeServer({
      install,
      userDataDir,
      extensionsDir,
      env,
      log: (line) => serverLog.push(line),
    });
    shutdown.add(
      'code-server',
      () => server.stop(),
      () => {
        server.stopNow();
      },
    );
    log(
      `VS Code ${install.version} (code-server) on ${server.url} after ${Math.round((Date.now() - started) / 1000)} s`,
    );

    const browser = await launchBrowser();
    shutdown.add('chromium', () => browser.close());

    let failed = 0;
    if (!values['no-suite']) {
      const workspace = await copyWorkspace(runDir, 'suite-workspace');
      log(`integration suite (${values.dev ? 'development folder' : 'installed .vsix'})`);
      const code = await runSuite({
        browser,
        server,
        workspace,
        extensionDevelopmentPath: values.dev ? ROOT : path.join(ROOT, 'test', 'e2e', 'testHost'),
        extensionTestsPath: path.join(ROOT, 'out', 'test', 'integration', 'index.js'),
        timeoutMs: SUITE_TIMEOUT_MS,
        print: (line) => {
          console.log(line);
        },
      });
      log(`integration suite exited with ${code}`);
      failed += code === 0 ? 0 : 1;
    }
    if (!values['no-ui']) {
      const workspace = await copyWorkspace(runDir, 'tour-workspace');
      const ok = await runUiTour({
        browser,
        server,
        workspace,
        screenshots: path.join(ROOT, '.test-results', 'screenshots'),
        log,
      });
      failed += ok ? 0 : 1;
    }
    if (failed > 0) {
      log('code-server output:');
      for (const line of serverLog.slice(-30)) {
        console.log(`  ${line}`);
      }
    }
    log(`${failed === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    return failed === 0 ? 0 : 1;
  } finally {
    clearTimeout(deadline);
    await shutdown.stop();
  }
}

async function copyWorkspace(runDir: string, name: string): Promise<string> {
  const target = path.join(runDir, name);
  await fs.cp(path.join(ROOT, 'test', 'fixtures', 'workspace'), target, { recursive: true });
  return target;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ExecError) {
      console.error(error.output.split('\n').slice(-60).join('\n'));
    }
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
