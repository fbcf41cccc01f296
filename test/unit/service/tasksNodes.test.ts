import { describe, it } from 'node:test';
import { expectDiagnostic, expectNo } from './harness';

const E = 1;
const W = 2;

void describe('tasks (docs/opensearch/tasks-and-nodes.md)', () => {
  void it('accepts the task parameters and ids', () => {
    expectNo(
      'search',
      'GET /_tasks?nodes=_local&actions=*search*&detailed&parent_task_id=oTUltX4IQMOUUVeiohTt8A:12&wait_for_completion=false&timeout=30s&group_by=parents\n' +
        'GET /_tasks/oTUltX4IQMOUUVeiohTt8A:12345?wait_for_completion=true&timeout=10s\n' +
        'POST /_tasks/oTUltX4IQMOUUVeiohTt8A:12345/_cancel\n' +
        'POST /_tasks/_cancel?nodes=data:true&actions=*search&parent_task_id=unset\n' +
        'GET /_tasks/node:+5\n',
    );
  });

  void it('decodes `+` in the query string as a space, as the server does', () => {
    expectDiagnostic('search', 'GET /_tasks?parent_task_id=«node:+5»\n', {
      code: 'tasks.malformed-task-id',
      severity: E,
      message: 'malformed task id node: 5',
    });
  });

  void it('rejects a bad group_by', () => {
    expectDiagnostic('search', 'GET /_tasks?group_by=«node»\n', {
      code: 'tasks.invalid-group-by',
      severity: E,
      message: '[group_by] must be one of [nodes], [parents] or [none] but was [node]',
    });
  });

  void it('rejects malformed task ids', () => {
    for (const id of ['abc', 'node:', 'node:abc', 'node:1:2', 'node: 5', 'node:99999999999999999999']) {
      expectDiagnostic('search', `GET /_tasks/«${id}»\n`, {
        code: 'tasks.malformed-task-id',
        severity: E,
        message: `malformed task id ${id}`,
      });
    }
    expectDiagnostic('search', 'GET /_tasks?parent_task_id=«-1»\n', {
      code: 'tasks.malformed-task-id',
      severity: E,
      message: 'malformed task id -1',
    });
  });

  void it('requires a task id to get a task', () => {
    expectDiagnostic('search', 'GET /_tasks/«node:-1»\n', {
      code: 'tasks.task-id-required',
      severity: E,
      message: 'Validation Failed: 1: task id is required;',
    });
  });

  void it('rejects a task id together with nodes when cancelling', () => {
    expectDiagnostic('search', 'POST /_tasks/n1:5/_cancel?«nodes»=_local\n', {
      code: 'tasks.task-id-with-nodes',
      severity: E,
      message: 'Validation Failed: 1: task id cannot be used together with node ids;',
    });
  });

  void it('rejects parameters a tasks endpoint does not read', () => {
    expectDiagnostic('search', 'GET /_tasks/n1:5?«detailed»\n', { code: 'url.unknown-parameter', severity: E });
    expectDiagnostic('search', 'POST /_tasks/_cancel?«timeout»=1s\n', { code: 'url.unknown-parameter', severity: E });
  });
});

void describe('node filters (docs/opensearch/tasks-and-nodes.md#node-filters)', () => {
  void it('accepts every form', () => {
    expectNo(
      'search',
      'GET /_nodes/_all,cluster_manager:false\nGET /_nodes/_local,_master,_cluster_manager/stats\nGET /_nodes/data:true,ingest:false,coordinating_only:true,master:\nGET /_nodes/node-*,10.0.0.*,zone:eu-*/stats/jvm\nGET /_tasks?nodes=ml:true\n',
    );
  });

  void it('rejects a role value other than true or false', () => {
    expectDiagnostic('search', 'GET /_nodes/data:«yes»\n', {
      code: 'nodes.invalid-role-value',
      severity: E,
      message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
    });
    expectDiagnostic('search', 'GET /_tasks?nodes=_all,master:«FALSE»\n', {
      code: 'nodes.invalid-role-value',
      severity: E,
    });
  });

  void it('warns of filters that can never select a node', () => {
    expectDiagnostic('search', 'GET /_nodes/«remote_cluster_client:true»\n', {
      code: 'nodes.filter-selects-nothing',
      severity: W,
    });
    expectDiagnostic('search', 'GET /_nodes/«search:true»/stats\n', {
      code: 'nodes.filter-selects-nothing',
      severity: W,
    });
    expectDiagnostic('search', 'GET /_nodes/«master:false»\n', { code: 'nodes.filter-selects-nothing', severity: W });
    expectNo('search', 'GET /_nodes/_all,master:false\n');
  });
});

void describe('nodes metrics (docs/opensearch/tasks-and-nodes.md#the-nodes-api)', () => {
  void it('accepts stats and info metrics', () => {
    expectNo(
      'search',
      'GET /_nodes/stats/jvm,os\nGET /_nodes/_local/stats/indices/docs,search\nGET /_nodes/os,jvm\nGET /_nodes/_all/jvm\n',
    );
  });

  void it('rejects an unknown stats metric with "did you mean"', () => {
    expectDiagnostic('search', 'GET /_nodes/stats/«jvmm»\n', {
      code: 'nodes.unknown-metric',
      severity: E,
      message: 'request [/_nodes/stats/jvmm] contains unrecognized metric: [jvmm] -> did you mean [jvm]?',
    });
  });

  void it('rejects _all with other metrics', () => {
    expectDiagnostic('search', 'GET /_nodes/stats/«_all,jvm»\n', {
      code: 'nodes.all-and-metrics',
      severity: E,
      message: 'request [/_nodes/stats/_all,jvm] contains _all and individual metrics [_all,jvm]',
    });
  });

  void it('rejects index metrics without indices, with _all, or unknown', () => {
    expectDiagnostic('search', 'GET /_nodes/stats/jvm/«docs»\n', {
      code: 'nodes.index-metric-without-indices',
      severity: E,
      message: 'request [/_nodes/stats/jvm/docs] contains index metrics [docs] but indices stats not requested',
    });
    expectDiagnostic('search', 'GET /_nodes/stats/_all/«docs»\n', {
      code: 'nodes.index-metric-with-all',
      severity: E,
      message: 'request [/_nodes/stats/_all/docs] contains index metrics [docs] but all stats requested',
    });
    expectDiagnostic('search', 'GET /_nodes/stats/indices/«doc»\n', {
      code: 'nodes.unknown-index-metric',
      severity: E,
      message: 'request [/_nodes/stats/indices/doc] contains unrecognized index metric: [doc] -> did you mean [docs]?',
    });
    // Similarity must exceed 0.5: `dox` is exactly 0.5 from `docs`, so nothing is suggested.
    expectDiagnostic('search', 'GET /_nodes/stats/indices/«dox»\n', {
      code: 'nodes.unknown-index-metric',
      severity: E,
      message: 'request [/_nodes/stats/indices/dox] contains unrecognized index metric: [dox]',
    });
  });

  void it('warns of info metrics the server drops', () => {
    expectDiagnostic('search', 'GET /_nodes/_local/«jvmm»\n', { code: 'nodes.unknown-info-metric', severity: W });
  });
});
