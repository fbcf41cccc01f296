import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { LocalResponseDocument } from '../../../client/src/core/responseDocument';
import { RunHistory, type RunRecord } from '../../../client/src/core/runHistory';

function run(id: string, bytes: number): RunRecord {
  const body = Buffer.from('{"took":1,"hits":{"hits":[]}}');
  return {
    id,
    opaqueId: `p/${id}`,
    label: id,
    cluster: { name: 'c', url: 'http://h', auth: 'none' },
    request: { method: 'GET', path: '/_search', query: [] },
    startedAt: 0,
    state: 'done',
    bytes,
    document: LocalResponseDocument.open(body, 'application/json'),
  };
}

void describe('Run history', () => {
  void it('keeps the last runs, newest first, and never drops a running one', () => {
    const history = new RunHistory(2);
    const running = { ...run('a', 1), state: 'running' as const };
    history.add(running);
    history.add(run('b', 1));
    history.add(run('c', 1));
    assert.deepEqual(
      history.list().map((r) => r.id),
      ['c', 'a'],
    );
  });

  void it('lets the oldest answers go beyond the byte budget, never the newest', () => {
    const history = new RunHistory(10, 100);
    const old = run('old', 60);
    history.add(old);
    history.changed(old);
    const fresh = run('new', 60);
    history.add(fresh);
    history.changed(fresh);
    assert.equal(old.released, true);
    assert.equal(old.document, undefined);
    assert.ok(fresh.document !== undefined);
    const huge = run('huge', 500);
    history.add(huge);
    history.changed(huge);
    assert.ok(huge.document !== undefined);
    assert.equal(fresh.released, true);
  });
});
