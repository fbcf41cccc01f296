// search-requests-lint's bin (package.json): turns on Node.js's compile cache, then loads the linter
// (search-requests-lint.js, built from main.ts). The cache applies to what is loaded after it is turned on, which is
// why this is a file of its own.
import * as nodeModule from 'node:module';

// Node.js 22.1 and later keep the bytecode compiled from the linter's files on disk and reuse it on the next run (in the
// folder NODE_COMPILE_CACHE names, else in the system's temporary folder; NODE_DISABLE_COMPILE_CACHE=1 turns it off):
// a run over a few files, as a pre-commit hook makes, starts about 20 ms sooner. Node.js 20 has no such cache.
(nodeModule as { enableCompileCache?: () => unknown }).enableCompileCache?.();

// eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the cache is on, synchronously
require('./search-requests-lint.js');
