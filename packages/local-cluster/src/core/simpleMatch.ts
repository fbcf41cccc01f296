// Wildcard matching without regular expressions. The local cluster keeps its own copy of the extension's matcher
// (it imports nothing of the extension: an independent reading of OpenSearch); both are tested against the same
// definition. Nothing here backtracks: a pattern from a request can never stall the cluster.

/** Patterns longer than this match nothing: OpenSearch refuses a URL whose first line passes 4kb. */
const MAX_PATTERN_LENGTH = 4096;

/**
 * `Regex.simpleMatch`: `*` is any run of characters, nothing else is special, case matters. Index patterns, field
 * names, `filter_path` segments, `_cat` columns, task actions, node names.
 *
 * The pattern is cut at its stars: the first piece starts the value, the last ends it, and each piece between is
 * found with `indexOf` from where the one before ended (its leftmost place is always the best one), so the work is
 * at most the value's length times the pattern's.
 */
export function simpleMatch(pattern: string, value: string): boolean {
  const first = pattern.indexOf('*');
  if (first === -1) return pattern === value;
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  const last = pattern.lastIndexOf('*');
  const head = pattern.slice(0, first);
  const tail = pattern.slice(last + 1);
  if (value.length < head.length + tail.length || !value.startsWith(head) || !value.endsWith(tail)) return false;
  let pos = head.length;
  const end = value.length - tail.length;
  for (let start = first + 1; start <= last;) {
    const star = pattern.indexOf('*', start);
    if (star > start) {
      const piece = pattern.slice(start, star);
      const at = value.indexOf(piece, pos);
      if (at === -1 || at + piece.length > end) return false;
      pos = at + piece.length;
    }
    start = star + 1;
  }
  return true;
}

const STAR = -1;
const ANY = -2;

/**
 * Lucene's `WildcardQuery` syntax: `*` any run of characters, `?` any one character (a code point), `\` takes the
 * next character as it is. Compiled once; each test walks the value with one remembered star (the classic two-index
 * scan), so the work is at most the value's length times the pattern's, never exponential.
 */
export function wildcardMatcher(pattern: string, caseInsensitive = false): (value: string) => boolean {
  const units: number[] = [];
  const chars = Array.from(caseInsensitive ? pattern.toLowerCase() : pattern);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '*') {
      if (units[units.length - 1] !== STAR) units.push(STAR);
    } else if (c === '?') units.push(ANY);
    else if (c === '\\' && i + 1 < chars.length) units.push(chars[++i]!.codePointAt(0)!);
    else units.push(c.codePointAt(0)!);
  }
  return (raw) => {
    const text = Array.from(caseInsensitive ? raw.toLowerCase() : raw).map((c) => c.codePointAt(0)!);
    let p = 0;
    let s = 0;
    let starAt = -1;
    let resumeAt = 0;
    while (s < text.length) {
      const u = units[p];
      if (u !== undefined && u !== STAR && (u === ANY || u === text[s])) {
        p++;
        s++;
      } else if (u === STAR) {
        starAt = p++;
        resumeAt = s;
      } else if (starAt !== -1) {
        p = starAt + 1;
        s = ++resumeAt;
      } else {
        return false;
      }
    }
    while (units[p] === STAR) p++;
    return p === units.length;
  };
}
