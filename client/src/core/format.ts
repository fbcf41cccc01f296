// How figures read in the views and messages.

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export function formatCount(value: number): string {
  return integer.format(value);
}

/** `10,000+` for a lower bound (`relation: gte`), `1,234` for an exact count. */
export function formatTotal(value: number, relation: string | undefined): string {
  return relation === 'gte' ? `${formatCount(value)}+` : formatCount(value);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 * 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${(bytes / (1024 * 1024 * 1024)).toFixed(2)} GB`;
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** A short, one-line excerpt of a text for a message. */
export function excerpt(text: string, max = 120): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** A task's running time in human units, as precise as its size calls for: `850 ms`, `4.2 s`, `12 s`, `3 min 05 s`. */
export function formatRunningTime(nanos: number): string {
  const ms = Math.max(0, nanos) / 1e6;
  if (ms < 1) return '<1 ms';
  if (ms < 1000) return `${Math.floor(ms)} ms`;
  const seconds = ms / 1000;
  if (seconds < 10) return `${(Math.floor(seconds * 10) / 10).toFixed(1)} s`;
  if (seconds < 60) return `${Math.floor(seconds)} s`;
  const whole = Math.floor(seconds);
  const two = (n: number): string => String(n).padStart(2, '0');
  if (whole < 3600) return `${Math.floor(whole / 60)} min ${two(whole % 60)} s`;
  if (whole < 86_400) return `${Math.floor(whole / 3600)} h ${two(Math.floor((whole % 3600) / 60))} min`;
  return `${Math.floor(whole / 86_400)} d ${Math.floor((whole % 86_400) / 3600)} h`;
}

/** A transport address without its port: `172.18.0.11:9300` → `172.18.0.11`, `[::1]:9300` → `[::1]`. */
export function withoutPort(address: string): string {
  return /^(\[[^\]]*\]|[^:]+):\d+$/.exec(address)?.[1] ?? address;
}

/** How long ago a time was, in words: `just now`, `5 min ago`, `3 h ago`, `yesterday`, `4 days ago`, or the date. */
export function formatAge(time: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - time) / 1000));
  if (seconds < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.round(hours / 24);
  if (days === 1) return 'yesterday';
  if (days < 30) return `${days} days ago`;
  return new Date(time).toISOString().slice(0, 10);
}
