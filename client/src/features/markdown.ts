// Tooltips' Markdown: never trusted (no command links), no HTML; theme icons (`$(warning)`) only where the text is
// ours, every cluster-supplied part of it being escaped (core/markdown.ts).
import * as vscode from 'vscode';

export function safeMarkdown(text: string, themeIcons = false): vscode.MarkdownString {
  const markdown = new vscode.MarkdownString(text, themeIcons);
  markdown.isTrusted = false;
  markdown.supportHtml = false;
  return markdown;
}
