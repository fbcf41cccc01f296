// What the cluster says back: a request that draws a deprecation `Warning` header (GET /_cat/master, which
// OpenSearch answers with one, and so does the local cluster; `npm run test:real` runs this against real OpenSearch
// too) shows it on the run in the Results view, in the run's
// answer, and as an Information diagnostic on the request's line until the file changes.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../server/src/protocol/manifest';
import { extension, openScratch, testApi } from './documents';
import { startTestCluster, type TestCluster } from './testCluster';
import { codeOf, waitForDiagnostics } from './waitFor';

const WARNING = '[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead.';

describe('Warnings from the cluster', function () {
  this.timeout(60_000);
  let cluster: TestCluster;

  before(async () => {
    cluster = await startTestCluster();
    await extension().activate();
    await vscode.workspace
      .getConfiguration('searchRequests')
      .update('clusters', [{ name: 'warning-it', url: cluster.url }], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'warning-it');
  });

  after(async () => {
    await vscode.workspace
      .getConfiguration('searchRequests')
      .update('clusters', undefined, vscode.ConfigurationTarget.Workspace);
    await cluster.close();
  });

  it('shows a deprecation on the run, in the Results view and at the request until the file changes', async () => {
    const editor = await openScratch('deprecated.search', 'GET _cat/cluster_manager\n\nGET _cat/master?format=json\n');
    const uri = editor.document.uri;
    const result = await vscode.commands.executeCommand<{ state: string; warnings?: string[] }>(COMMANDS.run, uri, 2);
    assert.equal(result.state, 'done');
    assert.deepEqual(result.warnings, [WARNING]);

    const marked = await waitForDiagnostics(
      uri,
      (list) => list.some((d) => codeOf(d) === 'cluster.deprecation'),
      'the deprecation mark',
    );
    const mark = marked.find((d) => codeOf(d) === 'cluster.deprecation')!;
    assert.equal(mark.severity, vscode.DiagnosticSeverity.Information);
    assert.equal(mark.range.start.line, 2);
    assert.equal(mark.message, `The cluster warned on the last run: ${WARNING}`);

    const items = await (await testApi()).describeResults(2);
    assert.match(items[0]?.description ?? '', /1 warning/);
    assert.ok(
      items[0]?.children?.some((child) => child.label === `Warning: ${WARNING}`),
      JSON.stringify(items[0]),
    );

    // The request that draws no warning leaves no mark.
    const clean = await vscode.commands.executeCommand<{ warnings?: string[] }>(COMMANDS.run, uri, 0);
    assert.equal(clean.warnings, undefined);

    await editor.edit((edit) => {
      edit.insert(new vscode.Position(1, 0), '# edited\n');
    });
    await waitForDiagnostics(
      uri,
      (list) => list.every((d) => codeOf(d) !== 'cluster.deprecation'),
      'the deprecation mark to go once the file changed',
    );
  });
});
