// `npm run watch`: keeps both the compiled output (tsc -b, for the tests and scripts in out/) and the bundles
// (esbuild, for the extension and the language server) current as files change. Ctrl+C stops both.
// In VS Code the two run as the tasks "npm: watch:tsc" and "npm: watch:bundles" (.vscode/tasks.json), each with a
// problem matcher that knows when it is ready.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const children = [
  spawn(process.execPath, [require.resolve('typescript7/bin/tsc'), '-b', '--watch', '--preserveWatchOutput'], {
    stdio: 'inherit',
  }),
  spawn(process.execPath, ['esbuild.mjs', '--watch'], { stdio: 'inherit' }),
];
let stopping = false;
const stop = () => {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    if (stopping) return;
    // A watcher ended on its own: stop the other too, and say how the first ended.
    stop();
    process.exitCode = code ?? 1;
  });
}
