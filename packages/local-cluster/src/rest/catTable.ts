// `_cat` tables as RestTable renders them: default and selected columns (`h`, aliases, wildcards), `v` headers,
// `s` sorting, `help`, `bytes`, and `format=json` (every value a string).
import type { RestRequest } from '../http/restRequest';
import type { RestResponse } from '../http/router';
import { simpleMatch } from '../core/simpleMatch';

export interface Column {
  readonly name: string;
  readonly aliases?: readonly string[];
  readonly desc: string;
  readonly default?: boolean;
  readonly right?: boolean;
}

export type Cell = string | number | null | { bytes: number } | { nanos: number };

export const CAT_RESPONSE_PARAMS = [
  'format',
  'h',
  'v',
  'ts',
  'pri',
  'bytes',
  'size',
  'time',
  's',
  'timeout',
  'limit',
  'help',
];

function formatBytes(n: number, unit: string | undefined): string {
  const units: [string, number][] = [
    ['pb', 1024 ** 5],
    ['tb', 1024 ** 4],
    ['gb', 1024 ** 3],
    ['mb', 1024 ** 2],
    ['kb', 1024],
    ['b', 1],
  ];
  if (unit !== undefined) {
    const f = units.find(([u]) => u === unit);
    if (f) return String(Math.floor(n / f[1]));
  }
  for (const [u, size] of units) {
    if (n >= size || u === 'b') {
      const v = n / size;
      const rounded = Math.round(v * 10) / 10;
      return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}${u}`;
    }
  }
  return `${n}b`;
}

function formatNanos(n: number, unit: string | undefined): string {
  const units: Record<string, number> = { d: 86400e9, h: 3600e9, m: 60e9, s: 1e9, ms: 1e6, micros: 1e3, nanos: 1 };
  const unitSize = unit !== undefined && Object.hasOwn(units, unit) ? units[unit] : undefined;
  if (unitSize !== undefined) return String(Math.floor(n / unitSize));
  for (const [u, size] of Object.entries(units)) {
    if (n >= size || u === 'nanos') {
      const v = n / size;
      const rounded = Math.round(v * 10) / 10;
      return `${Number.isInteger(rounded) ? rounded : rounded.toFixed(1)}${u}`;
    }
  }
  return `${n}nanos`;
}

function render(cell: Cell, req: { bytes?: string; time?: string }): string | null {
  if (cell === null) return null;
  if (typeof cell === 'object') {
    if ('bytes' in cell) return formatBytes(cell.bytes, req.bytes);
    return formatNanos(cell.nanos, req.time);
  }
  return String(cell);
}

function selectColumns(columns: readonly Column[], h: string | undefined): Column[] {
  if (h === undefined) return columns.filter((c) => c.default !== false);
  const out: Column[] = [];
  for (const raw of h.split(',')) {
    const name = raw.trim();
    for (const c of columns) {
      if ((simpleMatch(name, c.name) || (c.aliases ?? []).includes(name)) && !out.includes(c)) out.push(c);
    }
  }
  return out;
}

export function catResponse(
  req: RestRequest,
  columns: readonly Column[],
  rows: readonly Record<string, Cell>[],
): RestResponse {
  const help = req.bool('help', false);
  const verbose = req.bool('v', false);
  const format = req.params.get('format');
  const bytes = req.param('bytes');
  const time = req.param('time');
  const units = { ...(bytes !== undefined ? { bytes } : {}), ...(time !== undefined ? { time } : {}) };
  if (help) {
    const w0 = Math.max(...columns.map((c) => c.name.length));
    const w1 = Math.max(...columns.map((c) => (c.aliases ?? []).join(',').length));
    const text =
      columns.map((c) => `${c.name.padEnd(w0)} | ${(c.aliases ?? []).join(',').padEnd(w1)} | ${c.desc}`).join('\n') +
      '\n';
    return { status: 200, text };
  }
  const selected = selectColumns(columns, req.param('h'));
  let data = rows.map((r) => selected.map((c) => ({ raw: r[c.name] ?? null, text: render(r[c.name] ?? null, units) })));
  const sortSpec = req.param('s');
  if (sortSpec !== undefined) {
    const keys = sortSpec.split(',').map((k) => {
      const [name = '', dir] = k.split(':');
      const idx = selected.findIndex((c) => c.name === name || (c.aliases ?? []).includes(name));
      return {
        idx: idx >= 0 ? idx : selected.length,
        col: columns.find((c) => c.name === name || (c.aliases ?? []).includes(name)),
        desc: dir === 'desc',
      };
    });
    const full = rows.map((r, i) => ({ r, i }));
    full.sort((a, b) => {
      for (const k of keys) {
        if (!k.col) continue;
        const va = sortable(a.r[k.col.name] ?? null);
        const vb = sortable(b.r[k.col.name] ?? null);
        const c = va < vb ? -1 : va > vb ? 1 : 0;
        if (c !== 0) return k.desc ? -c : c;
      }
      return a.i - b.i;
    });
    data = full.map(({ r }) =>
      selected.map((c) => ({ raw: r[c.name] ?? null, text: render(r[c.name] ?? null, units) })),
    );
  }
  if (format === 'json') {
    return { status: 200, body: data.map((row) => Object.fromEntries(selected.map((c, i) => [c.name, row[i]!.text]))) };
  }
  const widths = selected.map((c, i) =>
    Math.max(verbose ? c.name.length : 0, ...data.map((row) => (row[i]!.text ?? '').length)),
  );
  const lines: string[] = [];
  // Every row, like the header, has one cell per selected column.
  const line = (cells: string[]): string =>
    cells
      .map((cell, i) => {
        const last = i === cells.length - 1;
        if (selected[i]!.right === true) return cell.padStart(widths[i]!);
        return last ? cell : cell.padEnd(widths[i]!);
      })
      .join(' ');
  if (verbose) lines.push(line(selected.map((c) => c.name)));
  for (const row of data) lines.push(line(row.map((c) => c.text ?? '')));
  return { status: 200, text: lines.map((l) => `${l}\n`).join('') };
}

function sortable(cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'object') return 'bytes' in cell ? cell.bytes : cell.nanos;
  return cell;
}
