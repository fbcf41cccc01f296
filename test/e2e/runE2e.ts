// `npm run test:e2e`: the extension in a real VS Code (code-server, from the npm registry) in headless Chromium.
//
//   1. builds and packages the .vsix, installs it with code-server's --install-extension into a fresh
//      extensions folder (with --dev: loads the development folder instead);
//   2. runs the integration suite (test/integration) in code-server's extension host (runSuite.ts);
//   3. drives the workbench as a user would and saves screenshots to .test-results/screenshots (uiTour.ts), then
//      the console tour against the local cluster (consoleTour.ts, on the development folder);
//   4. stops everything and exits with the result.
//
// Options: --dev            load the development folder instead of the .vsix
//          --no-ui          skip the UI tour          --no-suite   skip the suite
//          --keep           keep the run's temporary folder (user data, logs)
//          --grep TEXT      run only the suite's tests whose title matches (the Restricted Mode suite, in a VS Code
//                           of its own, runs when TEXT names it or without --grep)
//
// Why a test host extension: the extension host runs a tests module only for an extension under development
// (extensionDevelopmentPath). Giving it the project folder would load the sources' copy of the extension over
// the installed one (a development extension shadows an installed one with the same id), and the .vsix would go
// untested. So, when testing the .vsix, the extension under development is test/e2e/testHost: an empty
// extension with another id, whose only job is to let the host run the suite; the suite then meets the
// extension exactly as a user gets it, installed from the .vsix (and checks where it runs from).
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../../scripts/lib/browser';
import {
  installExtension,
  QUIET_WORKBENCH_SETTINGS,
  RESTRICTED_MODE_SETTINGS,
  startCodeServer,
  writeUserSettings,
} from '../../scripts/lib/codeServer';
import { ensureCodeServer } from '../../scripts/lib/codeServerInstall';
import { exec, ExecError, npmCommand } from '../../scripts/lib/exec';
import { Shutdown } from '../../scripts/lib/shutdown';
import { copyFixtureWorkspace, ROOT, SCREENSHOTS, SUITE_ENTRY, TEST_HOST, vsixPath } from './paths';
import { runSuite } from './runSuite';
import { addTally, emptyTally, formatTally, parseTally, type Tally } from './tally';
import { runUiTour } from './uiTour';

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
    const vsix = await vsixPath();
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
      const output = await installExtension(install, { userDataDir, extensionsDir }, vsix);
      log(output.split('\n').find((line) => line.includes('successfully installed')) ?? output);
    }

    // No extension gallery: nothing here installs from one, and the machines that run this may have no internet.
    // The installed extension gives its test API (the views as data) to the suite: it is not in VS Code's test mode.
    const env: Record<string, string> = { EXTENSIONS_GALLERY: '{}', SEARCH_REQUESTS_TEST_API: '1' };
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

    const tally = emptyTally();
    if (!values['no-suite']) {
      const workspace = await copyFixtureWorkspace(runDir, 'suite-workspace');
      log(`integration suite (${values.dev ? 'development folder' : 'installed .vsix'})`);
      const result = await runSuite({
        browser,
        server,
        workspace,
        extensionDevelopmentPath: values.dev ? ROOT : TEST_HOST,
        extensionTestsPath: SUITE_ENTRY,
        timeoutMs: SUITE_TIMEOUT_MS,
        print: (line) => {
          console.log(line);
        },
      });
      log(`integration suite exited with ${result.code}`);
      const counted = result.tally ?? emptyTally();
      if (result.code !== 0 && counted.failed === 0) {
        // The suite failed outside any test: it could not start, or it hung.
        counted.failed = 1;
      }
      addTally(tally, counted);
      if (values.grep === undefined || /restricted/i.test(values.grep)) {
        addTally(
          tally,
          await runRestrictedSuite({
            runDir,
            install,
            env,
            extensionsDir,
            browser,
            shutdown,
            extensionDevelopmentPath: values.dev ? ROOT : TEST_HOST,
          }),
        );
      }
    }
    if (!values['no-ui']) {
      const workspace = await copyFixtureWorkspace(runDir, 'tour-workspace');
      addTally(
        tally,
        await runUiTour({
          ...(values.dev ? { extensionDevelopmentPath: ROOT } : {}),
          browser,
          server,
          workspace,
          screenshots: SCREENSHOTS,
          log,
        }),
      );
    }
    if (!values['no-ui']) {
      // The console tour needs a cluster and a workspace of its own: it runs its own VS Code on the development folder.
      addTally(tally, await runConsoleTour());
    }
    const ok = tally.failed === 0;
    if (!ok) {
      log('the last lines of code-server:');
      for (const line of serverLog.slice(-30)) {
        console.log(`  ${line}`);
      }
    }
    log(`${ok ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
    console.log(`e2e: ${formatTally(tally)}`);
    return ok ? 0 : 1;
  } finally {
    clearTimeout(deadline);
    await shutdown.stop();
  }
}

/**
 * The tests of test/integration/restricted/ in a VS Code of their own, with Workspace Trust on and the folder not
 * trusted (Restricted Mode, no trust dialog): what the extension does for a repository the user has not trusted.
 */
async function runRestrictedSuite(options: {
  readonly runDir: string;
  readonly install: Awaited<ReturnType<typeof ensureCodeServer>>;
  readonly env: Readonly<Record<string, string>>;
  readonly extensionsDir: string;
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>;
  readonly shutdown: Shutdown;
  readonly extensionDevelopmentPath: string;
}): Promise<Tally> {
  const userDataDir = path.join(options.runDir, 'restricted-user-data');
  await writeUserSettings(userDataDir, RESTRICTED_MODE_SETTINGS);
  const server = await startCodeServer({
    install: options.install,
    userDataDir,
    extensionsDir: options.extensionsDir,
    env: { ...options.env, SEARCH_REQUESTS_TEST_RESTRICTED: '1' },
    workspaceTrust: true,
  });
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => (stopped ??= server.stop());
  options.shutdown.add('code-server (Restricted Mode)', stop, () => {
    if (stopped === undefined) server.stopNow();
  });
  const workspace = await copyFixtureWorkspace(options.runDir, 'restricted-workspace');
  log('integration suite in Restricted Mode (a folder not trusted)');
  const result = await runSuite({
    browser: options.browser,
    server,
    workspace,
    extensionDevelopmentPath: options.extensionDevelopmentPath,
    extensionTestsPath: SUITE_ENTRY,
    timeoutMs: SUITE_TIMEOUT_MS,
    print: (line) => {
      console.log(line);
    },
  });
  await stop();
  log(`integration suite in Restricted Mode exited with ${result.code}`);
  const counted = result.tally ?? emptyTally();
  if (result.code !== 0 && counted.failed === 0) counted.failed = 1;
  return counted;
}

/** `consoleTour.js` as a process: its steps, counted from its closing line. */
function runConsoleTour(): Promise<Tally> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(__dirname, 'consoleTour.js')], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let counted: Tally | undefined;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      process.stdout.write(chunk);
      for (const line of chunk.split('\n')) counted = parseTally(line) ?? counted;
    });
    child.once('exit', (code) => {
      resolve(counted ?? { passed: 0, failed: code === 0 ? 0 : 1, skipped: 0 });
    });
  });
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
