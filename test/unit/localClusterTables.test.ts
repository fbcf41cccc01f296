// The local cluster keeps its own tables of what OpenSearch registers (it imports nothing from the language server,
// so that it can be held against it). Where both describe the same fact, they must agree.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  INDEX_METRICS,
  INFO_METRICS,
  REGISTERED_AGGREGATIONS,
  REGISTERED_QUERIES,
  ROLE_LETTERS,
  STATS_METRICS,
} from '@search-requests/local-cluster';
import { AGGREGATIONS } from '../../server/src/spec/aggregations';
import {
  NODES_INFO_METRICS,
  NODES_STATS_INDEX_METRICS,
  NODES_STATS_METRICS,
  ROLE_ABBREVIATIONS,
} from '../../server/src/spec/nodes';
import { QUERY_CLAUSES } from '../../server/src/spec/queries';

const sorted = (names: readonly string[]): string[] => [...names].sort();

void describe("the local cluster's tables and the language server's", () => {
  void it("know the same query clauses of a default distribution (plugins are the language server's alone)", () => {
    const server = QUERY_CLAUSES.filter((c) => c.origin !== 'plugin').map((c) => c.name);
    assert.deepEqual(sorted(REGISTERED_QUERIES), sorted(server));
  });

  void it('know the same aggregation types of a default distribution', () => {
    const server = AGGREGATIONS.filter((a) => a.origin !== 'plugin').map((a) => a.name);
    assert.deepEqual(sorted(REGISTERED_AGGREGATIONS), sorted(server));
  });

  void it('know the same Nodes API metrics', () => {
    assert.deepEqual(sorted(INFO_METRICS), sorted(NODES_INFO_METRICS));
    assert.deepEqual(sorted(STATS_METRICS), sorted(NODES_STATS_METRICS));
    assert.deepEqual(sorted(INDEX_METRICS), sorted(NODES_STATS_INDEX_METRICS));
  });

  void it('print the same role letters', () => {
    assert.deepEqual(ROLE_LETTERS, ROLE_ABBREVIATIONS);
  });
});
