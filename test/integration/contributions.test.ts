import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { extension } from './documents';

interface Manifest {
  contributes?: {
    commands?: { command: string }[];
    viewsContainers?: { activitybar?: { id: string; title: string }[] };
    views?: Record<string, { id: string; name: string }[]>;
  };
}

const VIEWS = ['searchRequests.clusters', 'searchRequests.results', 'searchRequests.tasks'];

function manifest(): Manifest {
  return extension().packageJSON as Manifest;
}

describe('Contributions', () => {
  before(async () => {
    await extension().activate();
  });

  it('has the Search Requests container in the activity bar with the Clusters, Results and Tasks views', async () => {
    const container = manifest().contributes?.viewsContainers?.activitybar?.find((c) => c.id === 'searchRequests');
    assert.equal(container?.title, 'Search Requests');
    assert.deepEqual(
      (manifest().contributes?.views?.['searchRequests'] ?? []).map((view) => view.id),
      VIEWS,
    );
    // The workbench made commands for them: they fail when the container or a view does not exist.
    await vscode.commands.executeCommand('workbench.view.extension.searchRequests');
    for (const view of VIEWS) {
      await vscode.commands.executeCommand(`${view}.focus`);
    }
  });

  it('registers every command it contributes', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = (manifest().contributes?.commands ?? [])
      .map((c) => c.command)
      .filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], 'contributed commands that no code registers');
  });

  it('registers the commands its code lenses call', async function () {
    const contributed = (manifest().contributes?.commands ?? []).map((c) => c.command);
    if (!contributed.includes('searchRequests.run')) {
      // The run commands arrive with the run feature; until then the lenses only show.
      this.skip();
    }
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has('searchRequests.run'));
    assert.ok(registered.has('searchRequests.runAll'));
  });
});
