import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { complete, completeWith, labels } from './cursorText';

void describe('completion on request lines', () => {
  void it('offers methods at a line start, common first, with a space when no path follows', () => {
    const { items } = complete('G|', 'search');
    assert.deepEqual(labels(items), ['GET', 'POST', 'PUT', 'DELETE', 'HEAD', 'PATCH']);
    assert.equal(completeWith('G|', 'search', 'GET'), 'GET ');
    assert.equal(completeWith('po| /_search', 'search', 'POST'), 'POST /_search');
  });

  void it('offers methods on a new line after a complete body, not inside one', () => {
    assert.equal(completeWith('GET _search\n{"query":{}}\nPO|', 'search', 'POST'), 'GET _search\n{"query":{}}\nPOST ');
    const inside = complete('GET _search\n{\n  "query": {\n  ma|\n}', 'search');
    assert.ok(!labels(inside.items).includes('GET'));
  });

  void it('offers endpoint paths with their placeholders as snippets', () => {
    const { items } = complete('GET /|', 'search');
    const offered = labels(items);
    assert.equal(offered[0], '_search');
    for (const path of ['_msearch', '{index}/_search', '_tasks', '_tasks/{task_id}', '_nodes/{node_id}/stats']) {
      assert.ok(offered.includes(path), path);
    }
    assert.equal(completeWith('GET /|', 'search', '{index}/_search'), 'GET /index/_search');
    assert.equal(completeWith('POST /_tasks/|', 'search', '{task_id}/_cancel'), 'POST /_tasks/task_id/_cancel');
  });

  void it('continues a path after an index and after a literal segment', () => {
    assert.equal(completeWith('GET logs-*/_se|', 'search', '_search'), 'GET logs-*/_search');
    const tasks = labels(complete('POST _tasks/|', 'search').items);
    assert.ok(tasks.includes('_cancel'));
    assert.ok(!tasks.includes('_doc'), 'a literal segment rules out index routes');
  });

  void it('adds the leading slash only when nothing is written after the method', () => {
    assert.equal(completeWith('GET |', 'search', '_search'), 'GET /_search');
    assert.equal(completeWith('GET _s|', 'search', '_search'), 'GET _search');
  });

  void it('replaces the rest of the path, so that a middle segment can be completed', () => {
    assert.equal(completeWith('GET /_nodes/|/stats', 'search', 'stats'), 'GET /_nodes/stats');
  });

  void it('offers the URL parameters the endpoint reads, with their type', () => {
    const { items } = complete('GET /_search?|', 'search');
    const offered = labels(items);
    assert.equal(offered[0], 'size');
    for (const name of ['from', 'q', 'timeout', 'track_total_hits', 'search_type', 'pretty', 'filter_path']) {
      assert.ok(offered.includes(name), name);
    }
    assert.ok(!offered.includes('allow_partial_results'), 'not read by _search');
    assert.equal(items.find((i) => i.label === 'timeout')?.detail, 'time value');
    assert.equal(items.find((i) => i.label === 'size')?.detail, 'integer · default 10');
  });

  void it('offers only what the handler reads: no msearch parameter the server rejects', () => {
    const offered = labels(complete('GET /_msearch?|', 'search').items);
    assert.ok(offered.includes('max_concurrent_searches'));
    assert.ok(offered.includes('routing'), 'read by the server although the API spec omits it');
    assert.ok(!offered.includes('allow_partial_results'), 'in the spec, rejected by the server');
    const cancel = labels(complete('POST /_tasks/_cancel?|', 'search').items);
    assert.ok(cancel.includes('group_by'));
    assert.ok(!cancel.includes('timeout'));
  });

  void it('uses the generated table for other endpoints', () => {
    const offered = labels(complete('GET /_cat/indices?|', 'search').items);
    assert.ok(offered.includes('health'));
    assert.ok(offered.includes('pretty'));
  });

  void it('leaves out parameters already written', () => {
    const offered = labels(complete('GET /_search?size=5&|&timeout=1s', 'search').items);
    assert.ok(!offered.includes('size'));
    assert.ok(!offered.includes('timeout'));
    assert.ok(offered.includes('from'));
  });

  void it('inserts `name=` for valued parameters and the bare name for flags', () => {
    assert.equal(completeWith('GET /_search?si|', 'search', 'size'), 'GET /_search?size=');
    assert.equal(completeWith('GET /_search?pre|', 'search', 'pretty'), 'GET /_search?pretty');
    assert.equal(completeWith('GET /_search?si|=5', 'search', 'size'), 'GET /_search?size=5');
    assert.equal(completeWith('GET /_search?q=a&fr|', 'search', 'from'), 'GET /_search?q=a&from=');
  });

  void it('offers enum values after `=`', () => {
    assert.deepEqual(labels(complete('GET /_search?search_type=|', 'search').items), [
      'query_then_fetch',
      'dfs_query_then_fetch',
    ]);
    assert.deepEqual(labels(complete('GET /_search?suggest_mode=|', 'search').items), ['missing', 'always', 'popular']);
    assert.deepEqual(labels(complete('GET /_tasks?group_by=|', 'search').items), ['nodes', 'parents', 'none']);
    assert.deepEqual(labels(complete('GET /_search?default_operator=|', 'search').items).sort(), [
      'AND',
      'OR',
      'and',
      'or',
    ]);
    assert.equal(
      completeWith('GET /_search?search_type=q|&size=1', 'search', 'dfs_query_then_fetch'),
      'GET /_search?search_type=dfs_query_then_fetch&size=1',
    );
  });

  void it('offers expand_wildcards values again after a comma, without those already listed', () => {
    const offered = labels(complete('GET /_search?expand_wildcards=open,|', 'search').items);
    assert.deepEqual(offered.sort(), ['all', 'closed', 'hidden', 'none']);
    assert.equal(
      completeWith('GET /_search?expand_wildcards=open,h|', 'search', 'hidden'),
      'GET /_search?expand_wildcards=open,hidden',
    );
  });

  void it('offers true and false for booleans', () => {
    assert.deepEqual(labels(complete('GET /_tasks?detailed=|', 'search').items), ['false', 'true']);
    assert.equal(
      completeWith('GET /_search?track_total_hits=|', 'search', 'true'),
      'GET /_search?track_total_hits=true',
    );
  });

  void it('offers time units after a number in a time parameter', () => {
    const { items } = complete('GET /_search?timeout=5|', 'search');
    assert.deepEqual(labels(items), ['5s', '5m', '5ms', '5h', '5d', '5micros', '5nanos']);
    assert.equal(items[1]?.detail, '5 minutes');
    assert.equal(completeWith('GET /_search?scroll=1|&size=10', 'search', '1m'), 'GET /_search?scroll=1m&size=10');
  });

  void it('offers node-filter words in nodes= values, also after a comma', () => {
    const offered = labels(complete('GET /_tasks?nodes=|', 'search').items);
    assert.deepEqual(offered.slice(0, 3), ['_all', '_local', '_cluster_manager']);
    for (const word of ['data:true', 'data:false', 'cluster_manager:false', 'ingest:true', 'coordinating_only:true']) {
      assert.ok(offered.includes(word), word);
    }
    assert.equal(completeWith('GET /_tasks?nodes=_all,|', 'search', 'data:false'), 'GET /_tasks?nodes=_all,data:false');
    assert.ok(!labels(complete('GET /_tasks?nodes=_all,|', 'search').items).includes('_all'));
    assert.equal(
      completeWith('GET /_tasks?nodes=_all,data:|', 'search', 'data:false'),
      'GET /_tasks?nodes=_all,data:false',
    );
  });

  void it('offers node-filter words in a _nodes path segment, also after a comma', () => {
    const offered = labels(complete('GET /_nodes/|', 'search').items);
    assert.ok(offered.includes('_local'));
    assert.ok(offered.includes('stats'));
    assert.equal(
      completeWith('GET /_nodes/_all,|/stats', 'search', 'cluster_manager:false'),
      'GET /_nodes/_all,cluster_manager:false/stats',
    );
  });

  void it('offers nodes stats metrics, also after a comma', () => {
    const offered = labels(complete('GET /_nodes/stats/|', 'search').items);
    for (const metric of ['jvm', 'os', 'indices', 'thread_pool', '_all']) assert.ok(offered.includes(metric), metric);
    assert.equal(completeWith('GET /_nodes/stats/jvm,|', 'search', 'os'), 'GET /_nodes/stats/jvm,os');
    assert.ok(labels(complete('GET /_nodes/stats/indices/|', 'search').items).includes('search'));
  });

  void it('completes the request of a .msearch target comment, and stays quiet in plain comments', () => {
    assert.equal(
      completeWith('# POST /_msearch?max|\n{}\n{}\n', 'msearch', 'max_concurrent_searches'),
      '# POST /_msearch?max_concurrent_searches=\n{}\n{}\n',
    );
    assert.equal(completeWith('# PO|\n{}\n{}\n', 'msearch', 'POST'), '# POST \n{}\n{}\n');
    assert.deepEqual(labels(complete('# some |words\n{}\n{}\n', 'msearch').items), []);
    assert.deepEqual(labels(complete('# so|\n{}\n{}\n', 'msearch').items), []);
  });
});
