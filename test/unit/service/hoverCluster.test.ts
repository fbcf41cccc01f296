import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { MarkupContent } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../../../server/src/service/cluster/clusterKnowledge';
import { hover } from '../../../server/src/service/hover/index';
import { connected } from './clusterFixture';
import { open, positionAt, withCursor } from './cursorText';

const cluster = connected();

/** The hover at the `|`, with the fixture cluster unless `on` is null (no cluster). */
function hoverText(marked: string, on: ClusterKnowledge | null = cluster): string {
  const { text, offset } = withCursor(marked);
  const result = hover(open(text, 'search'), positionAt(text, offset), on ?? undefined);
  assert.ok(result !== null, 'a hover');
  return (result.contents as MarkupContent).value;
}

void describe('hover with the connected cluster', () => {
  void it('lists what each step of a node filter adds and removes, then the nodes it selects', () => {
    const value = hoverText('GET /_nodes/_all,data:fal|se/stats');
    assert.match(value, /1\. `_all`: adds every node → \+ cm-1, data-1, data-2\n/);
    assert.match(value, /2\. `data:false`: removes every node that can hold data .* → − data-1, data-2\n/);
    assert.match(value, /\n\nOn cluster `test-cluster`: selects 1 of 3 nodes: cm-1 \(10\.0\.0\.1\)\.$/);
    assert.match(
      hoverText('GET /_tasks?nodes=zone:|a,_local'),
      /→ \+ data-1\n2\. `_local`: .* → no change\n\nOn cluster `test-cluster`: selects 1 of 3 nodes: data-1 \(10\.0\.0\.2\)\./,
    );
    assert.match(hoverText('GET /_nodes/zone:|c'), /selects none of the 3 nodes\./);
  });

  void it('does not resolve a filter the server rejects', () => {
    const value = hoverText('GET /_nodes/data:ma|ybe/stats');
    assert.match(value, /Failed to parse value \[maybe\]/);
    assert.doesNotMatch(value, /On cluster/);
  });

  void it('says when the cluster rejects a custom role value because a node has that role', () => {
    const value = hoverText('GET /_nodes/_all,ml:ye|s/stats');
    assert.match(
      value,
      /On cluster `test-cluster`: rejected\. Failed to parse value \[yes\] as only \[true\] or \[false\] are allowed\.$/,
    );
    // No node has the role gpu: the value is never parsed, only attributes are matched.
    assert.match(hoverText('GET /_nodes/gpu:ye|s/stats'), /selects none of the 3 nodes\./);
  });

  void it("shows a running task's action and its node's name", () => {
    const value = hoverText('GET /_tasks/n2:10|1');
    assert.match(value, /node `n2` \(data-1\), task number 101/);
    assert.match(value, /Running: `indices:data\/read\/search`/);
    assert.match(hoverText('GET /_tasks?parent_task_id=n3:|7'), /Running: `cluster:monitor\/tasks\/lists`/);
    assert.doesNotMatch(hoverText('POST /_tasks/n1:|5/_cancel'), /Running/);
  });

  void it('explains as before without a cluster', () => {
    const filter = hoverText('GET /_nodes/_all,data:fal|se/stats', null);
    assert.match(filter, /2\. `data:false`: removes every node that can hold data \(roles data, search, warm\)$/);
    assert.doesNotMatch(filter, /On cluster|→/);
    assert.equal(hoverText('GET /_tasks/n2:10|1', null), '**Task** `n2:101`: node `n2`, task number 101');
  });
});
