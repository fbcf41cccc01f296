import { createScanner, format, parse, SyntaxKind, type EditResult, type ParseError } from 'jsonc-parser';
import type { Position, Range, TextEdit } from 'vscode-languageserver-types';
import type { MsearchDocument } from './documents/msearchDocument';
import type { SearchDocument, SearchRequest } from './documents/searchDocument';
import type { ParsedDocument } from './documentStore';
import { JsonSegment, tooDeepAt } from './json/jsonSegment';
import { splitJsonValues, splitMsearchPairs } from './json/jsonValues';
import { splitHashComment } from './syntax';
import { expandJson } from './console/expand';
import { Variables } from './console/variables';

/** Endpoints whose body is NDJSON: one object per line when sent. */
const NDJSON = new Set(['msearch', 'bulk', 'msearch_template']);
/** A `#` comment line carried through the JSON formatter as a line comment, then put back. */
const MARK = '//\u0000';

/**
 * Formatting: `.search` bodies pretty-printed with 2-space indentation (comments kept; in `_msearch` bodies each header
 * stays on one line and each search is pretty-printed; other NDJSON bodies one object per line), request lines left
 * alone; `.msearch` JSON lines compacted one by one, blank and comment lines untouched, never a line joined or split.
 * Only whitespace changes, so the edits are small and the cursor keeps its place. Text that does not parse is left
 * as it is. With a range, only the requests (or lines) it touches are formatted.
 */
export function formatDocument(document: ParsedDocument, range?: Range): TextEdit[] {
  return document.kind === 'search' ? formatSearch(document.model, range) : formatMsearch(document.model, range);
}

/** On-type formatting after `}` or `]`: the request (`.search`) or the line (`.msearch`) just closed, if it parses. */
export function formatOnType(document: ParsedDocument, position: Position): TextEdit[] {
  const range = { start: position, end: position };
  return formatDocument(document, range);
}

function touches(range: Range | undefined, startLine: number, endLine: number): boolean {
  return range === undefined || (range.start.line <= endLine && range.end.line >= startLine);
}

function formatSearch(model: SearchDocument, range: Range | undefined): TextEdit[] {
  const out: TextEdit[] = [];
  const eol = model.text.includes('\r\n') ? '\r\n' : '\n';
  for (const request of model.requests) {
    const body = request.body;
    if (body === undefined || !touches(range, request.line, body.endLine)) continue;
    const start = model.map.lineStart(body.startLine);
    const endLineText = model.map.line(body.endLine);
    const end = model.map.lineStart(body.endLine) + endLineText.replace(/\r$/, '').length;
    const original = model.text.slice(start, end);
    const formatted = formatConsoleBody(original, body.text, endpointOf(request), eol);
    if (formatted === undefined || formatted === original) continue;
    for (const edit of whitespaceEdits(original, formatted)) {
      out.push({
        range: { start: model.map.positionAt(start + edit.start), end: model.map.positionAt(start + edit.end) },
        newText: edit.text,
      });
    }
  }
  return out;
}

function endpointOf(request: SearchRequest): string | undefined {
  const resolution = request.target.route;
  return resolution.kind === 'match' ? resolution.route.endpoint.name : undefined;
}

function parsesCleanly(text: string): boolean {
  // Deeper than OpenSearch reads: refused (json.too-deep), and the JSON parser would recurse that deep. Left as is.
  if (tooDeepAt(text) !== -1) return false;
  const errors: ParseError[] = [];
  parse(text, errors, { allowTrailingComma: false, disallowComments: false, allowEmptyContent: false });
  return errors.length === 0;
}

/** A JSON text pretty-printed with 2 spaces, `#` comment lines kept at the indentation of their neighbours. */
function prettyJson(text: string, eol: string): string | undefined {
  const hashLines: string[] = [];
  const marked = text
    .split('\n')
    .map((line) => {
      const hash = splitHashComment(line.replace(/\r$/, ''));
      if (hash === undefined) return line;
      hashLines.push(hash.comment);
      return `${hash.indent}${MARK}${hashLines.length - 1}`;
    })
    .join('\n');
  if (!parsesCleanly(marked)) return undefined;
  const pretty = applyInOnePass(marked, format(marked, undefined, { tabSize: 2, insertSpaces: true, eol }));
  return hashLines.length === 0
    ? pretty
    : pretty.replace(new RegExp(`${MARK}(\\d+)`, 'g'), (_all, n: string) => hashLines[Number(n)] ?? '');
}

/**
 * The formatter's edits applied in one pass over the text (they do not overlap): a body with tens of thousands of
 * edits costs its length, not edits × length as splicing them in one by one would.
 */
function applyInOnePass(text: string, edits: EditResult): string {
  const sorted = [...edits].sort((a, b) => a.offset - b.offset);
  const parts: string[] = [];
  let copied = 0;
  for (const edit of sorted) {
    if (edit.offset < copied) continue;
    parts.push(text.slice(copied, edit.offset), edit.content);
    copied = edit.offset + edit.length;
  }
  parts.push(text.slice(copied));
  return parts.join('');
}

/** A placeholder for what the JSON formatter cannot read: a JSON string no one writes. */
const KEPT = '\uE000';

/**
 * A body with console syntax formatted: `"""` strings and variables outside strings (`"size": ${n}`) are kept as
 * they are written, and the JSON around them is formatted. `blanked` is the same text with its comment lines blanked
 * (as the body is read), to find them.
 */
function formatConsoleBody(
  original: string,
  blanked: string,
  endpoint: string | undefined,
  eol: string,
): string | undefined {
  const found = expandJson(blanked, Variables.NONE, true);
  const spans = [
    ...found.tripleQuoted.filter((t) => t.closed).map((t) => t.span),
    ...found.variables.filter((use) => use.context === 'bare').map((use) => use.span),
  ].sort((a, b) => a.offset - b.offset);
  if (spans.length === 0) return formatBody(original, endpoint, eol);
  const kept: string[] = [];
  let text = '';
  let copied = 0;
  for (const span of spans) {
    text += original.slice(copied, span.offset) + `"${KEPT}${kept.length}"`;
    kept.push(original.slice(span.offset, span.offset + span.length));
    copied = span.offset + span.length;
  }
  text += original.slice(copied);
  const formatted = formatBody(text, endpoint, eol);
  return formatted?.replace(new RegExp(`"${KEPT}(\\d+)"`, 'g'), (_all, n: string) => kept[Number(n)] ?? '');
}

function formatBody(text: string, endpoint: string | undefined, eol: string): string | undefined {
  if (endpoint === undefined || !NDJSON.has(endpoint)) return prettyJson(text, eol);
  // One JSON value after another: format each, keep the comment lines between them on their own lines. In `_msearch`
  // the headers stay on one line and the searches are pretty-printed.
  const values =
    endpoint === 'msearch'
      ? splitMsearchPairs(text).flatMap(({ header, body }) => [
          { ...header, oneLine: true },
          ...(body === undefined ? [] : [{ ...body, oneLine: false }]),
        ])
      : splitJsonValues(text).map((value) => ({ ...value, oneLine: true }));
  const parts: string[] = [];
  let previousEnd = 0;
  for (const value of values) {
    for (const line of text.slice(previousEnd, value.offset).split('\n')) {
      const trimmed = line.trim();
      if (trimmed.length > 0) parts.push(trimmed);
    }
    const formatted = value.oneLine ? compactLine(value.text) : prettyJson(value.text, eol);
    if (formatted === undefined) return undefined;
    parts.push(formatted);
    previousEnd = value.offset + value.text.length;
  }
  for (const line of text.slice(previousEnd).split('\n')) {
    const trimmed = line.trim();
    if (trimmed.length > 0) parts.push(trimmed);
  }
  return parts.join(eol);
}

/**
 * A JSON value on one line without the whitespace between tokens; comments stay (with a space before them, and after
 * a block comment). Undefined when the text does not parse: removing spaces there could merge tokens.
 */
function compactLine(text: string): string | undefined {
  if (!parsesCleanly(text)) return undefined;
  const scanner = createScanner(text, false);
  let out = '';
  let spaceNext = false;
  for (;;) {
    const kind = scanner.scan();
    if (kind === SyntaxKind.EOF) break;
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    const token = text.slice(scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      if (kind === SyntaxKind.LineCommentTrivia && text.indexOf('\n', scanner.getTokenOffset()) !== -1) {
        // A line comment followed by more JSON cannot share its line.
        return undefined;
      }
      out += (out.length > 0 ? ' ' : '') + token;
      spaceNext = true;
      continue;
    }
    out += (spaceNext ? ' ' : '') + token;
    spaceNext = false;
  }
  return out;
}

function formatMsearch(model: MsearchDocument, range: Range | undefined): TextEdit[] {
  const out: TextEdit[] = [];
  const first = Math.max(model.firstFramedLine, range?.start.line ?? 0);
  const last = Math.min(model.lineCount - 1, range?.end.line ?? model.lineCount - 1);
  for (let n = first; n <= last; n++) {
    const line = model.line(n);
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    if (text.trim().length === 0) continue;
    const segment = JsonSegment.parse(text);
    // Fast path: a line without whitespace outside strings is already compact.
    if (segment.ok && segment.trailingOffset === -1 && !hasLooseWhitespace(text)) continue;
    const compact = compactLine(text);
    if (compact === undefined || compact === text) continue;
    for (const edit of whitespaceEdits(text, compact)) {
      out.push({
        range: { start: { line: n, character: edit.start }, end: { line: n, character: edit.end } },
        newText: edit.text,
      });
    }
  }
  return out;
}

/** Whether a line has whitespace outside strings (which compaction would remove). */
function hasLooseWhitespace(text: string): boolean {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 32 || c === 9 || c === 47 /* / (comments) */) {
      return true;
    }
  }
  return false;
}

interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

const isSpace = (c: string): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\r';

/**
 * The edits that turn `original` into `formatted` when the two differ only in whitespace: one edit per whitespace run
 * that changed. If they differ in anything else, one edit replaces the whole text.
 */
function whitespaceEdits(original: string, formatted: string): OffsetEdit[] {
  const edits: OffsetEdit[] = [];
  let i = 0;
  let j = 0;
  while (i < original.length || j < formatted.length) {
    const runStartI = i;
    const runStartJ = j;
    while (i < original.length && isSpace(original.charAt(i))) i++;
    while (j < formatted.length && isSpace(formatted.charAt(j))) j++;
    const before = original.slice(runStartI, i);
    const after = formatted.slice(runStartJ, j);
    if (before !== after) edits.push({ start: runStartI, end: i, text: after });
    if (i >= original.length || j >= formatted.length) {
      if (i < original.length || j < formatted.length) return [{ start: 0, end: original.length, text: formatted }];
      break;
    }
    if (original.charAt(i) !== formatted.charAt(j)) return [{ start: 0, end: original.length, text: formatted }];
    i++;
    j++;
  }
  return edits;
}
