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
const REQUEST_LINE_PARTS = /^(\s*)([A-Za-z]+)([ \t]+)(?:(\S(?:.*\S)?)\s*)?$/;
const TARGET_COMMENT = /^(\s*(?:#|\/\/)\s*)([A-Za-z]+)([ \t]+)(\S(?:.*\S)?)\s*$/;
const TARGET_COMMENT_START = /^(\s*(?:#|\/\/)\s*)[A-Za-z]/;
const PARTIAL_REQUEST_LINE = /^(\s*)([A-Za-z]*)([ \t]*)(\S*)/;
const BARE_WORD = /^\s*(?:[A-Za-z]+\s*)?$/;
const WORD_AND_TARGET = /^\s*[A-Za-z]+[ \t]+\S+\s*$/;

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

function parts(match: RegExpExecArray | null): RequestLineParts | undefined {
  if (match === null) return undefined;
  const [, lead = '', method = '', gap = '', url = ''] = match;
  return { lead, method, gap, url };
}

/** `METHOD url`: a word, blanks, and the URL (which may be empty). Any word: the caller checks the method. */
export function splitRequestLine(text: string): RequestLineParts | undefined {
  return parts(REQUEST_LINE_PARTS.exec(text));
}

/**
 * The target comment of a `.msearch` file (`# POST /logs/_msearch`): `lead` is the comment marker with the blanks
 * around it. Only with one of the methods and a URL.
 */
export function splitTargetComment(text: string): RequestLineParts | undefined {
  const split = parts(TARGET_COMMENT.exec(text));
  return split !== undefined && isMethod(split.method) ? split : undefined;
}

/** Where a request line would start in a comment line whose first word follows the marker, or undefined. */
export function targetCommentStart(text: string): number | undefined {
  return TARGET_COMMENT_START.exec(text)?.[1]!.length;
}

/** A request line as it is being typed: every part may be empty (`url` is the first word after the method). */
export function splitPartialRequestLine(text: string): RequestLineParts {
  return parts(PARTIAL_REQUEST_LINE.exec(text))!;
}

/** A line holding at most one word: a request line may be starting there. */
export function isBareWord(text: string): boolean {
  return BARE_WORD.test(text);
}

/** A word and one token after it: a request line whose method is being written (`po /_search`). */
export function isWordAndTarget(text: string): boolean {
  return WORD_AND_TARGET.test(text);
}
