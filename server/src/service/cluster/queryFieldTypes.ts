// What each query can search, by the type of the field it names: a query that builds no Lucene query for that type
// fails on every shard whose index maps the field so. Recorded on real 3.9.0, 3.8.0, 2.19.6 and 2.19.1 for each query
// on a field of each type of the conformance index (conformance cases `cross/lists/shard/query-on-<query>-<field>`;
// docs/opensearch/query-dsl.md#what-each-query-can-search). The types judged are those of fieldTypes.ts.
import type { JsonPath } from '../json/jsonSegment';
import { isObject } from '../json/jsonSegment';
import { geohashRefusal } from '../validate/geoPoints';
import { distanceTextRefusal } from '../validate/geoQueries';
import { javaDoubleText, parseTimeValue } from '../validate/values';
import { defaultDateError } from '../validate/dateMath';
import type { TargetServer } from '../target';
import { familyOf, type Family } from './fieldTypes';

/** The words of a field that no term-level query can search: a geometry, a rank feature, a percolator query. */
function unsearchable(family: Family, field: string, type: string): string | undefined {
  switch (family) {
    case 'geo_point':
    case 'geo_shape':
      return `Geometry fields do not support exact searching, use dedicated geometry queries instead: [${field}]`;
    case 'rank':
      return `Queries on [${type}] fields are not supported`;
    case 'percolator':
      return 'Percolator fields are not searchable directly, use a percolate query instead';
    default:
      return undefined;
  }
}

/** A term query of the kind named (`prefix`, `wildcard`, ...) on a field that is neither keyword nor text. */
function keywordOrText(kind: string, family: Family, field: string, type: string): string | undefined {
  return family === 'text' || family === 'keyword'
    ? undefined
    : `Can only use ${kind} queries on keyword and text fields - not on [${field}] which is of type [${type}]`;
}

/** The families whose term queries take `case_insensitive` (a boolean's too). */
const CASE_INSENSITIVE: ReadonlySet<Family> = new Set(['text', 'keyword', 'boolean']);

const TERM_LEVEL = new Set(['term', 'terms', 'match', 'match_phrase', 'terms_set', 'span_term', 'multi_match']);
/** The term queries of a pattern or an edit distance, each refused in words that name it. */
const PATTERNS: ReadonlySet<string> = new Set(['prefix', 'wildcard', 'regexp', 'fuzzy']);

/** Why `query` cannot search the field in one index; '' when it can, undefined when the type is not judged. */
function refusal(
  query: string,
  body: Record<string, unknown>,
  field: string,
  type: string | undefined,
  server: TargetServer,
): string | undefined {
  if (type === undefined) return undefined;
  const family = familyOf(type);
  if (family === undefined) return undefined;
  // Options a term-level or match query reads from the field's type first.
  const options = body[field];
  if (isObject(options)) {
    const caseInsensitive = options['case_insensitive'];
    if (query === 'term' && (caseInsensitive === true || caseInsensitive === 'true') && !CASE_INSENSITIVE.has(family)) {
      return `[${field}] field which is of type [${type}], does not support case insensitive term queries`;
    }
    const fuzziness = options['fuzziness'];
    if (query === 'match' && fuzziness !== undefined && fuzziness !== null) {
      const fuzzy = keywordOrText('fuzzy', family, field, type);
      if (fuzzy !== undefined) return fuzzy;
    }
  }
  if (PATTERNS.has(query)) return keywordOrText(query, family, field, type) ?? '';
  if (TERM_LEVEL.has(query)) {
    const words = unsearchable(family, field, type);
    if (words !== undefined) return words;
    // A span_term on a field indexed without positions fails while searching (HTTP 500): the term as it is indexed.
    if (query === 'span_term' && (family === 'keyword' || family === 'boolean')) {
      const term = spanTermText(body[field], family);
      return term === undefined
        ? undefined
        : `field "${field}" was indexed without position data; cannot run SpanTermQuery (term=${term})`;
    }
    // On a number, a date, an address or a range a span_term is a range query, which it cannot take apart, in words
    // that print the Lucene query: said for a long or a double field and a plain number, an ip field and an IPv4
    // address, an integer_range field and a whole number; the others not judged.
    if (query === 'span_term' && family === 'number') return numberSpanTermRefusal(field, type, body[field]);
    if (query === 'span_term' && family === 'ip') return ipSpanTermRefusal(field, body[field]);
    if (query === 'span_term' && type === 'integer_range') return intRangeSpanTermRefusal(field, body[field]);
    return query === 'span_term' && family !== 'text' ? undefined : '';
  }
  switch (query) {
    case 'match_bool_prefix':
      // Its terms are term queries and its last one a prefix query, which refuses a rank feature or percolator field
      // first.
      if (family === 'rank' || family === 'percolator') return keywordOrText('prefix', family, field, type);
      return unsearchable(family, field, type) ?? '';
    case 'match_phrase_prefix':
      return family === 'text'
        ? ''
        : `Can only use phrase prefix queries on text fields - not on [${field}] which is of type [${type}]`;
    case 'intervals':
      return family === 'text'
        ? ''
        : `Can only use interval queries on text fields - not on [${field}] which is of type [${type}]`;
    case 'combined_fields':
      return family === 'text' ? '' : `Field [${field}] of type [${type}] does not support [combined_fields] queries`;
    case 'range':
      // What no term-level query can search, no range can either.
      return unsearchable(family, field, type) === undefined
        ? ''
        : `Field [${field}] of type [${type}] does not support range queries`;
    case 'exists':
      return type === 'rank_features' ? '[rank_features] fields do not support [exists] queries' : '';
    case 'rank_feature':
      return type === 'rank_feature'
        ? ''
        : `[rank_feature] query only works on [rank_feature] fields and features of [rank_features] fields, not [${type}]`;
    case 'distance_feature':
      return distanceFeatureRefusal(body, family, type);
    case 'simple_query_string':
      return simpleQueryStringRefusal(body, family, field, type, server);
    case 'geo_shape': {
      if (type === 'geo_shape') return '';
      if (type !== 'geo_point') return `Field [${field}] is of unsupported type [${type}] for [geo_shape] query`;
      const kind = pointFieldRefuses(isObject(options) ? options['shape'] : undefined);
      return kind === undefined ? undefined : kind === '' ? '' : `Field [${field}] does not support ${kind} queries`;
    }
    default:
      return undefined;
  }
}

/**
 * What a `geo_shape` query on a geo_point field makes of its shape: an area (`envelope`, `polygon`, `multipolygon`,
 * `circle`) is searched (''), a point or a line is not (its kind, as the shard names it), the first such one of a
 * `geometrycollection`; undefined when not judged (a WKT collection, an indexed shape, a shape that does not parse).
 * GeoJSON types and WKT's first word are read in any case, WKT's `BBOX` being an envelope (real 3.9.0, 3.8.0, 2.19.6
 * and 2.19.1; cases `cross/lists/shard/geo-shape-on-point-*`).
 */
function pointFieldRefuses(shape: unknown): string | undefined {
  let kind: string | undefined;
  if (typeof shape === 'string') kind = /^\s*([A-Za-z]+)/.exec(shape)?.[1]?.toLowerCase();
  else if (isObject(shape) && typeof shape['type'] === 'string') kind = shape['type'].toLowerCase();
  if (kind === 'bbox') kind = 'envelope';
  if (kind === 'envelope' || kind === 'polygon' || kind === 'multipolygon' || kind === 'circle') return '';
  if (kind === 'point' || kind === 'multipoint' || kind === 'linestring' || kind === 'multilinestring') return kind;
  if (kind !== 'geometrycollection' || !isObject(shape) || !Array.isArray(shape['geometries'])) return undefined;
  for (const member of shape['geometries']) {
    const inner = pointFieldRefuses(member);
    if (inner !== '') return inner;
  }
  return '';
}

/**
 * `distance_feature` on a field of each type, as its shard builds it: the origin read first, then the pivot. On a
 * date field the pivot is a time value above 0 (`pivotDistance must be > 0, got 0`); on a geo_point field the origin
 * is a point or a text (a number is `Illegal type [class java.lang.Long] for [origin]! ...`, a text without a comma a
 * geohash) and the pivot a distance (`Distance.parseDistance`). Other types are refused (real 3.9.0, 3.8.0, 2.19.6
 * and 2.19.1; cases `cross/lists/shard/distance-feature-*`).
 */
function distanceFeatureRefusal(body: Record<string, unknown>, family: Family, type: string): string {
  const origin = body['origin'];
  const pivot = body['pivot'];
  if (family === 'date') {
    // An origin the field's format cannot read fails first (mappingRules.ts reports it).
    if (typeof pivot !== 'string' || (typeof origin === 'string' && defaultDateError(origin) !== undefined)) return '';
    const parsed = parseTimeValue(pivot, 'distance_feature.pivot');
    if (parsed.error !== undefined) return `failed to create query: ${parsed.error}`;
    const millis = pivotMillis(pivot, parsed.value!.millis);
    return type === 'date' && millis !== undefined && millis <= 0
      ? `failed to create query: pivotDistance must be > 0, got ${millis}`
      : '';
  }
  if (type !== 'geo_point') {
    return `Illegal data type of [${type}]![distance_feature] query can only be run on a date, date_nanos or geo_point field type!`;
  }
  if (typeof origin === 'number') {
    return 'failed to create query: Illegal type [class java.lang.Long] for [origin]! Must be of type [geo_point] or [string] for geo_point fields!';
  }
  // A text without a comma is a geohash.
  const geohash = typeof origin === 'string' && !origin.includes(',') ? geohashRefusal(origin) : undefined;
  if (geohash !== undefined) return `failed to create query: ${geohash}`;
  const distance = typeof pivot === 'string' ? distanceTextRefusal(pivot) : undefined;
  return distance === undefined ? '' : `failed to create query: ${distance}`;
}

/**
 * The milliseconds of a pivot time value: parseTimeValue gives -1 for any count of -1, which with a unit is that
 * unit's length below zero (`-1d` is -86400000); undefined when not known.
 */
function pivotMillis(text: string, millis: number): number | undefined {
  if (millis !== -1) return millis;
  const unit = /^\s*-0*1(\D.*)$/.exec(text)?.[1];
  if (unit === undefined) return -1;
  const one = parseTimeValue(`1${unit}`, 'distance_feature.pivot').value;
  return one === undefined ? undefined : -one.millis;
}

/** A span_term's term: its field's value, or the `value` (else `term`) of the field's object. */
function spanTermOf(value: unknown): unknown {
  return isObject(value) ? (value['value'] ?? value['term']) : value;
}

/**
 * A span_term on a `long` or `double` field: the exact-value query the field builds (an index query and a doc-values
 * one, which print the bounds; a double's doc values as its sortable long) cannot be taken apart into a term (real
 * 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/shard/query-on-span_term-num`, `-price`). Only a whole number
 * for a long and a plain decimal for a double are judged.
 */
function numberSpanTermRefusal(field: string, type: string, value: unknown): string | undefined {
  const term = spanTermOf(value);
  // A number's text as JSON.parse leaves it (`-0.0` is read as 0 here, as -0.0 there: not judged).
  const text =
    typeof term === 'number' && !Object.is(term, -0) ? String(term) : typeof term === 'string' ? term : undefined;
  if (text === undefined) return undefined;
  let bounds: string;
  if (type === 'long') {
    if (!/^-?\d{1,19}$/.test(text)) return undefined;
    const whole = BigInt(text);
    if (whole < -(2n ** 63n) || whole >= 2n ** 63n) return undefined;
    bounds = `indexQuery=${field}:[${whole} TO ${whole}], dvQuery=${field}:[${whole} TO ${whole}]`;
  } else if (type === 'double') {
    if (!/^-?\d{1,15}(\.\d{1,15})?$/.test(text)) return undefined;
    const number = Number(text);
    if (Object.is(number, -0)) return undefined;
    const shown = javaDoubleText(number);
    const sortable = sortableLong(number);
    bounds = `indexQuery=${field}:[${shown} TO ${shown}], dvQuery=${field}:[${sortable} TO ${sortable}]`;
  } else return undefined;
  return cannotExtract(bounds);
}

/** The words of a span_term whose field builds an exact-value query of an index part and a doc-values part. */
function cannotExtract(bounds: string): string {
  return `failed to create query: Cannot extract a term from a query of type class org.apache.lucene.search.IndexOrDocValuesQuery: IndexOrDocValuesQuery(${bounds})`;
}

/**
 * A span_term on an `ip` field: the address's exact query prints it as written for IPv4, and its doc-values part the
 * address's 16 bytes (IPv4 mapped into IPv6: ten zeros, `ff ff`, then the four octets), each in hexadecimal without
 * leading zeros (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; case `cross/lists/shard/query-on-span_term-ip`). Only an IPv4
 * address of four decimal octets without leading zeros is judged (the server refuses a leading zero in other words,
 * and reads a `/` as a CIDR block).
 */
function ipSpanTermRefusal(field: string, value: unknown): string | undefined {
  const term = spanTermOf(value);
  if (typeof term !== 'string') return undefined;
  const octets = /^(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})\.(0|[1-9]\d{0,2})$/
    .exec(term)
    ?.slice(1)
    .map(Number);
  if (octets === undefined || octets.some((octet) => octet > 255)) return undefined;
  const bytes = `[0 0 0 0 0 0 0 0 0 0 ff ff ${octets.map((octet) => octet.toString(16)).join(' ')}]`;
  return cannotExtract(`indexQuery=${field}:[${term} TO ${term}], dvQuery=${field}:[${bytes} TO ${bytes}]`);
}

/**
 * A span_term on an `integer_range` field: the ranges holding the number, printed by the points query as
 * `<ranges:[5 : 5]>` and by the doc-values one with an empty field name (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; case
 * `cross/lists/shard/query-on-span_term-int_range`). Only a whole number an int holds, written as digits, is judged.
 */
function intRangeSpanTermRefusal(field: string, value: unknown): string | undefined {
  const term = spanTermOf(value);
  const text =
    typeof term === 'number' && Number.isInteger(term) ? String(term) : typeof term === 'string' ? term : undefined;
  if (text === undefined || !/^-?(0|[1-9]\d{0,9})$/.test(text)) return undefined;
  const whole = Number(text);
  if (whole < -(2 ** 31) || whole >= 2 ** 31 || Object.is(whole, -0)) return undefined;
  return cannotExtract(
    `indexQuery=${field}:<ranges:[${whole} : ${whole}]>, dvQuery=BinaryDocValuesRangeQuery(fieldName=,from=${whole},to=${whole})`,
  );
}

/** A double's bits as a long that sorts as the doubles do (Lucene's `NumericUtils.doubleToSortableLong`). */
function sortableLong(value: number): bigint {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value);
  const bits = view.getBigInt64(0);
  return bits < 0n ? bits ^ 0x7fffffffffffffffn : bits;
}

/** A span_term's term on a keyword field as written, on a boolean one `T` or `F`; undefined when not judged. */
function spanTermText(value: unknown, family: Family): string | undefined {
  const term = spanTermOf(value);
  if (family === 'boolean')
    return term === true || term === 'true' ? 'T' : term === false || term === 'false' ? 'F' : undefined;
  return typeof term === 'string' ? term : undefined;
}

/**
 * simple_query_string's prefix operator (`a*`, with every flag on, as by default) on a field that is neither keyword
 * nor text; on a rank feature or a percolator field it has no analyzer to normalise the text with.
 */
function simpleQueryStringRefusal(
  body: Record<string, unknown>,
  family: Family,
  field: string,
  type: string,
  server: TargetServer,
): string | undefined {
  const text = body['query'];
  if (typeof text !== 'string' || body['flags'] !== undefined || body['lenient'] === true) return undefined;
  if (!text.split(/[\s+|()"~-]+/).some((word) => word.length > 1 && word.endsWith('*'))) return undefined;
  if (family === 'rank' || family === 'percolator') {
    if (server.distribution !== 'opensearch') return undefined;
    return 'Cannot invoke "org.apache.lucene.analysis.Analyzer.normalize(String, String)" because the return value of "org.opensearch.index.search.SimpleQueryStringQueryParser.getAnalyzer(org.opensearch.index.mapper.MappedFieldType)" is null';
  }
  return keywordOrText('prefix', family, field, type) ?? '';
}

/** A field a query names, and the place it is reported at. */
interface NamedField {
  readonly field: string;
  readonly path: JsonPath;
  readonly target: 'key' | 'value';
}

const FIELD_MEMBER = new Set(['exists', 'distance_feature', 'rank_feature']);
const FIELDS_LIST = new Set(['multi_match', 'combined_fields', 'simple_query_string']);
const OPTIONS = new Set(['boost', '_name', 'ignore_unmapped']);

/** The fields a query names, as this rule reads them (plain names only: no pattern, no boost). */
function namedFields(query: string, body: Record<string, unknown>, path: JsonPath): NamedField[] {
  if (FIELD_MEMBER.has(query)) {
    const field = body['field'];
    return typeof field === 'string' ? [{ field, path: [...path, 'field'], target: 'value' }] : [];
  }
  if (FIELDS_LIST.has(query)) {
    const fields = body['fields'];
    if (!Array.isArray(fields)) return [];
    return fields.flatMap((name: unknown, i): NamedField[] =>
      typeof name === 'string' && !name.includes('^')
        ? [{ field: name, path: [...path, 'fields', i], target: 'value' }]
        : [],
    );
  }
  for (const key in body) {
    if (OPTIONS.has(key)) continue;
    if (query === 'terms' && !Array.isArray(body[key])) continue;
    return [{ field: key, path: [...path, key], target: 'key' }];
  }
  return [];
}

/** Whether the query's options let it search the field as the rules say: lenient text queries and other types are not judged. */
function judged(query: string, body: Record<string, unknown>): boolean {
  if (query === 'multi_match') {
    const type = body['type'];
    if (type !== undefined && type !== 'best_fields' && type !== 'phrase') return false;
    return body['lenient'] !== true && body['lenient'] !== 'true';
  }
  if (
    query === 'match' ||
    query === 'match_phrase' ||
    query === 'match_bool_prefix' ||
    query === 'match_phrase_prefix'
  ) {
    const field = Object.keys(body)[0];
    const options = field === undefined ? undefined : body[field];
    return !isObject(options) || (options['lenient'] !== true && options['lenient'] !== 'true');
  }
  return true;
}

/**
 * The fields of one query clause that it cannot search, each with OpenSearch's words when every searched index maps
 * the field with a type that decides it (`failsEverywhere`: the one failure every index gives, an index where the
 * query runs answering '', or undefined).
 */
export function queryFieldTypeFindings(
  query: string,
  body: Record<string, unknown>,
  path: JsonPath,
  server: TargetServer,
  checkable: (field: string) => boolean,
  failsEverywhere: (fails: (fields: ReadonlyMap<string, string>) => string | undefined) => string | undefined,
): { message: string; path: JsonPath; target: 'key' | 'value' }[] {
  if (!judged(query, body)) return [];
  for (const named of namedFields(query, body, path)) {
    if (!checkable(named.field)) continue;
    const message = failsEverywhere((fields) => refusal(query, body, named.field, fields.get(named.field), server));
    if (message !== undefined) return [{ message, path: named.path, target: named.target }];
  }
  return [];
}
