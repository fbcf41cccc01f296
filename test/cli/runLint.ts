// Runs the built command-line linter as a process, on a copy of a fixture folder.
import { execFile, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';

export const REPOSITORY = path.resolve(__dirname, '../../..');
/** What the package's bin runs (package.json), which loads the linter's bundle. */
const LINT_BIN = path.join(REPOSITORY, 'packages/cli/dist/bin.js');
export const FIXTURES = path.join(REPOSITORY, 'test/fixtures/cli');
const EXPECTED = path.join(FIXTURES, 'expected');

export interface LintRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export function runLint(
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
  bin = LINT_BIN,
): Promise<LintRun> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd, env: { PATH: process.env['PATH'] ?? '', ...env }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : undefined;
        if (code === undefined) {
          reject(error ?? new Error('no exit code'));
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/**
 * The linter run with its output read by nothing: the reading end of its standard output is closed before it writes,
 * as when `| head` has stopped reading. Gives the exit code and what it wrote on standard error.
 */
export function runLintUnread(args: readonly string[], cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [LINT_BIN, ...args], {
      cwd,
      env: { PATH: process.env['PATH'] ?? '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === null) reject(new Error('ended by a signal'));
      else resolve({ code, stderr });
    });
  });
}

/** A fresh copy of test/fixtures/cli/project (its `gitignore` becomes `.gitignore`, git's own would hide files). */
export function projectCopy(): { dir: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-'));
  cpSync(path.join(FIXTURES, 'project'), dir, { recursive: true });
  renameSync(path.join(dir, 'gitignore'), path.join(dir, '.gitignore'));
  return {
    dir,
    dispose: () => {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The expected text of test/fixtures/cli/expected/NAME. With SEARCH_REQUESTS_UPDATE_EXPECTED=1 the actual text is
 * written there instead (then read the diff before committing it).
 */
export function expected(name: string, actual: string): string {
  const file = path.join(EXPECTED, name);
  if (process.env['SEARCH_REQUESTS_UPDATE_EXPECTED'] === '1') writeFileSync(file, actual);
  return readFileSync(file, 'utf8');
}
