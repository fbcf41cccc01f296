// --variables FILE.json: the values of the `${name}` variables of `.search` and `.msearch` files, as a JSON object of
// names to strings (numbers and booleans are taken as their text).
import { readFile } from 'node:fs/promises';

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
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new VariablesError(
      `--variables: ${file} must hold a JSON object of names and values, e.g. {"index": "logs-*"}.`,
    );
  }
  const out = new Map<string, string>();
  for (const [name, raw] of Object.entries(value)) {
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name)) {
      throw new VariablesError(`--variables: "${name}" in ${file} is not a variable name (letters, digits, _ . -).`);
    }
    if (typeof raw === 'string') out.set(name, raw);
    else if (typeof raw === 'number' || typeof raw === 'boolean') out.set(name, String(raw));
    else
      throw new VariablesError(
        `--variables: the value of "${name}" in ${file} must be a string, a number or a boolean.`,
      );
  }
  return out;
}
