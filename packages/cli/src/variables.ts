// --variables FILE.json: the values of the `${name}` variables of `.search` and `.msearch` files, as a JSON object of
// names to strings (numbers and booleans are taken as their text).
import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { readText } from './files';

export class VariablesError extends Error {}

export async function readVariables(file: string): Promise<ReadonlyMap<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new VariablesError(
      `--variables: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? String(error)}).`,
    );
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new VariablesError(
      `--variables: ${file} is not JSON: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  return variablesOf(value, file, '--variables');
}

/**
 * The `searchRequests.variables` of a folder's `.vscode/settings.json` (JSON with comments), as the editor reads them
 * in that workspace; undefined when the folder has no such file or setting.
 */
export function readWorkspaceVariables(folder: string): ReadonlyMap<string, string> | undefined {
  const file = path.join(folder, '.vscode', 'settings.json');
  const text = readText(file);
  if (text === undefined) return undefined;
  const errors: ParseError[] = [];
  const settings: unknown = parseJsonc(text, errors, { allowTrailingComma: true });
  if (errors.length > 0 || typeof settings !== 'object' || settings === null) {
    throw new VariablesError(`${file} is not JSON with comments: the variables it sets cannot be read.`);
  }
  const value = (settings as Record<string, unknown>)['searchRequests.variables'];
  return value === undefined ? undefined : variablesOf(value, file, 'searchRequests.variables');
}

function variablesOf(value: unknown, file: string, what: string): ReadonlyMap<string, string> {
  const label = what === '--variables' ? '--variables: ' : `${what} in `;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new VariablesError(`${label}${file} must hold a JSON object of names and values, e.g. {"index": "logs-*"}.`);
  }
  const out = new Map<string, string>();
  for (const [name, raw] of Object.entries(value)) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      throw new VariablesError(`${label}"${name}" in ${file} is not a variable name (letters, digits, _ . -).`);
    }
    if (typeof raw === 'string') out.set(name, raw);
    else if (typeof raw === 'number' || typeof raw === 'boolean') out.set(name, String(raw));
    else throw new VariablesError(`${label}the value of "${name}" in ${file} must be a string, a number or a boolean.`);
  }
  return out;
}
