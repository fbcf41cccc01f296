// The Markdown of the Clusters view's and the status bar's tooltips. Whatever a cluster says (its name, version and
// health, its nodes' names, addresses, roles and attributes, a failure's reason) is escaped (markdown.ts).
import { productText, type ClusterInfo } from './clusterInfo';
import { escapeMarkdown, inlineCode } from './markdown';
import type { NodeInfo } from './nodesInfo';

export interface ClusterTooltipInput {
  readonly name: string;
  readonly url: string;
  readonly active: boolean;
  /** The cluster's settings, when it is configured. */
  readonly auth?: string;
  readonly username?: string;
  readonly info?: ClusterInfo;
  readonly infoError?: string;
  readonly verificationOff: boolean;
}

/** `OpenSearch 2.19.0, health **green**  \nCluster name: `logs`` with every part the cluster gave escaped. */
export function clusterInfoMarkdown(info: ClusterInfo, separator: string): string {
  const health = `health **${escapeMarkdown(info.health ?? 'unknown')}**`;
  const name = info.clusterName === undefined ? '' : `${separator}Cluster name: ${inlineCode(info.clusterName)}`;
  return `${escapeMarkdown(productText(info))}, ${health}${name}`;
}

/** A configured cluster in the Clusters view: name, URL, authentication, what it said or why it could not be read. */
export function clusterTooltip(input: ClusterTooltipInput): string {
  let text = `**${escapeMarkdown(input.name)}**${input.active ? ' (active)' : ''}  \n${escapeMarkdown(input.url)}`;
  if (input.auth !== undefined) {
    text += `  \nAuthentication: ${escapeMarkdown(input.auth)}${input.username === undefined ? '' : ` (user ${escapeMarkdown(input.username)})`}`;
  }
  if (input.info !== undefined) text += `\n\n${clusterInfoMarkdown(input.info, '  \n')}`;
  else if (input.infoError !== undefined) text += `\n\n${escapeMarkdown(input.infoError)}`;
  if (input.verificationOff) text += '\n\n$(warning) Certificate verification is **off**.';
  return text;
}

/** A node of the Clusters view. */
export function nodeTooltip(node: NodeInfo): string {
  const lines = [
    `**${escapeMarkdown(node.name)}**${node.clusterManager ? ' — elected cluster manager' : ''}${node.local ? ' — local node (receives the requests)' : ''}`,
    '',
    `Node id: ${inlineCode(node.id)}  `,
    `Host: ${escapeMarkdown(node.host)}  `,
    `IP: ${escapeMarkdown(node.ip)}  `,
  ];
  if (node.transportAddress !== undefined) lines.push(`Transport address: ${escapeMarkdown(node.transportAddress)}  `);
  if (node.version !== undefined) lines.push(`Version: ${escapeMarkdown(node.version)}  `);
  lines.push(
    `Roles: ${node.roles.length === 0 ? 'none (coordinating only)' : node.roles.map(escapeMarkdown).join(', ')}`,
  );
  const attributes = Object.entries(node.attributes);
  if (attributes.length > 0) {
    lines.push('', 'Attributes (filter with `name:value`):', '');
    for (const [name, value] of attributes) lines.push(`- ${inlineCode(name)}: ${inlineCode(value)}`);
  }
  return lines.join('\n');
}

/** The status bar's tooltip; `line` is Markdown already (clusterInfoMarkdown, or an escaped message). */
export function statusTooltip(name: string, url: string, line: string, verificationOff: boolean): string {
  let text = `**${escapeMarkdown(name)}** — ${escapeMarkdown(url)}\n\n${line}`;
  if (verificationOff) text += '\n\n$(warning) Certificate verification is **off** for this cluster.';
  return `${text}\n\nClick to pick another cluster.`;
}
