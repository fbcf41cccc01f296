import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS, VIEWS as VIEW_IDS } from '../../server/src/protocol/manifest';
import { extension } from './documents';

interface Manifest {
  contributes?: {
    commands?: { command: string }[];
    viewsContainers?: { activitybar?: { id: string; title: string }[] };
    views?: Record<string, { id: string; name: string }[]>;
  };
}

const VIEWS: string[] = [VIEW_IDS.clusters, VIEW_IDS.results, VIEW_IDS.tasks];

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

  it('registers no command it does not contribute (test hooks are in the test API, not in the manifest)', async () => {
    const contributed = new Set((manifest().contributes?.commands ?? []).map((c) => c.command));
    const extra = (await vscode.commands.getCommands(true)).filter(
      (command) =>
        command.startsWith('searchRequests.') &&
        !contributed.has(command) &&
        // The workbench's own commands of each view (focus, reset location, ...).
        !VIEWS.some((view) => command.startsWith(`${view}.`)),
    );
    assert.deepEqual(extra, []);
  });

  it('registers the commands its code lenses call', async function () {
    const contributed = (manifest().contributes?.commands ?? []).map((c) => c.command);
    if (!contributed.includes(COMMANDS.run)) {
      // The run commands arrive with the run feature; until then the lenses only show.
      this.skip();
    }
    const registered = new Set(await vscode.commands.getCommands(true));
    assert.ok(registered.has(COMMANDS.run));
    assert.ok(registered.has(COMMANDS.runAll));
  });
});
