// Starts the local OpenSearch-compatible cluster (packages/local-cluster, bundled to
// packages/local-cluster/dist/cluster.js by `node esbuild.mjs cluster`) as its command line does: it prints `listening on http://HOST:PORT` when ready.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { killProcessGroupNow, stopProcessGroup } from './processGroup';

export interface LocalClusterOptions {
  /** The repository, where packages/local-cluster/dist/cluster.js is. */
  readonly root: string;
  readonly port: number;
  readonly host?: string;
  /** More command-line options of the cluster, e.g. `--latency slow-*=30s`. */
  readonly args?: readonly string[];
  readonly log?: (line: string) => void;
  readonly startTimeoutMs?: number;
}

export interface LocalCluster {
  readonly url: string;
  /** False when a cluster was already listening there and is used as it is. */
  readonly started: boolean;
  /** Settles when the cluster process ends (never, for a cluster that was already there). */
  readonly exited: Promise<void>;
  stop(): Promise<void>;
  stopNow(): void;
}

/** Whether an OpenSearch-compatible cluster answers GET / at this address. */
async function answersAsCluster(url: string): Promise<'cluster' | 'other' | 'nothing'> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(3000) });
    const body = (await response.json()) as { version?: { number?: unknown } };
    return typeof body.version?.number === 'string' ? 'cluster' : 'other';
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    return cause?.code === 'ECONNREFUSED' ? 'nothing' : 'other';
  }
}

export async function startLocalCluster(options: LocalClusterOptions): Promise<LocalCluster> {
  const host = options.host ?? '127.0.0.1';
  const address = `http://${host}:${options.port}`;
  const there = await answersAsCluster(address);
  if (there === 'cluster') {
    return {
      url: address,
      started: false,
      exited: new Promise(() => undefined),
      stop: async () => {},
      stopNow: () => {},
    };
  }
  if (there === 'other') {
    throw new Error(`${address} is taken by something that does not answer as an OpenSearch-compatible cluster.`);
  }

  const child = spawn(
    process.execPath,
    [
      path.join(options.root, 'packages', 'local-cluster', 'dist', 'cluster.js'),
      '--port',
      String(options.port),
      '--host',
      host,
      ...(options.args ?? []),
    ],
    { cwd: options.root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the local cluster did not listen within ${timeoutMs / 1000} s:\n${output}`));
    }, timeoutMs);
    const onData = (data: Buffer): void => {
      output += data.toString('utf8');
      const match = /^listening on (https?:\/\/\S+)$/m.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the local cluster exited (code ${String(code)}) before it listened:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await stopProcessGroup(child);
    throw error;
  });
  child.stdout.on('data', (data: Buffer) => options.log?.(data.toString('utf8').trimEnd()));
  return {
    url,
    started: true,
    exited,
    stop: () => stopProcessGroup(child),
    stopNow: () => {
      killProcessGroupNow(child);
    },
  };
}
