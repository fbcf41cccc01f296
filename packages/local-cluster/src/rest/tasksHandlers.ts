// `GET /_tasks`, `GET /_tasks/<id>`, `POST /_tasks/_cancel`, `POST /_tasks/<id>/_cancel` (RestListTasksAction, RestGetTaskAction, RestCancelTasksAction).
import type { Cluster } from '../cluster';
import { indexNotFound, OsError, resourceNotFound, validationError } from '../core/errors';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { resolveNodes, splitByComma } from '../nodes/nodeFilter';
import { parseGroupBy, parseTaskId, renderTaskInfo, renderTaskList } from '../tasks/taskInfo';
import type { Task } from '../tasks/taskManager';

const DEFAULT_WAIT_MS = 30_000;

function timeoutError(what: string): OsError {
  return new OsError(500, 'timeout_exception', `Timed out waiting for completion of [${what}]`);
}

/** Registers the list task and its per-node children, as a real `_tasks` call shows itself. */
function registerListTasks(
  cluster: Cluster,
  action: string,
  nodeIds: readonly string[],
  opaqueId: string | undefined,
): Task[] {
  const headers: Record<string, string> = opaqueId === undefined ? {} : { 'X-Opaque-Id': opaqueId };
  const parent = cluster.tasks.register({ node: cluster.topology.local, action, cancellable: false, headers });
  const children = nodeIds.map((node) =>
    cluster.tasks.register({ node, action: `${action}[n]`, cancellable: false, parent }),
  );
  return [parent, ...children];
}

function listHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const nodes = resolveNodes(cluster.topology, splitByComma(req.param('nodes')));
      const actions = splitByComma(req.param('actions'));
      const detailed = req.bool('detailed', false);
      const parent = parseTaskId(req.param('parent_task_id'));
      const wait = req.bool('wait_for_completion', false);
      const timeout = req.time('timeout');
      const groupBy = parseGroupBy(req.param('group_by'));
      const human = req.bool('human', false);
      return async (ctx) => {
        const own = registerListTasks(cluster, 'cluster:monitor/tasks/lists', nodes, ctx.opaqueId);
        try {
          const matched = cluster.tasks.list({
            nodes: new Set(nodes),
            actions,
            ...(parent ? { parentTaskId: `${parent.node}:${parent.id}` } : {}),
          });
          if (wait) {
            const deadline = Date.now() + (timeout ?? DEFAULT_WAIT_MS);
            for (const t of matched) {
              if (own.includes(t)) continue;
              if (!(await cluster.tasks.waitFor(t, Math.max(0, deadline - Date.now())))) throw timeoutError(t.taskId);
            }
          }
          return { status: 200, body: renderTaskList(cluster, matched, groupBy, { detailed, human }) };
        } finally {
          for (const t of own.reverse()) cluster.tasks.unregister(t);
        }
      };
    },
  };
}

function getHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const raw = req.param('task_id');
      const id = parseTaskId(raw);
      const wait = req.bool('wait_for_completion', false);
      const timeout = req.time('timeout');
      const human = req.bool('human', false);
      return async () => {
        if (!id) throw validationError(['task id is required']);
        const taskId = `${id.node}:${id.id}`;
        // No task is ever stored here (there is no .tasks index): a task not running has no record.
        const noRecord = (): OsError => {
          const missing = indexNotFound('.tasks');
          missing.metadata['resource.type'] = 'index_expression';
          return resourceNotFound(`task [${taskId}] isn't running and hasn't stored its results`, missing);
        };
        if (!cluster.node(id.node)) {
          throw resourceNotFound(
            `task [${taskId}] belongs to the node [${id.node}] which isn't part of the cluster and there is no record of the task`,
            noRecord(),
          );
        }
        const task = cluster.tasks.get(taskId);
        if (!task) throw noRecord();
        if (wait) {
          if (!(await cluster.tasks.waitFor(task, timeout ?? DEFAULT_WAIT_MS))) throw timeoutError(taskId);
          return { status: 200, body: { completed: true, task: renderTaskInfo(task, { detailed: true, human }) } };
        }
        return { status: 200, body: { completed: false, task: renderTaskInfo(task, { detailed: true, human }) } };
      };
    },
  };
}

function failedNode(nodeId: string, cause: OsError): Record<string, unknown> {
  const err = new OsError(500, 'failed_node_exception', `Failed node [${nodeId}]`, {
    metadata: { node_id: nodeId },
    causedBy: cause,
  });
  return err.toCause();
}

function cancelHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const raw = req.param('task_id');
      const id = parseTaskId(raw);
      const nodesParam = splitByComma(req.param('nodes'));
      const nodes = resolveNodes(cluster.topology, nodesParam);
      const actions = splitByComma(req.param('actions'));
      const parent = parseTaskId(req.param('parent_task_id'));
      const wait = req.bool('wait_for_completion', false);
      const groupBy = parseGroupBy(req.param('group_by'));
      const human = req.bool('human', false);
      return async (ctx) => {
        if (id && nodesParam.length > 0) throw validationError(['task id cannot be used together with node ids']);
        const target = id ? [id.node] : nodes;
        const own = registerListTasks(
          cluster,
          'cluster:admin/tasks/cancel',
          target.filter((n) => cluster.node(n) !== undefined),
          ctx.opaqueId,
        );
        try {
          const nodeFailures: unknown[] = [];
          let toCancel: Task[] = [];
          const matches = (t: Task): boolean =>
            (actions.length === 0 || actions.some((p) => cluster.tasks.list({ actions: [p] }).includes(t))) &&
            (parent === undefined || t.parent?.taskId === `${parent.node}:${parent.id}`);
          if (id) {
            const taskId = `${id.node}:${id.id}`;
            if (!cluster.node(id.node)) {
              nodeFailures.push(
                failedNode(
                  id.node,
                  new OsError(500, 'no_such_node_exception', `No such node [${id.node}]`, {
                    metadata: { node_id: id.node },
                  }),
                ),
              );
            } else {
              const task = cluster.tasks.get(taskId);
              if (!task) {
                nodeFailures.push(failedNode(id.node, resourceNotFound(`task [${taskId}] is not found`)));
              } else if (!matches(task)) {
                nodeFailures.push(
                  failedNode(id.node, resourceNotFound(`task [${taskId}] doesn't support this operation`)),
                );
              } else if (!task.cancellable) {
                nodeFailures.push(
                  failedNode(
                    id.node,
                    new OsError(400, 'illegal_argument_exception', `task [${taskId}] doesn't support cancellation`),
                  ),
                );
              } else {
                toCancel = [task];
              }
            }
          } else {
            toCancel = cluster.tasks
              .list({ nodes: new Set(nodes) })
              .filter((t) => t.cancellable && !own.includes(t) && matches(t));
          }
          for (const t of toCancel) cluster.tasks.cancel(t, 'by user request');
          if (wait) {
            for (const t of toCancel) {
              if (!(await cluster.tasks.waitForDescendants(t, DEFAULT_WAIT_MS))) throw timeoutError(t.taskId);
            }
          }
          return {
            status: 200,
            body: renderTaskList(cluster, toCancel, groupBy, { detailed: false, human }, { nodeFailures }),
          };
        } finally {
          for (const t of own.reverse()) cluster.tasks.unregister(t);
        }
      };
    },
  };
}

export function registerTasksRoutes(router: Router, cluster: Cluster): void {
  router.add('GET', '/_tasks', listHandler(cluster));
  router.add('GET', '/_tasks/{task_id}', getHandler(cluster));
  const cancel = cancelHandler(cluster);
  router.add('POST', '/_tasks/_cancel', cancel);
  router.add('POST', '/_tasks/{task_id}/_cancel', cancel);
}
