// How the validators name the place of a finding: built one level at a time, listed as keys only when reported.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { pathKeys, ValuePath } from '../../../server/src/service/json/valuePath';

void describe('ValuePath', () => {
  void it('lists the keys from the root, and each key counted back from the last', () => {
    const place = ValuePath.ROOT.child('query').child('bool').child('must').child(0).child('match');
    assert.deepEqual(place.keys(), ['query', 'bool', 'must', 0, 'match']);
    assert.equal(place.length, 5);
    assert.equal(place.key(), 'match');
    assert.equal(place.key(1), 0);
    assert.equal(place.key(4), 'query');
    assert.equal(place.key(5), undefined);
    assert.deepEqual(ValuePath.ROOT.keys(), []);
    assert.equal(ValuePath.ROOT.key(), undefined);
  });

  void it('shares the places above: a child leaves its parent as it was', () => {
    const must = ValuePath.of('query', 'bool', 'must');
    const first = must.child(0);
    const second = must.child(1);
    assert.deepEqual(first.keys(), ['query', 'bool', 'must', 0]);
    assert.deepEqual(second.keys(), ['query', 'bool', 'must', 1]);
    assert.deepEqual(must.keys(), ['query', 'bool', 'must']);
  });

  void it('gives the keys of either form', () => {
    assert.deepEqual(pathKeys(ValuePath.of('aggs', 'by_day')), ['aggs', 'by_day']);
    assert.deepEqual(pathKeys(['sort', 0]), ['sort', 0]);
  });
});
