// The metadata fields of an OpenSearch index: fields the server adds to every index, which no mapping lists.

/**
 * The metadata fields every index has. None is a geo_point field (real 3.8.0 and 2.19.1, each tried in geo_polygon).
 */
export const CORE_METADATA_FIELDS: ReadonlySet<string> = new Set([
  '_id',
  '_index',
  '_routing',
  '_source',
  '_seq_no',
  '_version',
  '_ignored',
  '_field_names',
  '_doc_count',
  '_data_stream_timestamp',
  '_feature',
  '_nested_path',
]);

/** The core metadata fields a search can sort on: the others keep no field data, and a sort on one fails on every shard. */
const SORTABLE_METADATA_FIELDS: ReadonlySet<string> = new Set(['_id', '_index', '_seq_no']);

/**
 * The core metadata fields that keep no field data (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, each tried in a sort;
 * conformance cases `cross/lists/shard/sort-name-*`).
 */
export const NO_FIELDDATA_METADATA_FIELDS: ReadonlySet<string> = new Set(
  [...CORE_METADATA_FIELDS].filter((name) => !SORTABLE_METADATA_FIELDS.has(name)),
);

/** Metadata fields that only some indexes or versions have (a plugin's `_size`, older versions' names). */
export const OTHER_METADATA_FIELDS: ReadonlySet<string> = new Set([
  '_primary_term',
  '_type',
  '_size',
  '_tier',
  '_uid',
  '_parent',
  '_all',
]);
