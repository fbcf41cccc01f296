import { createScanner, ParseErrorCode, ScanError, SyntaxKind, type Node, type ParseError } from 'jsonc-parser';
import { isTrivia } from './trivia';

const VALID_VALUES = "(JSON String, Number, Array, Object or token 'null', 'true' or 'false')";

/** Jackson's way of naming a character in its messages. */
function describeChar(text: string, offset: number): string {
  const code = text.codePointAt(offset) ?? 0;
  if (code < 32) return `(CTRL-CHAR, code ${code})`;
  return `('${String.fromCodePoint(code)}' (code ${code}))`;
}

type Expect = 'value' | 'key' | 'colon' | 'separator';

/**
 * The message OpenSearch's JSON parser (Jackson) gives for the first syntax error of a text, so that the editor says
 * what the cluster would say. jsonc-parser finds the error; a re-scan up to it tells what Jackson was expecting.
 */
export function jacksonSyntaxMessage(text: string, error: ParseError, _tree: Node | undefined): string {
  const scanner = createScanner(text, false);
  const stack: ('object' | 'array')[] = [];
  let expect: Expect = 'value';
  for (;;) {
    const kind = scanner.scan();
    const offset = scanner.getTokenOffset();
    const scanError = scanner.getTokenError();
    // An unterminated block comment is an error, not something to skip.
    if (isTrivia(kind) && (kind !== SyntaxKind.BlockCommentTrivia || scanError === ScanError.None)) continue;
    if (scanError !== ScanError.None) return scanErrorMessage(text, scanner.getTokenOffset(), scanError);
    if (kind === SyntaxKind.EOF) {
      const open = stack[stack.length - 1];
      if (open !== undefined)
        return `Unexpected end-of-input: expected close marker for ${open === 'object' ? 'Object' : 'Array'}`;
      return 'No content to map due to end-of-input';
    }
    const top = stack[stack.length - 1];
    switch (expect) {
      case 'value':
        if (kind === SyntaxKind.OpenBraceToken) {
          stack.push('object');
          expect = 'key';
          // `{}` is fine: a close brace right away is handled in the 'key' branch.
          continue;
        }
        if (kind === SyntaxKind.OpenBracketToken) {
          stack.push('array');
          const next = peekKind(text, scanner.getPosition());
          if (next === SyntaxKind.CloseBracketToken) {
            scanner.scan();
            stack.pop();
            expect = 'separator';
            if (stack.length === 0) return fallback(error);
          }
          continue;
        }
        if (
          kind === SyntaxKind.StringLiteral ||
          kind === SyntaxKind.NumericLiteral ||
          kind === SyntaxKind.TrueKeyword ||
          kind === SyntaxKind.FalseKeyword ||
          kind === SyntaxKind.NullKeyword
        ) {
          if (kind === SyntaxKind.NumericLiteral && /^-?0\d/.test(scanner.getTokenValue())) {
            return 'Invalid numeric value: Leading zeroes not allowed';
          }
          expect = 'separator';
          if (stack.length === 0) return fallback(error);
          continue;
        }
        if (kind === SyntaxKind.Unknown && /^[A-Za-z]/.test(scanner.getTokenValue())) {
          return `Unrecognized token '${scanner.getTokenValue()}': was expecting ${VALID_VALUES}`;
        }
        // Jackson's `_handleOddValue`: a comma, a close brace, or a close bracket inside an array, where a value
        // should be, is "expected a value"; any other character is "expected a valid value (...)".
        if (
          kind === SyntaxKind.CommaToken ||
          kind === SyntaxKind.CloseBraceToken ||
          (kind === SyntaxKind.CloseBracketToken && top === 'array')
        ) {
          return `Unexpected character ${describeChar(text, offset)}: expected a value`;
        }
        return `Unexpected character ${describeChar(text, offset)}: expected a valid value ${VALID_VALUES}`;
      case 'key':
        if (kind === SyntaxKind.StringLiteral) {
          expect = 'colon';
          continue;
        }
        if (kind === SyntaxKind.CloseBraceToken && previousSignificant(text, offset) === '{') {
          stack.pop();
          expect = 'separator';
          if (stack.length === 0) return fallback(error);
          continue;
        }
        return `Unexpected character ${describeChar(text, offset)}: was expecting double-quote to start field name`;
      case 'colon':
        if (kind === SyntaxKind.ColonToken) {
          expect = 'value';
          continue;
        }
        return `Unexpected character ${describeChar(text, offset)}: was expecting a colon to separate field name and value`;
      case 'separator':
        if (kind === SyntaxKind.CommaToken) {
          expect = top === 'object' ? 'key' : 'value';
          continue;
        }
        if (
          (kind === SyntaxKind.CloseBraceToken && top === 'object') ||
          (kind === SyntaxKind.CloseBracketToken && top === 'array')
        ) {
          stack.pop();
          if (stack.length === 0) return fallback(error);
          continue;
        }
        if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
          const actual = kind === SyntaxKind.CloseBraceToken ? 'OBJECT' : 'ARRAY';
          return `Unexpected close marker '${text[offset] ?? ''}': expected '${top === 'object' ? '}' : ']'}' (for ${top === 'object' ? 'Object' : 'Array'} starting at ...) [${actual}]`;
        }
        return `Unexpected character ${describeChar(text, offset)}: was expecting comma to separate ${top === 'object' ? 'Object' : 'Array'} entries`;
    }
  }
}

function peekKind(text: string, position: number): SyntaxKind {
  const scanner = createScanner(text, true);
  scanner.setPosition(position);
  return scanner.scan();
}

function previousSignificant(text: string, offset: number): string {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text[i]!;
    if (c !== ' ' && c !== '\t' && c !== '\r' && c !== '\n') return c;
  }
  return '';
}

function scanErrorMessage(text: string, tokenOffset: number, scanError: ScanError): string {
  switch (scanError) {
    case ScanError.UnexpectedEndOfString:
      return 'Unexpected end-of-input: was expecting closing quote for a string value';
    case ScanError.UnexpectedEndOfComment:
      return 'Unexpected end-of-input in a comment';
    case ScanError.UnexpectedEndOfNumber:
      return 'Unexpected end-of-input in a Number value';
    case ScanError.InvalidCharacter: {
      // A control character inside a string: find it.
      for (let i = tokenOffset + 1; i < text.length; i++) {
        if (text.charCodeAt(i) < 32) {
          return `Illegal unquoted character (${describeChar(text, i).slice(1, -1)}): has to be escaped using backslash to be included in string value`;
        }
      }
      return 'Illegal unquoted character: has to be escaped using backslash to be included in string value';
    }
    case ScanError.InvalidEscapeCharacter:
    case ScanError.InvalidUnicode:
      return 'Unrecognized character escape';
    default:
      return 'Invalid JSON';
  }
}

function fallback(error: ParseError): string {
  return error.error === ParseErrorCode.InvalidNumberFormat
    ? 'Invalid numeric value'
    : 'Unexpected character: invalid JSON';
}

/**
 * A message in the wording of the Jackson generation the server runs: the messages above are Jackson 2's; Jackson 3
 * (OpenSearch 3.7 and later) says "property name" where Jackson 2 said "field name", and words duplicates anew.
 */
export function jacksonWording(message: string, major: 2 | 3): string {
  if (major === 2) return message;
  const duplicate = /^Duplicate field '(.*)'$/s.exec(message);
  if (duplicate !== null) return `Duplicate Object property "${duplicate[1]!}"`;
  return message
    .replace('to start field name', 'to start property name')
    .replace('to separate field name and value', 'to separate property name and value');
}

/** Where Jackson says its input was when it was read without the source (OpenSearch turns the source off). */
const REDACTED_SOURCE = 'Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled)';

/**
 * Jackson's `expected close marker` message goes on with where the marker left open starts: `line` and `column`
 * (1-based) in Jackson 2, an unknown byte offset in Jackson 3 (`byte offset: #UNKNOWN`; real 2.19.1 and 3.8.0).
 * `locate` gives the line and column of an offset in what is sent; without it, Jackson 2's position is left out.
 */
export function closeMarkerLocation(
  text: string,
  major: 2 | 3,
  locate: ((offset: number) => { line: number; column: number }) | undefined,
): string | undefined {
  if (major === 3) return ` (start marker at [${REDACTED_SOURCE}; byte offset: #UNKNOWN])`;
  if (locate === undefined) return undefined;
  const scanner = createScanner(text, false);
  const open: number[] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) open.push(scanner.getTokenOffset());
    else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) open.pop();
  }
  const marker = open[open.length - 1];
  if (marker === undefined) return undefined;
  const { line, column } = locate(marker);
  return ` (start marker at [${REDACTED_SOURCE}; line: ${line}, column: ${column}])`;
}
