// Messages for what goes wrong with AWS credentials and signatures: which profile was tried, and what to run.
// They never quote a credential: the SDK's own texts hold none, and callers still pass them through redact().
import { effectiveProfile, type AwsConfig } from './awsConfig';
import type { AwsCredentialsErrorShape } from './awsTypes';

type Env = Readonly<Record<string, string | undefined>>;

function profileOption(profile: string): string {
  return profile === 'default' ? '' : ` --profile ${profile}`;
}

function textOf(error: unknown): string {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as AwsCredentialsErrorShape;
  return typeof shape.message === 'string' ? shape.message : String(error);
}

/** Why the AWS credential chain gave nothing for a cluster, and what to do about it. */
export function credentialsFailureMessage(error: unknown, clusterName: string, aws: AwsConfig, env: Env): string {
  const profile = effectiveProfile(aws, env);
  const who = `cluster "${clusterName}" (AWS profile "${profile}")`;
  const text = textOf(error);
  if (
    /SSO session .*(expired|invalid)|Token is expired|SSO session token .*(not found|invalid)|Value not present for '\w+' in SSO Token/i.test(
      text,
    )
  ) {
    return `The AWS SSO session of ${who} has expired or was never started: run "aws sso login${profileOption(profile)}" in a terminal, then run the request again.`;
  }
  if (/Could not resolve credentials using profile|Profile '?[^ ']*'? (was not found|could not be found)/i.test(text)) {
    return `No AWS credentials for ${who}: the profile is not in the AWS config or credentials file (~/.aws/config, ~/.aws/credentials, or AWS_CONFIG_FILE / AWS_SHARED_CREDENTIALS_FILE). Run "aws configure${profileOption(profile)}" (or "aws configure sso${profileOption(profile)}"), or set "aws.profile" to an existing profile.`;
  }
  if (/Could not load credentials from any providers|Instance Metadata Service access disabled/i.test(text)) {
    return `No AWS credentials found for ${who}: none in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY), the AWS config files, SSO, web identity, or container and instance metadata. Run "aws configure${profileOption(profile)}" or "aws sso login${profileOption(profile)}", or set "aws.profile".`;
  }
  if (/expired/i.test(text)) {
    return `The AWS credentials of ${who} have expired (${text.trim()}): run "aws sso login${profileOption(profile)}" or renew them, then run the request again.`;
  }
  return `The AWS credentials of ${who} could not be loaded: ${text.trim()}`;
}

/** The `message` of an AWS error body (`{"message": "..."}` or `{"Message": "..."}`), if any. */
function awsBodyMessage(body: string): string | undefined {
  try {
    const value = JSON.parse(body) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const record = value as Record<string, unknown>;
    const message = record['message'] ?? record['Message'];
    return typeof message === 'string' ? message : undefined;
  } catch {
    return undefined;
  }
}

/** A 401 or 403 from an AWS endpoint: what it means for the signature or the credentials. */
export function awsRefusalMessage(
  status: number,
  body: string,
  origin: string,
  clusterName: string,
  aws: AwsConfig,
  env: Env,
): string {
  const profile = effectiveProfile(aws, env);
  const said = awsBodyMessage(body);
  // AWS explains a signature mismatch with the canonical request it expected: long, and of no use here.
  const gist = said?.split(/\n/)[0]?.trim();
  const head = `${origin} refused the request (${status})${gist === undefined || gist === '' ? '' : `: ${gist}`}`;
  if (gist !== undefined && /security token .*expired|token .*expired|ExpiredToken/i.test(gist)) {
    return `${head}. The AWS credentials of profile "${profile}" have expired: run "aws sso login${profileOption(profile)}" or renew them.`;
  }
  if (gist !== undefined && /signature .*does not match/i.test(gist)) {
    return `${head}. Check that "aws.region" (${aws.region}) and "aws.service" (${aws.service}) of cluster "${clusterName}" match the endpoint.`;
  }
  if (gist !== undefined && /security token .*invalid|UnrecognizedClientException|InvalidClientTokenId/i.test(gist)) {
    return `${head}. The AWS credentials of profile "${profile}" are not valid for this account: check the profile.`;
  }
  return `${head}. The identity of AWS profile "${profile}" must be allowed by the ${aws.service === 'aoss' ? "collection's data access policy" : "domain's access policy (and fine-grained access control, when on)"}.`;
}
