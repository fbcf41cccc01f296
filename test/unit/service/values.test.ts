import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { didYouMean, similarity } from '../../../server/src/service/text/similarity';
import { readTaskId } from '../../../server/src/service/validate/taskId';
import {
  describeTimeValue,
  parseTimeValue,
  splitByComma,
  strictBooleanError,
} from '../../../server/src/service/validate/values';

void describe('time values (docs/opensearch/json-and-values.md#time-values)', () => {
  const ok = (value: string, millis: number): void => {
    const parsed = parseTimeValue(value, 'timeout');
    assert.equal(parsed.error, undefined, `${value} should parse`);
    assert.equal(parsed.value?.millis, millis, value);
  };
  const bad = (value: string, message: string): void => {
    assert.equal(parseTimeValue(value, 'timeout').error, message, value);
  };
  const unit = (value: string): string =>
    `failed to parse setting [timeout] with value [${value}] as a time value: unit is missing or unrecognized`;

  void it('accepts every unit, any case except m', () => {
    ok('10nanos', 0);
    ok('1500micros', 1);
    ok('250ms', 250);
    ok('5s', 5000);
    ok('5S', 5000);
    ok('5MS', 5);
    ok('2m', 120_000);
    ok('3h', 10_800_000);
    ok('3H', 10_800_000);
    ok('1d', 86_400_000);
    ok('1D', 86_400_000);
    ok(' 5s ', 5000);
    ok('5 s', 5000);
    ok('+5s', 5000);
    ok('-1', -1);
    ok('-001', -1);
    ok('-1s', -1);
    ok('0', 0);
    ok('000', 0);
  });

  void it('rejects what the server rejects, with its words', () => {
    bad('5M', unit('5M'));
    bad('5', unit('5'));
    bad('', unit(''));
    bad('5w', unit('5w'));
    bad('5y', unit('5y'));
    bad('5us', 'failed to parse [5us]');
    bad('5min', unit('5min'));
    bad('5sec', unit('5sec'));
    bad('1.5s', 'failed to parse [1.5s], fractional time values are not supported');
    bad('99999999999999999999s', 'failed to parse [99999999999999999999s], fractional time values are not supported');
    bad('xs', 'failed to parse [xs]');
    bad(
      '-2s',
      'failed to parse setting [timeout] with value [-2s] as a time value: negative durations are not supported',
    );
    // The unit is found on the trimmed text, but `m` is looked for on the raw one.
    bad('5m ', unit('5m '));
  });

  void it('describes durations for hovers', () => {
    assert.equal(describeTimeValue(parseTimeValue('90s', 't').value!), '90 seconds (1m 30s)');
    assert.equal(describeTimeValue(parseTimeValue('1m', 't').value!), '1 minute');
    assert.equal(describeTimeValue(parseTimeValue('36h', 't').value!), '36 hours (1d 12h)');
    assert.equal(
      describeTimeValue(parseTimeValue('-1', 't').value!),
      '-1: no value (the default applies, or no limit)',
    );
  });
});

void describe('booleans and lists (docs/opensearch/json-and-values.md#booleans)', () => {
  void it('accepts only lowercase true and false', () => {
    assert.equal(strictBooleanError('true'), undefined);
    assert.equal(strictBooleanError('false'), undefined);
    for (const value of ['TRUE', 'True', '1', 'yes', 'on', '']) {
      assert.equal(
        strictBooleanError(value),
        `Failed to parse value [${value}] as only [true] or [false] are allowed.`,
      );
    }
  });

  void it('splits comma lists as Java does', () => {
    assert.deepEqual(splitByComma('a,,b'), ['a', '', 'b']);
    assert.deepEqual(splitByComma('a,b,'), ['a', 'b']);
    assert.deepEqual(splitByComma(''), []);
    assert.deepEqual(splitByComma(' a'), [' a']);
  });
});

void describe('task ids (docs/opensearch/tasks-and-nodes.md#task-ids)', () => {
  void it('reads node and number', () => {
    assert.deepEqual(readTaskId('oTUltX4IQMOUUVeiohTt8A:12345'), {
      kind: 'set',
      node: 'oTUltX4IQMOUUVeiohTt8A',
      id: 12345n,
    });
    assert.deepEqual(readTaskId('n:+5'), { kind: 'set', node: 'n', id: 5n });
    assert.deepEqual(readTaskId(''), { kind: 'unset' });
    assert.deepEqual(readTaskId('unset'), { kind: 'unset' });
    assert.deepEqual(readTaskId('n:-1'), { kind: 'unset' });
    assert.deepEqual(readTaskId('n:1:2'), { kind: 'malformed', message: 'malformed task id n:1:2' });
  });
});

void describe('"did you mean" (Lucene similarity above 0.5)', () => {
  void it('scores and orders as OpenSearch does', () => {
    assert.equal(similarity('sizee', 'size'), 0.8);
    assert.equal(didYouMean('sizee', ['size', 'from']), ' did you mean [size]?');
    assert.equal(didYouMean('xyz', ['size']), '');
    assert.equal(didYouMean('mach', ['match', 'match_all', 'term']), ' did you mean [match]?');
  });
});
