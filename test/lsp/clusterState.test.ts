import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  CompletionRequest,
  DidChangeTextDocumentNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  type CompletionList,
} from 'vscode-languageserver-protocol';
import { ClusterState, NamedIndices } from '../../server/src/protocol/protocol';
import { CLUSTER_STATE as STATE } from '../unit/service/clusterFixture';
import { completionItems, hoverText, LspClient } from './lspClient';

/** The server answers completion with a list (it says whether the list is complete). */
function list(result: CompletionList | unknown[] | null): CompletionList {
  assert.ok(result !== null && !Array.isArray(result), 'a completion list');
  return result;
}

const URI = 'file:///tmp/cluster-state.search';
const TEXT = 'GET /products/_search\n{ "query": { "term": { "" } } }\n\nGET /_nodes/data:true/stats\n';

void describe('cluster state over stdio', () => {
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize();
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: URI, languageId: 'search', version: 1, text: TEXT },
    });
  });
  after(async () => {
    await client.shutdown();
  });

  const fieldKey = { textDocument: { uri: URI }, position: { line: 1, character: 25 } };

  void it('offers mapped fields once the client has pushed the cluster state, and none after it is cleared', async () => {
    const before = completionItems(await client.request(CompletionRequest.type, fieldKey));
    assert.deepEqual(before, []);
    client.notify(ClusterState, STATE);
    const after = list(await client.request(CompletionRequest.type, fieldKey));
    assert.deepEqual(
      after.items.slice(0, 3).map((i) => [i.label, i.detail]),
      [
        ['category', 'keyword'],
        ['name.keyword', 'keyword'],
        ['variants.sku', 'keyword'],
      ],
    );
    assert.equal(after.items[0]?.textEdit?.newText, '"category": { "value": "$1" }');
    assert.equal(after.isIncomplete, false);
    const hover = await client.request(HoverRequest.type, {
      textDocument: { uri: URI },
      position: { line: 3, character: 15 },
    });
    assert.match(hoverText(hover), /selects 2 of 3 nodes: data-1 \(10\.0\.0\.2\), data-2 \(10\.0\.0\.3\)/);
    client.notify(ClusterState, { clear: true });
    const cleared = completionItems(await client.request(CompletionRequest.type, fieldKey));
    assert.deepEqual(cleared, []);
  });

  void it('tells the client the index expressions the open documents name, when they change', async () => {
    const first = await client.waitFor(NamedIndices, (p) => p.expressions.includes('products'));
    assert.deepEqual(first.expressions, ['products']);
    const other = 'file:///tmp/named.msearch';
    client.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: other, languageId: 'msearch', version: 1, text: '{"index": "logs-*"}\n{}\n' },
    });
    const both = await client.waitFor(NamedIndices, (p) => p.expressions.length === 2);
    assert.deepEqual(both.expressions, ['logs-*', 'products']);
    client.notify(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: other, version: 2 },
      contentChanges: [
        { range: { start: { line: 0, character: 11 }, end: { line: 0, character: 17 } }, text: 'orders' },
      ],
    });
    const changed = await client.waitFor(NamedIndices, (p) => p.expressions.includes('orders'));
    assert.deepEqual(changed.expressions, ['orders', 'products']);
    client.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: other } });
    // The first set after the one with orders (the notifications are looked at in the order they came).
    let afterOrders = false;
    const closed = await client.waitFor(NamedIndices, (p) => {
      if (p.expressions.includes('orders')) afterOrders = true;
      else if (afterOrders) return true;
      return false;
    });
    assert.deepEqual(closed.expressions, ['products']);
  });
});
