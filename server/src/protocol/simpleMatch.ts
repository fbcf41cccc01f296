// OpenSearch's `Regex.simpleMatch` (docs/opensearch/rest-layer.md, "Wildcards in names"): `*` matches any run of
// characters, nothing else is special, case matters. Shared by the language service (node filters, index patterns)
// and the client, so that every wildcard of the extension is matched the same way and in linear time: no regular
// expression is ever built from what a user typed or a cluster sent.

/**
 * Patterns longer than this are not matched (they match nothing). A pattern comes from a URL, whose first line
 * OpenSearch refuses beyond `http.max_initial_line_length` (4kb), or from a field of a body; no index, node or action
 * name is that long, so nothing real is lost, and the work per name stays bounded.
 */
export const MAX_PATTERN_LENGTH = 4096;

/**
 * Whether `value` matches `pattern`, where each `*` stands for any run of characters (possibly empty).
 *
 * The pattern is cut at its stars; the first piece must start the value, the last must end it, and each piece in
 * between is looked for with `indexOf` from where the previous one ended. Taking the leftmost place of each middle
 * piece is always right (any later place leaves less room for the rest), so nothing is ever tried twice: the work is
 * at most the value's length times the pattern's, with no backtracking.
 */
export function simpleMatch(pattern: string, value: string): boolean {
  const first = pattern.indexOf('*');
  if (first === -1) return pattern === value;
  if (pattern.length > MAX_PATTERN_LENGTH) return false;
  const last = pattern.lastIndexOf('*');
  const head = pattern.slice(0, first);
  const tail = pattern.slice(last + 1);
  if (value.length < head.length + tail.length) return false;
  if (!value.startsWith(head) || !value.endsWith(tail)) return false;
  let pos = head.length;
  const end = value.length - tail.length;
  let start = first + 1;
  while (start <= last) {
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
