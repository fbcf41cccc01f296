import { createScanner, SyntaxKind } from 'jsonc-parser';
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { MsearchDocument } from './documents/msearchDocument';
import type { SearchDocument } from './documents/searchDocument';
import type { ParsedDocument } from './documentStore';
import { isCommentLine, isHashCommentLine } from './syntax';

const REGION_START = /^\s*(\/\/|#)\s*#?region\b/;
const REGION_END = /^\s*(\/\/|#)\s*#?endregion\b/;

/**
 * Folding: each `.search` request (request line to its last body line), JSON objects and arrays that span lines,
 * blocks of comment lines, `# region` / `# endregion` markers.
 */
export function foldingRanges(document: ParsedDocument): FoldingRange[] {
  return document.kind === 'search' ? searchFolding(document.model) : msearchFolding(document.model);
}

function commentBlocks(
  lineCount: number,
  line: (n: number) => string,
  out: FoldingRange[],
  skip?: (n: number) => boolean,
): void {
  let start = -1;
  const regions: number[] = [];
  for (let n = 0; n <= lineCount; n++) {
    const text = n < lineCount ? line(n) : '';
    const comment = n < lineCount && isCommentLine(text) && skip?.(n) !== true;
    if (comment && REGION_START.test(text)) regions.push(n);
    else if (comment && REGION_END.test(text)) {
      const open = regions.pop();
      if (open !== undefined && n > open) out.push({ startLine: open, endLine: n, kind: FoldingRangeKind.Region });
    }
    const plain = comment && !REGION_START.test(text) && !REGION_END.test(text);
    if (plain && start === -1) start = n;
    if (!plain && start !== -1) {
      if (n - 1 > start) out.push({ startLine: start, endLine: n - 1, kind: FoldingRangeKind.Comment });
      start = -1;
    }
  }
}

/** Objects and arrays of a JSON text that span lines; the closing line stays visible. */
function jsonRanges(text: string, firstLine: number, out: FoldingRange[]): void {
  const scanner = createScanner(text, false);
  const stack: number[] = [];
  let line = firstLine;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    switch (kind) {
      case SyntaxKind.LineBreakTrivia:
        line++;
        break;
      case SyntaxKind.BlockCommentTrivia: {
        const value = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
        const breaks = value.split('\n').length - 1;
        if (breaks > 0) out.push({ startLine: line, endLine: line + breaks, kind: FoldingRangeKind.Comment });
        line += breaks;
        break;
      }
      case SyntaxKind.OpenBraceToken:
      case SyntaxKind.OpenBracketToken:
        stack.push(line);
        break;
      case SyntaxKind.CloseBraceToken:
      case SyntaxKind.CloseBracketToken: {
        const start = stack.pop();
        if (start !== undefined && line > start + 1) out.push({ startLine: start, endLine: line - 1 });
        break;
      }
      default:
        break;
    }
  }
}

function searchFolding(model: SearchDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const inBody = new Set<number>();
  for (const request of model.requests) {
    const body = request.body;
    if (body === undefined) continue;
    for (let n = body.startLine; n <= body.endLine; n++) inBody.add(n);
    out.push({ startLine: request.line, endLine: body.endLine });
    const lines: string[] = [];
    for (let n = body.startLine; n <= body.endLine; n++) {
      const text = model.map.line(n);
      lines.push(isHashCommentLine(text) ? '' : text);
    }
    jsonRanges(lines.join('\n'), body.startLine, out);
  }
  commentBlocks(
    model.map.lineCount,
    (n) => model.map.line(n),
    out,
    (n) => inBody.has(n),
  );
  return out;
}

function msearchFolding(model: MsearchDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  commentBlocks(model.commentLineCount, (n) => model.line(n), out);
  return out;
}
