import type { ClusterStateIndex } from '../../protocol/protocol';

/** A name to offer where an index expression goes: an index, an alias, or a pattern over indexes of a common prefix. */
export interface IndexCandidate {
  readonly name: string;
  /** Lower-case name, to match what is typed. */
  readonly key: string;
  readonly kind: 'index' | 'alias' | 'pattern';
  readonly detail: string;
  /** Starts with `.`: offered only once a `.` is typed, as wildcards and `_all` leave such indexes out. */
  readonly hidden: boolean;
  readonly rank: number;
}

interface Catalog {
  readonly all: readonly IndexCandidate[];
  readonly visible: readonly IndexCandidate[];
}

const CATALOGS = new WeakMap<readonly ClusterStateIndex[], Catalog>();

const RANKS = { pattern: 62, alias: 60, index: 55 } as const;

function listed(names: readonly string[], max = 3): string {
  return names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} +${names.length - max}`;
}

function isSeparator(ch: string): boolean {
  return ch === '-' || ch === '_' || ch === '.';
}

/**
 * `logs-*` for `logs-2024.01.01` and `logs-2024.01.02`: for every prefix that ends at a separator and that two
 * indexes or more share, unless a shorter prefix already selects the same indexes.
 */
function patterns(names: readonly string[]): { pattern: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (let i = 1; i < name.length - 1; i++) {
      if (!isSeparator(name.charAt(i))) continue;
      const prefix = name.slice(0, i + 1);
      counts.set(prefix, (counts.get(prefix) ?? 0) + 1);
    }
  }
  const out: { pattern: string; count: number }[] = [];
  for (const [prefix, count] of counts) {
    if (count < 2) continue;
    // The next shorter prefix of the same names: equal counts mean the same indexes.
    let parent: number | undefined;
    for (let i = prefix.length - 2; i >= 1; i--) {
      if (isSeparator(prefix.charAt(i))) {
        parent = counts.get(prefix.slice(0, i + 1));
        break;
      }
    }
    if (parent === count) continue;
    out.push({ pattern: `${prefix}*`, count });
  }
  return out;
}

function build(indices: readonly ClusterStateIndex[]): IndexCandidate[] {
  const out: IndexCandidate[] = [];
  const aliasTargets = new Map<string, string[]>();
  for (const index of indices) {
    for (const alias of index.aliases) {
      const targets = aliasTargets.get(alias) ?? [];
      targets.push(index.name);
      aliasTargets.set(alias, targets);
    }
    out.push({
      name: index.name,
      key: index.name.toLowerCase(),
      kind: 'index',
      detail: index.aliases.length > 0 ? `index · aliases ${listed(index.aliases)}` : 'index',
      hidden: index.name.startsWith('.'),
      rank: RANKS.index,
    });
  }
  for (const [alias, targets] of aliasTargets) {
    out.push({
      name: alias,
      key: alias.toLowerCase(),
      kind: 'alias',
      detail: `alias of ${listed(targets)}`,
      hidden: alias.startsWith('.'),
      rank: RANKS.alias,
    });
  }
  for (const { pattern, count } of patterns(indices.map((i) => i.name))) {
    out.push({
      name: pattern,
      key: pattern.toLowerCase(),
      kind: 'pattern',
      detail: `pattern · ${count} indexes`,
      hidden: pattern.startsWith('.'),
      rank: RANKS.pattern,
    });
  }
  return out.sort((a, b) => b.rank - a.rank || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Index names, aliases and patterns of the pushed indexes, best first, built once per list of indexes; names that
 * start with `.` only once the typed piece does.
 */
export function indexCandidates(indices: readonly ClusterStateIndex[], typed: string): readonly IndexCandidate[] {
  let catalog = CATALOGS.get(indices);
  if (catalog === undefined) {
    const all = build(indices);
    catalog = { all, visible: all.filter((c) => !c.hidden) };
    CATALOGS.set(indices, catalog);
  }
  return typed.startsWith('.') ? catalog.all : catalog.visible;
}
