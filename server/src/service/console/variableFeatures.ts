// Completion after `${` (the defined variables) and hover on `${name}` (its value and where it comes from; never a
// secret's value, which the service does not have).
import { CompletionItemKind, type CompletionItem, type Hover } from 'vscode-languageserver-types';
import { item, lineRange } from '../completion/items';
import { code, markdownHover } from '../hover/markdown';
import { environmentName, type Variables } from './variables';
import { isLiteralName } from './expand';

/** `${` and a name being typed, just before the cursor. */
const TYPING = /\$\{((?:env:)?[A-Za-z0-9_.-]*)$/;
const WRITTEN = /\$\{((?:env:)?[A-Za-z_][A-Za-z0-9_.-]*)\}/g;
/** How much of a value a hover shows. */
const SHOWN = 200;

/** Where a variable comes from, in words. */
function sourceOf(name: string, source: string | undefined): string {
  if (source !== undefined && source.length > 0) return source;
  const env = environmentName(name);
  return env === undefined ? 'the variables given to the checks' : `the environment variable ${env}`;
}

/**
 * The variables offered after `${` on a line (`text`), at `character`: each defined name, with where it comes from;
 * undefined when the cursor is not after `${`.
 */
export function variableCompletion(
  text: string,
  line: number,
  character: number,
  variables: Variables,
): CompletionItem[] | undefined {
  const typed = TYPING.exec(text.slice(0, character));
  if (typed === null) return undefined;
  const start = character - typed[1]!.length;
  // The rest of a name already written after the cursor, and its closing brace, are replaced too.
  const after = /^[A-Za-z0-9_.:-]*\}?/.exec(text.slice(character))?.[0] ?? '';
  const range = lineRange(line, start, character + after.length);
  return variables.names().map((name) => {
    const variable = variables.get(name)!;
    const env = environmentName(name) !== undefined;
    return item({
      label: name,
      kind: CompletionItemKind.Variable,
      range,
      newText: `${name}}`,
      // Environment variables come after the file's own.
      rank: env ? 10 : 50,
      detail: variable.kind === 'secret' ? 'secret' : sourceOf(name, variable.source),
      ...(variable.kind === 'value' ? { doc: code(preview(variable.value)) } : {}),
    });
  });
}

function preview(value: string): string {
  return value.length > SHOWN ? `${value.slice(0, SHOWN)}…` : value;
}

/** Hover on a `${name}` of a line: its value and where it comes from, or why it has none. */
export function variableHover(text: string, line: number, character: number, variables: Variables): Hover | undefined {
  for (const match of text.matchAll(WRITTEN)) {
    const start = match.index;
    const end = start + match[0].length;
    if (character < start || character > end) continue;
    const name = match[1]!;
    const variable = variables.get(name);
    const env = environmentName(name);
    let body: string;
    if (variable === undefined && isLiteralName(name)) {
      body = `No value: sent as written, as OpenSearch's ML connectors and agents need \`\${parameters.<name>}\` and \`\${credential.<name>}\` (OpenSearch fills them). Define it in the setting \`searchRequests.variables\` to send a value instead.`;
    } else if (variable === undefined) {
      body =
        env === undefined
          ? `No value: define it in the setting \`searchRequests.variables\` (or in the active cluster's \`variables\`).`
          : `The environment variable \`${env}\` is not set.`;
    } else if (variable.kind === 'secret') {
      body = `A secret (\`searchRequests.secretVariables\`): its value is kept in the secret storage and never shown. It is put in when the request is sent.`;
    } else {
      const value = variable.value;
      body = `${value.length === 0 ? '(empty)' : '```text\n' + preview(value).replace(/```/g, '`\u200b``') + '\n```'}\nFrom ${sourceOf(name, variable.source)}.`;
    }
    return markdownHover(`**\${${name}}**\n\n${body}`, lineRange(line, start, end));
  }
  return undefined;
}
