// Shapes written as WKT text, read as the shape parser reads them (docs/opensearch/query-dsl.md#geo-shapes).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readWkt } from '../../../server/src/service/validate/wkt';

/** The refusal's words, '' for a shape read, or the point a POINT is. */
function read(text: string): string | readonly number[] {
  const reading = readWkt(text);
  if (reading === undefined) return '';
  return 'refusal' in reading ? reading.refusal : reading.point;
}

void describe('WKT shapes', () => {
  void it('reads the shapes and gives the point of a POINT', () => {
    assert.deepEqual(read('POINT (1 2)'), [1, 2]);
    assert.deepEqual(read('point (1 2 3)'), [1, 2, 3]);
    assert.deepEqual(read('POINT (0x1p3 2d) # a comment'), [8, 2]);
    assert.deepEqual(read('\tPOINT\n(NaN -2.5e1)'), [NaN, -25]);
    for (const text of [
      'LINESTRING (1 2, 3 4)',
      'LINESTRING ((1 2), (3 4))',
      'POLYGON ((0 0, 1 0, 1 1, 0 0), (0 0, 0.5 0, 0.5 0.5, 0 0))',
      'POLYGON ((0 0 5, 1 0 5, 1 1 5, 0 0 9))',
      'MULTIPOINT ((1 2), (3 4))',
      'MULTILINESTRING ((1 2, 3 4), (5 6, 7 8))',
      'MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)), ((2 2, 3 2, 3 3, 2 2)))',
      'BBOX (0, 10, 5, 0)',
      'envelope (0, 10, 5, 5)',
      'GEOMETRYCOLLECTION (POINT (1 2), LINESTRING (1 2, 3 4), GEOMETRYCOLLECTION (POINT (5 6)))',
    ]) {
      assert.equal(read(text), '', text);
    }
  });

  void it('refuses what the grammar does not take, naming the token found', () => {
    for (const [text, message] of [
      ['', 'expected word but found: END-OF-STREAM'],
      ['POINT (1', 'expected number but found: END-OF-STREAM'],
      ['POINT (1 2', 'expected word but found: END-OF-STREAM'],
      ['POINT (1 2 3 4)', 'expected ) but found: 4'],
      ['POINT 1 2', 'expected EMPTY or ( but found: 1'],
      ['POINT (a 2)', 'invalid number found: a'],
      ['POINT (1, 2)', "expected number but found: ','"],
      ['POINT ("1" 2)', `expected number but found: '"'`],
      ['POINT (1 2;', "expected word but found: ';'"],
      ['POINT (1 2) x', 'expected end of WKT string but found additional text: x'],
      ['POINT (1 2))', "expected end of WKT string but found additional text: ')'"],
      ['LINESTRING ()', 'expected word but found: END-OF-STREAM'],
      ['LINESTRING ((1 2, 3 4)', "expected ) but found: ','"],
      ['POLYGON (0 0, 1 0, 1 1, 0 0)', 'expected EMPTY or ( but found: 0'],
      ['BBOX (0 10 5 0)', 'expected , but found: 10'],
      ['GEOMETRYCOLLECTION (POINT (1 2) POINT (3 4))', 'expected , or ) but found: POINT'],
      ['FOO (1 2)', 'unknown geo_shape [FOO]'],
      ['EMPTY', 'unknown geo_shape [EMPTY]'],
      ['(1 2)', 'unknown geo_shape [(]'],
      ['GEOMETRYCOLLECTION (POINT (1 2), FOO (1 2))', 'unknown geo_shape [FOO]'],
      ['CIRCLE (1 2 10)', 'Unknown geometry type: circle'],
    ]) {
      assert.equal(read(text!), message, text);
    }
  });

  void it("refuses what the parser checks as it makes a shape's parts", () => {
    for (const [text, message] of [
      ['LINESTRING (1 2)', 'invalid number of points in LineString (found [1] - must be >= 2)'],
      ['MULTILINESTRING ((1 2), (5 6, 7 8))', 'invalid number of points in LineString (found [1] - must be >= 2)'],
      ['POLYGON ((0 0, 1 0, 1 1, 0 1))', 'invalid LinearRing found (coordinates are not closed)'],
      ['POLYGON ((0 0, 1 0, 0 0))', 'invalid number of points in LinearRing (found [3] - must be >= 4)'],
      ['POLYGON ((0 0, 1 1))', 'invalid number of points in LinearRing (found [2] - must be >= 4)'],
      ['POLYGON ((0 0, 4 0, 4 4, 0 0), (1 1, 2 1, 2 2, 1 2))', 'invalid LinearRing found (coordinates are not closed)'],
      [
        'LINESTRING (1 2 3, 4 5)',
        'unable to add coordinate to CoordinateBuilder: coordinate dimensions do not match. Expected [3] but found [2]',
      ],
      ['BBOX (0, 10, 0, 5)', 'max y cannot be less than min x'],
      ['POINT EMPTY', 'either shape or indexedShapeId is required'],
    ]) {
      assert.equal(read(text!), message, text);
    }
    // A part that fails as it is made fails before what follows it is read.
    assert.equal(read('LINESTRING (1 2) x'), 'invalid number of points in LineString (found [1] - must be >= 2)');
    assert.deepEqual(readWkt('LINESTRING (1 2 3, 4 5)'), {
      refusal:
        'unable to add coordinate to CoordinateBuilder: coordinate dimensions do not match. Expected [3] but found [2]',
      status: 500,
    });
  });

  void it('leaves unjudged what it has not seen answered', () => {
    for (const text of [
      // An empty multipoint or multiline is a shape; one written EMPTY inside another is not known here.
      'MULTIPOINT EMPTY',
      'GEOMETRYCOLLECTION (POINT EMPTY)',
      'MULTIPOINT (,)',
      'LINESTRING (1 2 NaN, 3 4)',
      'BBOX (0, 10, NaN, 0)',
    ]) {
      assert.equal(read(text), '', text);
    }
    // Still, what the grammar refuses after such a part is refused.
    assert.equal(read('POINT EMPTY x'), 'expected end of WKT string but found additional text: x');
  });
});
