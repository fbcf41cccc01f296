// Limits OpenSearch enforces from index and cluster settings, at their default values (IndexSettings, SearchService,
// MultiBucketConsumerService, IndexSearcher; each default checked on real 2.19.1 and 3.8.0 by the conformance corpus).
// When the connected cluster told its own values (read once with the cluster state), those are used instead; without
// one, each message says that the limit is the default.
import type { LimitSetting } from '../../protocol/protocol';
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
/** The setting each limit is read from. */
const SETTING_OF: Readonly<Record<keyof SearchLimitValues, LimitSetting>> = {
  maxResultWindow: 'index.max_result_window',
  maxRescoreWindow: 'index.max_rescore_window',
  maxInnerResultWindow: 'index.max_inner_result_window',
  maxSlicesPerScroll: 'index.max_slices_per_scroll',
  maxRegexLength: 'index.max_regex_length',
  maxTermsCount: 'index.max_terms_count',
  maxDocvalueFields: 'index.max_docvalue_fields_search',
  maxScriptFields: 'index.max_script_fields',
  maxBuckets: 'search.max_buckets',
  maxClauseCount: 'indices.query.bool.max_clause_count',
};

/**
 * The limits a cluster told, from its settings by name (as the client sends them); values that are not whole
 * non-negative numbers are left out. Undefined when none is usable.
 */
export function limitsFromSettings(settings: unknown): Partial<SearchLimitValues> | undefined {
  if (typeof settings !== 'object' || settings === null) return undefined;
  const raw = settings as Record<string, unknown>;
  const out: Partial<Record<keyof SearchLimitValues, number>> = {};
  let any = false;
  for (const [key, setting] of Object.entries(SETTING_OF) as [keyof SearchLimitValues, LimitSetting][]) {
    const value = raw[setting];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
      out[key] = value;
      any = true;
    }
  }
  return any ? out : undefined;
}

export function limitsOf(server: TargetServer): SearchLimits {
  return server.limits === undefined ? DEFAULT_LIMITS : { ...DEFAULT_LIMITS, ...server.limits };
}

/** Said after a limit's message when the limit is the default, not the cluster's own. */
export function limitNote(server: TargetServer, limit: keyof SearchLimitValues): string {
  return server.limits?.[limit] === undefined ? ' (This is the default limit: no connected cluster told its own.)' : '';
}
