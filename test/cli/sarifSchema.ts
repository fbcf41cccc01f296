// The SARIF 2.1.0 JSON schema (as Microsoft's SARIF SDK ships it, a draft-04 schema), compiled with Ajv.
// The schema's pattern for `language` is no valid regular expression in Unicode mode: patterns are read as JSON
// Schema draft-04 reads them, without the `u` flag.
import Ajv, { type ErrorObject } from 'ajv-draft-04';
import addFormats from 'ajv-formats';
import { readFileSync } from 'node:fs';

const SCHEMA_FILE = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');

export function sarifSchemaErrors(log: unknown): readonly ErrorObject[] {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  return validate(log) ? [] : (validate.errors ?? []);
}

/** The schema's own title, to show which schema the log was held to. */
export function sarifSchemaTitle(): string {
  const schema = JSON.parse(readFileSync(SCHEMA_FILE, 'utf8')) as { title?: string };
  return schema.title ?? '';
}
