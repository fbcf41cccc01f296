// `npm run conformance:record -- [--version 3|3.8|2|2.19.1|all] [--url <cluster>]... [--only <id prefix>]...` (`--gaps`:
// only rewrite the known gaps): sends every case of the conformance corpus (test/conformance/cases.ts), or those whose
// id starts with an `--only` prefix, to real OpenSearch and writes what each version answered into
// test/fixtures/conformance/*.jsonl. Without --url it starts each real version in turn (scripts/lib/realOpenSearch.ts);
// with --url it uses running clusters (`npm run opensearch`), each recorded under the version it reports. The
// answers of versions not recorded this time are kept.
import { parseArgs } from 'node:util';
import { conformanceCases } from '../test/conformance/cases';
import {
  ask,
  clusterVersion,
  prepareIndex,
  readCorpus,
  sameAnswer,
  writeCorpus,
  type Answer,
  type RecordedCase,
} from '../test/conformance/corpus';
import { writeGaps } from '../test/conformance/gaps';
import { OpenSearchSetupError, realVersionsOf, realVersionWords, startOpenSearch } from './lib/realOpenSearch';

function log(line: string): void {
  console.log(`[conformance] ${line}`);
}

async function record(
  url: string,
  version: string,
  answers: Map<string, Record<string, Answer>>,
  only: readonly string[],
): Promise<void> {
  await prepareIndex(url);
  const cases = conformanceCases().filter((c) => only.length === 0 || only.some((prefix) => c.id.startsWith(prefix)));
  const started = Date.now();
  let refused = 0;
  for (const [i, c] of cases.entries()) {
    if (process.env.CONFORMANCE_TRACE !== undefined) log(`${i} ${c.id}`);
    const answer = await ask(url, c);
    if (answer.status >= 400) refused++;
    const own = answers.get(c.id) ?? {};
    // An answer that says the same as the one recorded keeps its words (see sameAnswer).
    const before = own[version];
    own[version] = before !== undefined && sameAnswer(before, answer) ? before : answer;
    answers.set(c.id, own);
  }
  log(`OpenSearch ${version}: ${cases.length} cases, ${refused} refused (${Date.now() - started} ms)`);
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      version: { type: 'string', default: 'all' },
      url: { type: 'string', multiple: true },
      gaps: { type: 'boolean', default: false },
      only: { type: 'string', multiple: true },
    },
  });
  if (values.gaps) {
    log(`known gaps now: ${JSON.stringify(writeGaps())}`);
    return 0;
  }
  const previous = new Map<string, Record<string, Answer>>();
  try {
    for (const c of readCorpus()) previous.set(c.id, { ...c.answers });
  } catch {
    // No corpus yet.
  }
  const answers = previous;
  const only = values.only ?? [];
  if (values.url !== undefined && values.url.length > 0) {
    for (const url of values.url) await record(url, await clusterVersion(url), answers, only);
  } else {
    const wanted = realVersionsOf(values.version);
    if (wanted === undefined) {
      console.error(`--version is ${realVersionWords(true)}, not ${values.version}`);
      return 2;
    }
    for (const major of wanted) {
      let cluster;
      try {
        cluster = await startOpenSearch({ version: major, port: 0, progress: log });
      } catch (e) {
        console.error(e instanceof OpenSearchSetupError ? e.message : e);
        return 1;
      }
      try {
        await record(cluster.url, cluster.version, answers, only);
      } finally {
        await cluster.stop();
      }
    }
  }
  const recorded: RecordedCase[] = conformanceCases().map((c) => ({ ...c, answers: answers.get(c.id) ?? {} }));
  writeCorpus(recorded);
  log(`wrote ${recorded.length} cases; known gaps now: ${JSON.stringify(writeGaps())}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
