// The `standard` analyzer, close enough for the sample data: Unicode word runs (letters, digits, underscore,
// with `.` or `'` inside a word kept), lower-cased.

const WORD = /[\p{L}\p{N}_]+(?:[.'][\p{L}\p{N}_]+)*/gu;

export function analyze(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) out.push(m[0].toLowerCase());
  return out;
}
