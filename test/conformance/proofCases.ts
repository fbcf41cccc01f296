// Conformance cases that prove Error codes no generated or cross-field case reaches: a point in time in places where
// OpenSearch refuses one before it looks the id up, a name index creation refuses, and a float URL parameter. Each
// request is refused before anything happens on the cluster, or only reads.
import type { ConformanceCase } from './cases';
import { CONFORMANCE_INDEX } from './setup';

/**
 * The id of a point in time once opened on the conformance index of an OpenSearch 2.19.1 cluster, and closed since.
 * `RestSearchAction` decodes a point in time id (`SearchContextId.decode`) before the request is validated, and the
 * decoding reads only the id's own bytes: real 2.19.1 and 3.8.0 both decode this one, closed or not, on any cluster.
 * The checks these cases meet come right after the decoding, before any shard is asked for the context, so the answer
 * does not depend on the point in time being open (docs/opensearch/search.md#scroll-and-point-in-time). An id that does not
 * decode (`"x"`) is refused first, with `invalid id`.
 */
const DECODABLE_PIT_ID =
  '99aFQQELY29uZm9ybWFuY2UWUEZlNWIwcURTLWUzM3owWjFtSnNldwAWRlltMEhjVkxTR1dzeldfXzFkdzNUUQAAAAAAAABdxxZKZTJzVnJTU1JwLVU1cld4UHRZUTF3ARZQRmU1YjBxRFMtZTMzejBaMW1Kc2V3AAA=';

const PIT_BODY = JSON.stringify({ pit: { id: DECODABLE_PIT_ID, keep_alive: '1m' } });

function proof(
  id: string,
  cls: ConformanceCase['class'],
  method: ConformanceCase['method'],
  path: string,
  body?: string,
): ConformanceCase {
  return { id: `proof/${id}`, class: cls, method, path, ...(body === undefined ? {} : { body }) };
}

export const PROOF_CASES: readonly ConformanceCase[] = [
  // A point in time with a scroll: `SearchRequest.validate` refuses it.
  proof('scroll/pit', 'cross', 'POST', '/_search?scroll=1m', PIT_BODY),
  // The same search without the scroll reaches the shards, where the closed point in time is not found: left out, as
  // its answer would depend on the cluster.
  // `ccs_minimize_roundtrips=true` (or present without a value) with a point in time; `false` is accepted.
  proof('pit/ccs-minimize-roundtrips-true', 'cross', 'POST', '/_search?ccs_minimize_roundtrips=true', PIT_BODY),
  proof('pit/ccs-minimize-roundtrips-empty', 'cross', 'POST', '/_search?ccs_minimize_roundtrips', PIT_BODY),
  // Index creation refuses a name starting with `-`, `+` or `_` before it reads the mappings. The mappings name a
  // type no version has, so even a server that took the name would create nothing.
  proof(
    'create-index/leading-dash',
    'url',
    'PUT',
    `/-${CONFORMANCE_INDEX}`,
    JSON.stringify({ mappings: { properties: { kw: { type: 'no_such_type' } } } }),
  ),
  proof(
    'create-index/leading-plus',
    'url',
    'PUT',
    `/+${CONFORMANCE_INDEX}`,
    JSON.stringify({ mappings: { properties: { kw: { type: 'no_such_type' } } } }),
  ),
  // `_count` reads `min_score` as a float (`RestCountAction`): Java's number forms are taken, anything else refused.
  proof('count/min-score-fraction', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=0.5`, '{}'),
  proof('count/min-score-java-forms', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=1e-3f`, '{}'),
  proof('count/min-score-nan', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=NaN`, '{}'),
  proof('count/min-score-text', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=abc`, '{}'),
  proof('count/min-score-comma', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=1,5`, '{}'),
  proof('count/min-score-empty', 'url', 'POST', `/${CONFORMANCE_INDEX}/_count?min_score=`, '{}'),
];
