// Which files to check: named files as they are; folders and globs walked for `.search` and `.msearch` files, leaving
// out what the `.gitignore` files of the repository say git leaves out (and `.git`, `node_modules`).
import { readFileSync, readdirSync, statSync, type Dirent, type Stats } from 'node:fs';
import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import picomatch from 'picomatch';

export interface FoundFile {
  readonly absolute: string;
  /** Relative to the current folder, with `/`: what reports show. */
  readonly relative: string;
  /** Its folder (absolute) and its name there: what `absolute` joins. */
  readonly folder: string;
  readonly name: string;
  readonly language: 'search' | 'msearch';
}

export class FileError extends Error {}

const ALWAYS_SKIPPED = new Set(['.git', 'node_modules']);
const GLOB_CHARS = /[*?[\]{}!]/;

function languageOf(file: string): 'search' | 'msearch' | undefined {
  if (file.endsWith('.msearch')) return 'msearch';
  if (file.endsWith('.search')) return 'search';
  return undefined;
}

function toPosix(file: string): string {
  return file.split(path.sep).join('/');
}

interface Layer {
  readonly dir: string;
  readonly rules: Ignore;
}

/** The `.gitignore` rules in force at a folder: each folder's own, the deepest with a verdict wins, as in git. */
class IgnoreRules {
  private readonly layers = new Map<string, Layer | null>();

  constructor(private readonly root: string) {}

  private layer(dir: string): Layer | null {
    const known = this.layers.get(dir);
    if (known !== undefined) return known;
    let text = readText(path.join(dir, '.gitignore'));
    if (dir === this.root) {
      const exclude = readText(path.join(dir, '.git', 'info', 'exclude'));
      if (exclude !== undefined) text = `${exclude}\n${text ?? ''}`;
    }
    const layer = text === undefined ? null : { dir, rules: ignore().add(text) };
    this.layers.set(dir, layer);
    return layer;
  }

  /** The folders whose `.gitignore` applies to what a folder holds, deepest first; worked out once per folder. */
  private readonly folders = new Map<string, readonly string[]>();

  private foldersOf(parent: string): readonly string[] {
    let dirs = this.folders.get(parent);
    if (dirs === undefined) {
      const found: string[] = [];
      for (let dir = parent; ; dir = path.dirname(dir)) {
        if (dir === this.root || dir.startsWith(this.root + path.sep)) found.push(dir);
        if (dir === this.root || path.dirname(dir) === dir) break;
      }
      this.folders.set(parent, found);
      dirs = found;
    }
    return dirs;
  }

  /** Whether some `.gitignore` (or the repository's exclude file) has rules for what a folder holds. */
  applies(parent: string): boolean {
    return this.foldersOf(parent).some((dir) => this.layer(dir) !== null);
  }

  /** Whether git would leave this path out (a folder's path is tested as a folder). */
  ignored(absolute: string, isDirectory: boolean, parent = path.dirname(absolute)): boolean {
    for (const dir of this.foldersOf(parent)) {
      const layer = this.layer(dir);
      if (layer === null) continue;
      const relative = toPosix(path.relative(dir, absolute)) + (isDirectory ? '/' : '');
      const verdict = layer.rules.test(relative);
      if (verdict.unignored) return false;
      if (verdict.ignored) return true;
    }
    return false;
  }
}

/** A file's text, or undefined when it cannot be read (most often: there is none). */
export function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A path's status, or undefined when it has none that can be read. */
function statOf(file: string): Stats | undefined {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}

/** The repository's top folder (the nearest folder with `.git`), else the current folder. */
function repositoryRoot(cwd: string): string {
  for (let dir = cwd; ; dir = path.dirname(dir)) {
    if (statOf(path.join(dir, '.git')) !== undefined) return dir;
    if (path.dirname(dir) === dir) return cwd;
  }
}

/** The part of a glob before its first wildcard segment: where to start walking. */
function globBase(pattern: string): string {
  const segments = pattern.split('/');
  const fixed: string[] = [];
  for (const segment of segments) {
    if (GLOB_CHARS.test(segment)) break;
    fixed.push(segment);
  }
  if (fixed.length === segments.length) fixed.pop();
  return fixed.join('/') || '.';
}

/** A `.search` or `.msearch` file, or a symbolic link that may be one. */
function isRequestFile(entry: Dirent): boolean {
  const name = entry.name;
  return (name.endsWith('.msearch') || name.endsWith('.search')) && (entry.isFile() || entry.isSymbolicLink());
}

/** A folder to walk into. Symbolic links to folders are not followed (no loops); links to files are read as files. */
function isWalkedFolder(entry: Dirent): boolean {
  return entry.isDirectory() && !ALWAYS_SKIPPED.has(entry.name);
}

/** A file the walk found: its folder (absolute, normalised) and its name there. */
interface Found {
  readonly folder: string;
  readonly name: string;
}

/** A folder's path with the separator after it: a file's path is this and its name (what path.join gives). */
function folderPrefix(folder: string): string {
  return folder.endsWith(path.sep) ? folder : folder + path.sep;
}

/**
 * The `.search` and `.msearch` files under `dir` that `keep` accepts and git does not leave out. The loop over a
 * folder's entries only sorts them out; the tests run after it, and only where a `.gitignore` or a glob asks for
 * them: a tree of ten thousand files is walked without a test per file.
 */
function walk(dir: string, rules: IgnoreRules, keep: ((absolute: string) => boolean) | undefined, out: Found[]): void {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new FileError(`Cannot read the folder ${dir}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`);
  }
  const files = entries.filter(isRequestFile);
  const folders = entries.filter(isWalkedFolder);
  const prefix = folderPrefix(dir);
  const tested = rules.applies(dir);
  for (const entry of files) {
    const absolute = prefix + entry.name;
    if (keep !== undefined && !keep(absolute)) continue;
    if (tested && rules.ignored(absolute, false, dir)) continue;
    if (entry.isSymbolicLink() && statOf(absolute)?.isFile() !== true) continue;
    out.push({ folder: dir, name: entry.name });
  }
  for (const folder of folders) {
    const absolute = prefix + folder.name;
    if (tested && rules.ignored(absolute, true, dir)) continue;
    walk(absolute, rules, keep, out);
  }
}

/**
 * The files the arguments name, each once, in path order. A named file is checked even if git ignores it; a name
 * that is neither a file, a folder nor a glob matching something is a FileError (exit code 2).
 */
export function findFiles(patterns: readonly string[], cwd: string): FoundFile[] {
  const rules = new IgnoreRules(repositoryRoot(cwd));
  const found: Found[] = [];
  const wanted = patterns.length === 0 ? ['.'] : patterns;
  for (const pattern of wanted) {
    const absolute = path.resolve(cwd, pattern);
    let info: Stats | undefined;
    try {
      info = statSync(absolute);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR')
        throw new FileError(`cannot read ${pattern} (${code ?? String(error)}).`);
    }
    if (info?.isFile() === true) {
      if (languageOf(absolute) === undefined) {
        throw new FileError(`${pattern} is not a .search or .msearch file.`);
      }
      found.push({ folder: path.dirname(absolute), name: path.basename(absolute) });
    } else if (info?.isDirectory() === true) {
      walk(absolute, rules, undefined, found);
    } else if (GLOB_CHARS.test(pattern)) {
      const posixPattern = toPosix(pattern);
      const base = path.resolve(cwd, globBase(posixPattern));
      const baseInfo = statOf(base);
      const matched: Found[] = [];
      if (baseInfo?.isDirectory() === true) {
        const isMatch = picomatch(toPosix(path.resolve(cwd, posixPattern)), { dot: false });
        walk(base, rules, (file) => isMatch(toPosix(file)), matched);
      }
      if (matched.length === 0) throw new FileError(`No .search or .msearch file matches ${pattern}.`);
      for (const file of matched) found.push(file);
    } else if (info !== undefined) {
      // Reading a FIFO would wait for a writer; a socket or a device holds no requests.
      throw new FileError(`${pattern} is neither a file nor a folder.`);
    } else {
      throw new FileError(`${pattern}: no such file or folder.`);
    }
  }
  // Relative paths are worked out per folder: a tree has far fewer folders than files. A file two arguments name is
  // kept once (its relative path names it alone). The paths are sorted as strings (by UTF-16 code units, as `<`
  // compares them), which the engine does without calling back into a comparator.
  const folders = new Map<string, { readonly relative: string; readonly prefix: string }>();
  const byRelative = new Map<string, FoundFile>();
  for (const file of found) {
    let folder = folders.get(file.folder);
    if (folder === undefined) {
      const relative = toPosix(path.relative(cwd, file.folder));
      folder = { relative: relative === '' ? '' : `${relative}/`, prefix: folderPrefix(file.folder) };
      folders.set(file.folder, folder);
    }
    const relative = folder.relative + file.name;
    byRelative.set(relative, {
      absolute: folder.prefix + file.name,
      relative,
      folder: file.folder,
      name: file.name,
      language: languageOf(file.name)!,
    });
  }
  return [...byRelative.keys()].sort().map((relative) => byRelative.get(relative)!);
}
