// What the active cluster's search pipelines decide of a search: a `search_pipeline` naming a pipeline it does not
// define, and a `verbose_pipeline` with no pipeline to report on when the indexes searched have no default pipeline.
// Errors, but only where the cluster's pipelines (or the default pipeline of every index searched) are known: without
// a cluster, or when they could not be read, nothing is said beyond the checks of the request alone
// (search.verbose-pipeline-default). What real OpenSearch answers: docs/opensearch/search.md (Search pipelines).
import type { Diagnostic, Range } from 'vscode-languageserver-types';
import { diagnosticOf } from '../documents/diagnostics';
import type { ParsedDocument } from '../documentStore';
import type { JsonSegment } from '../json/jsonSegment';
import { VERBOSE_WITHOUT_PIPELINE } from '../validate/searchRules';
import type { ClusterKnowledge } from './clusterKnowledge';
import type { SearchBody } from './searchBodies';

/** The name that means no pipeline at all, not even the index's default. */
const NO_PIPELINE = '_none';

/** OpenSearch's words for a pipeline it does not define (`SearchPipelineService.resolvePipeline`). */
function notDefined(name: string): string {
  return `Pipeline ${name} is not defined`;
}

/** Whether the cluster surely lacks the pipeline a request names (variables are whatever they hold). */
function missing(cluster: ClusterKnowledge, name: string): boolean {
  const defined = cluster.searchPipelines;
  return defined !== undefined && name !== NO_PIPELINE && !name.includes('${') && !defined.has(name);
}

/**
 * A `search_pipeline` URL parameter of a `_search` request (the URL's name wins over the body's) that names a
 * pipeline the cluster does not define. An empty one is url.empty-value.
 */
export function urlPipelineDiagnostics(document: ParsedDocument, cluster: ClusterKnowledge): Diagnostic[] {
  if (document.kind !== 'search' || cluster.searchPipelines === undefined) return [];
  const out: Diagnostic[] = [];
  for (const request of document.model.requests) {
    const route = request.target.route;
    if (route.kind !== 'match' || route.route.endpoint.name !== 'search') continue;
    const param = request.target.query.find((p) => p.name === 'search_pipeline');
    if (param === undefined || param.value === '' || !missing(cluster, param.value)) continue;
    const span = param.valueSpan;
    const range: Range = {
      start: { line: request.line, character: span.offset },
      end: { line: request.line, character: span.offset + span.length },
    };
    out.push(diagnosticOf('cluster.unknown-search-pipeline', notDefined(param.value), range));
  }
  return out;
}

/**
 * A `_search` body's `search_pipeline` naming a pipeline the cluster does not define, unless the URL names one (which
 * wins). A number or a boolean is read as a name, as it is written (`1.50`, `1e2`: real 2.19.1 and 3.8.0); an object
 * is an inline pipeline. In `_msearch` only that search fails (its `status` 400 in an HTTP 200 answer): the caller
 * makes it a Warning that says so (msearchItems.ts).
 */
export function bodyPipelineDiagnostics(
  segment: JsonSegment,
  body: SearchBody,
  cluster: ClusterKnowledge,
): Diagnostic[] {
  if (cluster.searchPipelines === undefined || body.urlNamesPipeline === true) return [];
  const source = segment.value;
  if (typeof source !== 'object' || source === null || Array.isArray(source)) return [];
  const value = (source as Record<string, unknown>)['search_pipeline'];
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return [];
  const span = segment.spanOf(['search_pipeline'], 'value');
  const name = typeof value === 'string' ? value : body.text.slice(span.offset, span.offset + span.length);
  if (!missing(cluster, name)) return [];
  return [diagnosticOf('cluster.unknown-search-pipeline', notDefined(name), body.range(span.offset, span.length))];
}

/**
 * What the default pipelines of the indexes a search reaches say of a `verbose_pipeline` that names no pipeline:
 * `absent` when every one of them is known to have none (OpenSearch then refuses it), `set` when those that have one
 * all agree on it (OpenSearch runs it), undefined when that is not known.
 */
function defaultPipelineOf(cluster: ClusterKnowledge, indexes: string[] | undefined): 'absent' | 'set' | undefined {
  if (indexes?.some((i) => i.includes('${')) === true) return undefined;
  const searched = cluster.searchedIndexFields(indexes);
  if (searched === undefined) return undefined;
  const named = new Set<string>();
  for (const index of searched) {
    if (index.defaultPipeline === undefined) return undefined;
    if (index.defaultPipeline !== NO_PIPELINE) named.add(index.defaultPipeline);
  }
  if (named.size === 0) return 'absent';
  // A default pipeline the cluster does not define fails the search in other words (`Pipeline <name> is not
  // defined`); indexes that disagree leave the search without one.
  const [only] = named;
  return named.size === 1 && only !== undefined && !missing(cluster, only) ? 'set' : undefined;
}

/**
 * The document's own diagnostics with what the cluster settles of them: a `search.verbose-pipeline-default` Warning
 * (a `verbose_pipeline` only the indexes' default pipeline can make run) becomes the `search.verbose-pipeline` Error
 * when none of the indexes searched has a default pipeline, and goes when they have one.
 */
export function settleVerbosePipeline(
  own: readonly Diagnostic[],
  document: ParsedDocument,
  cluster: ClusterKnowledge,
): Diagnostic[] {
  if (document.kind !== 'search' || !own.some((d) => d.code === 'search.verbose-pipeline-default')) return [...own];
  const out: Diagnostic[] = [];
  for (const diagnostic of own) {
    if (diagnostic.code !== 'search.verbose-pipeline-default') {
      out.push(diagnostic);
      continue;
    }
    const line = diagnostic.range.start.line;
    const request = document.model.requests.find((r) => r.line <= line && line <= r.endLine);
    const route = request?.target.route;
    // The searches of an `_msearch` name their indexes in their headers: those are left as they are.
    const verdict =
      route?.kind === 'match' && route.route.endpoint.name === 'search'
        ? defaultPipelineOf(cluster, route.route.params.get('index')?.text.split(','))
        : undefined;
    if (verdict === undefined) out.push(diagnostic);
    else if (verdict === 'absent') {
      out.push(diagnosticOf('search.verbose-pipeline', VERBOSE_WITHOUT_PIPELINE, diagnostic.range));
    }
  }
  return out;
}
