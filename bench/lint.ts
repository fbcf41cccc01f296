// search-requests-lint throughput (issue target: at least half of JSON.parse's, on one core): a tree of 10,000
// generated `.msearch` files (100 MB), checked by the built command line, next to a program that reads the same files
// and JSON.parses every line, in the same run, each as a process pinned to one core (taskset) when it can be.
import { execFile, execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateMsearch } from './generateMsearch';

const FILES = 10_000;
const FOLDERS = 100;
const TARGET_BYTES = 100_000_000;
const ROUNDS = 3;
const BUNDLE = path.resolve(__dirname, '../../packages/cli/dist/search-requests-lint.js');

/** What the baseline does: read every file of the tree and JSON.parse each of its lines. */
const BASELINE = `
const fs = require('node:fs');
const path = require('node:path');
const root = process.argv[1];
let lines = 0;
for (const name of fs.readdirSync(root, { recursive: true })) {
  if (!name.endsWith('.msearch')) continue;
  const text = fs.readFileSync(path.join(root, name), 'utf8');
  for (const line of text.split('\\n')) if (line.length > 0) { JSON.parse(line); lines++; }
}
process.stdout.write(String(lines));
`;

interface Tree {
  readonly root: string;
  readonly bytes: number;
  readonly lines: number;
}

/** 10,000 files of about 10 kB in 100 folders, cut from one generated stream of header/body pairs. */
function generateTree(): Tree {
  const root = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-bench-'));
  const perFile = TARGET_BYTES / FILES;
  const all = generateMsearch(Math.ceil((TARGET_BYTES * 1.02) / 480), 7).text.split('\n');
  let line = 0;
  let bytes = 0;
  let lines = 0;
  for (let i = 0; i < FILES; i++) {
    const out: string[] = [];
    let size = 0;
    while (size < perFile || out.length % 2 === 1) {
      if (line + 1 >= all.length) line = 0;
      const next = all[line++]!;
      out.push(next);
      size += next.length + 1;
    }
    const text = `${out.join('\n')}\n`;
    const folder = path.join(root, `team-${String(i % FOLDERS).padStart(2, '0')}`);
    if (i < FOLDERS) mkdirSync(folder);
    writeFileSync(path.join(folder, `queries-${i}.msearch`), text);
    bytes += Buffer.byteLength(text);
    lines += out.length;
  }
  return { root, bytes, lines };
}

function pinned(): string[] {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return ['taskset', '-c', '0'];
  } catch {
    return [];
  }
}

function timedProcess(command: readonly string[]): Promise<{ ms: number; stdout: string; code: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(command[0]!, command.slice(1), { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      if (code !== 0 && code !== 1) reject(error ?? new Error(`exit ${code}`));
      else resolve({ ms: performance.now() - started, stdout, code });
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function rate(count: number, ms: number, unit: string): string {
  return `${(count / (ms / 1000)).toLocaleString('en-US', { maximumFractionDigits: 1 })} ${unit}/s`;
}

export async function runLintBench(): Promise<void> {
  const tree = generateTree();
  try {
    const pin = pinned();
    const mb = tree.bytes / 1e6;
    console.log(
      `lint: ${FILES.toLocaleString('en-US')} .msearch files, ${mb.toFixed(1)} MB, ${tree.lines.toLocaleString('en-US')} lines; ${pin.length > 0 ? 'each process pinned to one core (taskset -c 0)' : 'taskset not found: processes not pinned'}`,
    );
    const parseTimes: number[] = [];
    const lintTimes: number[] = [];
    let lintCode = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const parse = await timedProcess([...pin, process.execPath, '-e', BASELINE, tree.root]);
      if (Number(parse.stdout) !== tree.lines) throw new Error(`the baseline parsed ${parse.stdout} lines`);
      parseTimes.push(parse.ms);
      const lint = await timedProcess([...pin, process.execPath, BUNDLE, '--format', 'json', tree.root]);
      const report = JSON.parse(lint.stdout) as { files: unknown[]; errorCount: number };
      if (report.files.length !== FILES) throw new Error(`the linter checked ${report.files.length} files`);
      lintCode = lint.code;
      lintTimes.push(lint.ms);
    }
    const parse = median(parseTimes);
    const lint = median(lintTimes);
    console.log(
      `  read + JSON.parse of every line (median of ${ROUNDS}): ${(parse / 1000).toFixed(2)} s, ${rate(FILES, parse, 'files')}, ${rate(mb, parse, 'MB')}`,
    );
    console.log(
      `  search-requests-lint --format json (median of ${ROUNDS}, exit ${lintCode}): ${(lint / 1000).toFixed(2)} s, ${rate(FILES, lint, 'files')}, ${rate(mb, lint, 'MB')}`,
    );
    const share = parse / lint;
    console.log(
      `  lint throughput / JSON.parse throughput: ${share.toFixed(2)} (target: at least 0.50) ${share >= 0.5 ? 'OK' : 'UNDER TARGET'}`,
    );
  } finally {
    rmSync(tree.root, { recursive: true, force: true });
  }
}

if (require.main === module) void runLintBench();
