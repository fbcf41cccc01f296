// How OpenSearch reads a geo point written as text, and the numbers of a point as the geo queries keep them
// (docs/opensearch/query-dsl.md#geo-points). `GeoPoint.resetFromString`: a text naming a WKT `POINT` is read as WKT,
// a text with a comma as `lat,lon` (a third part is an altitude, refused unless `ignore_z_value`), any other text as
// a geohash (`Geohash.mortonEncode`).
import { isJavaDouble, javaDoubleNumber, javaDoubleText, splitByComma } from './values';

/** The letters of a geohash: base 32 without `a`, `i`, `l` and `o`. */
const GEOHASH_LETTERS = '0123456789bcdefghjkmnpqrstuvwxyz';

/** What `Geohash.mortonEncode` refuses in a geohash; undefined when it reads it. */
export function geohashRefusal(text: string): string | undefined {
  if (text === '') return 'empty geohash';
  for (const letter of text) {
    if (!GEOHASH_LETTERS.includes(letter)) return `unsupported symbol [${letter}] in geohash [${text}]`;
  }
  return undefined;
}

/** The corner of a geohash's cell a reader takes (`GeoUtils.EffectivePoint`). */
export type EffectivePoint = 'top_left' | 'top_right' | 'bottom_left' | 'bottom_right';

/**
 * A geohash's cell, halved in turn along the longitude and the latitude by each of its bits (5 a letter), and the
 * corner a reader takes; undefined past 12 letters, where the server's 64-bit encoding stops.
 */
export function geohashCorner(hash: string, corner: EffectivePoint): LatLon | undefined {
  if (hash.length > 12 || geohashRefusal(hash) !== undefined) return undefined;
  const lat = [-90, 90];
  const lon = [-180, 180];
  let even = true;
  for (const letter of hash) {
    const bits = GEOHASH_LETTERS.indexOf(letter);
    for (let bit = 4; bit >= 0; bit--) {
      const range = even ? lon : lat;
      const mid = (range[0]! + range[1]!) / 2;
      if ((bits >> bit) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return {
    lat: corner.startsWith('top') ? lat[1]! : lat[0]!,
    lon: corner.endsWith('left') ? lon[0]! : lon[1]!,
  };
}

/** A point's latitude and longitude (NaN where not given). */
export interface LatLon {
  lat: number;
  lon: number;
}

/** A point read from text: its coordinates (undefined for a geohash or WKT, whose cell is not worked out here). */
export type TextPoint = { readonly refusal: string } | { readonly point: LatLon | undefined };

/**
 * `GeoPoint.resetFromString` without `ignore_z_value`, as the geo queries call it; a geohash stands for the corner of
 * its cell the reader takes.
 */
export function readPointText(text: string, corner: EffectivePoint = 'bottom_left'): TextPoint {
  // WKT is left to the server: its grammar is not followed here.
  if (text.toLowerCase().includes('point')) return { point: undefined };
  if (!text.includes(',')) {
    const refusal = geohashRefusal(text);
    return refusal === undefined ? { point: geohashCorner(text, corner) } : { refusal };
  }
  const parts = splitByComma(text);
  if (parts.length > 3) {
    return { refusal: `failed to parse [${text}], expected 2 or 3 coordinates but found: [${parts.length}]` };
  }
  const lat = javaDoubleNumber(parts[0] ?? '');
  if (lat === undefined) return { refusal: 'latitude must be a number' };
  // `"40,"` splits into one part, and the longitude is read past the end of the array (HTTP 500).
  if (parts.length < 2) return { refusal: `Index 1 out of bounds for length ${parts.length}` };
  const lon = javaDoubleNumber(parts[1]!);
  if (lon === undefined) return { refusal: 'longitude must be a number' };
  if (parts.length === 3) {
    const z = parts[2]!;
    if (!isJavaDouble(z)) return { refusal: `For input string: "${z.trim()}"` };
    return { refusal: zValueRefusal(javaDoubleNumber(z) ?? Number.NaN) };
  }
  return { point: { lat, lon } };
}

/** `GeoPoint.assertZValue` without `ignore_z_value`. */
export function zValueRefusal(z: number): string {
  return `Exception parsing coordinates: found Z value [${javaDoubleText(z)}] but [ignore_z_value] parameter is [false]`;
}

/** `GeoUtils.isValidLatitude`. */
export function validLatitude(lat: number): boolean {
  return lat >= -90 && lat <= 90;
}

/** `GeoUtils.isValidLongitude`. */
export function validLongitude(lon: number): boolean {
  return lon >= -180 && lon <= 180;
}
