/**
 * Lucene's LevenshteinDistance similarity, which OpenSearch uses for every "did you mean":
 * 1 - distance / max(length), and names above 0.5 are suggested.
 */
export function similarity(target: string, other: string): number {
  const n = target.length;
  const m = other.length;
  if (n === 0 || m === 0) return n === m ? 1 : 0;
  let previous = new Array<number>(n + 1);
  let current = new Array<number>(n + 1);
  for (let i = 0; i <= n; i++) previous[i] = i;
  for (let j = 1; j <= m; j++) {
    const t = other.charCodeAt(j - 1);
    current[0] = j;
    for (let i = 1; i <= n; i++) {
      const cost = target.charCodeAt(i - 1) === t ? 0 : 1;
      current[i] = Math.min(current[i - 1]! + 1, previous[i]! + 1, previous[i - 1]! + cost);
    }
    [previous, current] = [current, previous];
  }
  return 1 - previous[n]! / Math.max(n, m);
}

/** Candidates more similar than 0.5, best first, ties in alphabetical order (OpenSearch's order). */
export function suggestions(name: string, candidates: Iterable<string>): string[] {
  const scored: [number, string][] = [];
  for (const candidate of candidates) {
    // The distance is at least the difference in length: skip who cannot score above 0.5 without computing it.
    const longer = Math.max(name.length, candidate.length);
    if (Math.abs(name.length - candidate.length) * 2 >= longer && longer > 0) continue;
    const score = similarity(name, candidate);
    if (score > 0.5) scored.push([score, candidate]);
  }
  scored.sort((a, b) => b[0] - a[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
  return scored.map(([, candidate]) => candidate);
}

/** ` did you mean [x]?` / ` did you mean any of [a, b]?`, or '' (SuggestingErrorOnUnknown). */
export function didYouMean(name: string, candidates: Iterable<string>): string {
  const found = suggestions(name, candidates);
  if (found.length === 0) return '';
  if (found.length === 1) return ` did you mean [${found[0]!}]?`;
  return ` did you mean any of [${found.join(', ')}]?`;
}
