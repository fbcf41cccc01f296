// The default output, for people: the problems of each file under its path, aligned, then the counts.
import { codeOf, humanRange, severityName, type Report, type SeverityName } from '../report';

export interface StylishOptions {
  readonly color: boolean;
  readonly quiet: boolean;
}

const COLORS = { red: 31, yellow: 33, blue: 34, gray: 90, bold: 1, underline: 4 } as const;

function painter(enabled: boolean): (style: keyof typeof COLORS, text: string) => string {
  return (style, text) => (enabled ? `\u001b[${COLORS[style]}m${text}\u001b[0m` : text);
}

const SEVERITY_COLOR: Readonly<Record<SeverityName, keyof typeof COLORS>> = {
  error: 'red',
  warning: 'yellow',
  info: 'blue',
};

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function stylish(report: Report, options: StylishOptions): string {
  const paint = painter(options.color);
  const out: string[] = [];
  for (const file of report.files) {
    const rows = file.diagnostics
      .filter((d) => !options.quiet || severityName(d) === 'error')
      .map((d) => {
        const { line, column } = humanRange(d);
        return {
          where: `${line}:${column}`,
          severity: severityName(d),
          message: oneLine(d.message),
          code: codeOf(d),
        };
      });
    const unformatted = report.checkFormat && file.formatChanges;
    if (rows.length === 0 && !unformatted) continue;
    out.push(paint('underline', file.path));
    const whereWidth = Math.max(...rows.map((r) => r.where.length), 0);
    const messageWidth = Math.max(...rows.map((r) => r.message.length), 0);
    for (const row of rows) {
      out.push(
        `  ${paint('gray', row.where.padEnd(whereWidth))}  ${paint(SEVERITY_COLOR[row.severity], row.severity.padEnd(7))}  ${row.message.padEnd(messageWidth)}  ${paint('gray', row.code)}`,
      );
    }
    if (unformatted) out.push(`  ${paint('red', 'not formatted')} (search-requests-lint --format-write formats it)`);
    out.push('');
  }
  const shownWarnings = options.quiet ? 0 : report.warningCount;
  const shownInfos = options.quiet ? 0 : report.infoCount;
  const problems = report.errorCount + shownWarnings + shownInfos;
  if (problems > 0) {
    const mark = report.errorCount > 0 ? 'red' : shownWarnings > 0 ? 'yellow' : 'blue';
    const parts = [plural(report.errorCount, 'error'), plural(shownWarnings, 'warning')];
    if (shownInfos > 0) parts.push(`${shownInfos} information`);
    out.push(paint(mark, paint('bold', `✖ ${plural(problems, 'problem')} (${parts.join(', ')})`)));
  }
  if (report.unformattedCount > 0) {
    out.push(paint('red', paint('bold', `✖ ${plural(report.unformattedCount, 'file')} not formatted`)));
  }
  return out.length === 0 ? '' : `${out.join('\n')}\n`;
}

/** A message on one line: each line break, with the blanks around it, becomes one space (linear, unlike a regex). */
function oneLine(message: string): string {
  if (!message.includes('\n')) return message;
  const parts = message.split('\n');
  return parts
    .map((part, i) => (i === 0 ? part.trimEnd() : i === parts.length - 1 ? part.trimStart() : part.trim()))
    .filter((part, i) => part !== '' || i === 0 || i === parts.length - 1)
    .join(' ');
}
