// The console format both kinds of files share, written once: which lines are comments, which line starts a request,
// and how a request line (`GET /logs/_search?size=5`, or `# POST /logs/_msearch` at the top of a `.msearch` file)
// splits into method and URL. Every reader of the files (parsing, folding, formatting, completion) asks here.
import type { HttpMethod } from '../spec/types';

/** The methods a request line may start with (in any case), in the order completion offers them. */
export const HTTP_METHODS: readonly HttpMethod[] = ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH'];

const METHOD = HTTP_METHODS.join('|');
const COMMENT_LINE = /^\s*(#|\/\/)/;
const HASH_COMMENT_LINE = /^\s*#/;
const HASH_COMMENT_PARTS = /^(\s*)(#.*)$/;
/** A request line of a `.search` file: a method, blanks, and something after them. */
const REQUEST_LINE = new RegExp(`^\\s*(${METHOD})[ \\t]+\\S`, 'i');
/** A method and a blank: a request line being typed. */
const REQUEST_START = new RegExp(`^\\s*(${METHOD})[ \\t]`, 'i');
const TARGET_COMMENT_START = /^(\s*(?:#|\/\/)\s*)[A-Za-z]/;
/** A blank as `\s` reads it (line separators included); the splitters below read lines by hand, in one pass. */
const BLANK = /\s/;

function isBlank(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  if (c === 32 || c === 9) return true;
  return c > 8 && c < 14 ? true : c > 127 && BLANK.test(text.charAt(i));
}

function isLetter(text: string, i: number): boolean {
  const c = text.charCodeAt(i) | 32;
  return c >= 97 && c <= 122;
}

function isSpaceOrTab(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c === 32 || c === 9;
}

/** The end of the run from `i` of characters that `test` accepts. */
function skip(text: string, i: number, test: (text: string, i: number) => boolean): number {
  let j = i;
  while (j < text.length && test(text, j)) j++;
  return j;
}

/** The end of `text` without its trailing blanks (as `trimEnd`), at most back to `from`. */
function trimmedEnd(text: string, from: number): number {
  let end = text.length;
  while (end > from && isBlank(text, end - 1)) end--;
  return end;
}

/** Whether a word is one of the methods (any case). */
export function isMethod(word: string): boolean {
  const upper = word.toUpperCase();
  return HTTP_METHODS.some((method) => method === upper);
}

/** A comment line: `#` or `//` first (blanks before it allowed). Between requests, and at the top of `.msearch`. */
export function isCommentLine(text: string): boolean {
  return COMMENT_LINE.test(text);
}

/** A `#` comment line (not JSON: blanked in bodies before they are read or sent). */
export function isHashCommentLine(text: string): boolean {
  return HASH_COMMENT_LINE.test(text);
}

/** A `#` comment line split into its indentation and the comment. */
export function splitHashComment(text: string): { readonly indent: string; readonly comment: string } | undefined {
  const match = HASH_COMMENT_PARTS.exec(text);
  return match === null ? undefined : { indent: match[1] ?? '', comment: match[2]! };
}

/** A line that starts a request of a `.search` file. */
export function isRequestLine(text: string): boolean {
  return REQUEST_LINE.test(text);
}

/** A line where a request line is being typed: a method and a blank, perhaps nothing yet after them. */
export function startsRequestLine(text: string): boolean {
  return REQUEST_START.test(text);
}

/** A request line taken apart: `lead` + `method` + `gap` + `url` (the rest, trailing blanks dropped). */
export interface RequestLineParts {
  readonly lead: string;
  readonly method: string;
  readonly gap: string;
  readonly url: string;
}

/**
 * Reads `word gap rest` from `start` of a line: a word of letters, spaces or tabs, then the rest without its trailing
 * blanks. In one pass, so that no line, however long or odd, costs more than its length.
 */
function splitFrom(text: string, start: number): RequestLineParts | undefined {
  const methodEnd = skip(text, start, isLetter);
  if (methodEnd === start) return undefined;
  const gapEnd = skip(text, methodEnd, isSpaceOrTab);
  if (gapEnd === methodEnd) return undefined;
  return {
    lead: text.slice(0, start),
    method: text.slice(start, methodEnd),
    gap: text.slice(methodEnd, gapEnd),
    url: text.slice(gapEnd, trimmedEnd(text, gapEnd)),
  };
}

/**
 * `METHOD url`: a word, blanks, and the URL (which may be empty; it runs to the end of the line, trailing blanks
 * dropped, so a line separator inside it stays in it for the checks to report). Any word: the caller checks the method.
 */
export function splitRequestLine(text: string): RequestLineParts | undefined {
  return splitFrom(text, skip(text, 0, isBlank));
}

/**
 * The target comment of a `.msearch` file (`# POST /logs/_msearch`): `lead` is the comment marker with the blanks
 * around it. Only with one of the methods and a URL.
 */
export function splitTargetComment(text: string): RequestLineParts | undefined {
  const start = targetCommentStart(text);
  if (start === undefined) return undefined;
  const split = splitFrom(text, start);
  return split !== undefined && split.url !== '' && isMethod(split.method) ? split : undefined;
}

/** Where a request line would start in a comment line whose first word follows the marker, or undefined. */
export function targetCommentStart(text: string): number | undefined {
  return TARGET_COMMENT_START.exec(text)?.[1]!.length;
}

/** A request line as it is being typed: every part may be empty (`url` is the first word after the method). */
export function splitPartialRequestLine(text: string): RequestLineParts {
  const methodStart = skip(text, 0, isBlank);
  const methodEnd = skip(text, methodStart, isLetter);
  const gapEnd = skip(text, methodEnd, isSpaceOrTab);
  const urlEnd = skip(text, gapEnd, (t, i) => !isBlank(t, i));
  return {
    lead: text.slice(0, methodStart),
    method: text.slice(methodStart, methodEnd),
    gap: text.slice(methodEnd, gapEnd),
    url: text.slice(gapEnd, urlEnd),
  };
}

/** A line holding at most one word: a request line may be starting there. */
export function isBareWord(text: string): boolean {
  const wordEnd = skip(text, skip(text, 0, isBlank), isLetter);
  return skip(text, wordEnd, isBlank) === text.length;
}

/** A word and one token after it: a request line whose method is being written (`po /_search`). */
export function isWordAndTarget(text: string): boolean {
  const wordStart = skip(text, 0, isBlank);
  const wordEnd = skip(text, wordStart, isLetter);
  if (wordEnd === wordStart) return false;
  const gapEnd = skip(text, wordEnd, isSpaceOrTab);
  if (gapEnd === wordEnd) return false;
  const tokenEnd = skip(text, gapEnd, (t, i) => !isBlank(t, i));
  return tokenEnd > gapEnd && skip(text, tokenEnd, isBlank) === text.length;
}
