import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { openFixture, openScratch } from './documents';
import { codeOf, waitForDiagnostic, waitForDiagnostics } from './waitFor';

describe('Diagnostics', () => {
  it('reports a .msearch file without its final newline on its last line', async () => {
    const editor = await openScratch('no-final-newline.msearch', '{"index": "logs"}\n{"query": {"match_all": {}}}');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'msearch.missing-final-newline');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.source, 'search-requests');
    assert.equal(diagnostic.range.start.line, 1);
  });

  it("reports an unknown metadata key with OpenSearch's own message, on the key", async () => {
    const editor = await openScratch('unknown-key.msearch', '{"indexx": "logs"}\n{"query": {"match_all": {}}}\n');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'msearch.unknown-metadata-key');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(diagnostic.message, 'key [indexx] is not supported in the metadata section');
    assert.equal(diagnostic.range.start.line, 0);
    assert.match(editor.document.getText(diagnostic.range), /indexx/);
  });

  it('reports nothing on valid files', async () => {
    const valid = [await openFixture('logs.msearch'), await openFixture('requests.search')];
    // A document has no event for "validated and found clean". Documents are validated in the order they open,
    // so once a broken document opened after them has its diagnostics, theirs are final.
    const barrier = await openScratch('barrier.msearch', '{"indexx": "logs"}\n{}\n');
    await waitForDiagnostic(barrier.document.uri, 'msearch.unknown-metadata-key');
    for (const editor of valid) {
      const diagnostics = await waitForDiagnostics(editor.document.uri, () => true, 'any diagnostics');
      assert.deepEqual(
        diagnostics.map((d) => `${String(codeOf(d))}: ${d.message}`),
        [],
        `${editor.document.fileName} should be clean`,
      );
    }
  });
});
