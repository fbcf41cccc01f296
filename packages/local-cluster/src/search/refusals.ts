// What a search asks for that the local cluster does not implement: clauses it does not evaluate, aggregations it
// does not compute, body fields and parameters it does not apply. A search that needs any of them is refused (501,
// naming the first) before it runs, never answered with a silent empty or wrong result.
import { notImplemented } from '../core/errors';
import type { AggSpec } from './aggParser';
import type { Query } from './query';
import type { SearchRequest } from './searchRequest';

function queryRefusals(q: Query | undefined, out: string[]): void {
  if (q === undefined) return;
  switch (q.type) {
    case 'unsupported':
      out.push(q.feature);
      break;
    case 'bool':
      for (const c of [...q.must, ...q.should, ...q.filter, ...q.mustNot]) queryRefusals(c, out);
      break;
    case 'constant_score':
      queryRefusals(q.filter, out);
      break;
    case 'dis_max':
      for (const c of q.queries) queryRefusals(c, out);
      break;
    case 'boosting':
      queryRefusals(q.positive, out);
      queryRefusals(q.negative, out);
      break;
    case 'wrapped':
    case 'nested':
      queryRefusals(q.inner, out);
      break;
    default:
      break;
  }
}

function aggRefusals(aggs: readonly AggSpec[] | undefined, out: string[]): void {
  for (const a of aggs ?? []) {
    if (a.refused !== undefined) out.push(a.refused);
    queryRefusals(a.filter, out);
    for (const f of a.filters ?? []) queryRefusals(f.query, out);
    aggRefusals(a.subs, out);
  }
}

/** Every feature of the request that the local cluster does not implement, in the order met. */
function refusalsOf(sr: SearchRequest): string[] {
  const out: string[] = [...(sr.refused ?? []), ...(sr.source.refused ?? [])];
  queryRefusals(sr.source.query, out);
  queryRefusals(sr.source.postFilter, out);
  aggRefusals(sr.source.aggs, out);
  if (sr.source.highlight?.refused !== undefined) out.push(sr.source.highlight.refused);
  return out;
}

/** Throws the local cluster's refusal for the first feature of the request it does not implement. */
export function refuseUnimplemented(sr: SearchRequest): void {
  const first = refusalsOf(sr)[0];
  if (first !== undefined) throw notImplemented(first);
}
