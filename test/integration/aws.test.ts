// An `aws` cluster in the real extension host: the AWS module is not loaded by activation, only by the first
// request to such a cluster; that request is signed so that the tests' own SigV4 implementation accepts it.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMMANDS } from '../../server/src/protocol/manifest';
import { startSigV4Server, tlsFile, type SigV4Server } from '../unit/client/aws/sigv4Server';
import { extension, openScratch } from './documents';

const KEY_ID = 'AKIDINTEGRATIONTEST1';
const SECRET = 'integration/secret/0000000000000000000000';
const VARIABLES = ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE'];

function awsModuleLoaded(): boolean {
  return Object.keys(require.cache).some((file) => file.replace(/\\/g, '/').endsWith('client/dist/aws.js'));
}

describe('AWS clusters', function () {
  this.timeout(60_000);
  let server: SigV4Server;
  const saved = new Map<string, string | undefined>();

  before(async () => {
    // The credential chain must never ask an instance metadata service from a test.
    for (const name of [...VARIABLES, 'AWS_EC2_METADATA_DISABLED']) saved.set(name, process.env[name]);
    process.env['AWS_EC2_METADATA_DISABLED'] = 'true';
    server = await startSigV4Server({ region: 'eu-north-1', service: 'es', secrets: new Map([[KEY_ID, SECRET]]) });
    await extension().activate();
  });

  after(async () => {
    for (const [name, value] of saved) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
    await vscode.workspace
      .getConfiguration('searchRequests')
      .update('clusters', undefined, vscode.ConfigurationTarget.Workspace);
    await server.close();
  });

  it('activation does not load the AWS module', () => {
    assert.equal(awsModuleLoaded(), false);
  });

  it('Add Cluster saves an aws entry and stores no secret', async () => {
    // The cluster becomes active and the status bar reads it: on loopback, with a profile that does not exist and
    // the instance metadata service off (before()), so that nothing leaves this machine.
    const name = await vscode.commands.executeCommand<string>(COMMANDS.addCluster, {
      name: 'aws-added',
      url: 'https://127.0.0.1:9',
      auth: 'aws',
      aws: { region: 'eu-west-3', service: 'aoss', profile: 'search-requests-test-no-such-profile' },
      target: 'workspace',
      skipTest: true,
    });
    assert.equal(name, 'aws-added');
    const saved = vscode.workspace
      .getConfiguration('searchRequests')
      .get<{ name: string; aws?: unknown }[]>('clusters');
    assert.deepEqual(saved?.find((c) => c.name === 'aws-added')?.aws, {
      region: 'eu-west-3',
      service: 'aoss',
      profile: 'search-requests-test-no-such-profile',
    });
  });

  it('signs a run on an aws cluster with the credentials of the environment', async () => {
    // The standard chain reads the extension host's environment: keys there come first when no profile is named.
    Reflect.deleteProperty(process.env, 'AWS_PROFILE');
    Reflect.deleteProperty(process.env, 'AWS_SESSION_TOKEN');
    process.env['AWS_ACCESS_KEY_ID'] = KEY_ID;
    process.env['AWS_SECRET_ACCESS_KEY'] = SECRET;
    await vscode.workspace.getConfiguration('searchRequests').update(
      'clusters',
      [
        {
          name: 'aws-it',
          url: server.url,
          auth: 'aws',
          aws: { region: 'eu-north-1', service: 'es' },
          tls: { caFile: tlsFile('ca.pem') },
        },
      ],
      vscode.ConfigurationTarget.Workspace,
    );
    await vscode.commands.executeCommand(COMMANDS.selectCluster, 'aws-it');
    const editor = await openScratch('signed.search', 'POST /logs-*/_search?size=1\n{"query": {"match_all": {}}}\n');
    const result = await vscode.commands.executeCommand<{
      state: string;
      status?: number;
      failure?: { message: string };
    }>(COMMANDS.run, editor.document.uri, 0);
    assert.equal(result.state, 'done', result.failure?.message);
    assert.equal(result.status, 200);
    const run = server.checked.find((c) => c.request.target.startsWith('/logs-*/_search'));
    assert.ok(
      run !== undefined,
      `the run reached the endpoint: ${server.checked.map((c) => c.request.target).join(', ')}`,
    );
    assert.ok(run.verdict.ok, run.verdict.reason);
    assert.equal(run.verdict.accessKeyId, KEY_ID);
    assert.equal(awsModuleLoaded(), true);
  });
});
