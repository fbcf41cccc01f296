// Which server the language server's checks are made for: the active cluster's distribution and version when it
// answered `GET /`, else what the settings say (`searchRequests.targetVersion`, `searchRequests.targetDistribution`),
// else the newest OpenSearch version the checks know (sent as no version at all).
import type { TargetParams } from '../../../server/src/protocol/protocol';
import type { ClusterInfo } from './clusterInfo';

export interface TargetSettings {
  /** `3.8`, `2.19.1`; empty or absent for the newest known version. */
  readonly version?: string;
  readonly distribution?: string;
}

const VERSION = /^\d{1,4}(\.\d{1,4}){0,2}$/;

export function effectiveTarget(active: ClusterInfo | undefined, settings: TargetSettings): TargetParams {
  if (active !== undefined) {
    return {
      source: 'cluster',
      distribution: active.distribution === 'opensearch' ? 'opensearch' : 'elasticsearch',
      ...(active.version === undefined ? {} : { version: active.version }),
    };
  }
  const version = settings.version?.trim();
  return {
    source: 'setting',
    distribution: settings.distribution === 'elasticsearch' ? 'elasticsearch' : 'opensearch',
    ...(version !== undefined && VERSION.test(version) ? { version } : {}),
  };
}

export function sameTargetParams(a: TargetParams | undefined, b: TargetParams): boolean {
  return a !== undefined && a.source === b.source && a.distribution === b.distribution && a.version === b.version;
}
