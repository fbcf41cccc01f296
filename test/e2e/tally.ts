// Counts of passed, failed and skipped checks, printed as the launchers' closing line.
export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

export function emptyTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0 };
}

export function addTally(into: Tally, more: Tally): void {
  into.passed += more.passed;
  into.failed += more.failed;
  into.skipped += more.skipped;
}

export function formatTally(tally: Tally): string {
  return `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`;
}

/** Reads "N passed, N failed, N skipped" (as the suite prints it) out of a line. */
export function parseTally(line: string): Tally | undefined {
  const match = /(\d+) passed, (\d+) failed, (\d+) skipped/.exec(line);
  return match ? { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3]) } : undefined;
}
