// Secret variables in a request: the language server resolves a request with `${name}` where a secret goes (it never
// has the value) and says where (SecretSlot). Here the values are put in just before the request is sent; everything
// kept or shown (the Results view, the history, the log, cURL) uses the request as resolved, without them.
import type { SecretSlot } from '../../../server/src/protocol/protocol';
import type { QueryParam } from './clusterClient';

/** A request as resolved: its secrets' places, if it has any. */
export interface SlottedRequest {
  readonly method: string;
  readonly path: string;
  readonly query: readonly QueryParam[];
  readonly body?: string;
  readonly contentType?: string;
  readonly secrets?: readonly SecretSlot[];
}

/** The secret names a request needs, once each, in order. */
export function secretNames(request: SlottedRequest): string[] {
  return [...new Set((request.secrets ?? []).map((slot) => slot.name))];
}

/** Replaces the slots of one string (each slot's offsets are in that string), from the last to the first. */
function fill(text: string, slots: readonly SecretSlot[], value: (slot: SecretSlot) => string): string {
  let out = text;
  for (const slot of [...slots].sort((a, b) => b.offset - a.offset)) {
    out = out.slice(0, slot.offset) + value(slot) + out.slice(slot.offset + slot.length);
  }
  return out;
}

/** Replaces every slot of a request with what `value` gives for it. */
export function replaceSlots<T extends SlottedRequest>(request: T, value: (slot: SecretSlot) => string): T {
  const slots = request.secrets ?? [];
  if (slots.length === 0) return request;
  const inPart = (part: SecretSlot['part'], index?: number): SecretSlot[] =>
    slots.filter((slot) => slot.part === part && (index === undefined || slot.index === index));
  return {
    ...request,
    path: fill(request.path, inPart('path'), value),
    query: request.query.map((param, index) => {
      const own = inPart('query', index);
      return own.length === 0 ? param : { ...param, value: fill(param.value, own, value) };
    }),
    ...(request.body === undefined ? {} : { body: fill(request.body, inPart('body'), value) }),
  };
}

/** The request as it is sent: the secrets' values put in (escaped as JSON string content where the slot says so). */
export function fillSecrets<T extends SlottedRequest>(request: T, values: ReadonlyMap<string, string>): T {
  return replaceSlots(request, (slot) => {
    const value = values.get(slot.name);
    if (value === undefined) throw new Error(`no value for the secret variable ${slot.name}`);
    return slot.escape === 'json' ? JSON.stringify(value).slice(1, -1) : value;
  });
}

/** The shell variable a secret is read from in a cURL command: `token` → `TOKEN`, `env:API_KEY` → `API_KEY`. */
export function shellVariable(name: string): string {
  const bare = name.startsWith('env:') ? name.slice(4) : name;
  const upper = bare.toUpperCase().replace(/[^A-Z0-9_]/g, '_');
  return /^[0-9]/.test(upper) ? `_${upper}` : upper;
}
