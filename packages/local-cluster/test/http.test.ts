import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startCluster, tlsDirectory, type RunningCluster } from '../src/index';
import { at, call } from './testClient';

void describe('HTTP layer', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ sampleData: false });
  });
  after(() => c.close());

  void it('answers GET / like OpenSearch', async () => {
    const r = await call(c.url, 'GET', '/');
    assert.equal(r.status, 200);
    assert.equal(r.headers['content-type'], 'application/json; charset=UTF-8');
    assert.deepEqual(Object.keys(r.json as object), ['name', 'cluster_name', 'cluster_uuid', 'version', 'tagline']);
    assert.equal(at(r.json, 'version', 'distribution'), 'opensearch');
    assert.equal(at(r.json, 'tagline'), 'The OpenSearch Project: https://opensearch.org/');
  });

  void it('pretty-prints like Jackson', async () => {
    const r = await call(c.url, 'GET', '/_cluster/health?pretty');
    assert.match(r.text, /^\{\n {2}"cluster_name" : "search-requests-demo",\n/);
    assert.match(r.text, /"active_shards_percent_as_number" : 100\.0\n\}\n$/);
  });

  void it('echoes X-Opaque-Id on success and error, and rejects two different values', async () => {
    const ok = await call(c.url, 'GET', '/', { headers: { 'X-Opaque-Id': 'abc' } });
    assert.equal(ok.headers['x-opaque-id'], 'abc');
    const err = await call(c.url, 'GET', '/_search?bogus=1', { headers: { 'X-Opaque-Id': 'def' } });
    assert.equal(err.status, 400);
    assert.equal(err.headers['x-opaque-id'], 'def');
    const two = await call(c.url, 'GET', '/', { headers: { 'X-Opaque-Id': ['a', 'b'] } });
    assert.equal(two.status, 400);
    assert.deepEqual(two.json, { error: 'multiple values for single-valued header [X-Opaque-Id].', status: 400 });
    const same = await call(c.url, 'GET', '/', { headers: { 'X-Opaque-Id': ['a', 'a'] } });
    assert.equal(same.status, 200);
  });

  void it('answers unknown paths and wrong methods as RestController does', async () => {
    const none = await call(c.url, 'GET', '/_foo/_bar/_baz');
    assert.deepEqual(none.json, { error: 'no handler found for uri [/_foo/_bar/_baz] and method [GET]', status: 400 });
    const wrong = await call(c.url, 'DELETE', '/_cluster/health');
    assert.equal(wrong.status, 405);
    assert.equal(
      at(wrong.json, 'error'),
      'Incorrect HTTP method for uri [/_cluster/health] and method [DELETE], allowed: [GET]',
    );
    assert.equal(wrong.headers.allow, 'GET');
    const put = await call(c.url, 'PUT', '/_search');
    assert.equal(put.status, 400);
    assert.equal(at(put.json, 'error', 'type'), 'invalid_index_name_exception');
  });

  void it('checks Content-Type', async () => {
    const missing = await call(c.url, 'POST', '/_search', { raw: '{}', contentType: '' });
    assert.deepEqual(missing.json, { error: 'Content-Type header is missing', status: 406 });
    const form = await call(c.url, 'POST', '/_search', { raw: '{}', contentType: 'application/x-www-form-urlencoded' });
    assert.deepEqual(form.json, {
      error: 'Content-Type header [application/x-www-form-urlencoded] is not supported',
      status: 406,
    });
    const yaml = await call(c.url, 'POST', '/_msearch', { raw: '{}\n{}\n', contentType: 'application/yaml' });
    assert.deepEqual(yaml.json, {
      error: 'Content-Type [application/yaml] does not support stream parsing. Use JSON or SMILE instead',
      status: 406,
    });
    const ndjson = await call(c.url, 'POST', '/_msearch', { raw: '{}\n{}\n', contentType: 'application/x-ndjson' });
    assert.equal(ndjson.status, 200);
  });

  void it('applies filter_path to answers but not to errors', async () => {
    const r = await call(c.url, 'GET', '/?filter_path=-version,-tagline');
    assert.deepEqual(Object.keys(r.json as object), ['name', 'cluster_name', 'cluster_uuid']);
    const r2 = await call(c.url, 'GET', '/?filter_path=version.num*');
    assert.deepEqual(Object.keys(at(r2.json, 'version') as object), ['number']);
    const e = await call(c.url, 'GET', '/nope/_search?filter_path=took');
    assert.equal(at(e.json, 'error', 'type'), 'index_not_found_exception');
  });

  void it('survives malformed and oversized requests', async () => {
    const bad = await call(c.url, 'POST', '/_search', { raw: '{"query": {"match": {"a": "b"}}' });
    assert.equal(bad.status, 400);
    assert.equal(at(bad.json, 'error', 'type'), 'json_e_o_f_exception');
    const big = await call(c.url, 'POST', '/_search', { raw: Buffer.alloc(101 * 1024 * 1024, 32) });
    assert.equal(big.status, 413);
    const weird = await call(c.url, 'GET', '/%E0%A4%A/_search');
    assert.equal(weird.status >= 400 && weird.status < 500, true);
    const after = await call(c.url, 'GET', '/');
    assert.equal(after.status, 200);
  });
});

void describe('basic auth', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ sampleData: false, user: { name: 'admin', password: 's3cret' } });
  });
  after(() => c.close());

  void it('answers 401 as the security plugin does', async () => {
    const r = await call(c.url, 'GET', '/');
    assert.equal(r.status, 401);
    assert.equal(r.text, 'Unauthorized');
    assert.equal(r.headers['www-authenticate'], 'Basic realm="OpenSearch Security"');
    const wrong = await call(c.url, 'GET', '/', {
      headers: { authorization: `Basic ${Buffer.from('admin:nope').toString('base64')}` },
    });
    assert.equal(wrong.status, 401);
  });

  void it('serves with the right credentials', async () => {
    const r = await call(c.url, 'GET', '/', {
      headers: { authorization: `Basic ${Buffer.from('admin:s3cret').toString('base64')}` },
    });
    assert.equal(r.status, 200);
  });
});

void describe('TLS', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ sampleData: false, tls: true });
  });
  after(() => c.close());

  void it('serves HTTPS with a certificate of the test CA', async () => {
    assert.match(c.url, /^https:\/\/127\.0\.0\.1:\d+$/);
    const ca = readFileSync(path.join(tlsDirectory(), 'ca.pem'));
    const r = await call(c.url, 'GET', '/', { ca });
    assert.equal(r.status, 200);
    await assert.rejects(call(c.url, 'GET', '/'), /self[- ]signed|unable to verify|certificate/i);
  });
});
