// The worst inputs found for the language service (hostile or just huge documents), each at a size n: what is built
// (not timed) and the action that is timed. `bench/hostile.ts` runs each case at n, 2n and 4n in a process of its own.
import type { Position } from 'vscode-languageserver-types';
import { completion } from '../server/src/service/completion/index';
import { DocumentStore, type LanguageId } from '../server/src/service/documentStore';
import { formatDocument } from '../server/src/service/formatting';
import { hover } from '../server/src/service/hover/index';
import { resolveRequest, resolveRequests } from '../server/src/service/resolve';
import { codeLenses } from '../server/src/service/codeLenses';

export interface HostileCase {
  readonly name: string;
  /** What the case is, with its unit of n. */
  readonly what: string;
  readonly sizes: readonly [number, number, number];
  /** Builds the input (not timed) and returns the timed action, which says in a few words what it got. */
  prepare(n: number): () => string;
}

const URI = 'file:///hostile.search';

function opened(text: string, language: LanguageId = 'search'): DocumentStore {
  const store = new DocumentStore();
  store.open(URI, language, 1, text);
  return store;
}

function parsed(store: DocumentStore): NonNullable<ReturnType<DocumentStore['get']>> {
  const document = store.get(URI);
  if (document === undefined) throw new Error('the document is not open');
  return document;
}

/** The end of a text as an LSP position (lines split at `\n`). */
function endOf(text: string): Position {
  const lines = text.split('\n');
  return { line: lines.length - 1, character: lines[lines.length - 1]!.length };
}

/** A request whose URL error must stay reported whatever the rest of the file holds. */
const WITNESS = 'GET /logs/_search?size=abc\n{}\n';

function witnessed(store: DocumentStore): string {
  const diagnostics = store.diagnostics(URI);
  const kept = diagnostics.some((d) => d.code === 'url.invalid-integer');
  return `${diagnostics.length} diagnostics, the other request's ${kept ? 'kept' : 'LOST'}`;
}

export const HOSTILE_CASES: readonly HostileCase[] = [
  {
    name: 'stars',
    what: '`GET _nodes/<n stars>x/stats`, a cluster of 3 nodes connected: diagnostics, hover and completion (n stars)',
    sizes: [5, 10, 20],
    prepare(n) {
      const text = `GET _nodes/${'*'.repeat(n)}x/stats`;
      const store = opened(text);
      store.cluster.update({
        clusterName: 'bench',
        nodes: ['cluster-manager-node-1', 'data-node-number-2', 'coordinating-node-3'].map((name, i) => ({
          id: `node${i}abcdefghijklmnopqrstuvw`,
          name,
          host: `${name}.example.internal`,
          ip: `10.0.0.${i + 1}`,
          roles: i === 0 ? ['cluster_manager'] : ['data', 'ingest'],
          attributes: { zone: 'zone-a' },
          local: i === 1,
          clusterManager: i === 0,
        })),
      });
      return () => {
        const diagnostics = store.diagnostics(URI);
        const shown = hover(parsed(store), { line: 0, character: 12 }, store.cluster);
        const items = completion(parsed(store), { line: 0, character: 11 + n }, undefined, store.cluster).items;
        return `${diagnostics.length} diagnostics, hover ${shown === null ? 'none' : 'shown'}, ${items.length} items`;
      };
    },
  },
  {
    name: 'brackets',
    what: '`GET /_search` and a body of n `[`: completion at its end and hover in its middle (n bytes)',
    sizes: [25_000, 50_000, 100_000],
    prepare(n) {
      const text = `GET /_search\n${'['.repeat(n)}`;
      const store = opened(text);
      return () => {
        const items = completion(parsed(store), endOf(text)).items;
        const shown = hover(parsed(store), { line: 1, character: n >> 1 });
        return `${items.length} items, hover ${shown === null ? 'none' : 'shown'}`;
      };
    },
  },
  {
    name: 'nested',
    what: 'a body of n nested objects `{"a":{"a":…}}`, then another request with an error: diagnostics (n levels)',
    sizes: [5_000, 10_000, 20_000],
    prepare(n) {
      const text = `GET /_search\n${'{"a":'.repeat(n)}1${'}'.repeat(n)}\n\n${WITNESS}`;
      const store = opened(text);
      return () => witnessed(store);
    },
  },
  {
    name: 'nested-completion',
    what: 'the same nesting, completion and hover at the deepest value (n levels)',
    sizes: [5_000, 10_000, 20_000],
    prepare(n) {
      const text = `GET /_search\n${'{"a":'.repeat(n)}1${'}'.repeat(n)}\n`;
      const store = opened(text);
      const position = { line: 1, character: 5 * n + 1 };
      return () => {
        const items = completion(parsed(store), position).items;
        const shown = hover(parsed(store), { line: 1, character: 5 * n - 3 });
        return `${items.length} items, hover ${shown === null ? 'none' : 'shown'}`;
      };
    },
  },
  {
    name: 'keys-open',
    what: 'a body of n unknown keys, one a line: open and diagnostics (n keys)',
    sizes: [10_000, 20_000, 40_000],
    prepare(n) {
      const text = manyKeys(n);
      return () => {
        const store = opened(text);
        return `${store.diagnostics(URI).length} diagnostics`;
      };
    },
  },
  {
    name: 'keys-edit',
    what: 'the same body, one key renamed: the edit and diagnostics (n keys)',
    sizes: [10_000, 20_000, 40_000],
    prepare(n) {
      const store = opened(manyKeys(n));
      store.diagnostics(URI);
      return () => {
        const line = n >> 1;
        store.change(URI, 2, [{ range: { start: { line, character: 3 }, end: { line, character: 3 } }, text: 'x' }]);
        return `${store.diagnostics(URI).length} diagnostics`;
      };
    },
  },
  {
    name: 'format-duplicates',
    what: 'Format Document on a one-line body of n duplicate keys `{"a":1,"a":1,…}` (n keys)',
    sizes: [5_000, 10_000, 20_000],
    prepare(n) {
      const store = opened(`GET /_search\n{${Array.from({ length: n }, () => '"a":1').join(',')}}\n`);
      return () => `${formatDocument(parsed(store)).length} edits`;
    },
  },
  {
    name: 'run-blanks',
    what: 'Run (code lenses and the request as sent) on a body with n blanks inside it (n blanks)',
    sizes: [40_000, 80_000, 160_000],
    prepare(n) {
      const store = opened(`GET /_search\n{"size":1,${' '.repeat(n)}"from":0}\n`);
      return () => {
        const lenses = codeLenses(parsed(store)).length;
        const resolved = resolveRequest(parsed(store), { uri: URI, line: 0 });
        return `${lenses} lenses, ${resolved.request === undefined ? 'not resolved' : 'resolved'}`;
      };
    },
  },
  {
    name: 'hover-blanks',
    what: 'hover at the start of a body line of n blanks before a value (n blanks)',
    sizes: [40_000, 80_000, 160_000],
    prepare(n) {
      const store = opened(`GET /_search\n{"size":\n${' '.repeat(n)}1}\n`);
      return () => {
        const shown = hover(parsed(store), { line: 2, character: 1 });
        const items = completion(parsed(store), { line: 2, character: 1 }).items;
        return `hover ${shown === null ? 'none' : 'shown'}, ${items.length} items`;
      };
    },
  },
  {
    name: 'requestline-blanks',
    what: 'a request line `GET /_search<n blanks>\\u2028x`, then another request with an error: diagnostics (n blanks)',
    sizes: [10_000, 20_000, 40_000],
    prepare(n) {
      const text = `GET /_search${' '.repeat(n)}\u2028x\n{}\n\n${WITNESS}`;
      return () => witnessed(opened(text));
    },
  },
  {
    name: 'cr-only',
    what: 'n requests with a URL error each, lines ended by a lone CR: diagnostics and Run all (n requests)',
    sizes: [500, 1_000, 2_000],
    prepare(n) {
      const text = Array.from({ length: n }, () => 'GET /logs/_search?size=abc\r{"size":1}\r').join('\r');
      return () => {
        const store = opened(text);
        const errors = store.diagnostics(URI).filter((d) => d.code === 'url.invalid-integer').length;
        const run = resolveRequests(parsed(store), { uri: URI }).requests.length;
        return `${errors} of ${n} URL errors reported, ${run} requests to run`;
      };
    },
  },
  {
    name: 'u2028-line',
    what: 'n requests with a URL error each, one request line holding a U+2028: diagnostics and Run all (n requests)',
    sizes: [500, 1_000, 2_000],
    prepare(n) {
      const text = `GET /logs/_se\u2028arch\n{}\n\n${WITNESS.repeat(n)}`;
      return () => {
        const store = opened(text);
        const errors = store.diagnostics(URI).filter((d) => d.code === 'url.invalid-integer').length;
        const run = resolveRequests(parsed(store), { uri: URI }).requests.length;
        return `${errors} of ${n} URL errors reported, ${run} requests to run`;
      };
    },
  },
];

function manyKeys(n: number): string {
  const lines = ['GET /_search', '{', '  "query": { "match_all": {} },'];
  for (let i = 0; i < n; i++) lines.push(`  "k${i}": ${i},`);
  lines.push('  "size": 1', '}', '');
  return lines.join('\n');
}
