// What activation pays for the extension bundle, and what the first `aws` cluster pays for the AWS module: bundle
// sizes, and the time to load each bundle in a fresh Node process (median of several), with a stand-in for the
// `vscode` module. Activation loads client/dist/extension.js only; client/dist/aws.js is loaded on first use.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const ROOT = process.env['SEARCH_REQUESTS_BENCH_ROOT'] ?? path.resolve(__dirname, '..', '..');
const RUNS = 15;

/** A fresh process loads `file` (with `vscode` stubbed) and prints the milliseconds it took. */
const PROBE = `
const Module = require('node:module');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest);
};
// What the bundle reads from \`vscode\` while it loads (before activate): a hierarchical kind for paste edits, built
// with DocumentDropOrPasteEditKind.Empty.append(...) as VS Code's own is; any other name is a function doing nothing.
const kind = (value) => ({ value, append: (...parts) => kind([value, ...parts].filter((p) => p !== '').join('.')) });
const known = { DocumentDropOrPasteEditKind: { Empty: kind('') } };
require.cache['vscode'] = {
  id: 'vscode',
  filename: 'vscode',
  loaded: true,
  exports: new Proxy(known, { get: (target, name) => (name in target ? target[name] : function () {}) }),
};
const started = performance.now();
require(process.argv[1]);
process.stdout.write(String(performance.now() - started));
`;

export function loadMs(file: string, runs = RUNS): number[] {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const result = spawnSync(process.execPath, ['-e', PROBE, file], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`loading ${file} failed: ${result.stderr}`);
    out.push(Number(result.stdout));
  }
  return out.sort((a, b) => a - b);
}

function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

export function runActivationBench(): void {
  console.log('activation: bundle sizes and load times (fresh process, median of 15)');
  for (const name of [
    'client/dist/extension.js',
    'client/dist/aws.js',
    'client/dist/worker.js',
    'server/dist/server.js',
  ]) {
    const file = path.join(ROOT, name);
    if (!fs.existsSync(file)) {
      console.log(`  ${name.padEnd(26)} missing (build first)`);
      continue;
    }
    const size = fs.statSync(file).size;
    const loads = name.startsWith('client/dist/extension') || name.startsWith('client/dist/aws') ? loadMs(file) : [];
    const median =
      loads.length > 0
        ? `  load median ${loads[Math.floor(loads.length / 2)]!.toFixed(1)} ms (min ${loads[0]!.toFixed(1)}, max ${loads[loads.length - 1]!.toFixed(1)})`
        : '';
    console.log(`  ${name.padEnd(26)} ${kib(size).padStart(11)}${median}`);
  }
  const extension = path.join(ROOT, 'client/dist/extension.js');
  if (fs.existsSync(extension)) {
    const text = fs.readFileSync(extension, 'utf8');
    const sdk = ['aws4_request', 'CredentialsProviderError', 'sso_start_url'].filter((marker) => text.includes(marker));
    console.log(`  AWS SDK code in extension.js: ${sdk.length === 0 ? 'none' : sdk.join(', ')}`);
  }
}

if (require.main === module) runActivationBench();
