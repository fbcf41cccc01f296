import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import type * as http from 'node:http';
import * as os from 'node:os';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import type { ClusterConfig } from '../../../client/src/core/clusterConfig';
import { toCurl, toPowerShell, type CurlRequest } from '../../../client/src/core/curl';
import { startRawServer } from './failureServers';

const run = promisify(execFile);

/** Runs a command in bash; undefined when bash or curl is missing here. */
async function bash(command: string): Promise<string | undefined> {
  try {
    const { stdout } = await run('bash', ['-c', `command -v curl >/dev/null || exit 99; ${command}`]);
    return stdout;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT' || code === 99) return undefined;
    throw error;
  }
}

/**
 * The value of a PowerShell word as this export writes them: a single-quoted string (quotes doubled, the typographic
 * ones too) or a parenthesized sum of such strings and `$env:NAME`.
 */
function powerShellValue(word: string, env: Readonly<Record<string, string>>): string {
  const quote = /['\u2018\u2019\u201a\u201b]/;
  let text = word.startsWith('(') && word.endsWith(')') ? word.slice(1, -1) : word;
  let out = '';
  while (text.length > 0) {
    if (text.startsWith('$env:')) {
      const name = /^\$env:([A-Z0-9_]+)/.exec(text)![1]!;
      out += env[name] ?? '';
      text = text.slice(5 + name.length);
    } else {
      assert.ok(quote.test(text[0]!), `a term starts with a quote: ${text}`);
      let i = 1;
      for (;;) {
        assert.ok(i < text.length, `unterminated string in ${word}`);
        if (quote.test(text[i]!)) {
          if (quote.test(text[i + 1] ?? '')) {
            out += text[i]!;
            i += 2;
            continue;
          }
          break;
        }
        out += text[i]!;
        i++;
      }
      text = text.slice(i + 1);
    }
    if (text.startsWith(' + ')) text = text.slice(3);
    else assert.equal(text, '', `what follows a term in ${word}`);
  }
  return out;
}

/** The body a PowerShell export writes to its temporary file. */
function powerShellBody(script: string, env: Readonly<Record<string, string>> = {}): string | undefined {
  const single = /^\$body = (.*)$/m.exec(script);
  if (single !== null && single[1] !== '@(') return powerShellValue(single[1]!, env);
  const many = /^\$body = @\(\n([\s\S]*?)\n\) -join "`n"$/m.exec(script);
  if (many === null) return undefined;
  return many[1]!
    .split(',\n')
    .map((line) => powerShellValue(line.trim(), env))
    .join('\n');
}

const local: ClusterConfig = { name: 'local', url: 'http://127.0.0.1:9', auth: 'none' };

void describe('cURL export', () => {
  const received: string[] = [];
  let server: { url: string; close: () => Promise<void> };
  before(async () => {
    server = await startRawServer((req: http.IncomingMessage, res: http.ServerResponse) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
  });
  after(() => server.close());

  for (const [what, body, contentType] of [
    ['a JSON body starting with @', '@/etc/hostname', 'application/json'],
    ['an NDJSON body starting with @', '@/etc/hostname\n{}\n', 'application/x-ndjson'],
  ] as const) {
    void it(`sends ${what} as it is, never the file it names`, async (t) => {
      const curl = toCurl(
        { ...local, url: server.url },
        { method: 'POST', path: '/_search', query: [], body, contentType },
      );
      assert.match(curl, /--data-raw '@/);
      received.length = 0;
      const out = await bash(`${curl} --silent`);
      if (out === undefined) {
        t.skip('bash or curl is not installed');
        return;
      }
      assert.deepEqual(received, [body]);
    });
  }

  void it('writes certificate files with the absolute paths the extension reads', () => {
    const cluster: ClusterConfig = {
      name: 'secure',
      url: 'https://h:9200',
      auth: 'none',
      tls: { caFile: 'certs/ca.pem', certFile: '~/client.pem', keyFile: '/keys/client-key.pem' },
    };
    const request: CurlRequest = { method: 'GET', path: '/', query: [] };
    const curl = toCurl(cluster, request, { baseDir: '/work/project' });
    assert.ok(curl.includes(`--cacert '${path.resolve('/work/project', 'certs/ca.pem')}'`), curl);
    assert.ok(curl.includes(`--cert '${path.join(os.homedir(), 'client.pem')}'`), curl);
    assert.ok(curl.includes(`--key '/keys/client-key.pem'`), curl);
    const ps = toPowerShell(cluster, request, { baseDir: '/work/project' });
    assert.ok(ps.includes(`--cacert '${path.resolve('/work/project', 'certs/ca.pem')}'`), ps);
  });
});

void describe('PowerShell export', () => {
  void it('sends the body from a file PowerShell writes, quoted as PowerShell reads it', () => {
    const body = `{"index":"it's ‘quoted’ \`n $env:HOME"}\n{"query":{"match":{"a":"@x"}}}\n`;
    const ps = toPowerShell(local, {
      method: 'POST',
      path: '/_msearch',
      query: [],
      body,
      contentType: 'application/x-ndjson',
      opaqueId: 'vscode-search-requests/r1',
    });
    assert.equal(powerShellBody(ps), body);
    assert.match(ps, /^\$file = New-TemporaryFile$/m);
    assert.match(ps, /^\[IO\.File\]::WriteAllText\(\$file\.FullName, \$body\)$/m);
    assert.match(ps, /^curl\.exe -X POST 'http:\/\/127\.0\.0\.1:9\/_msearch' `$/m);
    assert.match(ps, /^ {2}-H 'X-Opaque-Id: vscode-search-requests\/r1' `$/m);
    assert.match(ps, /^ {2}-H 'Content-Type: application\/x-ndjson' `$/m);
    assert.match(ps, /^ {2}--data-binary "@\$\(\$file\.FullName\)"$/m);
    assert.match(ps, /^Remove-Item \$file$/m);
    // Every continued line ends with a backtick, the last one without.
    const command = ps.slice(ps.indexOf('curl.exe')).split('\n');
    assert.ok(command.slice(0, -2).every((line) => line.endsWith(' `')));
  });

  void it('asks for the password and takes tokens and AWS credentials from the environment', () => {
    const request: CurlRequest = { method: 'GET', path: '/_search', query: [] };
    assert.match(toPowerShell({ ...local, auth: 'basic', username: "o'brien" }, request), /-u 'o''brien'/);
    assert.match(
      toPowerShell({ ...local, auth: 'bearer' }, request),
      /-H "Authorization: Bearer \$env:OPENSEARCH_TOKEN"/,
    );
    assert.match(
      toPowerShell({ ...local, auth: 'apiKey' }, request),
      /-H "Authorization: ApiKey \$env:OPENSEARCH_API_KEY"/,
    );
    const aws = toPowerShell(
      {
        name: 'aoss',
        url: 'https://x.us-east-1.aoss.amazonaws.com',
        auth: 'aws',
        aws: { region: 'us-east-1', service: 'aoss' },
      },
      { ...request, method: 'POST', body: '{}' },
    );
    assert.match(aws, /--aws-sigv4 'aws:amz:us-east-1:aoss'/);
    assert.match(aws, /--user "\$\(\$env:AWS_ACCESS_KEY_ID\):\$\(\$env:AWS_SECRET_ACCESS_KEY\)"/);
    assert.match(aws, /if \(\$env:AWS_SESSION_TOKEN\)/);
    assert.match(aws, /@session/);
    assert.match(aws, /x-amz-content-sha256: \$\(\(Get-FileHash -Algorithm SHA256 \$file\.FullName\)/);
  });

  void it('reads secret variables from the environment and holds none', () => {
    const path = '/QQQ/_search';
    const body = '{"term":{"user":"ZZZ"}}';
    const ps = toPowerShell(local, {
      method: 'POST',
      path,
      query: [{ name: 'routing', value: 'ZZZ', hasValue: true }],
      body,
      secrets: [
        { name: 'index', part: 'path', offset: 1, length: 3, escape: 'none' },
        { name: 'token', part: 'query', index: 0, offset: 0, length: 3, escape: 'none' },
        { name: 'token', part: 'body', offset: 17, length: 3, escape: 'json' },
      ],
    });
    const env = { INDEX: 'logs', TOKEN: "s3c'ret" };
    assert.equal(powerShellBody(ps, env), '{"term":{"user":"s3c\'ret"}}');
    const url = /^curl\.exe -X POST (\(.*\)) `$/m.exec(ps)?.[1];
    assert.ok(url !== undefined, ps);
    assert.equal(powerShellValue(url, env), "http://127.0.0.1:9/logs/_search?routing=s3c'ret");
    assert.ok(!/QQQ|ZZZ|SRSECRET/.test(ps), ps);
  });
});
