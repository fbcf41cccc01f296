// The `aws` part of a cluster entry: which region and service the requests are signed for (SigV4), and which
// profile of the shared AWS files gives the credentials. Nothing secret lives here: the credentials come from the
// standard AWS chain when a request is sent (see awsSigner.ts).

/** `es`: Amazon OpenSearch Service (managed domains); `aoss`: OpenSearch Serverless collections. */
export type AwsService = 'es' | 'aoss';

const AWS_SERVICES: readonly AwsService[] = ['es', 'aoss'];

export interface AwsConfig {
  readonly region: string;
  readonly service: AwsService;
  /** A profile of ~/.aws/config and ~/.aws/credentials; undefined: AWS_PROFILE, else `default`. */
  readonly profile?: string;
}

/** Region names as AWS writes them: `us-east-1`, `eu-central-2`, `us-gov-west-1`, `cn-north-1`. */
const REGION = /^[a-z]{2}(-[a-z]+)+-\d+$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What the endpoint's host name says: domains are `search-<name>-<id>.<region>.es.amazonaws.com` (or `vpc-…`),
 * collections `<id>.<region>.aoss.amazonaws.com`. Custom endpoints say nothing.
 */
export function awsHintsFromUrl(url: string): { region?: string; service?: AwsService } {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return {};
  }
  const match = /\.([a-z]{2}(?:-[a-z]+)+-\d+)\.(es|aoss)\.amazonaws\.com(?:\.cn)?$/.exec(host);
  if (match === null) return {};
  return { region: match[1]!, service: match[2] as AwsService };
}

/** Reads the `aws` object of a cluster entry. Returns the config, or why it cannot be used. */
export function parseAwsConfig(raw: unknown, url: string): AwsConfig | string {
  const hints = awsHintsFromUrl(url);
  if (raw !== undefined && !isRecord(raw)) return '"aws" must be an object: { "region": "us-east-1", "service": "es" }';
  const entry = raw ?? {};
  for (const key of Object.keys(entry)) {
    if (!['region', 'service', 'profile'].includes(key))
      return `"aws.${key}" is not read: "aws" takes "region", "service" and "profile"`;
  }
  const region = entry['region'] ?? hints.region;
  if (region === undefined)
    return 'AWS signing needs "aws.region" (the region of the domain or collection, e.g. "us-east-1")';
  if (typeof region !== 'string' || !REGION.test(region))
    return `"aws.region" must be an AWS region name such as "us-east-1", not ${JSON.stringify(region)}`;
  const service = entry['service'] ?? hints.service ?? 'es';
  if (typeof service !== 'string' || !(AWS_SERVICES as readonly string[]).includes(service))
    return `"aws.service" must be "es" (OpenSearch Service domain) or "aoss" (OpenSearch Serverless collection), not ${JSON.stringify(service)}`;
  const profile = entry['profile'];
  if (profile !== undefined && (typeof profile !== 'string' || profile.trim() === ''))
    return '"aws.profile" must be the name of a profile of the AWS config files';
  return {
    region,
    service: service as AwsService,
    ...(typeof profile === 'string' ? { profile: profile.trim() } : {}),
  };
}

/** The profile the AWS chain uses for this cluster: the configured one, else AWS_PROFILE, else `default`. */
export function effectiveProfile(aws: AwsConfig, env: Readonly<Record<string, string | undefined>>): string {
  const fromEnv = env['AWS_PROFILE'];
  return aws.profile ?? (fromEnv !== undefined && fromEnv !== '' ? fromEnv : 'default');
}

/** True for OpenSearch Serverless, which has no tasks, nodes or cluster health APIs. */
export function isServerless(aws: AwsConfig | undefined): boolean {
  return aws?.service === 'aoss';
}
