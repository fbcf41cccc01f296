import { ValuePath } from '../json/valuePath';
// Where an aggregation may sit and what it may hold (docs/opensearch/aggregations.md#structure): metrics and
// pipelines take no sub-aggregations, `global` only at the top, `reverse_nested` only inside `nested`, the parent
// pipelines only in a histogram, and a pipeline's `buckets_path` must start at a sibling and end on a single value.
// Texts of AggregatorFactories, ValuesSourceAggregationBuilder.LeafOnly, AbstractPipelineAggregationBuilder,
// PipelineAggregationBuilder.ValidationContext and BucketHelpers, checked on real 2.19.1 and 3.8.0 by the
// conformance corpus.
import { isObject, type Target } from '../json/jsonSegment';
import { AGGREGATIONS } from '../../spec/aggregations';
import type { JsonCheck } from './jsonCheck';
import type { DiagnosticCode } from '../diagnosticCodes';
import { SEARCH_VALIDATION, searchValidation } from './validationFailures';
import { javaDoubleText } from './values';

const KIND = new Map(AGGREGATIONS.map((a) => [a.name, a.kind]));

const METRICS = 'org.opensearch.search.aggregations.metrics.';

/**
 * The metric aggregations' builders, as OpenSearch names them when one stands first in a sibling pipeline's
 * `buckets_path` (real 3.9.0 and 2.19.6: `geo_bounds` comes from the geo module, `matrix_stats` from its own).
 */
const METRIC_BUILDERS: ReadonlyMap<string, string> = new Map([
  ['avg', `${METRICS}AvgAggregationBuilder`],
  ['sum', `${METRICS}SumAggregationBuilder`],
  ['max', `${METRICS}MaxAggregationBuilder`],
  ['min', `${METRICS}MinAggregationBuilder`],
  ['value_count', `${METRICS}ValueCountAggregationBuilder`],
  ['cardinality', `${METRICS}CardinalityAggregationBuilder`],
  ['stats', `${METRICS}StatsAggregationBuilder`],
  ['extended_stats', `${METRICS}ExtendedStatsAggregationBuilder`],
  ['percentiles', `${METRICS}PercentilesAggregationBuilder`],
  ['percentile_ranks', `${METRICS}PercentileRanksAggregationBuilder`],
  ['median_absolute_deviation', `${METRICS}MedianAbsoluteDeviationAggregationBuilder`],
  ['top_hits', `${METRICS}TopHitsAggregationBuilder`],
  ['weighted_avg', `${METRICS}WeightedAvgAggregationBuilder`],
  ['geo_centroid', `${METRICS}GeoCentroidAggregationBuilder`],
  ['multivalue_doc_count', `${METRICS}MultiValueDocCountAggregationBuilder`],
  ['scripted_metric', `${METRICS}ScriptedMetricAggregationBuilder`],
  ['geo_bounds', 'org.opensearch.geo.search.aggregations.metrics.GeoBoundsAggregationBuilder'],
  ['matrix_stats', 'org.opensearch.search.aggregations.matrix.stats.MatrixStatsAggregationBuilder'],
]);

/**
 * The aggregations whose aggregator refuses sub-aggregations (`Aggregator [p] of type [geo_centroid] cannot accept
 * sub-aggregations`, 500): every metric but `geo_bounds` and `scripted_metric`, which take them and answer without
 * them, and `significant_text` (real 3.9.0 and 2.19.6).
 */
const REFUSE_SUB_AGGREGATIONS: ReadonlySet<string> = new Set([
  ...[...METRIC_BUILDERS.keys()].filter((type) => type !== 'geo_bounds' && type !== 'scripted_metric'),
  'significant_text',
]);

/** Metrics with several values: a `buckets_path` ending on one must name the value (`st.max`, `p[50.0]`). */
const MULTI_VALUE = new Set(['stats', 'extended_stats', 'percentiles', 'percentile_ranks']);

/** The values of `stats` (`InternalStats.Metrics`). */
const STATS_VALUES: readonly string[] = ['count', 'sum', 'min', 'max', 'avg'];

/** Metrics of one numeric value. */
const SINGLE_VALUE = new Set([
  'avg',
  'sum',
  'min',
  'max',
  'value_count',
  'cardinality',
  'weighted_avg',
  'median_absolute_deviation',
]);

/** Bucket aggregations with one bucket: every other bucket aggregation gives many. */
const SINGLE_BUCKET = new Set([
  'filter',
  'global',
  'missing',
  'nested',
  'reverse_nested',
  'children',
  'parent',
  'sampler',
  'diversified_sampler',
]);

/** Whether an aggregation is a pipeline (its type known as one). */
function isPipeline(node: Node): boolean {
  return node.facts?.kind === 'pipeline';
}

function isMultiBucket(node: Node | undefined): boolean {
  return node?.facts?.multiBucket === true;
}

/** Pipelines that need a histogram parent (validateParentAggSequentiallyOrdered). */
const SEQUENTIAL_PIPELINES = new Set(['derivative', 'cumulative_sum', 'serial_diff', 'moving_fn', 'moving_avg']);
const SEQUENTIAL_PARENTS = new Set(['histogram', 'date_histogram', 'auto_date_histogram']);

/** Pipelines that must sit inside another aggregation (validateHasParent). */
const NEEDS_PARENT = new Set(['bucket_sort', 'bucket_selector', 'bucket_script']);

/** What the structure rules ask of a type, looked up once per aggregation. */
interface TypeFacts {
  readonly kind: 'metric' | 'bucket' | 'pipeline' | undefined;
  readonly leaf: boolean;
  readonly sequential: boolean;
  readonly needsParent: boolean;
  /** sampler, global or reverse_nested: placed by rules of their own. */
  readonly placed: boolean;
  /** A bucket aggregation with more than one bucket (isMultiBucket). */
  readonly multiBucket: boolean;
  /** How many buckets it makes for each bucket it is given (collectsMany): one, many, or as its body says. */
  readonly buckets: 'one' | 'many' | 'ranges' | 'filters';
  /** A `composite` may sit under it (COMPOSITE_PASSES). */
  readonly compositePasses: boolean;
  /** Its factory, as OpenSearch names a parent a `composite` may not have (AGGREGATOR_FACTORIES). */
  readonly factory: string | undefined;
  /** Some rule here may report it wherever it stands, whatever it holds (structureMayReport). */
  readonly watched: boolean;
}

const PLACED = new Set(['sampler', 'diversified_sampler', 'global', 'reverse_nested']);

/**
 * Whether the rules here may report anything of an aggregation whose definition's first member besides `meta` and its
 * sub-aggregations is `type` (the type nodeOf reads), and which names sub-aggregations or not: a pipeline (its
 * `buckets_path`, its parent), one placed by rules of its own (sampler, diversified_sampler, global, reverse_nested),
 * `composite`, `variable_width_histogram`, and one that refuses sub-aggregations when it names some. Every report of
 * checkAggregationStructure is about such an aggregation, so a tree holding none needs no walk of its own: the walk
 * that checks each definition (aggregations.ts) asks this of each aggregation it meets.
 */
export function structureMayReport(type: string | undefined, namesSubAggregations: boolean): boolean {
  if (type === undefined) return false;
  const facts = TYPE_FACTS.get(type);
  return facts !== undefined && (facts.watched || (namesSubAggregations && facts.leaf));
}

/** An aggregation as the structure rules see it. */
interface Node {
  readonly name: string;
  readonly type: string | undefined;
  /** What the rules ask of its type; undefined when no rule names it. */
  readonly facts: TypeFacts | undefined;
  /** Where the aggregations object holding it is; its own path is this and its name (built only when needed). */
  readonly parentPath: ValuePath;
  readonly subKey: string | undefined;
  readonly subs: Record<string, unknown> | undefined;
  /** The body under the type. */
  readonly body: unknown;
}

export interface Parent {
  readonly name: string;
  readonly type: string | undefined;
  /** Whether some enclosing aggregation is a `nested` one. */
  readonly insideNested: boolean;
  /**
   * The factory of the nearest enclosing aggregation a `composite` may not sit under (any but `nested`,
   * `reverse_nested` and `filter`), or undefined: none, or one whose factory is not known here.
   */
  readonly compositeBlockedBy: string | undefined;
  /** Whether some enclosing aggregation makes more than one bucket for each bucket it is given (collectsMany). */
  readonly manyBuckets: boolean;
  /** Its body under the type. */
  readonly body: unknown;
}

/**
 * The factories of the aggregations that take sub-aggregations, as OpenSearch names the parent that a `composite` may
 * not have (real
 * 3.9.0 and 2.19.6, conformance cases `cross/lists/shard/composite-under-*`).
 */
const AGGREGATOR_FACTORIES: ReadonlyMap<string, string> = new Map([
  ['terms', 'TermsAggregatorFactory'],
  ['multi_terms', 'MultiTermsAggregationFactory'],
  ['rare_terms', 'RareTermsAggregatorFactory'],
  ['significant_terms', 'SignificantTermsAggregatorFactory'],
  ['histogram', 'HistogramAggregatorFactory'],
  ['date_histogram', 'DateHistogramAggregatorFactory'],
  ['auto_date_histogram', 'AutoDateHistogramAggregatorFactory'],
  ['variable_width_histogram', 'VariableWidthHistogramAggregatorFactory'],
  ['range', 'RangeAggregatorFactory'],
  ['date_range', 'DateRangeAggregatorFactory'],
  ['ip_range', 'BinaryRangeAggregatorFactory'],
  ['geo_distance', 'GeoDistanceRangeAggregatorFactory'],
  ['filters', 'FiltersAggregatorFactory'],
  ['adjacency_matrix', 'AdjacencyMatrixAggregatorFactory'],
  ['missing', 'MissingAggregatorFactory'],
  ['global', 'GlobalAggregatorFactory'],
  ['sampler', 'SamplerAggregatorFactory'],
  ['diversified_sampler', 'DiversifiedAggregatorFactory'],
  ['children', 'ChildrenAggregatorFactory'],
  ['parent', 'ParentAggregatorFactory'],
  ['composite', 'CompositeAggregationFactory'],
  ['geohash_grid', 'GeoHashGridAggregatorFactory'],
  ['geotile_grid', 'GeoTileGridAggregatorFactory'],
  ['scripted_metric', 'ScriptedMetricAggregatorFactory'],
  ['geo_bounds', 'GeoBoundsAggregatorFactory'],
]);

/** The aggregations a `composite` may sit under, at any depth. */
const COMPOSITE_PASSES = new Set(['nested', 'reverse_nested', 'filter']);

/** The bucket aggregations that make one bucket for each bucket they are given. */
const ONE_BUCKET = new Set(['filter', 'global', 'missing', 'nested', 'reverse_nested']);

/** The aggregations that make a bucket for each of their ranges. */
const RANGES = new Set(['range', 'date_range', 'ip_range', 'geo_distance']);

/** Every type some rule here names; a type not in it has no structure rule. */
const TYPE_FACTS: ReadonlyMap<string, TypeFacts> = new Map(
  [
    ...new Set([
      ...KIND.keys(),
      ...REFUSE_SUB_AGGREGATIONS,
      ...SEQUENTIAL_PIPELINES,
      ...NEEDS_PARENT,
      ...PLACED,
      ...AGGREGATOR_FACTORIES.keys(),
      ...COMPOSITE_PASSES,
    ]),
  ].map((type): [string, TypeFacts] => {
    const kind = KIND.get(type);
    const bucket = kind === 'bucket';
    const sequential = SEQUENTIAL_PIPELINES.has(type);
    const needsParent = NEEDS_PARENT.has(type);
    const placed = PLACED.has(type);
    return [
      type,
      {
        kind,
        leaf: REFUSE_SUB_AGGREGATIONS.has(type),
        sequential,
        needsParent,
        placed,
        multiBucket: bucket && !SINGLE_BUCKET.has(type),
        buckets:
          !bucket || ONE_BUCKET.has(type)
            ? 'one'
            : RANGES.has(type)
              ? 'ranges'
              : type === 'filters'
                ? 'filters'
                : 'many',
        compositePasses: COMPOSITE_PASSES.has(type),
        factory: AGGREGATOR_FACTORIES.get(type),
        watched:
          kind === 'pipeline' ||
          placed ||
          sequential ||
          needsParent ||
          type === 'composite' ||
          type === 'variable_width_histogram',
      },
    ];
  }),
);

/**
 * Whether an aggregation makes more than one bucket for each bucket it is given, as `variable_width_histogram` asks of
 * all that enclose it (real 3.9.0 and 2.19.6, conformance cases `cross/lists/shard/variable-width-under-*`): a range
 * aggregation with one range makes one, and so does `filters` with one filter and no other bucket (which
 * `other_bucket_key` asks for, unless `other_bucket` says otherwise); `sampler`, `children` and `adjacency_matrix`
 * make many, whatever they hold. An aggregation of a type not known here makes none, so that nothing is reported.
 */
function collectsMany(node: Node): boolean {
  const facts = node.facts;
  if (facts === undefined) return false;
  const body = node.body;
  switch (facts.buckets) {
    case 'one':
      return false;
    case 'many':
      return true;
    case 'ranges':
      return isObject(body) && Array.isArray(body.ranges) && body.ranges.length > 1;
    case 'filters': {
      if (!isObject(body)) return true;
      const filters = body.filters;
      const written = Array.isArray(filters) ? filters.length : isObject(filters) ? Object.keys(filters).length : 0;
      const other = (body.other_bucket ?? typeof body.other_bucket_key === 'string') === true ? 1 : 0;
      return written + other > 1;
    }
  }
}

function nodeOf(path: ValuePath, name: string, definition: unknown): Node | undefined {
  if (!isObject(definition)) return undefined;
  let type: string | undefined;
  let subKey: string | undefined;
  for (const key in definition) {
    if (key === 'aggs' || key === 'aggregations') subKey ??= key;
    else if (key !== 'meta') type ??= key;
  }
  const subs = subKey === undefined ? undefined : definition[subKey];
  return {
    name,
    type,
    facts: type === undefined ? undefined : TYPE_FACTS.get(type),
    parentPath: path,
    subKey,
    subs: isObject(subs) ? subs : undefined,
    body: type === undefined ? undefined : definition[type],
  };
}

function nodesOf(path: ValuePath, aggs: Record<string, unknown>): Node[] {
  const out: Node[] = [];
  for (const name in aggs) {
    const node = nodeOf(path, name, aggs[name]);
    if (node !== undefined) out.push(node);
  }
  return out;
}

function pathOf(node: Node, ...rest: readonly (string | number)[]): ValuePath {
  let path = node.parentPath.child(node.name);
  for (const key of rest) path = path.child(key);
  return path;
}

/** The path of one member of an aggregation's definition (pathOf for one key, without a list of keys). */
function memberPath(node: Node, key: string): ValuePath {
  return node.parentPath.child(node.name).child(key);
}

function hasKeys(object: Record<string, unknown>): boolean {
  for (const _key in object) return true;
  return false;
}

function byName(nodes: readonly Node[]): Map<string, Node> {
  return new Map(nodes.map((n) => [n.name, n]));
}

/** Checks one level of aggregations (its siblings known) under `parent` (undefined at the top). */
export function checkAggregationStructure(
  check: JsonCheck,
  path: ValuePath,
  aggs: Record<string, unknown>,
  parent: Parent | undefined,
): void {
  const siblings = nodesOf(path, aggs);
  for (let i = 0; i < siblings.length; i++) {
    const node = siblings[i]!;
    const type = node.type;
    const facts = node.facts;
    if (type === undefined || facts === undefined) continue;
    const kind = facts.kind;
    const hasSubs = node.subs !== undefined && hasKeys(node.subs);
    if (node.subKey !== undefined && hasSubs) {
      const subPath = memberPath(node, node.subKey);
      if (facts.leaf) {
        check.report(
          'aggs.sub-aggregations',
          `Aggregator [${node.name}] of type [${type}] cannot accept sub-aggregations`,
          subPath,
          'key',
        );
      } else if (kind === 'pipeline') {
        check.report(
          'aggs.sub-aggregations',
          `Aggregation [${node.name}] cannot define sub-aggregations`,
          subPath,
          'key',
        );
      }
    }
    if (facts.placed && (type === 'sampler' || type === 'diversified_sampler') && !hasSubs) {
      check.reportItemFailure(
        'aggs.sub-aggregations',
        'Sampler aggregation must be used with child aggregations.',
        memberPath(node, type),
        'key',
      );
    }
    if (type === 'global' && parent !== undefined) {
      check.reportItemFailure(
        'aggs.placement',
        `Aggregation [${parent.name}] cannot have a global sub-aggregation [${node.name}]. Global aggregations can only be defined as top level aggregations`,
        memberPath(node, type),
        'key',
      );
    }
    if (type === 'reverse_nested' && !(parent?.insideNested ?? false)) {
      check.reportItemFailure(
        'aggs.placement',
        `Reverse nested aggregation [${node.name}] can only be used inside a [nested] aggregation`,
        memberPath(node, type),
        'key',
      );
    }
    if (type === 'composite' && parent?.compositeBlockedBy !== undefined) {
      check.reportItemFailure(
        'aggs.placement',
        `[composite] aggregation cannot be used with a parent aggregation of type: [${parent.compositeBlockedBy}]`,
        memberPath(node, type),
        'key',
      );
    }
    if (type === 'variable_width_histogram' && (parent?.manyBuckets ?? false)) {
      check.reportItemFailure(
        'aggs.placement',
        '[variable_width_histogram] cannot be nested inside an aggregation that collects more than a single bucket.',
        memberPath(node, type),
        'key',
      );
    }
  }
  checkPipelines(check, siblings, parent);
  for (let i = 0; i < siblings.length; i++) {
    const node = siblings[i]!;
    if (node.subs === undefined || node.subKey === undefined) continue;
    const type = node.type;
    const facts = node.facts;
    checkAggregationStructure(check, memberPath(node, node.subKey), node.subs, {
      name: node.name,
      type,
      insideNested: (parent?.insideNested ?? false) || type === 'nested',
      compositeBlockedBy: facts?.compositePasses === true ? parent?.compositeBlockedBy : facts?.factory,
      manyBuckets: (parent?.manyBuckets ?? false) || collectsMany(node),
      body: node.body,
    });
  }
}

/** The text a path is read as: a string, or a number or boolean as written; undefined for anything else. */
function pathText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/**
 * The paths a pipeline's `buckets_path` holds: a string, an array or an object of them, where the items of an array or
 * an object are read as text (a number is its text: `[1]` is the path `1`).
 */
function pathsOf(value: unknown, maps = false): [string, (string | number)[]][] {
  if (typeof value === 'string') return [[value, []]];
  const out: [string, (string | number)[]][] = [];
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      const text = pathText(v);
      if (text !== undefined) out.push([text, [i]]);
    });
  } else if (isObject(value)) {
    for (const key in value) {
      const text = maps ? javaText(value[key]) : pathText(value[key]);
      if (text !== undefined) out.push([text, [key]]);
    }
  }
  return out;
}

/**
 * A value as Java prints what Jackson's `map()` reads (`bucket_selector` reads its paths so): a list `[s, 1]`, an
 * object `{a=s}`, null `null`, a decimal as `Double.toString`.
 */
function javaText(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : javaDoubleText(value);
  if (Array.isArray(value)) return `[${value.map(javaText).join(', ')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .map((key) => `${key}=${javaText(value[key])}`)
      .join(', ')}}`;
  }
  return typeof value === 'boolean' ? String(value) : '';
}

/**
 * Whether `AggregationPath.parse` refuses an element: a `[` first, or too near the end, or without a closing `]` at
 * the end; in the last element, a `.` first or last (`Invalid path element [[s]] in path [[s]]`).
 */
function invalidElement(element: string, last: boolean): boolean {
  const bracket = element.lastIndexOf('[');
  if (bracket !== -1) return bracket === 0 || bracket > element.length - 3 || !element.endsWith(']');
  if (!last) return false;
  const dot = element.lastIndexOf('.');
  return dot !== -1 && (dot === 0 || dot > element.length - 2);
}

/** The names a `bucket_sort` sorts by: a name, `{"<name>": …}`, or a list of them. */
function sortPathsOf(value: unknown): [string, (string | number)[]][] {
  const out: [string, (string | number)[]][] = [];
  const entry = (item: unknown, at: (string | number)[]): void => {
    if (typeof item === 'string') out.push([item, at]);
    else if (isObject(item)) {
      const key = Object.keys(item)[0];
      if (key !== undefined) out.push([key, [...at, key]]);
    }
  };
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      entry(item, [i]);
    });
  } else entry(value, []);
  return out;
}

/**
 * The name of an element of a path (`AggregationPath.parse`): what comes before its last `[` (`p[99.9]`), or, in the
 * last element only, before its last `.` (`s.value`; `s.value.x` names `s.value`): a `.` elsewhere is part of a name.
 */
function elementName(element: string, last: boolean): string {
  const cut = cutOf(element, last);
  return cut === -1 ? element : element.slice(0, cut);
}

/** What an element asks of its aggregation, after the name (`value` of `s.value`, `99.9` of `p[99.9]`), if anything. */
function elementKey(element: string, last: boolean): string | undefined {
  const cut = cutOf(element, last);
  if (cut === -1) return undefined;
  return element.charAt(cut) === '[' ? element.slice(cut + 1, -1) : element.slice(cut + 1);
}

function cutOf(element: string, last: boolean): number {
  const bracket = element.lastIndexOf('[');
  if (bracket !== -1 || !last) return bracket;
  return element.lastIndexOf('.');
}

/**
 * The pipeline aggregations of one level, as `AggregatorFactories.Builder.validatePipelines` takes them: it first
 * orders them, each after the sibling pipelines its paths start at, and a path that leads to no aggregation, or a
 * cycle, is then the level's one failure: none of its pipelines is validated. Otherwise each validates itself, in that
 * order (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/validation/*`). Each failure is one of the request's
 * validation (validationFailures.ts).
 */
function checkPipelines(check: JsonCheck, siblings: readonly Node[], parent: Parent | undefined): void {
  let pipelines: Node[] | undefined;
  for (let i = 0; i < siblings.length; i++) {
    const node = siblings[i]!;
    if (isPipeline(node)) (pipelines ??= []).push(node);
  }
  if (pipelines === undefined) return;
  const names = byName(siblings);
  const ordered = pipelineOrder(check, pipelines, names);
  if (ordered === undefined) return;
  for (const node of ordered) validatePipeline(check, node, parent, names);
}

/** A failure of the aggregations' validation, at `path`. */
function reportValidation(check: JsonCheck, code: DiagnosticCode, failure: string, path: ValuePath, target?: Target) {
  check.reportValidation(code, searchValidation(SEARCH_VALIDATION.aggregations, failure), path, target);
}

/** The member of a pipeline's body its paths are written in: `bucket_sort` sorts by them. */
function pathsMember(type: string): string {
  return type === 'bucket_sort' ? 'sort' : 'buckets_path';
}

/** A pipeline's paths as its builder gives them (getBucketsPaths), each with where it is written in the body. */
function bucketsPathsOf(node: Node, type: string): [string, (string | number)[]][] {
  const body = node.body;
  if (!isObject(body)) return [];
  return type === 'bucket_sort' ? sortPathsOf(body.sort) : pathsOf(body.buckets_path, type === 'bucket_selector');
}

/** A path's elements (`AggregationPath.parse`); Java's split drops the empty names a trailing `>` leaves. */
function elementsOf(bucketsPath: string): string[] {
  const elements = bucketsPath.split('>');
  while (elements.length > 1 && elements[elements.length - 1] === '') elements.pop();
  return elements;
}

/**
 * The level's pipelines in the order they run (`resolvePipelineAggregatorOrder`, a depth-first walk from each in the
 * order written), or undefined once the first failure it meets is reported: a path whose first aggregation is no
 * sibling, a name not under the aggregation before it, a pipeline met again on its own way (a cycle).
 */
function pipelineOrder(
  check: JsonCheck,
  pipelines: readonly Node[],
  names: ReadonlyMap<string, Node>,
): Node[] | undefined {
  const ordered: Node[] = [];
  const done = new Set<Node>();
  const onTheWay = new Set<Node>();
  /** Whether `node` found its place, and all the pipelines it starts at theirs. */
  const place = (node: Node): boolean => {
    if (done.has(node)) return true;
    onTheWay.add(node);
    const type = node.type!;
    for (const [bucketsPath, at] of bucketsPathsOf(node, type)) {
      if (bucketsPath === '_count' || bucketsPath === '_key') continue;
      const where = pathOf(node, type, pathsMember(type), ...at);
      if (bucketsPath === '') {
        reportValidation(check, 'aggs.buckets-path', 'Invalid path []', where);
        return false;
      }
      const elements = elementsOf(bucketsPath);
      const invalid = elements.find((element, i) => invalidElement(element, i === elements.length - 1));
      if (invalid !== undefined) {
        // The path is parsed as the request is read, before its aggregations are looked up: HTTP 500, an `_msearch`
        // whole (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1, cases `cross/lists/values/path-element-*`).
        check.report('aggs.buckets-path', `Invalid path element [${invalid}] in path [${bucketsPath}]`, where);
        continue;
      }
      const first = names.get(elementName(elements[0] ?? '', elements.length === 1));
      if (first === undefined) {
        reportValidation(check, 'aggs.buckets-path', `No aggregation found for path [${bucketsPath}]`, where);
        return false;
      }
      if (isPipeline(first)) {
        // A sibling pipeline: it runs first, whatever the rest of the path.
        if (onTheWay.has(first)) {
          reportValidation(
            check,
            'aggs.buckets-path',
            `Cyclical dependency found with pipeline aggregator [${first.name}]`,
            where,
          );
          return false;
        }
        if (!place(first)) return false;
        continue;
      }
      const missing = missingElement(first, elements);
      if (missing !== undefined) {
        reportValidation(
          check,
          'aggs.buckets-path',
          `No aggregation [${missing}] found for path [${bucketsPath}]`,
          where,
        );
        return false;
      }
    }
    onTheWay.delete(node);
    done.add(node);
    ordered.push(node);
    return true;
  };
  for (const node of pipelines) if (!place(node)) return undefined;
  return ordered;
}

/**
 * The first name of a path, past its first aggregation, that is not there: each must be an aggregation under the one
 * before it (a pipeline too, for the last); a last `_count`, or `_key` in any case, is a value of the bucket.
 */
function missingElement(first: Node, elements: readonly string[]): string | undefined {
  let current = first;
  for (let i = 1; i < elements.length; i++) {
    const last = i === elements.length - 1;
    const name = elementName(elements[i]!, last);
    if (last && (name === '_count' || name.toLowerCase() === '_key')) return undefined;
    const sub = subNode(current, name);
    if (sub === undefined) {
      const pipeline =
        last && current.subs !== undefined && current.subKey !== undefined ? current.subs[name] : undefined;
      return pipeline !== undefined && isObject(pipeline) ? undefined : name;
    }
    current = sub;
  }
  return undefined;
}

/** The aggregation (not a pipeline) named `name` under `node`, if there is one. */
function subNode(node: Node, name: string): Node | undefined {
  if (node.subs === undefined || node.subKey === undefined) return undefined;
  const sub = nodeOf(memberPath(node, node.subKey), name, node.subs[name]);
  return sub === undefined || isPipeline(sub) ? undefined : sub;
}

/**
 * What one pipeline's own validation finds (its builder's `validate`, in its order), then what fails only when the
 * aggregations are reduced, which OpenSearch reaches only when the request passed its validation.
 */
function validatePipeline(
  check: JsonCheck,
  node: Node,
  parent: Parent | undefined,
  siblings: ReadonlyMap<string, Node>,
): void {
  const type = node.type!;
  const facts = node.facts!;
  const body = node.body;
  if (!isObject(body)) return;
  const manyCumulativePaths =
    type === 'cumulative_sum' && Array.isArray(body.buckets_path) && body.buckets_path.length !== 1;
  if (manyCumulativePaths) {
    // Its validation wants one path (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/values/pipeline-path-*`).
    reportValidation(
      check,
      'aggs.buckets-path',
      `buckets_path must contain a single entry for aggregation [${node.name}]`,
      pathOf(node, type, 'buckets_path'),
    );
  }
  if (facts.sequential && !SEQUENTIAL_PARENTS.has(parent?.type ?? '')) {
    reportValidation(
      check,
      'aggs.placement',
      `${type} aggregation [${node.name}] must have a histogram, date_histogram or auto_date_histogram as parent${parent === undefined ? " but doesn't have a parent" : ''}`,
      memberPath(node, type),
      'key',
    );
  }
  // A histogram parent must keep its empty buckets (real 3.9.0 and 2.19.6; cases `cross/lists/values/sequential-*`).
  const minDocCount = isObject(parent?.body) ? parent.body.min_doc_count : undefined;
  if (
    facts.sequential &&
    (parent?.type === 'histogram' || parent?.type === 'date_histogram') &&
    typeof minDocCount === 'number' &&
    minDocCount > 0
  ) {
    reportValidation(
      check,
      'aggs.placement',
      `parent histogram of ${type} aggregation [${node.name}] must have min_doc_count of 0`,
      memberPath(node, type),
      'key',
    );
  }
  if (facts.needsParent && parent === undefined) {
    reportValidation(
      check,
      'aggs.placement',
      `${type} aggregation [${node.name}] must be declared inside of another aggregation`,
      memberPath(node, type),
      'key',
    );
  }
  if (type === 'bucket_sort' && performsNothing(body)) {
    reportValidation(
      check,
      'aggs.missing-parameter',
      `[${node.name}] is configured to perform nothing. Please set either of [sort, size, from] to use bucket_sort`,
      memberPath(node, type),
      'key',
    );
  }
  if (type.endsWith('_bucket') && Array.isArray(body.buckets_path) && body.buckets_path.length === 0) {
    // A sibling pipeline reads the first of its paths (500; real 3.9.0 and 2.19.6).
    check.report('aggs.buckets-path', 'Index 0 out of bounds for length 0', pathOf(node, type, 'buckets_path'));
    return;
  }
  if (manyCumulativePaths) return;
  for (const [bucketsPath, at] of bucketsPathsOf(node, type)) {
    checkPathValue(check, node, type, siblings, bucketsPath, pathOf(node, type, pathsMember(type), ...at));
  }
}

/**
 * `bucket_sort` with nothing to do: no sort entry (none written, or an empty list or object), no `size`, and `from`
 * absent or 0, as a number or its text (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1; cases `cross/lists/validation/*`).
 */
function performsNothing(body: Record<string, unknown>): boolean {
  const sort = body.sort;
  const noSort = sort === undefined || (Array.isArray(sort) && sort.length === 0) || (isObject(sort) && !hasKeys(sort));
  const from = body.from;
  return noSort && body.size === undefined && (from === undefined || from === 0 || from === '0');
}

/**
 * One path of a pipeline that passed the ordering: a sibling pipeline's first aggregation must make buckets (its
 * validation), and what the path ends on must be a number in each bucket (asked when the aggregations are reduced).
 */
function checkPathValue(
  check: JsonCheck,
  node: Node,
  type: string,
  siblings: ReadonlyMap<string, Node>,
  bucketsPath: string,
  where: ValuePath,
): void {
  if (bucketsPath === '_count' || bucketsPath === '_key' || bucketsPath === '') return;
  const elements = elementsOf(bucketsPath);
  if (elements.some((element, i) => invalidElement(element, i === elements.length - 1))) return;
  const first = siblings.get(elementName(elements[0] ?? '', elements.length === 1));
  if (first === undefined || isPipeline(first)) return;
  const firstClass = first.type === undefined ? undefined : METRIC_BUILDERS.get(first.type);
  if (type.endsWith('_bucket') && firstClass !== undefined) {
    reportValidation(
      check,
      'aggs.buckets-path',
      `The first aggregation in buckets_path must be a multi-bucket aggregation for aggregation [${node.name}] found :${firstClass} for buckets path: ${bucketsPath}`,
      where,
    );
    return;
  }
  const sibling = type.endsWith('_bucket');
  if (sibling && elements.length === 1 && elementName(elements[0]!, true) === elements[0] && isMultiBucket(first)) {
    // The pipeline reads each bucket of [first] with nothing left of the path: the bucket itself, not a number.
    check.reportItemFailure(
      'aggs.buckets-path',
      `buckets_path must reference either a number value or a single value numeric metric aggregation: [${bucketsPath}] names the buckets of [${first.name}], not a value in them (add a metric, e.g. ${bucketsPath}>_count). OpenSearch refuses the request when it reduces the aggregations.`,
      where,
    );
    return;
  }
  // Follow the path down to its last aggregation.
  let current: Node | undefined = first;
  let through: Node | undefined;
  for (const [i, element] of elements.slice(1).entries()) {
    const last = i === elements.length - 2;
    const name = elementName(element, last);
    const sub: unknown = current?.subs?.[name];
    if (current?.subs === undefined || current.subKey === undefined || sub === undefined) {
      current = undefined;
      break;
    }
    current = nodeOf(memberPath(current, current.subKey), name, sub);
    // Past its first aggregation, a sibling pipeline's path meets another multi-bucket one: its value in each bucket
    // is an array of values (InternalMultiBucketAggregation.getProperty), unless only its bucket count is asked.
    if (sibling && through === undefined && isMultiBucket(current) && !(last && element.endsWith('._bucket_count'))) {
      through = current;
    }
  }
  if (through !== undefined) {
    const lastElement = elements[elements.length - 1] ?? '';
    const itself = current === through && elementName(lastElement, true) === lastElement;
    check.reportItemFailure(
      'aggs.buckets-path',
      itself
        ? `buckets_path must reference either a number value or a single value numeric metric aggregation: [${bucketsPath}] ends on [${through.name}], which has buckets of its own, not a value. OpenSearch refuses the request when it reduces the aggregations.`
        : `buckets_path must reference either a number value or a single value numeric metric aggregation, got: [Object[]] at aggregation [${through.name}]: [${through.name}] has buckets of its own, so [${bucketsPath}] gives many values for each bucket of [${first.name}].`,
      where,
    );
    return;
  }
  const last = elements[elements.length - 1] ?? '';
  const key = elementKey(last, true);
  if (current?.type !== undefined && key !== undefined) {
    // What a metric gives under a name is asked when the aggregations are reduced (real 3.9.0, 3.8.0, 2.19.6 and
    // 2.19.1; cases `cross/lists/values/metric-value-path-*`): a metric of one value has it under `value` alone, and
    // `stats` reads the name as one of its values.
    if (SINGLE_VALUE.has(current.type) && key !== 'value') {
      check.reportItemFailure('aggs.buckets-path', `path not supported for [${current.name}]: [${key}]`, where);
    } else if (current.type === 'stats' && !STATS_VALUES.includes(key)) {
      check.reportItemFailure(
        'aggs.buckets-path',
        `No enum constant org.opensearch.search.aggregations.metrics.InternalStats.Metrics.${key}`,
        where,
      );
    }
    return;
  }
  if (current?.type !== undefined && MULTI_VALUE.has(current.type) && key === undefined) {
    check.reportItemFailure(
      'aggs.buckets-path',
      `buckets_path must reference either a number value or a single value numeric metric aggregation, but [${current.name}] contains multiple values. Please specify which to use.`,
      where,
    );
  }
}
