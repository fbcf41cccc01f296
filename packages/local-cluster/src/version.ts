// The OpenSearch release the local cluster answers as. Where releases differ in what they accept or how they word
// an answer, the cluster follows the one it was started for (`startCluster({ version })`, `--version`); the default
// is 2.19.1. The build fields are those the real releases report in `GET /`.

import type { Jackson } from './core/errors';

export interface VersionInfo {
  readonly distribution: 'opensearch';
  readonly number: string;
  readonly build_type: string;
  readonly build_hash: string;
  readonly build_date: string;
  readonly build_snapshot: boolean;
  readonly lucene_version: string;
  readonly minimum_wire_compatibility_version: string;
  readonly minimum_index_compatibility_version: string;
}

/** What a release does differently, beyond its `GET /` fields. */
export interface Release {
  readonly info: VersionInfo;
  readonly major: number;
  /** The JSON parser's generation (OpenSearch moved to Jackson 3 in 3.7). */
  readonly jackson: Jackson;
  /**
   * Whether a search whose shards all failed always renders the root cause of the first failure as its `caused_by`
   * (3.x and 2.19.6), not only when that root is another exception than the failure's own (2.19.1).
   */
  readonly rootCauseAlways: boolean;
  /** The status of a number out of an `int`'s range in a body (Jackson's input coercion): 500 on 2.19.1, else 400. */
  readonly coercionStatus: 400 | 500;
}

/** The releases that answer as 2.19.1 did where later 2.19 patch releases changed the status and causes of errors. */
const OLD_ERROR_RELEASES: ReadonlySet<string> = new Set(['2.19.1']);

const RELEASES: readonly VersionInfo[] = [
  {
    distribution: 'opensearch',
    number: '2.19.1',
    build_type: 'tar',
    build_hash: '2e4741fb45d1b150aaeeadf66d41445b23ff5982',
    build_date: '2025-02-27T01:16:47.726162386Z',
    build_snapshot: false,
    lucene_version: '9.12.1',
    minimum_wire_compatibility_version: '7.10.0',
    minimum_index_compatibility_version: '7.0.0',
  },
  {
    distribution: 'opensearch',
    number: '2.19.6',
    build_type: 'tar',
    build_hash: '97d3c13bf22a4a72ac11dc503fe44c97662b9161',
    build_date: '2026-07-01T04:27:16.038403104Z',
    build_snapshot: false,
    lucene_version: '9.12.3',
    minimum_wire_compatibility_version: '7.10.0',
    minimum_index_compatibility_version: '7.0.0',
  },
  {
    distribution: 'opensearch',
    number: '3.8.0',
    build_type: 'tar',
    build_hash: 'e5a3c5691be87af6c12dbe3e158c59c04ee72973',
    build_date: '2026-08-01T18:48:00.452816924Z',
    build_snapshot: false,
    lucene_version: '10.5.0',
    minimum_wire_compatibility_version: '2.19.0',
    minimum_index_compatibility_version: '2.0.0',
  },
  {
    distribution: 'opensearch',
    number: '3.9.0',
    build_type: 'tar',
    build_hash: '4ee42a94e87f66fbf1e62a9871b1b87f91e02472',
    build_date: '2026-09-23T01:01:31.883915140Z',
    build_snapshot: false,
    lucene_version: '10.5.1',
    minimum_wire_compatibility_version: '2.19.0',
    minimum_index_compatibility_version: '2.0.0',
  },
];

export const DEFAULT_VERSION = '2.19.1';

/** The releases the local cluster can answer as, oldest first. */
export const KNOWN_VERSIONS: readonly string[] = RELEASES.map((r) => r.number);

/**
 * The release of a version such as `3`, `3.8` or `2.19.1`: the newest known release of that major (and minor, when
 * given) version. Throws for a version it cannot answer as.
 */
export function versionInfo(version: string = DEFAULT_VERSION): VersionInfo {
  const match = /^(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(version.trim());
  const candidates =
    match === null
      ? []
      : RELEASES.filter((r) => {
          const [major, minor, patch] = r.number.split('.');
          return (
            major === match[1] &&
            (match[2] === undefined || minor === match[2]) &&
            (match[3] === undefined || patch === match[3])
          );
        });
  const found = candidates.at(-1);
  if (found === undefined) {
    const names = `${KNOWN_VERSIONS.slice(0, -1).join(', ')} or ${KNOWN_VERSIONS.at(-1) ?? ''}`;
    throw new Error(`the local cluster answers as OpenSearch ${names}, not ${version}`);
  }
  return found;
}

/** What the release of `version` does differently (see versionInfo for the versions it takes). */
export function releaseOf(version: string = DEFAULT_VERSION): Release {
  const info = versionInfo(version);
  const major = Number(info.number.split('.')[0]);
  const oldErrors = OLD_ERROR_RELEASES.has(info.number);
  return {
    info,
    major,
    jackson: major >= 3 ? 3 : 2,
    rootCauseAlways: !oldErrors,
    coercionStatus: oldErrors ? 500 : 400,
  };
}
