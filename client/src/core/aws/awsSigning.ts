// The AWS module, bundled on its own (client/dist/aws.js) and loaded only when an `aws` cluster is used: the AWS
// SDK's standard credential chain (environment, shared config and credentials files with profiles, SSO, web
// identity, container and instance metadata) and its SigV4 signer with a SHA-256 from node:crypto.
// docs/clusters.md#aws-signature-version-4
import { defaultProvider } from '@aws-sdk/credential-provider-node';
import { parseKnownFiles } from '@smithy/core/config';
import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import type { AwsConfig } from './awsConfig';
import type { AwsCredentials, AwsModule, AwsRequestSigner, AwsSignerOptions, SignableRequest } from './awsTypes';

type SourceData = ConstructorParameters<typeof Hash>[1];

class Sha256 extends Hash {
  constructor(secret?: SourceData) {
    super('sha256', secret);
  }
}

/** Query parameters as the signer wants them: repeated names become lists (it sorts names and values). */
function queryRecord(query: SignableRequest['query']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const { name, value } of query) {
    const previous = out[name];
    if (previous === undefined) out[name] = value;
    else out[name] = Array.isArray(previous) ? [...previous, value] : [previous, value];
  }
  return out;
}

/**
 * A named profile that is in none of the files makes the chain go on to instance metadata, whose error hides the
 * real cause: say it is the profile.
 */
async function explainMissingProfile(config: AwsConfig, error: unknown): Promise<unknown> {
  const profile = config.profile ?? process.env['AWS_PROFILE'];
  if (profile === undefined || profile === '' || profile === 'default') return error;
  try {
    const profiles = await parseKnownFiles({ profile, ignoreCache: true });
    if (profiles[profile] !== undefined) return error;
  } catch {
    return error;
  }
  return new Error(`Could not resolve credentials using profile: [${profile}] in configuration/credentials file(s).`);
}

export function createAwsSigner(config: AwsConfig, options: AwsSignerOptions = {}): AwsRequestSigner {
  const chain: () => Promise<AwsCredentials> =
    options.credentials ?? defaultProvider(config.profile === undefined ? {} : { profile: config.profile });
  let last: AwsCredentials | undefined;
  const credentials = async (): Promise<AwsCredentials> => {
    try {
      last = await chain();
    } catch (error) {
      throw await explainMissingProfile(config, error);
    }
    return last;
  };
  const signer = new SignatureV4({
    service: config.service,
    region: config.region,
    credentials,
    sha256: Sha256,
    // Every service but S3 signs the path URI-encoded once more than it is sent.
    uriEscapePath: true,
    // `x-amz-content-sha256`: OpenSearch Serverless requires it; the managed service accepts it.
    applyChecksum: true,
  });
  return {
    async sign(request: SignableRequest): Promise<Record<string, string>> {
      const url = new URL(request.url);
      const headers: Record<string, string> = { ...request.headers, host: url.host };
      const signed = await signer.sign(
        {
          method: request.method,
          protocol: url.protocol,
          hostname: url.hostname,
          ...(url.port === '' ? {} : { port: Number(url.port) }),
          path: url.pathname,
          query: queryRecord(request.query),
          headers,
          ...(request.body === undefined ? {} : { body: request.body }),
        },
        options.now === undefined ? {} : { signingDate: options.now() },
      );
      const added: Record<string, string> = { host: url.host };
      for (const [name, value] of Object.entries(signed.headers)) {
        if (request.headers[name] === undefined) added[name] = value;
      }
      return added;
    },
    secrets(): readonly string[] {
      if (last === undefined) return [];
      return [last.accessKeyId, last.secretAccessKey, ...(last.sessionToken === undefined ? [] : [last.sessionToken])];
    },
  };
}

const awsModule: AwsModule = { createAwsSigner };
export default awsModule;
