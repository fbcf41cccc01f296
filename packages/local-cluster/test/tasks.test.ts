import assert from 'node:assert/strict';
import * as http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { startCluster, type RunningCluster } from '../src/index';
import { at, call, type Reply } from './testClient';

interface TaskJson {
  node: string;
  id: number;
  action: string;
  parent_task_id?: string;
  cancellable: boolean;
  cancelled: boolean;
  headers: Record<string, string>;
  description?: string;
  running_time_in_nanos: number;
  resource_stats?: unknown;
  children?: TaskJson[];
}

async function waitUntil<T>(fn: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

void describe('tasks', () => {
  let c: RunningCluster;
  before(async () => {
    c = await startCluster({ latency: [{ pattern: 'logs*', ms: 3000 }] });
  });
  after(() => c.close());

  const running = (opaque: string): Promise<TaskJson> =>
    waitUntil(async () => {
      const r = await call(c.url, 'GET', '/_tasks?actions=indices:data/read/search&group_by=none&detailed');
      return (at(r.json, 'tasks') as TaskJson[]).find((t) => t.headers['X-Opaque-Id'] === opaque);
    });

  void it('shows a running search with its shard children, headers and details, and cancels it', async () => {
    const pending = call(c.url, 'GET', '/logs/_search?size=1', { headers: { 'X-Opaque-Id': 'run-1' } });
    const task = await running('run-1');
    assert.equal(task.cancellable, true);
    assert.equal(task.cancelled, false);
    assert.match(task.description ?? '', /^indices\[logs\], search_type\[QUERY_THEN_FETCH\], source\[\{"size":1\}\]$/);
    assert.ok(task.resource_stats);
    const taskId = `${task.node}:${task.id}`;

    const grouped = await call(c.url, 'GET', `/_tasks?group_by=parents&actions=*search*`);
    const parent = at(grouped.json, 'tasks', taskId) as TaskJson;
    assert.equal(parent.children?.length, 6);
    for (const child of parent.children ?? []) {
      assert.equal(child.action, 'indices:data/read/search[phase/query]');
      assert.equal(child.parent_task_id, taskId);
      assert.equal(child.headers['X-Opaque-Id'], 'run-1');
      assert.notEqual(child.node, c.topology.local);
    }

    const byNodes = await call(c.url, 'GET', '/_tasks?actions=*search*');
    const nodes = at(byNodes.json, 'nodes') as Record<
      string,
      { tasks: Record<string, TaskJson>; ip: string; roles: string[] }
    >;
    assert.ok(nodes[c.topology.local]?.tasks[taskId]);
    assert.match(nodes[c.topology.local]!.ip, /:9300$/);

    const one = await call(c.url, 'GET', `/_tasks/${taskId}`);
    assert.equal(at(one.json, 'completed'), false);
    assert.equal(at(one.json, 'task', 'action'), 'indices:data/read/search');

    const cat = await call(c.url, 'GET', '/_cat/tasks?format=json&h=action,task_id,parent_task_id,x_opaque_id');
    assert.ok(
      (cat.json as Record<string, string>[]).some((row) => row.task_id === taskId && row.x_opaque_id === 'run-1'),
    );

    const cancel = await call(c.url, 'POST', `/_tasks/${taskId}/_cancel`);
    assert.equal(cancel.status, 200);
    assert.equal(at(cancel.json, 'nodes', c.topology.local, 'tasks', taskId, 'cancelled'), true);

    const res: Reply = await pending;
    assert.equal(res.status, 500);
    assert.equal(at(res.json, 'error', 'type'), 'search_phase_execution_exception');
    assert.equal(at(res.json, 'error', 'reason'), 'all shards failed');
    assert.deepEqual(at(res.json, 'error', 'root_cause', 0), {
      type: 'task_cancelled_exception',
      reason: 'cancelled task with reason: by user request',
    });
    const gone = await call(c.url, 'GET', `/_tasks/${taskId}`);
    assert.equal(gone.status, 404);
    assert.equal(at(gone.json, 'error', 'root_cause', 0, 'type'), 'index_not_found_exception');
  });

  void it('ends a search at its timeout with partial results', async () => {
    const r = await call(c.url, 'GET', '/logs,products/_search?timeout=100ms&size=0');
    assert.equal(r.status, 200);
    assert.equal(at(r.json, 'timed_out'), true);
    assert.equal(at(r.json, 'hits', 'total', 'value'), 1200);
  });

  void it('lists the list task itself, with per-node children, in the three shapes', async () => {
    const none = await call(c.url, 'GET', '/_tasks?group_by=none&actions=cluster:monitor/tasks/lists*');
    const tasks = at(none.json, 'tasks') as TaskJson[];
    assert.equal(tasks.filter((t) => t.action === 'cluster:monitor/tasks/lists').length, 1);
    assert.equal(tasks.filter((t) => t.action === 'cluster:monitor/tasks/lists[n]').length, c.topology.nodes.length);
    const parents = await call(c.url, 'GET', '/_tasks?group_by=parents&actions=cluster:monitor/tasks/lists*');
    const top = Object.values(at(parents.json, 'tasks') as Record<string, TaskJson>);
    assert.equal(top.length, 1);
    assert.equal(top[0]!.children?.length, c.topology.nodes.length);
    const filtered = await call(c.url, 'GET', '/_tasks?nodes=_local&actions=cluster:monitor/tasks/lists*');
    assert.deepEqual(Object.keys(at(filtered.json, 'nodes') as object), [c.topology.local]);
    const nothing = await call(c.url, 'GET', '/_tasks?actions=nothing');
    assert.deepEqual(nothing.json, { nodes: {} });
  });

  void it('reports cancel failures inside a 200', async () => {
    const unknownNode = await call(c.url, 'POST', '/_tasks/nope:1/_cancel');
    assert.equal(unknownNode.status, 200);
    assert.equal(at(unknownNode.json, 'node_failures', 0, 'type'), 'failed_node_exception');
    assert.equal(at(unknownNode.json, 'node_failures', 0, 'caused_by', 'type'), 'no_such_node_exception');
    const unknownTask = await call(c.url, 'POST', `/_tasks/${c.topology.local}:1/_cancel`);
    assert.equal(
      at(unknownTask.json, 'node_failures', 0, 'caused_by', 'reason'),
      `task [${c.topology.local}:1] is not found`,
    );
    const nothing = await call(c.url, 'POST', '/_tasks/_cancel?actions=nothing');
    assert.deepEqual(nothing.json, { nodes: {} });
  });

  void it('cancels the search of a client that goes away', async () => {
    const url = new URL('/logs/_search', c.url);
    const req = http.request(url, { method: 'GET', headers: { 'X-Opaque-Id': 'gone-1' } });
    req.on('error', () => undefined);
    req.end();
    const task = await running('gone-1');
    req.destroy();
    const id = `${task.node}:${task.id}`;
    await waitUntil(async () => {
      const r = await call(c.url, 'GET', `/_tasks/${id}`);
      return r.status === 404 ? true : undefined;
    });
    const stats = await call(c.url, 'GET', `/_nodes/_local/stats/task_cancellation`);
    assert.ok(
      (at(
        stats.json,
        'nodes',
        c.topology.local,
        'task_cancellation',
        'search_task',
        'total_count_post_cancel',
      ) as number) >= 1,
    );
  });

  void it('waits for completion', async () => {
    const pending = call(c.url, 'GET', '/logs/_search?size=0&timeout=300ms', { headers: { 'X-Opaque-Id': 'wait-1' } });
    const task = await running('wait-1');
    const waited = await call(c.url, 'GET', `/_tasks/${task.node}:${task.id}?wait_for_completion=true&timeout=5s`);
    assert.equal(at(waited.json, 'completed'), true);
    assert.equal((await pending).status, 200);
  });
});
