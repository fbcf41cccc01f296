import { stripComments } from 'jsonc-parser';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import type { QueryParameter, ResolveRequestParams, ResolveRequestResult, ResolvedRequest } from '../protocol/protocol';
import { pairLabel } from './documents/labels';
import type { MsearchDocument } from './documents/msearchDocument';
import type { SearchDocument } from './documents/searchDocument';
import type { ParsedDocument } from './documentStore';
import { compactJson, splitJsonValues, splitMsearchPairs } from './json/jsonValues';
import type { RequestTarget } from './url/requestLine';
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

/** The request at a line, as it will be sent (README.md, "Run requests"). */
export function resolveRequest(
  document: ParsedDocument,
  params: ResolveRequestParams,
  server: TargetServer = DEFAULT_TARGET,
): ResolveRequestResult {
  return document.kind === 'search'
    ? resolveSearch(document.model, params, server)
    : resolveMsearch(document.model, params, server);
}

function resolveSearch(
  model: SearchDocument,
  params: ResolveRequestParams,
  server: TargetServer,
): ResolveRequestResult {
  const request = model.requestAt(params.line ?? 0);
  if (request === undefined)
    return { reason: 'There is no request at this line: a request starts with `METHOD /path`.' };
  const target = request.target;
  const method = target.method.toUpperCase();
  const resolution = target.route;
  const endpoint = resolution.kind === 'match' ? resolution.route.endpoint.name : undefined;
  let body: string | undefined;
  let contentType: ResolvedRequest['contentType'];
  let searchCount: number | undefined;
  if (request.body !== undefined) {
    if (endpoint !== undefined && NDJSON_ENDPOINTS.has(endpoint)) {
      const values = splitJsonValues(request.body.text);
      body = values.map((v) => compactJson(v.text).compact + '\n').join('');
      contentType = 'application/x-ndjson';
      if (endpoint === 'msearch') {
        searchCount = splitMsearchPairs(request.body.text).filter((pair) => pair.body !== undefined).length;
      }
    } else {
      body = stripComments(request.body.text, ' ').replace(/\s+$/, '');
      contentType = 'application/json';
    }
  }
  const errors = errorsIn(forTarget(model.diagnostics(server), server), request.line, request.endLine);
  return {
    request: {
      method,
      path: target.path,
      query: queryOf(target),
      ...(body === undefined ? {} : { body, contentType: contentType! }),
      ...(endpoint === undefined ? {} : { endpoint }),
      ...(searchCount === undefined ? {} : { searchCount }),
      label: `${method} ${target.path.replace(/^\//, '')}${target.queryString.length > 0 ? `?${target.queryString}` : ''}`,
      startLine: request.line,
      endLine: request.endLine,
      errorCount: errors.count,
      errors: errors.messages,
    },
  };
}

function resolveMsearch(
  model: MsearchDocument,
  params: ResolveRequestParams,
  server: TargetServer,
): ResolveRequestResult {
  const target = model.targetComment?.target;
  const method = target === undefined ? 'POST' : target.method.toUpperCase();
  const path = target === undefined ? '/_msearch' : target.path;
  const query = target === undefined ? [] : queryOf(target);
  const pathIndex = target?.segments.length === 2 ? (target.segments[0]?.text ?? '') : '';
  const defaultIndex = pathIndex.length > 0 ? pathIndex : '(all)';
  const diagnostics = forTarget(model.diagnostics(server), server);
  const common = { method, path, query, contentType: 'application/x-ndjson' as const, endpoint: 'msearch' };
  if (params.all === true) {
    const lines: string[] = [];
    for (let i = model.commentLineCount; i < model.lineCount; i++) lines.push(model.line(i));
    const pairs = model.pairLines().filter((p) => p.body !== -1);
    const errors = errorsIn(diagnostics, 0, model.lineCount);
    return {
      request: {
        ...common,
        body: lines.join('\n'),
        searchCount: pairs.length,
        label: `${method} ${path.replace(/^\//, '')} (${pairs.length} searches)`,
        startLine: 0,
        endLine: model.lineCount - 1,
        errorCount: errors.count,
        errors: errors.messages,
      },
    };
  }
  const pair = model.pairAt(params.line ?? 0);
  if (pair === undefined) return { reason: 'There is no header/body pair at this line.' };
  const header = model.line(pair.header);
  const bodyLine = pair.body === -1 ? undefined : model.line(pair.body);
  const endLine = pair.body === -1 ? pair.header : pair.body;
  const errors = errorsIn(diagnostics, pair.header, endLine);
  return {
    request: {
      ...common,
      body: bodyLine === undefined ? `${header}\n` : `${header}\n${bodyLine}\n`,
      searchCount: bodyLine === undefined ? 0 : 1,
      label: pairLabel(pair.index + 1, header, bodyLine, defaultIndex),
      startLine: pair.header,
      endLine,
      errorCount: errors.count,
      errors: errors.messages,
    },
  };
}
