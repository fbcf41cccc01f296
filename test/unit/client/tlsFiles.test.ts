import * as assert from 'node:assert/strict';
import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, describe, it } from 'node:test';
import { tlsDirectory } from '@search-requests/local-cluster';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { RequestFailure } from '../../../client/src/core/failures';
import { tlsConnectOptions } from '../../../client/src/core/tlsOptions';

const certs = tlsDirectory();
const dir = mkdtempSync(path.join(os.tmpdir(), 'tls-files-'));
after(() => {
  rmSync(dir, { recursive: true, force: true });
});

function file(name: string, contents: string | Buffer): string {
  const full = path.join(dir, name);
  writeFileSync(full, contents);
  return full;
}

function cluster(tls: ClusterConfig['tls']): ClusterConfig {
  return { name: 'secure', url: 'https://127.0.0.1:9', auth: 'none', ...(tls === undefined ? {} : { tls }) };
}

async function failure(tls: ClusterConfig['tls']): Promise<RequestFailure> {
  try {
    await ClusterClient.create(cluster(tls));
  } catch (error) {
    if (error instanceof RequestFailure) return error;
    throw error;
  }
  assert.fail('the client was created');
}

const caPem = readFileSync(path.join(certs, 'ca.pem'), 'utf8');
const clientKey = readFileSync(path.join(certs, 'client-key.pem'), 'utf8');

void describe('TLS files that are not what their setting needs', () => {
  const cases: [string, ClusterConfig['tls'], RegExp][] = [
    [
      'a DER certificate as tls.caFile',
      { caFile: file('ca.der', new X509Certificate(caPem).raw) },
      /tls\.caFile .*ca\.der is not a PEM file \(it looks binary/,
    ],
    [
      'a text file as tls.caFile',
      { caFile: file('notes.txt', 'just some text\n') },
      /tls\.caFile .*notes\.txt is not a PEM file/,
    ],
    [
      'a key as tls.caFile',
      { caFile: file('key-as-ca.pem', clientKey) },
      /tls\.caFile .*key-as-ca\.pem holds no certificate/,
    ],
    [
      'a broken certificate as tls.certFile',
      {
        certFile: file('broken.pem', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n'),
        keyFile: path.join(certs, 'client-key.pem'),
      },
      /tls\.certFile .*broken\.pem has a certificate that cannot be read/,
    ],
    [
      'a certificate as tls.keyFile',
      { certFile: path.join(certs, 'client.pem'), keyFile: path.join(certs, 'client.pem') },
      /tls\.keyFile .*client\.pem holds no private key/,
    ],
    [
      'an encrypted key as tls.keyFile',
      {
        keyFile: file(
          'encrypted.pem',
          createPrivateKey(clientKey).export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'x' }),
        ),
      },
      /tls\.keyFile .*encrypted\.pem holds an encrypted private key/,
    ],
    [
      'a missing file',
      { caFile: path.join(dir, 'missing.pem') },
      /tls\.caFile .*missing\.pem cannot be read \(ENOENT\)/,
    ],
    ['a folder', { caFile: dir }, /tls\.caFile .* cannot be read \(EISDIR\)/],
  ];
  for (const [what, tls, expected] of cases) {
    void it(`names the setting and the file for ${what}`, async () => {
      const error = await failure(tls);
      assert.equal(error.kind, 'config');
      assert.match(error.message, /^Cluster "secure": /);
      assert.match(error.message, expected);
    });
  }

  void it('takes a CA in OpenSSL\'s "TRUSTED CERTIFICATE" form, and a certificate and key in one file', async () => {
    const trusted = caPem
      .replace('BEGIN CERTIFICATE', 'BEGIN TRUSTED CERTIFICATE')
      .replace('END CERTIFICATE', 'END TRUSTED CERTIFICATE');
    const both = file('both.pem', `${readFileSync(path.join(certs, 'client.pem'), 'utf8')}${clientKey}`);
    const options = await tlsConnectOptions(
      cluster({ caFile: file('trusted.pem', trusted), certFile: both, keyFile: both }),
    );
    assert.ok(options.ca?.includes(trusted));
  });

  void it('reads the right files, relative ones against the folder', async () => {
    const options = await tlsConnectOptions(
      cluster({ caFile: 'ca.pem', certFile: 'client.pem', keyFile: 'client-key.pem' }),
      certs,
    );
    assert.ok(options.ca?.includes(caPem));
    assert.equal(options.key, clientKey);
  });
});
