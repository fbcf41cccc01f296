// Real OpenSearch, several nodes in one JVM, from Maven Central artifacts (opensearch/pom.xml, opensearch/Launcher.java).
// `npm run opensearch` and the tests that hold the project to a real cluster start it through startOpenSearch().
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { isClusterManagerEligible, type Topology, type TopologyNode } from '@search-requests/local-cluster';
import { killProcessGroupNow, stopProcessGroup } from './processGroup';
import { wordList } from '../../server/src/service/text/wordList';

interface RealRelease {
  /** The OpenSearch Runner that starts the nodes. */
  readonly runner: string;
  /** OpenSearch's own artifacts (opensearch/pom.xml: `-Dopensearch.version`), when not the runner's. */
  readonly opensearch: string;
  /** Six modules taken at another version (opensearch/pom.xml: `-Dopensearch.modules.version`). */
  readonly modules?: string;
  readonly minJava: number;
}

/**
 * The OpenSearch versions this project runs. `3` and `2`, the newest 3.x and 2.x (3.9.0, 2.19.6), are what the tests
 * hold the project to; the conformance corpus and the table of methods also keep the answers of `3.8` and `2.19.1`,
 * the releases before. No runner 3.9.0.0 or 2.19.6.0 resolves: OpenSearch 3.9.0 runs with the runner 3.8.0.0 and six
 * of its modules at 3.8.0, 2.19.6 with the runner 2.19.1.0 and all its own artifacts (opensearch/pom.xml).
 */
const OPENSEARCH_VERSIONS: Readonly<Record<'3' | '3.8' | '2' | '2.19.1', RealRelease>> = {
  '3': { runner: '3.8.0.0', opensearch: '3.9.0', modules: '3.8.0', minJava: 21 },
  '3.8': { runner: '3.8.0.0', opensearch: '3.8.0', minJava: 21 },
  '2': { runner: '2.19.1.0', opensearch: '2.19.6', minJava: 11 },
  '2.19.1': { runner: '2.19.1.0', opensearch: '2.19.1', minJava: 11 },
};
export type RealVersion = keyof typeof OPENSEARCH_VERSIONS;
/** What `--version all` runs. */
const NEWEST_REAL_VERSIONS: readonly RealVersion[] = ['3', '2'];

/** The version asked for as `3`, `3.9`, `3.9.0`, `3.8`, `2.19.1`...: a key, or a prefix of a release's own version. */
export function realVersionOf(text: string): RealVersion | undefined {
  if (Object.hasOwn(OPENSEARCH_VERSIONS, text)) return text as RealVersion;
  for (const [key, release] of Object.entries(OPENSEARCH_VERSIONS) as [RealVersion, RealRelease][]) {
    if (release.opensearch === text || release.opensearch.startsWith(`${text}.`)) return key;
  }
  return undefined;
}

/** The versions `--version VALUE` of the tests and recordings asks for: one, or `all` (the newest of each major). */
export function realVersionsOf(text: string): readonly RealVersion[] | undefined {
  if (text === 'all') return NEWEST_REAL_VERSIONS;
  const one = realVersionOf(text);
  return one === undefined ? undefined : [one];
}

/** The values `--version` takes, for messages: with `all` where several versions may be run. */
export function realVersionWords(withAll: boolean): string {
  return wordList([...Object.keys(OPENSEARCH_VERSIONS), ...(withAll ? ['all'] : [])], 'or');
}

/** The default topology of a real cluster: a cluster manager that holds data, a data node of another zone with a
 * custom role, and a coordinating-only node that receives the requests (what a load balancer would point at). */
const REAL_TOPOLOGY: Topology = {
  cluster_name: 'search-requests-real',
  local: 'coordinator',
  cluster_manager: 'manager',
  nodes: [
    {
      id: 'manager',
      name: 'os-manager-1',
      host: '127.0.0.1',
      ip: '127.0.0.1',
      roles: ['cluster_manager', 'data', 'ingest'],
      attributes: { zone: 'zone-a', temp: 'hot' },
    },
    {
      id: 'data',
      name: 'os-data-1',
      host: '127.0.0.1',
      ip: '127.0.0.1',
      roles: ['data', 'ml'],
      attributes: { zone: 'zone-b', temp: 'warm' },
    },
    {
      id: 'coordinator',
      name: 'os-coordinator-1',
      host: '127.0.0.1',
      ip: '127.0.0.1',
      roles: [],
      attributes: { zone: 'zone-a' },
    },
  ],
};

export interface OpenSearchOptions {
  readonly version?: RealVersion;
  /** Where the node that receives requests listens (0: a free port). */
  readonly port?: number;
  readonly host?: string;
  readonly topology?: Topology;
  /** The repository (where opensearch/ is); found from this file when absent. */
  readonly root?: string;
  /** Heap of the JVM (all nodes share it), e.g. `1g`. */
  readonly heap?: string;
  /** Lines about what is being done (resolving, starting, waiting). */
  readonly progress?: (line: string) => void;
  readonly startTimeoutMs?: number;
}

export interface RealOpenSearch {
  readonly url: string;
  readonly version: string;
  readonly topology: Topology;
  /** The JVM's output so far (OpenSearch's logs), for failure messages. */
  log(): string;
  stop(): Promise<void>;
  stopNow(): void;
}

/** An error whose message says what to install or do; the command line prints it without a stack. */
export class OpenSearchSetupError extends Error {}

function repositoryRoot(): string {
  let dir = __dirname;
  for (;;) {
    if (existsSync(path.join(dir, 'opensearch', 'pom.xml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) throw new OpenSearchSetupError('opensearch/pom.xml not found above ' + __dirname);
    dir = parent;
  }
}

function cacheDirectory(): string {
  const base = process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache');
  const dir = path.join(base, 'search-requests', 'opensearch');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The JVM class path of a release: asked of Maven once, then read from the cache while every jar is there, so that
 * later starts need no network. */
function classPath(root: string, release: RealRelease, progress?: (line: string) => void): string {
  const runnerVersion = release.runner;
  const own = release.opensearch === runnerVersion.replace(/\.0$/, '');
  const modules = release.modules === undefined ? '' : `-modules-${release.modules}`;
  const name = own ? runnerVersion : `${runnerVersion}-opensearch-${release.opensearch}${modules}`;
  const cached = path.join(cacheDirectory(), `classpath-${name}.txt`);
  if (existsSync(cached)) {
    const entries = readFileSync(cached, 'utf8').trim();
    if (entries !== '' && entries.split(path.delimiter).every((jar) => existsSync(jar))) return entries;
  }
  const mvn = spawnSync('mvn', ['-v'], { encoding: 'utf8' });
  if (mvn.error !== undefined || mvn.status !== 0) {
    throw new OpenSearchSetupError(
      'Maven (mvn) was not found; it fetches OpenSearch from Maven Central the first time. ' +
        'Install it (Debian/Ubuntu: apt-get install maven; macOS: brew install maven) and try again.',
    );
  }
  progress?.(`resolving OpenSearch ${release.opensearch} (runner ${runnerVersion}) from Maven Central (once)`);
  const resolved = spawnSync(
    'mvn',
    [
      '-q',
      '-B',
      '-f',
      path.join(root, 'opensearch', 'pom.xml'),
      `-Drunner.version=${runnerVersion}`,
      ...(own ? [] : [`-Dopensearch.version=${release.opensearch}`]),
      ...(release.modules === undefined ? [] : [`-Dopensearch.modules.version=${release.modules}`]),
      'dependency:build-classpath',
      `-Dmdep.outputFile=${cached}`,
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (resolved.status !== 0 || !existsSync(cached)) {
    const output = `${resolved.stdout}${resolved.stderr}`.trim().split('\n').slice(-20).join('\n');
    throw new OpenSearchSetupError(
      `Maven could not resolve OpenSearch ${release.opensearch} (runner ${runnerVersion}):\n${output}`,
    );
  }
  return readFileSync(cached, 'utf8').trim();
}

interface JavaRuntime {
  readonly java: string;
  readonly major: number;
}

function javaMajor(java: string): number | undefined {
  const result = spawnSync(java, ['-version'], { encoding: 'utf8' });
  if (result.error !== undefined) return undefined;
  const match = /version "(\d+)(?:\.(\d+))?/.exec(`${result.stderr}${result.stdout}`);
  if (match === null) return undefined;
  const first = Number(match[1]);
  // Java 8 and older say "1.8.0".
  return first === 1 ? Number(match[2]) : first;
}

/** A Java runtime of at least `minMajor`: JAVA_HOME, then `java` on the PATH, then the JDKs under /usr/lib/jvm. */
export function findJava(minMajor: number): JavaRuntime {
  const candidates: string[] = [];
  if (process.env.JAVA_HOME) candidates.push(path.join(process.env.JAVA_HOME, 'bin', 'java'));
  candidates.push('java');
  for (const base of ['/usr/lib/jvm', '/Library/Java/JavaVirtualMachines']) {
    let names: string[] = [];
    try {
      names = readdirSync(base).sort().reverse();
    } catch {
      continue;
    }
    for (const name of names) {
      for (const java of [
        path.join(base, name, 'bin', 'java'),
        path.join(base, name, 'Contents', 'Home', 'bin', 'java'),
      ]) {
        if (existsSync(java)) candidates.push(java);
      }
    }
  }
  const seen: string[] = [];
  for (const java of candidates) {
    const major = javaMajor(java);
    if (major === undefined) continue;
    seen.push(`${java} (${major})`);
    if (major >= minMajor) return { java, major };
  }
  throw new OpenSearchSetupError(
    `This OpenSearch version needs Java ${minMajor} or later; found ${seen.length > 0 ? seen.join(', ') : 'no Java'}. ` +
      `Install a JDK ${minMajor}+ (Debian: apt-get install openjdk-${Math.max(minMajor, 21)}-jdk, or Temurin) ` +
      'and point JAVA_HOME at it.',
  );
}

function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
  });
}

/** OpenSearch's own settings for the nodes of a topology, as the launcher's properties file. */
function launcherProperties(
  topology: Topology,
  basePath: string,
  endpoint: { host: string; port: number },
  ports: { http: number; transport: number }[],
): string {
  const lines = [
    `cluster.name=${topology.cluster_name}`,
    `base.path=${basePath}`,
    `node.count=${topology.nodes.length}`,
    'all.setting.transport.host=127.0.0.1',
    // The machine's free disk space must not decide whether shards are allocated.
    'all.setting.cluster.routing.allocation.disk.threshold_enabled=false',
    'all.setting.action.auto_create_index=true',
  ];
  const seeds: string[] = [];
  topology.nodes.forEach((node, i) => {
    if (isClusterManagerEligible(node)) seeds.push(`127.0.0.1:${ports[i]!.transport}`);
  });
  const manager = topology.nodes.find((n) => n.id === topology.cluster_manager)!;
  lines.push(`all.list.discovery.seed_hosts=${seeds.join(',')}`);
  // Only the chosen node bootstraps the cluster, so that it is the one elected.
  lines.push(`all.list.cluster.initial_cluster_manager_nodes=${manager.name}`);
  topology.nodes.forEach((node: TopologyNode, i) => {
    const p = `node.${i + 1}.`;
    const isEndpoint = node.id === topology.local;
    lines.push(`${p}setting.node.name=${node.name}`);
    lines.push(`${p}list.node.roles=${node.roles.join(',')}`);
    lines.push(`${p}setting.http.host=${isEndpoint ? endpoint.host : '127.0.0.1'}`);
    lines.push(`${p}setting.http.port=${isEndpoint ? endpoint.port : ports[i]!.http}`);
    lines.push(`${p}setting.transport.port=${ports[i]!.transport}`);
    for (const [key, value] of Object.entries(node.attributes)) {
      // OpenSearch sets this attribute itself on every node.
      if (key === 'shard_indexing_pressure_enabled') continue;
      lines.push(`${p}setting.node.attr.${key}=${value}`);
    }
  });
  // Properties files read backslashes as escapes; none of these values needs one, paths on Windows aside.
  return lines.map((l) => l.replace(/\\/g, '/')).join('\n') + '\n';
}

async function answer(url: string): Promise<{ status: number; body: unknown } | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      // not JSON: kept as text
    }
    return { status: response.status, body };
  } catch {
    return undefined;
  }
}

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function startOpenSearch(options: OpenSearchOptions = {}): Promise<RealOpenSearch> {
  const version = OPENSEARCH_VERSIONS[options.version ?? '3'];
  const root = options.root ?? repositoryRoot();
  const topology = options.topology ?? REAL_TOPOLOGY;
  const host = options.host ?? '127.0.0.1';
  const progress = options.progress;
  const java = findJava(version.minJava);
  const cp = classPath(root, version, progress);

  const endpointPort = options.port === undefined || options.port === 0 ? await freePort(host) : options.port;
  const ports: { http: number; transport: number }[] = [];
  for (const _node of topology.nodes)
    ports.push({ http: await freePort('127.0.0.1'), transport: await freePort('127.0.0.1') });

  const basePath = mkdtempSync(path.join(os.tmpdir(), 'search-requests-opensearch-'));
  const propertiesFile = path.join(basePath, 'cluster.properties');
  writeFileSync(
    propertiesFile,
    launcherProperties(topology, path.join(basePath, 'nodes'), { host, port: endpointPort }, ports),
  );
  const logFile = path.join(basePath, 'jvm.log');
  const logFd = openSync(logFile, 'a');

  progress?.(`starting OpenSearch ${version.opensearch} (${topology.nodes.length} nodes) with Java ${java.major}`);
  const child: ChildProcess = spawn(
    java.java,
    [
      `-Xms${options.heap ?? '1g'}`,
      `-Xmx${options.heap ?? '1g'}`,
      '-XX:+UseG1GC',
      // A NullPointerException thrown often is otherwise replaced by a preallocated one without its message, so the
      // same request would get a reason or none depending on how warm the JVM is.
      '-XX:-OmitStackTraceInFastThrow',
      '-Djava.awt.headless=true',
      '-Dfile.encoding=UTF-8',
      '-Dlog4j2.formatMsgNoLookups=true',
      '--add-modules=jdk.incubator.vector',
      '-cp',
      cp,
      path.join(root, 'opensearch', 'Launcher.java'),
      propertiesFile,
    ],
    { cwd: basePath, detached: true, stdio: ['pipe', logFd, logFd] },
  );
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exitCode = code;
      resolve();
    }),
  );
  const log = (): string => {
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    // The launcher stops the nodes when its standard input closes, then the group is signalled if it lingers.
    child.stdin?.end();
    await Promise.race([exited, delay(20_000)]);
    await stopProcessGroup(child, 10_000);
    rmSync(basePath, { recursive: true, force: true });
  };
  const stopNow = (): void => {
    killProcessGroupNow(child);
    rmSync(basePath, { recursive: true, force: true });
  };

  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${endpointPort}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 180_000);
  const dataNodes = topology.nodes.filter((n) => n.roles.includes('data')).length;
  try {
    progress?.('waiting for the cluster to form');
    for (;;) {
      if (exitCode !== undefined) {
        throw new OpenSearchSetupError(
          `OpenSearch exited (code ${String(exitCode)}) before it answered:\n${tail(log())}`,
        );
      }
      if (Date.now() > deadline)
        throw new OpenSearchSetupError(`OpenSearch did not answer within the time allowed:\n${tail(log())}`);
      const health = await answer(
        `${url}/_cluster/health?wait_for_nodes=${topology.nodes.length}&wait_for_status=${dataNodes > 1 ? 'green' : 'yellow'}&timeout=5s`,
      );
      if (health?.status === 200) break;
      await delay(500);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const root$ = await answer(url);
  const number = (root$?.body as { version?: { number?: string } } | undefined)?.version?.number ?? version.opensearch;
  return { url, version: number, topology, log, stop, stopNow };
}

function tail(text: string, lines = 40): string {
  // The lines that say why: OpenSearch's errors and exceptions first, else the end of the log.
  const all = text.split('\n');
  const errors = all.filter((l) => /\b(ERROR|Exception|Caused by)\b/.test(l)).slice(0, lines);
  return (errors.length > 0 ? errors : all.slice(-lines)).join('\n');
}
