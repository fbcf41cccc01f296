// search-requests-lint: the entry point of the bundle (bin).
import { runCli } from './cli';

// A reader that stops early (`search-requests-lint | head`) closes the pipe: what is left to print has nowhere to go,
// and the exit code still tells the result. Without a listener, the stream's error would end the process with a
// stack trace.
// Any other failure to write is the trouble of exit code 2.
let writeFailed = false;
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') return;
    writeFailed = true;
    process.exitCode = 2;
  });
}

runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr,
}).then(
  (code) => {
    process.exitCode = writeFailed ? 2 : code;
  },
  (error: unknown) => {
    process.stderr.write(
      `search-requests-lint: unexpected failure: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
