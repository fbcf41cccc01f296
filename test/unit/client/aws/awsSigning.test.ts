// Every kind of request an `aws` cluster sends is signed so that an independent SigV4 implementation accepts it:
// the extension's signer (the AWS SDK's) against the reference written from the published algorithm.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import awsSigning from '../../../../client/src/core/aws/awsSigning';
import type { AwsModule } from '../../../../client/src/core/aws/awsTypes';
import { ClusterClient, type HttpRequest } from '../../../../client/src/core/clusterClient';
import type { ClusterConfig } from '../../../../client/src/core/clusterConfig';
import { toCurl } from '../../../../client/src/core/curl';
import { RequestFailure } from '../../../../client/src/core/failures';
import { sha256Hex } from './sigv4Reference';
import { startSigV4Server, tlsFile, type SigV4Server } from './sigv4Server';

const KEY_ID = 'AKIDTESTSIGNING00001';
const SECRET = 'wJalrXUtnTEST/K7MDENG+bPxRfiCYSIGNINGKEY';
const TOKEN = 'IQoJb3JpZ2luX2VjTESTSESSIONTOKEN/abc+def==';

const credentials = () => Promise.resolve({ accessKeyId: KEY_ID, secretAccessKey: SECRET, sessionToken: TOKEN });

function cluster(url: string, service: 'es' | 'aoss'): ClusterConfig {
  return {
    name: `signed-${service}`,
    url,
    auth: 'aws',
    aws: { region: 'eu-west-3', service },
    tls: { caFile: tlsFile('ca.pem') },
  };
}

/** Every kind of request the extension sends. */
const REQUESTS: readonly (Omit<HttpRequest, 'opaqueId'> & { title: string })[] = [
  { title: 'GET /', method: 'GET', path: '/' },
  {
    title: 'POST JSON',
    method: 'POST',
    path: '/logs-*/_search',
    query: [{ name: 'size', value: '5', hasValue: true }],
    body: '{"query":{"match":{"message":"timeout"}}}',
    contentType: 'application/json',
  },
  {
    title: '_msearch NDJSON',
    method: 'POST',
    path: '/_msearch',
    body: '{"index":"logs"}\n{"query":{"match_all":{}}}\n{}\n{"size":0}\n',
    contentType: 'application/x-ndjson',
  },
  {
    title: 'GET with a body',
    method: 'GET',
    path: '/products/_search',
    body: '{"query":{"term":{"tags":"été"}}}',
    contentType: 'application/json',
  },
  {
    title: 'query strings that need encoding',
    method: 'GET',
    path: '/_search',
    query: [
      { name: 'q', value: 'level:error AND message:"time out" +x/y', hasValue: true },
      { name: 'sort', value: '@timestamp:desc', hasValue: true },
      { name: 'sort', value: 'a,b', hasValue: true },
      { name: 'pretty', value: '', hasValue: false },
      { name: 'filter_path', value: 'hits.hits._id,*.took', hasValue: true },
      { name: 'routing', value: 'ü~é%', hasValue: true },
    ],
  },
  {
    title: 'paths with special characters',
    method: 'GET',
    path: '/logs-2026.11.*,-logs-old,metrics:x/_doc/a b%2Fc+d~é(1)',
  },
  { title: 'DELETE', method: 'DELETE', path: '/_search/scroll/_all' },
  { title: 'HEAD', method: 'HEAD', path: '/products' },
  { title: 'PUT with an empty body', method: 'PUT', path: '/new-index', body: '', contentType: 'application/json' },
];

for (const service of ['es', 'aoss'] as const) {
  void describe(`SigV4 signing for ${service}`, () => {
    let server: SigV4Server;
    before(async () => {
      server = await startSigV4Server({
        region: 'eu-west-3',
        service,
        secrets: new Map([[KEY_ID, SECRET]]),
        sessionTokens: new Map([[KEY_ID, TOKEN]]),
        requireContentSha256: service === 'aoss',
      });
    });
    after(async () => {
      await server.close();
    });

    for (const request of REQUESTS) {
      void it(`signs ${request.title} so that the reference verifier accepts it`, async () => {
        const client = await ClusterClient.create(cluster(server.url, service), {
          loadAws: () => Promise.resolve(awsSigning),
          awsSignerOptions: { credentials },
        });
        try {
          const response = await client.send({ ...request, opaqueId: 'vscode-search-requests/sig' });
          const last = server.checked[server.checked.length - 1]!;
          assert.equal(last.verdict.reason, undefined);
          assert.ok(last.verdict.ok);
          assert.equal(response.status, 200);
          assert.ok(last.verdict.signedHeaders!.includes('x-opaque-id'), 'X-Opaque-Id is signed');
          assert.ok(last.verdict.signedHeaders!.includes('x-amz-content-sha256'));
          const declared = last.request.headers.find(([n]) => n.toLowerCase() === 'x-amz-content-sha256')?.[1];
          assert.equal(declared, sha256Hex(Buffer.from(request.body ?? '', 'utf8')));
          if (request.body !== undefined) assert.equal(last.request.body.toString('utf8'), request.body);
        } finally {
          await client.close();
        }
      });
    }

    void it('a request changed after signing is refused by the verifier (it can fail)', async () => {
      const client = await ClusterClient.create(cluster(server.url, service), {
        loadAws: () =>
          Promise.resolve<AwsModule>({
            createAwsSigner: (config, options) => {
              const real = awsSigning.createAwsSigner(config, options);
              return {
                // Signs another body than the one sent.
                sign: (request) => real.sign({ ...request, body: `${request.body ?? ''} ` }),
                secrets: () => real.secrets(),
              };
            },
          }),
        awsSignerOptions: { credentials },
      });
      try {
        await assert.rejects(
          client.send({ method: 'POST', path: '/_search', body: '{}', opaqueId: 'x' }),
          (error: unknown) => error instanceof RequestFailure && error.status === 403,
        );
        const last = server.checked[server.checked.length - 1]!;
        assert.equal(last.verdict.ok, false);
      } finally {
        await client.close();
      }
    });
  });
}

void describe('the AWS module bundle', () => {
  void it('client/dist/aws.js signs like the sources and the extension bundle does not hold the SDK', async () => {
    const root = path.resolve(__dirname, '..', '..', '..', '..', '..');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const bundled = (require(path.join(root, 'client', 'dist', 'aws.js')) as { default: AwsModule }).default;
    const server = await startSigV4Server({
      region: 'eu-west-3',
      service: 'es',
      secrets: new Map([[KEY_ID, SECRET]]),
    });
    const client = await ClusterClient.create(cluster(server.url, 'es'), {
      loadAws: () => Promise.resolve(bundled),
      awsSignerOptions: { credentials },
    });
    try {
      const response = await client.send({ method: 'POST', path: '/_msearch', body: '{}\n{}\n', opaqueId: 'b' });
      assert.equal(response.status, 200);
      assert.ok(server.checked[0]!.verdict.ok);
    } finally {
      await client.close();
      await server.close();
    }
    const fs = await import('node:fs');
    const extension = fs.readFileSync(path.join(root, 'client', 'dist', 'extension.js'), 'utf8');
    assert.ok(!extension.includes('aws4_request'), 'the SigV4 signer is not in extension.js');
    assert.ok(!extension.includes('CredentialsProviderError'), 'the credential chain is not in extension.js');
  });
});

void describe('secrets of aws clusters', () => {
  void it('never shows the credentials in logs, errors or the cURL export', async () => {
    const server = await startSigV4Server({ region: 'eu-west-3', service: 'es', secrets: new Map() });
    const lines: string[] = [];
    const client = await ClusterClient.create(cluster(server.url, 'es'), {
      loadAws: () => Promise.resolve(awsSigning),
      awsSignerOptions: { credentials },
      log: (line) => lines.push(line),
    });
    try {
      const failure = await client.send({ method: 'GET', path: '/', opaqueId: 'x' }).then(
        () => assert.fail('an unknown key must be refused'),
        (error: unknown) => error as RequestFailure,
      );
      assert.equal(failure.kind, 'forbidden');
      assert.match(failure.message, /refused the request \(403\).*"aws.region" \(eu-west-3\)/);
      const everything = [failure.message, ...lines].join('\n');
      for (const secret of [KEY_ID, SECRET, TOKEN]) assert.ok(!everything.includes(secret), secret);
    } finally {
      await client.close();
      await server.close();
    }
    const curl = toCurl(cluster('https://search-x.eu-west-3.es.amazonaws.com', 'aoss'), {
      method: 'POST',
      path: '/_search',
      query: [],
      body: '{}',
    });
    assert.match(curl, /--aws-sigv4 'aws:amz:eu-west-3:aoss'/);
    assert.match(curl, /--user "\$AWS_ACCESS_KEY_ID:\$AWS_SECRET_ACCESS_KEY"/);
    assert.match(curl, /x-amz-content-sha256/);
  });
});
