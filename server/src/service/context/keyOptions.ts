import { AGGREGATIONS } from '../../spec/aggregations';
import { BODY_OBJECT_OPTIONS, SORT_OPTIONS, SORT_SPECIAL_KEYS, SOURCE_OPTIONS } from '../../spec/bodyForms';
import { MSEARCH_METADATA_KEYS, type MetadataKeySpec } from '../../spec/msearchMetadata';
import { QUERY_CLAUSES } from '../../spec/queries';
import { SEARCH_BODY_FIELDS } from '../../spec/searchBody';
import type { ParameterSpec, ValueType } from '../../spec/types';
import type { Slot } from './slots';
import { shiftSnippet, snippetText } from './snippets';

/** A member name an object takes, with what hover and completion say of it. */
export interface KeyOption {
  readonly name: string;
  /** `mapped`: a field of the connected cluster's mappings. */
  readonly role: 'field' | 'clause' | 'aggregation' | 'parameter' | 'metadata' | 'sort' | 'mapped';
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

function parameterType(param: ParameterSpec): string {
  if (param.type === 'enum' && param.values !== undefined) return param.values.map((v) => `"${v}"`).join(' | ');
  return TYPE_WORDS[param.type];
}

/** The value snippet of a parameter, from its type and default. */
function parameterSnippet(param: ParameterSpec): string {
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
