// The Tasks view's model without VS Code: reading `_tasks` answers of every group_by, the tree (nodes, children under
// their parents), and what each refresh changes.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatRunningTime, withoutPort } from '../../../client/src/core/format';
import { parseTaskList, type TaskRecord } from '../../../client/src/core/taskList';
import { taskTooltip } from '../../../client/src/core/taskItems';
import { TaskTree, type TaskElement, type TaskTreeContext } from '../../../client/src/core/taskTree';
import { describeFilters, parseActionPatterns } from '../../../client/src/core/tasksApi';
import { byNodes, SEARCH, taskInfo } from './taskFixtures';

const CONTEXT: TaskTreeContext = {
  isOurs: (id) => id === 'vscode-search-requests/run-1',
  isHidden: (task) => task.opaqueId === 'tasks-view',
};

function labels(tree: TaskTree, element?: TaskElement): unknown[] {
  return tree.getChildren(element).map((child) => {
    const view = tree.view(child);
    const nested = tree.getChildren(child);
    const text = `${view?.label ?? '?'} (${view?.description ?? ''})`;
    return nested.length === 0 ? text : { [text]: labels(tree, child) };
  });
}

void describe('reading _tasks answers', () => {
  void it('reads group_by=nodes: the nodes, their tasks, the X-Opaque-Id and the resource stats', () => {
    const list = parseTaskList(byNodes(SEARCH));
    assert.deepEqual([...list.nodes.keys()], ['coord', 'hot1', 'hot2']);
    assert.equal(list.nodes.get('hot1')?.name, 'os-data-hot-1');
    assert.equal(list.tasks.length, SEARCH.length);
    const search = list.tasks.find((t) => t.id === 'coord:10')!;
    assert.equal(search.opaqueId, 'vscode-search-requests/run-1');
    assert.equal(search.cancellable, true);
    assert.equal(search.runningTimeNanos, 12_400_000_000);
    assert.deepEqual(search.resourceStats?.total, { cpuTimeNanos: 2_500_000, memoryBytes: 65_536 });
    assert.equal(search.resourceStats.threadExecutions, 2);
    assert.equal(list.tasks.find((t) => t.id === 'hot1:20')?.parentTaskId, 'coord:10');
    assert.deepEqual(list.failures, []);
  });

  void it('reads group_by=none and group_by=parents (children nested) into the same records', () => {
    const none = parseTaskList({ tasks: SEARCH.map(taskInfo) });
    assert.deepEqual(
      none.tasks.map((t) => t.id),
      SEARCH.map((t) => `${t.node}:${t.id}`),
    );
    const parents = parseTaskList({
      tasks: {
        'coord:10': { ...taskInfo(SEARCH[0]!), children: [taskInfo(SEARCH[1]!), taskInfo(SEARCH[2]!)] },
      },
    });
    assert.deepEqual(
      parents.tasks.map((t) => [t.id, t.parentTaskId]),
      [
        ['coord:10', undefined],
        ['hot1:20', 'coord:10'],
        ['hot2:30', 'coord:10'],
      ],
    );
    assert.equal(parents.nodes.size, 0);
  });

  void it('reports node_failures as OpenSearch words them', () => {
    const list = parseTaskList({
      node_failures: [
        {
          type: 'failed_node_exception',
          reason: 'Failed node [nope]',
          node_id: 'nope',
          caused_by: { type: 'no_such_node_exception', reason: 'No such node [nope]', node_id: 'nope' },
        },
      ],
      nodes: {},
    });
    assert.deepEqual(list.failures, ['no_such_node_exception: No such node [nope]']);
  });

  void it('formats running times in human units', () => {
    assert.deepEqual([0.2e6, 850e6, 4.26e9, 12.9e9, 185e9, 7_320e9, 200_000e9].map(formatRunningTime), [
      '<1 ms',
      '850 ms',
      '4.2 s',
      '12 s',
      '3 min 05 s',
      '2 h 02 min',
      '2 d 7 h',
    ]);
    assert.equal(withoutPort('172.18.0.11:9300'), '172.18.0.11');
    assert.equal(withoutPort('[::1]:9300'), '[::1]');
    assert.equal(withoutPort('es-1.local'), 'es-1.local');
  });

  void it('reads action patterns as the API takes them, refusing empty entries', () => {
    assert.deepEqual(parseActionPatterns(' *search* , indices:data/write/* '), {
      patterns: ['*search*', 'indices:data/write/*'],
    });
    assert.deepEqual(parseActionPatterns(''), { patterns: [] });
    assert.match((parseActionPatterns('*search*,,bulk') as { error: string }).error, /Pattern 2 of 3 is empty/);
    assert.match((parseActionPatterns('*search*,') as { error: string }).error, /Pattern 2 of 2 is empty/);
    assert.equal(
      describeFilters({ actions: ['*search*'], nodes: 'data:true' }),
      'actions: *search* · nodes: data:true',
    );
  });
});

void describe('the task tree', () => {
  void it('groups by node, puts children under their parent wherever they run, hides its own listing', () => {
    const tree = new TaskTree();
    const update = tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    assert.equal(update.root, true);
    assert.deepEqual(labels(tree), [
      {
        'os-coordinator-1 (10.0.0.5 · 1 task)': [
          {
            'indices:data/read/search (12 s · cancellable · yours)': [
              'indices:data/read/search[phase/query] (on os-data-hot-1 · 12 s · cancellable · yours)',
              'indices:data/read/search[phase/query] (on os-data-hot-2 · 12 s · cancellable · yours)',
            ],
          },
        ],
      },
      // os-data-hot-2 runs only a shard task, shown under its search: the node has nothing of its own to show.
      { 'os-data-hot-1 (10.0.0.2 · 2 tasks)': ['indices:data/write/bulk (850 ms · running)'] },
    ]);
    const search = tree.taskElement('coord:10')!;
    assert.equal(tree.view(search)?.contextValue, 'searchRequests.task.cancellable.ours');
    assert.equal(tree.view(search)?.collapsible, 'collapsed');
    assert.equal(tree.view(tree.taskElement('hot1:21')!)?.contextValue, 'searchRequests.task');
    assert.equal(tree.getParent(tree.taskElement('hot2:30')!), search);
    assert.equal(tree.getParent(search)?.kind, 'node');
    assert.equal(tree.taskElement('coord:11'), undefined, 'the listing is hidden');
    assert.equal(tree.taskElement('hot1:22'), undefined, 'and so are its children, which carry no X-Opaque-Id');
    assert.deepEqual(
      tree.shown().map((t) => [t.id, t.state, t.ours, t.nodeName]),
      [
        ['coord:10', 'cancellable', true, 'os-coordinator-1'],
        ['hot1:20', 'cancellable', true, 'os-data-hot-1'],
        ['hot2:30', 'cancellable', true, 'os-data-hot-2'],
        ['hot1:21', 'running', false, 'os-data-hot-1'],
      ],
    );
  });

  void it('a child whose parent is not listed shows under its node', () => {
    const tree = new TaskTree();
    tree.update(parseTaskList(byNodes(SEARCH.slice(1, 2))), CONTEXT);
    assert.deepEqual(labels(tree), [
      { 'os-data-hot-1 (10.0.0.2 · 1 task)': ['indices:data/read/search[phase/query] (12 s · cancellable · yours)'] },
    ]);
  });

  void it('refreshes only what changed, with the same element objects', () => {
    const tree = new TaskTree();
    tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    const search = tree.taskElement('coord:10');
    const bulk = tree.taskElement('hot1:21');
    // Same answer: nothing to refresh.
    const same = tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    assert.deepEqual(same, { root: false, elements: [], added: [], removed: [], changed: [] });
    // Only the bulk's running time moved to another second.
    const moved = SEARCH.map((t) => (t.id === 21 ? { ...t, runningMs: 1200 } : t));
    const one = tree.update(parseTaskList(byNodes(moved)), CONTEXT);
    assert.equal(one.root, false);
    assert.deepEqual(one.elements, [bulk]);
    assert.deepEqual(one.changed, ['hot1:21']);
    assert.equal(tree.taskElement('coord:10'), search, 'identity kept');
    assert.equal(tree.view(bulk!)?.description, '1.2 s · running');
  });

  void it('a finished task disappears: its parent is refreshed, not the view', () => {
    const tree = new TaskTree();
    tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    const search = tree.taskElement('coord:10')!;
    const withoutShard = SEARCH.filter((t) => t.id !== 30);
    const update = tree.update(parseTaskList(byNodes(withoutShard)), CONTEXT);
    assert.equal(update.root, false);
    assert.deepEqual(update.elements, [search], 'only the search, whose children changed');
    assert.deepEqual(update.removed, ['hot2:30']);
    assert.equal(tree.taskElement('hot2:30'), undefined);
    assert.equal(tree.taskElement('coord:10'), search);
    assert.equal(tree.getChildren(search).length, 1);
    // Now the bulk finishes: hot1 has nothing of its own left to show and leaves the top level.
    const update2 = tree.update(parseTaskList(byNodes(withoutShard.filter((t) => t.id !== 21))), CONTEXT);
    assert.equal(update2.root, true);
    assert.deepEqual(update2.removed, ['hot1:21']);
    assert.deepEqual(
      tree.getChildren().map((e) => e.key),
      ['node:coord'],
    );
  });

  void it('a new child refreshes its parent; an element inside a refreshed one is not listed again', () => {
    const tree = new TaskTree();
    const start = SEARCH.filter((t) => t.id !== 30);
    tree.update(parseTaskList(byNodes(start)), CONTEXT);
    const search = tree.taskElement('coord:10')!;
    const update2 = tree.update(parseTaskList(byNodes([...start, { ...SEARCH[2]!, node: 'hot1', id: 99 }])), CONTEXT);
    assert.equal(tree.taskElement('coord:10'), search);
    assert.equal(update2.root, false);
    assert.deepEqual(
      update2.elements.map((e) => e.key).sort(),
      ['node:hot1', 'task:coord:10'],
      'the parent whose children changed, and hot1 whose count changed',
    );
    assert.deepEqual(update2.added, ['hot1:99']);
    assert.equal(tree.getParent(tree.taskElement('hot1:99')!), search);
  });

  void it('shows a task being cancelled as cancelling, from the cancel request until it is gone', () => {
    const tree = new TaskTree();
    tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    const requested = tree.update(parseTaskList(byNodes(SEARCH)), {
      ...CONTEXT,
      cancelRequested: new Set(['coord:10']),
    });
    assert.deepEqual(requested.changed, ['coord:10']);
    const search = tree.taskElement('coord:10')!;
    assert.equal(tree.view(search)?.description, '12 s · cancelling · yours');
    assert.equal(tree.view(search)?.contextValue, 'searchRequests.task.cancelling.ours');
    const cancelled = SEARCH.map((t) => (t.id === 10 ? { ...t, cancelled: true } : t));
    tree.update(parseTaskList(byNodes(cancelled)), CONTEXT);
    assert.equal(tree.state('coord:10'), 'cancelling');
    assert.deepEqual(
      tree.cancellable().map((t) => t.id),
      ['hot1:20', 'hot2:30'],
    );
  });

  void it('shows an error as one message item, and the tasks again once the cluster answers', () => {
    const tree = new TaskTree();
    tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    const error = tree.showMessage('Connection refused by 127.0.0.1:9200', true);
    assert.equal(error.root, true);
    assert.equal(error.removed.length, 4);
    assert.deepEqual(labels(tree), ['Connection refused by 127.0.0.1:9200 ()']);
    assert.equal(tree.view(tree.getChildren()[0]!)?.icon, 'error');
    // The same error again changes nothing: no refresh every 2 s.
    assert.equal(tree.showMessage('Connection refused by 127.0.0.1:9200', true).root, false);
    const back = tree.update(parseTaskList(byNodes(SEARCH)), CONTEXT);
    assert.equal(back.root, true);
    assert.equal(back.added.length, 4);
  });

  void it('puts the whole record in the tooltip', () => {
    const record: TaskRecord = parseTaskList(byNodes(SEARCH)).tasks[0]!;
    const text = taskTooltip(
      record,
      { id: 'coord', name: 'os-coordinator-1', roles: [], attributes: {} },
      'cancellable',
      true,
    );
    // What the cluster gave is escaped (shown as written, never as markup).
    assert.match(text, /^\*\*indices\\:data\\\/read\\\/search\*\* — cancellable/);
    assert.match(
      text,
      /```text\nindices\[products\], search_type\[QUERY_THEN_FETCH\], source\[\{"query":\{"match_all":\{\}\}\}\]\n```/,
    );
    assert.match(text, /Task id: `coord:10`/);
    assert.match(text, /Node: os\\-coordinator\\-1 \(`coord`\)/);
    assert.match(text, /Started: 2023-11-14T22:13:20\.010Z/);
    assert.match(text, /X-Opaque-Id: `vscode-search-requests\/run-1`/);
    assert.match(text, /Started by: a run of this VS Code window/);
    assert.match(text, /CPU time: 2 ms {2}\nMemory: 64\.0 KB {2}\nThreads: 2 executions, 1 active/);
  });
});
