// Top-level fields of a search body and the JSON token kinds the server accepts for each
// (docs/opensearch/search.md#the-body; SearchSourceBuilder.parseXContent reads values, objects and arrays in separate branches).

/** How a scalar value is read: `int` = intValue(), `float` = floatValue(), `text` = text(). */
export type BodyValueRule = 'int' | 'float' | 'boolean' | 'time' | 'trackTotalHits' | 'text' | 'source';
export type BodyObjectRule = 'query' | 'aggregations' | 'source' | 'sort' | 'indicesBoostObject' | 'any';
export type BodyArrayRule =
  'strings' | 'texts' | 'values' | 'fieldAndFormat' | 'sort' | 'source' | 'indicesBoost' | 'any';

export interface BodyFieldSpec {
  readonly name: string;
  readonly value?: BodyValueRule;
  readonly object?: BodyObjectRule;
  readonly array?: BodyArrayRule;
  /** The type in words, for hover and completion details. */
  readonly type: string;
  readonly default?: string;
  readonly doc: string;
  /** Snippet for the value, inserted after `"name": `. */
  readonly snippet: string;
  /** Higher is offered first. */
  readonly rank: number;
}

export const SEARCH_BODY_FIELDS: readonly BodyFieldSpec[] = [
  {
    name: 'query',
    object: 'query',
    type: 'query',
    doc: 'The query: which documents match and how they score.',
    snippet: '{ $0 }',
    rank: 100,
  },
  {
    name: 'size',
    value: 'int',
    type: 'integer',
    default: '10',
    doc: 'How many hits to return.',
    snippet: '${1:10}',
    rank: 95,
  },
  {
    name: 'from',
    value: 'int',
    type: 'integer',
    default: '0',
    doc: 'Offset of the first hit; `from + size` may not exceed `index.max_result_window` (10,000).',
    snippet: '${1:0}',
    rank: 80,
  },
  {
    name: 'sort',
    value: 'text',
    object: 'sort',
    array: 'sort',
    type: 'string | object | array',
    doc: 'Sort order: field names, `{ "field": "asc" }`, `{ "field": { "order": "desc" } }`, `_score`, `_doc`.',
    snippet: '[ { "${1:@timestamp}": "${2|desc,asc|}" } ]',
    rank: 90,
  },
  {
    name: 'aggs',
    object: 'aggregations',
    type: 'aggregations',
    doc: 'Aggregations: named summaries (buckets and metrics) of the matching documents.',
    snippet: '{ "${1:name}": { $0 } }',
    rank: 92,
  },
  {
    name: 'aggregations',
    object: 'aggregations',
    type: 'aggregations',
    doc: 'Same as `aggs`. If both are given, the one written last replaces the other.',
    snippet: '{ "${1:name}": { $0 } }',
    rank: 60,
  },
  {
    name: '_source',
    value: 'source',
    object: 'source',
    array: 'source',
    type: 'boolean | string | string[] | { includes, excludes }',
    default: 'true',
    doc: 'Which parts of each document’s source to return.',
    snippet: '[ "${1:field}" ]',
    rank: 88,
  },
  {
    name: 'track_total_hits',
    value: 'trackTotalHits',
    type: 'boolean | integer',
    default: '10000',
    doc: '`true` counts every hit; `false` counts none; a number counts up to it (`relation: gte` beyond).',
    snippet: '${1|true,false,10000|}',
    rank: 85,
  },
  {
    name: 'post_filter',
    object: 'query',
    type: 'query',
    doc: 'A filter applied to hits after aggregations are computed.',
    snippet: '{ $0 }',
    rank: 70,
  },
  {
    name: 'timeout',
    value: 'time',
    type: 'time value',
    doc: 'Time each shard has; when it runs out, partial results come back with `timed_out: true`.',
    snippet: '"${1:10s}"',
    rank: 75,
  },
  {
    name: 'terminate_after',
    value: 'int',
    type: 'integer',
    default: '0',
    doc: 'Stops collecting on each shard after this many documents (0: never).',
    snippet: '${1:1000}',
    rank: 50,
  },
  {
    name: 'min_score',
    value: 'float',
    type: 'number',
    doc: 'Leaves out hits scoring below this.',
    snippet: '${1:0.5}',
    rank: 40,
  },
  {
    name: 'highlight',
    object: 'any',
    type: 'object',
    doc: 'Highlights matching fragments of the given fields.',
    snippet: '{ "fields": { "${1:message}": {} } }',
    rank: 65,
  },
  {
    name: 'fields',
    array: 'fieldAndFormat',
    type: 'array of field | { field, format }',
    doc: 'Fields to return per hit, read from the mapping (with formats).',
    snippet: '[ "${1:field}" ]',
    rank: 55,
  },
  {
    name: 'docvalue_fields',
    array: 'fieldAndFormat',
    type: 'array of field | { field, format }',
    doc: 'Fields to return per hit, read from doc values.',
    snippet: '[ "${1:field}" ]',
    rank: 35,
  },
  {
    name: 'stored_fields',
    value: 'text',
    array: 'texts',
    type: 'string | string[]',
    doc: 'Stored fields to return; `_none_` turns off stored fields and the source.',
    snippet: '[ "${1:field}" ]',
    rank: 30,
  },
  {
    name: 'script_fields',
    object: 'any',
    type: 'object',
    doc: 'Values computed per hit by scripts.',
    snippet: '{ "${1:name}": { "script": { "source": "$2" } } }',
    rank: 30,
  },
  {
    name: 'search_after',
    array: 'values',
    type: 'array',
    doc: 'Sort values of the last hit of the previous page; needs `sort`, and `from` must be 0.',
    snippet: '[ $1 ]',
    rank: 45,
  },
  {
    name: 'collapse',
    object: 'any',
    type: 'object',
    doc: 'Keeps one hit per value of a keyword or numeric field.',
    snippet: '{ "field": "${1:field}" }',
    rank: 40,
  },
  {
    name: 'pit',
    object: 'any',
    type: '{ id, keep_alive }',
    doc: 'Point in time to search; the indexes come from it, so the path may not name any.',
    snippet: '{ "id": "${1:pit id}", "keep_alive": "${2:1m}" }',
    rank: 35,
  },
  {
    name: 'slice',
    object: 'any',
    type: '{ id, max, field }',
    doc: 'Splits a scroll or PIT search into independent slices.',
    snippet: '{ "id": ${1:0}, "max": ${2:2} }',
    rank: 20,
  },
  {
    name: 'rescore',
    object: 'any',
    array: 'any',
    type: 'object | array',
    doc: 'Re-scores the top hits with another query. Cannot be combined with `sort`.',
    snippet: '{ "window_size": ${1:50}, "query": { "rescore_query": { $0 } } }',
    rank: 25,
  },
  {
    name: 'suggest',
    object: 'any',
    type: 'object',
    doc: 'Term, phrase or completion suggestions.',
    snippet: '{ "${1:name}": { "text": "$2", "term": { "field": "${3:field}" } } }',
    rank: 30,
  },
  {
    name: 'explain',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Explains how each hit was scored.',
    snippet: '${1|true,false|}',
    rank: 30,
  },
  {
    name: 'version',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Returns each hit’s document version.',
    snippet: '${1|true,false|}',
    rank: 30,
  },
  {
    name: 'seq_no_primary_term',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Returns each hit’s sequence number and primary term.',
    snippet: '${1|true,false|}',
    rank: 25,
  },
  {
    name: 'track_scores',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Computes scores even when sorting by a field.',
    snippet: '${1|true,false|}',
    rank: 30,
  },
  {
    name: 'profile',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Returns timing details of each query and aggregation component.',
    snippet: '${1|true,false|}',
    rank: 30,
  },
  {
    name: 'include_named_queries_score',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Returns the score of each matched named query.',
    snippet: '${1|true,false|}',
    rank: 15,
  },
  {
    name: 'indices_boost',
    object: 'indicesBoostObject',
    array: 'indicesBoost',
    type: 'array of { index: boost }',
    doc: 'Multiplies the scores of hits from these indexes. The object form is deprecated.',
    snippet: '[ { "${1:index}": ${2:1.5} } ]',
    rank: 20,
  },
  {
    name: 'stats',
    array: 'strings',
    type: 'string[]',
    doc: 'Tags of the request for search statistics.',
    snippet: '[ "${1:group}" ]',
    rank: 10,
  },
  {
    name: 'ext',
    object: 'any',
    type: 'object',
    doc: 'Sections read by plugins, by plugin name.',
    snippet: '{ $0 }',
    rank: 10,
  },
  {
    name: 'search_pipeline',
    value: 'text',
    object: 'any',
    type: 'string | object',
    doc: 'A search pipeline by name, or defined inline.',
    snippet: '"${1:pipeline}"',
    rank: 15,
  },
  {
    name: 'verbose_pipeline',
    value: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Reports what each search-pipeline processor did.',
    snippet: '${1|true,false|}',
    rank: 10,
  },
  {
    name: 'derived',
    object: 'any',
    type: 'object',
    doc: 'Fields computed at search time by scripts (since 2.14).',
    snippet: '{ "${1:name}": { "type": "${2:keyword}", "script": "$3" } }',
    rank: 10,
  },
];

/**
 * The fields by name, each with every property in one order: the validator reads them for every member of every body,
 * and objects of one shape keep those reads fast.
 */
export const SEARCH_BODY_FIELD_BY_NAME: ReadonlyMap<string, BodyFieldSpec> = new Map(
  SEARCH_BODY_FIELDS.map((field) => [
    field.name,
    {
      name: field.name,
      value: field.value,
      object: field.object,
      array: field.array,
      type: field.type,
      default: field.default,
      doc: field.doc,
      snippet: field.snippet,
      rank: field.rank,
    },
  ]),
);
