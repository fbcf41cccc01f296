import type { ValuePath } from '../json/valuePath';
// The field object of a `geo_shape` query and its inline shape, as `AbstractGeometryQueryBuilder` and the GeoJSON
// parser read them (docs/opensearch/query-dsl.md#geo-shapes; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
// `cross/lists/values/shape-*`). A shape written as WKT text is read by wkt.ts.
import { isObject, tokenOf } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { javaDoubleText } from './values';
import { validLatitude, validLongitude } from './geoPoints';
import { readWkt, SHAPE_TYPES } from './wkt';

const RELATIONS = ['intersects', 'disjoint', 'within', 'contains'];
const STRATEGIES = ['recursive', 'term'];

/** A value's text as `text()` gives it, or its refusal when the token has none. */
function textOf(check: JsonCheck, at: ValuePath, value: unknown): { text: string } | { refusal: string } {
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number' || typeof value === 'boolean') return { text: String(value) };
  return { refusal: check.noText(at, tokenOf(value)) };
}

/** A refusal the loop over a geo query's members meets and holds, to be said once the loop or the builder is done. */
export interface HeldRefusal {
  readonly message: string;
  readonly at: ValuePath;
}

/**
 * The field object of a `geo_shape` query: its members in order, then a shape or an indexed shape. A null `shape` is no
 * shape; the builder then asks for one or the other (`either shape or indexedShapeId is required`). Whether the loop
 * over its members refused one (what the builder asks for after the loop is reported, not counted: a second field
 * object written after it in a list is refused first).
 */
export function checkShapeField(check: JsonCheck, path: ValuePath, field: Record<string, unknown>): boolean {
  let shape = false;
  let indexedId = false;
  /** A shape each shard refuses (a longitude out of range): said only if the loop and the builder refuse nothing. */
  let onShards: HeldRefusal | undefined;
  for (const key in field) {
    const value = field[key];
    const at = path.child(key);
    if (key === 'shape') {
      if (value === null) continue;
      const refusal = shapeRefusal(check, at, value);
      if (refusal?.shard === true) {
        onShards = { message: refusal.message, at: refusal.at ?? at };
      } else if (refusal !== undefined) {
        check.report('query.wrong-type', refusal.message, refusal.at ?? at);
        return true;
      }
      shape = true;
    } else if (key === 'relation' || key === 'strategy') {
      const read = textOf(check, at, value);
      if ('refusal' in read) {
        check.report('query.wrong-type', read.refusal, at);
        return true;
      }
      const known = key === 'relation' ? RELATIONS : STRATEGIES;
      if (!known.includes(read.text.toLowerCase())) {
        const what = key === 'relation' ? 'shape operation' : 'strategy';
        check.report('query.invalid-value', `Unknown ${what} [${read.text} ]`, at);
        return true;
      }
    } else if (key === 'indexed_shape') {
      if (Array.isArray(value)) {
        indexedShapeList(check, at, key, value);
        return true;
      }
      if (!isObject(value)) {
        indexedShapeValue(check, path, field, key, shape);
        return true;
      }
      const id = indexedShapeMembers(check, at, value);
      if (id === undefined) return true;
      indexedId = id;
    } else {
      check.report('query.unknown-parameter', `query does not support [${key}]`, at, 'key');
      return true;
    }
  }
  if (!shape && !indexedId) {
    check.report('query.missing-parameter', 'either shape or indexedShapeId is required', path, 'key');
  } else if (onShards !== undefined) {
    check.report('query.invalid-value', onShards.message, onShards.at);
  }
  return false;
}

/** A token the loop of an indexed shape refuses: anything but a member's name or a value that is not null. */
function indexedShapeRefusal(check: JsonCheck, at: ValuePath, after: string, value: unknown): void {
  check.report('query.wrong-type', `unknown token [${tokenOf(value)}] after [${after}]`, at);
}

/**
 * The members of `indexed_shape` as the builder's own loop reads them, token by token until an object's end: a member's
 * value must be a value that is not null (`unknown token [VALUE_NULL] after [id]`); names besides `id`, `index`, `path`
 * and `routing` are passed over (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; conformance cases
 * `cross/lists/geo/indexed-shape-*`). `after`: the loop starts past that member of the object (an `indexed_shape`
 * written as a value). Whether a member is `id`, or undefined once one was refused.
 */
function indexedShapeMembers(
  check: JsonCheck,
  at: ValuePath,
  object: Record<string, unknown>,
  after?: string,
): boolean | undefined {
  let reading = after === undefined;
  let id = false;
  for (const member in object) {
    if (!reading) {
      reading = member === after;
      continue;
    }
    const item = object[member];
    if (item === null || typeof item === 'object') {
      indexedShapeRefusal(check, at.child(member), member, item);
      return undefined;
    }
    if (member === 'id') id = true;
  }
  return id;
}

/**
 * `indexed_shape` written as a list: the loop steps into it and passes over its values; anything else in it, or its
 * end, is an unknown token after `indexed_shape`, so the list is always refused.
 */
function indexedShapeList(check: JsonCheck, at: ValuePath, key: string, list: readonly unknown[]): void {
  for (let i = 0; i < list.length; i++) {
    const item: unknown = list[i];
    if (item === null || typeof item === 'object') {
      indexedShapeRefusal(check, at.child(i), key, item);
      return;
    }
  }
  check.report('query.wrong-type', `unknown token [END_ARRAY] after [${key}]`, at);
}

/**
 * `indexed_shape` written as a value or null: the builder's loop for its object starts past that token, so it reads the
 * members after it as the indexed shape's, and the end of the field's object as its own end. With no shape before it
 * and no `id` after it the builder asks for one; otherwise every parser above ends one level early and the request
 * fails where a parser meets a token it does not expect (`[geo_shape] malformed query, expected [END_OBJECT] but found
 * [FIELD_NAME]`, or a null pointer at the body's end).
 */
function indexedShapeValue(
  check: JsonCheck,
  path: ValuePath,
  field: Record<string, unknown>,
  key: string,
  shape: boolean,
): void {
  const id = indexedShapeMembers(check, path, field, key);
  if (id === undefined) return;
  if (!shape && !id) {
    check.report('query.missing-parameter', 'either shape or indexedShapeId is required', path, 'key');
    return;
  }
  check.report(
    'query.wrong-type',
    `[${key}] is read as an object: written as a value, OpenSearch reads the members after it as its own and ends every parser above one level early, and the request fails`,
    path.child(key),
  );
}

interface Refusal {
  readonly message: string;
  /** Where it stands, when not at the shape itself. */
  readonly at?: ValuePath;
  /** Refused by each shard when it builds the query, not when the body is read. */
  readonly shard?: boolean;
}

/** A coordinate tree: a point (its numbers), or a list of trees (empty for `[]`). */
type Coordinates = { readonly point: readonly number[] } | { readonly list: readonly Coordinates[] };

/**
 * The coordinates as tokens, as the GeoJSON parser meets them: an object is one token here (the parser skips it whole),
 * a text or a boolean is a value, and what follows the coordinates in the shape (a member's name or the shape's end)
 * is AFTER.
 */
type CoordinateToken = number | 'START_ARRAY' | 'END_ARRAY' | 'NULL' | 'OBJECT' | 'VALUE' | 'AFTER';

function coordinateTokens(value: unknown, out: CoordinateToken[]): void {
  if (Array.isArray(value)) {
    out.push('START_ARRAY');
    for (const item of value) coordinateTokens(item, out);
    out.push('END_ARRAY');
  } else if (value === null) out.push('NULL');
  else if (typeof value === 'number') out.push(value);
  else out.push(isObject(value) ? 'OBJECT' : 'VALUE');
}

/** A refusal of the coordinates' parser, or a walk that went past the coordinates (not judged). */
class CoordinatesRefused extends Error {
  constructor(readonly refusal: string | undefined) {
    super(refusal);
  }
}

/**
 * The coordinates as `GeoJsonParser.parseCoordinates` reads them, token by token, or its refusal: a node is a point
 * (two or three numbers) or a list of nodes, each after the first of as many dimensions as the first (an empty node
 * has none to tell: `attempting to get number of dimensions on an empty coordinate node`). A point followed by
 * something other than a number or its end leaves that token for the list around it, which then ends early; the
 * walk is followed so (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/shape-*coordinates*`).
 * Undefined when the walk would read past the coordinates.
 */
function coordinatesOf(value: unknown): Coordinates | string | undefined {
  const tokens: CoordinateToken[] = [];
  coordinateTokens(value, tokens);
  tokens.push('AFTER');
  let at = 0;
  const next = (): CoordinateToken => {
    if (tokens[at] === 'AFTER') throw new CoordinatesRefused(undefined);
    return tokens[++at]!;
  };
  const refuse = (message: string): never => {
    throw new CoordinatesRefused(message);
  };
  const dimensions = (node: Coordinates): number => {
    if ('point' in node) return node.point.length;
    const first = node.list[0];
    return first === undefined
      ? refuse('attempting to get number of dimensions on an empty coordinate node')
      : dimensions(first);
  };
  const point = (): Coordinates => {
    const lon = tokens[at];
    if (typeof lon !== 'number') return refuse('geo coordinates must be numbers');
    const lat = next();
    if (typeof lat !== 'number') return refuse('geo coordinates must be numbers');
    const alt = next();
    if (typeof alt !== 'number') return { point: [lon, lat] };
    if (typeof next() === 'number') refuse('geo coordinates greater than 3 dimensions are not supported');
    return { point: [lon, lat, alt] };
  };
  const node = (): Coordinates => {
    if (tokens[at] === 'OBJECT') refuse('coordinates cannot be specified as objects');
    let token = next();
    if (token === 'NULL') refuse('coordinates cannot contain NULL values)');
    if (token !== 'START_ARRAY' && token !== 'END_ARRAY') return point();
    const list: Coordinates[] = [];
    while (token !== 'END_ARRAY') {
      const read = node();
      if (list.length > 0 && dimensions(list[0]!) !== dimensions(read)) {
        refuse('Exception parsing coordinates: number of dimensions do not match');
      }
      list.push(read);
      token = next();
    }
    return { list };
  };
  try {
    return node();
  } catch (error) {
    if (error instanceof CoordinatesRefused) return error.refusal;
    throw error;
  }
}

function pointCount(node: Coordinates): number {
  return 'list' in node ? node.list.length : 1;
}

/** What the shape's builder refuses of its coordinates, by type. */
function structureRefusal(type: string, node: Coordinates): Refusal | undefined {
  switch (type) {
    case 'point':
      return 'list' in node ? { message: 'multipoint data provided when single point data expected.' } : undefined;
    case 'envelope': {
      if ('point' in node) {
        return { message: 'Cannot invoke "java.util.List.size()" because "coordinates.children" is null' };
      }
      if (node.list.length !== 2) {
        return {
          message: `invalid number of points [${node.list.length}] provided for geo_shape [envelope] when expecting an array of 2 coordinates`,
        };
      }
      const [topLeft, bottomRight] = node.list;
      if (topLeft !== undefined && !('point' in topLeft)) return { message: 'topLeft of envelope cannot be null' };
      if (bottomRight !== undefined && !('point' in bottomRight)) {
        return { message: 'bottomRight of envelope cannot be null' };
      }
      if (topLeft !== undefined && bottomRight !== undefined && 'point' in topLeft && 'point' in bottomRight) {
        if ((topLeft.point[1] ?? 0) < (bottomRight.point[1] ?? 0))
          return { message: 'max y cannot be less than min x' };
      }
      return undefined;
    }
    case 'linestring':
      return 'list' in node && node.list.length < 2
        ? { message: `invalid number of points in LineString (found [${node.list.length}] - must be >= 2)` }
        : undefined;
    case 'polygon': {
      if ('point' in node) return undefined;
      const ring = node.list[0];
      if (ring !== undefined && 'point' in ring) {
        return { message: 'Invalid LinearRing found. Found a single coordinate when expecting a coordinate array' };
      }
      for (const shell of node.list) {
        if (!('list' in shell) || shell.list.some((p) => !('point' in p))) continue;
        const points = shell.list as readonly { readonly point: readonly number[] }[];
        const first = points[0]!.point;
        const last = points[points.length - 1]!.point;
        if (first[0] !== last[0] || first[1] !== last[1]) {
          return { message: 'invalid LinearRing found (coordinates are not closed)' };
        }
        if (pointCount(shell) < 4) {
          return { message: `invalid number of points in LinearRing (found [${pointCount(shell)}] - must be >= 4)` };
        }
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A shape as WKT text: what the parser refuses, as the shape types read it (wkt.ts), then a point's latitude and
 * longitude as each shard checks them (`POINT (NaN 2)`; case `cross/lists/wkt/point-nan`).
 */
function wktRefusal(text: string): Refusal | undefined {
  const reading = readWkt(text);
  if (reading === undefined) return undefined;
  if ('refusal' in reading) return { message: reading.refusal };
  const message = pointRangeRefusal(reading.point);
  return message === undefined ? undefined : { message, shard: true };
}

/** An inline shape: what the GeoJSON parser or the shape's builder refuses, or what each shard refuses of a point. */
function shapeRefusal(check: JsonCheck, at: ValuePath, shape: unknown): Refusal | undefined {
  if (typeof shape === 'string') return wktRefusal(shape);
  if (!isObject(shape)) return { message: 'shape must be an object consisting of type and coordinates' };
  let type: string | undefined;
  let coordinates: Coordinates | undefined;
  for (const key in shape) {
    const value = shape[key];
    if (key === 'type') {
      const read = textOf(check, at.child(key), value);
      if ('refusal' in read) return { message: read.refusal, at: at.child(key) };
      type = read.text;
      // The type is known as it is read, before the members after it (cases `shape-unknown-type-then-*`).
      if (!SHAPE_TYPES.includes(type.toLowerCase()))
        return { message: `unknown geo_shape [${type}]`, at: at.child(key) };
    } else if (key === 'coordinates') {
      const read = coordinatesOf(value);
      // A walk past the coordinates reads the shape's next member as coordinates: not judged.
      if (read === undefined) return undefined;
      if (typeof read === 'string') return { message: read, at: at.child(key) };
      coordinates = read;
    }
  }
  if (type === undefined) return { message: 'shape type not included' };
  // An unknown type was refused as it was read.
  const kind = type.toLowerCase();
  if (kind === 'geometrycollection') return undefined;
  if (coordinates === undefined) return { message: 'coordinates not included' };
  const refused = structureRefusal(kind, coordinates);
  if (refused !== undefined) return { ...refused, at: at.child('coordinates') };
  // Each shard checks the latitude and longitude of a point, of a multipoint's points, of an envelope's corners and of
  // a circle's centre (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/shape-range-*`); a line's
  // and a polygon's points are not checked.
  if (kind === 'point' || kind === 'circle' || kind === 'multipoint' || kind === 'envelope') {
    const points = 'point' in coordinates ? [coordinates] : coordinates.list;
    for (let i = 0; i < points.length; i++) {
      const node = points[i]!;
      if (!('point' in node)) continue;
      const message = pointRangeRefusal(node.point);
      if (message !== undefined) {
        const where = 'point' in coordinates ? at.child('coordinates') : at.child('coordinates').child(i);
        return { message, at: where, shard: true };
      }
    }
  }
  return undefined;
}

/** A point's latitude, then its longitude, out of range: each shard's words. */
function pointRangeRefusal(point: readonly number[]): string | undefined {
  const [lon, lat] = point as [number, number];
  if (!validLatitude(lat)) {
    return `failed to create query: invalid latitude ${javaDoubleText(lat)}; must be between -90.0 and 90.0`;
  }
  if (!validLongitude(lon)) {
    return `failed to create query: invalid longitude ${javaDoubleText(lon)}; must be between -180.0 and 180.0`;
  }
  return undefined;
}
