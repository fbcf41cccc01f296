// The runs of the Results view kept across window reloads, in a folder of the workspace's storage: `runs.json` (each
// run: request as resolved, cluster, time, status, took, the answer's summary) and one file per kept answer. Answers
// over the size limit keep their summary only. Secret variables' values are never in it: the request is kept as the
// language server resolved it, `${name}` at their places, and the answer with them masked (as the view shows it).
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import * as path from 'node:path';
import type { ClusterConfig } from './clusterConfig';
import type { FailureKind } from './failures';
import type { ResponseDocument } from './responseDocument';
import type { ResponseSummary, JsonPath, NodeRef, ResultNode } from './resultTree';
import type { RunRecord, RunState } from './runHistory';

const INDEX = 'runs.json';
const ANSWER = '.answer';
const FORMAT = 1;

/** A run as it is kept. */
export interface SavedRun {
  readonly id: string;
  readonly opaqueId: string;
  readonly label: string;
  readonly cluster: { readonly name: string; readonly url: string };
  readonly request: RunRecord['request'];
  readonly source?: RunRecord['source'];
  readonly startedAt: number;
  readonly state: RunState;
  readonly status?: number;
  readonly durationMs?: number;
  readonly bytes?: number;
  readonly failure?: { readonly kind: FailureKind; readonly message: string };
  readonly cancelMessage?: string;
  readonly summary?: ResponseSummary;
  readonly contentType?: string;
  /** Whether its answer is in a file of its own, or why not. */
  readonly answer: 'kept' | 'too-large' | 'none';
}

interface SavedIndex {
  readonly format: number;
  readonly runs: readonly SavedRun[];
}

function isSavedRun(value: unknown): value is SavedRun {
  if (typeof value !== 'object' || value === null) return false;
  const run = value as Partial<SavedRun>;
  return (
    typeof run.id === 'string' &&
    /^[\w-]+$/.test(run.id) &&
    typeof run.label === 'string' &&
    typeof run.startedAt === 'number' &&
    typeof run.state === 'string' &&
    typeof run.cluster?.name === 'string' &&
    typeof run.request?.method === 'string' &&
    typeof run.request.path === 'string' &&
    Array.isArray(run.request.query)
  );
}

/** Opens a kept answer as the view reads it (the worker for large ones). */
export type AnswerOpener = (body: Uint8Array, contentType: string | undefined) => Promise<ResponseDocument>;

/**
 * A kept answer: its summary at once, the answer itself read from its file when the view first needs it.
 */
class StoredResponseDocument implements ResponseDocument {
  private opened: Promise<ResponseDocument> | undefined;

  constructor(
    readonly summary: ResponseSummary,
    private readonly read: () => Promise<Uint8Array>,
    private readonly contentType: string | undefined,
    private readonly open: AnswerOpener,
  ) {}

  private document(): Promise<ResponseDocument> {
    this.opened ??= this.read().then((body) => this.open(body, this.contentType));
    return this.opened;
  }

  async children(ref: NodeRef | null, offset: number, limit: number): Promise<readonly ResultNode[]> {
    return (await this.document()).children(ref, offset, limit);
  }

  async text(at: JsonPath, pretty: boolean): Promise<string> {
    return (await this.document()).text(at, pretty);
  }

  async value(at: JsonPath): Promise<unknown> {
    return (await this.document()).value(at);
  }

  dispose(): void {
    void this.opened?.then(
      (document) => {
        document.dispose();
      },
      () => undefined,
    );
  }
}

export class HistoryStore {
  /** Saves run one after the other. */
  private queue: Promise<void> = Promise.resolve();
  /** Runs whose answer file is written (or known not to be needed). */
  private readonly written = new Map<string, SavedRun['answer']>();

  constructor(
    private readonly dir: string,
    /** The largest answer kept, in bytes (0: none). */
    private readonly answerLimit: () => number,
  ) {}

  private answerFile(id: string): string {
    return path.join(this.dir, `${id}${ANSWER}`);
  }

  /** The kept runs, newest first; nothing when there are none or the index cannot be read. */
  async load(): Promise<SavedRun[]> {
    let raw: string;
    try {
      raw = await readFile(path.join(this.dir, INDEX), 'utf8');
    } catch {
      return [];
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      return [];
    }
    const index = parsed as Partial<SavedIndex>;
    if (index.format !== FORMAT || !Array.isArray(index.runs)) return [];
    const runs = index.runs.filter(isSavedRun);
    for (const run of runs) this.written.set(run.id, run.answer);
    return runs;
  }

  readAnswer(id: string): Promise<Uint8Array> {
    return readFile(this.answerFile(id));
  }

  /** Brings the folder in line with the runs (the Results view's, newest first). */
  save(runs: readonly RunRecord[]): Promise<void> {
    const next = this.queue.then(() => this.write(runs));
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async write(runs: readonly RunRecord[]): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    const limit = this.answerLimit();
    const saved: SavedRun[] = [];
    for (const run of runs) {
      if (run.state === 'running' || run.state === 'cancelling') continue;
      let answer = this.written.get(run.id);
      if (answer === undefined) {
        answer = 'none';
        if (run.document !== undefined && run.document.summary.shape !== 'empty') {
          if ((run.bytes ?? 0) > limit) {
            answer = 'too-large';
          } else {
            await writeFile(this.answerFile(run.id), await run.document.text([], false), 'utf8');
            answer = 'kept';
          }
        } else if (run.answerNote !== undefined) {
          answer = 'too-large';
        }
        this.written.set(run.id, answer);
      }
      saved.push(toSaved(run, answer));
    }
    const index: SavedIndex = { format: FORMAT, runs: saved };
    const temporary = path.join(this.dir, `${INDEX}.tmp`);
    await writeFile(temporary, JSON.stringify(index), 'utf8');
    await rename(temporary, path.join(this.dir, INDEX));
    const alive = new Set(saved.filter((run) => run.answer === 'kept').map((run) => run.id));
    for (const file of await readdir(this.dir)) {
      if (file.endsWith(ANSWER) && !alive.has(file.slice(0, -ANSWER.length))) {
        await rm(path.join(this.dir, file), { force: true });
        this.written.delete(file.slice(0, -ANSWER.length));
      }
    }
  }
}

function toSaved(run: RunRecord, answer: SavedRun['answer']): SavedRun {
  return {
    id: run.id,
    opaqueId: run.opaqueId,
    label: run.label,
    cluster: { name: run.cluster.name, url: run.cluster.url },
    request: run.request,
    ...(run.source === undefined ? {} : { source: run.source }),
    startedAt: run.startedAt,
    state: run.state,
    ...(run.status === undefined ? {} : { status: run.status }),
    ...(run.durationMs === undefined ? {} : { durationMs: run.durationMs }),
    ...(run.bytes === undefined ? {} : { bytes: run.bytes }),
    ...(run.failure === undefined ? {} : { failure: run.failure }),
    ...(run.cancelMessage === undefined ? {} : { cancelMessage: run.cancelMessage }),
    ...(run.document === undefined ? {} : { summary: run.document.summary }),
    ...(run.contentType === undefined ? {} : { contentType: run.contentType }),
    answer,
  };
}

/**
 * A kept run as a run of the Results view. `cluster` is the configured cluster of that name (as configured now), or
 * what was kept of it; the answer is read from its file when first needed.
 */
export function restoreRun(
  saved: SavedRun,
  cluster: ClusterConfig | undefined,
  store: HistoryStore,
  open: AnswerOpener,
): RunRecord {
  const run: RunRecord = {
    id: saved.id,
    opaqueId: saved.opaqueId,
    label: saved.label,
    cluster: cluster ?? { name: saved.cluster.name, url: saved.cluster.url, auth: 'none' },
    request: saved.request,
    ...(saved.source === undefined ? {} : { source: saved.source }),
    startedAt: saved.startedAt,
    state: saved.state,
    restored: true,
  };
  if (saved.status !== undefined) run.status = saved.status;
  if (saved.durationMs !== undefined) run.durationMs = saved.durationMs;
  if (saved.bytes !== undefined) run.bytes = saved.bytes;
  if (saved.failure !== undefined) run.failure = saved.failure;
  if (saved.cancelMessage !== undefined) run.cancelMessage = saved.cancelMessage;
  if (saved.contentType !== undefined) run.contentType = saved.contentType;
  if (saved.answer === 'kept' && saved.summary !== undefined) {
    run.document = new StoredResponseDocument(saved.summary, () => store.readAnswer(saved.id), saved.contentType, open);
  } else if (saved.answer === 'too-large') {
    run.answerNote =
      'The answer was larger than searchRequests.results.savedAnswerSize: it was not kept across the reload. Run it again to see it.';
  }
  return run;
}
