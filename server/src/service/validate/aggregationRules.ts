import { plainAggregationBody, skipsPlainForms } from './plainForms';
import {
  compileRefused,
  MOVING_FN_SCRIPT,
  PIPELINE_SCRIPT,
  SHARD_SCRIPT,
  scriptRefused,
  type CompileContext,
} from './scripts';
import { pathKeys, ValuePath } from '../json/valuePath';
import { uniformParameter } from '../../spec/uniform';
// Rules inside one aggregation's definition, with the texts of OpenSearch's aggregation builders.
import type { DiagnosticCode } from '../diagnosticCodes';
import { isRefusal } from './issues';
import { isObject, tokenOf } from '../json/jsonSegment';
import { suggestions } from '../text/similarity';
import { AGGREGATION_BY_NAME, AGGREGATIONS } from '../../spec/aggregations';
import type { AggregationSpec, ParameterSpec } from '../../spec/types';
import type { JsonCheck } from './jsonCheck';
import { shardFailureText } from './msearchItems';
import {
  CALENDAR_INTERVALS,
  optionFormsOf,
  optionFormTypes,
  type FormCheck,
  COMPOSITE_SOURCES,
  emptyIntervalRefused,
  fieldConfigRefused,
  intervalRoundingFailure,
  legacyIntervalRefused,
} from './aggregationOptions';
import { queryRefused, validateQueryContainer } from './query';
import {
  doubleValue,
  intRangeRefusal,
  isJavaDouble,
  notNumericText,
  numberTextError,
  parseTimeValue,
  textBooleanError,
  tokenName,
} from './values';
import { limitNote, limitsOf } from './limits';
import { checkSortValue, validateTopHitsBody } from './searchBody';
import { jacksonMajor } from '../target';
import { geohashRefusal } from './geoPoints';
import { fieldValueError } from './fieldValues';

const PARAMS: ReadonlyMap<string, ReadonlyMap<string, ParameterSpec>> = new Map(
  AGGREGATIONS.filter((a) => a.params !== undefined).map((a) => [
    a.name,
    new Map(a.params!.map((p) => [p.name, uniformParameter(p)])),
  ]),
);

/** Built by an ObjectParser named after the type: unknown keys read `[L:C] [terms] unknown field [x]`. */
const OBJECT_PARSER = new Set([
  'terms',
  'histogram',
  'date_histogram',
  'range',
  'date_range',
  'avg',
  'sum',
  'min',
  'max',
  'value_count',
  'stats',
  'extended_stats',
  'cardinality',
  'multi_terms',
  'significant_terms',
  'percentiles',
  'percentile_ranks',
  'multivalue_doc_count',
  'composite',
  'median_absolute_deviation',
  'weighted_avg',
  'geo_centroid',
  'geo_bounds',
  'scripted_metric',
  'ip_range',
  'significant_text',
  'rare_terms',
  'missing',
  'adjacency_matrix',
  'diversified_sampler',
  'auto_date_histogram',
  'variable_width_histogram',
  'geo_distance',
  'geohash_grid',
  'geotile_grid',
  'bucket_script',
  'bucket_sort',
  'moving_fn',
  'cumulative_sum',
]);

type Token = 'VALUE_STRING' | 'VALUE_NUMBER' | 'VALUE_BOOLEAN' | 'START_OBJECT' | 'START_ARRAY' | 'VALUE_NULL';

/**
 * Aggregations whose parsers are written by hand, token by token, rather than declared with ObjectParser: the names
 * each reads for each JSON token, and how each words a name or token it does not read
 * (docs/opensearch/aggregations.md#hand-written-parsers; the conformance cases `aggs/<type>/unknown-*`):
 * - `keyed`: `Unknown key for a <TOKEN> in [<aggregation>]: [<name>].` for these tokens;
 * - `other`: for the other tokens, `Unexpected token <TOKEN> in [<aggregation>].` (`plain`), or with the name
 *   `Unexpected token <TOKEN> [<name>] in [<aggregation>]` (`named`, and `namedDot` with a final dot);
 * A null is a token like the others: `Unexpected token VALUE_NULL ...`. The bucket metrics pipelines and matrix_stats
 * keep the names they do not read for their own options, then refuse those they do not know in the same words (real
 * 3.8.0 and 2.19.1; conformance cases `aggs/<type>/unknown-null-parameter`, `unknown-array-parameter`).
 */
interface HandParser {
  readonly reads: Partial<Record<Token, readonly string[]>>;
  readonly keyed: readonly Token[];
  readonly other: 'plain' | 'named' | 'namedDot';
}

const BUCKET_METRICS = (reads: Partial<Record<Token, readonly string[]>> = {}): HandParser => ({
  reads: {
    VALUE_STRING: ['format', 'buckets_path', 'gap_policy'],
    ...reads,
    START_ARRAY: ['buckets_path', ...(reads.START_ARRAY ?? [])],
  },
  keyed: [],
  other: 'named',
});

const HAND_PARSERS: ReadonlyMap<string, HandParser> = new Map<string, HandParser>([
  ['nested', { reads: { VALUE_STRING: ['path'] }, keyed: ['VALUE_STRING'], other: 'plain' }],
  ['children', { reads: { VALUE_STRING: ['type'] }, keyed: ['VALUE_STRING'], other: 'plain' }],
  ['parent', { reads: { VALUE_STRING: ['type'] }, keyed: ['VALUE_STRING'], other: 'plain' }],
  [
    'derivative',
    {
      reads: { VALUE_STRING: ['format', 'buckets_path', 'gap_policy', 'unit'], START_ARRAY: ['buckets_path'] },
      keyed: ['VALUE_STRING', 'START_ARRAY'],
      other: 'plain',
    },
  ],
  [
    'serial_diff',
    {
      reads: {
        VALUE_STRING: ['format', 'buckets_path', 'gap_policy'],
        VALUE_NUMBER: ['lag'],
        START_ARRAY: ['buckets_path'],
      },
      keyed: ['VALUE_STRING', 'VALUE_NUMBER', 'START_ARRAY'],
      other: 'plain',
    },
  ],
  [
    'moving_avg',
    {
      reads: {
        VALUE_NUMBER: ['window', 'predict'],
        VALUE_STRING: ['format', 'buckets_path', 'gap_policy', 'model'],
        VALUE_BOOLEAN: ['minimize'],
        START_ARRAY: ['buckets_path'],
        START_OBJECT: ['settings'],
      },
      keyed: ['VALUE_NUMBER', 'VALUE_STRING', 'VALUE_BOOLEAN', 'START_ARRAY', 'START_OBJECT'],
      other: 'plain',
    },
  ],
  [
    'bucket_selector',
    {
      reads: {
        VALUE_STRING: ['buckets_path', 'script', 'gap_policy'],
        START_ARRAY: ['buckets_path'],
        START_OBJECT: ['script', 'buckets_path'],
      },
      keyed: ['VALUE_STRING', 'START_ARRAY', 'START_OBJECT'],
      other: 'plain',
    },
  ],
  [
    'filters',
    {
      reads: {
        VALUE_BOOLEAN: ['other_bucket'],
        VALUE_STRING: ['other_bucket_key'],
        START_OBJECT: ['filters'],
        START_ARRAY: ['filters'],
      },
      keyed: ['VALUE_BOOLEAN', 'VALUE_STRING', 'VALUE_NUMBER', 'START_OBJECT', 'START_ARRAY', 'VALUE_NULL'],
      other: 'plain',
    },
  ],
  ['avg_bucket', BUCKET_METRICS()],
  ['sum_bucket', BUCKET_METRICS()],
  ['max_bucket', BUCKET_METRICS()],
  ['min_bucket', BUCKET_METRICS()],
  ['stats_bucket', BUCKET_METRICS()],
  ['extended_stats_bucket', BUCKET_METRICS({ VALUE_NUMBER: ['sigma'] })],
  ['percentiles_bucket', BUCKET_METRICS({ START_ARRAY: ['percents'], VALUE_BOOLEAN: ['keyed'] })],
  [
    'matrix_stats',
    {
      reads: { START_ARRAY: ['fields'], START_OBJECT: ['missing'], VALUE_STRING: ['mode', 'format', 'value_type'] },
      keyed: [],
      other: 'namedDot',
    },
  ],
]);

/** No ranges: none written, or an empty list (each shard then fails the same way; real 3.8.0 and 2.19.1). */
function noRanges(body: Record<string, unknown>): boolean {
  const ranges = body.ranges;
  return ranges === undefined || (Array.isArray(ranges) && ranges.length === 0);
}

/** Pipelines whose hand-written parsers name a missing `buckets_path` in words of their own. */
const MISSING_BUCKETS_PATH: ReadonlyMap<string, (name: string) => string> = new Map<string, (name: string) => string>([
  ['derivative', (name) => `Missing required field [buckets_path] for derivative aggregation [${name}]`],
  ['serial_diff', (name) => `Missing required field [buckets_path] for derivative aggregation [${name}]`],
  ['moving_avg', (name) => `Missing required field [buckets_path] for movingAvg aggregation [${name}]`],
  ['cumulative_sum', () => 'Required [buckets_path]'],
  ['avg_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['sum_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['max_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['min_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['stats_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['extended_stats_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
  ['percentiles_bucket', (name) => `Missing required field [buckets_path] for aggregation [${name}]`],
]);

/**
 * Where an aggregation's script is compiled, and what its `execute` takes: the pipelines' and scripted_metric's
 * `reduce_script` where the buckets are reduced (moving_fn's with the window too), the others on each shard (real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/script/*` and `cross/lists/script/no-statement/*`).
 */
function aggregationScriptContext(type: string, key: string): CompileContext {
  if (type === 'moving_fn') return MOVING_FN_SCRIPT;
  return type === 'bucket_script' || key === 'reduce_script' ? PIPELINE_SCRIPT : SHARD_SCRIPT;
}

/**
 * What a hand-written parser's loop refuses inside the members it reads as it meets them, up to the name `until` it
 * refuses (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1): bucket_selector's script object (Script.parse; cases
 * `cross/lists/script/bucket-selector*`); a list of `buckets_path` texts, whose item that is no value fails with HTTP
 * 500 (cases `cross/lists/values/pipeline-path-list-*`); serial_diff's `lag`, read with `intValue()` (beyond an int,
 * Jackson's words; then it must be above zero); percentiles_bucket's `percents`, each item read with `doubleValue()`
 * (a list, an object or a boolean in Jackson's words, a text by the Java number parser: `For input string: "a"`; cases
 * `cross/lists/values/percentiles-bucket-*`). Whether it reported one.
 */
function memberReadRefused(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  hand: HandParser,
  body: Record<string, unknown>,
  until: string | undefined,
): boolean {
  for (const key in body) {
    if (key === until) return false;
    const value = body[key];
    // A gap policy it does not know ends the loop where it stands; it is said with the options (gapPolicy).
    if (key === 'gap_policy' && typeof value === 'string' && !GAP_POLICIES.includes(value)) return false;
    if (key === 'script' && type === 'bucket_selector' && isObject(value)) {
      if (scriptRefused(check, path.child(key), value, 'aggs.wrong-type', false)) return true;
    } else if (key === 'buckets_path' && Array.isArray(value) && hand.reads.START_ARRAY?.includes(key) === true) {
      const i = firstNoText(value);
      if (i !== -1) {
        const at = path.child(key).child(i);
        check.report('aggs.wrong-type', check.noText(at, tokenOf(value[i])), at);
        return true;
      }
    } else if (key === 'lag' && type === 'serial_diff') {
      const beyond = intRangeRefusal(value, jacksonMajor(check.server));
      if (beyond !== undefined) {
        check.report('value.out-of-range', beyond, path.child(key));
        return true;
      }
      // Read as an int, a fraction cut off (`0.5` is 0), and refused at once unless above zero (cases
      // `cross/lists/values/serial-diff-lag-*`).
      const lag = typeof value === 'number' ? Math.trunc(value) : 1;
      if (lag <= 0) {
        check.report(
          'aggs.invalid-value',
          `Lag must be a positive, non-zero integer.  Value supplied was${lag} in [${name}]: [lag].`,
          path.child(key),
        );
        return true;
      }
    } else if (key === 'percents' && type === 'percentiles_bucket' && Array.isArray(value)) {
      const items: readonly unknown[] = value;
      const i = items.findIndex(
        (item) => typeof item !== 'number' && (typeof item !== 'string' || !isJavaDouble(item)),
      );
      if (i !== -1) {
        const item = items[i];
        const message =
          typeof item === 'string'
            ? numberTextError(item)
            : notNumericText(tokenName(item), jacksonMajor(check.server));
        check.report('aggs.wrong-type', message, path.child(key).child(i));
        return true;
      }
    }
  }
  return false;
}

/**
 * percentiles_bucket's percents, read whole by its parser's loop, are handed to the builder's setter once the loop
 * ends (after the check of `buckets_path`): a percent below 0 or above 100 is refused there, with no position, and
 * before any path is resolved; NaN passes (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/values/percentiles-bucket-range-*`). The items that are no number were refused by the loop.
 */
function percentsBucketRange(check: JsonCheck, path: ValuePath, percents: unknown): void {
  if (!Array.isArray(percents)) return;
  const items: readonly unknown[] = percents;
  const i = items.findIndex((item) => {
    const n = doubleValue(item);
    return n !== undefined && (n < 0 || n > 100);
  });
  if (i === -1) return;
  check.report(
    'aggs.invalid-value',
    'percents must only contain non-null doubles from 0.0-100.0 inclusive',
    path.child(i),
  );
}

/** In a list read item by item with text(), the first item that has none (an object, a list, null); -1 for none. */
function firstNoText(items: readonly unknown[]): number {
  return items.findIndex((item) => item === null || typeof item === 'object');
}

/** The first name a hand-written parser refuses, in its words; undefined when it reads them all. */
function handParserRefusal(
  parser: HandParser,
  name: string,
  body: Record<string, unknown>,
): { key: string; message: string } | undefined {
  for (const key of Object.keys(body)) {
    const token = tokenOf(body[key]);
    if (parser.reads[token]?.includes(key) === true) continue;
    if (parser.keyed.includes(token)) return { key, message: `Unknown key for a ${token} in [${name}]: [${key}].` };
    const message =
      parser.other === 'plain'
        ? `Unexpected token ${token} in [${name}].`
        : `Unexpected token ${token} [${key}] in [${name}]${parser.other === 'namedDot' ? '.' : ''}`;
    return { key, message };
  }
  return undefined;
}

/**
 * Names the parsers also accept for a parameter (ParseField's deprecated names), which OpenSearch offers in its
 * "did you mean" too: `valueType` (ValuesSourceAggregationBuilder), `TDigest` and `HDR` (PercentilesMethod).
 */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  value_type: ['valueType'],
  tdigest: ['TDigest'],
  hdr: ['HDR'],
};

/** The names a parser knows: each parameter and its deprecated names. */
function parserNames(known: ReadonlyMap<string, ParameterSpec>): Map<string, ParameterSpec> {
  const names = new Map<string, ParameterSpec>();
  for (const [name, spec] of known) {
    names.set(name, spec);
    for (const alias of ALIASES[name] ?? []) names.set(alias, spec);
  }
  return names;
}

const PARSER_NAMES: ReadonlyMap<string, ReadonlyMap<string, ParameterSpec>> = new Map(
  [...PARAMS].map(([type, known]) => [type, parserNames(known)]),
);

/**
 * Array parameters ObjectParser declares as arrays of objects (ValueType.OBJECT_ARRAY): a number or a boolean is
 * refused by the parser. Other array parameters also take a single value.
 */
const OBJECT_ARRAYS = new Set([
  'range.ranges',
  'date_range.ranges',
  'ip_range.ranges',
  'geo_distance.ranges',
  'composite.sources',
  'multi_terms.terms',
]);

/** Object parameters read by named parsers of their own (significance heuristics), which refuse in other words. */
const OWN_OBJECT_PARSERS = new Set([
  'jlh',
  'chi_square',
  'gnd',
  'mutual_information',
  'percentage',
  'script_heuristic',
]);

/** Values-source aggregations: one of `field` or `script` is required. */
const NEEDS_FIELD_OR_SCRIPT = new Set([
  'terms',
  'histogram',
  'date_histogram',
  'avg',
  'sum',
  'min',
  'max',
  'value_count',
  'stats',
  'extended_stats',
  'cardinality',
  'percentiles',
  'percentile_ranks',
  'median_absolute_deviation',
  'geo_centroid',
  'multivalue_doc_count',
  'range',
  'date_range',
  'significant_terms',
  'rare_terms',
  'missing',
  'diversified_sampler',
  'auto_date_histogram',
  'variable_width_histogram',
  'geo_distance',
]);

/** Values-source aggregations that read a field only (no script): `field` is required. */
const NEEDS_FIELD = new Set(['geo_bounds', 'ip_range', 'geohash_grid', 'geotile_grid']);

const GAP_POLICIES = ['insert_zeros', 'skip'];

/**
 * What the tables above say of one aggregation type, gathered once: an aggregation's body asks one lookup by its type
 * where it would ask each table (an aggregation is checked many times over in a file of searches).
 */
export interface TypeRules {
  /** The specification's entry for the type, if it has one. */
  readonly spec: AggregationSpec | undefined;
  /** The names its ObjectParser reads, when one reads its body. */
  readonly objectParserNames: ReadonlyMap<string, ParameterSpec> | undefined;
  readonly hand: HandParser | undefined;
  readonly missingBucketsPath: ((name: string) => string) | undefined;
  readonly needsFieldOrScript: boolean;
  readonly needsField: boolean;
  /** The check of its option forms (aggregationOptions.ts), if it has one. */
  readonly forms: FormCheck | undefined;
}

const NO_TYPE_RULES: TypeRules = {
  spec: undefined,
  objectParserNames: undefined,
  hand: undefined,
  missingBucketsPath: undefined,
  needsFieldOrScript: false,
  needsField: false,
  forms: undefined,
};

/** Every type a table names, known to the specification or not: a type missing here would lose a table's rule. */
const RULED_TYPES: ReadonlySet<string> = new Set([
  ...AGGREGATIONS.map((a) => a.name),
  ...OBJECT_PARSER,
  ...HAND_PARSERS.keys(),
  ...MISSING_BUCKETS_PATH.keys(),
  ...PARSER_NAMES.keys(),
  ...NEEDS_FIELD_OR_SCRIPT,
  ...NEEDS_FIELD,
  ...optionFormTypes(),
]);

const TYPE_RULES: ReadonlyMap<string, TypeRules> = new Map(
  [...RULED_TYPES].map((type): [string, TypeRules] => [
    type,
    {
      spec: AGGREGATION_BY_NAME.get(type),
      objectParserNames: OBJECT_PARSER.has(type) ? PARSER_NAMES.get(type) : undefined,
      hand: HAND_PARSERS.get(type),
      missingBucketsPath: MISSING_BUCKETS_PATH.get(type),
      needsFieldOrScript: NEEDS_FIELD_OR_SCRIPT.has(type),
      needsField: NEEDS_FIELD.has(type),
      forms: optionFormsOf(type),
    },
  ]),
);

/** What the tables say of an aggregation type: one lookup for all that its checks ask of it. */
export function typeRulesOf(type: string): TypeRules {
  return TYPE_RULES.get(type) ?? NO_TYPE_RULES;
}

/** A missing part of an aggregation, on its type's key. */
function reportMissing(check: JsonCheck, path: ValuePath, code: DiagnosticCode, message: string): void {
  check.report(code, message, path, 'key');
}

/** Checks the body of `{ "<name>": { "<type>": { body } } }`. */
export function validateAggregationBody(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
  rules: TypeRules,
): void {
  if (skipsPlainForms() && plainAggregationBody(type, body)) return;
  if ((type === 'filters' || type === 'adjacency_matrix') && 'filters' in body) {
    filterQueries(check, path, type, body.filters);
  }
  const known = rules.objectParserNames;
  if (known !== undefined) {
    for (const key in body) {
      const spec = known.get(key);
      if (spec !== undefined) {
        checkParserValue(check, path, type, key, spec, body[key]);
        continue;
      }
      const names = [...known.keys()];
      const near = suggestions(key, names);
      check.report(
        'aggs.unknown-parameter',
        check.unknownFieldText(path.child(key), type, key, names),
        path.child(key),
        'key',
        near.length > 0 ? { replacements: near.map((n) => JSON.stringify(n)) } : undefined,
      );
    }
  }
  if (type === 'top_hits') validateTopHitsBody(check, path, body);
  const formsFrom = check.issues.length;
  const forms = rules.forms;
  if (forms !== undefined && forms(check, path, name, type, body)) {
    refusedFirst(check, path, name, type, body, formsFrom);
    return;
  }
  const hand = rules.hand;
  const handFrom = check.issues.length;
  if (hand !== undefined) {
    const refusal = handParserRefusal(hand, name, body);
    // What the loop refuses inside a member it reads as it meets it comes before a name it refuses after that member.
    if (memberReadRefused(check, path, name, type, hand, body, refusal?.key)) return;
    if (refusal !== undefined) {
      const known = Object.values(hand.reads).some((names) => names.includes(refusal.key));
      check.report(
        known ? 'aggs.wrong-type' : 'aggs.unknown-parameter',
        refusal.message,
        path.child(refusal.key),
        'key',
      );
    } else if (
      Array.isArray(body.buckets_path) &&
      body.buckets_path.length === 0 &&
      type !== 'bucket_selector' &&
      hand.reads.START_ARRAY?.includes('buckets_path') === true
    ) {
      // Read whole, the body is built with the first of its paths: an empty list has none (HTTP 500; real 3.9.0,
      // 3.8.0, 2.19.6 and 2.19.1, cases `cross/lists/values/pipeline-path-list-*-empty`). bucket_selector keeps them
      // by name.
      check.report(
        'aggs.wrong-type',
        'Index 0 out of bounds for length 0 (the pipeline is built with the first of its buckets_path, and the list is empty)',
        path.child('buckets_path'),
      );
      return;
    }
  }
  const buckets = rules.missingBucketsPath;
  if (buckets !== undefined && !('buckets_path' in body)) {
    check.report('aggs.missing-parameter', buckets(name), path, 'key');
  }
  switch (type) {
    case 'percentiles_bucket':
      if (!check.refusedSince(handFrom)) percentsBucketRange(check, path.child('percents'), body.percents);
      break;
    case 'extended_stats_bucket':
      // Its sigma, a number the loop keeps, is handed to the builder's setter once the loop ends, as percents are
      // (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/extended-stats-bucket-sigma-*`).
      if (!check.refusedSince(handFrom) && typeof body.sigma === 'number' && body.sigma < 0) {
        check.report('aggs.invalid-value', 'sigma must be a non-negative double', path.child('sigma'));
      }
      break;
    case 'scripted_metric':
      if (!('map_script' in body)) reportMissing(check, path, 'aggs.missing-parameter', 'Required [map_script]');
      else scriptedMetricScripts(check, path, name, body);
      break;
    case 'children':
    case 'parent':
      if (!('type' in body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          `Missing [child_type] field for ${type} aggregation [${name}]`,
        );
      }
      break;
    case 'bucket_sort':
      // Its sort is read as the body's is (real 3.9.0 and 2.19.6; conformance cases `cross/lists/values/config-*`).
      checkSortValue(check, path.child('sort'), body.sort);
      if (typeof body.size === 'number' && Number.isInteger(body.size) && body.size <= 0) {
        // Its setter wants a size above zero (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
        // `cross/lists/values/bucket-sort-size-*`).
        refuseWrapped(
          check,
          path.child('size'),
          'bucket_sort',
          'size',
          `[size] must be a positive integer: [${body.size}]`,
        );
      }
      // With nothing to do, its validation refuses it (aggregationStructure.ts).
      break;
    case 'geo_distance':
      if (!('origin' in body))
        reportMissing(check, path, 'aggs.missing-parameter', `Aggregation [${name}] must define an [origin].`);
      else if (noRanges(body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          shardFailureText(`[${name}] needs [ranges]`, `No [ranges] specified for the [${name}] aggregation`),
        );
      }
      break;
    case 'adjacency_matrix':
      // No filters, or none in the object: the builder cannot be made (500; real 3.9.0 and 2.19.6).
      if (!('filters' in body))
        reportMissing(check, path, 'aggs.missing-parameter', `[${name}] is missing : filters parameter`);
      else if (isObject(body.filters) && Object.keys(body.filters).length === 0) {
        check.report('aggs.empty-filters', `[${name}] is missing : filters parameter`, path.child('filters'));
      }
      break;
    // Refused on the shards only, by a null pointer or a failed cast (the conformance cases aggs/<type>/empty).
    case 'weighted_avg':
      if (!('value' in body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          shardFailureText(
            '[weighted_avg] needs [value] and [weight]',
            'Cannot invoke "org.opensearch.search.aggregations.support.ValuesSourceConfig.valueSourceType()" because the return value of "java.util.Map.get(Object)" is null',
          ),
        );
      } else if (!('weight' in body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          shardFailureText('[weighted_avg] needs [weight]', 'Could not find field name [weight] in multiValuesSource'),
        );
      }
      break;
    case 'matrix_stats':
      if (!('fields' in body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          shardFailureText(
            '[matrix_stats] needs [fields]',
            "class_cast_exception: class java.util.Collections$EmptyList cannot be cast to class java.util.ArrayList (java.util.Collections$EmptyList and java.util.ArrayList are in module java.base of loader 'bootstrap')",
          ),
        );
      }
      break;
    case 'significant_text':
      if (!('field' in body)) {
        reportMissing(
          check,
          path,
          'aggs.missing-parameter',
          shardFailureText('[significant_text] needs [field]', 'Cannot invoke "String.length()" because "str" is null'),
        );
      }
      break;
  }
  if (type === 'global') {
    // GlobalAggregationBuilder reads no option: the aggregation's parser expects the definition's end.
    const key = Object.keys(body)[0];
    if (key !== undefined) {
      check.report(
        'aggs.unknown-parameter',
        `Expected [FIELD_NAME] under a [START_OBJECT], but got a [${tokenOf(body[key])}] in [${name}]`,
        path.child(key),
        'key',
      );
    }
  }
  if (type === 'sampler') {
    // SamplerAggregationBuilder.parse reads shard_size only (its message has no closing quote).
    // shard_size is read from a number only: any other token under it falls to the same refusal.
    const key = Object.keys(body).find((k) => k !== 'shard_size' || typeof body[k] !== 'number');
    if (key !== undefined) {
      check.report(
        'aggs.unknown-parameter',
        `Unsupported property "${key}" for aggregation "${name}`,
        path.child(key),
        'key',
      );
    }
  }
  if (rules.needsFieldOrScript && !('field' in body) && !('script' in body)) {
    reportMissing(
      check,
      path,
      'aggs.missing-field',
      'Required one of fields [field, script], but none were specified. ',
    );
  } else if (rules.needsField && !('field' in body)) {
    reportMissing(check, path, 'aggs.missing-field', 'Required one of fields [field], but none were specified. ');
  }
  checkValueRanges(check, path, name, type, body);
  if (type === 'histogram') {
    if (!('interval' in body)) {
      // HistogramAggregationBuilder leaves the interval at 0 and the aggregator refuses it on each shard.
      reportMissing(
        check,
        path,
        'aggs.missing-parameter',
        shardFailureText('[histogram] needs [interval]', 'interval must be positive, got: 0.0'),
      );
    }
    histogramBounds(check, path, body);
    histogramBuckets(check, path, body);
  }
  if (type === 'date_histogram') dateHistogramBuckets(check, path, body);
  if (type === 'ip_range') ipRangeMissing(check, path, body);
  switch (type) {
    case 'terms':
    case 'multi_terms':
      termsSize(check, path, name, type, body);
      if (type === 'multi_terms') {
        if (!('terms' in body)) {
          reportMissing(
            check,
            path,
            'aggs.missing-parameter',
            shardFailureText(
              '[multi_terms] needs [terms]',
              'Cannot invoke "java.util.Collection.size()" because "collection" is null',
            ),
          );
        } else if (isObject(body.terms)) {
          // The list's reader takes one object as a list of it (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
          // `cross/lists/values/multi-terms-count-object-*`).
          if (!fieldConfigRefused(check, path.child('terms'), 'multi_terms', body.terms)) {
            check.report(
              'aggs.multi-terms-count',
              `multi term aggregation must has at least 2 terms. Found [1] in [${name}] Use terms aggregation for single term aggregation`,
              path.child('terms'),
            );
          }
        } else if (Array.isArray(body.terms) && body.terms.filter(isObject).length < 2) {
          // The list's reader passes over what is no object (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
          // `cross/lists/values/multi-terms-count-*`).
          check.report(
            'aggs.multi-terms-count',
            `multi term aggregation must has at least 2 terms. Found [${body.terms.filter(isObject).length}] in [${name}] Use terms aggregation for single term aggregation`,
            path.child('terms'),
          );
        }
      }
      return;
    case 'date_histogram':
      dateHistogram(check, path, body);
      return;
    case 'composite':
      if (!('sources' in body)) reportMissing(check, path, 'aggs.missing-parameter', 'Required [sources]');
      else if (Array.isArray(body.sources) && body.sources.length === 0) {
        // The builder refuses an empty list, which ObjectParser reports as the field it could not parse, where the
        // list ends.
        const at = path.child('sources');
        check.report(
          'aggs.missing-parameter',
          `${check.where(at, 'value', true)} [composite] failed to parse field [sources]`,
          at,
        );
      }
      if (body.size === 0) {
        check.report(
          'aggs.invalid-size',
          shardFailureText(
            '[composite] needs a [size] above 0',
            'Cannot invoke "java.lang.Integer.intValue()" because the return value of "org.opensearch.search.aggregations.bucket.composite.CompositeValuesCollectorQueue.top()" is null',
          ),
          path.child('size'),
        );
      }
      if (typeof body.size === 'number' && Number.isInteger(body.size) && body.size < 0) {
        // The collector's queue is an array of that size (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, HTTP 500;
        // conformance cases `cross/lists/shard/composite-size-*`).
        check.report(
          'aggs.invalid-size',
          shardFailureText('[composite] needs a [size] above 0', `negative_array_size_exception: ${body.size}`),
          path.child('size'),
        );
      }
      return;
    case 'filters':
      if (!('filters' in body)) {
        check.report('aggs.empty-filters', '[filters] cannot be empty.', path, 'key');
      } else if (isObject(body.filters) && Object.keys(body.filters).length === 0) {
        check.report('aggs.empty-filters', '[filters] cannot be empty.', path.child('filters'));
      } else if (Array.isArray(body.filters) && body.filters.length === 0) {
        check.report('aggs.empty-filters', '[filters] cannot be empty.', path.child('filters'));
      }
      return;
    case 'nested':
      if (!('path' in body))
        reportMissing(check, path, 'aggs.missing-parameter', `Missing [path] field for nested aggregation [${name}]`);
      return;
    case 'bucket_selector':
      for (const field of ['buckets_path', 'script']) {
        if (!(field in body)) {
          reportMissing(
            check,
            path,
            'aggs.missing-parameter',
            `Missing required field [${field}] for bucket_selector aggregation [${name}]`,
          );
          break;
        }
      }
      gapPolicy(check, path, body);
      // Read whole, the script is compiled where the buckets are reduced: a source written as an object (a template)
      // fails the search there, after every shard has answered.
      if (!check.refusedSince(handFrom) && (isObject(body.script) || typeof body.script === 'string')) {
        compileRefused(check, path.child('script'), body.script, 'aggs.wrong-type', PIPELINE_SCRIPT);
      }
      return;
    case 'bucket_script': {
      const absent = ['buckets_path', 'script'].filter((f) => !(f in body));
      if (absent.length > 0) reportMissing(check, path, 'aggs.missing-parameter', `Required [${absent.join(', ')}]`);
      gapPolicy(check, path, body);
      return;
    }
    case 'moving_fn': {
      // MovFnPipelineAggregationBuilder: a ConstructingObjectParser names every missing required field at once.
      const absent = ['buckets_path', 'script', 'window'].filter((f) => !(f in body));
      if (absent.length > 0) reportMissing(check, path, 'aggs.missing-parameter', `Required [${absent.join(', ')}]`);
      const window = numberAt(body, 'window');
      if (window !== undefined && window <= 0) {
        check.report('aggs.invalid-value', '[window] must be a positive, non-zero integer.', path.child('window'));
      }
      gapPolicy(check, path, body);
      return;
    }
    case 'range':
    case 'date_range':
    case 'ip_range':
      if (noRanges(body))
        // Read when each shard builds the aggregation (real 3.8.0 and 2.19.1: a failed search in an `_msearch`).
        check.reportItemFailure(
          'aggs.missing-parameter',
          `No [ranges] specified for the [${name}] aggregation`,
          path,
          'key',
        );
      return;
    case 'percentile_ranks':
      if (!('values' in body))
        reportMissing(check, path, 'aggs.missing-parameter', `[values] must not be null: [${name}]`);
      return;
    default:
      gapPolicy(check, path, body);
  }
}

/** `size` of terms and multi_terms, which the setter refuses below 1. */
function termsSize(check: JsonCheck, path: ValuePath, name: string, type: string, body: Record<string, unknown>): void {
  if (typeof body.size !== 'number' || body.size > 0) return;
  check.report(
    'aggs.invalid-size',
    `${check.where(path.child('size'))} [${type}] failed to parse field [size]: [size] must be greater than 0. Found [${body.size}] in [${name}]`,
    path.child('size'),
  );
}

/**
 * An option form was refused (reported since `from`): ObjectParser reads the members in the order written, so what a
 * setter refuses in a member before that one comes first, and when the form fails only on the shards, what a setter
 * refuses in any member does (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/order/aggs-*`).
 * The values the setters read are checked on those members, and their first refusal stands in the form's place.
 */
function refusedFirst(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
  from: number,
): void {
  const form = check.issues[from];
  if (form === undefined) return;
  let read = body;
  if (form.itemFailure !== true) {
    // The members up to the one the form is refused in, which is not read whole.
    const reached: string[] = [];
    for (const key in body) {
      if (check.segment.spanOf(pathKeys(path.child(key)), 'key').offset > form.span.offset) break;
      reached.push(key);
    }
    read = {};
    for (const key of reached.slice(0, -1)) read[key] = body[key];
  }
  const before = check.issues.length;
  checkValueRanges(check, path, name, type, read);
  if (type === 'terms' || type === 'multi_terms') termsSize(check, path, name, type, read);
  if (type === 'date_histogram') intervalValues(check, path, read);
  const first = check.issues.slice(before).find(isRefusal);
  check.issues.length = before;
  if (first === undefined) return;
  check.issues.length = from;
  check.issues.push(first);
}

function gapPolicy(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const policy = body.gap_policy;
  if (typeof policy === 'string' && !GAP_POLICIES.includes(policy)) {
    check.report(
      'aggs.invalid-gap-policy',
      `Invalid gap policy: [${policy}], accepted values: [${GAP_POLICIES.join(', ')}]`,
      path.child('gap_policy'),
      'value',
      { replacements: GAP_POLICIES.map((p) => JSON.stringify(p)) },
    );
  }
}

function dateHistogram(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const before = check.issues.length;
  // The interval options in the order written: the parser refuses the second one it reads.
  const keys: string[] = [];
  for (const k in body) if (k === 'calendar_interval' || k === 'fixed_interval' || k === 'interval') keys.push(k);
  if (keys.length === 0) {
    check.report('aggs.missing-interval', 'Invalid interval specified, must be non-null and non-empty', path, 'key');
  }
  if ('interval' in body) {
    check.report(
      'aggs.deprecated',
      '[interval] on [date_histogram] is deprecated, use [fixed_interval] or [calendar_interval] in the future.',
      path.child('interval'),
      'key',
    );
  }
  if (keys.length === 2) {
    check.report(
      'aggs.two-intervals',
      `Cannot use [${keys[1]!}] with [${keys[0]!}] configuration option.`,
      path.child(keys[1]!),
      'key',
    );
  }
  intervalValues(check, path, body);
  // Read whole, the body is built on each shard with its rounding.
  const rounding = check.refusedSince(before) ? undefined : intervalRoundingFailure(body);
  if (rounding !== undefined) {
    check.reportItemFailure(
      'aggs.invalid-value',
      shardFailureText(`[date_histogram] ${rounding.what}`, rounding.reason),
      path.child(rounding.key),
    );
  }
}

/** The interval a date_histogram's setters refuse as they read it: a fixed one that is no time value, an unknown calendar one. */
function intervalValues(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  if (emptyIntervalRefused(check, path, body)) return;
  const fixed = body.fixed_interval;
  if (typeof fixed === 'string') {
    const parsed = parseTimeValue(fixed, 'date_histogram.fixedInterval');
    if (parsed.error !== undefined) {
      check.report(
        'aggs.invalid-value',
        `${check.where(path.child('fixed_interval'))} [date_histogram] failed to parse field [fixed_interval]: ${parsed.error}`,
        path.child('fixed_interval'),
      );
    }
  }
  const calendar = body.calendar_interval;
  if (typeof calendar === 'string' && !CALENDAR_INTERVALS.includes(calendar)) {
    check.report(
      'aggs.invalid-calendar-interval',
      `The supplied interval [${calendar}] could not be parsed as a calendar interval.`,
      path.child('calendar_interval'),
      'value',
      { replacements: ['"minute"', '"hour"', '"day"', '"week"', '"month"', '"quarter"', '"year"'] },
    );
  }
}

/** Aggregation parameters whose ObjectParser value type takes null. */
const NULL_ACCEPTED: ReadonlySet<string> = new Set(['auto_date_histogram.minimum_interval']);

/**
 * What ObjectParser refuses before the builder sees a value (docs/opensearch/aggregations.md#parameter-values): a
 * JSON token its declared ValueType does not list (`[L:C] [terms] size doesn't support values of type:
 * VALUE_BOOLEAN`, and null for nearly every parameter), or a string its number or boolean reader cannot read (`[L:C]
 * [terms] failed to parse field [size]`). Only the tokens each kind of parameter surely refuses are reported. The
 * parameter's place is made from `body` and `key` only where something is reported or read further: most values
 * have nothing to say.
 */
function checkParserValue(
  check: JsonCheck,
  body: ValuePath,
  type: string,
  key: string,
  spec: ParameterSpec,
  value: unknown,
): void {
  const token = tokenOf(value);
  if (key === 'interval' && type === 'date_histogram') {
    legacyIntervalRefused(check, body.child(key), value);
    return;
  }
  if (key === 'precision' && (type === 'geohash_grid' || type === 'geotile_grid')) {
    gridPrecision(check, body, type, value);
    return;
  }
  if (key === 'origin' && type === 'geo_distance') {
    distanceOrigin(check, body, value);
    return;
  }
  if (key === 'buckets_path' && type === 'bucket_script') {
    scriptBucketsPath(check, body, value);
    return;
  }
  if (key === 'buckets_path' && (type === 'cumulative_sum' || type === 'moving_fn')) {
    // Their ConstructingObjectParsers take a text, and cumulative_sum's a list of texts too (real 3.9.0, 3.8.0, 2.19.6
    // and 2.19.1; cases `cross/lists/values/pipeline-path-*`).
    if (typeof value !== 'string' && !(Array.isArray(value) && type === 'cumulative_sum')) {
      refuseToken(check, body, key, type, token);
    }
    return;
  }
  if (value === null && !OWN_OBJECT_PARSERS.has(key)) {
    // ObjectParser's value types take no null, but for the few declared to (real 3.8.0 and 2.19.1; conformance cases
    // `aggs/<type>/<param>/null`); `missing` is read by a parser of its own, which cannot read it.
    if (NULL_ACCEPTED.has(`${type}.${key}`)) return;
    if (key === 'missing') unreadableValue(check, body, key, type);
    else refuseToken(check, body, key, type, token);
    return;
  }
  // A deprecated parameter may be read otherwise than its table entry says: only its objects and arrays are surely
  // refused, unless the parser's kind is known (cardinality's `rehash`, declared as a long it ignores).
  switch (spec.deprecated === true ? (DEPRECATED_KINDS[`${type}.${key}`] ?? 'scalar') : spec.type) {
    case 'field':
    case 'string':
    case 'scalar':
    case 'enum':
      if (token === 'START_OBJECT' || token === 'START_ARRAY' || textRefusesToken(spec, key, token))
        refuseToken(check, body, key, type, token);
      else if (spec.type === 'enum' && key === 'collect_mode' && typeof value === 'string') {
        if (!(spec.values ?? []).includes(value)) unreadableValue(check, body, key, type);
      }
      return;
    case 'script': {
      const context = aggregationScriptContext(type, key);
      if (token === 'VALUE_NUMBER' || token === 'VALUE_BOOLEAN' || token === 'START_ARRAY')
        refuseToken(check, body, key, type, token);
      else if (isObject(value)) scriptRefused(check, body.child(key), value, 'aggs.wrong-type', true, context);
      else if (typeof value === 'string') compileRefused(check, body.child(key), value, 'aggs.wrong-type', context);
      return;
    }
    case 'integer':
    case 'number': {
      if (token === 'VALUE_BOOLEAN' || token === 'START_OBJECT' || token === 'START_ARRAY') {
        refuseToken(check, body, key, type, token);
        return;
      }
      if (typeof value === 'string' && !isJavaDouble(value)) {
        unreadableValue(check, body, key, type);
        return;
      }
      const beyond =
        spec.type === 'integer' && spec.long !== true ? intRangeRefusal(value, jacksonMajor(check.server)) : undefined;
      if (beyond !== undefined) refuseWrapped(check, body.child(key), type, key, beyond);
      return;
    }
    case 'boolean':
      if (token === 'VALUE_NUMBER' || token === 'START_OBJECT' || token === 'START_ARRAY')
        refuseToken(check, body, key, type, token);
      else if (typeof value === 'string' && textBooleanError(value) !== undefined)
        unreadableValue(check, body, key, type);
      return;
    case 'object':
      if (OWN_OBJECT_PARSERS.has(key)) {
        // A significance heuristic's parser moves to the next token and expects its object there
        // (docs/opensearch/aggregations.md#significance-heuristics; conformance aggs/significant_terms/jlh/*).
        if (token === 'START_OBJECT') return;
        if (Array.isArray(value)) {
          // The next token is inside the array: its end, or its first item.
          if (isObject(value[0])) return;
          const path = body.child(key);
          const next = check.tokenInList(path, value, 0);
          check.report('aggs.wrong-type', `${next.where} [${key}] Expected START_OBJECT but was: ${next.token}`, path);
          return;
        }
        const path = body.child(key);
        const after = check.tokenAfter(path);
        if (after !== undefined) {
          check.report(
            'aggs.wrong-type',
            `${after.where} [${key}] Expected START_OBJECT but was: ${after.token}`,
            path,
          );
        }
        return;
      }
      // adjacency_matrix reads its filters with a parser of its own, which fails on an array.
      if (type === 'adjacency_matrix' && key === 'filters' && token === 'START_ARRAY')
        unreadableValue(check, body, key, type);
      else if (token !== 'START_OBJECT') refuseToken(check, body, key, type, token);
      return;
    case 'array':
      // The token first: the name is joined only for the rare number or boolean.
      // ObjectParser's object arrays take an object or a list; its double arrays a number, a text or a list.
      if (
        (token === 'VALUE_NUMBER' || token === 'VALUE_BOOLEAN' || token === 'VALUE_STRING') &&
        OBJECT_ARRAYS.has(`${type}.${key}`)
      )
        refuseToken(check, body, key, type, token);
      // An object is read as the list's one item.
      else if (type === 'composite' && key === 'sources' && isObject(value))
        compositeSourceRefused(check, body.child(key), [value], true);
      else if (!Array.isArray(value) && DOUBLE_ARRAYS.has(`${type}.${key}`)) {
        if (token === 'VALUE_BOOLEAN' || token === 'START_OBJECT') refuseToken(check, body, key, type, token);
        else if (typeof value === 'string' && !isJavaDouble(value)) unreadableValue(check, body, key, type);
      } else if (Array.isArray(value)) arrayItems(check, body.child(key), type, key, value);
      return;
    case 'query':
      if (token === 'START_OBJECT') validateQueryContainer(check, body.child(key), value);
      else refuseToken(check, body, key, type, token);
      return;
    default:
      return;
  }
}

/** A geohash precision's text: a level, or a distance with one of OpenSearch's units (`DistanceUnit`). */
const GEOHASH_PRECISION =
  /^[+-]?\d+(\.\d+)?(mi|miles|yd|yards|ft|feet|in|inch|km|kilometers|m|meters|cm|centimeters|mm|millimeters|NM|nmi|nauticalmiles)?$/;

/**
 * The `precision` of the geo grids: a number or a text, the geotile grid's text an integer, the geohash grid's an
 * integer or a distance (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/values/grid-*`).
 */
function gridPrecision(check: JsonCheck, body: ValuePath, type: string, value: unknown): void {
  const token = tokenOf(value);
  if (token !== 'VALUE_NUMBER' && token !== 'VALUE_STRING') {
    refuseToken(check, body, 'precision', type, token);
    return;
  }
  if (typeof value !== 'string') return;
  const text = value.trim();
  const readable = (type === 'geotile_grid' ? /^[+-]?\d+$/ : GEOHASH_PRECISION).test(text);
  if (!readable) unreadableValue(check, body, 'precision', type);
}

/**
 * `bucket_script`'s `buckets_path` (its ObjectParser): a text, a list or an object of names to paths, each path read
 * as text (`Can't get text on a START_ARRAY at L:C`; real 3.9.0 and 2.19.6, cases `cross/lists/values/script-path-*`).
 */
function scriptBucketsPath(check: JsonCheck, body: ValuePath, value: unknown): void {
  const token = tokenOf(value);
  if (token !== 'VALUE_STRING' && token !== 'START_ARRAY' && token !== 'START_OBJECT') {
    refuseToken(check, body, 'buckets_path', 'bucket_script', token);
    return;
  }
  if (Array.isArray(value)) {
    // A list of paths, each item read with text(): one that is no value fails (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
    // cases `cross/lists/values/pipeline-path-list-bucket-script-*`).
    const i = firstNoText(value);
    if (i === -1) return;
    const at = body.child('buckets_path').child(i);
    refuseWrapped(check, at, 'bucket_script', 'buckets_path', check.noText(at, tokenOf(value[i])));
    return;
  }
  if (!isObject(value)) return;
  for (const name in value) {
    const path: unknown = value[name];
    if (path !== null && typeof path !== 'object') continue;
    const at = body.child('buckets_path').child(name);
    refuseWrapped(check, at, 'bucket_script', 'buckets_path', check.noText(at, tokenOf(path)));
    return;
  }
}

/**
 * `geo_distance`'s `origin`, a geo point: a text (an empty one is `empty geohash`), an object or a list, never a
 * boolean or null; a list of texts is no point (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/values/origin-agg-*`).
 */
function distanceOrigin(check: JsonCheck, body: ValuePath, value: unknown): void {
  const token = tokenOf(value);
  if (token === 'VALUE_BOOLEAN' || token === 'VALUE_NULL' || token === 'VALUE_NUMBER') {
    refuseToken(check, body, 'origin', 'geo_distance', token);
  } else if (typeof value === 'string' && !value.includes(',')) {
    // A text without a comma is a geohash (cases `cross/lists/values/origin-agg-*`).
    const refusal = geohashRefusal(value);
    if (refusal !== undefined) refuseWrapped(check, body.child('origin'), 'geo_distance', 'origin', refusal);
  } else if (typeof value === 'string' && value.split(',').length === 2) {
    // `lat,lon`: each part a number, the latitude read first (cases `cross/lists/values/origin-agg-*`).
    const [lat = '', lon = ''] = value.split(',');
    const refusal = !isJavaDouble(lat)
      ? 'latitude must be a number'
      : !isJavaDouble(lon)
        ? 'longitude must be a number'
        : undefined;
    if (refusal !== undefined) refuseWrapped(check, body.child('origin'), 'geo_distance', 'origin', refusal);
  } else if (Array.isArray(value) && !value.every((n) => typeof n === 'number')) {
    // Each item is read as a number: a text in Java's words.
    const text = value.find((n): n is string => typeof n === 'string');
    if (text === undefined || isJavaDouble(text)) unreadableValue(check, body, 'origin', 'geo_distance');
    else refuseWrapped(check, body.child('origin'), 'geo_distance', 'origin', `For input string: "${text}"`);
  } else if (isObject(value)) {
    const refusal = originObjectRefusal(value);
    if (refusal !== undefined) refuseWrapped(check, body.child('origin'), 'geo_distance', 'origin', refusal);
  }
}

/**
 * An origin object as the aggregation's own loop reads it: a number under `lat` and one under `lon`, any other member
 * passed over; without both, it names the last member it met (`null` for none): `malformed [lat] geo point object.
 * either [lat] or [lon] (or both) are missing` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/values/origin-agg-object-*`). An object or a list inside changes where the loop stands: not judged.
 */
function originObjectRefusal(origin: Record<string, unknown>): string | undefined {
  let last = 'null';
  let lat = false;
  let lon = false;
  for (const key in origin) {
    const member = origin[key];
    if (member !== null && typeof member === 'object') return undefined;
    last = key;
    if (key === 'lat') lat = typeof member === 'number';
    else if (key === 'lon') lon = typeof member === 'number';
  }
  if (lat && lon) return undefined;
  return `malformed [${last}] geo point object. either [lat] or [lon] (or both) are missing`;
}

/**
 * Whether an ObjectParser option read as a text refuses a number or a boolean: the strings (`field`, `format`,
 * `value_type`, the intervals, the hints) take a string only, `time_zone` and `offset` a string or a number, `missing`
 * any value (real 3.9.0 and 2.19.6; conformance cases `aggs/<type>/<option>/number` and `/boolean`).
 */
function textRefusesToken(spec: ParameterSpec, key: string, token: string): boolean {
  if (token !== 'VALUE_NUMBER' && token !== 'VALUE_BOOLEAN') return false;
  if (spec.type !== 'scalar') return true;
  return (key === 'time_zone' || key === 'offset') && token === 'VALUE_BOOLEAN';
}

/** The lists of numbers ObjectParser reads with `doubleValue()`. */
const DOUBLE_ARRAYS = new Set(['percentiles.percents', 'percentile_ranks.values']);

/**
 * The items of a list ObjectParser's array reader reads: a list inside is refused (`expected value but got
 * [START_ARRAY]`), and in a list of numbers a text must be one (`empty String`, `For input string`), each wrapped as
 * `failed to parse field` at the item (real 3.9.0 and 2.19.6; conformance cases `cross/lists/aggs/*`).
 */
function arrayItems(check: JsonCheck, path: ValuePath, type: string, key: string, items: readonly unknown[]): void {
  if (type === 'composite' && key === 'sources' && compositeSourceRefused(check, path, items)) return;
  if ((type === 'range' || type === 'date_range') && key === 'ranges' && rangeItemRefused(check, path, items)) return;
  if (type === 'ip_range' && key === 'ranges' && ipRangeItemRefused(check, path, items)) return;
  if (type === 'multi_terms' && key === 'terms' && fieldConfigItemRefused(check, path, items)) return;

  if (type === 'geo_distance' && key === 'ranges' && geoDistanceItemRefused(check, path, items)) return;
  // Whether the items are read as numbers: asked only of an item that is none (most lists hold numbers or objects).
  let numbers: boolean | undefined;
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    if (typeof item === 'number') continue;
    numbers ??= DOUBLE_ARRAYS.has(`${type}.${key}`);
    if (Array.isArray(item) || (numbers && typeof item === 'string' && !isJavaDouble(item))) {
      const at = path.child(i);
      check.report('aggs.wrong-type', `${check.where(at)} [${type}] failed to parse field [${key}]`, at);
      return;
    }
    if (numbers && typeof item !== 'number' && typeof item !== 'string') {
      // Each item is read with `doubleValue()`, which refuses any other token in Jackson's words.
      const at = path.child(i);
      refuseWrapped(check, at, type, key, notNumericText(tokenName(item), jacksonMajor(check.server)));
      return;
    }
  }
}

/** A JSON token as a parser meets it, with the place of its value (of its object or list, for an end). */
interface StreamToken {
  readonly kind: 'START_OBJECT' | 'END_OBJECT' | 'START_ARRAY' | 'END_ARRAY' | 'FIELD_NAME' | 'VALUE';
  readonly at: ValuePath;
  /** A value's token name (VALUE_STRING, ...) or a field's name. */
  readonly text: string;
}

/** A token as Jackson names it. */
function shownToken(token: StreamToken): string {
  return token.kind === 'VALUE' ? token.text : token.kind;
}

/** The tokens of a value, in the order a parser meets them. */
function tokensOf(value: unknown, at: ValuePath, out: StreamToken[]): void {
  if (Array.isArray(value)) {
    out.push({ kind: 'START_ARRAY', at, text: 'START_ARRAY' });
    value.forEach((item: unknown, i) => {
      tokensOf(item, at.child(i), out);
    });
    out.push({ kind: 'END_ARRAY', at, text: 'END_ARRAY' });
  } else if (isObject(value)) {
    out.push({ kind: 'START_OBJECT', at, text: 'START_OBJECT' });
    for (const key in value) {
      out.push({ kind: 'FIELD_NAME', at: at.child(key), text: key });
      tokensOf(value[key], at.child(key), out);
    }
    out.push({ kind: 'END_OBJECT', at, text: 'END_OBJECT' });
  } else out.push({ kind: 'VALUE', at, text: tokenOf(value) });
}

/**
 * composite's `sources`, read token by token as `CompositeValuesSourceParserHelper` and ObjectParser's array reader do
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/aggs/composite-*`, `cross/lists/form/composite-*`):
 * the array reader hands each value or object to the source reader and refuses anything else (`expected value but got
 * [FIELD_NAME]`); the source reader wants an object, a name, an object, a source type, an object (`Failed to parse
 * object: expecting token of type [START_OBJECT] but found [VALUE_STRING]`), lets the type's parser read that object,
 * then steps over two tokens, expecting the ends of the two objects. A second name or type is met by the array reader.
 * Whether it reported.
 */
function compositeSourceRefused(
  check: JsonCheck,
  path: ValuePath,
  items: readonly unknown[],
  /** `sources` is one object, read as the only item, with no list around it. */
  single = false,
): boolean {
  const tokens: StreamToken[] = [];
  if (single) tokensOf(items[0], path, tokens);
  else {
    items.forEach((item: unknown, i) => {
      tokensOf(item, path.child(i), tokens);
    });
    tokens.push({ kind: 'END_ARRAY', at: path, text: 'END_ARRAY' });
  }
  let i = 0;
  const SOURCE: readonly StreamToken['kind'][] = [
    'START_OBJECT',
    'FIELD_NAME',
    'START_OBJECT',
    'FIELD_NAME',
    'START_OBJECT',
  ];
  for (;;) {
    const token = tokens[i];
    if (token === undefined) return false;
    if (token.kind === 'END_ARRAY') {
      if (i === tokens.length - 1) return false;
      // The end of a list inside a source ends `sources` early: the parsers above meet the rest of it. When the list
      // was the last member of the name's object, alone in the source's, composite's parser and the aggregation's
      // take the ends of those two objects for their own, and the loop over the aggregations meets what follows the
      // source: the next item, or the end of `sources`.
      const next = tokens[i + 3];
      if (next !== undefined && tokens[i + 1]?.kind === 'END_OBJECT' && tokens[i + 2]?.kind === 'END_OBJECT') {
        check.report(
          'aggs.wrong-type',
          `Unexpected token ${shownToken(next)} in [aggs]: aggregations definitions must start with the name of the aggregation. (The source reader steps past its object into this list, whose end ends [sources] early; [composite] and its aggregation then end at the ends of the source's objects.)`,
          token.at,
        );
        return true;
      }
      check.report(
        'aggs.wrong-type',
        '[composite] the source reader steps past its object into this list, whose end then ends [sources]: the parsers above meet the rest of [sources] and refuse the request',
        token.at,
      );
      return true;
    }
    if (token.kind !== 'VALUE' && token.kind !== 'START_OBJECT') {
      check.report('aggs.wrong-type', `expected value but got [${shownToken(token)}]`, token.at);
      return true;
    }
    // The source reader, from this token: the last name it reads is the source's type.
    let type: StreamToken | undefined;
    for (const kind of SOURCE) {
      const met = tokens[i++];
      if (met === undefined) return false;
      if (met.kind !== kind) {
        refuseCompositeToken(check, met.at, kind, shownToken(met));
        return true;
      }
      if (kind === 'FIELD_NAME') type = met;
    }
    if (type !== undefined && !COMPOSITE_SOURCES.includes(type.text)) {
      check.report('aggs.wrong-type', `invalid source type: ${type.text}`, type.at, 'key');
      return true;
    }
    // The type's parser reads its object to the end.
    for (let depth = 1; depth > 0 && i < tokens.length; i++) {
      const kind = tokens[i]!.kind;
      if (kind === 'START_OBJECT' || kind === 'START_ARRAY') depth++;
      else if (kind === 'END_OBJECT' || kind === 'END_ARRAY') depth--;
    }
    // Two steps over what should be the ends of the name's and the source's objects; the array reader reads on.
    i += 2;
    if (single) return false;
  }
}

/**
 * An ObjectParser's list of objects: an item that is no object sends the array reader to the next token, which must
 * start one (`[<parser>] Expected START_OBJECT but was: END_ARRAY`), and `read` reads each object (whether it
 * refused). A list inside is left to the array reader (arrayItems). Whether it reported.
 */
function objectItemsRefused(
  check: JsonCheck,
  path: ValuePath,
  items: readonly unknown[],
  parser: string,
  read: (at: ValuePath, item: Record<string, unknown>) => boolean,
): boolean {
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const at = path.child(i);
    if (Array.isArray(item)) return false;
    if (isObject(item)) {
      if (read(at, item)) return true;
      continue;
    }
    const after = check.tokenInList(path, items, i + 1);
    if (after.token === 'START_OBJECT') continue;
    check.report('aggs.wrong-type', `${after.where} [${parser}] Expected START_OBJECT but was: ${after.token}`, at);
    return true;
  }
  return false;
}

/**
 * The ranges of the `range` and `date_range` aggregations, each read by an ObjectParser (`range`): `from` and `to`
 * take a value, not an object or a list (real 3.9.0 and 2.19.6; conformance cases `cross/lists/aggs/range-*`,
 * `cross/lists/values/ranges-*`). Whether it reported.
 */
function rangeItemRefused(check: JsonCheck, path: ValuePath, items: readonly unknown[]): boolean {
  return objectItemsRefused(check, path, items, 'range', (at, item) => {
    // In the order written: `from` and `to` take null, `key` does not (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
    // `cross/lists/values/ranges-*-key-null`).
    for (const name in item) {
      const value = item[name];
      const bound = name === 'from' || name === 'to';
      if (!bound && name !== 'key') continue;
      if (typeof value !== 'object' || (value === null && bound)) continue;
      const where = at.child(name);
      check.report('aggs.wrong-type', check.unsupported(where, 'range', name, tokenOf(value)), where);
      return true;
    }
    return false;
  });
}

/** `multi_terms`' terms, each a field config (aggregationOptions.ts). Whether it reported. */
function fieldConfigItemRefused(check: JsonCheck, path: ValuePath, items: readonly unknown[]): boolean {
  return objectItemsRefused(check, path, items, 'field_config', (at, item) =>
    fieldConfigRefused(check, at, 'multi_terms', item),
  );
}

const IP_RANGE_MEMBERS = ['key', 'from', 'to', 'mask'];

/**
 * The ranges of `ip_range`, read by its own loop: an item that is no object is `[ranges] must contain objects, but hit
 * a VALUE_BOOLEAN`, another name `Unexpected ip range parameter: [x]`, each member's text read (`Can't get text on a
 * START_ARRAY at L:C`); once a range is read, `from` and `to` must be addresses and `mask` one with a prefix length
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/values/ranges-ip_range-*`). Whether it reported.
 */
function ipRangeItemRefused(check: JsonCheck, path: ValuePath, items: readonly unknown[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const at = path.child(i);
    // The array reader refuses a list inside (arrayItems).
    if (Array.isArray(item)) return false;
    if (!isObject(item)) {
      check.report('aggs.wrong-type', `[ranges] must contain objects, but hit a ${tokenOf(item)}`, at);
      return true;
    }
    for (const key in item) {
      const value = item[key];
      const where = at.child(key);
      if (!IP_RANGE_MEMBERS.includes(key)) {
        check.report('aggs.unknown-parameter', `Unexpected ip range parameter: [${key}]`, where, 'key');
        return true;
      }
      // `key` and `mask` are read with `text()`, which has no text for null either; `from` and `to` take null (real
      // 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/ranges-ip_range-*-null`).
      if ((typeof value === 'object' && value !== null) || (value === null && (key === 'key' || key === 'mask'))) {
        check.report('aggs.wrong-type', check.noText(where, tokenOf(value)), where);
        return true;
      }
    }
    // Every member is a scalar here: the loop above refused objects and lists.
    const mask = item.mask as string | number | boolean | null | undefined;
    if (mask !== undefined && mask !== null) {
      const text = String(mask);
      if (!text.includes('/')) {
        check.report('aggs.invalid-value', `Expected [ip/prefix] but was [${text}]`, at.child('mask'));
        return true;
      }
      continue;
    }
    for (const bound of ['from', 'to']) {
      const value = item[bound] as string | number | boolean | null | undefined;
      if (value === undefined || value === null) continue;
      const error = fieldValueError('ip', value, String(value), true);
      if (error !== undefined) {
        check.report('aggs.invalid-value', error, at.child(bound));
        return true;
      }
    }
  }
  return false;
}

/**
 * The ranges of `geo_distance`, read by its own loop (`Failed to parse object: ...`): `from` and `to` a number or
 * null (a text fails with a NullPointerException), no other name (`key` neither), and an item that is no object sends
 * it to the next token (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/values/ranges-geo_distance-*`). Whether it reported.
 */
function geoDistanceItemRefused(check: JsonCheck, path: ValuePath, items: readonly unknown[]): boolean {
  for (let i = 0; i < items.length; i++) {
    const item: unknown = items[i];
    const at = path.child(i);
    if (Array.isArray(item)) return false;
    if (!isObject(item)) {
      // The loop goes on at the next token as at a member's value with no name before it: a number, a text or a null
      // is matched against the names it takes, with none to match (`fieldName cannot be null`); anything else is
      // unexpected (cases `ranges-geo_distance-value-then-*`).
      const after = check.tokenInList(path, items, i + 1);
      const unnamed = after.token === 'VALUE_NUMBER' || after.token === 'VALUE_STRING' || after.token === 'VALUE_NULL';
      check.report(
        'aggs.wrong-type',
        unnamed ? 'fieldName cannot be null' : `Failed to parse object: unexpected token [${after.token}] found`,
        at,
      );
      return true;
    }
    for (const key in item) {
      const value = item[key];
      const where = at.child(key);
      // The token is judged before the name it stands under: a number is a `from` or a `to`, a text or null those or
      // the range's `key` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/ranges-geo_distance-*`).
      if (value !== null && typeof value !== 'number' && typeof value !== 'string') {
        check.report('aggs.wrong-type', `Failed to parse object: unexpected token [${tokenOf(value)}] found`, where);
        return true;
      }
      if (key !== 'from' && key !== 'to' && (key !== 'key' || typeof value === 'number')) {
        check.report('aggs.unknown-parameter', `Failed to parse object: unknown field [${key}] found`, where, 'key');
        return true;
      }
    }
    if (geoDistanceTextBoundRefused(check, at, item)) return true;
  }
  return false;
}

/**
 * A range of `geo_distance` with a bound written as text is made from its two texts alone, `from`'s read first, each
 * by the Java number parser: a bound not written as text (a number, null, none) is read as nothing there, and the JVM
 * fails on it (its words differ between the JVMs 3.x and 2.19 run on); a text it cannot read fails as the parser says
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/ranges-geo_distance-*`).
 */
function geoDistanceTextBoundRefused(check: JsonCheck, at: ValuePath, item: Record<string, unknown>): boolean {
  const from = typeof item.from === 'string' ? item.from : undefined;
  const to = typeof item.to === 'string' ? item.to : undefined;
  if (from === undefined && to === undefined) return false;
  for (const [key, text] of [
    ['from', from],
    ['to', to],
  ] as const) {
    if (text === undefined) {
      const method = check.server.version.major >= 3 ? 'length' : 'trim';
      check.report('aggs.wrong-type', `Cannot invoke "String.${method}()" because "in" is null`, at.child(key));
      return true;
    }
    if (!isJavaDouble(text)) {
      check.report('aggs.wrong-type', numberTextError(text), at.child(key));
      return true;
    }
  }
  return false;
}

function refuseCompositeToken(check: JsonCheck, at: ValuePath, expected: string, found: string): void {
  check.report(
    'aggs.wrong-type',
    `Failed to parse object: expecting token of type [${expected}] but found [${found}]`,
    at,
  );
}

/**
 * The queries of `filters` and `adjacency_matrix`, each read by the query parser: every value of the keyed form (the
 * `filters` aggregation's reader takes nothing else there), and every object of the list form (real 3.9.0 and 2.19.6;
 * conformance cases `cross/lists/inner/filters-*`).
 */
function filterQueries(check: JsonCheck, body: ValuePath, type: string, filters: unknown): void {
  const path = body.child('filters');
  if (isObject(filters)) {
    for (const name in filters) {
      const query = filters[name];
      if (type === 'filters' && Array.isArray(query)) {
        // The query parser steps into a list and reads its objects as queries, one after the other, until something
        // else: its end, or a value, which is no query (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
        // `cross/lists/one-query/filters-keyed-*`).
        for (let i = 0; i < query.length && isObject(query[i]); i++) {
          if (queryRefused(check, path.child(name).child(i), query[i])) return;
        }
        check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path.child(name));
        return;
      }
      if (type === 'filters' || isObject(query)) validateQueryContainer(check, path.child(name), query);
      else {
        // adjacency_matrix's reader reads each filter with the query parser, which takes an object only.
        check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path.child(name));
        return;
      }
    }
  } else if (Array.isArray(filters) && type === 'filters') {
    // Each item is read by the query parser, which takes the token after a value as the query's start (real 3.9.0,
    // 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/more/filters-list-*`).
    for (let i = 0; i < filters.length; i++) {
      const query: unknown = filters[i];
      if (isObject(query)) validateQueryContainer(check, path.child(i), query);
      else if (Array.isArray(query)) {
        // The query reader steps into a list inside: a query must start there, and the list's end then ends the
        // filters' list (conformance cases `cross/lists/more/filters-list-list-*`).
        if (!isObject(query[0])) {
          check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path.child(i));
          return;
        }
        if (queryRefused(check, path.child(i).child(0), query[0]) || query.length !== 1 || i !== filters.length - 1) {
          return;
        }
        // The aggregation's parser then meets the end of the real list where it expects a member.
        const name = body.key(1);
        check.report('aggs.wrong-type', `Unknown key for a END_ARRAY in [${String(name)}]: [filters].`, path);
        return;
      } else if (isObject(filters[i + 1])) {
        validateQueryContainer(check, path.child(i + 1), filters[i + 1]);
        i++;
      } else {
        check.report('query.not-an-object', '[_na] query malformed, must start with start_object', path.child(i));
        return;
      }
    }
  }
}

/** ObjectParser's refusal of a token its value type does not list, at the parameter `key` of `body`. */
function refuseToken(check: JsonCheck, body: ValuePath, key: string, type: string, token: string): void {
  const path = body.child(key);
  check.report('aggs.wrong-type', check.unsupported(path, type, key, token), path);
}

/** ObjectParser's refusal of a string its number or boolean reader cannot read, at the parameter `key` of `body`. */
function unreadableValue(check: JsonCheck, body: ValuePath, key: string, type: string): void {
  const path = body.child(key);
  check.report('aggs.wrong-type', `${check.where(path)} [${type}] failed to parse field [${key}]`, path);
}

/** How the parsers read deprecated parameters (CardinalityAggregationBuilder: `rehash` is a long). */
const DEPRECATED_KINDS: Readonly<Record<string, ParameterSpec['type']>> = { 'cardinality.rehash': 'integer' };

/**
 * A top-level `histogram` that keeps empty buckets (`min_doc_count` 0, the default) creates at least one bucket per
 * interval across its `extended_bounds`, documents or not; more than `search.max_buckets` is refused when the shards'
 * answers are reduced (MultiBucketConsumerService; docs/opensearch/aggregations.md#bucket-limit). Under another
 * aggregation the count depends on the parent's buckets, so only top-level ones are counted.
 */
function histogramBuckets(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  if (path.length !== 3 || 'hard_bounds' in body) return;
  const minDocCount = body.min_doc_count;
  if (minDocCount !== undefined && minDocCount !== 0) return;
  const interval = numberAt(body, 'interval');
  const offset = body.offset === undefined ? 0 : numberAt(body, 'offset');
  const bounds = body.extended_bounds;
  if (interval === undefined || interval <= 0 || offset === undefined || !isObject(bounds)) return;
  const min = numberAt(bounds, 'min');
  const max = numberAt(bounds, 'max');
  if (min === undefined || max === undefined || min > max) return;
  // The keys run from the interval the minimum falls in to the one the maximum falls in (InternalHistogram).
  const count = Math.floor((max - offset) / interval) - Math.floor((min - offset) / interval) + 1;
  const limit = limitsOf(check.server).maxBuckets;
  // A fractional interval may round one bucket either way: only a clear excess is reported.
  const margin = Number.isInteger(interval) && Number.isInteger(offset) ? 0 : 1;
  if (!Number.isFinite(count) || count <= limit + margin) return;
  check.report(
    'aggs.too-many-buckets',
    `Trying to create too many buckets. Must be less than or equal to: [${limit}] but was [${count}]. This limit can be set by changing the [search.max_buckets] cluster level setting.${limitNote(check.server, 'maxBuckets')}`,
    path.child('extended_bounds'),
    'key',
  );
}

/** Calendar units of a fixed length in UTC, in milliseconds; a week starts on a Monday (Rounding.DateTimeUnit). */
const FIXED_CALENDAR_UNITS: Readonly<Record<string, number>> = {
  second: 1000,
  '1s': 1000,
  minute: 60_000,
  '1m': 60_000,
  hour: 3_600_000,
  '1h': 3_600_000,
  day: 86_400_000,
  '1d': 86_400_000,
  week: 604_800_000,
  '1w': 604_800_000,
};

/** A date written in full (ISO 8601 with a zone, or a day) or as epoch milliseconds; undefined for date math. */
function boundMillis(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value)) return undefined;
  const millis = Date.parse(value);
  return Number.isNaN(millis) ? undefined : millis;
}

/**
 * The `date_histogram` counterpart of histogramBuckets: a top-level one that keeps empty buckets creates one per
 * interval across its `extended_bounds` at least (the documents may widen the range, never narrow it). Counted for
 * fixed intervals and the calendar units of a fixed length, in UTC, with the bounds written as full dates or epoch
 * milliseconds; more than `search.max_buckets` is refused when the shards' answers are reduced (conformance
 * cross/aggs/date-histogram/buckets-over-max).
 */
function dateHistogramBuckets(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  if (path.length !== 3 || 'hard_bounds' in body || 'offset' in body || 'time_zone' in body || 'format' in body) return;
  const minDocCount = body.min_doc_count;
  if (minDocCount !== undefined && minDocCount !== 0) return;
  const bounds = body.extended_bounds;
  if (!isObject(bounds)) return;
  let interval: number | undefined;
  let shift = 0;
  if (typeof body.fixed_interval === 'string')
    interval = parseTimeValue(body.fixed_interval, 'fixed_interval').value?.millis;
  else if (typeof body.calendar_interval === 'string') {
    interval = FIXED_CALENDAR_UNITS[body.calendar_interval];
    // 1970-01-01 was a Thursday: weeks are counted from the Monday before it.
    if (interval === 604_800_000) shift = 3 * 86_400_000;
  }
  if (interval === undefined || interval < 1) return;
  const min = boundMillis(bounds.min);
  const max = boundMillis(bounds.max);
  if (min === undefined || max === undefined || min > max) return;
  const count = Math.floor((max + shift) / interval) - Math.floor((min + shift) / interval) + 1;
  const limit = limitsOf(check.server).maxBuckets;
  if (count <= limit) return;
  check.report(
    'aggs.too-many-buckets',
    `Trying to create too many buckets. Must be less than or equal to: [${limit}] but was [${count}] or more: [extended_bounds] alone span ${count} buckets, and the documents may add more. This limit can be set by changing the [search.max_buckets] cluster level setting.${limitNote(check.server, 'maxBuckets')}`,
    path.child('extended_bounds'),
    'key',
  );
}

function numberAt(body: Record<string, unknown>, key: string): number | undefined {
  const value = body[key];
  return typeof value === 'number' ? value : undefined;
}

/** Java's `Double.toString` of a whole number: `-1.0`. */
function javaDouble(n: number): string {
  return Number.isInteger(n) ? `${n}.0` : String(n);
}

/** A refusal of an aggregation's parser, wrapped where the value starts: `[L:C] [type] failed to parse field [key]: text`. */
function refuseWrapped(check: JsonCheck, at: ValuePath, type: string, key: string, text: string): void {
  check.report('aggs.invalid-value', `${check.where(at)} [${type}] failed to parse field [${key}]: ${text}`, at);
}

/** A number option that must be above 0; `text` is the parser's own words, `%` standing for the number found. */
function checkPositive(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
  key: string,
  label: string,
  text?: string,
): void {
  const n = numberAt(body, key);
  if (n === undefined || n > 0) return;
  const words = text ?? `[${label}] must be greater than 0. Found [%] in [${name}]`;
  refuseWrapped(check, path.child(key), type, key, words.replace('%', String(n)));
}

/** A number option that must not be below 0. */
function checkNotNegative(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
  key: string,
  label: string,
): void {
  const n = numberAt(body, key);
  if (n === undefined || n >= 0) return;
  refuseWrapped(
    check,
    path.child(key),
    type,
    key,
    `[${label}] must be greater than or equal to 0. Found [${n}] in [${name}]`,
  );
}

/**
 * Values the builders' setters refuse (docs/opensearch/aggregations.md#parameter-values); ObjectParser wraps each in
 * `[L:C] [<type>] failed to parse field [<key>]`. Texts of TermsAggregationBuilder, SignificantTermsAggregationBuilder,
 * RareTermsAggregationBuilder, HistogramAggregationBuilder, AutoDateHistogramAggregationBuilder,
 * VariableWidthHistogramAggregationBuilder, PercentilesConfig and TopHitsAggregationBuilder.
 */
function checkValueRanges(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
): void {
  switch (type) {
    case 'terms':
      checkPositive(check, path, name, type, body, 'shard_size', 'shardSize');
      checkNotNegative(check, path, name, type, body, 'min_doc_count', 'minDocCount');
      checkNotNegative(check, path, name, type, body, 'shard_min_doc_count', 'shardMinDocCount');
      return;
    case 'significant_terms':
      checkPositive(check, path, name, type, body, 'size', 'size');
      checkPositive(
        check,
        path,
        name,
        type,
        body,
        'shard_size',
        'shardSize',
        `[shardSize] must be greater than  0. Found [%] in [${name}]`,
      );
      checkNotNegative(check, path, name, type, body, 'min_doc_count', 'minDocCount');
      checkNotNegative(check, path, name, type, body, 'shard_min_doc_count', 'shardMinDocCount');
      return;
    case 'diversified_sampler':
      checkNotNegative(check, path, name, type, body, 'shard_size', 'shardSize');
      // A shard size of 0 keeps no document: each shard that collects one fails (real 3.9.0 and 2.19.6).
      if (numberAt(body, 'shard_size') === 0) {
        check.reportItemFailure(
          'aggs.invalid-size',
          shardFailureText('[shard_size] of 0 keeps no document', 'Cannot read field "score" because "hitB" is null'),
          path.child('shard_size'),
        );
      }
      return;
    case 'median_absolute_deviation': {
      const n = numberAt(body, 'compression');
      if (n !== undefined && n <= 0) {
        refuseWrapped(
          check,
          path.child('compression'),
          type,
          'compression',
          `[compression] must be greater than 0. Found [${javaDouble(n)}] in [${name}]`,
        );
      }
      return;
    }
    case 'significant_text':
    case 'multi_terms':
    case 'date_histogram':
      // (Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/more/min-doc-count-*`.)
      checkNotNegative(check, path, name, type, body, 'min_doc_count', 'minDocCount');
      if (type === 'multi_terms')
        checkNotNegative(check, path, name, type, body, 'shard_min_doc_count', 'shardMinDocCount');
      return;
    case 'rare_terms': {
      checkPositive(check, path, name, type, body, 'max_doc_count', 'max_doc_count');
      const n = numberAt(body, 'max_doc_count');
      if (n !== undefined && n > 100)
        refuseWrapped(
          check,
          path.child('max_doc_count'),
          type,
          'max_doc_count',
          `[max_doc_count] must be smallerthan 100in [${name}]`,
        );
      return;
    }
    case 'histogram': {
      const interval = numberAt(body, 'interval');
      if (interval !== undefined && interval <= 0) {
        refuseWrapped(
          check,
          path.child('interval'),
          type,
          'interval',
          `[interval] must be >0 for histogram aggregation [${name}]`,
        );
      }
      checkNotNegative(check, path, name, type, body, 'min_doc_count', 'minDocCount');
      return;
    }
    case 'auto_date_histogram':
      checkPositive(
        check,
        path,
        name,
        type,
        body,
        'buckets',
        'buckets',
        `buckets must be greater than 0 for [${name}]`,
      );
      return;
    case 'variable_width_histogram':
      checkPositive(
        check,
        path,
        name,
        type,
        body,
        'buckets',
        'buckets',
        `buckets must be greater than [0] for [${name}]`,
      );
      return;
    case 'extended_stats': {
      // ExtendedStatsAggregationBuilder.sigma, a double read from a number or its text (real 3.9.0, 3.8.0, 2.19.6 and
      // 2.19.1; cases `cross/lists/values/extended-stats-sigma-*`).
      const n = doubleValue(body.sigma);
      if (n !== undefined && n < 0) {
        refuseWrapped(
          check,
          path.child('sigma'),
          type,
          'sigma',
          `[sigma] must be greater than or equal to 0. Found [${javaDouble(n)}] in [${name}]`,
        );
      }
      return;
    }
    case 'cardinality':
      // CardinalityAggregationBuilder (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
      // `cross/lists/more/cardinality-*`).
      checkNotNegative(check, path, name, type, body, 'precision_threshold', 'precisionThreshold');
      return;
    case 'percentiles':
    case 'percentile_ranks':
      percentileMethods(check, path, type, body);
      percentileValues(check, path, name, type, body);
      return;
    case 'top_hits': {
      for (const key of ['from', 'size']) {
        const n = numberAt(body, key);
        if (n !== undefined && n < 0) {
          check.report(
            'aggs.invalid-value',
            `[${key}] must be greater than or equal to 0. Found [${n}] in [${name}]`,
            path.child(key),
          );
        }
      }
      const from = numberAt(body, 'from') ?? 0;
      const size = numberAt(body, 'size') ?? 3;
      const max = limitsOf(check.server).maxInnerResultWindow;
      if (from >= 0 && size >= 0 && from + size > max) {
        check.report(
          'aggs.inner-window',
          `Top hits result window is too large, the top hits aggregator [${name}]'s from + size must be less than or equal to: [${max}] but was [${from + size}]. This limit can be set by changing the [index.max_inner_result_window] index level setting.${limitNote(check.server, 'maxInnerResultWindow')}`,
          path,
          'key',
        );
      }
      return;
    }
    default:
      return;
  }
}

/** The one option each percentiles method's ObjectParser reads (PercentilesMethod). */
const METHOD_OPTIONS: Readonly<Record<string, string>> = {
  tdigest: 'compression',
  TDigest: 'compression',
  hdr: 'number_of_significant_value_digits',
  HDR: 'number_of_significant_value_digits',
};

const METHOD_NAMES = Object.keys(METHOD_OPTIONS);

/** Whether a percentiles body names a method at all (most do not). */
function namesMethod(body: Record<string, unknown>): boolean {
  for (const key in body) if (key in METHOD_OPTIONS) return true;
  return false;
}

function percentileMethods(check: JsonCheck, path: ValuePath, type: string, body: Record<string, unknown>): void {
  if (!namesMethod(body)) return;
  for (const key of METHOD_NAMES) {
    const method = body[key];
    if (!isObject(method)) continue;
    const option = METHOD_OPTIONS[key]!;
    const unknown = Object.keys(method).find((k) => k !== option);
    if (unknown === undefined) continue;
    // The method's own ObjectParser refuses the name; the aggregation's parser wraps that where the value starts.
    const at = path.child(key).child(unknown);
    const parser = key === 'tdigest' || key === 'TDigest' ? 'tdigest' : 'hdr';
    check.report(
      'aggs.unknown-parameter',
      `${check.where(at)} [${type}] failed to parse field [${key}]: ${check.unknownFieldText(at, parser, unknown, [option])}`,
      at,
      'key',
    );
  }
  const tdigest = body.tdigest ?? body.TDigest;
  const tdigestKey = 'tdigest' in body ? 'tdigest' : 'TDigest';
  if (isObject(tdigest)) {
    const compression = numberAt(tdigest, 'compression');
    if (compression !== undefined && compression < 0) {
      const at = path.child(tdigestKey).child('compression');
      check.report(
        'aggs.invalid-value',
        `${check.where(at)} [${type}] failed to parse field [tdigest]: [compression] must be greater than or equal to 0. Found [${javaDouble(compression)}]`,
        at,
      );
    }
  }
  const hdr = body.hdr ?? body.HDR;
  const hdrKey = 'hdr' in body ? 'hdr' : 'HDR';
  if (isObject(hdr)) {
    const digits = numberAt(hdr, 'number_of_significant_value_digits');
    if (digits !== undefined && (digits < 0 || digits > 5)) {
      const at = path.child(hdrKey).child('number_of_significant_value_digits');
      check.report(
        'aggs.invalid-value',
        `${check.where(at)} [${type}] failed to parse field [hdr]: [numberOfSignificantValueDigits] must be between 0 and 5`,
        at,
      );
    }
  }
}

/**
 * What AbstractPercentilesAggregationBuilder checks when its ConstructingObjectParser builds the aggregation at the
 * end of the body: one method at most, `percents` not empty and each within [0, 100] (checked in ascending order),
 * `values` not empty (docs/opensearch/aggregations.md#parameter-values).
 */
function percentileValues(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  type: string,
  body: Record<string, unknown>,
): void {
  const built = (text: string): string => `Failed to build [${type}] after last required field arrived: ${text}`;
  const methods = namesMethod(body) ? Object.keys(body).filter((k) => k in METHOD_OPTIONS && isObject(body[k])) : [];
  if (methods.some((k) => k.toLowerCase() === 'tdigest') && methods.some((k) => k.toLowerCase() === 'hdr')) {
    check.report(
      'aggs.invalid-value',
      built('Only one percentiles method should be declared.'),
      path.child(methods[methods.length - 1]!),
      'key',
    );
  }
  const key = type === 'percentiles' ? 'percents' : 'values';
  // A single number is read as a list of one.
  const raw = body[key];
  const list = Array.isArray(raw) ? raw : typeof raw === 'number' ? [raw] : undefined;
  if (list === undefined) return;
  if (list.length === 0) {
    const text =
      type === 'percentiles'
        ? `[percents] must not be empty: [${name}]`
        : `[values] must not be an empty array: [${name}]`;
    check.report('aggs.invalid-value', built(text), path.child(key));
    return;
  }
  if (type !== 'percentiles') return;
  // Checked in ascending order: the first refused is the smallest below 0, else the smallest above 100.
  let below: number | undefined;
  let above: number | undefined;
  for (const v of list) {
    const n = typeof v === 'number' ? v : typeof v === 'string' && isJavaDouble(v) ? Number(v) : undefined;
    // A value that is no number is refused by the parser in other words: leave the range alone.
    if (n === undefined || !Number.isFinite(n)) return;
    if (n < 0 && (below === undefined || n < below)) below = n;
    else if (n > 100 && (above === undefined || n < above)) above = n;
  }
  const outside = below ?? above;
  if (outside !== undefined) {
    check.report(
      'aggs.invalid-value',
      built(`percent must be in [0,100], got [${javaDouble(outside)}]: [${name}]`),
      path.child(key),
    );
  }
}

/**
 * `extended_bounds` and `hard_bounds` of a histogram (DoubleBounds): built when the later of `min` and `max` is read,
 * and refused there when max is below min.
 */
function histogramBounds(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  for (const key of ['extended_bounds', 'hard_bounds']) {
    const bounds = body[key];
    if (!isObject(bounds)) continue;
    const min = boundNumber(bounds.min);
    const max = boundNumber(bounds.max);
    if (min === undefined || max === undefined || !(max < min)) continue;
    const keys = Object.keys(bounds);
    const last = keys.lastIndexOf('min') > keys.lastIndexOf('max') ? 'min' : 'max';
    const at = path.child(key).child(last);
    check.report(
      'aggs.invalid-value',
      `${check.where(at)} [histogram] failed to parse field [${key}]: max bound [${javaDouble(max)}] must be greater than min bound [${javaDouble(min)}]`,
      at,
    );
  }
}

function boundNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && isJavaDouble(value)) return Number(value);
  return undefined;
}

/**
 * ScriptedMetricAggregationBuilder.doBuild, on each shard: `combine_script`, then `reduce_script`, must be given.
 * Without `init_script` the state starts empty, so a `map_script` whose first use of `state.<name>` calls into it
 * fails on the first document with Painless's null receiver (conformance aggs/scripted_metric/init_script/missing).
 */
function scriptedMetricScripts(check: JsonCheck, path: ValuePath, name: string, body: Record<string, unknown>): void {
  for (const [key, label] of [
    ['combine_script', 'combineScript'],
    ['reduce_script', 'reduceScript'],
  ] as const) {
    if (!(key in body)) {
      check.report(
        'aggs.missing-parameter',
        shardFailureText(`[scripted_metric] needs [${key}]`, `[${label}] must not be null: [${name}]`),
        path,
        'key',
      );
      return;
    }
  }
  if ('init_script' in body) return;
  const source = painlessSource(body.map_script);
  if (source === undefined) return;
  const unset = firstUnsetStateUse(source);
  if (unset === undefined) return;
  check.report(
    'aggs.missing-parameter',
    shardFailureText(
      `[map_script] calls into state.${unset} before anything sets it, and there is no [init_script] to set it; every shard with a matching document fails`,
      'Cannot invoke "Object.getClass()" because "receiver" is null',
    ),
    path.child('map_script'),
  );
}

/** The source of an inline Painless script (a string, or an object with `source` and no other `lang`). */
function painlessSource(script: unknown): string | undefined {
  if (typeof script === 'string') return script;
  if (!isObject(script)) return undefined;
  if (script.lang !== undefined && script.lang !== 'painless') return undefined;
  return typeof script.source === 'string' ? script.source : undefined;
}

const STATE_USE = /(?<![\w.$])state\.([A-Za-z_]\w*)\s*(.)?/g;

/** The first `state.<name>` whose first appearance is followed by `.` or `[` (a call or index on what is null). */
function firstUnsetStateUse(source: string): string | undefined {
  const seen = new Set<string>();
  for (const match of source.matchAll(STATE_USE)) {
    const field = match[1]!;
    if (seen.has(field)) continue;
    seen.add(field);
    if (match[2] === '.' || match[2] === '[') return field;
  }
  return undefined;
}

/**
 * `ip_range` reads its values as IP addresses, so its `missing` must be one (InetAddresses.forString, on each
 * shard). Only a value that is surely no address is reported: no `:` (which could start IPv6) and not four decimal
 * octets.
 */
function ipRangeMissing(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const value = body.missing;
  if (value === undefined || value === null || isObject(value) || Array.isArray(value)) return;
  if ('value_type' in body) return;
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return;
  const text = String(value);
  if (text.includes(':') || isIpv4(text)) return;
  check.report(
    'aggs.invalid-value',
    shardFailureText(`[missing] of [ip_range] must be an IP address`, `'${text}' is not an IP string literal.`),
    path.child('missing'),
  );
}

function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return (
    parts.length === 4 &&
    parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255 && (p.length === 1 || !p.startsWith('0')))
  );
}
