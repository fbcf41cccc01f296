// Runs the unit tests (`out/test/unit/`, built by `tsc -b`) in one Node process instead of one process per file:
// loading the language service, the client core and the local cluster once is most of what a file costs, and on a machine with two cores that per-file start-up was half of the run.
// Every test file still registers its own suites with node:test, so the reporter names each failure's suite.
// Usage: node --test-reporter=spec scripts/unit-tests.mjs [substring of a file path ...]
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FOLDERS = ['out/test/unit'];

/** The compiled test files below `folder`, in a stable order. */
function testFiles(folder) {
  const entries = readdirSync(folder, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.test.js'))
    .map((e) => path.join(e.parentPath ?? e.path, e.name))
    .sort();
}

const filters = process.argv.slice(2);
const files = FOLDERS.flatMap((folder) => testFiles(path.join(root, folder))).filter(
  (file) => filters.length === 0 || filters.some((f) => file.includes(f)),
);
if (files.length === 0) {
  console.error(`no test file matches ${filters.join(', ')} (run tsc -b first)`);
  process.exit(2);
}
const require = createRequire(import.meta.url);
for (const file of files) require(file);
