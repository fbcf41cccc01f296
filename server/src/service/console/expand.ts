// What the console syntax of a text becomes when it is sent: `${name}` variables replaced by their values and
// `"""` strings (a `.search` body only) turned into JSON strings, with the map from the expanded text back to the
// written one. Validation reads the expanded text (so a script in `"""` is checked as the string it becomes, and
// `"size": ${n}` as the number it is), and its findings are mapped back to what the user wrote.
//
// How a variable is inserted depends on where it is written (docs/console.md):
// - `"${name}"`, a whole JSON string: the value as JSON when it is JSON (`10`, `true`, `{"match_all": {}}`), else the
//   value as a JSON string, as Kibana's console does;
// - inside a longer string (`"logs-${day}"`) or a `"""` string: the value as string content (escaped as needed);
// - outside strings (`"size": ${n}`) and in request lines: the value as it is.
import type { Span } from '../json/jsonSegment';
import { OffsetMap, type Replacement } from './offsetMap';
import type { Variables } from './variables';

/** Where a variable is written. */
export type VariableContext = 'whole-string' | 'in-string' | 'triple' | 'bare' | 'url';

export interface VariableUse {
  readonly name: string;
  /** `${name}` in the written text. */
  readonly span: Span;
  /** What replaced it in the expanded text (a secret's or an undefined variable's stand-in). */
  readonly expanded: Span;
  readonly context: VariableContext;
  /**
   * `literal`: a dotted name with no value (`${parameters.question}`), sent as written. Kibana's console takes names
   * of letters, digits and `_` only, and OpenSearch's ML Commons fills `${parameters.<name>}` and
   * `${credential.<name>}` in connectors and agents itself (docs/console.md#variables).
   */
  readonly state: 'value' | 'secret' | 'undefined' | 'literal';
}

export interface TripleQuotedString {
  /** From the opening `"""` to the end of the closing one (or of the text, when it is not closed). */
  readonly span: Span;
  readonly closed: boolean;
}

export interface Expansion {
  readonly text: string;
  readonly map: OffsetMap;
  readonly variables: readonly VariableUse[];
  readonly tripleQuoted: readonly TripleQuotedString[];
}

/**
 * What a variable that has no value to insert becomes:
 * - `check`: for validation, something that reads like what the real value would (kept as `${name}` inside strings
 *   and in URLs; `null` outside strings, so that the JSON around it stays readable);
 * - `send`: for the request to send, `${name}` everywhere: the caller replaces the secrets' slots with their values.
 */
export type StandIn = 'check' | 'send';

const VARIABLE = /\$\{((?:env:)?[A-Za-z_][A-Za-z0-9_.-]*)\}/g;
/** The same, only where it is tried (sticky). */
const VARIABLE_AT = /\$\{((?:env:)?[A-Za-z_][A-Za-z0-9_.-]*)\}/y;
const WHOLE_VARIABLE = /^\$\{((?:env:)?[A-Za-z_][A-Za-z0-9_.-]*)\}$/;

/** A name with no value that is sent as written rather than reported: a dotted one, not an environment variable's. */
export function isLiteralName(name: string): boolean {
  return name.includes('.') && !name.startsWith('env:');
}

/** A variable or triple quotes. */
const CONSOLE_SYNTAX = /\$\{|"""/;

/**
 * Whether a text may need expanding at all (most do not: a fast path). One regular expression finds either in one
 * pass, more than twice as fast on long texts as two `includes` (V8 searches for three equal characters slowly), and
 * the command-line linter reads every line of every file through here.
 */
export function hasConsoleSyntax(text: string, tripleQuotes: boolean): boolean {
  return tripleQuotes ? CONSOLE_SYNTAX.test(text) : text.includes('${');
}

function escapeStringContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Accumulates the expanded text and the replacements. */
class Builder {
  readonly parts: string[] = [];
  length = 0;
  readonly replacements: Replacement[] = [];
  readonly uses: VariableUse[] = [];
  readonly triples: TripleQuotedString[] = [];

  constructor(
    readonly source: string,
    readonly variables: Variables,
    readonly standIn: StandIn,
  ) {}

  copy(from: number, to: number): void {
    if (to <= from) return;
    this.parts.push(this.source.slice(from, to));
    this.length += to - from;
  }

  replace(source: Span, text: string): Span {
    const expanded = { offset: this.length, length: text.length };
    this.parts.push(text);
    this.length += text.length;
    this.replacements.push({ source, expanded });
    return expanded;
  }

  /** The text a variable becomes in a context, and its state. */
  valueOf(name: string, context: VariableContext): { text: string; state: VariableUse['state'] } {
    const variable = this.variables.get(name);
    if (variable?.kind === 'value') {
      const value = variable.value;
      switch (context) {
        case 'whole-string':
          return { text: this.variables.holdsJson(name) ? value : JSON.stringify(value), state: 'value' };
        case 'in-string':
          return { text: escapeStringContent(value), state: 'value' };
        default:
          return { text: value, state: 'value' };
      }
    }
    const written = `\${${name}}`;
    const asWritten = context === 'whole-string' ? `"${written}"` : written;
    if (variable === undefined && isLiteralName(name)) return { text: asWritten, state: 'literal' };
    const state = variable === undefined ? 'undefined' : 'secret';
    // Checked, not sent: a bare value stands as null, so that the JSON around it can still be read.
    return { text: this.standIn === 'check' && context === 'bare' ? 'null' : asWritten, state };
  }

  done(): Expansion {
    return {
      text: this.parts.join(''),
      map: new OffsetMap(this.replacements),
      variables: this.uses,
      tripleQuoted: this.triples,
    };
  }
}

/** Expands the variables of a request line's URL (or a `.msearch` target comment's), as they are: no JSON there. */
export function expandUrl(text: string, variables: Variables, standIn: StandIn = 'check'): Expansion {
  if (!text.includes('${')) return identity(text);
  const builder = new Builder(text, variables, standIn);
  let from = 0;
  for (const match of text.matchAll(VARIABLE)) {
    const at = match.index;
    builder.copy(from, at);
    const name = match[1]!;
    const span = { offset: at, length: match[0].length };
    const { text: value, state } = builder.valueOf(name, 'url');
    const expanded = builder.replace(span, value);
    builder.uses.push({ name, span, expanded, context: 'url', state });
    from = at + match[0].length;
  }
  builder.copy(from, text.length);
  return builder.done();
}

function identity(text: string): Expansion {
  return { text, map: OffsetMap.IDENTITY, variables: [], tripleQuoted: [] };
}

/**
 * Expands a JSON text written in console syntax: a `.search` body (`tripleQuotes`: `"""` strings read as the consoles
 * read them) or a `.msearch` line (variables only: `"""` is not NDJSON, and is reported as such).
 */
export function expandJson(
  text: string,
  variables: Variables,
  tripleQuotes: boolean,
  standIn: StandIn = 'check',
): Expansion {
  if (!hasConsoleSyntax(text, tripleQuotes)) return identity(text);
  const builder = new Builder(text, variables, standIn);
  const length = text.length;
  let from = 0;
  let i = 0;
  while (i < length) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      if (tripleQuotes && text.startsWith('"""', i)) {
        builder.copy(from, i);
        i = tripleQuoted(builder, i);
        from = i;
        continue;
      }
      const end = stringEnd(text, i);
      const content = text.slice(i + 1, end.contentEnd);
      if (content.includes('${')) {
        builder.copy(from, i);
        const whole = end.closed ? WHOLE_VARIABLE.exec(content) : null;
        if (whole !== null) {
          const name = whole[1]!;
          const { text: value, state } = builder.valueOf(name, 'whole-string');
          const span = { offset: i + 1, length: content.length };
          const expanded = builder.replace({ offset: i, length: content.length + 2 }, value);
          builder.uses.push({ name, span, expanded, context: 'whole-string', state });
        } else {
          builder.copy(i, i + 1);
          stringContent(builder, i + 1, end.contentEnd);
          builder.copy(end.contentEnd, end.next);
        }
        from = end.next;
      }
      i = end.next;
      continue;
    }
    if (c === 47 /* / */) {
      const next = text.charCodeAt(i + 1);
      if (next === 47) {
        const newline = text.indexOf('\n', i);
        i = newline === -1 ? length : newline;
        continue;
      }
      if (next === 42 /* * */) {
        const close = text.indexOf('*/', i + 2);
        i = close === -1 ? length : close + 2;
        continue;
      }
    }
    if (c === 36 /* $ */ && text.charCodeAt(i + 1) === 123 /* { */) {
      VARIABLE_AT.lastIndex = i;
      const match = VARIABLE_AT.exec(text);
      if (match !== null) {
        builder.copy(from, i);
        const name = match[1]!;
        const span = { offset: i, length: match[0].length };
        const { text: value, state } = builder.valueOf(name, 'bare');
        const expanded = builder.replace(span, value);
        builder.uses.push({ name, span, expanded, context: 'bare', state });
        i += match[0].length;
        from = i;
        continue;
      }
    }
    i++;
  }
  builder.copy(from, length);
  return builder.done();
}

/** Where a JSON string that opens at `start` ends: its content's end, and the offset after it (a string ends at a newline when it is not closed). */
function stringEnd(text: string, start: number): { contentEnd: number; next: number; closed: boolean } {
  for (let j = start + 1; j < text.length; j++) {
    const c = text.charCodeAt(j);
    if (c === 92 /* \ */) {
      j++;
      continue;
    }
    if (c === 34) return { contentEnd: j, next: j + 1, closed: true };
    if (c === 10 || c === 13) return { contentEnd: j, next: j, closed: false };
  }
  return { contentEnd: text.length, next: text.length, closed: false };
}

/** The content of a JSON string with `${name}` in it: the values inserted as string content. */
function stringContent(builder: Builder, from: number, to: number): void {
  let copied = from;
  for (const match of builder.source.slice(from, to).matchAll(VARIABLE)) {
    const at = from + match.index;
    builder.copy(copied, at);
    const name = match[1]!;
    const span = { offset: at, length: match[0].length };
    const { text: value, state } = builder.valueOf(name, 'in-string');
    const expanded = builder.replace(span, value);
    builder.uses.push({ name, span, expanded, context: 'in-string', state });
    copied = at + match[0].length;
  }
  builder.copy(copied, to);
}

/**
 * A `"""` string at `start`: its content, taken as it is (no escapes, newlines kept), becomes one JSON string, as the
 * consoles send it (they split the text on `"""` and JSON-encode every other piece). Returns the offset after it.
 */
function tripleQuoted(builder: Builder, start: number): number {
  const text = builder.source;
  const close = text.indexOf('"""', start + 3);
  const contentEnd = close === -1 ? text.length : close;
  const end = close === -1 ? text.length : close + 3;
  const span = { offset: start, length: end - start };
  builder.triples.push({ span, closed: close !== -1 });
  if (close === -1) {
    // Not closed: sent as written (the consoles leave a lone `"""` alone), and reported.
    builder.copy(start, end);
    return end;
  }
  // Each piece is escaped on its own (JSON escaping is per character), so that the variables' places are known.
  const content = text.slice(start + 3, contentEnd);
  const pieces: { text: string; use?: { name: string; span: Span } }[] = [];
  let copied = 0;
  for (const match of content.matchAll(VARIABLE)) {
    pieces.push({ text: content.slice(copied, match.index) });
    pieces.push({
      text: match[0],
      use: { name: match[1]!, span: { offset: start + 3 + match.index, length: match[0].length } },
    });
    copied = match.index + match[0].length;
  }
  pieces.push({ text: content.slice(copied) });
  let out = '"';
  const uses: { name: string; span: Span; at: number; length: number; state: VariableUse['state'] }[] = [];
  for (const piece of pieces) {
    if (piece.use === undefined) {
      out += escapeStringContent(piece.text);
      continue;
    }
    const { text: value, state } = builder.valueOf(piece.use.name, 'triple');
    const escaped = escapeStringContent(value);
    uses.push({ ...piece.use, at: out.length, length: escaped.length, state });
    out += escaped;
  }
  out += '"';
  const expanded = builder.replace(span, out);
  for (const use of uses) {
    builder.uses.push({
      name: use.name,
      span: use.span,
      expanded: { offset: expanded.offset + use.at, length: use.length },
      context: 'triple',
      state: use.state,
    });
  }
  return end;
}
