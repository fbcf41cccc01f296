// A large, realistic `.msearch` file, generated the same way every time: headers with indexes and options, bodies
// with queries, aggregations, sorts and source filtering, one JSON object per line.

/** A small deterministic random source (mulberry32), shared with the hostile-document generator of the tests. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const INDEXES = ['logs-*', 'logs-2024.06.*', 'metrics-app', 'traces-checkout', 'audit', 'logs-web,logs-api'];
const FIELDS = ['message', 'service.name', 'host.name', 'http.request.method', 'user.id', 'error.type', 'url.path'];
const KEYWORDS = ['level', 'service.name', 'host.name', 'http.response.status_code', 'region', 'env'];
const WORDS = ['timeout', 'connection reset', 'payment failed', 'cache miss', 'slow query', 'retry', 'not found'];
const LEVELS = ['error', 'warn', 'info', 'debug'];
const NUMERIC = ['duration_ms', 'bytes', 'http.response.status_code', 'cpu.pct', 'memory.rss'];

export interface GeneratedMsearch {
  readonly text: string;
  readonly pairs: number;
}

/** `pairs` header/body pairs (20,000 by default, about 9 MB), ending with a newline. */
export function generateMsearch(pairs = 20_000, seed = 42): GeneratedMsearch {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const lines: string[] = [];
  for (let i = 0; i < pairs; i++) {
    lines.push(JSON.stringify(header(i, pick, int, next)));
    lines.push(JSON.stringify(body(pick, int, next)));
  }
  return { text: `${lines.join('\n')}\n`, pairs };
}

type Pick = <T>(list: readonly T[]) => T;
type Int = (min: number, max: number) => number;

function header(i: number, pick: Pick, int: Int, next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = { index: pick(INDEXES) };
  if (next() < 0.3) out.preference = `user-${int(1, 500)}`;
  if (next() < 0.2) out.search_type = next() < 0.5 ? 'query_then_fetch' : 'dfs_query_then_fetch';
  if (next() < 0.2) out.request_cache = next() < 0.5;
  if (next() < 0.1) out.routing = `tenant-${i % 37}`;
  if (next() < 0.1) out.expand_wildcards = 'open,hidden';
  if (next() < 0.1) out.cancel_after_time_interval = `${int(1, 60)}s`;
  if (next() < 0.1) out.ignore_unavailable = true;
  return out;
}

function timeRange(int: Int): Record<string, unknown> {
  return { range: { '@timestamp': { gte: `now-${int(1, 48)}h`, lte: 'now' } } };
}

function query(pick: Pick, int: Int, next: () => number): Record<string, unknown> {
  const must: unknown[] = [];
  const filter: unknown[] = [timeRange(int)];
  const roll = next();
  if (roll < 0.35) {
    must.push({ match: { [pick(FIELDS)]: { query: pick(WORDS), operator: next() < 0.5 ? 'and' : 'or' } } });
  } else if (roll < 0.55) {
    must.push({
      multi_match: { query: pick(WORDS), fields: [pick(FIELDS), `${pick(FIELDS)}^2`], type: 'best_fields' },
    });
  } else if (roll < 0.7) {
    must.push({ query_string: { query: `${pick(KEYWORDS)}:${pick(LEVELS)} AND ${pick(WORDS).split(' ')[0]!}*` } });
  } else {
    must.push({ match_phrase: { message: pick(WORDS) } });
  }
  filter.push({ term: { level: pick(LEVELS) } });
  if (next() < 0.3) filter.push({ terms: { [pick(KEYWORDS)]: [pick(LEVELS), pick(LEVELS)] } });
  const bool: Record<string, unknown> = { must, filter };
  if (next() < 0.25) bool.must_not = [{ exists: { field: 'debug.trace' } }];
  if (next() < 0.15) {
    bool.should = [{ wildcard: { 'url.path': { value: `/api/v${int(1, 3)}/*` } } }, { prefix: { 'user.id': 'svc-' } }];
    bool.minimum_should_match = 1;
  }
  return { bool };
}

function aggs(pick: Pick, int: Int, next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = {
    by_key: {
      terms: { field: pick(KEYWORDS), size: int(5, 20), order: { _count: 'desc' } },
      aggs: { avg_value: { avg: { field: pick(NUMERIC) } } },
    },
  };
  if (next() < 0.4) {
    out.over_time = {
      date_histogram: { field: '@timestamp', fixed_interval: `${int(1, 30)}m`, min_doc_count: 0 },
      aggs: { p95: { percentiles: { field: pick(NUMERIC), percents: [95] } } },
    };
  }
  return out;
}

function body(pick: Pick, int: Int, next: () => number): Record<string, unknown> {
  const out: Record<string, unknown> = { query: query(pick, int, next) };
  const withAggs = next() < 0.5;
  out.size = withAggs ? 0 : int(10, 100);
  if (!withAggs) {
    out.from = int(0, 5) * 10;
    out.sort = [{ '@timestamp': { order: 'desc' } }, '_score'];
    out._source = next() < 0.5 ? ['@timestamp', 'message', pick(FIELDS)] : { excludes: ['*.raw'] };
    if (next() < 0.3) out.highlight = { fields: { message: {} }, fragment_size: 150 };
  } else {
    out.aggs = aggs(pick, int, next);
  }
  out.track_total_hits = next() < 0.5 ? true : 10000;
  if (next() < 0.4) out.timeout = `${int(1, 30)}s`;
  return out;
}
