// Shapes inside a search body that are not query clauses or aggregations: sort entries, source filtering and the
// small objects of highlight, collapse, pit, slice and scripts. Used by completion and hover; names are the ones
// the server's parsers read (FieldSortBuilder, FetchSourceContext, HighlightBuilder, CollapseBuilder, ...).

import type { ParameterSpec } from './types';

/** Sort keys with a meaning of their own, besides field names. */
export const SORT_SPECIAL_KEYS: readonly (ParameterSpec & { readonly rank: number })[] = [
  { name: '_score', type: 'any', doc: 'Sorts by relevance score (descending unless told otherwise).', rank: 90 },
  { name: '_doc', type: 'any', doc: 'Index order: the cheapest sort, handy for scrolling everything.', rank: 80 },
  {
    name: '_geo_distance',
    type: 'object',
    doc: 'Sorts by distance from a point: `{ "location": [lon, lat], "order": "asc", "unit": "km" }`.',
    rank: 40,
  },
  {
    name: '_script',
    type: 'object',
    doc: 'Sorts by a value a script computes: `{ "type": "number", "script": {...}, "order": "asc" }`.',
    rank: 30,
  },
  {
    name: '_shard_doc',
    type: 'any',
    doc: 'Tie-breaker in index order for point-in-time searches with `search_after` (recent versions).',
    rank: 20,
  },
];

/** Options of one field's sort: `{ "field": { "order": "desc", ... } }`. */
export const SORT_OPTIONS: readonly ParameterSpec[] = [
  { name: 'order', type: 'enum', values: ['asc', 'desc'], doc: 'Direction: `asc` or `desc`.' },
  {
    name: 'missing',
    type: 'scalar',
    default: '_last',
    doc: 'Where documents without a value go: `_last`, `_first`, or a value to use instead.',
  },
  {
    name: 'mode',
    type: 'enum',
    values: ['min', 'max', 'sum', 'avg', 'median'],
    doc: 'Which value of a multi-valued field sorts the document.',
  },
  {
    name: 'unmapped_type',
    type: 'string',
    doc: 'Type to assume where the field is not mapped, instead of failing (e.g. `long`).',
  },
  {
    name: 'numeric_type',
    type: 'enum',
    values: ['double', 'long', 'date', 'date_nanos'],
    doc: 'Converts numeric values to this type, to sort fields of different types together.',
  },
  { name: 'format', type: 'string', doc: 'Date format of the sort values returned with each hit.' },
  { name: 'nested', type: 'object', doc: 'For fields inside nested objects: `{ "path": ..., "filter": {...} }`.' },
];

/** `_source` as an object. */
export const SOURCE_OPTIONS: readonly ParameterSpec[] = [
  { name: 'includes', type: 'stringOrArray', doc: 'Source fields to return (wildcards allowed).' },
  {
    name: 'excludes',
    type: 'stringOrArray',
    doc: 'Source fields to leave out (wildcards allowed); wins over includes.',
  },
];

/** A script object (`script`, `script_score.script`, ...). */
export const SCRIPT_OPTIONS: readonly ParameterSpec[] = [
  { name: 'source', type: 'string', doc: 'The script text.' },
  { name: 'lang', type: 'string', default: 'painless', doc: 'Script language.' },
  { name: 'params', type: 'object', doc: 'Named values the script reads as `params.<name>`.' },
  { name: 'id', type: 'string', doc: 'A stored script, instead of `source`.' },
];

const HIGHLIGHT_OPTIONS: readonly ParameterSpec[] = [
  { name: 'fields', type: 'object', doc: 'Fields to highlight, each with its own options (`{}` for defaults).' },
  { name: 'pre_tags', type: 'array', default: '["<em>"]', doc: 'Text put before each highlighted term.' },
  { name: 'post_tags', type: 'array', default: '["</em>"]', doc: 'Text put after each highlighted term.' },
  {
    name: 'type',
    type: 'enum',
    values: ['unified', 'plain', 'fvh'],
    default: 'unified',
    doc: 'Highlighter implementation.',
  },
  {
    name: 'fragment_size',
    type: 'integer',
    default: '100',
    doc: 'Size of each highlighted fragment, in characters.',
  },
  {
    name: 'number_of_fragments',
    type: 'integer',
    default: '5',
    doc: 'Fragments per field; 0 returns the whole field.',
  },
  {
    name: 'require_field_match',
    type: 'boolean',
    default: 'true',
    doc: 'Highlights only fields the query searched.',
  },
  { name: 'order', type: 'enum', values: ['score', 'none'], doc: '`score` puts the best fragments first.' },
  { name: 'encoder', type: 'enum', values: ['default', 'html'], doc: '`html` escapes the text before tagging.' },
  {
    name: 'no_match_size',
    type: 'integer',
    default: '0',
    doc: 'Text returned from the start of the field when nothing matched.',
  },
  { name: 'highlight_query', type: 'query', doc: 'Query used for highlighting instead of the search query.' },
  { name: 'tags_schema', type: 'enum', values: ['styled'], doc: '`styled` uses numbered `<em class="hltN">` tags.' },
];

const COLLAPSE_OPTIONS: readonly ParameterSpec[] = [
  { name: 'field', type: 'field', required: true, doc: 'Keyword or numeric field whose values collapse the hits.' },
  { name: 'inner_hits', type: 'any', doc: 'Returns the other hits of each group.' },
  {
    name: 'max_concurrent_group_searches',
    type: 'integer',
    doc: 'How many inner-hit searches run at once per request.',
  },
];

const PIT_OPTIONS: readonly ParameterSpec[] = [
  { name: 'id', type: 'string', required: true, doc: 'Point-in-time id returned when the point in time was created.' },
  { name: 'keep_alive', type: 'string', doc: 'Extends the point in time by this long (a time value such as `1m`).' },
];

const SLICE_OPTIONS: readonly ParameterSpec[] = [
  { name: 'id', type: 'integer', required: true, doc: 'This slice, from 0 to `max` - 1.' },
  { name: 'max', type: 'integer', required: true, doc: 'Number of slices.' },
  { name: 'field', type: 'field', doc: 'Numeric doc-values field that splits the documents (default `_id`).' },
];

/** Top-level body fields whose value is an object with options of its own. */
export const BODY_OBJECT_OPTIONS: Readonly<Record<string, readonly ParameterSpec[]>> = {
  highlight: HIGHLIGHT_OPTIONS,
  collapse: COLLAPSE_OPTIONS,
  pit: PIT_OPTIONS,
  slice: SLICE_OPTIONS,
};

/** Parameters whose string value is a time value (`30s`, `5m`), wherever they appear in a body or header. */
export const TIME_VALUED: ReadonlySet<string> = new Set([
  'timeout',
  'keep_alive',
  'fixed_interval',
  'cancel_after_time_interval',
]);
