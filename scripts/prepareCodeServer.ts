// Prepares the cached VS Code (code-server) that `npm run test:e2e` and `npm run demo` run, and prints where it is.
import { ensureCodeServer } from './lib/codeServerInstall';

ensureCodeServer().then(
  (install) => {
    console.log(`VS Code ${install.version} (code-server) is ready in ${install.dir}`);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
