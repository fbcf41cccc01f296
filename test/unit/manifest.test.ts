// The identifiers the code uses (server/src/protocol/manifest.ts) and the ones package.json declares are the same,
// both ways: no command the code registers is missing from the manifest, no contributed command is unknown to the
// code, and the menus, key bindings, welcome views and `when` clauses name only what exists.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import { COMMANDS, CONTEXT_KEYS, VIEWS } from '../../server/src/protocol/manifest';

interface Manifest {
  contributes: {
    commands: { command: string }[];
    menus: Record<string, { command: string; when?: string }[]>;
    keybindings: { command: string; when?: string }[];
    views: Record<string, { id: string }[]>;
    viewsWelcome: { view: string; contents: string }[];
    configuration: { properties: Record<string, unknown> };
  };
}

const ROOT = path.resolve(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Manifest;
const contributes = manifest.contributes;
const commandIds = new Set<string>(Object.values(COMMANDS));
const viewIds = new Set<string>(Object.values(VIEWS));
const contextKeys = new Set<string>(Object.values(CONTEXT_KEYS));

const sorted = (values: Iterable<string>): string[] => [...values].sort();

function whenClauses(): string[] {
  const clauses: string[] = [];
  for (const entries of Object.values(contributes.menus)) {
    for (const entry of entries) if (entry.when !== undefined) clauses.push(entry.when);
  }
  for (const binding of contributes.keybindings) if (binding.when !== undefined) clauses.push(binding.when);
  return clauses;
}

void describe('the manifest and the identifiers the code uses', () => {
  void it('contribute the same commands', () => {
    assert.deepEqual(sorted(contributes.commands.map((c) => c.command)), sorted(commandIds));
  });

  void it('refer only to known commands in menus, key bindings and welcome views', () => {
    const referred = [
      ...Object.values(contributes.menus).flatMap((entries) => entries.map((entry) => entry.command)),
      ...contributes.keybindings.map((binding) => binding.command),
      ...contributes.viewsWelcome.flatMap((welcome) =>
        [...welcome.contents.matchAll(/\(command:([\w.]+)\)/g)].map((match) => match[1]!),
      ),
    ];
    assert.ok(referred.length > 30, `only ${referred.length} references found`);
    assert.deepEqual(
      referred.filter((command) => !commandIds.has(command)),
      [],
    );
  });

  void it('declare the same views', () => {
    const declared = Object.values(contributes.views).flatMap((list) => list.map((view) => view.id));
    assert.deepEqual(sorted(declared), sorted(viewIds));
    for (const welcome of contributes.viewsWelcome) assert.ok(viewIds.has(welcome.view), welcome.view);
  });

  void it('use in `when` clauses only views and context keys the code declares', () => {
    const settings = new Set(Object.keys(contributes.configuration.properties));
    const unknown: string[] = [];
    const used = new Set<string>();
    for (const clause of whenClauses()) {
      // Identifiers outside the regular expressions and quoted strings that item context values are matched with.
      const names = clause.replace(/=~\s*\/(?:\\\/|[^/])*\//g, '').replace(/viewItem\s*==\s*[\w.]+/g, '');
      for (const [name] of names.matchAll(/searchRequests\.[\w.]+/g)) {
        used.add(name);
        if (!viewIds.has(name) && !contextKeys.has(name) && !settings.has(name)) unknown.push(name);
      }
    }
    assert.deepEqual(unknown, []);
    for (const key of contextKeys) assert.ok(used.has(key), `context key ${key} is set but no \`when\` uses it`);
  });
});
