// --cluster: what the cluster holds (index names, aliases and mappings, nodes), read with the extension's own client
// core and handed to the language service, so that the cluster-aware checks run as in the editor. Read-only requests:
// GET /, /_cluster/health, /_mapping, /_cat/aliases, /_nodes, /_cluster/settings, /_all/_settings, /_search/pipeline.
import type { ClusterStateParams } from '../../../server/src/protocol/protocol';
import { ClusterClient } from '../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { urlProblem } from '../../../client/src/core/clusterConfig';
import { fetchClusterInfo, type ClusterInfo } from '../../../client/src/core/clusterInfo';
import { fetchIndices, fetchLimits, fetchSearchPipelines, stateNodes } from '../../../client/src/core/clusterState';
import { fetchNodes } from '../../../client/src/core/nodesInfo';

export interface ClusterAccess {
  readonly url: string;
  readonly user?: string;
  readonly passwordEnv?: string;
  readonly apiKeyEnv?: string;
}

export interface ClusterSnapshot {
  readonly info: ClusterInfo;
  readonly state: ClusterStateParams;
}

/** Why the cluster cannot be used: the command's message (exit code 2). */
export interface ClusterProblem {
  readonly problem: string;
}

/** A cluster that cannot be used, inside this module; what leaves it is a ClusterProblem. */
class ClusterError extends Error {}

function secretFrom(name: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  if (name === undefined) return undefined;
  const value = env[name];
  if (value === undefined || value === '') {
    throw new ClusterError(`The environment variable ${name} is not set (it should hold the cluster's secret).`);
  }
  return value;
}

/**
 * What the cluster holds, or why it cannot be read. This module is a file of its own in the package (with the HTTP
 * client), loaded only for --cluster: the answer is plain data, not an error class the command would have to share.
 */
export async function readCluster(
  access: ClusterAccess,
  toolVersion: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ClusterSnapshot | ClusterProblem> {
  try {
    return await read(access, toolVersion, env);
  } catch (error) {
    if (error instanceof ClusterError) return { problem: error.message };
    throw error;
  }
}

async function read(access: ClusterAccess, toolVersion: string, env: NodeJS.ProcessEnv): Promise<ClusterSnapshot> {
  const problem = urlProblem(access.url);
  if (problem !== undefined) throw new ClusterError(`--cluster: ${problem}.`);
  let url = access.url;
  while (url.endsWith('/')) url = url.slice(0, -1);
  const cluster: ClusterConfig = {
    name: new URL(url).host,
    url,
    auth: access.user !== undefined ? 'basic' : access.apiKeyEnv !== undefined ? 'apiKey' : 'none',
    ...(access.user === undefined ? {} : { username: access.user }),
  };
  const secret = secretFrom(access.passwordEnv, env) ?? secretFrom(access.apiKeyEnv, env);
  const client = await ClusterClient.create(cluster, {
    ...(secret === undefined ? {} : { secret }),
    userAgent: `search-requests-lint/${toolVersion}`,
  });
  const opaqueId = `search-requests-lint/${process.pid}`;
  try {
    const info = await fetchClusterInfo(client, opaqueId);
    const [indices, nodes, limits, pipelines] = await Promise.all([
      fetchIndices(client, { opaqueId }).then((answer) => answer.indices),
      fetchNodes(client, { opaqueId }).then(
        (found) => found.nodes,
        // Without the permission to list nodes (or on a service without them), the index checks still run.
        () => undefined,
      ),
      // Without the permission to read settings, the limits stay the defaults and the messages say so.
      fetchLimits(client, { opaqueId }).catch(() => undefined),
      // Without the permission to read them, no search pipeline is said to be missing.
      fetchSearchPipelines(client, { opaqueId }).catch(() => undefined),
    ]);
    return {
      info,
      state: {
        clusterName: info.clusterName ?? cluster.name,
        indices,
        ...(limits === undefined
          ? {}
          : {
              limits: limits.limits,
              defaultFields: limits.defaultFields,
              defaultPipelines: limits.defaultPipelines,
              analyzers: limits.analyzers,
              ...(limits.plugins === undefined ? {} : { plugins: limits.plugins }),
            }),
        ...(pipelines === undefined ? {} : { searchPipelines: pipelines }),
        ...(nodes === undefined ? {} : { nodes: stateNodes(nodes) }),
      },
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ClusterError(`The cluster ${cluster.name} cannot be read: ${message}`);
  } finally {
    await client.close();
  }
}
