// The integration suite's entry point: VS Code's extension host calls run() (extensionTestsPath), with the
// real `vscode` API, under either launcher (test/e2e/runDesktop.ts, test/e2e/runE2e.ts).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { removeScratchFiles } from './documents';

/** Test files that must run first: activation is observed before anything else opens a file. */
const FIRST = ['activation.test.js'];

export function run(): Promise<void> {
  const grep = process.env['SEARCH_REQUESTS_TEST_GREP'];
  // A regular expression over the full titles (`Tasks view shows ...`).
  const mocha = new Mocha({
    ui: 'bdd',
    color: true,
    reporter: 'spec',
    timeout: 60_000,
    ...(grep ? { grep: new RegExp(grep) } : {}),
  });
  // The tests of restricted/ need a workspace opened in Restricted Mode: the launchers run them in a VS Code of
  // their own (SEARCH_REQUESTS_TEST_RESTRICTED=1), and only them there.
  const restricted = process.env['SEARCH_REQUESTS_TEST_RESTRICTED'] === '1';
  const files = fs
    .readdirSync(__dirname, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.test.js'))
    .filter((file) => file.startsWith(`restricted${path.sep}`) === restricted)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  for (const file of files) {
    mocha.addFile(path.join(__dirname, file));
  }
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      removeScratchFiles();
      // The launchers read this line for their summary.
      const { passes, failures: failed, pending } = runner.stats ?? { passes: 0, failures, pending: 0 };
      console.log(`integration: ${passes} passed, ${failed} failed, ${pending} skipped`);
      if (failures > 0) {
        reject(new Error(`${failures} integration test(s) failed`));
      } else {
        resolve();
      }
    });
  });
}

function rank(file: string): number {
  const index = FIRST.indexOf(path.basename(file));
  return index === -1 ? FIRST.length : index;
}
