// An implementation of AWS Signature Version 4 written for the tests from the published algorithm (canonical
// request, string to sign, derived signing key, HMAC-SHA256), with node:crypto only: it shares nothing with the
// AWS SDK's signer that the extension uses, so that each checks the other. It is itself checked against the AWS
// test suite's vectors (sigv4Suite.test.ts).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface RawRequest {
  readonly method: string;
  /** The request target as sent on the wire: path and query string, percent-encoded as sent. */
  readonly target: string;
  /** Header lines in the order received (names as sent). */
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer;
}

/** RFC 3986 encoding of every byte except the unreserved characters A-Z a-z 0-9 - _ . ~ */
function uriEncode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c)) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Percent-decoding of `%XX` sequences only (a `+` stays a `+`). */
function percentDecode(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Services other than S3: the path is normalised (empty, `.` and `..` segments removed) and each segment of the
 * path as sent is URI-encoded once more (so `%20` on the wire becomes `%2520`).
 */
function canonicalUri(path: string): string {
  const segments: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') segments.pop();
    else segments.push(segment);
  }
  if (segments.length === 0) return '/';
  const trailing = path.endsWith('/') ? '/' : '';
  return `/${segments.map(uriEncode).join('/')}${trailing}`;
}

/** Names and values decoded, encoded again, sorted by name then value. */
function canonicalQuery(query: string): string {
  if (query === '') return '';
  const pairs = query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      const value = eq === -1 ? '' : part.slice(eq + 1);
      return [uriEncode(percentDecode(name)), uriEncode(percentDecode(value))] as const;
    });
  pairs.sort(([an, av], [bn, bv]) => (an < bn ? -1 : an > bn ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([n, v]) => `${n}=${v}`).join('&');
}

function headerValues(request: RawRequest, name: string): string[] {
  return request.headers.filter(([n]) => n.toLowerCase() === name).map(([, v]) => v.trim().replace(/\s+/g, ' '));
}

function canonicalHeaders(request: RawRequest, signed: readonly string[]): string {
  return signed.map((name) => `${name}:${headerValues(request, name).join(',')}\n`).join('');
}

export function sha256Hex(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

export function canonicalRequest(request: RawRequest, signed: readonly string[], payloadHash: string): string {
  const q = request.target.indexOf('?');
  const path = q === -1 ? request.target : request.target.slice(0, q);
  const query = q === -1 ? '' : request.target.slice(q + 1);
  return [
    request.method,
    canonicalUri(path),
    canonicalQuery(query),
    canonicalHeaders(request, signed),
    signed.join(';'),
    payloadHash,
  ].join('\n');
}

export function stringToSign(amzDate: string, scope: string, creq: string): string {
  return ['AWS4-HMAC-SHA256', amzDate, scope, sha256Hex(creq)].join('\n');
}

export function signature(secret: string, date: string, region: string, service: string, sts: string): string {
  const hmac = (key: string | Buffer, data: string): Buffer => createHmac('sha256', key).update(data, 'utf8').digest();
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return createHmac('sha256', key).update(sts, 'utf8').digest('hex');
}

export interface Verification {
  readonly ok: boolean;
  readonly reason?: string;
  readonly accessKeyId?: string;
  readonly signedHeaders?: readonly string[];
  readonly canonicalRequest?: string;
}

export interface VerifyOptions {
  readonly region: string;
  readonly service: string;
  /** The secret of each access key id this server knows. */
  readonly secrets: ReadonlyMap<string, string>;
  /** Session tokens that must come with an access key id (temporary credentials). */
  readonly sessionTokens?: ReadonlyMap<string, string>;
  /** Serverless refuses requests without `x-amz-content-sha256`. */
  readonly requireContentSha256?: boolean;
  readonly now?: Date;
}

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9\-;]+), ?Signature=([0-9a-f]{64})$/;

/** Checks a received request as an AWS endpoint does. */
export function verify(request: RawRequest, options: VerifyOptions): Verification {
  const fail = (reason: string, extra: Partial<Verification> = {}): Verification => ({ ok: false, reason, ...extra });
  const authorization = headerValues(request, 'authorization');
  if (authorization.length !== 1) return fail('no Authorization header');
  const match = AUTHORIZATION.exec(authorization[0]!);
  if (match === null) return fail(`malformed Authorization: ${authorization[0]!}`);
  const [, accessKeyId = '', date = '', region = '', service = '', signedList = '', given = ''] = match;
  const signed = signedList.split(';');
  const seen = { accessKeyId: accessKeyId, signedHeaders: signed };
  if ([...signed].sort().join(';') !== signedList) return fail('SignedHeaders not sorted', seen);
  if (region !== options.region) return fail(`region ${region} instead of ${options.region}`, seen);
  if (service !== options.service) return fail(`service ${service} instead of ${options.service}`, seen);
  for (const required of ['host', 'x-amz-date']) {
    if (!signed.includes(required)) return fail(`${required} is not signed`, seen);
  }
  const amzDate = headerValues(request, 'x-amz-date')[0] ?? '';
  if (!/^\d{8}T\d{6}Z$/.test(amzDate) || amzDate.slice(0, 8) !== date)
    return fail(`x-amz-date ${amzDate} does not match the scope date ${date}`, seen);
  const when = Date.UTC(
    Number(amzDate.slice(0, 4)),
    Number(amzDate.slice(4, 6)) - 1,
    Number(amzDate.slice(6, 8)),
    Number(amzDate.slice(9, 11)),
    Number(amzDate.slice(11, 13)),
    Number(amzDate.slice(13, 15)),
  );
  if (Math.abs(when - (options.now ?? new Date()).getTime()) > 15 * 60_000)
    return fail('request time too skewed', seen);
  const secret = options.secrets.get(accessKeyId);
  if (secret === undefined) return fail(`unknown access key id ${accessKeyId}`, seen);
  const token = options.sessionTokens?.get(accessKeyId);
  if (token !== undefined) {
    const sent = headerValues(request, 'x-amz-security-token');
    if (sent.length !== 1 || sent[0] !== token) return fail('missing or wrong x-amz-security-token', seen);
  }
  const payloadHash = sha256Hex(request.body);
  const declared = headerValues(request, 'x-amz-content-sha256');
  if (declared.length > 0 && declared[0] !== payloadHash)
    return fail(`x-amz-content-sha256 ${declared[0]!} is not the body's hash ${payloadHash}`, seen);
  if (options.requireContentSha256 === true && (declared.length === 0 || !signed.includes('x-amz-content-sha256')))
    return fail('x-amz-content-sha256 is required and must be signed', seen);
  for (const name of signed) {
    if (headerValues(request, name).length === 0) return fail(`signed header ${name} is missing`, seen);
  }
  const creq = canonicalRequest(request, signed, payloadHash);
  const sts = stringToSign(amzDate, `${date}/${region}/${service}/aws4_request`, creq);
  const expected = signature(secret, date, region, service, sts);
  if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given)))
    return fail('signature does not match', { ...seen, canonicalRequest: creq });
  return { ok: true, ...seen, canonicalRequest: creq };
}
