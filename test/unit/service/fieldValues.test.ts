// How each shard reads a value compared with a field, by the field's type (docs/opensearch/query-dsl.md#values-the-field-type-reads):
// each outcome as real 3.8.0 and 2.19.1 answered (conformance cases `cross/field-values/*`).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fieldValueError } from '../../../server/src/service/validate/fieldValues';

const value = (type: string, v: unknown, bound = false): string | undefined =>
  fieldValueError(type, v, typeof v === 'number' ? String(v) : '', bound);

void describe('values by field type', () => {
  void it('reads numbers with Double.parseDouble for every numeric type', () => {
    for (const type of ['long', 'integer', 'byte', 'double', 'unsigned_long', 'scaled_float']) {
      for (const good of ['1', '-1', '+1', '1e3', '.5', '1.', 1, 1.5])
        assert.equal(value(type, good), undefined, `${type} ${String(good)}`);
      assert.equal(value(type, 'bogus'), 'For input string: "bogus"');
      assert.equal(value(type, '0x10'), 'For input string: "0x10"');
      assert.equal(value(type, '10.0.0.1'), 'multiple points');
      assert.equal(value(type, '..'), 'multiple points');
      assert.equal(value(type, '1.2.x'), 'multiple points');
      assert.equal(value(type, ''), 'empty String');
      assert.equal(value(type, '  '), 'empty String');
      assert.equal(value(type, true), 'For input string: "true"');
    }
    // What a long refuses and a double reads is not judged.
    for (const text of [' 1', '0x1p3', '1f', '1.5d']) assert.equal(value('long', text), undefined, text);
  });

  void it('refuses what is not finite in a floating-point field, except as a range bound', () => {
    assert.equal(value('double', 'Infinity'), '[double] supports only finite values, but got [Infinity]');
    assert.equal(value('float', '-Infinity'), '[float] supports only finite values, but got [-Infinity]');
    assert.equal(value('double', 'NaN'), '[double] supports only finite values, but got [NaN]');
    assert.equal(value('double', 'Infinity', true), undefined);
    assert.equal(value('long', 'Infinity'), undefined);
  });

  void it('reads booleans as true and false only, a number as written', () => {
    for (const good of [true, false, 'true', 'false']) assert.equal(value('boolean', good), undefined);
    assert.equal(value('boolean', 'TRUE'), "Can't parse boolean value [TRUE], expected [true] or [false]");
    assert.equal(value('boolean', ''), "Can't parse boolean value [], expected [true] or [false]");
    assert.equal(
      fieldValueError('boolean', 1.5, '1.50', false),
      "Can't parse boolean value [1.50], expected [true] or [false]",
    );
  });

  void it('reads addresses, and CIDR blocks where the query takes one', () => {
    for (const good of ['10.0.0.1', '::1', 'fe80::1']) assert.equal(value('ip', good), undefined, good);
    assert.equal(value('ip', '10.0.0.0/8'), undefined);
    assert.equal(value('ip', '10.0.0.0/8', true), "'10.0.0.0/8' is not an IP string literal.");
    assert.equal(value('ip', '10.0.0.256'), "'10.0.0.256' is not an IP string literal.");
    assert.equal(value('ip', 'bogus'), "'bogus' is not an IP string literal.");
    assert.equal(value('ip', 1), "'1' is not an IP string literal.");
  });

  void it('judges no other type, and no object, array or null', () => {
    assert.equal(value('keyword', 'bogus'), undefined);
    assert.equal(value('text', 1), undefined);
    assert.equal(value('long', null), undefined);
    assert.equal(value('long', ['x']), undefined);
  });
});
