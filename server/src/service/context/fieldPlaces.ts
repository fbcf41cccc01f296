import { fieldFamily, clauseFieldUsage, type FieldUsage } from '../../spec/fieldTypes';
import type { QueryClauseSpec } from '../../spec/types';
import type { JsonCursor } from './jsonCursor';
import type { Slot } from './slots';

/**
 * A place of a body where a field name goes:
 * - `key`: a member name (`{ "match": { "<field>": ... } }`, a sort key), inserted with `snippet(type)` as its value;
 * - `value`: a string value (`"field": "<field>"`, an element of `"fields": [...]`); `wrap` puts it in an array,
 *   where the value must be one; `afterForms`: the place also takes other forms (`"_source": false`), offered first.
 */
export type FieldPlace =
  | { readonly as: 'key'; readonly usage: FieldUsage; readonly snippet: (type: string) => string }
  | { readonly as: 'value'; readonly usage: FieldUsage; readonly wrap: boolean; readonly afterForms?: boolean };

/** Renumbers tab stops from 1 in order of their numbers, leaving `$0` alone. */
function renumber(snippet: string): string {
  const numbers = [...snippet.matchAll(/(?<!\\)\$\{?(\d+)/g)].map((m) => Number(m[1])).filter((n) => n > 0);
  const order = [...new Set(numbers)].sort((a, b) => a - b);
  return snippet.replace(
    /(\\.)|\$(\d+)|\$\{(\d+)/g,
    (all, escaped: string | undefined, bare?: string, braced?: string) => {
      if (escaped !== undefined) return all;
      const n = Number(bare ?? braced);
      if (n === 0) return all;
      const to = order.indexOf(n) + 1;
      return bare !== undefined ? `$${to}` : `\${${to}`;
    },
  );
}

/** The value a clause snippet gives its field (`{ "${1:field}": { "query": "$2" } }` gives `{ "query": "$1" }`). */
function fieldValueSnippet(snippet: string): string | undefined {
  const member = /"\$\{\d+:[^}]*\}": /.exec(snippet);
  if (member === null) return undefined;
  const start = member.index + member[0].length;
  let depth = 0;
  let end = start;
  for (; end < snippet.length; end++) {
    const ch = snippet.charAt(end);
    if (ch === '\\') {
      end++;
    } else if (ch === '{' || ch === '[') {
      depth++;
    } else if (ch === '}' || ch === ']') {
      if (depth === 0) break;
      depth--;
      if (depth === 0) {
        end++;
        break;
      }
    } else if (ch === ',' && depth === 0) {
      break;
    }
  }
  const value = snippet.slice(start, end).trim();
  return value.length > 0 ? renumber(value) : undefined;
}

const CLAUSE_VALUES = new Map<string, string>();

function clauseValue(clause: QueryClauseSpec): string {
  let value = CLAUSE_VALUES.get(clause.name);
  if (value === undefined) {
    value =
      (clause.snippet === undefined ? undefined : fieldValueSnippet(clause.snippet)) ??
      (clause.shorthand === 'scalar' ? '"$1"' : '{ $1 }');
    CLAUSE_VALUES.set(clause.name, value);
  }
  return value;
}

function sortOrder(type: string): string {
  // Dates are mostly sorted newest first; everything else defaults to ascending.
  return fieldFamily(type) === 'date' ? '"${1|desc,asc|}"' : '"${1|asc,desc|}"';
}

function keyPlace(slot: Slot, cursor: JsonCursor): FieldPlace | undefined {
  switch (slot.t) {
    case 'clause': {
      const clause = slot.clause;
      const usage = clauseFieldUsage(clause.name);
      const value = (): string => clauseValue(clause);
      // One field per clause: none once a field is written (the key being edited is not a sibling).
      if (clause.shape === 'field')
        return cursor.siblings.length === 0 ? { as: 'key', usage, snippet: value } : undefined;
      if (clause.shape !== 'fieldWithParams') return undefined;
      const params = new Set((clause.params ?? []).map((p) => p.name));
      return cursor.siblings.some((s) => !params.has(s)) ? undefined : { as: 'key', usage, snippet: value };
    }
    case 'sort':
    case 'sortEntry':
      return { as: 'key', usage: 'sort', snippet: sortOrder };
    case 'fieldKeys': {
      const snippet = slot.snippet;
      return { as: 'key', usage: slot.usage, snippet: () => snippet };
    }
    default:
      return undefined;
  }
}

function valuePlace(slot: Slot, cursor: JsonCursor): FieldPlace | undefined {
  switch (slot.t) {
    case 'fieldName':
      return { as: 'value', usage: slot.usage, wrap: false };
    case 'fieldNames':
      // Unquoted, the array form always fits; in a string, only where one name as a string is read.
      if (cursor.token?.kind === 'string')
        return slot.string ? { as: 'value', usage: slot.usage, wrap: false } : undefined;
      return { as: 'value', usage: slot.usage, wrap: true };
    case 'sort':
      return { as: 'value', usage: 'sort', wrap: false, afterForms: true };
    case 'sortEntry':
      return { as: 'value', usage: 'sort', wrap: false };
    case 'source':
      return { as: 'value', usage: 'source', wrap: false, afterForms: true };
    default:
      return undefined;
  }
}

/** Whether the cursor is where a field name goes, and how. */
export function fieldPlace(slot: Slot, cursor: JsonCursor): FieldPlace | undefined {
  if (cursor.kind === 'key') return keyPlace(slot, cursor);
  return cursor.kind === 'value' ? valuePlace(slot, cursor) : undefined;
}
