// Where the launchers find what they run.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/** The repository (this file is compiled to out/test/e2e/). */
export const ROOT = path.resolve(__dirname, '..', '..', '..');

/** The compiled integration suite's entry module (exports run()). */
export const SUITE_ENTRY = path.join(ROOT, 'out', 'test', 'integration', 'index.js');

/** The empty extension that hosts the suite when the extension under test is the installed .vsix (runE2e.ts). */
export const TEST_HOST = path.join(ROOT, 'test', 'e2e', 'testHost');

export const SCREENSHOTS = path.join(ROOT, '.test-results', 'screenshots');

/** search-requests-<version>.vsix, as `npm run package` names it. */
export async function vsixPath(): Promise<string> {
  const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`);
}

/** A fresh copy of test/fixtures/workspace, so that nothing a run does can change the fixtures. */
export async function copyFixtureWorkspace(parent: string, name: string): Promise<string> {
  const target = path.join(parent, name);
  await fs.cp(path.join(ROOT, 'test', 'fixtures', 'workspace'), target, { recursive: true });
  return target;
}
