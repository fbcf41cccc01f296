import { FIELDDATA_USAGES, fieldFamily, familyFit, type FieldFamily, type FieldUsage } from '../../spec/fieldTypes';

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

/** A field as every usage reads it, computed once per field map. */
interface BaseField {
  readonly name: string;
  readonly key: string;
  readonly type: string;
  readonly family: FieldFamily;
  /** `message.keyword` under the text field `message`: a multi-field, which has no place in `_source`. */
  readonly multiField: boolean;
}

/** Per field map (one per index list and mappings version): its fields, and the ranked candidates of each usage. */
const BASES = new WeakMap<ReadonlyMap<string, string>, readonly BaseField[]>();
const RANKED = new WeakMap<ReadonlyMap<string, string>, Map<FieldUsage, readonly FieldCandidate[]>>();

function isMultiField(fields: ReadonlyMap<string, string>, name: string): boolean {
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return false;
  const parent = fields.get(name.slice(0, dot));
  return parent !== undefined && parent !== 'object' && parent !== 'nested';
}

function baseOf(fields: ReadonlyMap<string, string>): readonly BaseField[] {
  let base = BASES.get(fields);
  if (base === undefined) {
    const out: BaseField[] = [];
    for (const [name, type] of fields) {
      out.push({
        name,
        key: name.toLowerCase(),
        type,
        family: fieldFamily(type),
        multiField: isMultiField(fields, name),
      });
    }
    base = out;
    BASES.set(fields, base);
  }
  return base;
}

/**
 * Best fit first; within a fit, in the order of the mappings. No sort by name here: at most a few hundred candidates
 * become items, and those are ordered by label then; this keeps the first completion on a large mapping fast.
 */
function rank(fields: ReadonlyMap<string, string>, usage: FieldUsage): FieldCandidate[] {
  const buckets = new Map<number, FieldCandidate[]>();
  const fielddata = FIELDDATA_USAGES.has(usage);
  for (const field of baseOf(fields)) {
    const fit = familyFit(usage, field.family);
    if (fit === 0 || (usage === 'source' && field.multiField)) continue;
    const detail = fielddata && field.family === 'text' ? `${field.type} · needs fielddata` : field.type;
    let bucket = buckets.get(fit);
    if (bucket === undefined) {
      bucket = [];
      buckets.set(fit, bucket);
    }
    bucket.push({ name: field.name, key: field.key, type: field.type, fit, detail });
  }
  return [...buckets.keys()].sort((a, b) => b - a).flatMap((fit) => buckets.get(fit) ?? []);
}

/** The fields a usage takes, best fit first; computed once per field map and usage. */
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
