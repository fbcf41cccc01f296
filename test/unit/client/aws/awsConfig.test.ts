import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { awsHintsFromUrl, effectiveProfile, parseAwsConfig } from '../../../../client/src/core/aws/awsConfig';
import { needsSecret, parseClusters } from '../../../../client/src/core/clusterConfig';

void describe('aws cluster entries', () => {
  void it('reads region, service and profile', () => {
    const { clusters, problems } = parseClusters([
      {
        name: 'managed',
        url: 'https://search-logs-abc.eu-west-1.es.amazonaws.com',
        auth: 'aws',
        aws: { region: 'eu-west-1', service: 'es', profile: 'prod' },
      },
      { name: 'serverless', url: 'https://abc123.us-east-1.aoss.amazonaws.com', auth: 'aws' },
    ]);
    assert.deepEqual(problems, []);
    assert.deepEqual(clusters[0]!.aws, { region: 'eu-west-1', service: 'es', profile: 'prod' });
    // What the host name says fills what the entry leaves out.
    assert.deepEqual(clusters[1]!.aws, { region: 'us-east-1', service: 'aoss' });
    assert.equal(needsSecret(clusters[0]!), false);
  });

  void it('explains what is wrong', () => {
    const { problems } = parseClusters([
      { name: 'a', url: 'https://search.example.com', auth: 'aws' },
      { name: 'b', url: 'https://search.example.com', auth: 'aws', aws: { region: 'Paris', service: 'es' } },
      { name: 'c', url: 'https://search.example.com', auth: 'aws', aws: { region: 'eu-west-3', service: 's3' } },
      { name: 'd', url: 'https://search.example.com', auth: 'aws', aws: { region: 'eu-west-3', secretKey: 'x' } },
      { name: 'e', url: 'https://search.example.com', auth: 'basic', username: 'u', aws: { region: 'eu-west-3' } },
    ]);
    assert.deepEqual(
      problems.map((p) => p.message),
      [
        'cluster 1: "a": AWS signing needs "aws.region" (the region of the domain or collection, e.g. "us-east-1")',
        'cluster 2: "b": "aws.region" must be an AWS region name such as "us-east-1", not "Paris"',
        'cluster 3: "c": "aws.service" must be "es" (OpenSearch Service domain) or "aoss" (OpenSearch Serverless collection), not "s3"',
        'cluster 4: "d": "aws.secretKey" is not read: "aws" takes "region", "service" and "profile"',
        'cluster 5: "e": "aws" is only read with "auth": "aws"',
      ],
    );
  });

  void it('reads hints from AWS host names only', () => {
    assert.deepEqual(awsHintsFromUrl('https://vpc-x-1.ap-southeast-2.es.amazonaws.com'), {
      region: 'ap-southeast-2',
      service: 'es',
    });
    assert.deepEqual(awsHintsFromUrl('https://search.example.com'), {});
    assert.deepEqual(parseAwsConfig({ region: 'us-gov-west-1' }, 'https://x'), {
      region: 'us-gov-west-1',
      service: 'es',
    });
  });

  void it('names the profile the chain uses', () => {
    assert.equal(effectiveProfile({ region: 'us-east-1', service: 'es' }, {}), 'default');
    assert.equal(effectiveProfile({ region: 'us-east-1', service: 'es' }, { AWS_PROFILE: 'ops' }), 'ops');
    assert.equal(
      effectiveProfile({ region: 'us-east-1', service: 'es', profile: 'dev' }, { AWS_PROFILE: 'ops' }),
      'dev',
    );
  });
});
