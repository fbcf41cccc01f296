// Field lookups shared by the query engine, sorting and aggregations: wildcard expansion of field names and the
// errors OpenSearch raises on a shard when a field cannot be used for an operation.
import { illegalArgument, OsError } from '../core/errors';
import type { FieldInfo } from '../data/mapping';
import type { Index } from '../data/store';
import { simpleMatch } from '../core/simpleMatch';

export function textFieldDataError(field: string): OsError {
  return illegalArgument(
    `Text fields are not optimised for operations that require per-document field data like aggregations and sorting, so these operations are disabled by default. Please use a keyword field instead. Alternatively, set fielddata=true on [${field}] in order to load field data by uninverting the inverted index. Note that this can use significant memory.`,
  );
}

export function queryShardError(index: Index, reason: string, causedBy?: OsError): OsError {
  return new OsError(400, 'query_shard_exception', reason, {
    metadata: { index_uuid: index.uuid, index: index.name },
    ...(causedBy ? { causedBy } : {}),
  });
}

/** Expands `name`, `name*`, `*` against the index's fields (only searchable leaf types for `*`). */
export function expandFields(index: Index, pattern: string): FieldInfo[] {
  if (!pattern.includes('*')) {
    const f = index.fields.get(pattern);
    return f ? [f] : [];
  }
  const out: FieldInfo[] = [];
  for (const f of index.fields.values()) {
    if (simpleMatch(pattern, f.path) && (pattern !== '*' || f.type === 'text' || f.type === 'keyword')) out.push(f);
  }
  return out;
}
