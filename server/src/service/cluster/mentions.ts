import type { Range } from 'vscode-languageserver-types';
import type { ParsedDocument } from '../documentStore';
import type { MsearchDocument } from '../documents/msearchDocument';
import { locateIndexParts } from '../validate/msearchHeader';
import type { SearchDocument } from '../documents/searchDocument';
import { splitMsearchPairs } from '../json/jsonValues';

/** Something a document names that the connected cluster can confirm: an index expression or a node filter. */
export interface Mention {
  readonly kind: 'index' | 'nodeFilter';
  readonly text: string;
  readonly range: Range;
  /** For node filters: how the endpoint splits the list. */
  readonly split?: 'raw' | 'trimmed';
}

function onLine(line: number, offset: number, length: number): Range {
  return { start: { line, character: offset }, end: { line, character: offset + length } };
}

/** Index expressions and node filters of a `.search` file. */
export function searchMentions(model: SearchDocument): Mention[] {
  const out: Mention[] = [];
  for (const request of model.requests) {
    const target = request.target;
    const resolution = target.route;
    if (resolution.kind !== 'match') continue;
    const route = resolution.route;
    const index = route.params.get('index');
    if (index !== undefined) {
      let offset = index.span.offset;
      for (const name of index.text.split(',')) {
        out.push({ kind: 'index', text: name, range: onLine(request.line, offset, name.length) });
        offset += name.length + 1;
      }
    }
    const nodeId = route.params.get('node_id');
    if (nodeId !== undefined && route.endpoint.name.startsWith('nodes.')) {
      out.push({
        kind: 'nodeFilter',
        text: nodeId.text,
        range: onLine(request.line, nodeId.span.offset, nodeId.span.length),
        split: route.endpoint.name === 'nodes.info' ? 'trimmed' : 'raw',
      });
    }
    const nodes = target.query.find((p) => p.name === 'nodes');
    if (nodes !== undefined && route.endpoint.name.startsWith('tasks.')) {
      out.push({
        kind: 'nodeFilter',
        text: nodes.value,
        range: onLine(request.line, nodes.valueSpan.offset, nodes.valueSpan.length),
        split: 'raw',
      });
    }
    const body = request.body;
    if (route.endpoint.name === 'msearch' && body !== undefined) {
      for (const { header } of splitMsearchPairs(body.text)) {
        for (const part of locateIndexParts(header.text)) {
          const start = body.offset + header.offset + part.span.offset;
          out.push({
            kind: 'index',
            text: part.name,
            range: { start: model.map.positionAt(start), end: model.map.positionAt(start + part.span.length) },
          });
        }
      }
    }
  }
  return out;
}

/** Index expressions of a `.msearch` file. */
export function msearchMentions(model: MsearchDocument): Mention[] {
  return model
    .indexMentions()
    .map((m) => ({ kind: 'index' as const, text: m.name, range: onLine(m.line, m.span.offset, m.span.length) }));
}

/**
 * The index expressions a document names as written (not those made of a variable), distinct: what the client reads
 * the mappings of.
 */
export function namedIndexExpressions(document: ParsedDocument): string[] {
  const mentions = document.kind === 'search' ? searchMentions(document.model) : msearchMentions(document.model);
  const out = new Set<string>();
  for (const mention of mentions) {
    const text = mention.text.trim();
    if (mention.kind === 'index' && text.length > 0 && !text.includes('${')) out.add(text);
  }
  return [...out];
}
