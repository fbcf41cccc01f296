// `npm run bench`: every bench module in turn. Add a module by importing it and listing its entry point here.
import { runCompletionBench } from './completion';

const BENCHES: readonly (() => void | Promise<void>)[] = [runCompletionBench];

async function main(): Promise<void> {
  for (const bench of BENCHES) {
    await bench();
    console.log('');
  }
}

void main();
