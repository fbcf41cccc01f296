// `npm run test:vscode`: the integration suite in desktop VS Code, with @vscode/test-electron, which downloads
// VS Code from Microsoft (cached in .vscode-test/). Needs internet access; on Linux without a display run it
// under a virtual one: `xvfb-run -a npm run test:vscode`. Where there is no internet, `npm run test:e2e` runs
// the same suite in VS Code from the npm registry.
//
// Options: --vsix     test the packaged .vsix installed into a fresh extensions folder, hosted by
//                     test/e2e/testHost (see runE2e.ts for why), instead of the development folder
// Environment: SEARCH_REQUESTS_VSCODE_VERSION     the version to download (default: stable)
//              SEARCH_REQUESTS_VSCODE_EXECUTABLE  an installed VS Code to use instead of downloading one
//              SEARCH_REQUESTS_TEST_GREP          run only the tests whose title matches
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { downloadAndUnzipVSCode, resolveCliArgsFromVSCodeExecutablePath, runTests } from '@vscode/test-electron';
import { exec, npmCommand } from '../../scripts/lib/exec';
import { copyFixtureWorkspace, ROOT, SUITE_ENTRY, TEST_HOST, vsixPath } from './paths';

async function vscodeExecutable(): Promise<string> {
  const installed = process.env['SEARCH_REQUESTS_VSCODE_EXECUTABLE'];
  if (installed) {
    return installed;
  }
  const version = process.env['SEARCH_REQUESTS_VSCODE_VERSION'] ?? 'stable';
  try {
    return await downloadAndUnzipVSCode({ version, cachePath: path.join(ROOT, '.vscode-test'), timeout: 60_000 });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      [
        `Could not download VS Code (${version}) for the desktop tests: ${reason}`,
        'npm run test:vscode downloads desktop VS Code from Microsoft and needs internet access for that.',
        'Without it: run the same suite with `npm run test:e2e` (VS Code from the npm registry in headless',
        'Chromium), or point SEARCH_REQUESTS_VSCODE_EXECUTABLE at an installed VS Code.',
      ].join('\n'),
    );
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { vsix: { type: 'boolean', default: false } } });
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    console.warn('No display: desktop VS Code needs one. Run this under `xvfb-run -a` if it fails to start.');
  }
  const executable = await vscodeExecutable();
  const runDir = await fs.mkdtemp(path.join(os.tmpdir(), 'search-requests-desktop-'));
  try {
    const workspace = await copyFixtureWorkspace(runDir, 'workspace');
    const extensionsDir = path.join(runDir, 'extensions');
    // An installed extension gives its test API (the views as data) to the suite: it is not in VS Code's test mode.
    const env: Record<string, string> = { SEARCH_REQUESTS_TEST_API: '1' };
    if (values.vsix) {
      await exec(npmCommand, ['run', 'package'], { cwd: ROOT });
      const [cli, ...cliArgs] = resolveCliArgsFromVSCodeExecutablePath(executable);
      if (!cli) {
        throw new Error(`no command line found beside ${executable}`);
      }
      const result = spawnSync(
        cli,
        [...cliArgs, '--extensions-dir', extensionsDir, '--install-extension', await vsixPath()],
        { encoding: 'utf8', stdio: 'inherit' },
      );
      if (result.status !== 0) {
        throw new Error(`installing the .vsix failed (exit code ${String(result.status)})`);
      }
      env['SEARCH_REQUESTS_TEST_EXTENSIONS_DIR'] = extensionsDir;
    }
    const grep = process.env['SEARCH_REQUESTS_TEST_GREP'];
    if (grep) {
      env['SEARCH_REQUESTS_TEST_GREP'] = grep;
    }
    return await runTests({
      vscodeExecutablePath: executable,
      extensionDevelopmentPath: values.vsix ? TEST_HOST : ROOT,
      extensionTestsPath: SUITE_ENTRY,
      extensionTestsEnv: env,
      launchArgs: [
        workspace,
        '--extensions-dir',
        extensionsDir,
        '--user-data-dir',
        path.join(runDir, 'user-data'),
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--disable-telemetry',
      ],
    });
  } finally {
    await fs.rm(runDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
