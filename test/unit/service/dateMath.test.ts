// How a date field reads a date written as text with its default format (docs/opensearch/json-and-values.md#dates-in-date-fields):
// each outcome as real 3.8.0 and 2.19.1 answered (conformance cases `cross/dates/*`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { defaultDateError, formattedDateError } from '../../../server/src/service/validate/dateMath';

const refused = (text: string): string =>
  `failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`;

void describe('dates with the default format', () => {
  void it('reads strict_date_optional_time', () => {
    for (const good of [
      '2020',
      '2020-01',
      '2020-01-01',
      '0000-01-01',
      '2020-02-29',
      '2020-01-01T',
      '2020T10',
      '2020-01-01T10',
      '2020-01-01T10:00',
      '2020-01-01T10:00:00Z',
      '2020-01-01T10:00:00,5',
      '2020-01-01T10:00:00.123456789+01:00',
      '2020-01-01T10:00:00+0100',
      '2020-01-01T10Z',
    ]) {
      assert.equal(defaultDateError(good), undefined, good);
    }
    for (const bad of [
      'bogus',
      '2020-1-1',
      '+2020-01-01',
      '10000-01-01',
      '2020-01-01 10:00',
      '2020-13-01',
      '2021-02-29',
      '2020-04-31',
      '2020-01-01T24:00',
      '2020-01-01T10:60',
      '2020-W01',
      '  2020-01-01',
      'NOW',
    ]) {
      assert.equal(defaultDateError(bad), refused(bad), bad);
    }
  });

  void it('reads epoch_millis', () => {
    for (const good of ['1577836800000', '-1', '0', '1.5', '1.', '9223372036854775807']) {
      assert.equal(defaultDateError(good), undefined, good);
    }
    for (const bad of ['9223372036854775808', '12345678901234567890', '1.1234567', '1e3']) {
      assert.equal(defaultDateError(bad), refused(bad), bad);
    }
  });

  void it('reads date math after now or ||', () => {
    for (const good of [
      'now',
      'now-1d',
      'now-1d/d',
      'now+1M/M',
      'now/w',
      'now-1h-1m+1s/H',
      '2020-01-01||+1M',
      '2020-01-01||',
    ]) {
      assert.equal(defaultDateError(good), undefined, good);
    }
    assert.equal(defaultDateError('now-1x'), 'unit [x] not supported for date math [-1x]');
    assert.equal(defaultDateError('now-'), 'truncated date math [-]');
    assert.equal(defaultDateError('now+1'), 'truncated date math [+1]');
    assert.equal(defaultDateError('nowx'), 'operator not supported for date math [x]');
    assert.equal(defaultDateError('now||+1d'), 'operator not supported for date math [||+1d]');
    assert.equal(defaultDateError('now/2d'), 'rounding `/` can only be used on single unit types [/2d]');
    assert.equal(defaultDateError(''), 'cannot parse empty date');
    assert.equal(defaultDateError('bogus||+1d'), refused('bogus'));
    assert.equal(defaultDateError('2020-01-01||+1x'), 'unit [x] not supported for date math [+1x]');
  });

  void it('rounds up with any day up to 31, never for a date before ||', () => {
    assert.equal(defaultDateError('2021-02-29', true), undefined);
    assert.equal(defaultDateError('2020-04-31', true), undefined);
    assert.equal(defaultDateError('2020-01-32', true), refused('2020-01-32'));
    assert.equal(defaultDateError('2021-02-29||+1d', true), refused('2021-02-29'));
  });

  void it('does not judge what Java zone parsers read after a time', () => {
    for (const text of [
      '2020-01-01T10:00:00Europe/Paris',
      '2020-01-01T10:00:00+01:00Z',
      '2020-01-01T10+25:00',
      '2020-01-01T10+25:00||+',
    ]) {
      assert.equal(defaultDateError(text), undefined, text);
    }
  });
});

// A format of the request's own: each outcome as real 3.9.0, 3.8.0, 2.19.6 and 2.19.1 answered (conformance cases
// `cross/lists/shard/date-format-*`).
void describe('dates with a format of the request', () => {
  const refusedWith = (text: string, format: string): string =>
    `failed to parse date field [${text}] with format [${format}]`;
  const late = (field: string, range: string, value: number): string =>
    `date_time_exception: Invalid value for ${field} (valid values ${range}): ${value}`;

  void it('reads pattern fields written next to each other, each with its own digits', () => {
    for (const [format, text] of [
      ['yyyyMMdd', '20240101'],
      ['yyyyMMddHHmmss', '20240101102030'],
      ['ddMMyyyy', '01012024'],
      ['MMyyyydd', '01202402'],
      ["yyyyMMdd'T'HHmmss", '20240101T102030'],
      ['uuuuMMdd', '20240101'],
      ['yyyyMMdd||epoch_millis', '20240101'],
    ]) {
      assert.equal(formattedDateError(text!, format!), undefined, `${format} ${text}`);
    }
    for (const [format, text] of [
      ['yyyyMMdd', '2024-01-01'],
      ['yyyyMMdd', '2024011'],
      ['yyyyMMdd', '202401011'],
      ['ddMMyyyy', '010120245'],
      ['HHmm', '102'],
      ['yyyyMMddHHmmss', '20240101252030'],
      ['uuuu-MM-dd', '24-01-01'],
    ]) {
      assert.equal(formattedDateError(text!, format!), refusedWith(text!, format!), `${format} ${text}`);
    }
  });

  void it('refuses a text that ends before a pattern letter, judged or not', () => {
    for (const [format, text] of [
      ['yyyy-MM-ddx', '2024-01-01'],
      ['yyyy-MM-dd MMM', '2024-01-01 '],
      ['yyyy-MM-ddx', '2024-13-01'],
    ]) {
      assert.equal(formattedDateError(text!, format!), refusedWith(text!, format!), `${format} ${text}`);
    }
    assert.equal(formattedDateError('2024-01-01+01:00', 'yyyy-MM-ddXXX'), undefined);
  });

  void it('leaves a fraction next to another field unjudged', () => {
    assert.equal(formattedDateError('20240101102030999x', 'yyyyMMddHHmmssSSS'), undefined);
  });

  void it('fails a month or a day out of range when the date is made, but the parser that rounds up refuses it', () => {
    const month = late('MonthOfYear', '1 - 12', 13);
    assert.equal(formattedDateError('2024-13-01', 'yyyy-MM-dd'), month);
    assert.equal(formattedDateError('20241301', 'yyyyMMdd'), month);
    assert.equal(formattedDateError('2024-13-01', 'yyyy-MM-dd', true), refusedWith('2024-13-01', 'yyyy-MM-dd'));
    assert.equal(formattedDateError('2024-01-32', 'yyyy-MM-dd', true), refusedWith('2024-01-32', 'yyyy-MM-dd'));
    // With no year the date is made later, whatever the bound.
    assert.equal(formattedDateError('13-01', 'MM-dd', true), month);
    // `uuuu` makes the parser build the date: refused for every bound.
    assert.equal(formattedDateError('2024-13-01', 'uuuu-MM-dd'), refusedWith('2024-13-01', 'uuuu-MM-dd'));
    // A date before `||` is read without rounding up.
    assert.equal(formattedDateError('2024-13-01||+1d', 'yyyy-MM-dd', true), month);
  });

  void it('fails a day its month does not have, except where the parser rounds up', () => {
    assert.equal(
      formattedDateError('2023-02-29', 'yyyy-MM-dd'),
      "date_time_exception: Invalid date 'February 29' as '2023' is not a leap year",
    );
    assert.equal(formattedDateError('2024-04-31', 'yyyy-MM-dd'), "date_time_exception: Invalid date 'APRIL 31'");
    assert.equal(formattedDateError('2024-02-30', 'yyyy-MM-dd'), "date_time_exception: Invalid date 'FEBRUARY 30'");
    assert.equal(formattedDateError('2024-02-29', 'yyyy-MM-dd'), undefined);
    assert.equal(formattedDateError('2023-02-29', 'yyyy-MM-dd', true), undefined);
    assert.equal(formattedDateError('2023-02-29', 'uuuu-MM-dd', true), undefined);
    assert.equal(formattedDateError('2023-02-29', 'uuuu-MM-dd'), refusedWith('2023-02-29', 'uuuu-MM-dd'));
    // With no year the date is made in 1970, whatever the bound.
    assert.equal(
      formattedDateError('02-29', 'MM-dd', true),
      "date_time_exception: Invalid date 'February 29' as '1970' is not a leap year",
    );
  });
});
