// The trust boundary in a real extension host, against a local cluster that records every request it receives:
// a workspace that redefines the user's cluster with a CA file of its own gets a modal before the stored password is
// sent (declined: nothing is sent, not even in the background), and a cluster of the workspace's settings is not
// contacted in the background until the user chose it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startCluster, tlsDirectory, type RunningCluster } from '@search-requests/local-cluster';
import { extension, openScratch, testApi } from './documents';
import { COMMANDS } from '../../server/src/protocol/manifest';

interface RunResult {
  status?: number;
  failure?: { kind: string; message: string };
}

interface Summary {
  cluster?: string;
  nodes: number;
}

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('searchRequests');
}

async function setClusters(value: unknown, target: vscode.ConfigurationTarget): Promise<void> {
  await config().update('clusters', value, target);
}

/** Every background reading the extension does of the active cluster and of the Clusters view, awaited. */
async function backgroundReadings(): Promise<Summary> {
  await vscode.commands.executeCommand(COMMANDS.refreshClusterStatus);
  await vscode.commands.executeCommand(COMMANDS.refreshClusters);
  await (await testApi()).describeClusters(2);
  return vscode.commands.executeCommand<Summary>(COMMANDS.refreshClusterState);
}

describe('Workspace trust', function () {
  this.timeout(60_000);

  before(async () => {
    await extension().activate();
  });

  describe('a stored password under TLS settings a workspace changed', () => {
    let cluster: RunningCluster;
    let userCa: string;
    let repoCa: string;
    const USER = { name: 'trust-it', auth: 'basic', username: 'admin' };

    before(async () => {
      cluster = await startCluster({
        tls: true,
        sampleData: false,
        recordRequests: true,
        user: { name: 'admin', password: 'Trust-It-7' },
      });
      // The user's own copy of the CA, and one the repository brings (same certificate, another file).
      userCa = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'trust-it-')), 'user-ca.pem');
      fs.copyFileSync(path.join(tlsDirectory(), 'ca.pem'), userCa);
      const folder = vscode.workspace.workspaceFolders![0]!.uri.fsPath;
      repoCa = path.join(folder, 'certs', 'ca.pem');
      fs.mkdirSync(path.dirname(repoCa), { recursive: true });
      fs.copyFileSync(path.join(tlsDirectory(), 'ca.pem'), repoCa);
      await setClusters(undefined, vscode.ConfigurationTarget.Workspace);
      await setClusters([{ ...USER, url: cluster.url, tls: { caFile: userCa } }], vscode.ConfigurationTarget.Global);
      // Stored while the cluster is the user's, with the user's CA.
      assert.equal(await vscode.commands.executeCommand(COMMANDS.changeClusterSecret, 'trust-it', 'Trust-It-7'), true);
    });

    after(async () => {
      await vscode.commands.executeCommand(COMMANDS.forgetClusterSecret, 'trust-it');
      await setClusters(undefined, vscode.ConfigurationTarget.Workspace);
      await setClusters(undefined, vscode.ConfigurationTarget.Global);
      fs.rmSync(path.dirname(repoCa), { recursive: true, force: true });
      fs.rmSync(path.dirname(userCa), { recursive: true, force: true });
      await cluster.close();
    });

    it('asks in a modal naming the new CA file, and sends nothing when declined', async () => {
      const api = await testApi();
      api.takePrompts();
      // Under the user's own settings the cluster is read in the background (that is allowed): let those readings
      // end, with the views of the extension hidden (the Tasks view polls while visible), and count from here.
      await vscode.commands.executeCommand('workbench.view.explorer');
      await backgroundReadings();
      const counted = cluster.requests.length;
      const since = (): string[] => cluster.requests.slice(counted).map((r) => `${r.method} ${r.url}`);
      // The workspace redefines the cluster: same name, URL and user, and a CA file of the repository.
      await setClusters(
        [{ ...USER, url: cluster.url, tls: { caFile: 'certs/ca.pem' } }],
        vscode.ConfigurationTarget.Workspace,
      );
      await vscode.commands.executeCommand(COMMANDS.selectCluster, 'trust-it');
      const summary = await backgroundReadings();
      assert.equal(summary.nodes, 0, 'the background reads nothing of the cluster');

      const editor = await openScratch('trust.search', 'GET _cluster/health\n');
      api.answerPrompts(false);
      const declined = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(declined.failure?.kind, 'declined');
      const asked = api.takePrompts();
      assert.equal(asked.length, 1, JSON.stringify(asked));
      assert.match(asked[0]!.message, /settings of "trust-it" changed since its password was stored/);
      assert.ok(asked[0]!.detail.includes(`tls.caFile is now ${repoCa} (was ${userCa})`), asked[0]!.detail);
      await backgroundReadings();
      assert.deepEqual(since(), [], 'nothing reached the cluster: no run, no background request');

      // Accepted once, it is sent, and the settings are remembered for the next requests.
      api.answerPrompts(true);
      const sent = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(sent.status, 200, sent.failure?.message);
      assert.ok(since().includes('GET /_cluster/health'), since().join(', '));
      const again = await vscode.commands.executeCommand<RunResult>(COMMANDS.run, editor.document.uri, 0);
      assert.equal(again.status, 200, again.failure?.message);
      assert.equal(api.takePrompts().length, 1, 'asked once');
    });
  });

  describe("a cluster of the workspace's settings", () => {
    let cluster: RunningCluster;

    before(async () => {
      cluster = await startCluster({ sampleData: false, recordRequests: true });
    });

    after(async () => {
      await setClusters(undefined, vscode.ConfigurationTarget.Workspace);
      await cluster.close();
    });

    it('gets no background request before the user chose it', async () => {
      await setClusters(
        [{ name: `workspace-it-${cluster.port}`, url: cluster.url }],
        vscode.ConfigurationTarget.Workspace,
      );
      const first = await backgroundReadings();
      assert.equal(first.cluster, undefined, 'not active until chosen');
      await vscode.commands.executeCommand('searchRequests.tasks.focus');
      const [item] = await (await testApi()).describeClusters(2);
      assert.equal(item?.description, 'not chosen yet');
      assert.match(item.children?.[0]?.label ?? '', /defined by this workspace's settings: it is not contacted/);
      assert.deepEqual(
        cluster.requests.map((r) => `${r.method} ${r.url}`),
        [],
      );

      await vscode.commands.executeCommand(COMMANDS.selectCluster, `workspace-it-${cluster.port}`);
      const chosen = await backgroundReadings();
      assert.equal(chosen.cluster, `workspace-it-${cluster.port}`);
      assert.ok(cluster.requests.length > 0, 'once chosen, its state is read');
    });
  });
});
