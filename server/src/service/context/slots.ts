import type { JsonPath } from '../json/jsonSegment';
import { AGGREGATIONS } from '../../spec/aggregations';
import {
  BODY_OBJECT_OPTIONS,
  SCRIPT_OPTIONS,
  SORT_OPTIONS,
  SORT_SPECIAL_KEYS,
  SOURCE_OPTIONS,
} from '../../spec/bodyForms';
import { METADATA_KEY_BY_NAME, MSEARCH_METADATA_KEYS, type MetadataKeySpec } from '../../spec/msearchMetadata';
import { QUERY_CLAUSES } from '../../spec/queries';
import { SEARCH_BODY_FIELD_BY_NAME, SEARCH_BODY_FIELDS, type BodyFieldSpec } from '../../spec/searchBody';
import type { AggregationSpec, ParameterSpec, QueryClauseSpec, ValueType } from '../../spec/types';

/** What a place in a request body holds: the keys its object takes and the values it accepts. */
export type Slot =
  | { readonly t: 'body' }
  | { readonly t: 'queryOnlyBody' }
  | { readonly t: 'header' }
  | { readonly t: 'headerValue'; readonly key: MetadataKeySpec }
  | { readonly t: 'field'; readonly field: BodyFieldSpec }
  | { readonly t: 'query' }
  | { readonly t: 'queries' }
  | { readonly t: 'namedQueries' }
  | { readonly t: 'clause'; readonly clause: QueryClauseSpec }
  | { readonly t: 'clauseField'; readonly clause: QueryClauseSpec }
  | { readonly t: 'aggs' }
  | { readonly t: 'aggDefinition' }
  | { readonly t: 'aggBody'; readonly agg: AggregationSpec }
  | { readonly t: 'params'; readonly owner: string; readonly params: readonly ParameterSpec[] }
  | { readonly t: 'param'; readonly owner: string; readonly param: ParameterSpec }
  | { readonly t: 'sort' }
  | { readonly t: 'sortEntry' }
  | { readonly t: 'sortField' }
  | { readonly t: 'source' }
  | { readonly t: 'unknown' };

export const BODY: Slot = { t: 'body' };
export const QUERY_ONLY_BODY: Slot = { t: 'queryOnlyBody' };
export const HEADER: Slot = { t: 'header' };
const UNKNOWN: Slot = { t: 'unknown' };
const QUERY: Slot = { t: 'query' };
const QUERIES: Slot = { t: 'queries' };
const AGGS: Slot = { t: 'aggs' };
const AGG_DEFINITION: Slot = { t: 'aggDefinition' };
const SORT: Slot = { t: 'sort' };
const SORT_ENTRY: Slot = { t: 'sortEntry' };
const SORT_FIELD: Slot = { t: 'sortField' };
const SOURCE: Slot = { t: 'source' };
const SCRIPT: Slot = { t: 'params', owner: 'script', params: SCRIPT_OPTIONS };

export const CLAUSES: ReadonlyMap<string, QueryClauseSpec> = new Map(QUERY_CLAUSES.map((c) => [c.name, c]));
export const AGGREGATION_BY_NAME: ReadonlyMap<string, AggregationSpec> = new Map(AGGREGATIONS.map((a) => [a.name, a]));

/** Endpoints whose body is `{ "query": ... }` and little else. */
const QUERY_BODY_ENDPOINTS = new Set([
  'count',
  'delete_by_query',
  'update_by_query',
  'explain',
  'indices.validate_query',
]);

/** The slot of a whole body sent to an endpoint, or undefined when we know nothing of it. */
export function bodySlotFor(endpoint: string | undefined): Slot | undefined {
  if (endpoint === 'search') return BODY;
  if (endpoint !== undefined && QUERY_BODY_ENDPOINTS.has(endpoint)) return QUERY_ONLY_BODY;
  return undefined;
}

/** The slot of a parameter's value: queries, scripts, sorts and sources have shapes of their own. */
function paramSlot(owner: string, param: ParameterSpec | undefined): Slot {
  if (param === undefined) return UNKNOWN;
  switch (param.type) {
    case 'query':
      return QUERY;
    case 'queries':
      return QUERIES;
    case 'script':
      return SCRIPT;
    default:
      break;
  }
  if (param.name === 'sort') return SORT;
  if (param.name === '_source') return SOURCE;
  if (owner === 'filters' && param.name === 'filters') return { t: 'namedQueries' };
  return { t: 'param', owner, param };
}

function bodyFieldSlot(name: string): Slot {
  switch (name) {
    case 'query':
    case 'post_filter':
      return QUERY;
    case 'aggs':
    case 'aggregations':
      return AGGS;
    case 'sort':
      return SORT;
    case '_source':
      return SOURCE;
    default: {
      const field = SEARCH_BODY_FIELD_BY_NAME.get(name);
      return field === undefined ? UNKNOWN : { t: 'field', field };
    }
  }
}

function findParam(params: readonly ParameterSpec[] | undefined, name: string): ParameterSpec | undefined {
  return params?.find((p) => p.name === name);
}

/** The slot one step down: a member of an object or an element of an array. */
export function childSlot(slot: Slot, segment: string | number): Slot {
  const key = typeof segment === 'string' ? segment : undefined;
  switch (slot.t) {
    case 'body':
      return key === undefined ? UNKNOWN : bodyFieldSlot(key);
    case 'queryOnlyBody':
      return key === 'query' ? QUERY : UNKNOWN;
    case 'header': {
      const spec = key === undefined ? undefined : METADATA_KEY_BY_NAME.get(key);
      return spec === undefined ? UNKNOWN : { t: 'headerValue', key: spec };
    }
    case 'headerValue':
      // `expand_wildcards` and `index` also take arrays of the same values.
      return key === undefined ? slot : UNKNOWN;
    case 'field': {
      if (key === undefined) return UNKNOWN;
      const options = BODY_OBJECT_OPTIONS[slot.field.name];
      return paramSlot(slot.field.name, findParam(options, key));
    }
    case 'query': {
      const clause = key === undefined ? undefined : CLAUSES.get(key);
      return clause === undefined ? UNKNOWN : { t: 'clause', clause };
    }
    case 'queries':
      return key === undefined ? QUERY : childSlot(QUERY, key);
    case 'namedQueries':
      return QUERY;
    case 'clause': {
      if (key === undefined) return UNKNOWN;
      const clause = slot.clause;
      if (clause.shape === 'field') return { t: 'clauseField', clause };
      const param = findParam(clause.params, key);
      return param === undefined ? UNKNOWN : paramSlot(clause.name, param);
    }
    case 'clauseField':
      return key === undefined ? UNKNOWN : paramSlot(slot.clause.name, findParam(slot.clause.params, key));
    case 'aggs':
      return key === undefined ? UNKNOWN : AGG_DEFINITION;
    case 'aggDefinition': {
      if (key === 'aggs' || key === 'aggregations') return AGGS;
      const agg = key === undefined ? undefined : AGGREGATION_BY_NAME.get(key);
      if (agg === undefined) return UNKNOWN;
      return agg.name === 'filter' ? QUERY : { t: 'aggBody', agg };
    }
    case 'aggBody':
      return key === undefined ? UNKNOWN : paramSlot(slot.agg.name, findParam(slot.agg.params, key));
    case 'params':
      return key === undefined ? UNKNOWN : paramSlot(slot.owner, findParam(slot.params, key));
    case 'sort':
      return key === undefined ? SORT_ENTRY : SORT_FIELD;
    case 'sortEntry':
      return key === undefined ? UNKNOWN : SORT_FIELD;
    case 'sortField':
      return key === undefined ? UNKNOWN : paramSlot('sort', findParam(SORT_OPTIONS, key));
    default:
      return UNKNOWN;
  }
}

/** The slot at a path below a root slot. */
export function slotAt(root: Slot, path: JsonPath): Slot {
  let slot = root;
  for (const segment of path) {
    slot = childSlot(slot, segment);
    if (slot.t === 'unknown') return slot;
  }
  return slot;
}

/** A member name an object takes, with what hover and completion say of it. */
export interface KeyOption {
  readonly name: string;
  readonly role: 'field' | 'clause' | 'aggregation' | 'parameter' | 'metadata' | 'sort';
  /** The type in words. */
  readonly type: string;
  readonly default?: string;
  readonly doc: string;
  readonly rank: number;
  /** Snippet of the value, inserted after `"name": `. */
  readonly snippet: string;
  /** Names that mean the same; one of them present excludes the others. */
  readonly equivalents?: readonly string[];
  readonly deprecated?: boolean;
  /** Replaces the whole member (`"${1:name}": { "terms": ... }` in an `aggs` object). */
  readonly member?: string;
  readonly note?: string;
}

/** Snippet escaping for literal text. */
export function snippetText(text: string): string {
  return text.replace(/[\\$}]/g, '\\$&');
}

/** Renumbers a snippet's tab stops by `by` (except `$0`), to nest it in another. */
export function shiftSnippet(snippet: string, by: number): string {
  return snippet.replace(
    /(\\.)|\$(\d+)|\$\{(\d+)/g,
    (all, escaped: string | undefined, bare?: string, braced?: string) => {
      if (escaped !== undefined) return all;
      const n = Number(bare ?? braced);
      if (n === 0) return all;
      return bare !== undefined ? `$${n + by}` : `\${${n + by}`;
    },
  );
}

const TYPE_WORDS: Readonly<Record<ValueType, string>> = {
  query: 'query clause',
  queries: 'query clause or array of clauses',
  string: 'string',
  number: 'number',
  integer: 'integer',
  boolean: 'boolean',
  enum: 'enum',
  scalar: 'string, number or boolean',
  stringOrArray: 'string or string[]',
  object: 'object',
  array: 'array',
  minimumShouldMatch: 'integer or string ("75%", "3<90%")',
  fuzziness: '"AUTO", 0, 1 or 2',
  field: 'field name',
  fields: 'field names',
  script: 'script',
  any: 'any',
};

export function parameterType(param: ParameterSpec): string {
  if (param.type === 'enum' && param.values !== undefined) return param.values.map((v) => `"${v}"`).join(' | ');
  return TYPE_WORDS[param.type];
}

/** The value snippet of a parameter, from its type and default. */
export function parameterSnippet(param: ParameterSpec): string {
  const def = param.default;
  switch (param.type) {
    case 'query':
      return '{ $1 }';
    case 'queries':
      return '[ { $1 } ]';
    case 'boolean':
      return def === 'true' ? '${1|true,false|}' : '${1|false,true|}';
    case 'enum': {
      const values = param.values ?? [];
      const ordered = def !== undefined && values.includes(def) ? [def, ...values.filter((v) => v !== def)] : values;
      return ordered.length > 0 ? `"\${1|${ordered.map((v) => v.replace(/[,|\\$}]/g, '\\$&')).join(',')}|}"` : '"$1"';
    }
    case 'number':
    case 'integer':
      return def !== undefined && /^-?[\d.]+$/.test(def) ? `\${1:${def}}` : '$1';
    case 'minimumShouldMatch':
      return '${1:1}';
    case 'fuzziness':
      return '"${1:AUTO}"';
    case 'object':
    case 'script':
      return param.type === 'script' ? '{ "source": "$1" }' : '{ $1 }';
    case 'array':
      return '[ $1 ]';
    case 'fields':
    case 'stringOrArray':
      return '[ "$1" ]';
    case 'field':
      return '"${1:field}"';
    case 'string':
      return def !== undefined ? `"\${1:${snippetText(def)}}"` : '"$1"';
    default:
      return '$1';
  }
}

function parameterRank(param: ParameterSpec, index: number): number {
  if (param.deprecated === true) return 1;
  if (param.name === 'boost' || param.name === '_name') return 10;
  return (param.required === true ? 90 : 60) - Math.min(index, 40);
}

function parameterOptions(params: readonly ParameterSpec[] | undefined): KeyOption[] {
  return (params ?? []).map((param, index) => ({
    name: param.name,
    role: 'parameter',
    type: parameterType(param),
    ...(param.default === undefined ? {} : { default: param.default }),
    doc: param.doc ?? '',
    rank: parameterRank(param, index),
    snippet: parameterSnippet(param),
    ...(param.deprecated === true ? { deprecated: true } : {}),
    ...(param.required === true ? { note: 'required' } : {}),
  }));
}

const BODY_OPTIONS: readonly KeyOption[] = SEARCH_BODY_FIELDS.map((field) => ({
  name: field.name,
  role: 'field',
  type: field.type,
  ...(field.default === undefined ? {} : { default: field.default }),
  doc: field.doc,
  rank: field.rank,
  snippet: field.snippet,
  ...(field.name === 'aggs' ? { equivalents: ['aggregations'] } : {}),
  ...(field.name === 'aggregations' ? { equivalents: ['aggs'] } : {}),
}));

function originNote(origin: 'core' | 'module' | 'plugin'): string | undefined {
  if (origin === 'plugin') return 'plugin: only where it is installed';
  if (origin === 'module') return 'module of the default distribution';
  return undefined;
}

const CLAUSE_OPTIONS: readonly KeyOption[] = QUERY_CLAUSES.map((clause) => {
  const note = originNote(clause.origin);
  return {
    name: clause.name,
    role: 'clause',
    type: 'query clause',
    doc: clause.doc,
    rank: clause.deprecated === true ? 1 : (clause.rank ?? 0),
    snippet: clause.snippet ?? '{ $1 }',
    ...(clause.deprecated === true ? { deprecated: true } : {}),
    ...(note === undefined ? {} : { note }),
  };
});

const AGG_TYPE_OPTIONS: readonly KeyOption[] = AGGREGATIONS.map((agg) => {
  const note = originNote(agg.origin);
  return {
    name: agg.name,
    role: 'aggregation',
    type: `${agg.kind} aggregation`,
    doc: agg.doc,
    rank: agg.rank ?? 0,
    snippet: agg.snippet ?? '{ $1 }',
    ...(note === undefined ? {} : { note }),
  };
});

const NEW_AGGREGATION_OPTIONS: readonly KeyOption[] = AGG_TYPE_OPTIONS.map((option) => ({
  ...option,
  member: `"\${1:name}": { "${option.name}": ${shiftSnippet(option.snippet, 1)} }`,
}));

const SUB_AGGREGATION_OPTIONS: readonly KeyOption[] = [
  {
    name: 'aggs',
    role: 'field',
    type: 'aggregations',
    doc: 'Sub-aggregations, computed within each bucket of this one.',
    rank: 50,
    snippet: '{ "${1:name}": { $0 } }',
    equivalents: ['aggregations'],
  },
  {
    name: 'aggregations',
    role: 'field',
    type: 'aggregations',
    doc: 'Same as `aggs`.',
    rank: 20,
    snippet: '{ "${1:name}": { $0 } }',
    equivalents: ['aggs'],
  },
  {
    name: 'meta',
    role: 'field',
    type: 'object',
    doc: 'Your own data, returned as is with the aggregation’s result.',
    rank: 10,
    snippet: '{ $1 }',
  },
];

function metadataSnippet(spec: MetadataKeySpec): string {
  switch (spec.kind) {
    case 'searchType':
      return '"${1|query_then_fetch,dfs_query_then_fetch|}"';
    case 'boolean':
    case 'namedBoolean':
    case 'nullNamedBoolean':
    case 'indicesOptionBoolean':
      return spec.default === 'true' ? '${1|true,false|}' : '${1|false,true|}';
    case 'expandWildcards':
      return '"${1|open,closed,hidden,all,none|}"';
    case 'time':
      return '"${1:30s}"';
    default:
      return '"$1"';
  }
}

const HEADER_OPTIONS: readonly KeyOption[] = MSEARCH_METADATA_KEYS.flatMap((spec, index) => {
  const names = [spec.name, ...spec.aliases];
  const base = {
    role: 'metadata' as const,
    type: spec.type,
    ...(spec.default === undefined ? {} : { default: spec.default }),
    snippet: metadataSnippet(spec),
    equivalents: names,
  };
  return [
    { ...base, name: spec.name, doc: spec.doc, rank: 100 - index * 3 },
    ...spec.aliases.map((alias) => ({ ...base, name: alias, doc: `Same as \`${spec.name}\`. ${spec.doc}`, rank: 2 })),
  ];
});

function sortOptions(): KeyOption[] {
  return SORT_SPECIAL_KEYS.map((key) => ({
    name: key.name,
    role: 'sort',
    type: 'sort key',
    doc: key.doc ?? '',
    rank: key.rank,
    snippet: key.name === '_score' || key.name === '_doc' ? '"${1|desc,asc|}"' : '{ $1 }',
  }));
}

/** The member names an object at this slot takes. */
export function keyOptions(slot: Slot): readonly KeyOption[] {
  switch (slot.t) {
    case 'body':
      return BODY_OPTIONS;
    case 'queryOnlyBody':
      return BODY_OPTIONS.filter((o) => o.name === 'query');
    case 'header':
      return HEADER_OPTIONS;
    case 'field':
      return parameterOptions(BODY_OBJECT_OPTIONS[slot.field.name]);
    case 'query':
    case 'queries':
      return CLAUSE_OPTIONS;
    case 'clause':
      return slot.clause.shape === 'field' ? [] : parameterOptions(slot.clause.params);
    case 'clauseField':
      return parameterOptions(slot.clause.params);
    case 'aggs':
      return NEW_AGGREGATION_OPTIONS;
    case 'aggDefinition':
      return [...AGG_TYPE_OPTIONS, ...SUB_AGGREGATION_OPTIONS];
    case 'aggBody':
      return parameterOptions(slot.agg.params);
    case 'params':
      return parameterOptions(slot.params);
    case 'sort':
    case 'sortEntry':
      return sortOptions();
    case 'sortField':
      return parameterOptions(SORT_OPTIONS);
    case 'source':
      return parameterOptions(SOURCE_OPTIONS);
    default:
      return [];
  }
}
