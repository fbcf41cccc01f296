import type { CompletionList, Position } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { locate } from '../context/locate';
import type { ParsedDocument } from '../documentStore';
import { offer, ordered, type Offer } from './items';
import { jsonCompletion } from './jsonCompletion';
import { methodCompletion, requestLineCompletion } from './requestLineCompletion';
import { variableCompletion } from '../console/variableFeatures';
import { Variables } from '../console/variables';
import { DEFAULT_TARGET, type TargetServer } from '../target';
import { AGGREGATIONS } from '../../spec/aggregations';
import { NODES_STATS_METRIC_SINCE } from '../../spec/nodes';
import { QUERY_CLAUSES } from '../../spec/queries';
import { holdsAt } from '../../spec/versions';

/**
 * Completion at a position of a `.search` or `.msearch` document, by context: request lines (methods, paths, URL
 * parameters and values), `_msearch` headers, search bodies, node filters. Items come ordered by relevance, each
 * with the exact range it replaces.
 *
 * `triggerCharacter` is the character whose typing asked for completion, if any: in JSON, only `"` and `:` (and `,`
 * inside a string, for comma lists; `.` inside a field name) open the list, so that typing `,` then Enter after a
 * member does not accept an item; on request lines every trigger character is meant.
 *
 * `cluster` is what the connected cluster holds: with it, index names, field names of the targeted indexes, nodes
 * and running tasks are offered too. Without it (or while it is empty) nothing of the kind is.
 *
 * `target` is the server the checks are made for: clause, aggregation and metric names it does not know yet are
 * not offered.
 *
 * `variables` are the `${name}` variables' values: after `${` they are offered; JSON is completed as it reads with
 * their values in.
 */
export function completion(
  document: ParsedDocument,
  position: Position,
  triggerCharacter?: string,
  cluster?: ClusterKnowledge,
  target: TargetServer = DEFAULT_TARGET,
  variables: Variables = Variables.NONE,
): CompletionList {
  const result = completionAt(document, position, triggerCharacter, cluster, variables);
  const unknown = namesUnknownAt(target);
  if (unknown.size === 0) return result;
  return { ...result, items: result.items.filter((item) => !unknown.has(item.label)) };
}

/** Names of clauses, aggregations and nodes stats metrics that only other versions than the target's know. */
function namesUnknownAt(target: TargetServer): ReadonlySet<string> {
  const out = new Set<string>();
  for (const spec of [...QUERY_CLAUSES, ...AGGREGATIONS]) if (!holdsAt(spec, target.version)) out.add(spec.name);
  for (const [metric, since] of Object.entries(NODES_STATS_METRIC_SINCE)) {
    if (!holdsAt({ since }, target.version)) out.add(metric);
  }
  return out;
}

function completionAt(
  document: ParsedDocument,
  position: Position,
  triggerCharacter: string | undefined,
  cluster: ClusterKnowledge | undefined,
  variables: Variables,
): CompletionList {
  const lineText =
    document.kind === 'search' ? document.model.map.line(position.line) : document.model.line(position.line);
  const names = variableCompletion(lineText, position.line, position.character, variables);
  if (names !== undefined) return { isIncomplete: false, items: ordered(names) };
  // `{` asks for variables only (after `$`).
  if (triggerCharacter === '{') return list(offer([]));
  const located = locate(document, position, variables);
  switch (located.kind) {
    case 'requestLine':
      return list(
        requestLineCompletion(
          located.text,
          located.from,
          position.line,
          position.character,
          document.kind === 'msearch',
          cluster,
        ),
      );
    case 'lineStart': {
      const start = located.text.length - located.text.trimStart().length;
      const end = located.text.trimEnd().length;
      if (position.character < start || position.character > Math.max(start, end)) return list(offer([]));
      return list(
        offer(methodCompletion(position.line, { start, end: Math.max(start, end), text: located.text.trim() }, false)),
      );
    }
    case 'json':
      return list(
        jsonCompletion(
          located.text,
          located.offset,
          located.root,
          located.toPosition,
          triggerCharacter,
          cluster === undefined ? undefined : { cluster, targets: located.targets },
        ),
      );
    default:
      return list(offer([]));
  }
}

function list(result: Offer): CompletionList {
  return { isIncomplete: result.incomplete, items: ordered(result.items) };
}
