// What the rest of the client knows of the AWS module: plain types only, so that importing them costs nothing.
// The module itself (awsSigning.ts, bundled on its own as client/dist/aws.js) is loaded when an `aws` cluster
// is first used.
import type { AwsConfig } from './awsConfig';

export interface SignableRequest {
  readonly method: string;
  /** The URL exactly as it is sent (path already percent-encoded, query string included). */
  readonly url: string;
  /** The decoded query parameters; `?pretty` (no `=`) has the value ''. */
  readonly query: readonly { readonly name: string; readonly value: string }[];
  /** Headers sent with the request (lower-case names), without the ones the signature adds. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
  readonly expiration?: Date;
}

export interface AwsRequestSigner {
  /** The headers to add: `host`, `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token`, `authorization`. */
  sign(request: SignableRequest): Promise<Record<string, string>>;
  /** Every form of the credentials last used that must never be shown (key id, secret, session token). */
  secrets(): readonly string[];
}

export interface AwsSignerOptions {
  /** Credentials to use instead of the standard chain (tests). */
  readonly credentials?: () => Promise<AwsCredentials>;
  /** The signing time (tests); default now. */
  readonly now?: () => Date;
}

export interface AwsModule {
  createAwsSigner(config: AwsConfig, options?: AwsSignerOptions): AwsRequestSigner;
}

export type AwsModuleLoader = () => Promise<AwsModule>;

/** What the chain threw, reduced to what the message needs (the AWS module is another bundle: no instanceof). */
export interface AwsCredentialsErrorShape {
  readonly name?: unknown;
  readonly message?: unknown;
}
