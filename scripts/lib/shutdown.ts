// Everything a launcher started is stopped once, in reverse order, whether it ends normally, on an error, on a
// deadline or on Ctrl+C.
export type Stopper = () => Promise<void> | void;

export class Shutdown {
  private readonly stoppers: { name: string; stop: Stopper }[] = [];
  private readonly syncStoppers: (() => void)[] = [];
  private running: Promise<void> | undefined;

  constructor(private readonly log: (line: string) => void = console.error) {
    process.once('exit', () => {
      // Last resort when the process ends without stop() (an uncaught error): nothing can be awaited here.
      for (const stop of this.syncStoppers.reverse()) {
        stop();
      }
    });
  }

  /** `stop` stops it cleanly; `stopNow`, when given, is what process exit can still do synchronously. */
  add(name: string, stop: Stopper, stopNow?: () => void): void {
    this.stoppers.push({ name, stop });
    if (stopNow) {
      this.syncStoppers.push(stopNow);
    }
  }

  /** Whether stop() was called: processes ending now are being stopped, not failing. */
  get stopping(): boolean {
    return this.running !== undefined;
  }

  stop(): Promise<void> {
    this.running ??= (async () => {
      for (const { name, stop } of this.stoppers.reverse()) {
        try {
          await stop();
        } catch (error) {
          this.log(`could not stop ${name}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      this.syncStoppers.length = 0;
    })();
    return this.running;
  }

  /** Stops everything and exits with this code. */
  async exit(code: number): Promise<never> {
    await this.stop();
    process.exit(code);
  }

  /** Ctrl+C and SIGTERM stop everything, then exit with the signal's conventional code. */
  handleSignals(): void {
    for (const [signal, code] of [
      ['SIGINT', 130],
      ['SIGTERM', 143],
    ] as const) {
      process.once(signal, () => {
        this.log(`\n${signal}: stopping`);
        void this.exit(code);
      });
    }
  }
}
