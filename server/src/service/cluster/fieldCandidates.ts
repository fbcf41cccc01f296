import { FIELDDATA_USAGES, fieldFamily, fieldFit, type FieldUsage } from '../../spec/fieldTypes';

/** A mapped field offered for a place, with how well its type fits there. */
export interface FieldCandidate {
  readonly name: string;
  /** Lower-case name, to match what is typed. */
  readonly key: string;
  readonly type: string;
  /** 1 to 100: how well the type fits the usage. */
  readonly fit: number;
  readonly detail: string;
}

/** Per field map (one per index list and mappings version), the ranked candidates of each usage. */
const RANKED = new WeakMap<ReadonlyMap<string, string>, Map<FieldUsage, readonly FieldCandidate[]>>();

/** `message.keyword` under the text field `message`: a multi-field, which has no place in `_source`. */
function isMultiField(fields: ReadonlyMap<string, string>, name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const parent = fields.get(name.slice(0, dot));
  return parent !== undefined && parent !== 'object' && parent !== 'nested';
}

function detailOf(usage: FieldUsage, type: string): string {
  return fieldFamily(type) === 'text' && FIELDDATA_USAGES.has(usage) ? `${type} · needs fielddata` : type;
}

function rank(fields: ReadonlyMap<string, string>, usage: FieldUsage): FieldCandidate[] {
  const out: FieldCandidate[] = [];
  for (const [name, type] of fields) {
    const fit = fieldFit(usage, type);
    if (fit === 0) continue;
    if (usage === 'source' && isMultiField(fields, name)) continue;
    out.push({ name, key: name.toLowerCase(), type, fit, detail: detailOf(usage, type) });
  }
  return out.sort((a, b) => b.fit - a.fit || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The fields a usage takes, best fit first, then by name; computed once per field map and usage. */
export function rankedFields(fields: ReadonlyMap<string, string>, usage: FieldUsage): readonly FieldCandidate[] {
  let byUsage = RANKED.get(fields);
  if (byUsage === undefined) {
    byUsage = new Map();
    RANKED.set(fields, byUsage);
  }
  let ranked = byUsage.get(usage);
  if (ranked === undefined) {
    ranked = rank(fields, usage);
    byUsage.set(usage, ranked);
  }
  return ranked;
}
