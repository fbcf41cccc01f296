// The recorded conformance corpus (test/fixtures/conformance/<class>.jsonl): each line one case with what each real
// OpenSearch version answered. Written by `npm run conformance:record`, replayed through the language server by
// test/unit/conformance.test.ts and checked against real OpenSearch again by test/real/conformance.test.ts.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { send } from '../unit/corpus';
import { errorReasons } from '../real/realEnv';
import type { CaseClass, ConformanceCase } from './cases';
import { CONFORMANCE_DOCS, CONFORMANCE_INDEX, CONFORMANCE_MAPPINGS, CONFORMANCE_SEARCH_PIPELINES } from './setup';

const ROOT = path.resolve(__dirname, '../../..');
export const CORPUS_DIR = path.join(ROOT, 'test', 'fixtures', 'conformance');

/** What a real server answered. */
export interface Answer {
  readonly status: number;
  /** The error's `type`, when it has one. */
  readonly type?: string;
  /** The top reason, then the root causes and the `caused_by` chain, each cut at its first line. */
  readonly reasons?: readonly string[];
  /** A 200 whose shards (some or all) failed: their number. */
  readonly shardFailures?: number;
  /**
   * An `_msearch` that answered 200 with searches that failed: their number (the reasons are theirs). The request
   * itself is accepted: only those items fail.
   */
  readonly itemFailures?: number;
}

export interface RecordedCase extends ConformanceCase {
  /** By full version (`3.8.0`). */
  readonly answers: Readonly<Record<string, Answer>>;
}

/**
 * Whether two answers say the same: the methods a 405 lists, and the values a `must be one of [[...]]` lists, come in
 * no fixed order (OpenSearch builds those lists from sets, whose order changes from one start of the JVM to the
 * next), so they are compared sorted; and a Java object named by its identity hash is compared without the hash.
 */
export function sameAnswer(a: Answer, b: Answer): boolean {
  const sorted = (list: string): string => list.split(', ').sort().join(', ');
  const normalized = (answer: Answer): string =>
    JSON.stringify(answer)
      .replace(/allowed: \[([^\]]*)\]/g, (_all, list: string) => `allowed: [${sorted(list)}]`)
      .replace(/one of \[\[([^\]]*)\]\]/g, (_all, list: string) => `one of [[${sorted(list)}]]`)
      .replace(IDENTITY_HASH, '$1@…');
  return normalized(a) === normalized(b);
}

/**
 * Whether sending the case again would leave a task on the cluster: OpenSearch answers a search whose buckets path
 * it cannot parse with HTTP 500 (`Invalid path element [[s]] in path [[s]]`) and keeps its task, a `_search`'s or an
 * `_msearch`'s, registered as long as the node runs (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1). Tests that later read a
 * cluster's task list must not find them there, so such a case is recorded once and not sent again by them.
 */
export function leavesTaskBehind(c: RecordedCase): boolean {
  return Object.values(c.answers).some(
    (answer) => answer.status === 500 && (answer.reasons ?? []).some((r) => r.startsWith('Invalid path element [')),
  );
}

/** A Java object printed by its identity hash (`KeywordFieldType@18eb2b6`), which differs from one run to the next. */
const IDENTITY_HASH = /(\$[A-Za-z]+)@[0-9a-f]{1,8}\b/g;

/**
 * The text with each Java identity hash written `@…`, as the language server writes the hash it cannot know
 * (`KeywordFieldType@…`).
 */
export function withoutIdentityHashes(text: string): string {
  return text.replace(IDENTITY_HASH, '$1@…');
}

/** The `type` of an answer that never came: the server closed the connection (`status` 0). */
const CLOSED = 'connection closed without an answer';

/** Whether the server refused the request: an error status, shards that failed, or no answer at all. */
export function rejected(answer: Answer): boolean {
  return answer.status >= 400 || answer.status === 0 || (answer.shardFailures ?? 0) > 0;
}

function answerOf(status: number, body: unknown): Answer {
  const record = (body ?? {}) as { error?: { type?: unknown }; _shards?: { failed?: number; failures?: unknown[] } };
  const type = typeof record.error?.type === 'string' ? record.error.type : undefined;
  let reasons = errorReasons(body);
  const failed = status < 400 ? (record._shards?.failed ?? 0) : 0;
  if (failed > 0) {
    reasons = errorReasons({
      error: { root_cause: (record._shards?.failures ?? []).map((f) => (f as { reason?: unknown }).reason) },
    });
  }
  const responses = (body as { responses?: unknown } | undefined)?.responses;
  let itemFailures = 0;
  if (status < 400 && Array.isArray(responses)) {
    for (const item of responses as { status?: unknown }[]) {
      if (typeof item.status !== 'number' || item.status < 400) continue;
      itemFailures++;
      for (const reason of errorReasons(item)) if (!reasons.includes(reason)) reasons.push(reason);
    }
  }
  return {
    status,
    ...(type === undefined ? {} : { type }),
    ...(reasons.length === 0 ? {} : { reasons }),
    ...(failed > 0 ? { shardFailures: failed } : {}),
    ...(itemFailures > 0 ? { itemFailures } : {}),
  };
}

/** Deletes what prepareIndex creates (the index and the search pipelines), leaving the cluster as it found it. */
export async function removeConformanceState(url: string): Promise<void> {
  await send(url, { method: 'DELETE', path: `/${CONFORMANCE_INDEX}` });
  for (const name of Object.keys(CONFORMANCE_SEARCH_PIPELINES)) {
    await send(url, { method: 'DELETE', path: `/_search/pipeline/${name}` });
  }
}

/** The version a cluster reports on `GET /`. */
export async function clusterVersion(url: string): Promise<string> {
  const response = await fetch(url);
  const body = (await response.json()) as { version?: { number?: string } };
  if (typeof body.version?.number !== 'string') throw new Error(`${url} does not answer GET / as OpenSearch does`);
  return body.version.number;
}

/** Creates the conformance index afresh, with its documents. */
export async function prepareIndex(url: string): Promise<void> {
  for (const [name, pipeline] of Object.entries(CONFORMANCE_SEARCH_PIPELINES)) {
    const put = await send(url, {
      method: 'PUT',
      path: `/_search/pipeline/${name}`,
      body: JSON.stringify(pipeline),
    });
    if (put.status !== 200)
      throw new Error(`defining search pipeline ${name}: ${put.status} ${JSON.stringify(put.body)}`);
  }
  await send(url, { method: 'DELETE', path: `/${CONFORMANCE_INDEX}` });
  const created = await send(url, {
    method: 'PUT',
    path: `/${CONFORMANCE_INDEX}`,
    body: JSON.stringify({
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      mappings: CONFORMANCE_MAPPINGS,
    }),
  });
  if (created.status !== 200)
    throw new Error(`creating ${CONFORMANCE_INDEX}: ${created.status} ${JSON.stringify(created.body)}`);
  const lines: string[] = [];
  for (const [id, routing, source] of CONFORMANCE_DOCS) {
    lines.push(
      JSON.stringify({ index: { _index: CONFORMANCE_INDEX, _id: id, ...(routing === undefined ? {} : { routing }) } }),
    );
    lines.push(JSON.stringify(source));
  }
  const bulk = await send(url, {
    method: 'POST',
    path: '/_bulk?refresh=true',
    body: lines.join('\n') + '\n',
    contentType: 'application/x-ndjson',
  });
  if (bulk.status !== 200 || (bulk.body as { errors?: boolean }).errors === true) {
    throw new Error(`indexing into ${CONFORMANCE_INDEX}: ${JSON.stringify(bulk.body).slice(0, 500)}`);
  }
}

function contentTypeOf(c: ConformanceCase): string {
  return c.path.includes('/_msearch') ? 'application/x-ndjson' : 'application/json';
}

/** Sends one case and reads the answer (scroll contexts it opens are cleared). */
export async function ask(url: string, c: ConformanceCase): Promise<Answer> {
  let answer: Awaited<ReturnType<typeof send>>;
  try {
    answer = await send(url, {
      method: c.method,
      path: c.path,
      ...(c.body === undefined ? {} : { body: c.body, contentType: contentTypeOf(c) }),
    });
  } catch (error) {
    // A request whose handling throws a Java Error (not an Exception) gets no answer: the HTTP layer closes the
    // connection (docs/opensearch/rest-layer.md#no-answer).
    const code = (error as { code?: unknown }).code;
    if (code === 'ECONNRESET' || (error as Error).message === 'socket hang up') return { status: 0, type: CLOSED };
    throw error;
  }
  const scrollId = (answer.body as { _scroll_id?: unknown } | undefined)?._scroll_id;
  if (typeof scrollId === 'string') {
    await send(url, { method: 'DELETE', path: '/_search/scroll', body: JSON.stringify({ scroll_id: scrollId }) });
  }
  return answerOf(answer.status, answer.body);
}

export function readCorpus(): RecordedCase[] {
  const out: RecordedCase[] = [];
  for (const file of readdirSync(CORPUS_DIR).sort()) {
    if (!file.endsWith('.jsonl')) continue;
    for (const line of readFileSync(path.join(CORPUS_DIR, file), 'utf8').split('\n')) {
      if (line.trim() !== '') out.push(JSON.parse(line) as RecordedCase);
    }
  }
  return out;
}

/** Writes the corpus, one file per class, cases in the order given. */
export function writeCorpus(cases: readonly RecordedCase[]): void {
  mkdirSync(CORPUS_DIR, { recursive: true });
  const byClass = new Map<CaseClass, string[]>();
  for (const c of cases) {
    const lines = byClass.get(c.class) ?? [];
    lines.push(JSON.stringify(c));
    byClass.set(c.class, lines);
  }
  for (const [cls, lines] of byClass) writeFileSync(path.join(CORPUS_DIR, `${cls}.jsonl`), lines.join('\n') + '\n');
}
