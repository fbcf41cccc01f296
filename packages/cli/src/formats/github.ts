// `--format github`: GitHub Actions workflow commands, shown as annotations on the pull request's files.
import { codeOf, humanRange, severityName, type Report, type SeverityName } from '../report';

const COMMAND: Readonly<Record<SeverityName, string>> = { error: 'error', warning: 'warning', info: 'notice' };

/** The escaping of a workflow command's message. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** The escaping of a workflow command's property values. */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function github(report: Report, quiet: boolean): string {
  const out: string[] = [];
  for (const file of report.files) {
    for (const diagnostic of file.diagnostics) {
      const severity = severityName(diagnostic);
      if (quiet && severity !== 'error') continue;
      const { line, column, endLine, endColumn } = humanRange(diagnostic);
      const properties = [
        `file=${escapeProperty(file.path)}`,
        `line=${line}`,
        `col=${column}`,
        `endLine=${endLine}`,
        `endColumn=${endColumn}`,
        `title=${escapeProperty(codeOf(diagnostic))}`,
      ];
      out.push(`::${COMMAND[severity]} ${properties.join(',')}::${escapeData(diagnostic.message)}`);
    }
    if (report.checkFormat && file.formatChanges) {
      out.push(
        `::error file=${escapeProperty(file.path)},title=not formatted::${escapeData('The formatter would change this file: run search-requests-lint --format-write.')}`,
      );
    }
  }
  const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [
    count(report.files.length, 'file'),
    count(report.errorCount, 'error'),
    count(report.warningCount, 'warning'),
    `${report.infoCount} information`,
  ];
  if (report.checkFormat) parts.push(`${report.unformattedCount} not formatted`);
  out.push(`search-requests-lint: ${parts.join(', ')}`);
  return `${out.join('\n')}\n`;
}
