// Defence in depth: whatever builds a message, a log line or an error passes it through redact() with the secrets
// it knows of, so that a secret that slipped in (an echoed header, a URL with credentials) never reaches the user.

import { base64 } from './authHeader';

const MASK = '«hidden»';

/** Every form in which a secret could appear in a text: as is, URL-encoded, and inside a Basic credential. */
function forms(secret: string, username: string | undefined): string[] {
  const out = new Set<string>([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
  if (username !== undefined) out.add(base64(`${username}:${secret}`));
  return [...out].filter((s) => s.length >= 3);
}

export function redact(text: string, secrets: readonly (string | undefined)[], username?: string): string {
  let out = text
    // Credentials in URLs.
    .replace(/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@]*:[^/\s@]*@/gi, '$1')
    // Authorization headers, whatever their scheme.
    .replace(/(authorization["']?\s*[:=]\s*["']?)(basic|bearer|apikey)\s+[^\s"',}]+/gi, `$1$2 ${MASK}`)
    // SigV4: the access key id of a Credential= scope, and the signature.
    .replace(/(Credential=)[A-Z0-9]{12,}(?=\/)/g, `$1${MASK}`)
    .replace(/(Signature=)[0-9a-f]{64}/gi, `$1${MASK}`)
    // Access key ids wherever they appear (AKIA long-term, ASIA temporary).
    .replace(/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, MASK);
  for (const secret of secrets) {
    if (secret === undefined || secret === '') continue;
    for (const form of forms(secret, username)) out = out.split(form).join(MASK);
  }
  return out;
}

/**
 * An answer with the secrets it may echo masked (an error that quotes the index or the value a secret variable gave):
 * the Results view never shows them. The same bytes when no secret is in it.
 */
export function redactAnswer(body: Uint8Array, secrets: readonly string[]): Uint8Array {
  if (secrets.length === 0 || body.length === 0) return body;
  const text = new TextDecoder().decode(body);
  const hidden = redact(text, secrets);
  return hidden === text ? body : new TextEncoder().encode(hidden);
}
