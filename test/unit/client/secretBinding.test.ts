// A stored secret is bound to the TLS settings it was given under: what the binding holds, what counts as a change,
// and the decision taken before a stored secret is sent (send, ask the user, refuse).
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseClusters, type ClusterConfig } from '../../../client/src/core/clusterConfig';
import {
  bindingChanges,
  decideSecretUse,
  NO_BINDING,
  parseBinding,
  serializeBinding,
  urlBinding,
  type SecretBinding,
} from '../../../client/src/core/secretBinding';
import { currentBinding } from '../../../client/src/core/tlsBinding';

function cluster(entry: Record<string, unknown>): ClusterConfig {
  const parsed = parseClusters([entry]);
  assert.deepEqual(parsed.problems, []);
  return parsed.clusters[0]!;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const USER_PROD = { name: 'prod', url: 'https://search.example.com', auth: 'basic', username: 'admin' };

void describe('the binding of a secret', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'binding-'));
    await writeFile(path.join(dir, 'ca.pem'), 'CA ONE');
    await writeFile(path.join(dir, 'client.pem'), 'CERT');
    await writeFile(path.join(dir, 'client.key'), 'KEY');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  void it('holds the URL, the user, verification and each certificate file by absolute path and SHA-256', async () => {
    const binding = await currentBinding(
      cluster({
        ...USER_PROD,
        tls: { caFile: 'ca.pem', certFile: 'client.pem', keyFile: 'client.key', rejectUnauthorized: true },
      }),
      dir,
    );
    assert.deepEqual(binding, {
      url: 'https://search.example.com',
      auth: 'basic',
      username: 'admin',
      verify: true,
      caFile: { path: path.join(dir, 'ca.pem'), sha256: sha256('CA ONE') },
      certFile: { path: path.join(dir, 'client.pem'), sha256: sha256('CERT') },
      keyFile: { path: path.join(dir, 'client.key'), sha256: sha256('KEY') },
    });
    assert.ok(!serializeBinding(binding).includes('CA ONE'), 'file contents are never kept, only their hash');
  });

  void it('ignores TLS settings for an http:// URL, where they are not used', async () => {
    const binding = await currentBinding(
      cluster({ name: 'p', url: 'http://h:9200', auth: 'apiKey', tls: { rejectUnauthorized: false, caFile: 'x' } }),
      dir,
    );
    assert.deepEqual(binding, { url: 'http://h:9200', auth: 'apiKey', username: '', verify: true });
  });

  void it('marks a certificate file that cannot be read, instead of failing', async () => {
    const binding = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'missing.pem' } }), dir);
    assert.deepEqual(binding.caFile, { path: path.join(dir, 'missing.pem'), sha256: 'unreadable' });
  });

  void it('reads back what it wrote, and nothing from a malformed record', async () => {
    const binding = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'ca.pem' } }), dir);
    assert.deepEqual(parseBinding(serializeBinding(binding)), binding);
    assert.equal(parseBinding(undefined), undefined);
    assert.equal(parseBinding('not json'), undefined);
    assert.equal(parseBinding('{"url":"u","auth":"basic","username":"a"}'), undefined);
    assert.equal(parseBinding('{"url":"u","auth":"basic","username":"a","verify":true,"caFile":"x"}'), undefined);
  });

  void it('names what changed: a CA file added by a workspace, its contents, verification turned off', async () => {
    const stored = await currentBinding(cluster(USER_PROD), dir);
    const repoCa = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'ca.pem' } }), dir);
    assert.deepEqual(bindingChanges(stored, repoCa), [
      `tls.caFile is now ${path.join(dir, 'ca.pem')} (there was none)`,
    ]);
    const off = await currentBinding(cluster({ ...USER_PROD, tls: { rejectUnauthorized: false } }), dir);
    assert.deepEqual(bindingChanges(stored, off), [
      'certificate verification is now off (tls.rejectUnauthorized: false)',
    ]);
    await writeFile(path.join(dir, 'ca.pem'), 'CA TWO');
    const rewritten = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'ca.pem' } }), dir);
    assert.deepEqual(bindingChanges(repoCa, rewritten), [
      `the contents of tls.caFile ${path.join(dir, 'ca.pem')} changed`,
    ]);
    const moved = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'client.pem' } }), dir);
    assert.deepEqual(bindingChanges(rewritten, moved), [
      `tls.caFile is now ${path.join(dir, 'client.pem')} (was ${path.join(dir, 'ca.pem')})`,
    ]);
    const otherUser = await currentBinding(cluster({ ...USER_PROD, username: 'root' }), dir);
    assert.deepEqual(bindingChanges(stored, otherUser), ['the user is now "root" (was "admin")']);
  });

  void it('does not count what only narrows whom the secret goes to: verification on, the own CA file dropped', async () => {
    const off = await currentBinding(cluster({ ...USER_PROD, tls: { rejectUnauthorized: false } }), dir);
    const withCa = await currentBinding(cluster({ ...USER_PROD, tls: { caFile: 'ca.pem' } }), dir);
    const plain = await currentBinding(cluster(USER_PROD), dir);
    assert.deepEqual(bindingChanges(off, plain), []);
    assert.deepEqual(bindingChanges(withCa, plain), []);
  });
});

void describe('the decision before a stored secret is sent', () => {
  const stored: SecretBinding = urlBinding(cluster(USER_PROD));
  const repoCa: SecretBinding = {
    ...stored,
    caFile: { path: '/repo/certs/ca.pem', sha256: sha256('evil') },
  };

  void it('sends when the settings are those it was stored with', () => {
    for (const origin of ['user', 'workspace'] as const)
      for (const interactive of [true, false])
        assert.deepEqual(decideSecretUse({ stored, current: { ...stored }, origin, interactive }), {
          action: 'send',
          rebind: false,
        });
  });

  void it('asks in a run, and refuses in the background, when a workspace adds a CA file from the repository', () => {
    const changes = ['tls.caFile is now /repo/certs/ca.pem (there was none)'];
    assert.deepEqual(decideSecretUse({ stored, current: repoCa, origin: 'workspace', interactive: true }), {
      action: 'ask',
      changes,
    });
    assert.deepEqual(decideSecretUse({ stored, current: repoCa, origin: 'workspace', interactive: false }), {
      action: 'refuse',
      changes,
    });
  });

  void it('asks when verification is turned off, whoever defines the cluster', () => {
    const off = { ...stored, verify: false };
    assert.equal(decideSecretUse({ stored, current: off, origin: 'user', interactive: true }).action, 'ask');
    assert.equal(decideSecretUse({ stored, current: off, origin: 'user', interactive: false }).action, 'refuse');
  });

  void it('binds a secret stored before bindings existed to the user own cluster, and asks for a workspace one', () => {
    assert.deepEqual(decideSecretUse({ stored: undefined, current: repoCa, origin: 'user', interactive: false }), {
      action: 'send',
      rebind: true,
    });
    assert.deepEqual(decideSecretUse({ stored: undefined, current: repoCa, origin: 'workspace', interactive: true }), {
      action: 'ask',
      changes: [NO_BINDING],
    });
    assert.equal(
      decideSecretUse({ stored: undefined, current: repoCa, origin: 'workspace', interactive: false }).action,
      'refuse',
    );
  });

  void it('sends and records the stronger settings when verification was turned back on', () => {
    assert.deepEqual(
      decideSecretUse({ stored: { ...stored, verify: false }, current: stored, origin: 'user', interactive: false }),
      { action: 'send', rebind: true },
    );
  });
});
