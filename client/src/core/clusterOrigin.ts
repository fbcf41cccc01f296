// Where a cluster's definition comes from, and whether it may be contacted without the user asking for it. A cluster
// that the open workspace defines (its .vscode/settings.json, often from a repository) is not contacted in the
// background (state, mappings, aliases, tasks, health) until the user chose it once in this workspace; the choice is
// remembered by the cluster's identity, so that a workspace that later points the same name elsewhere asks again.
import { createHash } from 'node:crypto';
import type { ClusterConfig } from './clusterConfig';
import type { ClusterOrigin } from './secretBinding';

/** JSON with the keys of every object sorted: the same text for the same value, whatever order it was written in. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Where requests to the cluster go and how: what a choice of it is remembered by (its variables left out). */
export function clusterIdentity(cluster: ClusterConfig): string {
  const { name, url, auth, username, tls, aws } = cluster;
  return createHash('sha256').update(stableJson({ name, url, auth, username, tls, aws })).digest('hex');
}

/**
 * A cluster of the settings in effect comes from the user when the workspace sets no clusters, or when the user's
 * settings hold the very same entry (a workspace that repeats it adds nothing); otherwise from the workspace.
 */
export function clusterOrigin(
  cluster: ClusterConfig,
  userClusters: readonly ClusterConfig[],
  workspaceSetsClusters: boolean,
): ClusterOrigin {
  if (!workspaceSetsClusters) return 'user';
  const text = stableJson(cluster);
  return userClusters.some((own) => stableJson(own) === text) ? 'user' : 'workspace';
}

/** Whether a request the user did not start (background) may go to the cluster. */
export function backgroundAllowed(origin: ClusterOrigin, chosen: boolean): boolean {
  return origin === 'user' || chosen;
}
