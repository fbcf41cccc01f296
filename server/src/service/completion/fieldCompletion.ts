import { CompletionItemKind } from 'vscode-languageserver-types';
import type { ClusterKnowledge } from '../cluster/clusterKnowledge';
import { rankedFields } from '../cluster/fieldCandidates';
import { fieldPlace } from '../context/fieldPlaces';
import type { JsonCursor } from '../context/jsonCursor';
import type { KeyOption } from '../context/keyOptions';
import type { Slot } from '../context/slots';
import { snippetText } from '../context/snippets';
import { capped } from './capped';
import type { ValueOption } from './valueOptions';

/** The connected cluster, and the index expressions the JSON text at hand targets (undefined: none named). */
export interface FieldSource {
  readonly cluster: ClusterKnowledge;
  readonly targets: () => readonly string[] | undefined;
}

/** Field names for the place at the cursor, as member names or as values, and whether the list was cut. */
export interface MappedFields {
  readonly keys: readonly KeyOption[];
  readonly values: readonly ValueOption[];
  readonly incomplete: boolean;
}

/** Field ranks: 95 at best, below the forms a place offers first; 80 where whole forms of the value come first. */
function rankOf(fit: number, afterForms = false): number {
  return fit * (afterForms ? 0.8 : 0.95);
}

/** Field names from the mappings of the indexes the request targets, where the cursor expects one. */
export function mappedFieldOptions(slot: Slot, cursor: JsonCursor, source: FieldSource): MappedFields | undefined {
  const place = fieldPlace(slot, cursor);
  if (place === undefined || source.cluster.indices.length === 0) return undefined;
  const targets = source.targets()?.filter((t) => t.trim().length > 0);
  const fields = source.cluster.fields(targets !== undefined && targets.length > 0 ? targets : undefined);
  if (fields.size === 0) return undefined;
  const typed = cursor.token?.kind === 'string' || cursor.token?.kind === 'word' ? cursor.prefix : '';
  const { chosen, incomplete } = capped(rankedFields(fields, place.usage), typed, (c) => c.key);
  if (place.as === 'key') {
    const keys: KeyOption[] = chosen.map((field) => ({
      name: field.name,
      role: 'mapped',
      type: field.detail,
      doc: '',
      rank: rankOf(field.fit),
      snippet: place.snippet(field.type),
    }));
    return { keys, values: [], incomplete };
  }
  const values: ValueOption[] = chosen.map((field) => {
    const quoted = snippetText(JSON.stringify(field.name));
    return {
      label: field.name,
      text: place.wrap ? `[ ${quoted} ]` : quoted,
      rank: rankOf(field.fit, place.afterForms),
      kind: CompletionItemKind.Field,
      detail: field.detail,
    };
  });
  return { keys: [], values, incomplete };
}
