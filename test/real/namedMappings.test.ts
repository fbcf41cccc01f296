// The client reads the mappings of the indexes the open documents name only: on real OpenSearch with the sample data,
// `GET /<expressions>/_mapping` with `ignore_unavailable` and `allow_no_indices` answers for a pattern, an alias and a
// name that matches nothing, and the other indexes are known by name with their fields unknown.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../client/src/core/clusterClient';
import { fetchIndices } from '../../client/src/core/clusterState';
import { realCluster } from './realEnv';

void describe('mappings of the named indexes on real OpenSearch', () => {
  const cluster = realCluster();
  let client: ClusterClient;
  before(async () => {
    client = await ClusterClient.create({ name: 'real', url: cluster.url, auth: 'none' });
    // An index no document names.
    const created = await client.send({
      method: 'PUT',
      path: '/named-mappings-other',
      body: '{"mappings": {"properties": {"unnamed": {"type": "keyword"}}}}',
      opaqueId: 'test/create',
    });
    assert.equal(created.status, 200);
    // An index whose date fields have formats of their own.
    const dated = await client.send({
      method: 'PUT',
      path: '/named-mappings-dated',
      body: '{"mappings": {"properties": {"d": {"type": "date", "format": "yyyy/MM/dd"}, "e": {"type": "date"}, "o": {"properties": {"f": {"type": "date", "format": "epoch_second"}}}, "t": {"type": "text", "fielddata": true}}}}',
      opaqueId: 'test/create',
    });
    assert.equal(dated.status, 200);
  });
  after(async () => {
    await client.send({ method: 'DELETE', path: '/named-mappings-other', opaqueId: 'test/delete' });
    await client.send({ method: 'DELETE', path: '/named-mappings-dated', opaqueId: 'test/delete' });
    await client.close();
  });

  void it('reads the fields of what is named, lists the rest by name', async () => {
    const all = await fetchIndices(client, { opaqueId: 'test/all' });
    const named = await fetchIndices(client, {
      opaqueId: 'test/named',
      indexes: ['logs-*', 'products', 'nothing-here', 'nothing-here-*'],
    });
    assert.equal(named.problem, undefined);
    const products = named.indices.find((i) => i.name === 'products');
    assert.deepEqual(products?.fields, all.indices.find((i) => i.name === 'products')?.fields);
    assert.ok(products!.fields.length > 0);
    const logs = named.indices.filter((i) => i.name.startsWith('logs-'));
    assert.ok(logs.length > 0 && logs.every((i) => i.fields.length > 0 && i.fieldsUnknown === undefined));
    const others = named.indices.filter((i) => i.name !== 'products' && !i.name.startsWith('logs-'));
    assert.ok(others.some((i) => i.name === 'named-mappings-other'));
    assert.ok(others.every((i) => i.fieldsUnknown === true && i.fields.length === 0));
    const viaAlias = await fetchIndices(client, { opaqueId: 'test/alias', indexes: ['logs'] });
    assert.ok(viaAlias.indices.filter((i) => i.name.startsWith('logs-')).every((i) => i.fields.length > 0));
    const nothing = await fetchIndices(client, { opaqueId: 'test/nothing', indexes: ['nothing-here'] });
    assert.ok(nothing.indices.every((i) => i.fieldsUnknown === true));
  });

  void it('reads the format a mapping gives a date field, and field data turned on for a text field', async () => {
    const answer = await fetchIndices(client, { opaqueId: 'test/dated', indexes: ['named-mappings-dated'] });
    assert.deepEqual(answer.indices.find((i) => i.name === 'named-mappings-dated')?.fields, [
      { name: 'd', type: 'date', format: 'yyyy/MM/dd' },
      { name: 'e', type: 'date' },
      { name: 'o', type: 'object' },
      { name: 'o.f', type: 'date', format: 'epoch_second' },
      { name: 't', type: 'text', fielddata: true },
    ]);
  });
});
