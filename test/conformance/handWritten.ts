// Conformance cases written by hand: rules across parts of a request (collapse, scroll, point in time, slices,
// search_after against the sort), per-type parameters of compound clauses, aggregation values and structure, and
// the limits that hold under default settings. Each rule has at least one request OpenSearch accepts and one it
// refuses.
import type { ConformanceCase } from './cases';
import { CONFORMANCE_INDEX, CONFORMANCE_SEARCH_PIPELINES } from './setup';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

const SEARCH = `/${CONFORMANCE_INDEX}/_search`;

function c(id: string, body: Json, query = ''): ConformanceCase {
  return { id: `cross/${id}`, class: 'cross', method: 'POST', path: `${SEARCH}${query}`, body: JSON.stringify(body) };
}

const RESCORE: Json = { window_size: 10, query: { rescore_query: { match_all: {} } } };
const HISTOGRAM: Json = { date_histogram: { field: 'date', calendar_interval: 'day' } };
const SUM: Json = { sum: { field: 'num' } };
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);
const GEO_POINTS = {
  points: [
    { lat: 0, lon: 0 },
    { lat: 10, lon: 0 },
    { lat: 10, lon: 10 },
  ],
};

/** A request sent as written: a body that is not JSON, an endpoint other than _search, another method. */
function raw(id: string, method: ConformanceCase['method'], path: string, body?: string): ConformanceCase {
  return { id: `cross/raw/${id}`, class: 'cross', method, path, ...(body === undefined ? {} : { body }) };
}

const MSEARCH = `/${CONFORMANCE_INDEX}/_msearch`;
const [PIPELINE = ''] = Object.keys(CONFORMANCE_SEARCH_PIPELINES);

function aggs(id: string, definition: Json): ConformanceCase {
  return c(`aggs/${id}`, { size: 0, aggs: definition });
}

function q(id: string, query: Json): ConformanceCase {
  return c(`query/${id}`, { query });
}

/** A search body whose deepest object is `depth` levels down, counting the body itself. */
function nestedBody(depth: number): string {
  const meta = depth - 4;
  return `{"size":0,"aggs":{"a":{"meta":${'{"a":'.repeat(meta)}{}${'}'.repeat(meta)},"max":{"field":"num"}}}}`;
}

const SPAN: Json = { span_term: { text: 'quick' } };
const NOT_SPAN: Json = { term: { kw: 'a' } };
const CF = { query: 'quick', fields: ['text'] };

/**
 * Aggregations whose options their parsers read with rules of their own (orders, includes, bounds, intervals, ranges,
 * composite sources, sub-parsers), each as written, recorded on real 3.8.0 and 2.19.1
 * (docs/opensearch/aggregations.md#option-forms).
 */
const AGGREGATION_FORMS: readonly string[] = [
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":{"_count":"up"}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":{"_key":"ASC"}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":[{"_count":"desc"},{"_key":"asc"}]}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":{"_count":"desc","_key":"asc"}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":"_count"}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","order":{"_term":"asc"}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","include":"a.*","exclude":["b"]}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","include":{"partition":0,"num_partitions":2}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","include":{"partition":2,"num_partitions":2}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","include":{"partition":0}}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","include":1}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","missing_bucket":true}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d","extended_bounds":{"min":"now-1d","max":"now"}}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d","extended_bounds":{"min":5}}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d","hard_bounds":{"min":1,"max":0}}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"1d","extended_bounds":{"min":10,"max":0}}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","calendar_interval":"2d"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"1M"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"1.5h"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","offset":"+1h"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","offset":"bogus"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","time_zone":"Bogus/Zone"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","time_zone":"+01:00"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","order":{"_key":"desc"}}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","format":"yyyy-MM-dd"}}}}',
  '{"size":0,"aggs":{"h":{"date_histogram":{"field":"date","fixed_interval":"90m","format":"bogus{"}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":0}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":-1}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5,"offset":"x"}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5,"extended_bounds":{"min":0,"max":"x"}}}}}',
  '{"size":0,"aggs":{"r":{"range":{"field":"num","ranges":[{"from":"x"}]}}}}',
  '{"size":0,"aggs":{"r":{"range":{"field":"num","ranges":[{"bogus":1}]}}}}',
  '{"size":0,"aggs":{"r":{"range":{"field":"num","ranges":[{"to":5,"key":1}]}}}}',
  '{"size":0,"aggs":{"r":{"date_range":{"field":"date","ranges":[{"from":"bogus"}]}}}}',
  '{"size":0,"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"mask":"10.0.0.0/33"}]}}}}',
  '{"size":0,"aggs":{"r":{"ip_range":{"field":"ip","ranges":[{"from":"not-an-ip"}]}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"terms":{"field":"kw","order":"up"}}}]}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"bogus":{"field":"kw"}}}]}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"terms":{"field":"kw"}},"j":{"terms":{"field":"num"}}}]}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"terms":{"field":"kw"}}}],"after":"x"}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"terms":{"field":"kw"}}}],"after":{"k":"a","z":1}}}}}',
  '{"size":0,"aggs":{"c":{"composite":{"sources":[{"k":{"date_histogram":{"field":"date","calendar_interval":"bogus"}}}]}}}}',
  '{"size":0,"aggs":{"p":{"percentiles":{"field":"num","percents":[50],"tdigest":{"compression":"x"}}}}}',
  '{"size":0,"aggs":{"p":{"percentiles":{"field":"num","hdr":{"number_of_significant_value_digits":6}}}}}',
  '{"size":0,"aggs":{"t":{"top_hits":{"size":1,"sort":[{"num":{"order":"up"}}]}}}}',
  '{"size":0,"aggs":{"t":{"top_hits":{"size":1,"_source":{"includes":1}}}}}',
  '{"size":0,"aggs":{"t":{"top_hits":{"size":1,"highlight":{"fields":{"kw":{}},"fragment_size":"x"}}}}}',
  '{"size":0,"aggs":{"f":{"filters":{"filters":[{"term":{"kw":"a"}}],"other_bucket_key":"o"}}}}',
  '{"size":0,"aggs":{"s":{"sum":{"field":"num"}},"b":{"bucket_sort":{"sort":[{"s":{"order":"up"}}]}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"b":{"bucket_sort":{"sort":[{"s":{"order":"up"}}]}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"b":{"bucket_sort":{"sort":"s","from":-1}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"m":{"moving_fn":{"buckets_path":"s","window":0,"script":"1"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"c":{"cumulative_sum":{"buckets_path":"s","format":1}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","gap_policy":"bogus"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"bogus"}}}}}}',
  '{"size":0,"aggs":{"g":{"geohash_grid":{"field":"location","precision":13}}}}',
  '{"size":0,"aggs":{"g":{"geotile_grid":{"field":"location","precision":30}}}}',
  '{"size":0,"aggs":{"g":{"geohash_grid":{"field":"location","precision":"1km"}}}}',
  '{"size":0,"aggs":{"s":{"significant_terms":{"field":"kw","background_filter":"x"}}}}',
  '{"size":0,"aggs":{"s":{"sampler":{"shard_size":-1},"aggs":{"t":{"terms":{"field":"kw"}}}}}}',
  '{"size":0,"aggs":{"d":{"diversified_sampler":{"field":"kw","execution_hint":"bogus"},"aggs":{"t":{"terms":{"field":"kw"}}}}}}',
  '{"size":0,"aggs":{"a":{"auto_date_histogram":{"field":"date","buckets":0}}}}',
  '{"size":0,"aggs":{"a":{"auto_date_histogram":{"field":"date","minimum_interval":"week"}}}}',
  '{"size":0,"aggs":{"a":{"auto_date_histogram":{"field":"date","minimum_interval":"bogus"}}}}',
  '{"size":0,"aggs":{"v":{"variable_width_histogram":{"field":"num","buckets":0}}}}',
  '{"size":0,"aggs":{"m":{"missing":{"field":"kw","bogus":1}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","size":0}}}}',
  '{"size":0,"aggs":{"t":{"terms":{"field":"kw","execution_hint":"bogus"}}}}',
  '{"size":0,"aggs":{"t":{"rare_terms":{"field":"kw","precision":0}}}}',
  '{"size":0,"aggs":{"t":{"multi_terms":{"terms":[{"field":"kw"}]}}}}',
  '{"size":0,"aggs":{"w":{"weighted_avg":{"value":{"field":"num","bogus":1},"weight":{"field":"num"}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"day"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"1d"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"1x"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"10"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"1.5h"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"x1d"}}}}}}',
  '{"size":0,"aggs":{"h":{"histogram":{"field":"num","interval":5},"aggs":{"s":{"sum":{"field":"num"}},"d":{"derivative":{"buckets_path":"s","unit":"12h"}}}}}}',
];

/**
 * Bodies whose sections' own parsers read their options by kind (highlight, sort, `_source`, `fields`, script fields,
 * rescore, suggest, indices boost, field value factor, minimum_should_match): each as written, recorded on real 3.8.0
 * and 2.19.1 (docs/opensearch/search.md#section-options).
 */
/**
 * `time_zone` as each parser that reads one takes it: Java's `ZoneId.of` for a text (region ids, offsets, `UTC`/`GMT`/`UT`
 * with an offset), and for the aggregations a number of whole hours (docs/opensearch/json-and-values.md#time-zones).
 */
const ZONE_VALUES: readonly (readonly [string, Json])[] = [
  ['region', 'Europe/Paris'],
  ['region-unknown', 'Bogus/Zone'],
  ['region-lower-case', 'europe/paris'],
  ['short-id', 'PST'],
  ['est', 'EST'],
  ['etc-gmt', 'Etc/GMT+5'],
  ['z', 'Z'],
  ['offset-h', '+1'],
  ['offset-hh', '+01'],
  ['offset-h-colon', '+1:00'],
  ['offset-hh-mm', '-05:30'],
  ['offset-hhmm', '+0100'],
  ['offset-hhmmss', '+010000'],
  ['offset-hh-mm-ss', '+01:00:30'],
  ['offset-hours-over', '+19:00'],
  ['offset-18-30', '+18:30'],
  ['offset-minutes-over', '-01:60'],
  ['offset-seconds-over', '+01:00:60'],
  ['offset-letters', '+x'],
  ['utc-offset', 'UTC+01:00'],
  ['utc-offset-over', 'UTC+25'],
  ['ut-offset', 'UT+02'],
  ['gmt-offset-short', 'GMT+1:0'],
  ['gmt0', 'GMT0'],
  ['utc0', 'UTC0'],
  ['one-letter', 'X'],
  ['empty', ''],
  ['number', 1],
  ['number-over', 25],
  ['number-fraction', 1.5],
  ['number-negative', -5],
  ['number-negative-over', -19],
  ['number-negative-fraction', -18.9],
  ['number-beyond-int', 1e20],
  ['boolean', true],
  ['null', null],
];

/** Every parser that reads a `time_zone`, with the zone in its place. */
const ZONE_PLACES: readonly (readonly [string, (zone: Json) => Json])[] = [
  [
    'date-histogram',
    (zone) => ({ size: 0, aggs: { h: { date_histogram: { field: 'date', fixed_interval: '1d', time_zone: zone } } } }),
  ],
  [
    'auto-date-histogram',
    (zone) => ({ size: 0, aggs: { h: { auto_date_histogram: { field: 'date', time_zone: zone } } } }),
  ],
  [
    'date-range',
    (zone) => ({
      size: 0,
      aggs: { r: { date_range: { field: 'date', time_zone: zone, ranges: [{ from: '2020-01-01' }] } } },
    }),
  ],
  [
    'composite',
    (zone) => ({
      size: 0,
      aggs: {
        c: {
          composite: { sources: [{ d: { date_histogram: { field: 'date', fixed_interval: '1d', time_zone: zone } } }] },
        },
      },
    }),
  ],
  ['range', (zone) => ({ query: { range: { date: { gte: '2020-01-01', time_zone: zone } } } })],
  ['query-string', (zone) => ({ query: { query_string: { query: 'quick', time_zone: zone } } })],
];

const ZONE_CASES: readonly ConformanceCase[] = ZONE_PLACES.flatMap(([place, body]) =>
  ZONE_VALUES.map(([name, zone]) => c(`zones/${place}/${name}`, body(zone))),
);

/**
 * Date formats as `DateFormatter.forPattern` reads them: named formats, `||` lists, a leading `8`, and Java's pattern
 * letters with their counts, quotes, optional sections, reserved characters and pads
 * (docs/opensearch/json-and-values.md#date-formats).
 */
const FORMAT_PATTERNS: readonly string[] = [
  '',
  '||',
  'yyyy||',
  '8yyyy-MM-dd',
  '8',
  'epoch_micros',
  ' yyyy ',
  "yyyy-MM-dd'T",
  "yyyy-MM-dd'T'HH:mm",
  '[yyyy',
  'yyyy]',
  '[yyyy]]',
  '#',
  '{',
  'bogus',
  'bogus{',
  'yyyy-MM-dd bogus',
  'aaaaaa',
  'aa',
  'ppp',
  'pH',
  'ppH',
  'pR',
  'VV',
  'V',
  'zzzzz',
  'zzzz',
  'O',
  'OO',
  'QQQQQ',
  'QQQQQQ',
  'F',
  'FF',
  'dd',
  'ddd',
  'SSSSSSSSS',
  'SSSSSSSSSS',
  'nnnnnnnnnnnnnnnnnnn',
  'nnnnnnnnnnnnnnnnnnnn',
  'uuuu',
  'B',
  'BB',
  'c',
  'cc',
  'ccc',
  'W',
  'WW',
  'ww',
  'www',
  'YYYYYYYYYYYYYYYYYYYY',
  'g',
  'eeeeee',
  'xxxxxx',
  'XXXXXX',
  'ZZZZZZ',
  'v',
  'vv',
  'GGGGGG',
  'DDDD',
  'yyyyyyyyyyyyyyyyyyyy',
  "''",
  "'a''b'",
  'yyyy-MM-dd HH:mm:ss',
  'date_optional_time||epoch_millis',
  'date_optional_time||bogus',
  'strictDateOptionalTime',
  'hh a',
  't',
  'Ee',
  'kkk',
  'A',
  'yyyy/MM/dd||epoch_millis',
];

/** Every named format, by both its names: each is read as a name, never as a pattern. */
const NAMED_FORMATS: readonly string[] = `iso8601 rfc3339_lenient basic_date basicDate basic_date_time basicDateTime
basic_date_time_no_millis basicDateTimeNoMillis basic_ordinal_date basicOrdinalDate basic_ordinal_date_time
basicOrdinalDateTime basic_ordinal_date_time_no_millis basicOrdinalDateTimeNoMillis basic_time basicTime
basic_time_no_millis basicTimeNoMillis basic_t_time basicTTime basic_t_time_no_millis basicTTimeNoMillis
basic_week_date basicWeekDate basic_week_date_time basicWeekDateTime basic_week_date_time_no_millis
basicWeekDateTimeNoMillis date date_hour dateHour date_hour_minute dateHourMinute date_hour_minute_second
dateHourMinuteSecond date_hour_minute_second_fraction dateHourMinuteSecondFraction date_hour_minute_second_millis
dateHourMinuteSecondMillis date_optional_time dateOptionalTime date_time dateTime date_time_no_millis dateTimeNoMillis
hour hour_minute hourMinute hour_minute_second hourMinuteSecond hour_minute_second_fraction hourMinuteSecondFraction
hour_minute_second_millis hourMinuteSecondMillis ordinal_date ordinalDate ordinal_date_time ordinalDateTime
ordinal_date_time_no_millis ordinalDateTimeNoMillis time time_no_millis timeNoMillis t_time tTime t_time_no_millis
tTimeNoMillis week_date weekDate week_date_time weekDateTime week_date_time_no_millis weekDateTimeNoMillis week_year
weekyear weekyear_week weekyearWeek weekyear_week_day weekyearWeekDay year year_month yearMonth year_month_day
yearMonthDay epoch_second epoch_millis strict_basic_week_date strictBasicWeekDate strict_basic_week_date_time
strictBasicWeekDateTime strict_basic_week_date_time_no_millis strictBasicWeekDateTimeNoMillis strict_date strictDate
strict_date_hour strictDateHour strict_date_hour_minute strictDateHourMinute strict_date_hour_minute_second
strictDateHourMinuteSecond strict_date_hour_minute_second_fraction strictDateHourMinuteSecondFraction
strict_date_hour_minute_second_millis strictDateHourMinuteSecondMillis strict_date_optional_time strictDateOptionalTime
strict_date_optional_time_nanos strictDateOptionalTimeNanos strict_date_time strictDateTime strict_date_time_no_millis
strictDateTimeNoMillis strict_hour strictHour strict_hour_minute strictHourMinute strict_hour_minute_second
strictHourMinuteSecond strict_hour_minute_second_fraction strictHourMinuteSecondFraction
strict_hour_minute_second_millis strictHourMinuteSecondMillis strict_ordinal_date strictOrdinalDate
strict_ordinal_date_time strictOrdinalDateTime strict_ordinal_date_time_no_millis strictOrdinalDateTimeNoMillis
strict_time strictTime strict_time_no_millis strictTimeNoMillis strict_t_time strictTTime strict_t_time_no_millis
strictTTimeNoMillis strict_week_date strictWeekDate strict_week_date_time strictWeekDateTime
strict_week_date_time_no_millis strictWeekDateTimeNoMillis strict_weekyear strictWeekyear strict_weekyear_week
strictWeekyearWeek strict_weekyear_week_day strictWeekyearWeekDay strict_year strictYear strict_year_month
strictYearMonth strict_year_month_day strictYearMonthDay epoch_micros`.split(/\s+/);

/** A range query's format is read with the query, whatever the field; an aggregation's on a date field, on each shard. */
const FORMAT_CASES: readonly ConformanceCase[] = [
  ...FORMAT_PATTERNS.map((format, i) =>
    c(`formats/range/${String(i).padStart(3, '0')}`, { query: { range: { date: { gte: 'now-1d', format } } } }),
  ),
  ...FORMAT_PATTERNS.map((format, i) =>
    c(`formats/date-histogram/${String(i).padStart(3, '0')}`, {
      size: 0,
      aggs: { h: { date_histogram: { field: 'date', fixed_interval: '1d', format } } },
    }),
  ),
  ...NAMED_FORMATS.map((format) =>
    c(`formats/named/${format}`, {
      size: 0,
      aggs: { h: { date_histogram: { field: 'date', fixed_interval: '1d', format } } },
    }),
  ),
  c('formats/range-number-field', { query: { range: { num: { gte: 1, format: 'bogus' } } } }),
  c('formats/range-boolean', { query: { range: { date: { gte: 'now-1d', format: true } } } }),
  c('formats/range-number', { query: { range: { date: { gte: 'now-1d', format: 12 } } } }),
  c('formats/date-range', {
    size: 0,
    aggs: { r: { date_range: { field: 'date', format: 'bogus', ranges: [{ to: 'now' }] } } },
  }),
  c('formats/terms-date', { size: 0, aggs: { t: { terms: { field: 'date', format: 'bogus' } } } }),
  c('formats/terms-date-good', { size: 0, aggs: { t: { terms: { field: 'date', format: 'yyyy' } } } }),
  c('formats/histogram-number', {
    size: 0,
    aggs: { h: { histogram: { field: 'num', interval: 5, format: 'bogus' } } },
  }),
  c('formats/min-date', { size: 0, aggs: { m: { min: { field: 'date', format: 'bogus' } } } }),
  c('formats/auto-date-histogram', { size: 0, aggs: { h: { auto_date_histogram: { field: 'date', format: 'aa' } } } }),
];

/**
 * Dates written where the conformance index's `date` field (default format) reads them: its format
 * `strict_date_optional_time||epoch_millis`, and date math (docs/opensearch/json-and-values.md#dates-in-date-fields).
 */
const DATE_VALUES: readonly Json[] = [
  'bogus',
  '2020',
  '2020-01',
  '2020-01-01',
  '2020-1-1',
  '20200101',
  '2020-01-01T10',
  '2020-01-01T10:00',
  '2020-01-01T10:00:00Z',
  '2020-01-01T10:00:00.123456789+01:00',
  '2020-01-01T10:00:00,5',
  '2020-01-01T10:00:00+0100',
  '2020-01-01T10:00:00-01',
  '2020-01-01T10:00:00+01:00Z',
  '2020-01-01T10Z',
  '2020-01-01T',
  '2020T10',
  '2020-01T10',
  '2020-01-01 10:00',
  '2020-13-01',
  '2020-02-29',
  '2021-02-29',
  '2020-04-31',
  '2020-01-01T24:00',
  '2020-01-01T23:59:60',
  '0000-01-01',
  '10000-01-01',
  '+2020-01-01',
  '  2020-01-01',
  '2020-W01',
  'now',
  'NOW',
  'nowx',
  'now-1d',
  'now-1d/d',
  'now+1M/M',
  'now/w',
  'now-1x',
  'now-',
  'now+1',
  'now/2d',
  'now*1d',
  'now-1h-1m+1s/H',
  'now||+1d',
  '2020-01-01||+1M',
  '2020-01-01||',
  '2020-01-01||+',
  '2020-01-01||/d',
  'bogus||+1d',
  '2020-01-01||+1x',
  '',
  '1577836800000',
  '-1',
  '1.5',
  '1.',
  '1.1234567',
  '9223372036854775807',
  '9223372036854775808',
  '12345678901234567890',
  1577836800000,
  1.5,
  true,
  null,
];

const DATE_CASES: readonly ConformanceCase[] = [
  ...DATE_VALUES.map((value, i) =>
    c(`dates/range-gte/${String(i).padStart(3, '0')}`, { query: { range: { date: { gte: value } } } }),
  ),
  ...DATE_VALUES.map((value, i) =>
    c(`dates/range-lte/${String(i).padStart(3, '0')}`, {
      query: { range: { date: { lte: value, time_zone: '+01:00' } } },
    }),
  ),
  ...DATE_VALUES.map((value, i) =>
    c(`dates/date-range/${String(i).padStart(3, '0')}`, {
      size: 0,
      aggs: { r: { date_range: { field: 'date', ranges: [{ from: 'now-1y', to: value }] } } },
    }),
  ),
  c('dates/range-format-given', { query: { range: { date: { gte: '2020/01/01', format: 'yyyy/MM/dd' } } } }),
  c('dates/range-keyword-field', { query: { range: { kw: { gte: 'bogus' } } } }),
  c('dates/range-both-bad', { query: { range: { date: { gte: 'bogus', lte: 'now-1x' } } } }),
  c('dates/date-range-format-given', {
    size: 0,
    aggs: { r: { date_range: { field: 'date', format: 'yyyy/MM/dd', ranges: [{ from: '2020/01/01' }] } } },
  }),
  c('dates/post-filter', { post_filter: { range: { date: { gte: 'now-1x' } } } }),
  c('dates/in-bool', { query: { bool: { filter: [{ range: { date: { gte: '2020-1-1' } } }] } } }),
  c('dates/gt-day-past-month', { query: { range: { date: { gt: '2021-02-29' } } } }),
  c('dates/lte-day-32', { query: { range: { date: { lte: '2020-01-32' } } } }),
  c('dates/to-exclusive', { query: { range: { date: { to: '2021-02-29', include_upper: false } } } }),
  c('dates/from-exclusive', { query: { range: { date: { from: '2021-02-29', include_lower: false } } } }),
  c('dates/lte-anchored', { query: { range: { date: { lte: '2021-02-29||+1d' } } } }),
  c('dates/date-range-key-boolean', {
    size: 0,
    aggs: { r: { date_range: { field: 'date', ranges: [{ key: true }] } } },
  }),
  c('dates/date-range-unknown-key', {
    size: 0,
    aggs: { r: { date_range: { field: 'date', ranges: [{ bogus: 1 }] } } },
  }),
  c('dates/range-agg-boolean', { size: 0, aggs: { r: { range: { field: 'num', ranges: [{ to: true }] } } } }),
];

/**
 * Values compared with a numeric, boolean or ip field, as each shard reads them by the field's type
 * (docs/opensearch/query-dsl.md#values-the-field-type-reads). The double field also gets texts that `Double.parseDouble`
 * reads and a long field refuses in words of its own, which the language service does not judge.
 */
const FIELD_VALUES: readonly Json[] = [
  'bogus',
  '1e3',
  '0x10',
  '.5',
  '1.',
  '',
  '  ',
  '-',
  true,
  1,
  1.5,
  'true',
  'TRUE',
  '10.0.0.1',
  '10.0.0.0/8',
  '10.0.0.256',
  '::1',
  '1,2',
  '1.2.x',
  '..',
  '-1',
  '+1',
];
const DOUBLE_ONLY_VALUES: readonly Json[] = [' 1', '0x1p3', 'Infinity', '-Infinity', 'NaN', '1.5d', '1f'];
const VALUE_FIELDS = ['num', 'price', 'flag', 'ip'];

const FIELD_VALUE_CASES: readonly ConformanceCase[] = VALUE_FIELDS.flatMap((field) =>
  [...FIELD_VALUES, ...(field === 'price' ? DOUBLE_ONLY_VALUES : [])].flatMap((value, i) => {
    const n = String(i).padStart(3, '0');
    return [
      c(`field-values/${field}/term/${n}`, { query: { term: { [field]: value } } }),
      c(`field-values/${field}/terms/${n}`, { query: { terms: { [field]: [value] } } }),
      c(`field-values/${field}/match/${n}`, { query: { match: { [field]: { query: value } } } }),
      c(`field-values/${field}/range/${n}`, { query: { range: { [field]: { lte: value } } } }),
    ];
  }),
);

const BODY_FORMS: readonly string[] = [
  '{"stored_fields":["_none_"],"_source":{"includes":["kw"]}}',
  '{"stored_fields":"_none_","_source":["kw"]}',
  '{"stored_fields":"_none_","_source":{}}',
  '{"stored_fields":["_none_"],"_source":false}',
  '{"stored_fields":["_none_","kw"]}',
  '{"stored_fields":["kw","_none_"],"_source":false}',
  '{"query":{"bool":{"minimum_should_match":"x","must":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"x","should":[]}}}',
  '{"query":{"bool":{"minimum_should_match":"2 < 50%","should":[{"match_all":{}}]}}}',
  '{"highlight":{"fields":{"kw":{}},"post_tags":"</b>"}}',
  '{"highlight":{"fields":{"kw":{"pre_tags":["<b>"]}}}}',
  '{"highlight":{"fields":{"kw":{}},"pre_tags":1,"post_tags":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"fragment_size":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"fragment_size":true}}',
  '{"highlight":{"fields":{"kw":{}},"fragment_size":"10"}}',
  '{"highlight":{"fields":{"kw":{}},"fragment_size":1.5}}',
  '{"highlight":{"fields":{"kw":{}},"require_field_match":"yes"}}',
  '{"highlight":{"fields":{"kw":{}},"require_field_match":1}}',
  '{"highlight":{"fields":{"kw":{}},"boundary_scanner":"WORD"}}',
  '{"highlight":{"fields":{"kw":{}},"boundary_scanner":"word"}}',
  '{"highlight":{"fields":{"kw":{}},"boundary_scanner":1}}',
  '{"highlight":{"fields":{"kw":{"boundary_scanner":"bogus"}}}}',
  '{"highlight":{"fields":{"kw":{}},"tags_schema":"bogus"}}',
  '{"highlight":{"fields":{"kw":{}},"tags_schema":"styled"}}',
  '{"highlight":{"fields":{"kw":{}},"encoder":"bogus"}}',
  '{"highlight":{"fields":{"kw":{}},"order":"bogus"}}',
  '{"highlight":{"fields":{"kw":{}},"order":1}}',
  '{"highlight":{"fields":{"kw":{}},"type":1}}',
  '{"highlight":{"fields":{"kw":{}},"options":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"highlight_query":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"boundary_chars":1}}',
  '{"highlight":{"fields":{"kw":{}},"no_match_size":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"number_of_fragments":-1}}',
  '{"highlight":{"fields":{"kw":{"number_of_fragments":"x"}}}}',
  '{"highlight":{"fields":{"kw":{"matched_fields":1}}}}',
  '{"highlight":{"fields":{"kw":{"fragment_offset":"x"}}}}',
  '{"highlight":{"fields":{"kw":{}},"phrase_limit":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"max_analyzer_offset":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"force_source":"x"}}',
  '{"highlight":{"fields":{"kw":{}},"pre_tags":null,"post_tags":null}}',
  '{"_source":{"includes":1}}',
  '{"_source":{"includes":[1]}}',
  '{"_source":{"includes":true}}',
  '{"_source":{"includes":{}}}',
  '{"_source":{"includes":null}}',
  '{"_source":{"excludes":1}}',
  '{"_source":{"bogus":["a"]}}',
  '{"_source":{"includes":["a"],"bogus":1}}',
  '{"_source":[1]}',
  '{"_source":[{}]}',
  '{"_source":null}',
  '{"indices_boost":[{"tt1":"x"}]}',
  '{"indices_boost":[{"tt1":"2"}]}',
  '{"indices_boost":[{"tt1":true}]}',
  '{"indices_boost":[{"tt1":{}}]}',
  '{"indices_boost":[{"tt1":2,"tt2":3}]}',
  '{"indices_boost":["tt1"]}',
  '{"indices_boost":[]}',
  '{"indices_boost":{"tt1":"x"}}',
  '{"script_fields":{"a":"1"}}',
  '{"script_fields":{"a":1}}',
  '{"script_fields":{"a":[]}}',
  '{"script_fields":{"a":{"script":"1","ignore_failure":"yes"}}}',
  '{"script_fields":{"a":{"script":"1","ignore_failure":1}}}',
  '{"script_fields":{"a":{"script":"1","bogus":1}}}',
  '{"script_fields":{"a":{}}}',
  '{"script_fields":{"a":{"ignore_failure":true}}}',
  '{"script_fields":"x"}',
  '{"fields":[{"field":"b","bogus":1}]}',
  '{"fields":[{"field":"b","format":1}]}',
  '{"fields":[{"format":"x"}]}',
  '{"fields":[{"field":1}]}',
  '{"fields":[{}]}',
  '{"fields":[[]]}',
  '{"fields":"a"}',
  '{"docvalue_fields":[{"field":"b","bogus":1}]}',
  '{"docvalue_fields":[{}]}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"score_mode":"bogus"}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"score_mode":"MAX"}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"score_mode":"multiply"}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"query_weight":"x"}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"query_weight":true}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"rescore_query_weight":"2"}}}',
  '{"rescore":{"query":{"rescore_query":{"match_all":{}},"bogus":1}}}',
  '{"rescore":{"window_size":"x","query":{"rescore_query":{"match_all":{}}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","suggest_mode":"bogus"}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","suggest_mode":"POPULAR"}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","sort":"frequency"}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","string_distance":"bogus"}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","size":0}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","size":-1}}}}',
  '{"suggest":{"s":{"text":"a","phrase":{"field":"kw","size":0}}}}',
  '{"suggest":{"s":{"text":"a","phrase":{"field":"kw","size":-2}}}}',
  '{"suggest":{"s":{"text":"a","completion":{"field":"kw","size":0}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","shard_size":0}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","max_edits":3}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","accuracy":2}}}}',
  '{"suggest":{"s":{"text":"a","term":{"field":"kw","prefix_length":-1}}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num","modifier":"bogus"}}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num","modifier":"LOG"}}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num","modifier":"log1p"}}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num","factor":"x"}}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num","bogus":1}}}}',
  '{"query":{"bool":{"minimum_should_match":"x","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"50%","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"1<50%","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"x<50%","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"150%","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"-1","should":[{"match_all":{}}]}}}',
  '{"query":{"bool":{"minimum_should_match":"","should":[{"match_all":{}}]}}}',
  '{"query":{"match":{"kw":{"query":"a","minimum_should_match":"x"}}}}',
  '{"query":{"multi_match":{"query":"a","fields":["kw"],"minimum_should_match":"x"}}}',
  '{"sort":[{"num":{"order":"up"}}]}',
  '{"sort":[{"num":{"order":"DESC"}}]}',
  '{"sort":[{"num":{"order":1}}]}',
  '{"sort":[{"num":{"order":null}}]}',
  '{"sort":[{"num":{"numeric_type":"foo"}}]}',
  '{"sort":[{"num":{"numeric_type":"LONG"}}]}',
  '{"sort":[{"num":{"numeric_type":1}}]}',
  '{"sort":[{"num":{"order":"up","mode":"bogus"}}]}',
  '{"sort":[{"num":{"mode":"bogus","order":"up"}}]}',
  '{"sort":[{"num":{"mode":1}}]}',
  '{"query":{"function_score":{"weight":2,"script_score":{"script":"1"}}}}',
  '{"query":{"function_score":{"script_score":{"script":"1"},"weight":2}}}',
  '{"query":{"function_score":{"script_score":{"script":"1"},"random_score":{}}}}',
  '{"query":{"function_score":{"weight":2,"boost":3}}}',
  '{"query":{"function_score":{"weight":2,"functions":[{"weight":1}]}}}',
  '{"query":{"function_score":{"field_value_factor":{"field":"num"},"functions":[{"weight":1}]}}}',
  '{"query":{"function_score":{"query":{"match_all":{}},"gauss":{"num":{"origin":0,"scale":1}},"max_boost":2}}}',
  '{"stored_fields":"_none_","fields":["kw"]}',
  '{"stored_fields":"_none_","fields":[]}',
  '{"stored_fields":["_none_"],"fields":["kw"],"_source":false}',
  '{"stored_fields":"_none_","fields":["kw"],"_source":true}',
  '{"stored_fields":"_none_","fields":null}',
  '{"stored_fields":"_none_","docvalue_fields":["kw"]}',
  '{"stored_fields":["_id"],"fields":["kw"]}',
];

/**
 * The forms of query options OpenSearch reads otherwise than their usual shape: null, empty arrays, a single value
 * where an array is usual (accepted: never an Error), the inner queries of span clauses, the rules of intervals and
 * the value kinds of the ObjectParser clauses (docs/opensearch/query-dsl.md#inner-queries).
 */
const QUERY_FORMS: readonly ConformanceCase[] = [
  // null and [] where a clause reads a list of queries
  q('bool/null-clauses', { bool: { must: null, filter: null, should: null, must_not: null } }),
  q('bool/must-null', { bool: { must: null, should: [{ match_all: {} }] } }),
  q('bool/empty-clauses', { bool: { must: [], filter: [], should: [], must_not: [] } }),
  q('dis-max/queries-null', { dis_max: { queries: null } }),
  q('dis-max/queries-empty', { dis_max: { queries: [] } }),
  q('dis-max/queries-object', { dis_max: { queries: { term: { kw: 'a' } } } }),
  // null, [] and arrays where a clause reads one query
  q('inner/boosting-positive-array', {
    boosting: { positive: [{ match_all: {} }], negative: NOT_SPAN, negative_boost: 0.5 },
  }),
  q('inner/boosting-negative-empty', { boosting: { positive: { match_all: {} }, negative: [], negative_boost: 0.5 } }),
  q('inner/boosting-positive-null', { boosting: { positive: null, negative: NOT_SPAN, negative_boost: 0.5 } }),
  q('inner/nested-query-array', {
    nested: { path: 'items', query: [{ term: { 'items.name': 'x' } }, { match_all: {} }] },
  }),
  q('inner/nested-query-null', { nested: { path: 'items', query: null } }),
  q('inner/nested-query-array-unknown', { nested: { path: 'items', query: [{ no_such_query: {} }] } }),
  q('inner/has-child-query-array', { has_child: { type: 'child', query: [{ match_all: {} }] } }),
  q('inner/has-parent-query-empty', { has_parent: { parent_type: 'parent', query: [] } }),
  q('inner/function-score-query-null', { function_score: { query: null, functions: [{ weight: 2 }] } }),
  q('inner/function-score-query-array', { function_score: { query: [{ match_all: {} }] } }),
  q('inner/function-score-null-function', {
    function_score: { functions: [{ weight: 2 }], gauss: null, weight: null },
  }),
  q('inner/constant-score-filter-null', { constant_score: { filter: null } }),
  q('inner/constant-score-filter-array', { constant_score: { filter: [NOT_SPAN] } }),
  q('inner/span-not-include-null', { span_not: { include: null, exclude: SPAN } }),
  q('inner/span-first-match-array', { span_first: { match: [SPAN], end: 3 } }),
  q('inner/span-containing-big-empty', { span_containing: { big: [], little: SPAN } }),
  q('inner/field-masking-query-null', { field_masking_span: { query: null, field: 'text' } }),
  q('inner/span-multi-match-array', { span_multi: { match: [{ prefix: { text: 'qu' } }] } }),
  q('inner/span-multi-match-null', { span_multi: { match: null } }),
  // the inner queries of span clauses
  q('span/near-not-span', { span_near: { clauses: [SPAN, { match_all: {} }] } }),
  q('span/near-gap', { span_near: { clauses: [SPAN, { span_gap: { text: 2 } }, SPAN], in_order: true } }),
  q('span/near-nested-spans', {
    span_near: {
      clauses: [
        { span_multi: { match: { prefix: { text: 'q' } } } },
        { field_masking_span: { query: SPAN, field: 'text' } },
        { span_or: { clauses: [SPAN] } },
      ],
    },
  }),
  q('span/gap-top-level', { span_gap: { text: 2 } }),
  q('span/gap-in-bool', { bool: { must: [{ span_gap: { text: 2 } }] } }),
  q('span/gap-in-span-or', { span_or: { clauses: [SPAN, { span_gap: { text: 2 } }] } }),
  q('span/gap-in-span-not', { span_not: { include: SPAN, exclude: { span_gap: { text: 2 } } } }),
  q('span/gap-in-nested-span-or', {
    span_near: { clauses: [SPAN, { span_or: { clauses: [{ span_gap: { text: 2 } }] } }] },
  }),
  q('span/gap-empty', { span_near: { clauses: [SPAN, { span_gap: {} }] } }),
  q('span/gap-width-text', { span_near: { clauses: [SPAN, { span_gap: { text: 'x' } }] } }),
  q('span/near-unknown-clause', { span_near: { clauses: [{ no_such_query: {} }] } }),
  q('span/or-empty-clause', { span_or: { clauses: [{}] } }),
  q('span/or-null-clause', { span_or: { clauses: [null] } }),
  q('span/or-bad-span-term', { span_or: { clauses: [{ span_term: {} }] } }),
  q('span/near-clauses-object', { span_near: { clauses: SPAN } }),
  q('span/or-clauses-object', { span_or: { clauses: SPAN } }),
  q('span/not-dist-and-pre', {
    span_not: { include: SPAN, exclude: { span_term: { text: 'lazy' } }, pre: 1, dist: 0 },
  }),
  q('span/not-pre-and-post', {
    span_not: { include: SPAN, exclude: { span_term: { text: 'lazy' } }, pre: 1, post: 2 },
  }),
  q('span/or-not-span', { span_or: { clauses: [NOT_SPAN] } }),
  q('span/not-include-not-span', { span_not: { include: NOT_SPAN, exclude: SPAN } }),
  q('span/not-exclude-not-span', { span_not: { include: SPAN, exclude: { match_all: {} } } }),
  q('span/first-not-span', { span_first: { match: { match_all: {} }, end: 3 } }),
  q('span/containing-big-not-span', { span_containing: { big: { match_all: {} }, little: SPAN } }),
  q('span/within-little-not-span', { span_within: { big: SPAN, little: NOT_SPAN } }),
  q('span/field-masking-not-span', { field_masking_span: { query: { match_all: {} }, field: 'text' } }),
  q('span/multi-term', { span_multi: { match: NOT_SPAN } }),
  q('span/multi-span-term', { span_multi: { match: SPAN } }),
  q('span/multi-wildcard', { span_multi: { match: { wildcard: { text: 'qu*' } } } }),
  // null and other values as the short form of field clauses
  q('short/common-null', { common: { text: null } }),
  q('short/span-term-null', { span_term: { text: null } }),
  q('short/terms-set-null', { terms_set: { kw: null } }),
  q('short/range-null', { range: { num: null } }),
  q('short/intervals-null', { intervals: { text: null } }),
  q('short/match-null', { match: { text: null } }),
  q('short/term-null', { term: { kw: null } }),
  q('short/wildcard-null', { wildcard: { kw: null } }),
  q('short/prefix-null', { prefix: { kw: null } }),
  q('short/match-number', { match: { text: 1 } }),
  q('short/fuzzy-number', { fuzzy: { kw: 1 } }),
  q('short/prefix-boolean', { prefix: { kw: true } }),
  q('short/match-empty-text', { match: { text: '' } }),
  // inside the field object of geo_polygon
  q('geo-polygon/points-number', { geo_polygon: { location: { points: 1 } } }),
  q('geo-polygon/points-null', { geo_polygon: { location: { points: null } } }),
  q('geo-polygon/unknown-array', {
    geo_polygon: {
      location: {
        points: [
          [0, 0],
          [0, 1],
          [1, 1],
        ],
        pts: [],
      },
    },
  }),
  q('geo-polygon/unknown-object', { geo_polygon: { location: { pts: {} } } }),
  q('geo-polygon/no-points', { geo_polygon: { location: {} } }),
  q('geo-polygon/empty-points', { geo_polygon: { location: { points: [] } } }),
  q('geo-polygon/two-points', {
    geo_polygon: {
      location: {
        points: [
          [0, 0],
          [0, 1],
        ],
      },
    },
  }),
  q('geo-polygon/closed-three-points', {
    geo_polygon: {
      location: {
        points: [
          [0, 0],
          [0, 1],
          [0, 0],
        ],
      },
    },
  }),
  q('geo-polygon/closed-four-points', {
    geo_polygon: {
      location: {
        points: [
          [0, 0],
          [0, 1],
          [1, 1],
          [0, 0],
        ],
      },
    },
  }),
  q('geo-polygon/text-points', { geo_polygon: { location: { points: ['0,0', '0,1', '1,1'] } } }),
  // range bounds read in order (one per side from 3.6.0)
  q('range/from-null-then-gte', { range: { num: { from: null, gte: 1 } } }),
  q('range/to-null-then-lte', { range: { num: { to: null, lte: 5 } } }),
  q('range/null-generic-bounds', { range: { num: { from: null, to: null, gte: 1, lte: 5 } } }),
  q('range/gt-null-then-gte', { range: { num: { gt: null, gte: 1 } } }),
  q('range/gt-null-then-from', { range: { num: { gt: null, from: 1 } } }),
  q('range/gte-then-from-null', { range: { num: { gte: 1, from: null } } }),
  q('range/include-lower-then-gte', { range: { num: { include_lower: true, gte: 1 } } }),
  q('range/from-then-include-lower', { range: { num: { from: 1, include_lower: false } } }),
  // range reads its members in one loop: an object is the field, a value is refused, a null is skipped, an array's
  // items are more members under its name
  q('range/members/boost-after-field', { range: { num: { gte: 1 }, boost: 2 } }),
  q('range/members/name-after-field', { range: { num: { gte: 1 }, _name: 'n' } }),
  q('range/members/bound-after-field', { range: { num: { gte: 1 }, lte: 5 } }),
  q('range/members/bound-before-field', { range: { lte: 5, num: { gte: 1 } } }),
  q('range/members/null-after-field', { range: { num: { gte: 1 }, lte: null } }),
  q('range/members/null-before-field', { range: { lte: null, num: { gte: 1 } } }),
  q('range/members/two-fields', { range: { num: { gte: 1 }, kw: { gte: 'a' } } }),
  q('range/members/second-field-in-array', { range: { num: { gte: 1 }, kw: [{ gte: 'a' }] } }),
  q('range/members/array-bound-after-field', { range: { num: { gte: 1 }, lte: [5] } }),
  q('range/members/empty-array-after-field', { range: { num: { gte: 1 }, lte: [] } }),
  q('range/members/null-array-after-field', { range: { num: { gte: 1 }, lte: [null] } }),
  q('range/members/field-in-array', { range: { num: [{ gte: 1 }] } }),
  q('range/members/field-in-nested-array', { range: { num: [null, [{ gte: 1 }]] } }),
  q('range/members/field-empty-array', { range: { num: [] } }),
  q('range/members/only-null', { range: { num: null, kw: null } }),
  // term skips a null member and refuses an array wherever it stands; terms_set reads one object and nothing after it
  q('term/members/null-after-field', { term: { kw: { value: 'a' }, x: null } }),
  q('term/members/null-before-field', { term: { x: null, kw: 'a' } }),
  q('term/members/array-after-field', { term: { kw: 'a', x: [] } }),
  q('term/members/boost-after-field', { term: { kw: 'a', boost: 2 } }),
  q('term/members/only-nulls', { term: { x: null, kw: null } }),
  q('terms_set/members/null-after-field', {
    terms_set: { kw: { terms: ['a'], minimum_should_match_field: 'num' }, x: null },
  }),
  q('terms_set/members/value-before-field', {
    terms_set: { x: 5, kw: { terms: ['a'], minimum_should_match_field: 'num' } },
  }),
  q('terms_set/members/object-before-field', {
    terms_set: { x: {}, kw: { terms: ['a'], minimum_should_match_field: 'num' } },
  }),
  q('terms_set/members/boolean', { terms_set: { x: true } }),
  q('terms_set/members/float', { terms_set: { x: 1.5 } }),
  // option texts read with rules of their own
  ...[
    'AUTO',
    'auto',
    'AUTO:3,6',
    'AUTO:0,0',
    'AUTO:6,3',
    'AUTO:-1,2',
    'AUTO:x',
    'AUTO:3,',
    'AUTO:1,2,3',
    'AUTO: 1,2',
    '2',
    ' 2',
    '1.5',
    '1e2',
    '-1',
    '',
    'bogus',
  ].map((fuzziness, i) => q(`texts/fuzziness-${i}`, { fuzzy: { kw: { value: 'a', fuzziness } } })),
  q('texts/match-fuzziness', { match: { text: { query: 'quick', fuzziness: 'AUTO:x' } } }),
  q('texts/fuzziness-negative-number', { fuzzy: { kw: { value: 'a', fuzziness: -1 } } }),
  ...['bogus', 'ALL|bogus', 'all', '', 'ALL|', ' ALL', 'ALL | NONE', '|', 'complement|interval', 'NONE|bogus'].map(
    (flags, i) => q(`texts/regexp-flags-${i}`, { regexp: { kw: { value: 'a', flags } } }),
  ),
  q('texts/regexp-flags-number', { regexp: { kw: { value: 'a', flags: 1 } } }),
  ...['bogus', 'ALL|bogus', 'and|or', 'complement', ' ALL', ''].map((flags, i) =>
    q(`texts/simple-query-string-flags-${i}`, { simple_query_string: { query: 'quick', flags } }),
  ),
  q('texts/regexp-max-determinized-states-negative', { regexp: { kw: { value: 'a', max_determinized_states: -1 } } }),
  q('texts/regexp-max-determinized-states-zero', { regexp: { kw: { value: 'a', max_determinized_states: 0 } } }),
  ...[
    'constant_score',
    'constantScore',
    'scoring_boolean',
    'constant_score_boolean',
    'top_terms_10',
    'topTerms10',
    'top_terms_boost_5',
    'top_terms_blended_freqs_5',
    'top_terms_x',
    'top_terms_',
    'bogus',
  ].map((rewrite, i) => q(`texts/rewrite-${i}`, { prefix: { kw: { value: 'a', rewrite } } })),
  // common reads its options' values as values, inside arrays too
  q('common/null-options', {
    common: {
      text: {
        query: 'quick',
        analyzer: null,
        boost: null,
        high_freq_operator: null,
        low_freq_operator: null,
        minimum_should_match: null,
        cutoff_frequency: null,
        _name: null,
      },
    },
  }),
  q('common/empty-array-options', {
    common: {
      text: {
        query: 'quick',
        analyzer: [],
        boost: [],
        high_freq_operator: [],
        low_freq_operator: [],
        minimum_should_match: [],
        cutoff_frequency: [],
        _name: [],
      },
    },
  }),
  q('common/array-values', { common: { text: { query: 'quick', boost: [2], minimum_should_match: ['1'] } } }),
  q('common/array-bad-number', { common: { text: { query: 'quick', boost: [2, 'x'] } } }),
  q('common/array-bad-operator', { common: { text: { query: 'quick', high_freq_operator: ['and', 'x'] } } }),
  q('common/array-object', { common: { text: { query: 'quick', cutoff_frequency: [{}] } } }),
  q('common/nested-array', { common: { text: { query: 'quick', low_freq_operator: [['AND']], boost: [[2]] } } }),
  // combined_fields' value kinds
  q('combined-fields/fields-string', { combined_fields: { query: 'quick', fields: 'text' } }),
  q('combined-fields/fields-null', { combined_fields: { query: 'quick', fields: null } }),
  q('combined-fields/fields-null-item', { combined_fields: { query: 'quick', fields: ['text', null] } }),
  q('combined-fields/fields-number-item', { combined_fields: { query: 'quick', fields: [1] } }),
  q('combined-fields/query-number', { combined_fields: { query: 1, fields: ['text'] } }),
  q('combined-fields/operator-null', { combined_fields: { ...CF, operator: null } }),
  q('combined-fields/name-number', { combined_fields: { ...CF, _name: 1 } }),
  q('combined-fields/boost-null', { combined_fields: { ...CF, boost: null } }),
  q('combined-fields/boost-string', { combined_fields: { ...CF, boost: '2' } }),
  q('combined-fields/minimum-should-match-null', { combined_fields: { ...CF, minimum_should_match: null } }),
  q('combined-fields/minimum-should-match-boolean', { combined_fields: { ...CF, minimum_should_match: true } }),
  // the value kinds of the other ObjectParser clauses
  q('values/bool-name-number', { bool: { must: [{ match_all: {} }], _name: 1 } }),
  q('values/bool-boost-null', { bool: { must: [{ match_all: {} }], boost: null } }),
  q('values/bool-adjust-pure-negative-null', { bool: { must: [{ match_all: {} }], adjust_pure_negative: null } }),
  q('values/bool-minimum-should-match-null', { bool: { should: [{ match_all: {} }], minimum_should_match: null } }),
  q('values/ids-values-string', { ids: { values: '1' } }),
  q('values/ids-values-number', { ids: { values: 1 } }),
  q('values/ids-values-null', { ids: { values: null } }),
  q('values/ids-values-number-item', { ids: { values: [1, true] } }),
  q('values/ids-values-null-item', { ids: { values: ['1', null] } }),
  q('values/ids-name-boolean', { ids: { values: ['1'], _name: true } }),
  q('values/match-all-boost-null', { match_all: { boost: null } }),
  q('values/distance-feature-pivot-number', { distance_feature: { field: 'date', origin: 'now', pivot: 1 } }),
  q('values/rank-feature-field-null', { rank_feature: { field: null } }),
  q('values/percolate-index-number', { percolate: { field: 'query', document: { text: 'quick' }, index: 1 } }),
  q('values/percolate-document-null', { percolate: { field: 'query', document: null } }),
  q('values/rank-feature-log-null', { rank_feature: { field: 'pagerank', log: null } }),
  q('values/distance-feature-origin-null', { distance_feature: { field: 'date', origin: null, pivot: '1d' } }),
  q('values/script-score-query-null', { script_score: { query: null, script: { source: '1' } } }),
  q('values/combined-fields-operator-null', { combined_fields: { ...CF, operator: null } }),
  q('values/script-score-min-score-null', {
    script_score: { query: { match_all: {} }, script: { source: '1' }, min_score: null },
  }),
  // the type of multi_match and query_string by its exact name
  q('query-string/type-upper', { query_string: { query: 'quick', type: 'PHRASE' } }),
  q('query-string/type-camel', { query_string: { query: 'quick', type: 'phrasePrefix' } }),
  q('query-string/type-good', { query_string: { query: 'quick', type: 'phrase_prefix' } }),
  // null where the hand-written parsers read a value
  q('null/match-boost', { match: { text: { query: 'quick', boost: null } } }),
  q('null/match-query', { match: { text: { query: null } } }),
  q('null/multi-match-type', { multi_match: { query: 'quick', fields: ['text'], type: null } }),
  q('null/multi-match-fields', { multi_match: { query: 'quick', fields: null } }),
  q('null/query-string-fields', { query_string: { query: 'quick', fields: null } }),
  q('null/simple-query-string-flags', { simple_query_string: { query: 'quick', flags: null } }),
  q('null/exists-boost', { exists: { field: 'kw', boost: null } }),
  q('null/fuzzy-fuzziness', { fuzzy: { kw: { value: 'a', fuzziness: null } } }),
  q('null/terms-boost', { terms: { kw: ['a'], boost: null } }),
  q('null/terms-field', { terms: { kw: null } }),
  q('null/terms-set-terms', { terms_set: { kw: { terms: null, minimum_should_match_field: 'num' } } }),
  q('null/term-boost', { term: { kw: { value: 'a', boost: null } } }),
  q('null/term-case-insensitive', { term: { kw: { value: 'a', case_insensitive: null } } }),
  q('null/range-format', { range: { date: { gte: '2024', format: null } } }),
  q('null/wildcard-value', { wildcard: { kw: { value: null } } }),
  q('null/regexp-value', { regexp: { kw: { value: null } } }),
  q('null/span-term-value', { span_term: { text: { value: null } } }),
  q('null/common-query', { common: { text: { query: null } } }),
  q('null/span-or-boost', { span_or: { clauses: [SPAN], boost: null } }),
  q('null/span-not-name', { span_not: { include: SPAN, exclude: { span_term: { text: 'lazy' } }, _name: null } }),
  q('null/span-first-end', { span_first: { match: SPAN, end: null } }),
  q('null/span-near-slop', { span_near: { clauses: [SPAN], slop: null } }),
  q('null/dis-max-tie-breaker', { dis_max: { queries: [NOT_SPAN], tie_breaker: null } }),
  q('null/constant-score-boost', { constant_score: { filter: NOT_SPAN, boost: null } }),
  q('null/parent-id-boost', { parent_id: { type: 'child', id: '1', boost: null } }),
  q('null/wrapper-query', { wrapper: { query: null } }),
  q('null/intervals-rule', { intervals: { text: { match: null } } }),
  q('null/nested-score-mode', { nested: { path: 'items', query: { match_all: {} }, score_mode: null } }),
  q('null/span-multi-boost', { span_multi: { match: { prefix: { text: 'qu' } }, boost: null } }),
  q('null/prefix-rewrite', { prefix: { kw: { value: 'a', rewrite: null } } }),
  q('null/regexp-flags', { regexp: { kw: { value: 'a.*', flags: null } } }),
  q('null/wildcard-rewrite', { wildcard: { kw: { value: 'a*', rewrite: null } } }),
  q('null/script-score-script', { script_score: { query: { match_all: {} }, script: null } }),
  q('null/more-like-this-stop-words', {
    more_like_this: { like: 'quick', fields: ['text'], stop_words: null, unlike: null },
  }),
  // arrays and empty lists the parsers refuse by name
  q('arrays/function-score-boost-mode', { function_score: { query: { match_all: {} }, boost_mode: ['sum'] } }),
  q('arrays/function-score-gauss', { function_score: { functions: [{ weight: 2 }], gauss: [] } }),
  q('arrays/script-boost', { script: { script: { source: 'true' }, boost: [1] } }),
  q('arrays/script-script', { script: { script: [] } }),
  q('arrays/span-near-no-clauses', { span_near: { clauses: [], slop: 1 } }),
  q('arrays/span-or-no-clauses', { span_or: { clauses: [] } }),
  q('arrays/more-like-this-no-fields', { more_like_this: { like: 'quick', fields: [] } }),
  q('arrays/more-like-this-no-like', { more_like_this: { like: [], fields: ['text'] } }),
  q('arrays/more-like-this-null-like', { more_like_this: { like: null, fields: ['text'] } }),
  q('arrays/intervals-rule-array', { intervals: { text: { match: [] } } }),
  q('arrays/dis-max-tie-breaker', { dis_max: { queries: [NOT_SPAN], tie_breaker: [0.5] } }),
  q('arrays/constant-score-boost', { constant_score: { filter: NOT_SPAN, boost: [2] } }),
  q('arrays/script-score-script', { script_score: { query: { match_all: {} }, script: [] } }),
  q('arrays/script-score-query', { script_score: { query: [{ match_all: {} }], script: { source: '1' } } }),
  q('arrays/nested-path-empty', { nested: { path: [], query: { match_all: {} } } }),
  q('arrays/boosting-negative-boost-empty', {
    boosting: { positive: { match_all: {} }, negative: NOT_SPAN, negative_boost: [] },
  }),
  q('arrays/common-query-empty', { common: { text: { query: [] } } }),
  q('arrays/query-string-null-field', { query_string: { query: 'quick', fields: [null] } }),
  q('arrays/multi-match-null-field', { multi_match: { query: 'quick', fields: ['text', null] } }),
  q('arrays/simple-query-string-null-field', { simple_query_string: { query: 'quick', fields: [null] } }),
  q('arrays/terms-set-null-term', { terms_set: { kw: { terms: [null], minimum_should_match_field: 'num' } } }),
  q('null/nested-path', { nested: { path: null, query: { match_all: {} } } }),
  q('null/boosting-negative-boost', {
    boosting: { positive: { match_all: {} }, negative: NOT_SPAN, negative_boost: null },
  }),
  // numbers read, then refused for their value
  q('ranges/match-max-expansions-zero', { match: { text: { query: 'a', max_expansions: 0 } } }),
  q('ranges/match-max-expansions-text', { match: { text: { query: 'a', max_expansions: '0' } } }),
  q('ranges/match-prefix-length-negative', { match: { text: { query: 'a', prefix_length: -1 } } }),
  q('ranges/match-bool-prefix-max-expansions', { match_bool_prefix: { text: { query: 'a', max_expansions: 0 } } }),
  q('ranges/match-phrase-prefix-max-expansions-zero', {
    match_phrase_prefix: { text: { query: 'a', max_expansions: 0 } },
  }),
  q('ranges/match-phrase-slop-negative', { match_phrase: { text: { query: 'a', slop: -1 } } }),
  q('ranges/multi-match-max-expansions', { multi_match: { query: 'a', fields: ['text'], max_expansions: 0 } }),
  q('ranges/multi-match-prefix-length', { multi_match: { query: 'a', fields: ['text'], prefix_length: -1 } }),
  q('ranges/multi-match-slop', { multi_match: { query: 'a', fields: ['text'], slop: -1 } }),
  q('ranges/fuzzy-prefix-length', { fuzzy: { kw: { value: 'a', prefix_length: -1 } } }),
  q('ranges/fuzzy-max-expansions', { fuzzy: { kw: { value: 'a', max_expansions: 0 } } }),
  q('ranges/more-like-this-max-query-terms', { more_like_this: { like: 'q', fields: ['text'], max_query_terms: 0 } }),
  q('ranges/span-first-end-negative', { span_first: { match: SPAN, end: -1 } }),
  q('ranges/span-first-end-zero', { span_first: { match: SPAN, end: 0 } }),
  q('ranges/dis-max-tie-breaker-over-one', { dis_max: { queries: [NOT_SPAN], tie_breaker: 2 } }),
  q('ranges/dis-max-tie-breaker-one', { dis_max: { queries: [NOT_SPAN], tie_breaker: 1 } }),
  q('ranges/boosting-negative-boost-negative', {
    boosting: { positive: { match_all: {} }, negative: NOT_SPAN, negative_boost: -1 },
  }),
  q('ranges/boosting-negative-boost-zero', {
    boosting: { positive: { match_all: {} }, negative: NOT_SPAN, negative_boost: 0 },
  }),
  q('ranges/has-child-min-negative', { has_child: { type: 'child', query: { match_all: {} }, min_children: -1 } }),
  q('ranges/has-child-max-below-min', {
    has_child: { type: 'child', query: { match_all: {} }, min_children: 5, max_children: 2 },
  }),
  q('ranges/has-child-max-zero', { has_child: { type: 'child', query: { match_all: {} }, max_children: 0 } }),
  q('ranges/has-child-both-zero', {
    has_child: { type: 'child', query: { match_all: {} }, min_children: 0, max_children: 0 },
  }),
  q('ranges/ids-empty', { ids: { values: ['1', ''] } }),
  q('ranges/ids-empty-string', { ids: { values: '' } }),
  // scripts without a source, documents, range bounds as objects
  q('script/object-without-source', { script: { script: { lang: 'painless' } } }),
  q('script/inline-name', { script: { script: { inline: 'true' } } }),
  q('script/script-score-without-source', { script_score: { query: { match_all: {} }, script: { params: {} } } }),
  q('script/script-score-text', { script_score: { query: { match_all: {} }, script: '1' } }),
  q('script/terms-set-without-source', {
    terms_set: { kw: { terms: ['a'], minimum_should_match_script: {} } },
  }),
  q('documents/percolate-both', { percolate: { field: 'query', document: { text: 'q' }, documents: [{ text: 'q' }] } }),
  q('documents/more-like-this-no-id', { more_like_this: { fields: ['text'], like: { _index: 'conformance' } } }),
  q('documents/more-like-this-unknown-field', { more_like_this: { fields: ['text'], like: ['q', { _type: 'x' }] } }),
  q('documents/more-like-this-doc', { more_like_this: { fields: ['text'], like: [{ doc: { text: 'quick' } }] } }),
  q('documents/more-like-this-unlike-id', {
    more_like_this: { fields: ['text'], like: 'q', unlike: { _index: 'conformance', _id: '1', routing: '1' } },
  }),
  q('range/bound-empty-object', { range: { num: { gte: {} } } }),
  q('range/bound-object', { range: { num: { gte: { a: 1 } } } }),
  q('span/or-clauses-null', { span_or: { clauses: null } }),
  q('combined-fields/fields-object', { combined_fields: { query: 'quick', fields: {} } }),
  // enumerated options given a number or a boolean, read as its text
  q('enums/match-operator-number', { match: { text: { query: 'q', operator: 1 } } }),
  q('enums/match-operator-boolean', { match: { text: { query: 'q', operator: true } } }),
  q('enums/multi-match-type-number', { multi_match: { query: 'q', fields: ['text'], type: 1 } }),
  q('enums/zero-terms-number', { match: { text: { query: 'q', zero_terms_query: 1 } } }),
  q('enums/function-score-score-mode-number', { function_score: { query: { match_all: {} }, score_mode: 1 } }),
  q('enums/nested-score-mode-number', { nested: { path: 'items', query: { match_all: {} }, score_mode: 1 } }),
  q('enums/range-relation-number', { range: { num: { gte: 1, relation: 1 } } }),
  q('enums/common-operator-in-array', { common: { text: { query: 'q', low_freq_operator: [1] } } }),
  q('terms-set/terms-object', { terms_set: { kw: { terms: {}, minimum_should_match_field: 'num' } } }),
  q('values/simple-query-string-all-fields-object', { simple_query_string: { query: 'q', all_fields: {} } }),
  q('values/simple-query-string-all-fields-array', { simple_query_string: { query: 'q', all_fields: [] } }),
  q('values/common-disable-coord-object', { common: { text: { query: 'q', disable_coord: {} } } }),
  q('values/common-minimum-should-match-object', {
    common: { text: { query: 'q', minimum_should_match: { low_freq: 1, high_freq: '50%' } } },
  }),
  // negative boosts
  q('boost/term-negative', { term: { kw: { value: 'a', boost: -1 } } }),
  q('boost/term-zero', { term: { kw: { value: 'a', boost: 0 } } }),
  q('boost/match-negative-text', { match: { text: { query: 'quick', boost: '-0.5' } } }),
  q('boost/terms-negative', { terms: { kw: ['a'], boost: -1 } }),
  q('boost/bool-negative', { bool: { must: [{ match_all: {} }], boost: -1 } }),
  q('boost/ids-negative', { ids: { values: ['1'], boost: -1 } }),
  q('boost/span-near-negative', { span_near: { clauses: [SPAN], boost: -2 } }),
  q('boost/geo-distance-negative', { geo_distance: { distance: '10km', location: { lat: 1, lon: 2 }, boost: -1 } }),
  q('boost/intervals-negative', { intervals: { text: { match: { query: 'quick' }, boost: -1 } } }),
  // one value where query_string, simple_query_string and more_like_this read an array
  q('single/query-string-fields', { query_string: { query: 'quick', fields: 'text' } }),
  q('single/simple-query-string-fields', { simple_query_string: { query: 'quick', fields: 'text' } }),
  q('single/more-like-this-fields', {
    more_like_this: { fields: 'text', like: 'quick', min_term_freq: 1, min_doc_freq: 1 },
  }),
  q('single/more-like-this-stop-words', { more_like_this: { like: 'quick', fields: ['text'], stop_words: 'the' } }),
  q('single/more-like-this-unlike', { more_like_this: { like: 'quick', unlike: 'lazy', fields: ['text'] } }),
  // script given a value where Script.parse wants an object
  q('script/script-boolean', { script: { script: true } }),
  q('script/script-number-then-member', { script: { script: 1, boost: 2 } }),
  q('script/script-string', { script: { script: "doc['num'].value > 1" } }),
  // exists with an empty or blank field name
  q('exists/blank-field', { exists: { field: ' ' } }),
  // regular expressions in query_string texts
  q('query-string/regex-at-limit', { query_string: { query: `kw:/${'a'.repeat(1000)}/` } }),
  q('query-string/regex-over-limit-unmapped', { query_string: { query: `no_such_field:/${'a'.repeat(1001)}/` } }),
  q('query-string/regex-over-limit-default-field', { query_string: { query: `/${'a'.repeat(1001)}/` } }),
  q('query-string/regex-escaped-slash', { query_string: { query: `kw:/${'a'.repeat(999)}\\/a/` } }),
  q('query-string/regex-in-phrase', { query_string: { query: `text:"/${'a'.repeat(1001)}/"` } }),
  // the rules of intervals
  q('intervals/range-rule', { intervals: { text: { range: { gte: 'a', lte: 'z' } } } }),
  q('intervals/unknown-rule', { intervals: { text: { no_such_rule: {} } } }),
  q('intervals/fuzzy-rule', { intervals: { text: { fuzzy: { term: 'quick' } } } }),
  q('intervals/match-unknown-field', { intervals: { text: { match: { query: 'quick', no_such_option: 1 } } } }),
  q('intervals/match-misspelt', { intervals: { text: { match: { qury: 'quick' } } } }),
  q('intervals/match-no-query', { intervals: { text: { match: {} } } }),
  q('intervals/prefix-no-prefix', { intervals: { text: { prefix: { analyzer: 'standard' } } } }),
  q('intervals/wildcard-no-pattern', { intervals: { text: { wildcard: {} } } }),
  q('intervals/all-of-no-intervals', { intervals: { text: { all_of: { ordered: true } } } }),
  q('intervals/any-of-one-object', { intervals: { text: { any_of: { intervals: { match: { query: 'quick' } } } } } }),
  q('intervals/any-of-one-object-unknown', { intervals: { text: { any_of: { intervals: { no_such_rule: {} } } } } }),
  q('intervals/any-of-empty', { intervals: { text: { any_of: { intervals: [] } } } }),
  q('intervals/all-of-inner-unknown', { intervals: { text: { all_of: { intervals: [{ no_such_rule: {} }] } } } }),
  q('intervals/all-of-inner-empty', { intervals: { text: { all_of: { intervals: [{}] } } } }),
  q('intervals/all-of-inner-two-rules', {
    intervals: { text: { all_of: { intervals: [{ match: { query: 'a' }, prefix: { prefix: 'b' } }] } } },
  }),
  q('intervals/all-options', {
    intervals: {
      text: {
        all_of: {
          intervals: [
            { match: { query: 'quick', max_gaps: 1, ordered: true, analyzer: 'standard', use_field: 'text' } },
            { wildcard: { pattern: 'b*', analyzer: 'standard', max_expansions: 10 } },
            { regexp: { pattern: 'b.*', flags: 'ALL', case_insensitive: true } },
            { fuzzy: { term: 'brwn', prefix_length: 1, transpositions: true, fuzziness: 'AUTO' } },
          ],
          mode: 'ordered',
          max_gaps: 5,
          filter: { not_containing: { prefix: { prefix: 'laz' } } },
        },
      },
    },
  }),
  q('intervals/filter-unknown', {
    intervals: { text: { match: { query: 'quick', filter: { no_such_filter: { match: { query: 'x' } } } } } },
  }),
  q('intervals/filter-empty', { intervals: { text: { match: { query: 'quick', filter: {} } } } }),
  q('intervals/filter-two', {
    intervals: {
      text: {
        match: { query: 'quick', filter: { before: { match: { query: 'x' } }, after: { match: { query: 'y' } } } },
      },
    },
  }),
  q('intervals/filter-script', {
    intervals: { text: { match: { query: 'quick', filter: { script: { source: 'true' } } } } },
  }),
];

export const HAND_WRITTEN: readonly ConformanceCase[] = [
  // collapse
  c('collapse/alone', { collapse: { field: 'kw' } }),
  c('collapse/scroll', { collapse: { field: 'kw' } }, '?scroll=1m'),
  c('collapse/rescore', { collapse: { field: 'kw' }, rescore: RESCORE }),
  c('collapse/rescore-array', { collapse: { field: 'kw' }, rescore: [RESCORE] }),
  c('collapse/rescore-empty-array', { collapse: { field: 'kw' }, rescore: [] }),
  c('collapse/search-after-on-collapse-field', { collapse: { field: 'kw' }, sort: ['kw'], search_after: ['a'] }),
  c('collapse/search-after-other-field', { collapse: { field: 'kw' }, sort: ['num'], search_after: [1] }),
  c('collapse/search-after-two-sorts', { collapse: { field: 'kw' }, sort: ['kw', 'num'], search_after: ['a', 1] }),
  c('collapse/search-after-no-sort', { collapse: { field: 'kw' }, search_after: [1] }),
  c('collapse/search-after-object-sort', {
    collapse: { field: 'kw' },
    sort: [{ kw: { order: 'desc' } }],
    search_after: ['a'],
  }),
  c('collapse/no-field', { collapse: {} }),
  c('collapse/inner-hits', { collapse: { field: 'kw', inner_hits: { name: 'i', size: 1 } } }),
  c('collapse/text-field', { collapse: { field: 'text' } }),
  // scroll
  c('scroll/plain', { size: 5 }, '?scroll=1m'),
  c('scroll/rescore', { rescore: RESCORE }, '?scroll=1m'),
  c('scroll/search-after', { sort: ['num'], search_after: [1] }, '?scroll=1m'),
  c('scroll/from', { from: 5 }, '?scroll=1m'),
  c('scroll/size-zero', { size: 0 }, '?scroll=1m'),
  c('scroll/track-total-hits-false', { track_total_hits: false }, '?scroll=1m'),
  // _shard_doc and point in time
  c('shard-doc/without-pit', { sort: ['_shard_doc'] }),
  c('shard-doc/object-without-pit', { sort: [{ _shard_doc: 'desc' }] }),
  c('shard-doc/string-without-pit', { sort: '_shard_doc' }),
  c('shard-doc/doc-sort', { sort: ['_doc'] }),
  // slice
  c('slice/without-scroll', { slice: { id: 0, max: 2 } }),
  c('slice/with-scroll', { slice: { id: 0, max: 2 } }, '?scroll=1m'),
  c('slice/id-not-below-max', { slice: { id: 2, max: 2 } }, '?scroll=1m'),
  c('slice/max-one', { slice: { id: 0, max: 1 } }, '?scroll=1m'),
  c('slice/negative-id', { slice: { id: -1, max: 2 } }, '?scroll=1m'),
  c('slice/field', { slice: { field: 'num', id: 0, max: 2 } }, '?scroll=1m'),
  c('slice/limit-default', { slice: { id: 0, max: 1024 } }, '?scroll=1m'),
  c('slice/over-limit', { slice: { id: 0, max: 1025 } }, '?scroll=1m'),
  c('slice/missing-max', { slice: { id: 0 } }, '?scroll=1m'),
  // search_after against the sort
  c('search-after/arity-matches', { sort: ['num', 'kw'], search_after: [1, 'a'] }),
  c('search-after/more-values', { sort: ['num'], search_after: [1, 2] }),
  c('search-after/fewer-values', { sort: ['num', 'kw'], search_after: [1] }),
  c('search-after/without-sort', { search_after: [1] }),
  c('search-after/without-sort-two', { search_after: [1, 2] }),
  c('search-after/sort-string', { sort: 'num', search_after: [1] }),
  c('search-after/sort-object', { sort: { num: 'asc' }, search_after: [1, 2] }),
  c('search-after/empty', { sort: ['num'], search_after: [] }),
  c('search-after/from', { sort: ['num'], search_after: [1], from: 3 }),
  c('search-after/score-sort', { sort: ['_score'], search_after: [1] }),
  // rescore
  c('rescore/sort', { sort: ['num'], rescore: RESCORE }),
  c('rescore/sort-score', { sort: ['_score'], rescore: RESCORE }),
  c('rescore/window-default-limit', { rescore: { window_size: 10000, query: { rescore_query: { match_all: {} } } } }),
  c('rescore/window-over-limit', { rescore: { window_size: 10001, query: { rescore_query: { match_all: {} } } } }),
  c('rescore/size-over-limit', { size: 10001, rescore: RESCORE }),
  c('rescore/from-size-over-limit', { from: 9000, size: 1500, rescore: RESCORE }),
  c('rescore/no-query', { rescore: { window_size: 10 } }),
  c('rescore/negative-window', { rescore: { window_size: -1, query: { rescore_query: { match_all: {} } } } }),
  c('rescore/negative-window-no-hits', {
    size: 0,
    rescore: { window_size: -1, query: { rescore_query: { match_all: {} } } },
  }),
  c('rescore/no-rescore-query', { rescore: { query: {} } }),
  // result window and friends
  c('window/at-limit', { from: 9990, size: 10 }),
  c('window/over-limit', { from: 9990, size: 11 }),
  c('window/size-over-limit', { size: 10001 }),
  c('window/scroll-size-over', { size: 10001 }, '?scroll=1m'),
  c('window/url-size-over', {}, '?size=10001'),
  c('window/url-from-body-size', { size: 10 }, '?from=9995'),
  // multi_match types and the parameters each takes
  q('multi-match/bool-prefix', { multi_match: { query: 'quick bro', type: 'bool_prefix', fields: ['text'] } }),
  q('multi-match/bool-prefix-slop', {
    multi_match: { query: 'quick bro', type: 'bool_prefix', fields: ['text'], slop: 1 },
  }),
  q('multi-match/bool-prefix-cutoff', {
    multi_match: { query: 'quick bro', type: 'bool_prefix', fields: ['text'], cutoff_frequency: 0.1 },
  }),
  q('multi-match/bool-prefix-fuzziness', {
    multi_match: { query: 'quick bro', type: 'bool_prefix', fields: ['text'], fuzziness: 'AUTO' },
  }),
  q('multi-match/phrase-fuzziness', {
    multi_match: { query: 'quick', type: 'phrase', fields: ['text'], fuzziness: 'AUTO' },
  }),
  q('multi-match/phrase-prefix-fuzziness', {
    multi_match: { query: 'quick', type: 'phrase_prefix', fields: ['text'], fuzziness: 1 },
  }),
  q('multi-match/cross-fields-fuzziness', {
    multi_match: { query: 'quick', type: 'cross_fields', fields: ['text'], fuzziness: 1 },
  }),
  q('multi-match/phrase-slop', { multi_match: { query: 'quick', type: 'phrase', fields: ['text'], slop: 2 } }),
  q('multi-match/best-fields-slop', {
    multi_match: { query: 'quick', type: 'best_fields', fields: ['text'], slop: 2 },
  }),
  q('multi-match/most-fields-fuzziness', {
    multi_match: { query: 'quick', type: 'most_fields', fields: ['text'], fuzziness: 1 },
  }),
  q('multi-match/cutoff-frequency', { multi_match: { query: 'quick', fields: ['text'], cutoff_frequency: 0.1 } }),
  q('multi-match/type-upper', { multi_match: { query: 'quick', type: 'PHRASE', fields: ['text'] } }),
  q('multi-match/type-camel', { multi_match: { query: 'quick', type: 'phrasePrefix', fields: ['text'] } }),
  q('multi-match/fields-string', { multi_match: { query: 'quick', fields: 'text' } }),
  q('multi-match/zero-terms', { multi_match: { query: 'the', fields: ['text'], zero_terms_query: 'all' } }),
  q('match/cutoff-frequency', { match: { text: { query: 'quick', cutoff_frequency: 0.1 } } }),
  q('match-bool-prefix/fuzziness', { match_bool_prefix: { text: { query: 'quick bro', fuzziness: 1 } } }),
  // exists on metadata fields
  q('exists/_source', { exists: { field: '_source' } }),
  q('exists/_id', { exists: { field: '_id' } }),
  q('exists/_index', { exists: { field: '_index' } }),
  q('exists/_routing', { exists: { field: '_routing' } }),
  q('exists/unmapped', { exists: { field: 'no_such_field' } }),
  q('exists/empty-field', { exists: { field: '' } }),
  // limits of queries
  q('regexp/at-limit', { regexp: { kw: { value: 'a'.repeat(1000) } } }),
  q('regexp/over-limit', { regexp: { kw: { value: 'a'.repeat(1001) } } }),
  q('regexp/short-form-over-limit', { regexp: { kw: 'b'.repeat(1001) } }),
  q('query-string/regex-over-limit', { query_string: { query: `kw:/${'a'.repeat(1001)}/` } }),
  q('terms/at-limit', { terms: { num: range(65536) } }),
  q('terms/over-limit', { terms: { num: range(65537) } }),
  q('bool/clauses-at-limit', { bool: { should: range(1024).map((i) => ({ term: { num: i } })) } }),
  q('bool/clauses-over-limit', { bool: { should: range(1025).map((i) => ({ term: { num: i } })) } }),
  q('bool/nested-clauses-over-limit', {
    bool: {
      should: [
        { bool: { should: range(600).map((i) => ({ term: { num: i } })) } },
        { bool: { should: range(600).map((i) => ({ term: { num: i + 600 } })) } },
      ],
    },
  }),
  // Clauses counted across a tree of bools (distinct terms; a numeric term is two clauses before 3.0)
  q('bool/keyword-disjunctions-inlined-over-limit', {
    bool: {
      should: [
        { bool: { should: range(600).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { should: range(600).map((i) => ({ term: { kw: `k${i + 600}` } })) } },
      ],
    },
  }),
  q('bool/keyword-filters-nested-over-limit', {
    bool: {
      filter: [
        { bool: { should: range(513).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { should: range(513).map((i) => ({ term: { kw: `k${i + 600}` } })) } },
      ],
    },
  }),
  q('bool/keyword-must-nots-nested-over-limit', {
    bool: {
      must_not: [
        { bool: { should: range(513).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { should: range(513).map((i) => ({ term: { kw: `k${i + 600}` } })) } },
      ],
    },
  }),
  q('bool/keyword-conjunctions-in-should-over-limit', {
    bool: {
      should: [
        { bool: { must: range(513).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { must: range(513).map((i) => ({ term: { kw: `k${i + 600}` } })) } },
      ],
    },
  }),
  q('bool/keyword-musts-nested-one-past-limit', {
    bool: {
      must: [
        { bool: { should: range(512).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { should: range(513).map((i) => ({ term: { kw: `k${i + 600}` } })) } },
      ],
    },
  }),
  q('bool/keyword-disjunctions-equal', {
    bool: {
      should: [
        { bool: { should: range(600).map((i) => ({ term: { kw: `k${i}` } })) } },
        { bool: { should: range(600).map((i) => ({ term: { kw: `k${i}` } })) } },
      ],
    },
  }),
  q('bool/numeric-terms-513', { bool: { should: range(513).map((i) => ({ term: { num: i } })) } }),
  q('bool/numeric-terms-512', { bool: { should: range(512).map((i) => ({ term: { num: i } })) } }),
  // geo_polygon's field, decided by the mapping
  q('geo-polygon/second-object-keyword-field', { geo_polygon: { location: GEO_POINTS, kw: {} } }),
  q('geo-polygon/second-object-geo-point-field', { geo_polygon: { other: GEO_POINTS, location: {} } }),
  q('geo-polygon/second-object-ignore-unmapped', {
    geo_polygon: { location: GEO_POINTS, other: {}, ignore_unmapped: true },
  }),
  q('geo-polygon/unmapped-field', { geo_polygon: { other: GEO_POINTS } }),
  q('geo-polygon/metadata-field', { geo_polygon: { location: GEO_POINTS, _id: {} } }),
  // Named analyzers: built in, or defined by the index
  q('match/analyzer-unknown', { match: { text: { query: 'quick', analyzer: 'no_such_analyzer' } } }),
  q('match/analyzer-built-in', { match: { text: { query: 'quick', analyzer: 'english' } } }),
  q('match-phrase/analyzer-unknown', { match_phrase: { text: { query: 'quick', analyzer: 'no_such_analyzer' } } }),
  q('multi-match/analyzer-unknown', {
    multi_match: { query: 'quick', fields: ['text'], analyzer: 'no_such_analyzer' },
  }),
  q('query-string/quote-analyzer-unknown', { query_string: { query: 'quick', quote_analyzer: 'no_such_analyzer' } }),
  q('simple-query-string/analyzer-unknown', { simple_query_string: { query: 'quick', analyzer: 'no_such_analyzer' } }),
  q('common/analyzer-array-last-built-in', {
    common: { text: { query: 'quick', analyzer: ['no_such_analyzer', 'standard'] } },
  }),
  q('more-like-this/analyzer-unknown', {
    more_like_this: {
      fields: ['text'],
      like: 'quick',
      analyzer: 'no_such_analyzer',
      min_term_freq: 1,
      min_doc_freq: 1,
    },
  }),
  q('intervals/analyzer-unknown', { intervals: { text: { match: { query: 'quick', analyzer: 'no_such_analyzer' } } } }),
  q('bool/minimum-should-match-without-should', { bool: { must: [{ match_all: {} }], minimum_should_match: 1 } }),
  q('bool/filter-object', { bool: { filter: { term: { kw: 'a' } } } }),
  ...QUERY_FORMS,
  ...BODY_FORMS.map((body, i) => c(`body/forms/${String(i).padStart(3, '0')}`, JSON.parse(body) as Json)),
  ...AGGREGATION_FORMS.map((body, i) => c(`aggs/forms/${String(i).padStart(3, '0')}`, JSON.parse(body) as Json)),
  ...ZONE_CASES,
  ...FORMAT_CASES,
  ...DATE_CASES,
  ...FIELD_VALUE_CASES,
  // Sorts and aggregations on a text field, which has no field data (docs/opensearch/search.md#sort)
  c('fielddata/sort-object', { sort: [{ text: 'asc' }] }),
  c('fielddata/sort-name', { sort: ['text'] }),
  c('fielddata/sort-unmapped-type', { sort: [{ text: { order: 'desc', unmapped_type: 'keyword' } }] }),
  c('fielddata/sort-keyword', { sort: [{ 'text.raw': 'asc' }] }),
  ...(<[string, Record<string, Json>][]>[
    ['terms', {}],
    ['rare_terms', {}],
    ['significant_terms', {}],
    ['cardinality', {}],
    ['value_count', {}],
    ['missing', {}],
    ['avg', {}],
    ['sum', {}],
    ['min', {}],
    ['max', {}],
    ['stats', {}],
    ['extended_stats', {}],
    ['percentiles', {}],
    ['histogram', { interval: 1 }],
    ['date_histogram', { fixed_interval: '1d' }],
    ['range', { ranges: [{ to: 1 }] }],
    ['significant_text', {}],
  ]).map(([type, options]) =>
    c(`fielddata/aggs/${type}`, { size: 0, aggs: { a: { [type]: { field: 'text', ...options } } } }),
  ),
  c('fielddata/aggs/terms-keyword', { size: 0, aggs: { a: { terms: { field: 'text.raw' } } } }),
  c('fielddata/top-hits-sort', { size: 0, aggs: { a: { top_hits: { sort: [{ text: 'asc' }] } } } }),
  c('fielddata/top-hits-sort-keyword', { size: 0, aggs: { a: { top_hits: { sort: [{ 'text.raw': 'asc' }] } } } }),
  c('fielddata/top-hits-sort-unmapped', { size: 0, aggs: { a: { top_hits: { sort: [{ nope: 'asc' }] } } } }),
  c('fielddata/top-hits-sort-unmapped-type', {
    size: 0,
    aggs: { a: { top_hits: { sort: [{ nope: { order: 'asc', unmapped_type: 'long' } }] } } },
  }),
  c('fielddata/composite-terms', {
    size: 0,
    aggs: { c: { composite: { sources: [{ k: { terms: { field: 'kw' } } }, { t: { terms: { field: 'text' } } }] } } },
  }),
  c('fielddata/composite-keyword', {
    size: 0,
    aggs: { c: { composite: { sources: [{ t: { terms: { field: 'text.raw' } } }] } } },
  }),
  // Integers read with Integer.parseInt: beyond an int they are refused as a text is.
  ...['3000000000', '2147483648%', '2147483647', '-2147483648', '3<2147483648'].map((msm, i) =>
    c(`int-texts/bool-msm/${i}`, { query: { bool: { should: [{ match_all: {} }], minimum_should_match: msm } } }),
  ),
  ...['AUTO:3000000000,5', 'AUTO:1,2147483648', 'AUTO:1,2147483647'].map((fuzziness, i) =>
    c(`int-texts/fuzziness/${i}`, { query: { match: { text: { query: 'quick', fuzziness } } } }),
  ),
  c('field-values/match-lenient', { query: { match: { num: { query: 'bogus', lenient: true } } } }),
  c('field-values/term-object', { query: { term: { num: { value: 'bogus', boost: 2 } } } }),
  c('field-values/terms-second', { query: { terms: { num: [1, 'bogus'] } } }),
  c('field-values/keyword', { query: { term: { kw: 'bogus' } } }),
  // percentiles and their methods
  aggs('percentiles/percents-empty', { p: { percentiles: { field: 'num', percents: [] } } }),
  aggs('percentiles/percents-over-100', { p: { percentiles: { field: 'num', percents: [101] } } }),
  aggs('percentiles/percents-negative', { p: { percentiles: { field: 'num', percents: [-1] } } }),
  aggs('percentiles/percents-bounds', { p: { percentiles: { field: 'num', percents: [0, 100] } } }),
  aggs('percentiles/percents-string', { p: { percentiles: { field: 'num', percents: ['50'] } } }),
  aggs('percentiles/compression-negative', { p: { percentiles: { field: 'num', tdigest: { compression: -1 } } } }),
  aggs('percentiles/compression-zero', { p: { percentiles: { field: 'num', tdigest: { compression: 0 } } } }),
  aggs('percentiles/compression-unknown-key', { p: { percentiles: { field: 'num', tdigest: { compressio: 1 } } } }),
  aggs('percentiles/hdr-digits-over', {
    p: { percentiles: { field: 'num', hdr: { number_of_significant_value_digits: 6 } } },
  }),
  aggs('percentiles/hdr-digits-negative', {
    p: { percentiles: { field: 'num', hdr: { number_of_significant_value_digits: -1 } } },
  }),
  aggs('percentiles/hdr-digits-five', {
    p: { percentiles: { field: 'num', hdr: { number_of_significant_value_digits: 5 } } },
  }),
  aggs('percentiles/both-methods', { p: { percentiles: { field: 'num', tdigest: {}, hdr: {} } } }),
  aggs('percentile-ranks/values-empty', { p: { percentile_ranks: { field: 'num', values: [] } } }),
  aggs('percentile-ranks/compression-negative', {
    p: { percentile_ranks: { field: 'num', values: [1], tdigest: { compression: -5 } } },
  }),
  // moving_fn window
  aggs('moving-fn/window-zero', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { s: SUM, m: { moving_fn: { buckets_path: 's', window: 0, script: 'MovingFunctions.max(values)' } } },
    },
  }),
  aggs('moving-fn/window-negative', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { s: SUM, m: { moving_fn: { buckets_path: 's', window: -2, script: 'MovingFunctions.max(values)' } } },
    },
  }),
  aggs('moving-fn/window-missing', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { s: SUM, m: { moving_fn: { buckets_path: 's', script: 'MovingFunctions.max(values)' } } },
    },
  }),
  aggs('moving-fn/script-missing', {
    h: { ...(HISTOGRAM as object), aggs: { s: SUM, m: { moving_fn: { buckets_path: 's', window: 2 } } } },
  }),
  aggs('moving-fn/window-one', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { s: SUM, m: { moving_fn: { buckets_path: 's', window: 1, script: 'MovingFunctions.max(values)' } } },
    },
  }),
  // size and shard_size
  aggs('terms/size-zero', { t: { terms: { field: 'kw', size: 0 } } }),
  aggs('terms/size-negative', { t: { terms: { field: 'kw', size: -1 } } }),
  aggs('terms/shard-size-zero', { t: { terms: { field: 'kw', shard_size: 0 } } }),
  aggs('terms/shard-size-negative', { t: { terms: { field: 'kw', shard_size: -2 } } }),
  aggs('terms/shard-size-below-size', { t: { terms: { field: 'kw', size: 10, shard_size: 5 } } }),
  aggs('terms/min-doc-count-negative', { t: { terms: { field: 'kw', min_doc_count: -1 } } }),
  aggs('terms/shard-min-doc-count-negative', { t: { terms: { field: 'kw', shard_min_doc_count: -1 } } }),
  aggs('terms/size-over-max-buckets', { t: { terms: { field: 'kw', size: 70000 } } }),
  aggs('significant-terms/size-zero', { t: { significant_terms: { field: 'kw', size: 0 } } }),
  aggs('significant-terms/shard-size-zero', { t: { significant_terms: { field: 'kw', shard_size: 0 } } }),
  aggs('rare-terms/max-doc-count-zero', { t: { rare_terms: { field: 'kw', max_doc_count: 0 } } }),
  aggs('rare-terms/max-doc-count-over', { t: { rare_terms: { field: 'kw', max_doc_count: 101 } } }),
  aggs('composite/size-zero', { c: { composite: { size: 0, sources: [{ k: { terms: { field: 'kw' } } }] } } }),
  aggs('top-hits/size-over-inner-window', { t: { top_hits: { size: 101 } } }),
  aggs('top-hits/from-size-over-inner-window', { t: { top_hits: { from: 50, size: 51 } } }),
  aggs('top-hits/at-inner-window', { t: { top_hits: { from: 50, size: 50 } } }),
  aggs('top-hits/negative-size', { t: { top_hits: { size: -1 } } }),
  aggs('top-hits/negative-from', { t: { top_hits: { from: -1 } } }),
  // histogram intervals
  aggs('histogram/interval-zero', { h: { histogram: { field: 'num', interval: 0 } } }),
  aggs('histogram/interval-negative', { h: { histogram: { field: 'num', interval: -5 } } }),
  aggs('histogram/interval-missing', { h: { histogram: { field: 'num' } } }),
  aggs('histogram/interval-fraction', { h: { histogram: { field: 'num', interval: 0.5 } } }),
  aggs('histogram/min-doc-count-negative', { h: { histogram: { field: 'num', interval: 5, min_doc_count: -1 } } }),
  aggs('histogram/extended-bounds-reversed', {
    h: { histogram: { field: 'num', interval: 5, extended_bounds: { min: 10, max: 0 } } },
  }),
  aggs('histogram/buckets-over-max', {
    h: { histogram: { field: 'num', interval: 1, min_doc_count: 0, extended_bounds: { min: 0, max: 70000 } } },
  }),
  aggs('histogram/buckets-under-max', {
    h: { histogram: { field: 'num', interval: 1, min_doc_count: 0, extended_bounds: { min: 0, max: 60000 } } },
  }),
  aggs('date-histogram/fixed-calendar-unit', { h: { date_histogram: { field: 'date', fixed_interval: '1M' } } }),
  aggs('date-histogram/fixed-days', { h: { date_histogram: { field: 'date', fixed_interval: '2d' } } }),
  aggs('date-histogram/calendar-multiple', { h: { date_histogram: { field: 'date', calendar_interval: '2d' } } }),
  aggs('date-histogram/calendar-word', { h: { date_histogram: { field: 'date', calendar_interval: 'month' } } }),
  aggs('date-histogram/fixed-word', { h: { date_histogram: { field: 'date', fixed_interval: 'day' } } }),
  aggs('date-histogram/fixed-no-unit', { h: { date_histogram: { field: 'date', fixed_interval: '10' } } }),
  aggs('date-histogram/interval-legacy', { h: { date_histogram: { field: 'date', interval: 'day' } } }),
  aggs('date-histogram/interval-and-calendar', {
    h: { date_histogram: { field: 'date', interval: 'day', calendar_interval: 'day' } },
  }),
  aggs('date-histogram/both', {
    h: { date_histogram: { field: 'date', calendar_interval: 'day', fixed_interval: '1d' } },
  }),
  aggs('date-histogram/buckets-over-max', {
    h: {
      date_histogram: {
        field: 'date',
        fixed_interval: '1s',
        min_doc_count: 0,
        extended_bounds: { min: '2024-01-01T00:00:00Z', max: '2024-01-02T00:00:00Z' },
      },
    },
  }),
  aggs('auto-date-histogram/buckets-zero', { h: { auto_date_histogram: { field: 'date', buckets: 0 } } }),
  aggs('variable-width/buckets-zero', { h: { variable_width_histogram: { field: 'num', buckets: 0 } } }),
  // which aggregations take sub-aggregations and where they may sit
  aggs('structure/metric-with-sub', { a: { avg: { field: 'num' }, aggs: { b: { max: { field: 'num' } } } } }),
  aggs('structure/stats-with-sub', { a: { stats: { field: 'num' }, aggs: { b: { max: { field: 'num' } } } } }),
  aggs('structure/top-hits-with-sub', { a: { top_hits: { size: 1 }, aggs: { b: { max: { field: 'num' } } } } }),
  aggs('structure/cardinality-with-sub', {
    a: { cardinality: { field: 'kw' }, aggs: { b: { max: { field: 'num' } } } },
  }),
  aggs('structure/bucket-with-sub', { a: { terms: { field: 'kw' }, aggs: { b: { max: { field: 'num' } } } } }),
  aggs('structure/pipeline-with-sub', {
    h: { ...(HISTOGRAM as object), aggs: { s: SUM, d: { derivative: { buckets_path: 's' }, aggs: { b: SUM } } } },
  }),
  aggs('structure/global-top-level', { g: { global: {} } }),
  aggs('structure/global-nested', { t: { terms: { field: 'kw' }, aggs: { g: { global: {} } } } }),
  aggs('structure/reverse-nested-top-level', { r: { reverse_nested: {} } }),
  aggs('structure/reverse-nested-in-nested', { n: { nested: { path: 'items' }, aggs: { r: { reverse_nested: {} } } } }),
  aggs('structure/reverse-nested-in-terms', { t: { terms: { field: 'kw' }, aggs: { r: { reverse_nested: {} } } } }),
  aggs('structure/sibling-pipeline-inside-metric-parent', {
    h: { ...(HISTOGRAM as object), aggs: { s: SUM, m: { max_bucket: { buckets_path: 's' } } } },
  }),
  aggs('structure/parent-pipeline-top-level', { s: SUM, d: { derivative: { buckets_path: 's' } } }),
  aggs('structure/derivative-in-terms', {
    t: { terms: { field: 'kw' }, aggs: { s: SUM, d: { derivative: { buckets_path: 's' } } } },
  }),
  aggs('structure/cumulative-sum-in-terms', {
    t: { terms: { field: 'kw' }, aggs: { s: SUM, d: { cumulative_sum: { buckets_path: 's' } } } },
  }),
  aggs('structure/bucket-sort-in-terms', { t: { terms: { field: 'kw' }, aggs: { b: { bucket_sort: { size: 1 } } } } }),
  aggs('structure/bucket-sort-top-level', { b: { bucket_sort: { size: 1 } } }),
  aggs('structure/bucket-selector-top-level', {
    s: SUM,
    b: { bucket_selector: { buckets_path: { x: 's' }, script: 'params.x > 0' } },
  }),
  // pipeline buckets_path
  aggs('buckets-path/sibling-ok', { h: HISTOGRAM, m: { max_bucket: { buckets_path: 'h>_count' } } }),
  aggs('buckets-path/sibling-on-multi-bucket', { h: HISTOGRAM, m: { max_bucket: { buckets_path: 'h' } } }),
  aggs('buckets-path/sibling-on-metric', { s: SUM, m: { max_bucket: { buckets_path: 's' } } }),
  aggs('buckets-path/sibling-missing-agg', { h: HISTOGRAM, m: { max_bucket: { buckets_path: 'nope>s' } } }),
  aggs('buckets-path/sibling-on-multi-value', {
    h: { ...(HISTOGRAM as object), aggs: { st: { stats: { field: 'num' } } } },
    m: { max_bucket: { buckets_path: 'h>st' } },
  }),
  aggs('buckets-path/sibling-on-multi-value-key', {
    h: { ...(HISTOGRAM as object), aggs: { st: { stats: { field: 'num' } } } },
    m: { max_bucket: { buckets_path: 'h>st.max' } },
  }),
  aggs('buckets-path/sibling-through-terms', {
    t: { terms: { field: 'kw' }, aggs: { h: { ...(HISTOGRAM as object), aggs: { s: SUM } } } },
    m: { max_bucket: { buckets_path: 't>h>s' } },
  }),
  aggs('buckets-path/parent-on-multi-value', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { st: { stats: { field: 'num' } }, d: { derivative: { buckets_path: 'st' } } },
    },
  }),
  aggs('buckets-path/parent-on-multi-value-key', {
    h: {
      ...(HISTOGRAM as object),
      aggs: { st: { stats: { field: 'num' } }, d: { derivative: { buckets_path: 'st.avg' } } },
    },
  }),
  aggs('buckets-path/parent-missing', {
    h: { ...(HISTOGRAM as object), aggs: { s: SUM, d: { derivative: { buckets_path: 'nope' } } } },
  }),
  aggs('buckets-path/parent-count', {
    h: { ...(HISTOGRAM as object), aggs: { d: { derivative: { buckets_path: '_count' } } } },
  }),
  aggs('buckets-path/percentiles-key', {
    h: { ...(HISTOGRAM as object), aggs: { p: { percentiles: { field: 'num' } } } },
    m: { max_bucket: { buckets_path: 'h>p[50.0]' } },
  }),
  aggs('buckets-path/sibling-not-string', { h: HISTOGRAM, m: { max_bucket: { buckets_path: 1 } } }),
  // aggregation names and definitions
  aggs('names/bracket', { 'a[b]': { max: { field: 'num' } } }),
  aggs('names/gt', { 'a>b': { max: { field: 'num' } } }),
  aggs('names/dot', { 'a.b': { max: { field: 'num' } } }),
  aggs('definition/meta', { a: { max: { field: 'num' }, meta: { x: 1 } } }),
  aggs('definition/meta-not-object', { a: { max: { field: 'num' }, meta: 1 } }),
  aggs('definition/sub-aggs-twice', {
    a: { terms: { field: 'kw' }, aggs: { b: SUM }, aggregations: { c: SUM } },
  }),
  // body fields together
  c('body/aggs-and-aggregations', { aggs: { a: SUM }, aggregations: { b: SUM } }),
  c('body/docvalue-fields-at-limit', { docvalue_fields: range(100).map((i) => `f${i}`) }),
  c('body/docvalue-fields-over-limit', { docvalue_fields: range(101).map((i) => `f${i}`) }),
  c('body/script-fields-at-limit', {
    script_fields: Object.fromEntries(range(32).map((i) => [`s${i}`, { script: '1' }])),
  }),
  c('body/script-fields-over-limit', {
    script_fields: Object.fromEntries(range(33).map((i) => [`s${i}`, { script: '1' }])),
  }),
  c('body/inner-hits-over-limit', {
    query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: { size: 101 } } },
  }),
  c('body/inner-hits-named-over-limit', {
    post_filter: {
      bool: {
        filter: [
          { nested: { path: 'items', query: { match_all: {} }, inner_hits: { name: 'n', from: 95, size: 10 } } },
        ],
      },
    },
  }),
  c('body/inner-hits-at-limit', {
    query: { nested: { path: 'items', query: { match_all: {} }, inner_hits: { size: 100 } } },
  }),
  c('body/track-total-hits-negative', { track_total_hits: -5 }),
  c('body/track-total-hits-minus-one', { track_total_hits: -1 }),
  c('body/terminate-after-negative', { terminate_after: -1 }),
  c('body/min-score-string', { min_score: 'abc' }),
  c('body/timeout-no-unit', { timeout: '10' }),
  c('body/timeout-negative', { timeout: '-5s' }),
  c('body/sort-unknown-order', { sort: [{ num: 'up' }] }),
  c('body/sort-unknown-key', { sort: [{ num: { ordr: 'asc' } }] }),
  c('body/sort-mode', { sort: [{ num: { mode: 'avg' } }] }),
  c('body/sort-bad-mode', { sort: [{ num: { mode: 'middle' } }] }),
  c('body/sort-score-with-track', { sort: ['num'], track_scores: true }),
  c('body/sort-two-fields-in-object', { sort: [{ num: 'asc', kw: 'desc' }] }),
  c('body/highlight-fields-array', { highlight: { fields: [{ text: {} }] } }),
  c('body/highlight-unknown', { highlight: { fieldz: { text: {} } } }),
  c('body/highlight-bad-type', { highlight: { type: 'fancy', fields: { text: {} } } }),
  c('body/highlight-bad-type-no-hits', { size: 0, highlight: { type: 'fancy', fields: { text: {} } } }),
  c('body/highlight-type-upper-case', { highlight: { fields: { text: { type: 'UNIFIED' } } } }),
  c('body/highlight-field-types', {
    highlight: { type: 'plain', fields: [{ text: { type: 'unified', fragment_offset: 1, matched_fields: ['text'] } }] },
  }),
  c('body/highlight-field-unknown', { highlight: { fields: { text: { typ: 'plain' } } } }),
  c('body/highlight-field-option-top-level', { highlight: { fragment_offset: 1, fields: { text: {} } } }),
  c('body/sort-nested-keys', { sort: [{ 'items.name': { order: 'asc', mode: 'min', nested: { path: 'items' } } }] }),
  c('body/suggest-types', {
    suggest: {
      text: 'quick',
      t: { term: { field: 'text' } },
      p: { text: 'quick brown', phrase: { field: 'text' } },
    },
  }),
  c('body/suggest-unknown-key', { suggest: { s: { text: 'x', term: { field: 'text' }, bogus: 'y' } } }),
  c('body/source-number', { _source: 1 }),
  c('body/suggest-unknown-type', { suggest: { s: { text: 'x', nope: { field: 'text' } } } }),
  c('body/stored-fields-none-and-source', { stored_fields: '_none_', _source: true }),
  c('body/size-over-int', { size: 3000000000 }),
  c('body/size-string', { size: '5' }),
  c('body/from-string-negative', { from: '-1' }),
  c('body/explain-string', { explain: 'true' }),
  c('body/explain-bad-string', { explain: 'yes' }),
  c('body/version-number', { version: 1 }),
  // URL and body together
  c('url-body/size-both', { size: 5 }, '?size=3'),
  c('url-body/q-and-query', { query: { match_all: {} } }, '?q=kw:a'),
  c('url-body/rest-total-hits-as-int', { track_total_hits: 100 }, '?rest_total_hits_as_int=true'),
  c('url-body/scroll-request-cache', {}, '?scroll=1m&request_cache=true'),
  c('url-body/scroll-track-false', {}, '?scroll=1m&track_total_hits=false'),
  c('url-body/pit-with-index', { pit: { id: 'x', keep_alive: '1m' } }),
  c('url-body/search-type-dfs', {}, '?search_type=dfs_query_then_fetch'),
  c('url-body/search-type-unknown', {}, '?search_type=query_and_fetch'),
  c('url-body/allow-partial', {}, '?allow_partial_search_results=false'),
  c('url-body/batched-reduce-size-one', {}, '?batched_reduce_size=1'),
  c('url-body/max-concurrent-zero', {}, '?max_concurrent_shard_requests=0'),
  c('url-body/pre-filter-zero', {}, '?pre_filter_shard_size=0'),
  raw('pipeline/verbose-all-indices', 'POST', '/_search', '{"verbose_pipeline": true, "size": 0}'),
  raw('pipeline/verbose-url-all-indices', 'POST', '/_search?verbose_pipeline=true', '{"size": 0}'),
  c('url-body/verbose-pipeline-none', { verbose_pipeline: true, search_pipeline: '_none' }),
  c('url-body/verbose-pipeline-url-none', {}, '?verbose_pipeline=true&search_pipeline=_none'),
  c('url-body/verbose-pipeline-inline', { verbose_pipeline: true, search_pipeline: { request_processors: [] } }),
  c('url-body/verbose-url-pipeline-inline', { search_pipeline: {} }, '?verbose_pipeline'),
  // Named search pipelines: the cluster defines those of setup.ts, no other; the URL's name wins over the body's.
  c('pipeline/body-defined', { search_pipeline: PIPELINE }),
  c('pipeline/url-defined', {}, `?search_pipeline=${PIPELINE}`),
  c('pipeline/body-undefined', { search_pipeline: 'no-such-pipeline' }),
  c('pipeline/url-undefined', {}, '?search_pipeline=no-such-pipeline'),
  c('pipeline/url-undefined-over-body', { search_pipeline: PIPELINE }, '?search_pipeline=no-such-pipeline'),
  c('pipeline/url-defined-over-body', { search_pipeline: 'no-such-pipeline' }, `?search_pipeline=${PIPELINE}`),
  c('pipeline/url-none-over-body', { search_pipeline: 'no-such-pipeline' }, '?search_pipeline=_none'),
  c('pipeline/url-case', {}, `?search_pipeline=${PIPELINE.toUpperCase()}`),
  raw('pipeline/number-as-written', 'POST', SEARCH, '{"search_pipeline": 1.50}'),
  c('pipeline/verbose-body-defined', { verbose_pipeline: true, search_pipeline: PIPELINE }),
  c('pipeline/verbose-url-defined', {}, `?verbose_pipeline=true&search_pipeline=${PIPELINE}`),
  c('pipeline/verbose-undefined', { verbose_pipeline: true, search_pipeline: 'no-such-pipeline' }),
  raw('pipeline/msearch-defined', 'POST', MSEARCH, `{}\n${JSON.stringify({ search_pipeline: PIPELINE })}\n`),
  // Only the item fails: the request is answered (HTTP 200).
  raw('pipeline/msearch-undefined', 'POST', MSEARCH, '{}\n{"search_pipeline": "no-such-pipeline"}\n'),
  c('url-body/suggest-field-complete', {}, '?suggest_field=text&suggest_mode=missing&suggest_text=quick'),
  c('url-body/suggest-field-with-q', {}, '?suggest_field=text&suggest_mode=always&q=quick'),
  c('url-body/suggest-field-without-text', {}, '?suggest_field=text&suggest_mode=missing'),
  c('url-body/suggest-field-without-mode', {}, '?suggest_field=text&suggest_text=quick'),
  // the body as JSON, and where it is sent
  raw('json/unclosed', 'POST', SEARCH, '{"query": {"match_all": {}}'),
  raw('json/unclosed-inner', 'POST', SEARCH, '{\n  "query": {"bool": {"must": [\n {"match_all": {}}'),
  raw('json/duplicate-key', 'POST', SEARCH, '{"size": 1, "size": 2}'),
  // Written with a space before its colon, and next to colons inside strings: refused all the same.
  raw('json/duplicate-key-spaced', 'POST', SEARCH, '{"size" :1, "_source": ["a:b"], "size": 2}'),
  raw(
    'json/duplicate-key-colons-in-strings',
    'POST',
    SEARCH,
    '{"timeout":"1s","query":{"query_string":{"query":"level:error"}},"_source":["https://x"],"timeout":"2s"}',
  ),
  // Nesting depth: 1,000 levels are read, the 1,001st is refused (an aggregation's `meta` is read whole).
  raw('json/depth-1000', 'POST', SEARCH, nestedBody(1000)),
  raw('json/depth-1001', 'POST', SEARCH, nestedBody(1001)),
  // A line separator in the request line is part of the URL: in an endpoint segment no handler matches it; in a
  // parameter value it is part of the value.
  raw('line-separator-endpoint', 'POST', `${SEARCH}\u2028`, '{}'),
  raw('line-separator-value', 'POST', `${SEARCH}?q=a\u2028`, '{}'),
  raw('body/array', 'POST', SEARCH, '[1]'),
  raw('body/string', 'POST', SEARCH, '"x"'),
  raw('body/trailing-object', 'POST', SEARCH, '{"size": 1} {"size": 2}'),
  raw('method/put-search', 'PUT', SEARCH, '{}'),
  raw('url/float-parameter', 'POST', `${SEARCH}?max_concurrent_shard_requests=abc`, '{}'),
  raw('scroll/pit', 'POST', '/_search?scroll=1m', '{"pit": {"id": "x", "keep_alive": "1m"}}'),
  raw('pit/routing', 'POST', '/_search?routing=1', '{"pit": {"id": "x", "keep_alive": "1m"}}'),
  raw('pit/preference', 'POST', '/_search?preference=_local', '{"pit": {"id": "x", "keep_alive": "1m"}}'),
  raw('pit/indices-options', 'POST', '/_search?ignore_unavailable=true', '{"pit": {"id": "x", "keep_alive": "1m"}}'),
  raw('pit/id-number', 'POST', '/_search', '{"pit": {"id": 12, "keep_alive": "1m"}}'),
  raw('pit/id-null', 'POST', '/_search', '{"pit": {"id": null}}'),
  raw('pit/id-empty', 'POST', '/_search', '{"pit": {"id": ""}}'),
  raw('pit/id-not-base64', 'POST', '/_search', '{"pit": {"id": "ab.cd"}}'),
  raw('pit/unknown-key', 'POST', '/_search', '{"pit": {"id": "c29tZSBpZA", "keepalive": "1m"}}'),
  raw('pit/ccs', 'POST', '/_search?ccs_minimize_roundtrips=false', '{"pit": {"id": "x", "keep_alive": "1m"}}'),
  // query and aggregation shapes
  q('shape/query-string', 'x'),
  q('shape/term-array', { term: { kw: ['a', 'b'] } }),
  q('shape/match-array', { match: { text: ['a'] } }),
  q('shape/terms-set-short', { terms_set: { kw: 'a' } }),
  q('shape/range-short', { range: { num: 5 } }),
  q('shape/terms-string', { terms: { kw: 'a' } }),
  aggs('shape/not-an-object', { a: 1 }),
  aggs('shape/meta-only', { a: { meta: {} } }),
  aggs('shape/empty', { a: {} }),
  aggs('shape/two-types', { a: { avg: { field: 'num' }, max: { field: 'num' } } }),
  aggs('shape/unknown-type', { a: { no_such_agg: {} } }),
  aggs('shape/multi-terms-one', { m: { multi_terms: { terms: [{ field: 'kw' }] } } }),
  aggs('shape/filters-empty-object', { f: { filters: { filters: {} } } }),
  aggs('shape/filters-empty-array', { f: { filters: { filters: [] } } }),
  aggs('shape/sampler-without-child', { s: { sampler: { shard_size: 10 } } }),
  // _msearch framing and headers
  raw('msearch/unknown-header-key', 'POST', MSEARCH, '{"indexx": "conformance"}\n{}\n'),
  raw('msearch/body-array', 'POST', MSEARCH, '{}\n[1]\n'),
  raw('msearch/blank-body', 'POST', MSEARCH, '{}\n\n'),
  raw('msearch/no-body', 'POST', MSEARCH),
  raw('msearch/no-final-newline', 'POST', MSEARCH, '{}\n{}'),
  raw('msearch/header-only', 'POST', MSEARCH, '{}\n'),
  raw('msearch/header-boolean', 'POST', MSEARCH, '{"allow_partial_search_results": "yes"}\n{}\n'),
  raw('msearch/header-expand-wildcards', 'POST', MSEARCH, '{"expand_wildcards": "bogus"}\n{}\n'),
  raw('msearch/header-search-type', 'POST', MSEARCH, '{"search_type": "bogus"}\n{}\n'),
  raw('msearch/header-time', 'POST', MSEARCH, '{"cancel_after_time_interval": "5x"}\n{}\n'),
  // tasks and nodes
  raw('tasks/malformed-id', 'GET', '/_tasks/abc'),
  raw('tasks/unset-id', 'GET', '/_tasks/node:-1'),
  raw('tasks/cancel-id-and-nodes', 'POST', '/_tasks/node:1/_cancel?nodes=x'),
  raw('tasks/group-by', 'GET', '/_tasks?group_by=bogus'),
  raw('nodes/role-value', 'GET', '/_nodes/data:yes'),
  raw('nodes/unknown-metric', 'GET', '/_nodes/stats/bogus'),
  raw('nodes/unknown-index-metric', 'GET', '/_nodes/stats/indices/bogus'),
  raw('nodes/all-and-metrics', 'GET', '/_nodes/stats/_all,jvm'),
  raw('nodes/index-metric-with-all', 'GET', '/_nodes/stats/_all/docs'),
  raw('nodes/index-metric-without-indices', 'GET', '/_nodes/stats/jvm/docs'),
  raw('nodes/metric-newer', 'GET', '/_nodes/stats/native_memory'),
  // what the mapping decides: sorts, collapse, nested paths, join relations, aggregation parameters by field type
  c('mapping/sort/unmapped', { sort: ['num', 'x'] }),
  c('mapping/sort/unmapped-object', { sort: { x: { order: 'desc' } } }),
  c('mapping/sort/unmapped-type', { sort: [{ x: { order: 'asc', unmapped_type: 'long' } }] }),
  c('mapping/sort/nested-field', { sort: ['items'] }),
  c('mapping/sort/nested-leaf', { sort: ['items.qty'] }),
  c('mapping/sort/multi-field', { sort: ['text.raw'] }),
  c('mapping/sort/join-parent-field', { sort: ['relation#parent'] }),
  c('mapping/collapse/unmapped', { collapse: { field: 'x' } }),
  c('mapping/collapse/nested-field', { collapse: { field: 'items' } }),
  c('mapping/collapse/nested-leaf', { collapse: { field: 'items.name' } }),
  c('mapping/collapse/multi-field', { collapse: { field: 'text.raw' } }),
  c('mapping/collapse/number', { collapse: { field: 'price' } }),
  c('mapping/collapse/date', { collapse: { field: 'date' } }),
  c('mapping/collapse/inner-hits-only', { collapse: { inner_hits: { name: 'i' } } }),
  q('mapping/nested/path-leaf', { nested: { path: 'kw', query: { match_all: {} } } }),
  q('mapping/nested/path-array', { nested: { path: ['x', 'items'], query: { match_all: {} } } }),
  q('mapping/nested/ignore-unmapped', { nested: { path: 'x', ignore_unmapped: true, query: { match_all: {} } } }),
  q('mapping/has-child/parent-name', { has_child: { type: 'parent', query: { match_all: {} } } }),
  q('mapping/has-child/array-last-child', { has_child: { type: ['x', 'child'], query: { match_all: {} } } }),
  q('mapping/has-parent/child-name', { has_parent: { parent_type: 'child', query: { match_all: {} } } }),
  q('mapping/has-parent/ignore-unmapped', {
    has_parent: { parent_type: 'x', ignore_unmapped: true, query: { match_all: {} } },
  }),
  q('mapping/more-like-this/unlike-text', {
    more_like_this: { like: [{ _index: CONFORMANCE_INDEX, _id: '1' }], unlike: 'lazy' },
  }),
  q('mapping/more-like-this/like-documents', {
    more_like_this: { like: [{ _index: CONFORMANCE_INDEX, _id: '1' }], min_term_freq: 1, min_doc_freq: 1 },
  }),
  q('mapping/more-like-this/like-artificial-document', {
    more_like_this: { like: [{ doc: { text: 'quick brown' } }], min_term_freq: 1, min_doc_freq: 1 },
  }),
  q('mapping/more-like-this/text-with-fields', {
    more_like_this: { like: 'quick brown', fields: ['text'], min_term_freq: 1, min_doc_freq: 1 },
  }),
  aggs('mapping/format-on-number', { a: { terms: { field: 'num', format: '0.0' } } }),
  aggs('mapping/format-on-ip', { a: { terms: { field: 'ip', format: '0.0' } } }),
  aggs('mapping/format-on-boolean', { a: { max: { field: 'flag', format: '0' } } }),
  aggs('mapping/format-before-value-type', { a: { terms: { field: 'kw', value_type: 'long', format: '0' } } }),
  aggs('mapping/value-type-date-on-keyword', { a: { cardinality: { field: 'kw', value_type: 'date' } } }),
  aggs('mapping/value-type-string-on-ip', { a: { terms: { field: 'ip', value_type: 'string' } } }),
  aggs('mapping/value-type-long-on-boolean', { a: { terms: { field: 'flag', value_type: 'long' } } }),
  aggs('mapping/missing-keyword-terms', { a: { terms: { field: 'kw', missing: 'x' } } }),
  aggs('mapping/missing-number-significant-terms', { a: { significant_terms: { field: 'num', missing: 0 } } }),
  aggs('mapping/missing-keyword-sub-aggregation', {
    t: { terms: { field: 'num' }, aggs: { s: { significant_terms: { field: 'text.raw', missing: 'x' } } } },
  }),
];
