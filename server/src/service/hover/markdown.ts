import { MarkupKind, type Hover, type Range } from 'vscode-languageserver-types';

/** `**name** · type · default `x`` */
export function heading(name: string, ...parts: (string | undefined)[]): string {
  return [`**${name}**`, ...parts.filter((p): p is string => p !== undefined && p.length > 0)].join(' · ');
}

/** Line breaks of every kind: in Markdown, one would start a new block (a heading, a list). */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\u0085]/g;

/** Inline code that the text cannot close: a run of backticks longer than any in it, line breaks as spaces. */
export function code(text: string): string {
  const flat = text.replace(LINE_BREAKS, ' ');
  let longest = 0;
  let run = 0;
  for (const char of flat) {
    run = char === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/**
 * Text from the cluster (node names, addresses) shown as written: the characters that make links, images, HTML,
 * emphasis, headings or autolinks (`http:`) are backslash-escaped, line breaks become spaces.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(/[\\`*_[\]()<>!#|~&$:]/g, '\\$&');
}

export function defaultPart(value: string | undefined): string | undefined {
  return value === undefined ? undefined : `default ${code(value)}`;
}

export function markdownHover(value: string, range: Range): Hover {
  return { contents: { kind: MarkupKind.Markdown, value }, range };
}

export function lineRange(line: number, start: number, end: number): Range {
  return { start: { line, character: start }, end: { line, character: end } };
}
