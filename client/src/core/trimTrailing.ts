// Trailing characters removed by a loop: `/x+$/` is quadratic on a long run of x followed by something else.

/** `text` without the run of `char` at its end. */
export function trimTrailing(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  return text.slice(0, end);
}
