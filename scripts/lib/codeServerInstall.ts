// Prepares a real VS Code (the web build that the npm package `code-server` carries) in a cache folder of its
// own, outside node_modules: it is large (about 340 MB) and the same for every checkout.
//
// The package's own postinstall downloads things, which fails where only the npm registry and Debian's packages
// can be reached, so it is installed with --ignore-scripts and its install steps are done here by hand: the
// native modules are built with node-gyp against this Node's headers, ripgrep comes from the system.
//
// The preparation happens in a staging folder of its own, which is renamed into place only when everything
// succeeded and a marker file is written; an interrupted run leaves only a staging folder, which the next run
// removes. Two runs at once each prepare their own copy and the first rename wins.
import * as fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exec, ExecError, npmCommand } from './exec';

const CODE_SERVER_VERSION = '4.100.3';

/** Native modules of VS Code's server that must be built for this Node. */
const NATIVE_MODULES = [
  '@parcel/watcher',
  '@vscode/spdlog',
  'native-watchdog',
  'node-pty',
  '@vscode/deviceid',
  'kerberos',
];

const MARKER = '.prepared.json';

export interface CodeServerInstall {
  /** The prepared folder. */
  readonly dir: string;
  /** The script that starts code-server with Node. */
  readonly entry: string;
  readonly version: string;
}

export type Log = (line: string) => void;

/** The cache folder: $SEARCH_REQUESTS_CODE_SERVER_DIR, else ${XDG_CACHE_HOME:-~/.cache}/search-requests/code-server-<version>. */
function codeServerDir(): string {
  const override = process.env['SEARCH_REQUESTS_CODE_SERVER_DIR'];
  if (override) {
    return path.resolve(override);
  }
  const cacheHome = process.env['XDG_CACHE_HOME'] || path.join(os.homedir(), '.cache');
  return path.join(cacheHome, 'search-requests', `code-server-${CODE_SERVER_VERSION}`);
}

function installAt(dir: string): CodeServerInstall {
  return {
    dir,
    entry: path.join(dir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    version: CODE_SERVER_VERSION,
  };
}

async function isPrepared(dir: string): Promise<boolean> {
  try {
    const marker = JSON.parse(await fs.readFile(path.join(dir, MARKER), 'utf8')) as { version?: unknown };
    return marker.version === CODE_SERVER_VERSION && existsSync(installAt(dir).entry);
  } catch {
    return false;
  }
}

/** Returns the prepared VS Code, preparing it first when the cache does not hold it yet. */
export async function ensureCodeServer(log: Log = console.log): Promise<CodeServerInstall> {
  const dir = codeServerDir();
  if (await isPrepared(dir)) {
    return installAt(dir);
  }
  await fs.mkdir(path.dirname(dir), { recursive: true });
  await removeAbandonedStaging(dir, log);
  if (existsSync(dir)) {
    log(`Removing ${dir}: it has no marker of a finished preparation.`);
    await fs.rm(dir, { recursive: true, force: true });
  }

  const staging = `${dir}.staging-${process.pid}-${Date.now()}`;
  log(`Preparing VS Code ${CODE_SERVER_VERSION} (code-server) in ${dir}; this is done once and takes a minute or two.`);
  const started = Date.now();
  try {
    await prepare(staging, log);
    await fs.writeFile(
      path.join(staging, MARKER),
      JSON.stringify({ version: CODE_SERVER_VERSION, node: process.version, preparedAt: new Date().toISOString() }),
    );
    await fs.rename(staging, dir);
  } catch (error) {
    await fs.rm(staging, { recursive: true, force: true });
    if (await isPrepared(dir)) {
      log('Another run prepared the same cache at the same time; using its copy.');
      return installAt(dir);
    }
    if (error instanceof ExecError) {
      log(error.output.split('\n').slice(-40).join('\n'));
    }
    throw error;
  }
  log(`VS Code prepared in ${Math.round((Date.now() - started) / 1000)} s.`);
  return installAt(dir);
}

/** Staging folders whose process is gone are what an interrupted preparation left behind. */
async function removeAbandonedStaging(dir: string, log: Log): Promise<void> {
  const parent = path.dirname(dir);
  const prefix = `${path.basename(dir)}.staging-`;
  for (const name of await fs.readdir(parent)) {
    if (!name.startsWith(prefix)) {
      continue;
    }
    const pid = Number(name.slice(prefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) {
      continue;
    }
    log(`Removing ${name}, left by an interrupted preparation.`);
    await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function prepare(root: string, log: Log): Promise<void> {
  await fs.mkdir(root, { recursive: true });
  await fs.writeFile(
    path.join(root, 'package.json'),
    JSON.stringify({ name: 'search-requests-code-server', private: true }, null, 2),
  );
  const npmInstall = ['install', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'];

  log('  npm install code-server');
  await exec(npmCommand, [...npmInstall, `code-server@${CODE_SERVER_VERSION}`], { cwd: root });
  log('  npm rebuild argon2');
  await exec(npmCommand, ['rebuild', 'argon2', '--loglevel=error'], { cwd: root });

  const vscode = path.join(root, 'node_modules', 'code-server', 'lib', 'vscode');
  log('  npm install (VS Code server modules)');
  await exec(npmCommand, [...npmInstall, '--omit=dev'], { cwd: vscode });

  const rgTarget = path.join(vscode, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
  await fs.mkdir(path.dirname(rgTarget), { recursive: true });
  await fs.copyFile(await systemRipgrep(), rgTarget);
  await fs.chmod(rgTarget, 0o755);

  const nodeGyp = await findNodeGyp();
  const nodeDir = nodeHeadersDir();
  for (const name of NATIVE_MODULES) {
    log(`  node-gyp rebuild ${name}`);
    const args = [nodeGyp, 'rebuild', '--jobs=max', ...(nodeDir ? [`--nodedir=${nodeDir}`] : [])];
    await exec(process.execPath, args, { cwd: path.join(vscode, 'node_modules', name) });
  }
  await fs.symlink('node_modules', path.join(vscode, 'node_modules.asar'));

  log('  npm install (built-in extensions)');
  await exec(npmCommand, [...npmInstall, '--omit=dev'], { cwd: path.join(vscode, 'extensions') });

  await fs.symlink('code-linux.sh', path.join(vscode, 'bin', 'remote-cli', 'code-server'));
  await fs.symlink('browser-linux.sh', path.join(vscode, 'bin', 'helpers', 'browser.sh'));

  // --config keeps code-server from writing a default configuration into the user's home.
  const configFile = path.join(root, 'version-check.yaml');
  const output = await exec(process.execPath, [installAt(root).entry, '--config', configFile, '--version']);
  await fs.rm(configFile, { force: true });
  if (!output.split('\n').some((line) => line.startsWith(`${CODE_SERVER_VERSION} `))) {
    throw new Error(`the prepared code-server does not report version ${CODE_SERVER_VERSION}: ${output.trim()}`);
  }
}

async function systemRipgrep(): Promise<string> {
  for (const dir of (process.env['PATH'] ?? '').split(path.delimiter)) {
    const candidate = path.join(dir, 'rg');
    if (dir && existsSync(candidate)) {
      return fs.realpath(candidate);
    }
  }
  throw new Error('ripgrep (rg) is not on the PATH: install it first (Debian: apt-get install ripgrep).');
}

/** node-gyp as npm ships it: npm tells its scripts where, else it lies beside npm itself. */
async function findNodeGyp(): Promise<string> {
  const candidates: string[] = [];
  const fromNpm = process.env['npm_config_node_gyp'];
  if (fromNpm) {
    candidates.push(fromNpm);
  }
  const npmCli = process.env['npm_execpath'];
  if (npmCli) {
    candidates.push(path.join(path.dirname(npmCli), '..', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  }
  const globalRoot = (await exec(npmCommand, ['root', '-g'])).trim();
  candidates.push(path.join(globalRoot, 'npm', 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'));
  const found = candidates.find((candidate) => existsSync(candidate));
  if (!found) {
    throw new Error(`node-gyp not found (looked at ${candidates.join(', ')})`);
  }
  return found;
}

/** This Node's own headers, when it was installed with them, so that node-gyp needs no download. */
function nodeHeadersDir(): string | undefined {
  const prefix = path.resolve(path.dirname(process.execPath), '..');
  return existsSync(path.join(prefix, 'include', 'node', 'node.h')) ? prefix : undefined;
}
