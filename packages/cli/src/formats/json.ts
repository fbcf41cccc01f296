// `--format json`: the whole report as one JSON document, every file checked (clean ones too).
import { codeOf, humanRange, severityName, type Report } from '../report';

export function json(report: Report, quiet: boolean): string {
  const files = report.files.map((file) => {
    const diagnostics = file.diagnostics
      .filter((d) => !quiet || severityName(d) === 'error')
      .map((d) => ({
        code: codeOf(d),
        severity: severityName(d),
        message: d.message,
        ...humanRange(d),
      }));
    return {
      path: file.path,
      errorCount: file.diagnostics.filter((d) => severityName(d) === 'error').length,
      warningCount: file.diagnostics.filter((d) => severityName(d) === 'warning').length,
      infoCount: file.diagnostics.filter((d) => severityName(d) === 'info').length,
      ...(file.fixes > 0 ? { fixes: file.fixes } : {}),
      ...(report.checkFormat ? { formatted: !file.formatChanges } : {}),
      diagnostics,
    };
  });
  return `${JSON.stringify(
    {
      tool: 'search-requests-lint',
      version: report.toolVersion,
      errorCount: report.errorCount,
      warningCount: report.warningCount,
      infoCount: report.infoCount,
      ...(report.checkFormat ? { unformattedCount: report.unformattedCount } : {}),
      files,
    },
    null,
    2,
  )}\n`;
}
