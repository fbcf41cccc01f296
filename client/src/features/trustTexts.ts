// What the views, the status bar and the commands say about workspace trust, in one place.

export const CLUSTERS_SETTING = 'searchRequests.clusters';

/** VS Code's command that opens the Workspace Trust editor (trust or keep restricted). */
export const TRUST_COMMAND = 'workbench.trust.manage';

export const TRUST_ACTION = 'Manage Workspace Trust';

export const UNTRUSTED_CLUSTERS =
  "This workspace's searchRequests.clusters is ignored because the workspace is not trusted: a repository's settings must not choose where requests and credentials go. Checks, completion and formatting work; requests go only to the clusters of your user settings. Trust the workspace to use its clusters.";

/** What a workspace's ignored settings are, in a sentence. */
export function ignoredSettingsText(keys: readonly string[]): string {
  return `This workspace is not trusted: its ${keys.join(', ')} ${keys.length === 1 ? 'is' : 'are'} ignored until you trust it; your user settings apply.`;
}
