// `npm run bench`: every bench module in turn. Add a module by importing it and listing its entry point here.
import { runActivationBench } from './activation';
import { runBigBodyBench } from './bigBody';
import { runClusterFieldsBench } from './clusterFields';
import { runClusterStatePayloadBench } from './clusterStatePayload';
import { runCompletionBench } from './completion';
import { runConsoleBench } from './console';
import { runHostileBench } from './hostile';
import { runGlobsBench } from './globs';
import { runLintBench } from './lint';
import { runRedactBench } from './redact';
import { runRunBench } from './run';
import { runTasksRefreshBench } from './tasksRefresh';
import { runValidationBench } from './validation';

const BENCHES: readonly (() => void | Promise<void>)[] = [
  runValidationBench,
  runCompletionBench,
  runConsoleBench,
  runClusterFieldsBench,
  runClusterStatePayloadBench,
  runTasksRefreshBench,
  runRunBench,
  runActivationBench,
  runGlobsBench,
  runLintBench,
  runRedactBench,
  runHostileBench,
  runBigBodyBench,
];

async function main(): Promise<void> {
  for (const bench of BENCHES) {
    await bench();
    console.log('');
  }
}

void main();
