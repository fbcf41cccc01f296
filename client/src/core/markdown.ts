// Text from a cluster (its name, node names, failure reasons, task descriptions and headers) or from settings, put
// into the Markdown of tooltips: escaped, so that it shows as written and never as a link, an image, HTML, a heading or
// a theme icon. The features create the MarkdownString with `isTrusted` and `supportHtml` off (features/markdown.ts).

/** Line breaks of every kind: Markdown would start a new block (a heading, a list, a fence) after one. */
const LINE_BREAKS = /\r\n|[\n\r\u2028\u2029\u0085]/g;

/** A text shown as is, inline: every ASCII punctuation character is backslash-escaped, line breaks become spaces. */
export function escapeMarkdown(text: string): string {
  return text.replace(LINE_BREAKS, ' ').replace(/[!-/:-@[-`{-~]/g, '\\$&');
}

/** A text as inline code: a run of backticks longer than any in it, line breaks as spaces. */
export function inlineCode(text: string): string {
  const flat = text.replace(LINE_BREAKS, ' ');
  let longest = 0;
  let run = 0;
  for (const char of flat) {
    run = char === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  // A space on each side when the text starts or ends with a backtick (or is blank), as CommonMark then strips one.
  const pad = flat.startsWith('`') || flat.endsWith('`') || flat.trim() === '' ? ' ' : '';
  return `${fence}${pad}${flat}${pad}${fence}`;
}

/** A fenced block that the text cannot close. */
export function fencedBlock(text: string, language = 'text'): string {
  let longest = 2;
  let run = 0;
  for (const char of text) {
    run = char === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  const fence = '`'.repeat(longest + 1);
  return `${fence}${language}\n${text}\n${fence}`;
}
