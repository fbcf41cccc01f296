// `npm run fuzz -- --url <cluster> [--cases 2000] [--seed 1] [--mutations 1] [--out disagreements.jsonl]`: differential
// fuzzing. Sends generated search bodies, each with a few mutations (test/conformance/fuzz.ts), to a running real
// OpenSearch (the conformance index is created afresh there), judges each answer with the language server as the
// conformance replay does (test/conformance/replay.ts), and reports where they disagree, grouped by what OpenSearch
// said. A disagreement worth keeping becomes a conformance case (test/conformance/listCases.ts and the others),
// recorded on every real version with `npm run conformance:record`. Exit code 1 when any case disagrees.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { ask, clusterVersion, prepareIndex, type Answer } from '../test/conformance/corpus';
import { fuzzCases } from '../test/conformance/fuzz';
import { diagnosticsFor, judge } from '../test/conformance/replay';

/** A request that takes longer than this is set aside (a cluster may take that long on a costly mutation). */
const ANSWER_TIMEOUT_MS = 10_000;

function log(line: string): void {
  console.log(`[fuzz] ${line}`);
}

function number(text: string | undefined, fallback: number, name: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${name} is a whole number, not ${text}`);
  return n;
}

async function answerOf(url: string, c: Parameters<typeof ask>[1]): Promise<Answer | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      resolve(undefined);
    }, ANSWER_TIMEOUT_MS);
  });
  try {
    return await Promise.race([ask(url, c), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a disagreement is grouped by: the words OpenSearch gave beyond where it stopped, numbers folded. */
function groupOf(answer: Answer, why: string): string {
  const reasons = (answer.reasons ?? []).filter((r) => !r.includes('failed to parse field'));
  const words = reasons[0] ?? why;
  return words.replace(/\d+/g, 'N').slice(0, 120);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' },
      cases: { type: 'string' },
      seed: { type: 'string' },
      mutations: { type: 'string' },
      out: { type: 'string' },
    },
  });
  if (values.url === undefined) {
    console.error('--url <cluster> is needed: a running real OpenSearch (npm run opensearch)');
    return 2;
  }
  const count = number(values.cases, 2000, 'cases');
  const seed = number(values.seed, 1, 'seed');
  const mutations = number(values.mutations, 1, 'mutations');
  const version = await clusterVersion(values.url);
  await prepareIndex(values.url);
  const started = Date.now();
  const groups = new Map<string, number>();
  const lines: string[] = [];
  let unanswered = 0;
  let heldBack = 0;
  for (const { case: c, mutations: done } of fuzzCases(count, seed, mutations)) {
    const diagnostics = diagnosticsFor(c, version);
    if (diagnostics.some((d) => d.code === 'aggs.too-many-buckets')) {
      // A histogram made to fill billions of empty buckets (a bound mutated to 2147483648) is refused only after
      // the buckets are built: the memory it takes trips the cluster's circuit breakers for the requests that follow.
      // The conformance corpus holds OpenSearch's answer to a body over search.max_buckets.
      heldBack++;
      continue;
    }
    const answer = await answerOf(values.url, c);
    if (answer === undefined) {
      unanswered++;
      continue;
    }
    const verdict = judge(c, version, answer, diagnostics);
    if (verdict.agrees) continue;
    const group = groupOf(answer, verdict.why ?? '');
    groups.set(group, (groups.get(group) ?? 0) + 1);
    lines.push(JSON.stringify({ ...c, mutations: done, answer, why: verdict.why }));
  }
  log(
    `OpenSearch ${version}: ${count} cases (seed ${seed}, ${mutations} mutation(s) each), ${lines.length} disagreements, ` +
      `${unanswered} unanswered within ${ANSWER_TIMEOUT_MS / 1000} s, ${heldBack} held back as over search.max_buckets ` +
      `(${Date.now() - started} ms)`,
  );
  for (const [group, n] of [...groups].sort((a, b) => b[1] - a[1])) log(`${String(n).padStart(5)}  ${group}`);
  if (values.out !== undefined) {
    writeFileSync(values.out, lines.length === 0 ? '' : `${lines.join('\n')}\n`);
    log(`wrote ${values.out}`);
  }
  return lines.length === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
