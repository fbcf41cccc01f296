// What the console syntax of a text is reported for (a variable with no value, a `"""` string), and the findings made
// on an expanded text brought back to the written one.
import { COMMANDS } from '../../protocol/manifest';
import { issue, type Issue } from '../validate/issues';
import type { Expansion, TripleQuotedString, VariableUse } from './expand';
import { environmentName } from './variables';

/** `"""` strings in a text, found as a `.search` body reads them. */
export type TripleQuotedStrings = readonly TripleQuotedString[];

function undefinedVariable(use: VariableUse): Issue {
  const env = environmentName(use.name);
  if (env !== undefined) {
    return issue(
      'variable.undefined',
      `The environment variable [${env}] is not set: \${env:${env}} is sent as written.`,
      use.span,
    );
  }
  return issue(
    'variable.undefined',
    `The variable [${use.name}] has no value: \${${use.name}} is sent as written.`,
    use.span,
    {
      data: {
        command: {
          title: `Define the variable "${use.name}" in the workspace settings…`,
          command: COMMANDS.defineVariable,
          arguments: [use.name],
        },
      },
    },
  );
}

/** A variable written more than once is reported at each place. */
export function variableIssues(expansion: Expansion): Issue[] {
  return expansion.variables.filter((use) => use.state === 'undefined').map(undefinedVariable);
}

/** `"""` strings of a `.search` body that are not closed (the consoles send them as written, which is not JSON). */
export function unclosedTripleQuotes(expansion: Expansion): Issue[] {
  return expansion.tripleQuoted
    .filter((triple) => !triple.closed)
    .map((triple) =>
      issue(
        'search.unclosed-triple-quote',
        'This """ string is not closed: the body would be sent with the """ in it, which is not JSON.',
        { offset: triple.span.offset, length: 3 },
      ),
    );
}

function overlaps(a: { offset: number; length: number }, b: { offset: number; length: number }): boolean {
  if (a.length === 0) return a.offset >= b.offset && a.offset <= b.offset + b.length;
  return a.offset < b.offset + b.length && b.offset < a.offset + a.length;
}

/**
 * Findings made on the expanded text, at their written place. A finding about a variable that has no value here
 * (undefined, or a secret whose value only the sender knows) says nothing of the request and is dropped: the
 * variable's own issue says what is wrong.
 */
export function mapIssues(issues: readonly Issue[], expansion: Expansion): Issue[] {
  if (expansion.map.identity) return [...issues];
  // A literal is sent as written: what is found on it is found on what is sent.
  const unknown = expansion.variables
    .filter((use) => use.state === 'secret' || use.state === 'undefined')
    .map((use) => use.expanded);
  const out: Issue[] = [];
  for (const found of issues) {
    if (unknown.some((span) => overlaps(found.span, span))) continue;
    out.push({ ...found, span: expansion.map.spanToSource(found.span) });
  }
  return out;
}

/**
 * The `"""` strings of a `.msearch` line: not JSON, so OpenSearch refuses the whole request. Each is reported with
 * the syntax error OpenSearch gives (the JSON syntax finding at that place, which it replaces), and a fix that writes
 * it as an escaped JSON string.
 */
export function msearchTripleQuotes(line: string, triples: TripleQuotedStrings, issues: readonly Issue[]): Issue[] {
  if (triples.length === 0) return [...issues];
  const syntax = issues.filter((found) => found.code === 'json.syntax');
  const out = issues.filter(
    (found) => found.code !== 'json.syntax' || !triples.some((triple) => overlaps(found.span, triple.span)),
  );
  for (const triple of triples) {
    const jackson = syntax.find((found) => overlaps(found.span, triple.span))?.message;
    const content = line.slice(
      triple.span.offset + 3,
      triple.span.offset + triple.span.length - (triple.closed ? 3 : 0),
    );
    out.push(
      issue(
        'msearch.triple-quoted-string',
        `"""strings""" are console syntax, not JSON: a .msearch line is sent as it is, and OpenSearch refuses it${
          jackson === undefined ? '' : ` (${jackson})`
        }. Write it as a JSON string.`,
        triple.span,
        triple.closed
          ? { data: { replace: { title: 'Convert to an escaped JSON string', text: JSON.stringify(content) } } }
          : {},
      ),
    );
  }
  return out;
}
