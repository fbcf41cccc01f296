// A real HTTP proxy for the tests: Debian's tinyproxy, started on a free loopback port with a configuration of
// its own (optionally with basic authentication), logging each connection to a file, stopped by its process id.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';

export interface Tinyproxy {
  readonly url: string;
  readonly port: number;
  /** What the proxy logged so far. */
  log(): string;
  close(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => {
        resolve(port);
      });
    });
  });
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => {
      resolve(false);
    });
  });
}

function tinyproxyInstalled(): boolean {
  return spawnSync('tinyproxy', ['-v'], { encoding: 'utf8' }).status === 0;
}

export async function startTinyproxy(auth?: { user: string; password: string }): Promise<Tinyproxy> {
  if (!tinyproxyInstalled()) {
    throw new Error('tinyproxy is not installed: the proxy tests need it (Debian: apt-get install tinyproxy)');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'search-requests-proxy-'));
  const port = await freePort();
  const logFile = path.join(dir, 'tinyproxy.log');
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Timeout 30',
    'MaxClients 20',
    'LogLevel Connect',
    `LogFile "${logFile}"`,
    // Only this machine may use it; CONNECT to any port (the test clusters listen on random ones).
    'Allow 127.0.0.1',
    ...(auth === undefined ? [] : [`BasicAuth ${auth.user} ${auth.password}`]),
    '',
  ].join('\n');
  const configFile = path.join(dir, 'tinyproxy.conf');
  fs.writeFileSync(configFile, config);
  const child: ChildProcess = spawn('tinyproxy', ['-d', '-c', configFile], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );
  const deadline = Date.now() + 10_000;
  while (!(await canConnect(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `tinyproxy did not start on port ${port}: ${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
    close: async () => {
      if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
