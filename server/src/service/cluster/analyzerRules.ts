// A named analyzer that none of the searched indexes has: the queries that look the name up when the shard builds them
// (match and its phrase and prefix forms, multi_match, query_string, simple_query_string, common) fail on every shard
// with "[<query>] analyzer [<name>] not found". The name is there when it is built in or defined in the index's
// settings (`index.analysis.analyzer.*`); plugins may add more, so the rule holds only when the nodes' plugins are
// known and none of them is one that may. Real 3.8.0 and 2.19.1, docs/opensearch/query-dsl.md#named-analyzers.
import { isObject, type JsonPath } from '../json/jsonSegment';
import type { IndexMapping } from './clusterKnowledge';
import { nameText } from '../validate/values';
import { ANALYZER_OPTIONS } from '../validate/analyzerOptions';
import { minimumShouldMatchError } from '../validate/sectionOptions';

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
 * The modules real 3.8.0 and 2.19.1 list as plugins when they run without a distribution's plugins (their class names
 * changed between the two): they add no analyzer beyond those above, and no metadata field. Any other plugin may add
 * analyzers, or a metadata field (mapper-size's `_size`).
 */
const CORE_MODULES: ReadonlySet<string> = new Set(
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

/**
 * Whether the nodes are known to run the core modules alone: the analyzers they have beyond an index's own are those
 * above, and the metadata fields those of every index.
 */
export function onlyCoreModules(plugins: ReadonlySet<string> | undefined): boolean {
  if (plugins === undefined) return false;
  for (const plugin of plugins) if (!CORE_MODULES.has(plugin)) return false;
  return true;
}

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
  // An empty name is found nowhere, which the checks of the request alone say (query.ts).
  const name = nameText(raw);
  if (name === undefined || name.length === 0 || name.includes('${')) return undefined;
  return { name, path };
}

/** Whether an analyzer is built in, or some searched index may have it (one whose analyzers are not known may). */
export function analyzerKnown(name: string, indexes: readonly IndexMapping[]): boolean {
  return (
    BUILT_IN_ANALYZERS.has(name) ||
    !indexes.every((mapping) => mapping.analyzers !== undefined && !mapping.analyzers.has(name))
  );
}

/** The first analyzer of a query clause that no searched index has. */
export function missingAnalyzer(
  clause: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: readonly IndexMapping[],
): AnalyzerFinding | undefined {
  const named: { param: string; name: string; path: JsonPath }[] = [];
  const looked = ANALYZER_OPTIONS.get(clause);
  // Where the options are: each field's object, or the clause's own.
  const holders: [Record<string, unknown>, JsonPath][] = [];
  if (looked?.perField === true) {
    for (const field in body) {
      const options = body[field];
      if (isObject(options)) holders.push([options, [...path, field]]);
    }
  } else if (looked !== undefined) holders.push([body, path]);
  for (const [options, at] of holders) {
    for (const param of looked?.options ?? []) {
      const found = namedAt(clause, options[param], [...at, param]);
      if (found !== undefined) named.push({ param, ...found });
    }
  }
  for (const { param, name, path: at } of named) {
    if (BUILT_IN_ANALYZERS.has(name)) continue;
    // The first name looked up decides: when an index has it, what follows is not known to be reached.
    if (analyzerKnown(name, indexes)) return undefined;
    return { message: `[${clause}] ${param} [${name}] not found`, path: at };
  }
  return undefined;
}

/** The intervals rules that look their `analyzer` up by name, with the rules that hold others. */
const INTERVAL_ANALYZED = new Set(['wildcard', 'fuzzy']);
const INTERVAL_HOLDERS = new Set(['all_of', 'any_of']);

/**
 * An intervals `wildcard` or `fuzzy` rule (in any `all_of` or `any_of`) whose `analyzer` no searched index has and
 * that is not built in: each shard fails with a NullPointerException where it normalizes the pattern or term
 * (`match` and `prefix` fall back to the field's analyzer; real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, conformance cases
 * `cross/lists/values/intervals-*-analyzer-*`).
 */
export function intervalsAnalyzerFinding(
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: readonly IndexMapping[],
): AnalyzerFinding | undefined {
  const visit = (rules: unknown, at: JsonPath): AnalyzerFinding | undefined => {
    if (!isObject(rules)) return undefined;
    for (const rule in rules) {
      const options = rules[rule];
      if (!isObject(options)) continue;
      const analyzer = options['analyzer'];
      if (INTERVAL_ANALYZED.has(rule) && typeof analyzer === 'string' && !analyzerKnown(analyzer, indexes)) {
        return {
          message:
            'failed to create query: Cannot invoke "org.opensearch.index.analysis.NamedAnalyzer.normalize(String, String)" because "analyzer" is null',
          path: [...at, rule, 'analyzer'],
        };
      }
      if (!INTERVAL_HOLDERS.has(rule)) continue;
      const inner = options['intervals'];
      const items: readonly unknown[] = Array.isArray(inner) ? inner : [inner];
      for (let i = 0; i < items.length; i++) {
        const found = visit(
          items[i],
          Array.isArray(inner) ? [...at, rule, 'intervals', i] : [...at, rule, 'intervals'],
        );
        if (found !== undefined) return found;
      }
    }
    return undefined;
  };
  for (const field in body) {
    const found = visit(body[field], [...path, field]);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Java's `\s` and the other breaks between words of Unicode's word segmentation that are plain ASCII. */
const WORD_BREAKS = /[ \t\n\v\f\r]+/;
/** A word the standard tokenizer keeps whole: ASCII letters and digits, up to its `max_token_length` of 255. */
const PLAIN_WORD = /^[A-Za-z0-9]{1,255}$/;

/**
 * How many terms the `standard` analyzer makes of a text, where that is plain: words of ASCII letters and digits
 * between blanks are one term each (lowercasing keeps them apart). Undefined for any other text, whose words the
 * tokenizer's rules may join or split.
 */
function standardTermCount(text: string): number | undefined {
  let count = 0;
  for (const word of text.split(WORD_BREAKS)) {
    if (word === '') continue;
    if (!PLAIN_WORD.test(word)) return undefined;
    count++;
  }
  return count;
}

/**
 * `match`'s `minimum_should_match`, which each shard reads only when the analysed text makes more than one term: the
 * query is then a `bool` of the terms, and the text is read for its optional clauses (the terms, or none with
 * `operator` `and`), as `bool`'s own is (`Queries.calculateMinShouldMatch`). One term, or none, makes no `bool`, and the
 * text is never read. Known where the terms are: a text field of every searched index analysed by `standard` (its
 * own analyzer and the index's `default` and `default_search` not set, or `analyzer` `standard` in the query), the
 * nodes adding no analyzer, a plain text, and no `cutoff_frequency` (which makes another query). Real 3.9.0, 3.8.0,
 * 2.19.6 and 2.19.1, conformance cases `cross/lists/shard/msm-match-*`.
 */
export function matchMinimumShouldMatch(
  clause: string,
  body: Record<string, unknown>,
  path: JsonPath,
  indexes: readonly IndexMapping[],
  rawAt: (path: JsonPath) => string,
): AnalyzerFinding | undefined {
  if (clause !== 'match') return undefined;
  const fields = Object.keys(body);
  const field = fields[0];
  if (field === undefined || fields.length !== 1) return undefined;
  const options = body[field];
  if (!isObject(options) || 'cutoff_frequency' in options) return undefined;
  const msm = options['minimum_should_match'];
  const at = [...path, field, 'minimum_should_match'];
  const spec = typeof msm === 'string' ? msm : typeof msm === 'number' ? rawAt(at) : undefined;
  const query = options['query'];
  if (spec === undefined || typeof query !== 'string') return undefined;
  const analyzer = options['analyzer'];
  if (analyzer !== undefined && analyzer !== 'standard') return undefined;
  const standard = indexes.every(
    (mapping) =>
      mapping.types.get(field) === 'text' &&
      (analyzer === 'standard' ||
        (!mapping.analyzed.has(field) &&
          mapping.analyzers !== undefined &&
          !mapping.analyzers.has('default') &&
          !mapping.analyzers.has('default_search'))),
  );
  const terms = standard ? standardTermCount(query) : undefined;
  if (terms === undefined || terms < 2) return undefined;
  const operator = options['operator'];
  const optional = typeof operator === 'string' && operator.toLowerCase() === 'and' ? 0 : terms;
  const wrong = minimumShouldMatchError(spec, optional);
  if (wrong === undefined) return undefined;
  return {
    message: `failed to create query: ${wrong} (every shard fails so: the text makes ${terms} terms, and their bool reads minimum_should_match for ${optional} optional clauses)`,
    path: at,
  };
}
