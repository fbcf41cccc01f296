import type { Position } from 'vscode-languageserver-types';
import type { MsearchDocument } from '../documents/msearchDocument';
import type { SearchDocument, SearchRequest } from '../documents/searchDocument';
import type { ParsedDocument } from '../documentStore';
import { splitMsearchPairs, type ValueSlice } from '../json/jsonValues';
import type { RequestTarget } from '../url/requestLine';
import { locateIndexParts } from '../validate/msearchHeader';
import { expandJson, type Expansion } from '../console/expand';
import { Variables } from '../console/variables';
import { jsonCursor } from './jsonCursor';
import { BODY, bodySlotFor, HEADER, type Slot } from './slots';
import {
  isBareWord,
  isCommentLine,
  isHashCommentLine,
  isWordAndTarget,
  startsRequestLine,
  targetCommentStart,
} from '../syntax';

/**
 * What a position of a document is in:
 * - `requestLine`: a request line (or a `.msearch` target comment), read from `from`;
 * - `lineStart`: a word alone on a line between requests, where a request line is being started;
 * - `json`: a JSON text whose shape we know (`root`), with the offset in it and the way back to positions, and the
 *   index expressions the request it belongs to targets (undefined when it names none), read when asked for.
 */
export type Located =
  | { readonly kind: 'requestLine'; readonly line: number; readonly text: string; readonly from: number }
  | { readonly kind: 'lineStart'; readonly line: number; readonly text: string }
  | {
      readonly kind: 'json';
      readonly text: string;
      readonly offset: number;
      readonly root: Slot;
      readonly toPosition: (offset: number) => Position;
      readonly targets: () => readonly string[] | undefined;
    }
  | { readonly kind: 'none' };

const NONE: Located = { kind: 'none' };
const NO_TARGETS = (): undefined => undefined;

/** The index expressions of a header's `index` (or `indices`), or undefined when it names none. */
function headerTargets(header: string): readonly string[] | undefined {
  const names = locateIndexParts(header)
    .map((p) => p.name)
    .filter((name) => name.length > 0);
  return names.length > 0 ? names : undefined;
}

/** The index expressions of the `{index}` segment of a request's path, if it has one. */
function pathTargets(target: RequestTarget): readonly string[] | undefined {
  const resolution = target.route;
  const index = resolution.kind === 'match' ? resolution.route.params.get('index') : undefined;
  return index === undefined ? undefined : index.text.split(',');
}

/**
 * What a position is in. JSON is read as it is sent (`variables` in, `"""` strings made JSON): the text, the offset
 * and the way back to positions are those of the expanded text, through the same map as the diagnostics; a position
 * inside a variable or a `"""` string is in nothing the JSON features know.
 */
export function locate(document: ParsedDocument, position: Position, variables: Variables = Variables.NONE): Located {
  return document.kind === 'search'
    ? locateInSearch(document.model, position, variables)
    : locateInMsearch(document.model, position, variables);
}

/** A JSON location in an expanded text: `offset` and `toPosition` in written offsets, turned into expanded ones. */
function inExpanded(
  expansion: Expansion,
  writtenOffset: number,
  toWrittenPosition: (offset: number) => Position,
): { text: string; offset: number; toPosition: (offset: number) => Position } | undefined {
  if (expansion.map.replacementAt(writtenOffset) !== undefined) return undefined;
  return {
    text: expansion.text,
    offset: expansion.map.toExpanded(writtenOffset),
    toPosition: (o) => toWrittenPosition(expansion.map.toSource(o)),
  };
}

function locateInMsearch(model: MsearchDocument, position: Position, variables: Variables): Located {
  const line = position.line;
  const text = model.line(line);
  if (line < model.firstFramedLine) {
    const from = targetCommentStart(text);
    return from === undefined ? NONE : { kind: 'requestLine', line, text, from };
  }
  const pair = model.pairAt(line);
  if (pair === undefined) return NONE;
  const header = pair.header === line;
  const json = inExpanded(expandJson(text, variables, false), Math.min(position.character, text.length), (offset) => ({
    line,
    character: offset,
  }));
  if (json === undefined) return NONE;
  return {
    kind: 'json',
    ...json,
    root: header ? HEADER : BODY,
    // A body searches its header's indexes, or the path's of the target comment when the header names none.
    targets: header
      ? NO_TARGETS
      : () => {
          const target = model.targetComment;
          return (
            headerTargets(model.line(pair.header)) ?? (target === undefined ? undefined : pathTargets(target.target))
          );
        },
  };
}

/**
 * The text of a request's lines after its request line, `#` comment lines blanked (not in `"""` strings: there
 * they are content), with the same offsets as the document.
 */
function requestBodyText(model: SearchDocument, request: SearchRequest): { start: number; text: string } {
  const first = request.line + 1;
  const start = first < model.map.lineCount ? model.map.lineStart(first) : model.text.length;
  const lines: string[] = [];
  for (let l = first; l <= request.endLine; l++) {
    const text = model.map.line(l);
    lines.push(isHashCommentLine(text) && !model.inTripleQuotes(l) ? ' '.repeat(text.length) : text);
  }
  return { start, text: lines.join('\n') };
}

function locateInSearch(model: SearchDocument, position: Position, variables: Variables): Located {
  const line = position.line;
  const text = model.map.line(line);
  if (startsRequestLine(text)) return { kind: 'requestLine', line, text, from: 0 };
  if (isCommentLine(text)) return NONE;
  const bare = isBareWord(text);
  const request = model.requestAt(line);
  if (request === undefined) {
    if (bare) return { kind: 'lineStart', line, text };
    return isWordAndTarget(text) ? { kind: 'requestLine', line, text, from: 0 } : NONE;
  }
  const written = requestBodyText(model, request);
  const expansion = expandJson(written.text, variables, true);
  const located = inExpanded(expansion, model.map.offsetAt(position) - written.start, (o) =>
    model.map.positionAt(written.start + o),
  );
  if (located === undefined) return NONE;
  const body = { text: located.text };
  const offset = located.offset;
  const toPosition =
    (base: number) =>
    (o: number): Position =>
      located.toPosition(base + o);
  const resolution = request.target.route;
  const endpoint = resolution.kind === 'match' ? resolution.route.endpoint.name : undefined;
  if (endpoint === 'msearch' || endpoint === 'msearch_template') {
    const within = (v: ValueSlice | undefined): boolean =>
      v !== undefined && v.offset < offset && offset <= v.offset + v.text.length;
    const pair = splitMsearchPairs(body.text).find((p) => within(p.header) || within(p.body));
    if (pair === undefined) return bare ? { kind: 'lineStart', line, text } : NONE;
    if (endpoint !== 'msearch') return NONE;
    const { header } = pair;
    const inHeader = within(header);
    const value = inHeader ? header : pair.body!;
    return {
      kind: 'json',
      text: value.text,
      offset: offset - value.offset,
      root: inHeader ? HEADER : BODY,
      toPosition: toPosition(value.offset),
      targets: inHeader ? NO_TARGETS : () => headerTargets(header.text) ?? pathTargets(request.target),
    };
  }
  if ((bare || isWordAndTarget(text)) && jsonCursor(body.text, offset).depth === 0) {
    return bare ? { kind: 'lineStart', line, text } : { kind: 'requestLine', line, text, from: 0 };
  }
  const root = bodySlotFor(endpoint);
  if (root === undefined) return NONE;
  return {
    kind: 'json',
    text: body.text,
    offset,
    root,
    toPosition: toPosition(0),
    targets: () => pathTargets(request.target),
  };
}
