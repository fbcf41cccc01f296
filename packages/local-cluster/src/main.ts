// `npm run cluster -- [--port 9200] [--host 127.0.0.1] [--nodes topology.json] [--no-sample-data]
//   [--latency <index-pattern>=<time>]... [--user name:password] [--tls] [--version 2.19.1|2.19.6|3.8.0|3.9.0]`
import { readFileSync } from 'node:fs';
import { parseTimeValue } from './core/values';
import { startCluster, type ClusterOptions } from './index';
import { versionInfo } from './version';
import { checkTopology } from './topology';

const USAGE =
  'usage: npm run cluster -- [--port 9200] [--host 127.0.0.1] [--nodes <topology.json>] [--no-sample-data] ' +
  '[--latency <index-pattern>=<time>]... [--user <name>:<password>] [--tls] [--version 2.19.1|2.19.6|3.8.0|3.9.0]';

function parseArgs(argv: readonly string[]): ClusterOptions {
  const options: ClusterOptions = { port: 9200, latency: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${argv[i]}`);
        options.port = port;
        break;
      }
      case '--host':
        options.host = value();
        break;
      case '--nodes':
        options.topology = checkTopology(JSON.parse(readFileSync(value(), 'utf8')) as unknown);
        break;
      case '--no-sample-data':
        options.sampleData = false;
        break;
      case '--latency': {
        const spec = value();
        const eq = spec.lastIndexOf('=');
        if (eq <= 0) throw new Error(`--latency expects <index-pattern>=<time>, got ${spec}`);
        options.latency!.push({ pattern: spec.slice(0, eq), ms: parseTimeValue(spec.slice(eq + 1), 'latency') });
        break;
      }
      case '--user': {
        const spec = value();
        const colon = spec.indexOf(':');
        if (colon <= 0) throw new Error(`--user expects <name>:<password>`);
        options.user = { name: spec.slice(0, colon), password: spec.slice(colon + 1) };
        break;
      }
      case '--tls':
        options.tls = true;
        break;
      case '--version':
        options.version = versionInfo(value()).number;
        break;
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
        break;
      default:
        throw new Error(`unknown argument: ${arg}`);
    }
  }
  return options;
}

async function main(): Promise<void> {
  let options: ClusterOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(USAGE);
    process.exit(2);
  }
  const cluster = await startCluster(options);
  console.log(`listening on ${cluster.url}`);
  const stop = (): void => {
    void cluster.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

void main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : String(e));
  process.exit(1);
});
