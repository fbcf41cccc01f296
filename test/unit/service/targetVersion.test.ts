// What the checks say depends on the server they are made for: names that only some versions know, and the wording
// of the JSON parser each version runs. Each fact below was seen on real OpenSearch 2.19.1 and 3.8.0.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_TARGET, makeTarget, type TargetServer } from '../../../server/src/service/target';
import { compareVersions, NEWEST_KNOWN_VERSION, parseVersion } from '../../../server/src/spec/versions';
import { completion } from '../../../server/src/service/completion/index';
import { diagnose } from './harness';
import { labels, open, positionAt, withCursor } from './cursorText';

function offered(marked: string, target: TargetServer): string[] {
  const { text, offset } = withCursor(marked);
  return labels(completion(open(text, 'search'), positionAt(text, offset), '"', undefined, target).items);
}

const OS_2_19 = makeTarget({ distribution: 'opensearch', version: '2.19.1', source: 'cluster' });
const OS_3_8 = makeTarget({ distribution: 'opensearch', version: '3.8.0', source: 'cluster' });
const OS_3_1 = makeTarget({ distribution: 'opensearch', version: '3.1', source: 'setting' });
const OS_NEXT = makeTarget({ distribution: 'opensearch', version: '9.0.0', source: 'setting' });

function errors(text: string, target: TargetServer): [string, string][] {
  return diagnose('search', text, target)
    .filter((d) => d.severity === 1)
    .map((d) => [String(d.code), d.message]);
}

void describe('the target server', () => {
  void it('defaults to the newest version the tables know, and reads versions as users write them', () => {
    assert.equal(DEFAULT_TARGET.versionText, NEWEST_KNOWN_VERSION);
    assert.deepEqual(parseVersion('2.19'), { major: 2, minor: 19, patch: 0 });
    assert.deepEqual(parseVersion('3.8.0-SNAPSHOT'), { major: 3, minor: 8, patch: 0 });
    assert.equal(parseVersion('latest'), undefined);
    assert.ok(compareVersions(parseVersion('2.19.1')!, parseVersion('3.0')!) < 0);
    // An unreadable version falls back to the newest known one, keeping the distribution.
    assert.equal(
      makeTarget({ distribution: 'opensearch', version: 'x', source: 'setting' }).versionText,
      NEWEST_KNOWN_VERSION,
    );
  });

  void it('rejects a nodes stats metric the target does not know yet, naming the version that added it', () => {
    const text = 'GET /_nodes/stats/native_memory\n';
    assert.deepEqual(errors(text, OS_3_8), []);
    assert.deepEqual(errors(text, OS_2_19), [
      [
        'nodes.metric-version',
        'request [/_nodes/stats/native_memory] contains unrecognized metric: [native_memory] (OpenSearch 3.7 and later know [native_memory]; the target is OpenSearch 2.19.1)',
      ],
    ]);
  });

  void it('rejects a query clause and an aggregation of a newer version', () => {
    const query = 'GET /_search\n{"query": {"combined_fields": {"query": "x", "fields": ["a"]}}}\n';
    assert.deepEqual(errors(query, OS_3_8), []);
    assert.deepEqual(errors(query, OS_3_1), [
      [
        'query.clause-version',
        'unknown query [combined_fields] (OpenSearch 3.2 and later know [combined_fields]; the target is OpenSearch 3.1)',
      ],
    ]);
    const agg = 'GET /_search\n{"aggs": {"a": {"multivalue_doc_count": {"field": "tags"}}}}\n';
    assert.deepEqual(errors(agg, OS_3_8), []);
    assert.deepEqual(errors(agg, OS_2_19), [
      [
        'aggs.type-version',
        'Unknown aggregation type [multivalue_doc_count] did you mean [value_count]? (OpenSearch 3.8 and later know [multivalue_doc_count]; the target is OpenSearch 2.19.1)',
      ],
    ]);
  });

  void it('speaks the JSON parser of the target: Jackson 2 before OpenSearch 3.7, Jackson 3 from then on', () => {
    const text = 'GET /_search\n{size: 1, "from": 1, "from": 2}\n';
    assert.deepEqual(
      errors(text, OS_2_19).map(([, m]) => m),
      [
        "Unexpected character ('s' (code 115)): was expecting double-quote to start field name",
        "Duplicate field 'from'",
      ],
    );
    assert.deepEqual(
      errors(text, OS_3_8).map(([, m]) => m),
      [
        "Unexpected character ('s' (code 115)): was expecting double-quote to start property name",
        'Duplicate Object property "from"',
      ],
    );
  });

  void it('says "expected a value" where Jackson does, for a comma or a close brace in place of a value', () => {
    const message = (body: string): string | undefined =>
      diagnose('search', `GET /_search\n${body}\n`, OS_3_8).find((d) => d.code === 'json.syntax')?.message;
    assert.equal(message('{"size":}'), "Unexpected character ('}' (code 125)): expected a value");
    assert.equal(message('{"size":,}'), "Unexpected character (',' (code 44)): expected a value");
    assert.equal(
      message('{"size":]'),
      "Unexpected character (']' (code 93)): expected a valid value (JSON String, Number, Array, Object or token 'null', 'true' or 'false')",
    );
  });

  void it('warns, without claiming a refusal, of an unknown parameter when the target is newer than the tables', () => {
    const text = 'GET /_search?brand_new=1\n';
    assert.deepEqual(errors(text, OS_3_8), [
      ['url.unknown-parameter', 'request [/_search] contains unrecognized parameter: [brand_new]'],
    ]);
    const newer = diagnose('search', text, OS_NEXT).filter((d) => d.code === 'url.unknown-parameter-newer');
    assert.equal(newer.length, 1);
    assert.equal(newer[0]!.severity, 2);
    assert.match(newer[0]!.message, /OpenSearch 9\.0 is newer than these checks know, and may read it/);
  });

  void it('offers only the clause, aggregation and metric names the target knows', () => {
    const clause = 'GET /_search\n{"query": {"|"}}\n';
    assert.ok(offered(clause, OS_3_8).includes('combined_fields'));
    assert.ok(!offered(clause, OS_2_19).includes('combined_fields'));
    assert.ok(offered(clause, OS_2_19).includes('multi_match'));
    const agg = 'GET /_search\n{"aggs": {"a": {"|"}}}\n';
    assert.ok(offered(agg, OS_3_8).includes('multivalue_doc_count'));
    assert.ok(!offered(agg, OS_2_19).includes('multivalue_doc_count'));
  });
});
