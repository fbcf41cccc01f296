// Defence in depth: whatever builds a message, a log line or an error passes it through redact() with the secrets
// it knows of, so that a secret that slipped in (an echoed header, a URL with credentials) never reaches the user.
// Every step is linear in the text (no pattern that backtracks over unbounded text), and a message is cut at
// MAX_MESSAGE_CHARS: an echoed answer of any size costs one pass per form of each secret.

import { base64 } from './authHeader';
import { trimTrailing } from './trimTrailing';

const MASK = '«hidden»';

/** Messages and log lines longer than this are cut (after masking: a cut never leaves part of a secret). */
export const MAX_MESSAGE_CHARS = 256 * 1024;

/** How far after `://` the credentials of a URL may end (`user:password@`). */
const MAX_USERINFO = 1024;
/** The longest URL scheme looked for before `://`. */
const MAX_SCHEME = 32;

/** Base64 (or base64url) text of the secret's bytes at each of the 3 alignments it can have inside a longer blob. */
function base64Forms(bytes: Uint8Array): string[] {
  const out: string[] = [];
  for (let shift = 0; shift < 3; shift++) {
    const padded = new Uint8Array(shift + bytes.length);
    padded.set(bytes, shift);
    const full = Math.floor(padded.length / 3) * 3;
    // Characters that depend on the padding (before) or on what follows (after the last whole group) are left out.
    const text = btoa(latin1(padded.subarray(0, full))).slice([0, 2, 3][shift]);
    if (text.length >= 6) out.push(text);
  }
  return out;
}

function latin1(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += String.fromCharCode(byte);
  return out;
}

/** The secret as HTML or XML text would carry it: `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;`, `&#x27;`. */
function htmlForms(secret: string): string[] {
  if (!/[&<>"']/.test(secret)) return [];
  const base = secret.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return [
    base,
    base.replace(/"/g, '&quot;').replace(/'/g, '&#39;'),
    base.replace(/"/g, '&#34;').replace(/'/g, '&#x27;'),
    base.replace(/"/g, '&quot;').replace(/'/g, '&apos;'),
  ];
}

/** The secret inside a JSON string: as JSON.stringify writes it, with `\/`, and with every non-ASCII or `<>&'` as `\uXXXX`. */
function jsonForms(secret: string): string[] {
  const plain = JSON.stringify(secret).slice(1, -1);
  const unicode = (c: string): string => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  return [
    plain,
    plain.replace(/\//g, '\\/'),
    plain.replace(/[\u0080-\uffff<>&']/g, unicode),
    plain.replace(/[\u0080-\uffff<>&']/g, (c) => unicode(c).toUpperCase().replace('\\U', '\\u')),
  ];
}

/** The secret in a URL: encodeURIComponent's, with `!'()*` too, with lowercase hex digits, and with `+` for spaces. */
function urlForms(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const strict = encoded.replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return [encoded, strict, strict.replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()), strict.replace(/%20/g, '+')];
}

/**
 * Every form in which a secret could appear in a text: as is, URL-encoded, HTML-escaped, JSON-escaped, in base64
 * alone or inside a Basic credential (`user:secret`), longest first.
 */
function forms(secret: string, username: string | undefined): string[] {
  const out = new Set<string>([secret, ...urlForms(secret), ...htmlForms(secret), ...jsonForms(secret)]);
  const bytes = new TextEncoder().encode(secret);
  const encoded = [base64(secret), ...base64Forms(bytes)];
  if (username !== undefined) encoded.push(base64(`${username}:${secret}`));
  for (const text of encoded) {
    out.add(text);
    out.add(trimTrailing(text.replace(/\+/g, '-').replace(/\//g, '_'), '='));
  }
  return [...out].filter((s) => s.length >= 3).sort((a, b) => b.length - a.length);
}

function isSchemeChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 43 ||
    code === 45 ||
    code === 46
  );
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x2028 || code === 0x2029;
}

/**
 * `scheme://user:password@` becomes `scheme://`. One scan: each `://` looks back at most MAX_SCHEME characters and
 * forward to the first `@`, `/` or blank (every later `://` has a `/`, so no character is looked at twice forward).
 */
function withoutUrlCredentials(text: string): string {
  let out = '';
  let copied = 0;
  let at = text.indexOf('://');
  while (at !== -1) {
    let start = at;
    while (start > 0 && at - start < MAX_SCHEME && isSchemeChar(text.charCodeAt(start - 1))) start--;
    while (start < at && !isLetter(text.charCodeAt(start))) start++;
    const userStart = at + 3;
    let next = userStart;
    if (start < at) {
      let colon = -1;
      for (let i = userStart; i < text.length && i - userStart <= MAX_USERINFO; i++) {
        const code = text.charCodeAt(i);
        if (code === 64 /* @ */) {
          if (colon !== -1) {
            out += text.slice(copied, userStart);
            copied = i + 1;
            next = i + 1;
          }
          break;
        }
        if (code === 47 /* / */ || isSpace(code)) break;
        if (code === 58 /* : */ && colon === -1) colon = i;
      }
    }
    at = text.indexOf('://', next);
  }
  return copied === 0 ? text : out + text.slice(copied);
}

function maskSecrets(text: string, secrets: readonly (string | undefined)[], username?: string): string {
  let out = withoutUrlCredentials(text)
    // Authorization headers, whatever their scheme.
    .replace(
      /(authorization["']?[ \t]{0,16}[:=][ \t]{0,16}["']?)(basic|bearer|apikey)[ \t]{1,16}[^\s"',}]+/gi,
      `$1$2 ${MASK}`,
    )
    // SigV4: the access key id of a Credential= scope, and the signature.
    .replace(/(Credential=)[A-Z0-9]{12,128}(?=\/)/g, `$1${MASK}`)
    .replace(/(Signature=)[0-9a-f]{64}/gi, `$1${MASK}`)
    // Access key ids wherever they appear (AKIA long-term, ASIA temporary).
    .replace(/\b(AKIA|ASIA)[A-Z0-9]{16}\b/g, MASK);
  for (const secret of secrets) {
    if (secret === undefined || secret === '') continue;
    for (const form of forms(secret, username)) {
      if (out.includes(form)) out = out.split(form).join(MASK);
    }
  }
  return out;
}

export function redact(text: string, secrets: readonly (string | undefined)[], username?: string): string {
  if (text.length <= MAX_MESSAGE_CHARS) return maskSecrets(text, secrets, username);
  // Masked with a margin past the cut, so that a secret across it is masked whole before the text is cut.
  const margin = MAX_USERINFO + 16 * Math.max(0, ...secrets.map((s) => s?.length ?? 0)) + 256;
  const masked = maskSecrets(text.slice(0, MAX_MESSAGE_CHARS + margin), secrets, username);
  return `${masked.slice(0, MAX_MESSAGE_CHARS)}… (${text.length - MAX_MESSAGE_CHARS} more characters not shown)`;
}

/**
 * An answer with the secrets it may echo masked (an error that quotes the index or the value a secret variable gave):
 * the Results view never shows them. The same bytes when no secret is in it. Never cut.
 */
export function redactAnswer(body: Uint8Array, secrets: readonly string[]): Uint8Array {
  if (secrets.length === 0 || body.length === 0) return body;
  const text = new TextDecoder().decode(body);
  const hidden = maskSecrets(text, secrets);
  return hidden === text ? body : new TextEncoder().encode(hidden);
}
