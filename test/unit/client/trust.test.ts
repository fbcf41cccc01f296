// Workspace trust: which settings a workspace may not set until trusted (and that package.json says the same), what
// value counts in an untrusted workspace, where a cluster's definition comes from and when it may be contacted
// without the user asking.
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { parseClusters, type ClusterConfig } from '../../../client/src/core/clusterConfig';
import { backgroundAllowed, clusterIdentity, clusterOrigin } from '../../../client/src/core/clusterOrigin';
import {
  restrictedSettingsIn,
  RESTRICTED_SETTINGS,
  SETTING_TRUST,
  setInWorkspace,
  trustedValue,
} from '../../../client/src/core/settingsTrust';

interface Manifest {
  capabilities?: {
    untrustedWorkspaces?: { supported: unknown; description?: unknown; restrictedConfigurations?: string[] };
    virtualWorkspaces?: { supported: unknown; description?: unknown };
  };
  contributes: { configuration: { properties: Record<string, unknown> } };
}

const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;

function clusters(raw: unknown[]): readonly ClusterConfig[] {
  const parsed = parseClusters(raw);
  assert.deepEqual(parsed.problems, []);
  return parsed.clusters;
}

void describe('the settings an untrusted workspace may not set', () => {
  void it('are declared restricted in package.json, exactly', () => {
    const declared = manifest.capabilities?.untrustedWorkspaces;
    assert.equal(declared?.supported, 'limited');
    assert.equal(typeof declared.description, 'string');
    assert.deepEqual([...(declared.restrictedConfigurations ?? [])].sort(), [...RESTRICTED_SETTINGS].sort());
  });

  void it('are decided for every setting the extension contributes, and only for those', () => {
    assert.deepEqual(
      Object.keys(SETTING_TRUST).sort(),
      Object.keys(manifest.contributes.configuration.properties).sort(),
    );
  });

  void it('include where requests go and what they carry', () => {
    for (const key of [
      'searchRequests.clusters',
      'searchRequests.variables',
      'searchRequests.secretVariables',
      'searchRequests.opaqueIdPrefix',
    ])
      assert.ok(RESTRICTED_SETTINGS.includes(key), key);
    assert.ok(!RESTRICTED_SETTINGS.includes('searchRequests.targetVersion'), 'checks only: free');
  });

  void it('say honestly what works in a virtual workspace', () => {
    const declared = manifest.capabilities?.virtualWorkspaces;
    assert.equal(declared?.supported, 'limited');
    assert.equal(typeof declared.description, 'string');
  });
});

void describe('the value that counts', () => {
  const inspected = { defaultValue: [], globalValue: ['user'], workspaceValue: ['repo'] };

  void it('is the user value of a restricted setting in an untrusted workspace, whatever VS Code gives', () => {
    assert.deepEqual(trustedValue('searchRequests.clusters', ['repo'], inspected, false), ['user']);
    assert.deepEqual(
      trustedValue('searchRequests.clusters', ['repo'], { defaultValue: [], workspaceValue: ['repo'] }, false),
      [],
    );
  });

  void it('is the value in effect in a trusted workspace, or for a free setting', () => {
    assert.deepEqual(trustedValue('searchRequests.clusters', ['repo'], inspected, true), ['repo']);
    assert.equal(trustedValue('searchRequests.targetVersion', '2.19', { globalValue: '3.8' }, false), '2.19');
  });

  void it('knows when the workspace or one of its folders sets a value', () => {
    assert.equal(setInWorkspace(inspected), true);
    assert.equal(setInWorkspace({ workspaceFolderValue: 1 }), true);
    assert.equal(setInWorkspace({ globalValue: 1 }), false);
    assert.equal(setInWorkspace(undefined), false);
  });
});

void describe('the restricted settings a workspace settings file sets', () => {
  void it('are found by their quoted name before a colon, in JSON with comments', () => {
    const text = [
      '{',
      '  // "searchRequests.variables": {} is commented out, yet still looks set: it is only said to be ignored',
      '  "searchRequests.clusters" :',
      '    [{ "name": "repo", "url": "https://10.0.0.1:9200", "tls": { "caFile": "certs/ca.pem" } }],',
      '  "searchRequests.targetVersion": "2.19",',
      '  "note": "searchRequests.opaqueIdPrefix",',
      '}',
    ].join('\n');
    assert.deepEqual(restrictedSettingsIn(text), ['searchRequests.clusters', 'searchRequests.variables']);
    assert.deepEqual(restrictedSettingsIn('{"searchRequests.opaqueIdPrefix"\t:"x"}'), [
      'searchRequests.opaqueIdPrefix',
    ]);
    assert.deepEqual(restrictedSettingsIn(''), []);
  });
});

void describe("where a cluster's definition comes from", () => {
  const user = clusters([
    { name: 'prod', url: 'https://search.example.com', auth: 'basic', username: 'admin', variables: { a: 1, b: 2 } },
  ]);

  void it('is the user when the workspace sets no clusters', () => {
    assert.equal(clusterOrigin(user[0]!, user, false), 'user');
  });

  void it('is the user when the workspace repeats the very same entry, in whatever key order', () => {
    const repeated = clusters([
      { variables: { b: 2, a: 1 }, username: 'admin', auth: 'basic', url: 'https://search.example.com', name: 'prod' },
    ]);
    assert.equal(clusterOrigin(repeated[0]!, user, true), 'user');
  });

  void it('is the workspace when it redefines the cluster with a CA of its own, or a new one', () => {
    const redefined = clusters([
      {
        name: 'prod',
        url: 'https://search.example.com',
        auth: 'basic',
        username: 'admin',
        variables: { a: 1, b: 2 },
        tls: { caFile: 'certs/ca.pem' },
      },
      { name: 'other', url: 'http://10.0.0.1:9200' },
    ]);
    assert.equal(clusterOrigin(redefined[0]!, user, true), 'workspace');
    assert.equal(clusterOrigin(redefined[1]!, user, true), 'workspace');
  });
});

void describe("a workspace's cluster in the background", () => {
  void it('is contacted only once chosen; a user cluster always', () => {
    assert.equal(backgroundAllowed('workspace', false), false);
    assert.equal(backgroundAllowed('workspace', true), true);
    assert.equal(backgroundAllowed('user', false), true);
  });

  void it('is remembered by an identity that holds its URL and TLS settings, not its variables or key order', () => {
    const [a, b, c, d] = clusters([
      { name: 'w', url: 'http://127.0.0.1:9200', variables: { x: 1 } },
      { name: 'w2', url: 'http://127.0.0.1:9200', variables: { x: 2 } },
      { name: 'w3', url: 'http://127.0.0.1:9201' },
      { name: 'w4', url: 'https://h', tls: { rejectUnauthorized: false } },
    ]);
    const renamed = (cluster: ClusterConfig, name: string): ClusterConfig => ({ ...cluster, name });
    assert.equal(clusterIdentity(renamed(b!, 'w')), clusterIdentity(a!), 'variables do not count');
    assert.notEqual(clusterIdentity(renamed(c!, 'w')), clusterIdentity(a!), 'another URL is another cluster');
    assert.notEqual(
      clusterIdentity(renamed(d!, 'w')),
      clusterIdentity({ ...renamed(d!, 'w'), tls: {} }),
      'TLS settings count',
    );
  });
});
