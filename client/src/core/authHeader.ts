import type { ClusterConfig } from './clusterConfig';

/** The Authorization header value for a cluster and its secret, or undefined when it uses none. */
export function authorizationHeader(cluster: ClusterConfig, secret: string | undefined): string | undefined {
  switch (cluster.auth) {
    // SigV4 signs each request (aws/awsSigning.ts).
    case 'none':
    case 'aws':
      return undefined;
    case 'basic':
      return `Basic ${Buffer.from(`${cluster.username ?? ''}:${secret ?? ''}`, 'utf8').toString('base64')}`;
    case 'bearer':
      return `Bearer ${secret ?? ''}`;
    case 'apiKey':
      return `ApiKey ${secret ?? ''}`;
  }
}
