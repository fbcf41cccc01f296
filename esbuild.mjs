// Bundles the extension (client) and the language server, each into one file.
// Usage: node esbuild.mjs [--watch] [--minify] [target...]   (targets: client server cluster; default: client server)
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

const targets = {
  client: {
    ...common,
    // The worker thread that indexes large responses is a bundle of its own (it must not load `vscode`).
    entryPoints: { extension: 'client/src/extension.ts', worker: 'client/src/core/jsonWorker.ts' },
    outdir: 'client/dist',
    external: ['vscode'],
  },
  server: {
    ...common,
    entryPoints: ['server/src/server.ts'],
    outfile: 'server/dist/server.js',
  },
  cluster: {
    ...common,
    entryPoints: ['packages/local-cluster/src/main.ts'],
    outfile: 'packages/local-cluster/dist/cluster.js',
  },
};

const names = wanted.length > 0 ? wanted : ['client', 'server'];
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
