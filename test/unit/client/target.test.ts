import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { effectiveTarget, sameTargetParams } from '../../../client/src/core/target';

void describe('the target sent to the language server', () => {
  void it('is the connected cluster when it answered GET /', () => {
    assert.deepEqual(
      effectiveTarget(
        { distribution: 'opensearch', version: '2.19.1' },
        { version: '3.8', distribution: 'opensearch' },
      ),
      { source: 'cluster', distribution: 'opensearch', version: '2.19.1' },
    );
    assert.deepEqual(effectiveTarget({ distribution: 'elasticsearch', version: '8.15.0' }, {}), {
      source: 'cluster',
      distribution: 'elasticsearch',
      version: '8.15.0',
    });
  });

  void it('is the settings otherwise, and no version (the newest known) when none is set or it is unreadable', () => {
    assert.deepEqual(effectiveTarget(undefined, { version: ' 2.19 ', distribution: 'opensearch' }), {
      source: 'setting',
      distribution: 'opensearch',
      version: '2.19',
    });
    assert.deepEqual(effectiveTarget(undefined, { version: '', distribution: 'elasticsearch' }), {
      source: 'setting',
      distribution: 'elasticsearch',
    });
    assert.deepEqual(effectiveTarget(undefined, { version: 'latest' }), {
      source: 'setting',
      distribution: 'opensearch',
    });
  });

  void it('is sent again only when it changed', () => {
    const a = effectiveTarget(undefined, { version: '2.19' });
    assert.ok(sameTargetParams(a, effectiveTarget(undefined, { version: '2.19' })));
    assert.ok(!sameTargetParams(a, effectiveTarget(undefined, { version: '3.8' })));
    assert.ok(!sameTargetParams(undefined, a));
  });
});
