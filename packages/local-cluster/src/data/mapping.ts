// Index mappings: the property tree returned by `_mapping`, dynamic mapping of new fields, and the flattening
// of a document's `_source` into per-field values (text tokens, keywords, numbers) used by queries and aggregations.
import { notSerializable, OsError } from '../core/errors';
import { analyze } from './analysis';
import { parseDate } from './dates';
import { setField } from '../core/json';

export type FieldType =
  | 'text'
  | 'keyword'
  | 'long'
  | 'integer'
  | 'short'
  | 'byte'
  | 'double'
  | 'float'
  | 'half_float'
  | 'scaled_float'
  | 'unsigned_long'
  | 'date'
  | 'boolean'
  | 'ip'
  | 'object'
  | 'nested';

const NUMERIC_TYPES = new Set<FieldType>([
  'long',
  'integer',
  'short',
  'byte',
  'double',
  'float',
  'half_float',
  'scaled_float',
  'unsigned_long',
]);
const INTEGRAL_TYPES = new Set<FieldType>(['long', 'integer', 'short', 'byte', 'unsigned_long']);
const KNOWN_TYPES = new Set<string>([...NUMERIC_TYPES, 'text', 'keyword', 'date', 'boolean', 'ip', 'object', 'nested']);

interface Property {
  type?: string;
  properties?: Record<string, Property>;
  fields?: Record<string, Property>;
  [key: string]: unknown;
}

export interface Mappings {
  properties: Record<string, Property>;
  [key: string]: unknown;
}

/** A leaf field as queries see it: `message`, `message.keyword`, `user.name`. */
export interface FieldInfo {
  readonly path: string;
  readonly type: FieldType;
  readonly ignoreAbove?: number;
}

export function isIntegral(type: FieldType): boolean {
  return INTEGRAL_TYPES.has(type);
}

export function isNumeric(type: FieldType): boolean {
  return NUMERIC_TYPES.has(type);
}

/** Checks a mapping given to `PUT /<index>`; throws mapper_parsing_exception as OpenSearch does. */
export function validateMappings(raw: unknown): Mappings {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new OsError(400, 'mapper_parsing_exception', 'Failed to parse mapping: mapping must be an object');
  }
  const obj = raw as Record<string, unknown>;
  const props = obj.properties ?? {};
  checkProperties(props);
  const out: Mappings = { ...obj, properties: props as Record<string, Property> };
  return out;
}

function checkProperties(props: unknown): void {
  if (props === null || typeof props !== 'object' || Array.isArray(props)) {
    throw new OsError(400, 'mapper_parsing_exception', 'Failed to parse mapping: properties must be a map type');
  }
  for (const [name, def] of Object.entries(props as Record<string, unknown>)) {
    if (def === null || typeof def !== 'object' || Array.isArray(def)) {
      throw new OsError(
        400,
        'mapper_parsing_exception',
        `Failed to parse mapping: Expected map for property [fields] on field [${name}] but got a class java.lang.String`,
      );
    }
    const p = def as Property;
    const type = p.type ?? (p.properties ? 'object' : undefined);
    if (type === undefined) {
      throw new OsError(
        400,
        'mapper_parsing_exception',
        `Failed to parse mapping: No type specified for field [${name}]`,
      );
    }
    if (!KNOWN_TYPES.has(type)) {
      throw new OsError(
        400,
        'mapper_parsing_exception',
        `Failed to parse mapping: No handler for type [${type}] declared on field [${name}]`,
      );
    }
    if (p.properties) checkProperties(p.properties);
    if (p.fields) checkProperties(p.fields);
  }
}

/** All leaf fields of a mapping, multi-fields included. */
export function leafFields(mappings: Mappings): Map<string, FieldInfo> {
  const out = new Map<string, FieldInfo>();
  const walk = (props: Record<string, Property>, prefix: string): void => {
    for (const [name, p] of Object.entries(props)) {
      const path = prefix + name;
      const type = (p.type ?? 'object') as FieldType;
      if (type === 'object' || type === 'nested') {
        walk(p.properties ?? {}, `${path}.`);
        continue;
      }
      const ignoreAbove = typeof p.ignore_above === 'number' ? p.ignore_above : undefined;
      out.set(path, { path, type, ...(ignoreAbove !== undefined ? { ignoreAbove } : {}) });
      for (const [sub, sp] of Object.entries(p.fields ?? {})) {
        const subIgnore = typeof sp.ignore_above === 'number' ? sp.ignore_above : undefined;
        out.set(`${path}.${sub}`, {
          path: `${path}.${sub}`,
          type: (sp.type ?? 'keyword') as FieldType,
          ...(subIgnore !== undefined ? { ignoreAbove: subIgnore } : {}),
        });
      }
    }
  };
  walk(mappings.properties, '');
  return out;
}

/** Adds mappings for fields of `source` the mapping does not know yet (dynamic mapping). */
export function addDynamicMappings(mappings: Mappings, source: Record<string, unknown>): boolean {
  let changed = false;
  const walk = (obj: Record<string, unknown>, props: Record<string, Property>): void => {
    for (const [key, value] of Object.entries(obj)) {
      const sample = Array.isArray(value) ? (value as unknown[]).find((v) => v !== null) : value;
      if (sample === null || sample === undefined) continue;
      const existing = Object.hasOwn(props, key) ? props[key] : undefined;
      if (typeof sample === 'object' && !Array.isArray(sample)) {
        let target = existing;
        if (!target) {
          target = { properties: {} };
          setField(props, key, target);
          changed = true;
        }
        target.properties ??= {};
        walk(sample as Record<string, unknown>, target.properties);
        continue;
      }
      if (existing) continue;
      setField(props, key, dynamicProperty(sample));
      changed = true;
    }
  };
  walk(source, mappings.properties);
  return changed;
}

function dynamicProperty(sample: unknown): Property {
  if (typeof sample === 'boolean') return { type: 'boolean' };
  if (typeof sample === 'number') return { type: Number.isInteger(sample) ? 'long' : 'float' };
  if (typeof sample === 'string' && /^\d{4}[-/]\d{2}[-/]\d{2}/.test(sample) && parseDate(sample) !== undefined) {
    return { type: 'date' };
  }
  return { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } };
}

/** The indexed form of one field of one document. */
export interface FieldValues {
  /** Keyword-like terms (keyword, ip, boolean as "true"/"false"). */
  terms?: string[];
  /** Numbers, dates (epoch ms) and booleans (0/1), for ranges, sorting and aggregations. */
  numbers?: number[];
  /** Analyzed tokens of a text field, in order. */
  tokens?: string[];
  /** Term frequencies of a text field. */
  freqs?: Map<string, number>;
}

/** Flattens a source document along the mapping into per-field values. */
export function indexFields(
  fields: Map<string, FieldInfo>,
  source: Record<string, unknown>,
  id = '',
): Map<string, FieldValues> {
  const out = new Map<string, FieldValues>();
  const walk = (obj: Record<string, unknown>, prefix: string): void => {
    for (const [key, raw] of Object.entries(obj)) {
      const path = prefix + key;
      const values = Array.isArray(raw) ? (raw as unknown[]).flat(Infinity) : [raw];
      for (const value of values) {
        if (value === null || value === undefined) continue;
        if (typeof value === 'object') {
          walk(value as Record<string, unknown>, `${path}.`);
          continue;
        }
        const info = fields.get(path);
        if (info) addValue(out, info, value, path, id);
        for (const [sub, subInfo] of fields) {
          if (
            sub.startsWith(`${path}.`) &&
            !sub.slice(path.length + 1).includes('.') &&
            isMultiField(fields, path, sub)
          ) {
            addValue(out, subInfo, value, path, id);
          }
        }
      }
    }
  };
  walk(source, '');
  return out;
}

function isMultiField(fields: Map<string, FieldInfo>, parent: string, sub: string): boolean {
  const p = fields.get(parent);
  return p !== undefined && fields.has(sub);
}

function addValue(
  out: Map<string, FieldValues>,
  info: FieldInfo,
  value: unknown,
  sourcePath: string,
  id: string,
): void {
  let fv = out.get(info.path);
  if (!fv) {
    fv = {};
    out.set(info.path, fv);
  }
  const text = typeof value === 'string' ? value : String(value);
  switch (info.type) {
    case 'text': {
      const tokens = analyze(text);
      fv.tokens = [...(fv.tokens ?? []), ...tokens];
      fv.freqs ??= new Map();
      for (const t of tokens) fv.freqs.set(t, (fv.freqs.get(t) ?? 0) + 1);
      break;
    }
    case 'keyword':
    case 'ip':
      if (info.ignoreAbove !== undefined && text.length > info.ignoreAbove) break;
      (fv.terms ??= []).push(text);
      break;
    case 'boolean': {
      const b = value === true || value === 'true' ? true : value === false || value === 'false' ? false : undefined;
      if (b === undefined) throw fieldError(info, sourcePath, value, 'boolean', id);
      (fv.terms ??= []).push(String(b));
      (fv.numbers ??= []).push(b ? 1 : 0);
      break;
    }
    case 'date': {
      const ms = parseDate(value);
      if (ms === undefined) throw fieldError(info, sourcePath, value, 'date', id);
      (fv.numbers ??= []).push(ms);
      break;
    }
    default: {
      if (!isNumeric(info.type)) break;
      const n = typeof value === 'number' ? value : Number(text);
      if (typeof value === 'boolean' || !Number.isFinite(n) || text.trim() === '') {
        throw fieldError(info, sourcePath, value, info.type, id);
      }
      (fv.numbers ??= []).push(isIntegral(info.type) ? Math.trunc(n) : info.type === 'float' ? Math.fround(n) : n);
    }
  }
}

function fieldError(_info: FieldInfo, path: string, value: unknown, type: string, id: string): OsError {
  const text = String(value);
  let cause: OsError;
  if (type === 'date') {
    cause = new OsError(
      400,
      'illegal_argument_exception',
      `failed to parse date field [${text}] with format [strict_date_optional_time||epoch_millis]`,
      {
        openSearch: false,
        causedBy: notSerializable(
          new OsError(400, 'date_time_parse_exception', 'Failed to parse with all enclosed parsers', {
            openSearch: false,
          }),
        ),
      },
    );
  } else if (type === 'boolean') {
    cause = new OsError(
      400,
      'illegal_argument_exception',
      `Failed to parse value [${text}] as only [true] or [false] are allowed.`,
      {
        openSearch: false,
      },
    );
  } else {
    cause = new OsError(400, 'number_format_exception', `For input string: "${text}"`, { openSearch: false });
  }
  const where = id === '' ? 'in document' : `in document with id '${id}'`;
  return new OsError(
    400,
    'mapper_parsing_exception',
    `failed to parse field [${path}] of type [${type}] ${where}. Preview of field's value: '${text}'`,
    { causedBy: cause },
  );
}
