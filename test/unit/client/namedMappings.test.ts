// The mappings of the indexes the open documents name only (issue of large clusters): `fetchIndices` with `indexes`
// asks `GET /<expressions>/_mapping` and lists every index by name from `_cat/indices`, the others with their fields
// unknown; against the local cluster over real HTTP.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { fetchIndices, namedMappingPath } from '../../../client/src/core/clusterState';

void describe('mappings of the named indexes only', () => {
  let cluster: RunningCluster;
  let client: ClusterClient;
  before(async () => {
    cluster = await startCluster({ port: 0, recordRequests: true });
    client = await ClusterClient.create({ name: 'local', url: cluster.url, auth: 'none' });
  });
  after(async () => {
    await client.close();
    await cluster.close();
  });

  void it('reads the fields of the named indexes and knows the others by name only', async () => {
    const all = await fetchIndices(client, { opaqueId: 'test/all' });
    const before = cluster.requests.length;
    const named = await fetchIndices(client, { opaqueId: 'test/named', indexes: ['logs-*'] });
    const asked = cluster.requests.slice(before).map((r) => `${r.method} ${r.url.split('?')[0]!}`);
    assert.deepEqual(asked.sort(), ['GET /_cat/aliases', 'GET /_cat/indices', 'GET /logs-*/_mapping']);
    assert.deepEqual(
      named.indices.map((i) => i.name).sort(),
      all.indices.map((i) => i.name).sort(),
      'every index is listed, named or not',
    );
    for (const index of named.indices) {
      const whole = all.indices.find((i) => i.name === index.name)!;
      if (index.name.startsWith('logs-')) {
        assert.deepEqual(index.fields, whole.fields, `${index.name}: the fields of a named index`);
        assert.equal(index.fieldsUnknown, undefined);
        assert.ok(index.aliases.includes('logs'));
      } else {
        assert.deepEqual(index.fields, [], `${index.name}: no fields read`);
        assert.equal(index.fieldsUnknown, true, `${index.name}: its fields are unknown`);
      }
    }
    assert.equal(
      all.indices.some((i) => i.fieldsUnknown === true),
      false,
    );
  });

  void it('reads an alias, a name that matches nothing and no name at all without failing', async () => {
    const viaAlias = await fetchIndices(client, { opaqueId: 'test/alias', indexes: ['logs', 'no-such-index'] });
    assert.ok(viaAlias.indices.filter((i) => i.name.startsWith('logs-')).every((i) => i.fields.length > 0));
    assert.equal(viaAlias.problem, undefined);
    const none = await fetchIndices(client, { opaqueId: 'test/none', indexes: [] });
    assert.ok(none.indices.length > 0);
    assert.ok(none.indices.every((i) => i.fields.length === 0 && i.fieldsUnknown === true));
  });

  void it('asks only for what _mapping can answer, encoded', () => {
    assert.equal(namedMappingPath([]), undefined);
    assert.equal(namedMappingPath(['${index}', 'remote:logs', '-old', ' ', '..']), undefined);
    assert.equal(namedMappingPath(['logs-*', 'products', 'logs-*']), '/logs-*,products/_mapping');
    assert.equal(namedMappingPath(['<logs-{now/d}>']), '/%3Clogs-%7Bnow%2Fd%7D%3E/_mapping');
    assert.equal(namedMappingPath(['a,b']), '/a%2Cb/_mapping');
  });
});
