// A folder the user has not trusted (Restricted Mode): the launcher runs these tests alone, in a VS Code with
// Workspace Trust on (test/e2e/runE2e.ts). The extension runs there: files are checked; the workspace's clusters are
// ignored (and the Clusters view says why, with the Trust action), requests go only to the user's clusters.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { extension, openFixture, testApi } from '../documents';
import { waitForDiagnostic } from '../waitFor';
import { COMMANDS } from '../../../server/src/protocol/manifest';

interface Summary {
  cluster?: string;
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('searchRequests');
}

describe('Restricted Mode', function () {
  this.timeout(60_000);
  let user: RunningCluster;
  let repo: RunningCluster;

  before(async () => {
    assert.equal(vscode.workspace.isTrusted, false, 'the launcher opens the folder in Restricted Mode');
    user = await startCluster({ sampleData: false, recordRequests: true });
    repo = await startCluster({ sampleData: false, recordRequests: true });
    await extension().activate();
  });

  after(async () => {
    await config().update('clusters', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('opaqueIdPrefix', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('clusters', undefined, vscode.ConfigurationTarget.Global);
    await user.close();
    await repo.close();
  });

  it('runs the extension and checks the files', async () => {
    const editor = await openFixture('broken.msearch');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'msearch.unknown-metadata-key');
    assert.equal(diagnostic.range.start.line, 2);
    assert.equal(extension().isActive, true);
  });

  it("ignores the workspace's clusters and prefix, says why with the Trust action, and uses the user's", async () => {
    await config().update('clusters', [{ name: 'repo-it', url: repo.url }], vscode.ConfigurationTarget.Workspace);
    await config().update('opaqueIdPrefix', 'from-the-repo/', vscode.ConfigurationTarget.Workspace);
    await config().update('clusters', [{ name: 'user-it', url: user.url }], vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand(COMMANDS.refreshClusters);
    const items = await (await testApi()).describeClusters(1);
    assert.deepEqual(
      items.map((item) => [item.label, item.description]),
      [
        ['Workspace not trusted: its clusters are ignored', 'Manage Workspace Trust'],
        ['user-it', 'active · OpenSearch 2.19.1 · green'],
      ],
    );
    const summary = await vscode.commands.executeCommand<Summary>(COMMANDS.refreshClusterState);
    assert.equal(summary.cluster, 'user-it');
    assert.deepEqual(repo.requests, [], "nothing goes to the workspace's cluster");
    assert.ok(user.requests.length > 0);
    const prefixes = new Set(user.requests.map((r) => String(r.headers['x-opaque-id']).split('/')[0]));
    assert.deepEqual([...prefixes], ['vscode-search-requests'], 'the user prefix, not the workspace one');
  });
});
