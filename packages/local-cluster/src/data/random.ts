// A small seeded generator (mulberry32) so that sample data, ids and uuids are the same on every start.

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, maxInclusive: number): number {
    return min + Math.floor(this.next() * (maxInclusive - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('cannot pick from an empty list');
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** Picks with weights (same length as items). */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    if (items.length === 0 || weights.length !== items.length) {
      throw new Error(`weighted pick needs as many weights as items (got ${weights.length} and ${items.length})`);
    }
    const total = weights.reduce((a, b) => a + b, 0);
    let r = this.next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i]!;
      if (r < 0) return items[i]!;
    }
    return items[items.length - 1]!;
  }

  /** A URL-safe base64 id like the ones OpenSearch generates for documents, nodes and indices. */
  base64Id(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += ID_CHARS[Math.floor(this.next() * ID_CHARS.length)]!;
    return s;
  }
}
