/**
 * At most this many items of one kind (field names, index names, task ids) go into a list. A mapping can hold
 * thousands of fields: past the limit the items are those that match what is typed, and the list says it is
 * incomplete, so that the editor asks again as the user types.
 */
export const ITEM_LIMIT = 200;

/** Whether the name (lower case) starts with the typed text, or one of its dotted, dashed or underscored words does. */
function startsAWord(name: string, typed: string): boolean {
  if (name.startsWith(typed)) return true;
  let from = name.indexOf(typed, 1);
  while (from !== -1) {
    const before = name.charCodeAt(from - 1);
    // . - _ @ /
    if (before === 46 || before === 45 || before === 95 || before === 64 || before === 47) return true;
    from = name.indexOf(typed, from + 1);
  }
  return false;
}

/** Whether the typed characters appear in the name in order. */
function subsequence(name: string, typed: string): boolean {
  let at = 0;
  for (let i = 0; i < typed.length; i++) {
    at = name.indexOf(typed.charAt(i), at);
    if (at === -1) return false;
    at++;
  }
  return true;
}

/**
 * The candidates to offer, best first as given: all of them within the limit; otherwise those whose name (`key`, lower
 * case) matches the typed text, word starts first, up to the limit.
 */
export function capped<T>(
  candidates: readonly T[],
  typed: string,
  key: (candidate: T) => string,
  limit = ITEM_LIMIT,
): { readonly chosen: readonly T[]; readonly incomplete: boolean } {
  if (candidates.length <= limit) return { chosen: candidates, incomplete: false };
  const pattern = typed.toLowerCase();
  if (pattern.length === 0) return { chosen: candidates.slice(0, limit), incomplete: true };
  const strong: T[] = [];
  const weak: T[] = [];
  for (const candidate of candidates) {
    const name = key(candidate);
    if (startsAWord(name, pattern)) {
      strong.push(candidate);
      if (strong.length >= limit) break;
    } else if (weak.length + strong.length < limit && subsequence(name, pattern)) {
      weak.push(candidate);
    }
  }
  return { chosen: [...strong, ...weak].slice(0, limit), incomplete: true };
}
