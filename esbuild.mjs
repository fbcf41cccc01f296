// Bundles the extension (client) and the language server, each into one file.
// Usage: node esbuild.mjs [--watch] [--minify] [target...]   (targets: client server web-client web-server cli cluster; default: all but cluster)
import { readFileSync } from 'node:fs';
import { sep } from 'node:path';
import * as esbuild from 'esbuild';

const args = process.argv.slice(2);
const watch = args.includes('--watch');
const minify = args.includes('--minify');
const wanted = args.filter((a) => !a.startsWith('--'));

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  sourcemap: true,
  minify,
  logLevel: 'warning',
  // jsonc-parser's package.json points "main" at a UMD build that esbuild cannot follow; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
};

/**
 * Leaves to run time the command line's `import('./cluster.js')` and its bin's `require('./search-requests-lint.js')`:
 * those modules are entry points of their own.
 */
const cliApart = {
  name: 'cli-apart',
  setup(build) {
    const from = (file) => `packages${sep}cli${sep}src${sep}${file}`;
    build.onResolve({ filter: /^\.\/cluster\.js$/ }, (args) =>
      args.importer.endsWith(from('cli.ts')) ? { path: './cluster.js', external: true } : undefined,
    );
    build.onResolve({ filter: /^\.\/search-requests-lint\.js$/ }, (args) =>
      args.importer.endsWith(from('bin.ts')) ? { path: './search-requests-lint.js', external: true } : undefined,
    );
  },
};

const targets = {
  client: {
    ...common,
    // The worker thread that indexes large responses is a bundle of its own (it must not load `vscode`); so is the
    // AWS module (credential chain and SigV4 signer), loaded only when an `aws` cluster is used.
    entryPoints: {
      extension: 'client/src/extension.ts',
      worker: 'client/src/core/jsonWorker.ts',
      aws: 'client/src/core/aws/awsSigning.ts',
    },
    outdir: 'client/dist',
    external: ['vscode'],
  },
  server: {
    ...common,
    entryPoints: ['server/src/server.ts'],
    outfile: 'server/dist/server.js',
  },
  // The extension for VS Code for the Web: it runs in the browser's extension host, no Node.js.
  'web-client': {
    ...common,
    platform: 'browser',
    target: 'es2022',
    entryPoints: ['client/src/web/webExtension.ts'],
    outfile: 'client/dist/webExtension.js',
    external: ['vscode'],
  },
  // The language server for VS Code for the Web: a web worker, no Node.js.
  'web-server': {
    ...common,
    platform: 'browser',
    format: 'iife',
    target: 'es2022',
    entryPoints: ['server/src/browserServer.ts'],
    outfile: 'server/dist/browserServer.js',
  },
  // The command-line linter: the language service in one file with no dependencies, and the client core (with its
  // HTTP client) in a second one that only --cluster loads, so that a lint of files alone neither reads nor compiles it.
  // The bin is a third, which turns on Node.js's compile cache before it loads the first.
  cli: {
    ...common,
    entryPoints: {
      bin: 'packages/cli/src/bin.ts',
      'search-requests-lint': 'packages/cli/src/main.ts',
      cluster: 'packages/cli/src/cluster.ts',
    },
    outdir: 'packages/cli/dist',
    plugins: [cliApart],
    // What npm users download and start: small, and quick to load.
    sourcemap: false,
    minify: true,
    banner: { js: '#!/usr/bin/env node' },
    define: {
      __CLI_VERSION__: JSON.stringify(JSON.parse(readFileSync('packages/cli/package.json', 'utf8')).version),
    },
  },
  cluster: {
    ...common,
    entryPoints: ['packages/local-cluster/src/main.ts'],
    outfile: 'packages/local-cluster/dist/cluster.js',
  },
};

const names = wanted.length > 0 ? wanted : ['client', 'server', 'web-client', 'web-server', 'cli'];
for (const name of names) {
  if (!targets[name]) {
    console.error(`unknown target ${name}; known: ${Object.keys(targets).join(', ')}`);
    process.exit(2);
  }
}

if (watch) {
  // One line when a rebuild starts and one when every target is built again, with the errors between them, one per
  // line: the VS Code task "npm: watch:bundles" (.vscode/tasks.json) reads these to know when the bundles are ready.
  let building = 0;
  let errors = 0;
  const report = (name) => ({
    name: 'report',
    setup(build) {
      build.onStart(() => {
        if (building++ === 0) {
          errors = 0;
          console.log('[watch] build started');
        }
      });
      build.onEnd((result) => {
        for (const error of result.errors) {
          const where = error.location;
          const place = where ? `${where.file}:${where.line}:${where.column + 1}: ` : '';
          console.log(`${place}error: ${error.text} [${name}]`);
        }
        errors += result.errors.length;
        if (--building === 0) console.log(`[watch] build finished with ${errors} error(s)`);
      });
    },
  });
  for (const name of names) {
    const ctx = await esbuild.context({ ...targets[name], plugins: [report(name)] });
    await ctx.watch();
  }
} else {
  await Promise.all(names.map((name) => esbuild.build(targets[name])));
}
