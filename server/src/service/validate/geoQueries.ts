import { checkShapeField, type HeldRefusal } from './geoShapes';
import { ValuePath } from '../json/valuePath';
// The geo queries whose parsers OpenSearch writes by hand (GeoDistanceQueryBuilder, GeoBoundingBoxQueryBuilder,
// GeoPolygonQueryBuilder `fromXContent`): one loop over the clause's members where an object (or, for geo_distance, an
// array) names the geo field and a value is one of the clause's options, each read with Jackson's accessor for its
// kind. What each refuses, in its words, as real 3.8.0 and 2.19.1 answered the conformance cases `query/geo_*`
// (docs/opensearch/query-dsl.md#geo-queries).
import { firstKey, isObject } from '../json/jsonSegment';
import { jacksonMajor } from '../target';
import type { JsonCheck } from './jsonCheck';
import { negativeBoost } from './valueRanges';
import {
  isJavaDouble,
  javaDoubleNumber,
  javaDoubleText,
  notNumericText,
  numberTextError,
  numberValueRefusal,
  strictBooleanError,
  tokenName,
} from './values';
import {
  geohashRefusal,
  geohashCorner,
  readPointText,
  validLatitude,
  validLongitude,
  zValueRefusal,
  type EffectivePoint,
  type LatLon,
  type TextPoint,
} from './geoPoints';

type OptionKind = 'number' | 'boolean' | 'text' | 'validation' | 'distanceType' | 'bboxType' | 'distance' | 'unit';

interface GeoParser {
  readonly options: Readonly<Record<string, OptionKind>>;
  /** A value under a name the parser does not read. */
  readonly unknownValue: (key: string) => string;
  /** What an empty clause (no field, or no required option) is refused with; geo_bounding_box's box is checked apart. */
  readonly missing?: (body: Record<string, unknown>) => string | undefined;
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
    },
  ],
  [
    'geo_shape',
    {
      options: { boost: 'number', _name: 'text', ignore_unmapped: 'boolean' },
      unknownValue: (key) => `query does not support [${key}]`,
      // A field's object counts inside a list too (its brackets are passed over).
      missing: (body) =>
        Object.values(body).some((v) => isObject(v) || (Array.isArray(v) && v.some((item) => isObject(item))))
          ? undefined
          : 'fieldName is required',
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
  const jackson = jacksonMajor(check.server);
  let field: string | undefined;
  // geo_distance's point as its parser fills it in; geo_bounding_box's box (the last one read).
  const point: LatLon = { lat: Number.NaN, lon: Number.NaN };
  let box: Box | undefined;
  /** A box type the loop read and will refuse once the box is set (checkCorners). */
  let boxType: HeldRefusal | undefined;
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
      if (name === 'geo_distance') {
        // The point as an array, [lon, lat] (GeoUtils.parseGeoPoint); it replaces the one read before.
        const refusal = arrayPointRefusal(value);
        if (refusal !== undefined) {
          check.report('query.wrong-type', refusal, at);
          return;
        }
        field = key;
        point.lon = value[0] as number;
        point.lat = value[1] as number;
        continue;
      }
      if (name === 'geo_polygon') {
        check.report('query.wrong-type', `[geo_polygon] unexpected token type [START_ARRAY]`, at);
        return;
      }
      if (name === 'geo_shape' && parser.options[key] === undefined) {
        // AbstractGeometryQueryBuilder passes over a list's brackets (a list inside one too) and its nulls: a value
        // inside is read as a value of that name, an object as the field's object, a second one as a second shape
        // (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/geo/shape-field-list-*`).
        for (const item of listItems(at, value)) {
          if (!isObject(item.value)) {
            check.report('query.unknown-parameter', `query does not support [${key}]`, at, 'key');
            return;
          }
          if (field !== undefined) {
            check.report('query.multiple-fields', `point specified twice. [${key}]`, item.at, 'key');
            return;
          }
          if (checkShapeField(check, item.at, item.value)) return;
          field = key;
        }
        continue;
      }
      if (name === 'geo_bounding_box') {
        // The parser steps into the list: an object there is a box, a value is read under the list's name.
        const read = boxList(check, at, key, value, parser);
        if (read === 'refused') return;
        if (read !== undefined) {
          box = read;
          field = key;
        }
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
      if (name === 'geo_distance') {
        field = key;
        if (!readDistancePoint(check, at, key, value, point)) return;
        continue;
      }
      if (name === 'geo_bounding_box') {
        const read = readBox(check, at, value);
        if (read === undefined) return;
        box = read;
        field = key;
        continue;
      }
      if (name === 'geo_shape') checkShapeField(check, at, value);
      field ??= key;
      continue;
    }
    const kind = parser.options[key];
    if (kind === undefined) {
      if (name === 'geo_distance' && (key.endsWith('.lat') || key.endsWith('.lon'))) {
        // `location.lat` and `location.lon` name the field and give one coordinate each.
        const n = coordinate(check, at, value);
        if (n === undefined) return;
        if (key.endsWith('.lat')) point.lat = n;
        else point.lon = n;
        field = key.slice(0, -'.lat'.length);
        continue;
      }
      if (name === 'geo_distance' && field === undefined) {
        // The point as text (`GeoPoint.resetFromString`): this member names the field.
        const read = readPointText(String(value));
        if ('refusal' in read) {
          check.report('query.invalid-value', read.refusal, at);
          return;
        }
        field = key;
        setPoint(point, read.point);
        continue;
      }
      check.report('query.unknown-parameter', parser.unknownValue(key), at, 'key');
      return;
    }
    if (key === 'boost' && negativeBoost(check, at, name, false, value)) return;
    const refusal = optionRefusal(kind, value, jackson);
    if (refusal !== undefined && kind === 'bboxType') {
      // The box's type is read as text in the loop and made a type once the box is set (checkCorners).
      boxType ??= { message: refusal, at };
    } else if (refusal !== undefined) {
      check.report(
        kind === 'number' ? 'value.not-a-number' : kind === 'boolean' ? 'value.not-a-boolean' : 'query.invalid-value',
        refusal,
        at,
      );
      return;
    }
  }
  if (name === 'geo_bounding_box') {
    if (box === undefined) {
      check.report(
        'query.missing-parameter',
        'failed to parse [geo_bounding_box] query. bounding box not provided',
        path,
        'key',
      );
    } else if (field !== undefined) {
      checkCorners(check, path, field, box, body, boxType);
    }
    return;
  }
  const missing = parser.missing?.(body);
  if (missing !== undefined) check.report('query.missing-parameter', missing, path, 'key');
  else if (name === 'geo_polygon') polygonPointCount(check, path, body);
  else if (name === 'geo_distance') checkDistance(check, path, field, point, body);
}

/** A point's numbers from text: a geohash or WKT stands for some valid point (its cell is not worked out here). */
function setPoint(point: LatLon, read: LatLon | undefined): void {
  point.lat = read?.lat ?? 0;
  point.lon = read?.lon ?? 0;
}

/** What `GeoUtils.parseGeoPoint` refuses in a point written as an array: numbers, [lon, lat] and no altitude. */
function arrayPointRefusal(list: readonly unknown[]): string | undefined {
  if (!list.every((item) => typeof item === 'number')) return 'numeric value expected';
  if (list.length < 2) return '[geo_point] field type should have at least two dimensions';
  if (list.length === 3) return zValueRefusal(list[2] as number);
  return undefined;
}

/** `XContentParser.doubleValue()` of a coordinate; reports and returns undefined when it refuses. */
function coordinate(check: JsonCheck, at: ValuePath, value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const n = javaDoubleNumber(value);
    if (n === undefined) check.report('value.not-a-number', numberTextError(value), at);
    return n;
  }
  check.report('value.not-a-number', notNumericText(tokenName(value), jacksonMajor(check.server)), at);
  return undefined;
}

/**
 * GeoDistanceQueryBuilder's loop inside the point's object (`"location": {"lat": 40, "lon": -70}`): `lat` and `lon`
 * are read with `doubleValue()`, `geohash` as a geohash, null is skipped, and any other value is `[geo_distance]
 * query does not support [<the field>]`. The loop steps into a list and reads its values under the list's name. An
 * object inside is stepped over, and its end ends the loop: the members after it are read by the clause's loop, and
 * every parser above ends one level early; the body is then read again as it does (earlyEnd.ts), with the object
 * written as the text `{`, which this loop passes over as it passes over the object (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; conformance cases `cross/lists/geo/point-*`). Returns whether the clause reads on.
 */
function readDistancePoint(
  check: JsonCheck,
  path: ValuePath,
  field: string,
  object: Record<string, unknown>,
  point: LatLon,
): boolean {
  for (const member in object) {
    const value = object[member];
    const at = path.child(member);
    if (isObject(value)) {
      if (!followingMemberRefused(check, path, object, member, value)) check.reportEarlyEnd(at);
      return false;
    }
    const values = Array.isArray(value) ? (flatScalars(value) ?? value) : [value];
    for (let i = 0; i < values.length; i++) {
      const item: unknown = values[i];
      // The loop passes over the list's brackets: an object last in the list ends it as one in the member's place
      // does (conformance cases `cross/lists/geo/point-lat-array-*`). Lists of lists, and objects before other items,
      // move the parser in ways not followed here.
      if (isObject(item) && Array.isArray(value) && i === values.length - 1) {
        if (!followingMemberRefused(check, path, object, member, item)) check.reportEarlyEnd(at.child(i), true);
        return false;
      }
      // An empty object before a value: the clause's loop meets the value under the point's name.
      const next: unknown = values[i + 1];
      if (isObject(item) && firstKey(item) === undefined && next !== null && typeof next !== 'object') {
        check.report(
          'query.unknown-parameter',
          `failed to parse [geo_distance] query. unexpected field [${field}]`,
          at.child(i + 1),
        );
        return false;
      }
      if (typeof item === 'object' && item !== null) return false;
      if (item === null || item === EARLY_END_TEXT) continue;
      const place = !Array.isArray(value) ? at : values === value ? at.child(i) : at.child(firstListed(value, i));
      if (member === 'lat' || member === 'lon') {
        const n = coordinate(check, place, item);
        if (n === undefined) return false;
        if (member === 'lat') point.lat = n;
        else point.lon = n;
      } else if (member === 'geohash') {
        const refusal = geohashRefusal(scalarText(item));
        if (refusal !== undefined) {
          check.report('query.invalid-value', refusal, place);
          return false;
        }
        setPoint(point, undefined);
      } else {
        check.report('query.unknown-parameter', `[geo_distance] query does not support [${field}]`, at, 'key');
        return false;
      }
    }
  }
  return true;
}

/** The items of a list with their places, a list inside it read in its place, nulls left out. */
function listItems(at: ValuePath, list: readonly unknown[], depth = 0): { value: unknown; at: ValuePath }[] {
  const out: { value: unknown; at: ValuePath }[] = [];
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (item === null) continue;
    if (Array.isArray(item) && depth < 100) out.push(...listItems(at.child(i), item, depth + 1));
    else out.push({ value: item, at: at.child(i) });
  }
  return out;
}

/**
 * The values of a list with lists inside, in the order the point's loop reads them: it passes over every bracket of a
 * list (`"lon": [[-70]]` is -70, `[["a"]]` is `For input string: "a"`; real 3.9.0 and 2.19.6, conformance cases
 * `cross/lists/geo/point-*-list-inside*`). Undefined when the list holds no list, or an object at any depth (its end
 * moves the parser in ways not followed here).
 */
function flatScalars(list: readonly unknown[]): unknown[] | undefined {
  if (!list.some(Array.isArray)) return undefined;
  const out: unknown[] = [];
  const add = (item: unknown): boolean => {
    if (Array.isArray(item)) return item.every(add);
    if (isObject(item)) return false;
    out.push(item);
    return true;
  };
  return list.every(add) ? out : undefined;
}

/** The item of `list` that holds its `n`th value once its lists inside are flattened (flatScalars). */
function firstListed(list: readonly unknown[], n: number): number {
  let seen = 0;
  const count = (item: unknown): number => (Array.isArray(item) ? item.reduce<number>((a, b) => a + count(b), 0) : 1);
  for (let i = 0; i < list.length; i++) {
    seen += count(list[i]);
    if (seen > n) return i;
  }
  return list.length - 1;
}

/**
 * An empty object inside the point ends the point's loop; the clause's loop then reads the point's next member. A value
 * there under a name the clause does not read is refused before anything above sees the early end.
 */
function followingMemberRefused(
  check: JsonCheck,
  path: ValuePath,
  object: Record<string, unknown>,
  member: string,
  /** The object that ends the loop: the member's value, or the last item of its list. */
  inner: Record<string, unknown>,
): boolean {
  for (const _key in inner) return false;
  const members = Object.keys(object);
  const next = members[members.indexOf(member) + 1];
  if (next === undefined) return false;
  const value = object[next];
  const option = GEO_PARSERS.get('geo_distance')?.options[next];
  if (value === null || typeof value === 'object' || option !== undefined) return false;
  check.report(
    'query.unknown-parameter',
    `failed to parse [geo_distance] query. unexpected field [${next}]`,
    path.child(next),
    'key',
  );
  return true;
}

/** An object a parser read as the text `{`, in the body as read again (earlyEnd.ts). */
const EARLY_END_TEXT = '{';

/**
 * After the loop: the field (`GeoDistanceQueryBuilder`'s constructor), the distance (`distance(String, unit)`), then,
 * when each shard builds the query, the point's latitude and longitude unless `validation_method` is
 * `ignore_malformed` or `coerce`. The last fails only where the field is a geo field; elsewhere the shard fails as
 * well (`failed to find geo field`), unless `ignore_unmapped` is true, which is then left alone.
 */
function checkDistance(
  check: JsonCheck,
  path: ValuePath,
  field: string | undefined,
  point: LatLon,
  body: Record<string, unknown>,
): void {
  if (field === undefined || field === '') {
    check.report('query.missing-field', 'fieldName must not be null or empty', path, 'key');
    return;
  }
  const refusal = distanceRefusal(body.distance);
  if (refusal !== undefined) {
    check.report('query.invalid-value', refusal, path.child('distance'));
    return;
  }
  if (!checksCoordinates(body)) return;
  const invalid: string[] = [];
  if (!validLatitude(point.lat)) invalid.push(`center point latitude is invalid: ${javaDoubleText(point.lat)}`);
  if (!validLongitude(point.lon)) invalid.push(`center point longitude is invalid: ${javaDoubleText(point.lon)}`);
  reportCoordinates(check, path.child(field), 'geo_distance', invalid);
}

/** Whether each shard checks the coordinates (`checkLatLon`) and fails on the field whatever its mapping. */
function checksCoordinates(body: Record<string, unknown>): boolean {
  const method = body.validation_method;
  const lenient =
    (typeof method === 'string' || typeof method === 'number' || typeof method === 'boolean') &&
    ['IGNORE_MALFORMED', 'COERCE'].includes(String(method).toUpperCase());
  const unmapped = body.ignore_unmapped;
  return !lenient && unmapped !== true && unmapped !== 'true';
}

/** The shards' refusal of coordinates out of range, in `QueryValidationException`'s words. */
function reportCoordinates(check: JsonCheck, at: ValuePath, clause: string, invalid: readonly string[]): void {
  if (invalid.length === 0) return;
  const list = invalid.map((text, i) => `${i + 1}: [${clause}] ${text};`).join('');
  check.reportItemFailure(
    'query.invalid-value',
    `couldn't validate latitude/ longitude values: Validation Failed: ${list} (every shard fails)`,
    at,
  );
}

/** What `distance(String, DistanceUnit)` or `distance(double, DistanceUnit)` refuses in the distance. */
function distanceRefusal(distance: unknown): string | undefined {
  if (typeof distance === 'number') return distance <= 0 ? 'distance must be greater than zero' : undefined;
  if (typeof distance !== 'string') return undefined;
  if (distance === '') return 'distance must not be null or empty';
  // `DistanceUnit.parse`: the first unit whose name ends the text, in the enum's order; the rest is a double.
  const number = distanceNumber(distance);
  const n = javaDoubleNumber(number);
  if (n === undefined) return isJavaDouble(number) ? undefined : numberTextError(number);
  return n <= 0 ? 'distance must be greater than zero' : undefined;
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

/** A box as `GeoBoundingBox.parseBoundingBox` leaves it: its sides (NaN where not given), where it is written. */
interface Box {
  top: number;
  left: number;
  bottom: number;
  right: number;
  /** False when a corner is a geohash or WKT point, whose cell is not worked out here. */
  known: boolean;
  readonly at: ValuePath;
}

const SIDES = new Set(['top', 'left', 'bottom', 'right']);
const POINT_CORNERS = new Set(['top_left', 'bottom_right', 'top_right', 'bottom_left']);
const POINT_KEYS = new Set(['lat', 'lon', 'geohash', 'type', 'coordinates']);

/**
 * Reads a box as `GeoBoundingBox.parseBoundingBox` does, reporting what it refuses first at the member it stops at
 * (wrapped in `failed to parse [geo_bounding_box] query. [...]`); undefined when it refused.
 */
function readBox(check: JsonCheck, path: ValuePath, box: Record<string, unknown>): Box | undefined {
  const read: Box = { top: Number.NaN, left: Number.NaN, bottom: Number.NaN, right: Number.NaN, known: true, at: path };
  let envelope: LatLonBox | undefined;
  const jackson = jacksonMajor(check.server);
  for (const key in box) {
    const value = box[key];
    let message: string | undefined;
    if (key === 'wkt') {
      const wkt = wktBox(value);
      if (wkt === 'refused') message = 'failed to parse WKT bounding box';
      else if (wkt === undefined) read.known = false;
      else envelope = wkt;
    } else if (SIDES.has(key)) {
      const side = sideValue(value, jackson);
      if (typeof side === 'string') message = side;
      else read[key as 'top' | 'left' | 'bottom' | 'right'] = side;
    } else if (POINT_CORNERS.has(key)) {
      const corner = cornerPoint(value, key as EffectivePoint);
      if ('refusal' in corner) message = corner.refusal;
      else if (corner.point === undefined) read.known = false;
      else {
        if (key.startsWith('top')) read.top = corner.point.lat;
        else read.bottom = corner.point.lat;
        if (key.endsWith('left')) read.left = corner.point.lon;
        else read.right = corner.point.lon;
      }
    } else message = `failed to parse bounding box. unexpected field [${key}]`;
    if (message !== undefined) {
      check.report('query.wrong-type', `failed to parse [geo_bounding_box] query. [${message}]`, path.child(key));
      return undefined;
    }
  }
  if (envelope === undefined) return read;
  if (![read.top, read.left, read.bottom, read.right].every(Number.isNaN)) {
    check.report(
      'query.wrong-type',
      'failed to parse [geo_bounding_box] query. [failed to parse bounding box. Conflicting definition found using well-known text and explicit corners.]',
      path,
    );
    return undefined;
  }
  return { ...read, ...envelope };
}

/**
 * A list where geo_bounding_box reads a box: the parser steps into it, reads each object as a box (the last one
 * counts) and each value under the list's name, where only an option reads one (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
 * conformance cases `cross/lists/geo/box-*list*`).
 */
function boxList(
  check: JsonCheck,
  path: ValuePath,
  key: string,
  list: readonly unknown[],
  parser: GeoParser,
): Box | 'refused' | undefined {
  let box: Box | undefined;
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    const at = path.child(i);
    if (item === null) continue;
    if (Array.isArray(item)) {
      const inner = boxList(check, at, key, item, parser);
      if (inner === 'refused') return inner;
      box = inner ?? box;
    } else if (isObject(item)) {
      const read = readBox(check, at, item);
      if (read === undefined) return 'refused';
      box = read;
    } else {
      const kind = parser.options[key];
      const refusal =
        kind === undefined ? parser.unknownValue(key) : optionRefusal(kind, item, jacksonMajor(check.server));
      if (refusal !== undefined) {
        check.report(kind === undefined ? 'query.unknown-parameter' : 'query.invalid-value', refusal, at);
        return 'refused';
      }
    }
  }
  return box;
}

/** A side of the box, read with `doubleValue()`: the number, or Jackson's or Java's refusal. */
function sideValue(value: unknown, jackson: 2 | 3): number | string {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return javaDoubleNumber(value) ?? numberTextError(value);
  return notNumericText(tokenName(value), jackson);
}

/** The sides a WKT envelope gives. */
interface LatLonBox {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/**
 * A WKT `BBOX (minLon, maxLon, maxLat, minLat)` (or `ENVELOPE`): its sides, `refused` when its top is below its bottom
 * (the rectangle refuses it), undefined for any other text (left to the server).
 */
function wktBox(value: unknown): LatLonBox | 'refused' | undefined {
  if (typeof value !== 'string') return undefined;
  const found = /^\s*(?:BBOX|ENVELOPE)\s*\(([^)]*)\)\s*$/i.exec(value);
  const parts = found?.[1]?.split(',').map((part) => javaDoubleNumber(part));
  if (parts?.length !== 4 || parts.some((n) => n === undefined)) return undefined;
  const [left, right, top, bottom] = parts as [number, number, number, number];
  return top < bottom ? 'refused' : { top, left, bottom, right };
}

/**
 * What `GeoUtils.parseGeoPoint` refuses in a point written as an array or an object (as `distance_feature`'s origin
 * is read), or undefined; the point's numbers when it has them.
 */
export function geoPointRead(point: unknown): { refusal?: string; point?: LatLon } {
  const read = cornerPoint(point, 'bottom_left');
  return 'refusal' in read ? { refusal: read.refusal } : read.point === undefined ? {} : { point: read.point };
}

/**
 * A corner read by `GeoUtils.parseGeoPoint`: a number, a boolean or null is `geo_point expected`; an array is [lon, lat]
 * of numbers; an object takes `lat`, `lon` (numbers or texts of numbers), `geohash`, `type` and `coordinates`; a text
 * is `lat,lon` or a geohash (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/geo/box-*`).
 */
function cornerPoint(point: unknown, corner: EffectivePoint): TextPoint {
  if (Array.isArray(point)) {
    const refusal = arrayPointRefusal(point);
    return refusal === undefined ? { point: { lon: point[0] as number, lat: point[1] as number } } : { refusal };
  }
  if (typeof point === 'string') return readPointText(point, corner);
  if (!isObject(point)) return { refusal: 'geo_point expected' };
  let members = 0;
  for (const key in point) {
    members++;
    if (!POINT_KEYS.has(key)) return { refusal: 'field must be either [lon|lat], [type|coordinates], or [geohash]' };
    const value = point[key];
    if (key !== 'lat' && key !== 'lon') continue;
    if (typeof value === 'object' || typeof value === 'boolean') return { refusal: `${key} must be a number` };
    if (typeof value === 'string' && !isJavaDouble(value)) {
      return { refusal: '[lon] and [lat] must be valid double values' };
    }
  }
  if (members === 0) return { refusal: 'token [END_OBJECT] not allowed' };
  // One form of the three (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases `cross/lists/more/corner-*`).
  const latLon = 'lat' in point || 'lon' in point;
  const geoJson = 'type' in point || 'coordinates' in point;
  if (Number(latLon) + Number(geoJson) + Number('geohash' in point) > 1) {
    return { refusal: 'field must be either [lon|lat], [type|coordinates], or [geohash]' };
  }
  if (geoJson && !('type' in point)) return { refusal: 'field [type] missing' };
  if (geoJson && !('coordinates' in point)) return { refusal: 'field [coordinates] missing' };
  if ('geohash' in point) {
    const hash = point.geohash;
    if (typeof hash !== 'string') return { point: undefined };
    const refusal = geohashRefusal(hash);
    return refusal === undefined ? { point: geohashCorner(hash, corner) } : { refusal };
  }
  if (geoJson) return { point: undefined };
  if (!('lat' in point)) return { refusal: 'field [lat] missing' };
  if (!('lon' in point)) return { refusal: 'field [lon] missing' };
  const lat = typeof point.lat === 'number' ? point.lat : javaDoubleNumber(String(point.lat));
  const lon = typeof point.lon === 'number' ? point.lon : javaDoubleNumber(String(point.lon));
  return lat === undefined || lon === undefined ? { point: undefined } : { point: { lat, lon } };
}

/**
 * After the clause's loop, `setCorners` checks the box whatever `validation_method` says (it is set after): every side
 * given, the top above the bottom, the left apart from the right; then `type` is read (real 3.9.0, 3.8.0, 2.19.6 and
 * 2.19.1; cases `cross/lists/geo/box-*-then-type`). Each shard then checks the coordinates' ranges
 * unless `validation_method` is `ignore_malformed` or `coerce`, as for geo_distance.
 */
function checkCorners(
  check: JsonCheck,
  path: ValuePath,
  field: string,
  box: Box,
  body: Record<string, unknown>,
  type: HeldRefusal | undefined,
): void {
  // Then the type is made from its text (`no type can be parsed from ordinal x`), before any shard reads the box.
  const typeRefused = (): boolean => {
    if (type !== undefined) check.report('query.invalid-value', type.message, type.at);
    return type !== undefined;
  };
  if (!box.known) {
    typeRefused();
    return;
  }
  const { top, left, bottom, right } = box;
  const sides: readonly (readonly [number, string])[] = [
    [top, 'top latitude'],
    [left, 'left longitude'],
    [bottom, 'bottom latitude'],
    [right, 'right longitude'],
  ];
  const given = (n: number): boolean => Number.isFinite(n);
  const missing = sides.find(([n]) => !given(n));
  const message =
    missing !== undefined
      ? `${missing[1]} is invalid: ${javaDoubleText(missing[0])}`
      : top < bottom
        ? `top is below bottom corner: ${javaDoubleText(top)} vs. ${javaDoubleText(bottom)}`
        : top === bottom
          ? `top cannot be the same as bottom: ${javaDoubleText(top)} == ${javaDoubleText(bottom)}`
          : left === right
            ? `left cannot be the same as right: ${javaDoubleText(left)} == ${javaDoubleText(right)}`
            : undefined;
  if (message !== undefined) {
    check.report('query.invalid-value', message, box.at);
    return;
  }
  if (typeRefused() || !checksCoordinates(body)) return;
  const invalid: string[] = [];
  if (!validLatitude(top)) invalid.push(`top latitude is invalid: ${javaDoubleText(top)}`);
  if (!validLongitude(left)) invalid.push(`left longitude is invalid: ${javaDoubleText(left)}`);
  if (!validLatitude(bottom)) invalid.push(`bottom latitude is invalid: ${javaDoubleText(bottom)}`);
  if (!validLongitude(right)) invalid.push(`right longitude is invalid: ${javaDoubleText(right)}`);
  reportCoordinates(check, path.child(field), 'geo_bounding_box', invalid);
}

/** A JSON scalar as the parser's `text()` gives it. */
function scalarText(value: unknown): string {
  return typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : '';
}

/**
 * A text of `geo_distance` aggregation's `unit` or `distance_type`, read as the query's options are
 * (`DistanceUnit.fromString`, exact; `GeoDistance.fromString`, any case): the parser's words when it reads none.
 */
export function distanceOptionRefusal(key: 'unit' | 'distance_type', text: string): string | undefined {
  return optionRefusal(key === 'unit' ? 'unit' : 'distanceType', text, 3);
}

function optionRefusal(kind: OptionKind, value: unknown, jackson: 2 | 3): string | undefined {
  if (value === null) return undefined;
  switch (kind) {
    case 'number':
      // A blank text is `empty String` (real 3.9.0 and 2.19.6; conformance cases `cross/lists/geo/*-boost-empty`).
      return numberValueRefusal(value, jackson);
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

/**
 * Why `Distance.parseDistance` cannot read a distance, or undefined: the first unit name (in `DistanceUnit`'s order)
 * the text ends with is cut off and the rest read by the JVM's number parser, the whole text when it ends with none
 * (`10min` ends with `in`; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, cases `cross/lists/shard/distance-feature-*`).
 */
export function distanceTextRefusal(text: string): string | undefined {
  const number = distanceNumber(text);
  return isJavaDouble(number) ? undefined : numberTextError(number);
}

/** The number of a distance written as text: what is left once the first unit name that ends it is cut off. */
function distanceNumber(text: string): string {
  const unit = DISTANCE_UNITS.find((name) => text.endsWith(name));
  return unit === undefined ? text : text.slice(0, text.length - unit.length);
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
