// `npm run opensearch` as a user runs it: with a topology file of its own, it prints `listening on ...` once the
// cluster answers, the nodes are the file's (names, roles, attributes), and SIGTERM stops the JVM and deletes the
// cluster's folder. Run once per `npm run test:real` (with the 2.x run, which also shows Java 17 being chosen).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { Topology } from '@search-requests/local-cluster';
import { findJava, OpenSearchSetupError } from '../../scripts/lib/realOpenSearch';
import { realCluster } from './realEnv';

const TOPOLOGY: Topology = {
  cluster_name: 'launcher-test',
  local: 'b',
  cluster_manager: 'a',
  nodes: [
    { id: 'a', name: 'lt-manager', host: 'x', ip: 'x', roles: ['cluster_manager', 'data'], attributes: { rack: 'r1' } },
    { id: 'b', name: 'lt-coordinator', host: 'x', ip: 'x', roles: [], attributes: { rack: 'r2' } },
  ],
};

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

void describe('npm run opensearch', () => {
  const cluster = realCluster();

  void it('names the Java it needs when none is suitable', () => {
    assert.throws(
      () => findJava(999),
      (error: unknown) => {
        assert.ok(error instanceof OpenSearchSetupError);
        assert.match(error.message, /needs Java 999 or later; found .*\(\d+\)/);
        assert.match(error.message, /JAVA_HOME/);
        return true;
      },
    );
  });

  void it(
    'starts the nodes of a topology file, says where it listens, and stops cleanly on SIGTERM',
    { skip: cluster.major !== 2 ? 'run with the 2.x cluster only' : false, timeout: 240_000 },
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'launcher-test-'));
      const topology = path.join(dir, 'topology.json');
      writeFileSync(topology, JSON.stringify(TOPOLOGY));
      const script = path.join(__dirname, '..', '..', 'scripts', 'opensearch.js');
      const child = spawn(
        process.execPath,
        [script, '--version', '2', '--port', '0', '--nodes', topology, '--no-sample-data', '--heap', '512m'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      try {
        let output = '';
        const url = await new Promise<string>((resolve, reject) => {
          const onData = (data: Buffer): void => {
            output += data.toString('utf8');
            const match = /^listening on (http:\/\/\S+)$/m.exec(output);
            if (match?.[1]) resolve(match[1]);
          };
          child.stdout.on('data', onData);
          child.stderr.on('data', onData);
          child.once('exit', (code) => {
            reject(new Error(`exited with ${String(code)} before listening:\n${output}`));
          });
        });
        const root = (await (await fetch(url)).json()) as { cluster_name: string; version: { number: string } };
        assert.equal(root.cluster_name, 'launcher-test');
        assert.match(root.version.number, /^2\.19\./);
        const rows = (await (await fetch(`${url}/_cat/nodes?h=name,node.role,cluster_manager&format=json`)).json()) as {
          name: string;
          'node.role': string;
          cluster_manager: string;
        }[];
        assert.deepEqual(rows.map((r) => [r.name, r['node.role'], r.cluster_manager]).sort(), [
          ['lt-coordinator', '-', '-'],
          ['lt-manager', 'dm', '*'],
        ]);
        const attrs = (await (await fetch(`${url}/_cat/nodeattrs?h=node,attr,value&format=json`)).json()) as {
          node: string;
          attr: string;
          value: string;
        }[];
        assert.deepEqual(
          attrs
            .filter((a) => a.attr === 'rack')
            .map((a) => `${a.node}=${a.value}`)
            .sort(),
          ['lt-coordinator=r2', 'lt-manager=r1'],
        );
        // The coordinating-only node is the one that answers.
        const local = (await (await fetch(`${url}/_nodes/_local?filter_path=nodes.*.name`)).json()) as {
          nodes: Record<string, { name: string }>;
        };
        assert.deepEqual(
          Object.values(local.nodes).map((n) => n.name),
          ['lt-coordinator'],
        );

        const jvms = javaChildren(child.pid!);
        assert.equal(jvms.length, 1, 'one JVM for all the nodes');
        // The launcher runs in the cluster's temporary folder.
        const folders = jvms.map((jvm) => readlinkSync(`/proc/${jvm}/cwd`));
        assert.ok(
          folders.every((f) => path.basename(f).startsWith('search-requests-opensearch-')),
          folders.join(),
        );
        const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        assert.equal(await exited, 0);
        for (const pid of jvms) assert.ok(!isRunning(pid), `the JVM ${pid} is gone`);
        for (const folder of folders) assert.ok(!existsSync(folder), `${folder} is deleted`);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

/** The Java processes started by a process (its children), from /proc. */
function javaChildren(pid: number): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === pid && cmdline.includes('Launcher.java')) out.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}
