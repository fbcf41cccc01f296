// `npm run bench:hostile` (and part of `npm run bench`): each worst case of bench/hostileCases.ts at n, 2n and 4n, every
// run in a process of its own (so that an out-of-memory or a stall ends that run only), with the time of the action,
// the memory it added (peak resident set size above what the process held before the action) and what it got.
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { HOSTILE_CASES } from './hostileCases';

/** A run longer than this is stopped and reported as such. */
const TIMEOUT_MS = Number(process.env.HOSTILE_TIMEOUT_MS ?? 30_000);
/** The heap a run may take: small enough that a runaway case ends soon, large enough for every sane one. */
const HEAP_MB = 1024;

interface Measure {
  readonly ms: number;
  readonly addedMB: number;
  readonly note: string;
}

function measureInThisProcess(name: string, n: number): Measure {
  const found = HOSTILE_CASES.find((c) => c.name === name);
  if (found === undefined) throw new Error(`no case ${name}`);
  const action = found.prepare(n);
  const before = process.memoryUsage().rss;
  const start = performance.now();
  const note = action();
  const ms = performance.now() - start;
  const peak = process.resourceUsage().maxRSS * 1024;
  return { ms, addedMB: Math.max(0, peak - before) / 2 ** 20, note };
}

function measureInChild(name: string, n: number): string {
  const child = spawnSync(
    process.execPath,
    [`--max-old-space-size=${HEAP_MB}`, __filename, '--case', name, String(n)],
    { encoding: 'utf8', timeout: TIMEOUT_MS, killSignal: 'SIGKILL' },
  );
  if (child.error !== undefined || child.signal === 'SIGKILL') return `> ${(TIMEOUT_MS / 1000).toFixed(0)} s (stopped)`;
  if (child.status !== 0) {
    const why = /heap out of memory|Maximum call stack|RangeError[^\n]*|Error[^\n]*/.exec(child.stderr)?.[0] ?? '';
    return `crashed (exit ${String(child.status ?? child.signal)}${why === '' ? '' : `: ${why}`})`;
  }
  const measure = JSON.parse(child.stdout) as Measure;
  return `${measure.ms.toFixed(1).padStart(9)} ms  +${measure.addedMB.toFixed(0).padStart(4)} MB  ${measure.note}`;
}

export function runHostileBench(only?: readonly string[]): void {
  console.log('Hostile documents: each case at n, 2n, 4n (time of the action, memory it added, what it got)');
  for (const hostile of HOSTILE_CASES) {
    if (only !== undefined && only.length > 0 && !only.includes(hostile.name)) continue;
    console.log(`- ${hostile.name}: ${hostile.what}`);
    for (const n of hostile.sizes) console.log(`  n=${String(n).padEnd(7)} ${measureInChild(hostile.name, n)}`);
  }
}

if (require.main === module) {
  const args = process.argv.slice(2);
  if (args[0] === '--case') {
    process.stdout.write(JSON.stringify(measureInThisProcess(args[1]!, Number(args[2]))));
  } else {
    runHostileBench(args);
  }
}
