// Opening the documents the tests work on: fixtures of the workspace (read, never saved) and scratch files
// (written to a temporary folder, so that a test may edit and save them freely).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { TestApi } from '../../client/src/testApi';

const EXTENSION_ID = 'search-requests.search-requests';

export function extension(): vscode.Extension<TestApi | undefined> {
  const found = vscode.extensions.getExtension<TestApi | undefined>(EXTENSION_ID);
  if (!found) {
    const ids = vscode.extensions.all.map((e) => e.id).filter((id) => !id.startsWith('vscode.'));
    throw new Error(`extension ${EXTENSION_ID} is not loaded; loaded: ${ids.join(', ') || 'only built-ins'}`);
  }
  return found;
}

/** What the activated extension gives its tests (the views as data): the launchers run it under test. */
export async function testApi(): Promise<TestApi> {
  const api = await extension().activate();
  if (api === undefined) {
    throw new Error(
      'the extension gives no test API: run it in test mode (the launchers set SEARCH_REQUESTS_TEST_API=1)',
    );
  }
  return api;
}

function workspaceFolder(): vscode.WorkspaceFolder {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    throw new Error('no workspace folder is open: the launchers open test/fixtures/workspace');
  }
  return folder;
}

export async function openFixture(name: string): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.joinPath(workspaceFolder().uri, name));
  return vscode.window.showTextDocument(document);
}

let scratchDir: string | undefined;

/** Writes a file with this exact content (no newline added) to a fresh temporary folder and opens it. */
export async function openScratch(name: string, content: string): Promise<vscode.TextEditor> {
  scratchDir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'search-requests-it-'));
  const file = path.join(fs.mkdtempSync(path.join(scratchDir, 'case-')), name);
  fs.writeFileSync(file, content);
  const document = await vscode.workspace.openTextDocument(vscode.Uri.file(file));
  return vscode.window.showTextDocument(document);
}

/** Removes the scratch files of this run. */
export function removeScratchFiles(): void {
  if (scratchDir) {
    fs.rmSync(scratchDir, { recursive: true, force: true });
    scratchDir = undefined;
  }
}
