// search-requests-lint throughput (issue target: at least half of JSON.parse's, on one core): a tree of 10,000
// generated `.msearch` files (100 MB), checked by the built command line, next to a program that reads the same files
// and JSON.parses every line, in the same run, each as a process pinned to one core (taskset) when it can be. Where
// Linux's /proc is there it also prints each process's CPU by thread: the engine's compiler threads share that core.
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { generateMsearch } from './generateMsearch';

const FILES = 10_000;
const FOLDERS = 100;
const TARGET_BYTES = 100_000_000;
const ROUNDS = 7;
/** The part run besides the whole tree: its first folders, 1,000 files. */
const PART_FOLDERS = 10;
/** The package's bin, as `npx search-requests-lint` starts it. */
const BIN = path.resolve(__dirname, '../../packages/cli/dist/bin.js');

/** What the baseline does: read every file of the tree and JSON.parse each of its lines. */
const BASELINE = `
const fs = require('node:fs');
const path = require('node:path');
let lines = 0;
for (const root of process.argv.slice(1)) {
  for (const name of fs.readdirSync(root, { recursive: true })) {
    if (!name.endsWith('.msearch')) continue;
    const text = fs.readFileSync(path.join(root, name), 'utf8');
    for (const line of text.split('\\n')) if (line.length > 0) { JSON.parse(line); lines++; }
  }
}
process.stdout.write(String(lines));
`;

/**
 * Loaded first into each measured process where Linux's /proc is there: at exit, the CPU time of its main thread and of
 * all its other threads (the engine's optimising compiler and garbage collector helpers), in clock ticks, on stderr.
 * Pinned to one core, those threads take their time from the main thread's.
 */
const THREAD_CPU = `
const fs = require('node:fs');
process.on('exit', () => {
  let main = 0;
  let helpers = 0;
  for (const tid of fs.readdirSync('/proc/self/task')) {
    const stat = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number(tid) === process.pid) main += ticks;
    else helpers += ticks;
  }
  process.stderr.write('\\nthread-cpu ' + main + ' ' + helpers + '\\n');
});
`;

interface ThreadCpu {
  /** Seconds of CPU. */
  readonly main: number;
  readonly helpers: number;
}

interface Tree {
  readonly root: string;
  readonly bytes: number;
  readonly lines: number;
  /** The folders of the part (the first PART_FOLDERS), their files and their lines. */
  readonly part: { readonly folders: readonly string[]; readonly files: number; readonly lines: number };
}

/** 10,000 files of about 10 kB in 100 folders, cut from one generated stream of header/body pairs. */
function generateTree(): Tree {
  const root = mkdtempSync(path.join(tmpdir(), 'search-requests-lint-bench-'));
  const perFile = TARGET_BYTES / FILES;
  const all = generateMsearch(Math.ceil((TARGET_BYTES * 1.02) / 480), 7).text.split('\n');
  let line = 0;
  let bytes = 0;
  let lines = 0;
  let partFiles = 0;
  let partLines = 0;
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
    if (i % FOLDERS < PART_FOLDERS) {
      partFiles++;
      partLines += out.length;
    }
  }
  const folders = Array.from({ length: PART_FOLDERS }, (_, i) => path.join(root, `team-${String(i).padStart(2, '0')}`));
  return { root, bytes, lines, part: { folders, files: partFiles, lines: partLines } };
}

function pinned(): string[] {
  try {
    execFileSync('taskset', ['-c', '0', 'true']);
    return ['taskset', '-c', '0'];
  } catch {
    return [];
  }
}

/** Clock ticks per second, for the per-thread times of /proc (undefined where there is none). */
function clockTicks(): number | undefined {
  if (!existsSync('/proc/self/task')) return undefined;
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

interface Timed {
  readonly ms: number;
  readonly stdout: string;
  readonly code: number;
  readonly threads: ThreadCpu | undefined;
}

function timedProcess(command: readonly string[], ticks: number | undefined): Promise<Timed> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    execFile(command[0]!, command.slice(1), { maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
      if (code !== 0 && code !== 1) {
        reject(error ?? new Error(`exit ${code}`));
        return;
      }
      const cpu = /^thread-cpu (\d+) (\d+)$/m.exec(stderr);
      const threads =
        cpu === null || ticks === undefined
          ? undefined
          : { main: Number(cpu[1]) / ticks, helpers: Number(cpu[2]) / ticks };
      resolve({ ms: performance.now() - started, stdout, code, threads });
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
    const ticks = clockTicks();
    const preload: string[] = [];
    if (ticks !== undefined) {
      const file = path.join(tree.root, 'thread-cpu.js');
      writeFileSync(file, THREAD_CPU);
      preload.push('-r', file);
    }
    const parseTimes: number[] = [];
    const lintTimes: number[] = [];
    const parseThreads: ThreadCpu[] = [];
    const lintThreads: ThreadCpu[] = [];
    let lintCode = 0;
    const partParseTimes: number[] = [];
    const partLintTimes: number[] = [];
    const runBaseline = async (): Promise<void> => {
      const parse = await timedProcess([...pin, process.execPath, ...preload, '-e', BASELINE, tree.root], ticks);
      if (Number(parse.stdout) !== tree.lines) throw new Error(`the baseline parsed ${parse.stdout} lines`);
      parseTimes.push(parse.ms);
      if (parse.threads !== undefined) parseThreads.push(parse.threads);
    };
    const runLint = async (): Promise<void> => {
      const lint = await timedProcess(
        [...pin, process.execPath, ...preload, BIN, '--format', 'json', tree.root],
        ticks,
      );
      const report = JSON.parse(lint.stdout) as { files: unknown[]; errorCount: number };
      if (report.files.length !== FILES) throw new Error(`the linter checked ${report.files.length} files`);
      lintCode = lint.code;
      lintTimes.push(lint.ms);
      if (lint.threads !== undefined) lintThreads.push(lint.threads);
    };
    const runPartBaseline = async (): Promise<void> => {
      const parse = await timedProcess([...pin, process.execPath, '-e', BASELINE, ...tree.part.folders], undefined);
      if (Number(parse.stdout) !== tree.part.lines) throw new Error(`the baseline parsed ${parse.stdout} lines`);
      partParseTimes.push(parse.ms);
    };
    const runPartLint = async (): Promise<void> => {
      const lint = await timedProcess(
        [...pin, process.execPath, BIN, '--format', 'json', ...tree.part.folders],
        undefined,
      );
      const report = JSON.parse(lint.stdout) as { files: unknown[] };
      if (report.files.length !== tree.part.files) throw new Error(`the linter checked ${report.files.length} files`);
      partLintTimes.push(lint.ms);
    };
    for (let round = 0; round < ROUNDS; round++) {
      // Which runs first alternates, so that neither always meets the page cache or the machine as the other left it.
      const order =
        round % 2 === 0
          ? [runBaseline, runLint, runPartBaseline, runPartLint]
          : [runPartLint, runPartBaseline, runLint, runBaseline];
      for (const run of order) await run();
    }
    const parse = median(parseTimes);
    const lint = median(lintTimes);
    console.log(
      `  read + JSON.parse of every line (median of ${ROUNDS}): ${(parse / 1000).toFixed(2)} s, ${rate(FILES, parse, 'files')}, ${rate(mb, parse, 'MB')}`,
    );
    console.log(
      `  search-requests-lint --format json (median of ${ROUNDS}, exit ${lintCode}): ${(lint / 1000).toFixed(2)} s, ${rate(FILES, lint, 'files')}, ${rate(mb, lint, 'MB')}`,
    );
    if (parseThreads.length === ROUNDS && lintThreads.length === ROUNDS) {
      const cpu = (runs: readonly ThreadCpu[]): string =>
        `main thread ${median(runs.map((r) => r.main)).toFixed(2)} s, other threads ${median(runs.map((r) => r.helpers)).toFixed(2)} s`;
      console.log(`  CPU by thread (medians): baseline ${cpu(parseThreads)}; lint ${cpu(lintThreads)}`);
    }
    // Each round runs the two back to back: its own ratio is what a slower or faster spell of the machine changes
    // least, so the figure is the median of the rounds' ratios, printed with all of them.
    const shares = parseTimes.map((ms, i) => ms / lintTimes[i]!);
    const share = median(shares);
    console.log(
      `  lint throughput / JSON.parse throughput, per round: ${shares.map((r) => r.toFixed(2)).join(' ')}; ratio of the medians ${(parse / lint).toFixed(2)}`,
    );
    // The part shows what is paid once per run (starting, finding the files, the engine compiling the checks as they
    // grow hot) apart from what each further file costs: the 9,000 files the whole tree has beyond the part cost the
    // difference of the two runs' times.
    const extraFiles = FILES - tree.part.files;
    const extraParse = parseTimes.map((ms, i) => ms - partParseTimes[i]!);
    const extraLint = lintTimes.map((ms, i) => ms - partLintTimes[i]!);
    const extraShare = median(extraParse.map((ms, i) => ms / extraLint[i]!));
    const partParse = median(partParseTimes);
    const partLint = median(partLintTimes);
    console.log(
      `  the first ${tree.part.files.toLocaleString('en-US')} files alone (medians): read + JSON.parse ${(partParse / 1000).toFixed(2)} s, lint ${(partLint / 1000).toFixed(2)} s (ratio ${(partParse / partLint).toFixed(2)})`,
    );
    console.log(
      `  the other ${extraFiles.toLocaleString('en-US')} files (a round's whole-tree time less its part's): read + JSON.parse ${rate(extraFiles, median(extraParse), 'files')}, lint ${rate(extraFiles, median(extraLint), 'files')}; ratio (median of the rounds) ${extraShare.toFixed(2)}`,
    );
    console.log(
      `  lint throughput / JSON.parse throughput (median of the rounds): ${share.toFixed(2)} (target: at least 0.50) ${share >= 0.5 ? 'OK' : 'UNDER TARGET'}`,
    );
  } finally {
    rmSync(tree.root, { recursive: true, force: true });
  }
}

if (require.main === module) void runLintBench();
