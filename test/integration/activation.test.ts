import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { extension, openFixture } from './documents';
import { eventually } from './waitFor';

describe('Activation', () => {
  it('is loaded and waits for a search file before it activates', function () {
    const open = vscode.workspace.textDocuments.filter((d) => d.languageId === 'search' || d.languageId === 'msearch');
    if (open.length > 0) {
      // A window that restored its editors (a reused profile) opened one already: nothing to observe.
      this.skip();
    }
    assert.equal(extension().isActive, false, 'the extension was active before any .search or .msearch file opened');
  });

  // The e2e launcher installs the packaged .vsix and says where: the suite must exercise that copy, not sources.
  const extensionsDir = process.env['SEARCH_REQUESTS_TEST_EXTENSIONS_DIR'];
  (extensionsDir ? it : it.skip)('runs the copy installed from the .vsix', () => {
    const location = extension().extensionPath;
    const relative = path.relative(extensionsDir ?? '', location);
    assert.ok(
      !relative.startsWith('..') && !path.isAbsolute(relative),
      `the extension runs from ${location}, not from ${String(extensionsDir)}`,
    );
  });

  it('activates when a .msearch file opens', async () => {
    const editor = await openFixture('logs.msearch');
    assert.equal(editor.document.languageId, 'msearch');
    await eventually(
      () => extension().isActive,
      (active) => active,
      'the extension to activate',
    );
  });

  it('gives .search files the language search', async () => {
    const editor = await openFixture('requests.search');
    assert.equal(editor.document.languageId, 'search');
  });

  it('finishes activation without error (the language client started)', async () => {
    // activate() returns the pending activation; it rejects when activate() threw or the server failed to start.
    await extension().activate();
    assert.equal(extension().isActive, true);
  });
});
