// The server the checks are made for: its distribution and version. The client sends the connected cluster's (from
// `GET /`), else the `searchRequests.targetVersion` / `searchRequests.targetDistribution` settings; without either,
// the newest OpenSearch version the tables know. Rules that hold only from or until a version, and the wording of
// messages that changed between versions, follow it.
import { compareVersions, NEWEST_KNOWN_VERSION, parseVersion, shortVersion, type Version } from '../spec/versions';

export type Distribution = 'opensearch' | 'elasticsearch';

export interface TargetServer {
  readonly distribution: Distribution;
  readonly version: Version;
  /** As given (`3.8.0`, `2.19`), for messages. */
  readonly versionText: string;
  /** Where it comes from: the connected cluster, the settings, or the default. */
  readonly source: 'cluster' | 'setting' | 'default';
  /** The connected cluster's own search limits (from its settings), where it told them; else the defaults apply. */
  readonly limits?: Partial<SearchLimitValues>;
}

/** Values of the limits of validate/limits.ts, by name. */
export type SearchLimitValues = Record<
  | 'maxResultWindow'
  | 'maxRescoreWindow'
  | 'maxInnerResultWindow'
  | 'maxSlicesPerScroll'
  | 'maxRegexLength'
  | 'maxTermsCount'
  | 'maxDocvalueFields'
  | 'maxScriptFields'
  | 'maxBuckets'
  | 'maxClauseCount',
  number
>;

export const DEFAULT_TARGET: TargetServer = {
  distribution: 'opensearch',
  version: parseVersion(NEWEST_KNOWN_VERSION)!,
  versionText: NEWEST_KNOWN_VERSION,
  source: 'default',
};

export interface TargetInput {
  readonly distribution?: string;
  readonly version?: string;
  readonly source: 'cluster' | 'setting';
}

/** A target from what the client says; a missing or unreadable version is the newest known one. */
export function makeTarget(input: TargetInput): TargetServer {
  const distribution: Distribution = input.distribution === 'elasticsearch' ? 'elasticsearch' : 'opensearch';
  const version = input.version === undefined ? undefined : parseVersion(input.version);
  if (version === undefined) return { ...DEFAULT_TARGET, distribution, source: input.source };
  return { distribution, version, versionText: input.version!.trim(), source: input.source };
}

export function sameTarget(a: TargetServer, b: TargetServer): boolean {
  return (
    a.distribution === b.distribution &&
    compareVersions(a.version, b.version) === 0 &&
    JSON.stringify(a.limits ?? null) === JSON.stringify(b.limits ?? null)
  );
}

/** `OpenSearch 2.19.1`, `Elasticsearch 8.15`. */
export function targetName(target: TargetServer): string {
  return `${target.distribution === 'opensearch' ? 'OpenSearch' : 'Elasticsearch'} ${shortVersion(target.versionText)}`;
}

/** Newer than every version the tables were checked against: what they do not know may be known there. */
export function beyondKnown(target: TargetServer): boolean {
  return (
    target.distribution === 'opensearch' && compareVersions(target.version, parseVersion(NEWEST_KNOWN_VERSION)!) > 0
  );
}

/**
 * The major version of the JSON parser (Jackson) whose messages the server returns: OpenSearch moved to Jackson 3
 * in 3.7.0 (the `opensearch-x-content` artifact of each release names its Jackson; checked on real 2.19.1 and 3.8.0).
 */
export function jacksonMajor(target: TargetServer): 2 | 3 {
  if (target.distribution !== 'opensearch') return 2;
  return compareVersions(target.version, { major: 3, minor: 7, patch: 0 }) >= 0 ? 3 : 2;
}
