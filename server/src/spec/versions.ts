// OpenSearch versions, and which facts of the tables hold at which version. A fact with `since` holds from that
// version on; one with `removedIn` holds until just before that version. The language service applies the facts of
// its target: the connected cluster's version, else the `searchRequests.targetVersion` setting, else the newest
// version the tables know.

export interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

/** The newest OpenSearch version whose behaviour the tables record (checked against a real server of it). */
export const NEWEST_KNOWN_VERSION = '3.9.0';

/** `3`, `3.8`, `3.8.0`, `2.19.1-SNAPSHOT`: major, minor and patch (missing parts are 0); undefined if not a version. */
export function parseVersion(text: string): Version | undefined {
  const match = /^\s*v?(\d{1,4})(?:\.(\d{1,4}))?(?:\.(\d{1,4}))?(?:[-+][0-9A-Za-z.-]*)?\s*$/.exec(text);
  if (match === null) return undefined;
  return { major: Number(match[1]), minor: Number(match[2] ?? 0), patch: Number(match[3] ?? 0) };
}

export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

function formatVersion(v: Version): string {
  return `${v.major}.${v.minor}.${v.patch}`;
}

/** Short form for messages: `3.0` for 3.0.0, `2.19.1` for 2.19.1. */
export function shortVersion(text: string): string {
  const v = parseVersion(text);
  if (v === undefined) return text;
  return v.patch === 0 ? `${v.major}.${v.minor}` : formatVersion(v);
}

export interface VersionRange {
  /** First version where the fact holds. */
  readonly since?: string;
  /** First version where it no longer holds. */
  readonly removedIn?: string;
}

/** The versions the tables write, each read once: the checks ask `holdsAt` for every clause and parameter they see. */
const TABLE_VERSIONS = new Map<string, Version>();

function tableVersion(text: string): Version {
  let version = TABLE_VERSIONS.get(text);
  if (version === undefined) {
    version = parseVersion(text)!;
    TABLE_VERSIONS.set(text, version);
  }
  return version;
}

export function holdsAt(range: VersionRange, version: Version): boolean {
  if (range.since !== undefined && compareVersions(version, tableVersion(range.since)) < 0) return false;
  if (range.removedIn !== undefined && compareVersions(version, tableVersion(range.removedIn)) >= 0) return false;
  return true;
}
