// What the language server is told of the connected cluster (protocol ClusterState): index names and aliases, the
// fields of each mapping with their types (nested `properties` and multi-`fields` as dotted names), the nodes and
// the running tasks. Built from the cluster's answers here; the tracker sends only the parts that changed.
import {
  CLUSTER_LIMIT_SETTINGS,
  INDEX_LIMIT_SETTINGS,
  type ClusterStateField,
  type ClusterStateIndex,
  type ClusterStateNode,
  type ClusterStateParams,
  type ClusterStateTask,
  type LimitSetting,
} from '../../../server/src/protocol/protocol';
import {
  BACKGROUND_LIMITS,
  readInBackground,
  type BackgroundAnswer,
  type JsonReader,
  type JsonReaderHost,
} from './backgroundRead';
import type { ClusterClient, HttpRequest } from './clusterClient';
import { isRequestFailure, RequestFailure } from './failures';
import type { NodeInfo } from './nodesInfo';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A join field's `relations`: each parent with its children (one name or a list in the mapping). */
function joinRelations(raw: unknown): Record<string, string[]> | undefined {
  if (!isRecord(raw)) return undefined;
  const out: Record<string, string[]> = {};
  for (const [parent, children] of Object.entries(raw)) {
    const list: unknown[] = Array.isArray(children) ? children : [children];
    out[parent] = list.filter((c): c is string => typeof c === 'string');
  }
  return out;
}

/**
 * One field as the server is told it: its name and type, a join field's relations, doc values or index turned off,
 * a normalizer, a date format, field data turned on, an analyzer of its own, term vectors with offsets.
 */
function fieldOf(name: string, type: string, raw: Json): ClusterStateField {
  const relations = type === 'join' ? joinRelations(raw['relations']) : undefined;
  return {
    name,
    type,
    ...(relations === undefined ? {} : { relations }),
    ...(raw['doc_values'] === false ? { docValues: false as const } : {}),
    ...(raw['index'] === false ? { indexed: false as const } : {}),
    ...(typeof raw['normalizer'] === 'string' ? { normalized: true as const } : {}),
    ...(typeof raw['format'] === 'string' ? { format: raw['format'] } : {}),
    ...(raw['fielddata'] === true ? { fielddata: true as const } : {}),
    ...(typeof raw['analyzer'] === 'string' || typeof raw['search_analyzer'] === 'string'
      ? { analyzed: true as const }
      : {}),
    ...(OFFSET_VECTORS.has(String(raw['term_vector'])) ? { offsets: true as const } : {}),
  };
}

/** The `term_vector` settings that keep positions and offsets, which the fast vector highlighter needs. */
const OFFSET_VECTORS: ReadonlySet<string> = new Set(['with_positions_offsets', 'with_positions_offsets_payloads']);

function addProperties(properties: Json, prefix: string, out: ClusterStateField[]): void {
  for (const [name, raw] of Object.entries(properties)) {
    if (!isRecord(raw)) continue;
    const path = prefix === '' ? name : `${prefix}.${name}`;
    const type = typeof raw['type'] === 'string' ? raw['type'] : isRecord(raw['properties']) ? 'object' : undefined;
    if (type !== undefined) out.push(fieldOf(path, type, raw));
    if (isRecord(raw['properties'])) addProperties(raw['properties'], path, out);
    const fields = raw['fields'];
    if (isRecord(fields)) {
      for (const [sub, subRaw] of Object.entries(fields)) {
        if (isRecord(subRaw) && typeof subRaw['type'] === 'string') {
          out.push(fieldOf(`${path}.${sub}`, subRaw['type'], subRaw));
        }
      }
    }
  }
}

/**
 * The fields of one index's `mappings`, as dotted names with their types, in mapping order: objects and nested
 * fields too (`object`, `nested`), multi-fields (`message.keyword`), runtime fields. Typed mappings of old clusters
 * (`{"_doc": {"properties": …}}`) are read through their type.
 */
export function mappingFields(mappings: unknown): ClusterStateField[] {
  const out: ClusterStateField[] = [];
  if (!isRecord(mappings)) return out;
  let root: Json = mappings;
  if (!isRecord(mappings['properties'])) {
    const typed = Object.values(mappings).find((v): v is Json => isRecord(v) && isRecord(v['properties']));
    if (typed !== undefined) root = typed;
  }
  if (isRecord(root['properties'])) addProperties(root['properties'], '', out);
  if (isRecord(root['runtime'])) {
    const known = new Set(out.map((f) => f.name));
    for (const [name, raw] of Object.entries(root['runtime'])) {
      if (isRecord(raw) && typeof raw['type'] === 'string' && !known.has(name)) out.push({ name, type: raw['type'] });
    }
  }
  return out;
}

/** An index and its fields, as read from a `GET /_mapping` answer. */
export interface MappedIndex {
  readonly name: string;
  readonly fields: readonly ClusterStateField[];
}

interface AliasRow {
  readonly alias: string;
  readonly index: string;
}

function readMappings(answer: unknown): MappedIndex[] {
  const out: MappedIndex[] = [];
  if (!isRecord(answer)) return out;
  for (const [name, raw] of Object.entries(answer)) {
    if (isRecord(raw)) out.push({ name, fields: mappingFields(raw['mappings']) });
  }
  return out;
}

function readAliasRows(rows: unknown): AliasRow[] {
  if (!Array.isArray(rows)) return [];
  return rows.filter(
    (row): row is AliasRow => isRecord(row) && typeof row['alias'] === 'string' && typeof row['index'] === 'string',
  );
}

function readIndexNames(rows: unknown): string[] {
  if (!Array.isArray(rows)) return [];
  return rows.flatMap((row) => (isRecord(row) && typeof row['index'] === 'string' ? [row['index']] : []));
}

/** `GET /_mapping` read into indexes and their fields (in the worker when the answer is large). */
export const MAPPINGS_READER: JsonReader<MappedIndex[]> = { name: 'mappings', read: readMappings };
/** The rows of `GET /_cat/aliases?format=json&h=alias,index`. */
export const ALIAS_ROWS_READER: JsonReader<AliasRow[]> = { name: 'aliasRows', read: readAliasRows };
/** The names in the rows of `GET /_cat/indices?format=json&h=index`. */
export const INDEX_NAMES_READER: JsonReader<string[]> = { name: 'indexNames', read: readIndexNames };

/**
 * The indexes the server is told, each with its aliases: those of the mappings with their fields, then those only
 * `names` lists (`_cat/indices`), whose fields are not known when `namesUnmapped` (the mappings were too large, or
 * were read only for the indexes the open documents name).
 */
function joinIndices(
  mapped: readonly MappedIndex[],
  aliasRows: readonly AliasRow[],
  names: readonly string[] = [],
  namesUnmapped = false,
): ClusterStateIndex[] {
  const aliases = new Map<string, string[]>();
  for (const row of aliasRows) {
    const list = aliases.get(row.index) ?? [];
    if (!list.includes(row.alias)) list.push(row.alias);
    aliases.set(row.index, list);
  }
  const out: ClusterStateIndex[] = [];
  const seen = new Set<string>();
  for (const index of mapped) {
    seen.add(index.name);
    out.push({ name: index.name, aliases: aliases.get(index.name) ?? [], fields: index.fields });
  }
  for (const name of names) {
    if (seen.has(name)) continue;
    seen.add(name);
    out.push({ name, aliases: aliases.get(name) ?? [], fields: [], ...(namesUnmapped ? { fieldsUnknown: true } : {}) });
  }
  return out;
}

/** Indexes from a `GET /_mapping` answer and the rows of `GET /_cat/aliases?format=json`. */
export function readIndices(mappingAnswer: unknown, aliasRows: unknown): ClusterStateIndex[] {
  return joinIndices(readMappings(mappingAnswer), readAliasRows(aliasRows));
}

export function stateNodes(nodes: readonly NodeInfo[]): ClusterStateNode[] {
  return nodes.map((node) => ({
    id: node.id,
    name: node.name,
    host: node.host,
    ip: node.ip,
    roles: node.roles,
    attributes: node.attributes,
    local: node.local,
    clusterManager: node.clusterManager,
  }));
}

export interface IndicesRequestOptions {
  readonly opaqueId: string;
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
  /** Where large answers are parsed (the response worker); here when undefined. */
  readonly host?: JsonReaderHost;
  /**
   * The index expressions whose mappings are read (those the open documents name): the other indexes are known by
   * name only. Every index's mappings when undefined.
   */
  readonly indexes?: readonly string[];
}

/** Beyond this length of the joined expressions, the mappings of every index are read instead (URL length). */
const MAX_NAMED_PATH = 4000;

/**
 * The path of `GET /<expressions>/_mapping` for the named index expressions, or undefined when none can be asked for:
 * a name made of a variable, a remote cluster's index (`cluster:index`, which `_mapping` does not reach) and an
 * exclusion (`-old`, which only narrows a pattern) are left out; each expression is percent-encoded (date math such as
 * `<logs-{now/d}>` needs it), the list joined with commas.
 */
export function namedMappingPath(expressions: readonly string[]): string | undefined {
  const kept = [
    ...new Set(
      expressions
        .map((e) => e.trim())
        .filter(
          (e) => e.length > 0 && !e.includes('${') && !e.includes(':') && !e.startsWith('-') && e !== '.' && e !== '..',
        ),
    ),
  ].sort();
  if (kept.length === 0) return undefined;
  return `/${kept.map((e) => encodeURIComponent(e)).join(',')}/_mapping`;
}

/**
 * What `GET /_mapping` is asked for: the `type` of each field at any depth (with the `properties` and `fields` that
 * lead to it), a join field's `relations`, `doc_values` and `index` where they are set (a term on a numeric field is
 * two clauses before 3.0 only with both), a keyword field's `normalizer` (which may make two values one term), a
 * field's `format` (a date field with one reads dates with it, not the default format) and a text field's `fielddata`
 * (with it, a text field can be sorted and aggregated), a text field's `analyzer` and `search_analyzer` (which decide
 * how many terms a `match` makes of its text) and a field's `term_vector` (the fast vector highlighter needs positions
 * and offsets), not the rest of the mappings (`_meta`, dynamic templates' options).
 * OpenSearch leaves out an index none of whose fields has a type (an index created without mappings and still empty).
 */
export const MAPPING_FILTER_PATH =
  '*.mappings.**.type,*.mappings.**.relations,*.mappings.**.doc_values,*.mappings.**.index,*.mappings.**.normalizer,' +
  '*.mappings.**.format,*.mappings.**.fielddata,*.mappings.**.analyzer,*.mappings.**.search_analyzer,' +
  '*.mappings.**.term_vector';

export interface IndicesAnswer {
  readonly indices: ClusterStateIndex[];
  /** Why the fields are not known (the mappings were more than their limit): the indexes are then names only. */
  readonly problem?: string;
}

/**
 * `GET /_mapping` (field types only) and `GET /_cat/aliases`, read into indexes, in the worker when large. When the
 * mappings are beyond their limit, the index names come from `_cat/indices` and `problem` says why there are no
 * fields. Throws RequestFailure.
 */
export async function fetchIndices(client: ClusterClient, options: IndicesRequestOptions): Promise<IndicesAnswer> {
  const common = {
    opaqueId: options.opaqueId,
    timeoutMs: options.timeoutMs ?? 30_000,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const cat = (path: string, h: string): HttpRequest & { maxBytes: number } => ({
    method: 'GET',
    path,
    query: [
      { name: 'format', value: 'json', hasValue: true },
      { name: 'h', value: h, hasValue: true },
    ],
    maxBytes: BACKGROUND_LIMITS.cat,
    ...common,
  });
  const named = options.indexes === undefined ? undefined : namedMappingPath(options.indexes);
  const whole = options.indexes === undefined || (named !== undefined && named.length > MAX_NAMED_PATH);
  const mappingQuery = [{ name: 'filter_path', value: MAPPING_FILTER_PATH, hasValue: true }];
  const readMapping = (): Promise<BackgroundAnswer<MappedIndex[]> | RequestFailure | undefined> => {
    // No index named by an open document: nothing to read the fields of.
    if (!whole && named === undefined) return Promise.resolve(undefined);
    return readInBackground(
      client,
      {
        method: 'GET',
        path: whole ? '/_mapping' : named!,
        // An expression that names nothing (yet) is not an error here: the others' fields still count.
        query: whole
          ? mappingQuery
          : [
              ...mappingQuery,
              { name: 'ignore_unavailable', value: 'true', hasValue: true },
              { name: 'allow_no_indices', value: 'true', hasValue: true },
            ],
        maxBytes: BACKGROUND_LIMITS.mapping,
        limitName: 'the limit for mappings read in the background',
        ...common,
      },
      MAPPINGS_READER,
      options.host,
    ).catch((error: unknown) => {
      if (isRequestFailure(error) && error.kind === 'tooLarge') return error;
      throw error;
    });
  };
  const [mapping, aliases, listed] = await Promise.all([
    readMapping(),
    // Aliases are an extra: without the permission to list them, the indexes still count.
    readInBackground(client, cat('/_cat/aliases', 'alias,index'), ALIAS_ROWS_READER, options.host).catch(
      () => undefined,
    ),
    // With the mappings of some indexes only, the names of all come from `_cat/indices`.
    whole
      ? Promise.resolve(undefined)
      : readInBackground(client, cat('/_cat/indices', 'index'), INDEX_NAMES_READER, options.host),
  ]);
  const aliasRows = aliases?.ok === true ? aliases.value : [];
  if (mapping instanceof RequestFailure) {
    const names =
      listed ?? (await readInBackground(client, cat('/_cat/indices', 'index'), INDEX_NAMES_READER, options.host));
    if (!names.ok) throw new Error(`GET /_cat/indices answered ${names.status}`);
    return {
      indices: joinIndices([], aliasRows, names.value, true),
      problem: `${mapping.message} Field names are not known; index names are.`,
    };
  }
  if (mapping !== undefined && !mapping.ok)
    throw new Error(`GET ${whole ? '/_mapping' : named!} answered ${mapping.status}`);
  if (listed !== undefined && !listed.ok) throw new Error(`GET /_cat/indices answered ${listed.status}`);
  return { indices: joinIndices(mapping?.value ?? [], aliasRows, listed?.value ?? [], true) };
}

export type ClusterLimits = Partial<Record<LimitSetting, number>>;

/** A setting's value in a settings answer, by its dotted name: nested objects or a flat key. */
function settingValue(section: unknown, name: string): unknown {
  if (!isRecord(section)) return undefined;
  let raw: unknown = section[name];
  if (raw === undefined) {
    raw = section;
    for (const part of name.split('.')) raw = isRecord(raw) ? raw[part] : undefined;
  }
  return raw;
}

/** A numeric setting's value in a settings answer. */
function settingAt(section: unknown, name: string): number | undefined {
  const raw = settingValue(section, name);
  const text = typeof raw === 'number' ? String(raw) : raw;
  if (typeof text !== 'string' || !/^\d{1,15}$/.test(text)) return undefined;
  return Number(text);
}

/**
 * The limit settings from a `GET _cluster/settings?include_defaults=true` answer (transient over persistent over
 * defaults) and a `GET _all/_settings?include_defaults=true` answer (each index's own value over its default; the
 * largest over all indexes, as which index a request reaches is not known here). Absent answers give nothing.
 */
export function readLimits(clusterAnswer: unknown, indexAnswer: unknown): ClusterLimits {
  const out: ClusterLimits = {};
  if (isRecord(clusterAnswer)) {
    for (const name of CLUSTER_LIMIT_SETTINGS) {
      const value =
        settingAt(clusterAnswer['transient'], name) ??
        settingAt(clusterAnswer['persistent'], name) ??
        settingAt(clusterAnswer['defaults'], name);
      if (value !== undefined) out[name] = value;
    }
  }
  if (isRecord(indexAnswer)) {
    for (const entry of Object.values(indexAnswer)) {
      if (!isRecord(entry)) continue;
      for (const name of INDEX_LIMIT_SETTINGS) {
        const value = settingAt(entry['settings'], name) ?? settingAt(entry['defaults'], name);
        if (value !== undefined) out[name] = Math.max(out[name] ?? 0, value);
      }
    }
  }
  return out;
}

/**
 * Each index's `index.query.default_field` from a `GET _all/_settings?include_defaults=true` answer (its own value
 * over its default), by index name; an index whose value is not a list of names is left out.
 */
export function readDefaultFields(indexAnswer: unknown): Record<string, string[]> {
  return indexSetting(indexAnswer, 'index.query.default_field', (value) => {
    const list = typeof value === 'string' ? [value] : value;
    return Array.isArray(list) && list.every((f): f is string => typeof f === 'string') ? list : undefined;
  });
}

/**
 * Each index's `index.search.default_pipeline` from a `GET _all/_settings?include_defaults=true` answer (its own
 * value over its default, `_none` when it has none), by index name; an index whose value is not a name is left out.
 */
export function readDefaultPipelines(indexAnswer: unknown): Record<string, string> {
  return indexSetting(indexAnswer, 'index.search.default_pipeline', (value) =>
    typeof value === 'string' ? value : undefined,
  );
}

/**
 * One setting of each index from a `GET _all/_settings?include_defaults=true` answer (its own value over its
 * default), as `read` takes it, by index name; an index whose value `read` refuses is left out.
 */
function indexSetting<T>(
  indexAnswer: unknown,
  name: string,
  read: (value: unknown) => T | undefined,
): Record<string, T> {
  const out: Record<string, T> = {};
  if (!isRecord(indexAnswer)) return out;
  for (const [index, entry] of Object.entries(indexAnswer)) {
    if (!isRecord(entry)) continue;
    const value = read(settingValue(entry['settings'], name) ?? settingValue(entry['defaults'], name));
    if (value !== undefined) out[index] = value;
  }
  return out;
}

/**
 * The names of the analyzers each index defines (`index.analysis.analyzer.*`), from a `GET _all/_settings` answer, by
 * index name: every index the answer lists (the limits' defaults put each one in it), with none when it defines none.
 * Flat keys (`index.analysis.analyzer.x.type`) are read too.
 */
export function readAnalyzers(indexAnswer: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  if (!isRecord(indexAnswer)) return out;
  for (const [index, entry] of Object.entries(indexAnswer)) {
    if (!isRecord(entry)) continue;
    const settings = entry['settings'];
    const names = new Set<string>();
    const nested = settingValue(settings, 'index.analysis.analyzer');
    if (isRecord(nested)) for (const name of Object.keys(nested)) names.add(name);
    if (isRecord(settings)) {
      for (const key of Object.keys(settings)) {
        const flat = /^index\.analysis\.analyzer\.([^.]+)\./.exec(key);
        if (flat !== null) names.add(flat[1]!);
      }
    }
    out[index] = [...names];
  }
  return out;
}

/**
 * The names of the plugins installed on the nodes, from a `GET _nodes/plugins` answer cut down to the nodes' names and
 * their plugins' names: every node's, once each. Undefined when the answer is not that (no permission, say).
 */
export function readPlugins(answer: unknown): string[] | undefined {
  if (!isRecord(answer)) return undefined;
  const nodes = answer['nodes'];
  if (!isRecord(nodes)) return undefined;
  const out = new Set<string>();
  for (const node of Object.values(nodes)) {
    if (!isRecord(node)) return undefined;
    const plugins = node['plugins'] ?? [];
    if (!Array.isArray(plugins)) return undefined;
    for (const plugin of plugins) {
      if (!isRecord(plugin) || typeof plugin['name'] !== 'string') return undefined;
      out.add(plugin['name']);
    }
  }
  return [...out].sort();
}

/** What is read of the settings: the limits, and each index's default fields and default search pipeline. */
export interface ClusterSettings {
  readonly limits: ClusterLimits;
  readonly defaultFields: Readonly<Record<string, readonly string[]>>;
  readonly defaultPipelines: Readonly<Record<string, string>>;
  /** The analyzers each index defines, by index name; an index left out is not known. */
  readonly analyzers: Readonly<Record<string, readonly string[]>>;
  /** The plugins installed on the nodes; undefined when they could not be read. */
  readonly plugins: readonly string[] | undefined;
}

/** The largest settings answer read for the limits. */
const LIMITS_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The cluster's limit settings and each index's default fields and default search pipeline: `GET _cluster/settings`
 * and `GET _all/_settings`, both with defaults and cut down with `filter_path` to the settings wanted. An answer that
 * fails (no permission) leaves its settings at their defaults (and the default fields and pipelines unknown); only
 * when both fail does this throw.
 */
export async function fetchLimits(client: ClusterClient, options: IndicesRequestOptions): Promise<ClusterSettings> {
  const common = {
    opaqueId: options.opaqueId,
    timeoutMs: options.timeoutMs ?? 30_000,
    // Filtered to the limits, these answers are small (a few hundred bytes per index); beyond the cap the checks keep
    // the default limits rather than read a large answer on the main thread.
    maxBytes: LIMITS_MAX_BYTES,
    limitName: 'the limit for the settings answers (4 MB)',
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  };
  const param = (name: string, value: string) => ({ name, value, hasValue: true });
  const settled = await Promise.allSettled([
    client.json({
      method: 'GET',
      path: '/_cluster/settings',
      query: [
        param('include_defaults', 'true'),
        param('filter_path', CLUSTER_LIMIT_SETTINGS.map((name) => `*.${name}`).join(',')),
      ],
      ...common,
    }),
    client.json({
      method: 'GET',
      path: '/_all/_settings',
      query: [
        param('include_defaults', 'true'),
        param('expand_wildcards', 'all'),
        param(
          'filter_path',
          [
            ...['index.max_*', 'index.query.default_field', 'index.search.default_pipeline'].flatMap((name) => [
              `*.settings.${name}`,
              `*.defaults.${name}`,
            ]),
            // The analyzers' names only: each has a type or a tokenizer.
            '*.settings.index.analysis.analyzer.*.type',
            '*.settings.index.analysis.analyzer.*.tokenizer',
          ].join(','),
        ),
      ],
      ...common,
    }),
  ]);
  const plugins = client
    .json({
      method: 'GET',
      path: '/_nodes/plugins',
      query: [param('filter_path', 'nodes.*.name,nodes.*.plugins.name')],
      ...common,
    })
    .then((answer) => (answer.status < 400 ? readPlugins(answer.value) : undefined))
    .catch(() => undefined);
  const [cluster, indices] = settled.map((result) =>
    result.status === 'fulfilled' && result.value.status < 400 ? result.value.value : undefined,
  );
  if (cluster === undefined && indices === undefined) {
    const failed = settled[0];
    throw failed.status === 'rejected'
      ? failed.reason
      : new Error(`GET /_cluster/settings answered ${failed.value.status}`);
  }
  return {
    limits: readLimits(cluster, indices),
    defaultFields: readDefaultFields(indices),
    defaultPipelines: readDefaultPipelines(indices),
    analyzers: readAnalyzers(indices),
    plugins: await plugins,
  };
}

/**
 * The names in a `GET _search/pipeline` answer: the keys of its object (each a pipeline). With none defined,
 * OpenSearch answers HTTP 404 with an empty object (real 2.19.1 and 3.8.0): that is no pipeline. Any other answer (an
 * error, a cluster without search pipelines) leaves them unknown (undefined).
 */
export function readSearchPipelines(status: number, answer: unknown): string[] | undefined {
  if (!isRecord(answer)) return undefined;
  if (status === 404) return Object.keys(answer).length === 0 ? [] : undefined;
  if (status !== 200) return undefined;
  const names = Object.keys(answer);
  return names.every((name) => isRecord(answer[name])) ? names : undefined;
}

/** The largest search pipelines answer read. */
const PIPELINES_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The names of the search pipelines the cluster defines (`GET _search/pipeline`), or undefined when the answer does
 * not tell them (an error answer, a cluster without search pipelines). Throws RequestFailure when the request fails
 * or is denied (no permission).
 */
export async function fetchSearchPipelines(
  client: ClusterClient,
  options: IndicesRequestOptions,
): Promise<string[] | undefined> {
  const answer = await client.json({
    method: 'GET',
    path: '/_search/pipeline',
    // Only the names are wanted, but no `filter_path` can keep them all: a pipeline without the fields it keeps
    // would be left out of the answer (real 2.19.1 and 3.8.0). The answer is read whole, up to its limit.
    opaqueId: options.opaqueId,
    timeoutMs: options.timeoutMs ?? 30_000,
    maxBytes: PIPELINES_MAX_BYTES,
    limitName: 'the limit for the search pipelines answer (4 MB)',
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
  return readSearchPipelines(answer.status, answer.value);
}

export interface ClusterStateParts {
  readonly clusterName?: string;
  readonly limits?: ClusterLimits;
  readonly defaultFields?: Readonly<Record<string, readonly string[]>>;
  readonly defaultPipelines?: Readonly<Record<string, string>>;
  readonly analyzers?: Readonly<Record<string, readonly string[]>>;
  readonly plugins?: readonly string[] | null;
  readonly searchPipelines?: readonly string[] | null;
  readonly indices?: readonly ClusterStateIndex[];
  readonly nodes?: readonly ClusterStateNode[];
  readonly tasks?: readonly ClusterStateTask[];
}

/** Deep equality of JSON data (objects, arrays, strings, numbers, booleans, null), without building any text. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameJson(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const key in x) {
    if (!Object.hasOwn(y, key) || !sameJson(x[key], y[key])) return false;
    count++;
  }
  for (const _key in y) count--;
  return count === 0;
}

/**
 * Remembers what the server was last told, part by part, and gives the notification that brings it up to date:
 * undefined when nothing changed.
 */
export class ClusterStateTracker {
  private sent = new Map<keyof ClusterStateParts, unknown>();
  private cleared = true;

  /** The notification for these parts (only those that differ from what was sent), or undefined. */
  delta(parts: ClusterStateParts): ClusterStateParams | undefined {
    const out: { -readonly [K in keyof ClusterStateParams]: ClusterStateParams[K] } = {};
    let any = false;
    for (const key of [
      'clusterName',
      'limits',
      'defaultFields',
      'defaultPipelines',
      'analyzers',
      'plugins',
      'searchPipelines',
      'indices',
      'nodes',
      'tasks',
    ] as const) {
      const value = parts[key];
      if (value === undefined) continue;
      if (this.sent.has(key) && sameJson(this.sent.get(key), value)) continue;
      this.sent.set(key, value);
      (out as Record<string, unknown>)[key] = value;
      any = true;
    }
    if (!any) return undefined;
    this.cleared = false;
    return out;
  }

  /** The server must forget everything (another cluster, none): undefined when it already has. */
  clear(): ClusterStateParams | undefined {
    this.sent = new Map();
    if (this.cleared) return undefined;
    this.cleared = true;
    return { clear: true };
  }

  /** The server lost its state (it restarted): everything is sent again at the next delta. */
  forget(): void {
    this.sent = new Map();
    this.cleared = true;
  }

  get isEmpty(): boolean {
    return this.cleared;
  }
}

/**
 * Whether a run may have created, deleted or changed indexes, aliases, index settings or search pipelines, so that
 * they are read again.
 */
export function mayChangeIndices(method: string, path: string): boolean {
  const verb = method.toUpperCase();
  if (verb === 'GET' || verb === 'HEAD') return false;
  const segments = path.split('/').filter((s) => s !== '');
  const last = segments[segments.length - 1] ?? '';
  // `PUT` or `DELETE _search/pipeline/<name>`.
  if (segments[0] === '_search' && segments[1] === 'pipeline') return true;
  // Reads sent with POST.
  const reads = new Set([
    '_search',
    '_msearch',
    '_count',
    '_explain',
    '_validate',
    '_field_caps',
    '_mget',
    '_termvectors',
    '_mtermvectors',
    '_rank_eval',
    '_cancel',
    'scroll',
    '_pit',
    '_refresh',
    '_flush',
    '_forcemerge',
    '_cache',
    '_clear',
    '_analyze',
  ]);
  if (reads.has(last) || segments[0] === '_tasks' || segments[0] === '_nodes') return false;
  if (segments.includes('_search') || segments.includes('_msearch')) return false;
  // Writes of documents into an existing index change no mapping unless dynamic mapping adds a field: read again.
  return true;
}
