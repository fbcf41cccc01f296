// GeoJSON coordinates of a geo_shape query, read token by token as OpenSearch's parser reads them
// (docs/opensearch/query-dsl.md#geo-shapes); each expected message is what real 3.9.0, 3.8.0, 2.19.6 and 2.19.1
// answered (conformance cases `cross/lists/values/shape-coordinates-*`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diagnose } from './harness';

function envelopeErrors(coordinates: unknown): string[] {
  const body = { query: { geo_shape: { shape: { shape: { type: 'envelope', coordinates } } } }, size: 0 };
  return diagnose('search', `POST /conformance/_search\n${JSON.stringify(body)}\n`)
    .filter((d) => d.severity === 1)
    .map((d) => d.message);
}

void describe('GeoJSON coordinates', () => {
  void it('reads the whole tree before it compares the dimensions of its nodes', () => {
    assert.deepEqual(envelopeErrors([[], [[5], 0]]), ['geo coordinates must be numbers']);
    assert.deepEqual(envelopeErrors([[], [5, 0]]), [
      'attempting to get number of dimensions on an empty coordinate node',
    ]);
    assert.deepEqual(
      envelopeErrors([
        [1, 2],
        [1, 2, 3],
      ]),
      ['Exception parsing coordinates: number of dimensions do not match'],
    );
    // A list's dimensions are its first node's: a point beside a list of one point is no mismatch.
    assert.deepEqual(envelopeErrors([[1, 2], [[3, 0]]]), ['bottomRight of envelope cannot be null']);
  });

  void it('takes two or three numbers for a point', () => {
    assert.deepEqual(
      envelopeErrors([
        [1, 2, 3],
        [3, 0],
      ]),
      ['Exception parsing coordinates: number of dimensions do not match'],
    );
    assert.deepEqual(
      envelopeErrors([
        [1, 2, 3, 4],
        [3, 0],
      ]),
      ['geo coordinates greater than 3 dimensions are not supported'],
    );
    assert.deepEqual(
      envelopeErrors([
        [0, 5],
        [5, 0],
      ]),
      [],
    );
  });

  void it('follows the walk when a point is followed by a value, which ends the list around it', () => {
    assert.deepEqual(
      envelopeErrors([
        [1, 2, 'x'],
        [3, 0],
      ]),
      ['invalid number of points [1] provided for geo_shape [envelope] when expecting an array of 2 coordinates'],
    );
    assert.deepEqual(envelopeErrors([[0, 5], null]), [
      'attempting to get number of dimensions on an empty coordinate node',
    ]);
    assert.deepEqual(envelopeErrors([null]), ['coordinates cannot contain NULL values)']);
  });
});
