import { CompletionItemKind } from 'vscode-languageserver-types';
import type { JsonCursor } from '../context/jsonCursor';
import { keyOptions } from '../context/keyOptions';
import type { Slot } from '../context/slots';
import { snippetText } from '../context/snippets';
import { TIME_VALUED } from '../../spec/bodyForms';
import type { MetadataKeySpec } from '../../spec/msearchMetadata';
import type { ParameterSpec } from '../../spec/types';
import { EXPAND_WILDCARD_VALUES } from '../validate/values';
import { fillSnippet } from './items';
import { timeOptions } from './timeUnits';

/** A value to offer: `text` is JSON (a snippet). */
export interface ValueOption {
  readonly label: string;
  readonly text: string;
  readonly rank: number;
  readonly kind: CompletionItemKind;
  readonly detail?: string;
  readonly doc?: string;
}

function literal(value: string, rank: number, detail?: string): ValueOption {
  return {
    label: value,
    text: value,
    rank,
    kind: CompletionItemKind.Value,
    ...(detail === undefined ? {} : { detail }),
  };
}

function quoted(value: string, rank: number, detail?: string): ValueOption {
  return {
    label: value,
    text: snippetText(JSON.stringify(value)),
    rank,
    kind: CompletionItemKind.EnumMember,
    ...(detail === undefined ? {} : { detail }),
  };
}

function form(label: string, text: string, rank: number, doc?: string): ValueOption {
  return { label, text, rank, kind: CompletionItemKind.Snippet, ...(doc === undefined ? {} : { doc }) };
}

function booleans(defaultValue?: string): ValueOption[] {
  return [literal('true', defaultValue === 'true' ? 100 : 90), literal('false', defaultValue === 'false' ? 100 : 89)];
}

function times(cursor: JsonCursor, defaultValue?: string): ValueOption[] {
  return timeOptions(cursor.prefix, defaultValue).map((t) => quoted(t.value, t.rank, t.words));
}

/** A comma list inside one string (`"open,cl|"`): each value completes the piece being typed. */
function commaList(cursor: JsonCursor, values: readonly string[]): ValueOption[] {
  const inString = cursor.token?.kind === 'string';
  const prefix = inString ? cursor.prefix : '';
  const comma = prefix.lastIndexOf(',');
  const before = comma === -1 ? '' : prefix.slice(0, comma + 1);
  const present = new Set(before.split(',').map((v) => v.trim()));
  return values.filter((v) => !present.has(v)).map((v, i) => ({ ...quoted(before + v, 100 - i), label: v }));
}

function enumValues(values: readonly string[], defaultValue?: string): ValueOption[] {
  return values.map((v, i) => quoted(v, v === defaultValue ? 100 : 90 - i));
}

function clauseObject(name: string, snippet: string): string {
  return `{ "${name}": ${snippet} }`;
}

function queryForms(array: boolean): ValueOption[] {
  return keyOptions({ t: 'query' }).map((option) => {
    const inner = clauseObject(option.name, option.snippet);
    return {
      label: option.name,
      text: array ? `[ ${inner} ]` : inner,
      rank: option.rank,
      kind: CompletionItemKind.Module,
      detail: option.type,
      doc: option.doc,
    };
  });
}

const SORT_ENTRY_FORMS: readonly ValueOption[] = [
  form('{ field: order }', '{ "${1:@timestamp}": "${2|desc,asc|}" }', 100, 'Sorts by a field, `asc` or `desc`.'),
  form(
    '{ field: { order } }',
    '{ "${1:@timestamp}": { "order": "${2|desc,asc|}" } }',
    95,
    'Sorts by a field, with options (`missing`, `mode`, `unmapped_type`, ...).',
  ),
  quoted('_score', 90, 'relevance, best first'),
  quoted('_doc', 85, 'index order'),
];

const SORT_FORMS: readonly ValueOption[] = [
  form('[ { field: order } ]', '[ { "${1:@timestamp}": "${2|desc,asc|}" } ]', 100, 'Sorts by a field.'),
  form(
    '[ { field: order }, _score ]',
    '[ { "${1:@timestamp}": "${2|desc,asc|}" }, "_score" ]',
    95,
    'Sorts by a field, then by score.',
  ),
  form('[ { field: { order } } ]', '[ { "${1:@timestamp}": { "order": "${2|desc,asc|}" } } ]', 90),
  ...SORT_ENTRY_FORMS.filter((f) => f.kind !== CompletionItemKind.Snippet).map((f) => ({ ...f, rank: f.rank - 10 })),
];

const SOURCE_FORMS: readonly ValueOption[] = [
  form('[ fields ]', '[ "${1:field}" ]', 100, 'Returns only these source fields (wildcards allowed).'),
  literal('false', 95, 'no source'),
  literal('true', 90, 'the whole source'),
  form('{ includes, excludes }', '{ "includes": [ "${1:*}" ], "excludes": [ "$2" ] }', 85),
];

function parameterValues(param: ParameterSpec, cursor: JsonCursor): ValueOption[] {
  if (TIME_VALUED.has(param.name)) return times(cursor, param.default);
  switch (param.type) {
    case 'boolean':
      return booleans(param.default);
    case 'enum':
      return enumValues(param.values ?? [], param.default);
    case 'fuzziness':
      return [quoted('AUTO', 100, 'by term length'), literal('0', 90), literal('1', 89), literal('2', 88)];
    default:
      return [];
  }
}

function metadataValues(spec: MetadataKeySpec, cursor: JsonCursor): ValueOption[] {
  switch (spec.kind) {
    case 'searchType':
      return enumValues(['query_then_fetch', 'dfs_query_then_fetch'], spec.default);
    case 'boolean':
    case 'namedBoolean':
    case 'nullNamedBoolean':
    case 'indicesOptionBoolean':
      return booleans(spec.default);
    case 'expandWildcards':
      // In an array each element is one value; in a string, a comma list.
      return typeof cursor.path[cursor.path.length - 1] === 'number'
        ? enumValues(EXPAND_WILDCARD_VALUES, 'open')
        : commaList(cursor, EXPAND_WILDCARD_VALUES);
    case 'time':
      return times(cursor);
    default:
      return [];
  }
}

function fieldValues(slot: Extract<Slot, { t: 'field' }>, cursor: JsonCursor): ValueOption[] {
  const field = slot.field;
  switch (field.value) {
    case 'boolean':
      return booleans(field.default);
    case 'time':
      return times(cursor);
    case 'trackTotalHits':
      return [literal('true', 100, 'count every hit'), literal('false', 95, 'count none'), literal('10000', 90)];
    default:
      return [form(fillSnippet(field.snippet), field.snippet, 100, field.doc)];
  }
}

/** The values a slot accepts, for the cursor's value position. */
export function valueOptions(slot: Slot, cursor: JsonCursor): ValueOption[] {
  switch (slot.t) {
    case 'query':
      return queryForms(false);
    case 'queries':
      return queryForms(true);
    case 'clause':
      return [form(fillSnippet(slot.clause.snippet ?? '{}'), slot.clause.snippet ?? '{ $1 }', 100, slot.clause.doc)];
    case 'aggs':
      return keyOptions(slot).flatMap((o) =>
        o.member === undefined
          ? []
          : [{ label: o.name, text: `{ ${o.member} }`, rank: o.rank, kind: CompletionItemKind.Module, doc: o.doc }],
      );
    case 'aggDefinition':
      return keyOptions(slot)
        .filter((o) => o.role === 'aggregation')
        .map((o) => ({
          label: o.name,
          text: clauseObject(o.name, o.snippet),
          rank: o.rank,
          kind: CompletionItemKind.Module,
          detail: o.type,
          doc: o.doc,
        }));
    case 'aggBody':
      return slot.agg.snippet === undefined ? [] : [form(fillSnippet(slot.agg.snippet), slot.agg.snippet, 100)];
    case 'sort':
      return [...SORT_FORMS];
    case 'sortEntry':
      return [...SORT_ENTRY_FORMS];
    case 'sortField':
      return [
        quoted('desc', 100),
        quoted('asc', 95),
        form('{ order }', '{ "order": "${1|desc,asc|}" }', 90, 'The order with other options.'),
      ];
    case 'source':
      return [...SOURCE_FORMS];
    case 'field':
      return fieldValues(slot, cursor);
    case 'param':
      return parameterValues(slot.param, cursor);
    case 'params':
      return slot.owner === 'script' ? [form('{ source }', '{ "source": "$1" }', 100)] : [];
    case 'headerValue':
      return metadataValues(slot.key, cursor);
    case 'header':
      return [
        form('{ index }', '{"index": "${1:index}"}', 100, 'A header naming the indexes to search.'),
        form('{}', '{}', 90, 'The default indexes and options.'),
      ];
    case 'body':
      return [
        form('{ query }', '{"query": {$1}}', 100, 'A search body with a query.'),
        form('{ query, aggs }', '{"size": 0, "query": {$1}, "aggs": {$2}}', 95, 'Aggregations only.'),
        form('{}', '{}', 90, 'Matches everything.'),
      ];
    default:
      return [];
  }
}
