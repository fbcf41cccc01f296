// Runs npm scripts at the same time and prints each one's output, whole, once it ends (in the order given); fails
// when one of them fails. `npm test` lints and runs the unit tests this way: on a machine with more than one core
// they take the time of the longer one, not of both.
// Scripts named after `--background` run at a lower priority: on a machine with few cores the longest scripts (the
// critical path) keep their core and the short ones fill the gaps, so the whole ends when the longest would alone.
// Usage: node scripts/parallel.mjs <script>... [--background <script>...]
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const args = process.argv.slice(2);
const split = args.indexOf('--background');
const scripts = split === -1 ? args : args.filter((_, i) => i !== split);
const background = new Set(split === -1 ? [] : args.slice(split + 1));
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}
// Each script's command is run in a shell with node_modules/.bin first on the PATH, as `npm run` does, without
// starting npm once more for each of them.
const root = path.resolve(import.meta.dirname, '..');
const { scripts: commands } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const unknown = scripts.filter((script) => typeof commands[script] !== 'string');
if (unknown.length > 0) {
  console.error(`no npm script named ${unknown.join(', ')}`);
  process.exit(2);
}
const env = {
  ...process.env,
  PATH: `${path.join(root, 'node_modules', '.bin')}${path.delimiter}${process.env.PATH ?? ''}`,
};

/** A background script: a Node process that lowers its own priority, then runs the command in a shell. */
const LOWERED = [
  "const { spawn } = require('node:child_process');",
  "try { require('node:os').setPriority(10); } catch {}",
  "spawn(process.argv[1], { shell: true, stdio: 'inherit' }).on('close', (code) => process.exit(code ?? 1));",
].join(' ');

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const options = { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] };
      const child = background.has(script)
        ? spawn(process.execPath, ['-e', LOWERED, commands[script]], options)
        : spawn(commands[script], { ...options, shell: true });
      const chunks = [];
      child.stdout.on('data', (chunk) => chunks.push(chunk));
      child.stderr.on('data', (chunk) => chunks.push(chunk));
      child.on('error', (error) => {
        resolve({ script, code: 1, output: `${error.message}\n`, seconds: 0 });
      });
      child.on('close', (code, signal) => {
        resolve({
          script,
          code: code ?? (signal === null ? 1 : 128),
          output: Buffer.concat(chunks).toString('utf8'),
          seconds: (Date.now() - started) / 1000,
        });
      });
    }),
);

let failed = false;
for (const run of runs) {
  const { script, code, output, seconds } = await run;
  process.stdout.write(`\n> npm run ${script}\n\n${output}`);
  process.stdout.write(
    `\n[${script}] ${code === 0 ? 'passed' : `failed (exit code ${code})`} in ${seconds.toFixed(1)} s\n`,
  );
  if (code !== 0) failed = true;
}
process.exitCode = failed ? 1 : 0;
