// The cluster's `Warning` headers: read as OpenSearch writes them (HeaderWarning: `299 OpenSearch-<version>-<hash>
// "<text>"`, backslash escapes, percent-encoded UTF-8), and the local cluster sends the one OpenSearch sends for
// the deprecated `GET /_cat/master` route.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import { isDeprecation, parseWarnings } from '../../../client/src/core/warnings';
import { startCluster, type RunningCluster } from '@search-requests/local-cluster';

/** The shape OpenSearch asserts its own warnings have (HeaderWarning.WARNING_HEADER_PATTERN, without the date). */
const OPENSEARCH_WARNING =
  /^299 OpenSearch-\d+\.\d+\.\d+(?:-(?:alpha|beta|rc)\d+)?(?:-SNAPSHOT)?-(?:[a-f0-9]{7}(?:[a-f0-9]{33})?|unknown) "((?:\t| |!|[\x23-\x5B]|[\x5D-\x7E]|[\x80-\xFF]|\\|\\")*)"$/;

void describe('Warning headers', () => {
  void it('reads the text, unescaped and decoded, with or without a date, several per header', () => {
    const warnings = parseWarnings([
      '299 OpenSearch-2.19.0-fd9a9d90df25bea1af2c6a85039692e815b894f5 "[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead."',
      '299 OpenSearch-3.1.0-abcdef1 "a \\"quoted\\" name and 100%25 caf%C3%A9 \\\\ done" "Mon, 23 Nov 2026 10:00:00 GMT"',
      '299 Elasticsearch-8.15.0-1a77947f34deddb41af25e6f0ddb8e830159c179 "first", 299 Elasticsearch-8.15.0-1a77947f34deddb41af25e6f0ddb8e830159c179 "second"',
      '299 OpenSearch-2.19.0-fd9a9d90df25bea1af2c6a85039692e815b894f5 "[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead."',
      '110 squid/5.7 "Response is stale"',
      'garbage without quotes',
    ]);
    assert.deepEqual(
      warnings.map((w) => w.text),
      [
        '[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead.',
        'a "quoted" name and 100% café \\ done',
        'first',
        'second',
        'Response is stale',
      ],
    );
    assert.deepEqual(
      warnings.map((w) => isDeprecation(w)),
      [true, true, true, true, false],
    );
  });

  void describe('from the local cluster', () => {
    let cluster: RunningCluster;
    before(async () => {
      cluster = await startCluster({ port: 0 });
    });
    after(async () => {
      await cluster.close();
    });

    void it('GET /_cat/master draws the deprecation warning OpenSearch sends; _cat/cluster_manager none', async () => {
      const raw = await fetch(`${cluster.url}/_cat/master`);
      const header = raw.headers.get('warning') ?? '';
      assert.match(header, OPENSEARCH_WARNING);
      const lines: string[] = [];
      const client = await ClusterClient.create(
        { name: 'local', url: cluster.url, auth: 'none' },
        { log: (line) => lines.push(line) },
      );
      try {
        const deprecated = await client.send({ method: 'GET', path: '/_cat/master', opaqueId: 'w' });
        assert.deepEqual(
          deprecated.warnings.map((w) => w.text),
          ['[GET /_cat/master] is deprecated! Use [GET /_cat/cluster_manager] instead.'],
        );
        assert.ok(
          lines.some((line) => line.includes('Warning: [GET /_cat/master] is deprecated!')),
          lines.join('\n'),
        );
        const current = await client.send({ method: 'GET', path: '/_cat/cluster_manager', opaqueId: 'w' });
        assert.deepEqual(current.warnings, []);
      } finally {
        await client.close();
      }
    });
  });
});
