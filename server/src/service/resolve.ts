import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type {
  QueryParameter,
  ResolveRequestParams,
  ResolveRequestResult,
  ResolveRequestsParams,
  ResolveRequestsResult,
  ResolvedRequest,
  SecretSlot,
} from '../protocol/protocol';
import { NO_CONSOLE_CONTEXT, type ConsoleContext } from './console/consoleContext';
import { expandJson, type Expansion, type VariableUse } from './console/expand';
import { pairLabel } from './documents/labels';
import { expandRequest } from './documents/expandedRequest';
import { expandTargetComment, type MsearchDocument, type PairLines } from './documents/msearchDocument';
import type { SearchDocument, SearchRequest } from './documents/searchDocument';
import type { ParsedDocument } from './documentStore';
import { blankComments, compactJson, splitJsonValues, splitMsearchPairs } from './json/jsonValues';
import { decodeComponent, type RequestTarget } from './url/requestLine';
import { DEFAULT_TARGET, type TargetServer } from './target';
import { forTarget } from './targetPolicy';

/** Endpoints whose body is NDJSON: each object goes on its own line. */
const NDJSON_ENDPOINTS = new Set(['msearch', 'bulk', 'msearch_template']);

function queryOf(target: RequestTarget): QueryParameter[] {
  return target.query.map((p) => ({ name: p.name, value: p.value, hasValue: p.hasEquals }));
}

function errorsIn(
  diagnostics: readonly Diagnostic[],
  startLine: number,
  endLine: number,
): { count: number; messages: string[] } {
  const inside = diagnostics.filter(
    (d) => d.severity === DiagnosticSeverity.Error && d.range.start.line >= startLine && d.range.start.line <= endLine,
  );
  return { count: inside.length, messages: inside.slice(0, 3).map((d) => d.message) };
}

/** Slots of the secrets written in a request line, in the path or the query parameters' values. */
function lineSlots(target: RequestTarget, expansion: Expansion): SecretSlot[] | string {
  const out: SecretSlot[] = [];
  for (const use of expansion.variables) {
    if (use.state !== 'secret') continue;
    const at = use.expanded.offset;
    const path = target.pathSpan;
    if (at >= path.offset && at + use.expanded.length <= path.offset + path.length) {
      const shift = target.path.length - path.length;
      out.push({
        name: use.name,
        part: 'path',
        offset: at - path.offset + shift,
        length: use.expanded.length,
        escape: 'none',
      });
      continue;
    }
    const index = target.query.findIndex(
      (p) => at >= p.valueSpan.offset && at + use.expanded.length <= p.valueSpan.offset + p.valueSpan.length,
    );
    if (index === -1)
      return `The secret variable \${${use.name}} can be used in the path, a URL parameter's value or the body only.`;
    const param = target.query[index]!;
    const raw = expansion.text.slice(param.valueSpan.offset, at);
    out.push({
      name: use.name,
      part: 'query',
      index,
      offset: decodeComponent(raw, true).length,
      length: use.expanded.length,
      escape: 'none',
    });
  }
  return out;
}

/** Where a secret goes in the expanded text: `${name}`, inside the quotes of a whole-string use. */
function secretPlace(use: VariableUse): { offset: number; length: number; escape: 'json' | 'none' } {
  if (use.context === 'whole-string') {
    return { offset: use.expanded.offset + 1, length: use.expanded.length - 2, escape: 'json' };
  }
  return { offset: use.expanded.offset, length: use.expanded.length, escape: use.context === 'bare' ? 'none' : 'json' };
}

/** The body as it is sent, and its secrets' slots (offsets in what is sent). */
function sentBody(expansion: Expansion, ndjson: boolean): { body: string; slots: SecretSlot[] } {
  const secrets = expansion.variables
    .filter((use) => use.state === 'secret')
    .map((use) => ({ use, ...secretPlace(use) }));
  if (!ndjson) {
    const body = blankComments(expansion.text).trimEnd();
    return {
      body,
      slots: secrets.map(({ use, offset, length, escape }) => ({
        name: use.name,
        part: 'body',
        offset,
        length,
        escape,
      })),
    };
  }
  let body = '';
  const slots: SecretSlot[] = [];
  for (const value of splitJsonValues(expansion.text)) {
    const compact = compactJson(value.text);
    for (const { use, offset, length, escape } of secrets) {
      if (offset < value.offset || offset >= value.offset + value.text.length) continue;
      slots.push({
        name: use.name,
        part: 'body',
        offset: body.length + compact.column(offset - value.offset) - 1,
        length,
        escape,
      });
    }
    body += compact.compact + '\n';
  }
  return { body, slots };
}

/** The request at a line (or the whole `.msearch` file), as it will be sent (README.md, "Run requests"). */
export function resolveRequest(
  document: ParsedDocument,
  params: ResolveRequestParams,
  server: TargetServer = DEFAULT_TARGET,
  context: ConsoleContext = NO_CONSOLE_CONTEXT,
): ResolveRequestResult {
  if (document.kind === 'search') {
    const request = document.model.requestAt(params.line ?? 0);
    if (request === undefined) {
      return { reason: 'There is no request at this line: a request starts with `METHOD /path`.' };
    }
    return resolveSearch(document.model, request, server, context);
  }
  const model = document.model;
  if (params.all === true) return resolveMsearch(model, model.pairLines(), undefined, server, context);
  const pair = model.pairAt(params.line ?? 0);
  if (pair === undefined) return { reason: 'There is no header/body pair at this line.' };
  return resolveMsearch(model, [pair], pair, server, context);
}

/**
 * Several requests: every request of a `.search` file, or those the lines touch; for a `.msearch` file one `_msearch`
 * of all its pairs, or of the pairs the lines touch.
 */
export function resolveRequests(
  document: ParsedDocument,
  params: ResolveRequestsParams,
  server: TargetServer = DEFAULT_TARGET,
  context: ConsoleContext = NO_CONSOLE_CONTEXT,
): ResolveRequestsResult {
  const lines = params.lines;
  const touched = (start: number, end: number): boolean =>
    lines === undefined || (start <= lines.end && end >= lines.start);
  if (document.kind === 'search') {
    const requests: ResolvedRequest[] = [];
    const skipped: { line: number; reason: string }[] = [];
    for (const request of document.model.requests) {
      if (!touched(request.line, request.endLine)) continue;
      const result = resolveSearch(document.model, request, server, context);
      if (result.request !== undefined) requests.push(result.request);
      else skipped.push({ line: request.line, reason: result.reason ?? 'It cannot be sent.' });
    }
    if (requests.length === 0 && skipped.length === 0) {
      return {
        requests,
        skipped,
        reason: lines === undefined ? 'This file holds no request.' : 'The selection touches no request.',
      };
    }
    return { requests, skipped };
  }
  const model = document.model;
  const pairs = model.pairLines().filter((pair) => touched(pair.header, pair.body === -1 ? pair.header : pair.body));
  if (pairs.length === 0) {
    return { requests: [], skipped: [], reason: 'The selection touches no header/body pair.' };
  }
  const all = lines === undefined || pairs.length === model.pairLines().length;
  const result = resolveMsearch(model, pairs, all ? undefined : 'selection', server, context);
  return result.request === undefined
    ? { requests: [], skipped: [{ line: pairs[0]!.header, reason: result.reason ?? 'It cannot be sent.' }] }
    : { requests: [result.request], skipped: [] };
}

function resolveSearch(
  model: SearchDocument,
  request: SearchRequest,
  server: TargetServer,
  context: ConsoleContext,
): ResolveRequestResult {
  const written = request.target;
  const sending = expandRequest(model.map.line(request.line), written, request.body?.text, context, 'send');
  const target = sending.target;
  if (target.origin !== undefined && sending.cluster === undefined) {
    return {
      reason: `${target.origin.url} is not the address of a configured cluster: a request with a full URL runs only on the cluster at that address.`,
    };
  }
  const method = target.method.toUpperCase();
  const resolution = target.route;
  const endpoint = resolution.kind === 'match' ? resolution.route.endpoint.name : undefined;
  const slots = lineSlots(target, sending.line);
  if (typeof slots === 'string') return { reason: slots };
  let body: string | undefined;
  let contentType: ResolvedRequest['contentType'];
  let searchCount: number | undefined;
  if (sending.body !== undefined) {
    const ndjson = endpoint !== undefined && NDJSON_ENDPOINTS.has(endpoint);
    const sent = sentBody(sending.body, ndjson);
    body = sent.body;
    slots.push(...sent.slots);
    contentType = ndjson ? 'application/x-ndjson' : 'application/json';
    if (endpoint === 'msearch') {
      searchCount = splitMsearchPairs(sending.body.text).filter((pair) => pair.body !== undefined).length;
    }
  }
  const errors = errorsIn(forTarget(model.diagnostics(server, context), server), request.line, request.endLine);
  // The label is the request as written: a secret's value never shows in it.
  const labelPath = written.origin === undefined ? written.path : `${written.origin.url}${written.path}`;
  return {
    request: {
      method,
      path: target.path,
      query: queryOf(target),
      ...(body === undefined ? {} : { body, contentType: contentType! }),
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(searchCount === undefined ? {} : { searchCount }),
      label: `${method} ${labelPath.replace(/^\//, '')}${written.queryString.length > 0 ? `?${written.queryString}` : ''}`,
      startLine: request.line,
      endLine: request.endLine,
      errorCount: errors.count,
      errors: errors.messages,
      ...(slots.length === 0 ? {} : { secrets: slots }),
      ...(sending.cluster === undefined ? {} : { cluster: sending.cluster.name }),
    },
  };
}

/** A `.msearch` line as it is sent, and its secrets' slots. */
function sentLine(text: string, context: ConsoleContext): Expansion {
  return expandJson(text, context.variables, false, 'send');
}

/**
 * `pairs` of a `.msearch` file as one `_msearch`: `only` is the pair run alone (labelled as that pair), `selection`
 * for the pairs a selection touches, undefined for the whole file.
 */
function resolveMsearch(
  model: MsearchDocument,
  pairs: readonly PairLines[],
  only: PairLines | 'selection' | undefined,
  server: TargetServer,
  context: ConsoleContext,
): ResolveRequestResult {
  const diagnostics = forTarget(model.diagnostics(server, context), server);
  const comment = model.targetComment;
  const sendingTarget =
    comment === undefined ? undefined : expandTargetComment(model.line(comment.line), context, 'send');
  const target = sendingTarget?.target;
  const method = target === undefined ? 'POST' : target.method.toUpperCase();
  const path = target === undefined ? '/_msearch' : target.path;
  const query = target === undefined ? [] : queryOf(target);
  const written = comment?.target;
  const pathIndex = written?.segments.length === 2 ? (written.segments[0]?.text ?? '') : '';
  const defaultIndex = pathIndex.length > 0 ? pathIndex : '(all)';
  const slots: SecretSlot[] = [];
  if (target !== undefined && sendingTarget !== undefined) {
    if (target.origin !== undefined && sendingTarget.cluster === undefined) {
      return {
        reason: `${target.origin.url} is not the address of a configured cluster: a request with a full URL runs only on the cluster at that address.`,
      };
    }
    const line = lineSlots(target, sendingTarget.line);
    if (typeof line === 'string') return { reason: line };
    slots.push(...line);
  }
  // The whole file is sent as it is from its first framed line (a final empty line is its final newline); pairs are
  // sent each with its newline.
  const lineNumbers: number[] = [];
  if (only === undefined) {
    for (let i = model.commentLineCount; i < model.lineCount; i++) lineNumbers.push(i);
  } else {
    for (const pair of pairs) {
      lineNumbers.push(pair.header);
      if (pair.body !== -1) lineNumbers.push(pair.body);
    }
  }
  let body = '';
  lineNumbers.forEach((number, i) => {
    const expansion = sentLine(model.line(number), context);
    for (const use of expansion.variables) {
      if (use.state !== 'secret') continue;
      const place = secretPlace(use);
      slots.push({
        name: use.name,
        part: 'body',
        offset: body.length + place.offset,
        length: place.length,
        escape: place.escape,
      });
    }
    body += expansion.text + (only === undefined && i === lineNumbers.length - 1 ? '' : '\n');
  });
  const searches = pairs.filter((p) => p.body !== -1).length;
  const first = pairs[0]!;
  const last = pairs[pairs.length - 1]!;
  const startLine = only === undefined ? 0 : first.header;
  const endLine = only === undefined ? model.lineCount - 1 : last.body === -1 ? last.header : last.body;
  const errors = errorsIn(diagnostics, startLine, endLine);
  let label: string;
  if (only === undefined) label = `${method} ${path.replace(/^\//, '')} (${searches} searches)`;
  else if (only === 'selection')
    label = `${method} ${path.replace(/^\//, '')} (${searches} searches, lines ${startLine + 1}-${endLine + 1})`;
  else {
    const header = model.line(only.header);
    label = pairLabel(only.index + 1, header, only.body === -1 ? undefined : model.line(only.body), defaultIndex);
  }
  return {
    request: {
      method,
      path,
      query,
      contentType: 'application/x-ndjson',
      endpoint: 'msearch',
      body,
      searchCount: searches,
      label,
      startLine,
      endLine,
      errorCount: errors.count,
      errors: errors.messages,
      ...(slots.length === 0 ? {} : { secrets: slots }),
      ...(sendingTarget?.cluster === undefined ? {} : { cluster: sendingTarget.cluster.name }),
    },
  };
}
