import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { authorizationHeader } from '../../../client/src/core/authHeader';
import { parseClusters, secretKey } from '../../../client/src/core/clusterConfig';
import { toCurl } from '../../../client/src/core/curl';
import { proxyFor } from '../../../client/src/core/proxy';
import { redact } from '../../../client/src/core/redact';

void describe('Cluster settings', () => {
  void it('keeps valid clusters and explains each invalid one', () => {
    const { clusters, problems } = parseClusters([
      { name: 'local', url: 'http://localhost:9200/' },
      { name: 'prod', url: 'https://search.example.com', auth: 'basic', username: 'admin', tls: { caFile: 'ca.pem' } },
      { name: 'creds', url: 'https://admin:pw@host:9200' },
      { name: 'local', url: 'http://other:9200' },
      { name: 'noUser', url: 'http://h:9200', auth: 'basic' },
      { name: 'ftp', url: 'ftp://h' },
      { name: 'halfCert', url: 'https://h', tls: { certFile: 'c.pem' } },
      'junk',
    ]);
    assert.deepEqual(clusters, [
      { name: 'local', url: 'http://localhost:9200', auth: 'none' },
      { name: 'prod', url: 'https://search.example.com', auth: 'basic', username: 'admin', tls: { caFile: 'ca.pem' } },
    ]);
    assert.deepEqual(
      problems.map((p) => p.message),
      [
        'cluster 3: "creds": the URL holds a user name or password: remove them from the URL; set "auth" and the password is asked for and kept in the secret store',
        'cluster 4: the name "local" is used twice',
        'cluster 5: "noUser": basic authentication needs a "username"',
        'cluster 6: "ftp": the URL must start with http:// or https://, not ftp://',
        'cluster 7: "halfCert": a client certificate needs both "tls.certFile" and "tls.keyFile"',
        'cluster 8: must be an object with "name" and "url"',
      ],
    );
  });

  void it('keys secrets by name, URL, auth and user, so a secret never follows a changed URL', () => {
    const a = secretKey({ name: 'c', url: 'https://a', auth: 'basic', username: 'u' });
    assert.notEqual(a, secretKey({ name: 'c', url: 'https://b', auth: 'basic', username: 'u' }));
    assert.notEqual(a, secretKey({ name: 'c', url: 'https://a', auth: 'basic', username: 'v' }));
  });

  void it('builds Authorization headers', () => {
    assert.equal(
      authorizationHeader({ name: 'c', url: 'http://h', auth: 'basic', username: 'u' }, 'p'),
      `Basic ${Buffer.from('u:p').toString('base64')}`,
    );
    assert.equal(authorizationHeader({ name: 'c', url: 'http://h', auth: 'bearer' }, 't'), 'Bearer t');
    assert.equal(authorizationHeader({ name: 'c', url: 'http://h', auth: 'apiKey' }, 'k'), 'ApiKey k');
    assert.equal(authorizationHeader({ name: 'c', url: 'http://h', auth: 'none' }, 'k'), undefined);
  });

  void it('hides secrets in every form', () => {
    const text = `failed https://u:hunter22@h/x Authorization: Basic ${Buffer.from('u:hunter22').toString('base64')} pw=hunter22 ${encodeURIComponent('hunter22')}`;
    const out = redact(text, ['hunter22'], 'u');
    assert.ok(!out.includes('hunter22'));
    assert.ok(!out.includes(Buffer.from('u:hunter22').toString('base64')));
    assert.equal(out, 'failed https://h/x Authorization: Basic «hidden» pw=«hidden» «hidden»');
  });

  void it('uses http.proxy except for loopback and noProxy hosts', () => {
    assert.equal(proxyFor('https://search.example.com', { proxy: 'http://proxy:3128' }), 'http://proxy:3128');
    assert.equal(proxyFor('http://127.0.0.1:9200', { proxy: 'http://proxy:3128' }), undefined);
    assert.equal(proxyFor('http://localhost:9200', { proxy: 'http://proxy:3128' }), undefined);
    assert.equal(
      proxyFor('https://a.corp.example', { proxy: 'http://proxy:3128', noProxy: ['.corp.example'] }),
      undefined,
    );
    assert.equal(
      proxyFor('https://a.example', { env: { HTTPS_PROXY: 'http://envproxy:8080' } }),
      'http://envproxy:8080',
    );
    assert.equal(
      proxyFor('https://a.example', { env: { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'a.example' } }),
      undefined,
    );
    assert.equal(proxyFor('https://a.example', {}), undefined);
  });
});

void describe('cURL export', () => {
  void it('sends NDJSON with --data-raw, quotes for the shell and holds no secret', () => {
    const curl = toCurl(
      {
        name: 'c',
        url: 'https://h:9200',
        auth: 'basic',
        username: "o'brien",
        tls: { caFile: '/ca.pem', rejectUnauthorized: false },
      },
      {
        method: 'POST',
        path: '/logs-*/_msearch',
        query: [{ name: 'max_concurrent_searches', value: '4', hasValue: true }],
        body: '{"index":"it\'s"}\n{}\n',
        contentType: 'application/x-ndjson',
        opaqueId: 'vscode-search-requests/r1',
      },
    );
    assert.equal(
      curl,
      [
        "curl -X POST 'https://h:9200/logs-*/_msearch?max_concurrent_searches=4'",
        "  -u 'o'\\''brien'",
        "  --cacert '/ca.pem'",
        '  --insecure',
        "  -H 'X-Opaque-Id: vscode-search-requests/r1'",
        "  -H 'Content-Type: application/x-ndjson'",
        `  --data-raw '{"index":"it'\\''s"}\n{}\n'`,
      ].join(' \\\n'),
    );
  });

  void it('takes tokens from the environment', () => {
    const curl = toCurl(
      { name: 'c', url: 'http://h', auth: 'bearer' },
      { method: 'GET', path: '/_search', query: [], body: '{"size":1}', contentType: 'application/json' },
    );
    assert.equal(
      curl,
      `curl -X GET 'http://h/_search' \\\n  -H "Authorization: Bearer $OPENSEARCH_TOKEN" \\\n  -H 'Content-Type: application/json' \\\n  --data-raw '{"size":1}'`,
    );
  });
});
