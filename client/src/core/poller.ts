// Fetches something again and again while someone looks, never two at a time: the next fetch is planned when the
// previous one has ended, so a slow cluster is never asked twice at once. A refresh asked for while one is in flight
// shares its answer, unless what to fetch changed (invalidate), then one more fetch follows.

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const SYSTEM_TIMERS: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => {
    clearTimeout(handle as ReturnType<typeof setTimeout>);
  },
};

export type PollResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: unknown };

export interface PollerOptions<T> {
  readonly fetch: () => Promise<T>;
  /** Each result of the current generation, in order. */
  readonly onResult: (result: PollResult<T>) => void;
  /** Milliseconds between the end of a fetch and the next; 0 for none (refresh by hand only). */
  readonly intervalMs: () => number;
  readonly timers?: Timers;
}

export class Poller<T> {
  private active = false;
  private timer: unknown;
  private inFlight: Promise<PollResult<T>> | undefined;
  private generation = 0;
  private disposed = false;
  private readonly timers: Timers;
  /** How many fetches were started (for tests and the log). */
  fetches = 0;

  constructor(private readonly options: PollerOptions<T>) {
    this.timers = options.timers ?? SYSTEM_TIMERS;
  }

  get isActive(): boolean {
    return this.active;
  }

  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  /** Polls while active (the view visible, not paused, a cluster chosen); stops planning fetches otherwise. */
  setActive(active: boolean): void {
    if (this.disposed || active === this.active) return;
    this.active = active;
    if (!active) {
      this.cancelTimer();
      return;
    }
    if (this.inFlight === undefined) void this.refresh();
  }

  /** What to fetch changed: an answer in flight is dropped and a new fetch follows it. */
  invalidate(): void {
    this.generation++;
  }

  /** Fetches now (or joins the fetch in flight) and gives the first result that answers the current question. */
  refresh(): Promise<PollResult<T>> {
    if (this.disposed) return Promise.resolve({ ok: false, error: new Error('disposed') });
    if (this.inFlight === undefined) {
      this.cancelTimer();
      this.inFlight = this.cycle().then((result) => {
        this.inFlight = undefined;
        if (!this.disposed) this.schedule();
        return result;
      });
    }
    return this.inFlight;
  }

  /** Fetches until an answer arrives that is still current (no invalidate while it was on its way). */
  private async cycle(): Promise<PollResult<T>> {
    for (;;) {
      const generation = this.generation;
      this.fetches++;
      let result: PollResult<T>;
      try {
        result = { ok: true, value: await this.options.fetch() };
      } catch (error) {
        result = { ok: false, error };
      }
      if (this.disposed) return result;
      if (generation !== this.generation) continue;
      this.options.onResult(result);
      return result;
    }
  }

  private schedule(): void {
    this.cancelTimer();
    const interval = this.options.intervalMs();
    if (!this.active || interval <= 0) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      if (this.active) void this.refresh();
    }, interval);
  }

  /** The interval changed: plan the next fetch with it. */
  reschedule(): void {
    if (this.inFlight === undefined) this.schedule();
  }

  private cancelTimer(): void {
    if (this.timer !== undefined) {
      this.timers.clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  dispose(): void {
    this.disposed = true;
    this.active = false;
    this.cancelTimer();
  }
}
