// `npm run opensearch -- [--version 3|3.8|2|2.19.1] [--port 9200] [--host 127.0.0.1] [--nodes topology.json] [--no-sample-data]
//   [--heap 1g]`: a real OpenSearch cluster of several nodes in one JVM, with the local cluster's sample data.
import { readFileSync } from 'node:fs';
import { checkTopology, type Topology } from '@search-requests/local-cluster';
import { loadSampleDataInto } from './lib/sampleBulk';
import {
  realVersionOf,
  realVersionWords,
  OpenSearchSetupError,
  startOpenSearch,
  type RealVersion,
  type OpenSearchOptions,
} from './lib/realOpenSearch';

const USAGE =
  'usage: npm run opensearch -- [--version 3|3.8|2|2.19.1] [--port 9200] [--host 127.0.0.1] [--nodes <topology.json>] ' +
  '[--no-sample-data] [--heap 1g]';

interface Arguments {
  version: RealVersion;
  port: number;
  host: string;
  topology?: Topology;
  sampleData: boolean;
  heap?: string;
}

function parseArgs(argv: readonly string[]): Arguments {
  const args: Arguments = { version: '3', port: 9200, host: '127.0.0.1', sampleData: true };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--version': {
        const v = realVersionOf(value());
        if (v === undefined) throw new Error(`--version is ${realVersionWords(false)}, not ${argv[i]}`);
        args.version = v;
        break;
      }
      case '--port': {
        const port = Number(value());
        if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid port: ${argv[i]}`);
        args.port = port;
        break;
      }
      case '--host':
        args.host = value();
        break;
      case '--nodes':
        args.topology = checkTopology(JSON.parse(readFileSync(value(), 'utf8')) as unknown);
        break;
      case '--no-sample-data':
        args.sampleData = false;
        break;
      case '--heap':
        args.heap = value();
        if (!/^\d+[mgMG]$/.test(args.heap)) throw new Error(`--heap is a size such as 1g or 1536m, not ${args.heap}`);
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
  return args;
}

async function main(): Promise<void> {
  let args: Arguments;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    console.error(USAGE);
    process.exit(2);
  }
  const options: OpenSearchOptions = {
    version: args.version,
    port: args.port,
    host: args.host,
    ...(args.topology === undefined ? {} : { topology: args.topology }),
    ...(args.heap === undefined ? {} : { heap: args.heap }),
    progress: (line) => {
      console.error(line);
    },
  };
  let cluster;
  try {
    cluster = await startOpenSearch(options);
  } catch (e) {
    console.error(
      e instanceof OpenSearchSetupError ? e.message : e instanceof Error ? (e.stack ?? e.message) : String(e),
    );
    process.exit(1);
  }
  const running = cluster;
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    console.error('stopping OpenSearch');
    void running.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
  try {
    if (args.sampleData) {
      const dataNodes = running.topology.nodes.filter((n) => n.roles.includes('data')).length;
      const count = await loadSampleDataInto(running.url, { replicas: dataNodes > 1 ? 1 : 0 });
      console.error(`indexed ${count} sample documents`);
    }
  } catch (e) {
    console.error(`loading the sample data failed: ${e instanceof Error ? e.message : String(e)}`);
    await running.stop();
    process.exit(1);
  }
  console.error(`OpenSearch ${running.version}, ${running.topology.nodes.length} nodes`);
  console.log(`listening on ${running.url}`);
}

void main();
