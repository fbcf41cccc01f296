// A request of a `.search` file as it is sent: its request line with the variables' values (and its full URL read
// against the configured clusters), its body with the variables' values and its `"""` strings made JSON. Validation,
// resolving, hover and completion all read a request through this.
import type { ConsoleContext, KnownCluster } from '../console/consoleContext';
import { readOrigin } from '../console/consoleContext';
import { mapIssues, unclosedTripleQuotes, variableIssues } from '../console/consoleIssues';
import { expandJson, expandUrl, type Expansion, type StandIn } from '../console/expand';
import { splitRequestLine } from '../syntax';
import { parseRequestLine, type RequestTarget } from '../url/requestLine';
import type { Issue } from '../validate/issues';

export interface ExpandedRequest {
  /** The request line with the variables' values. */
  readonly line: Expansion;
  /** The target as it runs (offsets in the expanded line). */
  readonly target: RequestTarget;
  /** The configured cluster a full URL names (undefined: the active cluster). */
  readonly cluster: KnownCluster | undefined;
  /** The body as it is sent (offsets in the expanded body), or undefined when there is none. */
  readonly body: Expansion | undefined;
  /** What the console syntax of the request line says, at written offsets of the line. */
  readonly lineIssues: readonly Issue[];
  /** What the console syntax of the body says, at written offsets of the body. */
  readonly bodyIssues: readonly Issue[];
}

/**
 * Expands a request: `lineText` is its request line, `bodyText` its body (comment lines blanked), `written` the
 * target parsed from the line as written (re-used when the line holds no variable).
 */
export function expandRequest(
  lineText: string,
  written: RequestTarget,
  bodyText: string | undefined,
  context: ConsoleContext,
  standIn: StandIn = 'check',
): ExpandedRequest {
  const line = expandUrl(lineText, context.variables, standIn);
  const parsed = line.map.identity ? written : (parseRequestLine(line.text) ?? written);
  const split = splitRequestLine(line.text);
  const urlStart = split === undefined ? 0 : split.lead.length + split.method.length + split.gap.length;
  const origin = readOrigin(parsed, split?.url ?? '', urlStart, context.clusters);
  const body = bodyText === undefined ? undefined : expandJson(bodyText, context.variables, true, standIn);
  return {
    line,
    target: origin.target,
    cluster: origin.cluster,
    body,
    lineIssues: [...variableIssues(line), ...mapIssues(origin.issues, line)],
    bodyIssues: body === undefined ? [] : [...variableIssues(body), ...unclosedTripleQuotes(body)],
  };
}
