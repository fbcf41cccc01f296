// What the language server makes of a conformance case for one version: the case as a `.search` request, its
// diagnostics for that target with the conformance index's cluster active (its mappings read as the extension reads
// them), and whether they agree with what the real server answered.
import type { Diagnostic } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../../server/src/service/diagnosticCodes';
import { DocumentStore } from '../../server/src/service/documentStore';
import { makeTarget } from '../../server/src/service/target';
import { mappingFields } from '../../client/src/core/clusterState';
import type { ConformanceCase } from './cases';
import { rejected, withoutIdentityHashes, type Answer } from './corpus';
import { CONFORMANCE_INDEX, CONFORMANCE_MAPPINGS, CONFORMANCE_PLUGINS, CONFORMANCE_SEARCH_PIPELINES } from './setup';

export interface Verdict {
  readonly errors: readonly Diagnostic[];
  readonly rejected: boolean;
  /** Error ⇔ rejected, and when rejected, one Error carries one of the server's reasons. */
  readonly agrees: boolean;
  /** The codes of the Errors that carry one of the server's reasons. */
  readonly provenCodes: readonly DiagnosticCode[];
  readonly why?: string;
}

/** The cluster state the extension pushes while the conformance index's cluster is the active one. */
const CONFORMANCE_CLUSTER = {
  clusterName: 'conformance',
  indices: [{ name: CONFORMANCE_INDEX, aliases: [], fields: mappingFields(CONFORMANCE_MAPPINGS) }],
  // setup.ts sets no index.query.default_field: the index has OpenSearch's default.
  defaultFields: { [CONFORMANCE_INDEX]: ['*'] },
  // Nor index.search.default_pipeline; recording defines the pipelines of setup.ts and no other.
  defaultPipelines: { [CONFORMANCE_INDEX]: '_none' },
  searchPipelines: Object.keys(CONFORMANCE_SEARCH_PIPELINES),
  // Nor index.analysis: the index defines no analyzer.
  analyzers: { [CONFORMANCE_INDEX]: [] },
};

const store = new DocumentStore();
store.updateCluster(CONFORMANCE_CLUSTER);
let opened = 0;

/**
 * The case as a document. An `_msearch` body is sent as it is written in a `.msearch` file (a comment line names
 * where it goes), so blank lines and a missing final newline reach the server as they do in the corpus; in a
 * `.search` file its lines are sent compacted, each ended by a newline. Anything else is a `.search` request.
 */
function documentOf(c: ConformanceCase): { language: 'search' | 'msearch'; text: string } {
  if (c.body !== undefined && /\/_msearch(\?|$)/.test(c.path)) {
    return { language: 'msearch', text: `# ${c.method} ${c.path}\n${c.body}` };
  }
  return { language: 'search', text: `${c.method} ${c.path}\n${c.body ?? ''}\n` };
}

/** The language server's diagnostics of a case for one version, with the conformance index's cluster active. */
export function diagnosticsFor(c: ConformanceCase, version: string): readonly Diagnostic[] {
  store.setTarget(makeTarget({ distribution: 'opensearch', version, source: 'cluster' }));
  // The plugins the nodes list differ between versions (their modules' class names).
  store.updateCluster({ plugins: CONFORMANCE_PLUGINS[version] ?? null });
  const { language, text } = documentOf(c);
  const uri = `file:///conformance-${opened++}.${language}`;
  store.open(uri, language, 1, text);
  const diagnostics = store.diagnostics(uri);
  store.close(uri);
  return diagnostics;
}

export function judge(
  c: ConformanceCase,
  version: string,
  answer: Answer,
  diagnostics: readonly Diagnostic[] = diagnosticsFor(c, version),
): Verdict {
  const errors = diagnostics.filter((d) => d.severity === 1);
  const refused = rejected(answer);
  const reasons = answer.reasons ?? [];
  const carrying = errors.filter((e) => reasons.some((r) => e.message.includes(withoutIdentityHashes(r))));
  const provenCodes = carrying.map((e) => e.code as DiagnosticCode);
  if (refused !== errors.length > 0) {
    return {
      errors,
      rejected: refused,
      agrees: false,
      provenCodes,
      why: refused
        ? `OpenSearch ${version} refused it (${answer.status} ${reasons[0] ?? ''}); the language server reports no Error`
        : `OpenSearch ${version} accepted it; the language server reports ${errors.map((e) => `[${String(e.code)}] ${e.message}`).join(' | ')}`,
    };
  }
  if (refused && reasons.length > 0 && carrying.length === 0) {
    return {
      errors,
      rejected: refused,
      agrees: false,
      provenCodes,
      why: `OpenSearch ${version} says ${JSON.stringify(reasons)}; the language server says ${errors.map((e) => `[${String(e.code)}] ${e.message}`).join(' | ')}`,
    };
  }
  return { errors, rejected: refused, agrees: true, provenCodes };
}
