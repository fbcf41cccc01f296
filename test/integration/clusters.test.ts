// The Clusters view and what the connected cluster tells the editor, against the local cluster (default topology):
// clusters with their state, nodes with roles and the elected cluster manager, node filter hover and evaluation,
// index and field completion.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { startTestCluster, type TestCluster } from './testCluster';
import { extension, openScratch, testApi } from './documents';
import { eventually } from './waitFor';
import { COMMANDS } from '../../server/src/protocol/manifest';

interface Summary {
  cluster?: string;
  clusterName?: string;
  indices: number;
  fields: number;
  nodes: number;
}

async function setClusters(value: unknown): Promise<void> {
  await vscode.workspace
    .getConfiguration('searchRequests')
    .update('clusters', value, vscode.ConfigurationTarget.Workspace);
}

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) =>
      content instanceof vscode.MarkdownString ? content.value : typeof content === 'string' ? content : '',
    )
    .join('\n');
}

function labels(list: vscode.CompletionList | undefined): string[] {
  return (list?.items ?? []).map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

describe('Clusters view and what the cluster tells the editor', function () {
  this.timeout(60_000);
  let cluster: TestCluster;

  before(async () => {
    cluster = await startTestCluster();
    await extension().activate();
    await setClusters([
      { name: 'local-clusters-it', url: cluster.url },
      { name: 'down', url: 'http://127.0.0.1:9' },
    ]);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'local-clusters-it');
    await vscode.commands.executeCommand('searchRequests.clusters.focus');
    // The language server knows the cluster once its nodes and indexes were pushed.
    await eventually(
      () => vscode.commands.executeCommand<Summary>(COMMANDS.refreshClusterState),
      (summary) =>
        summary.cluster === 'local-clusters-it' && summary.nodes === cluster.nodes.length && summary.indices >= 4,
      'the cluster state to reach the language server',
    );
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await setClusters(undefined);
    await cluster.close();
  });

  it('lists each cluster with its state, and the nodes with roles, address and the elected cluster manager', async () => {
    await vscode.commands.executeCommand(COMMANDS.refreshClusters);
    const items = await (await testApi()).describeClusters(2);
    const [local, down] = items;
    assert.equal(local?.label, 'local-clusters-it');
    assert.match(
      local.description ?? '',
      new RegExp(`^active · OpenSearch ${cluster.version.replace(/\./g, '\\.')} · (green|yellow)$`),
    );
    assert.equal(local.contextValue, 'searchRequests.cluster.active');
    // The local cluster lists its nodes in its topology's order; a real one in the order of its (random) node ids.
    const shown = (local.children ?? []).map((node) => [node.label, node.description]);
    const expected = cluster.nodes.map((node) => [node.name, node.description]);
    const byName = (a: (string | undefined)[], b: (string | undefined)[]): number =>
      (a[0] ?? '').localeCompare(b[0] ?? '');
    if (cluster.kind === 'local') assert.deepEqual(shown, expected);
    else assert.deepEqual(shown.sort(byName), expected.sort(byName));
    // A cluster of the workspace's settings is not contacted until chosen (the last test chooses it).
    assert.equal(down?.label, 'down');
    assert.equal(down.description, 'not chosen yet');
    assert.equal(down.contextValue, 'searchRequests.cluster.inactive');
    assert.match(down.children?.[0]?.label ?? '', /defined by this workspace's settings: it is not contacted/);
  });

  it('explains a node filter against the cluster on hover', async () => {
    const editor = await openScratch('nodes.search', 'GET _nodes/_all,data:false/stats\n');
    const text = await eventually(
      async () =>
        hoverText(
          await vscode.commands.executeCommand<vscode.Hover[]>(
            'vscode.executeHoverProvider',
            editor.document.uri,
            new vscode.Position(0, 14),
          ),
        ),
      (value) => value.includes('selects'),
      'a hover that resolves the filter on the cluster',
    );
    assert.match(text, cluster.allButDataHover);
    // Nodes are listed in cluster order, which is the order of their (random) ids on a real cluster.
    const removed = /`data:false`: .*→ − ([^\n]*)/.exec(text)?.[1] ?? '';
    assert.deepEqual(removed.split(', ').sort(), [...cluster.dataNodes].sort(), text);
  });

  it('evaluates a typed node filter against the active cluster', async () => {
    const result = await vscode.commands.executeCommand<{
      errors: string[];
      selected?: { name: string }[];
      total?: number;
    }>(COMMANDS.evaluateNodeFilter, 'ingest:true,_local');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    assert.deepEqual(result.errors, []);
    assert.equal(result.total, cluster.nodes.length);
    const selected = result.selected?.map((n) => n.name) ?? [];
    if (cluster.kind === 'local') assert.deepEqual(selected, cluster.ingestOrLocal);
    else assert.deepEqual(selected.sort(), [...cluster.ingestOrLocal].sort());
    const bad = await vscode.commands.executeCommand<{ errors: string[] }>(COMMANDS.evaluateNodeFilter, 'data:yes');
    assert.deepEqual(bad.errors, ['Failed to parse value [yes] as only [true] or [false] are allowed.']);
  });

  it('completes the index names and the mapped fields of the cluster', async () => {
    const editor = await openScratch('names.search', 'GET /prod/_search\n{\n  "query": { "term": { "" } }\n}\n');
    const indices = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      editor.document.uri,
      new vscode.Position(0, 9),
    );
    assert.ok(labels(indices).includes('products'), `index names: ${labels(indices).join(', ')}`);
    // The client reads the mappings of the indexes the open documents name: products' fields come once this document
    // names it (the server tells the client, which reads them a moment later).
    const logs = await openScratch('fields.search', 'GET /products/_search\n{\n  "query": { "term": { "" } }\n}\n');
    const productFields = await eventually(
      () =>
        vscode.commands.executeCommand<vscode.CompletionList>(
          'vscode.executeCompletionItemProvider',
          logs.document.uri,
          new vscode.Position(2, 24),
        ),
      (list) => labels(list).includes('name.keyword'),
      "products' fields in completion",
    );
    assert.ok(labels(productFields).includes('name.keyword'), `fields: ${labels(productFields).join(', ')}`);
  });

  it('tells the server when the active cluster changes', async () => {
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'down');
    const summary = await eventually(
      () => vscode.commands.executeCommand<Summary>(COMMANDS.refreshClusterState),
      (s) => s.cluster === 'down',
      'the state of the other cluster',
    );
    assert.equal(summary.nodes, 0);
    await vscode.commands.executeCommand(COMMANDS.refreshClusters);
    const down = (await (await testApi()).describeClusters(2)).find((item) => item.label === 'down');
    assert.equal(down?.description, 'active · not reachable');
    assert.match(down.children?.[0]?.label ?? '', /^Cannot list the nodes: Connection refused/);
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'local-clusters-it');
  });
});
