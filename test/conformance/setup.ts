// The index the conformance corpus runs against: one shard, a field of each kind the query clauses and aggregations
// need (geo, nested, join, rank features, percolator, ranges), and a few documents, so that a request is refused
// only for what it says, never for a mapping or data it does not find.

export const CONFORMANCE_INDEX = 'conformance';

export const CONFORMANCE_MAPPINGS = {
  properties: {
    kw: { type: 'keyword' },
    text: { type: 'text', fields: { raw: { type: 'keyword' } } },
    num: { type: 'long' },
    price: { type: 'double' },
    date: { type: 'date' },
    flag: { type: 'boolean' },
    ip: { type: 'ip' },
    location: { type: 'geo_point' },
    shape: { type: 'geo_shape' },
    items: { type: 'nested', properties: { name: { type: 'keyword' }, qty: { type: 'long' } } },
    relation: { type: 'join', relations: { parent: 'child' } },
    pagerank: { type: 'rank_feature' },
    topics: { type: 'rank_features' },
    query: { type: 'percolator' },
    int_range: { type: 'integer_range' },
  },
} as const;

/**
 * The search pipelines recording defines on each cluster, by name: a pipeline with no processors (the clusters have
 * no processor plugins), which a search may name and run with. The conformance index has no default pipeline
 * (`index.search.default_pipeline` stays `_none`).
 */
export const CONFORMANCE_SEARCH_PIPELINES = {
  'conformance-pipeline': {
    description: 'A pipeline of the conformance corpus, without processors.',
    request_processors: [],
  },
} as const;

/**
 * What `GET _nodes/plugins` lists on the clusters recording runs (no distribution's plugins: the modules, by class
 * name, which were renamed between the two versions), by version; the extension reads them with the cluster state.
 */
const MODULES = [
  'analysis.common.CommonAnalysis',
  'geo.GeoModule',
  'index.mapper.MapperExtras',
  'index.rankeval.RankEval',
  'index.reindex.Reindex',
  'ingest.common.IngestCommon',
  'ingest.useragent.IngestUserAgent',
  'join.ParentJoin',
  'painless.Painless',
  'percolator.Percolator',
  'plugin.repository.url.URLRepository',
  'script.expression.Expression',
  'script.mustache.Mustache',
  'search.aggregations.matrix.MatrixAggregation',
  'transport.Netty4',
];
export const CONFORMANCE_PLUGINS: Readonly<Record<string, readonly string[]>> = {
  '3.9.0': MODULES.map((m) => `org.opensearch.${m.replace(/Module$/, '')}ModulePlugin`),
  '3.8.0': MODULES.map((m) => `org.opensearch.${m.replace(/Module$/, '')}ModulePlugin`),
  '2.19.6': MODULES.map((m) => `org.opensearch.${m}Plugin`),
  '2.19.1': MODULES.map((m) => `org.opensearch.${m}Plugin`),
};

/** Documents as `[id, routing, source]`. */
export const CONFORMANCE_DOCS: readonly (readonly [string, string | undefined, Record<string, unknown>])[] = [
  [
    '1',
    undefined,
    {
      kw: 'a',
      text: 'the quick brown fox',
      num: 1,
      price: 1.5,
      date: '2024-01-01T00:00:00Z',
      flag: true,
      ip: '10.0.0.1',
      location: { lat: 1, lon: 2 },
      shape: { type: 'point', coordinates: [2, 1] },
      items: [{ name: 'x', qty: 1 }],
      relation: 'parent',
      pagerank: 5,
      topics: { a: 1 },
      int_range: { gte: 1, lte: 5 },
    },
  ],
  [
    '2',
    '1',
    {
      kw: 'b',
      text: 'lazy dogs sleep',
      num: 20,
      price: 3,
      date: '2024-01-02T00:00:00Z',
      flag: false,
      ip: '10.0.0.9',
      location: { lat: 3, lon: 4 },
      items: [{ name: 'y', qty: 3 }],
      relation: { name: 'child', parent: '1' },
      pagerank: 2,
    },
  ],
  ['3', undefined, { kw: 'c', text: 'quick quick', num: 7, date: '2024-01-05T00:00:00Z', query: { match_all: {} } }],
];
