// The last runs, newest first, with their responses; the Results view shows them and commands act on them.
// Evicted runs release their response (which may live in the worker).
import type { ClusterConfig } from './clusterConfig';
import type { FailureKind } from './failures';
import type { ResponseDocument } from './responseDocument';
import type { SlottedRequest } from './secretSlots';
import type { ClusterWarning } from './warnings';

export type RunState = 'running' | 'cancelling' | 'done' | 'failed' | 'cancelled';

export interface RunRecord {
  readonly id: string;
  readonly opaqueId: string;
  readonly label: string;
  readonly cluster: ClusterConfig;
  /** As resolved: secret variables' places hold `${name}` (their values are put in only to send it). */
  readonly request: SlottedRequest & { readonly endpoint?: string };
  /**
   * Where the request came from, to run it again: a line, the whole file (`all`), or the lines of a selection of a
   * `.msearch` file (`lines`: the pairs they touch were one `_msearch`).
   */
  readonly source?: {
    readonly uri: string;
    readonly line?: number;
    readonly all?: boolean;
    readonly lines?: { readonly start: number; readonly end: number };
  };
  readonly startedAt: number;
  state: RunState;
  status?: number;
  durationMs?: number;
  bytes?: number;
  document?: ResponseDocument;
  failure?: { readonly kind: FailureKind; readonly message: string };
  /** What the cancellation did on the cluster. */
  cancelMessage?: string;
  /** The cluster's `Warning` headers (deprecations) on the answer. */
  warnings?: readonly ClusterWarning[];
  /** The answer was let go to keep memory in bounds (see RunHistory's byte budget). */
  released?: boolean;
  /** The answer's content type. */
  contentType?: string | undefined;
  /** Read back from the workspace's storage after a reload. */
  restored?: boolean;
  /** Why there is no answer to show (it was not kept across the reload). */
  answerNote?: string;
}

/** Answers kept in memory, all runs together: older ones are released beyond it. */
const DEFAULT_BYTE_BUDGET = 512 * 1024 * 1024;

export class RunHistory {
  private readonly runs: RunRecord[] = [];
  private readonly listeners = new Set<(run: RunRecord | undefined) => void>();

  constructor(
    private maxRuns: number,
    private readonly byteBudget = DEFAULT_BYTE_BUDGET,
  ) {}

  /** `run` changed (or the list did, when undefined). */
  onDidChange(listener: (run: RunRecord | undefined) => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  private fire(run: RunRecord | undefined): void {
    for (const listener of [...this.listeners]) listener(run);
  }

  list(): readonly RunRecord[] {
    return this.runs;
  }

  get(id: string): RunRecord | undefined {
    return this.runs.find((run) => run.id === id);
  }

  /** Runs kept from before a reload, newest first: they go after the runs of this session. */
  restore(runs: readonly RunRecord[]): void {
    const known = new Set(this.runs.map((run) => run.id));
    for (const run of runs) if (!known.has(run.id)) this.runs.push(run);
    this.trim();
    this.fire(undefined);
  }

  add(run: RunRecord): void {
    this.runs.unshift(run);
    this.trim();
    this.fire(undefined);
  }

  changed(run: RunRecord): void {
    if (!this.runs.includes(run)) return;
    this.fire(run);
    for (const released of this.enforceBudget()) this.fire(released);
  }

  /** Releases the answers of the oldest runs while all answers together are over the budget; the newest stays. */
  private enforceBudget(): RunRecord[] {
    let total = 0;
    const released: RunRecord[] = [];
    for (const [position, run] of this.runs.entries()) {
      if (run.document === undefined) continue;
      total += run.bytes ?? 0;
      if (total > this.byteBudget && position > 0) {
        run.document.dispose();
        delete run.document;
        run.released = true;
        released.push(run);
      }
    }
    return released;
  }

  setMaxRuns(maxRuns: number): void {
    this.maxRuns = maxRuns;
    if (this.trim()) this.fire(undefined);
  }

  private trim(): boolean {
    let removed = false;
    // Running runs stay until they end, whatever the limit.
    for (let i = this.runs.length - 1; i >= 0 && this.runs.length > Math.max(1, this.maxRuns); i--) {
      const run = this.runs[i]!;
      if (run.state === 'running' || run.state === 'cancelling') continue;
      run.document?.dispose();
      this.runs.splice(i, 1);
      removed = true;
    }
    return removed;
  }

  remove(id: string): void {
    const index = this.runs.findIndex((run) => run.id === id);
    if (index === -1) return;
    this.runs[index]!.document?.dispose();
    this.runs.splice(index, 1);
    this.fire(undefined);
  }

  clear(): void {
    for (const run of [...this.runs]) {
      if (run.state !== 'running' && run.state !== 'cancelling') this.remove(run.id);
    }
  }

  dispose(): void {
    for (const run of this.runs) run.document?.dispose();
    this.runs.length = 0;
    this.listeners.clear();
  }
}
