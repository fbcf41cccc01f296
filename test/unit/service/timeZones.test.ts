// How OpenSearch reads a `time_zone` (docs/opensearch/json-and-values.md#time-zones): Java's ZoneId.of for a text, whole
// hours for an aggregation's number. Each outcome as real 3.8.0 and 2.19.1 answered (conformance cases `cross/zones/*`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { beyondInt, zoneHoursError, zoneIdError } from '../../../server/src/service/validate/timeZones';
import { ZONE_IDS } from '../../../server/src/spec/generated/zoneIds';

void describe('time zones', () => {
  void it('reads region ids as the time-zone database spells them', () => {
    for (const good of [
      'Europe/Paris',
      'America/New_York',
      'Etc/GMT+5',
      'GMT0',
      'UTC',
      'GMT',
      'UT',
      'Zulu',
      'EST5EDT',
    ]) {
      assert.equal(zoneIdError(good), undefined, good);
    }
    assert.equal(zoneIdError('Bogus/Zone'), 'Unknown time-zone ID: Bogus/Zone');
    assert.equal(zoneIdError('europe/paris'), 'Unknown time-zone ID: europe/paris');
    // Short ids are read only with Java's own map of them, which OpenSearch does not pass.
    assert.equal(zoneIdError('PST'), 'Unknown time-zone ID: PST');
    assert.equal(zoneIdError('EST'), 'Unknown time-zone ID: EST');
    assert.equal(zoneIdError('UTC0'), 'Unknown time-zone ID: UTC0');
    assert.equal(zoneIdError('25'), 'Invalid ID for region-based ZoneId, invalid format: 25');
    assert.equal(zoneIdError('Europe/Par is'), 'Invalid ID for region-based ZoneId, invalid format: Europe/Par is');
  });

  void it('reads offsets as ZoneOffset.of does', () => {
    for (const good of ['Z', '+1', '-5', '+01', '+0100', '-05:30', '+010000', '+01:00:30', '+18:00', '-18']) {
      assert.equal(zoneIdError(good), undefined, good);
    }
    assert.equal(zoneIdError('X'), 'Invalid ID for ZoneOffset, invalid format: X');
    assert.equal(zoneIdError(''), 'Invalid ID for ZoneOffset, invalid format: ');
    assert.equal(zoneIdError('1'), 'Invalid ID for ZoneOffset, invalid format: 1');
    assert.equal(zoneIdError('-5.0'), 'Invalid ID for ZoneOffset, invalid format: -5.0');
    assert.equal(zoneIdError('+1:00'), 'Invalid ID for ZoneOffset, non numeric characters found: +1:00');
    assert.equal(zoneIdError('+x'), 'Invalid ID for ZoneOffset, non numeric characters found: +0x');
    assert.equal(zoneIdError('+0100:00'), 'Invalid ID for ZoneOffset, invalid format: +0100:00');
    assert.equal(zoneIdError('+01000'), 'Invalid ID for ZoneOffset, colon not found when expected: +01000');
    assert.equal(zoneIdError('+19:00'), 'Zone offset hours not in valid range: value 19 is not in the range -18 to 18');
    assert.equal(zoneIdError('-19'), 'Zone offset hours not in valid range: value -19 is not in the range -18 to 18');
    assert.equal(
      zoneIdError('-01:60'),
      'Zone offset minutes not in valid range: value -60 is not in the range -59 to 59',
    );
    assert.equal(
      zoneIdError('+01:00:60'),
      'Zone offset seconds not in valid range: value 60 is not in the range -59 to 59',
    );
    assert.equal(zoneIdError('+18:30'), 'Zone offset not in valid range: -18:00 to +18:00');
  });

  void it('reads UTC, GMT and UT with an offset, and anything else after them as a region', () => {
    for (const good of ['UTC+01:00', 'GMT-5', 'UT+02', 'UTC+18']) assert.equal(zoneIdError(good), undefined, good);
    assert.equal(
      zoneIdError('UTC+25'),
      'Invalid ID for offset-based ZoneId: UTC+25 (Zone offset hours not in valid range: value 25 is not in the range -18 to 18)',
    );
    assert.equal(
      zoneIdError('GMT+1:0'),
      'Invalid ID for offset-based ZoneId: GMT+1:0 (Invalid ID for ZoneOffset, invalid format: +1:0)',
    );
  });

  void it('reads an aggregation number as whole hours, within an int', () => {
    for (const good of [0, 1, 1.5, -5, 18, -18.9]) assert.equal(zoneHoursError(good), undefined, String(good));
    assert.equal(zoneHoursError(25), 'Zone offset hours not in valid range: value 25 is not in the range -18 to 18');
    assert.equal(zoneHoursError(-19), 'Zone offset hours not in valid range: value -19 is not in the range -18 to 18');
    assert.ok(beyondInt(1e20) && beyondInt(2 ** 31) && beyondInt(-(2 ** 31) - 1));
    assert.ok(!beyondInt(2 ** 31 - 1) && !beyondInt(-(2 ** 31)) && !beyondInt(-18.9));
  });

  void it('holds the ids of Java 17 and later', () => {
    assert.ok(ZONE_IDS.size > 600, String(ZONE_IDS.size));
    for (const id of ['Africa/Abidjan', 'America/Coyhaique', 'Asia/Kolkata', 'Europe/Kyiv', 'Zulu']) {
      assert.ok(ZONE_IDS.has(id), id);
    }
    assert.ok(!ZONE_IDS.has(''));
  });
});
