// Runs npm scripts at the same time and prints each one's output, whole, once it ends (in the order given); fails
// when one of them fails. `npm test` lints and runs the unit tests this way: on a machine with more than one core
// they take the time of the longer one, not of both.
// Usage: node scripts/parallel.mjs <script> [<script>...]
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script>...');
  process.exit(2);
}
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const runs = scripts.map(
  (script) =>
    new Promise((resolve) => {
      const started = Date.now();
      const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
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
