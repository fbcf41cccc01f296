// Index management: create/delete/get indices, `_doc`, `_bulk`, `_mapping`, `_refresh`.
import type { Cluster } from '../cluster';
import { acrossNodes, asOsError, illegalArgument, indexNotFound, OsError, validationError } from '../core/errors';
import { parseJsonValue, toPlain } from '../core/json';
import { validateMappings, type Mappings } from '../data/mapping';
import type { Index } from '../data/store';
import type { RestRequest } from '../http/restRequest';
import type { Router, RouteHandler } from '../http/router';
import { resolveIndices, SEARCH_DEFAULT_OPTIONS, indicesOptionsFrom } from '../search/indexResolver';
import { splitCommas } from '../search/searchRequest';
import { filterSource } from '../search/hits';
import { checkSourceFilter, type SourceFilter } from '../search/sourceParser';

function parseObjectBody(text: string): Record<string, unknown> {
  const { value } = parseJsonValue(text);
  if (value === undefined) return {};
  if (value.kind !== 'object') {
    throw new OsError(400, 'parse_exception', `Failed to derive xcontent`);
  }
  return toPlain(value) as Record<string, unknown>;
}

function setting(settings: Record<string, unknown>, key: string): unknown {
  const flat = settings[`index.${key}`] ?? settings[key];
  if (flat !== undefined) return flat;
  const nested = settings.index as Record<string, unknown> | undefined;
  return nested?.[key];
}

function createIndexHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const name = req.param('index') ?? '';
      const text = req.hasContent() ? req.requiredContent() : '';
      req.time('timeout');
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      req.param('wait_for_active_shards');
      return () => {
        const body = text.trim() ? parseObjectBody(text) : {};
        for (const key of Object.keys(body)) {
          if (!['settings', 'mappings', 'aliases'].includes(key)) {
            throw new OsError(400, 'parse_exception', `unknown key [${key}] for create index`);
          }
        }
        const settings = (body.settings ?? {}) as Record<string, unknown>;
        const shards = Number(setting(settings, 'number_of_shards') ?? 1);
        const replicas = Number(setting(settings, 'number_of_replicas') ?? 1);
        if (!Number.isInteger(shards) || shards < 1) {
          throw illegalArgument(
            `Failed to parse value [${String(setting(settings, 'number_of_shards'))}] for setting [index.number_of_shards] must be >= 1`,
          );
        }
        const mappings: Mappings | undefined =
          body.mappings !== undefined ? validateMappings(body.mappings) : undefined;
        const aliases = Object.keys(body.aliases ?? {});
        cluster.store.createIndex(name, { shards, replicas, ...(mappings ? { mappings } : {}), aliases });
        return { status: 200, body: { acknowledged: true, shards_acknowledged: true, index: name } };
      };
    },
  };
}

function deleteIndexHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const options = indicesOptionsFrom(
        { ...SEARCH_DEFAULT_OPTIONS, allowNoIndices: true },
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        undefined,
      );
      req.time('timeout');
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        for (const e of expressions) {
          if (!e.includes('*') && !cluster.store.indices.has(e) && cluster.store.aliasTargets(e)) {
            throw illegalArgument(
              `The provided expression [${e}] matches an alias, specify the corresponding concrete indices instead.`,
            );
          }
        }
        for (const idx of resolveIndices(cluster.store, expressions, options)) cluster.store.deleteIndex(idx.name);
        return { status: 200, body: { acknowledged: true } };
      };
    },
  };
}

function describeIndex(idx: Index): Record<string, unknown> {
  return {
    aliases: Object.fromEntries([...idx.aliases].map((a) => [a, {}])),
    mappings: idx.mappings,
    settings: {
      index: {
        replication: { type: 'DOCUMENT' },
        creation_date: String(idx.creationDate),
        number_of_shards: String(idx.numberOfShards),
        number_of_replicas: String(idx.numberOfReplicas),
        uuid: idx.uuid,
        version: { created: '136408127' },
        provided_name: idx.name,
      },
    },
  };
}

function getIndexHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const options = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        undefined,
      );
      req.bool('local', false);
      req.bool('flat_settings', false);
      req.bool('include_defaults', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const out: Record<string, unknown> = {};
        for (const idx of resolveIndices(cluster.store, expressions, options)) out[idx.name] = describeIndex(idx);
        return { status: 200, body: out };
      };
    },
  };
}

function mappingHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const options = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        undefined,
      );
      req.bool('local', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const out: Record<string, unknown> = {};
        for (const idx of resolveIndices(cluster.store, expressions, options))
          out[idx.name] = { mappings: idx.mappings };
        return { status: 200, body: out };
      };
    },
  };
}

function shardsHeader(idx: Index): Record<string, number> {
  const total = 1 + idx.numberOfReplicas;
  const successful = 1 + Math.min(idx.numberOfReplicas, idx.shards[0]?.replicaNodes.length ?? 0);
  return { total, successful, failed: 0 };
}

function indexTarget(cluster: Cluster, name: string): Index {
  const existing = cluster.store.indices.get(name);
  if (existing) return existing;
  const alias = cluster.store.aliasTargets(name);
  if (alias) {
    if (alias.length === 1) return alias[0]!;
    throw illegalArgument(
      `no write index is defined for alias [${name}]. The write index may be explicitly disabled using is_write_index=false or the alias points to multiple indices without one being designated as a write index`,
    );
  }
  return cluster.store.createIndex(name, { shards: 1, replicas: 1 });
}

function indexDoc(
  cluster: Cluster,
  indexName: string,
  id: string | undefined,
  source: Record<string, unknown>,
  opType: 'index' | 'create',
  refresh = false,
): { status: number; body: Record<string, unknown> } {
  const idx = indexTarget(cluster, indexName);
  const existing = id === undefined ? undefined : cluster.store.shardFor(idx, id).docs.get(id);
  if (opType === 'create' && id !== undefined && existing !== undefined) {
    throw new OsError(
      409,
      'version_conflict_engine_exception',
      `[${id}]: version conflict, document already exists (current version [${existing.version}])`,
      {
        metadata: { index_uuid: idx.uuid, shard: String(cluster.store.shardFor(idx, id).id), index: idx.name },
      },
    );
  }
  const started = Date.now();
  let indexed;
  try {
    indexed = cluster.store.indexDoc(idx, id, source);
  } catch (e) {
    // The document is parsed on the node of its primary shard; its error comes back over the transport layer.
    const primary = id === undefined ? undefined : cluster.store.shardFor(idx, id).primaryNode;
    if (e instanceof OsError && primary !== undefined && primary !== cluster.topology.local) throw acrossNodes(e);
    throw e;
  }
  const { doc, created, shard } = indexed;
  if (shard.primaryNode) {
    const c = cluster.counter(shard.primaryNode);
    c.indexTotal++;
    c.indexTimeMs += Date.now() - started;
  }
  return {
    status: created ? 201 : 200,
    body: {
      _index: idx.name,
      _id: doc.id,
      _version: doc.version,
      result: created ? 'created' : 'updated',
      _shards: shardsHeader(idx),
      _seq_no: doc.seqNo,
      _primary_term: doc.primaryTerm,
      // `refresh=true` refreshes the shard before answering, and says so.
      ...(refresh ? { forced_refresh: true } : {}),
    },
  };
}

/** Reads the parameters of a write; true when it asks for an immediate refresh (`refresh` empty or `true`). */
function docWriteParams(req: RestRequest): boolean {
  const refresh = req.param('refresh');
  req.param('routing');
  req.param('pipeline');
  req.time('timeout');
  req.param('wait_for_active_shards');
  req.param('version');
  req.param('version_type');
  req.param('if_seq_no');
  req.param('if_primary_term');
  req.bool('require_alias', false);
  return refresh === '' || refresh === 'true';
}

function docHandler(cluster: Cluster, create = false): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const index = req.param('index') ?? '';
      const id = req.param('id');
      // `_create/<id>` is an index operation of type create.
      const opType = create ? 'create' : (req.param('op_type') ?? 'index');
      if (opType !== 'index' && opType !== 'create')
        throw illegalArgument(`opType must be 'create' or 'index', found: [${opType}]`);
      const refresh = docWriteParams(req);
      const text = req.requiredContent();
      return () => {
        const { value } = parseJsonValue(text);
        if (value?.kind !== 'object') {
          throw new OsError(400, 'mapper_parsing_exception', 'failed to parse', {
            causedBy: new OsError(
              400,
              'not_x_content_exception',
              'Compressor detection can only be called on some xcontent bytes or compressed xcontent bytes',
              { openSearch: false },
            ),
          });
        }
        return indexDoc(cluster, index, id, toPlain(value) as Record<string, unknown>, opType, refresh);
      };
    },
  };
}

function getDocHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const index = req.param('index') ?? '';
      const id = req.param('id') ?? '';
      for (const p of ['routing', 'preference', 'stored_fields', 'version', 'version_type']) req.param(p);
      const src = req.param('_source');
      const includes = req.param('_source_includes');
      const excludes = req.param('_source_excludes');
      let filter: SourceFilter | undefined;
      if (src !== undefined || includes !== undefined || excludes !== undefined) {
        const fetch = src !== 'false';
        const inc =
          includes !== undefined
            ? splitCommas(includes)
            : src !== undefined && src !== 'true' && src !== 'false'
              ? splitCommas(src)
              : [];
        filter = checkSourceFilter(
          { fetch, includes: inc, excludes: excludes !== undefined ? splitCommas(excludes) : [] },
          req.major,
        );
      }
      req.bool('realtime', true);
      req.bool('refresh', false);
      return () => {
        const idx = cluster.store.indices.get(index) ?? cluster.store.aliasTargets(index)?.[0];
        if (!idx) throw indexNotFound(index);
        const doc = cluster.store.shardFor(idx, id).docs.get(id);
        if (!doc) return { status: 404, body: { _index: idx.name, _id: id, found: false } };
        return {
          status: 200,
          body: {
            _index: idx.name,
            _id: id,
            _version: doc.version,
            _seq_no: doc.seqNo,
            _primary_term: doc.primaryTerm,
            found: true,
            ...(filter?.fetch === false ? {} : { _source: filter ? filterSource(doc.source, filter) : doc.source }),
          },
        };
      };
    },
  };
}

function deleteDocHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const index = req.param('index') ?? '';
      const id = req.param('id') ?? '';
      docWriteParams(req);
      return () => {
        const idx = cluster.store.indices.get(index);
        if (!idx) throw indexNotFound(index);
        const shard = cluster.store.shardFor(idx, id);
        const { doc, version } = shard.delete(id);
        return {
          status: doc ? 200 : 404,
          body: {
            _index: idx.name,
            _id: id,
            _version: version,
            result: doc ? 'deleted' : 'not_found',
            _shards: shardsHeader(idx),
            _seq_no: shard.seqNo,
            _primary_term: 1,
          },
        };
      };
    },
  };
}

function bulkHandler(cluster: Cluster): RouteHandler {
  return {
    supportsContentStream: true,
    prepare(req: RestRequest) {
      const defaultIndex = req.param('index');
      docWriteParams(req);
      req.param('_source');
      req.param('_source_includes');
      req.param('_source_excludes');
      const text = req.requiredContent();
      return () => {
        const started = Date.now();
        const lines = text.split('\n');
        if (text.length > 0 && !text.endsWith('\n'))
          throw illegalArgument('The bulk request must be terminated by a newline [\\n]');
        const items: unknown[] = [];
        let errors = false;
        for (let i = 0; i < lines.length; i++) {
          const line = lines[i]!.trim();
          if (line === '') continue;
          const { value } = parseJsonValue(line);
          if (value?.kind !== 'object' || value.entries.length !== 1) {
            throw illegalArgument(
              `Malformed action/metadata line [${i + 1}], expected START_OBJECT or END_OBJECT but found [${value ? value.kind : 'null'}]`,
            );
          }
          const entry = value.entries[0]!;
          const action = entry.key;
          const meta = toPlain(entry.value) as Record<string, unknown>;
          if (!['index', 'create', 'delete', 'update'].includes(action)) {
            throw illegalArgument(
              `Malformed action/metadata line [${i + 1}], expected field [create], [delete], [index] or [update] but found [${action}]`,
            );
          }
          const index = typeof meta._index === 'string' ? meta._index : defaultIndex;
          const id = typeof meta._id === 'string' || typeof meta._id === 'number' ? String(meta._id) : undefined;
          if (index === undefined) throw validationError(['index is missing']);
          let source: Record<string, unknown> = {};
          if (action !== 'delete') {
            i++;
            const { value: body } = parseJsonValue(lines[i] ?? '');
            if (body?.kind !== 'object')
              throw illegalArgument(`The bulk request must be terminated by a newline [\\n]`);
            source = toPlain(body) as Record<string, unknown>;
            if (action === 'update') source = (source.doc ?? {}) as Record<string, unknown>;
          }
          try {
            if (action === 'delete') {
              const idx = cluster.store.indices.get(index);
              if (!idx) throw indexNotFound(index);
              const { doc, version } = cluster.store.shardFor(idx, id ?? '').delete(id ?? '');
              items.push({
                delete: {
                  _index: index,
                  _id: id,
                  _version: version,
                  result: doc ? 'deleted' : 'not_found',
                  _shards: shardsHeader(idx),
                  status: doc ? 200 : 404,
                },
              });
            } else {
              const r = indexDoc(cluster, index, id, source, action === 'create' ? 'create' : 'index');
              items.push({ [action]: { ...r.body, status: r.status } });
            }
          } catch (e) {
            errors = true;
            const err = asOsError(e);
            items.push({ [action]: { _index: index, _id: id ?? null, status: err.status, error: err.toCause() } });
          }
        }
        return { status: 200, body: { took: Date.now() - started, errors, items } };
      };
    },
  };
}

function refreshHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const options = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        undefined,
      );
      return () => {
        let total = 0;
        let ok = 0;
        for (const idx of resolveIndices(cluster.store, expressions, options)) {
          total += idx.numberOfShards * (1 + idx.numberOfReplicas);
          ok += idx.shards.reduce((s, sh) => s + 1 + sh.replicaNodes.length, 0);
        }
        return { status: 200, body: { _shards: { total, successful: ok, failed: 0 } } };
      };
    },
  };
}

/**
 * The search limits of index settings at their defaults (IndexSettings): this cluster keeps no per-index settings
 * of its own, so every index reports these under `defaults` when asked with `include_defaults`.
 */
const INDEX_LIMIT_DEFAULTS: Readonly<Record<string, string>> = {
  'index.max_result_window': '10000',
  'index.max_inner_result_window': '100',
  'index.max_rescore_window': '10000',
  'index.max_docvalue_fields_search': '100',
  'index.max_script_fields': '32',
  'index.max_terms_count': '65536',
  'index.max_regex_length': '1000',
  'index.max_slices_per_scroll': '1024',
  'index.max_slices_per_pit': '1024',
  // No index has a default search pipeline here (IndexSettings.DEFAULT_SEARCH_PIPELINE).
  'index.search.default_pipeline': '_none',
};

/** Dotted keys (`index.max_result_window`) as nested objects, as settings are shown without `flat_settings`. */
export function nestSettings(flat: Readonly<Record<string, string>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(flat)) {
    const parts = key.split('.');
    let at = out;
    for (const part of parts.slice(0, -1)) {
      const next = at[part];
      if (typeof next === 'object' && next !== null) at = next as Record<string, unknown>;
      else at = at[part] = {};
    }
    at[parts[parts.length - 1]!] = value;
  }
  return out;
}

function flattenSettings(value: unknown, prefix: string, out: Record<string, string>): Record<string, string> {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, inner] of Object.entries(value))
      flattenSettings(inner, prefix === '' ? key : `${prefix}.${key}`, out);
  } else if (prefix !== '') {
    out[prefix] = String(value);
  }
  return out;
}

/** `GET /_settings`, `GET /{index}/_settings`: each index's settings, and with `include_defaults` the limits' defaults. */
function settingsHandler(cluster: Cluster): RouteHandler {
  return {
    prepare(req: RestRequest) {
      const expressions = splitCommas(req.param('index'));
      const options = indicesOptionsFrom(
        SEARCH_DEFAULT_OPTIONS,
        req.param('expand_wildcards'),
        req.param('ignore_unavailable'),
        req.param('allow_no_indices'),
        undefined,
      );
      req.bool('local', false);
      const flat = req.bool('flat_settings', false);
      const defaults = req.bool('include_defaults', false);
      req.time('cluster_manager_timeout');
      req.time('master_timeout');
      return () => {
        const out: Record<string, unknown> = {};
        for (const idx of resolveIndices(cluster.store, expressions, options)) {
          const settings = flattenSettings(describeIndex(idx)['settings'], '', {});
          out[idx.name] = {
            settings: flat ? settings : nestSettings(settings),
            ...(defaults ? { defaults: flat ? { ...INDEX_LIMIT_DEFAULTS } : nestSettings(INDEX_LIMIT_DEFAULTS) } : {}),
          };
        }
        return { status: 200, body: out };
      };
    },
  };
}

export function registerIndexRoutes(router: Router, cluster: Cluster): void {
  const settings = settingsHandler(cluster);
  router.add('GET', '/_settings', settings);
  router.add('GET', '/{index}/_settings', settings);
  router.add('PUT', '/{index}', createIndexHandler(cluster));
  router.add('DELETE', '/{index}', deleteIndexHandler(cluster));
  router.add(['GET', 'HEAD'], '/{index}', getIndexHandler(cluster));
  const doc = docHandler(cluster);
  router.add('POST', '/{index}/_doc', doc);
  router.add(['PUT', 'POST'], '/{index}/_doc/{id}', doc);
  router.add(['PUT', 'POST'], '/{index}/_create/{id}', docHandler(cluster, true));
  router.add(['GET', 'HEAD'], '/{index}/_doc/{id}', getDocHandler(cluster));
  router.add('DELETE', '/{index}/_doc/{id}', deleteDocHandler(cluster));
  const bulk = bulkHandler(cluster);
  router.add(['POST', 'PUT'], '/_bulk', bulk);
  router.add(['POST', 'PUT'], '/{index}/_bulk', bulk);
  const mapping = mappingHandler(cluster);
  router.add('GET', '/_mapping', mapping);
  router.add('GET', '/{index}/_mapping', mapping);
  const refresh = refreshHandler(cluster);
  router.add(['GET', 'POST'], '/_refresh', refresh);
  router.add(['GET', 'POST'], '/{index}/_refresh', refresh);
}
