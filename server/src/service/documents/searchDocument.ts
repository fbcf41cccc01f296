import type { Diagnostic } from 'vscode-languageserver-types';
import { firstToken, isObject, JsonSegment } from '../json/jsonSegment';
import { compactJson, splitJsonValues, splitMsearchPairs } from '../json/jsonValues';
import { LineMap } from '../text/lineMap';
import { parseRequestLine, parseUrl, type RequestTarget } from '../url/requestLine';
import type { RouteMatch } from '../url/routes';
import { issue, type Issue } from '../validate/issues';
import { addEarlyIssues, readSearchBody } from '../validate/earlyEnd';
import { checkSearchRules, checkUrlSort, checkUrlSuggest } from '../validate/searchRules';
import { bodyNotAllowed, validateTarget, type UrlFacts } from '../validate/url';
import { diagnosticAt, toDiagnostic } from './diagnostics';
import { DEFAULT_TARGET, type TargetServer } from '../target';
import { syntaxIssues, validateBodyText, validateHeaderText, type MsearchContext } from './msearchPair';
import { isCommentLine, isHashCommentLine, isRequestLine, splitRequestLine } from '../syntax';
import { NO_CONSOLE_CONTEXT, type ConsoleContext } from '../console/consoleContext';
import { mapIssues } from '../console/consoleIssues';
import { expandRequest, type ExpandedRequest } from './expandedRequest';

/** One request of a `.search` file. */
export interface SearchRequest {
  readonly index: number;
  /** The request line. */
  readonly line: number;
  readonly target: RequestTarget;
  /** Last line of the request, comments and blank lines included (before the next request line). */
  readonly endLine: number;
  /** The body, or undefined when there is none. Lines [bodyStart, bodyEnd] with comment lines blanked out. */
  readonly body:
    | {
        readonly startLine: number;
        readonly endLine: number;
        /** Document offset of the body's first character. */
        readonly offset: number;
        readonly text: string;
      }
    | undefined;
}

/**
 * One request's lines (from its request line to the line before the next), parsed and checked on their own, at
 * lines counted from the request line: an edit elsewhere in the file leaves it as it is, and a new version of the
 * file takes it over (`SearchDocument`'s `previous`) instead of reading and checking it again.
 */
interface Block {
  readonly map: LineMap;
  /** The request, at line 0 of the block. */
  readonly request: SearchRequest;
  diagnostics?: { readonly target: TargetServer; readonly context: ConsoleContext; readonly list: Diagnostic[] };
}

/**
 * A `.search` file: requests in console format (README.md, "The two file formats"). Each version finds its requests'
 * lines again (one cheap pass), but reads and checks only the requests whose text the previous version did not have.
 */
export class SearchDocument {
  readonly map: LineMap;
  readonly requests: readonly SearchRequest[];
  private readonly strayLines: readonly number[];
  private readonly tripleLines: ReadonlySet<number>;
  /** Each request's block, by the block's text. */
  private readonly blocks = new Map<string, Block>();
  /** The block of each request, in order. */
  private readonly requestBlocks: readonly Block[];
  private diagnosticsCache:
    { readonly target: TargetServer; readonly context: ConsoleContext; readonly diagnostics: Diagnostic[] } | undefined;
  /** Each request as it is checked, for the context it was expanded with. */
  private readonly expansions = new WeakMap<SearchRequest, { context: ConsoleContext; request: ExpandedRequest }>();

  /** `previous`: the version this one was edited from, whose unchanged requests are taken over. */
  constructor(
    readonly text: string,
    previous?: SearchDocument,
  ) {
    this.map = new LineMap(text);
    const { starts, stray, inTriple } = scanLines(this.map);
    this.strayLines = stray;
    this.tripleLines = inTriple;
    const requests: SearchRequest[] = [];
    const requestBlocks: Block[] = [];
    starts.forEach((line, index) => {
      const endLine = (starts[index + 1] ?? this.map.lineCount) - 1;
      const end = this.map.lineStart(endLine) + this.map.line(endLine).length;
      const blockText = text.slice(this.map.lineStart(line), end);
      let block = this.blocks.get(blockText) ?? previous?.blocks.get(blockText);
      if (block === undefined) {
        const map = new LineMap(blockText);
        block = { map, request: parseBlock(map) };
      }
      this.blocks.set(blockText, block);
      requestBlocks.push(block);
      requests.push(shifted(block.request, index, line, this.map.lineStart(line)));
    });
    this.requests = requests;
    this.requestBlocks = requestBlocks;
  }

  /** Whether a line is inside a `"""` string (after the line that opens it): its text is the string's content. */
  inTripleQuotes(line: number): boolean {
    return this.tripleLines.has(line);
  }

  /** The request whose block contains a line. */
  requestAt(line: number): SearchRequest | undefined {
    let lo = 0;
    let hi = this.requests.length - 1;
    let found: SearchRequest | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const request = this.requests[mid]!;
      if (request.line <= line) {
        found = request;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return found !== undefined && line <= found.endLine ? found : undefined;
  }

  /**
   * A request as it is checked: the variables' values in, its `"""` strings made JSON, its full URL read against the
   * configured clusters. Secrets and undefined variables have stand-ins that read like a value.
   */
  expanded(request: SearchRequest, context: ConsoleContext = NO_CONSOLE_CONTEXT): ExpandedRequest {
    const cached = this.expansions.get(request);
    if (cached?.context === context) return cached.request;
    const expanded = expandRequest(this.map.line(request.line), request.target, request.body?.text, context);
    this.expansions.set(request, { context, request: expanded });
    return expanded;
  }

  diagnostics(target: TargetServer = DEFAULT_TARGET, context: ConsoleContext = NO_CONSOLE_CONTEXT): Diagnostic[] {
    if (this.diagnosticsCache?.target !== target || this.diagnosticsCache.context !== context) {
      this.diagnosticsCache = { target, context, diagnostics: this.computeDiagnostics(target, context) };
    }
    return this.diagnosticsCache.diagnostics;
  }

  private computeDiagnostics(target: TargetServer, context: ConsoleContext): Diagnostic[] {
    const out: Diagnostic[] = [];
    for (const line of this.strayLines) {
      const text = this.map.line(line);
      out.push(
        toDiagnostic(
          issue(
            'search.outside-request',
            'This text belongs to no request: a request starts with a line `METHOD /path` (e.g. `GET /_search`).',
            { offset: 0, length: text.trimEnd().length },
          ),
          line,
        ),
      );
    }
    this.requests.forEach((request, i) => {
      const block = this.requestBlocks[i]!;
      if (block.diagnostics?.target !== target || block.diagnostics.context !== context) {
        const list: Diagnostic[] = [];
        const local = block.request;
        const expanded = expandRequest(block.map.line(0), local.target, local.body?.text, context);
        validateRequest(block.map, local, expanded, list, target);
        block.diagnostics = { target, context, list };
      }
      for (const d of block.diagnostics.list) out.push(request.line === 0 ? d : shiftDiagnostic(d, request.line));
    });
    return out;
  }
}

/** Where the requests start, the lines before the first that belong to none, and the lines in `"""` strings. */
function scanLines(map: LineMap): { starts: number[]; stray: number[]; inTriple: Set<number> } {
  const stray: number[] = [];
  const starts: number[] = [];
  // Lines inside a `"""` string are its content: never a request line, never a comment.
  const inTriple = new Set<number>();
  let open = false;
  for (let line = 0; line < map.lineCount; line++) {
    const text = map.line(line);
    if (open) inTriple.add(line);
    else if (isRequestLine(text) && splitRequestLine(text) !== undefined) starts.push(line);
    else if (isCommentLine(text)) continue;
    if (text.includes('"""') && text.split('"""').length % 2 === 0) open = !open;
  }
  const firstStart = starts[0] ?? map.lineCount;
  for (let line = 0; line < firstStart; line++) {
    const text = map.line(line);
    if (/\S/.test(text) && !isCommentLine(text)) stray.push(line);
  }
  return { starts, stray, inTriple };
}

/** The request of a block (its request line is line 0, found to be one by `scanLines`). */
function parseBlock(map: LineMap): SearchRequest {
  const { inTriple } = scanLines(map);
  const target = parseRequestLine(map.line(0)) ?? parseUrl('', { offset: 0, length: 0 }, '', 0);
  const endLine = map.lineCount - 1;
  let bodyStart = -1;
  let bodyEnd = -1;
  for (let l = 1; l <= endLine; l++) {
    const text = map.line(l);
    if (!/\S/.test(text) || (isCommentLine(text) && !inTriple.has(l))) continue;
    if (bodyStart === -1) bodyStart = l;
    bodyEnd = l;
  }
  let body: SearchRequest['body'];
  if (bodyStart !== -1) {
    const lines: string[] = [];
    for (let l = bodyStart; l <= bodyEnd; l++) {
      const text = map.line(l);
      // Comment lines are not sent; blanking them keeps every position, so the server's line:col match the editor's.
      lines.push(isHashCommentLine(text) && !inTriple.has(l) ? ' '.repeat(text.length) : text);
    }
    body = { startLine: bodyStart, endLine: bodyEnd, offset: map.lineStart(bodyStart), text: lines.join('\n') };
  }
  return { index: 0, line: 0, target, endLine, body };
}

/** A block's request placed in the file: the `index`-th request, its request line at `line` (at `offset`). */
function shifted(local: SearchRequest, index: number, line: number, offset: number): SearchRequest {
  const body = local.body;
  return {
    index,
    line,
    target: local.target,
    endLine: local.endLine + line,
    body:
      body === undefined
        ? undefined
        : { ...body, startLine: body.startLine + line, endLine: body.endLine + line, offset: body.offset + offset },
  };
}

function shiftDiagnostic(d: Diagnostic, lines: number): Diagnostic {
  const { start, end } = d.range;
  return {
    ...d,
    range: {
      start: { line: start.line + lines, character: start.character },
      end: { line: end.line + lines, character: end.character },
    },
  };
}

/**
 * A U+2028 or U+2029 in a request line: editors that follow the LSP keep the line whole (the character is in the
 * URL), others show a line break there. Either way the request would not be what it looks like. In the path it names
 * another resource, which OpenSearch refuses: an endpoint segment after an index (`/logs/_search\u2028`) matches no
 * handler (checked on real 2.19.1 and 3.8.0, docs/opensearch/rest-layer.md#line-separators). In the query string it
 * is part of a value, which OpenSearch may accept (`q=a\u2028` runs): a Warning there.
 */
function lineSeparatorIssue(text: string): Issue | undefined {
  const at = text.search(/[\u2028\u2029]/);
  if (at === -1) return undefined;
  const name = text.charCodeAt(at) === 0x2028 ? 'U+2028 (line separator)' : 'U+2029 (paragraph separator)';
  const span = { offset: at, length: 1 };
  const parts = splitRequestLine(text);
  const method = parts?.method ?? '';
  const urlStart = parts === undefined ? 0 : parts.lead.length + parts.method.length + parts.gap.length;
  // As sent: a separator at the end is part of the URL, though trimming as whitespace would drop it.
  let urlEnd = text.length;
  while (urlEnd > urlStart && (text.charCodeAt(urlEnd - 1) === 32 || text.charCodeAt(urlEnd - 1) === 9)) urlEnd--;
  const url = text.slice(urlStart, urlEnd);
  const query = url.indexOf('?');
  if (query !== -1 && at > urlStart + query) {
    return issue(
      'search.line-separator-value',
      `A ${name} inside a URL parameter: it is sent as part of the value, though some editors show a line break there. Remove it.`,
      span,
    );
  }
  const path = query === -1 ? url : url.slice(0, query);
  const segments = path.split('/').filter((segment) => segment !== '');
  const last = segments[segments.length - 1] ?? '';
  const inLast = at >= urlStart + path.length - last.length;
  const answer =
    segments.length === 2 && !segments[0]!.startsWith('_') && last.startsWith('_') && inLast
      ? ` OpenSearch answers: no handler found for uri [/${segments.join('/')}] and method [${method.toUpperCase()}].`
      : '';
  return issue(
    'search.line-separator',
    `A ${name} inside the request line: it is part of the URL, though some editors show a line break there. Remove it.${answer}`,
    span,
  );
}

/** Positions issues found in a slice of the body. */
function bodyDiagnostic(map: LineMap, bodyOffset: number, sliceOffset: number, issue: Issue): Diagnostic {
  const start = bodyOffset + sliceOffset + issue.span.offset;
  return diagnosticAt(issue, { start: map.positionAt(start), end: map.positionAt(start + issue.span.length) });
}

/** What the body checks read of a request: its target and its body text as they are sent. */
interface Sent {
  readonly target: RequestTarget;
  readonly body: string | undefined;
}

function validateRequest(
  map: LineMap,
  request: SearchRequest,
  expanded: ExpandedRequest,
  out: Diagnostic[],
  server: TargetServer,
): void {
  const urlIssues: Issue[] = [];
  const sent: Sent = { target: expanded.target, body: expanded.body?.text };
  const facts = validateTarget(sent.target, urlIssues, server);
  const route = facts.route;
  const body = request.body;
  const bodyIssues: { slice: number; issue: Issue }[] = [];
  if (route !== undefined && body !== undefined) {
    const refused = bodyNotAllowed(sent.target, route);
    if (refused !== undefined) {
      const lastLine = map.line(body.endLine);
      out.push(
        diagnosticAt(
          { severity: refused.severity, code: 'url.body-ignored', message: refused.message },
          { start: map.positionAt(body.offset), end: { line: body.endLine, character: lastLine.length } },
        ),
      );
    }
  }
  const name = route?.endpoint.name;
  if (name === 'search') {
    validateSearch(sent, facts, route!, urlIssues, bodyIssues, server);
  } else if (name === 'msearch') {
    validateMsearch(sent, facts, route!, urlIssues, bodyIssues, server);
  } else if (sent.body !== undefined) {
    for (const slice of splitJsonValues(sent.body)) {
      for (const issue of syntaxIssues(JsonSegment.parse(slice.text), server)) {
        bodyIssues.push({ slice: slice.offset, issue });
      }
    }
  }
  for (const issue of [...mapIssues(urlIssues, expanded.line), ...expanded.lineIssues]) {
    out.push(toDiagnostic(issue, request.line));
  }
  const separator = lineSeparatorIssue(map.line(request.line));
  if (separator !== undefined) out.push(toDiagnostic(separator, request.line));
  if (body !== undefined && expanded.body !== undefined) {
    const inBody = bodyIssues.map(({ slice, issue }) => ({
      ...issue,
      span: { offset: slice + issue.span.offset, length: issue.span.length },
    }));
    for (const issue of [...mapIssues(inBody, expanded.body), ...expanded.bodyIssues]) {
      out.push(bodyDiagnostic(map, body.offset, 0, issue));
    }
  }
}

function validateSearch(
  request: Sent,
  facts: UrlFacts,
  route: RouteMatch,
  urlIssues: Issue[],
  bodyIssues: { slice: number; issue: Issue }[],
  server: TargetServer,
): void {
  checkUrlSort(facts.params, urlIssues);
  checkUrlSuggest(facts.params, urlIssues);
  const index = route.params.get('index');
  const targets = {
    urlIssues,
    params: facts.params,
    indices: index === undefined ? undefined : { span: index.span },
    kind: 'search' as const,
    server,
  };
  const body = request.body;
  if (body === undefined) {
    checkSearchRules({ ...targets, body: undefined }, {});
    return;
  }
  const push = (issue: Issue): void => {
    bodyIssues.push({ slice: 0, issue });
  };
  const first = firstToken(body);
  if (first.token !== 'START_OBJECT' && first.token !== 'INVALID') {
    push(
      issue('search.body-not-object', `Expected [START_OBJECT] but found [${first.token}]`, {
        offset: first.offset,
        length: body.trimEnd().length - first.offset,
      }),
    );
    return;
  }
  const segment = JsonSegment.parse(body);
  const lines = new LineMap(body);
  const locator = (offset: number): { line: number; column: number } => {
    const position = lines.positionAt(offset);
    return { line: position.line + 1, column: position.character + 1 };
  };
  const issues: Issue[] = syntaxIssues(segment, server, locator);
  if (segment.trailingOffset !== -1) {
    const trailing = firstToken(body.slice(segment.trailingOffset)).token;
    issues.push(
      issue(
        'search.trailing-content',
        `Unexpected token [${trailing === 'INVALID' ? 'VALUE_STRING' : trailing}] found after the main object.`,
        { offset: segment.trailingOffset, length: body.trimEnd().length - segment.trailingOffset },
      ),
    );
  }
  if (isObject(segment.value)) {
    const reading = readSearchBody(segment, segment.value, issues, locator, server);
    if (reading.lost !== undefined) {
      issues.push(reading.lost);
      issues.forEach(push);
      return;
    }
    const check = reading.check;
    checkSearchRules({ ...targets, body: check }, reading.facts);
    const q = facts.params.get('q');
    if (q !== undefined && 'query' in segment.value) {
      check.report(
        'search.q-overrides-query',
        'The URL parameter `q` replaces this query: the server runs the query string instead.',
        ['query'],
        'key',
      );
    }
    if (reading.early !== undefined) {
      const { map, trailing } = reading.early;
      if (!addEarlyIssues(reading.check, map, issues, false))
        issues.push(
          issue('query.wrong-type', `Unexpected token [${trailing.token}] found after the main object.`, {
            offset: trailing.offset,
            length: Math.max(1, body.trimEnd().length - trailing.offset),
          }),
        );
    }
  }
  issues.forEach(push);
}

function validateMsearch(
  request: Sent,
  facts: UrlFacts,
  route: RouteMatch,
  urlIssues: Issue[],
  bodyIssues: { slice: number; issue: Issue }[],
  server: TargetServer,
): void {
  const body = request.body;
  if (body === undefined) {
    if (!facts.params.has('source')) {
      urlIssues.push(
        issue('msearch.empty-body', 'request body or source parameter is required', request.target.urlSpan),
      );
    }
    return;
  }
  const rest = facts.params.get('rest_total_hits_as_int');
  const context: MsearchContext = {
    target: server,
    restTotalHitsAsInt: rest !== undefined && (rest.value === '' || rest.value === 'true'),
    pathHasIndex: route.params.has('index'),
  };
  const pairs = splitMsearchPairs(body);
  for (const { header, body: item } of pairs) {
    const headerLocator = compactJson(header.text).column;
    const headerResult = validateHeaderText(
      header.text,
      (offset) => ({ line: 1, column: headerLocator(offset) }),
      server,
    );
    for (const issue of headerResult.issues) bodyIssues.push({ slice: header.offset, issue });
    if (item === undefined) {
      bodyIssues.push({
        slice: header.offset,
        issue: issue(
          'msearch.dangling-header',
          'This header has no body: OpenSearch silently drops it. Add a body ({} searches everything).',
          { offset: 0, length: header.text.length },
          { data: { insert: { title: 'Add an empty body {}', text: '\n{}' } } },
        ),
      });
      if (pairs.length === 1) {
        bodyIssues.push({
          slice: header.offset,
          issue: issue('msearch.no-requests', 'Validation Failed: 1: no requests added;', {
            offset: 0,
            length: header.text.length,
          }),
        });
      }
      continue;
    }
    const itemLocator = compactJson(item.text).column;
    for (const issue of validateBodyText(item.text, context, headerResult.hasIndex, (offset) => ({
      line: 1,
      column: itemLocator(offset),
    }))) {
      bodyIssues.push({ slice: item.offset, issue });
    }
  }
}
