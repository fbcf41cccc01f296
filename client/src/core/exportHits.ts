// The hits of a search answer as CSV or NDJSON of their `_source`: one row (or line) per hit, the columns those of
// the fields present in any of them (in the order first met), nested objects flattened with dots (`user.name`).

/** A hit's `_source` flattened: `{"user": {"name": "a"}, "tags": ["x"]}` → `user.name`, `tags`. */
export function flattenSource(source: unknown, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  if (typeof source !== 'object' || source === null || Array.isArray(source)) {
    if (prefix !== '') into.set(prefix, source);
    return into;
  }
  const entries = Object.entries(source as Record<string, unknown>);
  if (entries.length === 0 && prefix !== '') into.set(prefix, source);
  for (const [key, value] of entries) {
    const name = prefix === '' ? key : `${prefix}.${key}`;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) flattenSource(value, name, into);
    else into.set(name, value);
  }
  return into;
}

/** The `_source` of each hit (a hit without one gives an empty object). */
export function sourcesOf(hits: unknown): unknown[] {
  if (!Array.isArray(hits)) return [];
  return hits.map((hit: unknown) => (typeof hit === 'object' && hit !== null && '_source' in hit ? hit._source : {}));
}

/** A value as a CSV cell's text: strings as they are, arrays and objects as JSON, null and missing as nothing. */
function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/** RFC 4180: a cell with a comma, a quote or a line break is quoted, its quotes doubled. */
function quoteCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The sources as CSV: a header row of the flattened field names, then a row per source (CRLF line ends). */
export function toCsv(sources: readonly unknown[]): string {
  const rows = sources.map((source) => flattenSource(source));
  const columns: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of row.keys()) {
      if (!seen.has(key)) {
        seen.add(key);
        columns.push(key);
      }
    }
  }
  const lines = [columns.map(quoteCell).join(',')];
  for (const row of rows) lines.push(columns.map((column) => quoteCell(cellText(row.get(column)))).join(','));
  return lines.join('\r\n') + '\r\n';
}

/** The sources as NDJSON: one JSON object per line, as they came. */
export function toNdjson(sources: readonly unknown[]): string {
  return sources.map((source) => `${JSON.stringify(source)}\n`).join('');
}
