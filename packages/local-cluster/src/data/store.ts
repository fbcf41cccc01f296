// In-memory indexes: shards placed on data nodes, documents routed to shards by their id, per-shard term
// statistics for scoring, aliases, and the index-name rules of `PUT /<index>`.
import { OsError } from '../core/errors';
import {
  addDynamicMappings,
  indexFields,
  leafFields,
  type FieldInfo,
  type FieldValues,
  type Mappings,
} from './mapping';
import type { Random } from './random';

export interface Doc {
  readonly id: string;
  readonly source: Record<string, unknown>;
  readonly fields: Map<string, FieldValues>;
  readonly seqNo: number;
  readonly primaryTerm: number;
  readonly version: number;
  /** Position of the document in its shard, the `_doc` order. */
  readonly docIndex: number;
}

export interface TextStats {
  docCount: number;
  sumTokens: number;
  docFreq: Map<string, number>;
}

export class Shard {
  readonly docs = new Map<string, Doc>();
  readonly textStats = new Map<string, TextStats>();
  /** The last version of each deleted id: a new write or delete of it goes on from there. */
  private readonly tombstones = new Map<string, number>();
  private nextDoc = 0;
  private docList: Doc[] | undefined;
  private postingCache = new Map<string, { byTerm: Map<string, number[]>; docCount: number }>();
  seqNo = -1;

  constructor(
    readonly index: string,
    readonly id: number,
    readonly primaryNode: string | undefined,
    readonly replicaNodes: readonly string[],
  ) {}

  put(id: string, source: Record<string, unknown>, fields: Map<string, FieldValues>): { doc: Doc; created: boolean } {
    const previous = this.docs.get(id);
    if (previous) this.unstat(previous);
    this.seqNo++;
    const doc: Doc = {
      id,
      source,
      fields,
      seqNo: this.seqNo,
      primaryTerm: 1,
      version: previous ? previous.version + 1 : (this.tombstones.get(id) ?? 0) + 1,
      docIndex: this.nextDoc++,
    };
    if (previous) this.docs.delete(id);
    this.tombstones.delete(id);
    this.docs.set(id, doc);
    this.docList = undefined;
    this.stat(doc);
    return { doc, created: previous === undefined };
  }

  /** Deletes a document; a delete of an id that is not there still takes a sequence number and a version. */
  delete(id: string): { doc: Doc | undefined; version: number } {
    const doc = this.docs.get(id);
    this.seqNo++;
    const version = (doc?.version ?? this.tombstones.get(id) ?? 0) + 1;
    this.tombstones.set(id, version);
    if (!doc) return { doc: undefined, version };
    this.docs.delete(id);
    this.docList = undefined;
    this.unstat(doc);
    return { doc, version };
  }

  /** The documents in `_doc` order (cached until the next write). */
  list(): readonly Doc[] {
    if (!this.docList) {
      this.docList = [...this.docs.values()];
      this.postingCache.clear();
    }
    return this.docList;
  }

  /** Positions in list() of the documents holding each term of a text or keyword field. */
  postings(field: string): { byTerm: Map<string, number[]>; docCount: number } {
    const docs = this.list();
    let p = this.postingCache.get(field);
    if (p) return p;
    const byTerm = new Map<string, number[]>();
    let docCount = 0;
    docs.forEach((doc, pos) => {
      const fv = doc.fields.get(field);
      if (!fv) return;
      const terms = fv.freqs ? fv.freqs.keys() : new Set(fv.terms ?? []).values();
      let any = false;
      for (const t of terms) {
        any = true;
        let list = byTerm.get(t);
        if (!list) {
          list = [];
          byTerm.set(t, list);
        }
        list.push(pos);
      }
      if (any) docCount++;
    });
    p = { byTerm, docCount };
    this.postingCache.set(field, p);
    return p;
  }

  private stat(doc: Doc): void {
    for (const [field, fv] of doc.fields) {
      if (!fv.freqs || !fv.tokens) continue;
      let s = this.textStats.get(field);
      if (!s) {
        s = { docCount: 0, sumTokens: 0, docFreq: new Map() };
        this.textStats.set(field, s);
      }
      s.docCount++;
      s.sumTokens += fv.tokens.length;
      for (const term of fv.freqs.keys()) s.docFreq.set(term, (s.docFreq.get(term) ?? 0) + 1);
    }
  }

  private unstat(doc: Doc): void {
    for (const [field, fv] of doc.fields) {
      const s = this.textStats.get(field);
      if (!s || !fv.freqs || !fv.tokens) continue;
      s.docCount--;
      s.sumTokens -= fv.tokens.length;
      for (const term of fv.freqs.keys()) s.docFreq.set(term, (s.docFreq.get(term) ?? 1) - 1);
    }
  }

  /** Approximate bytes on disk for `_cat/indices` and stats. */
  storeBytes(): number {
    let total = 0;
    for (const d of this.docs.values()) total += JSON.stringify(d.source).length * 1.6 + 120;
    return Math.round(total + 2048);
  }
}

export interface Index {
  readonly name: string;
  readonly uuid: string;
  readonly creationDate: number;
  readonly numberOfShards: number;
  readonly numberOfReplicas: number;
  readonly shards: Shard[];
  mappings: Mappings;
  fields: Map<string, FieldInfo>;
  readonly aliases: Set<string>;
  readonly hidden: boolean;
  state: 'open' | 'close';
}

export class Store {
  readonly indices = new Map<string, Index>();

  constructor(
    private readonly dataNodes: readonly string[],
    private readonly random: Random,
  ) {}

  createIndex(
    name: string,
    options: { shards?: number; replicas?: number; mappings?: Mappings; aliases?: string[]; creationDate?: number },
  ): Index {
    checkIndexName(name);
    if (this.indices.has(name)) {
      const existing = this.indices.get(name)!;
      throw new OsError(400, 'resource_already_exists_exception', `index [${name}/${existing.uuid}] already exists`, {
        metadata: { index_uuid: existing.uuid, index: name },
      });
    }
    if (this.aliasTargets(name)) {
      throw new OsError(400, 'invalid_index_name_exception', `Invalid index name [${name}], already exists as alias`, {
        metadata: { index_uuid: '_na_', index: name },
      });
    }
    const numberOfShards = options.shards ?? 1;
    const dataNodeCount = this.dataNodes.length;
    const numberOfReplicas = Math.min(options.replicas ?? 1, Math.max(0, dataNodeCount - 1));
    const offset = this.indices.size;
    const shards: Shard[] = [];
    for (let i = 0; i < numberOfShards; i++) {
      const primary = dataNodeCount > 0 ? this.dataNodes[(offset + i) % dataNodeCount] : undefined;
      const replicas: string[] = [];
      for (let r = 1; r <= numberOfReplicas; r++) replicas.push(this.dataNodes[(offset + i + r) % dataNodeCount]!);
      shards.push(new Shard(name, i, primary, replicas));
    }
    const mappings = options.mappings ?? { properties: {} };
    const index: Index = {
      name,
      uuid: this.random.base64Id(22),
      creationDate: options.creationDate ?? Date.now(),
      numberOfShards,
      numberOfReplicas: options.replicas ?? 1,
      shards,
      mappings,
      fields: leafFields(mappings),
      aliases: new Set(options.aliases ?? []),
      hidden: name.startsWith('.'),
      state: 'open',
    };
    this.indices.set(name, index);
    return index;
  }

  deleteIndex(name: string): void {
    this.indices.delete(name);
  }

  /** The indices an alias points to, or undefined when no index has that alias. */
  aliasTargets(alias: string): Index[] | undefined {
    const out: Index[] = [];
    for (const idx of this.indices.values()) if (idx.aliases.has(alias)) out.push(idx);
    return out.length > 0 ? out : undefined;
  }

  allAliases(): Set<string> {
    const out = new Set<string>();
    for (const idx of this.indices.values()) for (const a of idx.aliases) out.add(a);
    return out;
  }

  /** The shard a document id (or a custom routing value) goes to, as OperationRouting.generateShardId. */
  shardFor(index: Index, routing: string): Shard {
    return index.shards[shardIdFor(routing, index.numberOfShards)]!;
  }

  /** Indexes (or replaces) one document; new fields are mapped dynamically. */
  indexDoc(
    index: Index,
    id: string | undefined,
    source: Record<string, unknown>,
  ): { doc: Doc; created: boolean; shard: Shard } {
    const docId = id ?? this.random.base64Id(20);
    if (addDynamicMappings(index.mappings, source)) index.fields = leafFields(index.mappings);
    const fields = indexFields(index.fields, source, docId);
    const shard = this.shardFor(index, docId);
    const { doc, created } = shard.put(docId, source, fields);
    return { doc, created, shard };
  }

  docCount(index: Index): number {
    let n = 0;
    for (const s of index.shards) n += s.docs.size;
    return n;
  }
}

/** MetadataCreateIndexService.validateIndexOrAliasName and friends. */
function checkIndexName(name: string): void {
  const fail = (why: string): never => {
    throw new OsError(400, 'invalid_index_name_exception', `Invalid index name [${name}], ${why}`, {
      metadata: { index_uuid: '_na_', index: name },
    });
  };
  if (name.includes('#')) fail("must not contain '#'");
  if (name.includes(':')) fail("must not contain ':'");
  if (/^[_\-+]/.test(name)) fail("must not start with '_', '-', or '+'");
  if (/[\\/*?"<>| ,]/.test(name)) fail('must not contain the following characters [ , ", *, \\, <, |, ,, >, /, ?]');
  if (name !== name.toLowerCase()) fail('must be lowercase');
  if (name === '.' || name === '..') fail("must not be '.' or '..'");
  if (Buffer.byteLength(name) > 255) fail(`index name is too long, (${Buffer.byteLength(name)} > 255)`);
}

/**
 * The number of routing shards of an index created with `shards` shards: the largest `shards * 2^x` not above 1024,
 * with at least one split (MetadataCreateIndexService.calculateNumRoutingShards, for indexes of 7.0 and later).
 */
function routingNumShards(shards: number): number {
  const log2NumShards = 32 - Math.clz32(shards - 1);
  const splits = Math.max(1, 10 - log2NumShards);
  return shards * 2 ** splits;
}

/** OperationRouting.calculateScaledShardId: floorMod(murmur3(routing), routing shards) / routing factor. */
export function shardIdFor(routing: string, shards: number): number {
  const routingShards = routingNumShards(shards);
  const factor = routingShards / shards;
  const hash = murmur3(routing);
  const mod = ((hash % routingShards) + routingShards) % routingShards;
  return Math.floor(mod / factor);
}

/** Murmur3 x86 32-bit of the id's UTF-16 code units, the hash OpenSearch routes documents with. */
function murmur3(key: string): number {
  const bytes: number[] = [];
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    bytes.push(c & 0xff, c >>> 8);
  }
  return murmur3x86(bytes, 0);
}

/** Murmur3 x86 32-bit (Lucene's StringHelper.murmurhash3_x86_32) of bytes, with a seed. */
export function murmur3x86(bytes: ArrayLike<number>, seed: number): number {
  let h = seed | 0;
  const c1 = 0xcc9e2d51;
  const c2 = 0x1b873593;
  const n = bytes.length - (bytes.length % 4);
  for (let i = 0; i < n; i += 4) {
    let k = bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24);
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  let k = 0;
  const rem = bytes.length % 4;
  if (rem >= 3) k ^= bytes[n + 2]! << 16;
  if (rem >= 2) k ^= bytes[n + 1]! << 8;
  if (rem >= 1) {
    k ^= bytes[n]!;
    k = Math.imul(k, c1);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, c2);
    h ^= k;
  }
  h ^= bytes.length;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
