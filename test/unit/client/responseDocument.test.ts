import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { JsonSyntaxError } from '../../../client/src/core/jsonIndex';
import { LocalResponseDocument } from '../../../client/src/core/responseDocument';
import { ResponseWorker } from '../../../client/src/core/responseWorker';

const WORKER = path.resolve(__dirname, '..', '..', '..', 'client', 'src', 'core', 'jsonWorker.js');

void describe('Response documents', () => {
  const worker = new ResponseWorker(WORKER);
  after(async () => {
    await worker.dispose();
  });

  const body = () =>
    Buffer.from(
      JSON.stringify({
        took: 1,
        hits: { total: 2, hits: [{ _index: 'i', _id: '1', _score: 2, _source: { a: [1, 2] } }] },
      }),
    );

  void it('serves the same tree, text and values from the worker as locally', async () => {
    const local = LocalResponseDocument.open(body(), 'application/json');
    const remote = await worker.open(body(), 'application/json');
    assert.deepEqual(remote.summary, local.summary);
    assert.deepEqual(remote.summary.items, [{ took: 1, total: 2, totalRelation: 'eq', hits: 1 }]);
    const top = await remote.children(null, 0, 50);
    assert.deepEqual(top, await local.children(null, 0, 50));
    const hits = await remote.children(top[0]!, 0, 50);
    assert.equal(hits[0]!.label, 'i/1');
    assert.equal(await remote.text(['hits', 'hits', 0, '_source'], true), '{\n  "a": [\n    1,\n    2\n  ]\n}');
    assert.deepEqual(await remote.value(['hits', 'hits', 0, '_source', 'a']), [1, 2]);
    remote.dispose();
  });

  void it('reports a truncated answer from the worker', async () => {
    await assert.rejects(
      worker.open(Buffer.from('{"took": 1, "hits": {'), 'application/json'),
      (error: unknown) => error instanceof JsonSyntaxError && error.truncated,
    );
  });

  void it('shows a text answer line by line', async () => {
    const doc = LocalResponseDocument.open(
      Buffer.from('green open logs\nyellow open metrics\n'),
      'text/plain; charset=UTF-8',
    );
    assert.equal(doc.summary.shape, 'text');
    assert.deepEqual(
      (await doc.children(null, 0, 50)).map((n) => n.label),
      ['green open logs', 'yellow open metrics'],
    );
  });
});
