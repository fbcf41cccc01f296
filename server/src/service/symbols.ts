import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import { pairLabel } from './documents/labels';
import type { MsearchDocument } from './documents/msearchDocument';
import type { SearchDocument, SearchRequest } from './documents/searchDocument';
import type { ParsedDocument } from './documentStore';
import { splitMsearchPairs } from './json/jsonValues';
import type { LineMap } from './text/lineMap';
import type { RequestTarget } from './url/requestLine';

/**
 * The outline: one symbol per request of a `.search` file (`GET logs-*\/_search`, with the pairs of an `_msearch`
 * body as children), one per header/body pair of a `.msearch` file (`#12 logs-* match message`).
 */
export function documentSymbols(document: ParsedDocument): DocumentSymbol[] {
  return document.kind === 'search' ? searchSymbols(document.model) : msearchSymbols(document.model);
}

/** The index a `.../{index}/_msearch` path names, which items without an index of their own search. */
function pathIndex(target: RequestTarget | undefined): string {
  const index = target !== undefined && target.segments.length === 2 ? target.segments[0]!.text : '';
  return index.length > 0 ? index : '(all)';
}

function linesRange(map: { line(n: number): string }, startLine: number, endLine: number): Range {
  return { start: { line: startLine, character: 0 }, end: { line: endLine, character: map.line(endLine).length } };
}

function searchSymbols(model: SearchDocument): DocumentSymbol[] {
  return model.requests.map((request) => {
    const target = request.target;
    const method = target.method.toUpperCase();
    const lastLine = request.body?.endLine ?? request.line;
    const symbol: DocumentSymbol = {
      name: `${method} ${target.path === '/' ? '/' : target.path.replace(/^\//, '')}`,
      kind: SymbolKind.Function,
      range: linesRange(model.map, request.line, lastLine),
      selectionRange: {
        start: { line: request.line, character: target.methodSpan.offset },
        end: { line: request.line, character: target.urlSpan.offset + target.urlSpan.length },
      },
    };
    if (target.queryString.length > 0) symbol.detail = `?${target.queryString}`;
    const children = msearchChildren(model.map, request);
    if (children.length > 0) symbol.children = children;
    return symbol;
  });
}

function msearchChildren(map: LineMap, request: SearchRequest): DocumentSymbol[] {
  const body = request.body;
  if (body === undefined) return [];
  const resolution = request.target.route;
  if (resolution.kind !== 'match' || resolution.route.endpoint.name !== 'msearch') return [];
  const defaultIndex = pathIndex(request.target);
  const out: DocumentSymbol[] = [];
  for (const { index, header, body: item } of splitMsearchPairs(body.text)) {
    const last = item ?? header;
    const range: Range = {
      start: map.positionAt(body.offset + header.offset),
      end: map.positionAt(body.offset + last.offset + last.text.length),
    };
    out.push({
      name: pairLabel(index + 1, header.text, item?.text, defaultIndex),
      kind: SymbolKind.Object,
      range,
      selectionRange: { start: range.start, end: map.positionAt(body.offset + header.offset + header.text.length) },
    });
  }
  return out;
}

/**
 * What each pair's label says after its number, by header line and body line. Lines an edit did not touch keep their
 * string objects, so looking them up is cheap, and a 20,000-pair file does not re-read every pair on each request.
 */
interface LabelMemo {
  readonly defaultIndex: string;
  readonly byHeader: Map<string, Map<string | undefined, string>>;
}

const memos = new WeakMap<MsearchDocument, LabelMemo>();

function msearchSymbols(model: MsearchDocument): DocumentSymbol[] {
  const defaultIndex = pathIndex(model.targetComment?.target);
  const previous = memos.get(model);
  const old = previous?.defaultIndex === defaultIndex ? previous.byHeader : undefined;
  const byHeader = new Map<string, Map<string | undefined, string>>();
  const symbols = model.pairLines().map((pair) => {
    const header = model.line(pair.header);
    const body = pair.body === -1 ? undefined : model.line(pair.body);
    const lastLine = pair.body === -1 ? pair.header : pair.body;
    let rest = byHeader.get(header)?.get(body) ?? old?.get(header)?.get(body);
    if (rest === undefined) {
      const label = pairLabel(1, header, body, defaultIndex);
      rest = label.slice(label.indexOf(' ') + 1);
    }
    let bodies = byHeader.get(header);
    if (bodies === undefined) {
      bodies = new Map();
      byHeader.set(header, bodies);
    }
    bodies.set(body, rest);
    return {
      name: `#${pair.index + 1} ${rest}`,
      kind: SymbolKind.Object,
      range: linesRange(model, pair.header, lastLine),
      selectionRange: linesRange(model, pair.header, pair.header),
    };
  });
  memos.set(model, { defaultIndex, byHeader });
  return symbols;
}
