// What a search body asks of the mappings of the indexes it searches, where OpenSearch fails on every shard when the
// mapping does not have it: a sort or collapse on a field none of them maps, a nested query on a path that is no
// nested object, a joining query on a relation the join field does not hold, an aggregation parameter the field's
// type does not take, `geo_polygon` on a field that is no geo_point field; `more_like_this` on a text with no fields,
// which the indexes' default field settings decide; an analyzer none of them has (analyzerRules.ts); clauses past the
// limit across a tree of bools (clauseCount.ts). Errors, but only where the fields of every index the search reaches
// are known (ClusterKnowledge.searchedIndexFields): without a cluster, or with one index whose mappings were not read,
// nothing is said. What real OpenSearch answers: docs/opensearch/search.md (Sort, Collapse),
// docs/opensearch/aggregations.md and docs/opensearch/query-dsl.md ("What the mapping decides", "Geo queries",
// "Named analyzers", "The clause limit across a tree").
import {
  failsWhileBuilding,
  insideAny,
  matchesNoDocument,
  mayMatchNothing,
  rewrittenAway,
  rewrittenOnShards,
} from '../validate/rewrite';
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../diagnosticCodes';
import { diagnosticOf } from '../documents/diagnostics';
import { firstKey, isObject, type JsonPath, type JsonSegment, type Target } from '../json/jsonSegment';
import { AGGREGATION_BY_NAME } from '../../spec/aggregations';
import { CORE_METADATA_FIELDS, OTHER_METADATA_FIELDS } from '../../spec/metadataFields';
import type { IndexMapping } from './clusterKnowledge';
import type { SearchBody } from './searchBodies';
import type { TargetServer } from '../target';
import { clauseCountFailure } from './clauseCount';
import { analyzerKnown, intervalsAnalyzerFinding, matchMinimumShouldMatch, missingAnalyzer } from './analyzerRules';
import { forEachClause } from './fieldMentions';
import { queryFieldTypeFindings } from './queryFieldTypes';
import { familyOf, FLOATING_TYPES, readAsNumbers, type Family } from './fieldTypes';
import { dateFormatError } from '../validate/dateFormats';
import { DEFAULT_DATE_FORMAT, defaultDateError, formattedDateError } from '../validate/dateMath';
import { DOCUMENT_VALUE_TYPES, documentValueRead, fieldValueError, NUMERIC_TYPES } from '../validate/fieldValues';
import {
  isJavaDouble,
  javaNumberText,
  nameText,
  numberTextError,
  parseJavaLong,
  splitByComma,
} from '../validate/values';
import { readPointText } from '../validate/geoPoints';
import { rankFeatureBuildRefusal, readsOneBoundPerSide } from '../validate/queryRules';
import { nullUnboxed, readsAsNumber, scoreOrDoc, sortEntries, type NumberBox } from '../validate/bodyRules';

/** A finding on a body, at a path of its JSON. */
interface MappingFinding {
  /** Undefined for a finding of the body's own checks that the mapping decides (it is dropped, not reported). */
  readonly code: DiagnosticCode | undefined;
  /** With no code: the code of the finding dropped (`query.geo-second-field` when not given). */
  readonly settles?: DiagnosticCode;
  readonly message: string;
  readonly path: JsonPath;
  readonly target: Target;
}

/** What the checks know of each searched index. */
export type IndexFields = readonly IndexMapping[];

/** The `value_type` names OpenSearch reads as numeric values (ValueType: real 3.8.0 and 2.19.1). */
const NUMERIC_VALUE_TYPES = new Set([
  'byte',
  'short',
  'integer',
  'long',
  'unsigned_long',
  'float',
  'double',
  'number',
  'numeric',
  'date',
  'boolean',
]);
/** Field types whose values are not numeric, tried with a numeric `value_type` on real 3.8.0 and 2.19.1. */
const NOT_NUMERIC = new Set(['keyword', 'ip', 'geo_point']);
/** Field types tried with `format` on real 3.8.0 and 2.19.1: "does not support custom formats". */
const NO_CUSTOM_FORMAT = new Set(['keyword', 'ip', 'geo_point', 'boolean']);
/** Field types whose values a `format` prints as dates (DateFormatter.forPattern), tried on real 3.8.0 and 2.19.1. */
const DATE_FIELD_TYPES = new Set(['date', 'date_nanos']);
/**
 * The aggregations that read a field's values through field data (a text field has none unless its mapping turns it
 * on), each tried on a text field on real 3.8.0 and 2.19.1; `significant_text` reads the text itself.
 */
const FIELDDATA_AGGREGATIONS = new Set([
  'terms',
  'rare_terms',
  'significant_terms',
  'cardinality',
  'value_count',
  'missing',
  'avg',
  'sum',
  'min',
  'max',
  'stats',
  'extended_stats',
  'percentiles',
  'percentile_ranks',
  'median_absolute_deviation',
  'histogram',
  'date_histogram',
  'auto_date_histogram',
  'variable_width_histogram',
  'range',
  'date_range',
  'ip_range',
  'geo_bounds',
  'geo_centroid',
  'geohash_grid',
  'geotile_grid',
  'geo_distance',
]);

/**
 * Why a sort or an aggregation on `field` fails in one index: a `text` or `match_only_text` field without field data,
 * or a `search_as_you_type` field, which has none (real 3.8.0 and 2.19.1; docs/opensearch/search.md#sort).
 */
function noFielddata(fields: ReadonlyMap<string, string>, mapping: IndexMapping, field: string): string | undefined {
  const type = fields.get(field);
  if ((type === 'text' && !mapping.fielddata.has(field)) || type === 'match_only_text') {
    return `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`;
  }
  if (type === 'search_as_you_type' || type === 'percolator') {
    return `Fielddata is not supported on field [${field}] of type [${type}]`;
  }
  if (type === 'rank_feature' || type === 'rank_features') {
    return `[${type}] fields do not support sorting, scripting or aggregating`;
  }
  return undefined;
}

/**
 * A `range` or `date_range` bound text on a number or boolean field, read by the field's format as each shard builds
 * the aggregation: `Double.parseDouble` (no date math; a blank text is `empty String`), or `true` and `false` only; a
 * date field reads a date (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/agg-on-date_range-*`,
 * `cross/lists/shard/range-agg-text-bound-on-*`, `cross/lists/aggs/range-*`). Undefined when read, or when the type is
 * not judged.
 */
function rangeBoundError(fieldType: string | undefined, bound: unknown): string | undefined {
  if (typeof bound !== 'string' || fieldType === undefined) return undefined;
  if (fieldType === 'boolean') {
    return bound === 'true' || bound === 'false'
      ? undefined
      : `Cannot parse boolean [${bound}], expected either [true] or [false]`;
  }
  return NUMERIC_TYPES.has(fieldType) && !isJavaDouble(bound) ? numberTextError(bound) : undefined;
}

/**
 * `terms`' `include` and `exclude` on a field that is not a string: a regular expression is refused (HTTP 500, `...
 * can only be applied to string fields. Use an array of numeric values ...`, of values for an address), and the values
 * of a list are read as the field's values (`For input string: "a"`, `Cannot parse boolean [a], ...`, `'a' is not an
 * IP string literal.`, a date of the default format as includedDateError reads it). Real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; conformance cases `cross/lists/shard/terms-include-*`, `cross/lists/terms-include-date/*`.
 */
function includeExcludeFinding(
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  field: string,
): MappingFinding | undefined {
  const name = String(path[path.length - 2]);
  for (const key of ['include', 'exclude']) {
    const filter = body[key];
    if (typeof filter === 'string') {
      const message = failsEverywhere(indexes, (fields) => {
        const kind = valuesOf(fields.get(field));
        const numeric = kind !== undefined && NUMBER_KINDS.has(kind);
        if (!numeric && kind !== 'ip') return kind === undefined ? undefined : '';
        return `Aggregation [${name}] cannot support regular expression style include/exclude settings as they can only be applied to string fields. ${numeric ? 'Use an array of numeric values for include/exclude clauses used to filter numeric fields' : 'Use an array of values for include/exclude clauses'}`;
      });
      if (message !== undefined) {
        return { code: 'cluster.aggregation-field', message, path: [...path, key], target: 'value' };
      }
    } else if (Array.isArray(filter)) {
      for (let i = 0; i < filter.length; i++) {
        const value: unknown = filter[i];
        const message = failsEverywhere(indexes, (fields, mapping) => {
          const fieldType = fields.get(field);
          if (fieldType === 'date' && !mapping.formatted.has(field)) return includedDateError(value) ?? '';
          if (fieldType === undefined || DATE_FIELD_TYPES.has(fieldType)) return undefined;
          if (fieldType === 'ip')
            return typeof value === 'string' ? (fieldValueError('ip', value, value, false) ?? '') : undefined;
          return rangeBoundError(fieldType, value) ?? '';
        });
        if (message !== undefined) {
          return { code: 'cluster.aggregation-field', message, path: [...path, key, i], target: 'value' };
        }
      }
    }
  }
  return undefined;
}

/**
 * A value of a `terms` include or exclude list on a `date` field of the default format, read as a date by its text
 * (DocValueFormat's `parseLong`): as a range query's lower bound reads it, but with no time to stand for `now`, which
 * fails before any date math (`could not read the current timestamp`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, cases
 * `cross/lists/terms-include-date/*`). A whole number is epoch milliseconds; other numbers and null are not judged.
 */
function includedDateError(value: unknown): string | undefined {
  if (typeof value === 'boolean') return defaultDateError(String(value));
  if (typeof value !== 'string' || value.includes('${')) return undefined;
  return value.startsWith('now') ? 'could not read the current timestamp' : defaultDateError(value);
}

const NUMBER_MODES = new Set(['avg', 'median', 'sum']);

/**
 * A field sort's `mode` that computes on numbers (`avg`, `median`, `sum`), then its `numeric_type`, on a field whose
 * values are no numbers (dates and booleans are): `we only support AVG, MEDIAN and SUM on number based fields`,
 * `[numeric_type] option cannot be set on a non-numeric field, got keyword`, before a geometry's own refusal (real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/sort-mode-*`, `sort-numeric-type-*`).
 */
function sortOnNumbers(
  indexes: IndexFields,
  name: string,
  options: Record<string, unknown> | undefined,
): { message: string; option: string } | undefined {
  if (options === undefined) return undefined;
  const numbers = (fields: ReadonlyMap<string, string>): boolean | undefined => {
    const kind = valuesOf(fields.get(name));
    return kind === undefined ? undefined : NUMBER_KINDS.has(kind);
  };
  const mode = options['mode'];
  if (typeof mode === 'string' && NUMBER_MODES.has(mode.toLowerCase())) {
    const message = failsEverywhere(indexes, (fields) => {
      const read = numbers(fields);
      return read === undefined ? undefined : read ? '' : 'we only support AVG, MEDIAN and SUM on number based fields';
    });
    if (message !== undefined) return { message, option: 'mode' };
  }
  if (options['numeric_type'] === undefined) return undefined;
  const message = failsEverywhere(indexes, (fields) => {
    const read = numbers(fields);
    if (read === undefined) return undefined;
    return read ? '' : `[numeric_type] option cannot be set on a non-numeric field, got ${fields.get(name) ?? ''}`;
  });
  return message === undefined ? undefined : { message, option: 'numeric_type' };
}

/** Field types `significant_text` refuses as having no analyzer (the rank features fail as queries on them do). */
const NO_ANALYZER = new Set(['date', 'date_nanos', 'boolean', 'ip', 'geo_point', 'geo_shape', 'percolator']);

/**
 * `significant_text` reads a field's analyzer: `Field [date] has no analyzer, but SignificantText requires an analyzed
 * field` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/significant-text-on-*`).
 */
function significantTextFinding(type: string, field: string): string | undefined {
  if (NO_ANALYZER.has(type)) return `Field [${field}] has no analyzer, but SignificantText requires an analyzed field`;
  return type === 'rank_feature' ? 'Queries on [rank_feature] fields are not supported' : undefined;
}

/** The kind of values a field of a mapped type gives an aggregation (OpenSearch's `ValuesSourceType`). */
type ValuesKind = 'bytes' | 'ip' | 'numeric' | 'date' | 'boolean' | 'range' | 'geo_point' | 'geo_shape';

/** The values a field gives an aggregation; undefined for a type not judged, or one without field data. */
function valuesOf(type: string | undefined): ValuesKind | undefined {
  const family = familyOf(type);
  switch (family) {
    case 'keyword':
      return 'bytes';
    case 'number':
      return 'numeric';
    case 'text':
    case 'rank':
    case 'percolator':
    case undefined:
      return undefined;
    default:
      return family;
  }
}

/** The kinds of values that sorts and aggregations read as numbers. */
const NUMBERS: readonly ValuesKind[] = ['numeric', 'date', 'boolean'];
const NUMBER_KINDS: ReadonlySet<ValuesKind> = new Set(NUMBERS);
const TERMS: readonly ValuesKind[] = ['bytes', 'ip', 'numeric', 'date', 'boolean'];
const ANY: readonly ValuesKind[] = [...TERMS, 'range', 'geo_point', 'geo_shape'];

/**
 * The kinds of values each aggregation reads from a field (what its aggregator registers for): another field type is
 * `Field [<name>] of type [<type>] is not supported for aggregation [<aggregation>]` on every shard (real 3.9.0, 3.8.0,
 * 2.19.6 and 2.19.1, each aggregation on a field of each type: conformance cases `cross/lists/shard/agg-on-*`).
 */
const READS: Readonly<Record<string, readonly ValuesKind[]>> = {
  avg: NUMBERS,
  sum: NUMBERS,
  min: NUMBERS,
  max: NUMBERS,
  stats: NUMBERS,
  extended_stats: NUMBERS,
  percentiles: NUMBERS,
  percentile_ranks: NUMBERS,
  median_absolute_deviation: ['numeric'],
  variable_width_histogram: ['numeric'],
  value_count: ANY,
  cardinality: ANY,
  missing: ANY,
  terms: TERMS,
  rare_terms: TERMS,
  significant_terms: TERMS,
  histogram: [...NUMBERS, 'range'],
  date_histogram: [...NUMBERS, 'range'],
  auto_date_histogram: NUMBERS,
  range: NUMBERS,
  date_range: NUMBERS,
  ip_range: ['ip'],
  geo_bounds: ['geo_point', 'geo_shape'],
  geo_centroid: ['geo_point'],
  geohash_grid: ['geo_point', 'geo_shape'],
  geotile_grid: ['geo_point', 'geo_shape'],
  geo_distance: ['geo_point'],
};

/**
 * Why an aggregation of `type` cannot read the field in one index: a type whose values it does not read, a range
 * type other than `date_range` under `date_histogram`, a floating-point field under `rare_terms` or
 * `significant_terms`; '' when it reads it, undefined when the type is not known here.
 */
function unreadByAggregation(
  fields: ReadonlyMap<string, string>,
  mapping: IndexMapping,
  field: string,
  type: string,
  reads: readonly ValuesKind[] | undefined = READS[type],
): string | undefined {
  const fieldType = fields.get(field);
  if (fieldType === undefined) return undefined;
  const kind: ValuesKind | undefined =
    fieldType === 'text' && mapping.fielddata.has(field) ? 'bytes' : valuesOf(fieldType);
  if (kind === undefined || reads === undefined) return undefined;
  if (!reads.includes(kind))
    return `Field [${field}] of type [${fieldType}] is not supported for aggregation [${type}]`;
  if (type === 'date_histogram' && kind === 'range' && fieldType !== 'date_range') {
    return `Expected date range type but found range type [${fieldType}]`;
  }
  if (type === 'rare_terms' && FLOATING_TYPES.has(fieldType)) {
    return 'RareTerms aggregation does not support floating point fields.';
  }
  if (type === 'significant_terms' && FLOATING_TYPES.has(fieldType)) {
    // HTTP 500: the exception's type is part of the reason OpenSearch gives.
    return 'unsupported_operation_exception: No support for examining floating point numerics';
  }
  return '';
}

/**
 * What a `composite` source reads (`terms` what the terms aggregation reads, `histogram` and `date_histogram` numbers
 * and dates, `geotile_grid` points), named by the source's kind in the refusal (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
 * conformance cases `cross/lists/shard/composite-*-on-*`).
 */
const SOURCE_READS: Readonly<Record<string, readonly ValuesKind[]>> = {
  terms: TERMS,
  histogram: ['numeric', 'date'],
  date_histogram: ['numeric', 'date'],
  geotile_grid: ['geo_point'],
};

/** What `multi_terms` reads: what `terms` reads, and a `geo_shape` field too (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1). */
const MULTI_TERMS_READS: readonly ValuesKind[] = [...TERMS, 'geo_shape'];

/**
 * The fields of a `composite` aggregation's value sources and of `multi_terms`' terms, each read as an aggregation of
 * one field is: without field data it fails as a sort does, and a type the source does not read is `Field [kw] of type
 * [keyword] is not supported for aggregation [histogram]` (conformance cases `cross/lists/shard/composite-*-on-*`,
 * `cross/lists/shard/multi-terms-on-*`).
 */
function valueSourceFindings(
  type: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  server: TargetServer,
): MappingFinding[] {
  const places: {
    field: unknown;
    kind: string;
    reads: readonly ValuesKind[] | undefined;
    at: JsonPath;
    format?: unknown;
  }[] = [];
  const sources = type === 'composite' ? body['sources'] : undefined;
  if (Array.isArray(sources)) {
    sources.forEach((source: unknown, i) => {
      if (!isObject(source)) return;
      for (const name in source) {
        const definition = source[name];
        if (!isObject(definition)) continue;
        for (const kind in definition) {
          const options = definition[kind];
          const at = [...path, 'sources', i, name, kind, 'field'];
          if (isObject(options)) {
            places.push({ field: options['field'], kind, reads: SOURCE_READS[kind], at, format: options['format'] });
          }
        }
      }
    });
  }
  const terms = type === 'multi_terms' ? body['terms'] : undefined;
  if (Array.isArray(terms)) {
    terms.forEach((term: unknown, i) => {
      if (!isObject(term)) return;
      places.push({ field: term['field'], kind: type, reads: MULTI_TERMS_READS, at: [...path, 'terms', i, 'field'] });
    });
  }
  for (const { field, kind, reads, at, format } of places) {
    if (typeof field !== 'string' || !checkable(field, defined)) continue;
    const fielddata = everywhere(indexes, (fields, mapping) => noFielddata(fields, mapping, field));
    if (fielddata !== undefined) return [{ code: 'cluster.fielddata', message: fielddata, path: at, target: 'value' }];
    const unread = failsEverywhere(indexes, (fields, mapping) =>
      unreadByAggregation(fields, mapping, field, kind, reads),
    );
    if (unread !== undefined) {
      return [{ code: 'cluster.aggregation-type', message: unread, path: at, target: 'value' }];
    }
    // A date histogram source on dates, or on a field no index maps, reads its format as a date format, as the
    // date_histogram aggregation does; on numbers, as a number format (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
    // `cross/lists/values/composite-date-histogram-format-*` and `date-format-*`).
    const error =
      kind === 'date_histogram' && typeof format === 'string' && server.distribution === 'opensearch'
        ? datesEverywhere(indexes, field, true)
          ? dateFormatError(format, server.version)
          : undefined
        : undefined;
    if (error !== undefined) {
      return [
        { code: 'cluster.aggregation-field', message: error, path: [...at.slice(0, -1), 'format'], target: 'value' },
      ];
    }
  }
  return [];
}

/**
 * Whether every searched index maps the field as a date, or, for an aggregation that reads dates on a field no index
 * maps (`unmappedToo`), does not map it.
 */
function datesEverywhere(indexes: IndexFields, field: string, unmappedToo: boolean): boolean {
  return (
    everywhere(
      indexes,
      (fields) => dateField(fields, field) ?? (unmappedToo && unmapped(fields, field) ? 'date' : undefined),
    ) !== undefined
  );
}

/** Aggregations that fail on a keyword field with `missing` (a class cast in their collector). */
const NO_MISSING_ON_KEYWORD = new Set(['significant_terms', 'diversified_sampler']);
/** Field types `collapse` refuses (CollapseBuilder takes keywords and numbers only), each tried on real clusters. */
const NOT_COLLAPSIBLE = new Set([
  'text',
  'match_only_text',
  'wildcard',
  'constant_keyword',
  'date',
  'date_nanos',
  'ip',
  'boolean',
  'geo_point',
  'geo_shape',
  'join',
  'integer_range',
  'long_range',
  'float_range',
  'double_range',
  'date_range',
  'ip_range',
  'rank_feature',
  'rank_features',
  'percolator',
  'scaled_float',
  'flat_object',
]);

/** A flag the parsers read with `booleanValue`: `true` or the text `"true"`. */
function isOn(value: unknown): boolean {
  return value === true || value === 'true';
}

/** The message every index gives, when each gives one and they all agree: then every shard fails with it. */
function everywhere(
  indexes: IndexFields,
  fails: (fields: ReadonlyMap<string, string>, mapping: IndexMapping) => string | undefined,
): string | undefined {
  let message: string | undefined;
  for (const mapping of indexes) {
    const own = fails(mapping.types, mapping);
    if (own === undefined || (message !== undefined && own !== message)) return undefined;
    message = own;
  }
  return message;
}

/**
 * The failure every index gives, for checks whose callback answers '' where the search runs in an index (which keeps a
 * failure the other indexes give from being reported): `everywhere`, with that answer read as no failure.
 */
function failsEverywhere(
  indexes: IndexFields,
  fails: (fields: ReadonlyMap<string, string>, mapping: IndexMapping) => string | undefined,
): string | undefined {
  const message = everywhere(indexes, fails);
  return message === '' ? undefined : message;
}

/**
 * Whether a name the mapping does not list may still be a field there: a join field's `#` parent field, or a field
 * under a field that is no object (the hidden sub-fields of `search_as_you_type` and `index_prefixes`, the keys of a
 * `flat_object`).
 */
function mayBeImplicit(fields: ReadonlyMap<string, string>, name: string): boolean {
  if (name.includes('#')) return true;
  for (let dot = name.indexOf('.'); dot > 0; dot = name.indexOf('.', dot + 1)) {
    const type = fields.get(name.slice(0, dot));
    if (type !== undefined && type !== 'object' && type !== 'nested') return true;
  }
  return false;
}

/**
 * Whether a query finds no field under `name` in one index: the mapping lists no such name and it cannot be an
 * implicit field, or it names an object (`object` or `nested`), which has no field of its own.
 */
function unmapped(fields: ReadonlyMap<string, string>, name: string): boolean {
  const type = fields.get(name);
  return type === undefined ? !mayBeImplicit(fields, name) : type === 'object' || type === 'nested';
}

/** Whether no searched index maps `name` (and every index's fields are known). */
function unmappedEverywhere(indexes: IndexFields, name: string): boolean {
  return everywhere(indexes, (fields) => (unmapped(fields, name) ? '' : undefined)) === '';
}

/** Whether a name can be looked up: not a metadata field or a special sort, not a variable, not a pattern. */
function checkable(name: string, defined: ReadonlySet<string>): boolean {
  return name.length > 0 && !name.startsWith('_') && !name.includes('${') && !name.includes('*') && !defined.has(name);
}

/** The names a sort reads otherwise than as a field: the special sorts. */
const SPECIAL_SORTS = new Set(['_score', '_doc', '_shard_doc', '_geo_distance', '_geoDistance', '_script']);

/**
 * Whether a sort name can be looked up: as checkable, but a name starting with `_` that is no metadata field and no
 * special sort is a name like any other (`_docx`: `No mapping found for [_docx] in order to sort on`; real 3.9.0,
 * 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/shard/sort-*`). So is `_size` on nodes that run the core
 * modules alone: only the mapper-size plugin maps it (conformance case `cross/lists/shard/sort-name-_size`).
 */
function sortCheckable(name: string, defined: ReadonlySet<string>, coreOnly: boolean): boolean {
  if (!name.startsWith('_')) return checkable(name, defined);
  return (
    !SPECIAL_SORTS.has(name) &&
    !CORE_METADATA_FIELDS.has(name) &&
    (name !== '_size' || coreOnly) &&
    checkable(name.replace(/^_+/, ''), defined) &&
    !defined.has(name)
  );
}

/** What a sort on `name` finds in one index's fields: the failure, or undefined when the field is there. */
function unmappedSort(fields: ReadonlyMap<string, string>, name: string): string | undefined {
  if (!unmapped(fields, name)) return undefined;
  return `No mapping found for [${name}] in order to sort on`;
}

/** The field types whose sort reads a `missing` text with `Long.parseLong`, and with `Double.parseDouble`. */
const LONG_SORTS = new Set(['long', 'date', 'boolean']);
const DOUBLE_SORTS = new Set(['double']);

/**
 * What a shard's sort on a field of this type says of its `missing` value: `_last` and `_first` are places, a number
 * is taken as it is, and any other value is read as its text, by `Long.parseLong` for `long`, `date` and `boolean`
 * fields and by `Double.parseDouble` for `double` ones (`For input string: "x"`, `empty String`); a keyword or ip field
 * takes any text. Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/shard/sort-missing-*`; the
 * other numeric types are not judged.
 */
function sortMissingRefusal(type: string | undefined, missing: unknown): string | undefined {
  if (type === undefined || typeof missing === 'number' || missing === '_last' || missing === '_first')
    return undefined;
  if (typeof missing !== 'string' && typeof missing !== 'boolean') return undefined;
  const text = String(missing);
  if (LONG_SORTS.has(type)) return parseJavaLong(text) === undefined ? `For input string: "${text}"` : undefined;
  if (!DOUBLE_SORTS.has(type) || isJavaDouble(text)) return undefined;
  return numberTextError(text);
}

function sortFindings(
  sort: unknown,
  walk: Walk,
  /** Where the sort is: the body's, or a `top_hits` aggregation's (read by the same field sorts). */
  at: JsonPath = ['sort'],
): void {
  const { indexes, defined, rawAt, out } = walk;
  const check = (name: string, path: JsonPath, target: Target, options: Record<string, unknown> | undefined): void => {
    if (!sortCheckable(name, defined, walk.coreOnly)) return;
    // A text field without field data fails whatever `unmapped_type` says.
    const text = everywhere(indexes, (fields, mapping) => noFielddata(fields, mapping, name));
    if (text !== undefined) {
      out.push({ code: 'cluster.fielddata', message: text, path, target });
      return;
    }
    const numbers = sortOnNumbers(indexes, name, options);
    if (numbers !== undefined) {
      out.push({
        code: 'cluster.sort-mode',
        message: numbers.message,
        path: [...path, numbers.option],
        target: 'value',
      });
      return;
    }
    // A geometry sorts by distance only (`_geo_distance`), whatever `unmapped_type` says (real 3.9.0, 3.8.0, 2.19.6
    // and 2.19.1; conformance cases `cross/lists/shard/sort-on-type-*`).
    const geometry = everywhere(indexes, (fields) => {
      const type = fields.get(name);
      return type === 'geo_point' || type === 'geo_shape'
        ? `can't sort on ${type} field without using specific sorting feature, like geo_distance`
        : undefined;
    });
    if (geometry !== undefined) {
      out.push({ code: 'cluster.fielddata', message: geometry, path, target });
      return;
    }
    // An unmapped field is sorted as a field of `unmapped_type` made without options, which a scaled float needs
    // (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/sort-unmapped-scaled-float*`).
    if (options?.['unmapped_type'] === 'scaled_float') {
      const missing = everywhere(indexes, (fields) =>
        unmapped(fields, name) ? 'Field [scaling_factor] is required' : undefined,
      );
      if (missing !== undefined) {
        out.push({
          code: 'cluster.sort-unmapped',
          message: missing,
          path: [...path, 'unmapped_type'],
          target: 'value',
        });
        return;
      }
    }
    if (options !== undefined && options['unmapped_type'] !== undefined) return;
    const message = everywhere(indexes, (fields) => unmappedSort(fields, name));
    if (message !== undefined) out.push({ code: 'cluster.sort-unmapped', message, path, target });
  };
  const entry = (value: unknown, path: JsonPath): void => {
    if (typeof value === 'string') check(value, path, 'value', undefined);
    else if (isObject(value)) {
      for (const key in value) {
        const options = value[key];
        check(key, [...path, key], 'key', isObject(options) ? options : undefined);
        if (isObject(options) && options['missing'] !== undefined && sortCheckable(key, defined, walk.coreOnly)) {
          const missing = options['missing'];
          const message = everywhere(indexes, (fields) => sortMissingRefusal(fields.get(key), missing));
          if (message !== undefined) {
            out.push({ code: 'cluster.sort-missing', message, path: [...path, key, 'missing'], target: 'value' });
          }
        }
      }
    }
  };
  if (Array.isArray(sort)) {
    sort.forEach((item, i) => {
      entry(item, [...at, i]);
    });
  } else if (typeof sort === 'number' || typeof sort === 'boolean') {
    // A lone scalar is read as the name of a field, as written.
    check(rawAt(at), at, 'value', undefined);
  } else entry(sort, at);
}

/** A search_after value for a date sort that starts with `now`: each shard fails reading it. */
const NOW_IN_SEARCH_AFTER = 'could not read the current timestamp: now() is not allowed in [search_after] key';

/** The mapping types whose sort compares numbers, reading a search_after text as one (`true` too is refused). */
const NUMBER_SORTED = new Set(['long', 'double', 'boolean']);

/**
 * search_after's values read by the type of the field each sorts on: a `long`, `double` or `boolean` field takes a
 * number or a text `Double.parseDouble` reads (`Failed to parse search_after value for field [num].`), an unmapped
 * field sorted as `unmapped_type: long` the same (named `__anonymous_long`), a `date` field with its default format a
 * date of that format, and no `date` field a text that starts with `now` (its date math asks for the current time,
 * which search_after does not give) (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/search-after-value/*`).
 * The first value that fails is reported; other types are not judged.
 */
function searchAfterFindings(sort: unknown, values: readonly unknown[], walk: Walk): void {
  const entries = sortEntries(sort);
  if (entries.length !== values.length) return;
  // Where every value is read, the first null whose comparator holds a primitive fails each shard; undefined once a
  // null meets a comparator not known here.
  let nullRefusal: { readonly at: number; readonly message: string } | undefined | 'unknown';
  for (let i = 0; i < entries.length; i++) {
    const { name, options } = entries[i]!;
    const value = values[i];
    // A score or document value that is no number is the body rules' (it fails before any null is looked at).
    if (scoreOrDoc(name) && !readsAsNumber(value)) return;
    if (value === null) {
      if (nullRefusal === undefined) {
        const message = nullSortRefusal(name, options, walk);
        if (message === undefined) nullRefusal = 'unknown';
        else if (message !== '') nullRefusal = { at: i, message };
      }
      continue;
    }
    if (!checkable(name, walk.defined) || typeof value === 'number') continue;
    const unmappedAs = options?.['unmapped_type'];
    const message = everywhere(walk.indexes, (fields, mapping) => {
      const type = fields.get(name);
      if (type !== undefined && NUMBER_SORTED.has(type)) {
        return readsAsNumber(value) ? '' : `Failed to parse search_after value for field [${name}].`;
      }
      // A date read as date math asks for the current time first, which search_after refuses, whatever the format.
      if (type === 'date' && typeof value === 'string' && value.startsWith('now')) return NOW_IN_SEARCH_AFTER;
      // A boolean is read as its text, which no date format reads (cases `search-after-value/date-true`, `-false`).
      if (
        type === 'date' &&
        !mapping.formatted.has(name) &&
        (typeof value === 'string' || typeof value === 'boolean')
      ) {
        return defaultDateError(String(value)) ?? '';
      }
      // A keyword sort reads any value as its text (cases `search-after-value/kw-*`).
      if (type === 'keyword') return '';
      if (type === undefined && unmappedAs === 'long' && !mayBeImplicit(fields, name)) {
        return readsAsNumber(value) ? '' : 'Failed to parse search_after value for field [__anonymous_long].';
      }
      return undefined;
    });
    if (message === undefined) return;
    if (message !== '') {
      const code = message.startsWith('Failed to parse search_after') ? 'cluster.field-value' : 'cluster.date-value';
      walk.out.push({ code, message, path: ['search_after', i], target: 'value' });
      return;
    }
  }
  // A sort of scores and documents alone is the body rules'.
  if (entries.every((e) => scoreOrDoc(e.name))) return;
  if (nullRefusal !== undefined && nullRefusal !== 'unknown') {
    walk.out.push({
      code: 'cluster.field-value',
      message: nullRefusal.message,
      path: ['search_after', nullRefusal.at],
      target: 'value',
    });
  }
}

/**
 * The comparator's class of a mapping type's sort, for a null search_after value (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; cases `cross/lists/search-after-null/*`): a `boolean` is compared as an int. Keywords and addresses are
 * compared as texts, where a null is a missing value.
 */
const NULL_BOXES: ReadonlyMap<string, NumberBox> = new Map([
  ['long', 'Long'],
  ['date', 'Long'],
  ['date_nanos', 'Long'],
  ['integer', 'Integer'],
  ['short', 'Integer'],
  ['byte', 'Integer'],
  ['boolean', 'Integer'],
  ['double', 'Double'],
  ['float', 'Float'],
  ['half_float', 'Float'],
]);
/** An `unsigned_long` compares big integers, and fails on the null where it first compares one. */
const UNSIGNED_NULL =
  'Cannot invoke "java.math.BigInteger.compareTo(java.math.BigInteger)" because "this.this$0.topValue" is null';
const TEXT_SORTED = new Set(['keyword', 'ip']);

/** The options of a `_geo_distance` sort: its other member names the field. */
const GEO_DISTANCE_OPTIONS = new Set([
  'order',
  'unit',
  'mode',
  'distance_type',
  'validation_method',
  'ignore_unmapped',
  'nested',
  'nested_path',
  'nested_filter',
]);

/** What a null search_after value for the sort on `name` gives: the shards' failure, '' for none, undefined unknown. */
function nullSortRefusal(
  name: string,
  options: Readonly<Record<string, unknown>> | undefined,
  walk: Walk,
): string | undefined {
  if (name === '_score') return nullUnboxed('Float');
  if (name === '_doc') return nullUnboxed('Integer');
  if (name === '_geo_distance' || name === '_geoDistance') {
    // A distance to points of a `geo_point` field is compared as a double.
    const fields = options === undefined ? [] : Object.keys(options).filter((key) => !GEO_DISTANCE_OPTIONS.has(key));
    const field = fields.length === 1 ? fields[0]! : undefined;
    if (field === undefined || !checkable(field, walk.defined)) return undefined;
    return everywhere(walk.indexes, (types) => (types.get(field) === 'geo_point' ? nullUnboxed('Double') : undefined));
  }
  if (!checkable(name, walk.defined)) return undefined;
  const unmappedAs = options?.['unmapped_type'];
  return everywhere(walk.indexes, (fields) => {
    const type =
      fields.get(name) ?? (typeof unmappedAs === 'string' && !mayBeImplicit(fields, name) ? unmappedAs : undefined);
    if (type === undefined) return undefined;
    if (type === 'unsigned_long') return UNSIGNED_NULL;
    const box = NULL_BOXES.get(type);
    return box !== undefined ? nullUnboxed(box) : TEXT_SORTED.has(type) ? '' : undefined;
  });
}

function collapseFindings(collapse: unknown, indexes: IndexFields, defined: ReadonlySet<string>): MappingFinding[] {
  if (!isObject(collapse)) return [];
  const field = collapse['field'];
  if (typeof field !== 'string' || !checkable(field, defined)) return [];
  const message = everywhere(indexes, (fields) => {
    const type = fields.get(field);
    if (unmapped(fields, field)) {
      return `no mapping found for \`${field}\` in order to collapse on`;
    }
    if (type !== undefined && NOT_COLLAPSIBLE.has(type)) {
      return `unknown type for collapse field \`${field}\`, only keywords and numbers are accepted`;
    }
    return undefined;
  });
  return message === undefined
    ? []
    : [{ code: 'cluster.collapse-field', message, path: ['collapse', 'field'], target: 'value' }];
}

function nestedFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  if (name !== 'nested' || isOn(body['ignore_unmapped'])) return [];
  // The parser's loop passes over the brackets of a list and of lists inside it (`[["items"]]` is `items`).
  const named = lastName(body['path'], [...path, 'path'], rawAt, true);
  if (named === undefined) return [];
  const nestedPath = named.name;
  const message = everywhere(indexes, (fields) => {
    const type = fields.get(nestedPath);
    if (type === 'nested') return undefined;
    if (type === 'object') return `[nested] nested object under path [${nestedPath}] is not of nested type`;
    return `[nested] failed to find nested object under path [${nestedPath}]`;
  });
  return message === undefined ? [] : [{ code: 'cluster.nested-path', message, path: named.path, target: 'value' }];
}

/**
 * The last of an array of names (read one after the other), or the name itself; with its path. `deep`: a loop that
 * passes over every bracket (the nested query's) reads the last name of lists inside the list too.
 */
function lastName(
  raw: unknown,
  path: JsonPath,
  rawAt: (path: JsonPath) => string,
  deep = false,
): { name: string; path: JsonPath } | undefined {
  const list: readonly unknown[] | undefined = Array.isArray(raw) ? raw : undefined;
  const at = list === undefined ? path : [...path, list.length - 1];
  const value = list === undefined ? raw : list[list.length - 1];
  if (deep && Array.isArray(value)) return lastName(value, at, rawAt, true);
  // A number is read as its text, as written (`1.50`).
  const name = typeof value === 'number' ? rawAt(at) : nameText(value);
  // An empty name is looked up too, and found nowhere (conformance cases `cross/lists/shard/*-` on the four versions).
  if (name === undefined || name.includes('${')) return undefined;
  return { name, path: at };
}

/**
 * `terms_set`'s `minimum_should_match_field` (read as text) on a field no searched index maps, where it has terms: each
 * shard fails looking it up (real 3.9.0 and 2.19.6; conformance cases `query/terms_set/minimum_should_match_field/*`).
 */
function termsSetFieldFindings(
  clause: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  if (clause !== 'terms_set') return [];
  const field = Object.keys(body)[0];
  const options = field === undefined ? undefined : body[field];
  if (field === undefined || !isObject(options)) return [];
  // Without a term the query matches nothing and no shard looks the field up (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
  // cases `cross/lists/shard/terms-set-field-no-terms-*`).
  const terms = options['terms'];
  if (!Array.isArray(terms) || terms.length === 0) return [];
  const named = lastName(options['minimum_should_match_field'], [...path, field, 'minimum_should_match_field'], rawAt);
  if (named === undefined) return [];
  const message =
    everywhere(indexes, (fields) =>
      fields.has(named.name) ? undefined : `failed to find minimum_should_match field [${named.name}]`,
    ) ?? failsEverywhere(indexes, (fields, mapping) => numericFieldDataRefusal(fields, mapping, named.name));
  return message === undefined ? [] : [{ code: 'cluster.terms-set-field', message, path: named.path, target: 'value' }];
}

/** The field data classes of the families whose values are no numbers, as a failed cast names them. */
const FIELD_DATA_CLASS: Partial<Record<Family, string>> = {
  keyword: 'SortedSetOrdinalsIndexFieldData',
  ip: 'SortedSetOrdinalsIndexFieldData',
  range: 'BinaryIndexFieldData',
  geo_point: 'AbstractLatLonPointIndexFieldData$LatLonPointIndexFieldData',
  geo_shape: 'AbstractGeoShapeIndexFieldData$GeoShapeIndexFieldData',
};

/**
 * A field read for a number per document (`terms_set`'s `minimum_should_match_field`, `field_value_factor`'s `field`):
 * one without field data fails as a sort on it does, and one whose field data holds no numbers fails a cast on every
 * shard (`failed to create query: class ...SortedSetOrdinalsIndexFieldData cannot be cast to class
 * ...IndexNumericFieldData ...`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/shard/terms-set-field-on-*`, `field-value-factor-on-*`). '' for a number, a date or a boolean; undefined
 * when the type is not judged.
 */
function numericFieldDataRefusal(
  fields: ReadonlyMap<string, string>,
  mapping: IndexMapping,
  field: string,
): string | undefined {
  const type = fields.get(field);
  if (type === undefined) return undefined;
  const none = noFielddata(fields, mapping, field);
  if (none !== undefined) return none;
  const family = familyOf(type);
  if (family !== undefined && readAsNumbers(family)) return '';
  const cls = family === undefined ? undefined : FIELD_DATA_CLASS[family];
  if (cls === undefined) return undefined;
  const from = `org.opensearch.index.fielddata.plain.${cls}`;
  const to = 'org.opensearch.index.fielddata.IndexNumericFieldData';
  return `failed to create query: class ${from} cannot be cast to class ${to} (${from} and ${to} are in unnamed module of loader 'app')`;
}

/** `has_child` and `has_parent` on a name the index's join field does not hold in that role. */
function joinFindings(
  clause: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  const role =
    clause === 'has_child' || clause === 'parent_id' ? 'child' : clause === 'has_parent' ? 'parent' : undefined;
  if (role === undefined || isOn(body['ignore_unmapped'])) return [];
  const param = role === 'child' ? 'type' : 'parent_type';
  const named = lastName(body[param], [...path, param], rawAt);
  if (named === undefined) return [];
  const message = everywhere(indexes, (_types, mapping) => {
    if (mapping.join === undefined)
      return clause === 'parent_id' ? undefined : `[${clause}] no join field has been configured`;
    const relations = mapping.join.relations;
    if (relations === undefined) return undefined;
    const held =
      role === 'parent'
        ? Object.hasOwn(relations, named.name)
        : Object.values(relations).some((children) => children.includes(named.name));
    if (held) return undefined;
    // parent_id names no join field, only the relation it looked for (real 3.9.0 and 2.19.6).
    return clause === 'parent_id'
      ? `[parent_id] no relation found for child [${named.name}]`
      : `[${clause}] join field [${mapping.join.name}] doesn't hold [${named.name}] as a ${role}`;
  });
  return message === undefined ? [] : [{ code: 'cluster.join-relation', message, path: named.path, target: 'value' }];
}

/**
 * The name `geo_polygon` reads as its field: each object member names it in turn, so the last one wins (the points of
 * every object add up). Undefined when the body names none, or when a member's name is an integer, whose place among
 * the members the parsed object no longer keeps.
 */
function geoPolygonField(body: Record<string, unknown>): string | undefined {
  let field: string | undefined;
  for (const key in body) {
    if (/^\d+$/.test(key)) return undefined;
    if (isObject(body[key])) field = key;
  }
  return field;
}

/**
 * `geo_polygon` on a field that is no geo_point field: "failed to find geo_point field" when the index does not map
 * it (unless `ignore_unmapped`), "is not a geo_point field" when it maps it with another type (whatever
 * `ignore_unmapped` says). Real 3.8.0 and 2.19.1, docs/opensearch/query-dsl.md#geo-queries.
 */
function geoPolygonFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  if (name !== 'geo_polygon') return [];
  const field = geoPolygonField(body);
  // A name that starts with `_` is an ordinary name unless it is a metadata field's.
  if (field === undefined || OTHER_METADATA_FIELDS.has(field) || !checkable(field.replace(/^_+/, ''), defined)) {
    return [];
  }
  const ignoreUnmapped = isOn(body['ignore_unmapped']);
  // Each index's answer: the failure, '' when the query runs, undefined when it is not known here. Only an answer
  // every index gives decides; otherwise the Warning stays.
  const message = everywhere(indexes, (fields) => {
    if (CORE_METADATA_FIELDS.has(field)) return `field [${field}] is not a geo_point field`;
    if (unmapped(fields, field)) return ignoreUnmapped ? '' : `failed to find geo_point field [${field}]`;
    const type = fields.get(field);
    // An alias is read as the field it points to, which is not known here.
    if (type === undefined || type === 'alias') return undefined;
    return type === 'geo_point' ? '' : `field [${field}] is not a geo_point field`;
  });
  if (message === undefined) return [];
  // Every object member after the first was warned of (query.geo-second-field): the mapping has decided.
  const settled: MappingFinding[] = Object.keys(body)
    .filter((key) => isObject(body[key]))
    .slice(1)
    .map((key) => ({ code: undefined, message: '', path: [...path, key], target: 'key' }));
  return message === ''
    ? settled
    : [...settled, { code: 'cluster.geo-field', message, path: [...path, field], target: 'key' }];
}

/** The options of `geo_distance` and `geo_bounding_box`: the members that name no field. */
const GEO_OPTIONS = new Set([
  'boost',
  '_name',
  'ignore_unmapped',
  'validation_method',
  'distance',
  'unit',
  'distance_type',
  'type',
]);

/**
 * The field `geo_distance` or `geo_bounding_box` reads: geo_distance's first member holding its point (an object, a
 * list, a text, or a name ending in `.lat` or `.lon`), geo_bounding_box's last member holding a box (an object, or a
 * list with one). Undefined where that is not plain.
 */
function geoClauseField(name: string, body: Record<string, unknown>): string | undefined {
  let field: string | undefined;
  for (const key in body) {
    if (/^\d+$/.test(key)) return undefined;
    const value = body[key];
    if (name === 'geo_bounding_box') {
      if (isObject(value) || (Array.isArray(value) && value.some(isObject))) field = key;
      continue;
    }
    if (key.endsWith('.lat') || key.endsWith('.lon')) return key.slice(0, -'.lat'.length);
    if (value === null || GEO_OPTIONS.has(key)) continue;
    return key;
  }
  return field;
}

const MAPPER = 'org.opensearch.index.mapper.';
const NUMBER_FIELD_TYPE = `${MAPPER}NumberFieldMapper$NumberFieldType`;
const RANGE_FIELD_TYPE = `${MAPPER}RangeFieldMapper$RangeFieldType`;
const DATE_FIELD_TYPE = `${MAPPER}DateFieldMapper$DateFieldType`;

/**
 * The Java class of a field type by its mapping type, as a shard prints it where it names the field type's object
 * (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/geo-*-field-*`). One class serves every
 * number type, every range type, and `date` with `date_nanos` (`NumberFieldMapper.NumberType`, `RangeType`,
 * `DateFieldMapper.Resolution`).
 */
const FIELD_TYPE_CLASSES: ReadonlyMap<string, string> = new Map([
  ['text', `${MAPPER}TextFieldMapper$TextFieldType`],
  ['keyword', `${MAPPER}KeywordFieldMapper$KeywordFieldType`],
  ['boolean', `${MAPPER}BooleanFieldMapper$BooleanFieldType`],
  ['ip', `${MAPPER}IpFieldMapper$IpFieldType`],
  ['date', DATE_FIELD_TYPE],
  ['date_nanos', DATE_FIELD_TYPE],
  ...['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'unsigned_long'].map(
    (type) => [type, NUMBER_FIELD_TYPE] as const,
  ),
  ...['integer_range', 'long_range', 'float_range', 'double_range', 'date_range', 'ip_range'].map(
    (type) => [type, RANGE_FIELD_TYPE] as const,
  ),
  ['rank_feature', `${MAPPER}RankFeatureFieldMapper$RankFeatureFieldType`],
  ['rank_features', `${MAPPER}RankFeaturesFieldMapper$RankFeaturesFieldType`],
  ['join', 'org.opensearch.join.mapper.ParentJoinFieldMapper$JoinFieldType'],
  ['percolator', 'org.opensearch.percolator.PercolatorFieldMapper$PercolatorFieldType'],
]);

/**
 * `geo_distance` and `geo_bounding_box` on a field no geo field: each shard looks the field up before anything else,
 * `failed to find geo field [<name>]` when the index does not map it (unless `ignore_unmapped`, which matches
 * nothing), and a field of another type than `geo_point` or `geo_shape` is not supported for the query (real 3.9.0,
 * 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/geo-*`). `geo_shape` says `failed to find type for
 * field [<name>]` (cases `cross/lists/shard/geo-shape-unmapped-*`).
 */
function geoFieldFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  if (name !== 'geo_distance' && name !== 'geo_bounding_box' && name !== 'geo_shape') return [];
  const field = geoClauseField(name, body);
  if (field === undefined || !checkable(field, defined)) return [];
  const ignoreUnmapped = isOn(body['ignore_unmapped']);
  if (name === 'geo_shape') {
    // A field of another type is judged with the other queries (queryFieldTypes.ts).
    const missing = everywhere(indexes, (fields) =>
      unmapped(fields, field) && !ignoreUnmapped ? `failed to find type for field [${field}]` : undefined,
    );
    return missing === undefined
      ? []
      : [{ code: 'cluster.geo-field', message: missing, path: [...path, field], target: 'key' }];
  }
  const message = everywhere(indexes, (fields) => {
    if (unmapped(fields, field)) return ignoreUnmapped ? undefined : `failed to find geo field [${field}]`;
    const type = fields.get(field);
    if (type === undefined || type === 'alias' || type === 'geo_point' || type === 'geo_shape') return undefined;
    const words = `for field [${field}] is not supported for [${name}] queries. Must be one of [geo_point] or [geo_shape]`;
    // The shard names the field type by its Java object, whose identity hash changes with every start of the JVM.
    const javaType = FIELD_TYPE_CLASSES.get(type);
    return javaType === undefined
      ? `the [${type}] field [${field}] is not supported for [${name}] queries: every shard fails with "type [...] ${words}"`
      : `type [${javaType}@…] ${words} (every shard fails so: a [${type}] field is no geo field; the server names its type by its Java object)`;
  });
  return message === undefined ? [] : [{ code: 'cluster.geo-field', message, path: [...path, field], target: 'key' }];
}

/**
 * `distance_feature`'s `origin` written as text on a date field, read with the field's format before the pivot (real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/distance-feature-date-origin-*`).
 */
function distanceFeatureOriginFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  const field = body['field'];
  if (name !== 'distance_feature' || typeof field !== 'string' || !checkable(field, defined)) return [];
  const error = dateValueError(indexes, field, body['origin'], false, false);
  return error === undefined ? [] : [dateFinding(error, [...path, 'origin'])];
}

/**
 * A search that asks for no hits (`size: 0`), or whose query or post filter is rewritten to `match_none` where it is
 * coordinated (rewrite.ts), fetches none: what only a fetched hit reads is never read.
 */
function fetchesNoHits(body: Record<string, unknown>): boolean {
  return body['size'] === 0 || body['size'] === '0' || matchesNoDocument(body);
}

/**
 * The formats of `docvalue_fields` and `fields` entries of a search that fetches hits, which each shard reads with
 * the field's type: `keyword`, `ip`, `geo_point` and `boolean` take none (`Field [kw] of type [keyword] does not
 * support custom formats`), and on a date field the format is a date format (`Invalid format: [...]`, `No date
 * pattern provided`); a number field's is a decimal pattern, left alone (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/docvalue-*`,
 * `cross/lists/shard/fields-*`).
 */
function fieldFormatFindings(
  body: Record<string, unknown>,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  server: TargetServer,
): MappingFinding[] {
  const out: MappingFinding[] = [];
  for (const section of ['docvalue_fields', 'fields']) {
    const entries = body[section];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry: unknown, i) => {
      if (!isObject(entry)) return;
      const field = entry['field'];
      const format = entry['format'];
      if (typeof field !== 'string' || typeof format !== 'string' || !checkable(field, defined)) return;
      const message =
        noCustomFormat(indexes, field) ??
        (server.distribution === 'opensearch' && everywhere(indexes, (fields) => dateField(fields, field)) !== undefined
          ? dateFormatError(format, server.version)
          : undefined);
      if (message !== undefined) {
        out.push({ code: 'cluster.field-format', message, path: [section, i, 'format'], target: 'value' });
      }
    });
  }
  return out;
}

/**
 * The `docvalue_fields` of a search that fetches hits, read from each field's field data: a field that has none fails
 * each shard that fetches a hit as a sort on it does (`text` without `fielddata`, `percolator`, rank features; real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/shard/docvalue-on-*`).
 */
function docvalueFielddata(
  body: Record<string, unknown>,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  const entries = body['docvalue_fields'];
  if (!Array.isArray(entries)) return [];
  for (let i = 0; i < entries.length; i++) {
    const entry: unknown = entries[i];
    const field = isObject(entry) ? entry['field'] : entry;
    if (typeof field !== 'string' || !checkable(field, defined)) continue;
    const message = everywhere(indexes, (fields, mapping) => noFielddata(fields, mapping, field));
    if (message !== undefined) {
      const path = isObject(entry) ? ['docvalue_fields', i, 'field'] : ['docvalue_fields', i];
      return [{ code: 'cluster.fielddata', message, path, target: 'value' }];
    }
  }
  return [];
}

/**
 * The fast vector highlighter (`"type": "fvh"`, on a field or for all) on a field whose mapping keeps no term vectors
 * with positions and offsets: each shard that highlights a hit fails with `the field [text] should be indexed with
 * term vector with position offsets to be used with fast vector highlighter`, whatever the field's type (real 3.9.0,
 * 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/shard/highlight-fvh-on-*`). A search that asks for no hits
 * highlights none.
 */
function highlighterFindings(
  body: Record<string, unknown>,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  const highlight = body['highlight'];
  if (!isObject(highlight)) return [];
  const fields = highlight['fields'];
  const entries: [string, unknown, JsonPath][] = [];
  if (isObject(fields)) for (const name in fields) entries.push([name, fields[name], ['highlight', 'fields', name]]);
  else if (Array.isArray(fields)) {
    fields.forEach((item: unknown, i) => {
      if (isObject(item)) for (const name in item) entries.push([name, item[name], ['highlight', 'fields', i, name]]);
    });
  }
  for (const [field, options, path] of entries) {
    const type = isObject(options) && options['type'] !== undefined ? options['type'] : highlight['type'];
    if (type !== 'fvh' || !checkable(field, defined)) continue;
    const message = failsEverywhere(indexes, (types, mapping) => {
      if (types.get(field) === undefined) return undefined;
      return mapping.offsets.has(field)
        ? ''
        : `the field [${field}] should be indexed with term vector with position offsets to be used with fast vector highlighter`;
    });
    if (message !== undefined) {
      return [{ code: 'cluster.highlighter', message, path, target: 'key' }];
    }
  }
  return [];
}

/**
 * A completion suggester on a field mapped with another type than `completion`: `Field [kw] is not a completion
 * suggest field` on every shard (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/shard/completion-on-*`).
 */
function completionFindings(suggest: unknown, indexes: IndexFields, defined: ReadonlySet<string>): MappingFinding[] {
  if (!isObject(suggest)) return [];
  const out: MappingFinding[] = [];
  for (const name in suggest) {
    const suggester = suggest[name];
    const completion = isObject(suggester) ? suggester['completion'] : undefined;
    const field = isObject(completion) ? completion['field'] : undefined;
    if (typeof field !== 'string' || !checkable(field, defined)) continue;
    const message = failsEverywhere(indexes, (fields) => {
      const type = fields.get(field);
      if (type === undefined) return undefined;
      return type === 'completion' ? '' : `Field [${field}] is not a completion suggest field`;
    });
    if (message !== undefined) {
      out.push({
        code: 'cluster.completion-field',
        message,
        path: ['suggest', name, 'completion', 'field'],
        target: 'value',
      });
    }
  }
  return out;
}

/**
 * A `percolate` query's `field`, which each shard looks up as a `percolator` field: none of that name (an object has no
 * field of its own) is `field [x] does not exist`, one of another type `expected field [kw] to be of type [percolator],
 * but is of type [keyword]` (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/values/percolate-*`).
 * The name is never resolved as a pattern (`field [que*] does not exist`); a metadata field's is not judged.
 */
function percolateFindings(
  name: string,
  body: Record<string, unknown>,
  at: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  const field = body['field'];
  if (name !== 'percolate' || typeof field !== 'string' || field.includes('${')) return [];
  const finding = (message: string | undefined): MappingFinding[] =>
    message === undefined
      ? []
      : [{ code: 'cluster.query-field-type', message, path: [...at, 'field'], target: 'value' }];
  // The name is looked up as written: the empty name and a wildcard are names no index maps.
  if (field === '' || field.includes('*')) return finding(mappedNowhere(indexes, field));
  if (field.startsWith('_') && !defined.has(field)) return finding(percolatorOfUnderscore(field, indexes));
  if (!checkable(field, defined)) return [];
  const message = failsEverywhere(indexes, (fields) => {
    if (unmapped(fields, field)) return `field [${field}] does not exist`;
    const type = fields.get(field);
    if (type === undefined) return undefined;
    return type === 'percolator'
      ? ''
      : `expected field [${field}] to be of type [percolator], but is of type [${type}]`;
  });
  return finding(message);
}

/** Metadata fields whose type, named as the field, a percolate query was seen to refuse (cases `percolate-field-name-*`). */
const METADATA_TYPED_AS_NAMED: ReadonlySet<string> = new Set([
  '_id',
  '_index',
  '_routing',
  '_source',
  '_seq_no',
  '_version',
  '_ignored',
  '_field_names',
]);

/**
 * A percolate query's `field` starting with `_`: a metadata field is no percolator (its type is named as it is), a
 * name no index maps and no metadata field has does not exist; other metadata fields are not judged.
 */
function percolatorOfUnderscore(field: string, indexes: IndexFields): string | undefined {
  if (METADATA_TYPED_AS_NAMED.has(field)) {
    return `expected field [${field}] to be of type [percolator], but is of type [${field}]`;
  }
  if (CORE_METADATA_FIELDS.has(field) || OTHER_METADATA_FIELDS.has(field)) return undefined;
  return mappedNowhere(indexes, field);
}

/** `field [x] does not exist` when no searched index maps the name as written. */
function mappedNowhere(indexes: IndexFields, field: string): string | undefined {
  return everywhere(indexes, (fields) => (fields.has(field) ? undefined : `field [${field}] does not exist`));
}

/**
 * A `percolate` query's `document` (or each of its `documents`), which each shard parses with the index's mappings when
 * it builds the query: a value its field's type refuses fails it (`failed to parse field [num] of type [long] in
 * document with id '_temp_id'. Preview of field's value: 'x'`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/percolate-document/*`). The members are read in order, the first refusal reported; the walk stops at
 * what is not judged (a dotted name, an object for a field of values, a type or value documentValueRead leaves).
 */
function percolateDocumentFindings(
  name: string,
  body: Record<string, unknown>,
  at: JsonPath,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  const field = body['field'];
  if (name !== 'percolate' || typeof field !== 'string') return [];
  if (everywhere(indexes, (fields) => (fields.get(field) === 'percolator' ? 'percolator' : undefined)) === undefined) {
    return [];
  }
  const documents: [unknown, JsonPath][] = [];
  if (body['document'] !== undefined) documents.push([body['document'], [...at, 'document']]);
  const list = body['documents'];
  if (Array.isArray(list)) list.forEach((document, i) => documents.push([document, [...at, 'documents', i]]));
  for (const [document, path] of documents) {
    if (!isObject(document)) return [];
    const found = documentRefusal(document, path, '', indexes, rawAt);
    if (found === 'unknown') return [];
    if (found !== undefined) return [found];
  }
  return [];
}

/** The first value of a document object its field refuses on every index; 'unknown' where the walk has to stop. */
function documentRefusal(
  object: Record<string, unknown>,
  path: JsonPath,
  prefix: string,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
): MappingFinding | 'unknown' | undefined {
  for (const key in object) {
    if (key === '') return 'unknown';
    const name = prefix + key;
    if (key.includes('.')) {
      // A dotted name stands for objects inside each other: where one of them is nested, no value may be added so.
      const nested = nestedAlong(name, prefix, indexes);
      return nested === undefined
        ? 'unknown'
        : {
            code: 'cluster.field-value',
            message: `failed to create query: Cannot add a value for field [${name}] since one of the intermediate objects is mapped as a nested object: [${nested}]`,
            path: [...path, key],
            target: 'key',
          };
    }
    const member = object[key];
    const values: readonly unknown[] = Array.isArray(member) ? member : [member];
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      const at = Array.isArray(member) ? [...path, key, i] : [...path, key];
      if (isObject(value)) {
        const kinds = new Set(indexes.map((mapping) => mapping.types.get(name)));
        const [kind] = kinds;
        // An empty object for a field of values is refused, shown as `{}`; what else it shows is not judged.
        if (kinds.size === 1 && kind !== undefined && DOCUMENT_VALUE_TYPES.has(kind) && firstKey(value) === undefined) {
          return documentFailure(name, kind, '{}', at);
        }
        if (kinds.size !== 1 || !(kinds.has('object') || kinds.has('nested'))) return 'unknown';
        const inner = documentRefusal(value, at, `${name}.`, indexes, rawAt);
        if (inner !== undefined) return inner;
        continue;
      }
      if (Array.isArray(value)) return 'unknown';
      // A number is read as written: its text is looked up once for every index.
      const written = typeof value === 'number' ? rawAt(at) : undefined;
      let type: string | undefined;
      let read: 'ok' | 'failed' | 'unknown' | undefined;
      for (const mapping of indexes) {
        const own = mapping.types.get(name);
        const verdict =
          own === undefined ? 'unknown' : documentValueRead(own, value, mapping.formatted.has(name), written);
        if ((type !== undefined && own !== type) || (read !== undefined && verdict !== read)) return 'unknown';
        type = own;
        read = verdict;
      }
      if (read === 'unknown' || read === undefined || type === undefined) return 'unknown';
      if (read === 'failed') return documentFailure(name, type, written ?? String(value), at);
    }
  }
  return undefined;
}

/** The first object a dotted document name passes through (after `prefix`) that every index maps as nested. */
function nestedAlong(name: string, prefix: string, indexes: IndexFields): string | undefined {
  const parts = name.slice(prefix.length).split('.');
  let path = prefix.slice(0, -1);
  for (let i = 0; i < parts.length - 1; i++) {
    path = path === '' ? parts[i]! : `${path}.${parts[i]!}`;
    const here = path;
    if (everywhere(indexes, (fields) => (fields.get(here) === 'nested' ? 'nested' : undefined)) !== undefined) {
      return here;
    }
  }
  return undefined;
}

function documentFailure(name: string, type: string, preview: string, path: JsonPath): MappingFinding {
  return {
    code: 'cluster.field-value',
    message: `failed to create query: failed to parse field [${name}] of type [${type}] in document with id '_temp_id'. Preview of field's value: '${preview}'`,
    path,
    target: 'value',
  };
}

/**
 * A term or phrase suggester's `field` that no searched index maps (`no mapping found for field [x]`), or its
 * `analyzer` that none has (`analyzer [x] doesn't exists`, when the nodes add no analyzer): each shard fails when it
 * builds the suggester, the field looked up first (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/suggest/*`). Both are read as text, a number or a boolean as written.
 */
function suggesterFindings(suggest: unknown, walk: Walk): MappingFinding[] {
  if (!isObject(suggest)) return [];
  const out: MappingFinding[] = [];
  for (const name in suggest) {
    const suggestion = suggest[name];
    if (!isObject(suggestion)) continue;
    for (const kind of ['term', 'phrase']) {
      const options = suggestion[kind];
      if (!isObject(options)) continue;
      const path = ['suggest', name, kind];
      const field = scalarText(options['field'], [...path, 'field'], walk);
      if (field === undefined || !checkable(field, walk.defined)) continue;
      const unmapped = failsEverywhere(walk.indexes, (fields) =>
        fields.has(field) ? '' : `no mapping found for field [${field}]`,
      );
      if (unmapped !== undefined) {
        out.push({ code: 'cluster.suggest-field', message: unmapped, path: [...path, 'field'], target: 'value' });
        continue;
      }
      const analyzer = scalarText(options['analyzer'], [...path, 'analyzer'], walk);
      if (analyzer === undefined || !walk.coreOnly || analyzerKnown(analyzer, walk.indexes)) continue;
      out.push({
        code: 'cluster.analyzer-not-found',
        message: `analyzer [${analyzer}] doesn't exists`,
        path: [...path, 'analyzer'],
        target: 'value',
      });
    }
  }
  return out;
}

/** The text OpenSearch reads of a scalar: a number or a boolean as written; undefined for anything else. */
function scalarText(value: unknown, path: JsonPath, walk: Walk): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? walk.rawAt(path) : undefined;
}

/**
 * `field_value_factor` (alone, or in `function_score`'s functions) on a field no index maps, without `missing`: each
 * shard fails with `Unable to find a field mapper for field [<name>]. No 'missing' value defined.` (real 3.9.0, 3.8.0,
 * 2.19.6 and 2.19.1; conformance case `cross/lists/more/field-value-factor-field-number`). The field is read as text,
 * a number as written.
 */
function fieldValueFactorFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  if (name !== 'function_score') return [];
  const places: [Record<string, unknown>, JsonPath][] = [];
  if (isObject(body['field_value_factor'])) places.push([body['field_value_factor'], [...path, 'field_value_factor']]);
  const functions = body['functions'];
  if (Array.isArray(functions)) {
    functions.forEach((entry: unknown, i) => {
      if (isObject(entry) && isObject(entry['field_value_factor'])) {
        places.push([entry['field_value_factor'], [...path, 'functions', i, 'field_value_factor']]);
      }
    });
  }
  const out: MappingFinding[] = [];
  for (const [options, at] of places) {
    const raw = options['field'];
    if (readsMissing(options['missing'])) continue;
    const field =
      typeof raw === 'string'
        ? raw
        : typeof raw === 'number' || typeof raw === 'boolean'
          ? rawAt([...at, 'field'])
          : undefined;
    if (field === undefined || !checkable(field, defined)) continue;
    const message =
      everywhere(indexes, (fields) =>
        fields.get(field) !== undefined || mayBeImplicit(fields, field)
          ? undefined
          : `failed to create query: Unable to find a field mapper for field [${field}]. No 'missing' value defined.`,
      ) ?? failsEverywhere(indexes, (fields, mapping) => numericFieldDataRefusal(fields, mapping, field));
    if (message !== undefined)
      out.push({ code: 'cluster.function-field', message, path: [...at, 'field'], target: 'value' });
  }
  return out;
}

/**
 * Whether field_value_factor's loop reads a `missing`: a value, or one inside a list, at any depth (the loop steps into
 * lists and skips null; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/more/field-value-factor-*`).
 * An object is left to the parse checks (its end ends the loop).
 */
function readsMissing(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(readsMissing);
  return value !== undefined && value !== null;
}

/** The clauses that build no query, and so read no rewrite method, on a field the index does not map. */
const REWRITE_MAPPED_ONLY = new Set(['prefix', 'wildcard', 'fuzzy']);

/**
 * `prefix`, `wildcard` and `fuzzy` read their `rewrite` only when they build a query on a field the index maps: on a
 * field no searched index maps, a rewrite method the body's own check refuses is never read and the search runs (real
 * 3.9.0 and 2.19.6; `regexp` and `query_string` read it first; conformance cases `cross/lists/shard/rewrite-*`).
 */
function rewriteSettled(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
): MappingFinding[] {
  if (!REWRITE_MAPPED_ONLY.has(name)) return [];
  const field = Object.keys(body)[0];
  if (field === undefined) return [];
  const options = body[field];
  if (!isObject(options) || options['rewrite'] === undefined) return [];
  return unmappedEverywhere(indexes, field)
    ? [
        {
          code: undefined,
          settles: 'query.invalid-value',
          message: '',
          path: [...path, field, 'rewrite'],
          target: 'value',
        },
      ]
    : [];
}

/**
 * A `rank_feature` query on a field no searched index maps matches nothing: its score function is never built, so a
 * number the body's own check says a shard refuses (rankFeatureBuildRefusal) fails nothing (real 3.9.0, 3.8.0, 2.19.6
 * and 2.19.1; cases `cross/lists/values/rank-feature-*-unmapped`).
 */
function rankFeatureSettled(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
): MappingFinding[] {
  if (name !== 'rank_feature' || typeof body.field !== 'string') return [];
  const field = body.field;
  if (!unmappedEverywhere(indexes, field)) return [];
  const out: MappingFinding[] = [];
  for (const key in body) {
    const options = body[key];
    const refused = isObject(options) ? rankFeatureBuildRefusal(key, options) : undefined;
    if (refused === undefined) continue;
    out.push({
      code: undefined,
      settles: 'query.wrong-type',
      message: '',
      path: [...path, key, refused.key],
      target: 'value',
    });
  }
  return out;
}

/** Whether a `like` or `unlike` holds a text (not only documents). */
function holdsText(value: unknown): boolean {
  return typeof value === 'string' || (Array.isArray(value) && value.some((item) => typeof item === 'string'));
}

/**
 * `more_like_this` with a text and no `fields` (or a null one) on indexes whose `index.query.default_field` is the default `*`: the
 * query cannot pick a field for the text.
 */
function moreLikeThisFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
): MappingFinding[] {
  // A null `fields` is no fields: the parser reads it as not given (conformance case `query/more_like_this/fields/null`).
  if (name !== 'more_like_this' || (body['fields'] !== undefined && body['fields'] !== null)) return [];
  if (!holdsText(body['like']) && !holdsText(body['unlike'])) return [];
  const message = everywhere(indexes, (_types, mapping) => {
    const fields = mapping.defaultField;
    return Array.isArray(fields) && fields.length === 1 && fields[0] === '*'
      ? '[more_like_this] query cannot infer the field to analyze the free text, you should update the [index.query.default_field] index setting to a field that exists in the mapping or set the [fields] option in the query.'
      : undefined;
  });
  return message === undefined ? [] : [{ code: 'cluster.more-like-this-fields', message, path, target: 'key' }];
}

/** What the field's mapping type says of one aggregation's `format`, `value_type` and `missing`. */
/** The bounds of a range query, and those of a date_range aggregation's ranges (a boolean there is refused as a token). */
const RANGE_BOUNDS = ['gt', 'gte', 'lt', 'lte', 'from', 'to'];
const DATE_RANGE_BOUNDS = ['from', 'to'];

/**
 * Why every searched index refuses a date written as `value` in `field`: a `date` field whose mapping gives no format
 * of its own reads a text (a boolean as its text) with its default format and date math, on each shard (real 3.8.0
 * and 2.19.1; docs/opensearch/json-and-values.md#dates-in-date-fields). Numbers are read as epoch milliseconds.
 * `unmappedToo`: a field no index maps is read so as well (a `date_range` aggregation's bounds).
 */
function dateValueError(
  indexes: IndexFields,
  field: string,
  value: unknown,
  roundUp: boolean,
  booleans: boolean,
  unmappedToo = false,
): string | undefined {
  if (typeof value !== 'string' && !(booleans && typeof value === 'boolean')) return undefined;
  if (typeof value === 'string' && value.includes('${')) return undefined;
  const error = defaultDateError(String(value), roundUp);
  if (error === undefined) return undefined;
  const every = everywhere(indexes, (fields, mapping) =>
    (fields.get(field) === 'date' && !mapping.formatted.has(field)) || (unmappedToo && unmapped(fields, field))
      ? 'date'
      : undefined,
  );
  return every === undefined ? undefined : error;
}

/**
 * A date given with a `format` of the request's own (a range query's, a `date_range` aggregation's), read on every date
 * field with that format (docs/opensearch/json-and-values.md#dates-in-date-fields); `unmappedToo`: on a field no index
 * maps as well.
 */
function formattedValueError(
  indexes: IndexFields,
  field: string,
  value: unknown,
  format: unknown,
  roundUp: boolean,
  unmappedToo = false,
): string | undefined {
  const error = formattedTextError(value, format, roundUp);
  return error !== undefined && dateEverywhere(indexes, field, unmappedToo) ? error : undefined;
}

/** Why a date of the request's own `format` does not read (undefined when it does, or is not a text to judge). */
function formattedTextError(value: unknown, format: unknown, roundUp: boolean): string | undefined {
  if (typeof value !== 'string' || typeof format !== 'string' || value.includes('${') || format.includes('${')) {
    return undefined;
  }
  return formattedDateError(value, format, roundUp);
}

/** Whether every searched index maps `field` as a date (`unmappedToo`: or does not map it). */
function dateEverywhere(indexes: IndexFields, field: string, unmappedToo = false): boolean {
  const date = (fields: ReadonlyMap<string, string>): boolean =>
    fields.get(field) === 'date' || (unmappedToo && unmapped(fields, field));
  return everywhere(indexes, (fields) => (date(fields) ? 'date' : undefined)) !== undefined;
}

/** Why every searched index refuses `value` for `field`: the same words from the field's type in each. */
function valueFinding(
  indexes: IndexFields,
  field: string,
  value: unknown,
  path: JsonPath,
  rawAt: (path: JsonPath) => string,
  bound: boolean,
): MappingFinding[] {
  if (value === null || typeof value === 'object') return [];
  const written = typeof value === 'number' ? rawAt(path) : '';
  const message = everywhere(indexes, (fields) => {
    const type = fields.get(field);
    return type === undefined ? undefined : fieldValueError(type, value, written, bound);
  });
  return message === undefined
    ? []
    : [{ code: 'cluster.field-value', message: `failed to create query: ${message}`, path, target: 'value' }];
}

/**
 * The values `term`, `terms`, `match` and `range` compare a numeric, boolean or ip field with, which each shard reads
 * by the field's type when it builds the query (docs/opensearch/query-dsl.md#values-the-field-type-reads).
 */
function fieldValueFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  rawAt: (path: JsonPath) => string,
  server: TargetServer,
): MappingFinding[] {
  if (name !== 'term' && name !== 'terms' && name !== 'match' && name !== 'range') return [];
  // Where a list given as a range bound is not refused, it is read as the text of its end.
  const listBound = !readsOneBoundPerSide(server);
  const out: MappingFinding[] = [];
  for (const field in body) {
    if (!checkable(field, defined)) continue;
    const value = body[field];
    const at = [...path, field];
    if (name === 'terms') {
      // The first value the field cannot read fails the query.
      if (!Array.isArray(value)) continue;
      for (let i = 0; i < value.length; i++) {
        // An object among the terms is read as the text `{`, its members after it as more terms (real 3.9.0, 3.8.0,
        // 2.19.6 and 2.19.1; cases `cross/lists/shard/terms-object-on-*`). A boolean field keeps its terms in a set,
        // whose first failure need not be the first written: from there on it is not judged.
        const item: unknown = value[i];
        if (isObject(item) && indexes.some((mapping) => mapping.types.get(field) === 'boolean')) break;
        const found = valueFinding(indexes, field, isObject(item) ? '{' : item, [...at, i], rawAt, false);
        if (found.length > 0) {
          out.push(...found);
          break;
        }
      }
    } else if (name === 'range') {
      const read = rangeOptions(value, at);
      if (read === undefined) continue;
      const [options, optionsAt] = read;
      const before = out.length;
      for (const bound of RANGE_BOUNDS) {
        if (!(bound in options)) continue;
        const written = Array.isArray(options[bound]) && listBound ? ']' : options[bound];
        out.push(...valueFinding(indexes, field, written, [...optionsAt, bound], rawAt, true));
      }
      if (out.length === before) out.push(...wholeRangeOrder(indexes, field, options, optionsAt));
    } else if (!isObject(value)) {
      out.push(...valueFinding(indexes, field, value, at, rawAt, false));
    } else {
      const key = name === 'term' ? 'value' : 'query';
      if (name === 'match' && isOn(value['lenient'])) continue;
      if (key in value) out.push(...valueFinding(indexes, field, value[key], [...at, key], rawAt, false));
    }
  }
  return out;
}

/**
 * A range query on an `integer_range` or `long_range` field whose lower bound is above its upper one, as written
 * (before `gt` and `lt` are made inclusive): each shard refuses it, printing the two numbers (real 3.9.0, 3.8.0, 2.19.6
 * and 2.19.1; cases `cross/lists/shard/range-field-order-*`).
 */
function wholeRangeOrder(
  indexes: IndexFields,
  field: string,
  options: Record<string, unknown>,
  at: JsonPath,
): MappingFinding[] {
  const side = (names: readonly string[]): [string, bigint] | undefined => {
    // The last one written sets the side.
    let found: [string, bigint] | undefined;
    for (const name in options) {
      if (!names.includes(name)) continue;
      const value = options[name];
      const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : undefined;
      found = text !== undefined && /^-?\d+$/.test(text) ? [name, BigInt(text)] : undefined;
    }
    return found;
  };
  const from = side(['from', 'gt', 'gte']);
  const to = side(['to', 'lt', 'lte']);
  if (from === undefined || to === undefined || from[1] <= to[1]) return [];
  const whole = everywhere(indexes, (fields) => {
    const type = fields.get(field);
    return type === 'integer_range' || type === 'long_range' ? type : undefined;
  });
  if (whole === undefined) return [];
  const message = `failed to create query: Range query \`from\` value (${from[1]}) is greater than \`to\` value (${to[1]})`;
  return [{ code: 'cluster.field-value', message, path: [...at, to[0]], target: 'value' }];
}

/**
 * A range field's options and their place: its object, or the one object a list holds, at any depth and with nulls
 * beside it (the range parser steps into lists and reads what they hold under the list's name; real 3.9.0 and 2.19.6,
 * conformance cases `cross/lists/query/range-list-*`).
 */
function rangeOptions(value: unknown, at: JsonPath): [Record<string, unknown>, JsonPath] | undefined {
  if (isObject(value)) return [value, at];
  if (!Array.isArray(value)) return undefined;
  const held: [unknown, JsonPath][] = [];
  const add = (item: unknown, place: JsonPath): void => {
    if (Array.isArray(item)) {
      item.forEach((inner: unknown, i) => {
        add(inner, [...place, i]);
      });
    } else if (item !== null) held.push([item, place]);
  };
  add(value, at);
  const only = held.length === 1 ? held[0]! : undefined;
  return only !== undefined && isObject(only[0]) ? [only[0], only[1]] : undefined;
}

/** A range query's bounds on a date field, unless the query gives a format of its own. */
function rangeDateFindings(
  name: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  server: TargetServer,
  rawAt: (path: JsonPath) => string,
): MappingFinding[] {
  if (name !== 'range') return [];
  // Where a list given as a bound is not refused, it is read as the text of its end (real 2.19.6 and 2.19.1;
  // conformance cases `cross/lists/order/date-range-*`).
  const listBound = !readsOneBoundPerSide(server);
  const out: MappingFinding[] = [];
  for (const field in body) {
    const read = rangeOptions(body[field], [...path, field]);
    if (read === undefined) continue;
    const [options, optionsAt] = read;
    if (!checkable(field, defined)) continue;
    const formatted = options['format'] !== undefined;
    for (const bound of RANGE_BOUNDS) {
      const written = Array.isArray(options[bound]) && listBound ? ']' : options[bound];
      // With a format, a number is read as the text Java prints of it: an integer as written, a decimal as a double
      // (`1e3` is `1000.0`; cases `cross/lists/shard/date-format-number-*`).
      const text = typeof written === 'number' ? javaNumberText(rawAt([...optionsAt, bound]), written) : written;
      const error = formatted
        ? formattedValueError(indexes, field, text, options['format'], roundsUp(bound, options))
        : dateValueError(indexes, field, written, roundsUp(bound, options), true);
      if (error !== undefined) out.push(dateFinding(error, [...optionsAt, bound], formatted));
    }
  }
  return out;
}

/**
 * Whether a range query reads a bound rounding up: `gt` and `lte`, `to` unless `include_upper` is false, `from` when
 * `include_lower` is false (DateFieldType.rangeQuery).
 */
function roundsUp(bound: string, options: Record<string, unknown>): boolean {
  const off = (value: unknown): boolean => value === false || value === 'false';
  if (bound === 'gt' || bound === 'lte') return true;
  if (bound === 'to') return !off(options['include_upper']);
  if (bound === 'from') return off(options['include_lower']);
  return false;
}

function dateFinding(error: string, path: JsonPath, formatted = false): MappingFinding {
  const message =
    formatted || error.startsWith('failed to parse date field')
      ? error
      : `${error} (a date of a date field with the format [${DEFAULT_DATE_FORMAT}])`;
  return { code: 'cluster.date-value', message, path, target: 'value' };
}

/** The aggregations whose values are dates whatever the field (an unmapped one too). */
const DATE_AGGREGATIONS = new Set(['date_histogram', 'date_range', 'auto_date_histogram']);

/** A field whose type takes no `format` in every searched index, in each shard's words. */
function noCustomFormat(indexes: IndexFields, field: string): string | undefined {
  return everywhere(indexes, (fields) => {
    const type = fields.get(field);
    return type !== undefined && NO_CUSTOM_FORMAT.has(type)
      ? `Field [${field}] of type [${type}] does not support custom formats`
      : undefined;
  });
}

/** 'date' when the field is mapped as a date (a format then reads as a date format), else undefined. */
function dateField(fields: ReadonlyMap<string, string>, field: string): 'date' | undefined {
  const type = fields.get(field);
  return type !== undefined && DATE_FIELD_TYPES.has(type) ? 'date' : undefined;
}

/**
 * The field configs of `multi_terms`' terms and of `weighted_avg`'s `value` and `weight`, each read on the shards as
 * an aggregation's own field is: a `format` on a field whose type takes none, a `missing` text the field's type cannot
 * read (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/multi-terms-format-on-*`,
 * `cross/lists/shard/config-missing-*`).
 */
function fieldConfigFindings(
  type: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  const configs: [unknown, JsonPath][] = [];
  const terms = body['terms'];
  if (type === 'multi_terms' && Array.isArray(terms))
    terms.forEach((term, i) => configs.push([term, [...path, 'terms', i]]));
  if (type === 'weighted_avg') for (const side of ['value', 'weight']) configs.push([body[side], [...path, side]]);
  for (const [config, at] of configs) {
    if (!isObject(config)) continue;
    const field = config['field'];
    if (typeof field !== 'string' || !checkable(field, defined)) continue;
    if (typeof config['format'] === 'string') {
      const message = noCustomFormat(indexes, field);
      if (message !== undefined) {
        return [{ code: 'cluster.aggregation-field', message, path: [...at, 'format'], target: 'value' }];
      }
    }
    const missing = missingFinding(indexes, field, config['missing'], [...at, 'missing'], config['format']);
    if (missing !== undefined) return [missing];
  }
  return [];
}

/**
 * A `missing` text (a boolean as its text), read where the shards read the field's values: a number field cannot read
 * one that is no number, nor a date field one that is no date of its format, or of the aggregation's own `format` when
 * it gives one (then a number too, read as its digits) (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `aggs/<type>/missing/boolean`, `cross/lists/more/*-missing-text*`, `cross/lists/more/*-missing-formatted-*`).
 */
function missingFinding(
  indexes: IndexFields,
  field: string,
  missing: unknown,
  at: JsonPath,
  /** The aggregation's own `format`: a date field reads `missing` with it, a whole number as its digits. */
  format: unknown,
): MappingFinding | undefined {
  if (typeof format === 'string' && dateEverywhere(indexes, field)) {
    const text = typeof missing === 'number' && Number.isSafeInteger(missing) ? String(missing) : missing;
    const formatted = formattedTextError(text, format, false);
    return formatted === undefined ? undefined : dateFinding(formatted, at);
  }
  const geo = geoMissingRefusal(indexes, field, missing);
  if (geo !== undefined) return { code: 'cluster.aggregation-field', message: geo, path: at, target: 'value' };
  if (typeof missing !== 'boolean' && typeof missing !== 'string') return undefined;
  const date = dateValueError(indexes, field, missing, false, true);
  if (date !== undefined) return dateFinding(date, at);
  const message = everywhere(indexes, (fields) => {
    const fieldType = fields.get(field);
    return fieldType === undefined ? undefined : fieldValueError(fieldType, missing, '', false);
  });
  return message === undefined ? undefined : { code: 'cluster.aggregation-field', message, path: at, target: 'value' };
}

/**
 * `missing` on a field every searched index maps as a `geo_point`: each shard reads its text (a whole number's digits,
 * a boolean's word) as a point, `lat,lon` or a geohash (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
 * `cross/lists/shard/geo-missing-*`). A third coordinate, which the field's `ignore_z_value` decides, is not judged.
 */
function geoMissingRefusal(indexes: IndexFields, field: string, missing: unknown): string | undefined {
  const text =
    typeof missing === 'string' ||
    typeof missing === 'boolean' ||
    (typeof missing === 'number' && Number.isSafeInteger(missing))
      ? String(missing)
      : undefined;
  if (text === undefined || text.includes('${') || splitByComma(text).length === 3) return undefined;
  const read = readPointText(text);
  if (!('refusal' in read)) return undefined;
  return everywhere(indexes, (fields) => (fields.get(field) === 'geo_point' ? read.refusal : undefined));
}

function aggregationFieldFindings(
  type: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: IndexFields,
  defined: ReadonlySet<string>,
  server: TargetServer,
): MappingFinding[] {
  const spec = AGGREGATION_BY_NAME.get(type);
  const field = body['field'];
  if (type === 'multi_terms' || type === 'weighted_avg') return fieldConfigFindings(type, body, path, indexes, defined);
  if (spec === undefined || typeof field !== 'string' || !checkable(field, defined)) return [];
  const takes = new Set((spec.params ?? []).map((p) => p.name));
  const finding = (param: string, message: string | undefined): MappingFinding[] =>
    message === undefined
      ? []
      : [{ code: 'cluster.aggregation-field', message, path: [...path, param], target: 'value' }];
  // OpenSearch checks the format first (real 3.8.0 and 2.19.1, with both given).
  if (takes.has('format') && typeof body['format'] === 'string') {
    const message = noCustomFormat(indexes, field);
    if (message !== undefined) return finding('format', message);
    // On a date field the format is a date format, which each shard reads when it builds the aggregation (real 3.8.0
    // and 2.19.1: `Invalid format: [bogus]: Unknown pattern letter: b`; docs/opensearch/json-and-values.md#date-formats).
    const format = body['format'];
    // The date aggregations read a field no index maps as dates too (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases
    // `cross/lists/shard/date-agg-format-unmapped-*`).
    if (server.distribution === 'opensearch' && datesEverywhere(indexes, field, DATE_AGGREGATIONS.has(type))) {
      const error = dateFormatError(format, server.version);
      if (error !== undefined) return finding('format', error);
    }
  }
  if (type === 'significant_text') {
    const message = failsEverywhere(indexes, (fields) => {
      const fieldType = fields.get(field);
      return fieldType === undefined ? undefined : (significantTextFinding(fieldType, field) ?? '');
    });
    if (message !== undefined) {
      return [{ code: 'cluster.aggregation-type', message, path: [...path, 'field'], target: 'value' }];
    }
  }
  if (FIELDDATA_AGGREGATIONS.has(type)) {
    const message = everywhere(indexes, (fields, mapping) => noFielddata(fields, mapping, field));
    if (message !== undefined)
      return [{ code: 'cluster.fielddata', message, path: [...path, 'field'], target: 'value' }];
  }
  const valueType = body['value_type'];
  if (takes.has('value_type') && typeof valueType === 'string' && NUMERIC_VALUE_TYPES.has(valueType)) {
    const message = everywhere(indexes, (fields) => {
      const fieldType = fields.get(field);
      return fieldType !== undefined && NOT_NUMERIC.has(fieldType)
        ? `Expected numeric type on field [${field}], but got [${fieldType}]`
        : undefined;
    });
    if (message !== undefined) return finding('value_type', message);
  }
  // The aggregator is looked up for the field's kind of values, unless a script or a value type says otherwise.
  if (server.distribution === 'opensearch' && valueType === undefined && body['script'] === undefined) {
    const message = failsEverywhere(indexes, (fields, mapping) => unreadByAggregation(fields, mapping, field, type));
    if (message !== undefined) {
      return [{ code: 'cluster.aggregation-type', message, path: [...path, 'field'], target: 'value' }];
    }
  }
  if ((type === 'date_range' || type === 'range') && Array.isArray(body['ranges'])) {
    const formatted = body['format'] !== undefined;
    // A field no index maps, with no script: `range` reads its bounds as numbers, `date_range` as dates of the default
    // format (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/range-agg-unmapped-*`).
    const readsUnmapped = body['script'] === undefined;
    const unmappedDates = readsUnmapped && type === 'date_range';
    const boundType = (fields: ReadonlyMap<string, string>): string | undefined =>
      fields.get(field) ?? (readsUnmapped && type === 'range' && unmapped(fields, field) ? 'double' : undefined);
    const out: MappingFinding[] = [];
    body['ranges'].forEach((range: unknown, i) => {
      if (!isObject(range)) return;
      for (const bound of DATE_RANGE_BOUNDS) {
        const at = [...path, 'ranges', i, bound];
        // With a format, a number is read as the whole number Java's cast gives (`1.5` is `1`; cases
        // `cross/lists/shard/date-format-agg-number-*`).
        const value: unknown = range[bound];
        const text =
          typeof value === 'number' && Math.abs(value) < Number.MAX_SAFE_INTEGER ? String(Math.trunc(value)) : value;
        const error = formatted
          ? formattedValueError(indexes, field, text, body['format'], false, unmappedDates)
          : dateValueError(indexes, field, range[bound], false, false, unmappedDates);
        if (error !== undefined) out.push(dateFinding(error, at, formatted));
        const other = formatted
          ? undefined
          : everywhere(indexes, (fields) => rangeBoundError(boundType(fields), range[bound]));
        if (other !== undefined)
          out.push({ code: 'cluster.aggregation-field', message: other, path: at, target: 'value' });
      }
    });
    if (out.length > 0) return out.slice(0, 1);
  }
  const filtered = type === 'terms' ? includeExcludeFinding(body, path, indexes, field) : undefined;
  if (filtered !== undefined) return [filtered];
  const missing = body['missing'];
  if (takes.has('missing')) {
    const found = missingFinding(
      indexes,
      field,
      missing,
      [...path, 'missing'],
      takes.has('format') ? body['format'] : undefined,
    );
    if (found !== undefined) return [found];
  }
  if (NO_MISSING_ON_KEYWORD.has(type) && missing !== undefined && missing !== null && !isObject(missing)) {
    const message = everywhere(indexes, (fields) =>
      fields.get(field) === 'keyword'
        ? `[${type}] cannot take [missing] on the keyword field [${field}]: all shards failed (a class_cast_exception in OpenSearch's MissingValues)`
        : undefined,
    );
    return finding('missing', message);
  }
  return [];
}

/** What a walk over one body carries: the searched indexes, the names the body defines, the server, the text. */
interface Walk {
  readonly indexes: IndexFields;
  readonly defined: ReadonlySet<string>;
  readonly out: MappingFinding[];
  /** The nodes run the core modules alone (onlyCoreModules): no plugin adds analyzers or metadata fields. */
  readonly coreOnly: boolean;
  readonly server: TargetServer;
  /** The text of a value as written (a number is read by OpenSearch as it is written). */
  readonly rawAt: (path: JsonPath) => string;
}

function aggregationFindings(aggs: unknown, path: JsonPath, walk: Walk): void {
  if (!isObject(aggs)) return;
  const { indexes, defined, out, server } = walk;
  for (const name in aggs) {
    const definition = aggs[name];
    if (!isObject(definition)) continue;
    for (const type in definition) {
      const body = definition[type];
      const at = [...path, name, type];
      if (type === 'aggs' || type === 'aggregations') aggregationFindings(body, at, walk);
      else if (type === 'filter') queryFindings(body, at, walk);
      else if (type === 'filters' && isObject(body)) {
        // Named clauses in an object, or clauses in an array.
        const filters = body['filters'];
        if (Array.isArray(filters)) queryFindings(filters, [...at, 'filters'], walk);
        else if (isObject(filters)) {
          for (const key in filters) queryFindings(filters[key], [...at, 'filters', key], walk);
        }
      } else if (isObject(body)) {
        out.push(...aggregationFieldFindings(type, body, at, indexes, defined, server));
        if (type === 'top_hits' && body['sort'] !== undefined) {
          sortFindings(body['sort'], walk, [...at, 'sort']);
        }
        if (type === 'composite' || type === 'multi_terms')
          out.push(...valueSourceFindings(type, body, at, indexes, defined, server));
      }
    }
  }
}

function queryFindings(query: unknown, path: JsonPath, walk: Walk): void {
  const { indexes, defined, out, coreOnly, rawAt } = walk;
  forEachClause(query, path, (name, body, at) => {
    const analyzer = !coreOnly
      ? undefined
      : name === 'intervals'
        ? intervalsAnalyzerFinding(body, at, indexes)
        : missingAnalyzer(name, body, at, indexes);
    if (analyzer !== undefined) {
      out.push({ code: 'cluster.analyzer-not-found', message: analyzer.message, path: analyzer.path, target: 'value' });
    }
    const terms = coreOnly ? matchMinimumShouldMatch(name, body, at, indexes, rawAt) : undefined;
    if (terms !== undefined) {
      out.push({ code: 'cluster.match-terms', message: terms.message, path: terms.path, target: 'value' });
    }
    out.push(
      ...nestedFindings(name, body, at, indexes, rawAt),
      ...geoPolygonFindings(name, body, at, indexes, defined),
      ...geoFieldFindings(name, body, at, indexes, defined),
      ...distanceFeatureOriginFindings(name, body, at, indexes, defined),
      ...joinFindings(name, body, at, indexes, rawAt),
      ...moreLikeThisFindings(name, body, at, indexes),
      ...rangeDateFindings(name, body, at, indexes, defined, walk.server, rawAt),
      ...fieldValueFindings(name, body, at, indexes, defined, rawAt, walk.server),
      ...termsSetFieldFindings(name, body, at, indexes, rawAt),
      ...fieldValueFactorFindings(name, body, at, indexes, defined, rawAt),
      ...percolateFindings(name, body, at, indexes, defined),
      ...percolateDocumentFindings(name, body, at, indexes, rawAt),
      ...rewriteSettled(name, body, at, indexes),
      ...rankFeatureSettled(name, body, at, indexes),
      ...queryFieldTypeFindings(
        name,
        body,
        at,
        walk.server,
        (field) => checkable(field, defined),
        (fails) => failsEverywhere(indexes, fails),
      ).map((found): MappingFinding => ({ code: 'cluster.query-field-type', ...found })),
    );
  });
}

/**
 * The findings of one search body against the fields of each index it searches. `rawAt` gives the text of a value as
 * written (a number is read by OpenSearch as it is written).
 */
function mappingFindings(
  body: unknown,
  indexes: IndexFields,
  rawAt: (path: JsonPath) => string,
  server: TargetServer,
  coreOnly: boolean,
  defined: ReadonlySet<string>,
): MappingFinding[] {
  if (!isObject(body) || indexes.length === 0) return [];
  const out: MappingFinding[] = [];
  const walk: Walk = { indexes, defined, out, coreOnly, server, rawAt };
  queryFindings(body['query'], ['query'], walk);
  if (defined.size === 0) {
    const failure = clauseCountFailure(body['query'], indexes, server);
    if (failure !== undefined)
      out.push({ code: 'cluster.too-many-clauses', message: failure, path: ['query'], target: 'key' });
  }
  queryFindings(body['post_filter'], ['post_filter'], walk);
  aggregationFindings(body['aggs'], ['aggs'], walk);
  aggregationFindings(body['aggregations'], ['aggregations'], walk);
  if (body['sort'] !== undefined) sortFindings(body['sort'], walk);
  if (Array.isArray(body['search_after'])) searchAfterFindings(body['sort'], body['search_after'], walk);
  out.push(...collapseFindings(body['collapse'], indexes, defined));
  // The formats, the field data of docvalue_fields and the highlighters are read when hits are fetched: whether any
  // is (which walks the query) is asked once, of a body that has one of them.
  const fetched = ('docvalue_fields' in body || 'fields' in body || 'highlight' in body) && !fetchesNoHits(body);
  if (fetched) out.push(...fieldFormatFindings(body, indexes, defined, walk.server));
  if (fetched) out.push(...docvalueFielddata(body, indexes, defined));
  out.push(...completionFindings(body['suggest'], indexes, defined));
  out.push(...suggesterFindings(body['suggest'], walk));
  if (fetched) out.push(...highlighterFindings(body, indexes, defined));
  return out;
}

/** The fields a search body defines for itself (`derived`, `runtime_mappings`), which no mapping lists. */
function definedFields(body: Record<string, unknown>): Set<string> {
  const defined = new Set<string>();
  for (const key of ['derived', 'runtime_mappings']) {
    const own = body[key];
    if (isObject(own)) for (const name in own) defined.add(name);
  }
  return defined;
}

/**
 * Whether no searched index maps a field of this name, nor one under it (an object's fields), nor may hold one there
 * unlisted: then an `exists` or a `term` on it matches nothing on every shard.
 */
function mapsNothingUnder(indexes: IndexFields, name: string, defined: ReadonlySet<string>): boolean {
  if (!checkable(name, defined)) return false;
  const prefix = `${name}.`;
  const none = everywhere(indexes, (fields) => {
    if (fields.has(name) || mayBeImplicit(fields, name)) return undefined;
    for (const field of fields.keys()) if (field.startsWith(prefix)) return undefined;
    return '';
  });
  return none === '';
}

/**
 * The mapping findings of one search body, given the mappings of the indexes it searches; the codes and ranges of
 * the findings of its own checks that the mapping decides (`query.geo-second-field`, a rewrite method never read), to
 * be dropped; and the ranges of the queries each shard rewrites to `match_none` with its mapping, inside which what
 * only building a query fails on (failsWhileBuilding) fails nothing.
 */
export function mappingDiagnosticsIn(
  segment: JsonSegment,
  body: SearchBody,
  searched: IndexFields,
  server: TargetServer,
  coreOnly = false,
): { diagnostics: Diagnostic[]; settled: { code: DiagnosticCode; range: Range }[]; spared: Range[] } {
  const rawAt = (path: JsonPath): string => {
    const span = segment.spanOf(path, 'value');
    return body.text.slice(span.offset, span.offset + span.length);
  };
  const diagnostics: Diagnostic[] = [];
  const settled: { code: DiagnosticCode; range: Range }[] = [];
  // What only a shard refuses fails nothing inside a query rewritten away before the shards read it.
  const away = mayMatchNothing(segment.text) ? rewrittenAway(segment.value) : [];
  const value = segment.value;
  const defined = isObject(value) ? definedFields(value) : new Set<string>();
  const onShards =
    segment.text.includes('"exists"') || segment.text.includes('"term"')
      ? rewrittenOnShards(value, (field) => mapsNothingUnder(searched, field, defined))
      : [];
  for (const finding of mappingFindings(value, searched, rawAt, server, coreOnly, defined)) {
    if (finding.code !== undefined && insideAny(finding.path, away)) continue;
    if (finding.code !== undefined && insideAny(finding.path, onShards) && failsWhileBuilding(finding)) continue;
    const span = segment.spanOf(finding.path, finding.target);
    const range = body.range(span.offset, span.length);
    if (finding.code === undefined) settled.push({ code: finding.settles ?? 'query.geo-second-field', range });
    else diagnostics.push(diagnosticOf(finding.code, finding.message, range));
  }
  const spared = onShards.map((path) => {
    const span = segment.spanOf(path);
    return body.range(span.offset, span.length);
  });
  return { diagnostics, settled, spared };
}
