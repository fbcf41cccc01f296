import type { Hover, Position } from 'vscode-languageserver-types';
import { jsonCursor, type CursorToken } from '../context/jsonCursor';
import { keyOptions, type KeyOption } from '../context/keyOptions';
import { slotAt, type Slot } from '../context/slots';
import { describeTimeValue, parseTimeValue } from '../validate/values';
import { TIME_VALUED } from '../../spec/bodyForms';
import { code, defaultPart, heading, markdownHover } from './markdown';

function optionText(option: KeyOption): string {
  const head = heading(
    option.name,
    option.type,
    defaultPart(option.default),
    option.note,
    option.deprecated === true ? 'deprecated' : undefined,
  );
  return option.doc.length > 0 ? `${head}\n\n${option.doc}` : head;
}

/** What a member name means where it stands. */
function describeKey(slot: Slot, name: string): string | undefined {
  if (slot.t === 'aggs') {
    return `${heading(name, 'aggregation name')}\n\nIts result is under ${code(`aggregations.${name}`)} in the response.`;
  }
  const option = keyOptions(slot).find((o) => o.name === name);
  if (option !== undefined) return optionText(option);
  if (slot.t === 'clause' && slot.clause.shape !== 'object') {
    return `${heading(name, 'field')}\n\nThe field ${code(slot.clause.name)} runs on.`;
  }
  if (slot.t === 'sort' || slot.t === 'sortEntry') return `${heading(name, 'field')}\n\nField to sort by.`;
  return undefined;
}

/** The time value a slot holds, if it holds one. */
function timeSetting(slot: Slot): string | undefined {
  switch (slot.t) {
    case 'field':
      return slot.field.value === 'time' ? slot.field.name : undefined;
    case 'param':
      return TIME_VALUED.has(slot.param.name) ? slot.param.name : undefined;
    case 'headerValue':
      return slot.key.kind === 'time' ? 'XContentMapValues.nodeTimeValue' : undefined;
    default:
      return undefined;
  }
}

/** Values: for time values, the duration they mean. */
function describeValue(slot: Slot, token: CursorToken): string | undefined {
  const setting = timeSetting(slot);
  if (setting === undefined) return undefined;
  if (token.kind === 'number' && slot.t === 'headerValue') {
    return `${code(token.value)} = ${Number(token.value).toLocaleString('en-US')} milliseconds`;
  }
  if (token.kind !== 'string' && token.kind !== 'number') return undefined;
  const parsed = parseTimeValue(token.value, setting);
  return parsed.value !== undefined
    ? `${code(token.value)} = ${describeTimeValue(parsed.value)}`
    : code(parsed.error ?? '');
}

/** Hover in a JSON text whose shape `root` describes: member names and time values. */
export function jsonHover(
  text: string,
  offset: number,
  root: Slot,
  toPosition: (offset: number) => Position,
): Hover | null {
  const cursor = jsonCursor(text, offset, 'hover');
  const token = cursor.token;
  if (token === undefined || cursor.kind === 'none') return null;
  const slot = slotAt(root, cursor.path);
  if (slot.t === 'unknown') return null;
  let value: string | undefined;
  if (cursor.kind === 'key') {
    value = describeKey(slot, token.value);
  } else {
    value = describeValue(slot, token);
    const key = cursor.path[cursor.path.length - 1];
    const about = typeof key === 'string' ? describeKey(slotAt(root, cursor.path.slice(0, -1)), key) : undefined;
    if (value !== undefined && about !== undefined) value = `${value}\n\n${about}`;
  }
  if (value === undefined) return null;
  return markdownHover(value, { start: toPosition(token.offset), end: toPosition(token.offset + token.length) });
}
