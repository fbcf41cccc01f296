// Processes started with `detached: true` lead a process group of their own; stopping the group stops what they
// started too (code-server's extension host and the language servers in it, the cluster's workers).
import type { ChildProcess } from 'node:child_process';

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}

/** SIGTERM to the group, SIGKILL to whatever is left after a grace period. */
export async function stopProcessGroup(child: ChildProcess, graceMs = 5000): Promise<void> {
  const pid = child.pid;
  if (pid === undefined) {
    return;
  }
  const exited =
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) =>
          child.once('exit', () => {
            resolve();
          }),
        );
  signalGroup(pid, 'SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([exited, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
  clearTimeout(timer);
  signalGroup(pid, 'SIGKILL');
}

/** For process exit handlers, where nothing can be awaited. */
export function killProcessGroupNow(child: ChildProcess): void {
  if (child.pid !== undefined) {
    signalGroup(child.pid, 'SIGKILL');
  }
}
