// The local-vs-real corpus reaches everything the local cluster claims to implement (its tables of supported clauses,
// aggregations, parameters, body fields and msearch metadata keys), so that nothing it claims escapes the comparison
// with real OpenSearch (test/real/localVsReal.test.ts).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import {
  AGGREGATION_PARAMS,
  COUNT_URL_PARAMS,
  GLOBAL_URL_PARAMS,
  MSEARCH_HEADER_KEYS,
  MSEARCH_URL_PARAMS,
  QUERY_PARAMS,
  SEARCH_BODY_FIELDS,
  SEARCH_URL_PARAMS,
} from '@search-requests/local-cluster';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { readCorpus } from './corpus';
import { LOCAL_VS_REAL_DIR } from '../real/localVsRealCorpus';

interface Coverage {
  readonly searchParams: Set<string>;
  readonly countParams: Set<string>;
  readonly msearchParams: Set<string>;
  readonly anyParams: Set<string>;
  readonly bodyFields: Set<string>;
  readonly headerKeys: Set<string>;
  readonly clauses: Map<string, Set<string>>;
  readonly aggs: Map<string, Set<string>>;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function parse(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors) as unknown;
  return errors.length === 0 ? value : undefined;
}

function add(map: Map<string, Set<string>>, key: string, values: Iterable<string>): void {
  let set = map.get(key);
  if (set === undefined) {
    set = new Set();
    map.set(key, set);
  }
  for (const v of values) set.add(v);
}

const SINGLE_FIELD = new Set([
  'term',
  'match',
  'match_phrase',
  'match_phrase_prefix',
  'match_bool_prefix',
  'range',
  'prefix',
  'wildcard',
  'regexp',
  'fuzzy',
]);

/** Records every clause met anywhere in a value, with the parameters given to it. */
function walkQueries(value: unknown, cov: Coverage): void {
  if (Array.isArray(value)) {
    for (const v of value) walkQueries(v, cov);
    return;
  }
  if (!isObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    if (Object.hasOwn(QUERY_PARAMS, key) && isObject(inner)) {
      add(cov.clauses, key, Object.keys(inner));
      if (SINGLE_FIELD.has(key)) {
        for (const fieldValue of Object.values(inner))
          if (isObject(fieldValue)) add(cov.clauses, key, Object.keys(fieldValue));
      }
    }
    walkQueries(inner, cov);
  }
}

function walkAggs(aggs: unknown, cov: Coverage): void {
  if (!isObject(aggs)) return;
  for (const def of Object.values(aggs)) {
    if (!isObject(def)) continue;
    for (const [key, body] of Object.entries(def)) {
      if (key === 'aggs' || key === 'aggregations') walkAggs(body, cov);
      else if (key !== 'meta') {
        add(cov.aggs, key, isObject(body) ? Object.keys(body) : []);
        walkQueries(body, cov);
      }
    }
  }
}

function walkBody(body: unknown, cov: Coverage): void {
  if (!isObject(body)) return;
  for (const key of Object.keys(body)) cov.bodyFields.add(key);
  walkQueries(body.query, cov);
  walkQueries(body.post_filter, cov);
  walkAggs(body.aggs, cov);
  walkAggs(body.aggregations, cov);
}

function coverage(): Coverage {
  const cov: Coverage = {
    searchParams: new Set(),
    countParams: new Set(),
    msearchParams: new Set(),
    anyParams: new Set(),
    bodyFields: new Set(),
    headerKeys: new Set(),
    clauses: new Map(),
    aggs: new Map(),
  };
  for (const request of readCorpus(LOCAL_VS_REAL_DIR)) {
    const [route = '', query = ''] = request.path.split('?');
    const params = [...new URLSearchParams(query).keys()];
    for (const p of params) cov.anyParams.add(p);
    if (/(^|\/)_msearch$/.test(route)) {
      for (const p of params) cov.msearchParams.add(p);
      const lines = (request.body ?? '').split('\n');
      lines.forEach((line, i) => {
        const value = parse(line);
        if (i % 2 === 0) {
          if (isObject(value)) for (const k of Object.keys(value)) cov.headerKeys.add(k);
        } else {
          walkBody(value, cov);
        }
      });
    } else if (/(^|\/)_count$/.test(route)) {
      for (const p of params) cov.countParams.add(p);
      if (request.body !== undefined) walkBody(parse(request.body), cov);
    } else if (/(^|\/)_search$/.test(route)) {
      for (const p of params) cov.searchParams.add(p);
      if (request.body !== undefined) walkBody(parse(request.body), cov);
    }
  }
  return cov;
}

function missing(claimed: Iterable<string>, seen: ReadonlySet<string> | undefined): string[] {
  return [...claimed].filter((x) => seen?.has(x) !== true);
}

void describe('local-vs-real corpus coverage', () => {
  const cov = coverage();

  void it('reaches every query clause the local cluster evaluates, with every parameter it applies', () => {
    const gaps: string[] = [];
    for (const [clause, params] of Object.entries(QUERY_PARAMS)) {
      if (!cov.clauses.has(clause)) gaps.push(`query [${clause}]`);
      else for (const p of missing(params, cov.clauses.get(clause))) gaps.push(`query [${clause}] [${p}]`);
    }
    assert.deepEqual(gaps, []);
  });

  void it('reaches every aggregation the local cluster computes, with every parameter it applies', () => {
    const gaps: string[] = [];
    for (const [agg, params] of Object.entries(AGGREGATION_PARAMS)) {
      if (!cov.aggs.has(agg)) gaps.push(`aggregation [${agg}]`);
      else for (const p of missing(params, cov.aggs.get(agg))) gaps.push(`aggregation [${agg}] [${p}]`);
    }
    assert.deepEqual(gaps, []);
  });

  void it('reaches every search body field and every URL parameter of _search, _count and _msearch', () => {
    assert.deepEqual(missing(SEARCH_BODY_FIELDS, cov.bodyFields), [], 'body fields');
    // `index` is the path's part; the corpus also names it as a parameter.
    assert.deepEqual(missing(SEARCH_URL_PARAMS, cov.searchParams), [], '_search parameters');
    assert.deepEqual(
      missing(
        COUNT_URL_PARAMS.filter((p) => p !== 'index'),
        cov.countParams,
      ),
      [],
      '_count parameters',
    );
    assert.deepEqual(
      missing(
        MSEARCH_URL_PARAMS.filter((p) => p !== 'index'),
        cov.msearchParams,
      ),
      [],
      '_msearch parameters',
    );
    assert.deepEqual(missing(GLOBAL_URL_PARAMS, cov.anyParams), [], 'parameters of every endpoint');
  });

  void it('reads every request line of its files as one (a path must not hold a space)', () => {
    const wrong: string[] = [];
    for (const file of readdirSync(LOCAL_VS_REAL_DIR).filter((f) => f.endsWith('.search'))) {
      readFileSync(path.join(LOCAL_VS_REAL_DIR, file), 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^(GET|POST|PUT|DELETE|HEAD|PATCH)\s/i.test(line) && !/^\S+\s+\S+\s*$/.test(line)) {
            wrong.push(`${file}:${i + 1}: ${line}`);
          }
        });
    }
    assert.deepEqual(wrong, []);
  });

  void it('reaches every _msearch metadata key', () => {
    assert.deepEqual(missing(MSEARCH_HEADER_KEYS, cov.headerKeys), []);
  });
});
