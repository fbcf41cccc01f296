// Keys of an `_msearch` header line (docs/opensearch/msearch.md#header-keys): what MultiSearchRequest reads, with its aliases.

/**
 * How a key's value is converted:
 * - `indices`: a string (comma-split, no trimming) or an array;
 * - `searchType`: `query_then_fetch` / `dfs_query_then_fetch`;
 * - `boolean`: strict boolean, error `Failed to parse value [x] ...`;
 * - `namedBoolean`: error `Could not convert [<key as written>] to boolean`;
 * - `nullNamedBoolean`: error `Could not convert [null] to boolean` (the server passes no name);
 * - `indicesOptionBoolean`: like namedBoolean, and an empty string means the default;
 * - `expandWildcards`: a comma string or an array of `open`, `closed`, `hidden`, `none`, `all`;
 * - `time`: a time string, or a number of milliseconds;
 * - `text`: any scalar, read with toString().
 */
type MetadataValueKind =
  | 'indices'
  | 'searchType'
  | 'boolean'
  | 'namedBoolean'
  | 'nullNamedBoolean'
  | 'indicesOptionBoolean'
  | 'expandWildcards'
  | 'time'
  | 'text';

export interface MetadataKeySpec {
  readonly name: string;
  readonly aliases: readonly string[];
  readonly kind: MetadataValueKind;
  readonly doc: string;
  readonly type: string;
  readonly default?: string;
}

export const MSEARCH_METADATA_KEYS: readonly MetadataKeySpec[] = [
  {
    name: 'index',
    aliases: ['indices'],
    kind: 'indices',
    type: 'string | string[]',
    doc: 'Indexes, aliases or patterns this search runs on. A string is split on commas without trimming (`"a, b"` targets ` b`). Empty: all indexes.',
  },
  {
    name: 'search_type',
    aliases: ['searchType'],
    kind: 'searchType',
    type: '"query_then_fetch" | "dfs_query_then_fetch"',
    default: 'query_then_fetch',
    doc: 'How term statistics are gathered for scoring.',
  },
  {
    name: 'preference',
    aliases: [],
    kind: 'text',
    type: 'string',
    doc: 'Which shard copies to search (`_local`, `_only_nodes:<ids>`, a custom string for sticky routing, ...).',
  },
  {
    name: 'routing',
    aliases: [],
    kind: 'text',
    type: 'string',
    doc: 'Searches only the shards these routing values lead to.',
  },
  {
    name: 'request_cache',
    aliases: ['requestCache'],
    kind: 'namedBoolean',
    type: 'boolean',
    doc: 'Uses the shard request cache for this search (default: the index setting).',
  },
  {
    name: 'allow_partial_search_results',
    aliases: [],
    kind: 'nullNamedBoolean',
    type: 'boolean',
    default: 'true',
    doc: 'Returns what healthy shards found when some fail, instead of failing this search.',
  },
  {
    name: 'ccs_minimize_roundtrips',
    aliases: ['ccsMinimizeRoundtrips'],
    kind: 'boolean',
    type: 'boolean',
    default: 'true',
    doc: 'For cross-cluster search: one round trip per remote cluster.',
  },
  {
    name: 'cancel_after_time_interval',
    aliases: ['cancelAfterTimeInterval'],
    kind: 'time',
    type: 'time value | milliseconds',
    doc: 'Cancels this search after this long; a number is read as milliseconds.',
  },
  {
    name: 'phase_took',
    aliases: [],
    kind: 'boolean',
    type: 'boolean',
    default: 'false',
    doc: 'Adds the time each search phase took to this response.',
  },
  {
    name: 'expand_wildcards',
    aliases: ['expandWildcards'],
    kind: 'expandWildcards',
    type: 'string | string[]',
    default: 'open',
    doc: 'Which indexes wildcards expand to: `open`, `closed`, `hidden`, `all` or `none`.',
  },
  {
    name: 'ignore_unavailable',
    aliases: ['ignoreUnavailable'],
    kind: 'indicesOptionBoolean',
    type: 'boolean',
    default: 'false',
    doc: 'Skips missing or closed indexes instead of failing this search.',
  },
  {
    name: 'allow_no_indices',
    aliases: ['allowNoIndices'],
    kind: 'indicesOptionBoolean',
    type: 'boolean',
    default: 'true',
    doc: 'Whether a pattern that matches no index is fine.',
  },
  {
    name: 'ignore_throttled',
    aliases: ['ignoreThrottled'],
    kind: 'indicesOptionBoolean',
    type: 'boolean',
    default: 'true',
    doc: 'Skips frozen (throttled) indexes.',
  },
];

/** Every accepted spelling, mapped to its key. */
export const METADATA_KEY_BY_NAME: ReadonlyMap<string, MetadataKeySpec> = new Map(
  MSEARCH_METADATA_KEYS.flatMap((spec) => {
    // Every spec with every property, in one order: read for every key of every header.
    const uniform: MetadataKeySpec = {
      name: spec.name,
      aliases: spec.aliases,
      kind: spec.kind,
      doc: spec.doc,
      type: spec.type,
      default: spec.default,
    };
    return [spec.name, ...spec.aliases].map((name) => [name, uniform] as const);
  }),
);
