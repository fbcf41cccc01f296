/** Words as a sentence lists them: `a`, `a and b`, `a, b and c` (or with `or`). */
export function wordList(words: readonly string[], conjunction: 'and' | 'or'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)!}`;
}
