import { ValuePath } from '../json/valuePath';
// The geo queries whose parsers OpenSearch writes by hand (GeoDistanceQueryBuilder, GeoBoundingBoxQueryBuilder,
// GeoPolygonQueryBuilder `fromXContent`): one loop over the clause's members where an object (or, for geo_distance, an
// array) names the geo field and a value is one of the clause's options, each read with Jackson's accessor for its
// kind. What each refuses, in its words, as real 3.8.0 and 2.19.1 answered the conformance cases `query/geo_*`
// (docs/opensearch/query-dsl.md#geo-queries).
import { isObject } from '../json/jsonSegment';
import { jacksonMajor } from '../target';
import type { JsonCheck } from './jsonCheck';
import { negativeBoost } from './valueRanges';
import { isJavaDouble, notNumericText, strictBooleanError, tokenName } from './values';

type OptionKind = 'number' | 'boolean' | 'text' | 'validation' | 'distanceType' | 'bboxType' | 'distance' | 'unit';

interface GeoParser {
  readonly options: Readonly<Record<string, OptionKind>>;
  /** A value under a name the parser does not read. */
  readonly unknownValue: (key: string) => string;
  /** What an empty clause (no field, or no required option) is refused with. */
  readonly missing: (body: Record<string, unknown>) => string | undefined;
}

const COMMON: Readonly<Record<string, OptionKind>> = {
  boost: 'number',
  _name: 'text',
  ignore_unmapped: 'boolean',
  validation_method: 'validation',
};

const VALIDATION_METHODS = ['COERCE', 'IGNORE_MALFORMED', 'STRICT'];

const GEO_PARSERS: ReadonlyMap<string, GeoParser> = new Map<string, GeoParser>([
  [
    'geo_distance',
    {
      options: { ...COMMON, distance: 'distance', unit: 'unit', distance_type: 'distanceType' },
      unknownValue: (key) => `failed to parse [geo_distance] query. unexpected field [${key}]`,
      missing: (body) =>
        body.distance !== undefined && body.distance !== null
          ? undefined
          : "geo_distance requires 'distance' to be specified",
    },
  ],
  [
    'geo_bounding_box',
    {
      options: { ...COMMON, type: 'bboxType' },
      unknownValue: (key) => `failed to parse [geo_bounding_box] query. unexpected field [${key}]`,
      // A list whose first item is an object is read as that object (the parser steps into the list).
      missing: (body) =>
        Object.values(body).some((v) => isObject(v) || (Array.isArray(v) && isObject(v[0])))
          ? undefined
          : 'failed to parse [geo_bounding_box] query. bounding box not provided',
    },
  ],
  [
    'geo_shape',
    {
      options: { boost: 'number', _name: 'text', ignore_unmapped: 'boolean' },
      unknownValue: (key) => `query does not support [${key}]`,
      missing: (body) => (Object.values(body).some((v) => isObject(v)) ? undefined : 'fieldName is required'),
    },
  ],
  [
    'geo_polygon',
    {
      options: COMMON,
      unknownValue: (key) => `[geo_polygon] query does not support [${key}]`,
      missing: (body) => (Object.values(body).some((v) => isObject(v)) ? undefined : 'fieldName must not be null'),
    },
  ],
]);

/** Whether `name` is one of the geo queries checked here. */
export function isGeoParserClause(name: string): boolean {
  return GEO_PARSERS.has(name);
}

/** Checks a geo query's body as its parser reads it; reports the first thing it refuses. */
export function validateGeoClause(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  body: Record<string, unknown>,
): void {
  const parser = GEO_PARSERS.get(name);
  if (parser === undefined) return;
  let field: string | undefined;
  for (const key of Object.keys(body)) {
    const value = body[key];
    const at = path.child(key);
    if (value === null) {
      // GeoPolygonQueryBuilder refuses the token under any name; the other parsers have no branch for it and read on
      // (real 3.8.0 and 2.19.1; conformance cases `query/geo_*/unknown-null-parameter`, `query/geo_*/<option>/null`).
      if (name === 'geo_polygon') {
        check.report('query.wrong-type', '[geo_polygon] unexpected token type [VALUE_NULL]', at);
        return;
      }
      if (parser.options[key] === undefined) continue;
    }
    if (Array.isArray(value)) {
      // geo_distance reads an array as the point, [lon, lat]; the others skip or refuse it in ways not checked here.
      if (name === 'geo_distance' && !value.every((item) => typeof item === 'number')) {
        check.report('query.wrong-type', 'numeric value expected', at);
        return;
      }
      if (name === 'geo_distance' && value.length < 2) {
        check.report('query.wrong-type', '[geo_point] field type should have at least two dimensions', at);
        return;
      }
      if (name === 'geo_polygon') {
        check.report('query.wrong-type', `[geo_polygon] unexpected token type [START_ARRAY]`, at);
        return;
      }
      const first: unknown = value[0];
      if (name === 'geo_bounding_box' && isObject(first)) {
        // The parser steps into the list and reads its first object as the box (real 3.9.0 and 2.19.6; conformance
        // case `cross/lists/geo/box-in-list`).
        if (hasCorner(first) && boxRefused(check, at.child(0), first)) return;
        field ??= key;
      }
      continue;
    }
    if (isObject(value)) {
      if (name === 'geo_distance' && field !== undefined) {
        check.report(
          'query.multiple-fields',
          `[geo_distance] query doesn't support multiple fields, found [${field}] and [${key}]`,
          at,
          'key',
        );
        return;
      }
      if (name === 'geo_shape' && field !== undefined) {
        // AbstractGeometryQueryBuilder: a second object is a second shape.
        check.report('query.multiple-fields', `point specified twice. [${key}]`, at, 'key');
        return;
      }
      if (name === 'geo_polygon' && polygonShellRefused(check, at, value)) return;
      if (name === 'geo_polygon' && field !== undefined) {
        // GeoPolygonQueryBuilder: a second object replaces the field (its points add to the first one's). Whether that
        // field is a geo_point field is a fact of the index's mapping, so this is a Warning.
        check.report(
          'query.geo-second-field',
          `[geo_polygon] reads [${key}] as the field, in place of [${field}]: every shard fails with "failed to find geo_point field [${key}]" unless the index maps [${key}] as a geo_point field`,
          at,
          'key',
        );
        field = key;
        continue;
      }
      if (name === 'geo_bounding_box' && !hasCorner(value)) {
        // Read as the box: without its corners the top latitude stays NaN.
        check.report('query.missing-parameter', 'top latitude is invalid: NaN', at);
        return;
      }
      if (name === 'geo_bounding_box' && boxRefused(check, at, value)) return;
      field ??= key;
      continue;
    }
    const kind = parser.options[key];
    if (kind === undefined) {
      if (name === 'geo_distance' && field === undefined) {
        // The point as text (geohash or "lat,lon"): this member names the field.
        field = key;
        continue;
      }
      check.report('query.unknown-parameter', parser.unknownValue(key), at, 'key');
      return;
    }
    if (key === 'boost' && negativeBoost(check, at, name, false, value)) return;
    const refusal = optionRefusal(kind, value, jacksonMajor(check.server));
    if (refusal !== undefined) {
      check.report(
        kind === 'number' ? 'value.not-a-number' : kind === 'boolean' ? 'value.not-a-boolean' : 'query.invalid-value',
        refusal,
        at,
      );
      return;
    }
  }
  const missing = parser.missing(body);
  if (missing !== undefined) check.report('query.missing-parameter', missing, path, 'key');
  else if (name === 'geo_polygon') polygonPointCount(check, path, body);
}

/** The token name GeoPolygonQueryBuilder gives a value it does not read under a name of the field's object. */
function polygonToken(value: unknown): string {
  if (value === null) return 'VALUE_NULL';
  if (typeof value === 'number') return 'VALUE_NUMBER';
  if (typeof value === 'boolean') return 'VALUE_BOOLEAN';
  return typeof value === 'string' ? 'VALUE_STRING' : 'START_OBJECT';
}

/**
 * GeoPolygonQueryBuilder.fromXContent, inside the field's object: `points` is an array of points; any other array is
 * `[geo_polygon] query does not support [<name>]`, any other token `[geo_polygon] query does not support token type
 * [VALUE_NUMBER] under [<name>]` (real 3.8.0 and 2.19.1, conformance cases `cross/query/geo-polygon/*`). Returns
 * whether it reported.
 */
function polygonShellRefused(check: JsonCheck, path: ValuePath, shell: Record<string, unknown>): boolean {
  for (const key of Object.keys(shell)) {
    const value = shell[key];
    if (Array.isArray(value)) {
      if (key === 'points') continue;
      check.report('query.unknown-parameter', `[geo_polygon] query does not support [${key}]`, path.child(key), 'key');
      return true;
    }
    check.report(
      'query.wrong-type',
      `[geo_polygon] query does not support token type [${polygonToken(value)}] under [${key}]`,
      path.child(key),
    );
    return true;
  }
  return false;
}

/**
 * GeoPolygonQueryBuilder's constructor: no point is `polygon must not be null or empty`; fewer than three points (four
 * when the last repeats the first) is `too few points defined for geo_polygon query`. Checked when one object holds the
 * points (a second object adds its own), and a repeated first point only when written the same way.
 */
function polygonPointCount(check: JsonCheck, path: ValuePath, body: Record<string, unknown>): void {
  const shells = Object.entries(body).filter(([, v]) => isObject(v));
  if (shells.length !== 1) return;
  const [field, shell] = shells[0]! as [string, Record<string, unknown>];
  const points = Array.isArray(shell.points) ? shell.points : [];
  const at = path.child(field);
  if (points.length === 0) {
    check.report('query.missing-parameter', 'polygon must not be null or empty', at, 'key');
    return;
  }
  const closed = points.length > 1 && JSON.stringify(points[0]) === JSON.stringify(points[points.length - 1]);
  if (points.length < (closed ? 4 : 3)) {
    check.report('query.invalid-value', 'too few points defined for geo_polygon query', at.child('points'));
  }
}

const CORNERS = ['top_left', 'bottom_right', 'top_right', 'bottom_left', 'top', 'left', 'bottom', 'right', 'wkt'];

function hasCorner(box: Record<string, unknown>): boolean {
  return CORNERS.some((corner) => corner in box);
}

const POINT_CORNERS = new Set(['top_left', 'bottom_right', 'top_right', 'bottom_left']);
const POINT_KEYS = new Set(['lat', 'lon', 'geohash', 'type', 'coordinates']);

/** Reports what the box's parser refuses first, at the member of the box (at `path`) it stops at; whether it did. */
function boxRefused(check: JsonCheck, path: ValuePath, box: Record<string, unknown>): boolean {
  for (const key in box) {
    const message = !CORNERS.includes(key)
      ? `failed to parse bounding box. unexpected field [${key}]`
      : POINT_CORNERS.has(key)
        ? pointRefusal(box[key])
        : undefined;
    if (message === undefined) continue;
    check.report('query.wrong-type', `failed to parse [geo_bounding_box] query. [${message}]`, path.child(key));
    return true;
  }
  return false;
}

/**
 * What `GeoUtils.parseGeoPoint` refuses in a corner: a number, an array of fewer than two numbers or of anything but
 * numbers, an object with another member than the point's, a latitude or longitude that is neither a number nor a
 * text of one, or one of them missing (real 3.9.0 and 2.19.6; conformance cases `cross/lists/geo/*`). A text (a
 * geohash, `"lat,lon"`) is left to the shards.
 */
function pointRefusal(point: unknown): string | undefined {
  if (typeof point === 'number') return 'geo_point expected';
  if (Array.isArray(point)) {
    if (!point.every((item) => typeof item === 'number')) return 'numeric value expected';
    return point.length < 2 ? '[geo_point] field type should have at least two dimensions' : undefined;
  }
  if (!isObject(point)) return undefined;
  for (const key in point) {
    if (!POINT_KEYS.has(key)) return 'field must be either [lon|lat], [type|coordinates], or [geohash]';
    const value = point[key];
    if (key !== 'lat' && key !== 'lon') continue;
    if ((typeof value === 'object' && value !== null) || typeof value === 'boolean') return `${key} must be a number`;
    if (typeof value === 'string' && !isJavaDouble(value)) return '[lon] and [lat] must be valid double values';
  }
  if ('geohash' in point || 'type' in point || 'coordinates' in point) return undefined;
  if (!('lat' in point) && 'lon' in point) return 'field [lat] missing';
  if ('lat' in point && !('lon' in point)) return 'field [lon] missing';
  return undefined;
}

/** A JSON scalar as the parser's `text()` gives it. */
function scalarText(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
}

function optionRefusal(kind: OptionKind, value: unknown, jackson: 2 | 3): string | undefined {
  if (value === null) return undefined;
  switch (kind) {
    case 'number':
      if (typeof value === 'boolean') return notNumericText(tokenName(value), jackson);
      if (typeof value === 'string' && !isJavaDouble(value)) return `For input string: "${value}"`;
      return undefined;
    case 'boolean':
      if (typeof value === 'number') {
        return `Current token (${Number.isInteger(value) ? 'VALUE_NUMBER_INT' : 'VALUE_NUMBER_FLOAT'}) not of boolean type`;
      }
      return typeof value === 'string' && value !== '' ? strictBooleanError(value) : undefined;
    case 'validation': {
      const text = scalarText(value);
      return VALIDATION_METHODS.includes(text.toUpperCase())
        ? undefined
        : `operator needs to be either [${VALIDATION_METHODS.join(', ')}], but not [${text}]`;
    }
    case 'distanceType': {
      const text = scalarText(value);
      return ['arc', 'plane'].includes(text.toLowerCase()) ? undefined : `No geo distance for [${text}]`;
    }
    case 'bboxType': {
      const text = scalarText(value);
      return ['memory', 'indexed'].includes(text.toLowerCase())
        ? undefined
        : `no type can be parsed from ordinal ${text}`;
    }
    case 'distance':
      // A number is read as it is; any other value as text, but a boolean by the number accessor (real 3.9.0).
      return typeof value === 'boolean' ? notNumericText(tokenName(value), jackson) : undefined;
    case 'unit': {
      const text = scalarText(value);
      return DISTANCE_UNITS.includes(text) ? undefined : `No distance unit match [${text}]`;
    }
    case 'text':
      return undefined;
  }
}

/** `DistanceUnit`'s names, matched exactly (real 3.9.0 and 2.19.6; conformance cases `cross/lists/geo/unit-*`). */
const DISTANCE_UNITS = [
  'in',
  'inch',
  'yd',
  'yards',
  'ft',
  'feet',
  'km',
  'kilometers',
  'NM',
  'nmi',
  'nauticalmiles',
  'mm',
  'millimeters',
  'cm',
  'centimeters',
  'mi',
  'miles',
  'm',
  'meters',
];
