// Deterministic sample data: three days of application logs (`logs-YYYY.MM.DD`, alias `logs`) and a
// `products` catalogue, about ten thousand documents in all.
import type { Mappings } from './mapping';
import { Random } from './random';
import type { Store } from './store';

const LOGS_PER_DAY = 3000;
const PRODUCT_COUNT = 1200;
const LOG_DAYS = 3;

const LOGS_MAPPINGS: Mappings = {
  properties: {
    '@timestamp': { type: 'date' },
    level: { type: 'keyword' },
    service: { type: 'keyword' },
    host: { type: 'keyword' },
    message: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    duration_ms: { type: 'long' },
  },
};

const PRODUCTS_MAPPINGS: Mappings = {
  properties: {
    sku: { type: 'keyword' },
    name: { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } },
    description: { type: 'text' },
    category: { type: 'keyword' },
    brand: { type: 'keyword' },
    price: { type: 'double' },
    rating: { type: 'float' },
    in_stock: { type: 'boolean' },
    tags: { type: 'keyword' },
    created_at: { type: 'date' },
  },
};

const SERVICES = ['checkout', 'payments', 'search', 'inventory', 'auth', 'gateway'];
const HOSTS = ['web-01', 'web-02', 'web-03', 'api-01', 'api-02', 'worker-01'];
const LEVELS = ['INFO', 'WARN', 'ERROR', 'DEBUG'] as const;
const LEVEL_WEIGHTS = [70, 15, 7, 8];
const MESSAGES: Record<(typeof LEVELS)[number], string[]> = {
  INFO: [
    'request completed',
    'user logged in',
    'order created',
    'cache refreshed',
    'payment authorized',
    'search query served',
    'inventory level updated',
    'session started',
  ],
  WARN: [
    'slow response from upstream',
    'retrying request after timeout',
    'cache miss rate is high',
    'connection pool nearly exhausted',
    'deprecated endpoint called',
  ],
  ERROR: [
    'upstream timeout while calling payments',
    'connection refused by database',
    'payment declined by provider',
    'failed to parse request body',
    'out of memory while building response',
    'timeout waiting for lock',
  ],
  DEBUG: ['cache lookup', 'query plan selected', 'token validated', 'retry scheduled'],
};

const CATEGORIES = [
  'laptops',
  'phones',
  'audio',
  'cameras',
  'accessories',
  'monitors',
  'storage',
  'networking',
] as const;
const BRANDS = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark', 'Wayne', 'Tyrell'];
const ADJECTIVES = ['Pro', 'Ultra', 'Mini', 'Max', 'Lite', 'Plus', 'Air', 'Studio'];
const NOUNS: Record<(typeof CATEGORIES)[number], string[]> = {
  laptops: ['Laptop', 'Notebook', 'Ultrabook'],
  phones: ['Phone', 'Smartphone'],
  audio: ['Headphones', 'Earbuds', 'Speaker', 'Soundbar'],
  cameras: ['Camera', 'Action Camera', 'Webcam'],
  accessories: ['Charger', 'Cable', 'Case', 'Stand', 'Keyboard', 'Mouse'],
  monitors: ['Monitor', 'Display'],
  storage: ['SSD', 'Hard Drive', 'Memory Card'],
  networking: ['Router', 'Switch', 'Access Point'],
};
const FEATURES = [
  'wireless',
  'waterproof',
  'fast charging',
  'noise cancelling',
  'lightweight',
  'long battery life',
  '4k',
  'bluetooth',
  'usb-c',
  'ergonomic',
];

function logIndexName(dayStart: number): string {
  const d = new Date(dayStart);
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `logs-${d.getUTCFullYear()}.${pad(d.getUTCMonth() + 1)}.${pad(d.getUTCDate())}`;
}

/** The UTC midnights of the sample log days: the days before `now`'s day. */
function logDays(now: number): number[] {
  const today = Math.floor(now / 86_400_000) * 86_400_000;
  const days: number[] = [];
  for (let i = LOG_DAYS; i >= 1; i--) days.push(today - i * 86_400_000);
  return days;
}

/** One index of the sample data: how it is created and its documents, in indexing order. */
export interface SampleIndex {
  readonly name: string;
  readonly shards: number;
  readonly replicas: number;
  readonly mappings: Mappings;
  readonly aliases: string[];
  readonly creationDate: number;
  readonly docs: { readonly id: string; readonly source: Record<string, unknown> }[];
}

/** The sample indexes and documents, the same for every cluster given the same `now` (the local one loads them
 * into its store; the real one receives them with `_bulk`, so that both answer the same searches). */
export function sampleIndices(now: number): SampleIndex[] {
  const random = new Random(20240521);
  const indices: SampleIndex[] = [];
  for (const day of logDays(now)) {
    const docs: SampleIndex['docs'][number][] = [];
    const times: number[] = [];
    for (let i = 0; i < LOGS_PER_DAY; i++) times.push(day + random.int(0, 86_400_000 - 1));
    times.sort((a, b) => a - b);
    for (const t of times) {
      const level = random.weighted(LEVELS, LEVEL_WEIGHTS);
      const service = random.pick(SERVICES);
      const message = `${random.pick(MESSAGES[level])} ${service}`;
      const base = level === 'ERROR' ? 800 : level === 'WARN' ? 400 : 40;
      docs.push({
        id: random.base64Id(20),
        source: {
          '@timestamp': new Date(t).toISOString(),
          level,
          service,
          host: random.pick(HOSTS),
          message,
          duration_ms: base + random.int(0, base * 3),
        },
      });
    }
    indices.push({
      name: logIndexName(day),
      shards: 2,
      replicas: 1,
      mappings: structuredClone(LOGS_MAPPINGS),
      aliases: ['logs'],
      creationDate: day,
      docs,
    });
  }
  const products: SampleIndex['docs'][number][] = [];
  for (let i = 0; i < PRODUCT_COUNT; i++) {
    const category = random.pick(CATEGORIES);
    const brand = random.pick(BRANDS);
    const noun = random.pick(NOUNS[category]);
    const name = `${brand} ${noun} ${random.pick(ADJECTIVES)} ${random.int(1, 9)}`;
    const f1 = random.pick(FEATURES);
    const f2 = random.pick(FEATURES);
    const tags = f1 === f2 ? [f1] : [f1, f2];
    products.push({
      id: `P${String(i + 1).padStart(5, '0')}`,
      source: {
        sku: `${category.slice(0, 3).toUpperCase()}-${String(10000 + i)}`,
        name,
        description: `A ${tags.join(' and ')} ${noun.toLowerCase()} from ${brand} for everyday use.`,
        category,
        brand,
        price: Math.round((random.int(5, 2500) + random.int(0, 99) / 100) * 100) / 100,
        rating: Math.round((1 + random.next() * 4) * 10) / 10,
        in_stock: random.next() > 0.2,
        tags,
        created_at: new Date(logDays(now)[0]! - random.int(0, 365) * 86_400_000).toISOString(),
      },
    });
  }
  indices.push({
    name: 'products',
    shards: 3,
    replicas: 1,
    mappings: structuredClone(PRODUCTS_MAPPINGS),
    aliases: [],
    creationDate: logDays(now)[0]!,
    docs: products,
  });
  return indices;
}

export function loadSampleData(store: Store, now: number): void {
  for (const sample of sampleIndices(now)) {
    const index = store.createIndex(sample.name, {
      shards: sample.shards,
      replicas: sample.replicas,
      mappings: sample.mappings,
      ...(sample.aliases.length > 0 ? { aliases: sample.aliases } : {}),
      creationDate: sample.creationDate,
    });
    for (const doc of sample.docs) store.indexDoc(index, doc.id, doc.source);
  }
}
