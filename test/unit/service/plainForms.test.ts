// What the plain forms (plainForms.ts) keep: a query or an aggregation body they let pass the full checks by is one the
// full checks report nothing of and note nothing about, on every target; and a whole document is diagnosed alike with
// and without them, over generated queries and aggregations and the conformance corpus's bodies.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { random } from '../../../bench/generateMsearch';
import { JsonSegment } from '../../../server/src/service/json/jsonSegment';
import { ValuePath } from '../../../server/src/service/json/valuePath';
import { DEFAULT_TARGET, makeTarget, type TargetServer } from '../../../server/src/service/target';
import { JsonCheck } from '../../../server/src/service/validate/jsonCheck';
import { plainAggregationBody, plainQuery, withFullChecks } from '../../../server/src/service/validate/plainForms';
import { validateQueryContainer } from '../../../server/src/service/validate/query';
import { typeRulesOf, validateAggregationBody } from '../../../server/src/service/validate/aggregationRules';
import { diagnose } from './harness';

const TARGETS: readonly TargetServer[] = [
  makeTarget({ version: '3.9.0', source: 'setting' }),
  makeTarget({ version: '3.5.0', source: 'setting' }),
  makeTarget({ version: '2.19.1', source: 'setting' }),
  makeTarget({ version: '1.3.0', source: 'setting' }),
  DEFAULT_TARGET,
  makeTarget({ distribution: 'elasticsearch', version: '8.15.0', source: 'setting' }),
  makeTarget({ distribution: 'elasticsearch', version: '7.10.2', source: 'setting' }),
  // A cluster that told limits lower than the clauses and terms written.
  { ...makeTarget({ version: '3.9.0', source: 'cluster' }), limits: { maxClauseCount: 2, maxTermsCount: 2 } },
];

const FIELDS = [
  'message',
  'service.name',
  '@timestamp',
  'a',
  'x1',
  'http.response.status_code',
  '',
  ' ',
  '_source',
  '_id',
  '_index',
  'a..b',
  '.a',
  'a.',
  'a*',
  'a b',
  'ü',
  'a^2',
  'boost',
  'query',
  'value',
  'field',
  'type',
  'fields',
  'operator',
  'gte',
  'format',
  '_name',
  'inner_hits',
  'x'.repeat(300),
];
const TEXTS = [
  'error',
  '',
  ' ',
  'now-36h',
  'now',
  'now-1x',
  '2024-01-01',
  '*',
  'a*',
  '?',
  '\\',
  'a^2',
  '/api/v1/*',
  'AND',
  'and',
  'or',
  'OR',
  'Or',
  'xor',
  'null',
  '{',
  'ä',
  '1.0',
  'best_fields',
  'BEST_FIELDS',
  'phrase',
  'bool_prefix',
  'boolean',
  'x'.repeat(1000),
  'x'.repeat(1001),
];
const NUMBERS = [0, -1, 1, 2, 1.5, 1e21, -0, 2147483647, 2147483648, 1e308];
const OTHERS: unknown[] = [true, false, null, {}, [], [1], { a: 1 }, [null], ['a', 'b']];
const OPTION_NAMES = [
  'value',
  'query',
  'operator',
  'boost',
  '_name',
  'gte',
  'gt',
  'lte',
  'lt',
  'from',
  'to',
  'format',
  'type',
  'fields',
  'case_insensitive',
  'slop',
  'field',
];
const CLAUSES = [
  'bool',
  'term',
  'terms',
  'match',
  'match_phrase',
  'range',
  'exists',
  'prefix',
  'wildcard',
  'multi_match',
  'match_all',
  'match_none',
  'ids',
  'regexp',
  'fuzzy',
  'query_string',
  'nested',
];
const BOOL_MEMBERS = ['must', 'filter', 'should', 'must_not', 'minimum_should_match', 'boost', 'mustNot', '_name'];
const MSM = [1, 0, -1, 2, 3, 1.5, '1', '75%', 2147483648, null];
const BOOSTS = ['', '^2', '^1.5', '^', '^x', '^-1', '^1e2', '^2^3', '^ 2'];

/** Random query values built from the shapes the plain path knows, with ordinary and awkward values. */
function generator(seed: number): () => unknown {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number): boolean => next() < p;
  const scalar = (): unknown => {
    const roll = next();
    return roll < 0.55 ? pick(TEXTS) : roll < 0.8 ? pick(NUMBERS) : pick(OTHERS);
  };
  /** Mostly what the clause expects, now and then anything. */
  const fieldValue = (clause: string): unknown => {
    if (clause === 'terms' && chance(0.7)) return Array.from({ length: Math.floor(next() * 4) }, scalar);
    if (clause === 'range' || chance(0.4)) {
      const object: Record<string, unknown> = {};
      const members = clause === 'range' ? ['gte', 'gt', 'lte', 'lt'] : ['value', 'query', 'operator'];
      for (const name of members) if (chance(0.45)) object[name] = name === 'operator' ? pick(TEXTS) : scalar();
      if (chance(0.15)) object[pick(OPTION_NAMES)] = scalar();
      return object;
    }
    return scalar();
  };
  const leaf = (clause: string): Record<string, unknown> => {
    const body: Record<string, unknown> = {};
    switch (clause) {
      case 'exists':
        if (chance(0.9)) body.field = chance(0.8) ? pick(FIELDS) : scalar();
        break;
      case 'multi_match':
        if (chance(0.9)) body.query = scalar();
        if (chance(0.7)) {
          body.fields = chance(0.9)
            ? Array.from({ length: Math.floor(next() * 3) }, () => pick(FIELDS) + pick(BOOSTS))
            : scalar();
        }
        if (chance(0.5)) body.type = chance(0.8) ? pick(TEXTS) : scalar();
        break;
      case 'match_all':
        break;
      default: {
        const fields = chance(0.9) ? 1 : Math.floor(next() * 3);
        for (let i = 0; i < fields; i++) body[pick(FIELDS)] = fieldValue(clause);
      }
    }
    if (chance(0.08)) body[pick(OPTION_NAMES)] = scalar();
    return { [clause]: body };
  };
  const query = (depth: number): unknown => {
    if (chance(0.03)) return scalar();
    const clause = depth > 2 ? pick(CLAUSES.slice(1)) : chance(0.35) ? 'bool' : pick(CLAUSES);
    if (clause !== 'bool') {
      const made = leaf(clause);
      if (chance(0.02)) made.extra = {};
      return made;
    }
    const body: Record<string, unknown> = {};
    for (const member of BOOL_MEMBERS) {
      if (!chance(member.startsWith('m') && member !== 'mustNot' ? 0.5 : 0.12)) continue;
      if (member === 'minimum_should_match') body[member] = pick(MSM);
      else if (member === 'boost' || member === '_name') body[member] = scalar();
      else if (chance(0.85)) body[member] = Array.from({ length: Math.floor(next() * 4) }, () => query(depth + 1));
      else body[member] = query(depth + 1);
    }
    return { bool: body };
  };
  return () => query(0);
}

const locate = (offset: number): { line: number; column: number } => ({ line: 1, column: offset + 1 });
const AT = ValuePath.ROOT.child('query');

/** The body's texts: as JSON.stringify writes it, and with each minimum_should_match written with a fraction. */
function texts(query: unknown): string[] {
  const text = JSON.stringify({ query });
  const fraction = text.replace(/"minimum_should_match":(-?\d+)([,}])/g, '"minimum_should_match":$1.0$2');
  return fraction === text ? [text] : [text, fraction];
}

void describe('plain queries', () => {
  void it('are only those the full checks report nothing of and note nothing about, on every target', () => {
    const make = generator(20261201);
    let plain = 0;
    let full = 0;
    for (let i = 0; i < 20000; i++) {
      const query = make();
      for (const text of texts(query)) {
        const segment = JsonSegment.parse(text);
        const value = (segment.value as { query: unknown }).query;
        for (const target of TARGETS) {
          if (!plainQuery(new JsonCheck(segment, [], locate, target), value)) {
            full++;
            continue;
          }
          plain++;
          const check = new JsonCheck(segment, [], locate, target);
          withFullChecks(() => {
            validateQueryContainer(check, AT, value);
          });
          const found = check.issues.map((f) => `${f.code}: ${f.message}`);
          assert.deepEqual(found, [], `${text} on ${target.distribution} ${target.versionText}`);
          assert.equal(check.earlyEnd, undefined, text);
          assert.equal(check.mayMatchNothing, false, text);
        }
      }
    }
    // Both paths taken often: the generator reaches the plain forms and the ones just beside them.
    assert.ok(plain > 15000, `plain ${plain}`);
    assert.ok(full > 20000, `full ${full}`);
  });

  void it('accepts the common forms and leaves their near neighbours to the full checks', () => {
    const target = TARGETS[0]!;
    const accepts = (query: unknown, text = JSON.stringify({ query })): boolean => {
      const segment = JsonSegment.parse(text);
      return plainQuery(new JsonCheck(segment, [], locate, target), (segment.value as { query: unknown }).query);
    };
    assert.equal(
      accepts({
        bool: {
          must: [{ match: { message: { query: 'payment failed', operator: 'and' } } }],
          filter: [{ range: { '@timestamp': { gte: 'now-1d', lte: 'now' } } }, { term: { level: 'error' } }],
          should: [{ wildcard: { 'url.path': { value: '/api/*' } } }, { prefix: { 'user.id': 'svc-' } }],
          must_not: [{ exists: { field: 'debug.trace' } }],
          minimum_should_match: 1,
        },
      }),
      true,
    );
    assert.equal(accepts({ multi_match: { query: 'x', fields: ['title^2', 'body'], type: 'best_fields' } }), true);
    assert.equal(accepts({ terms: { region: ['eu', 'us'] } }), true);
    assert.equal(accepts({ match_all: {} }), true);
    // Near neighbours: an empty terms list (it matches nothing), two bounds on one side, a parameter's name as the
    // field, a number written with a fraction where its text is read, an option the path does not know.
    assert.equal(accepts({ terms: { region: [] } }), false);
    assert.equal(accepts({ range: { n: { gt: 1, gte: 2 } } }), false);
    assert.equal(accepts({ term: { boost: 'x' } }), false);
    assert.equal(accepts({ bool: { should: [{ match_all: {} }], minimum_should_match: 1 } }), true);
    assert.equal(accepts(null, '{"query":{"bool":{"should":[{"match_all":{}}],"minimum_should_match":1.0}}}'), false);
    assert.equal(accepts({ match: { message: { query: 'x', fuzziness: 'AUTO' } } }), false);
    assert.equal(accepts({ term: { level: 'error' }, match_all: {} }), false);
  });
});

const AGGREGATION_TYPES = [
  'avg',
  'sum',
  'min',
  'max',
  'value_count',
  'cardinality',
  'stats',
  'extended_stats',
  'terms',
  'date_histogram',
  'histogram',
  'percentiles',
  'percentile_ranks',
  'top_hits',
  'range',
  'missing',
  'significant_text',
  'weighted_avg',
  'auto_date_histogram',
  'rare_terms',
  'global',
  'sampler',
];
const AGGREGATION_OPTIONS = [
  'size',
  'order',
  'min_doc_count',
  'fixed_interval',
  'calendar_interval',
  'interval',
  'percents',
  'missing',
  'script',
  'format',
  'keyed',
  'shard_size',
  'extended_bounds',
  'values',
  'precision_threshold',
];
const INTERVALS: unknown[] = [
  '5m',
  '1m',
  '1M',
  '1h',
  '30s',
  '0m',
  '1.5h',
  '100000m',
  '99999d',
  '1ms',
  '1q',
  '1y',
  'minute',
  'month',
  'MONTH',
  '1w',
  '2w',
  '1 d',
  'm',
  '-1m',
  '10ms',
  '1d ',
  5,
  0,
  -1,
  0.5,
  1e10,
];
const ORDERS: unknown[] = [
  { _count: 'desc' },
  { _key: 'asc' },
  { _count: 'DESC' },
  { _term: 'asc' },
  { _time: 'desc' },
  { x: 'desc' },
  { _count: 'desc', _key: 'asc' },
  [{ _count: 'desc' }],
  'desc',
  {},
  { _key: 'up' },
];
const PERCENTS: unknown[] = [[95], [50, 95, 99], [], [0], [100], [101], [-1], [95, 95], [50.5], ['95'], [null], 95];
/** The options each type is mostly given; any other now and then. */
const RELEVANT_OPTIONS: Readonly<Record<string, readonly string[]>> = {
  terms: ['size', 'order', 'min_doc_count'],
  date_histogram: ['fixed_interval', 'calendar_interval', 'min_doc_count', 'order'],
  histogram: ['interval', 'min_doc_count', 'order'],
  percentiles: ['percents'],
};
const COUNTS: unknown[] = [0, 1, 10, -1, 1.5, 2147483647, 2147483648, '10', null, true];

/** Random aggregation types and bodies: mostly the plain ones with ordinary and awkward values, and their neighbours. */
function aggregationGenerator(seed: number): () => [string, Record<string, unknown>] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const chance = (p: number): boolean => next() < p;
  return () => {
    const type = chance(0.8) ? pick(AGGREGATION_TYPES.slice(0, 12)) : pick(AGGREGATION_TYPES);
    const body: Record<string, unknown> = {};
    if (chance(0.92)) body.field = chance(0.85) ? pick(FIELDS) : pick([...NUMBERS, ...OTHERS]);
    const relevant = RELEVANT_OPTIONS[type] ?? [];
    for (const option of AGGREGATION_OPTIONS) {
      if (!chance(relevant.includes(option) ? 0.5 : 0.02)) continue;
      switch (option) {
        case 'order':
          body[option] = pick(ORDERS);
          break;
        case 'fixed_interval':
        case 'calendar_interval':
        case 'interval':
          body[option] = pick(INTERVALS);
          break;
        case 'percents':
          body[option] = pick(PERCENTS);
          break;
        case 'size':
        case 'min_doc_count':
        case 'shard_size':
          body[option] = pick(COUNTS);
          break;
        default:
          body[option] = pick([...TEXTS.slice(0, 10), ...NUMBERS, ...OTHERS]);
      }
    }
    return [type, body];
  };
}

void describe('plain aggregation bodies', () => {
  void it('are only those the full checks report nothing of and note nothing about, on every target', () => {
    const make = aggregationGenerator(20261202);
    let plain = 0;
    let full = 0;
    for (let i = 0; i < 20000; i++) {
      const [type, written] = make();
      const segment = JsonSegment.parse(JSON.stringify({ aggs: { a: { [type]: written } } }));
      const body = (segment.value as { aggs: { a: Record<string, Record<string, unknown>> } }).aggs.a[type]!;
      if (!plainAggregationBody(type, body)) {
        full++;
        continue;
      }
      plain++;
      for (const target of TARGETS) {
        const check = new JsonCheck(segment, [], locate, target);
        const at = ValuePath.of('aggs', 'a', type);
        withFullChecks(() => {
          validateAggregationBody(check, at, 'a', type, body, typeRulesOf(type));
        });
        const found = check.issues.map((f) => `${f.code}: ${f.message}`);
        assert.deepEqual(found, [], `${segment.text} on ${target.distribution} ${target.versionText}`);
        assert.equal(check.earlyEnd, undefined, segment.text);
        assert.equal(check.mayMatchNothing, false, segment.text);
      }
    }
    assert.ok(plain > 1000, `plain ${plain}`);
    assert.ok(full > 5000, `full ${full}`);
  });

  void it('accepts the common forms and leaves their near neighbours to the full checks', () => {
    assert.equal(plainAggregationBody('avg', { field: 'duration_ms' }), true);
    assert.equal(plainAggregationBody('terms', { field: 'env', size: 8, order: { _count: 'desc' } }), true);
    assert.equal(
      plainAggregationBody('date_histogram', { field: '@timestamp', fixed_interval: '5m', min_doc_count: 0 }),
      true,
    );
    assert.equal(plainAggregationBody('percentiles', { field: 'duration_ms', percents: [95, 99] }), true);
    // Two intervals, none, a size of 0, a percent above 100, an order by a sub-aggregation, an option not known here.
    assert.equal(
      plainAggregationBody('date_histogram', { field: 't', fixed_interval: '5m', calendar_interval: '1d' }),
      false,
    );
    assert.equal(plainAggregationBody('date_histogram', { field: 't' }), false);
    assert.equal(plainAggregationBody('terms', { field: 'env', size: 0 }), false);
    assert.equal(plainAggregationBody('percentiles', { field: 'd', percents: [101] }), false);
    assert.equal(plainAggregationBody('terms', { field: 'env', order: { avg_value: 'desc' } }), false);
    assert.equal(plainAggregationBody('avg', { field: 'd', missing: 0 }), false);
  });
});

void describe('plain forms in whole documents', () => {
  void it('leaves whole documents diagnosed as the full checks diagnose them', () => {
    const make = generator(7);
    const makeAggregation = aggregationGenerator(7);
    const generated: string[] = [];
    for (let i = 0; i < 400; i++) {
      const query = make();
      generated.push(JSON.stringify({ query, size: 1 }));
      generated.push(JSON.stringify({ aggs: { f: { filter: query } } }));
      const [type, body] = makeAggregation();
      const sub = makeAggregation();
      generated.push(JSON.stringify({ size: 0, aggs: { a: { [type]: body, aggs: { b: { [sub[0]]: sub[1] } } } } }));
    }
    const corpus: string[] = [];
    for (const file of ['queries.jsonl', 'body.jsonl', 'cross.jsonl', 'aggregations.jsonl']) {
      const lines = readFileSync(path.join(__dirname, '../../../../test/fixtures/conformance', file), 'utf8').split(
        '\n',
      );
      for (const line of lines) {
        if (line.length === 0) continue;
        const { body } = JSON.parse(line) as { body?: unknown };
        if (
          typeof body === 'string' &&
          /"(bool|term|terms|match|match_phrase|range|exists|prefix|wildcard|multi_match|match_all|avg|sum|min|max|value_count|cardinality|stats|extended_stats|date_histogram|histogram|percentiles)"/.test(
            body,
          )
        ) {
          corpus.push(body);
        }
      }
    }
    assert.ok(corpus.length > 2000, `bodies ${corpus.length}`);
    // The generated bodies on three targets, the corpus's (recorded on 3.x and 2.19) on two.
    for (const [target, checked] of [
      [TARGETS[0]!, [...generated, ...corpus]],
      [TARGETS[2]!, [...generated, ...corpus]],
      [TARGETS[5]!, generated],
    ] as const) {
      for (const body of checked) {
        const text = `POST /conformance/_search\n${body}\n`;
        const said = (d: { code?: unknown; message: string; range: unknown }): string =>
          `${String(d.code)} ${JSON.stringify(d.range)} ${d.message}`;
        const plain = diagnose('search', text, target).map(said);
        const full = withFullChecks(() => diagnose('search', text, target)).map(said);
        assert.deepEqual(plain, full, body);
      }
    }
  });
});
