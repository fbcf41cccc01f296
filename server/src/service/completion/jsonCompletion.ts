import { SyntaxKind } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem, type Position, type Range } from 'vscode-languageserver-types';
import { jsonCursor, type JsonCursor } from '../context/jsonCursor';
import { keyOptions, type KeyOption } from '../context/keyOptions';
import { AGGREGATION_BY_NAME } from '../../spec/aggregations';
import { slotAt, type Slot } from '../context/slots';
import { snippetText } from '../context/snippets';
import { clusterValueOptions } from './clusterValues';
import { mappedFieldOptions, type FieldSource } from './fieldCompletion';
import { fillSnippet, item, offer, type Offer } from './items';
import { valueOptions, type ValueOption } from './valueOptions';

const ROLE_KINDS: Readonly<Record<KeyOption['role'], CompletionItemKind>> = {
  field: CompletionItemKind.Property,
  clause: CompletionItemKind.Module,
  aggregation: CompletionItemKind.Module,
  parameter: CompletionItemKind.Property,
  metadata: CompletionItemKind.Property,
  sort: CompletionItemKind.Constant,
  mapped: CompletionItemKind.Field,
};

const NOTHING: Offer = offer([]);

/**
 * Completion in one JSON text (a body, an `_msearch` header or body line) whose shape `root` describes. With a
 * connected cluster (`fields`), field names of the targeted indexes where a field goes, and index names and nodes in
 * `_msearch` headers.
 */
export function jsonCompletion(
  text: string,
  offset: number,
  root: Slot,
  toPosition: (offset: number) => Position,
  triggerCharacter?: string,
  fields?: FieldSource,
): Offer {
  const cursor = jsonCursor(text, offset);
  if (cursor.kind === 'none') return NOTHING;
  // A dot inside a string continues a dotted name (a field, an index): only names of the cluster answer it.
  const dotted = triggerCharacter === '.';
  if (dotted ? cursor.token?.kind !== 'string' : !triggeredHere(triggerCharacter, cursor, offset)) return NOTHING;
  const slot = slotAt(root, cursor.path);
  if (slot.t === 'unknown') return NOTHING;
  const token = cursor.token;
  const start = token?.offset ?? offset;
  // An open string runs to the end of the line: replace only what is typed.
  const end = token === undefined ? offset : token.kind === 'string' && !token.closed ? offset : start + token.length;
  const range: Range = { start: toPosition(start), end: toPosition(end) };
  const quoted = text.charAt(start) === '"';
  // The comma a previous member lacks: right before the edit it joins the edit (edits may not touch each other).
  const lead = cursor.commaBefore >= 0 && cursor.commaBefore === start ? ', ' : '';
  const additionalTextEdits =
    cursor.commaBefore >= 0 && cursor.commaBefore < start
      ? [{ range: { start: toPosition(cursor.commaBefore), end: toPosition(cursor.commaBefore) }, newText: ',' }]
      : undefined;
  const place = { range, quoted, lead, additionalTextEdits };
  const mapped = fields === undefined ? undefined : mappedFieldOptions(slot, cursor, fields);
  if (cursor.kind === 'key') {
    const keys = dotted ? [] : available(slot, cursor);
    return offer(keyItems(cursor, place, [...keys, ...(mapped?.keys ?? [])]), mapped?.incomplete);
  }
  const known = clusterValueOptions(slot, cursor, fields?.cluster);
  const values = [...(dotted ? [] : valueOptions(slot, cursor)), ...known.values, ...(mapped?.values ?? [])];
  return offer(valueItems(cursor, place, values), (mapped?.incomplete ?? false) || known.incomplete);
}

/** Whether the character typed opens the list here (`undefined`: asked for, or typed a word character). */
function triggeredHere(character: string | undefined, cursor: JsonCursor, offset: number): boolean {
  const token = cursor.token;
  switch (character) {
    case undefined:
    case ':':
      return true;
    case '"':
      // Typing the closing quote of a string asks for nothing.
      return token === undefined || !(token.closed && offset === token.offset + token.length);
    case ',':
      return token?.kind === 'string';
    default:
      return false;
  }
}

/** Where items go: the range they replace, and what goes with them. */
interface Placement {
  readonly range: Range;
  /** Whether the replaced token starts with a quote. */
  readonly quoted: boolean;
  /** Text put before each item (a missing comma). */
  readonly lead: string;
  readonly additionalTextEdits: CompletionItem['additionalTextEdits'];
}

/** What the object already holds that rules options out. */
function available(slot: Slot, cursor: JsonCursor): readonly KeyOption[] {
  const present = new Set(cursor.siblings);
  // A query object holds exactly one clause.
  if ((slot.t === 'query' || slot.t === 'queries') && present.size > 0) return [];
  const hasType = slot.t === 'aggDefinition' && cursor.siblings.some((s) => AGGREGATION_BY_NAME.has(s));
  return keyOptions(slot).filter(
    (o) =>
      !present.has(o.name) &&
      !(o.equivalents?.some((e) => present.has(e)) ?? false) &&
      !(hasType && o.role === 'aggregation'),
  );
}

function keyItems(cursor: JsonCursor, place: Placement, options: readonly KeyOption[]): CompletionItem[] {
  const { range, quoted, lead, additionalTextEdits } = place;
  const hasColon = cursor.next === SyntaxKind.ColonToken;
  const comma = !hasColon && cursor.next === SyntaxKind.StringLiteral ? ',' : '';
  const present = new Set(cursor.siblings);
  const out: CompletionItem[] = [];
  for (const option of options) {
    if (option.member !== undefined && hasColon) continue;
    if (option.role === 'mapped' && present.has(option.name)) continue;
    const key = snippetText(JSON.stringify(option.name));
    const newText = lead + (option.member ?? (hasColon ? key : `${key}: ${option.snippet}`)) + comma;
    const detail = [option.type, option.note, option.default === undefined ? undefined : `default ${option.default}`]
      .filter((p) => p !== undefined)
      .join(' · ');
    out.push(
      item({
        label: option.name,
        kind: ROLE_KINDS[option.role],
        range,
        newText,
        snippet: true,
        rank: option.rank,
        detail,
        doc: option.doc,
        filterText: quoted ? JSON.stringify(option.name) : option.name,
        ...(option.deprecated === true ? { deprecated: true } : {}),
        ...(additionalTextEdits === undefined ? {} : { additionalTextEdits }),
      }),
    );
  }
  return out;
}

function valueItems(cursor: JsonCursor, place: Placement, options: readonly ValueOption[]): CompletionItem[] {
  const { range, quoted, lead, additionalTextEdits } = place;
  const last = cursor.path[cursor.path.length - 1];
  const inArray = typeof last === 'number';
  const next = cursor.next;
  const needsComma = inArray
    ? next === SyntaxKind.StringLiteral ||
      next === SyntaxKind.NumericLiteral ||
      next === SyntaxKind.OpenBraceToken ||
      next === SyntaxKind.OpenBracketToken ||
      next === SyntaxKind.TrueKeyword ||
      next === SyntaxKind.FalseKeyword ||
      next === SyntaxKind.NullKeyword
    : next === SyntaxKind.StringLiteral;
  return options
    .filter((option) => !quoted || option.text.startsWith('"'))
    .map((option) =>
      item({
        label: option.label,
        kind: option.kind,
        range,
        newText: lead + option.text + (needsComma ? ',' : ''),
        snippet: true,
        rank: option.rank,
        ...(option.detail === undefined ? {} : { detail: option.detail }),
        ...(option.doc === undefined ? {} : { doc: option.doc }),
        filterText: fillSnippet(option.text),
        ...(additionalTextEdits === undefined ? {} : { additionalTextEdits }),
      }),
    );
}
