// The standard AWS credential chain as the extension uses it, with temporary config and credentials files and a
// controlled environment: profile selection, AWS_PROFILE, environment keys, container credentials, and the
// messages for a missing profile, an expired SSO session and no credentials at all.
import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import awsSigning from '../../../../client/src/core/aws/awsSigning';
import { ClusterClient } from '../../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../../client/src/core/clusterConfig';
import { RequestFailure } from '../../../../client/src/core/failures';
import { closeServer, listen, startSigV4Server, tlsFile, type SigV4Server } from './sigv4Server';

const KEYS = {
  default: ['AKIDDEFAULTPROFILE01', 'secret/default/0000000000000000000000000'],
  dev: ['AKIDDEVPROFILE000001', 'secret/dev/00000000000000000000000000000'],
  ops: ['AKIDOPSPROFILE000001', 'secret/ops/00000000000000000000000000000'],
  env: ['AKIDFROMENVIRONMENT1', 'secret/env/00000000000000000000000000000'],
  container: ['ASIDFROMCONTAINER001', 'secret/container/0000000000000000000000'],
} as const;

const AWS_VARIABLES = [
  'AWS_ACCESS_KEY_ID',
  'AWS_SECRET_ACCESS_KEY',
  'AWS_SESSION_TOKEN',
  'AWS_PROFILE',
  'AWS_CONFIG_FILE',
  'AWS_SHARED_CREDENTIALS_FILE',
  'AWS_WEB_IDENTITY_TOKEN_FILE',
  'AWS_ROLE_ARN',
  'AWS_CONTAINER_CREDENTIALS_FULL_URI',
  'AWS_CONTAINER_CREDENTIALS_RELATIVE_URI',
  'AWS_CONTAINER_AUTHORIZATION_TOKEN',
];

let home: string;
let counter = 0;
let server: SigV4Server;

/** Files of their own for each test: the SDK caches what it read by path. */
function files(config: string, credentials: string): void {
  counter++;
  const configFile = path.join(home, `config-${counter}`);
  const credentialsFile = path.join(home, `credentials-${counter}`);
  fs.writeFileSync(configFile, config);
  fs.writeFileSync(credentialsFile, credentials);
  process.env['AWS_CONFIG_FILE'] = configFile;
  process.env['AWS_SHARED_CREDENTIALS_FILE'] = credentialsFile;
}

/** The token `aws sso login` leaves in ~/.aws/sso/cache, named by the SHA-1 of the session name or start URL. */
function ssoCache(key: string, token: Record<string, string>): void {
  const cache = path.join(home, '.aws', 'sso', 'cache');
  fs.mkdirSync(cache, { recursive: true });
  fs.writeFileSync(path.join(cache, `${createHash('sha1').update(key).digest('hex')}.json`), JSON.stringify(token));
}

const CREDENTIALS_FILE = Object.entries(KEYS)
  .filter(([name]) => name !== 'env' && name !== 'container')
  .map(([name, [id, secret]]) => `[${name}]\naws_access_key_id = ${id}\naws_secret_access_key = ${secret}\n`)
  .join('\n');

function cluster(profile?: string): ClusterConfig {
  return {
    name: 'managed',
    url: server.url,
    auth: 'aws',
    aws: { region: 'us-west-2', service: 'es', ...(profile === undefined ? {} : { profile }) },
    tls: { caFile: tlsFile('ca.pem') },
  };
}

/** Sends one request; the access key id the endpoint saw, or the failure. */
async function send(profile?: string): Promise<{ keyId?: string; failure?: RequestFailure }> {
  const client = await ClusterClient.create(cluster(profile), { loadAws: () => Promise.resolve(awsSigning) });
  try {
    await client.send({ method: 'GET', path: '/', opaqueId: 'credentials-test' });
    const last = server.checked[server.checked.length - 1]!;
    assert.ok(last.verdict.ok, last.verdict.reason);
    return { keyId: last.verdict.accessKeyId! };
  } catch (error) {
    if (error instanceof RequestFailure) return { failure: error };
    throw error;
  } finally {
    await client.close();
  }
}

void describe('AWS credential chain', () => {
  before(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'search-requests-aws-'));
    server = await startSigV4Server({
      region: 'us-west-2',
      service: 'es',
      secrets: new Map(Object.values(KEYS).map(([id, secret]) => [id, secret])),
    });
  });
  after(async () => {
    await server.close();
    fs.rmSync(home, { recursive: true, force: true });
  });
  beforeEach(() => {
    for (const name of AWS_VARIABLES) Reflect.deleteProperty(process.env, name);
    process.env['HOME'] = home;
    // Never ask the instance metadata service of whatever machine runs the tests.
    process.env['AWS_EC2_METADATA_DISABLED'] = 'true';
  });

  void it('uses the profile of the cluster entry', async () => {
    files('', CREDENTIALS_FILE);
    assert.equal((await send('dev')).keyId, KEYS.dev[0]);
  });

  void it('uses AWS_PROFILE when the entry names none, and the default profile without it', async () => {
    files('', CREDENTIALS_FILE);
    assert.equal((await send()).keyId, KEYS.default[0]);
    files('', CREDENTIALS_FILE);
    process.env['AWS_PROFILE'] = 'ops';
    assert.equal((await send()).keyId, KEYS.ops[0]);
  });

  void it('takes keys from the environment first when no profile is named', async () => {
    files('', CREDENTIALS_FILE);
    process.env['AWS_ACCESS_KEY_ID'] = KEYS.env[0];
    process.env['AWS_SECRET_ACCESS_KEY'] = KEYS.env[1];
    assert.equal((await send()).keyId, KEYS.env[0]);
    // A profile named in the entry wins over the environment, as in the AWS CLI.
    assert.equal((await send('dev')).keyId, KEYS.dev[0]);
  });

  void it('reads a role profile of the config file that sources another profile’s keys… through credential_process', async () => {
    const script = path.join(home, 'credential-process.js');
    fs.writeFileSync(
      script,
      `process.stdout.write(JSON.stringify({Version:1,AccessKeyId:${JSON.stringify(KEYS.ops[0])},SecretAccessKey:${JSON.stringify(KEYS.ops[1])}}))`,
    );
    files(`[profile tool]\ncredential_process = ${process.execPath} ${script}\n`, '');
    assert.equal((await send('tool')).keyId, KEYS.ops[0]);
  });

  void it('uses container credentials (AWS_CONTAINER_CREDENTIALS_FULL_URI on loopback)', async () => {
    const endpoint = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          AccessKeyId: KEYS.container[0],
          SecretAccessKey: KEYS.container[1],
          Token: 'container-session-token',
          Expiration: new Date(Date.now() + 3600_000).toISOString(),
        }),
      );
    });
    const url = await listen(endpoint, 'http');
    try {
      files('', '');
      process.env['AWS_CONTAINER_CREDENTIALS_FULL_URI'] = `${url}/credentials`;
      assert.equal((await send()).keyId, KEYS.container[0]);
      const last = server.checked[server.checked.length - 1]!;
      assert.ok(
        last.request.headers.some(
          ([n, v]) => n.toLowerCase() === 'x-amz-security-token' && v === 'container-session-token',
        ),
      );
    } finally {
      await closeServer(endpoint);
    }
  });

  void it('says which profile is missing and what to run', async () => {
    files('', CREDENTIALS_FILE);
    const { failure } = await send('nope');
    assert.equal(failure?.kind, 'credentials');
    assert.match(failure.message, /^No AWS credentials for cluster "managed" \(AWS profile "nope"\)/);
    assert.match(failure.message, /aws configure --profile nope/);
  });

  void it('says that an SSO session expired and to run aws sso login with the profile (sso-session profiles)', async () => {
    const session = `corp-${counter}`;
    files(
      [
        '[profile sso-dev]',
        `sso_session = ${session}`,
        'sso_account_id = 111122223333',
        'sso_role_name = ReadOnly',
        'region = us-west-2',
        '',
        `[sso-session ${session}]`,
        'sso_start_url = https://corp.example.com/start',
        'sso_region = us-east-1',
        '',
      ].join('\n'),
      '',
    );
    ssoCache(session, { accessToken: 'expired-token', expiresAt: '2020-01-01T00:00:00Z', region: 'us-east-1' });
    const { failure } = await send('sso-dev');
    assert.equal(failure?.kind, 'credentials');
    assert.match(failure.message, /SSO session of cluster "managed" \(AWS profile "sso-dev"\) has expired/);
    assert.match(failure.message, /run "aws sso login --profile sso-dev"/);
    assert.ok(!failure.message.includes('expired-token'));
  });

  void it('says the same for a legacy SSO profile (sso_start_url in the profile) whose cached token expired', async () => {
    const startUrl = `https://legacy-${counter}.example.com/start`;
    files(
      [
        '[profile legacy]',
        `sso_start_url = ${startUrl}`,
        'sso_region = us-east-1',
        'sso_account_id = 111122223333',
        'sso_role_name = ReadOnly',
        '',
      ].join('\n'),
      '',
    );
    ssoCache(startUrl, { accessToken: 'old', expiresAt: '2021-06-01T00:00:00Z', region: 'us-east-1', startUrl });
    process.env['AWS_PROFILE'] = 'legacy';
    const { failure } = await send();
    assert.equal(failure?.kind, 'credentials');
    assert.match(
      failure.message,
      /AWS profile "legacy"\) has expired or was never started: run "aws sso login --profile legacy"/,
    );
  });

  void it('says that nothing was found, for the default profile', async () => {
    files('', '');
    const { failure } = await send();
    assert.equal(failure?.kind, 'credentials');
    assert.match(failure.message, /^No AWS credentials found for cluster "managed" \(AWS profile "default"\)/);
    assert.match(failure.message, /aws configure" or "aws sso login"/);
  });
});
