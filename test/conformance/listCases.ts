// Conformance cases on the forms of lists and entries that a parser reads token by token: an array inside a list,
// a value where an object is read, an entry of the wrong kind. Each form has a request OpenSearch accepts beside the
// ones it refuses, so that both verdicts of the language server are held to the real answer.
import type { ConformanceCase } from './cases';
import { CONFORMANCE_INDEX } from './setup';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The same list with each query in it a multi-term one (`prefix`), for span_multi's `match`. */
function multiTermsIn(value: Json): Json {
  if (Array.isArray(value)) return value.map(multiTermsIn);
  return value !== null && typeof value === 'object' ? { prefix: { text: { value: 'qu' } } } : value;
}

const SEARCH = `/${CONFORMANCE_INDEX}/_search`;

function c(id: string, body: Json): ConformanceCase {
  return { id: `cross/lists/${id}`, class: 'cross', method: 'POST', path: SEARCH, body: JSON.stringify(body) };
}

const TERM: Json = { term: { kw: 'a' } };
const MATCH: Json = { match: { text: 'quick' } };
const TERMS_LOOKUP: JsonObject = { index: 'conformance', id: '1', path: 'kw' };
/** A shape with a longitude out of range: each shard refuses it, once the body has been read. */
const FAR_ENVELOPE: JsonObject = {
  type: 'envelope',
  coordinates: [
    [200, 5],
    [5, 0],
  ],
};

/** bool's occurrence lists: ObjectParser's array reader, and the query reader that skips one token to an object. */
const BOOL_LISTS: readonly (readonly [string, Json])[] = [
  ['objects', [TERM, MATCH]],
  ['value-then-object', ['x', TERM]],
  ['null-then-object', [null, TERM]],
  ['number-then-object', [1, TERM]],
  ['values-then-objects', [1, TERM, true, MATCH]],
  ['object-then-value', [TERM, 'x']],
  ['value-alone', ['x']],
  ['two-values', ['x', 'y', TERM]],
  ['value-then-array', ['x', [TERM]]],
  ['array', [[TERM]]],
  ['object-then-array', [TERM, [MATCH]]],
  ['empty-array-inside', [[]]],
  ['empty', []],
];

/** The sort as SortBuilder reads it: a list of objects and strings, each object's fields one sort each. */
const SORTS: readonly (readonly [string, Json])[] = [
  ['list', [{ num: { order: 'desc' } }, '_score', { date: 'asc' }]],
  ['list-number', [{ num: 'desc' }, 1]],
  ['list-null', [null]],
  ['list-boolean', [true]],
  ['list-array', [[{ num: 'desc' }]]],
  ['list-empty-array', [[]]],
  ['number', 1],
  ['boolean', true],
  ['null', null],
  ['field-number-last', [{ num: 1 }]],
  ['field-number-then-field', [{ num: 1, date: 'asc' }]],
  ['field-boolean', [{ num: true }]],
  ['field-null', [{ num: null }]],
  ['field-array-of-string', [{ num: ['asc'] }]],
  ['field-empty-array', [{ num: [] }]],
  ['field-array-of-object', [{ num: [{ order: 'asc' }] }]],
  ['field-object-empty', [{ num: {} }]],
  ['field-missing-array', [{ num: { missing: ['_last'] } }]],
  ['field-missing-object', [{ num: { missing: { a: 1 } } }]],
  ['field-missing-number', [{ num: { missing: 0 } }]],
  ['field-unmapped-type-number', [{ num: { unmapped_type: 1 } }]],
  ['score-string', [{ _score: 'asc' }]],
  ['score-number', [{ _score: 1 }]],
  ['score-array', [{ _score: ['desc'] }]],
  ['score-object', [{ _score: { order: 'asc' } }]],
  ['score-object-unknown', [{ _score: { field: 'kw' } }]],
  ['score-object-order-number', [{ _score: { order: 1 } }]],
  ['doc-number', [{ _doc: 1 }]],
  ['doc-object', [{ _doc: { order: 'desc' } }]],
  ['order-padded', [{ num: ' desc' }]],
  ['order-upper', [{ num: 'DESC' }]],
  ['object-two-fields', { num: 'asc', date: { order: 'desc' } }],
];

/** `highlight`: the forms of `fields` (an object, or a list of one-field objects) and of its lists of strings. */
const HIGHLIGHTS: readonly (readonly [string, Json])[] = [
  ['fields-object', { fields: { text: {} } }],
  ['fields-number', { fields: 1 }],
  ['fields-string', { fields: 'text' }],
  ['fields-null', { fields: null }],
  ['fields-boolean', { fields: true }],
  ['field-string', { fields: { text: 'x' } }],
  ['field-number', { fields: { text: 1 } }],
  ['field-null', { fields: { text: null } }],
  ['field-array', { fields: { text: [] } }],
  ['field-array-of-object', { fields: { text: [{}] } }],
  ['fields-list', { fields: [{ text: {} }] }],
  ['fields-list-two-fields', { fields: [{ text: {}, kw: {} }] }],
  ['fields-list-empty-object', { fields: [{}] }],
  ['fields-list-string', { fields: ['text'] }],
  ['fields-list-number', { fields: [1] }],
  ['fields-list-array', { fields: [[]] }],
  ['fields-list-field-string', { fields: [{ text: 'x' }] }],
  ['pre-tags-array-inside', { fields: { text: {} }, pre_tags: [['<b>']], post_tags: ['</b>'] }],
  ['pre-tags-object-inside', { fields: { text: {} }, pre_tags: [{ a: 1 }], post_tags: ['</b>'] }],
  ['pre-tags-null-inside', { fields: { text: {} }, pre_tags: [null], post_tags: ['</b>'] }],
  ['pre-tags-number-inside', { fields: { text: {} }, pre_tags: [1], post_tags: ['</b>'] }],
  ['post-tags-array-inside', { fields: { text: {} }, pre_tags: ['<b>'], post_tags: [['</b>']] }],
  ['field-matched-fields-array-inside', { fields: { text: { matched_fields: [['text']] } } }],
  ['field-pre-tags-null-inside', { fields: { text: { pre_tags: [null], post_tags: ['</b>'] } } }],
  // Each field's options are read whole where the reader meets them, before the next field.
  ['order-query-then-number', { fields: { text: { highlight_query: { match: true } }, kw: 1 } }],
  ['order-number-then-query', { fields: { kw: 1, text: { highlight_query: { match: true } } } }],
  ['order-unknown-option-then-number', { fields: { text: { bogus: 1 }, kw: 1 } }],
  ['order-bad-value-then-null', { fields: { text: { fragment_size: 'x' }, kw: null } }],
  ['order-tags-unpaired-then-number', { fields: { text: { pre_tags: ['<b>'] }, kw: 1 } }],
  ['order-list-query-then-number', { fields: [{ text: { highlight_query: { match: true } } }, 1] }],
  ['order-list-option-then-two-fields', { fields: [{ text: { bogus: 1 }, kw: {} }] }],
];

/** Queries inside other sections, each read by the query parser: rescore, the filters aggregation. */
const INNER_QUERIES: readonly (readonly [string, Json])[] = [
  ['rescore-query-valid', { rescore: { window_size: 5, query: { rescore_query: MATCH } } }],
  ['rescore-query-unknown-clause', { rescore: { window_size: 5, query: { rescore_query: { matchx: {} } } } }],
  ['rescore-query-clause-string', { rescore: { window_size: 5, query: { rescore_query: { match: 'x' } } } }],
  ['rescore-query-string', { rescore: { window_size: 5, query: { rescore_query: 'x' } } }],
  ['rescore-query-number', { rescore: { window_size: 5, query: { rescore_query: 1 } } }],
  ['filters-valid', { size: 0, aggs: { f: { filters: { filters: { a: TERM, b: MATCH } } } } }],
  ['filters-list-valid', { size: 0, aggs: { f: { filters: { filters: [TERM, MATCH] } } } }],
  ['filters-clause-string', { size: 0, aggs: { f: { filters: { filters: { a: TERM, b: { match: 'x' } } } } } }],
  ['filters-unknown-clause', { size: 0, aggs: { f: { filters: { filters: { a: { matchx: {} } } } } } }],
  ['filters-list-clause-string', { size: 0, aggs: { f: { filters: { filters: [{ match: 'x' }] } } } }],
  ['filters-list-two-clauses', { size: 0, aggs: { f: { filters: { filters: [{ term: { kw: 'a' }, match: {} }] } } } }],
  ['filter-clause-string', { size: 0, aggs: { f: { filter: { match: 'x' } } } }],
];

/** Lists read by hand-written parsers: fields of the text queries, span clauses, terms, range bounds. */
const SPAN_QUICK: Json = { span_term: { text: 'quick' } };
/** Lists where a reader of one query meets it: it steps into them (explored with the fuzzer's findings). */
const ONE_QUERY_LISTS: readonly (readonly [string, Json])[] = [
  ['one', [TERM]],
  ['two', [TERM, MATCH]],
  ['deep', [[TERM]]],
  ['empty', []],
  ['value', ['x']],
  ['value-then-query', ['x', TERM]],
  ['bad-query', [{ match: { text: ['b'] } }]],
  ['query-then-bad', [TERM, { match: { text: ['b'] } }]],
  ['deep-empty', [[]]],
  ['deep-then-value', [[TERM], 'x']],
  ['query-then-value', [TERM, 'x']],
  ['deep-bad-query', [[{ match: { text: ['b'] } }]]],
];
const QUERY_LISTS: readonly (readonly [string, Json])[] = [
  ...(
    [
      ['list-second-bad', [[SPAN_QUICK, { span_term: 'x' }]]],
      ['list-two', [[SPAN_QUICK, SPAN_QUICK]]],
      ['list-then-value', [[SPAN_QUICK, 'x']]],
      ['list-value-then-object', [[SPAN_QUICK, 'x', SPAN_QUICK]]],
      ['list-then-object', [[SPAN_QUICK], SPAN_QUICK]],
      ['list-second-not-span', [[SPAN_QUICK, { term: { kw: 'a' } }]]],
      ['list-then-list-bad', [[SPAN_QUICK], [{ span_term: 1 }]]],
      ['list-then-list', [[SPAN_QUICK], [SPAN_QUICK]]],
      ['list-then-list-then-object', [[SPAN_QUICK], [SPAN_QUICK], SPAN_QUICK]],
      ['list-in-list', [[SPAN_QUICK, [SPAN_QUICK]]]],
    ] satisfies (readonly [string, Json])[]
  ).flatMap(([id, clauses]): (readonly [string, Json])[] => [
    [`span-near-${id}`, { span_near: { clauses, slop: 1 } }],
    [`span-or-${id}`, { span_or: { clauses } }],
  ]),
  ...(
    [
      ['deep-then-value', [[['a']], 'b']],
      ['deep-value-inside', [[['a'], 'b']]],
      ['list-then-list', [['a'], [1]]],
      ['list-then-list-then-value', [['a'], [1], 'c']],
      ['value-list-value', ['a', ['b'], 'c']],
      ['deep-last', [[['a']]]],
      ['value-then-list-object', ['a', [{}]]],
      ['list-object-then-value', [[{}], 'b']],
      // A null met in the values, and what the field's loop meets after the values' end.
      ['null-in-list-inside', ['a', [null]]],
      ['null-deep', [['a', [null]]]],
      ['list-then-null', ['a', [1], null]],
      ['list-then-object', ['a', [1], {}]],
      ['list-then-lookup', ['a', [1], { index: 'x' }]],
    ] satisfies (readonly [string, Json])[]
  ).flatMap(([id, terms]): (readonly [string, Json])[] => [
    [`terms-set-${id}`, { terms_set: { kw: { terms, minimum_should_match_field: 'num' } } }],
    [`terms-deep-${id}`, { terms: { kw: terms } }],
  ]),
  ['terms-deep-empty-then-value', { terms: { kw: [[[]], 'b'] } }],
  // The field's object is read whole before the member after it.
  ['term-bad-option-then-field', { term: { kw: { value: 'a', missing: 'x' }, query: 'y' } }],
  ['term-bad-option-then-object', { term: { kw: { value: 'a', missing: 'x' }, num: { value: 1 } } }],
  ['term-bad-option-then-list', { term: { kw: { value: 'a', missing: 'x' }, other: ['y'] } }],
  ['term-bad-boost-then-field', { term: { kw: { value: 'a', boost: 'x' }, query: 'y' } }],
  ['term-good-then-field', { term: { kw: { value: 'a' }, query: 'y' } }],
  ['term-value-then-object', { term: { kw: 'a', num: { value: 1, missing: 'x' } } }],
  ['range-bad-option-then-value', { range: { date: { gte: 'now', TIME_ZONE: '+01:00' }, foo: '10s' } }],
  ['range-bad-option-then-object', { range: { date: { gte: 'now', TIME_ZONE: '+01:00' }, num: { gte: 1 } } }],
  ['range-bad-option-then-list', { range: { date: { gte: 'now', TIME_ZONE: '+01:00' }, num: [1] } }],
  ['range-bad-relation-then-value', { range: { num: { gte: 1, relation: 'x' }, foo: '10s' } }],
  ['range-good-then-value', { range: { date: { gte: 'now' }, foo: '10s' } }],
  ['range-list-bound-then-value', { range: { num: { gte: [1], lte: 10 }, format: [1] } }],
  ['term-empty-then-field', { term: { kw: {}, missing: '10s' } }],
  ['term-object-value-then-field', { term: { kw: { value: {} }, missing: '10s' } }],
  ['range-object-bound-then-field', { range: { num: { gte: {} }, foo: '10s' } }],
  ['term-null-value-then-field', { term: { kw: { value: null }, missing: '10s' } }],
  [
    'terms-set-list-then-member',
    { terms_set: { kw: { terms: ['a', ['a']], minimum_should_match_field: 'num' }, query: true } },
  ],
  [
    'terms-set-good-then-member',
    { terms_set: { kw: { terms: ['a'], minimum_should_match_field: 'num' }, query: true } },
  ],
  ['range-bad-time-zone-then-value', { range: { date: { gte: 'now', time_zone: 'bogus' }, foo: '10s' } }],
  ['range-bad-time-zone', { range: { date: { gte: 'now', time_zone: 'bogus' } } }],
  ['range-bad-boost-then-value', { range: { num: { gte: 1, boost: 'x' }, foo: '10s' } }],
  ['range-bad-format-then-value', { range: { date: { gte: 'now', format: 'bogus||x' }, foo: '10s' } }],
  ['multi-match-fields-array-inside', { multi_match: { query: 'quick', fields: [['text']] } }],
  ['multi-match-fields-object-inside', { multi_match: { query: 'quick', fields: [{ a: 1 }] } }],
  ['multi-match-fields-null-inside', { multi_match: { query: 'quick', fields: [null] } }],
  ['multi-match-fields-number-inside', { multi_match: { query: 'quick', fields: [1] } }],
  // Each name is read in turn, its boost as it is met.
  ['multi-match-fields-list-then-bad-boost', { multi_match: { query: 'quick', fields: [['text'], 'text^2x'] } }],
  ['multi-match-fields-bad-boost-then-list', { multi_match: { query: 'quick', fields: ['text^2x', ['text']] } }],
  ['query-string-fields-null-then-bad-boost', { query_string: { query: 'quick', fields: [null, 'text^x'] } }],
  [
    'simple-query-string-fields-object-then-bad-boost',
    { simple_query_string: { query: 'quick', fields: [{}, 'text^'] } },
  ],
  ['query-string-fields-array-inside', { query_string: { query: 'quick', fields: [['text']] } }],
  ['simple-query-string-fields-array-inside', { simple_query_string: { query: 'quick', fields: [['text']] } }],
  ['span-near-value-then-object', { span_near: { clauses: ['x', { span_term: { text: 'quick' } }], slop: 1 } }],
  ['span-near-array-inside', { span_near: { clauses: [[{ span_term: { text: 'quick' } }]], slop: 1 } }],
  ['span-near-value-alone', { span_near: { clauses: [{ span_term: { text: 'quick' } }, 'x'], slop: 1 } }],
  ['span-or-value-then-object', { span_or: { clauses: [1, { span_term: { text: 'quick' } }] } }],
  ['span-or-array-inside', { span_or: { clauses: [[{ span_term: { text: 'quick' } }]] } }],
  ['span-or-array-of-value-inside', { span_or: { clauses: [['x']] } }],
  [
    'span-near-object-then-array',
    { span_near: { clauses: [{ span_term: { text: 'a' } }, [{ span_term: { text: 'b' } }]], slop: 1 } },
  ],
  ['dis-max-value-then-object', { dis_max: { queries: ['x', TERM] } }],
  ['dis-max-array-inside', { dis_max: { queries: [[TERM]] } }],
  ['terms-array-inside', { terms: { kw: [['a', 'b']] } }],
  ['terms-empty-array-inside', { terms: { kw: ['a', []] } }],
  ['terms-object-inside', { terms: { kw: ['a', { b: 1 }] } }],
  ['terms-null-inside', { terms: { kw: ['a', null] } }],
  ['terms-array-then-value', { terms: { kw: [['a'], 'b'] } }],
  [
    'terms-set-terms-array-then-value',
    { terms_set: { kw: { terms: [['a'], 'b'], minimum_should_match_field: 'num' } } },
  ],
  ['dis-max-object-then-array', { dis_max: { queries: [TERM, [MATCH]] } }],
  ['nested-value-in-list', { nested: { path: 'items', query: ['a'] } }],
  ['nested-object-then-value', { nested: { path: 'items', query: [{ term: { 'items.name': 'x' } }, 1] } }],
  ['has-child-value-in-list', { has_child: { type: 'child', query: [1] } }],
  ['has-parent-value-in-list', { has_parent: { parent_type: 'parent', query: [true] } }],
  ['boosting-value-in-list', { boosting: { positive: ['a'], negative: TERM, negative_boost: 0.5 } }],
  ['span-multi-value-in-list', { span_multi: { match: ['a'] } }],
  ['terms-set-terms-array-inside', { terms_set: { kw: { terms: [['a']], minimum_should_match_field: 'num' } } }],
  [
    'terms-set-terms-empty-array-inside',
    { terms_set: { kw: { terms: ['a', []], minimum_should_match_field: 'num' } } },
  ],
  ['span-term-array', { span_term: { text: ['quick'] } }],
  ['span-term-empty-array', { span_term: { text: [] } }],
  ['span-term-object-array', { span_term: { text: { value: ['quick'] } } }],
  // The field's options as the one object of a list, read as the field's object where they are written.
  ['range-list-options-number-text', { range: { num: [{ gte: 1, lte: 'x', boost: 2 }] } }],
  ['range-list-deep-options-date-bad', { range: { date: [[{ gte: 'bogus' }]] } }],
  ['range-list-null-then-options', { range: { num: [null, { gte: 'y' }] } }],
  ['range-list-options-time-zone-object', { range: { date: [{ gte: 'now-1d/d', lt: 'now', time_zone: {} }] } }],
  ['range-list-options-valid', { range: { num: [{ gte: 1, lte: 10 }] } }],
  ['range-gte-array', { range: { num: { gte: [1] } } }],
  ['range-gte-empty-array', { range: { num: { gte: [] } } }],
  ['range-lt-array', { range: { num: { lt: [1] } } }],
  ['range-from-array', { range: { num: { from: [1] } } }],
  ['range-to-object', { range: { num: { to: { a: 1 } } } }],
  ['range-gt-object', { range: { num: { gt: { a: 1 } } } }],
];

/** Numbers given as an empty or blank text, read by Java's number parsers. */
const EMPTY_NUMBERS: readonly (readonly [string, Json])[] = [
  ['size', { size: '' }],
  ['size-blank', { size: ' ' }],
  ['from', { from: '' }],
  ['terminate-after', { terminate_after: '' }],
  ['track-total-hits', { track_total_hits: '' }],
  ['min-score', { min_score: '' }],
  ['match-max-expansions', { query: { match: { text: { query: 'quick', max_expansions: '' } } } }],
  ['match-boost', { query: { match: { text: { query: 'quick', boost: '' } } } }],
  ['term-boost', { query: { term: { kw: { value: 'a', boost: '' } } } }],
  ['percents', { size: 0, aggs: { p: { percentiles: { field: 'num', percents: [''] } } } }],
  ['histogram-interval', { size: 0, aggs: { h: { histogram: { field: 'num', interval: '' } } } }],
  ['terms-size', { size: 0, aggs: { t: { terms: { field: 'kw', size: '' } } } }],
];

/** Lists of aggregations that ObjectParser reads with its array reader: a list inside, a text for a number. */
const AGGREGATION_LISTS: readonly (readonly [string, Json])[] = [
  ['percents-array-inside', { percentiles: { field: 'num', percents: [[50]] } }],
  ['percents-text', { percentiles: { field: 'num', percents: ['x'] } }],
  ['percents-number-text', { percentiles: { field: 'num', percents: ['50'] } }],
  ['percentile-ranks-array-inside', { percentile_ranks: { field: 'num', values: [[5]] } }],
  ['percentile-ranks-empty-text', { percentile_ranks: { field: 'num', values: [''] } }],
  ['range-ranges-array-inside', { range: { field: 'num', ranges: [[{ to: 10 }]] } }],
  ['range-ranges-empty-to', { range: { field: 'num', ranges: [{ to: '' }, { from: 10 }] } }],
  ['range-ranges-blank-from', { range: { field: 'num', ranges: [{ from: ' ' }] } }],
  ['range-ranges-array-then-bad-bound', { range: { field: 'num', ranges: [[{ to: 10 }], { from: [] }] } }],
  ['range-ranges-bad-bound-then-array', { range: { field: 'num', ranges: [{ from: [] }, [{ to: 10 }]] } }],
  ['range-ranges-value-then-array', { range: { field: 'num', ranges: [{ to: 10 }, 'x', [{ to: 5 }]] } }],
  ['date-range-ranges-array-inside', { date_range: { field: 'date', ranges: [[{ to: 'now' }]] } }],
  ['ip-range-ranges-array-inside', { ip_range: { field: 'ip', ranges: [[{ to: '10.0.0.1' }]] } }],
  ['composite-sources-array-inside', { composite: { sources: [[{ k: { terms: { field: 'kw' } } }]] } }],
  ['multi-terms-terms-array-inside', { multi_terms: { terms: [{ field: 'kw' }, [{ field: 'num' }]] } }],
  ['composite-source-value', { composite: { sources: [true] } }],
  ['order-number', { terms: { field: 'kw', order: { _count: 1 } } }],
  ['order-list-inside', { terms: { field: 'kw', order: [[1]] } }],
  ['order-list-inside-after', { terms: { field: 'kw', order: [{ _count: 'desc' }, [{ _key: 'asc' }]] } }],
  ['order-histogram-list-inside', { histogram: { field: 'num', interval: 5, order: [[{ _key: 'asc' }]] } }],
  ['order-boolean', { terms: { field: 'kw', order: { _count: true } } }],
  ['order-array', { terms: { field: 'kw', order: { _count: ['asc'] } } }],
  ['order-object', { terms: { field: 'kw', order: { _count: {} } } }],
  ['order-list-number', { terms: { field: 'kw', order: [{ _key: 1 }] } }],
  ['range-ranges-null', { range: { field: 'num', ranges: [{ to: 10 }, null] } }],
  ['range-ranges-number', { range: { field: 'num', ranges: [{ to: 10 }, 1.5] } }],
  ['range-from-array', { range: { field: 'num', ranges: [{ from: [10] }] } }],
  ['range-to-object', { range: { field: 'num', ranges: [{ to: {} }] } }],
  ['composite-source-empty', { composite: { sources: [{}] } }],
  ['composite-source-name-value', { composite: { sources: [{ k: 1 }] } }],
  ['composite-source-name-empty', { composite: { sources: [{ k: {} }] } }],
  ['composite-source-type-value', { composite: { sources: [{ k: { terms: 'kw' } }] } }],
  ['composite-source-type-null', { composite: { sources: [{ k: { terms: null } }] } }],
  ['composite-source-type-array', { composite: { sources: [{ k: { terms: [{ field: 'kw' }] } }] } }],
  [
    'geo-distance-ranges-array-inside',
    { geo_distance: { field: 'location', origin: { lat: 0, lon: 0 }, ranges: [[{ to: 100 }]] } },
  ],
];

/** A script's object, as `Script`'s ObjectParser reads it, in each place that reads one. */
const SCRIPTS: readonly (readonly [string, Json])[] = [
  ['valid', { source: 'params.x > 0', params: { x: 1 } }],
  ['source-number', { source: 1 }],
  ['source-array', { source: ['x'] }],
  ['source-null', { source: null }],
  ['source-object', { source: { a: 1 } }],
  ['unknown-key', { sources: 'x' }],
  ['inline', { inline: 'params.x > 0', params: { x: 1 } }],
  ['params-string', { source: 'true', params: 'x' }],
  ['params-number', { source: 'true', params: 1 }],
  ['params-array', { source: 'true', params: [1] }],
  ['lang-number', { source: 'true', lang: 1 }],
  ['id-number', { id: 1 }],
  ['source-and-id', { source: 'true', id: 'x' }],
  ['options-string', { source: 'true', options: 'x' }],
  ['options-other', { source: 'true', options: { a: 'b' } }],
  ['empty', {}],
  ['stored-with-lang', { id: 'x', lang: 'painless' }],
  // A Painless source with no statement: nothing, blanks, comments.
  ['source-empty', { source: '' }],
  ['source-blank', { source: ' \n\t ' }],
  ['source-comments', { source: '/* a */\n// b' }],
  ['inline-empty', { inline: '' }],
  ['text-empty', ''],
  ['text-comments', '// only a comment'],
  ['number', 1],
  ['array-of-object', [{ source: 'true' }]],
];

function numericScript(script: Json): Json {
  if (typeof script !== 'object' || script === null || Array.isArray(script)) return script;
  const out = { ...script };
  for (const key of ['source', 'inline']) if (out[key] === 'params.x > 0') out[key] = 'params.x';
  return out;
}

/** Where a script object is read: a script query, script_score, script_fields, an aggregation. */
const SCRIPT_PLACES: readonly (readonly [string, (script: Json) => Json])[] = [
  ['query', (script) => ({ query: { script: { script } } })],
  // script_score's script returns the score: a number.
  [
    'script-score',
    (script) => ({
      query: { script_score: { query: { match_all: {} }, script: numericScript(script) } },
    }),
  ],
  ['script-fields', (script) => ({ script_fields: { f: { script } } })],
  ['aggregation', (script) => ({ size: 0, aggs: { a: { max: { script } } } })],
  // The pipelines' scripts: bucket_selector's loop hands an object to Script.parse, bucket_script's ObjectParser does;
  // both are compiled where the buckets are reduced. bucket_script's returns a number.
  ['bucket-selector', (script) => dailyPipeline({ bucket_selector: { buckets_path: { x: 's' }, script } })],
  [
    'bucket-script',
    (script) => dailyPipeline({ bucket_script: { buckets_path: { x: 's' }, script: numericScript(script) } }),
  ],
];

/** A scripted_metric whose four scripts compile and run. */
const SCRIPTED_METRIC: JsonObject = {
  init_script: 'state.n = 0',
  map_script: 'state.n += 1',
  combine_script: 'return state.n',
  reduce_script: 'double t = 0; for (s in states) { t += s } return t',
};

/** A search whose daily buckets hold a sum `s` and, beside it, the pipeline aggregation `p`. */
function dailyPipeline(pipeline: Json): Json {
  return {
    size: 0,
    aggs: {
      h: {
        date_histogram: { field: 'date', calendar_interval: 'day' },
        aggs: { s: { sum: { field: 'num' } }, p: pipeline },
      },
    },
  };
}

/** Body sections read by ObjectParsers of their own: collapse, docvalue_fields' objects. */
const SECTIONS: readonly (readonly [string, Json])[] = [
  // Scripts compiled only when hits are asked for.
  ['script-fields-object-source-size-0', { size: 0, script_fields: { t: { script: { source: {} } } } }],
  ['script-fields-object-source-size-1', { size: 1, script_fields: { t: { script: { source: {} } } } }],
  ['script-fields-no-script-size-0', { size: 0, script_fields: { t: { ignore_failure: true } } }],
  ['script-fields-no-script', { script_fields: { t: { ignore_failure: true } } }],
  ['script-fields-unknown-key-size-0', { size: 0, script_fields: { t: { script: '1', x: 1 } } }],
  // bool's minimum_should_match as a boolean: read as its text by each shard that builds should clauses.
  ['bool-msm-true', { query: { bool: { should: [TERM, MATCH], minimum_should_match: true } } }],
  ['bool-msm-false-no-should', { query: { bool: { filter: [TERM], minimum_should_match: false } } }],
  // The rescore query is read where it stands in the rescore object.
  [
    'rescore-query-then-unknown',
    { rescore: { window_size: 10, query: { rescore_query: { match: {} } }, missing: 'x' } },
  ],
  ['rescore-query-then-typo', { rescore: { query: { rescore_query: { match: '' } }, window_ize: 10 } }],
  // The rescore query is read where it stands inside the rescorer, before the rescorer's members after it.
  ['rescore-query-refused-then-unknown', { rescore: { query: { rescore_query: { match: 5 }, value: ['a'] } } }],
  ['rescore-query-refused-then-weight', { rescore: { query: { rescore_query: { match: 5 }, query_weight: true } } }],
  ['rescore-unknown-then-query-refused', { rescore: { query: { value: ['a'], rescore_query: { match: 5 } } } }],
  ['rescore-unknown-then-query', { rescore: { missing: 'x', query: { rescore_query: { match: {} } } } }],
  ['rescore-query-then-list', { rescore: { query: { rescore_query: { term: { kw: { x: 1 } } } }, window_size: [1] } }],
  ['collapse-valid', { collapse: { field: 'kw' } }],
  ['collapse-field-array', { collapse: { field: ['kw'] } }],
  ['collapse-field-number', { collapse: { field: 1 } }],
  ['collapse-field-null', { collapse: { field: null } }],
  ['collapse-unknown', { collapse: { field: 'kw', foo: 1 } }],
  ['collapse-near-name', { collapse: { fields: 'kw' } }],
  ['collapse-inner-hits-array', { collapse: { field: 'kw', inner_hits: [{ name: 'a' }] } }],
  ['collapse-max-concurrent-text', { collapse: { field: 'kw', max_concurrent_group_searches: 'x' } }],
  ['docvalue-fields-array-of-object', { docvalue_fields: [[{ field: 'num' }]] }],
  ['docvalue-fields-null', { docvalue_fields: [null] }],
  ['docvalue-fields-number', { docvalue_fields: [1] }],
  ['docvalue-fields-boolean', { docvalue_fields: ['num', true] }],
  ['docvalue-fields-null-then-object', { docvalue_fields: [null, { field: 'num' }] }],
  ['docvalue-fields-format-null', { docvalue_fields: [{ field: 'num', format: null }] }],
  ['docvalue-fields-field-null', { docvalue_fields: [{ field: null }] }],
  ['collapse-field-empty', { collapse: { field: '' } }],
  ['rescore-query-string', { rescore: { window_size: 5, query: 'x' } }],
  ['rescore-query-number', { rescore: { window_size: 5, query: 1 } }],
  ['rescore-query-array', { rescore: { window_size: 5, query: [{ rescore_query: MATCH }] } }],
  ['sort-name-with-rescore', { sort: '_doc', rescore: { window_size: 5, query: { rescore_query: MATCH } } }],
  ['sort-score-with-rescore', { sort: '_score', rescore: { window_size: 5, query: { rescore_query: MATCH } } }],
];

/** An `_msearch` header's options given null. */
const HEADER_NULLS: readonly string[] = [
  'search_type',
  'cancel_after_time_interval',
  'preference',
  'routing',
  'expand_wildcards',
  'allow_partial_search_results',
  'request_cache',
  'ignore_unavailable',
  'allow_no_indices',
  'ignore_throttled',
  'max_concurrent_shard_requests',
  'ccs_minimize_roundtrips',
  'phase_took',
];

/** `function_score`'s entries of `functions`. */
const FUNCTION_ENTRIES: readonly (readonly [string, Json])[] = [
  // An entry is read in order: its function where it stands, a second one refused before it is looked up.
  ['fvf-then-unknown-object', [{ field_value_factor: { field: 'num', missing: 1 }, value: {} }]],
  ['fvf-then-gauss', [{ field_value_factor: { field: 'num', missing: 1 }, gauss: { num: { origin: 0, scale: 1 } } }]],
  ['weight-fvf-then-script', [{ weight: 2, field_value_factor: { field: 'num' }, script_score: { script: '1' } }]],
  ['fvf-bad-option-then-list', [{ field_value_factor: { field: 'num', MISSING: 1 }, order: ['a'] }]],
  ['fvf-bad-option-then-value', [{ filter: { term: { kw: 'a' } }, field_value_factor: { field: 'num', x: 1 }, y: 1 }]],
  ['filter-list-in-list-then-array-entry', [{ filter: [[1]], weight: 2 }, [{ weight: 1 }]]],
  ['filter-list-in-list', [{ filter: [[1]], weight: 2 }]],
  ['weight-list-in-list', [{ filter: TERM, weight: [[2]] }]],
  ['fvf-missing-boolean', [{ field_value_factor: { field: 'num', missing: true } }]],
  ['fvf-factor-boolean', [{ field_value_factor: { field: 'num', factor: false } }]],
  ['fvf-missing-list-boolean', [{ field_value_factor: { field: 'num', missing: [true] } }]],
  ['fvf-then-bad-entry', [{ field_value_factor: { field: 'num', factor: 'x' } }, 5]],
  ['bad-entry-then-fvf', [5, { field_value_factor: { field: 'num', factor: 'x' } }]],
  ['valid', [{ filter: TERM, weight: 2 }, { field_value_factor: { field: 'num', missing: 1 } }]],
  ['weight-alone', [{ weight: 2 }]],
  ['array-inside', [[{ weight: 2 }]]],
  ['string', ['x']],
  ['number', [1]],
  ['null', [null]],
  ['boolean', [true]],
  ['empty-object', [{}]],
  ['filter-alone', [{ filter: TERM }]],
  ['weight-null', [{ filter: TERM, weight: null }]],
  ['filter-string', [{ filter: 'x', weight: 2 }]],
  ['filter-array', [{ filter: [1], weight: 2 }]],
  ['filter-empty-array', [{ filter: [], weight: 2 }]],
  ['unknown-value', [{ weight: 2, foo: 1 }]],
  ['function-string', [{ field_value_factor: 'x' }]],
  ['weight-string', [{ weight: '2' }]],
  ['function-in-list', [{ field_value_factor: [{ field: 'num', missing: 1 }] }]],
  ['weight-in-list', [{ weight: [2] }]],
  ['filter-clause-string', [{ filter: { term: 'x' }, weight: 2 }]],
  ['filter-unknown-clause', [{ filter: { termx: {} }, weight: 2 }]],
  // What a list holds is read under its name, in order: an object as a function, a value as a value.
  ['unknown-list-of-object', [{ weight: 2, foo: [{}] }]],
  ['unknown-list-of-object-alone', [{ foo: [{ a: 1 }] }]],
  ['unknown-list-in-list-of-object', [{ weight: 2, foo: [[{ a: 1 }]] }]],
  ['function-list-value-then-object', [{ gauss: [1, { num: { origin: 1, scale: 1 } }] }]],
  ['weight-list-then-object', [{ weight: [2, {}] }]],
  ['filter-list-of-query', [{ filter: [TERM], weight: 2 }]],
  ['function-list-after-weight', [{ weight: 2, gauss: [{ num: { origin: 1, scale: 1 } }] }]],
  ['function-list-unknown-option', [{ field_value_factor: [{ field: 'num', missing: 1, type: 'x' }] }]],
  // A weight below zero is refused once the entry is read; a filter where it stands, in a list too.
  ['weight-negative-then-unknown', [{ weight: -1, format: true }]],
  ['weight-negative-then-bad-filter', [{ weight: -1, filter: { trm: {} } }]],
  ['weight-negative-then-function', [{ weight: -1, gauss: { num: { origin: 1, scale: 1 } } }]],
  ['filter-list-malformed', [{ filter: [{ term: 1.5 }], weight: 2 }]],
  ['filter-list-unknown', [{ filter: [{ trm: { kw: 'a' } }], weight: 2 }]],
  ['filter-list-in-list-then-malformed', [{ filter: [[TERM], { match: 5 }], weight: 2 }]],
  [
    'bad-filter-then-bad-filter',
    [
      { filter: { match: 5 }, weight: 2 },
      { filter: { trm: {} }, weight: 1 },
    ],
  ],
];

/** The corners of `geo_bounding_box`, each read as a geo point. */
const CORNER = { lat: 41, lon: -71 };
const BOXES: readonly (readonly [string, Json])[] = [
  ['valid', { top_left: CORNER, bottom_right: { lat: 40, lon: -70 } }],
  ['unknown-member', { top_left: CORNER, bottom_right: { lat: 40, lon: -70 }, foo: 1 }],
  ['corner-number', { top_left: 1, bottom_right: { lat: 40, lon: -70 } }],
  ['corner-one-number', { top_left: [1], bottom_right: { lat: 40, lon: -70 } }],
  ['corner-array-of-object', { top_left: [CORNER], bottom_right: { lat: 40, lon: -70 } }],
  ['corner-array', { top_left: [-71, 41], bottom_right: [-70, 40] }],
  ['corner-unknown-member', { top_left: { lat: 41, lon: -71, x: 1 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lat-text', { top_left: { lat: 'x', lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lat-number-text', { top_left: { lat: '41', lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lat-array', { top_left: { lat: [41], lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lon-object', { top_left: { lat: 41, lon: {} }, bottom_right: { lat: 40, lon: -70 } }],
  ['lat-missing', { top_left: { lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lon-missing', { top_left: { lat: 41 }, bottom_right: { lat: 40, lon: -70 } }],
  ['geohash', { top_left: 'dr5r', bottom_right: 'dr5q' }],
  ['lon-boolean', { top_left: { lat: 41, lon: true }, bottom_right: { lat: 40, lon: -70 } }],
];

/** `geo_distance`'s point: an object of `lat`/`lon`/`geohash`, a text (a geohash or `lat,lon`), or an array. */
const POINT = { lat: 40, lon: -70 };
const POINTS: readonly (readonly [string, Json])[] = [
  ['valid', POINT],
  ['unknown-member', { lat: 40, LON: -70 }],
  ['extra-member', { lat: 40, lon: -70, foo: 1 }],
  ['extra-member-object', { lat: 40, lon: -70, foo: {} }],
  ['lat-number-text', { lat: '40', lon: -70 }],
  ['lat-text', { lat: 'x', lon: -70 }],
  ['lat-empty-text', { lat: '', lon: -70 }],
  ['lat-boolean', { lat: true, lon: -70 }],
  ['lat-null', { lat: null, lon: -70 }],
  ['lat-object', { lat: {}, lon: -70 }],
  ['lat-array', { lat: [41], lon: -70 }],
  ['lat-array-of-text', { lat: ['a'], lon: -70 }],
  ['lat-array-of-object', { lat: [{}], lon: -70 }],
  ['lat-array-of-object-last', { lon: -70, lat: [{}] }],
  ['lat-array-number-then-object', { lat: [40, {}], lon: -70 }],
  ['lat-array-of-object-with-member', { lat: [{ a: 1 }], lon: -70 }],
  ['lat-array-object-then-number', { lat: [{}, 40], lon: -70 }],
  ['lon-array-then-object-then-lat', { lon: [-70, {}], lat: 40 }],
  ['lon-object-last', { lat: 40, lon: {} }],
  ['lon-list-inside-text', { lat: 40, lon: [['a']] }],
  ['lon-list-inside', { lat: 40, lon: [[-70]] }],
  ['lon-list-inside-then-text', { lat: 40, lon: [[-70], 'a'] }],
  ['lat-list-inside-empty', { lat: [[]], lon: -70 }],
  ['lat-list-deep', { lat: [[[41]]], lon: -70 }],
  ['lat-list-inside-null', { lat: [[null], 41], lon: -70 }],
  ['lon-missing', { lat: 40 }],
  ['lat-missing', { lon: -70 }],
  ['empty-object', {}],
  ['geohash', { geohash: 'dr5r' }],
  ['geohash-number', { geohash: 1 }],
  ['geohash-bad', { geohash: 'dr5a' }],
  ['geohash-and-lat-lon', { lat: 40, lon: -70, geohash: 'dr5r' }],
  ['geojson', { type: 'Point', coordinates: [-70, 40] }],
  ['lat-out-of-range', { lat: 100, lon: -70 }],
  ['lon-out-of-range', { lat: 40, lon: -200 }],
  ['text-geohash', 'dr5r'],
  ['text-geohash-upper', 'DR5R'],
  ['text-geohash-long', 'dr5rdr5rdr5rdr5r'],
  ['text-bad-symbol', 'dr5a'],
  ['text-empty', ''],
  ['text-negative', '-1'],
  ['text-decimal', '1.5'],
  ['text-lat-lon', '40,-70'],
  ['text-lat-lon-spaces', '40, -70'],
  ['text-lat-lon-bad', 'x,y'],
  ['text-lat-lon-z', '40,-70,5'],
  ['text-four-parts', '1,2,3,4'],
  ['text-lat-lon-empty', '40,'],
  ['number-negative', -1],
  ['number-decimal', 1.5],
  ['number-zero', 0],
  ['number', 5],
  ['boolean', true],
  ['null', null],
  ['array', [-70, 40]],
  ['array-three', [-70, 40, 5]],
];

/** `geo_distance`'s distance. */
const DISTANCES: readonly (readonly [string, Json])[] = [
  ['zero', 0],
  ['zero-text', '0km'],
  ['negative', -1],
  ['negative-text', '-5km'],
  ['text', 'x'],
  ['number-text', '10'],
  ['spaced-unit', '10 km'],
  ['empty', ''],
  ['unknown-unit', '10kmx'],
  ['decimal', '1.5km'],
];

/** More `geo_bounding_box` boxes: the order of the corners and the forms of a corner. */
const MORE_BOXES: readonly (readonly [string, Json])[] = [
  ['top-below-bottom', { top_left: { lat: 0, lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['top-equals-bottom', { top_left: { lat: 40, lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['left-beyond-right', { top_left: { lat: 41, lon: -60 }, bottom_right: { lat: 40, lon: -70 } }],
  ['sides-top-below-bottom', { top: 0, left: -71, bottom: 40, right: -70 }],
  ['corners-top-right', { top_right: { lat: 41, lon: -70 }, bottom_left: { lat: 40, lon: -71 } }],
  ['corners-top-right-below', { top_right: { lat: 0, lon: -70 }, bottom_left: { lat: 40, lon: -71 } }],
  ['lat-null', { top_left: { lat: null, lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
  ['lon-null', { top_left: { lat: 41, lon: null }, bottom_right: { lat: 40, lon: -70 } }],
  ['corner-null', { top_left: null, bottom_right: { lat: 40, lon: -70 } }],
  ['corner-empty-text', { top_left: '', bottom_right: { lat: 40, lon: -70 } }],
  ['corner-empty-object', { top_left: { lat: 41, lon: -71 }, bottom_right: {} }],
  ['corner-boolean', { top_left: true, bottom_right: { lat: 40, lon: -70 } }],
  ['corner-bad-geohash', { top_left: 'dr5a', bottom_right: { lat: 40, lon: -70 } }],
  ['corner-lat-lon-text', { top_left: '41,-71', bottom_right: '40,-70' }],
  ['corner-lat-lon-text-below', { top_left: '0,-71', bottom_right: '40,-70' }],
  ['side-text', { top: 'x', left: -71, bottom: 40, right: -70 }],
  ['side-null', { top: null, left: -71, bottom: 40, right: -70 }],
  ['side-boolean', { top: true, left: -71, bottom: 40, right: -70 }],
  ['wkt', { wkt: 'BBOX (-71, -70, 41, 40)' }],
  ['wkt-below', { wkt: 'BBOX (-71, -70, 0, 40)' }],
];

/** Options read by hand-written parsers and ObjectParsers, given the forms fuzzing found misjudged. */
const OPTION_FORMS: readonly (readonly [string, Json])[] = [
  ['fuzzy-list', { query: { fuzzy: { kw: [{ value: 'abc' }] } } }],
  ['fuzzy-list-of-text', { query: { fuzzy: { kw: ['abc'] } } }],
  ['fuzzy-empty-list', { query: { fuzzy: { kw: [] } } }],
  ['fuzzy-fuzziness-boolean', { query: { fuzzy: { kw: { value: 'abc', fuzziness: true } } } }],
  ['fuzzy-fuzziness-array', { query: { fuzzy: { kw: { value: 'abc', fuzziness: [1] } } } }],
  ['fuzzy-fuzziness-object', { query: { fuzzy: { kw: { value: 'abc', fuzziness: {} } } } }],
  ['fuzzy-fuzziness-null', { query: { fuzzy: { kw: { value: 'abc', fuzziness: null } } } }],
  ['fuzzy-fuzziness-decimal', { query: { fuzzy: { kw: { value: 'abc', fuzziness: 1.5 } } } }],
  ['match-fuzziness-boolean', { query: { match: { text: { query: 'quick', fuzziness: true } } } }],
  ['multi-match-fuzziness-boolean', { query: { multi_match: { query: 'quick', fields: ['text'], fuzziness: false } } }],
  ['nested-score-mode-list', { query: { nested: { path: 'items', query: TERM, score_mode: [1] } } }],
  ['nested-score-mode-list-of-text', { query: { nested: { path: 'items', query: TERM, score_mode: ['avg'] } } }],
  ['nested-score-mode-number', { query: { nested: { path: 'items', query: TERM, score_mode: 1 } } }],
  ['nested-score-mode-boolean', { query: { nested: { path: 'items', query: TERM, score_mode: true } } }],
  ['nested-score-mode-object', { query: { nested: { path: 'items', query: TERM, score_mode: {} } } }],
  ['has-child-score-mode-list', { query: { has_child: { type: 'child', query: TERM, score_mode: ['max'] } } }],
  ['terms-order-empty', { size: 0, aggs: { a: { terms: { field: 'kw', order: {} } } } }],
  ['terms-order-empty-list', { size: 0, aggs: { a: { terms: { field: 'kw', order: [] } } } }],
  ['terms-order-list-empty-object', { size: 0, aggs: { a: { terms: { field: 'kw', order: [{}] } } } }],
  ['histogram-order-empty', { size: 0, aggs: { a: { histogram: { field: 'num', interval: 5, order: {} } } } }],
  ['percents-boolean', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: true } } } }],
  ['percents-text', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: '10s' } } } }],
  ['percents-number-text', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: '50' } } } }],
  ['percents-number', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: 50 } } } }],
  ['percents-null', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: null } } } }],
  ['percents-object', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: {} } } } }],
  ['percents-boolean-inside', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: [50, true] } } } }],
  ['percents-null-inside', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: [50, null] } } } }],
  ['percents-object-inside', { size: 0, aggs: { a: { percentiles: { field: 'num', percents: [50, {}] } } } }],
  ['ranks-values-boolean', { size: 0, aggs: { a: { percentile_ranks: { field: 'num', values: true } } } }],
  ['ranks-values-text', { size: 0, aggs: { a: { percentile_ranks: { field: 'num', values: 'x' } } } }],
  ['ranks-values-number', { size: 0, aggs: { a: { percentile_ranks: { field: 'num', values: 5 } } } }],
  ['ranks-values-boolean-inside', { size: 0, aggs: { a: { percentile_ranks: { field: 'num', values: [5, false] } } } }],
  ['composite-sources-text', { size: 0, aggs: { a: { composite: { sources: 'x' } } } }],
  ['range-ranges-text', { size: 0, aggs: { a: { range: { field: 'num', ranges: 'x' } } } }],
  ['date-range-ranges-text', { size: 0, aggs: { a: { date_range: { field: 'date', ranges: 'x' } } } }],
  ['ip-range-ranges-text', { size: 0, aggs: { a: { ip_range: { field: 'ip', ranges: 'x' } } } }],
  [
    'geo-distance-ranges-text',
    { size: 0, aggs: { a: { geo_distance: { field: 'location', origin: { lat: 0, lon: 0 }, ranges: 'x' } } } },
  ],
  ['multi-terms-terms-text', { size: 0, aggs: { a: { multi_terms: { terms: 'x' } } } }],
  [
    'composite-source-second-name',
    {
      size: 0,
      aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' } }, j: { terms: { field: 'kw' } } }] } } },
    },
  ],
  [
    'composite-source-unknown-type',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { termz: { field: 'kw' } } }] } } } },
  ],
  [
    'composite-source-second-type',
    {
      size: 0,
      aggs: {
        a: { composite: { sources: [{ k: { terms: { field: 'kw' }, histogram: { field: 'num', interval: 5 } } }] } },
      },
    },
  ],
  ['composite-sources-number', { size: 0, aggs: { a: { composite: { sources: 1 } } } }],
  ['composite-sources-boolean', { size: 0, aggs: { a: { composite: { sources: true } } } }],
  ['composite-sources-null', { size: 0, aggs: { a: { composite: { sources: null } } } }],
  ['composite-sources-object', { size: 0, aggs: { a: { composite: { sources: { k: { terms: { field: 'kw' } } } } } } }],
  [
    'composite-source-extra-number',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' } }, foo: 2 }] } } } },
  ],
  [
    'composite-source-extra-text',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' } }, foo: 'x' }] } } } },
  ],
  [
    'composite-source-extra-array',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' } }, missing: [1] }] } } } },
  ],
  [
    'composite-source-extra-object',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' } }, foo: {} }] } } } },
  ],
  [
    'composite-source-inner-order-array',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' }, order: [1] } }] } } } },
  ],
  [
    'composite-source-inner-text',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' }, query: 'x' } }] } } } },
  ],
  [
    'composite-source-inner-number',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' }, boost: 0 } }] } } } },
  ],
  [
    'composite-source-inner-object',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' }, foo: {} } }] } } } },
  ],
  ['rescore-window-null', { rescore: { window_size: null, query: { rescore_query: MATCH } } }],
  ['rescore-window-text', { rescore: { window_size: '5', query: { rescore_query: MATCH } } }],
  ['rescore-window-boolean', { rescore: { window_size: true, query: { rescore_query: MATCH } } }],
  ['rescore-unknown-object', { rescore: { window_size: 5, qery: { rescore_query: MATCH } } }],
  ['rescore-unknown-value', { rescore: { window_size: 5, query: { rescore_query: MATCH }, foo: 1 } }],
  ['rescore-unknown-object-after', { rescore: { window_size: 5, query: { rescore_query: MATCH }, format: {} } }],
  ['rescore-query-unknown', { rescore: { window_size: 5, query: { rescore_query: MATCH, foo: 1 } } }],
  [
    'rescore-unknown-with-collapse',
    { collapse: { field: 'kw' }, rescore: { window_size: 5, query: { rescore_query: MATCH }, format: {} } },
  ],
  [
    'match-phrase-prefix-expansions-long',
    { query: { match_phrase_prefix: { text: { query: 'qui', max_expansions: 2147483648 } } } },
  ],
  ['match-expansions-long', { query: { match: { text: { query: 'quick', max_expansions: 2147483648 } } } }],
  ['fuzzy-expansions-long', { query: { fuzzy: { kw: { value: 'abc', max_expansions: 2147483648 } } } }],
  ['match-phrase-slop-long', { query: { match_phrase: { text: { query: 'quick fox', slop: 2147483648 } } } }],
];

/** A `composite` source's own options, each read by its type's ObjectParser. */
function compositeSource(kind: string, options: { [key: string]: Json }): Json {
  return { size: 0, aggs: { a: { composite: { sources: [{ k: { [kind]: options } }] } } } };
}
const COMPOSITE_OPTIONS: readonly (readonly [string, Json])[] = [
  ['terms-unknown', compositeSource('terms', { field: 'kw', type: 0 })],
  ['terms-near-name', compositeSource('terms', { fields: 'kw' })],
  ['terms-field-number', compositeSource('terms', { field: -1 })],
  ['terms-field-array', compositeSource('terms', { field: ['kw'] })],
  ['terms-field-object', compositeSource('terms', { field: {} })],
  ['terms-field-null', compositeSource('terms', { field: null })],
  ['terms-field-boolean', compositeSource('terms', { field: true })],
  ['terms-missing-bucket-text', compositeSource('terms', { field: 'kw', missing_bucket: 'x' })],
  ['terms-missing-bucket-number', compositeSource('terms', { field: 'kw', missing_bucket: 1 })],
  ['terms-missing-bucket-true-text', compositeSource('terms', { field: 'kw', missing_bucket: 'true' })],
  ['terms-missing-order', compositeSource('terms', { field: 'kw', missing_bucket: true, missing_order: 'last' })],
  ['terms-missing-order-number', compositeSource('terms', { field: 'kw', missing_order: 1 })],
  ['terms-value-type-number', compositeSource('terms', { field: 'kw', value_type: 1 })],
  ['terms-order-number', compositeSource('terms', { field: 'kw', order: 1 })],
  ['terms-script-number', compositeSource('terms', { script: 1 })],
  ['terms-script-text', compositeSource('terms', { script: "doc['kw'].value" })],
  ['terms-interval', compositeSource('terms', { field: 'kw', interval: 5 })],
  ['terms-format', compositeSource('terms', { field: 'kw', format: 'x' })],
  ['histogram-unknown', compositeSource('histogram', { field: 'num', interval: 5, foo: 1 })],
  ['histogram-interval-text', compositeSource('histogram', { field: 'num', interval: 'x' })],
  ['histogram-interval-boolean', compositeSource('histogram', { field: 'num', interval: true })],
  ['histogram-interval-zero', compositeSource('histogram', { field: 'num', interval: 0 })],
  ['histogram-interval-negative', compositeSource('histogram', { field: 'num', interval: -1 })],
  ['histogram-interval-zero-text', compositeSource('histogram', { field: 'num', interval: '0' })],
  ['histogram-interval-fraction', compositeSource('histogram', { field: 'num', interval: 0.5 })],
  ['histogram-interval-negative-then-unknown', compositeSource('histogram', { field: 'num', interval: -2, foo: 1 })],
  ['histogram-format', compositeSource('histogram', { field: 'num', interval: 5, format: '0.0' })],
  ['date-histogram-unknown', compositeSource('date_histogram', { field: 'date', fixed_interval: '1d', foo: 1 })],
  ['date-histogram-near-name', compositeSource('date_histogram', { field: 'date', fixed_intervals: '1d' })],
  ['date-histogram-format', compositeSource('date_histogram', { field: 'date', fixed_interval: '1d', format: 'yyyy' })],
  ['date-histogram-offset', compositeSource('date_histogram', { field: 'date', fixed_interval: '1d', offset: '1h' })],
  ['geotile-unknown', compositeSource('geotile_grid', { field: 'location', foo: 1 })],
  ['geotile-precision', compositeSource('geotile_grid', { field: 'location', precision: 8 })],
  ['range-near-name', { size: 0, aggs: { a: { range: { field: 'num', ranges: [{ tos: 10 }] } } } }],
];

/** More forms fuzzing found: rescore lists, script fields, field boosts, score functions. */
const RESCORE: Json = { window_size: 5, query: { rescore_query: MATCH } };

/** What the aggregation parsers meet after an inner list ends composite's `sources` early: the next item, or more. */
const COMPOSITE_LIST_ENDS: readonly (readonly [string, Json, boolean])[] = [
  ['then-source', [{ k: { terms: { field: 'kw' }, query: [] } }, { j: { terms: { field: 'kw' } } }], false],
  ['then-text', [{ k: { terms: { field: 'kw' }, query: [] } }, 'x'], false],
  ['then-list', [{ k: { terms: { field: 'kw' }, query: [] } }, []], false],
  ['source-inside', [{ k: { terms: { field: 'kw' }, query: [{ j: { terms: { field: 'kw' } } }] } }], false],
  ['sub-aggregation', [{ k: { terms: { field: 'kw' }, query: [] } }], true],
];

const MORE_FORMS: readonly (readonly [string, Json])[] = [
  ['rescore-list-text', { rescore: ['a'] }],
  ['rescore-list-number', { rescore: [1] }],
  ['rescore-list-null', { rescore: [null] }],
  ['rescore-list-text-then-object', { rescore: ['a', RESCORE] }],
  ['rescore-list-two-texts', { rescore: ['a', 'b'] }],
  ['rescore-list-array', { rescore: [[RESCORE]] }],
  ['rescore-list-empty-object', { rescore: [{}] }],
  ['rescore-list-objects', { rescore: [RESCORE, RESCORE] }],
  ['script-fields-script-null', { script_fields: { f: { script: null } } }],
  ['script-fields-unknown-null', { script_fields: { f: { script: { source: '1' }, foo: null } } }],
  [
    'cardinality-precision-negative',
    { size: 0, aggs: { a: { cardinality: { field: 'kw', precision_threshold: -1 } } } },
  ],
  ['cardinality-precision-zero', { size: 0, aggs: { a: { cardinality: { field: 'kw', precision_threshold: 0 } } } }],
  [
    'field-value-factor-field-null',
    { query: { function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { field: null } }] } } },
  ],
  [
    'field-value-factor-no-field',
    { query: { function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { factor: 2 } }] } } },
  ],
  [
    'field-value-factor-field-number',
    { query: { function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { field: 1 } }] } } },
  ],
  // `missing` in a list: the loop steps into lists; a list with no value inside leaves it unset.
  ...(
    [
      ['empty-list', []],
      ['list-inside-empty', [[]]],
      ['list', [5]],
      ['list-inside', [[5]]],
      ['null-in-list', [null]],
    ] satisfies (readonly [string, Json])[]
  ).map(([id, missing]): readonly [string, Json] => [
    `field-value-factor-missing-${id}`,
    { query: { function_score: { field_value_factor: { field: 'nope', missing } } } },
  ]),
  ['multi-match-boost-text', { query: { multi_match: { query: 'quick', fields: ['text^2x'] } } }],
  ['multi-match-boost-empty', { query: { multi_match: { query: 'quick', fields: ['text^'] } } }],
  ['multi-match-boost-decimal', { query: { multi_match: { query: 'quick', fields: ['text^1.5'] } } }],
  ['multi-match-boost-two-carets', { query: { multi_match: { query: 'quick', fields: ['text^2^3'] } } }],
  ['query-string-boost-text', { query: { query_string: { query: 'quick', fields: ['text^2x'] } } }],
  ['simple-query-string-boost-text', { query: { simple_query_string: { query: 'quick', fields: ['text^2x'] } } }],
  ['query-string-default-field-boost', { query: { query_string: { query: 'quick', default_field: 'text^2x' } } }],
  [
    'function-unknown-object',
    { query: { function_score: { query: { match_all: {} }, functions: [{ FILTER: TERM, weight: 2 }] } } },
  ],
  ['functions-object', { query: { function_score: { query: { match_all: {} }, functions: {} } } }],
  ['functions-object-weight', { query: { function_score: { query: { match_all: {} }, functions: { weight: 2 } } } }],
  ['function-score-unknown-function', { query: { function_score: { query: { match_all: {} }, foo_decay: {} } } }],
  ...(
    [
      ['format-object', { field: 'num', missing: 1, format: {} }],
      ['missing-object', { field: 'num', missing: {} }],
      ['field-object', { field: {} }],
      ['field-object-then-more', { field: {}, missing: 1 }],
    ] as const
  ).flatMap(([id, fvf]): (readonly [string, Json])[] => [
    [
      `fvf-in-functions-${id}`,
      { query: { function_score: { query: { match_all: {} }, functions: [{ field_value_factor: fvf }] } } },
    ],
    [`fvf-alone-${id}`, { query: { function_score: { query: { match_all: {} }, field_value_factor: fvf } } }],
  ]),
  [
    'function-weight-text',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: 'x' }] } } },
  ],
  [
    'function-weight-list-text',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: ['a'] }] } } },
  ],
  [
    'function-weight-number-text',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: '2' }] } } },
  ],
  [
    'function-weight-boolean',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: true }] } } },
  ],
  ['function-score-weight-text', { query: { function_score: { query: { match_all: {} }, weight: 'x' } } }],
  ['terms-lookup-empty', { query: { terms: { kw: {} } } }],
  ['terms-lookup-index-only', { query: { terms: { kw: { index: 'conformance' } } } }],
  ['terms-lookup-no-index', { query: { terms: { kw: { id: '1', path: 'kw' } } } }],
  ['terms-lookup-no-path', { query: { terms: { kw: { index: 'conformance', id: '1' } } } }],
  ['terms-lookup-no-id', { query: { terms: { kw: { index: 'conformance', path: 'kw' } } } }],
  ['terms-lookup-blank-id', { query: { terms: { kw: { index: 'conformance', id: '', path: 'kw' } } } }],
  ['terms-lookup-blank-index', { query: { terms: { kw: { index: '', id: '1', path: 'kw' } } } }],
  ['terms-lookup-blank-both', { query: { terms: { kw: { index: '', id: '', path: 'kw' } } } }],
  ['terms-lookup-blank-path', { query: { terms: { kw: { index: 'conformance', id: '1', path: '' } } } }],
  // The lookup's get request names one index, never expanded: no index or alias can be named so.
  ...['conf*', 'conf?', 'conformance,other', 'a b', '-conformance', '+x', '_x', 'x|y', 'a#b', 'a"b', 'a>b', 'a/b'].map(
    (index, i): [string, JsonObject] => [
      `terms-lookup-index-never-${i}`,
      { query: { terms: { kw: { index, id: '1', path: 'kw' } } } },
    ],
  ),
  // A lookup by query (3.x) searches the index, and so expands a wildcard.
  [
    'terms-lookup-index-wildcard-query',
    { query: { terms: { kw: { index: 'conf*', query: { match_all: {} }, path: 'kw' } } } },
  ],
  ['terms-lookup-space-id', { query: { terms: { kw: { index: 'conformance', id: ' ', path: 'kw' } } } }],
  [
    'terms-lookup-blank-id-in-must-not',
    { query: { bool: { must_not: [{ terms: { kw: { index: 'conformance', id: '', path: 'kw' } } }] } } },
  ],
  ['terms-lookup-valid', { query: { terms: { kw: { index: 'conformance', id: '1', path: 'kw' } } } }],
  ['terms-lookup-unknown', { query: { terms: { kw: { ...TERMS_LOOKUP, foo: 1 } } } }],
  [
    'corner-lat-lon-type',
    {
      query: {
        geo_bounding_box: {
          location: { top_left: { lat: 41, lon: -71, type: '' }, bottom_right: { lat: 40, lon: -70 } },
        },
      },
    },
  ],
  [
    'corner-lat-lon-geohash',
    {
      query: {
        geo_bounding_box: {
          location: { top_left: { lat: 41, lon: -71, geohash: 'dr5r' }, bottom_right: { lat: 40, lon: -70 } },
        },
      },
    },
  ],
  [
    'corner-geojson',
    {
      query: {
        geo_bounding_box: {
          location: { top_left: { type: 'Point', coordinates: [-71, 41] }, bottom_right: { lat: 40, lon: -70 } },
        },
      },
    },
  ],
  [
    'corner-type-alone',
    { query: { geo_bounding_box: { location: { top_left: { type: 'Point' }, bottom_right: { lat: 40, lon: -70 } } } } },
  ],
  [
    'corner-coordinates-alone',
    {
      query: {
        geo_bounding_box: { location: { top_left: { coordinates: [-71, 41] }, bottom_right: { lat: 40, lon: -70 } } },
      },
    },
  ],
  [
    'corner-geohash-type',
    {
      query: {
        geo_bounding_box: {
          location: { top_left: { geohash: 'dr5r', type: 'Point' }, bottom_right: { lat: 40, lon: -70 } },
        },
      },
    },
  ],
  [
    'corner-geohash-object',
    {
      query: { geo_bounding_box: { location: { top_left: { geohash: 'drm3' }, bottom_right: { lat: 40, lon: -70 } } } },
    },
  ],
  ['histogram-missing-text', { size: 0, aggs: { a: { histogram: { field: 'num', interval: 5, missing: 'x' } } } }],
  ['avg-missing-text', { size: 0, aggs: { a: { avg: { field: 'num', missing: 'x' } } } }],
  ['avg-missing-number-text', { size: 0, aggs: { a: { avg: { field: 'num', missing: '5' } } } }],
  ['terms-missing-text-num', { size: 0, aggs: { a: { terms: { field: 'num', missing: 'x' } } } }],
  ['avg-missing-text-date', { size: 0, aggs: { a: { avg: { field: 'date', missing: 'x' } } } }],
  // On a date field, `missing` is read with the aggregation's own format when it gives one (a number as its digits).
  ...(
    [
      ['histogram-missing-formatted-good', 'date_histogram', 'dd/MM/yyyy', '01/02/2024'],
      ['histogram-missing-formatted-default-form', 'date_histogram', 'dd/MM/yyyy', '2024-01-02'],
      ['histogram-missing-formatted-number', 'date_histogram', 'yyyy-MM-dd', -1],
      ['histogram-missing-formatted-year', 'date_histogram', 'yyyy', 2024],
      ['max-missing-formatted-good', 'max', 'dd/MM/yyyy', '01/02/2024'],
      ['max-missing-formatted-bad', 'max', 'dd/MM/yyyy', '2024-01-02'],
      ['terms-missing-formatted-good', 'terms', 'yyyy-MM-dd', '2024-01-02'],
      ['terms-missing-formatted-bad', 'terms', 'yyyy-MM-dd', 'x'],
    ] as const
  ).map(([id, type, format, missing]): readonly [string, Json] => [
    id,
    {
      size: 0,
      aggs: {
        a: {
          [type]: { field: 'date', format, missing, ...(type === 'date_histogram' ? { calendar_interval: '1M' } : {}) },
        },
      },
    },
  ]),
  [
    'composite-source-query-list',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: { field: 'kw' }, query: [] } }] } } } },
  ],
  ...COMPOSITE_LIST_ENDS.map(([id, sources, sub]): readonly [string, Json] => [
    `composite-source-list-${id}`,
    {
      size: 0,
      aggs: sub
        ? { t: { terms: { field: 'kw' }, aggs: { a: { composite: { sources } } } } }
        : { a: { composite: { sources }, aggs: { m: { max: { field: 'num' } } } } },
    },
  ]),
  ...(
    [
      ['date-histogram', { date_histogram: { field: 'date', fixed_interval: '1d', min_doc_count: -1 } }],
      ['histogram', { histogram: { field: 'num', interval: 5, min_doc_count: -1 } }],
      ['terms', { terms: { field: 'kw', min_doc_count: -1 } }],
      ['significant-terms', { significant_terms: { field: 'kw', min_doc_count: -1 } }],
      ['significant-text', { significant_text: { field: 'text', min_doc_count: -1 } }],
      ['multi-terms', { multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }], min_doc_count: -1 } }],
      ['terms-shard', { terms: { field: 'kw', shard_min_doc_count: -1 } }],
      ['multi-terms-shard', { multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }], shard_min_doc_count: -1 } }],
      ['significant-terms-shard', { significant_terms: { field: 'kw', shard_min_doc_count: -1 } }],
    ] as (readonly [string, Json])[]
  ).map(([id, agg]): readonly [string, Json] => [`min-doc-count-negative-${id}`, { size: 0, aggs: { a0: agg } }]),
  ['msm-number-decimal', { query: { bool: { must_not: [{ match_all: {} }], minimum_should_match: 1.5 } } }],
  ['msm-number', { query: { bool: { should: [TERM, MATCH], minimum_should_match: 1 } } }],
  ['docvalue-list-object-format-list', { docvalue_fields: ['num', [{ field: 'date', format: ['a'] }]] }],
  ['docvalue-list-object', { docvalue_fields: [[{ field: 'date' }]] }],
  ['composite-sources-object-empty', { size: 0, aggs: { a: { composite: { sources: {} } } } }],
  ['composite-sources-object-bad-type', { size: 0, aggs: { a: { composite: { sources: { k: { termz: {} } } } } } }],
  ['filters-list-number', { size: 0, aggs: { a: { filters: { filters: [1] } } } }],
  ['filters-list-value-then-query', { size: 0, aggs: { a: { filters: { filters: ['x', TERM] } } } }],
  ['filters-list-query-then-value', { size: 0, aggs: { a: { filters: { filters: [TERM, 'x'] } } } }],
  ['filters-list-null', { size: 0, aggs: { a: { filters: { filters: [null] } } } }],
  ['filters-list-list-number', { size: 0, aggs: { a: { filters: { filters: [[1]] } } } }],
  ['filters-list-list-empty', { size: 0, aggs: { a: { filters: { filters: [[]] } } } }],
  ['filters-list-list-query', { size: 0, aggs: { a: { filters: { filters: [[TERM]] } } } }],
  ['filters-list-query-then-list-number', { size: 0, aggs: { a: { filters: { filters: [TERM, [1]] } } } }],
  [
    'corner-geohash-below',
    { query: { geo_bounding_box: { location: { top_left: '10s', bottom_right: { lat: 40, lon: -70 } } } } },
  ],
  [
    'corners-geohash-same-cell',
    { query: { geo_bounding_box: { location: { top_left: 'dr5r', bottom_right: 'dr5r' } } } },
  ],
  [
    'corners-geohash-swapped',
    { query: { geo_bounding_box: { location: { top_left: 'dr5q', bottom_right: 'dr5r' } } } },
  ],
  [
    'corners-geohash-long',
    { query: { geo_bounding_box: { location: { top_left: 'dr5rsjutvnn7', bottom_right: 'dr5rsjutvnn5' } } } },
  ],
  [
    'corner-geohash-object-below',
    {
      query: { geo_bounding_box: { location: { top_left: { geohash: '10s' }, bottom_right: { lat: 40, lon: -70 } } } },
    },
  ],
  [
    'corners-top-right-geohash',
    { query: { geo_bounding_box: { location: { top_right: 'dr5r', bottom_left: 'dr5r' } } } },
  ],
];

/** Dates written as text, read with a format of the request's own. */
const DATE_TEXTS: readonly (readonly [string, string])[] = [
  ['date', '2024-01-01'],
  ['year', '2024'],
  ['month-short', '2024-1-1'],
  ['month-13', '2024-13-01'],
  ['day-32', '2024-01-32'],
  ['trailing', '2024-01-01x'],
  ['math', '2024-01-01||+1d'],
  ['math-bad', '2024-01-01||+1x'],
  ['bad-then-math', 'x||+1d'],
  ['empty', ''],
  ['leading-space', ' 2024-01-01'],
  ['date-time', '2024-01-01T10:20:30'],
  ['date-time-hour-24', '2024-01-01T24:20:30'],
  ['dotted', '01.02.2024'],
  ['dotted-short', '1.2.2024'],
  ['epoch', '1704067200000'],
  ['two-digit-year', '24-01-01'],
  ['five-digit-year', '20245-01-01'],
  ['now-math', 'now-1d/d'],
  ['now-math-bad', 'now-1y/yx'],
];

/** What only the shards refuse, found by fuzzing: sorts on names no index maps, geo fields, value sources, texts. */
const SHARD_FORMS: readonly (readonly [string, Json])[] = [
  ...[
    '_docx',
    '_foo',
    '',
    '_id',
    '_index',
    '_routing',
    '_seq_no',
    '_version',
    '_ignored',
    '_source',
    '_field_names',
    '_doc_count',
    '_data_stream_timestamp',
    '_feature',
    '_nested_path',
    '_primary_term',
    '_type',
    '_size',
    '_tier',
    '_uid',
    '_scorex',
  ].map((name): readonly [string, Json] => [`sort-name-${name === '' ? 'empty' : name}`, { sort: name }]),
  ['sort-object-empty-name', { sort: [{ '': { order: 'asc' } }] }],
  ['sort-docx-unmapped-type', { sort: [{ _docx: { unmapped_type: 'long' } }] }],
  // top_hits and inner_hits build their sort as the search does.
  ['top-hits-sort-empty', { size: 0, aggs: { a: { top_hits: { sort: [''] } } } }],
  [
    'top-hits-sort-empty-unmapped-type',
    { size: 0, aggs: { a: { top_hits: { sort: [{ '': { unmapped_type: 'long' } }] } } } },
  ],
  ['top-hits-sort-routing', { size: 0, aggs: { a: { top_hits: { sort: { _routing: 'asc' } } } } }],
  ['top-hits-sort-source-second', { size: 0, aggs: { a: { top_hits: { sort: ['kw', '_source'] } } } }],
  ['top-hits-sort-id', { size: 0, aggs: { a: { top_hits: { sort: ['_id'] } } } }],
  [
    'top-hits-sort-empty-under-filter',
    { size: 0, aggs: { f: { filter: { term: { kw: 'nothing' } }, aggs: { a: { top_hits: { sort: [''] } } } } } },
  ],
  [
    'inner-hits-sort-empty',
    { query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: { sort: [''] } } } },
  ],
  [
    'inner-hits-sort-ignored',
    { query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: { sort: [{ _ignored: 'desc' }] } } } },
  ],
  [
    'inner-hits-sort-empty-no-match',
    { query: { nested: { path: 'items', query: { term: { 'items.name': 'nothing' } }, inner_hits: { sort: '' } } } },
  ],
  ['geo-distance-unmapped', { query: { geo_distance: { distance: '10km', nowhere: POINT } } }],
  [
    'geo-distance-unmapped-ignored',
    { query: { geo_distance: { distance: '10km', nowhere: POINT, ignore_unmapped: true } } },
  ],
  ['geo-distance-keyword', { query: { geo_distance: { distance: '10km', kw: POINT } } }],
  ['geo-distance-shape', { query: { geo_distance: { distance: '10km', shape: POINT } } }],
  ['geo-box-unmapped', { query: { geo_bounding_box: { nowhere: BOXES[0]![1] } } }],
  ['geo-box-keyword', { query: { geo_bounding_box: { kw: BOXES[0]![1] } } }],
  ['geo-distance-unmapped-bad-lat', { query: { geo_distance: { distance: '10km', nowhere: { lat: 100, lon: 0 } } } }],
  ...(
    [
      ['unmapped', { nowhere: { shape: { type: 'point', coordinates: [1, 2] } } }],
      ['unmapped-ignored', { nowhere: { shape: { type: 'point', coordinates: [1, 2] } }, ignore_unmapped: true }],
      [
        'unmapped-nested',
        {
          items: {
            shape: {
              type: 'envelope',
              coordinates: [
                [0, 5],
                [5, 0],
              ],
            },
          },
        },
      ],
      ['unmapped-ignored-text', { nowhere: { shape: 'POINT (1 2)' }, ignore_unmapped: 'true' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, query]): readonly [string, Json] => [`geo-shape-${id}`, { query: { geo_shape: query } }]),
  ...(
    [
      ['point', { type: 'point', coordinates: [1, 2] }],
      ['point-upper', { type: 'Point', coordinates: [1, 2] }],
      [
        'multipoint',
        {
          type: 'multipoint',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
      [
        'linestring',
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
      [
        'multilinestring',
        {
          type: 'multilinestring',
          coordinates: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
      ],
      [
        'envelope',
        {
          type: 'envelope',
          coordinates: [
            [0, 5],
            [5, 0],
          ],
        },
      ],
      [
        'polygon',
        {
          type: 'polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      ],
      [
        'multipolygon',
        {
          type: 'multipolygon',
          coordinates: [
            [
              [
                [0, 0],
                [1, 0],
                [1, 1],
                [0, 0],
              ],
            ],
          ],
        },
      ],
      ['circle', { type: 'circle', coordinates: [0, 0], radius: '1km' }],
      [
        'collection-polygon-then-line',
        {
          type: 'geometrycollection',
          geometries: [
            {
              type: 'polygon',
              coordinates: [
                [
                  [0, 0],
                  [1, 0],
                  [1, 1],
                  [0, 0],
                ],
              ],
            },
            {
              type: 'linestring',
              coordinates: [
                [0, 0],
                [1, 1],
              ],
            },
            { type: 'point', coordinates: [0, 0] },
          ],
        },
      ],
      ['wkt-point', 'POINT (1 2)'],
      ['wkt-linestring', 'LINESTRING (0 0, 1 1)'],
      ['wkt-bbox', 'BBOX (0, 5, 5, 0)'],
      ['wkt-multipoint-lower', 'multipoint (0 0, 1 1)'],
    ] as (readonly [string, Json])[]
  ).map(([id, shape]): readonly [string, Json] => [
    `geo-shape-on-point-${id}`,
    { query: { geo_shape: { location: { shape } } } },
  ]),
  ...(
    [
      ['geo-origin-zero', 'location', 0, '10km'],
      ['geo-origin-decimal', 'location', 1.5, '10km'],
      ['geo-pivot-seconds', 'location', [2, 1], '10s'],
      ['geo-pivot-unknown-unit', 'location', [2, 1], '10kmx'],
      ['geo-pivot-empty', 'location', [2, 1], ''],
      ['geo-pivot-min', 'location', [2, 1], '10min'],
      ['geo-pivot-plain', 'location', [2, 1], '5'],
      ['geo-pivot-miles', 'location', { lat: 1, lon: 2 }, '10mi'],
      ['geo-pivot-nmi', 'location', { lat: 1, lon: 2 }, '1.5nmi'],
      ['geo-origin-zero-pivot-bad', 'location', 0, 'x'],
      ['date-pivot-unknown', 'date', 'now', 'x'],
      ['date-pivot-km', 'date', 'now', '10km'],
      ['date-pivot-empty', 'date', 'now', ''],
      ['date-pivot-zero', 'date', 'now', '0d'],
      ['date-pivot-minus-one', 'date', 'now', '-1'],
      ['date-pivot-minus-one-day', 'date', 'now', '-1d'],
      ['date-pivot-fraction', 'date', 'now', '1.5d'],
      ['date-pivot-spaced', 'date', 'now', '10 s'],
      ['date-origin-number', 'date', 0, '7d'],
      ['date-origin-text', 'date', '10s', '7d'],
      ['date-origin-date', 'date', '2024-01-01', '7d'],
      ['date-origin-math-bad', 'date', 'now-1x', '7d'],
      ['date-origin-text-pivot-bad', 'date', 'x', 'x'],
      ['date-origin-empty', 'date', '', '7d'],
    ] as (readonly [string, string, Json, string])[]
  ).map(([id, field, origin, pivot]): readonly [string, Json] => [
    `distance-feature-${id}`,
    { query: { distance_feature: { field, origin, pivot } } },
  ]),
  ...(
    [
      ['true', { gte: true }],
      ['decimal', { gte: 1.5 }],
      ['decimal-text', { gte: '1.5' }],
      ['whole-decimal-text', { gte: '1.0' }],
      ['text', { gte: 'x' }],
      ['number-text', { gte: '5' }],
      ['beyond-int', { gte: 2147483648 }],
      ['beyond-int-text', { gte: '2147483648' }],
      ['beyond-int-exponent', { lte: 2.5e9 }],
      ['empty', { gte: '' }],
      ['exponent', { gte: 1e3 }],
      ['upper-decimal', { gte: 1, lte: -1.5 }],
      ['upper-text-after-good', { gt: 1, lt: 'x' }],
      ['order-inclusive', { gte: 5, lte: 1 }],
      ['order-exclusive-equal', { gt: 1, lt: 1 }],
      ['order-exclusive-near', { gt: 1, lt: 2 }],
      ['order-equal', { gte: 1, lte: 1 }],
      ['order-texts', { gte: '5', lte: '1' }],
      ['order-from-to', { from: 5, to: 1 }],
      ['order-within', { gte: 5, lte: 1, relation: 'within' }],
      ['order-negative', { gte: -1, lt: -3 }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, bounds]): readonly [string, Json] => [`range-field-${id}`, { query: { range: { int_range: bounds } } }]),
  ...(
    [
      ['operator', 'now-1y/yx'],
      ['unit', 'now+1x'],
      ['truncated', 'now-'],
      ['good', 'now-1d/d'],
      ['date-then-math', '2024-01-01||+1x'],
    ] as const
  ).flatMap(([id, text]): (readonly [string, Json])[] => [
    [`now-math-range-${id}`, { query: { range: { date: { gte: text, format: 'yyyy-MM-dd' } } } }],
    [
      `now-math-date-range-${id}`,
      { size: 0, aggs: { a: { date_range: { field: 'date', format: 'yyyy-MM-dd', ranges: [{ to: text }] } } } },
    ],
  ]),
  ...(['yyyy-MM-dd', "yyyy-MM-dd'T'HH:mm:ss", 'dd.MM.yyyy||epoch_millis'] as const).flatMap((format, f) =>
    DATE_TEXTS.map(([id, text]): readonly [string, Json] => [
      `date-format-${f}-${id}`,
      { query: { range: { date: { gte: text, format } } } },
    ]),
  ),
  ...(
    [
      ['yyyy', '2024'],
      ['yyyy', '2024-01'],
      ['yyyy/MM/dd', '2024/01/01'],
      ['yyyy/MM/dd', '2024-01-01'],
      ['yyyy-MM-dd HH:mm', '2024-01-01 10:20'],
      ['yyyy-MM-dd HH:mm', '2024-01-01T10:20'],
      ['MM/dd/yyyy', '01/02/2024'],
      ['MM/dd/yyyy', '2024-01-02'],
      ['yyyy-MM-dd HH:mm:ss.SSS', '2024-01-01 10:20:30.123'],
      ['yyyy-MM-dd HH:mm:ss.SSS', '2024-01-01 10:20:30.12'],
      ['yyyyMMdd', '20240101'],
      ['yyyy-MM-dd', '2024-02-29'],
      ['yyyy-MM-dd', '2023-02-29'],
      ['HH:mm', '10:20'],
      ['yyyy-MM', '2024-01'],
      ['yyyy-MM', '2024-1'],
      ['yyyy-MM-dd||yyyy', '2024'],
      ['yyyy-MM-dd||yyyy', '2024-01'],
    ] as const
  ).map(([format, text], i): readonly [string, Json] => [
    `date-format-pair-${i}`,
    { query: { range: { date: { lte: text, format } } } },
  ]),
  // Pattern fields written next to each other, with no literal between (Java's adjacent value parsing).
  ...(
    [
      ['yyyyMMdd', '2024-01-01'],
      ['yyyyMMdd', '2024011'],
      ['yyyyMMdd', '202401011'],
      ['yyyyMMdd', '20241301'],
      ['yyyyMMdd', '20240132'],
      ['yyyyMMdd', '20240230'],
      ['yyyyMMdd', '2024O101'],
      ['yyyyMMddHHmmss', '20240101102030'],
      ['yyyyMMddHHmmss', '20240101252030'],
      ['yyyyMMddHHmmss', '20240101106030'],
      ['yyyyMMdd HHmm', '20240101 1020'],
      ['yyyyMMdd HHmm', '20240101 102'],
      ['yyyyMMdd HHmm', '20240101T1020'],
      ['HHmm', '1020'],
      ['HHmm', '102'],
      ['HHmmss', '102030'],
      ['MMdd', '0101'],
      ['MMdd', '1301'],
      ['yyyyMM', '202401'],
      ['yyyyMM', '2024010'],
      ['ddMMyyyy', '01012024'],
      ['ddMMyyyy', '010120245'],
      ['ddMMyyyy', '0101202'],
      ['MMyyyydd', '01202402'],
      ['yyyyMMdd||epoch_millis', '20240101'],
      ['yyyyMMdd||epoch_millis', '2024-01-01'],
      ['epoch_millis||yyyyMMdd', '20240101'],
      ["yyyyMMdd'T'HHmmss", '20240101T102030'],
      ["yyyyMMdd'T'HHmmss", '20240101T1020301'],
      ['yyyyMMddHHmmssSSS', '20240101102030123'],
      ['yyyyMMddHHmmss.SSS', '20240101102030.123'],
      ['uuuu-MM-dd', '2024-01-01'],
      ['uuuu-MM-dd', '24-01-01'],
      ['uuuuMMdd', '20240101'],
      // The text ends before a letter not judged here: every letter reads at least one character.
      ['yyyy-MM-ddx', '2024-01-01'],
      ['yyyy-MM-ddXXX', '2024-01-01'],
      ['yyyy-MM-dd HH:mm z', '2024-01-01 10:00'],
      ['yyyy-MM-dd EEE', '2024-01-01'],
      ['yyyy-MM-dd MMM', '2024-01-01 '],
      ['yyyy-MM-ddXXX', '2024-01-01+01:00'],
      ['yyyy-MM-dd HH:mm z', '2024-01-01 10:00 UTC'],
      ['yyyy-MM-ddx', '2024-13-01'],
    ] as const
  ).map(([format, text], i): readonly [string, Json] => [
    `date-format-adjacent-${i}`,
    { query: { range: { date: { lte: text, format } } } },
  ]),
  // Each bound of a range query: the upper ones are read by the parser that rounds up, with defaults for the fields
  // a pattern leaves out.
  ...(['gte', 'gt', 'lte', 'lt', 'from', 'to'] as const).flatMap((bound) =>
    (
      [
        ['month', 'yyyy-MM-dd', '2024-13-01'],
        ['day', 'yyyy-MM-dd', '2024-01-32'],
        ['leap', 'yyyy-MM-dd', '2023-02-29'],
        ['adjacent-month', 'yyyyMMdd', '20241301'],
        ['no-year-month', 'MM-dd', '13-01'],
        ['year-month', 'yyyy-MM', '2024-13'],
        ['hour', 'yyyy-MM-dd HH', '2024-01-01 25'],
        ['april-31', 'yyyy-MM-dd', '2024-04-31'],
        ['february-30', 'yyyy-MM-dd', '2024-02-30'],
        ['adjacent-leap', 'yyyyMMdd', '20230229'],
        ['no-year-leap', 'MM-dd', '02-29'],
        ['uuuu-month', 'uuuu-MM-dd', '2024-13-01'],
        ['uuuu-leap', 'uuuu-MM-dd', '2023-02-29'],
      ] as const
    ).map(([id, format, text]): readonly [string, Json] => [
      `date-format-bound-${bound}-${id}`,
      { query: { range: { date: { [bound]: text, format } } } },
    ]),
  ),
  ...(['from', 'to'] as const).flatMap((bound) =>
    (
      [
        ['month', 'yyyy-MM-dd', '2024-13-01'],
        ['adjacent-month', 'yyyyMMdd', '20241301'],
        ['year-month', 'yyyy-MM', '2024-13'],
        ['leap', 'yyyy-MM-dd', '2023-02-29'],
        ['april-31', 'yyyy-MM-dd', '2024-04-31'],
      ] as const
    ).map(([id, format, text]): readonly [string, Json] => [
      `date-format-agg-bound-${bound}-${id}`,
      { size: 0, aggs: { a: { date_range: { field: 'date', format, ranges: [{ [bound]: text }] } } } },
    ]),
  ),
  ...(
    [
      ['yyyyMMdd', '20240101'],
      ['yyyyMMdd', '2024-01-01'],
      ['yyyyMMdd', '20241301'],
    ] as const
  ).map(([format, text], i): readonly [string, Json] => [
    `date-format-agg-adjacent-${i}`,
    { size: 0, aggs: { a: { date_range: { field: 'date', format, ranges: [{ from: text }] } } } },
  ]),
  ...(
    [
      ['decimal', 1.5, 'yyyy-MM-dd'],
      ['negative', -1, 'yyyy-MM-dd'],
      ['year', 2024, 'yyyy'],
      ['year-decimal', 2024.7, 'yyyy'],
      ['epoch', 1704067200000, 'yyyy-MM-dd||epoch_millis'],
      ['small', 5, 'dd.MM.yyyy||epoch_millis'],
    ] as const
  ).map(([id, gte, format]): readonly [string, Json] => [
    `date-format-number-${id}`,
    { query: { range: { date: { gte, format } } } },
  ]),
  ...(
    [
      ['decimal', 1.5, 'yyyy-MM-dd'],
      ['year', 2024, 'yyyy'],
      ['year-decimal', 2024.7, 'yyyy'],
      ['negative-decimal', -1.5, 'yyyy-MM-dd'],
    ] as const
  ).map(([id, from, format]): readonly [string, Json] => [
    `date-format-agg-number-${id}`,
    { size: 0, aggs: { a: { date_range: { field: 'date', format, ranges: [{ from }] } } } },
  ]),
  ...(
    [
      ['num', 'num', [1, {}]],
      ['num-members', 'num', [{ a: 1 }]],
      ['ip', 'ip', [{ a: 1 }]],
      ['kw', 'kw', [{}, 'a']],
      ['num-bad-first', 'num', ['x', {}]],
    ] as (readonly [string, string, Json])[]
  ).map(([id, field, values]): readonly [string, Json] => [
    `terms-object-on-${id}`,
    { query: { terms: { [field]: values } } },
  ]),
  // `missing` on a geo_point field, read as a point (mappingRules.ts).
  ...(
    [
      ['centroid-negative', { geo_centroid: { field: 'location', missing: -1 } }],
      ['centroid-letter', { geo_centroid: { field: 'location', missing: 'a' } }],
      ['centroid-words', { geo_centroid: { field: 'location', missing: 'x,y' } }],
      ['centroid-empty', { geo_centroid: { field: 'location', missing: '' } }],
      ['centroid-pair', { geo_centroid: { field: 'location', missing: '1, 2' } }],
      ['centroid-digit', { geo_centroid: { field: 'location', missing: 5 } }],
      ['centroid-boolean', { geo_centroid: { field: 'location', missing: true } }],
      ['centroid-wkt', { geo_centroid: { field: 'location', missing: 'POINT (1 2)' } }],
      [
        'distance-negative',
        { geo_distance: { field: 'location', origin: '1, 2', ranges: [{ to: 100 }], missing: -1 } },
      ],
      ['bounds-letter', { geo_bounds: { field: 'location', missing: 'a' } }],
      ['grid-letter', { geohash_grid: { field: 'location', missing: 'a' } }],
      ['count-letter', { value_count: { field: 'location', missing: 'a' } }],
    ] as (readonly [string, Json])[]
  ).map(([id, agg]): readonly [string, Json] => [`geo-missing-${id}`, { size: 0, aggs: { a: agg } }]),
  // The range aggregations on a field no index maps (mappingRules.ts).
  ...(
    [
      ['range-agg-unmapped-text', { range: { field: 'numx', ranges: [{ from: '10s' }] } }],
      ['range-agg-unmapped-number-text', { range: { field: 'numx', ranges: [{ to: '10' }] } }],
      ['range-agg-unmapped-two', { range: { field: 'numx', ranges: [{ from: 'x', to: 'y' }] } }],
      ['range-agg-unmapped-format', { range: { field: 'numx', format: '0.0', ranges: [{ from: '10s' }] } }],
      ['range-agg-mapped-text', { range: { field: 'num', ranges: [{ from: '10s' }] } }],
      ['range-agg-unmapped-date-text', { date_range: { field: 'numx', ranges: [{ from: '10s' }] } }],
      ['range-agg-unmapped-date-math', { date_range: { field: 'numx', ranges: [{ from: 'now-1d' }] } }],
      [
        'range-agg-unmapped-date-format',
        { date_range: { field: 'numx', format: 'yyyy-MM-dd', ranges: [{ to: 'x' }] } },
      ],
      [
        'range-agg-unmapped-date-format-good',
        { date_range: { field: 'numx', format: 'yyyy-MM-dd', ranges: [{ to: '2024-01-01' }] } },
      ],
    ] as (readonly [string, Json])[]
  ).map(([id, agg]): readonly [string, Json] => [id, { size: 0, aggs: { a: agg } }]),
  ...DATE_TEXTS.slice(0, 8).map(([id, text]): readonly [string, Json] => [
    `date-format-agg-${id}`,
    { size: 0, aggs: { a: { date_range: { field: 'date', format: 'yyyy-MM-dd', ranges: [{ from: text }] } } } },
  ]),
  ...['kw', 'ip', 'flag', 'num', 'date'].map((field): readonly [string, Json] => [
    `multi-terms-format-on-${field}`,
    { size: 0, aggs: { a: { multi_terms: { terms: [{ field: 'text.raw' }, { field, format: 'x' }] } } } },
  ]),
  ...(
    [
      ['histogram', { date_histogram: { field: 'datex', calendar_interval: 'day', format: 'now-1d' } }],
      ['histogram-empty', { date_histogram: { field: 'datex', calendar_interval: 'day', format: '' } }],
      ['histogram-good', { date_histogram: { field: 'datex', calendar_interval: 'day', format: 'yyyy-MM-dd' } }],
      [
        'histogram-missing',
        { date_histogram: { field: 'datex', calendar_interval: 'day', format: 'now-1d', missing: '2024-01-01' } },
      ],
      ['range', { date_range: { field: 'datex', format: 'now-1d', ranges: [{ to: 'now' }] } }],
      ['auto', { auto_date_histogram: { field: 'datex', format: 'now-1d' } }],
      ['number-histogram', { histogram: { field: 'datex', interval: 1, format: 'now-1d' } }],
      ['terms', { terms: { field: 'datex', format: 'now-1d' } }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, agg]): readonly [string, Json] => [`date-agg-format-unmapped-${id}`, { size: 0, aggs: { a: agg } }]),
  ...(
    [
      ['weight-text', { weighted_avg: { value: { field: 'num' }, weight: { field: 'price', missing: 'x' } } }],
      ['value-true', { weighted_avg: { value: { field: 'num', missing: true }, weight: { field: 'price' } } }],
      ['value-date', { weighted_avg: { value: { field: 'date', missing: 'x' }, weight: { field: 'price' } } }],
      ['value-number-text', { weighted_avg: { value: { field: 'num', missing: '5' }, weight: { field: 'price' } } }],
      ['terms-text', { multi_terms: { terms: [{ field: 'kw' }, { field: 'num', missing: 'x' }] } }],
      ['terms-keyword', { multi_terms: { terms: [{ field: 'kw', missing: 'x' }, { field: 'num' }] } }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, agg]): readonly [string, Json] => [`config-missing-${id}`, { size: 0, aggs: { a: agg } }]),
  ['range-field-term-decimal', { query: { term: { int_range: 1.5 } } }],
  ['range-field-term-text', { query: { term: { int_range: 'x' } } }],
  ['range-field-terms-decimal', { query: { terms: { int_range: [1, 2.5] } } }],
  ...(
    [
      [
        'not-terms',
        { span_not: { include: { span_term: { text: 'quick' } }, exclude: { span_term: { texts: 'fox' } } } },
      ],
      [
        'not-same',
        { span_not: { include: { span_term: { text: 'quick' } }, exclude: { span_term: { text: 'fox' } } } },
      ],
      [
        'not-near',
        {
          span_not: {
            include: { span_near: { clauses: [{ span_term: { text: 'quick' } }], slop: 1 } },
            exclude: { span_term: { texts: 'fox' } },
          },
        },
      ],
      [
        'not-multi',
        {
          span_not: {
            include: { span_multi: { match: { prefix: { text: { value: 'qu' } } } } },
            exclude: { span_term: { texts: 'fox' } },
          },
        },
      ],
      [
        'not-masking',
        {
          span_not: {
            include: { field_masking_span: { query: { span_term: { texts: 'quick' } }, field: 'text' } },
            exclude: { span_term: { text: 'fox' } },
          },
        },
      ],
      [
        'not-dist',
        { span_not: { include: { span_term: { text: 'quick' } }, exclude: { span_term: { texts: 'fox' } }, dist: 1 } },
      ],
      [
        'containing-terms',
        { span_containing: { big: { span_term: { text: 'quick' } }, little: { span_term: { texts: 'fox' } } } },
      ],
      [
        'within-terms',
        { span_within: { big: { span_term: { text: 'quick' } }, little: { span_term: { texts: 'fox' } } } },
      ],
      [
        'within-same',
        { span_within: { big: { span_term: { text: 'quick' } }, little: { span_term: { text: 'fox' } } } },
      ],
      [
        'containing-first',
        {
          span_containing: {
            big: { span_first: { match: { span_term: { texts: 'quick' } }, end: 2 } },
            little: { span_term: { text: 'fox' } },
          },
        },
      ],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, query]): readonly [string, Json] => [`span-pair-${id}`, { query }]),
  ['composite-terms-empty', { size: 0, aggs: { a: { composite: { sources: [{ k: { terms: {} } }] } } } }],
  ...[-1, -5, 1].map((size): readonly [string, Json] => [
    `composite-size-${size}`,
    { size: 0, aggs: { a: { composite: { size, sources: [{ k: { terms: { field: 'kw' } } }] } } } },
  ]),
  [
    'composite-histogram-no-field',
    { size: 0, aggs: { a: { composite: { sources: [{ k: { histogram: { interval: 5 } } }] } } } },
  ],
  ['terms-no-field', { size: 0, aggs: { a: { terms: {} } } }],
  ['avg-no-field', { size: 0, aggs: { a: { avg: {} } } }],
  ...['50%x', 'x', '2<-25%x', '1.5', '', '-1', '2<', '<2'].flatMap((msm): (readonly [string, Json])[] => [
    [`msm-bool-${msm}`, { query: { bool: { should: [TERM, MATCH], minimum_should_match: msm } } }],
    [`msm-bool-no-should-${msm}`, { query: { bool: { filter: [TERM], minimum_should_match: msm } } }],
    [`msm-match-${msm}`, { query: { match: { text: { query: 'quick fox', minimum_should_match: msm } } } }],
    [
      `msm-terms-set-${msm}`,
      {
        query: {
          terms_set: {
            kw: { terms: ['a', 'b'], minimum_should_match_script: { source: '1' }, minimum_should_match: msm },
          },
        },
      },
    ],
    [`msm-query-string-${msm}`, { query: { query_string: { query: 'quick fox', minimum_should_match: msm } } }],
  ]),
  ['docvalue-date-format-empty', { docvalue_fields: [{ field: 'date', format: '' }] }],
  ['docvalue-date-format-bad', { docvalue_fields: [{ field: 'date', format: 'epoch_millisx' }] }],
  ['docvalue-num-format-bad', { docvalue_fields: [{ field: 'num', format: 'epoch_millisx' }] }],
  ['docvalue-kw-format', { docvalue_fields: [{ field: 'kw', format: 'x' }] }],
  ['fields-date-format-bad', { fields: [{ field: 'date', format: 'epoch_millisx' }] }],
  [
    'span-near-two-fields',
    { query: { span_near: { clauses: [{ span_term: { text: 'quick' } }, { span_term: { kw: 'fox' } }], slop: 1 } } },
  ],
  [
    'span-or-two-fields',
    { query: { span_or: { clauses: [{ span_term: { text: 'quick' } }, { span_term: { kw: 'fox' } }] } } },
  ],
  // A rewrite method is read only where the query is built: prefix, wildcard and fuzzy build none on an unmapped field.
  ...(['prefix', 'wildcard', 'fuzzy', 'regexp'] as const).flatMap((clause): (readonly [string, Json])[] => [
    [`rewrite-${clause}-unmapped`, { query: { [clause]: { KW: { value: 'ab', rewrite: '0' } } } }],
    [`rewrite-${clause}-mapped`, { query: { [clause]: { kw: { value: 'ab', rewrite: '0' } } } }],
  ]),
  ['rewrite-prefix-unmapped-size', { query: { prefix: { KW: { value: 'ab', rewrite: 'top_terms_1x' } } } }],
  // A term written as a number or a boolean, as Lucene writes the term Jackson read.
  ...(
    [
      ['integer', 0],
      ['decimal', 1.5],
      ['long', 25000000000],
      ['small', 1e-7],
      ['boolean', true],
      ['object-value', { value: 7 }],
    ] satisfies (readonly [string, Json])[]
  ).map(([id, term]): readonly [string, Json] => [
    `span-near-two-fields-${id}`,
    { query: { span_near: { clauses: [{ span_term: { tet: 'quick' } }, { span_term: { text: term } }], slop: 1 } } },
  ]),
  // The nested query's loop passes over the brackets of its path's lists, and of lists inside them: the last name counts.
  ...(
    [
      ['list-in-list-number', [[1]]],
      ['list-in-list', [['items']]],
      ['list-number', [1]],
      ['list-last-counts', ['a', 'items']],
      ['list-last-in-list', [['items'], ['nope']]],
    ] as (readonly [string, Json])[]
  ).map(([id, name]): readonly [string, Json] => [
    `nested-path-${id}`,
    { query: { nested: { path: name, query: { match_all: {} } } } },
  ]),
  // Names written as numbers, read as their text as written.
  ...[1.5, 10, true, ''].flatMap((name): (readonly [string, Json])[] => [
    [`nested-path-${String(name)}`, { query: { nested: { path: name, query: { match_all: {} } } } }],
    [`has-child-type-${String(name)}`, { query: { has_child: { type: name, query: { match_all: {} } } } }],
    [`has-parent-type-${String(name)}`, { query: { has_parent: { parent_type: name, query: { match_all: {} } } } }],
    [
      `terms-set-field-${String(name)}`,
      { query: { terms_set: { kw: { terms: ['a'], minimum_should_match_field: name } } } },
    ],
  ]),
  // A sort's `missing` the field's type reads as a value of its own.
  ...(
    [
      ['date', 'now-1d'],
      ['date', '2024-01-01'],
      ['date', '1704067200000'],
      ['date', 1704067200000],
      ['date', '_last'],
      ['num', 'x'],
      ['num', '1.5'],
      ['num', 1.5],
      ['num', '_first'],
      ['num', ''],
      ['price', 'x'],
      ['price', '1e3'],
      ['price', ''],
      ['price', ' 1.5 '],
      ['price', true],
      ['num', '+5'],
      ['num', ' 5'],
      ['num', true],
      ['kw', 'x'],
      ['kw', 5],
      ['flag', 'x'],
      ['flag', 'true'],
      ['ip', 'x'],
      ['ip', '10.0.0.1'],
    ] satisfies (readonly [string, Json])[]
  ).map(([field, missing]): readonly [string, Json] => [
    `sort-missing-${field}-${typeof missing === 'number' ? `number-${missing}` : missing}`,
    { size: 0, sort: [{ [field]: { order: 'desc', missing } }] },
  ]),
  // A geo query on each other kind of field the conformance index maps: the shard names the field's type by its Java
  // object.
  ...[
    'text',
    'text.raw',
    'num',
    'price',
    'date',
    'flag',
    'ip',
    'items',
    'relation',
    'pagerank',
    'topics',
    'query',
    'int_range',
  ].flatMap((field): (readonly [string, Json])[] => [
    [`geo-distance-field-${field}`, { query: { geo_distance: { distance: '10km', [field]: POINT } } }],
    [`geo-box-field-${field}`, { query: { geo_bounding_box: { [field]: BOXES[0]![1] } } }],
  ]),
  // `match`'s minimum_should_match is read only when the analysed text makes more than one term.
  ...['x', '2<-25%x', '3<x', '50%x', '1'].flatMap((msm): (readonly [string, Json])[] => [
    [
      `msm-match-and-${msm}`,
      { query: { match: { text: { query: 'quick fox', operator: 'and', minimum_should_match: msm } } } },
    ],
    [`msm-match-one-term-${msm}`, { query: { match: { text: { query: 'quick', minimum_should_match: msm } } } }],
    [
      `msm-match-three-terms-${msm}`,
      { query: { match: { text: { query: 'quick brown fox', minimum_should_match: msm } } } },
    ],
    [`msm-match-no-term-${msm}`, { query: { match: { text: { query: '', minimum_should_match: msm } } } }],
    [`msm-match-keyword-${msm}`, { query: { match: { kw: { query: 'quick fox', minimum_should_match: msm } } } }],
    [
      `msm-match-sub-keyword-${msm}`,
      { query: { match: { 'text.raw': { query: 'quick fox', minimum_should_match: msm } } } },
    ],
    [
      `msm-match-keyword-analyzer-${msm}`,
      { query: { match: { text: { query: 'quick fox', analyzer: 'keyword', minimum_should_match: msm } } } },
    ],
    [
      `msm-match-standard-analyzer-${msm}`,
      { query: { match: { text: { query: 'Quick FOX', analyzer: 'standard', minimum_should_match: msm } } } },
    ],
    [
      `msm-match-fuzzy-${msm}`,
      { query: { match: { text: { query: 'quick fox', fuzziness: 1, minimum_should_match: msm } } } },
    ],
    [
      `msm-match-spaces-${msm}`,
      { query: { match: { text: { query: '  quick \t fox  ', minimum_should_match: msm } } } },
    ],
    [
      `msm-match-upper-and-${msm}`,
      { query: { match: { text: { query: 'quick fox', operator: 'AND', minimum_should_match: msm } } } },
    ],
  ]),
  ...[1.5, 2, 1e1].map((msm): readonly [string, Json] => [
    `msm-match-number-${msm}`,
    { query: { match: { text: { query: 'quick fox', minimum_should_match: msm } } } },
  ]),
];

/** Objects read as the text `{` inside the lists of other readers: the early end meets the list. */
const RANGE_EARLY: Json = { range: { num: { gte: {}, lte: 10 } } };
const EARLY_ENDS: readonly (readonly [string, Json])[] = [
  ['bool-filter-range-then-bound', { query: { bool: { filter: [RANGE_EARLY] } } }],
  ['bool-filter-range-last', { query: { bool: { filter: [{ range: { num: { gte: {} } } }] } } }],
  ['bool-filter-range-then-query', { query: { bool: { filter: [{ range: { num: { gte: {} } } }, TERM] } } }],
  ['bool-must-term-value', { query: { bool: { must: [{ term: { kw: { value: {} } } }] } } }],
  ['bool-must-term-value-then-boost', { query: { bool: { must: [{ term: { kw: { value: {}, boost: 2 } } }] } } }],
  ['bool-should-range-members', { query: { bool: { should: [{ range: { num: { gte: { a: 1 }, lte: 10 } } }] } } }],
  ['dis-max-range-last', { query: { dis_max: { queries: [{ range: { num: { gte: {} } } }] } } }],
  ['bool-nested-bool-range', { query: { bool: { must: [{ bool: { filter: [{ range: { num: { gte: {} } } }] } }] } } }],
  ['filters-agg-range', { size: 0, aggs: { a: { filters: { filters: [{ range: { num: { gte: {} } } }] } } } }],
];

/** Bucket orders by path (`InternalOrder`), empty tag lists and list bounds on dates, read when the shards run. */
const AVG_NUM: Json = { avg: { field: 'num' } };
/** The fields of the conformance index, one of each mapped type (`text.raw` is a keyword like `kw`). */
const FIELD_OF_EACH_TYPE = [
  'date',
  'flag',
  'int_range',
  'ip',
  'kw',
  'location',
  'num',
  'pagerank',
  'price',
  'query',
  'relation',
  'shape',
  'text',
  'topics',
];

/** Each aggregation that reads a field, with what else it needs (a histogram keeps to the buckets it fills). */
const FIELD_AGGREGATIONS: readonly (readonly [string, (field: string) => Json])[] = [
  ...[
    'avg',
    'sum',
    'min',
    'max',
    'stats',
    'extended_stats',
    'value_count',
    'cardinality',
    'percentiles',
    'median_absolute_deviation',
    'terms',
    'rare_terms',
    'significant_terms',
    'auto_date_histogram',
    'variable_width_histogram',
    'missing',
    'geo_bounds',
    'geo_centroid',
    'geohash_grid',
    'geotile_grid',
  ].map((type): readonly [string, (field: string) => Json] => [type, (field) => ({ [type]: { field } })]),
  ['percentile_ranks', (field) => ({ percentile_ranks: { field, values: [1] } })],
  ['histogram', (field) => ({ histogram: { field, interval: 5, min_doc_count: 1 } })],
  ['date_histogram', (field) => ({ date_histogram: { field, fixed_interval: '1h', min_doc_count: 1 } })],
  ['range', (field) => ({ range: { field, ranges: [{ to: 10 }] } })],
  ['date_range', (field) => ({ date_range: { field, ranges: [{ to: 'now' }] } })],
  ['ip_range', (field) => ({ ip_range: { field, ranges: [{ to: '10.0.0.5' }] } })],
  ['geo_distance', (field) => ({ geo_distance: { field, origin: '40,-70', ranges: [{ to: 100 }] } })],
];

/** A value each field of the conformance index reads. */
const VALUE_OF: Readonly<Record<string, string>> = {
  date: '2024-01-01',
  flag: 'true',
  int_range: '5',
  ip: '10.0.0.1',
  kw: 'a',
  location: 'a',
  num: '5',
  pagerank: '1',
  price: '5',
  query: 'a',
  relation: 'parent',
  shape: 'a',
  text: 'quick',
  topics: 'a',
};

/** Each query that reads a field, given a value the field reads where it takes one. */
const FIELD_QUERIES: readonly (readonly [string, (field: string, value: string) => Json])[] = [
  ['term', (field, value) => ({ term: { [field]: value } })],
  ['terms', (field, value) => ({ terms: { [field]: [value] } })],
  ['match', (field, value) => ({ match: { [field]: value } })],
  ['match_phrase', (field, value) => ({ match_phrase: { [field]: value } })],
  ['match_phrase_prefix', (field, value) => ({ match_phrase_prefix: { [field]: value } })],
  ['match_bool_prefix', (field, value) => ({ match_bool_prefix: { [field]: value } })],
  ['prefix', (field) => ({ prefix: { [field]: 'a' } })],
  ['wildcard', (field) => ({ wildcard: { [field]: 'a*' } })],
  ['regexp', (field) => ({ regexp: { [field]: 'a.*' } })],
  ['fuzzy', (field, value) => ({ fuzzy: { [field]: value } })],
  ['range', (field, value) => ({ range: { [field]: { gte: value } } })],
  ['exists', (field) => ({ exists: { field } })],
  ['span_term', (field, value) => ({ span_term: { [field]: value } })],
  ['multi_match', (field, value) => ({ multi_match: { query: value, fields: [field] } })],
  ['multi_match_phrase', (field, value) => ({ multi_match: { query: value, fields: [field], type: 'phrase' } })],
  ['query_string', (field) => ({ query_string: { query: `${field}:a*` } })],
  ['simple_query_string', (field) => ({ simple_query_string: { query: 'a*', fields: [field] } })],
  ['intervals', (field) => ({ intervals: { [field]: { match: { query: 'a' } } } })],
  [
    'terms_set',
    (field, value) => ({ terms_set: { [field]: { terms: [value], minimum_should_match_script: { source: '1' } } } }),
  ],
  ['distance_feature', (field) => ({ distance_feature: { field, pivot: '1d', origin: 'now' } })],
  ['rank_feature', (field) => ({ rank_feature: { field } })],
  ['combined_fields', (field) => ({ combined_fields: { query: 'a', fields: [field] } })],
];

/** Two options of one aggregation refused: the one written first is read first. */
const AGGREGATION_ORDERS: readonly (readonly [string, Json])[] = [
  ['terms-size-then-order', { terms: { field: 'kw', size: 0, order: { _count: [1] } } }],
  ['terms-order-then-size', { terms: { field: 'kw', order: { _count: [1] }, size: 0 } }],
  ['terms-shard-size-then-order', { terms: { field: 'kw', shard_size: 0, order: { _count: 'x' } } }],
  ['terms-min-doc-count-then-order', { terms: { field: 'kw', min_doc_count: -1, order: { _key: 'x' } } }],
  ['terms-hint-then-size', { terms: { field: 'kw', execution_hint: 'bogus', size: 0 } }],
  ['terms-size-then-hint', { terms: { field: 'kw', size: -1, execution_hint: 'bogus' } }],
  ['multi-terms-size-then-order', { multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }], size: 0, order: 1 } }],
  [
    'date-histogram-fixed-then-order',
    { date_histogram: { field: 'date', fixed_interval: '1x', order: { _count: 'sideways' } } },
  ],
  [
    'date-histogram-order-then-fixed',
    { date_histogram: { field: 'date', order: { _count: 'sideways' }, fixed_interval: '1x' } },
  ],
  [
    'date-histogram-calendar-then-time-zone',
    { date_histogram: { field: 'date', calendar_interval: 'fortnight', time_zone: 'bogus' } },
  ],
  [
    'date-histogram-min-doc-count-then-order',
    { date_histogram: { field: 'date', fixed_interval: '1h', min_doc_count: -1, order: { _key: 'x' } } },
  ],
  ['histogram-interval-then-order', { histogram: { field: 'num', interval: -1, order: { _key: 'x' } } }],
  ['histogram-order-then-interval', { histogram: { field: 'num', order: { _key: 'x' }, interval: -1 } }],
  ['rare-terms-max-then-precision', { rare_terms: { field: 'kw', max_doc_count: 0, precision: 0 } }],
];

const ORDER_PATHS: readonly (readonly [string, Json])[] = [
  ['terms-unknown-key', { size: 0, aggs: { a: { terms: { field: 'kw', order: { _counts: 'desc' } } } } }],
  ['terms-upper-count', { size: 0, aggs: { a: { terms: { field: 'kw', order: { _COUNT: 'desc' } } } } }],
  ['terms-term', { size: 0, aggs: { a: { terms: { field: 'kw', order: { _term: 'asc' } } } } }],
  ['terms-sub', { size: 0, aggs: { a: { terms: { field: 'kw', order: { m: 'desc' } }, aggs: { m: AVG_NUM } } } }],
  [
    'terms-sub-missing',
    { size: 0, aggs: { a: { terms: { field: 'kw', order: { nope: 'desc' } }, aggs: { m: AVG_NUM } } } },
  ],
  [
    'terms-sub-value',
    { size: 0, aggs: { a: { terms: { field: 'kw', order: { 'm.value': 'desc' } }, aggs: { m: AVG_NUM } } } },
  ],
  [
    'terms-list-unknown',
    { size: 0, aggs: { a: { terms: { field: 'kw', order: [{ _count: 'desc' }, { _x: 'asc' }] } } } },
  ],
  [
    'histogram-unknown-key',
    { size: 0, aggs: { a: { histogram: { field: 'num', interval: 5, order: { _counts: 'desc' } } } } },
  ],
  ['histogram-key', { size: 0, aggs: { a: { histogram: { field: 'num', interval: 5, order: { _key: 'desc' } } } } }],
  ['pre-tags-empty', { query: MATCH, highlight: { fields: { text: {} }, pre_tags: [], post_tags: ['</b>'] } }],
  ['post-tags-empty', { query: MATCH, highlight: { fields: { text: {} }, pre_tags: ['<b>'], post_tags: [] } }],
  ['both-tags-empty', { query: MATCH, highlight: { fields: { text: {} }, pre_tags: [], post_tags: [] } }],
  ['field-pre-tags-empty', { query: MATCH, highlight: { fields: { text: { pre_tags: [], post_tags: ['</b>'] } } } }],
  [
    'pre-tags-empty-size-zero',
    { size: 0, query: MATCH, highlight: { fields: { text: {} }, pre_tags: [], post_tags: ['</b>'] } },
  ],
  ['terms-order-null', { size: 0, aggs: { a: { terms: { field: 'kw', order: { _count: null } } } } }],
  ['terms-order-list-number', { size: 0, aggs: { a: { terms: { field: 'kw', order: [1] } } } }],
  ['terms-order-list-text', { size: 0, aggs: { a: { terms: { field: 'kw', order: ['a'] } } } }],
  [
    'terms-order-list-object-then-number',
    { size: 0, aggs: { a: { terms: { field: 'kw', order: [{ _count: 'desc' }, 1] } } } },
  ],
  ['terms-size-negative', { size: 0, aggs: { a: { terms: { field: 'kw', size: -1 } } } }],
  ['terms-size-zero', { size: 0, aggs: { a: { terms: { field: 'kw', size: 0 } } } }],
  ['sqs-flags-beyond-int', { query: { simple_query_string: { query: 'quick', flags: 2147483648 } } }],
  ['mpp-max-expansions-negative', { query: { match_phrase_prefix: { text: { query: 'qui', max_expansions: -1 } } } }],
  ['match-max-expansions-negative', { query: { match: { text: { query: 'quick', max_expansions: -1 } } } }],
  ['match-max-expansions-zero', { query: { match: { text: { query: 'quick', max_expansions: 0 } } } }],
  ['mpp-max-expansions-zero', { query: { match_phrase_prefix: { text: { query: 'qui', max_expansions: 0 } } } }],
  [
    'fvf-null-member',
    {
      query: {
        function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { field: 'num', type: null } }] },
      },
    },
  ],
  [
    'fvf-missing-list-text',
    {
      query: {
        function_score: {
          query: { match_all: {} },
          functions: [{ field_value_factor: { field: 'num', missing: ['a'] } }],
        },
      },
    },
  ],
  ['terms-two-lists-inside', { query: { terms: { kw: [['a'], ['b']] } } }],
  [
    'function-weight-negative',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: -1 }] } } },
  ],
  [
    'function-weight-negative-alone',
    { query: { function_score: { query: { match_all: {} }, functions: [{ weight: -1 }] } } },
  ],
  [
    'function-weight-negative-with-function',
    {
      query: {
        function_score: { query: { match_all: {} }, functions: [{ field_value_factor: { field: 'num' }, weight: -2 }] },
      },
    },
  ],
  ['function-score-weight-negative', { query: { function_score: { query: { match_all: {} }, weight: -1 } } }],
  [
    'function-weight-negative-text',
    { query: { function_score: { query: { match_all: {} }, functions: [{ filter: TERM, weight: '-1' }] } } },
  ],
  ['date-range-list-bound', { query: { range: { date: { gte: ['a'] } } } }],
  ['date-range-empty-list-bound', { query: { range: { date: { lte: [] } } } }],
];

/**
 * A bucket aggregation of each kind, as the parent of another: what each makes of one bucket it is given (one, or
 * many, by its ranges and filters too), and whether a `composite` may sit under it.
 */
const BUCKET_PARENTS: readonly (readonly [string, JsonObject])[] = [
  ['terms', { terms: { field: 'kw' } }],
  ['multi-terms', { multi_terms: { terms: [{ field: 'kw' }, { field: 'num' }] } }],
  ['rare-terms', { rare_terms: { field: 'kw' } }],
  ['significant-terms', { significant_terms: { field: 'kw', min_doc_count: 1 } }],
  ['histogram', { histogram: { field: 'num', interval: 10 } }],
  ['date-histogram', { date_histogram: { field: 'date', calendar_interval: 'day' } }],
  ['auto-date-histogram', { auto_date_histogram: { field: 'date', buckets: 3 } }],
  ['variable-width', { variable_width_histogram: { field: 'num', buckets: 2 } }],
  ['range-one', { range: { field: 'num', ranges: [{ to: 10 }] } }],
  ['range-two', { range: { field: 'num', ranges: [{ to: 10 }, { from: 10 }] } }],
  ['date-range-one', { date_range: { field: 'date', ranges: [{ to: 'now' }] } }],
  ['date-range-two', { date_range: { field: 'date', ranges: [{ to: 'now' }, { from: 'now' }] } }],
  ['ip-range-one', { ip_range: { field: 'ip', ranges: [{ mask: '10.0.0.0/24' }] } }],
  ['ip-range-two', { ip_range: { field: 'ip', ranges: [{ to: '10.0.0.5' }, { from: '10.0.0.5' }] } }],
  ['geo-distance-one', { geo_distance: { field: 'location', origin: '1,2', ranges: [{ to: 100 }] } }],
  ['geo-distance-two', { geo_distance: { field: 'location', origin: '1,2', ranges: [{ to: 1 }, { from: 1 }] } }],
  ['filter', { filter: { term: { kw: 'a' } } }],
  ['filters-one', { filters: { filters: { a: { term: { kw: 'a' } } } } }],
  ['filters-one-listed', { filters: { filters: [{ term: { kw: 'a' } }] } }],
  ['filters-one-other', { filters: { filters: { a: { term: { kw: 'a' } } }, other_bucket: true } }],
  ['filters-one-other-false', { filters: { filters: [{ term: { kw: 'a' } }], other_bucket: false } }],
  ['filters-one-other-key', { filters: { filters: [{ term: { kw: 'a' } }], other_bucket_key: 'o' } }],
  [
    'filters-one-other-key-false',
    { filters: { filters: [{ term: { kw: 'a' } }], other_bucket_key: 'o', other_bucket: false } },
  ],
  ['filters-two', { filters: { filters: { a: { term: { kw: 'a' } }, b: { term: { kw: 'b' } } } } }],
  ['adjacency-one', { adjacency_matrix: { filters: { a: { term: { kw: 'a' } } } } }],
  ['missing', { missing: { field: 'price' } }],
  ['global', { global: {} }],
  ['nested', { nested: { path: 'items' } }],
  ['sampler', { sampler: { shard_size: 10 } }],
  ['diversified-sampler', { diversified_sampler: { field: 'kw' } }],
  ['children', { children: { type: 'child' } }],
  ['parent', { parent: { type: 'child' } }],
  ['composite', { composite: { sources: [{ k: { terms: { field: 'kw' } } }] } }],
  ['geohash-grid', { geohash_grid: { field: 'location' } }],
  ['geotile-grid', { geotile_grid: { field: 'location' } }],
  [
    'scripted-metric',
    { scripted_metric: { map_script: 'state.x = 1', combine_script: 'return 1', reduce_script: 'return 1' } },
  ],
  ['geo-bounds', { geo_bounds: { field: 'location' } }],
];

/** Aggregations that ask something of those that enclose them. */
const PLACED_CHILDREN: readonly (readonly [string, Json])[] = [
  ['composite', { composite: { sources: [{ k: { terms: { field: 'kw' } } }] } }],
  ['variable-width', { variable_width_histogram: { field: 'num', buckets: 2 } }],
];

/** Two enclosing aggregations, the outer first. */
const PARENT_CHAINS: readonly (readonly [string, JsonObject, JsonObject])[] = [
  ['terms-filter', { terms: { field: 'kw' } }, { filter: { match_all: {} } }],
  ['filter-terms', { filter: { match_all: {} } }, { terms: { field: 'kw' } }],
  ['nested-reverse-nested', { nested: { path: 'items' } }, { reverse_nested: {} }],
  ['nested-filter', { nested: { path: 'items' } }, { filter: { match_all: {} } }],
  ['filter-missing', { filter: { match_all: {} } }, { missing: { field: 'price' } }],
  ['global-filter', { global: {} }, { filter: { match_all: {} } }],
  ['terms-nested', { terms: { field: 'kw' } }, { nested: { path: 'items' } }],
  [
    'range-one-filters-one',
    { range: { field: 'num', ranges: [{ to: 5 }] } },
    { filters: { filters: [{ match_all: {} }] } },
  ],
  ['histogram-global', { histogram: { field: 'num', interval: 10 } }, { global: {} }],
];

/**
 * The metric aggregations, and significant_text: which take sub-aggregations, and (the metrics) which may start a
 * sibling pipeline's path.
 */
const METRIC_PARENTS: readonly (readonly [string, JsonObject])[] = [
  ['avg', { avg: { field: 'num' } }],
  ['weighted-avg', { weighted_avg: { value: { field: 'num' }, weight: { field: 'price' } } }],
  ['geo-centroid', { geo_centroid: { field: 'location' } }],
  ['geo-bounds', { geo_bounds: { field: 'location' } }],
  ['matrix-stats', { matrix_stats: { fields: ['num'] } }],
  ['multivalue-doc-count', { multivalue_doc_count: { field: 'kw' } }],
  [
    'scripted-metric',
    { scripted_metric: { map_script: 'state.x = 1', combine_script: 'return 1', reduce_script: 'return 1' } },
  ],
  ['top-hits', { top_hits: { size: 1 } }],
  ['significant-text', { significant_text: { field: 'text' } }],
];

/** Queries with inner hits: which a search gathers together, whose names must then differ. */
const NESTED_HITS: JsonObject = { nested: { path: 'items', query: { match_all: {} }, inner_hits: {} } };
const CHILD_HITS: JsonObject = { has_child: { type: 'child', query: { match_all: {} }, inner_hits: {} } };
const PARENT_HITS: JsonObject = { has_parent: { parent_type: 'parent', query: { match_all: {} }, inner_hits: {} } };
function isObjectJson(value: Json): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
function namedHits(name: Json, query: Json = { match_all: {} }): JsonObject {
  return { nested: { path: 'items', query, inner_hits: { name } } };
}
const INNER_HITS_NAMES: readonly (readonly [string, JsonObject])[] = [
  ['bool-must-filter', { query: { bool: { must: [NESTED_HITS], filter: [NESTED_HITS] } } }],
  ['bool-must-must-not', { query: { bool: { must: [NESTED_HITS], must_not: [NESTED_HITS] } } }],
  ['bool-should-should', { query: { bool: { should: [NESTED_HITS, NESTED_HITS] } } }],
  ['bool-should-object', { query: { bool: { should: NESTED_HITS, filter: NESTED_HITS } } }],
  ['bool-inside-bool', { query: { bool: { filter: [NESTED_HITS], should: [{ bool: { filter: [NESTED_HITS] } }] } } }],
  [
    'bool-must-not-inside',
    { query: { bool: { should: [NESTED_HITS], must_not: [{ bool: { should: [NESTED_HITS] } }] } } },
  ],
  ['query-post-filter', { query: NESTED_HITS, post_filter: NESTED_HITS }],
  ['query-post-filter-must-not', { query: NESTED_HITS, post_filter: { bool: { must_not: [NESTED_HITS] } } }],
  [
    'constant-score',
    { query: { bool: { must: [{ constant_score: { filter: NESTED_HITS } }], should: [NESTED_HITS] } } },
  ],
  ['dis-max', { query: { dis_max: { queries: [NESTED_HITS, NESTED_HITS] } } }],
  [
    'function-score-query',
    { query: { bool: { must: [{ function_score: { query: NESTED_HITS } }], should: [NESTED_HITS] } } },
  ],
  [
    'function-score-filter',
    { query: { function_score: { query: NESTED_HITS, functions: [{ filter: NESTED_HITS, weight: 2 }] } } },
  ],
  ['boosting', { query: { boosting: { positive: NESTED_HITS, negative: NESTED_HITS, negative_boost: 0.5 } } }],
  [
    'script-score',
    {
      query: {
        bool: { must: [{ script_score: { query: NESTED_HITS, script: { source: '1' } } }], should: [NESTED_HITS] },
      },
    },
  ],
  [
    'has-child-without-hits-holding-two',
    { query: { has_child: { type: 'child', query: { bool: { should: [NESTED_HITS, NESTED_HITS] } } } } },
  ],
  ['nested-with-hits-holding-two', { query: namedHits('o', { bool: { should: [NESTED_HITS, NESTED_HITS] } }) }],
  [
    'has-child-holding-one-of-its-name',
    { query: { has_child: { type: 'child', query: NESTED_HITS, inner_hits: { name: 'items' } } } },
  ],
  [
    'nested-holding-one-beside-one',
    { query: { bool: { should: [{ nested: { path: 'items', query: NESTED_HITS, inner_hits: {} } }, NESTED_HITS] } } },
  ],
  [
    'has-child-holding-two',
    {
      query: { has_child: { type: 'child', query: { bool: { should: [NESTED_HITS, NESTED_HITS] } }, inner_hits: {} } },
    },
  ],
  ['has-child-twice', { query: { bool: { should: [CHILD_HITS, CHILD_HITS] } } }],
  ['has-parent-twice', { query: { bool: { should: [PARENT_HITS, PARENT_HITS] } } }],
  ['named-as-child-type', { query: { bool: { should: [namedHits('child'), CHILD_HITS] } } }],
  ['names-differ', { query: { bool: { should: [namedHits('a'), NESTED_HITS] } } }],
  ['same-name', { query: { bool: { should: [namedHits('a'), namedHits('a')] } } }],
  ['name-null', { query: { bool: { should: [namedHits(null), NESTED_HITS] } } }],
  ['rescore', { query: NESTED_HITS, rescore: { query: { rescore_query: NESTED_HITS } } }],
  ['collapse-named-as-path', { query: NESTED_HITS, collapse: { field: 'kw', inner_hits: { name: 'items' } } }],
  ['filter-aggregation', { query: NESTED_HITS, aggs: { f: { filter: NESTED_HITS } } }],
  [
    'ignore-unmapped',
    {
      query: {
        bool: {
          should: [
            NESTED_HITS,
            { nested: { path: 'items', query: { match_all: {} }, inner_hits: {}, ignore_unmapped: true } },
          ],
        },
      },
    },
  ],
];

/** A query's and a collapse's `inner_hits`, as InnerHitBuilder's parser reads them. */
const INNER_HITS_OPTIONS: readonly (readonly [string, Json])[] = [
  [
    'valid',
    {
      size: '2',
      _source: 'kw',
      docvalue_fields: [1],
      fields: ['kw'],
      sort: [{ kw: 'asc' }],
      highlight: { fields: { kw: {} } },
    },
  ],
  ['size-negative', { size: -1 }],
  ['from-negative', { from: -1 }],
  ['size-float', { size: 1.5 }],
  ['size-text', { size: '2' }],
  ['size-text-float', { size: '1.5' }],
  ['from-not-a-number', { from: 'x' }],
  ['size-null', { size: null }],
  ['size-true', { size: true }],
  ['size-huge', { size: 3000000000 }],
  ['explain-yes', { explain: 'yes' }],
  ['explain-true-text', { explain: 'true' }],
  ['explain-number', { explain: 1 }],
  ['ignore-unmapped-number', { ignore_unmapped: 1 }],
  ['name-number', { name: 1 }],
  ['name-null', { name: null }],
  ['name-empty', { name: '' }],
  ['stored-fields-number', { stored_fields: 1 }],
  ['stored-fields-list-number', { stored_fields: [1] }],
  ['docvalue-fields-text', { docvalue_fields: 'kw' }],
  ['docvalue-fields-object', { docvalue_fields: { field: 'kw' } }],
  ['fields-number-item', { fields: [true] }],
  ['script-fields-list', { script_fields: [] }],
  ['script-fields-number', { script_fields: { a: 1 } }],
  ['source-text', { _source: 'kw' }],
  ['source-number', { _source: 1 }],
  ['source-unknown', { _source: { bogus: 1 } }],
  ['sort-text', { sort: 'kw' }],
  ['sort-number-item', { sort: [1] }],
  ['sort-object', { sort: { kw: 'asc' } }],
  ['sort-bad-order', { sort: [{ kw: 'up' }] }],
  ['highlight-list', { highlight: [] }],
  ['highlight-unknown', { highlight: { bogus: 1 } }],
  ['collapse', { collapse: { field: 'kw' } }],
  ['unknown', { sizes: 1 }],
  ['query', { query: {} }],
  ['unknown-after-refused', { size: 'x', bogus: 1 }],
];

/** Clauses that only a shard refuses, in a query the coordinating node may rewrite away. */
const SHARD_REFUSED: readonly (readonly [string, JsonObject])[] = [
  ['span-fields', { span_or: { clauses: [{ span_term: { text: 'quick' } }, { span_term: { kw: 'a' } }] } }],
  ['date-math', { range: { date: { gte: 'now-1x' } } }],
  ['number-text', { term: { num: 'x' } }],
  ['analyzer', { match: { text: { query: 'quick', analyzer: 'nope' } } }],
];
const NOTHING: JsonObject = { match_none: {} };
/** Where a clause that matches nothing stands, beside the refused one. */
const REWRITES: readonly (readonly [string, (bad: JsonObject) => JsonObject])[] = [
  ['alone', (bad) => bad],
  ['filter-none', (bad) => ({ bool: { filter: [NOTHING], must: [bad] } })],
  ['must-none-should', (bad) => ({ bool: { must: NOTHING, should: [bad] } })],
  ['should-none', (bad) => ({ bool: { should: [NOTHING], must: [bad] } })],
  ['must-not-none', (bad) => ({ bool: { must_not: [NOTHING], must: [bad] } })],
  ['inner-bool-in-must', (bad) => ({ bool: { must: [{ bool: { filter: [NOTHING] } }], must_not: [bad] } })],
  ['inner-bool-in-should', (bad) => ({ bool: { should: [{ bool: { filter: [NOTHING] } }], must: [bad] } })],
  ['inner-bool-holding', (bad) => ({ bool: { should: [{ bool: { filter: [NOTHING], must: [bad] } }] } })],
  ['beside-inner-bool', (bad) => ({ bool: { should: [{ bool: { filter: [NOTHING] } }, bad] } })],
  ['terms-empty', (bad) => ({ bool: { filter: [{ terms: { kw: [] } }], must: [bad] } })],
  ['terms-empty-boost', (bad) => ({ bool: { filter: [{ terms: { kw: [], boost: 2 } }], must: [bad] } })],
  ['ids-empty', (bad) => ({ bool: { filter: [{ ids: { values: [] } }], should: [bad] } })],
  ['constant-score', (bad) => ({ bool: { must: [{ constant_score: { filter: NOTHING } }], should: [bad] } })],
  ['dis-max', (bad) => ({ dis_max: { queries: [{ bool: { filter: [NOTHING], must: [bad] } }] } })],
  ['exists-unmapped', (bad) => ({ bool: { filter: [{ exists: { field: 'nope' } }], should: [bad] } })],
  ['term-unmapped', (bad) => ({ bool: { filter: [{ term: { nope: 'a' } }], should: [bad] } })],
  ['bad-first', (bad) => ({ bool: { must: [bad], filter: [NOTHING] } })],
  // With neither must nor filter, should clauses that all match nothing: whatever must_not holds.
  ['only-should-none', (bad) => ({ bool: { should: [NOTHING], must_not: [bad] } })],
  ['should-all-none', (bad) => ({ bool: { should: [NOTHING, { terms: { kw: [] } }], must_not: [bad] } })],
  ['should-none-empty-must', (bad) => ({ bool: { must: [], should: NOTHING, must_not: [bad] } })],
  ['should-none-beside-bad', (bad) => ({ bool: { should: [NOTHING, bad] } })],
  ['inner-should-none', (bad) => ({ bool: { must: [{ bool: { should: [NOTHING] } }], should: [bad] } })],
];

/** The term and phrase suggesters, each with its options, and what their loops and builders refuse. */
const TERM_SUGGESTER: JsonObject = { field: 'text', suggest_mode: 'always', max_edits: 2 };
const PHRASE_SUGGESTER: JsonObject = { field: 'text', size: 1, gram_size: 1, direct_generator: [{ field: 'text' }] };
const SUGGESTER_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  term: [
    'analyzer',
    'field',
    'size',
    'shard_size',
    'suggest_mode',
    'accuracy',
    'sort',
    'string_distance',
    'max_edits',
    'max_inspections',
    'max_term_freq',
    'prefix_length',
    'min_word_length',
    'min_doc_freq',
  ],
  phrase: [
    'analyzer',
    'field',
    'size',
    'shard_size',
    'real_word_error_likelihood',
    'confidence',
    'separator',
    'max_errors',
    'gram_size',
    'force_unigrams',
    'token_limit',
    'direct_generator',
    'highlight',
  ],
};
const SUGGESTER_VALUES: readonly (readonly [string, Json])[] = [
  ['text', 'x'],
  ['empty', ''],
  ['number', 1.5],
  ['zero', 0],
  ['true', true],
  ['null', null],
  ['object', {}],
  ['list', [1]],
  ['empty-list', []],
];
function suggestion(kind: string, options: JsonObject, extra: JsonObject = {}): JsonObject {
  return { suggest: { s: { text: 'quik fox', [kind]: options, ...extra } } };
}
const SUGGEST_FORMS: readonly (readonly [string, JsonObject])[] = [
  ['term', suggestion('term', TERM_SUGGESTER)],
  ['phrase', suggestion('phrase', PHRASE_SUGGESTER)],
  ...Object.entries(SUGGESTER_OPTIONS).flatMap(([kind, options]) =>
    options.flatMap((option) =>
      SUGGESTER_VALUES.map(([id, value]): [string, JsonObject] => [
        `${kind}-${option}-${id}`,
        suggestion(kind, { ...(kind === 'term' ? TERM_SUGGESTER : PHRASE_SUGGESTER), [option]: value }),
      ]),
    ),
  ),
  // A setter takes each value as the loop reads it: its refusal comes before a member refused after it, and after one
  // refused before it; the shard size only when each shard builds the suggester.
  ['order-phrase-size-then-generator', suggestion('phrase', { field: 'text', size: 0, direct_generator: {} })],
  ['order-phrase-generator-then-size', suggestion('phrase', { field: 'text', direct_generator: {}, size: 0 })],
  [
    'order-phrase-gram-size-then-generator',
    suggestion('phrase', { field: 'text', gram_size: -1, direct_generator: [{ field: ['text'] }] }),
  ],
  ['order-phrase-confidence-then-unknown', suggestion('phrase', { field: 'text', confidence: -1, foo: 1 })],
  ['order-term-max-edits-then-object', suggestion('term', { field: 'text', max_edits: 5, foo: {} })],
  ['order-term-object-then-max-edits', suggestion('term', { field: 'text', foo: {}, max_edits: 5 })],
  ['order-term-shard-size-then-max-edits', suggestion('term', { field: 'text', shard_size: 0, max_edits: 5 })],
  ['order-term-mode-then-unknown', suggestion('term', { field: 'text', suggest_mode: 'sometimes', mx: 1 })],
  ['term-unknown', suggestion('term', { ...TERM_SUGGESTER, mx_edits: 2 })],
  ['phrase-unknown', suggestion('phrase', { ...PHRASE_SUGGESTER, foo: 1 })],
  ['term-no-field', suggestion('term', { suggest_mode: 'always' })],
  ['phrase-no-field', suggestion('phrase', { size: 1 })],
  ['term-max-edits-3', suggestion('term', { ...TERM_SUGGESTER, max_edits: 3 })],
  ['term-suggest-mode-number', suggestion('term', { ...TERM_SUGGESTER, suggest_mode: 2147483648 })],
  [
    'phrase-generators-two',
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [{ field: 'text' }, { field: 'kw' }] }),
  ],
  [
    'phrase-generator-then-number',
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [{ field: 'text' }, 1] }),
  ],
  [
    'phrase-generator-number-then-object',
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [1, { field: 'text' }] }),
  ],
  [
    'phrase-generator-list-in-list',
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [[{ field: 'text' }]] }),
  ],
  ['phrase-generator-empty-list-in-list', suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [[]] })],
  ['phrase-generator-null', suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [null] })],
  // The generators' loop and the suggester's loop take turns over the list's tokens (suggest.ts).
  ...(
    [
      ['list-in-list-in-list', [[[{ field: 'text' }]]]],
      ['generator-then-empty-list', [{ field: 'text' }, []]],
      ['empty-list-then-generator', [[], { field: 'text' }]],
      ['number-then-list-then-number', [1, [{ field: 'text' }], 2]],
      ['lists-then-unknown', [[{ field: 'text' }], [{ fieldx: 'text' }]]],
      ['number-then-list-then-end', [1, [{ field: 'text' }]]],
      ['null-then-list-unknown', [null, [{ fieldx: 'text' }]]],
    ] as (readonly [string, Json])[]
  ).map(([id, generators]): [string, JsonObject] => [
    `phrase-generators-${id}`,
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: generators }),
  ]),
  [
    'phrase-generator-unknown',
    suggestion('phrase', { ...PHRASE_SUGGESTER, direct_generator: [{ field: 'text', value: 1 }] }),
  ],
  ['phrase-smoothing', suggestion('phrase', { ...PHRASE_SUGGESTER, smoothing: { laplace: { alpha: 0.5 } } })],
  ['phrase-collate', suggestion('phrase', { ...PHRASE_SUGGESTER, collate: { query: { source: '{"match_all":{}}' } } })],
  ['phrase-other-object', suggestion('phrase', { ...PHRASE_SUGGESTER, bogus: {} })],
  ['suggestion-unknown-value', suggestion('term', TERM_SUGGESTER, { foo: 1 })],
  ['suggestion-null', suggestion('term', TERM_SUGGESTER, { foo: null })],
  ['suggestion-list-of-value', { suggest: { s: { text: 'quik', term: [1] } } }],
  ['suggestion-list-of-suggester', { suggest: { s: { text: 'quik', term: [TERM_SUGGESTER] } } }],
  ['suggestion-empty-list', { suggest: { s: { text: 'quik', term: [] } } }],
  ['suggestion-text-list', { suggest: { s: { text: ['quik'], term: TERM_SUGGESTER } } }],
  ['suggestion-unknown-suggester', { suggest: { s: { text: 'quik', termz: TERM_SUGGESTER } } }],
  ['suggestion-no-suggester', { suggest: { s: { text: 'quik' } } }],
  ['suggestion-suggester-null', { suggest: { s: { text: 'quik', term: null } } }],
  ['suggest-text-object', { suggest: { text: {}, s: { term: TERM_SUGGESTER } } }],
  ['suggest-value', { suggest: { s: 'x' } }],
  ['suggest-null', { suggest: { text: 'quik', s: null } }],
  ['suggest-list', { suggest: { text: 'quik', s: [] } }],
  ['suggest-text-number', { suggest: { text: 1, s: { term: TERM_SUGGESTER } } }],
  ['suggest-no-text', { suggest: { s: { term: TERM_SUGGESTER } } }],
];

/** Each intervals rule with each of its parameters given a value of each kind. */
const INTERVAL_RULE_BASES: Readonly<Record<string, JsonObject>> = {
  match: { query: 'quick' },
  prefix: { prefix: 'qu' },
  wildcard: { pattern: 'qu*' },
  regexp: { pattern: 'qu.*' },
  fuzzy: { term: 'quick' },
  all_of: { intervals: [{ match: { query: 'quick' } }] },
  any_of: { intervals: [{ match: { query: 'quick' } }] },
};
const INTERVAL_RULE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  match: ['query', 'max_gaps', 'ordered', 'mode', 'analyzer', 'filter', 'use_field'],
  prefix: ['prefix', 'analyzer', 'use_field'],
  wildcard: ['pattern', 'analyzer', 'use_field', 'max_expansions'],
  regexp: ['pattern', 'flags', 'flags_value', 'use_field', 'max_expansions', 'case_insensitive'],
  fuzzy: ['term', 'prefix_length', 'transpositions', 'fuzziness', 'analyzer', 'use_field'],
  all_of: ['ordered', 'mode', 'intervals', 'max_gaps', 'filter'],
  any_of: ['intervals', 'filter'],
};
const INTERVAL_VALUES: readonly (readonly [string, Json])[] = [
  ['list', [1]],
  ['object', {}],
  ['null', null],
  ['text', 'x'],
  ['number', 1.5],
  ['true', true],
];
const INTERVAL_FORMS: readonly (readonly [string, Json])[] = [
  ...Object.entries(INTERVAL_RULE_PARAMS).flatMap(([rule, params]) =>
    params.flatMap((param) =>
      INTERVAL_VALUES.map(([id, value]): [string, Json] => [
        `${rule}-${param}-${id}`,
        { query: { intervals: { text: { [rule]: { ...INTERVAL_RULE_BASES[rule], [param]: value } } } } },
      ]),
    ),
  ),
  ['field-list', { query: { intervals: { text: [{ match: { query: 'quick' } }] } } }],
  ['field-text', { query: { intervals: { text: '' } } }],
  ['field-number', { query: { intervals: { text: 0 } } }],
  ['field-null', { query: { intervals: { text: null } } }],
  ['rule-and-boost', { query: { intervals: { text: { match: { query: 'quick' }, boost: 2 } } } }],
  ['match-int-text', { query: { intervals: { text: { match: { query: 'quick', max_gaps: '2' } } } } }],
  ['fuzzy-auto', { query: { intervals: { text: { fuzzy: { term: 'quick', fuzziness: 'auto' } } } } }],
  ['fuzzy-two', { query: { intervals: { text: { fuzzy: { term: 'quick', fuzziness: 2 } } } } }],
  ['then-boost', { query: { intervals: { text: { match: { query: 'quick' } }, boost: 0 } } }],
  ['two-fields', { query: { intervals: { text: { match: { query: 'quick' } }, kw: { match: { query: 'a' } } } } }],
  ['unknown-rule-then-boost', { query: { intervals: { text: { matchx: {} }, boost: 1 } } }],
  ['field-text-then-boost', { query: { intervals: { text: 'quick', boost: 1 } } }],
];

/** A sibling pipeline's and a parent pipeline's `buckets_path`, and where each leads. */
const HISTOGRAM_WITH_SUM: JsonObject = {
  histogram: { field: 'num', interval: 5 },
  aggs: { s: { sum: { field: 'num' } } },
};
const BUCKET_PATHS: readonly (readonly [string, Json])[] = [
  ['h>sx', 'h>sx'],
  ['h>_count', 'h>_count'],
  ['h>s.value', 'h>s.value'],
  ['h>s>t', 'h>s>t'],
  ['hx>s', 'hx>s'],
  ['empty', ''],
  ['list-number', [1]],
  ['list', ['h>s']],
  ['list-empty-text', ['']],
  ['h>', 'h>'],
  ['>s', '>s'],
];
const BUCKET_PATH_FORMS: readonly (readonly [string, Json])[] = [
  ...BUCKET_PATHS.map(([id, path]): [string, Json] => [
    `sibling-${id}`,
    { size: 0, aggs: { h: HISTOGRAM_WITH_SUM, b: { avg_bucket: { buckets_path: path } } } },
  ]),
  ...(['sx', '', 's>t', '_count', 's'] as const).map((path): [string, Json] => [
    `parent-${path === '' ? 'empty' : path}`,
    {
      size: 0,
      aggs: {
        h: {
          ...HISTOGRAM_WITH_SUM,
          aggs: {
            s: { sum: { field: 'num' } },
            d: { bucket_script: { buckets_path: { x: path }, script: 'params.x' } },
          },
        },
      },
    },
  ]),
];

/** A histogram with a metric of each kind under it, for the paths that lead to their values. */
const METRICS_UNDER_HISTOGRAM = {
  histogram: { field: 'num', interval: 5 },
  aggs: {
    s: { sum: { field: 'num' } },
    a: { avg: { field: 'num' } },
    c: { cardinality: { field: 'kw' } },
    v: { value_count: { field: 'kw' } },
    m: { median_absolute_deviation: { field: 'num' } },
    st: { stats: { field: 'num' } },
  },
} satisfies JsonObject;

/** The entries of each range aggregation's `ranges`, each of the forms its parser reads them in. */
const RANGE_AGGREGATIONS: Readonly<Record<string, JsonObject>> = {
  range: { field: 'num' },
  date_range: { field: 'date' },
  ip_range: { field: 'ip' },
  geo_distance: { field: 'location', origin: '1,2' },
};
const RANGE_ENTRIES: readonly (readonly [string, Json])[] = [
  ['unknown', [{ froms: 1 }]],
  ['from-list', [{ from: [1] }]],
  ['from-object', [{ from: {} }]],
  ['from-null', [{ from: null }]],
  ['from-true', [{ from: true }]],
  ['key-number', [{ key: 1 }]],
  ['true', [true]],
  ['null', [null]],
  ['list', [[]]],
  ['text', ['x']],
  ['then-number', [{ from: 1 }, 1]],
  ['mask-list', [{ mask: ['x'] }]],
  ['mask-number', [{ mask: 1 }]],
  ['to-text', [{ to: 'x' }]],
  ['from-text', [{ from: 'x' }]],
  ['from-number-text', [{ from: '5' }]],
  ['both-number-text', [{ from: '5', to: '10' }]],
  ['from-number-to-text', [{ from: 5, to: '10' }]],
  ['from-blank-to-text', [{ to: '10', from: ' ' }]],
  ['both-hex-exponent', [{ to: '1e3', from: '0x10p1' }]],
  ['to-text-then-unknown', [{ to: 'x', froms: 1 }]],
  ['mask-null', [{ mask: null }]],
  ['key-null', [{ to: 5, key: null }]],
  ['to-null', [{ from: 1, to: null }]],
  ['key-text', [{ key: 'near', to: 5 }]],
  ['key-text-with-texts', [{ from: '1', to: '5', key: 'x' }]],
  ['value-then-number', ['x', 1.5]],
  ['value-then-text', ['x', 'y']],
  ['value-then-null', ['x', null]],
  ['value-then-true', ['x', true]],
  ['value-then-object', ['x', { to: 1 }]],
  ['number-then-number', [1, 2, { to: 1 }]],
];
const RANGE_ENTRY_FORMS: readonly (readonly [string, Json])[] = Object.entries(RANGE_AGGREGATIONS).flatMap(
  ([type, options]) =>
    RANGE_ENTRIES.map(([id, ranges]): [string, Json] => [
      `${type}-${id}`,
      { size: 0, aggs: { a: { [type]: { ...options, ranges } } } },
    ]),
);

/** Objects of fields some aggregations read with parsers of their own: multi_terms' terms, weighted_avg's value and
 * weight, histogram bounds, bucket_sort's sort, adjacency_matrix's filters. */
const CONFIG_VALUES: readonly (readonly [string, Json])[] = [
  ['unknown', { fieldx: 'num' }],
  ['field-number', { field: 1.5 }],
  ['field-list', { field: [] }],
  ['field-null', { field: null }],
  ['missing-list', { field: 'num', missing: [] }],
  ['missing-object', { field: 'num', missing: {} }],
  ['script-number', { script: 1 }],
  ['field-empty', { field: '' }],
  ['field-blank', { field: ' ' }],
  ['field-empty-script', { field: '', script: '1' }],
];
const CONFIG_FORMS: readonly (readonly [string, Json])[] = [
  ...CONFIG_VALUES.flatMap(([id, config]): [string, Json][] => [
    [`multi-terms-${id}`, { size: 0, aggs: { a: { multi_terms: { terms: [{ field: 'kw' }, config] } } } }],
    [
      `weighted-avg-value-${id}`,
      { size: 0, aggs: { a: { weighted_avg: { value: config, weight: { field: 'price' } } } } },
    ],
    [
      `weighted-avg-weight-${id}`,
      { size: 0, aggs: { a: { weighted_avg: { value: { field: 'num' }, weight: config } } } },
    ],
  ]),
  ...(
    [
      ['text', 'x'],
      ['number', 1],
      ['null', null],
      ['empty', ''],
      ['then-number', 'NUMBER'],
    ] as (readonly [string, Json])[]
  ).map(([id, item]): [string, Json] => [
    `multi-terms-item-${id}`,
    {
      size: 0,
      aggs: {
        a: {
          multi_terms: { terms: item === 'NUMBER' ? [{ field: 'kw' }, { field: 'num' }, -1] : [{ field: 'kw' }, item] },
        },
      },
    },
  ]),
  ...(
    [
      ['unknown', { min: 0, missing: 1 }],
      ['min-text', { min: 'x' }],
      ['min-list', { min: [0] }],
      ['min-null', { min: null }],
      ['type', { min: 0, type: 'x' }],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, bounds]): [string, Json][] => [
    [
      `extended-bounds-${id}`,
      { size: 0, aggs: { h: { histogram: { field: 'num', interval: 5, extended_bounds: bounds } } } },
    ],
    [`hard-bounds-${id}`, { size: 0, aggs: { h: { histogram: { field: 'num', interval: 5, hard_bounds: bounds } } } }],
  ]),
  ...(
    [
      ['true', [true]],
      ['order-list', [{ s: { order: [1] } }]],
      ['order-text', [{ s: { order: 'up' } }]],
      ['text', ['s']],
      ['object', { s: 'desc' }],
      ['number', 1],
    ] as (readonly [string, Json])[]
  ).map(([id, sort]): [string, Json] => [
    `bucket-sort-${id}`,
    {
      size: 0,
      aggs: {
        h: {
          histogram: { field: 'num', interval: 5 },
          aggs: { s: { sum: { field: 'num' } }, b: { bucket_sort: { sort } } },
        },
      },
    },
  ]),
  ...(
    [
      ['text', 'x'],
      ['number', 0],
      ['list', [{ term: { kw: 'a' } }]],
      ['null', null],
    ] as (readonly [string, Json])[]
  ).map(([id, filter]): [string, Json] => [
    `adjacency-filter-${id}`,
    { size: 0, aggs: { a: { adjacency_matrix: { filters: { a: { term: { kw: 'a' } }, b: filter } } } } },
  ]),
];

/** geo_shape's inline shapes, GeoJSON and WKT, and the members of its field object. */
const SHAPES: readonly (readonly [string, Json])[] = [
  [
    'envelope',
    {
      type: 'envelope',
      coordinates: [
        [0, 5],
        [5, 0],
      ],
    },
  ],
  [
    'envelope-text-coordinate',
    {
      type: 'envelope',
      coordinates: [
        ['x', 5],
        [5, 0],
      ],
    },
  ],
  ['envelope-one-point', { type: 'envelope', coordinates: [[0, 5]] }],
  [
    'envelope-deeper',
    {
      type: 'envelope',
      coordinates: [
        [
          [0, 5],
          [5, 0],
        ],
      ],
    },
  ],
  ['envelope-flat', { type: 'envelope', coordinates: [0, 5] }],
  ['envelope-coordinates-text', { type: 'envelope', coordinates: 'x' }],
  ['envelope-no-coordinates', { type: 'envelope' }],
  [
    'envelope-upside-down',
    {
      type: 'envelope',
      coordinates: [
        [0, 0],
        [5, 5],
      ],
    },
  ],
  [
    'envelope-null-coordinate',
    {
      type: 'envelope',
      coordinates: [
        [null, 5],
        [5, 0],
      ],
    },
  ],
  [
    'no-type',
    {
      coordinates: [
        [0, 5],
        [5, 0],
      ],
    },
  ],
  [
    'unknown-type',
    {
      type: 'bogus',
      coordinates: [
        [0, 5],
        [5, 0],
      ],
    },
  ],
  ['empty-type', { type: '', coordinates: [1, 2] }],
  [
    'type-list',
    {
      type: ['envelope'],
      coordinates: [
        [0, 5],
        [5, 0],
      ],
    },
  ],
  ['point', { type: 'point', coordinates: [1, 2] }],
  ['point-capital', { type: 'Point', coordinates: [1, 2] }],
  ['point-one-number', { type: 'point', coordinates: [1] }],
  ['point-list', { type: 'point', coordinates: [[1, 2]] }],
  ['point-latitude', { type: 'point', coordinates: [1, 200] }],
  ['point-longitude', { type: 'point', coordinates: [200, 1] }],
  ['point-object-coordinate', { type: 'point', coordinates: [{}, 1] }],
  [
    'polygon',
    {
      type: 'polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  ],
  [
    'polygon-open',
    {
      type: 'polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
      ],
    },
  ],
  [
    'polygon-flat',
    {
      type: 'polygon',
      coordinates: [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    },
  ],
  ['linestring-one', { type: 'linestring', coordinates: [[0, 0]] }],
  [
    'linestring',
    {
      type: 'linestring',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    },
  ],
  [
    'multipoint',
    {
      type: 'multipoint',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    },
  ],
  ['circle', { type: 'circle', coordinates: [0, 0], radius: '1km' }],
  ['wkt', 'POINT (1 2)'],
  ['wkt-broken', 'POINT (1'],
  ['number', 0],
  ['list', []],
  ['true', true],
  [
    'extra-member',
    {
      type: 'envelope',
      coordinates: [
        [0, 5],
        [5, 0],
      ],
      x: 1,
    },
  ],
  ['coordinates-empty', { type: 'envelope', coordinates: [] }],
  ['coordinate-empty', { type: 'envelope', coordinates: [[], [5, 0]] }],
  ['coordinates-object', { type: 'envelope', coordinates: {} }],
  ['envelope-corner-list', { type: 'envelope', coordinates: [[0, 5], [[5, 0]]] }],
  ['envelope-first-corner-list', { type: 'envelope', coordinates: [[[0, 5]], [5, 0]] }],
  ['wkt-empty', ''],
  ['wkt-unknown', 'now-1d'],
  ['wkt-lower', 'point (1 2)'],
  ['wkt-bbox', 'BBOX (0, 5, 5, 0)'],
];
const SHAPE_POINT: JsonObject = { type: 'point', coordinates: [1, 2] };
const SHAPE_FIELDS: readonly (readonly [string, Json])[] = [
  ['relation-unknown', { shape: SHAPE_POINT, relation: 'intersectsx' }],
  ['relation-list', { shape: SHAPE_POINT, relation: ['intersects'] }],
  ['relation-number', { shape: SHAPE_POINT, relation: 1 }],
  ['relation-upper', { shape: SHAPE_POINT, relation: 'WITHIN' }],
  ['relation-null', { shape: SHAPE_POINT, relation: null }],
  ['unknown-value', { shape: SHAPE_POINT, value: 1 }],
  ['unknown-object', { shape: SHAPE_POINT, value: {} }],
  ['strategy-unknown', { shape: SHAPE_POINT, strategy: 'x' }],
  ['strategy', { shape: SHAPE_POINT, strategy: 'recursive' }],
  ['no-shape', { relation: 'within' }],
];

/** Values of the kinds each parser reads, in the lists of stored fields, more_like_this, terms lookups and rank_feature's functions. */
const VALUE_FORMS: readonly (readonly [string, Json])[] = [
  ['stored-fields-number', { stored_fields: [1] }],
  ['top-hits-stored-fields-number', { size: 0, aggs: { t: { top_hits: { stored_fields: [1] } } } }],
  ['stored-fields-true', { stored_fields: [true] }],
  ['top-hits-stored-fields-true', { size: 0, aggs: { t: { top_hits: { stored_fields: [true] } } } }],
  ['stored-fields-null', { stored_fields: [null] }],
  ['top-hits-stored-fields-null', { size: 0, aggs: { t: { top_hits: { stored_fields: [null] } } } }],
  ['stored-fields-object', { stored_fields: [{}] }],
  ['top-hits-stored-fields-object', { size: 0, aggs: { t: { top_hits: { stored_fields: [{}] } } } }],
  ['stored-fields-list', { stored_fields: [[]] }],
  ['top-hits-stored-fields-list', { size: 0, aggs: { t: { top_hits: { stored_fields: [[]] } } } }],
  ['stored-fields-list-second', { stored_fields: ['kw', [1]] }],
  ['top-hits-stored-fields-list-second', { size: 0, aggs: { t: { top_hits: { stored_fields: ['kw', [1]] } } } }],
  ['mlt-fields-list', { query: { more_like_this: { fields: [['text']], like: 'quick' } } }],
  ['mlt-fields-object', { query: { more_like_this: { fields: [{}], like: 'quick' } } }],
  ['mlt-fields-null', { query: { more_like_this: { fields: [null], like: 'quick' } } }],
  ['mlt-fields-number', { query: { more_like_this: { fields: [1], like: 'quick' } } }],
  ['mlt-fields-text', { query: { more_like_this: { fields: 'text', like: 'quick' } } }],
  ['mlt-fields-one', { query: { more_like_this: { fields: 1, like: 'quick' } } }],
  ['mlt-fields-true', { query: { more_like_this: { fields: true, like: 'quick' } } }],
  ['mlt-stop-words-number', { query: { more_like_this: { fields: ['text'], like: 'quick', stop_words: 1 } } }],
  ['terms-lookup-id-number', { query: { terms: { kw: { ...TERMS_LOOKUP, id: 1 } } } }],
  ['terms-lookup-routing-number', { query: { terms: { kw: { ...TERMS_LOOKUP, routing: 1 } } } }],
  ['terms-lookup-index-list', { query: { terms: { kw: { ...TERMS_LOOKUP, index: ['a'] } } } }],
  ['terms-lookup-index-true', { query: { terms: { kw: { ...TERMS_LOOKUP, index: true } } } }],
  ['terms-lookup-path-null', { query: { terms: { kw: { ...TERMS_LOOKUP, path: null } } } }],
  ['terms-lookup-store-text', { query: { terms: { kw: { ...TERMS_LOOKUP, store: 'x' } } } }],
  ['terms-lookup-store-number', { query: { terms: { kw: { ...TERMS_LOOKUP, store: 1 } } } }],
  ['terms-lookup-store-false-text', { query: { terms: { kw: { ...TERMS_LOOKUP, store: 'false' } } } }],
  ['terms-lookup-store-empty', { query: { terms: { kw: { ...TERMS_LOOKUP, store: '' } } } }],
  ['terms-lookup-routing-text', { query: { terms: { kw: { ...TERMS_LOOKUP, routing: '1' } } } }],
  [
    'rank-feature-saturation-pivot-list',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: [8] } } } },
  ],
  ['rank-feature-saturation-unknown', { query: { rank_feature: { field: 'pagerank', saturation: { value: 8 } } } }],
  [
    'rank-feature-saturation-pivot-text',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: 'x' } } } },
  ],
  [
    'rank-feature-saturation-pivot-number-text',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: '8' } } } },
  ],
  [
    'rank-feature-saturation-pivot-null',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: null } } } },
  ],
  [
    'rank-feature-saturation-pivot-true',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: true } } } },
  ],
  [
    'rank-feature-saturation-pivot-negative',
    { query: { rank_feature: { field: 'pagerank', saturation: { pivot: -1 } } } },
  ],
  ['rank-feature-saturation-pivot-zero', { query: { rank_feature: { field: 'pagerank', saturation: { pivot: 0 } } } }],
  ['rank-feature-saturation-empty', { query: { rank_feature: { field: 'pagerank', saturation: {} } } }],
  ['rank-feature-log-empty', { query: { rank_feature: { field: 'pagerank', log: {} } } }],
  ['rank-feature-log-text', { query: { rank_feature: { field: 'pagerank', log: { scaling_factor: 'x' } } } }],
  ['rank-feature-log-negative', { query: { rank_feature: { field: 'pagerank', log: { scaling_factor: -1 } } } }],
  ['rank-feature-log-half', { query: { rank_feature: { field: 'pagerank', log: { scaling_factor: 0.5 } } } }],
  ['rank-feature-log-one', { query: { rank_feature: { field: 'pagerank', log: { scaling_factor: 1 } } } }],
  ['rank-feature-sigmoid-no-exponent', { query: { rank_feature: { field: 'pagerank', sigmoid: { pivot: 1 } } } }],
  ['rank-feature-sigmoid', { query: { rank_feature: { field: 'pagerank', sigmoid: { pivot: 1, exponent: 0.6 } } } }],
  [
    'rank-feature-sigmoid-exponent-negative',
    { query: { rank_feature: { field: 'pagerank', sigmoid: { pivot: 1, exponent: -1 } } } },
  ],
  [
    'rank-feature-sigmoid-pivot-zero',
    { query: { rank_feature: { field: 'pagerank', sigmoid: { pivot: 0, exponent: 1 } } } },
  ],
  ['rank-feature-linear-unknown', { query: { rank_feature: { field: 'pagerank', linear: { x: 1 } } } }],
  ['rank-feature-linear', { query: { rank_feature: { field: 'pagerank', linear: {} } } }],
  // On a field no index maps, the query matches nothing and its function is never built.
  [
    'rank-feature-saturation-pivot-zero-unmapped',
    { query: { rank_feature: { field: 'x', saturation: { pivot: 0 } } } },
  ],
  ['rank-feature-log-zero-unmapped', { query: { rank_feature: { field: 'x', log: { scaling_factor: 0 } } } }],
  ['rank-feature-log-text-unmapped', { query: { rank_feature: { field: 'x', log: { scaling_factor: 'x' } } } }],
];

/** A case of the validations that say all their failures at once, with the URL's parameters `query`. */
function validation(id: string, body: Json, query = '', path = SEARCH): ConformanceCase {
  return {
    id: `cross/lists/validation/${id}`,
    class: 'cross',
    method: 'POST',
    path: `${path}${query}`,
    body: JSON.stringify(body),
  };
}

/** A daily histogram holding `aggs`, under the name `h`. */
function daily(aggs: JsonObject, minDocCount = 0): JsonObject {
  return { date_histogram: { field: 'date', calendar_interval: 'day', min_doc_count: minDocCount }, aggs };
}

const SUM_S: JsonObject = { sum: { field: 'num' } };

/** The validations that collect their failures (validationFailures.ts), and the pipelines' ordering. */
const VALIDATION_CASES: readonly ConformanceCase[] = [
  validation('pipelines-two-levels', {
    size: 0,
    aggs: {
      h: daily({
        d: { derivative: { buckets_path: 's' } },
        c: { cumulative_sum: { buckets_path: 's' } },
        sort: { bucket_sort: { sort: [{ s: { order: 'desc' } }], size: 3 } },
        S: SUM_S,
      }),
      max_s: { max_bucket: { buckets_path: 'h>s' } },
    },
  }),
  validation('two-sibling-paths-missing', {
    size: 0,
    aggs: {
      h: daily({ s: SUM_S }),
      m: { max_bucket: { buckets_path: 'h>x' } },
      n: { min_bucket: { buckets_path: 'h>x' } },
    },
  }),
  validation('cycle', {
    size: 0,
    aggs: {
      h: daily({ s: SUM_S, a: { derivative: { buckets_path: 'b' } }, b: { derivative: { buckets_path: 'a' } } }),
    },
  }),
  validation('cycle-of-one', { size: 0, aggs: { h: daily({ a: { derivative: { buckets_path: 'a' } } }) } }),
  validation('first-failure-of-a-level', {
    size: 0,
    aggs: { h: daily({}), p1: { max_bucket: { buckets_path: 'x' } }, p2: { max_bucket: { buckets_path: 'y' } } },
  }),
  validation('depth-first', {
    size: 0,
    aggs: { h: daily({}), p1: { max_bucket: { buckets_path: 'p2' } }, p2: { max_bucket: { buckets_path: 'zz' } } },
  }),
  validation('resolved-order', {
    size: 0,
    aggs: { p1: { derivative: { buckets_path: 'p2' } }, p2: { derivative: { buckets_path: '_count' } } },
  }),
  validation('resolved-order-accepted', {
    size: 0,
    aggs: { h: daily({ p1: { derivative: { buckets_path: 'p2' } }, p2: { derivative: { buckets_path: '_count' } } }) },
  }),
  validation('levels-in-order', {
    size: 0,
    aggs: {
      h: daily({ s: SUM_S, d: { derivative: { buckets_path: 's' } }, c: { cumulative_sum: { buckets_path: 's' } } }, 1),
      r: { derivative: { buckets_path: '_count' } },
    },
  }),
  validation('cumulative-sum-two-paths', {
    size: 0,
    aggs: { c: { cumulative_sum: { buckets_path: ['_count', '_count'] } } },
  }),
  validation('sibling-on-metric-then-derivative', {
    size: 0,
    aggs: { s: SUM_S, m: { max_bucket: { buckets_path: 's' } }, d: { derivative: { buckets_path: '_count' } } },
  }),
  validation('bucket-sort-nothing-at-the-top', { size: 0, aggs: { b: { bucket_sort: {} } } }),
  validation('bucket-sort-from-zero', { size: 0, aggs: { h: daily({ b: { bucket_sort: { from: 0 } } }) } }),
  validation('bucket-sort-from-zero-text', { size: 0, aggs: { h: daily({ b: { bucket_sort: { from: '0' } } }) } }),
  validation('bucket-sort-from-one', { size: 0, aggs: { h: daily({ b: { bucket_sort: { from: 1 } } }) } }),
  validation('bucket-sort-empty-sort-list', { size: 0, aggs: { h: daily({ b: { bucket_sort: { sort: [] } } }) } }),
  validation('bucket-sort-empty-sort-object', { size: 0, aggs: { h: daily({ b: { bucket_sort: { sort: {} } } }) } }),
  ...(
    [
      ['bucket-count', 'h>_bucket_count'],
      ['key-upper-case', 'h>_KEY'],
      ['count-capital', 'h>_Count'],
      ['bucket-count-as-value', 'h._bucket_count'],
      ['past-a-metric', 'h>s>x'],
    ] as const
  ).map(([id, path]) =>
    validation(`path-${id}`, { size: 0, aggs: { h: daily({ s: SUM_S }), m: { max_bucket: { buckets_path: path } } } }),
  ),
  validation(
    'scroll-from-and-aggregation',
    { from: 5, aggs: { d: { derivative: { buckets_path: '_count' } } } },
    '?scroll=1m',
  ),
  validation(
    'scroll-size-aggregation-shard-doc',
    { size: 0, sort: ['_shard_doc'], aggs: { d: { derivative: { buckets_path: '_count' } } } },
    '?scroll=1m',
  ),
  validation('scroll-request-cache-and-track', { track_total_hits: false }, '?scroll=1m&request_cache=true'),
  validation('shard-doc-scroll', { sort: ['_shard_doc'] }, '?scroll=1m'),
  validation('shard-doc-twice', { sort: ['_shard_doc', { _shard_doc: 'desc' }] }),
  validation(
    'pit-everything',
    { pit: { id: 'abcd' } },
    '?routing=a&preference=b&expand_wildcards=all&ignore_unavailable=true&ccs_minimize_roundtrips=true',
  ),
  validation(
    'pit-two-index-options',
    { pit: { id: 'abcd' } },
    '?ignore_unavailable=true&allow_no_indices=true&routing=a',
    '/_search',
  ),
];

export const LIST_CASES: readonly ConformanceCase[] = [
  ...VALIDATION_CASES,
  // What follows an early end is not read as written: a member the body's parser would refuse there fails nothing
  // (an `_msearch` runs the search without it).
  c('early-end/geo-point-then-unknown-section', {
    query: { geo_distance: { distance: '10km', location: { lat: 40, lon: -70, field: {} } } },
    _source: ['kw'],
    sze: 0,
  }),
  c('early-end/range-bound-then-unknown-section', { query: { range: { num: { gte: {} } } }, sze: 0 }),
  c('early-end/range-bound-then-wrong-size', { query: { range: { num: { gte: {} } } }, size: 'x' }),
  // indices_boost's names are resolved against the cluster's indexes, and a boost is checked on the shards it applies to.
  ...(
    [
      ['zero', [{ conformance: 0 }]],
      ['negative-fraction', [{ conformance: -0.5 }]],
      ['negative', [{ conformance: -1 }]],
      ['negative-exponent', [{ conformance: -1e-7 }]],
      ['negative-wildcard', [{ 'conformance*': -1 }]],
      ['negative-all', [{ _all: -1 }]],
      ['negative-second', [{ 'nosuch*': 2 }, { conformance: -2 }]],
      ['positive-then-negative', [{ conformance: 2 }, { 'conformance*': -1 }]],
      ['negative-then-positive', [{ 'conformance*': -1 }, { conformance: 2 }]],
      ['negative-twice', [{ 'conformance*': -1 }, { conformance: -2 }]],
      ['beyond-float', [{ conformance: 1e39 }]],
      ['tiny-negative', [{ conformance: -1e-50 }]],
      ['missing', [{ nosuch: 1 }]],
      ['missing-wildcard', [{ 'nosuch*': 1 }]],
      ['missing-second', [{ conformance: 1 }, { nosuch: 1 }]],
      ['missing-and-negative', [{ nosuch: 1 }, { conformance: -1 }]],
      ['comma', [{ 'conformance,nosuch': 1 }]],
      ['comma-existing', [{ 'conformance,conformance': 1 }]],
      ['star', [{ '*': 1 }]],
      ['upper-case', [{ CONFORMANCE: 1 }]],
      ['excluded', [{ '-conformance': 1 }]],
      ['date-math', [{ '<conformance>': 1 }]],
      ['object-missing', { nosuch: 1 }],
      ['object-negative', { conformance: -1 }],
    ] as const
  ).map(([id, boosts]) => c(`indices-boost/${id}`, { indices_boost: boosts } as unknown as Json)),
  ...(
    [
      ['missing', [{ nosuch: 1 }]],
      ['negative', [{ conformance: -1 }]],
    ] as const
  ).map(([id, boosts]): ConformanceCase => ({
    ...c(`indices-boost/ignore-unavailable-${id}`, { indices_boost: boosts } as unknown as Json),
    path: `${SEARCH}?ignore_unavailable=true`,
  })),
  // A percolate query's document is parsed with the index's mappings on each shard, each value by its field's type.
  ...(
    [
      ['num-text', { num: 'x' }],
      ['num-number-text', { num: '5' }],
      ['num-decimal-text', { num: '1.5' }],
      ['num-decimal', { num: 1.5 }],
      ['num-exponent-text', { num: '1e3' }],
      ['num-spaces', { num: ' 5 ' }],
      ['num-empty', { num: '' }],
      ['num-beyond-long', { num: 9223372036854775808 }],
      ['num-beyond-long-text', { num: '9223372036854775808' }],
      ['num-true', { num: true }],
      ['num-null', { num: null }],
      ['num-list', { num: ['a'] }],
      ['num-list-good', { num: [1, '2'] }],
      ['num-list-second', { num: [1, 'b'] }],
      ['num-object', { num: {} }],
      ['num-two', { num: 'x', price: 'y' }],
      ['price-text', { price: 'x' }],
      ['price-number-text', { price: '2.5' }],
      ['price-nan', { price: 'NaN' }],
      ['price-infinity', { price: 'Infinity' }],
      ['flag-text', { flag: 'yes' }],
      ['flag-true-text', { flag: 'true' }],
      ['flag-number', { flag: 1 }],
      ['flag-empty', { flag: '' }],
      ['ip-text', { ip: 'x' }],
      ['ip-number', { ip: 5 }],
      ['date-text', { date: 'x' }],
      ['date-good', { date: '2024-01-01' }],
      ['date-number', { date: 1704067200000 }],
      ['date-month', { date: '2024-13-01' }],
      ['kw-number', { kw: 5 }],
      ['kw-object', { kw: {} }],
      ['nested-qty', { items: [{ name: 'a', qty: 'x' }] }],
      ['dotted', { 'items.qty': 'x' }],
      ['dotted-keyword', { 'items.name': 'a' }],
      ['dotted-deeper', { 'items.qty.x': 1 }],
      ['dotted-after-refusal', { num: 'x', 'items.qty': 1 }],
      ['num-below-long', { num: -1e19 }],
      ['num-exponent-beyond', { num: 1e19 }],
      ['nested-qty-beyond', { items: [{ qty: 1e19 }] }],
      ['price-beyond-long', { price: 1e19 }],
      ['unmapped', { nothing: 'x' }],
    ] as const
  ).map(([id, document]) =>
    c(`percolate-document/${id}`, { query: { percolate: { field: 'query', document } } } as unknown as Json),
  ),
  c('percolate-document/documents-second', {
    query: { percolate: { field: 'query', documents: [{ num: 1 }, { num: 'x' }] } },
  }),
  // search_after's values read by the type each sort compares (SearchAfterBuilder): a text where a number is sorted.
  ...(
    [
      ['num-text', [{ num: 'asc' }], ['a']],
      ['num-decimal-text', [{ num: 'asc' }], ['1.5']],
      ['num-number-text', [{ num: 'asc' }], ['5']],
      ['num-spaces', [{ num: 'asc' }], [' 5 ']],
      ['num-true', [{ num: 'asc' }], [true]],
      ['num-exponent-text', [{ num: 'asc' }], ['1e3']],
      ['num-nan', [{ num: 'asc' }], ['NaN']],
      ['price-text', [{ price: 'asc' }], ['a']],
      ['price-true', [{ price: 'asc' }], [true]],
      ['price-spaces', [{ price: 'asc' }], [' 5 ']],
      ['score-text', ['_score'], ['x']],
      ['score-number-text', ['_score'], ['1.5']],
      ['score-true', ['_score'], [true]],
      ['score-spaces', ['_score'], [' 1 ']],
      ['score-second', [{ kw: 'asc' }, '_score'], ['a', 'x']],
      ['score-object', [{ _score: 'desc' }, { num: 'asc' }], ['x', 1]],
      ['kw-number', [{ kw: 'asc' }], [5]],
      ['kw-true', [{ kw: 'asc' }], [true]],
      ['date-text', [{ date: 'asc' }], ['x']],
      ['date-good', [{ date: 'asc' }], ['2024-01-01']],
      ['date-true', [{ date: 'desc' }, '_score'], [true, 1]],
      ['date-false', [{ date: 'asc' }], [false]],
      ['date-decimal', [{ date: 'asc' }], [1.5]],
      ['date-now', [{ date: 'asc' }], ['now']],
      ['date-now-minus', [{ date: 'desc' }, '_score'], ['now-1d', 1]],
      ['date-now-bad-math', [{ date: 'asc' }], ['now-1x']],
      ['date-anchored-math', [{ date: 'asc' }], ['2024-01-01||-1d']],
      ['date-now-sort-format-refused', [{ date: { order: 'asc', format: 'strict_date' } }], ['now']],
      ['date-now-second', [{ kw: 'asc' }, { date: 'asc' }], ['a', 'now']],
      ['flag-text', [{ flag: 'asc' }], ['x']],
      ['flag-true-text', [{ flag: 'asc' }], ['true']],
      ['flag-true', [{ flag: 'asc' }], [true]],
      ['flag-number-text', [{ flag: 'asc' }], ['1']],
      ['unmapped-number-text', [{ nothing: { order: 'asc', unmapped_type: 'long' } }], ['5']],
      ['unmapped-keyword-text', [{ nothing: { order: 'asc', unmapped_type: 'keyword' } }], ['x']],
      ['doc-text', ['_doc'], ['x']],
      ['unmapped-text', [{ nothing: { order: 'asc', unmapped_type: 'long' } }], ['x']],
      ['two-bad', [{ num: 'asc' }, { price: 'asc' }], ['a', 'b']],
    ] as const
  ).map(([id, sort, after]) => c(`search-after-value/${id}`, { sort, search_after: after } as unknown as Json)),
  // The values of a `terms` include or exclude list on a date field, read as dates of the field's format.
  ...(
    [
      ['text', { include: ['a'] }],
      ['date', { include: ['2024-01-01'] }],
      ['date-time', { include: ['2024-01-01T10:00:00Z'] }],
      ['month-out', { include: ['2024-13-01'] }],
      ['day-out', { include: ['2023-02-29'] }],
      ['number', { include: [1704067200000] }],
      ['number-text', { include: ['1704067200000'] }],
      ['true', { include: [true] }],
      ['now', { include: ['now'] }],
      ['math', { include: ['2024-01-01||+1d'] }],
      ['bad-math', { include: ['2024-01-01||+1x'] }],
      ['second', { include: ['2024-01-01', 'b'] }],
      ['exclude', { exclude: ['x'] }],
      ['include-and-exclude', { include: ['2024-01-01'], exclude: ['y'] }],
      ['empty', { include: [''] }],
    ] as const
  ).map(([id, filter]) =>
    c(`terms-include-date/${id}`, { size: 0, aggs: { a: { terms: { field: 'date', ...filter } } } } as unknown as Json),
  ),
  // A null among search_after's values, kept as null and handed to each sort's comparator: refused where the
  // comparator holds a primitive number, taken as a missing value where it compares texts.
  ...(
    [
      ['num', [{ num: 'asc' }], [null]],
      ['num-desc', [{ num: 'desc' }], [null]],
      ['num-missing-first', [{ num: { order: 'asc', missing: '_first' } }], [null]],
      ['price', [{ price: 'asc' }], [null]],
      ['date', [{ date: 'desc' }], [null]],
      ['flag', [{ flag: 'asc' }], [null]],
      ['ip', [{ ip: 'asc' }], [null]],
      ['kw', [{ kw: 'asc' }], [null]],
      ['text-raw', [{ 'text.raw': 'asc' }], [null]],
      ['score', ['_score'], [null]],
      ['doc', ['_doc'], [null]],
      ['geo-distance', [{ _geo_distance: { location: [0, 0], order: 'asc' } }], [null]],
      ['unmapped-long', [{ nothing: { order: 'asc', unmapped_type: 'long' } }], [null]],
      ['unmapped-integer', [{ nothing: { order: 'asc', unmapped_type: 'integer' } }], [null]],
      ['unmapped-double', [{ nothing: { order: 'asc', unmapped_type: 'double' } }], [null]],
      ['unmapped-float', [{ nothing: { order: 'asc', unmapped_type: 'float' } }], [null]],
      ['unmapped-date', [{ nothing: { order: 'asc', unmapped_type: 'date' } }], [null]],
      ['unmapped-keyword', [{ nothing: { order: 'asc', unmapped_type: 'keyword' } }], [null]],
      ['unmapped-short', [{ nothing: { order: 'asc', unmapped_type: 'short' } }], [null]],
      ['unmapped-byte', [{ nothing: { order: 'asc', unmapped_type: 'byte' } }], [null]],
      ['unmapped-half-float', [{ nothing: { order: 'asc', unmapped_type: 'half_float' } }], [null]],
      ['unmapped-scaled-float', [{ nothing: { order: 'asc', unmapped_type: 'scaled_float' } }], [null]],
      ['unmapped-date-nanos', [{ nothing: { order: 'asc', unmapped_type: 'date_nanos' } }], [null]],
      ['unmapped-unsigned-long', [{ nothing: { order: 'asc', unmapped_type: 'unsigned_long' } }], [null]],
      ['unmapped-boolean', [{ nothing: { order: 'asc', unmapped_type: 'boolean' } }], [null]],
      ['unmapped-ip', [{ nothing: { order: 'asc', unmapped_type: 'ip' } }], [null]],
      ['unmapped-none', [{ nothing: 'asc' }], [null]],
      ['second', [{ kw: 'asc' }, { num: 'asc' }], ['a', null]],
      ['second-score', [{ kw: 'asc' }, '_score'], ['a', null]],
      ['kw-then-num-text', [{ kw: 'asc' }, { num: 'asc' }], [null, 'x']],
      ['num-then-num-text', [{ num: 'asc' }, { price: 'asc' }], [null, 'x']],
    ] as const
  ).map(([id, sort, after]) => c(`search-after-null/${id}`, { sort, search_after: after } as unknown as Json)),
  c('values/sort-unmapped-scaled-float', { sort: [{ nothing: { unmapped_type: 'scaled_float' } }] }),
  c('values/sort-unmapped-scaled-float-mapped', { sort: [{ num: { unmapped_type: 'scaled_float' } }] }),
  // Minus zero as written: Jackson reads `-0` as the integer 0, `-0.0` as a float below zero for Lucene's check.
  ...(
    [
      ['minus-zero-integer', '-0'],
      ['minus-zero-float', '-0.0'],
    ] as const
  ).map(([id, boost]): ConformanceCase => ({
    ...c(`indices-boost/${id}`, {}),
    body: `{"indices_boost":[{"conformance":${boost}}]}`,
  })),
  ...BOOL_LISTS.flatMap(([id, list]) => [
    c(`bool/must/${id}`, { query: { bool: { must: list } } }),
    c(`bool/should/${id}`, { query: { bool: { should: list } } }),
  ]),
  ...SORTS.map(([id, sort]) => c(`sort/${id}`, { sort })),
  ...HIGHLIGHTS.map(([id, highlight]) => c(`highlight/${id}`, { query: MATCH, highlight })),
  ...INNER_QUERIES.map(([id, body]) => c(`inner/${id}`, body)),
  ...QUERY_LISTS.map(([id, query]) => c(`query/${id}`, { query })),
  ...(
    [
      ['nested', { nested: { path: 'items', query: { match_all: {} } } }],
      ['has-child', { has_child: { type: 'child', query: { match_all: {} } } }],
      ['has-parent', { has_parent: { parent_type: 'parent', query: { match_all: {} } } }],
    ] as (readonly [string, JsonObject])[]
  ).flatMap(([clause, query]) =>
    (
      [
        ['text', ['a']],
        ['empty', []],
        ['object', [{ size: 1 }]],
        ['null', [null]],
        ['list-in-list', [[1]]],
        ['object-bad-size', [{ size: 'x' }]],
      ] as (readonly [string, Json])[]
    ).map(([id, innerHits]) => {
      const name = Object.keys(query)[0]!;
      return c(`query/inner-hits-list-${clause}-${id}`, {
        query: { [name]: { ...(query[name] as JsonObject), inner_hits: innerHits } },
      });
    }),
  ),
  ...ONE_QUERY_LISTS.flatMap(([id, list]) => [
    c(`one-query/nested-${id}`, { query: { nested: { path: 'items', query: list } } }),
    c(`one-query/constant-score-${id}`, { query: { constant_score: { filter: list } } }),
    c(`one-query/filters-keyed-${id}`, { size: 0, aggs: { a: { filters: { filters: { f: list } } } } }),
    c(`one-query/filter-agg-${id}`, { size: 0, aggs: { a: { filter: list } } }),
  ]),
  // A null inside the list of a clause that reads every object of a list as its one query: passed over (real 3.9.0,
  // 3.8.0, 2.19.6 and 2.19.1; innerQueries.ts).
  ...(
    [
      ['null', [null]],
      ['null-then-query', [null, { match_all: {} }]],
      ['query-then-null', [{ match_all: {} }, null]],
      ['null-in-inner-list', [[null], { match_all: {} }]],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, list]) => [
    c(`one-query/null-nested-${id}`, { query: { nested: { path: 'items', query: list } } }),
    c(`one-query/null-has-child-${id}`, { query: { has_child: { type: 'child', query: list } } }),
    c(`one-query/null-boosting-${id}`, {
      query: { boosting: { positive: list, negative: { match_all: {} }, negative_boost: 0.5 } },
    }),
    c(`one-query/null-span-multi-${id}`, {
      query: {
        span_multi: {
          match: multiTermsIn(list),
        },
      },
    }),
  ]),
  ...EMPTY_NUMBERS.map(([id, body]) => c(`empty-number/${id}`, body)),
  ...AGGREGATION_LISTS.map(([id, aggregation]) => c(`aggs/${id}`, { size: 0, aggs: { a: aggregation } })),
  ...SECTIONS.map(([id, body]) => c(`section/${id}`, body)),
  ...BOXES.map(([id, box]) => c(`geo/box-${id}`, { query: { geo_bounding_box: { location: box } } })),
  ...['km', 'KM', 'meters', 'NM', 'nm', 'bogus', 1].map((unit) =>
    c(`geo/unit-${String(unit)}`, { query: { geo_distance: { distance: '10', unit, location: CORNER } } }),
  ),
  // A field clause's parser reads the first field's value whole, and refuses a second field when it reaches the
  // second's value: what it refuses inside the first comes first, what it asks once its loop ends comes after.
  ...(
    [
      ['match-array', { match: { text: [], order: [1] } }],
      ['match-phrase-array', { match_phrase: { text: [1], x: 'a' } }],
      ['match-operator', { match: { text: { query: 'a', operator: 'nope' }, order: 1 } }],
      ['match-no-text', { match: { text: { operator: 'and' }, order: 'x' } }],
      ['prefix-unknown', { prefix: { kw: { value: 'a', x: 1 }, other: 'b' } }],
      ['wildcard-null', { wildcard: { kw: null, x: 'a' } }],
      ['fuzzy-fuzziness', { fuzzy: { kw: { value: 'a', fuzziness: 'x' }, y: 'b' } }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, query]) => c(`query/fields-value-then-second-${id}`, { query })),
  c('query/fields-value-then-second-highlight-query', {
    highlight: { fields: { 'text*': { highlight_query: { match: { text: [], order: [1] } } } } },
  }),
  c('query/match-fuzzy-rewrite-bogus', { query: { match: { text: { query: 'quick', fuzzy_rewrite: 'bogus' } } } }),
  c('geo/box-in-list', { query: { geo_bounding_box: { location: [BOXES[0]![1]] } } }),
  // The box's type is made from its text once the box is set, whatever the order they are written in.
  ...(
    [
      ['below', { top_left: { lat: -1, lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
      ['good', { top_left: { lat: 41, lon: -71 }, bottom_right: { lat: 40, lon: -70 } }],
      ['out-of-range', { top_left: { lat: 41, lon: -700 }, bottom_right: { lat: 40, lon: -70 } }],
    ] as (readonly [string, JsonObject])[]
  ).flatMap(([id, location]) => [
    c(`geo/box-${id}-then-type`, { query: { geo_bounding_box: { location, type: 'nope' } } }),
    c(`geo/type-then-box-${id}`, { query: { geo_bounding_box: { type: 2147483648, location } } }),
  ]),
  c('geo/type-without-box', { query: { geo_bounding_box: { type: 'nope' } } }),
  c('geo/box-in-list-bad-corner', {
    query: { geo_bounding_box: { location: [{ top_left: 1, bottom_right: CORNER }] } },
  }),
  ...([1.5, -1, 5, 0, true] as const).map((flags) =>
    c(`query/simple-query-string-flags-${String(flags)}`, {
      query: { simple_query_string: { query: 'quick', flags } },
    }),
  ),
  ...FUNCTION_ENTRIES.map(([id, functions]) =>
    c(`function-score/${id}`, { query: { function_score: { query: { match_all: {} }, functions } } }),
  ),
  ...HEADER_NULLS.map((option): ConformanceCase => ({
    id: `cross/lists/header-null/${option}`,
    class: 'cross',
    method: 'POST',
    path: '/_msearch',
    body: `${JSON.stringify({ index: CONFORMANCE_INDEX, [option]: null })}\n{}\n`,
  })),
  ...SCRIPT_PLACES.flatMap(([place, body]) => SCRIPTS.map(([id, script]) => c(`script/${place}/${id}`, body(script)))),
  // A line comment ends at a carriage return too; script_fields are compiled only when hits are asked for.
  c('script/no-statement/comment-cr-then-code', {
    query: { script: { script: { source: '// note\rparams.x > 0', params: { x: 1 } } } },
  }),
  c('script/no-statement/script-fields-size-0', { size: 0, script_fields: { f: { script: '' } } }),
  c('script/no-statement/script-fields', { script_fields: { f: { script: '' } } }),
  // moving_fn's script takes the parameters and the window; scripted_metric's reduce_script runs where the shards'
  // states are reduced, its other scripts on each shard.
  c('script/no-statement/moving-fn-text', dailyPipeline({ moving_fn: { buckets_path: 's', window: 3, script: '' } })),
  c(
    'script/no-statement/moving-fn-source',
    dailyPipeline({ moving_fn: { buckets_path: 's', window: 3, script: { source: ' // none' } } }),
  ),
  c(
    'script/no-statement/moving-fn-code',
    dailyPipeline({ moving_fn: { buckets_path: 's', window: 3, script: 'MovingFunctions.max(values)' } }),
  ),
  ...['init_script', 'map_script', 'combine_script', 'reduce_script'].flatMap((key) =>
    (['text', 'source'] as const).map((form) =>
      c(`script/no-statement/scripted-metric-${key}-${form}`, {
        size: 0,
        aggs: { m: { scripted_metric: { ...SCRIPTED_METRIC, [key]: form === 'text' ? '' : { source: '\n' } } } },
      }),
    ),
  ),
  c('script/no-statement/terms-set-script', {
    query: { terms_set: { kw: { terms: ['a', 'b'], minimum_should_match_script: { source: '' } } } },
  }),
  // bucket_selector's loop reads its members in order: a refused script before, or after, a name it refuses.
  c(
    'script/bucket-selector-order/script-first',
    dailyPipeline({ bucket_selector: { buckets_path: { x: 's' }, script: {}, bogus: 1 } }),
  ),
  c(
    'script/bucket-selector-order/script-last',
    dailyPipeline({ bucket_selector: { bogus: 1, buckets_path: { x: 's' }, script: {} } }),
  ),
  c(
    'script/bucket-selector-order/template-then-bogus',
    dailyPipeline({ bucket_selector: { buckets_path: { x: 's' }, script: { source: { a: 1 } }, bogus: 1 } }),
  ),
  c(
    'script/bucket-selector-order/template-no-path',
    dailyPipeline({ bucket_selector: { script: { source: { a: 1 } } } }),
  ),
  ...POINTS.map(([id, point]) =>
    c(`geo/point-${id}`, { query: { geo_distance: { distance: '10km', location: point } } }),
  ),
  ...POINTS.slice(0, 12).map(([id, point]) =>
    c(`geo/point-in-bool-${id}`, {
      query: { bool: { filter: [{ geo_distance: { distance: '10km', location: point } }] } },
    }),
  ),
  c('geo/point-missing', { query: { geo_distance: { distance: '10km' } } }),
  c('geo/point-missing-with-option', { query: { geo_distance: { distance: '10km', boost: 2 } } }),
  ...DISTANCES.map(([id, distance]) =>
    c(`geo/distance-${id}`, { query: { geo_distance: { distance, location: POINT } } }),
  ),
  ...MORE_BOXES.map(([id, box]) => c(`geo/box-${id}`, { query: { geo_bounding_box: { location: box } } })),
  c('geo/box-list-of-number', { query: { geo_bounding_box: { location: [1] } } }),
  ...['', ' ', '1.5', 'x'].map((width, i) =>
    c(`query/span-gap-width-text-${i}`, {
      query: { span_near: { clauses: [SPAN_QUICK, { span_gap: { text: width } }], slop: 1 } },
    }),
  ),
  // `boost` read with `floatValue()`: a blank text is `empty String`.
  ...['', ' ', 'x'].flatMap((boost, i) => [
    c(`geo/box-boost-text-${i}`, { query: { geo_bounding_box: { location: BOXES[0]![1], boost } } }),
    c(`geo/distance-boost-text-${i}`, { query: { geo_distance: { distance: '10km', location: POINT, boost } } }),
  ]),
  c('geo/box-list-of-text', { query: { geo_bounding_box: { location: ['x'] } } }),
  c('geo/box-empty-list', { query: { geo_bounding_box: { location: [] } } }),
  ...OPTION_FORMS.map(([id, body]) => c(`form/${id}`, body)),
  ...SHARD_FORMS.map(([id, body]) => c(`shard/${id}`, body)),
  ...COMPOSITE_OPTIONS.map(([id, body]) => c(`composite/${id}`, body)),
  ...MORE_FORMS.map(([id, body]) => c(`more/${id}`, body)),
  ...EARLY_ENDS.map(([id, body]) => c(`early/${id}`, body)),
  ...ORDER_PATHS.map(([id, body]) => c(`order/${id}`, body)),
  ...AGGREGATION_ORDERS.map(([id, agg]) => c(`order/aggs-${id}`, { size: 0, aggs: { a: agg } })),
  // Each aggregation on a field of each mapped type: what each reads, and what has no field data.
  ...FIELD_AGGREGATIONS.flatMap(([type, agg]) =>
    FIELD_OF_EACH_TYPE.map((field) => c(`shard/agg-on-${type}-${field}`, { size: 0, aggs: { a: agg(field) } })),
  ),
  ...['pagerank', 'topics', 'query'].map((field) => c(`shard/sort-on-${field}`, { sort: [{ [field]: 'asc' }] })),
  // A sort, a collapse, a docvalue field and a completion suggester on a field of each mapped type.
  ...FIELD_OF_EACH_TYPE.flatMap((field) => [
    c(`shard/sort-on-type-${field}`, { sort: [{ [field]: { order: 'asc' } }] }),
    c(`shard/collapse-on-${field}`, { collapse: { field } }),
    c(`shard/docvalue-on-${field}`, { docvalue_fields: [field] }),
    c(`shard/completion-on-${field}`, { suggest: { s: { prefix: 'a', completion: { field } } } }),
    c(`shard/term-suggest-on-${field}`, { suggest: { s: { text: 'a', term: { field } } } }),
    c(`shard/highlight-on-${field}`, { query: { match_all: {} }, highlight: { fields: { [field]: {} } } }),
  ]),
  // A composite aggregation's value sources, and multi_terms' terms, on a field of each mapped type.
  ...FIELD_OF_EACH_TYPE.flatMap((field) => [
    c(`shard/composite-terms-on-${field}`, {
      size: 0,
      aggs: { a: { composite: { sources: [{ s: { terms: { field } } }] } } },
    }),
    c(`shard/composite-histogram-on-${field}`, {
      size: 0,
      aggs: { a: { composite: { sources: [{ s: { histogram: { field, interval: 5 } } }] } } },
    }),
    c(`shard/composite-date-histogram-on-${field}`, {
      size: 0,
      aggs: { a: { composite: { sources: [{ s: { date_histogram: { field, fixed_interval: '1h' } } }] } } },
    }),
    c(`shard/composite-geotile-on-${field}`, {
      size: 0,
      aggs: { a: { composite: { sources: [{ s: { geotile_grid: { field } } }] } } },
    }),
    c(`shard/multi-terms-on-${field}`, {
      size: 0,
      aggs: { a: { multi_terms: { terms: [{ field }, { field: 'kw' }] } } },
    }),
  ]),
  // top_hits of no hits: each shard that collects a document fails.
  c('shard/top-hits-size-0', { size: 0, aggs: { a: { top_hits: { size: 0 } } } }),
  c('shard/top-hits-size-0-text', {
    aggs: { a: { terms: { field: 'kw' }, aggs: { t: { top_hits: { size: '0' } } } } },
  }),
  c('shard/top-hits-size-1', { size: 0, aggs: { a: { top_hits: { size: 1 } } } }),
  // The geo queries, and a few more that read a field's values, on a field of each mapped type.
  ...FIELD_OF_EACH_TYPE.flatMap((field) => [
    c(`shard/geo-distance-on-${field}`, {
      query: { geo_distance: { distance: '10km', [field]: { lat: 40, lon: -70 } } },
    }),
    c(`shard/geo-box-on-${field}`, {
      query: {
        geo_bounding_box: { [field]: { top_left: { lat: 41, lon: -71 }, bottom_right: { lat: 40, lon: -70 } } },
      },
    }),
    c(`shard/geo-shape-on-${field}`, {
      query: { geo_shape: { [field]: { shape: { type: 'point', coordinates: [-70, 40] } } } },
    }),
    c(`shard/terms-set-field-on-${field}`, {
      query: { terms_set: { kw: { terms: ['a'], minimum_should_match_field: field } } },
    }),
    c(`shard/collapse-inner-hits-on-${field}`, { collapse: { field, inner_hits: { name: 'i' } } }),
    c(`shard/field-value-factor-on-${field}`, { query: { function_score: { field_value_factor: { field } } } }),
  ]),
  // Query options that depend on the field's type, and the highlighters, on a field of each mapped type.
  ...FIELD_OF_EACH_TYPE.flatMap((field) => {
    const value = VALUE_OF[field] ?? 'a';
    return [
      c(`shard/term-case-insensitive-on-${field}`, { query: { term: { [field]: { value, case_insensitive: true } } } }),
      c(`shard/match-fuzziness-on-${field}`, { query: { match: { [field]: { query: value, fuzziness: 1 } } } }),
      c(`shard/match-analyzer-on-${field}`, { query: { match: { [field]: { query: value, analyzer: 'standard' } } } }),
      c(`shard/range-format-on-${field}`, { query: { range: { [field]: { gte: value, format: 'yyyy' } } } }),
      c(`shard/range-time-zone-on-${field}`, { query: { range: { [field]: { gte: value, time_zone: '+01:00' } } } }),
      c(`shard/range-relation-on-${field}`, { query: { range: { [field]: { gte: value, relation: 'within' } } } }),
      c(`shard/highlight-fvh-on-${field}`, {
        query: { match_all: {} },
        highlight: { fields: { [field]: { type: 'fvh' } } },
      }),
      c(`shard/highlight-plain-on-${field}`, {
        query: { match_all: {} },
        highlight: { fields: { [field]: { type: 'plain' } } },
      }),
    ];
  }),
  // Options that depend on the field's type, on a field of each mapped type.
  ...FIELD_OF_EACH_TYPE.flatMap((field) => [
    c(`shard/sort-mode-avg-on-${field}`, { sort: [{ [field]: { order: 'asc', mode: 'avg' } }] }),
    c(`shard/sort-numeric-type-on-${field}`, { sort: [{ [field]: { order: 'asc', numeric_type: 'double' } }] }),
    c(`shard/terms-include-regex-on-${field}`, { size: 0, aggs: { a: { terms: { field, include: 'a.*' } } } }),
    c(`shard/terms-include-list-on-${field}`, { size: 0, aggs: { a: { terms: { field, include: ['a'] } } } }),
    c(`shard/significant-text-on-${field}`, { size: 0, aggs: { a: { significant_text: { field } } } }),
    c(`shard/range-agg-text-bound-on-${field}`, {
      size: 0,
      aggs: { a: { range: { field, ranges: [{ from: '2024-01-01' }] } } },
    }),
  ]),
  // Each query on a field of each mapped type.
  ...FIELD_QUERIES.flatMap(([name, query]) =>
    FIELD_OF_EACH_TYPE.map((field) =>
      c(`shard/query-on-${name}-${field}`, { query: query(field, VALUE_OF[field] ?? 'a') }),
    ),
  ),
  // An aggregation that asks something of those that enclose it, under a bucket aggregation of each kind.
  ...PLACED_CHILDREN.flatMap(([child, agg]) => [
    ...BUCKET_PARENTS.map(([parent, outer]) =>
      c(`shard/${child}-under-${parent}`, { size: 0, aggs: { p: { ...outer, aggs: { x: agg } } } }),
    ),
    ...PARENT_CHAINS.map(([chain, outer, inner]) =>
      c(`shard/${child}-under-${chain}`, {
        size: 0,
        aggs: { p: { ...outer, aggs: { q: { ...inner, aggs: { x: agg } } } } },
      }),
    ),
  ]),
  ...INNER_HITS_NAMES.map(([id, body]) => c(`inner-hits/${id}`, body)),
  ...SUGGEST_FORMS.map(([id, body]) => c(`suggest/${id}`, body)),
  ...VALUE_FORMS.map(([id, body]) => c(`values/${id}`, body)),
  ...BUCKET_PATH_FORMS.map(([id, body]) => c(`values/buckets-path-${id}`, body)),
  ...RANGE_ENTRY_FORMS.map(([id, body]) => c(`values/ranges-${id}`, body)),
  ...CONFIG_FORMS.map(([id, body]) => c(`values/config-${id}`, body)),
  ...(
    [
      ['list', [2, 1]],
      ['list-in-list', [[2, 1]]],
      ['list-text', ['2', 1]],
      ['list-one', [2]],
      ['list-three', [2, 1, 3]],
      ['list-null', [null, 1]],
      ['empty-object', {}],
      ['object', { lat: 1, lon: 2 }],
      ['object-text', { lat: 'x', lon: 2 }],
      ['text', '1,2'],
      ['null', null],
      ['true', true],
      ['latitude', [2, 1000]],
      ['longitude', [200, 1]],
    ] as (readonly [string, Json])[]
  ).map(([id, origin]) =>
    c(`values/origin-geo-${id}`, { query: { distance_feature: { field: 'location', origin, pivot: '10km' } } }),
  ),
  c('values/origin-date-list', { query: { distance_feature: { field: 'date', origin: [1], pivot: '7d' } } }),
  c('values/origin-date-true', { query: { distance_feature: { field: 'date', origin: true, pivot: '7d' } } }),
  ...SHAPES.map(([id, shape]) => c(`values/shape-${id}`, { query: { geo_shape: { shape: { shape } } } })),
  // A span_term on a number field is an exact-value range query, which it cannot take apart: its words print it.
  ...(
    [
      ['num-negative', { num: '-12' }],
      ['num-number', { num: 7 }],
      ['num-object', { num: { value: '05', boost: 2 } }],
      ['price-decimal', { price: '2.25' }],
      ['price-negative', { price: -2.5 }],
      ['price-large', { price: 12345678.5 }],
      ['price-small', { price: '0.0001' }],
    ] as const
  ).map(([id, clause]) => c(`span-term-number/${id}`, { query: { span_term: clause } })),
  // On an address or an integer range it is one too, printed with the address's bytes or the range's bounds.
  ...(
    [
      ['ip-high', { ip: '192.168.1.254' }],
      ['ip-zero', { ip: { value: '0.0.0.0', boost: 2 } }],
      ['ip-broadcast', { ip: '255.255.255.255' }],
      ['int-range-negative', { int_range: '-7' }],
      ['int-range-max', { int_range: 2147483647 }],
      ['int-range-object', { int_range: { value: 0 } }],
    ] as const
  ).map(([id, clause]) => c(`span-term-field/${id}`, { query: { span_term: clause } })),
  // Shapes written as WKT text, read by the shape parser's tokens and grammar.
  ...(
    [
      ['point', 'POINT (1 2)'],
      ['point-lower', 'point (1 2)'],
      ['point-height', 'POINT (1 2 3)'],
      ['point-four', 'POINT (1 2 3 4)'],
      ['point-no-close', 'POINT (1 2'],
      ['point-no-open', 'POINT 1 2'],
      ['point-letter', 'POINT (a 2)'],
      ['point-comma', 'POINT (1, 2)'],
      ['point-rest', 'POINT (1 2) x'],
      ['point-rest-paren', 'POINT (1 2))'],
      ['point-quote', 'POINT ("1" 2)'],
      ['point-comment', 'POINT (1 2) # note'],
      ['point-empty', 'POINT EMPTY'],
      ['point-hex', 'POINT (0x1p3 2)'],
      ['point-suffix', 'POINT (1d 2f)'],
      ['point-semicolon', 'POINT (1 2;'],
      ['point-nan', 'POINT (NaN 2)'],
      ['line', 'LINESTRING (1 2, 3 4)'],
      ['line-parens', 'LINESTRING ((1 2), (3 4))'],
      ['line-one', 'LINESTRING (1 2)'],
      ['line-none', 'LINESTRING ()'],
      ['line-semicolon', 'LINESTRING (1 2; 3 4)'],
      ['line-mixed', 'LINESTRING (1 2 3, 4 5)'],
      ['line-paren-open', 'LINESTRING ((1 2, 3 4)'],
      ['polygon', 'POLYGON ((0 0, 1 0, 1 1, 0 0))'],
      ['polygon-open', 'POLYGON ((0 0, 1 0, 1 1, 0 1))'],
      ['polygon-three', 'POLYGON ((0 0, 1 0, 0 0))'],
      ['polygon-two-open', 'POLYGON ((0 0, 1 1))'],
      ['polygon-flat', 'POLYGON (0 0, 1 0, 1 1, 0 0)'],
      ['polygon-hole-open', 'POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 2))'],
      ['polygon-heights', 'POLYGON ((0 0 5, 1 0 5, 1 1 5, 0 0 9))'],
      ['multipolygon-open', 'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((0 0, 1 0, 1 1, 0 1)))'],
      ['multipoint', 'MULTIPOINT (1 2, 3 4)'],
      ['multipoint-parens', 'MULTIPOINT ((1 2), (3 4))'],
      ['multiline', 'MULTILINESTRING ((1 2, 3 4), (5 6, 7 8))'],
      ['multiline-one', 'MULTILINESTRING ((1 2), (5 6, 7 8))'],
      ['bbox', 'BBOX (0, 10, 5, 0)'],
      ['bbox-spaces', 'BBOX (0 10 5 0)'],
      ['bbox-inverted', 'BBOX (0, 10, 0, 5)'],
      ['envelope', 'ENVELOPE (0, 10, 5, 0)'],
      ['collection', 'GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (1 2, 3 4))'],
      ['collection-unknown', 'GEOMETRYCOLLECTION (POINT (1 2), FOO (1 2))'],
      ['collection-broken', 'GEOMETRYCOLLECTION (POINT (1 2) POINT (3 4))'],
      ['circle', 'CIRCLE (1 2 10)'],
      ['empty-word', 'EMPTY'],
      ['paren-first', '(1 2)'],
    ] as const
  ).map(([id, shape]) => c(`wkt/${id}`, { query: { geo_shape: { shape: { shape } } } })),
  ...SHAPE_FIELDS.map(([id, field]) => c(`values/shape-field-${id}`, { query: { geo_shape: { shape: field } } })),
  ...(
    [
      ['object', [{ a: null }]],
      ['after-value', ['a', { a: null }]],
      ['object-list', [{ a: [null] }]],
      ['deep', [{ a: { b: null } }]],
      ['list', [['a', null]]],
      ['lookup', [{ index: 'conformance', id: '1', path: 'kw', field: null }]],
      ['none', [{ a: 1 }, ['b']]],
    ] as (readonly [string, Json])[]
  ).map(([id, values]) => c(`query/terms-null-inside-${id}`, { query: { terms: { kw: values } } })),
  // more_like_this reads each item of `like` and `unlike` as a text or a document's object (queryRules.ts).
  ...(
    [
      ['list', { like: [['a']] }],
      ['null', { like: [null] }],
      ['empty-list-second', { like: ['a', []] }],
      ['number-boolean', { like: [1, true, 'a'] }],
      ['unlike-list', { like: 'x', unlike: [['a']] }],
      ['unlike-null', { like: 'x', unlike: ['b', null] }],
      ['document-then-null', { like: [{ _index: 'conformance', _id: '1' }, null] }],
      ['one-null', { like: null }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, options]) => c(`query/mlt-item-${id}`, { query: { more_like_this: { fields: ['text'], ...options } } })),
  // terms reads an object among its values token by token: a list inside it ends the values' loop (queryMessages.ts).
  ...(
    [
      ['lookup', [{ index: ['conformance'], id: '1', path: 'kw' }]],
      ['alone', [{ a: ['x'] }]],
      ['then-boost', [{ a: ['x'], boost: 2 }]],
      ['then-boost-text', [{ a: ['x'], boost: '2' }]],
      ['then-boost-word', [{ a: ['x'], boost: 'q' }]],
      ['then-name', [{ a: ['x'], _name: 'n' }, 'y']],
      ['then-object', [{ a: ['x'], b: { c: 1 } }]],
      ['then-list', [{ a: ['x'], b: ['c'] }]],
      ['then-null', [{ a: ['x'], b: null }]],
      ['null-first', [{ b: null, a: ['x'] }]],
      ['deeper', [{ a: { b: ['x'] }, c: 'y' }]],
      ['deeper-last', [{ a: { b: ['x'] } }]],
      ['after-values', ['v', 1, { a: [] }, 'w']],
      ['empty-list', [{ a: [], b: 'x' }]],
      ['no-list', [{ a: 'x', b: { c: 'y' } }, 'z']],
    ] as (readonly [string, Json])[]
  ).map(([id, values]) => c(`query/terms-list-in-object-${id}`, { query: { terms: { kw: values } } })),
  ...(
    [
      ['absent', { minimum_should_match_field: 'nofield' }],
      ['empty', { terms: [], minimum_should_match_field: 'nofield' }],
      ['number', { minimum_should_match_field: 0 }],
      ['with-terms', { terms: ['a'], minimum_should_match_field: 'nofield' }],
      ['terms-after', { minimum_should_match_field: 'nofield', terms: ['a'] }],
    ] as (readonly [string, Json])[]
  ).map(([id, options]) => c(`shard/terms-set-field-no-terms-${id}`, { query: { terms_set: { kw: options } } })),
  c('values/shape-clause-list', { query: { geo_shape: { shape: [1] } } }),
  c('values/shape-clause-list-of-object', { query: { geo_shape: { shape: [{ shape: SHAPE_POINT }] } } }),
  // A null shape is no shape; indexed_shape is read by a token loop of its own (geoShapes.ts).
  ...(
    [
      ['shape-null', { shape: null }],
      ['shape-null-then-relation', { shape: null, relation: 'within' }],
      ['indexed-shape-null', { indexed_shape: null }],
      ['indexed-shape-number-then-relation', { indexed_shape: 1, relation: 'bogus' }],
      ['indexed-shape-null-then-object', { indexed_shape: null, x: {} }],
      ['indexed-shape-empty-object', { indexed_shape: {} }],
      ['indexed-shape-no-id', { indexed_shape: { index: 'x' } }],
      ['indexed-shape-id-null', { indexed_shape: { id: null } }],
      ['indexed-shape-id-list', { indexed_shape: { id: ['1'] } }],
      ['indexed-shape-unknown-object', { indexed_shape: { id: '1', bogus: {} } }],
      ['indexed-shape-empty-list', { indexed_shape: [] }],
      ['indexed-shape-list-of-number', { indexed_shape: [1] }],
      ['indexed-shape-list-of-null', { indexed_shape: [null] }],
      ['indexed-shape-list-of-object', { indexed_shape: [{ id: '1' }] }],
    ] as (readonly [string, Json])[]
  ).map(([id, field]) => c(`geo/${id}`, { query: { geo_shape: { shape: field } } })),
  // The field's object inside a list (geoQueries.ts).
  ...(
    [
      [
        'bad-coordinates',
        [
          {
            shape: {
              type: 'envelope',
              coordinates: [
                [0, 5],
                ['x', 0],
              ],
            },
          },
        ],
      ],
      ['twice', [{ shape: SHAPE_POINT }, { shape: SHAPE_POINT }]],
      ['bad-relation', [{ shape: SHAPE_POINT, relation: 'bogus' }]],
      ['no-shape', [{ relation: 'within' }]],
      [
        'null-first',
        [
          null,
          {
            shape: {
              type: 'envelope',
              coordinates: [
                [0, 5],
                ['x', 0],
              ],
            },
          },
        ],
      ],
      [
        'nested',
        [
          [
            {
              shape: {
                type: 'envelope',
                coordinates: [
                  [0, 5],
                  ['x', 0],
                ],
              },
            },
          ],
        ],
      ],
      ['empty-object', [{}]],
      ['valid', [{ shape: SHAPE_POINT }]],
      ['object-then-number', [{ shape: SHAPE_POINT }, 1]],
    ] as (readonly [string, Json])[]
  ).map(([id, field]) => c(`geo/shape-field-list-${id}`, { query: { geo_shape: { shape: field } } })),
  ...(
    [
      ['unknown-clause', { MATCH: { text: 'fox' } }],
      ['empty', {}],
      ['text-list', { match: { text: ['fox'] } }],
      ['two-fields', { match: { text: 'fox', query: 'x' } }],
      ['valid', { match: { text: 'fox' } }],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, query]) => [
    c(`values/highlight-query-field-${id}`, {
      query: { match_all: {} },
      highlight: { fields: { text: { highlight_query: query } } },
    }),
    c(`values/highlight-query-${id}`, {
      query: { match_all: {} },
      highlight: { highlight_query: query, fields: { text: {} } },
    }),
  ]),
  ...(['geohash_grid', 'geotile_grid'] as const).flatMap((type) =>
    (
      [
        ['list', [3]],
        ['true', true],
        ['null', null],
        ['text', '10s'],
        ['empty', ''],
        ['number-text', '3'],
        ['distance', '10km'],
        ['float', 2.5],
      ] as (readonly [string, Json])[]
    ).map(([id, precision]) =>
      c(`values/grid-${type}-${id}`, { size: 0, aggs: { g: { [type]: { field: 'location', precision } } } }),
    ),
  ),
  ...(
    [
      ['empty', ''],
      ['text-list', ['1, 2']],
      ['true', true],
      ['null', null],
      ['number', 1],
      ['list', [2, 1]],
      ['text', '1, 2'],
      ['object', { lat: 1, lon: 2 }],
      ['geohash-bad', 'now-1d'],
      ['geohash', 'u4pruydqqvj'],
      ['geohash-upper', 'U4PRU'],
      ['lon-bad', '1, 2x'],
      ['lat-bad', '1x, 2'],
      ['both-bad', 'x,y'],
      ['lon-empty', '1, '],
      ['lat-blank', ' , 2'],
      ['spaced', ' 1 , 2 '],
      // An object: its own loop takes a number under lat and under lon, and names the last member it met.
      ['object-empty', {}],
      ['object-lat-only', { lat: 1 }],
      ['object-lon-only', { lon: 1 }],
      ['object-both', { lat: 1, lon: 2 }],
      ['object-both-and-other', { lat: 1, lon: 2, x: 1 }],
      ['object-geohash', { geohash: 'drm3' }],
      ['object-lat-text', { lat: 'a', lon: 2 }],
      ['object-lat-null', { lat: null, lon: 2 }],
      ['object-number-texts', { lat: '1', lon: '2' }],
      ['object-lon-boolean', { lat: 1.5, lon: true }],
    ] as (readonly [string, Json])[]
  ).map(([id, origin]) =>
    c(`values/origin-agg-${id}`, {
      size: 0,
      aggs: { g: { geo_distance: { field: 'location', origin, ranges: [{ to: 1 }] } } },
    }),
  ),
  ...(
    [
      ['point-lon', { type: 'point', coordinates: [200, 0] }],
      [
        'envelope-lat',
        {
          type: 'envelope',
          coordinates: [
            [0, 100],
            [5, 0],
          ],
        },
      ],
      [
        'envelope-lat-second',
        {
          type: 'envelope',
          coordinates: [
            [0, 5],
            [5, -100],
          ],
        },
      ],
      [
        'envelope-lon',
        {
          type: 'envelope',
          coordinates: [
            [-200, 5],
            [5, 0],
          ],
        },
      ],
      [
        'envelope-lon-second',
        {
          type: 'envelope',
          coordinates: [
            [0, 5],
            [2147483648, 0],
          ],
        },
      ],
      [
        'multipoint-lon',
        {
          type: 'multipoint',
          coordinates: [
            [0, 0],
            [200, 1],
          ],
        },
      ],
      ['circle-lon', { type: 'circle', coordinates: [200, 0], radius: '1km' }],
      [
        'linestring-lon',
        {
          type: 'linestring',
          coordinates: [
            [0, 0],
            [200, 1],
          ],
        },
      ],
      [
        'multilinestring-lon',
        {
          type: 'multilinestring',
          coordinates: [
            [
              [0, 0],
              [200, 1],
            ],
          ],
        },
      ],
      [
        'polygon-lon',
        {
          type: 'polygon',
          coordinates: [
            [
              [0, 0],
              [200, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      ],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, shape]) => [
    c(`values/shape-range-${id}`, { query: { geo_shape: { shape: { shape } } } }),
    c(`values/shape-range-on-point-${id}`, { query: { geo_shape: { location: { shape } } } }),
  ]),
  // What each shard refuses of a shape waits for the loop over the field's object: a member it refuses after the
  // shape, or a second field object in a list, is said instead.
  ...(
    [
      ['then-unknown-null', { missing: null }],
      ['then-unknown', { missing: 1 }],
      ['then-bad-relation', { relation: 'nope' }],
      ['then-relation', { relation: 'within' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, after]) =>
    c(`values/shape-range-${id}`, {
      query: {
        geo_shape: {
          shape: {
            shape: FAR_ENVELOPE,
            ...after,
          },
        },
      },
    }),
  ),
  c('values/shape-range-then-field-object', {
    query: {
      geo_shape: {
        shape: [{ shape: FAR_ENVELOPE }, { shape: { type: 'point', coordinates: [1, 2] } }],
      },
    },
  }),
  c('values/shape-range-then-clause-member', {
    query: {
      geo_shape: {
        shape: {
          shape: FAR_ENVELOPE,
        },
        foo: 1,
      },
    },
  }),
  // Each shard looks an analyzer's name up as it builds a text query, and no index can define an empty one.
  ...(
    [
      ['match', { match: { text: { query: 'quick', analyzer: '' } } }],
      ['match-unmapped', { match: { nofield: { query: 'quick', analyzer: '' } } }],
      ['match-phrase', { match_phrase: { text: { query: 'quick', analyzer: '' } } }],
      ['match-phrase-prefix', { match_phrase_prefix: { text: { query: 'qui', analyzer: '' } } }],
      ['match-bool-prefix', { match_bool_prefix: { text: { query: 'quick br', analyzer: '' } } }],
      ['multi-match', { multi_match: { query: 'quick', fields: ['text'], analyzer: '' } }],
      ['query-string', { query_string: { query: 'quick', analyzer: '' } }],
      ['query-string-quote', { query_string: { query: 'quick', quote_analyzer: '' } }],
      ['simple-query-string', { simple_query_string: { query: 'quick', analyzer: '' } }],
      ['common', { common: { text: { query: 'quick', analyzer: '' } } }],
      ['common-unmapped', { common: { nofield: { query: 'quick', analyzer: '' } } }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, query]) => c(`values/analyzer-empty-${id}`, { query })),
  c('values/composite-calendar-interval-list', {
    size: 0,
    aggs: { c: { composite: { sources: [{ d: { date_histogram: { field: 'date', calendar_interval: ['day'] } } }] } } },
  }),
  c('values/composite-fixed-interval-number', {
    size: 0,
    aggs: { c: { composite: { sources: [{ d: { date_histogram: { field: 'date', fixed_interval: 1 } } }] } } },
  }),
  ...([0, -1, 0.5] as const).map((compression) =>
    c(`values/mad-compression-${compression}`, {
      size: 0,
      aggs: { m: { median_absolute_deviation: { field: 'num', compression } } },
    }),
  ),
  ...([-1, 0] as const).map((shard_size) =>
    c(`values/diversified-shard-size-${shard_size}`, {
      size: 0,
      aggs: { s: { diversified_sampler: { field: 'kw', shard_size }, aggs: { m: { max: { field: 'num' } } } } },
    }),
  ),
  ...(
    [
      ['text', '100'],
      ['list', ['a']],
      ['number', 100],
    ] as (readonly [string, Json])[]
  ).map(([id, shard_size]) =>
    c(`values/sampler-shard-size-${id}`, {
      size: 0,
      aggs: { s: { sampler: { shard_size }, aggs: { m: { max: { field: 'num' } } } } },
    }),
  ),
  ...(['derivative', 'cumulative_sum', 'serial_diff'] as const).flatMap((pipeline) =>
    ([0, 1] as const).flatMap((minDocCount) =>
      (['histogram', 'date_histogram'] as const).map((parent) =>
        c(`values/sequential-${pipeline}-${parent}-min-doc-count-${minDocCount}`, {
          size: 0,
          aggs: {
            h: {
              [parent]:
                parent === 'histogram'
                  ? { field: 'num', interval: 5, min_doc_count: minDocCount }
                  : { field: 'date', calendar_interval: 'day', min_doc_count: minDocCount },
              aggs: { s: { sum: { field: 'num' } }, p: { [pipeline]: { buckets_path: 's' } } },
            },
          },
        }),
      ),
    ),
  ),
  c('values/int-fragment-size', {
    query: { match_all: {} },
    highlight: { fields: { text: { fragment_size: 2147483648 } } },
  }),
  c('values/int-number-of-fragments', {
    query: { match_all: {} },
    highlight: { number_of_fragments: 2147483648, fields: { text: {} } },
  }),
  c('values/int-max-gaps', { query: { intervals: { text: { match: { query: 'quick', max_gaps: 2147483648 } } } } }),
  c('values/int-max-gaps-text', {
    query: { intervals: { text: { match: { query: 'quick', max_gaps: '2147483648' } } } },
  }),
  ...(
    [
      ['number', -1],
      ['list', []],
      ['null', null],
      ['missing', undefined],
      ['text', 'text'],
    ] as (readonly [string, Json | undefined])[]
  ).map(([id, field]) =>
    c(`values/generator-field-${id}`, {
      suggest: {
        s: {
          text: 'quik fox',
          phrase: { field: 'text', direct_generator: [field === undefined ? { size: 1 } : { field }] },
        },
      },
    }),
  ),
  c('values/generator-size-true', {
    suggest: { s: { text: 'quik fox', phrase: { field: 'text', direct_generator: [{ field: 'text', size: true }] } } },
  }),
  c('values/multi-terms-no-field', { size: 0, aggs: { a: { multi_terms: { terms: [{ field: 'kw' }, {}] } } } }),
  c('values/multi-terms-missing-only', {
    size: 0,
    aggs: { a: { multi_terms: { terms: [{ field: 'kw' }, { missing: 1 }] } } },
  }),
  c('values/weighted-avg-no-field', {
    size: 0,
    aggs: { a: { weighted_avg: { value: {}, weight: { field: 'price' } } } },
  }),
  ...(
    [
      ['point-after-list', [[0, 5], 0]],
      ['null-after-list', [[0, 5], null]],
      ['true-after-list', [[0, 5], true]],
      ['null-first', [null, [5, 0]]],
      // The parser reads the whole tree before it compares dimensions (cases of the token walk, geoShapes.ts).
      ['empty-then-short-point', [[], [[5], 0]]],
      ['empty-then-point', [[], [5, 0]]],
      [
        'four-numbers',
        [
          [1, 2, 3, 4],
          [3, 0],
        ],
      ],
      [
        'three-then-two-numbers',
        [
          [1, 2, 3],
          [3, 0],
        ],
      ],
      [
        'two-then-three-numbers',
        [
          [1, 2],
          [1, 2, 3],
        ],
      ],
      [
        'text-after-two-numbers',
        [
          [1, 2, 'x'],
          [3, 0],
        ],
      ],
      ['null-alone', [null]],
      ['deeper-first', [[[1, 2]], [3, 0]]],
      ['point-then-deeper', [[1, 2], [[3, 0]]]],
    ] as (readonly [string, Json])[]
  ).map(([id, coordinates]) =>
    c(`values/shape-coordinates-${id}`, {
      query: { geo_shape: { shape: { shape: { type: 'envelope', coordinates } } } },
    }),
  ),
  // What is refused first: an unknown type, or coordinates that do not read.
  ...(
    [
      ['text', 'x'],
      ['null', null],
      ['number', 5],
      ['object', {}],
      ['object-in-list', [[0, 5], {}]],
      ['null-first', [null, [5, 0]]],
      ['null-after-list', [[0, 5], null]],
      ['empty-inner', [[0, 5], []]],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, coordinates]) => [
    c(`values/shape-unknown-type-then-${id}`, {
      query: { geo_shape: { shape: { shape: { type: 'envelopex', coordinates } } } },
    }),
    c(`values/shape-coordinates-then-unknown-type-${id}`, {
      query: { geo_shape: { shape: { shape: { coordinates, type: 'envelopex' } } } },
    }),
  ]),
  // Coordinates written as null, or as a value that is not a list, for each type.
  ...['point', 'envelope', 'polygon', 'linestring', 'multipoint', 'circle'].flatMap((type) =>
    (
      [
        ['null', null],
        ['number', 5],
        ['text', 'x'],
        ['true', true],
      ] as (readonly [string, Json])[]
    ).map(([id, coordinates]) =>
      c(`values/shape-top-coordinates-${type}-${id}`, {
        query: {
          geo_shape: {
            shape: { shape: { type, coordinates, ...(type === 'circle' ? { radius: '1km' } : {}) } },
          },
        },
      }),
    ),
  ),
  ...(
    [
      ['number', 1.5],
      ['true', true],
      ['null', null],
      ['object-list', { x: ['s'] }],
      ['object-null', { x: null }],
      ['object-number', { x: 1 }],
      ['list', ['s']],
    ] as (readonly [string, Json])[]
  ).map(([id, path]) =>
    c(`values/script-path-${id}`, {
      size: 0,
      aggs: {
        h: {
          histogram: { field: 'num', interval: 5 },
          aggs: { s: { sum: { field: 'num' } }, b: { bucket_script: { buckets_path: path, script: 'params.x' } } },
        },
      },
    }),
  ),
  ...(
    [
      ['list-in-list', [[50]]],
      ['empty-list-in-list', [[]]],
      ['true', [true]],
      ['text', ['50']],
      ['bad-text', ['a']],
      ['empty-text', ['']],
      ['then-bad-text', [50, 'x', true]],
      ['null', [null]],
    ] as (readonly [string, Json])[]
  ).map(([id, percents]) =>
    c(`values/percentiles-bucket-${id}`, {
      size: 0,
      aggs: {
        h: { histogram: { field: 'num', interval: 5 }, aggs: { s: { sum: { field: 'num' } } } },
        p: { percentiles_bucket: { buckets_path: 'h>s', percents } },
      },
    }),
  ),
  // The percents are handed to the builder's setter once the loop ends, after the check of buckets_path: one below 0
  // or above 100 (a number or the text of one) is refused there, before any path is resolved; NaN passes.
  ...(
    [
      ['below', [50, -1]],
      ['above', [100.5]],
      ['text-above', ['1e3']],
      ['nan', ['NaN', 0, 100]],
    ] as (readonly [string, Json])[]
  ).map(([id, percents]) =>
    c(`values/percentiles-bucket-range-${id}`, {
      size: 0,
      aggs: {
        h: { histogram: { field: 'num', interval: 5 }, aggs: { s: { sum: { field: 'num' } } } },
        p: { percentiles_bucket: { buckets_path: 'h>s', percents } },
      },
    }),
  ),
  c('values/percentiles-bucket-range-unknown-path', {
    size: 0,
    aggs: { p: { percentiles_bucket: { percents: [150], buckets_path: 'nope>s' } } },
  }),
  c('values/percentiles-bucket-range-no-path', { size: 0, aggs: { p: { percentiles_bucket: { percents: [150] } } } }),
  c('values/percentiles-bucket-range-then-unknown', {
    size: 0,
    aggs: { p: { percentiles_bucket: { percents: [150], buckets_path: 'nope>s', x: 1 } } },
  }),
  // A member the loop reads first fails before a name it refuses after it: percents, then an unknown list.
  c('values/percentiles-bucket-list-in-list-then-unknown', {
    size: 0,
    aggs: {
      h: { histogram: { field: 'num', interval: 5 }, aggs: { s: { sum: { field: 'num' } } } },
      p: { percentiles_bucket: { buckets_path: 'h>s', percents: [[50]], value: [1] } },
    },
  }),
  c('values/percentiles-bucket-unknown-then-list-in-list', {
    size: 0,
    aggs: {
      h: { histogram: { field: 'num', interval: 5 }, aggs: { s: { sum: { field: 'num' } } } },
      p: { percentiles_bucket: { value: [1], buckets_path: 'h>s', percents: [[50]] } },
    },
  }),
  // serial_diff reads `lag` as an int, a fraction cut off, and refuses it at once unless above zero: before a name it
  // refuses after it, after one before it (an unknown list, a gap policy it does not know).
  ...(
    [
      ['zero', { buckets_path: 's', lag: 0 }],
      ['negative', { buckets_path: 's', lag: -1 }],
      ['half', { buckets_path: 's', lag: 0.5 }],
      ['minus-half', { buckets_path: 's', lag: -0.5 }],
      ['one-and-half', { buckets_path: 's', lag: 1.5 }],
      ['zero-then-unknown', { buckets_path: 's', lag: 0, query: [] }],
      ['unknown-then-zero', { query: [], buckets_path: 's', lag: 0 }],
      ['zero-then-gap-policy', { buckets_path: 's', lag: 0, gap_policy: 'nope' }],
      ['gap-policy-then-zero', { buckets_path: 's', gap_policy: 'nope', lag: 0 }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, options]) =>
    c(`values/serial-diff-lag-${id}`, {
      size: 0,
      aggs: {
        h: {
          date_histogram: { field: 'date', calendar_interval: 'day', min_doc_count: 0 },
          aggs: { s: { sum: { field: 'num' } }, d: { serial_diff: options } },
        },
      },
    }),
  ),
  // The pipeline parsers read a list of buckets_path texts item by item with text(): an item that is no value fails
  // where the loop meets it, with HTTP 500 in the hand-written loops, wrapped by bucket_script's ObjectParser.
  ...(
    [
      'bucket_selector',
      'avg_bucket',
      'percentiles_bucket',
      'derivative',
      'moving_avg',
      'serial_diff',
      'bucket_script',
    ] as const
  ).flatMap((type) =>
    (
      [
        ['object', [{ a: 's' }]],
        ['list', [['s']]],
        ['null', [null]],
        ['second-object', ['s', {}]],
        ['empty', []],
      ] as (readonly [string, Json])[]
    ).map(([id, paths]) => {
      const sibling = type === 'avg_bucket' || type === 'percentiles_bucket';
      const pipeline: JsonObject = {
        [type]: {
          buckets_path: paths,
          ...(type === 'bucket_selector' ? { script: 'true' } : type === 'bucket_script' ? { script: '1' } : {}),
          // serial_diff's lag beyond an int, after the list: the list fails first.
          ...(type === 'serial_diff' ? { lag: 1.5e10 } : {}),
        },
      };
      const histogram: JsonObject = {
        date_histogram: { field: 'date', calendar_interval: 'day' },
        aggs: { s: { sum: { field: 'num' } }, ...(sibling ? {} : { p: pipeline }) },
      };
      return c(`values/pipeline-path-list-${type.replace('_', '-')}-${id}`, {
        size: 0,
        aggs: sibling ? { h: histogram, p: pipeline } : { h: histogram },
      });
    }),
  ),
  ...(
    [
      ['unit-unknown', { unit: 'kmx' }],
      ['unit-upper', { unit: 'KM' }],
      ['unit-mi', { unit: 'mi' }],
      ['unit-empty', { unit: '' }],
      ['unit-number', { unit: 1 }],
      ['unit-null', { unit: null }],
      ['type-unknown', { distance_type: 'arcs' }],
      ['type-upper', { distance_type: 'PLANE' }],
      ['type-number', { distance_type: 1 }],
      ['both-unknown', { distance_type: 'x', unit: 'y' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, options]) =>
    c(`values/geo-distance-agg-${id}`, {
      size: 0,
      aggs: { a: { geo_distance: { field: 'location', origin: '1,2', ...options, ranges: [{ to: 1 }] } } },
    }),
  ),
  ...(
    [
      ['no-interval', [{ d: { date_histogram: { field: 'date' } } }]],
      ['no-interval-no-field', [{ d: { date_histogram: {} } }]],
      ['no-interval-second', [{ k: { terms: { field: 'kw' } } }, { d: { date_histogram: { field: 'date' } } }]],
      ['fixed-null', [{ d: { date_histogram: { field: 'date', fixed_interval: null } } }]],
      ['interval-empty', [{ d: { date_histogram: { field: 'date', interval: '' } } }]],
      ['fixed-empty', [{ d: { date_histogram: { field: 'date', fixed_interval: '' } } }]],
      ['calendar-empty', [{ d: { date_histogram: { field: 'date', calendar_interval: '' } } }]],
      [
        'no-interval-then-bad-order',
        [{ d: { date_histogram: { field: 'date' } } }, { k: { terms: { field: 'kw', order: 'x' } } }],
      ],
    ] as (readonly [string, Json])[]
  ).map(([id, sources]) =>
    c(`values/composite-date-histogram-${id}`, { size: 0, aggs: { a: { composite: { sources } } } }),
  ),
  ...([0, -1, 1, 2.5] as const).map((size) =>
    c(`values/bucket-sort-size-${String(size)}`, {
      size: 0,
      aggs: { h: { ...HISTOGRAM_WITH_SUM, aggs: { s: { sum: { field: 'num' } }, b: { bucket_sort: { size } } } } },
    }),
  ),
  ...(
    [
      ['one', [{ field: 'num' }]],
      ['text-then-object', ['x', { field: 'num' }]],
      ['text-then-two', ['x', { field: 'num' }, { field: 'kw' }]],
      ['object-text-object', [{ field: 'num' }, 'x', { field: 'kw' }]],
      ['number-then-object', [1, { field: 'num' }]],
      ['object-empty', {}],
      ['object-field', { field: 'kw' }],
      ['object-unknown', { fieldx: 'kw' }],
    ] as (readonly [string, Json])[]
  ).map(([id, terms]) => c(`values/multi-terms-count-${id}`, { size: 0, aggs: { a: { multi_terms: { terms } } } })),
  ...(
    [
      ['list-number', { n: [1] }],
      ['list-text', { n: ['s'] }],
      ['list-empty', { n: [] }],
      ['list-two', { n: ['s', 't'] }],
      ['object', { n: { a: 's' } }],
      ['null', { n: null }],
      ['text-open-bracket', { n: 's[' }],
      ['text-empty-brackets', { n: 's[]' }],
      ['text-bracket-first', { n: '[s]' }],
      ['text-dot-last', { n: 's.' }],
      ['text-dot-first', { n: '.s' }],
      ['text-unclosed', { n: 's[max' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, path]) =>
    c(`values/path-element-selector-${id}`, {
      size: 0,
      aggs: {
        h: {
          ...HISTOGRAM_WITH_SUM,
          aggs: { s: { sum: { field: 'num' } }, p: { bucket_selector: { buckets_path: path, script: 'true' } } },
        },
      },
    }),
  ),
  ...(['s[', '[s]', 's.', '.s', 's[]', 'h[x]>s'] as const).flatMap((path) => [
    c(`values/path-element-derivative-${path}`, {
      size: 0,
      aggs: {
        h: { ...HISTOGRAM_WITH_SUM, aggs: { s: { sum: { field: 'num' } }, d: { derivative: { buckets_path: path } } } },
      },
    }),
    c(`values/path-element-sibling-${path}`, {
      size: 0,
      aggs: { h: HISTOGRAM_WITH_SUM, m: { max_bucket: { buckets_path: `h>${path}` } } },
    }),
  ]),
  ...(
    [
      ['number', 1.5],
      ['true', true],
      ['object', { a: 's' }],
      ['list', ['s']],
      ['text', 's'],
      ['empty-list', []],
      ['two-list', ['s', 's']],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, path]) => [
    c(`values/pipeline-path-cumulative-sum-${id}`, {
      size: 0,
      aggs: {
        h: {
          ...HISTOGRAM_WITH_SUM,
          aggs: { s: { sum: { field: 'num' } }, p: { cumulative_sum: { buckets_path: path } } },
        },
      },
    }),
    c(`values/pipeline-path-moving-fn-${id}`, {
      size: 0,
      aggs: {
        h: {
          ...HISTOGRAM_WITH_SUM,
          aggs: {
            s: { sum: { field: 'num' } },
            p: { moving_fn: { buckets_path: path, window: 2, script: 'MovingFunctions.max(values)' } },
          },
        },
      },
    }),
  ]),
  ...(
    [
      ['sum-max', 's', 's.max'],
      ['sum-value', 's', 's.value'],
      ['sum-value-deeper', 's', 's.value.x'],
      ['sum-bracket', 's', 's[max]'],
      ['avg-max', 'a', 'a.max'],
      ['cardinality-count', 'c', 'c.count'],
      ['count-value', 'v', 'v.value'],
      ['count-values', 'v', 'v.values'],
      ['mad-max', 'm', 'm.max'],
      ['stats-value', 'st', 'st.value'],
    ] as const
  ).flatMap(([id, , path]) => [
    c(`values/metric-value-path-${id}`, {
      size: 0,
      aggs: {
        h: {
          ...METRICS_UNDER_HISTOGRAM,
          aggs: { ...METRICS_UNDER_HISTOGRAM.aggs, d: { derivative: { buckets_path: path } } },
        },
      },
    }),
    c(`values/metric-value-path-sibling-${id}`, {
      size: 0,
      aggs: { h: METRICS_UNDER_HISTOGRAM, b: { max_bucket: { buckets_path: `h>${path}` } } },
    }),
  ]),
  ...(
    [
      ['fixed', { fixed_interval: '' }],
      ['interval', { interval: '' }],
      ['calendar', { calendar_interval: '' }],
      ['fixed-then-calendar', { fixed_interval: '', calendar_interval: 'day' }],
      ['calendar-valid-then-fixed', { calendar_interval: 'day', fixed_interval: '' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, options]) =>
    c(`values/date-histogram-empty-${id}`, { size: 0, aggs: { a: { date_histogram: { field: 'date', ...options } } } }),
  ),
  // The intervals a date histogram's parser reads and each shard builds its rounding from (aggregationOptions.ts,
  // intervalRoundingFailure and legacyIntervalRefused). No interval below an hour that would keep: the cluster's
  // documents span days, and a millisecond interval makes millions of empty buckets.
  ...(
    [
      ['fixed-zero', { fixed_interval: '0m' }],
      ['fixed-zero-seconds', { fixed_interval: '0s' }],
      ['fixed-nanos', { fixed_interval: '1nanos' }],
      ['fixed-micros', { fixed_interval: '999micros' }],
      ['fixed-minus-one', { fixed_interval: '-1m' }],
      ['fixed-hour', { fixed_interval: '1h' }],
      ['legacy-zero', { interval: '0m' }],
      ['legacy-text', { interval: '1.5h' }],
      ['legacy-digits', { interval: '3600000' }],
      ['legacy-month', { interval: 'month' }],
      ['legacy-days', { interval: '2d' }],
      ['legacy-millis', { interval: 3600000 }],
      ['legacy-millis-fraction', { interval: 3600000.5 }],
      ['legacy-half', { interval: 0.5 }],
      ['legacy-zero-number', { interval: 0 }],
      ['legacy-negative', { interval: -1 }],
      ['legacy-true', { interval: true }],
      ['legacy-null', { interval: null }],
      ['legacy-object', { interval: {} }],
      ['legacy-zero-then-size', { interval: 0, min_doc_count: 1 }],
      ['fixed-zero-then-two', { fixed_interval: '0m', calendar_interval: 'day' }],
    ] as (readonly [string, JsonObject])[]
  ).flatMap(([id, options]) => [
    c(`values/date-histogram-interval-${id}`, {
      size: 0,
      aggs: { a: { date_histogram: { field: 'date', ...options } } },
    }),
    c(`values/composite-date-histogram-interval-${id}`, {
      size: 0,
      aggs: { a: { composite: { sources: [{ d: { date_histogram: { field: 'date', ...options } } }] } } },
    }),
  ]),
  ...(
    [
      ['number', { format: -1 }],
      ['true', { format: true }],
      ['null', { format: null }],
      ['object', { format: {} }],
      ['empty', { format: '' }],
      ['blank', { format: ' ' }],
      ['tab', { format: '\t' }],
      ['pattern', { format: 'yyyy' }],
      ['empty-then-zero-interval', { format: '', fixed_interval: '0m' }],
      ['zero-interval-then-empty', { fixed_interval: '0m', format: '' }],
    ] as (readonly [string, JsonObject])[]
  ).flatMap(([id, options]) => [
    c(`values/date-histogram-format-${id}`, {
      size: 0,
      aggs: { a: { date_histogram: { field: 'date', calendar_interval: 'day', ...options } } },
    }),
    c(`values/composite-date-histogram-format-${id}`, {
      size: 0,
      aggs: {
        a: {
          composite: { sources: [{ d: { date_histogram: { field: 'date', calendar_interval: 'day', ...options } } }] },
        },
      },
    }),
  ]),
  ...(
    [
      ['true', { offset: true }],
      ['null', { offset: null }],
      ['object', { offset: {} }],
      ['number', { offset: -1 }],
      ['time', { offset: '1h' }],
      ['signed', { offset: '-30m' }],
      ['text', { offset: 'x' }],
      ['fraction', { offset: '1.5h' }],
    ] as (readonly [string, JsonObject])[]
  ).map(([id, options]) =>
    c(`values/composite-date-histogram-offset-${id}`, {
      size: 0,
      aggs: {
        a: {
          composite: { sources: [{ d: { date_histogram: { field: 'date', calendar_interval: 'day', ...options } } }] },
        },
      },
    }),
  ),
  // A date format's parts are trimmed as they are read (dateFormats.ts); on a numeric field a date histogram's format
  // is a number format (cluster/mappingRules.ts).
  ...(
    [
      ['blank', ' '],
      ['tab', '\t'],
      ['blank-parts', ' || '],
      ['leading-blank', ' yyyy'],
      ['trailing-blank', 'yyyy '],
      ['named-leading-blank', ' epoch_millis'],
      ['named-trailing-blank', 'strict_date_optional_time '],
      ['empty-part', 'yyyy||'],
    ] as const
  ).flatMap(([id, format]) => [
    c(`values/date-format-range-${id}`, { query: { range: { date: { format } } } }),
    c(`values/date-format-histogram-${id}`, {
      size: 0,
      aggs: { a: { date_histogram: { field: 'date', calendar_interval: 'day', format } } },
    }),
    c(`values/date-format-histogram-num-${id}`, {
      size: 0,
      aggs: { a: { date_histogram: { field: 'num', calendar_interval: 'day', format } } },
    }),
    c(`values/date-format-composite-num-${id}`, {
      size: 0,
      aggs: {
        a: { composite: { sources: [{ d: { date_histogram: { field: 'num', calendar_interval: 'day', format } } }] } },
      },
    }),
  ]),
  c('values/date-histogram-interval-under-terms', {
    size: 0,
    aggs: { t: { terms: { field: 'kw' }, aggs: { a: { date_histogram: { field: 'date', fixed_interval: '0m' } } } } },
  }),
  ...(
    [
      ['unknown', ['10s']],
      ['unknown-object', [{ sx: { order: 'desc' } }]],
      ['unknown-single', 'sx'],
      ['unknown-single-object', { sx: 'asc' }],
      ['count', ['_count']],
      ['key', [{ _key: 'asc' }]],
      ['metric', ['s']],
      ['metric-value', ['s.value']],
      ['metric-unknown-value', ['s.max']],
      ['stats-value', ['st.max']],
      ['known-then-unknown', ['s', { sx: 'desc' }]],
      ['deeper', ['s>x']],
    ] as (readonly [string, Json])[]
  ).map(([id, sort]) =>
    c(`values/bucket-sort-path-${id}`, {
      size: 0,
      aggs: {
        h: {
          histogram: { field: 'num', interval: 5 },
          aggs: { s: { sum: { field: 'num' } }, st: { stats: { field: 'num' } }, b: { bucket_sort: { sort } } },
        },
      },
    }),
  ),
  ...['query', 'queryx', 'kw', 'text', 'num', 'items', 'text.raw', 'relation', 'location'].map((field) =>
    c(`values/percolate-field-${field}`, { query: { percolate: { field, document: { kw: 'a' } } } }),
  ),
  // The field is looked up by its exact name: no wildcard, and the empty name is a name.
  ...(
    [
      ['empty', ''],
      ['wildcard', 'que*'],
      ['id', '_id'],
      ['index', '_index'],
      ['routing', '_routing'],
      ['source', '_source'],
      ['seq-no', '_seq_no'],
      ['version', '_version'],
      ['ignored', '_ignored'],
      ['field-names', '_field_names'],
      ['unknown-underscore', '_nothing'],
      ['space', ' query'],
    ] as const
  ).map(([id, field]) =>
    c(`values/percolate-field-name-${id}`, { query: { percolate: { field, document: { kw: 'a' } } } }),
  ),
  // extended_stats' sigma, a double read from a number or its text, is refused below 0 where it stands (wrapped by
  // its ObjectParser); extended_stats_bucket's is handed to the builder once its loop ends, as percents are.
  ...(
    [
      ['negative', -1],
      ['negative-text', '-0.5'],
      ['zero', 0],
    ] as (readonly [string, Json])[]
  ).flatMap(([id, sigma]) => [
    c(`values/extended-stats-sigma-${id}`, { size: 0, aggs: { a: { extended_stats: { field: 'num', sigma } } } }),
    c(`values/extended-stats-bucket-sigma-${id}`, {
      size: 0,
      aggs: { h: HISTOGRAM_WITH_SUM, e: { extended_stats_bucket: { buckets_path: 'h>s', sigma } } },
    }),
  ]),
  c('values/extended-stats-sigma-then-unknown', {
    size: 0,
    aggs: { a: { extended_stats: { sigma: -1, field: 'num', x: 1 } } },
  }),
  c('values/extended-stats-bucket-sigma-unknown-path', {
    size: 0,
    aggs: { e: { extended_stats_bucket: { buckets_path: 'nope>s', sigma: -2.5 } } },
  }),
  // The did-you-mean of an unknown type names what the nodes register: geohex_grid is the geospatial plugin's.
  c('values/agg-type-near-geo-grids', { size: 0, aggs: { g: { geotile_grids: { field: 'location' } } } }),
  c('values/adjacency-empty', { size: 0, aggs: { a: { adjacency_matrix: { filters: {} } } } }),
  c('values/sibling-path-empty-list', {
    size: 0,
    aggs: { h: HISTOGRAM_WITH_SUM, b: { avg_bucket: { buckets_path: [] } } },
  }),
  c('values/serial-diff-lag-beyond-int', {
    size: 0,
    aggs: {
      h: {
        ...HISTOGRAM_WITH_SUM,
        aggs: { s: { sum: { field: 'num' } }, d: { serial_diff: { buckets_path: 's', lag: 2147483648 } } },
      },
    },
  }),
  c('values/search-after-list', { sort: [{ num: 'asc' }], search_after: [[1]] }),
  c('values/search-after-object', { sort: [{ num: 'asc' }], search_after: [{}] }),
  c('values/search-after-null', { sort: [{ date: 'asc' }], search_after: [null] }),
  c('values/indices-boost-empty', { indices_boost: [{}] }),
  ...INTERVAL_FORMS.map(([id, body]) => c(`values/intervals-${id}`, body)),
  // A field with no rule is said after the query's end is checked.
  c('values/intervals-no-rule-then-field', { query: { intervals: { text: {}, x: 1 } } }),
  c('values/intervals-boost-only-then-field', { query: { intervals: { text: { boost: 2 }, missing: 2147483648 } } }),
  c('values/intervals-no-rule', { query: { intervals: { text: {} } } }),
  c('values/intervals-two-rules-then-field', {
    query: { intervals: { text: { match: { query: 'quick' }, prefix: { prefix: 'q' } }, x: 1 } },
  }),
  ...SHARD_REFUSED.flatMap(([bad, clause]) =>
    REWRITES.map(([id, around]) => c(`rewritten-away/${bad}-${id}`, { query: around(clause) })),
  ),
  // minimum_should_match is read where a shard builds the bool: never, once the bool is rewritten away.
  c('rewritten-away/msm-empty-should-none', { query: { bool: { should: [NOTHING], minimum_should_match: '' } } }),
  c('rewritten-away/msm-empty-should-none-and-term', {
    query: { bool: { should: [NOTHING, TERM], minimum_should_match: '' } },
  }),
  c('rewritten-away/msm-empty-should-none-must-term', {
    query: { bool: { must: [TERM], should: [NOTHING], minimum_should_match: '' } },
  }),
  c('rewritten-away/post-filter', { post_filter: { bool: { filter: [NOTHING], must: [SHARD_REFUSED[0]![1]] } } }),
  // A query or post filter rewritten away as a whole matches no document: no hit is fetched, so what only the fetch
  // reads is never read (a highlighter, a field's format or field data, the collapse's inner hits); what the shards
  // read to build the search still is (unpaired tags), and a clause rewritten away inside a must_not leaves hits.
  ...(
    [
      ['highlighter-type', { bool: { filter: [NOTHING] } }, { highlight: { type: 'nope', fields: { text: {} } } }],
      ['highlight-empty-tags', NOTHING, { highlight: { pre_tags: [], post_tags: ['</a>'], fields: { text: {} } } }],
      ['highlight-unpaired-tags', NOTHING, { highlight: { pre_tags: ['<a>'], fields: { text: {} } } }],
      ['highlight-fvh', { terms: { kw: [] } }, { highlight: { type: 'fvh', fields: { kw: {} } } }],
      ['docvalue-format', { terms: { kw: [] } }, { docvalue_fields: [{ field: 'kw', format: 'x' }] }],
      ['fields-date-format', NOTHING, { fields: [{ field: 'date', format: '' }] }],
      [
        'must-not-highlighter-type',
        { bool: { must_not: [NOTHING] } },
        { highlight: { type: 'nope', fields: { text: {} } } },
      ],
    ] as (readonly [string, JsonObject, JsonObject])[]
  ).map(([id, query, rest]) => c(`rewritten-away/no-hits-${id}`, { query, ...rest })),
  c('rewritten-away/no-hits-post-filter-collapse', {
    query: { match_all: {} },
    post_filter: { bool: { must: [{ ids: { values: [] } }] } },
    collapse: { field: 'kw', inner_hits: [{ size: 1 }, { size: 2 }] },
  }),
  c('rewritten-away/no-hits-post-filter-docvalue-text', { post_filter: NOTHING, docvalue_fields: ['text'] }),
  c('rewritten-away/inner-hits', {
    query: {
      bool: {
        filter: [NOTHING],
        should: [
          { nested: { path: 'items', query: { match_all: {} }, inner_hits: {} } },
          { nested: { path: 'items', query: { match_all: {} }, inner_hits: {} } },
        ],
      },
    },
  }),
  // An empty text where a parser of the body reads a boolean.
  c('empty-boolean/highlight', { highlight: { fields: { kw: {} }, require_field_match: '' } }),
  c('empty-boolean/highlight-field', { highlight: { fields: { kw: { force_source: '' } } } }),
  c('empty-boolean/highlight-filter', { highlight: { fields: { kw: {} }, highlight_filter: '' } }),
  c('empty-boolean/script-field', { script_fields: { a: { script: '1', ignore_failure: '' } } }),
  c('empty-boolean/composite-missing-bucket', {
    size: 0,
    aggs: { c: { composite: { sources: [{ k: { terms: { field: 'kw', missing_bucket: '' } } }] } } },
  }),
  c('empty-boolean/terms-doc-count-error', {
    size: 0,
    aggs: { t: { terms: { field: 'kw', show_term_doc_count_error: '' } } },
  }),
  c('empty-boolean/inner-hits', {
    query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: { explain: '' } } },
  }),
  c('empty-boolean/term-case-insensitive', { query: { term: { kw: { value: 'a', case_insensitive: '' } } } }),
  c('empty-boolean/space', { highlight: { fields: { kw: {} }, require_field_match: ' ' } }),
  ...INNER_HITS_OPTIONS.flatMap(([id, options]) => [
    c(`inner-hits-options/nested-${id}`, {
      query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: options } },
    }),
    c(`inner-hits-options/has-child-${id}`, {
      query: { has_child: { type: 'child', query: { match_all: {} }, inner_hits: options } },
    }),
    c(`inner-hits-options/collapse-${id}`, {
      collapse: { field: 'kw', inner_hits: isObjectJson(options) ? { name: 'i', ...options } : options },
    }),
  ]),
  c('inner-hits-options/collapse-text', { collapse: { field: 'kw', inner_hits: 'x' } }),
  c('inner-hits-options/collapse-null', { collapse: { field: 'kw', inner_hits: null } }),
  c('inner-hits-options/collapse-empty-list', { collapse: { field: 'kw', inner_hits: [] } }),
  c('inner-hits-options/collapse-number-item', { collapse: { field: 'kw', inner_hits: [1] } }),
  c('inner-hits-options/collapse-unnamed', { collapse: { field: 'kw', inner_hits: { size: 1 } } }),
  c('inner-hits-options/collapse-unnamed-no-hits', { size: 0, collapse: { field: 'kw', inner_hits: { size: 1 } } }),
  c('inner-hits-options/collapse-unnamed-second', {
    collapse: { field: 'kw', inner_hits: [{ name: 'a' }, { size: 1 }] },
  }),
  c('inner-hits-options/collapse-same-names', {
    collapse: { field: 'kw', inner_hits: [{ name: 'a' }, { name: 'a' }] },
  }),
  c('inner-hits-options/collapse-second-refused', {
    collapse: { field: 'kw', inner_hits: [{ name: 'a' }, { name: 'b', size: 'x' }] },
  }),
  // The metrics with a sub-aggregation, and as the first aggregation of a sibling pipeline's path.
  ...METRIC_PARENTS.flatMap(([name, agg]) => [
    c(`shard/sub-aggregation-of-${name}`, {
      size: 0,
      aggs: { p: { ...agg, aggs: { x: { max: { field: 'num' } } } } },
    }),
  ]),
  ...METRIC_PARENTS.filter(([name]) => name !== 'significant-text').map(([name, agg]) =>
    c(`shard/bucket-path-to-${name}`, { size: 0, aggs: { p: agg, b: { avg_bucket: { buckets_path: 'p' } } } }),
  ),
];
