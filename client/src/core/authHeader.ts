import type { ClusterConfig } from './clusterConfig';

/** The Authorization header value for a cluster and its secret, or undefined when it uses none. */
export function authorizationHeader(cluster: ClusterConfig, secret: string | undefined): string | undefined {
  switch (cluster.auth) {
    // SigV4 signs each request (aws/awsSigning.ts).
    case 'none':
    case 'aws':
      return undefined;
    case 'basic':
      return `Basic ${base64(`${cluster.username ?? ''}:${secret ?? ''}`)}`;
    case 'bearer':
      return `Bearer ${secret ?? ''}`;
    case 'apiKey':
      return `ApiKey ${secret ?? ''}`;
  }
}

/** Base64 of the UTF-8 bytes of a text (what basic authentication sends), without Node's Buffer: also on the web. */
export function base64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
