// `searchRequests.evaluateNodeFilter`: a node filter typed (or selected in the editor) is checked by the language
// server, as it checks filters in request files, and resolved on the active cluster's nodes; the selected nodes
// are listed. The same check validates the Tasks view's node filter as it is typed.
import * as vscode from 'vscode';
import { EvaluateNodeFilter, type EvaluateNodeFilterResult } from '../../../server/src/protocol/protocol';
import { rolesText, type NodeInfo } from '../core/nodesInfo';
import type { ClusterStatePublisher } from './clusterStatePublisher';
import type { Services } from './services';

/** What the command returns. */
export interface NodeFilterEvaluation {
  readonly filter: string;
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  /** Undefined when no cluster's nodes are known. */
  readonly selected?: readonly { id: string; name: string; ip: string; roles: string }[];
  readonly total?: number;
  readonly steps: EvaluateNodeFilterResult['steps'];
}

export async function evaluate(services: Services, filter: string): Promise<EvaluateNodeFilterResult> {
  return services.languageClient.sendRequest(EvaluateNodeFilter, { filter });
}

function nodeNames(ids: readonly string[], nodes: readonly NodeInfo[]): string {
  const names = ids.map((id) => nodes.find((n) => n.id === id)?.name ?? id);
  return names.length > 6 ? `${names.slice(0, 6).join(', ')} and ${names.length - 6} more` : names.join(', ');
}

/**
 * For an input box's validateInput: the server's error, or what the filter selects as information. An empty filter
 * (every node) is fine.
 */
export async function validateNodeFilter(
  services: Services,
  publisher: ClusterStatePublisher,
  text: string,
): Promise<vscode.InputBoxValidationMessage | undefined> {
  if (text === '') return undefined;
  let result: EvaluateNodeFilterResult;
  try {
    result = await evaluate(services, text);
  } catch {
    return undefined;
  }
  if (result.errors.length > 0) {
    return { message: result.errors.join(' '), severity: vscode.InputBoxValidationSeverity.Error };
  }
  const nodes = publisher.nodes();
  const warning = result.warnings[0];
  if (result.selected !== undefined) {
    const count = result.selected.length;
    const text =
      count === 0
        ? `Selects none of the ${nodes.length} nodes.`
        : `Selects ${count} of ${nodes.length} nodes: ${nodeNames(result.selected, nodes)}.`;
    return {
      message: warning === undefined ? text : `${text} ${warning}`,
      severity:
        warning === undefined ? vscode.InputBoxValidationSeverity.Info : vscode.InputBoxValidationSeverity.Warning,
    };
  }
  return warning === undefined ? undefined : { message: warning, severity: vscode.InputBoxValidationSeverity.Warning };
}

/** The selected text of a `.search` editor, when it looks like a node filter (one line, no spaces). */
function selectedFilter(): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (editor === undefined || editor.selection.isEmpty) return undefined;
  const text = editor.document.getText(editor.selection);
  return /^[^\s]{1,200}$/.test(text) ? text : undefined;
}

export async function evaluateNodeFilterCommand(
  services: Services,
  publisher: ClusterStatePublisher,
  given?: string,
): Promise<NodeFilterEvaluation | undefined> {
  let filter = given;
  if (filter === undefined) {
    filter = await vscode.window.showInputBox({
      title: 'Search Requests: Evaluate Node Filter',
      prompt: `A node filter, as in GET _nodes/<filter> or _tasks?nodes=<filter>: ids, names, IPs or host names (with *), _local, _cluster_manager, _all, role:true|false, attribute:value.`,
      value: selectedFilter() ?? '_all,data:true',
      ignoreFocusOut: true,
      validateInput: (text) => validateNodeFilter(services, publisher, text),
    });
    if (filter === undefined) return undefined;
  }
  const result = await evaluate(services, filter);
  const nodes = publisher.nodes();
  const selected = result.selected?.map((id) => {
    const node = nodes.find((n) => n.id === id);
    return { id, name: node?.name ?? id, ip: node?.ip ?? '', roles: rolesText(node?.roles ?? []) };
  });
  const evaluation: NodeFilterEvaluation = {
    filter,
    errors: result.errors,
    warnings: result.warnings,
    ...(selected === undefined ? {} : { selected, total: nodes.length }),
    steps: result.steps,
  };
  if (result.errors.length > 0) {
    void vscode.window.showErrorMessage(`Node filter "${filter}": ${result.errors.join(' ')}`);
  } else if (selected === undefined) {
    void vscode.window.showInformationMessage(
      `No cluster's nodes are known: select a cluster that can be reached to see which nodes "${filter}" selects.`,
    );
  } else {
    // Not awaited: the command returns what it found while the list is shown.
    const steps = result.steps
      .map(
        (s) =>
          `${s.expression || '(empty)'}${s.added.length > 0 ? ` +${s.added.length}` : ''}${s.removed.length > 0 ? ` −${s.removed.length}` : ''}`,
      )
      .join(', ');
    void vscode.window.showQuickPick(
      selected.map((node) => ({
        label: `$(server) ${node.name}`,
        description: `${node.ip} · ${node.roles}`,
        detail: node.id,
      })),
      {
        title: `"${filter}" selects ${selected.length} of ${nodes.length} node${nodes.length === 1 ? '' : 's'}${publisher.connectedCluster === undefined ? '' : ` of ${publisher.connectedCluster}`}`,
        placeHolder: `${steps}${result.warnings.length > 0 ? ` — ${result.warnings.join(' ')}` : ''}`,
        matchOnDescription: true,
        matchOnDetail: true,
      },
    );
  }
  return evaluation;
}
