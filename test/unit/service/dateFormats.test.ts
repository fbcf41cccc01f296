// How OpenSearch reads a date format (docs/opensearch/json-and-values.md#date-formats): each outcome as real 3.8.0 and
// 2.19.1 answered (conformance cases `cross/formats/*`), the pattern rules as Java's own builder reads them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dateFormatError } from '../../../server/src/service/validate/dateFormats';

const V3_8 = { major: 3, minor: 8, patch: 0 };
const V2_19 = { major: 2, minor: 19, patch: 1 };

void describe('date formats', () => {
  void it('reads named formats by both their names, and lists of them', () => {
    for (const good of [
      'strict_date_optional_time',
      'strictDateOptionalTime',
      'epoch_millis',
      'iso8601',
      'rfc3339_lenient',
      'date_optional_time||epoch_millis',
      '8yyyy-MM-dd',
      '8epoch_millis',
    ]) {
      assert.equal(dateFormatError(good, V3_8), undefined, good);
      assert.equal(dateFormatError(good, V2_19), undefined, good);
    }
    assert.equal(dateFormatError('epoch_micros', V3_8), undefined);
    assert.equal(dateFormatError('epoch_micros', { major: 3, minor: 3, patch: 0 }), undefined);
    assert.equal(dateFormatError('epoch_micros', V2_19), 'Invalid format: [epoch_micros]: Unknown pattern letter: o');
  });

  void it('refuses empty formats and empty parts', () => {
    assert.equal(dateFormatError('', V3_8), 'No date pattern provided');
    assert.equal(dateFormatError('||', V3_8), 'Cannot have empty element in multi date format pattern: ||');
    assert.equal(dateFormatError('yyyy||', V3_8), 'Cannot have empty element in multi date format pattern: yyyy||');
    assert.match(dateFormatError('8', V3_8) ?? '', /Index 0 out of bounds for length 0/);
  });

  void it('reads patterns as DateTimeFormatterBuilder.appendPattern does', () => {
    for (const good of [
      "yyyy-MM-dd'T'HH:mm:ss.SSSZ",
      ' yyyy ',
      '[yyyy]',
      "''",
      "'a''b'",
      'hh a',
      'YYYYYYYYYYYYYYYYYYYYY',
      'VV',
      'zzzz',
      'O',
      'OOOO',
      'B',
      'BBBBB',
      'c',
      'ccc',
      'SSSSSSSSS',
      'pH',
      'ppH',
    ]) {
      assert.equal(dateFormatError(good, V3_8), undefined, good);
    }
    const refused: [string, string][] = [
      ['bogus', 'Unknown pattern letter: b'],
      ['yyyy-MM-dd bogus', 'Unknown pattern letter: b'],
      ['t', 'Unknown pattern letter: t'],
      ['aa', 'Too many pattern letters: a'],
      ['FF', 'Too many pattern letters: F'],
      ['ddd', 'Too many pattern letters: d'],
      ['DDDD', 'Too many pattern letters: D'],
      ['QQQQQQ', 'Too many pattern letters: Q'],
      ['zzzzz', 'Too many pattern letters: z'],
      ['xxxxxx', 'Too many pattern letters: x'],
      ['WW', 'Too many pattern letters: W'],
      ['www', 'Too many pattern letters: w'],
      ['cc', 'Invalid pattern "cc"'],
      ['V', 'Pattern letter count must be 2: V'],
      ['OO', 'Pattern letter count must be 1 or 4: O'],
      ['vv', 'Wrong number of pattern letters: v'],
      ['BB', 'Wrong number of pattern letters: B'],
      ['SSSSSSSSSS', 'Minimum width must be from 0 to 9 inclusive but was 10'],
      ['yyyyyyyyyyyyyyyyyyyy', 'The minimum width must be from 1 to 19 inclusive but was 20'],
      ["yyyy-MM-dd'T", "Pattern ends with an incomplete string literal: yyyy-MM-dd'T"],
      ['yyyy]', 'Pattern invalid as it contains ] without previous ['],
      ['#', "Pattern includes reserved character: '#'"],
      ['ppp', "Pad letter 'p' must be followed by valid pad pattern: ppp"],
      ['pR', 'Unknown pattern letter: R'],
    ];
    for (const [pattern, why] of refused) {
      assert.equal(dateFormatError(pattern, V3_8), `Invalid format: [${pattern}]: ${why}`, pattern);
    }
    // Each part of a list is read in turn: the first refusal is the answer.
    assert.equal(
      dateFormatError('date_optional_time||bogus||aa', V3_8),
      'Invalid format: [bogus]: Unknown pattern letter: b',
    );
  });

  void it('judges nothing after a padded field, where Java may fail in words OpenSearch does not give', () => {
    assert.equal(dateFormatError('ppnnnNNNN', V3_8), undefined);
    assert.equal(dateFormatError('pHbogus', V3_8), undefined);
  });
});
