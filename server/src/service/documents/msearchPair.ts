import { deeperThan, firstToken, isObject, JsonSegment, MAX_JSON_DEPTH } from '../json/jsonSegment';
import { issue, type Issue } from '../validate/issues';
import { JsonCheck, type XContentLocator } from '../validate/jsonCheck';
import { addEarlyIssues, readSearchBody, type BodyReading } from '../validate/earlyEnd';
import { asItemIssues } from '../validate/msearchItems';
import { validateMsearchHeader } from '../validate/msearchHeader';
import { checkSearchRules } from '../validate/searchRules';
import { closeMarkerLocation, jacksonWording } from '../json/jacksonMessages';
import { DEFAULT_TARGET, jacksonMajor, targetName, type TargetServer } from '../target';
import { mapIssues, msearchTripleQuotes, variableIssues } from '../console/consoleIssues';
import { expandJson, hasConsoleSyntax, type Expansion } from '../console/expand';
import { Variables } from '../console/variables';
import type { QueryParam } from '../url/requestLine';

/** What the request line says that items depend on. */
export interface MsearchContext {
  /** The server the checks are made for. */
  readonly target: TargetServer;
  readonly restTotalHitsAsInt: boolean;
  /** Whether the path names indexes (`/logs-*\/_msearch`). */
  readonly pathHasIndex: boolean;
}

export const DEFAULT_CONTEXT: MsearchContext = {
  target: DEFAULT_TARGET,
  restTotalHitsAsInt: false,
  pathHasIndex: false,
};

/** An issue on the header (0) or body (1) line of a pair. */
export interface LineIssue extends Issue {
  readonly line: 0 | 1;
}

const NO_ISSUES: readonly LineIssue[] = [];

/** Each NDJSON line is parsed on its own: line 1, columns from 1. */
const ONE_LINE: XContentLocator = (offset) => ({ line: 1, column: offset + 1 });

/** Validates one header/body pair of a `.msearch` file as MultiSearchRequest reads it (docs/opensearch/msearch.md). */
function validatePair(
  header: string,
  body: string | undefined,
  context: MsearchContext,
  read: PairRead = { header: false, body: false },
  parsed?: ParsedLines,
): readonly LineIssue[] {
  const headerResult = validateHeaderText(header, ONE_LINE, context.target, parsed?.header);
  read.header = headerResult.strict === true;
  const bodyRead = { strict: false };
  const bodyIssues =
    body === undefined ? [] : validateBodyText(body, context, headerResult.hasIndex, ONE_LINE, bodyRead, parsed?.body);
  read.body = bodyRead.strict;
  return lineIssues(headerResult.issues, bodyIssues);
}

/** A pair whose lines were both read ahead as plain JSON (no console syntax, nothing JSON.parse refused). */
export interface PlainPair {
  readonly header: string;
  readonly body: string | undefined;
  readonly parsed: ParsedLines;
}

/** Whether validatePlainPairs can check a pair: its lines were read ahead whole by JSON.parse. */
export function isPlainPair(pair: PlainPair): boolean {
  const { header, body } = pair.parsed;
  return header !== undefined && header.strict && (pair.body === undefined || (body !== undefined && body.strict));
}

/**
 * Validates plain pairs as validateWrittenPair does, in three loops over the batch: their headers, then their bodies'
 * sections, then the rules over each whole body. Each kind of check runs for many pairs in a row, where the processor
 * keeps its code at hand (bench/lint.ts).
 */
export function validatePlainPairs(pairs: readonly PlainPair[], context: MsearchContext): (readonly LineIssue[])[] {
  const headers: HeaderResult[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const { header, parsed } = pairs[i]!;
    headers.push(validateHeaderText(header, ONE_LINE, context.target, parsed.header));
  }
  const bodies: (Issue[] | BodyRead)[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const { body, parsed } = pairs[i]!;
    bodies.push(body === undefined ? [] : readBodyText(body, context, ONE_LINE, undefined, parsed.body));
  }
  const out: (readonly LineIssue[])[] = [];
  for (let i = 0; i < pairs.length; i++) {
    const headerResult = headers[i]!;
    const body = bodies[i]!;
    const bodyIssues = body instanceof BodyRead ? body.finish(context, headerResult.hasIndex) : body;
    out.push(lineIssues(headerResult.issues, bodyIssues));
  }
  return out;
}

function lineIssues(headerIssues: readonly Issue[], bodyIssues: readonly Issue[]): readonly LineIssue[] {
  if (headerIssues.length === 0 && bodyIssues.length === 0) return NO_ISSUES;
  const out: LineIssue[] = [];
  for (const issue of headerIssues) out.push({ ...issue, line: 0 });
  for (const issue of bodyIssues) out.push({ ...issue, line: 1 });
  return out;
}

/**
 * The lines of a pair already read by JsonSegment.parse, each one only if it starts an object and writes no console
 * syntax (`${name}`): a document parses the lines of many pairs in one loop before validating them.
 */
export interface ParsedLines {
  readonly header: JsonSegment | undefined;
  readonly body: JsonSegment | undefined;
}

/** A line that a document may parse ahead of its pair's validation: an object from its first character, plain JSON. */
export function parsesAhead(line: string): boolean {
  return line.charCodeAt(0) === 123 /* { */ && !hasConsoleSyntax(line, false);
}

/** Whether each line of a pair was plain JSON, read whole by JSON.parse. */
interface PairRead {
  header: boolean;
  body: boolean;
}

/**
 * A pair as written, with `${name}` variables and perhaps `"""` strings: each line is checked as it is sent (the
 * variables' values in), and what is found is placed on what is written.
 */
export function validateWrittenPair(
  header: string,
  body: string | undefined,
  context: MsearchContext,
  variables: Variables,
  parsed?: ParsedLines,
): readonly LineIssue[] {
  // A line parsed ahead was checked for console syntax then.
  const plainHeader = parsed?.header !== undefined || !hasConsoleSyntax(header, false);
  const plainBody = body === undefined || parsed?.body !== undefined || !hasConsoleSyntax(body, false);
  if (plainHeader && plainBody) {
    const read: PairRead = { header: false, body: false };
    const found = validatePair(header, body, context, read, parsed);
    if (!tripleQuotes(header, read.header) && !tripleQuotes(body, read.body)) return found;
  }
  const expandedHeader = expandJson(header, variables, false);
  const expandedBody = body === undefined ? undefined : expandJson(body, variables, false);
  const found = validatePair(expandedHeader.text, expandedBody?.text, context);
  const out: LineIssue[] = [];
  const place = (line: 0 | 1, text: string, expansion: Expansion): void => {
    const issues = mapIssues(
      found.filter((f) => f.line === line),
      expansion,
    );
    const triples = text.includes('"""') ? expandJson(text, Variables.NONE, true).tripleQuoted : [];
    for (const placed of msearchTripleQuotes(text, triples, [...variableIssues(expansion), ...issues])) {
      out.push({ ...placed, line });
    }
  };
  place(0, header, expandedHeader);
  if (body !== undefined && expandedBody !== undefined) place(1, body, expandedBody);
  return out.length === 0 ? NO_ISSUES : out;
}

/** `"""` never stands in a text JSON.parse reads whole: only a line it refused is searched for console strings. */
function tripleQuotes(line: string | undefined, strict: boolean): boolean {
  return line !== undefined && !strict && line.includes('"""');
}

export interface HeaderResult {
  readonly issues: Issue[];
  readonly hasIndex: boolean;
  /** Whether the header is plain JSON, read whole by JSON.parse. */
  readonly strict?: boolean;
}

/** One header: blank and whitespace mean defaults; a non-object is silently read as `{}`. */
export function validateHeaderText(
  text: string,
  locator: XContentLocator,
  target: TargetServer,
  /** The text as JsonSegment.parse read it, when it was read ahead. */
  parsed?: JsonSegment,
): HeaderResult {
  // Most headers are an object from their first character.
  if (text.charCodeAt(0) === 123 /* { */) return validateHeaderObject(text, locator, target, [], parsed);
  const issues: Issue[] = [];
  const none: HeaderResult = { issues, hasIndex: false };
  if (text.length === 0) return none;
  const first = firstToken(text);
  if (first.token === 'NONE') return none;
  if (first.token === 'INVALID') return { ...none, issues: syntaxIssues(JsonSegment.parse(text), target, locator) };
  if (first.token !== 'START_OBJECT') {
    issues.push(
      issue(
        'msearch.header-not-object',
        `This header is a ${first.token}, not an object: OpenSearch silently reads it as {} (default index and options).`,
        { offset: first.offset, length: text.trimEnd().length - first.offset },
        { data: { replacements: ['{}'] } },
      ),
    );
    return none;
  }
  return validateHeaderObject(text, locator, target, issues);
}

/** A header that starts an object. */
function validateHeaderObject(
  text: string,
  locator: XContentLocator,
  target: TargetServer,
  issues: Issue[],
  parsed?: JsonSegment,
): HeaderResult {
  const segment = parsed?.text === text ? parsed : JsonSegment.parse(text);
  for (const found of syntaxIssues(segment, target, locator)) issues.push(found);
  if (segment.trailingOffset !== -1) {
    issues.push(
      issue(
        'msearch.trailing-content',
        'OpenSearch reads only the first JSON object of a header and silently ignores the rest.',
        { offset: segment.trailingOffset, length: text.trimEnd().length - segment.trailingOffset },
      ),
    );
  }
  if (!isObject(segment.value)) return { issues, hasIndex: false };
  const facts = validateMsearchHeader(new JsonCheck(segment, issues, locator, target), segment.value);
  return { issues, hasIndex: facts.indices !== undefined && facts.indices.length > 0, strict: segment.strict };
}

/** An `_msearch` body has no URL parameters of its own. */
const NO_PARAMS: ReadonlyMap<string, QueryParam> = new Map();
/** The header or the path names an index (a `pit` body then conflicts with it). */
const INDEX_NAMED = { path: ['pit'] } as const;

/** One search body of an `_msearch`: an object, read like a `_search` body without the trailing-token check. */
export function validateBodyText(
  text: string,
  context: MsearchContext,
  headerHasIndex: boolean,
  locator: XContentLocator,
  /** Told whether the body is plain JSON, read whole by JSON.parse. */
  read?: { strict: boolean },
  /** The text as JsonSegment.parse read it, when it was read ahead. */
  parsed?: JsonSegment,
): Issue[] {
  const reading = readBodyText(text, context, locator, read, parsed);
  return reading instanceof BodyRead ? reading.finish(context, headerHasIndex) : reading;
}

/**
 * A body read by the parsers of its sections, the rules over the whole body still to check (`finish`): a batch of
 * pairs reads all its bodies first, then checks their rules, each in one loop (validatePlainPairs).
 */
class BodyRead {
  constructor(
    private readonly text: string,
    private readonly issues: Issue[],
    private readonly reading: BodyReading,
  ) {}

  finish(context: MsearchContext, headerHasIndex: boolean): Issue[] {
    const { issues, reading } = this;
    checkSearchRules(
      {
        urlIssues: [],
        body: reading.check,
        params: NO_PARAMS,
        indices: headerHasIndex || context.pathHasIndex ? INDEX_NAMED : undefined,
        kind: 'msearch',
        restTotalHitsAsInt: context.restTotalHitsAsInt,
        server: context.target,
      },
      reading.facts,
    );
    if (reading.early !== undefined) {
      const { map, trailing } = reading.early;
      if (!addEarlyIssues(reading.check, map, issues, true))
        issues.push(restIgnored(this.text, trailing.offset, trailing.token));
    }
    return asItemIssues(issues);
  }
}

/** A body's issues when nothing is left to check, or its reading with the rules over the whole body to check. */
function readBodyText(
  text: string,
  context: MsearchContext,
  locator: XContentLocator,
  read: { strict: boolean } | undefined,
  parsed: JsonSegment | undefined,
): Issue[] | BodyRead {
  // Most bodies are an object from their first character.
  if (text.charCodeAt(0) !== 123 /* { */) {
    const first = firstToken(text);
    if (first.token === 'NONE') {
      return [
        issue(
          'msearch.blank-body',
          'Expected [START_OBJECT] but found [null] (a blank line in body position fails the whole _msearch; use {} for an empty search)',
          { offset: 0, length: text.length },
          { data: { replacements: ['{}'] } },
        ),
      ];
    }
    if (first.token !== 'START_OBJECT' && first.token !== 'INVALID') {
      return [
        issue('msearch.body-not-object', `Expected [START_OBJECT] but found [${first.token}]`, {
          offset: first.offset,
          length: text.trimEnd().length - first.offset,
        }),
      ];
    }
  }
  const segment = parsed?.text === text ? parsed : JsonSegment.parse(text);
  if (read !== undefined) read.strict = segment.strict;
  const issues: Issue[] = syntaxIssues(segment, context.target, locator);
  if (segment.ok && jacksonMajor(context.target) === 3) rewrittenTooDeep(text, issues);
  if (segment.trailingOffset !== -1) issues.push(restIgnored(text, segment.trailingOffset, undefined));
  if (!isObject(segment.value)) return asItemIssues(issues);
  const reading = readSearchBody(segment, segment.value, issues, locator, context.target);
  if (reading.lost !== undefined) {
    issues.push(reading.lost);
    return asItemIssues(issues);
  }
  return new BodyRead(text, issues, reading);
}

/**
 * What follows the end of a body, which `_msearch` never reads: after its main object, or after where a parser ends it
 * early (`early`: the token `_search` would find there).
 */
function restIgnored(text: string, offset: number, early: string | undefined): Issue {
  const span = { offset, length: Math.max(1, text.trimEnd().length - offset) };
  return issue(
    'msearch.body-rest-ignored',
    early === undefined
      ? 'OpenSearch reads only the first object of a search body: an `_msearch` ignores what follows it (`_search` refuses it).'
      : `OpenSearch ends this body here: an object read as the term or a range bound is read as the text "{", and every parser above it ends one level early. An \`_msearch\` runs the search without what follows; \`_search\` refuses it (Unexpected token [${early}] found after the main object.).`,
    span,
  );
}

/**
 * A body nested exactly 1,000 levels deep, which OpenSearch 3.7 and later read (the limit is on what is deeper), fails
 * a whole `_msearch` with a 500: each search's body is written again to run it, one level deeper, and Jackson 3's
 * writer holds the same limit (real 3.8.0; conformance case `msearch-item/cross/raw/json/depth-1000`).
 */
function rewrittenTooDeep(text: string, issues: Issue[]): void {
  const at = deeperThan(text, MAX_JSON_DEPTH - 1);
  if (at === -1) return;
  issues.push(
    issue(
      'json.too-deep',
      `Document nesting depth (${MAX_JSON_DEPTH + 1}) exceeds the maximum allowed (${MAX_JSON_DEPTH}, from \`StreamWriteConstraints.getMaxNestingDepth()\`): an \`_msearch\` writes each search's body again to run it, one level deeper, and fails whole (HTTP 500)`,
      { offset: at, length: 1 },
    ),
  );
}

/**
 * A body nested deeper than 1,000 levels: refused by OpenSearch from 3.7.0 (its JSON parser, Jackson 3, holds the
 * limit; checked on real 3.8.0); read by 2.19.1, which accepts 2,000 levels (checked on real 2.19.1), so a Warning
 * for the versions not known to refuse it. Either way the language server reads no further into it.
 */
function tooDeepIssue(message: string, span: { offset: number; length: number }, target: TargetServer): Issue {
  if (jacksonMajor(target) === 3) return issue('json.too-deep', message, span);
  return issue(
    'json.deep-nesting',
    `Objects and arrays nested more than 1,000 levels deep: OpenSearch 3.7 and later refuse this body (${message}); ${targetName(target)} may read it. The language server checks nothing past that depth.`,
    span,
  );
}

/**
 * Syntax problems of a segment as issues (OpenSearch: `json_parse_exception`, the whole request fails). `locator`
 * places Jackson's positions in what is sent, where a message names one.
 */
export function syntaxIssues(segment: JsonSegment, target: TargetServer, locator?: XContentLocator): Issue[] {
  if (segment.problems.length === 0) return [];
  const major = jacksonMajor(target);
  return segment.problems.map((problem) => {
    if (problem.kind === 'too-deep') {
      return tooDeepIssue(problem.message, { offset: problem.offset, length: problem.length }, target);
    }
    let message = jacksonWording(problem.message, major);
    if (problem.kind !== 'duplicate-key' && message.startsWith('Unexpected end-of-input: expected close marker')) {
      message += closeMarkerLocation(segment.text, major, locator) ?? '';
    }
    return issue(problem.kind === 'duplicate-key' ? 'json.duplicate-key' : 'json.syntax', message, {
      offset: problem.offset,
      length: Math.max(problem.length, 1),
    });
  });
}
