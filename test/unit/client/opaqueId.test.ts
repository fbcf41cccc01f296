import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import type * as http from 'node:http';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { isInternalOpaqueId, MAX_OPAQUE_ID_PREFIX, opaqueIdFor } from '../../../client/src/core/runIds';
import { startRawServer } from './failureServers';

interface SettingSchema {
  readonly default: string;
  readonly pattern: string;
  readonly maxLength: number;
}

const manifest = JSON.parse(readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8')) as {
  contributes: { configuration: { properties: Record<string, SettingSchema> } };
};

void describe('the X-Opaque-Id prefix', () => {
  void it('is restricted by the settings schema to visible ASCII, and in length', () => {
    const schema = manifest.contributes.configuration.properties['searchRequests.opaqueIdPrefix']!;
    const pattern = new RegExp(schema.pattern);
    assert.ok(pattern.test(schema.default));
    assert.ok(pattern.test('team a/'));
    for (const bad of ['équipe/', '日本/', 'a\nb', 'tab\t', '\u0000']) assert.equal(pattern.test(bad), false, bad);
    assert.equal(schema.maxLength, MAX_OPAQUE_ID_PREFIX);
  });

  void it('is encoded into a header value that is always bytes, the same each time', () => {
    const id = opaqueIdFor('équipe 日本/\n%', 'run-1');
    assert.equal(id, '%C3%A9quipe %E6%97%A5%E6%9C%AC/%0A%25run-1');
    assert.match(id, /^[\x20-\x7e]*$/);
    assert.equal(opaqueIdFor('équipe 日本/\n%', 'run-1'), id);
    assert.equal(opaqueIdFor('vscode-search-requests/', 'abc'), 'vscode-search-requests/abc');
    assert.ok(isInternalOpaqueId('日本/', opaqueIdFor('日本/', 'tasks-view')));
    assert.equal(opaqueIdFor('\ud800x', 'r'), '%EF%BF%BDxr');
    assert.equal(opaqueIdFor('p'.repeat(500), 'r').length, MAX_OPAQUE_ID_PREFIX + 1);
  });

  const seen: (string | undefined)[] = [];
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    server = await startRawServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const header = req.headers['x-opaque-id'];
      seen.push(typeof header === 'string' ? header : undefined);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  after(() => server.close());

  void it('never makes a request fail, whatever the prefix', async () => {
    const client = await ClusterClient.create({ name: 'c', url: server.url, auth: 'none' });
    try {
      for (const prefix of ['日本/', 'équipe/', 'emoji 🙂/', 'ctl\u0007/']) {
        const response = await client.send({ method: 'GET', path: '/', opaqueId: opaqueIdFor(prefix, 'r1') });
        assert.equal(response.status, 200, prefix);
      }
    } finally {
      await client.close();
    }
    assert.deepEqual(seen, ['%E6%97%A5%E6%9C%AC/r1', '%C3%A9quipe/r1', 'emoji %F0%9F%99%82/r1', 'ctl%07/r1']);
  });
});
