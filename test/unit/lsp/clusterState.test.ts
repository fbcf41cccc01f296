import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CLUSTER_STATE } from '../../../server/src/protocol/protocol';
import { CLUSTER_STATE as STATE } from '../service/clusterFixture';
import { LspClient } from './lspClient';

interface List {
  isIncomplete: boolean;
  items: { label: string; detail?: string; textEdit?: { newText: string } }[];
}

const URI = 'file:///tmp/cluster-state.search';
const TEXT = 'GET /products/_search\n{ "query": { "term": { "" } } }\n\nGET /_nodes/data:true/stats\n';

void describe('cluster state over stdio', () => {
  let client: LspClient;
  before(async () => {
    client = new LspClient();
    await client.initialize();
    client.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'search', version: 1, text: TEXT } });
  });
  after(async () => {
    await client.shutdown();
  });

  const fieldKey = { textDocument: { uri: URI }, position: { line: 1, character: 25 } };

  void it('offers mapped fields once the client has pushed the cluster state, and none after it is cleared', async () => {
    const before = await client.request<List>('textDocument/completion', fieldKey);
    assert.deepEqual(before.items, []);
    client.notify(CLUSTER_STATE, STATE);
    const after = await client.request<List>('textDocument/completion', fieldKey);
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
    const hover = await client.request<{ contents: { value: string } }>('textDocument/hover', {
      textDocument: { uri: URI },
      position: { line: 3, character: 15 },
    });
    assert.match(hover.contents.value, /selects 2 of 3 nodes: data-1 \(10\.0\.0\.2\), data-2 \(10\.0\.0\.3\)/);
    client.notify(CLUSTER_STATE, { clear: true });
    const cleared = await client.request<List>('textDocument/completion', fieldKey);
    assert.deepEqual(cleared.items, []);
  });
});
