// Starts the prepared VS Code server (code-server) and installs extensions into it.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { CodeServerInstall } from './codeServerInstall';
import { exec } from './exec';
import { killProcessGroupNow, stopProcessGroup } from './processGroup';

export interface CodeServerOptions {
  readonly install: CodeServerInstall;
  /** Where its user data (settings, state, logs) go; the run's own folder. */
  readonly userDataDir: string;
  readonly extensionsDir: string;
  /** Defaults to 127.0.0.1. */
  readonly host?: string;
  /** 0 (the default) lets the system choose a free port. */
  readonly port?: number;
  /** Added to this process's environment; the extension host inherits it. */
  readonly env?: Readonly<Record<string, string>>;
  /** Receives the server's output lines. */
  readonly log?: (line: string) => void;
  /** How long to wait for the server to listen; 60 s by default. */
  readonly startTimeoutMs?: number;
  /** Keep Workspace Trust on (Restricted Mode for a folder not trusted); off by default. */
  readonly workspaceTrust?: boolean;
}

export interface RunningCodeServer {
  /** http://host:port, without a trailing slash. */
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** Settles when the server process ends. */
  readonly exited: Promise<void>;
  /** Stops the server and every process it started (extension host, language servers). */
  stop(): Promise<void>;
  /** Kills them at once, for process exit handlers. */
  stopNow(): void;
}

/** The arguments every run gives code-server, so that it neither writes into the user's home nor calls home. */
function commonArgs(options: Pick<CodeServerOptions, 'userDataDir' | 'extensionsDir'>): string[] {
  return [
    '--config',
    path.join(options.userDataDir, 'code-server.yaml'),
    '--user-data-dir',
    options.userDataDir,
    '--extensions-dir',
    options.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
  ];
}

/** Installs a .vsix into the extensions folder with code-server's own --install-extension. */
export async function installExtension(
  install: CodeServerInstall,
  dirs: Pick<CodeServerOptions, 'userDataDir' | 'extensionsDir'>,
  vsix: string,
): Promise<string> {
  await fs.mkdir(dirs.userDataDir, { recursive: true });
  const output = await exec(process.execPath, [install.entry, ...commonArgs(dirs), '--install-extension', vsix]);
  return output.trim();
}

/** Writes user settings that keep the workbench quiet and predictable (no welcome page, no tips). */
export async function writeUserSettings(
  userDataDir: string,
  settings: Readonly<Record<string, unknown>>,
): Promise<void> {
  const dir = path.join(userDataDir, 'User');
  await fs.mkdir(dir, { recursive: true });
  await fs.writeFile(path.join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
}

export const QUIET_WORKBENCH_SETTINGS: Readonly<Record<string, unknown>> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'update.mode': 'none',
  'chat.commandCenter.enabled': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'git.enabled': false,
  'git.openRepositoryInParentFolders': 'never',
};

/** With these, a folder opens in Restricted Mode without the trust dialog (not trusted until the user says so). */
export const RESTRICTED_MODE_SETTINGS: Readonly<Record<string, unknown>> = {
  ...QUIET_WORKBENCH_SETTINGS,
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.banner': 'never',
  'security.workspace.trust.untrustedFiles': 'open',
};

export async function startCodeServer(options: CodeServerOptions): Promise<RunningCodeServer> {
  await fs.mkdir(options.userDataDir, { recursive: true });
  await fs.mkdir(options.extensionsDir, { recursive: true });
  const host = options.host ?? '127.0.0.1';
  const args = [
    options.install.entry,
    ...commonArgs(options),
    '--auth',
    'none',
    '--bind-addr',
    `${host}:${options.port ?? 0}`,
    ...(options.workspaceTrust === true ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
  ];
  // A process group of its own, so that stopping it also stops the extension host and the language servers.
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const pid = child.pid;
  if (pid === undefined) {
    throw new Error('code-server could not be started');
  }
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve();
    }),
  );

  const port = await new Promise<number>((resolve, reject) => {
    let pending = '';
    const recent: string[] = [];
    const timer = setTimeout(() => {
      reject(new Error(`code-server did not listen within ${options.startTimeoutMs ?? 60_000} ms`));
    }, options.startTimeoutMs ?? 60_000);
    const onData = (data: Buffer): void => {
      pending += data.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        options.log?.(line);
        recent.push(line);
        if (recent.length > 15) {
          recent.shift();
        }
        const match = /HTTP server listening on https?:\/\/[^\s]*:(\d+)\//.exec(line);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      const how = `code ${String(code)}, signal ${String(signal)}`;
      reject(new Error(`code-server exited before it listened (${how}):\n${[...recent, pending].join('\n')}`));
    });
  }).catch(async (error: unknown) => {
    await stopProcessGroup(child);
    throw error;
  });

  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    pid,
    exited,
    stop: () => stopProcessGroup(child),
    stopNow: () => {
      killProcessGroupNow(child);
    },
  };
}

/** The address that opens a folder in the workbench, with an optional payload (see test/e2e/runSuite.ts). */
export function workbenchUrl(
  serverUrl: string,
  folder: string,
  payload?: readonly (readonly [string, string])[],
): string {
  const url = new URL(serverUrl);
  url.searchParams.set('folder', folder);
  if (payload) {
    url.searchParams.set('payload', JSON.stringify(payload));
  }
  return url.toString();
}

/** A path on the server as the workbench addresses it. */
export function remoteUri(server: RunningCodeServer, fsPath: string): string {
  return `vscode-remote://${new URL(server.url).host}${fsPath}`;
}
