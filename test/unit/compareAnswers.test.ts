// How the local cluster's answers are compared with real OpenSearch's (test/real/compareAnswers.ts): the parts that
// depend on the moment, such as the tasks a real cluster starts by itself, are set aside; everything else counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareAnswers, type Answer } from '../real/compareAnswers';

interface Task {
  readonly action: string;
  readonly id: number;
  readonly parent?: number;
}

function listing(node: string, tasks: readonly Task[]): Answer {
  const entries = tasks.map((t): [string, Record<string, unknown>] => [
    `${node}:${t.id}`,
    {
      node,
      id: t.id,
      type: 'transport',
      action: t.action,
      start_time_in_millis: 1_700_000_000_000 + t.id,
      running_time_in_nanos: 1000 * t.id,
      cancellable: false,
      cancelled: false,
      ...(t.parent === undefined ? {} : { parent_task_id: `${node}:${t.parent}` }),
      headers: {},
    },
  ]);
  return {
    status: 200,
    body: {
      nodes: {
        [node]: {
          name: 'node-1',
          transport_address: '127.0.0.1:9300',
          host: '127.0.0.1',
          ip: '127.0.0.1:9300',
          roles: ['data'],
          tasks: Object.fromEntries(entries),
        },
      },
    },
  };
}

const OWN: readonly Task[] = [
  { action: 'cluster:monitor/tasks/lists', id: 10 },
  { action: 'cluster:monitor/tasks/lists[n]', id: 11, parent: 10 },
];

const LIST = { method: 'GET', path: '/_tasks' };

void describe('comparing task listings with real OpenSearch', () => {
  void it('sets aside the tasks a real cluster runs by itself on its timers', () => {
    const real = listing('n1', [
      ...OWN,
      { action: 'retention_lease_background_sync', id: 3 },
      { action: 'indices:admin/seq_no/retention_lease_background_sync[p]', id: 4, parent: 3 },
      { action: 'cluster:monitor/nodes/stats', id: 5 },
      { action: 'cluster:monitor/nodes/stats[n]', id: 6, parent: 5 },
      { action: 'indices:monitor/stats[n]', id: 7 },
      { action: 'internal:coordination/fault_detection/leader_check', id: 8 },
    ]);
    assert.deepEqual(compareAnswers(LIST, real, listing('n1', OWN)), { kind: 'same' });
  });

  void it('still counts any other task one side lists and the other does not', () => {
    const real = listing('n1', OWN);
    const local = listing('n1', [...OWN, { action: 'indices:data/read/search', id: 12 }]);
    const verdict = compareAnswers(LIST, real, local);
    assert.ok(verdict.kind === 'different', `the verdict is ${verdict.kind}`);
    assert.match(verdict.differences.join('\n'), /real has 2 items, local 3/);
  });

  void it('sets them aside in _cat/tasks too, in JSON and in text', () => {
    const row = (action: string): Record<string, string> => ({ action, task_id: 'n1:1', type: 'transport' });
    const json = compareAnswers(
      { method: 'GET', path: '/_cat/tasks?format=json' },
      { status: 200, body: [row('cluster:monitor/tasks/lists'), row('retention_lease_background_sync')] },
      { status: 200, body: [row('cluster:monitor/tasks/lists')] },
    );
    assert.deepEqual(json, { kind: 'same' });
    const text = (actions: readonly string[]): Answer => ({
      status: 200,
      body: ['action task_id type', ...actions.map((a) => `${a} n1:1 transport`)].join('\n') + '\n',
    });
    const cat = { method: 'GET', path: '/_cat/tasks?v' };
    assert.deepEqual(
      compareAnswers(
        cat,
        text(['cluster:monitor/tasks/lists', 'indices:monitor/stats']),
        text(['cluster:monitor/tasks/lists']),
      ),
      { kind: 'same' },
    );
    assert.equal(
      compareAnswers(cat, text(['cluster:monitor/tasks/lists']), text(['indices:data/read/search'])).kind,
      'different',
    );
  });
});
