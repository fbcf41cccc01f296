// A named analyzer that none of the searched indexes has: the queries that look the name up when the shard builds them
// (match and its phrase and prefix forms, multi_match, query_string, simple_query_string, common) fail on every shard
// with "[<query>] analyzer [<name>] not found". The name is there when it is built in or defined in the index's
// settings (`index.analysis.analyzer.*`); plugins may add more, so the rule holds only when the nodes' plugins are
// known and none of them is one that may. Real 3.8.0 and 2.19.1, docs/opensearch/query-dsl.md#named-analyzers.
import { isObject, type JsonPath } from '../json/jsonSegment';
import type { IndexMapping } from './clusterKnowledge';
import { nameText } from '../validate/values';

/**
 * The analyzers every index has without defining them, each tried by name in a match query on real 3.8.0 and 2.19.1
 * (the core's prebuilt analyzers and those of the analysis-common module). Names are case-sensitive.
 */
const BUILT_IN_ANALYZERS: ReadonlySet<string> = new Set([
  'default',
  'standard',
  'simple',
  'whitespace',
  'stop',
  'keyword',
  'pattern',
  'fingerprint',
  'snowball',
  'classic',
  'arabic',
  'armenian',
  'basque',
  'bengali',
  'brazilian',
  'bulgarian',
  'catalan',
  'chinese',
  'cjk',
  'czech',
  'danish',
  'dutch',
  'english',
  'estonian',
  'finnish',
  'french',
  'galician',
  'german',
  'greek',
  'hindi',
  'hungarian',
  'indonesian',
  'irish',
  'italian',
  'latvian',
  'lithuanian',
  'norwegian',
  'persian',
  'portuguese',
  'romanian',
  'russian',
  'sorani',
  'spanish',
  'swedish',
  'thai',
  'turkish',
]);

/**
 * Plugins known to add no analyzer beyond those above: the modules real 3.8.0 and 2.19.1 list as plugins when they run
 * without a distribution's plugins (their class names changed between the two). Any other plugin may add analyzers.
 */
const PLUGINS_WITHOUT_OTHER_ANALYZERS: ReadonlySet<string> = new Set(
  [
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
  ].flatMap((name) => [`org.opensearch.${name}Plugin`, `org.opensearch.${name}ModulePlugin`]),
);

/** Whether the analyzers the nodes have beyond an index's own are those above: no plugin may add one. */
export function builtInAnalyzersKnown(plugins: ReadonlySet<string> | undefined): boolean {
  if (plugins === undefined) return false;
  for (const plugin of plugins) if (!PLUGINS_WITHOUT_OTHER_ANALYZERS.has(plugin)) return false;
  return true;
}

/** The queries that look an analyzer up by name, with where they take it. */
const PER_FIELD = new Set(['match', 'match_phrase', 'match_phrase_prefix', 'match_bool_prefix', 'common']);
const TOP_LEVEL: Readonly<Record<string, readonly string[]>> = {
  multi_match: ['analyzer'],
  // The analyzer is looked up before the quote analyzer.
  query_string: ['analyzer', 'quote_analyzer'],
  simple_query_string: ['analyzer'],
};

export interface AnalyzerFinding {
  readonly message: string;
  readonly path: JsonPath;
}

/** The analyzer named at `path`, when it is a name (common reads an array's values in turn: the last one wins). */
function namedAt(clause: string, raw: unknown, path: JsonPath): { name: string; path: JsonPath } | undefined {
  if (Array.isArray(raw)) {
    const list: readonly unknown[] = raw;
    if (clause !== 'common' || list.length === 0) return undefined;
    const last = list[list.length - 1];
    return typeof last === 'string' ? namedAt(clause, last, [...path, list.length - 1]) : undefined;
  }
  const name = nameText(raw);
  if (name === undefined || name.length === 0 || name.includes('${')) return undefined;
  return { name, path };
}

/** The first analyzer of a query clause that no searched index has. */
export function missingAnalyzer(
  clause: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: readonly IndexMapping[],
): AnalyzerFinding | undefined {
  const named: { param: string; name: string; path: JsonPath }[] = [];
  if (PER_FIELD.has(clause)) {
    for (const field in body) {
      const options = body[field];
      if (!isObject(options)) continue;
      const found = namedAt(clause, options['analyzer'], [...path, field, 'analyzer']);
      if (found !== undefined) named.push({ param: 'analyzer', ...found });
    }
  }
  for (const param of TOP_LEVEL[clause] ?? []) {
    const found = namedAt(clause, body[param], [...path, param]);
    if (found !== undefined) named.push({ param, ...found });
  }
  for (const { param, name, path: at } of named) {
    if (BUILT_IN_ANALYZERS.has(name)) continue;
    const missing = indexes.every((mapping) => mapping.analyzers !== undefined && !mapping.analyzers.has(name));
    // The first name looked up decides: when an index has it, what follows is not known to be reached.
    if (!missing) return undefined;
    return { message: `[${clause}] ${param} [${name}] not found`, path: at };
  }
  return undefined;
}
