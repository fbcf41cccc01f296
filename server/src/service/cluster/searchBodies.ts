import type { Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../documentStore';
import { isObject, JsonSegment } from '../json/jsonSegment';
import { splitMsearchPairs } from '../json/jsonValues';
import type { QueryParam } from '../url/requestLine';

/** One search body of a document: its text, the index list it searches, and where its text is. */
export interface SearchBody {
  readonly text: string;
  /** The index list as written (URL path or `_msearch` header); undefined when it names none. */
  readonly indexes: string[] | undefined;
  /** The range of `length` characters at `offset` in the body's text. */
  readonly range: (offset: number, length: number) => Range;
  /** Whether it is an `_msearch` item, which fails alone where a `_search` would be refused. */
  readonly item: boolean;
  /** A `_search` request whose URL names a search pipeline (`search_pipeline`), which wins over the body's. */
  readonly urlNamesPipeline?: boolean;
  /** `ignore_unavailable` set for the search (URL parameter, or the `_msearch` header's): missing names are skipped. */
  readonly ignoreUnavailable?: boolean;
}

/** Whether a URL sets `ignore_unavailable` (`?ignore_unavailable`, `=true`); undefined when it says nothing of it. */
function urlIgnoresUnavailable(query: readonly QueryParam[]): boolean | undefined {
  const param = query.find((p) => p.name === 'ignore_unavailable');
  return param === undefined ? undefined : param.value !== 'false';
}

/**
 * What an `_msearch` header says of its search, read once: its index list (`"index": "a,b"` or `["a", "b"]`), and
 * whether it sets `ignore_unavailable` (true or the text `true`); each undefined when the header says nothing of it.
 */
function headerFacts(text: string): { indexes: string[] | undefined; ignoreUnavailable: boolean | undefined } {
  const header = JsonSegment.parse(text);
  const value = isObject(header.value) ? header.value : {};
  const index = value['index'];
  const ignore = value['ignore_unavailable'];
  return {
    indexes:
      typeof index === 'string'
        ? index.split(',')
        : Array.isArray(index) && index.every((i) => typeof i === 'string')
          ? index
          : undefined,
    ignoreUnavailable: ignore === undefined ? undefined : ignore === true || ignore === 'true',
  };
}

/** The search bodies of a document: `_search` bodies, the bodies of `_msearch` requests and `.msearch` pairs. */
export function searchBodies(document: ParsedDocument): SearchBody[] {
  const out: SearchBody[] = [];
  if (document.kind === 'msearch') {
    const model = document.model;
    for (const pair of model.pairLines()) {
      const line = pair.body;
      const header = headerFacts(model.line(pair.header));
      out.push({
        text: model.line(pair.body),
        indexes: header.indexes,
        ignoreUnavailable: header.ignoreUnavailable === true,
        item: true,
        range: (offset, length) => ({
          start: { line, character: offset },
          end: { line, character: offset + length },
        }),
      });
    }
    return out;
  }
  const model = document.model;
  for (const request of model.requests) {
    const route = request.target.route;
    const body = request.body;
    if (route.kind !== 'match' || body === undefined) continue;
    const urlIndexes = route.route.params.get('index')?.text.split(',');
    const at =
      (base: number) =>
      (offset: number, length: number): Range => ({
        start: model.map.positionAt(base + offset),
        end: model.map.positionAt(base + offset + length),
      });
    if (route.route.endpoint.name === 'search') {
      out.push({
        text: body.text,
        indexes: urlIndexes,
        range: at(body.offset),
        item: false,
        urlNamesPipeline: request.target.query.some((p) => p.name === 'search_pipeline'),
        ignoreUnavailable: urlIgnoresUnavailable(request.target.query) === true,
      });
    } else if (route.route.endpoint.name === 'msearch') {
      for (const pair of splitMsearchPairs(body.text)) {
        if (pair.body === undefined) continue;
        const header = headerFacts(pair.header.text);
        out.push({
          text: pair.body.text,
          indexes: header.indexes ?? urlIndexes,
          ignoreUnavailable: (header.ignoreUnavailable ?? urlIgnoresUnavailable(request.target.query)) === true,
          item: true,
          range: at(body.offset + pair.body.offset),
        });
      }
    }
  }
  return out;
}
