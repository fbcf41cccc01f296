// What the benches that serve answers from a child process share: the port the child says it listens on, and how
// long the event loop was blocked at most.
import type { ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';

/** The port a child process prints as `port N` once it listens; rejects if it stops first (`what` names it). */
export function childPort(child: ChildProcess, what: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /port (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => {
      reject(new Error(`${what} stopped`));
    });
  });
}

/** The longest gap between ticks of a 1 ms interval: how long the event loop was blocked at most. */
export function blockProbe(): { stop: () => number } {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(longest, performance.now() - last);
    },
  };
}
