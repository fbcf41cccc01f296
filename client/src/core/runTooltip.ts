// A run's tooltip in the Results view, as Markdown: the request, the cluster, when it started, its X-Opaque-Id and,
// for a failed run, the failure (which may quote what the cluster or a proxy answered), all escaped.
import { escapeMarkdown, fencedBlock, inlineCode } from './markdown';
import type { RunRecord } from './runHistory';

export function runTooltip(
  run: Pick<RunRecord, 'label' | 'request' | 'cluster' | 'startedAt' | 'restored' | 'opaqueId' | 'failure'>,
): string {
  const lines = [
    `**${escapeMarkdown(run.label)}**`,
    '',
    fencedBlock(`${run.request.method} ${run.request.path}`),
    '',
    `Cluster: ${escapeMarkdown(run.cluster.name)} (${escapeMarkdown(run.cluster.url)})  `,
    `Started: ${new Date(run.startedAt).toLocaleString()}${run.restored === true ? ' (kept from an earlier session)' : ''}  `,
    `X-Opaque-Id: ${inlineCode(run.opaqueId)}`,
  ];
  if (run.failure !== undefined) lines.push('', escapeMarkdown(run.failure.message));
  return lines.join('\n');
}
