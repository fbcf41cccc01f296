// Issue 7.5, the client's side of a 10,000-field mapping: from the bytes of a `GET /_mapping` answer (five indexes of
// 2,000 fields, nested objects and multi-fields as log mappings have them) and the aliases, to the CLUSTER_STATE
// notification: parse, flatten to dotted names, compare with what was sent, and the notification's text. The
// server's side (completion with that state) is bench/clusterFields.ts.
import { performance } from 'node:perf_hooks';
import { ClusterStateTracker, readIndices } from '../client/src/core/clusterState';
import { ClusterState } from '../server/src/protocol/protocol';
import { collectGarbage } from './gc';

const TARGET_MS = 10;
const ROUNDS = 40;
const WARMUP = 10;
const INDEXES = ['logs-app-2024.06.01', 'logs-app-2024.06.02', 'logs-web', 'metrics-node', 'traces-checkout'];

const AREAS = [
  'http',
  'url',
  'user',
  'host',
  'kubernetes',
  'cloud',
  'event',
  'process',
  'service',
  'source',
  'network',
];
const THINGS = ['request', 'response', 'client', 'server', 'pod', 'node', 'namespace', 'instance', 'account', 'region'];
const LEAVES: readonly (readonly [string, string])[] = [
  ['id', 'keyword'],
  ['name', 'text'],
  ['status', 'keyword'],
  ['message', 'text'],
  ['bytes', 'long'],
  ['duration_ms', 'long'],
  ['ip', 'ip'],
  ['created', 'date'],
  ['enabled', 'boolean'],
  ['score', 'double'],
  ['code', 'keyword'],
  ['port', 'integer'],
  ['location', 'geo_point'],
  ['type', 'keyword'],
  ['version', 'keyword'],
  ['usage_pct', 'float'],
];

/**
 * One index's mapping: areas and things as objects, leaves as fields, text fields with a `.keyword` multi-field;
 * `offset` makes the indexes differ. About 2,000 dotted names each.
 */
function mapping(offset: number): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  for (let a = 0; a < AREAS.length; a++) {
    const things: Record<string, unknown> = {};
    for (let t = 0; t < THINGS.length; t++) {
      const leaves: Record<string, unknown> = {};
      for (let l = 0; l < LEAVES.length; l++) {
        const [name, type] = LEAVES[(l + offset) % LEAVES.length]!;
        leaves[`${name}_${l}`] =
          type === 'text' ? { type, fields: { keyword: { type: 'keyword', ignore_above: 256 } } } : { type };
      }
      things[THINGS[t]!] = { properties: leaves };
    }
    properties[`${AREAS[a]!}_${offset}`] = { properties: things };
  }
  return { dynamic: 'false', properties };
}

export function runClusterStatePayloadBench(): void {
  console.log(
    'cluster state for the language server: a 10,000-field _mapping answer to the CLUSTER_STATE notification',
  );
  const answer: Record<string, unknown> = {};
  for (const [i, name] of INDEXES.entries()) answer[name] = { mappings: mapping(i) };
  const mappingBytes = Buffer.from(JSON.stringify(answer), 'utf8');
  const aliasBytes = Buffer.from(
    JSON.stringify(INDEXES.filter((n) => n.startsWith('logs-app')).map((index) => ({ alias: 'logs-app', index }))),
    'utf8',
  );
  collectGarbage();
  const times: number[] = [];
  const parts = { parse: [] as number[], flatten: [] as number[], compare: [] as number[], serialize: [] as number[] };
  let fields = 0;
  let wire = 0;
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    // Each round is a new connection: the tracker has sent nothing yet, so the whole state goes.
    const tracker = new ClusterStateTracker();
    const t0 = performance.now();
    const mappingValue = JSON.parse(mappingBytes.toString('utf8')) as unknown;
    const aliasValue = JSON.parse(aliasBytes.toString('utf8')) as unknown;
    const t1 = performance.now();
    const indices = readIndices(mappingValue, aliasValue);
    const t2 = performance.now();
    const params = tracker.delta({ clusterName: 'bench', indices });
    const t3 = performance.now();
    // The language client serializes the notification.
    const text = JSON.stringify({ jsonrpc: '2.0', method: ClusterState.method, params });
    const t4 = performance.now();
    if (round >= WARMUP) {
      times.push(t4 - t0);
      parts.parse.push(t1 - t0);
      parts.flatten.push(t2 - t1);
      parts.compare.push(t3 - t2);
      parts.serialize.push(t4 - t3);
    }
    fields = indices.reduce((n, index) => n + index.fields.length, 0);
    wire = text.length;
  }
  const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  // The slow timer reads the mappings again every minute: unchanged, nothing is sent.
  const tracker = new ClusterStateTracker();
  tracker.delta({ indices: readIndices(JSON.parse(mappingBytes.toString('utf8')) as unknown, []) });
  const againTimes: number[] = [];
  let unchanged: unknown;
  for (let i = 0; i < 10; i++) {
    const again = performance.now();
    unchanged = tracker.delta({ indices: readIndices(JSON.parse(mappingBytes.toString('utf8')) as unknown, []) });
    againTimes.push(performance.now() - again);
  }
  const againMs = median(againTimes);
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const max = times[times.length - 1]!;
  console.log(
    `  answer: ${(mappingBytes.length / 1024).toFixed(0)} KB of mappings, ${INDEXES.length} indexes, ${fields} dotted fields; notification ${(wire / 1024).toFixed(0)} KB`,
  );
  console.log(`  build and serialize n=${ROUNDS}  p50 ${p50.toFixed(2)} ms  max ${max.toFixed(2)} ms`);
  console.log(
    `    medians: JSON.parse ${median(parts.parse).toFixed(2)} ms, flatten ${median(parts.flatten).toFixed(2)} ms, compare with what was sent ${median(parts.compare).toFixed(2)} ms, notification text ${median(parts.serialize).toFixed(2)} ms`,
  );
  console.log(
    `  unchanged mappings read again (median of 10): ${againMs.toFixed(2)} ms, ${unchanged === undefined ? 'nothing sent' : 'SENT AGAIN'}`,
  );
  console.log(max < TARGET_MS ? `  within ${TARGET_MS} ms` : `  over ${TARGET_MS} ms: max ${max.toFixed(2)} ms`);
}
