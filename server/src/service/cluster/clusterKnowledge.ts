import type {
  ClusterStateField,
  ClusterStateIndex,
  ClusterStateNode,
  ClusterStateParams,
  ClusterStateTask,
} from '../../protocol/protocol';
import type { ClusterNode } from '../nodes/nodeFilter';
import { simpleMatch } from '../../protocol/simpleMatch';

/** What the checks read of one index's mapping. */
export interface IndexMapping {
  /** Each field's mapping type, by dotted name. */
  readonly types: ReadonlyMap<string, string>;
  /** The index's join field (an index has one at most), with its relations when the client told them. */
  readonly join?: { readonly name: string; readonly relations: ClusterStateField['relations'] };
  /** The index's `index.query.default_field`, when the client read it. */
  readonly defaultField?: readonly string[];
  /** The index's `index.search.default_pipeline` (`_none` for none), when the client read it. */
  readonly defaultPipeline?: string;
  /** The fields the mapping keeps out of the index or without doc values (`"index": false`, `"doc_values": false`). */
  readonly halfIndexed: ReadonlySet<string>;
  /** The fields the mapping gives a normalizer. */
  readonly normalized: ReadonlySet<string>;
  /** The fields the mapping gives an analyzer of their own (`analyzer` or `search_analyzer`). */
  readonly analyzed: ReadonlySet<string>;
  /** The fields the mapping gives a format of their own (a date field's, instead of the default one). */
  readonly formatted: ReadonlySet<string>;
  /** The text fields the mapping turns field data on for (they can be sorted and aggregated). */
  readonly fielddata: ReadonlySet<string>;
  /** The fields whose term vectors keep positions and offsets (the fast vector highlighter reads them). */
  readonly offsets: ReadonlySet<string>;
  /** The analyzers the index defines in its settings, when the client read them. */
  readonly analyzers?: ReadonlySet<string>;
}

/** The client is another process: an index sent without its aliases or fields has none. */
function wholeIndex(index: ClusterStateIndex): ClusterStateIndex {
  const sent: Partial<ClusterStateIndex> = index;
  if (Array.isArray(sent.aliases) && Array.isArray(sent.fields)) return index;
  return {
    name: index.name,
    aliases: sent.aliases ?? [],
    fields: sent.fields ?? [],
    ...(sent.fieldsUnknown === true ? { fieldsUnknown: true } : {}),
  };
}

/** Likewise a node sent without its roles, attributes or addresses. */
function wholeNode(node: ClusterStateNode): ClusterNode {
  const sent: Partial<ClusterStateNode> = node;
  return {
    ...node,
    host: sent.host ?? '',
    ip: sent.ip ?? '',
    roles: sent.roles ?? [],
    attributes: sent.attributes ?? {},
  };
}

/**
 * What the connected cluster holds, as the client last pushed it: index names, aliases, field mappings, nodes and
 * running tasks. Empty until a cluster is connected; every feature must work without it.
 */
export class ClusterKnowledge {
  clusterName: string | undefined;
  indices: readonly ClusterStateIndex[] = [];
  nodes: readonly ClusterNode[] = [];
  tasks: readonly ClusterStateTask[] = [];
  /** Each index's `index.query.default_field`, by index name, as far as the client read them. */
  defaultFields: Readonly<Record<string, readonly string[]>> = {};
  /** Each index's `index.search.default_pipeline`, by index name, as far as the client read them. */
  defaultPipelines: Readonly<Record<string, string>> = {};
  /** The analyzers each index defines in its settings, by index name, as far as the client read them. */
  analyzers: Readonly<Record<string, readonly string[]>> = {};
  /** The plugins installed on the nodes; undefined when they are not known. */
  plugins: ReadonlySet<string> | undefined;
  /** The names of the search pipelines the cluster defines; undefined when they are not known. */
  searchPipelines: ReadonlySet<string> | undefined;
  private aliasTargets = new Map<string, string[]>();
  private fieldCache = new Map<string, ReadonlyMap<string, string>>();
  private indexFieldCache = new Map<string, IndexMapping>();
  /** Changes on every update, so that callers can cache per version. */
  version = 0;

  get connected(): boolean {
    return this.clusterName !== undefined;
  }

  update(params: ClusterStateParams): void {
    this.version++;
    const cleared = params.clear === true;
    if (cleared) {
      this.clusterName = undefined;
      this.indices = [];
      this.nodes = [];
      this.tasks = [];
      this.defaultFields = {};
      this.defaultPipelines = {};
      this.searchPipelines = undefined;
      this.analyzers = {};
      this.plugins = undefined;
    }
    if (params.clusterName !== undefined) this.clusterName = params.clusterName;
    if (params.indices !== undefined) this.indices = params.indices.map(wholeIndex);
    if (params.nodes !== undefined) this.nodes = params.nodes.map(wholeNode);
    if (params.tasks !== undefined) this.tasks = params.tasks;
    if (params.defaultFields !== undefined) {
      this.defaultFields = params.defaultFields;
      this.indexFieldCache = new Map();
    }
    if (params.defaultPipelines !== undefined) {
      this.defaultPipelines = params.defaultPipelines;
      this.indexFieldCache = new Map();
    }
    if (params.analyzers !== undefined) {
      this.analyzers = params.analyzers;
      this.indexFieldCache = new Map();
    }
    if (params.plugins !== undefined) this.plugins = params.plugins === null ? undefined : new Set(params.plugins);
    if (params.searchPipelines !== undefined) {
      this.searchPipelines = params.searchPipelines === null ? undefined : new Set(params.searchPipelines);
    }
    // Tasks are pushed every few seconds: what is derived from the mappings is only rebuilt when they change.
    if (!cleared && params.indices === undefined) return;
    this.aliasTargets = new Map();
    for (const index of this.indices) {
      for (const alias of index.aliases) {
        const targets = this.aliasTargets.get(alias) ?? [];
        targets.push(index.name);
        this.aliasTargets.set(alias, targets);
      }
    }
    this.fieldCache = new Map();
    this.indexFieldCache = new Map();
  }

  /** The running task with this id, if the client listed it. */
  task(id: string): ClusterStateTask | undefined {
    return this.tasks.find((t) => t.id === id);
  }

  get aliases(): readonly string[] {
    return [...this.aliasTargets.keys()];
  }

  /**
   * The concrete indexes one expression of an index list resolves to (`logs-*`, an alias, a name, `_all`).
   * Undefined when it cannot be known here (remote clusters, date math, exclusions).
   */
  resolveIndexExpression(expression: string): string[] | undefined {
    const text = expression.trim();
    if (text.length === 0) return [];
    if (text.includes(':') || text.startsWith('<') || text.startsWith('-')) return undefined;
    if (text === '_all' || text === '*') return this.indices.filter((i) => !i.name.startsWith('.')).map((i) => i.name);
    const out = new Set<string>();
    for (const index of this.indices) {
      if (
        text.includes('*')
          ? simpleMatch(text, index.name) && (!index.name.startsWith('.') || text.startsWith('.'))
          : index.name === text
      ) {
        out.add(index.name);
      }
    }
    for (const [alias, targets] of this.aliasTargets) {
      if (text.includes('*') ? simpleMatch(text, alias) : alias === text) for (const t of targets) out.add(t);
    }
    return [...out];
  }

  /**
   * Fields and their types across the indexes an index list resolves to: every index but the hidden ones when none is
   * named, or when none of the expressions can be resolved here (remote clusters, date math). Kept until the mappings
   * change.
   */
  /**
   * Whether the fields of every index a request on `indexList` reaches are known (the client read their mappings):
   * only then can a field be said to be in none of them.
   */
  fieldsKnown(indexList: readonly string[] | undefined): boolean {
    let names: Set<string> | undefined;
    if (indexList !== undefined && indexList.length > 0) {
      for (const expression of indexList) {
        const resolved = this.resolveIndexExpression(expression);
        if (resolved === undefined) return false;
        names ??= new Set();
        for (const name of resolved) names.add(name);
      }
    }
    for (const index of this.indices) {
      if (names === undefined ? index.name.startsWith('.') : !names.has(index.name)) continue;
      if (index.fieldsUnknown === true) return false;
    }
    return true;
  }

  /**
   * The names of the indexes a search on `indexList` reaches. Undefined unless that is certain here: an expression
   * cannot be resolved (remote clusters, date math, exclusions), a name is no index or alias here (a data stream, say),
   * or the search reaches no index. A wildcard (or no index at all) is taken to reach the dot-prefixed indexes it
   * matches too, and the backing indexes (`.ds-…`) of the data streams it may match: whether they are hidden is not
   * known here.
   */
  searchedIndexNames(indexList: readonly string[] | undefined): ReadonlySet<string> | undefined {
    const expressions = indexList === undefined || indexList.length === 0 ? ['_all'] : indexList;
    const names = new Set<string>();
    let certain = 0;
    for (const expression of expressions) {
      const resolved = this.resolveIndexExpression(expression);
      if (resolved === undefined) return undefined;
      const text = expression.trim();
      const wildcard = text === '_all' || text.includes('*');
      // A name that is no index or alias here may be a data stream, whose backing indexes are not named after it.
      if (!wildcard && resolved.length === 0) return undefined;
      certain += resolved.length;
      for (const name of resolved) names.add(name);
      if (wildcard) {
        const pattern = text === '_all' ? '*' : text;
        for (const index of this.indices) {
          if (simpleMatch(pattern, index.name) || simpleMatch(`.ds-${pattern}`, index.name)) names.add(index.name);
        }
      }
    }
    return certain === 0 ? undefined : names;
  }

  /**
   * The fields of each index a search on `indexList` reaches (searchedIndexNames), one map per index, for the checks
   * that say a search fails on every shard. Undefined when those indexes are not certain, or the fields of one of them
   * were not read.
   */
  searchedIndexFields(indexList: readonly string[] | undefined): IndexMapping[] | undefined {
    const names = this.searchedIndexNames(indexList);
    if (names === undefined) return undefined;
    const out: IndexMapping[] = [];
    for (const index of this.indices) {
      if (!names.has(index.name)) continue;
      if (index.fieldsUnknown === true) return undefined;
      let mapping = this.indexFieldCache.get(index.name);
      if (mapping === undefined) {
        const join = index.fields.find((f) => f.type === 'join');
        const defaultField = Object.hasOwn(this.defaultFields, index.name) ? this.defaultFields[index.name] : undefined;
        const defaultPipeline = Object.hasOwn(this.defaultPipelines, index.name)
          ? this.defaultPipelines[index.name]
          : undefined;
        const analyzers = Object.hasOwn(this.analyzers, index.name) ? this.analyzers[index.name] : undefined;
        mapping = {
          ...(analyzers === undefined ? {} : { analyzers: new Set(analyzers) }),
          types: new Map(index.fields.map((f) => [f.name, f.type])),
          normalized: new Set(index.fields.filter((f) => f.normalized === true).map((f) => f.name)),
          analyzed: new Set(index.fields.filter((f) => f.analyzed === true).map((f) => f.name)),
          formatted: new Set(index.fields.filter((f) => f.format !== undefined).map((f) => f.name)),
          fielddata: new Set(index.fields.filter((f) => f.fielddata === true).map((f) => f.name)),
          offsets: new Set(index.fields.filter((f) => f.offsets === true).map((f) => f.name)),
          halfIndexed: new Set(
            index.fields.filter((f) => f.docValues === false || f.indexed === false).map((f) => f.name),
          ),
          ...(join === undefined ? {} : { join: { name: join.name, relations: join.relations } }),
          ...(defaultField === undefined ? {} : { defaultField }),
          ...(defaultPipeline === undefined ? {} : { defaultPipeline }),
        };
        this.indexFieldCache.set(index.name, mapping);
      }
      out.push(mapping);
    }
    return out;
  }

  fields(indexList: readonly string[] | undefined): ReadonlyMap<string, string> {
    const key = indexList === undefined ? '*' : indexList.join(',');
    const cached = this.fieldCache.get(key);
    if (cached !== undefined) return cached;
    let names: Set<string> | undefined;
    if (indexList !== undefined && indexList.length > 0) {
      for (const expression of indexList) {
        const resolved = this.resolveIndexExpression(expression);
        if (resolved === undefined) continue;
        names ??= new Set();
        for (const name of resolved) names.add(name);
      }
    }
    const fields = new Map<string, string>();
    for (const index of this.indices) {
      // Without a name a search reaches every index but the hidden ones.
      if (names === undefined ? index.name.startsWith('.') : !names.has(index.name)) continue;
      for (const field of index.fields) if (!fields.has(field.name)) fields.set(field.name, field.type);
    }
    this.fieldCache.set(key, fields);
    return fields;
  }
}
