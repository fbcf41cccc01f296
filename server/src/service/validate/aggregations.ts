import { ValuePath } from '../json/valuePath';
import { isObject, tokenOf } from '../json/jsonSegment';
import { didYouMean, suggestions } from '../text/similarity';
import { AGGREGATIONS } from '../../spec/aggregations';
import type { JsonCheck } from './jsonCheck';
import { validateAggregationBody } from './aggregationRules';
import { validateQueryContainer } from './query';
import { holdsAt } from '../../spec/versions';
import { versionNote } from './versionNote';

const AGGREGATIONS_SPECS = AGGREGATIONS.filter((a) => a.origin !== 'plugin');
const KNOWN = new Map(AGGREGATIONS.map((a) => [a.name, a]));
const VALID_NAME = /^[^[\]>]+$/;

/** Aggregations that take a query as their definition. */
const QUERY_AGGREGATIONS = new Set(['filter']);

/** An `aggs` object (AggregatorFactories.parseAggregators; docs/opensearch/aggregations.md). */
export function validateAggregations(check: JsonCheck, path: ValuePath, aggs: Record<string, unknown>): void {
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
    validateDefinition(check, namePath, name, definition);
  }
}

function validateDefinition(
  check: JsonCheck,
  path: ValuePath,
  name: string,
  definition: Record<string, unknown>,
): void {
  let type: string | undefined;
  let subAggs = false;
  for (const field in definition) {
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
    if (field === 'aggs' || field === 'aggregations') {
      if (subAggs) {
        check.report(
          'aggs.two-sub-aggregations',
          `Found two sub aggregation definitions under [${name}]`,
          fieldPath,
          'key',
        );
      }
      subAggs = true;
      validateAggregations(check, fieldPath, value);
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
    const spec = KNOWN.get(field);
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
    } else if (QUERY_AGGREGATIONS.has(field)) {
      validateQueryContainer(check, fieldPath, value);
    } else {
      validateAggregationBody(check, fieldPath, name, field, value);
    }
  }
  if (type === undefined) {
    check.report('aggs.missing-definition', `Missing definition for aggregation [${name}]`, path, 'key');
  }
}
