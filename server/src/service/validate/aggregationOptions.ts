// Aggregation options whose parsers read them with rules of their own: bucket orders, `include`/`exclude`, bounds,
// offsets, grid precisions, composite sources, the sub-parsers of percentiles and weighted_avg, bucket_sort's sort,
// execution hints and the sampler's shard size. Each rule and its words were recorded on real 3.8.0 and 2.19.1
// (docs/opensearch/aggregations.md#option-forms; conformance cases `cross/aggs/forms/*`).
import { firstKey, isObject, tokenOf } from '../json/jsonSegment';
import type { ValuePath } from '../json/valuePath';
import type { JsonCheck } from './jsonCheck';
import type { DiagnosticCode } from '../diagnosticCodes';
import {
  doubleValue,
  isIpv4,
  isJavaDouble,
  isSortOrder,
  numberTextError,
  parseTimeValue,
  textBooleanError,
} from './values';
import { shardFailureText } from './msearchItems';
import { beyondInt, zoneHoursError, zoneIdError } from './timeZones';
import { distanceOptionRefusal } from './geoQueries';

/** Whether a text reads as a Java number. */
function numeric(value: unknown): boolean {
  return typeof value === 'number' || (typeof value === 'string' && isJavaDouble(value));
}

/** `[L:C] [<parser>] failed to parse field [<key>]`, placed where the parser was: the value, or its end (`atEnd`). */
function failedToParse(check: JsonCheck, at: ValuePath, parser: string, key: string, atEnd = false): true {
  check.report('aggs.wrong-type', `${check.where(at, 'value', atEnd)} [${parser}] failed to parse field [${key}]`, at);
  return true;
}

/**
 * A `time_zone` of date_histogram, auto_date_histogram, date_range or a composite's date_histogram source: a text is
 * read by `ZoneId.of`, a number as a whole number of hours (docs/opensearch/json-and-values.md#time-zones).
 */
function timeZoneForm(check: JsonCheck, at: ValuePath, parser: string, value: unknown): boolean {
  let error: string | undefined;
  // ObjectParser takes a text or a number here; a boolean is refused as a token (null is refused for every parameter).
  if (typeof value === 'boolean') return doesNotSupport(check, at, parser, 'time_zone', value);
  if (typeof value === 'string') error = zoneIdError(value);
  else if (typeof value === 'number') {
    if (beyondInt(value)) return failedToParse(check, at, parser, 'time_zone');
    error = zoneHoursError(value);
  }
  if (error === undefined) return false;
  check.report('aggs.wrong-type', `${check.where(at)} [${parser}] failed to parse field [time_zone]: ${error}`, at);
  return true;
}

function doesNotSupport(check: JsonCheck, at: ValuePath, parser: string, key: string, value: unknown): true {
  check.report('aggs.wrong-type', check.unsupported(at, parser, key, tokenOf(value)), at);
  return true;
}

/** A shard failure, which in an `_msearch` fails that search alone. */
function shardFailure(check: JsonCheck, at: ValuePath, what: string, reason: string): true {
  check.reportItemFailure('aggs.invalid-value', shardFailureText(what, reason), at);
  return true;
}

/** An order of buckets: `{"<key>": "asc"|"desc"}` or a list of them (`InternalOrder.Parser`). */
function bucketOrder(check: JsonCheck, at: ValuePath, parser: string, order: unknown): boolean {
  if (!isObject(order) && !Array.isArray(order)) return doesNotSupport(check, at, parser, 'order', order);
  const entries: unknown[] = Array.isArray(order) ? order : [order];
  if (entries.length === 0) {
    // The builder takes the list's first order (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1).
    check.report('aggs.invalid-value', 'Index 0 out of bounds for length 0', at);
    return true;
  }
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (Array.isArray(entry)) {
      // ObjectParser's array reader refuses a list inside (real 3.9.0; conformance cases `cross/lists/aggs/order-*`).
      const where = at.child(i);
      check.report(
        'aggs.wrong-type',
        `${check.where(where)} [${parser}] failed to parse field [order]: expected value but got [START_ARRAY]`,
        where,
      );
      return true;
    }
    if (!isObject(entry)) {
      // A value in a list of orders: the reader meets the token after it (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
      // conformance cases `cross/lists/order/terms-order-list-*`).
      if (!Array.isArray(order)) continue;
      const next = i + 1 < order.length ? tokenOf(order[i + 1]) : 'END_ARRAY';
      check.report('aggs.wrong-type', `Unexpected token [${next}] for [order]`, at.child(i));
      return true;
    }
    if (firstKey(entry) === undefined) {
      // InternalOrder.Parser (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/form/*order-empty*`).
      const where = Array.isArray(order) ? at.child(i) : at;
      check.report('aggs.invalid-value', 'Must specify at least one field for [order]', where);
      return true;
    }
    for (const key in entry) {
      const direction = entry[key];
      const where = (Array.isArray(order) ? at.child(i) : at).child(key);
      if (typeof direction !== 'string') {
        // InternalOrder.Parser reads a string only (real 3.9.0 and 2.19.6; conformance cases `cross/lists/aggs/order-*`).
        check.report('aggs.wrong-type', `Unexpected token [${tokenOf(direction)}] for [order]`, where);
        return true;
      }
      if (typeof direction === 'string' && !isSortOrder(direction)) {
        check.report('aggs.wrong-type', `${check.where(where)} [${parser}] failed to parse field [order]`, where);
        return true;
      }
    }
  }
  return false;
}

/**
 * `include` and `exclude` of terms-like aggregations (`IncludeExclude`): a regular expression (a string), a list of
 * terms, or for `include` a partition `{partition, num_partitions}` with `0 <= partition < num_partitions`. A regular
 * expression and a list cannot be mixed.
 */
function includeExclude(check: JsonCheck, path: ValuePath, parser: string, body: Record<string, unknown>): boolean {
  if (!('include' in body) && !('exclude' in body)) return false;
  let form: 'regex' | 'terms' | 'partition' | undefined;
  for (const key of INCLUDE_EXCLUDE) {
    if (!(key in body)) continue;
    const value = body[key];
    const at = path.child(key);
    if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
      return doesNotSupport(check, at, parser, key, value);
    }
    const mine = typeof value === 'string' ? 'regex' : Array.isArray(value) ? 'terms' : 'partition';
    if (mine === 'partition') {
      if (key === 'exclude') return failedToParse(check, at, parser, key, true);
      const options = value as Record<string, unknown>;
      const partition = options.partition;
      const partitions = options.num_partitions;
      if (
        typeof partition !== 'number' ||
        typeof partitions !== 'number' ||
        partition < 0 ||
        partitions <= 0 ||
        partition >= partitions
      ) {
        return failedToParse(check, at, parser, key, true);
      }
    }
    if (form !== undefined && mine !== form && !(form === 'partition' && mine === 'terms')) {
      return failedToParse(check, at, parser, key, true);
    }
    form ??= mine;
  }
  return false;
}

const INCLUDE_EXCLUDE = ['include', 'exclude'];

export const COMPOSITE_SOURCES: readonly string[] = ['terms', 'histogram', 'date_histogram', 'geotile_grid'];
const AUTO_INTERVALS = ['year', 'month', 'day', 'hour', 'minute', 'second'];
const EXECUTION_HINTS: Readonly<Record<string, readonly string[]>> = {
  terms: ['map', 'global_ordinals'],
  diversified_sampler: ['map', 'bytes_hash', 'global_ordinals'],
};

export type FormCheck = (
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
) => boolean;

const ordered = (check: JsonCheck, path: ValuePath, type: string, body: Record<string, unknown>): boolean =>
  body.order !== undefined && bucketOrder(check, path.child('order'), type, body.order);

const terms: FormCheck = (check, path, _name, type, body) =>
  ordered(check, path, type, body) || includeExclude(check, path, type, body) || executionHint(check, path, type, body);

const grid: FormCheck = (check, path, _name, type, body) => {
  const [low, high] = type === 'geohash_grid' ? [1, 12] : [0, 29];
  const precision = body.precision;
  return typeof precision === 'number' && (precision < low || precision > high)
    ? failedToParse(check, path.child('precision'), type, 'precision')
    : false;
};

const pipelineFormat: FormCheck = (check, path, _name, type, body) =>
  // Their ConstructingObjectParser declares `format` a string.
  'format' in body && typeof body.format !== 'string'
    ? doesNotSupport(check, path.child('format'), type, 'format', body.format)
    : false;

/** The types with option forms of their own, each with its check; whether it reported (the first refusal ends it). */
const FORMS: ReadonlyMap<string, FormCheck> = new Map<string, FormCheck>([
  ['terms', terms],
  ['multi_terms', (check, path, _name, type, body) => ordered(check, path, type, body)],
  ['significant_terms', (check, path, _name, type, body) => includeExclude(check, path, type, body)],
  [
    'rare_terms',
    (check, path, _name, type, body) => {
      if (includeExclude(check, path, type, body)) return true;
      return typeof body.precision === 'number' && body.precision < 0.00001
        ? failedToParse(check, path.child('precision'), type, 'precision')
        : false;
    },
  ],
  [
    'histogram',
    (check, path, _name, type, body) => ordered(check, path, type, body) || histogramForms(check, path, body),
  ],
  [
    'date_histogram',
    (check, path, name, type, body) => ordered(check, path, type, body) || dateHistogramForms(check, path, name, body),
  ],
  ['geohash_grid', grid],
  ['geotile_grid', grid],
  ['range', (check, path, _name, _type, body) => rangeForms(check, path, 'range', body)],
  ['ip_range', (check, path, _name, _type, body) => ipRangeForms(check, path, body)],
  ['composite', (check, path, _name, _type, body) => compositeForms(check, path, body)],
  ['percentiles', (check, path, _name, _type, body) => tdigestForms(check, path, body)],
  ['percentile_ranks', (check, path, _name, _type, body) => tdigestForms(check, path, body)],
  ['weighted_avg', (check, path, _name, _type, body) => fieldConfigs(check, path, body)],
  ['geo_distance', (check, path, _name, _type, body) => geoDistanceForms(check, path, body)],
  ['bucket_sort', (check, path, _name, _type, body) => bucketSortForms(check, path, body)],
  ['cumulative_sum', pipelineFormat],
  ['moving_fn', pipelineFormat],
  ['bucket_script', pipelineFormat],
  [
    'auto_date_histogram',
    (check, path, _name, type, body) =>
      typeof body.minimum_interval === 'string' && !AUTO_INTERVALS.includes(body.minimum_interval)
        ? failedToParse(check, path.child('minimum_interval'), type, 'minimum_interval')
        : 'time_zone' in body && timeZoneForm(check, path.child('time_zone'), type, body.time_zone),
  ],
  [
    'date_range',
    (check, path, _name, type, body) =>
      ('time_zone' in body && timeZoneForm(check, path.child('time_zone'), type, body.time_zone)) ||
      rangeForms(check, path, type, body),
  ],
  [
    'sampler',
    (check, path, _name, _type, body) =>
      typeof body.shard_size === 'number' && body.shard_size <= 0
        ? shardFailure(
            check,
            path.child('shard_size'),
            '[shard_size] must be above 0',
            'numHits must be > 0; please use TotalHitCountCollectorManager if you just need the total hit count',
          )
        : false,
  ],
  ['diversified_sampler', (check, path, _name, type, body) => executionHint(check, path, type, body)],
  ['derivative', (check, path, _name, _type, body) => derivativeUnit(check, path, body)],
]);

/**
 * derivative's `unit`: a calendar interval, or a time value (`TimeValue.parseTimeValue`), read when the search runs
 * (real 3.8.0 and 2.19.1: `failed to parse [bogus]`).
 */
function derivativeUnit(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  const unit = body.unit;
  if (typeof unit !== 'string' || CALENDAR_INTERVALS.includes(unit)) return false;
  const { error } = parseTimeValue(unit, 'DerivativePipelineAggregationBuilder.unit');
  if (error === undefined) return false;
  return shardFailure(check, path.child('unit'), '[unit] is neither a calendar interval nor a time value', error);
}

/**
 * The check of one aggregation type's option forms, if it has one: it says whether it reported (the first refusal
 * ends the reading).
 */
export function optionFormsOf(type: string): FormCheck | undefined {
  return FORMS.get(type);
}

/** The types with option forms of their own. */
export function optionFormTypes(): Iterable<string> {
  return FORMS.keys();
}

/** `execution_hint` of terms and diversified_sampler, checked on each shard. */
function executionHint(check: JsonCheck, path: ValuePath, type: string, body: Record<string, unknown>): boolean {
  const hints = EXECUTION_HINTS[type];
  const hint = body.execution_hint;
  if (hints === undefined || typeof hint !== 'string' || hints.includes(hint)) return false;
  return shardFailure(
    check,
    path.child('execution_hint'),
    `[execution_hint] [${hint}] is unknown`,
    `Unknown \`execution_hint\`: [${hint}], expected any of [${hints.join(', ')}]`,
  );
}

function tdigestForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  if (!isObject(body.tdigest) || !('compression' in body.tdigest) || numeric(body.tdigest.compression)) return false;
  const at = path.child('tdigest').child('compression');
  check.report('aggs.wrong-type', `${check.where(at)} [tdigest] failed to parse field [compression]`, at);
  return true;
}

/**
 * `geo_distance`'s `unit` and `distance_type`, each text read as the `geo_distance` query reads it; the first one
 * written that does not read fails the parse (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/values/geo-distance-agg-*`).
 */
function geoDistanceForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  for (const key in body) {
    const value = body[key];
    if ((key !== 'unit' && key !== 'distance_type') || typeof value !== 'string') continue;
    const refusal = distanceOptionRefusal(key, value);
    if (refusal === undefined) continue;
    const at = path.child(key);
    check.report(
      'aggs.invalid-value',
      `${check.where(at)} [geo_distance] failed to parse field [${key}]: ${refusal}`,
      at,
    );
    return true;
  }
  return false;
}

function fieldConfigs(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  for (const side of ['value', 'weight']) {
    const config = body[side];
    if (isObject(config) && fieldConfigRefused(check, path.child(side), 'weighted_avg', config)) return true;
  }
  return false;
}

/** The members of a field config (`MultiValuesSourceFieldConfig`), by the aggregation that reads it. */
const FIELD_CONFIG_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  weighted_avg: ['field', 'missing', 'script'],
  multi_terms: ['field', 'missing', 'script', 'format', 'value_type', 'time_zone'],
};

/**
 * One field config (an ObjectParser named `field_config`), in order: a name it does not know, `field` and the other
 * names a text only, `missing` a value or null, `script` a text or an object; a `weighted_avg` config then takes
 * `field` or `script`, not both (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/values/config-*`).
 * Whether it refused.
 */
export function fieldConfigRefused(
  check: JsonCheck,
  path: ValuePath,
  type: string,
  config: Record<string, unknown>,
): boolean {
  const members = FIELD_CONFIG_MEMBERS[type] ?? FIELD_CONFIG_MEMBERS.weighted_avg!;
  for (const key in config) {
    const at = path.child(key);
    if (!members.includes(key)) {
      check.report('aggs.unknown-parameter', check.unknownFieldText(at, 'field_config', key, members), at, 'key');
      return true;
    }
    const token = tokenOf(config[key]);
    const takes =
      key === 'missing'
        ? token !== 'START_OBJECT' && token !== 'START_ARRAY'
        : key === 'script'
          ? token === 'VALUE_STRING' || token === 'START_OBJECT'
          : token === 'VALUE_STRING';
    if (!takes) {
      check.report('aggs.wrong-type', check.unsupported(at, 'field_config', key, token), at);
      return true;
    }
  }
  // An empty field is none (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/config-*-field-empty*`).
  const field = 'field' in config && config.field !== '';
  if (!field && !('script' in config)) {
    check.report(
      'aggs.missing-field',
      '[field] and [script] cannot both be null.  Please specify one or the other.',
      path,
      'key',
    );
    return true;
  }
  if (type === 'weighted_avg' && field && 'script' in config) {
    check.report(
      'aggs.wrong-type',
      '[field] and [script] cannot both be configured.  Please specify one or the other.',
      path,
      'key',
    );
    return true;
  }
  return false;
}

/** A date histogram's `offset` written as a text its parser reads: a signed time value. */
function isOffsetText(text: string): boolean {
  return /^[+-]?\d+(ms|s|m|h|d|nanos|micros)$/.test(text.trim());
}

/** A bound of `extended_bounds` or `hard_bounds` as a number, when it is written as one. */
function boundOf(value: unknown): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function dateHistogramForms(check: JsonCheck, path: ValuePath, name: string, body: Record<string, unknown>): boolean {
  if ('time_zone' in body && timeZoneForm(check, path.child('time_zone'), 'date_histogram', body.time_zone))
    return true;
  if (typeof body.offset === 'string' && !isOffsetText(body.offset)) {
    return failedToParse(check, path.child('offset'), 'date_histogram', 'offset');
  }
  for (const bounds of ['extended_bounds', 'hard_bounds']) {
    const value = body[bounds];
    if (!isObject(value)) continue;
    const min = boundOf(value.min);
    const max = boundOf(value.max);
    if (min !== undefined && max !== undefined && min > max) {
      return shardFailure(
        check,
        path.child(bounds),
        `[${bounds}.min] is above [${bounds}.max]`,
        `[${bounds}.min][${String(min)}] cannot be greater than [${bounds}.max][${String(max)}] for histogram aggregation [${name}]`,
      );
    }
  }
  return false;
}

/**
 * `extended_bounds` and `hard_bounds` of `histogram` (an ObjectParser named `double_bounds`, in order): `min` and `max`
 * a number, its text or null, no other name (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/values/config-*-bounds-*`).
 */
function histogramForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  for (const bounds of ['extended_bounds', 'hard_bounds']) {
    const value = body[bounds];
    if (!isObject(value)) continue;
    for (const side in value) {
      const at = path.child(bounds).child(side);
      if (side !== 'min' && side !== 'max') {
        check.report(
          'aggs.unknown-parameter',
          check.unknownFieldText(at, 'double_bounds', side, ['min', 'max']),
          at,
          'key',
        );
        return true;
      }
      const bound = value[side];
      if (bound === null) continue;
      const token = tokenOf(bound);
      if (token !== 'VALUE_NUMBER' && token !== 'VALUE_STRING') {
        check.report('aggs.wrong-type', check.unsupported(at, 'double_bounds', side, token), at);
        return true;
      }
      if (!numeric(bound)) {
        check.report('aggs.wrong-type', `${check.where(at)} [double_bounds] failed to parse field [${side}]`, at);
        return true;
      }
    }
  }
  return false;
}

const RANGE_KEYS = ['key', 'from', 'to'];

/**
 * The ranges of the range aggregations: `key`, `from`, `to`, each a text or a number. A text bound is read by the
 * field's format on each shard (a date on a date field, a number on a number field: cluster/mappingRules.ts).
 */
function rangeForms(check: JsonCheck, path: ValuePath, type: string, body: Record<string, unknown>): boolean {
  if (!Array.isArray(body.ranges)) return false;
  for (let i = 0; i < body.ranges.length; i++) {
    const range: unknown = body.ranges[i];
    if (!isObject(range)) continue;
    for (const key in range) {
      const at = path.child('ranges').child(i).child(key);
      if (!RANGE_KEYS.includes(key)) {
        // Each range is read by the parser of a range, whatever the aggregation (`[range] unknown field`).
        check.report('aggs.unknown-parameter', check.unknownFieldText(at, 'range', key, RANGE_KEYS), at, 'key');
        return true;
      }
      const value = range[key];
      if (typeof value === 'boolean') return rangeBoolean(check, at, type, key);
    }
  }
  return false;
}

/**
 * A boolean `key`, `from` or `to` of a range: its parser takes texts and numbers only (real 3.8.0 and 2.19.1:
 * `[range] to doesn't support values of type: VALUE_BOOLEAN`, under `[<type>] failed to parse field [ranges]`).
 */
function rangeBoolean(check: JsonCheck, at: ValuePath, type: string, key: string): true {
  const where = check.where(at);
  check.report(
    'aggs.wrong-type',
    `${where} [${type}] failed to parse field [ranges]: ${where} [range] ${key} doesn't support values of type: VALUE_BOOLEAN`,
    at,
  );
  return true;
}

/** An IPv4 or IPv6 address as InetAddresses reads it (no host names). */
function isIp(text: string): boolean {
  if (/^\d+\.\d+\.\d+\.\d+$/.test(text)) return isIpv4(text);
  return text.includes(':') && /^[0-9a-fA-F:.]+$/.test(text);
}

/** ip_range's ranges: `from`/`to` addresses, `mask` a CIDR whose prefix fits the address. */
function ipRangeForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  if (!Array.isArray(body.ranges)) return false;
  const ranges = body.ranges as unknown[];
  for (let i = 0; i < ranges.length; i++) {
    const range = ranges[i];
    if (!isObject(range)) continue;
    const at = path.child('ranges').child(i);
    for (const key of ['from', 'to']) {
      const value = range[key];
      if (typeof value === 'string' && !isIp(value)) return failedToParse(check, at, 'ip_range', 'ranges', true);
    }
    const mask = range.mask;
    if (typeof mask === 'string') {
      const [address = '', prefix = ''] = mask.split('/');
      const bits = /^\d+$/.test(prefix) ? Number(prefix) : -1;
      const max = address.includes(':') ? 128 : 32;
      if (!isIp(address) || bits < 0 || bits > max) return failedToParse(check, at, 'ip_range', 'ranges', true);
    }
  }
  return false;
}

/** What every composite source's ObjectParser declares (`CompositeValuesSourceParserHelper.declareValuesSourceFields`). */
const COMPOSITE_COMMON = ['field', 'missing_bucket', 'missing_order', 'value_type', 'script', 'order'];

/** The names each composite source type's parser declares, in its order of declaration. */
const COMPOSITE_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  terms: COMPOSITE_COMMON,
  histogram: [...COMPOSITE_COMMON, 'interval'],
  date_histogram: [
    ...COMPOSITE_COMMON,
    'interval',
    'fixed_interval',
    'calendar_interval',
    'format',
    'time_zone',
    'offset',
  ],
  geotile_grid: [...COMPOSITE_COMMON, 'precision', 'bounds'],
};

/** Options declared as strings (ObjectParser's STRING value type: a text, nothing else). */
const COMPOSITE_STRINGS = new Set([
  'field',
  'missing_order',
  'value_type',
  'order',
  'calendar_interval',
  'fixed_interval',
  // Declared by the date_histogram source alone (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
  // `cross/lists/values/composite-date-histogram-format-*`).
  'format',
]);

/**
 * A composite source's options as its type's ObjectParser reads them, in order: an undeclared name is `[L:C] [terms]
 * unknown field [type]` (with the parser's suggestions), a string option takes a text alone, `missing_bucket` a
 * boolean or its text, `script` an object or a text, `interval` a number or its text (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; conformance cases `cross/lists/composite/*`). Whether it reported.
 */
function compositeOptionRefused(
  check: JsonCheck,
  path: ValuePath,
  kind: string,
  options: Record<string, unknown>,
): boolean {
  const declared = COMPOSITE_OPTIONS[kind] ?? COMPOSITE_COMMON;
  let interval: string | undefined;
  for (const key in options) {
    const value = options[key];
    const at = path.child(key);
    if (!declared.includes(key)) {
      check.report('aggs.unknown-parameter', check.unknownFieldText(at, kind, key, declared), at, 'key');
      return true;
    }
    const token = tokenOf(value);
    if (COMPOSITE_STRINGS.has(key) && token !== 'VALUE_STRING') return doesNotSupport(check, at, kind, key, value);
    if (key === 'missing_bucket') {
      if (token !== 'VALUE_BOOLEAN' && token !== 'VALUE_STRING') return doesNotSupport(check, at, kind, key, value);
      const refusal = typeof value === 'string' ? textBooleanError(value) : undefined;
      if (refusal !== undefined) {
        check.report('aggs.wrong-type', refusal, at);
        return true;
      }
    }
    if (key === 'script' && token !== 'START_OBJECT' && token !== 'VALUE_STRING') {
      return doesNotSupport(check, at, kind, key, value);
    }
    if (key === 'interval' && kind === 'date_histogram' && legacyIntervalRefused(check, at, value)) return true;
    if (key === 'offset' && kind === 'date_histogram') {
      // A number of milliseconds or a signed time value, as the top-level date_histogram reads it (real 3.9.0, 3.8.0,
      // 2.19.6 and 2.19.1; cases `cross/lists/values/composite-date-histogram-offset-*`).
      if (token !== 'VALUE_NUMBER' && token !== 'VALUE_STRING') return doesNotSupport(check, at, kind, key, value);
      if (typeof value === 'string' && !isOffsetText(value)) return failedToParse(check, at, kind, key);
    }
    if (kind === 'date_histogram' && (key === 'interval' || key === 'fixed_interval' || key === 'calendar_interval')) {
      // Each interval's setter refuses a second one, once its value is read (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
      // case `cross/lists/values/composite-date-histogram-interval-fixed-zero-then-two`).
      if (interval !== undefined) {
        check.report(
          'aggs.two-intervals',
          `${check.where(at)} [${kind}] failed to parse field [${key}]: Cannot use [${key}] with [${interval}] configuration option.`,
          at,
          'key',
        );
        return true;
      }
      interval = key;
    }
    if (key === 'interval' && kind === 'histogram') {
      if (token !== 'VALUE_NUMBER' && token !== 'VALUE_STRING') return doesNotSupport(check, at, kind, key, value);
      if (typeof value === 'string' && !isJavaDouble(value)) {
        check.report('aggs.wrong-type', numberTextError(value), at);
        return true;
      }
      // Its setter wants an interval above 0, read as a double (the text "0" too).
      const interval = doubleValue(value);
      if (interval !== undefined && interval <= 0) {
        check.report(
          'aggs.invalid-value',
          `${check.where(at)} [${kind}] failed to parse field [${key}]: [interval] must be greater than 0 for [histogram] source`,
          at,
        );
        return true;
      }
    }
  }
  return false;
}

/** composite's sources: a list of one-name objects, each one value source (terms, histogram, date_histogram, geotile_grid). */
function compositeForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  const sources = body.sources;
  if (!Array.isArray(sources)) return false;
  const at = path.child('sources');
  // What a shard fails on is reported only when the whole body parses: the first source's failure, as each shard
  // builds the sources in order.
  let onShard: ShardFailure | undefined;
  for (let i = 0; i < sources.length; i++) {
    const source: unknown = sources[i];
    if (!isObject(source)) continue;
    // The source reader reads the first name and, in it, the first type (aggregationRules.ts reads the rest).
    const key = firstKey(source);
    const definition = key === undefined ? undefined : source[key];
    if (key === undefined || !isObject(definition)) continue;
    const kind = firstKey(definition);
    const options = kind === undefined ? undefined : definition[kind];
    if (kind === undefined || !COMPOSITE_SOURCES.includes(kind) || !isObject(options)) continue;
    const inner = at.child(i).child(key).child(kind);
    if (compositeOptionRefused(check, inner, kind, options)) return true;
    if (typeof options.order === 'string' && !isSortOrder(options.order)) {
      const where = inner.child('order');
      check.report('aggs.wrong-type', `${check.where(where)} [${kind}] failed to parse field [order]`, where);
      return true;
    }
    if (
      kind === 'date_histogram' &&
      'time_zone' in options &&
      (options.time_zone === null
        ? doesNotSupport(check, inner.child('time_zone'), kind, 'time_zone', null)
        : timeZoneForm(check, inner.child('time_zone'), kind, options.time_zone))
    )
      return true;
    if (kind === 'date_histogram' && emptyIntervalRefused(check, inner, options)) return true;
    if (
      kind === 'date_histogram' &&
      typeof options.calendar_interval === 'string' &&
      !CALENDAR_INTERVALS.includes(options.calendar_interval)
    ) {
      const where = inner.child('calendar_interval');
      check.report(
        'aggs.wrong-type',
        `${check.where(where)} [date_histogram] failed to parse field [calendar_interval]`,
        where,
      );
      return true;
    }
    onShard ??= compositeSourceShardFailure(inner, key, kind, options);
  }
  if (onShard !== undefined) {
    check.reportItemFailure(onShard.code, shardFailureText(onShard.what, onShard.reason), onShard.at, 'key');
    return true;
  }
  const after = body.after;
  if (isObject(after)) {
    const count = Object.keys(after).length;
    if (count !== sources.length) {
      return shardFailure(
        check,
        path.child('after'),
        '[after] and [sources] differ in length',
        `[after] has ${count} value(s) but [sources] has ${sources.length}`,
      );
    }
  }
  return false;
}

/** A failure each shard meets, and where it stands. */
interface ShardFailure {
  readonly code: DiagnosticCode;
  /** What is wrong, in the language server's words; `reason` is the shard's. */
  readonly what: string;
  readonly reason: string;
  readonly at: ValuePath;
}

/**
 * What a shard fails on when it builds a composite source: its values resolved first (neither a field nor a script:
 * real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, HTTP 500; cases `cross/lists/shard/composite-*`), then a date histogram's
 * rounding from its interval (cases `cross/lists/values/composite-date-histogram-*`).
 */
function compositeSourceShardFailure(
  at: ValuePath,
  key: string,
  kind: string,
  options: Record<string, unknown>,
): ShardFailure | undefined {
  if (!('field' in options) && !('script' in options)) {
    return {
      code: 'aggs.missing-field',
      what: `[${kind}] source [${key}] has neither [field] nor [script]`,
      reason: 'value source config is invalid; must have either a field or a script',
      at,
    };
  }
  // The legacy `interval` may be a number of milliseconds too.
  const interval = (k: string): boolean =>
    typeof options[k] === 'string' || (k === 'interval' && typeof options[k] === 'number');
  if (kind === 'date_histogram' && !['calendar_interval', 'fixed_interval', 'interval'].some(interval)) {
    return {
      code: 'aggs.missing-interval',
      what: `[date_histogram] source [${key}] has no interval`,
      reason: 'Invalid interval specified, must be non-null and non-empty',
      at,
    };
  }
  const rounding = kind === 'date_histogram' ? intervalRoundingFailure(options) : undefined;
  if (rounding !== undefined) {
    return {
      code: 'aggs.invalid-value',
      what: `[date_histogram] source [${key}] ${rounding.what}`,
      reason: rounding.reason,
      at: at.child(rounding.key),
    };
  }
  return undefined;
}

/**
 * The legacy `interval` of a date histogram (and of a composite's date histogram source) as its parser reads it: a
 * number is read with `longValue()` and must be 1 or more, a text is kept for later, and a boolean, an object or a list
 * is refused, and so is null (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/date-histogram-interval-*`
 * and `composite-date-histogram-interval-*`). Whether it reported.
 */
export function legacyIntervalRefused(check: JsonCheck, at: ValuePath, value: unknown): boolean {
  if (value === null || typeof value === 'boolean' || isObject(value) || Array.isArray(value)) {
    return doesNotSupport(check, at, 'date_histogram', 'interval', value);
  }
  if (typeof value === 'number' && !(Math.trunc(value) >= 1)) {
    check.report(
      'aggs.invalid-value',
      `${check.where(at)} [date_histogram] failed to parse field [interval]: [interval] must be 1 or greater for aggregation [date_histogram]`,
      at,
    );
    return true;
  }
  return false;
}

/**
 * What each shard refuses as it builds a date histogram's rounding from an interval its parser kept: a legacy
 * `interval` text that is neither a calendar unit nor a time value (`Unable to parse interval [1.5h]`), and a fixed
 * interval (`fixed_interval`, or a legacy text read as one) under one millisecond (`Zero or negative time interval not
 * supported`: `0m`, `1nanos`, `-1m`). Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1 (HTTP 400, all shards failed; cases
 * `cross/lists/values/date-histogram-interval-*` and `composite-date-histogram-interval-*`).
 */
export function intervalRoundingFailure(
  options: Record<string, unknown>,
): { readonly key: string; readonly what: string; readonly reason: string } | undefined {
  const legacy = options.interval;
  if (typeof legacy === 'string' && legacy !== '' && !CALENDAR_INTERVALS.includes(legacy)) {
    const parsed = parseTimeValue(legacy, 'interval');
    if (parsed.value === undefined) {
      return {
        key: 'interval',
        what: `has an interval [${legacy}] that is no time value`,
        reason: `Unable to parse interval [${legacy}]`,
      };
    }
    if (parsed.value.millis < 1) return zeroInterval('interval', legacy);
  }
  const fixed = options.fixed_interval;
  if (typeof fixed === 'string' && fixed !== '') {
    const millis = parseTimeValue(fixed, 'fixed_interval').value?.millis;
    if (millis !== undefined && millis < 1) return zeroInterval('fixed_interval', fixed);
  }
  return undefined;
}

function zeroInterval(key: string, text: string): { key: string; what: string; reason: string } {
  return {
    key,
    what: `has an interval [${text}] under one millisecond`,
    reason: 'Zero or negative time interval not supported',
  };
}

/**
 * An interval of a date histogram (or of a composite's date histogram source) written as an empty text: its setter
 * refuses it as no interval at all, the first one written ending the parse (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/values/date-histogram-empty-*` and `composite-date-histogram-*-empty`).
 */
export function emptyIntervalRefused(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  for (const key in body) {
    if ((key !== 'calendar_interval' && key !== 'fixed_interval' && key !== 'interval') || body[key] !== '') continue;
    const at = path.child(key);
    const field = key === 'interval' ? 'dateHistogramInterval' : 'interval';
    check.report(
      'aggs.invalid-value',
      `${check.where(at)} [date_histogram] failed to parse field [${key}]: [${field}] must not be null: [date_histogram]`,
      at,
    );
    return true;
  }
  return false;
}

/** The calendar intervals a date histogram reads (`DateHistogramAggregationBuilder.DATE_FIELD_UNITS`). */
export const CALENDAR_INTERVALS: readonly string[] = [
  'year',
  '1y',
  'quarter',
  '1q',
  'month',
  '1M',
  'week',
  '1w',
  'day',
  '1d',
  'hour',
  '1h',
  'minute',
  '1m',
  'second',
  '1s',
];

/** bucket_sort's `sort`: a list of field sorts (ObjectParser `field_sort` inside). */
function bucketSortForms(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): boolean {
  const sort = body.sort;
  if (typeof sort === 'string' || typeof sort === 'number' || typeof sort === 'boolean') {
    return doesNotSupport(check, path.child('sort'), 'bucket_sort', 'sort', sort);
  }
  const entries = Array.isArray(sort) ? (sort as unknown[]) : isObject(sort) ? [sort] : [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!isObject(entry)) continue;
    for (const key in entry) {
      const options = entry[key];
      const order = isObject(options) ? options.order : options;
      if (typeof order === 'string' && !isSortOrder(order)) {
        const base = (Array.isArray(sort) ? path.child('sort').child(i) : path.child('sort')).child(key);
        const at = isObject(options) ? base.child('order') : base;
        check.report('aggs.wrong-type', `${check.where(at)} [bucket_sort] failed to parse field [sort]`, at);
        return true;
      }
    }
  }
  return false;
}
