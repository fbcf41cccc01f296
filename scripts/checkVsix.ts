// Checks the packaged .vsix (run by `npm run package` after vsce): it holds exactly what the extension needs at
// run time (bundles, manifest, README, CHANGELOG, licence, icon and images, grammars, language configurations),
// nothing else (no node_modules, sources, source maps or tests), and every file the manifest points at.
// Usage: node out/scripts/checkVsix.js [file.vsix]
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { zipEntries } from './lib/zipEntries';

const ROOT = path.resolve(__dirname, '..', '..');

/** What the extension folder of the .vsix may hold. */
const ALLOWED: readonly RegExp[] = [
  /^package\.json$/,
  /^readme\.md$/i,
  /^changelog\.md$/i,
  /^license(\.txt|\.md)?$/i,
  /^client\/dist\/extension\.js$/,
  /^client\/dist\/worker\.js$/,
  /^client\/dist\/aws\.js$/,
  /^server\/dist\/server\.js$/,
  /^client\/dist\/webExtension\.js$/,
  /^server\/dist\/browserServer\.js$/,
  /^language-configuration\.(search|msearch)\.json$/,
  /^syntaxes\/[\w.-]+\.tmLanguage\.json$/,
  /^images\/[\w.-]+\.(png|svg)$/,
];

/** What vsce adds beside the extension folder. */
const PACKAGE_FILES = ['[Content_Types].xml', 'extension.vsixmanifest'];

const REQUIRED = [
  'package.json',
  'readme.md',
  'changelog.md',
  'license.txt',
  'client/dist/extension.js',
  'client/dist/worker.js',
  'client/dist/aws.js',
  'server/dist/server.js',
  'client/dist/webExtension.js',
  'server/dist/browserServer.js',
  'images/icon.png',
];

interface Manifest {
  name: string;
  version: string;
  main?: string;
  browser?: string;
  icon?: string;
  contributes?: {
    languages?: { configuration?: string; icon?: { light?: string; dark?: string } }[];
    grammars?: { path: string }[];
    viewsContainers?: Record<string, { icon?: string }[]>;
  };
}

/** Every file the manifest refers to, relative to the extension folder. */
function referencedFiles(manifest: Manifest): string[] {
  const files = [manifest.main, manifest.browser, manifest.icon];
  const contributes = manifest.contributes ?? {};
  for (const language of contributes.languages ?? []) {
    files.push(language.configuration, language.icon?.light, language.icon?.dark);
  }
  for (const grammar of contributes.grammars ?? []) {
    files.push(grammar.path);
  }
  for (const containers of Object.values(contributes.viewsContainers ?? {})) {
    files.push(...containers.map((container) => container.icon));
  }
  return files.filter((file): file is string => typeof file === 'string').map((file) => path.posix.normalize(file));
}

async function main(): Promise<void> {
  const manifest = JSON.parse(await fs.readFile(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
  const vsix = path.resolve(process.argv[2] ?? path.join(ROOT, `${manifest.name}-${manifest.version}.vsix`));
  const entries = await zipEntries(vsix);
  const problems: string[] = [];
  const files = new Set<string>();
  for (const entry of entries) {
    if (PACKAGE_FILES.includes(entry.name)) {
      continue;
    }
    if (!entry.name.startsWith('extension/')) {
      problems.push(`unexpected entry outside the extension folder: ${entry.name}`);
      continue;
    }
    const file = entry.name.slice('extension/'.length);
    files.add(file);
    if (!ALLOWED.some((pattern) => pattern.test(file))) {
      problems.push(`not allowed in the package: ${file}`);
    }
  }
  const lowerCase = new Set([...files].map((file) => file.toLowerCase()));
  for (const required of REQUIRED) {
    if (!lowerCase.has(required.toLowerCase())) {
      problems.push(`missing: ${required}`);
    }
  }
  for (const referenced of referencedFiles(manifest)) {
    if (!files.has(referenced)) {
      problems.push(`package.json refers to ${referenced}, which is not in the package`);
    }
  }
  const size = (await fs.stat(vsix)).size;
  if (problems.length > 0) {
    console.error(`${path.basename(vsix)}:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`${path.basename(vsix)}: ${files.size} files, ${Math.round(size / 1024)} KiB, contents as expected:`);
  for (const file of [...files].sort()) {
    console.log(`  ${file}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
