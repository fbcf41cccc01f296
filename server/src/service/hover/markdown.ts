import { MarkupKind, type Hover, type Range } from 'vscode-languageserver-types';

/** `**name** · type · default `x`` */
export function heading(name: string, ...parts: (string | undefined)[]): string {
  return [`**${name}**`, ...parts.filter((p): p is string => p !== undefined && p.length > 0)].join(' · ');
}

export function code(text: string): string {
  const fence = text.includes('`') ? '``' : '`';
  return `${fence}${text}${fence}`;
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
