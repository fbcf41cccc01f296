import type { ParameterSpec } from './types';

/**
 * A parameter with every property, in one order. The validators read parameters of every clause and aggregation at
 * the same places; objects of one shape keep those reads fast, where the tables' literals differ in what they write.
 */
export function uniformParameter(p: ParameterSpec): ParameterSpec {
  return {
    name: p.name,
    type: p.type,
    values: p.values,
    required: p.required,
    default: p.default,
    deprecated: p.deprecated,
    long: p.long,
    doc: p.doc,
  };
}
