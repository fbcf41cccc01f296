import { ValuePath } from '../json/valuePath';
import { isObject, tokenOf } from '../json/jsonSegment';
import { didYouMean, suggestions } from '../text/similarity';
import { AGGREGATIONS } from '../../spec/aggregations';
import type { JsonCheck } from './jsonCheck';
import { typeRulesOf, validateAggregationBody } from './aggregationRules';
import { validateQueryContainer } from './query';
import { structureMayReport } from './aggregationStructure';
import { holdsAt } from '../../spec/versions';
import { versionNote } from './versionNote';

const AGGREGATIONS_SPECS = AGGREGATIONS.filter((a) => a.origin !== 'plugin');
const VALID_NAME = /^[^[\]>]+$/;

/** Aggregations that take a query as their definition: `filter` alone. */
function takesQuery(type: string): boolean {
  return type === 'filter';
}

/**
 * An `aggs` object (AggregatorFactories.parseAggregators; docs/opensearch/aggregations.md). Says whether the structure
 * rules (aggregationStructure.ts) may report anything of it, at any depth: when not, they need not walk it.
 */
export function validateAggregations(check: JsonCheck, path: ValuePath, aggs: Record<string, unknown>): boolean {
  let structure = false;
  for (const name in aggs) {
    const namePath = path.child(name);
    if (!VALID_NAME.test(name)) {
      check.report(
        'aggs.invalid-name',
        `Invalid aggregation name [${name}]. Aggregation names can contain any character except '[', ']', and '>'`,
        namePath,
        'key',
      );
    }
    const definition = aggs[name];
    if (!isObject(definition)) {
      check.report(
        'aggs.not-an-object',
        `Aggregation definition for [${name} starts with a [${tokenOf(definition)}], expected a [START_OBJECT].`,
        namePath,
      );
      continue;
    }
    if (validateDefinition(check, namePath, name, definition)) structure = true;
  }
  return structure;
}

function validateDefinition(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  definition: Record<string, unknown>,
): boolean {
  let type: string | undefined;
  let subAggs = false;
  // What the structure rules read of it: the first member besides meta and the sub-aggregations, whatever it holds.
  let structureType: string | undefined;
  let namesSubs = false;
  let structure = false;
  for (const field in definition) {
    const subsField = field === 'aggs' || field === 'aggregations';
    if (subsField) namesSubs = true;
    else if (field !== 'meta') structureType ??= field;
    const value = definition[field];
    const fieldPath = path.child(field);
    if (!isObject(value)) {
      check.report(
        'aggs.expected-object',
        `Expected [START_OBJECT] under [${field}], but got a [${tokenOf(value)}] in [${name}]`,
        fieldPath,
      );
      continue;
    }
    if (field === 'meta') continue;
    if (subsField) {
      if (subAggs) {
        check.report(
          'aggs.two-sub-aggregations',
          `Found two sub aggregation definitions under [${name}]`,
          fieldPath,
          'key',
        );
      }
      subAggs = true;
      if (validateAggregations(check, fieldPath, value)) structure = true;
      continue;
    }
    if (type !== undefined) {
      check.report(
        'aggs.two-types',
        `Found two aggregation type definitions in [${name}]: [${type}] and [${field}]`,
        fieldPath,
        'key',
      );
      continue;
    }
    type = field;
    const rules = typeRulesOf(field);
    const spec = rules.spec;
    if (spec === undefined || !holdsAt(spec, check.server.version)) {
      const names = AGGREGATIONS_SPECS.filter((a) => holdsAt(a, check.server.version)).map((a) => a.name);
      const replacements = suggestions(field, names);
      check.report(
        spec === undefined ? 'aggs.unknown-type' : 'aggs.type-version',
        `Unknown aggregation type [${field}]${didYouMean(field, names)}${
          spec === undefined ? '' : versionNote(field, spec, check.server)
        }`,
        fieldPath,
        'key',
        replacements.length > 0 ? { replacements: replacements.map((r) => JSON.stringify(r)) } : undefined,
      );
    } else if (takesQuery(field)) {
      validateQueryContainer(check, fieldPath, value);
    } else {
      validateAggregationBody(check, fieldPath, name, field, value, rules);
    }
  }
  if (type === undefined) {
    check.report('aggs.missing-definition', `Missing definition for aggregation [${name}]`, path, 'key');
  } else if (isOrdered(type)) checkOrderPaths(check, path.child(type), definition[type], definition);
  return structure || structureMayReport(structureType, namesSubs);
}

/** The bucket aggregations that sort their buckets by an order of keys or paths (names compared as they are interned). */
function isOrdered(type: string): boolean {
  return (
    type === 'terms' ||
    type === 'histogram' ||
    type === 'date_histogram' ||
    type === 'multi_terms' ||
    type === 'rare_terms'
  );
}

/** The order keys of the buckets themselves; any other key is a path to a sub-aggregation. */
const BUCKET_KEYS = new Set(['_count', '_key', '_term', '_time']);

/**
 * Each key of a bucket order that is no key of the buckets names a sub-aggregation, its first element before `.`, `>`
 * or `[`: each shard fails when none has that name (`Invalid aggregation order path [x]. The provided aggregation [x]
 * either does not exist, or is a pipeline aggregation and cannot be used to sort the buckets.`; HTTP 500; real 3.9.0,
 * 3.8.0, 2.19.6 and 2.19.1, conformance cases `cross/lists/order/*`). The names are case-sensitive (`_COUNT` is a
 * path).
 */
function checkOrderPaths(check: JsonCheck, path: ValuePath, body: unknown, definition: Record<string, unknown>): void {
  if (!isObject(body)) return;
  const order = body.order;
  const entries: unknown[] = Array.isArray(order) ? order : [order];
  const subs = isObject(definition.aggs)
    ? definition.aggs
    : isObject(definition.aggregations)
      ? definition.aggregations
      : {};
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    if (!isObject(entry)) continue;
    for (const key in entry) {
      if (BUCKET_KEYS.has(key)) continue;
      const first = key.split(/[.>[]/)[0]!;
      if (first in subs) continue;
      const at = Array.isArray(order) ? path.child('order').child(i).child(key) : path.child('order').child(key);
      check.reportItemFailure(
        'aggs.invalid-value',
        `Invalid aggregation order path [${key}]. The provided aggregation [${first}] either does not exist, or is a pipeline aggregation and cannot be used to sort the buckets.`,
        at,
        'key',
      );
      return;
    }
  }
}
