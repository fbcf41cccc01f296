import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { parseUrl, type RequestTarget } from '../url/requestLine';
import { issue, type Issue } from '../validate/issues';
import { validateTarget } from '../validate/url';
import { DEFAULT_TARGET, type TargetServer } from '../target';
import {
  DEFAULT_CONTEXT,
  isPlainPair,
  parsesAhead,
  validatePlainPairs,
  validateWrittenPair,
  type LineIssue,
  type MsearchContext,
  type ParsedLines,
  type PlainPair,
} from './msearchPair';
import { JsonSegment } from '../json/jsonSegment';
import { locateIndexParts } from '../validate/msearchHeader';
import { toDiagnostic } from './diagnostics';
import { isCommentLine, splitTargetComment } from '../syntax';
import { NO_CONSOLE_CONTEXT, readOrigin, type ConsoleContext, type KnownCluster } from '../console/consoleContext';
import { mapIssues, variableIssues } from '../console/consoleIssues';
import { expandUrl, type Expansion, type StandIn } from '../console/expand';

const EMPTY_FIRST_LINE_WARNING =
  'support for empty first line before any action metadata in msearch API is deprecated and will be removed in the next major version';
const MISSING_NEWLINE = 'The msearch request must be terminated by a newline [\\n]';

/**
 * How many pairs a walk validates together: their lines are parsed first, in one loop, then the pairs validated. On a
 * large file JSON.parse runs measurably faster so than between validations (bench/lint.ts: about 3% of the whole check
 * of 100 MB); a batch small enough keeps the parsed values young.
 */
const PARSE_BATCH = 32;
const NOT_PARSED: ParsedLines = { header: undefined, body: undefined };

/**
 * A pair's issues and the text they were found in. A class, so that every cached pair has one shape from the start:
 * the walk over a 20,000-pair file on each edit stays optimised whatever the pairs hold.
 */
class CachedPair {
  /** Index expressions of the header with their place on the line; located only when asked for. */
  indexParts: readonly { readonly name: string; readonly span: { offset: number; length: number } }[] | undefined =
    undefined;
  /** The issues as diagnostics, positioned for a pair whose header is at `atLine`. */
  diagnostics: Diagnostic[] = [];
  atLine = -1;
  /** How many issues: what the walk looks at for every pair (most have none). */
  readonly issueCount: number;

  constructor(
    readonly header: string,
    readonly body: string | undefined,
    readonly issues: readonly LineIssue[],
  ) {
    this.issueCount = issues.length;
  }

  /** Whether this result was found for these lines (compared as the same strings: an edit makes new ones). */
  keptFor(header: string, body: string | undefined): boolean {
    return this.header === header && this.body === body;
  }

  /** Adds the pair's diagnostics, for its header at line `header`. */
  addDiagnostics(header: number, out: Diagnostic[]): void {
    if (this.atLine !== header) {
      this.diagnostics = this.issues.map((issue) => toDiagnostic(issue, issue.line === 0 ? header : header + 1));
      this.atLine = header;
    }
    for (const diagnostic of this.diagnostics) out.push(diagnostic);
  }
}

/** A pair to validate again, its lines read ahead. */
interface StalePair extends PlainPair {
  readonly index: number;
}

/** A pair's lines read ahead of its validation, where they can be (parsesAhead). */
function parseAhead(header: string, body: string | undefined): ParsedLines {
  return {
    header: parsesAhead(header) ? JsonSegment.parse(header) : undefined,
    body: body !== undefined && parsesAhead(body) ? JsonSegment.parse(body) : undefined,
  };
}

export interface MsearchTarget {
  readonly line: number;
  /** As written. */
  readonly target: RequestTarget;
}

/** The target comment as it runs: the variables' values in, its full URL read against the clusters. */
export interface ExpandedTarget {
  readonly line: Expansion;
  readonly target: RequestTarget;
  readonly cluster: KnownCluster | undefined;
  /** At written offsets of the comment line. */
  readonly issues: readonly Issue[];
}

/** Expands a target comment line (`# POST /${index}/_msearch`). */
export function expandTargetComment(
  text: string,
  context: ConsoleContext,
  standIn: StandIn = 'check',
): ExpandedTarget | undefined {
  const line = expandUrl(text, context.variables, standIn);
  const split = splitTargetComment(line.text);
  if (split === undefined) return undefined;
  const { lead, method, gap, url } = split;
  const urlStart = lead.length + method.length + gap.length;
  const parsed = parseUrl(method, { offset: lead.length, length: method.length }, url, urlStart);
  const origin = readOrigin(parsed, url, urlStart, context.clusters);
  return {
    line,
    target: origin.target,
    cluster: origin.cluster,
    issues: [...variableIssues(line), ...mapIssues(origin.issues, line)],
  };
}

export interface TextEdit {
  readonly range?: Range;
  readonly text: string;
}

/** A header/body pair by its line numbers; `body` is -1 for a header with no body line. */
export interface PairLines {
  readonly index: number;
  readonly header: number;
  readonly body: number;
}

/**
 * A `.msearch` file, framed as OpenSearch frames the body: after the leading comment lines, lines alternate header
 * and body without ever re-synchronising. Validation results are kept per pair, so that an edit only re-validates
 * the pairs it touched (an edit that adds an odd number of lines shifts every later pair, and those are re-read).
 */
export class MsearchDocument {
  private lines: string[];
  private commentLines = 0;
  private emptyFirstLine = false;
  private target: MsearchTarget | undefined;
  private targetIssues: Issue[] = [];
  private context: MsearchContext = DEFAULT_CONTEXT;
  /** The server the checks are made for (the pairs' cached issues are for it). */
  private server: TargetServer = DEFAULT_TARGET;
  /** The variables and clusters the checks are made with (the pairs' cached issues are for them). */
  private console: ConsoleContext = NO_CONSOLE_CONTEXT;
  private expandedTarget: ExpandedTarget | undefined;
  /** Per pair index: its issues and the text they were found in (compared by reference when re-used). */
  private pairs: (CachedPair | undefined)[] = [];

  constructor(text: string) {
    this.lines = text.split('\n');
    this.reframe();
  }

  get lineCount(): number {
    return this.lines.length;
  }

  line(index: number): string {
    return this.lines[index] ?? '';
  }

  get text(): string {
    return this.lines.join('\n');
  }

  /** First line of the framed body (after comments and a skipped empty first line). */
  get firstFramedLine(): number {
    return this.commentLines + (this.emptyFirstLine ? 1 : 0);
  }

  get commentLineCount(): number {
    return this.commentLines;
  }

  get targetComment(): MsearchTarget | undefined {
    return this.target;
  }

  /** Applies one content change (LSP incremental sync; no range = full text). */
  applyChange(change: TextEdit): void {
    if (change.range === undefined) {
      this.lines = change.text.split('\n');
      this.reframe();
      return;
    }
    const { start, end } = change.range;
    const lastIndex = this.lines.length - 1;
    const startLine = Math.min(start.line, lastIndex);
    const endLine = Math.min(end.line, lastIndex);
    const prefix = this.lines[startLine]!.slice(0, start.character);
    const suffix = end.line > lastIndex ? '' : this.lines[endLine]!.slice(end.character);
    const replacement = (prefix + change.text + suffix).split('\n');
    const oldCount = endLine - startLine + 1;
    const delta = replacement.length - oldCount;
    const oldFirst = this.firstFramedLine;
    const oldComments = this.commentLines;
    this.lines.splice(startLine, oldCount, ...replacement);
    if (startLine <= oldComments) this.reframe();
    const first = this.firstFramedLine;
    if (first !== oldFirst) {
      this.pairs = [];
      return;
    }
    // Cached pairs are checked against their text when used; here they only need to stay aligned with their lines.
    const firstPair = Math.max(0, Math.floor((startLine - first) / 2));
    if (delta % 2 !== 0) {
      this.pairs.length = Math.min(this.pairs.length, firstPair);
    } else if (delta !== 0 && firstPair < this.pairs.length) {
      const removed = Math.floor((endLine - first) / 2) - firstPair + 1;
      this.pairs.splice(firstPair, removed, ...new Array<undefined>(removed + delta / 2));
    }
  }

  private reframe(): void {
    const previousContext = this.context;
    let count = 0;
    while (count < this.lines.length - 1 && isCommentLine(this.lines[count]!)) count++;
    this.commentLines = count;
    this.emptyFirstLine = this.lines.length - 1 > count && this.lines[count] === '';
    this.target = undefined;
    this.targetIssues = [];
    this.expandedTarget = undefined;
    for (let i = 0; i < count; i++) {
      const split = splitTargetComment(this.lines[i]!);
      if (split === undefined) continue;
      const { lead, method, gap, url } = split;
      const target = parseUrl(
        method,
        { offset: lead.length, length: method.length },
        url,
        lead.length + method.length + gap.length,
      );
      this.target = { line: i, target };
      this.expandedTarget = expandTargetComment(this.lines[i]!, this.console);
      break;
    }
    this.context = { ...DEFAULT_CONTEXT, target: this.server };
    const expanded = this.expandedTarget;
    if (expanded !== undefined) {
      const issues: Issue[] = [];
      const facts = validateTarget(expanded.target, issues, this.server);
      if (facts.route !== undefined && facts.route.endpoint.name !== 'msearch') {
        issues.push(
          issue(
            'msearch.target-not-msearch',
            `A .msearch file is an _msearch body; this target runs it as [${facts.route.endpoint.name}].`,
            expanded.target.pathSpan,
          ),
        );
      }
      this.targetIssues = [...mapIssues(issues, expanded.line), ...expanded.issues];
      const rest = facts.params.get('rest_total_hits_as_int');
      this.context = {
        target: this.server,
        restTotalHitsAsInt: rest !== undefined && (rest.value === '' || rest.value === 'true'),
        pathHasIndex: facts.route?.params.has('index') === true,
      };
    }
    if (
      previousContext.target !== this.context.target ||
      previousContext.restTotalHitsAsInt !== this.context.restTotalHitsAsInt ||
      previousContext.pathHasIndex !== this.context.pathHasIndex
    ) {
      this.pairs = [];
    }
  }

  /**
   * The framing, in one place: for a header line, the line of its body (the next line; -1 for none), or undefined
   * when the line is past the body. The body ends at the last newline: a final empty line is not a header.
   */
  private bodyLineOf(header: number): number | undefined {
    const last = this.lines.length - 1;
    const endsWithNewline = this.lines[last] === '';
    if (header > last || (header === last && endsWithNewline)) return undefined;
    return header + 1 < last || (header + 1 === last && !endsWithNewline) ? header + 1 : -1;
  }

  /** The pair at a place of the framing (0 for the first pair), if the body holds it. */
  private pairFrom(index: number): PairLines | undefined {
    const header = this.firstFramedLine + index * 2;
    const body = this.bodyLineOf(header);
    return body === undefined ? undefined : { index, header, body };
  }

  /** Every pair the framing yields, including a last header with no body line. */
  pairLines(): PairLines[] {
    const out: PairLines[] = [];
    for (let pair = this.pairFrom(0); pair !== undefined; pair = this.pairFrom(pair.index + 1)) out.push(pair);
    return out;
  }

  /** The pair a line belongs to, if it is framed. */
  pairAt(line: number): PairLines | undefined {
    const first = this.firstFramedLine;
    return line < first ? undefined : this.pairFrom(Math.floor((line - first) / 2));
  }

  /** The last line that can be a header (the framing of bodyLineOf, for a whole walk): a final empty line is not one. */
  private lastHeaderLine(): number {
    const last = this.lines.length - 1;
    return this.lines[last] === '' ? last - 1 : last;
  }

  /** The pair at `index` validated again, its text having changed since its result was kept. */
  private revalidate(
    index: number,
    headerText: string,
    bodyText: string | undefined,
    parsed: ParsedLines = NOT_PARSED,
  ): CachedPair {
    const cached = new CachedPair(
      headerText,
      bodyText,
      validateWrittenPair(headerText, bodyText, this.context, this.console.variables, parsed),
    );
    this.pairs[index] = cached;
    return cached;
  }

  /**
   * Visits every framed pair with its validation result, validating the pairs whose text changed since the last
   * visit (a cached result is kept while its header and body lines are the same strings).
   */
  private visitPairs(visit: (header: number, cached: CachedPair) => void): void {
    const lines = this.lines;
    const lastHeader = this.lastHeaderLine();
    let index = 0;
    for (let header = this.firstFramedLine; header <= lastHeader; header += 2, index++) {
      const headerText = lines[header]!;
      const bodyText = header + 1 <= lastHeader ? lines[header + 1] : undefined;
      let cached = this.pairs[index];
      if (cached === undefined || !cached.keptFor(headerText, bodyText)) {
        cached = this.revalidate(index, headerText, bodyText);
      }
      visit(header, cached);
    }
  }

  /**
   * The pairs' diagnostics, validating the pairs whose text changed: the walk of visitPairs without a call per pair.
   * A 20,000-pair file is walked on every edit, often before the walk is optimised again for what the edit brought
   * (a first issue, a pair read again): what it does for a pair with nothing to say is kept to a few comparisons.
   */
  private pairDiagnostics(out: Diagnostic[]): void {
    const lines = this.lines;
    const lastHeader = this.lastHeaderLine();
    const first = this.firstFramedLine;
    // The stale pairs of a batch, their lines parsed ahead.
    const stale: StalePair[] = [];
    // Those whose lines JSON.parse read whole, checked together in the loops of validatePlainPairs.
    const plain: StalePair[] = [];
    for (let start = first; start <= lastHeader; start += 2 * PARSE_BATCH) {
      const end = Math.min(lastHeader, start + 2 * (PARSE_BATCH - 1));
      stale.length = 0;
      for (let header = start, index = (start - first) / 2; header <= end; header += 2, index++) {
        const headerText = lines[header]!;
        const bodyText = header + 1 <= lastHeader ? lines[header + 1] : undefined;
        const cached = this.pairs[index];
        if (cached === undefined || !cached.keptFor(headerText, bodyText)) {
          stale.push({ index, header: headerText, body: bodyText, parsed: parseAhead(headerText, bodyText) });
        }
      }
      plain.length = 0;
      for (let i = 0; i < stale.length; i++) {
        const pair = stale[i]!;
        if (isPlainPair(pair)) plain.push(pair);
        else this.revalidate(pair.index, pair.header, pair.body, pair.parsed);
      }
      if (plain.length > 0) {
        const found = validatePlainPairs(plain, this.context);
        for (let i = 0; i < plain.length; i++) {
          const pair = plain[i]!;
          this.pairs[pair.index] = new CachedPair(pair.header, pair.body, found[i]!);
        }
      }
      for (let header = start, index = (start - first) / 2; header <= end; header += 2, index++) {
        const cached = this.pairs[index]!;
        if (cached.issueCount !== 0) cached.addDiagnostics(header, out);
      }
    }
  }

  /** The target comment as it runs, for the variables and clusters of the last diagnostics. */
  get runTarget(): ExpandedTarget | undefined {
    return this.expandedTarget;
  }

  diagnostics(server: TargetServer = DEFAULT_TARGET, context: ConsoleContext = NO_CONSOLE_CONTEXT): Diagnostic[] {
    if (server !== this.server || context !== this.console) {
      const variablesChanged = context.variables !== this.console.variables;
      this.server = server;
      this.console = context;
      this.reframe();
      // The pairs' issues depend on the variables' values.
      if (variablesChanged) this.pairs = [];
    }
    const out: Diagnostic[] = [];
    if (this.target !== undefined) {
      for (const issue of this.targetIssues) out.push(toDiagnostic(issue, this.target.line));
    }
    this.pairDiagnostics(out);
    this.framingDiagnostics(out);
    return out;
  }

  /** Index expressions written in the file: in headers, and in the target comment's path. */
  indexMentions(): { line: number; name: string; span: { offset: number; length: number } }[] {
    const out: { line: number; name: string; span: { offset: number; length: number } }[] = [];
    const target = this.target;
    if (target !== undefined && target.target.segments.length === 2) {
      const segment = target.target.segments[0]!;
      let offset = segment.span.offset;
      for (const name of segment.text.split(',')) {
        out.push({ line: target.line, name, span: { offset, length: name.length } });
        offset += name.length + 1;
      }
    }
    this.visitPairs((line, cached) => {
      // Most headers name their index: locate the parts once per header text, then keep them with the pair.
      cached.indexParts ??= cached.header.includes('"ind') ? locateIndexParts(cached.header) : [];
      for (const part of cached.indexParts) out.push({ line, name: part.name, span: part.span });
    });
    return out;
  }

  private framingDiagnostics(out: Diagnostic[]): void {
    const last = this.lines.length - 1;
    const lastLine = this.lines[last]!;
    const sentLines = last + 1 - this.commentLines;
    if (sentLines === 1 && lastLine === '') {
      out.push(
        toDiagnostic(
          issue('msearch.empty-body', 'request body or source parameter is required', { offset: 0, length: 0 }),
          last,
        ),
      );
      return;
    }
    if (this.emptyFirstLine) {
      out.push(
        toDiagnostic(
          issue('msearch.empty-first-line', EMPTY_FIRST_LINE_WARNING, { offset: 0, length: 0 }),
          this.commentLines,
        ),
      );
    }
    if (lastLine !== '') {
      out.push(
        toDiagnostic(
          issue(
            'msearch.missing-final-newline',
            MISSING_NEWLINE,
            { offset: lastLine.length, length: 0 },
            { data: { insert: { title: 'Add the final newline', text: '\n' } } },
          ),
          last,
        ),
      );
      return;
    }
    // The pair of the last terminated line: a header there has no body (dropped); without a body before it, the
    // request holds no search.
    const lastPair = this.pairAt(last - 1);
    const dangling = lastPair !== undefined && lastPair.header === last - 1 ? lastPair : undefined;
    if (dangling !== undefined) {
      out.push(
        toDiagnostic(
          issue(
            'msearch.dangling-header',
            'This header has no body line: OpenSearch silently drops it. Add a body line ({} searches everything).',
            { offset: 0, length: this.lines[dangling.header]!.length },
            { data: { insert: { title: 'Add an empty body line {}', text: '\n{}' } } },
          ),
          dangling.header,
        ),
      );
    }
    if (lastPair === undefined || (lastPair.index === 0 && lastPair.body === -1)) {
      out.push(
        toDiagnostic(
          issue('msearch.no-requests', 'Validation Failed: 1: no requests added;', {
            offset: 0,
            length: this.lines[this.firstFramedLine]?.length ?? 0,
          }),
          Math.min(this.firstFramedLine, last),
        ),
      );
    }
  }
}
