// The Results view after runs against the local cluster: the tree (through the view's own provider), result
// documents, cURL export, paging and re-run.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';
import type { DescribedItem } from '../../client/src/features/resultsView';
import { extension, openScratch, testApi } from './documents';
import { COMMANDS } from '../../server/src/protocol/manifest';

interface RunResult {
  id: string;
  status?: number;
  response?: unknown;
}

const PAIRS = [
  '{"index": "logs"}',
  '{"query": {"match_all": {}}, "size": 3, "aggs": {"levels": {"terms": {"field": "level"}}}}',
  '{"index": "no-such-index"}',
  '{}',
  '',
].join('\n');

async function describeResults(depth: number): Promise<DescribedItem[]> {
  return (await testApi()).describeResults(depth);
}

describe('Results view', function () {
  this.timeout(60_000);
  let cluster: RunningCluster;
  const config = () => vscode.workspace.getConfiguration('searchRequests');

  before(async () => {
    cluster = await startCluster({ port: 0 });
    await extension().activate();
    await config().update('clusters', [{ name: 'results-it', url: cluster.url }], vscode.ConfigurationTarget.Workspace);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'results-it');
    await vscode.commands.executeCommand('workbench.view.extension.searchRequests');
  });

  after(async () => {
    await config().update('clusters', undefined, vscode.ConfigurationTarget.Workspace);
    await config().update('results.pageSize', undefined, vscode.ConfigurationTarget.Workspace);
    await cluster.close();
  });

  it('shows the run, each response with status, took and total, hits as index/_id with _source fields, aggregations', async () => {
    const editor = await openScratch('results.msearch', PAIRS);
    const result = await vscode.commands.executeCommand<RunResult>(COMMANDS.runAll, editor.document.uri);
    assert.equal(result.status, 200);
    const [run] = await describeResults(6);
    assert.ok(run !== undefined);
    assert.equal(run.label, 'POST _msearch (2 searches)');
    assert.match(run.description ?? '', /^results-it · 200 · \d+ ms · [\d.]+ KB · just now$/);
    const [first, second] = run.children ?? [];
    assert.equal(first?.label, '#1');
    assert.match(first.description ?? '', /^200 · took \d+ ms · [\d,]+\+? hits$/);
    assert.equal(second?.description, '404 index_not_found_exception: no such index [no-such-index]');
    const hits = first.children?.find((item) => item.label === 'hits');
    assert.match(hits?.description ?? '', /hits · 3 returned$/);
    const hit = hits?.children?.[0];
    assert.match(hit?.label ?? '', /^logs-\d{4}\.\d{2}\.\d{2}\/\S+$/);
    assert.match(hit?.description ?? '', /^score /);
    assert.ok(hit?.children?.some((field) => field.label === 'message'));
    const aggregations = first.children?.find((item) => item.label === 'aggregations');
    assert.equal(aggregations?.children?.[0]?.label, 'levels');
    assert.match(aggregations.children[0].description ?? '', /buckets?$/);
  });

  it('opens the run as pretty JSON in a read-only editor', async () => {
    const uri = await vscode.commands.executeCommand<string>(COMMANDS.openResult);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.ok(document !== undefined);
    assert.equal(document.uri.scheme, 'search-requests-result');
    assert.equal(document.languageId, 'json');
    const parsed = JSON.parse(document.getText()) as { responses: unknown[] };
    assert.equal(parsed.responses.length, 2);
    assert.ok(document.getText().includes('\n  "responses": [\n'));
  });

  it('copies the run as a cURL command with --data-raw for NDJSON, its line ends kept', async () => {
    const curl = await vscode.commands.executeCommand<string>(COMMANDS.copyAsCurl);
    assert.ok(curl.startsWith(`curl -X POST '${cluster.url}/_msearch'`), curl);
    assert.ok(curl.includes("-H 'Content-Type: application/x-ndjson'"));
    assert.ok(curl.includes(`--data-raw '${PAIRS.replace(/\n$/, '')}`), curl);
    assert.equal(await vscode.env.clipboard.readText(), curl);
  });

  it('shows the first hits of a large answer with a "Show more" item', async () => {
    await config().update('results.pageSize', 2, vscode.ConfigurationTarget.Workspace);
    const editor = await openScratch('many.search', 'GET /logs/_search?size=5\n');
    await vscode.commands.executeCommand(COMMANDS.run, editor.document.uri, 0);
    const [run] = await describeResults(3);
    await config().update('results.pageSize', undefined, vscode.ConfigurationTarget.Workspace);
    const hits = run?.children?.find((item) => item.label === 'hits');
    assert.deepEqual(
      hits?.children?.map((item) => item.contextValue),
      ['searchRequests.node', 'searchRequests.node', 'searchRequests.more'],
    );
    const more = hits.children[2];
    assert.equal(more?.label, 'Show 2 more');
    assert.equal(more.description, '2 of 5 shown');
  });

  it('shows other endpoints as a JSON tree, and a text answer line by line', async () => {
    const editor = await openScratch('other.search', 'GET _tasks?detailed\n\nGET _cat/indices?v\n');
    const tasks = await vscode.commands.executeCommand<RunResult & { shape?: string }>(
      COMMANDS.run,
      editor.document.uri,
      0,
    );
    assert.equal(tasks.shape, 'json');
    const [tasksRun] = await describeResults(2);
    assert.equal(tasksRun?.children?.[0]?.label, 'nodes');
    const cat = await vscode.commands.executeCommand<RunResult & { shape?: string }>(
      COMMANDS.run,
      editor.document.uri,
      2,
    );
    assert.equal(cat.shape, 'text');
    const [catRun] = await describeResults(2);
    assert.match(catRun?.children?.[0]?.label ?? '', /^health\s+status\s+index/);
    assert.ok(catRun?.children?.some((line) => line.label.includes('products')));
  });

  it('reads a large answer in the worker thread: the tree shows its first hits', async () => {
    const editor = await openScratch('large.search', 'GET /logs-*/_search?size=6000\n');
    const result = await vscode.commands.executeCommand<RunResult & { bytes?: number; items: { hits?: number }[] }>(
      COMMANDS.run,
      editor.document.uri,
      0,
    );
    assert.ok((result.bytes ?? 0) > 1024 * 1024, `${result.bytes ?? 0} bytes`);
    assert.equal(result.items[0]?.hits, 6000);
    // Too large to hand back whole: it stays in the worker, and the view reads it from there.
    assert.equal(result.response, undefined);
    const [run] = await describeResults(3);
    const hits = run?.children?.find((item) => item.label === 'hits');
    assert.equal(hits?.children?.length, 51);
    assert.equal(hits.children[50]?.label, 'Show 50 more');
    const uri = await vscode.commands.executeCommand<string>(COMMANDS.openResult);
    const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
    assert.equal((JSON.parse(document?.getText() ?? '{}') as { hits: { hits: unknown[] } }).hits.hits.length, 6000);
  });

  it('runs a run again from its document', async () => {
    const before = await describeResults(1);
    const again = await vscode.commands.executeCommand<RunResult>(COMMANDS.rerun);
    assert.equal(again.status, 200);
    const after = await describeResults(1);
    // The view keeps the last searchRequests.results.maxRuns runs (the suites before this one ran many).
    const kept = config().get<number>('results.maxRuns') ?? 20;
    assert.equal(after.length, Math.min(before.length + 1, kept));
    assert.equal(after[0]?.label, before[0]?.label);
  });
});
