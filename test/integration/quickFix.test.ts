import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openScratch } from './documents';
import { codeOf, waitForDiagnostic, waitForDiagnostics } from './waitFor';

describe('Quick fixes', () => {
  it('"Add the final newline" fixes the file and the diagnostic goes', async () => {
    const editor = await openScratch('fix-newline.msearch', '{"index": "logs"}\n{"query": {"match_all": {}}}');
    const { uri } = editor.document;
    const diagnostic = await waitForDiagnostic(uri, 'msearch.missing-final-newline');

    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      uri,
      diagnostic.range,
      vscode.CodeActionKind.QuickFix.value,
    );
    const fix = actions.find((action) => action.title === 'Add the final newline');
    assert.ok(fix, `no "Add the final newline" among: ${actions.map((a) => a.title).join(', ') || 'no actions'}`);
    assert.ok(fix.kind && vscode.CodeActionKind.QuickFix.contains(fix.kind), 'the fix is not of kind quickfix');

    if (fix.edit) {
      assert.ok(await vscode.workspace.applyEdit(fix.edit), 'the workspace edit was not applied');
    }
    if (fix.command) {
      await vscode.commands.executeCommand(fix.command.command, ...((fix.command.arguments ?? []) as unknown[]));
    }
    assert.equal(editor.document.getText(), '{"index": "logs"}\n{"query": {"match_all": {}}}\n');

    await waitForDiagnostics(
      uri,
      (all) => !all.some((d) => codeOf(d) === 'msearch.missing-final-newline'),
      'msearch.missing-final-newline to go',
    );
    await editor.document.save();
  });
});
