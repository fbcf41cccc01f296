// The console features in a real VS Code against the local cluster: """ strings, variables (settings, the active
// cluster's, secrets), run all and selections, runs kept in the workspace's storage, export, cURL both ways, request
// lines with a full URL.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import { extension, openScratch, testApi } from './documents';
import { codeOf, eventually, ours, waitForDiagnostic, waitForDiagnostics } from './waitFor';

interface RunResult {
  id: string;
  label: string;
  cluster: string;
  state: string;
  status?: number;
  items: { status?: number; hits?: number; error?: { type: string } }[];
  response?: unknown;
  failure?: { kind: string; message: string };
}

const config = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('searchRequests');

async function setWorkspace(key: string, value: unknown): Promise<void> {
  await config().update(key, value, vscode.ConfigurationTarget.Workspace);
}

function markdownOf(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) =>
      content instanceof vscode.MarkdownString ? content.value : typeof content === 'string' ? content : '',
    )
    .join('\n');
}

describe('Console', function () {
  this.timeout(60_000);
  let cluster: RunningCluster;
  // Made when the suite runs, not when its file is loaded: a run that selects other suites would leave it behind.
  let scratch = '';

  before(async () => {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'search-requests-console-'));
    cluster = await startCluster({ port: 0, recordRequests: true });
    await extension().activate();
    await setWorkspace('clusters', [{ name: 'console-it', url: cluster.url, variables: { clusterIndex: 'products' } }]);
    await setWorkspace('variables', { index: 'logs', size: 2 });
    await vscode.commands.executeCommand('searchRequests.selectCluster', 'console-it');
  });

  after(async () => {
    await vscode.commands.executeCommand('searchRequests.forgetSecretVariable', 'itToken');
    await config().update('secretVariables', undefined, vscode.ConfigurationTarget.Global);
    await setWorkspace('variables', undefined);
    await setWorkspace('clusters', undefined);
    await cluster.close();
    if (scratch !== '') fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('reads a """ query as the string it becomes, and runs it', async () => {
    const text = [
      'GET /logs/_search',
      '{',
      '  "size": 1,',
      '  "query": {',
      '    "query_string": {',
      '      "query": """',
      'message:"timeout"',
      '"""',
      '    }',
      '  }',
      '}',
      '',
    ].join('\n');
    const editor = await openScratch('triple.search', text);
    await waitForDiagnostics(editor.document.uri, (all) => all.length === 0, 'no diagnostics');
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', editor.document.uri, 0);
    assert.equal(result.status, 200, result.failure?.message);
    const sent = cluster.requests.filter((r) => r.url.startsWith('/logs/_search')).pop()!;
    assert.deepEqual(JSON.parse(sent.body), { size: 1, query: { query_string: { query: '\nmessage:"timeout"\n' } } });
  });

  it('reports """ in a .msearch line with a quick fix that escapes it', async () => {
    const editor = await openScratch('triple.msearch', '{}\n{"query": {"query_string": {"query": """a "b" c"""}}}\n');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'msearch.triple-quoted-string');
    assert.match(diagnostic.message, /Unexpected character/);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      diagnostic.range,
    );
    const fix = actions.find((a) => a.title === 'Convert to an escaped JSON string');
    assert.ok(fix?.edit !== undefined, JSON.stringify(actions.map((a) => a.title)));
    await vscode.workspace.applyEdit(fix.edit);
    await waitForDiagnostics(editor.document.uri, (all) => all.length === 0, 'the fixed line to be clean');
    assert.equal(editor.document.lineAt(1).text, '{"query": {"query_string": {"query": "a \\"b\\" c"}}}');
  });

  it('checks, hovers, completes and sends variables from the settings and the active cluster', async () => {
    const editor = await openScratch(
      'vars.search',
      'GET /${index}/_search?size=${size}\n{ "query": { "match_all": {} } }\n',
    );
    await waitForDiagnostics(editor.document.uri, (all) => all.length === 0, 'no diagnostics');
    const hover = await eventually(
      () =>
        vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          editor.document.uri,
          new vscode.Position(0, 8),
        ),
      (hovers) => markdownOf(hovers).includes('logs'),
      'the hover of ${index}',
    );
    assert.match(markdownOf(hover), /\$\{index\}[\s\S]*logs[\s\S]*From workspace settings/);
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', editor.document.uri, 0);
    assert.equal(result.status, 200);
    assert.equal(result.items[0]?.hits, 2);
    assert.match(cluster.requests.at(-1)!.url, /^\/logs\/_search\?size=2/);
    assert.equal(result.label, 'GET ${index}/_search?size=${size}');

    const typing = await openScratch('complete.search', 'GET /${\n');
    const list = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      typing.document.uri,
      new vscode.Position(0, 7),
      '{',
    );
    const labels = list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
    assert.ok(labels.includes('index') && labels.includes('clusterIndex'), labels.join(', '));

    const fromCluster = await openScratch('cluster-var.search', 'GET /${clusterIndex}/_search\n');
    const clusterHover = await eventually(
      () =>
        vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          fromCluster.document.uri,
          new vscode.Position(0, 9),
        ),
      (hovers) => markdownOf(hovers).includes('products'),
      'the hover of ${clusterIndex}',
    );
    assert.match(markdownOf(clusterHover), /From cluster "console-it"/);
  });

  it('reports an undefined variable, and its quick fix defines it in the workspace settings', async () => {
    const editor = await openScratch('undefined.search', 'GET /_search?size=${pageSize}\n');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'variable.undefined');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>(
      'vscode.executeCodeActionProvider',
      editor.document.uri,
      diagnostic.range,
    );
    const define = actions.find((a) => a.command?.command === 'searchRequests.defineVariable');
    assert.ok(define?.command !== undefined, JSON.stringify(actions.map((a) => a.title)));
    // The fix asks for the value; a script gives it.
    const args: unknown[] = define.command.arguments ?? [];
    await vscode.commands.executeCommand(define.command.command, ...args, '3');
    assert.deepEqual(config().inspect('variables')?.workspaceValue, { index: 'logs', size: 2, pageSize: '3' });
    await waitForDiagnostics(editor.document.uri, (all) => all.length === 0, 'the variable to be defined');
    await setWorkspace('variables', { index: 'logs', size: 2 });
    await waitForDiagnostic(editor.document.uri, 'variable.undefined');
    // It is sent as written, as Kibana's console sends it: the cluster refuses the size.
    const sentBefore = cluster.requests.length;
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', editor.document.uri, 0);
    assert.equal(result.status, 400);
    const searches = cluster.requests.slice(sentBefore).filter((r) => r.url.startsWith('/_search'));
    assert.equal(searches.length, 1, JSON.stringify(cluster.requests.slice(sentBefore).map((r) => r.url)));
    assert.equal(decodeURIComponent(searches[0]!.url), '/_search?size=${pageSize}');
  });

  it('sends a secret variable without showing it: not in the hover, the view, the kept runs or cURL', async () => {
    // A value that nothing else in a run (ids, times, sizes) can hold by chance.
    const secret = 'it-Secret-"value"-Vq7Zx';
    await vscode.commands.executeCommand('searchRequests.setSecretVariable', 'itToken', secret);
    const text = 'POST /logs/_search\n{ "size": 0, "query": { "term": { "message": "${itToken}" } } }\n';
    const editor = await openScratch('secret.search', text);
    await waitForDiagnostics(editor.document.uri, (all) => all.length === 0, 'no diagnostics');
    const hover = await eventually(
      () =>
        vscode.commands.executeCommand<vscode.Hover[]>(
          'vscode.executeHoverProvider',
          editor.document.uri,
          new vscode.Position(1, 48),
        ),
      (hovers) => markdownOf(hovers).includes('secret'),
      'the hover of ${itToken}',
    );
    assert.ok(!markdownOf(hover).includes('Vq7Zx'));
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', editor.document.uri, 0);
    assert.equal(result.status, 200, result.failure?.message);
    const sent = cluster.requests.filter((r) => r.url.startsWith('/logs/_search')).pop()!;
    assert.deepEqual(JSON.parse(sent.body), { size: 0, query: { term: { message: secret } } });
    const shown = JSON.stringify(await (await testApi()).describeResults(3));
    assert.ok(!shown.includes('Vq7Zx'), shown);
    const curl = await vscode.commands.executeCommand<string>('searchRequests.copyAsCurl', result.id);
    assert.ok(curl.includes(`'"$ITTOKEN"'`) && !curl.includes('Vq7Zx'), curl);
    const folder = await (await testApi()).keepHistory();
    const kept = fs
      .readdirSync(folder)
      .map((file) => fs.readFileSync(path.join(folder, file), 'utf8'))
      .join('\n');
    assert.ok(kept.includes('${itToken}'), 'the run is kept as written');
    assert.ok(!kept.includes('Vq7Zx'), 'the secret is not in the kept runs');
  });

  it('runs every request of a .search file in order, past an error answer, and stops when one gets no answer', async () => {
    await setWorkspace('clusters', [
      { name: 'console-it', url: cluster.url, variables: { clusterIndex: 'products' } },
      { name: 'down', url: 'http://127.0.0.1:9' },
    ]);
    const text = [
      'GET /logs/_search?size=1',
      'GET /no-such-index/_search',
      'GET /products/_search?size=1',
      'GET http://127.0.0.1:9/_search',
      'GET /logs/_count',
      '',
    ].join('\n');
    const editor = await openScratch('all.search', text);
    await waitForDiagnostics(
      editor.document.uri,
      (all) => !all.some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      'no errors',
    );
    const results = await vscode.commands.executeCommand<RunResult[]>('searchRequests.runAll', editor.document.uri);
    assert.deepEqual(
      results.map((r) => [r.label, r.cluster, r.status ?? r.failure?.kind]),
      [
        ['GET logs/_search?size=1', 'console-it', 200],
        ['GET no-such-index/_search', 'console-it', 404],
        ['GET products/_search?size=1', 'console-it', 200],
        ['GET http://127.0.0.1:9/_search', 'down', 'refused'],
      ],
    );

    // With a selection, the requests it touches.
    editor.selection = new vscode.Selection(1, 3, 2, 5);
    const selected = await vscode.commands.executeCommand<RunResult[]>('searchRequests.run');
    assert.deepEqual(
      selected.map((r) => r.label),
      ['GET no-such-index/_search', 'GET products/_search?size=1'],
    );
  });

  it('runs the pairs a selection of a .msearch file touches as one _msearch, and runs that selection again', async () => {
    await setWorkspace('clusters', [{ name: 'console-it', url: cluster.url }]);
    const text = [
      '{"index":"logs"}',
      '{"size":1}',
      '{"index":"products"}',
      '{"size":2}',
      '{"index":"logs"}',
      '{"size":3}',
      '',
    ].join('\n');
    const editor = await openScratch('selection.msearch', text);
    await waitForDiagnostics(
      editor.document.uri,
      (all) => !all.some((d) => d.severity === vscode.DiagnosticSeverity.Error),
      'no errors',
    );
    // Lines 3 to 6 (the second and third pairs).
    editor.selection = new vscode.Selection(2, 0, 5, 4);
    const first = await vscode.commands.executeCommand<RunResult>('searchRequests.run');
    const hitsOf = (run: RunResult): number[] =>
      (run.response as { responses: { hits: { hits: unknown[] } }[] }).responses.map((r) => r.hits.hits.length);
    assert.deepEqual(hitsOf(first), [2, 3]);
    // Again from the Results view, with the cursor elsewhere: the same two pairs, not the first one.
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    const again = await vscode.commands.executeCommand<RunResult>('searchRequests.rerun', first.id);
    assert.deepEqual(hitsOf(again), [2, 3]);
  });

  it('reports a full URL that is no configured cluster', async () => {
    const editor = await openScratch('elsewhere.search', 'GET http://elsewhere.invalid:9200/logs/_search\n');
    const diagnostic = await waitForDiagnostic(editor.document.uri, 'url.not-a-cluster');
    assert.match(diagnostic.message, /is not the address of a configured cluster/);
  });

  it('saves an answer as JSON and exports its hits as CSV and NDJSON', async () => {
    const editor = await openScratch('export.search', 'GET /products/_search?size=3\n');
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', editor.document.uri, 0);
    assert.equal(result.status, 200);
    const json = path.join(scratch, 'answer.json');
    await vscode.commands.executeCommand('searchRequests.saveResult', undefined, { file: json });
    assert.equal((JSON.parse(fs.readFileSync(json, 'utf8')) as { hits: { hits: unknown[] } }).hits.hits.length, 3);
    const csv = path.join(scratch, 'hits.csv');
    const exported = await vscode.commands.executeCommand<{ count: number }>('searchRequests.exportHits', undefined, {
      format: 'csv',
      scope: 'all',
      file: csv,
    });
    assert.equal(exported.count, 3);
    const rows = fs.readFileSync(csv, 'utf8').trimEnd().split('\r\n');
    assert.equal(rows.length, 4);
    assert.ok(rows[0]!.split(',').includes('name'), rows[0]);
    const ndjson = path.join(scratch, 'hits.ndjson');
    await vscode.commands.executeCommand('searchRequests.exportHits', undefined, {
      format: 'ndjson',
      scope: 'shown',
      file: ndjson,
    });
    const lines = fs.readFileSync(ndjson, 'utf8').trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.equal(typeof (JSON.parse(lines[0]!) as { name?: unknown }).name, 'string');
  });

  it('copies the request at the cursor as cURL, and pastes a cURL command as a request that runs', async () => {
    const editor = await openScratch('curl.search', 'GET /logs/_search?size=1\n{ "query": { "match_all": {} } }\n');
    editor.selection = new vscode.Selection(1, 3, 1, 3);
    const curl = await vscode.commands.executeCommand<string>('searchRequests.copyRequestAsCurl');
    assert.ok(curl.startsWith(`curl -X GET '${cluster.url}/logs/_search?size=1'`), curl);
    assert.equal(await vscode.env.clipboard.readText(), curl);
    assert.ok(curl.includes(`--data-raw '{ "query": { "match_all": {} } }'`), curl);
    // The same request for PowerShell: curl.exe with the body in a file PowerShell writes.
    const powerShell = await vscode.commands.executeCommand<string>('searchRequests.copyRequestAsPowerShell');
    assert.ok(powerShell.includes(`curl.exe -X GET '${cluster.url}/logs/_search?size=1'`), powerShell);
    assert.ok(powerShell.includes('--data-binary "@$($file.FullName)"'), powerShell);
    assert.equal(await vscode.env.clipboard.readText(), powerShell);

    const target = await openScratch('pasted.search', '');
    const command = `curl -u elastic:changeme -XPOST '${cluster.url}/logs/_search?size=1' -H 'Content-Type: application/json' -d '{"query":{"match_all":{}}}'`;
    const inserted = await vscode.commands.executeCommand<string>('searchRequests.pasteCurl', command);
    assert.ok(!inserted.includes('changeme'));
    assert.equal(target.document.getText(), inserted);
    assert.match(inserted, /^POST \/logs\/_search\?size=1$/m);
    const line = target.document
      .getText()
      .split('\n')
      .findIndex((l) => l.startsWith('POST'));
    const result = await vscode.commands.executeCommand<RunResult>('searchRequests.run', target.document.uri, line);
    assert.equal(result.status, 200);
    assert.equal(result.items[0]?.hits, 1);
    assert.equal(
      ours(vscode.languages.getDiagnostics(target.document.uri)).filter(
        (d) => codeOf(d) !== undefined && d.severity === vscode.DiagnosticSeverity.Error,
      ).length,
      0,
    );
  });
});
