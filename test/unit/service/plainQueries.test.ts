// What the plain-query path (plainQueries.ts) keeps: a query it lets pass the full checks by is one the full checks
// report nothing of and note nothing about, on every target; and a whole document is diagnosed alike with and
// without it, over generated queries and the conformance corpus's bodies.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { random } from '../../../bench/generateMsearch';
import { JsonSegment } from '../../../server/src/service/json/jsonSegment';
import { ValuePath } from '../../../server/src/service/json/valuePath';
import { DEFAULT_TARGET, makeTarget, type TargetServer } from '../../../server/src/service/target';
import { JsonCheck } from '../../../server/src/service/validate/jsonCheck';
import { plainQuery } from '../../../server/src/service/validate/plainQueries';
import { validateQueryContainer, withFullQueryChecks } from '../../../server/src/service/validate/query';
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
          withFullQueryChecks(() => {
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

  void it('leaves whole documents diagnosed as the full checks diagnose them', () => {
    const make = generator(7);
    const generated: string[] = [];
    for (let i = 0; i < 400; i++) {
      const query = make();
      generated.push(JSON.stringify({ query, size: 1 }));
      generated.push(JSON.stringify({ aggs: { f: { filter: query } } }));
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
          /"(bool|term|terms|match|match_phrase|range|exists|prefix|wildcard|multi_match|match_all)"/.test(body)
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
        const full = withFullQueryChecks(() => diagnose('search', text, target)).map(said);
        assert.deepEqual(plain, full, body);
      }
    }
  });
});
