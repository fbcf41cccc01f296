// Limits OpenSearch enforces from index and cluster settings, at their default values (IndexSettings, SearchService,
// MultiBucketConsumerService, IndexSearcher; each default checked on real 2.19.1 and 3.8.0 by the conformance corpus).
// When the connected cluster told its own values (read once with the cluster state), those are used instead; without
// one, each message says that the limit is the default.
import type { SearchLimitValues, TargetServer } from '../target';

export type SearchLimits = Readonly<SearchLimitValues>;

const DEFAULT_LIMITS: SearchLimits = {
  maxResultWindow: 10000,
  maxRescoreWindow: 10000,
  maxInnerResultWindow: 100,
  maxSlicesPerScroll: 1024,
  maxRegexLength: 1000,
  maxTermsCount: 65536,
  maxDocvalueFields: 100,
  maxScriptFields: 32,
  maxBuckets: 65535,
  maxClauseCount: 1024,
};
export function limitsOf(server: TargetServer): SearchLimits {
  return server.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...server.limits };
}

/** Said after a limit's message when the limit is the default, not the cluster's own. */
export function limitNote(server: TargetServer): string {
  return server.limits === undefined ? ' (This is the default limit: no connected cluster told its own.)' : '';
}
