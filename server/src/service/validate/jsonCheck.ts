import type { DiagnosticCode } from '../diagnosticCodes';
import { tokenOf, type JsonSegment, type Target } from '../json/jsonSegment';
import { pathKeys, type AnyPath, type ValuePath } from '../json/valuePath';
import { isRefusal, issue, type FixData, type IssueSink, type ValidationTag } from './issues';
import { validationIssue } from './validationFailures';
import { jacksonMajor, type TargetServer } from '../target';
import { numberValueRefusal } from './values';
import { didYouMean } from '../text/similarity';

/** Gives Jackson's `line:col` of an offset in a segment, as the server would count in what is sent. */
export type XContentLocator = (offset: number) => { line: number; column: number };

/** Reports findings inside one JSON segment, positioned by JSON path. */
export class JsonCheck {
  /** Where a parser stops reading inside an object, so that the body ends early (earlyEnd.ts); the first one. */
  earlyEnd: AnyPath | undefined = undefined;
  /** Whether the first early end is an object last in a list whose brackets the parser passes over (readEarlyEnd). */
  earlyEndInList = false;
  /** Whether a query read so far is one that may match nothing (`match_none`, `terms`, `ids`: rewrite.ts). */
  mayMatchNothing = false;

  constructor(
    readonly segment: JsonSegment,
    readonly issues: IssueSink,
    private readonly locator: XContentLocator,
    /** The server the checks are made for. */
    readonly server: TargetServer,
  ) {}

  /** Reports `code` (with the severity the registry gives it) at `path`. */
  report(code: DiagnosticCode, message: string, path: AnyPath, target: Target = 'value', data?: FixData): void {
    const span = this.segment.spanOf(pathKeys(path), target);
    this.issues.push(issue(code, message, span, data === undefined ? {} : { data }));
  }

  /**
   * Reports `code` for a failure of a validation that collects its failures (validationFailures.ts): its message is the
   * tag's failure as the server says it alone, until the request's other failures are known.
   */
  reportValidation(code: DiagnosticCode, tag: ValidationTag, path: AnyPath, target: Target = 'value'): void {
    const span = this.segment.spanOf(pathKeys(path), target);
    this.issues.push(validationIssue(code, tag, span));
  }

  /** Reports `code` for what fails after the request is read: in an `_msearch` only that search fails. */
  reportItemFailure(code: DiagnosticCode, message: string, path: AnyPath, target: Target = 'value'): void {
    const span = this.segment.spanOf(pathKeys(path), target);
    this.issues.push({ ...issue(code, message, span), itemFailure: true });
  }

  /**
   * Reports, in place of what `read` reports, its first refusal in the words `wrap` gives it: an outer parser's words
   * around an inner one's (`[collapse] failed to parse field [inner_hits]: ...`). Whether there was one.
   */
  refusedWrapped(read: () => void, wrap: (message: string) => string): boolean {
    const before = this.issues.length;
    read();
    const first = this.issues.slice(before).find(isRefusal);
    this.issues.length = before;
    if (first === undefined) return false;
    this.issues.push({ ...first, message: wrap(first.message) });
    return true;
  }

  /**
   * Whether an issue reported since there were `before` is a refusal of the parsers: an Error, not one that only the
   * shards or the search's validation would find (an item failure), and not of the code `later`, which stands for a
   * check the parser makes once its loop is over.
   */
  refusedSince(before: number, later?: DiagnosticCode): boolean {
    const issues = this.issues;
    for (let i = before; i < issues.length; i++) {
      const found = issues[i]!;
      if (isRefusal(found) && found.code !== later) return true;
    }
    return false;
  }

  /**
   * Reports what a number reader (`doubleValue()`, `floatValue()`) refuses in a scalar at `path`: a boolean in
   * Jackson's words, a text that is no Java number (numberValueRefusal). Whether it reported.
   */
  numberRefused(path: AnyPath, value: unknown): boolean {
    const refusal = numberValueRefusal(value, jacksonMajor(this.server));
    if (refusal === undefined) return false;
    this.report('value.not-a-number', refusal, path);
    return true;
  }

  /**
   * A parser reads the object at `path` as the text `{` and stops there: the body is read again as it does. `inList`:
   * the object is the last item of a list whose brackets that parser's loop passes over.
   */
  reportEarlyEnd(path: AnyPath, inList = false): void {
    if (this.earlyEnd !== undefined) return;
    this.earlyEnd = path;
    this.earlyEndInList = inList;
  }

  /**
   * The JSON token that follows the value at `path` (`END_OBJECT`, `END_ARRAY` or the next member's `FIELD_NAME`) and
   * its `[L:C]`: where a parser that expected something else at that point says it stopped.
   */
  tokenAfter(path: AnyPath): { token: string; where: string } | undefined {
    const span = this.segment.spanOf(pathKeys(path), 'value');
    const text = this.segment.text;
    const skip = (from: number): number => {
      let i = from;
      while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
      return i;
    };
    let at = skip(span.offset + span.length);
    let token: string;
    if (text[at] === '}') token = 'END_OBJECT';
    else if (text[at] === ']') token = 'END_ARRAY';
    else if (text[at] === ',') {
      at = skip(at + 1);
      if (text[at] !== '"') return undefined;
      token = 'FIELD_NAME';
    } else return undefined;
    const { line, column } = this.locator(at);
    return { token, where: `[${line}:${column}]` };
  }

  /**
   * The JSON token at item `index` of the list `list` at `path` (the list's end past its last item) and its `[L:C]`:
   * where a parser that stepped into the list, or past one of its items, says it stopped.
   */
  tokenInList(path: ValuePath, list: readonly unknown[], index: number): { token: string; where: string } {
    return index < list.length
      ? { token: tokenOf(list[index]), where: this.where(path.child(index)) }
      : { token: 'END_ARRAY', where: this.where(path, 'value', true) };
  }

  /** A scalar value as the request writes it (a number's own digits, which JSON.parse does not keep). */
  written(path: AnyPath): string {
    const span = this.segment.spanOf(pathKeys(path), 'value');
    return this.segment.text.slice(span.offset, span.offset + span.length);
  }

  /**
   * ObjectParser's words for a member `key` at `at` that the parser named `parser` does not declare, with the names
   * among `known` it suggests instead.
   */
  unknownFieldText(at: AnyPath, parser: string, key: string, known: Iterable<string>): string {
    return `${this.where(at, 'key')} [${parser}] unknown field [${key}]${didYouMean(key, known)}`;
  }

  /** Jackson's words when `text()` is asked of a token that has none (an object, a list, a null), where it stands. */
  noText(path: AnyPath, token: string): string {
    return `Can't get text on a ${token} at ${this.where(path).slice(1, -1)}`;
  }

  /** ObjectParser's words for a token the value type of its field `key` does not take, where the value stands. */
  unsupported(path: AnyPath, parser: string, key: string, token: string): string {
    return `${this.where(path)} [${parser}] ${key} doesn't support values of type: ${token}`;
  }

  /** `[L:C]` of where `path` starts, as OpenSearch prints an XContentLocation. */
  where(path: AnyPath, target: Target = 'value', atEnd = false): string {
    const span = this.segment.spanOf(pathKeys(path), target);
    const { line, column } = this.locator(atEnd ? span.offset + span.length - 1 : span.offset);
    return `[${line}:${column}]`;
  }
}

/** Java's `Object.toString()` of a JSON value as Jackson built it. */
export function javaString(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(javaString).join(', ')}]`;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}=${javaString(v)}`);
  return `{${entries.join(', ')}}`;
}
