// `--format sarif`: SARIF 2.1.0, as GitHub code scanning reads it (github/codeql-action/upload-sarif): one run, the
// rules (ids = diagnostic codes, with their summaries and documentation links), one result per diagnostic with a
// location relative to the repository's root (%SRCROOT%, the current folder).
import { pathToFileURL } from 'node:url';
import { knownRules, type RuleInfo } from '../rules';
import { codeOf, humanRange, severityName, type Report, type SeverityName } from '../report';

const LEVEL: Readonly<Record<SeverityName, 'error' | 'warning' | 'note'>> = {
  error: 'error',
  warning: 'warning',
  info: 'note',
};

const INFORMATION_URI = 'https://github.com/search-requests/search-requests#command-line';

function ruleDescriptor(rule: RuleInfo): Record<string, unknown> {
  const help = rule.helpUri === undefined ? rule.summary : `${rule.summary} See ${rule.helpUri}`;
  return {
    id: rule.id,
    shortDescription: { text: rule.summary },
    fullDescription: { text: rule.summary },
    help: {
      text: help,
      markdown: rule.helpUri === undefined ? rule.summary : `${rule.summary} [Documentation](${rule.helpUri})`,
    },
    ...(rule.helpUri === undefined ? {} : { helpUri: rule.helpUri }),
    defaultConfiguration: { level: LEVEL[rule.severity] },
    properties: { tags: ['opensearch', rule.id.split('.')[0]!] },
  };
}

export function sarif(report: Report, quiet: boolean): string {
  const rules: RuleInfo[] = [...knownRules()];
  const index = new Map(rules.map((rule, i) => [rule.id, i]));
  const results: Record<string, unknown>[] = [];
  for (const file of report.files) {
    for (const diagnostic of file.diagnostics) {
      const severity = severityName(diagnostic);
      if (quiet && severity !== 'error') continue;
      const code = codeOf(diagnostic);
      let ruleIndex = index.get(code);
      if (ruleIndex === undefined) {
        // A code the table does not list: described by its first message rather than left out.
        ruleIndex = rules.length;
        rules.push({ id: code, severity, summary: diagnostic.message });
        index.set(code, ruleIndex);
      }
      const { line, column, endLine, endColumn } = humanRange(diagnostic);
      results.push({
        ruleId: code,
        ruleIndex,
        level: LEVEL[severity],
        message: { text: diagnostic.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: encodeURI(file.path), uriBaseId: '%SRCROOT%' },
              region: { startLine: line, startColumn: column, endLine, endColumn },
            },
          },
        ],
      });
    }
  }
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'search-requests-lint',
            version: report.toolVersion,
            informationUri: INFORMATION_URI,
            rules: rules.map(ruleDescriptor),
          },
        },
        originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(report.cwd).toString().replace(/\/?$/, '/') } },
        // LSP positions count UTF-16 code units, SARIF's default column unit.
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
