// The options of the query clauses that name an analyzer each shard looks up by name as it builds the query: in the
// field's options for the clauses of one field, in the clause's own for the others, in the order they are looked up.
// An empty name is found in no index (query.ts says it without a cluster); another name is found where it is built in
// or an index defines it (cluster/analyzerRules.ts). Real 3.9.0, 3.8.0, 2.19.6 and 2.19.1;
// docs/opensearch/query-dsl.md#named-analyzers.

interface AnalyzerOptions {
  /** Whether the options are the field's (`{"match": {"text": {"analyzer": ...}}}`), not the clause's own. */
  readonly perField: boolean;
  readonly options: readonly string[];
}

const FIELD_ANALYZER: AnalyzerOptions = { perField: true, options: ['analyzer'] };

export const ANALYZER_OPTIONS: ReadonlyMap<string, AnalyzerOptions> = new Map([
  ['match', FIELD_ANALYZER],
  ['match_phrase', FIELD_ANALYZER],
  ['match_phrase_prefix', FIELD_ANALYZER],
  ['match_bool_prefix', FIELD_ANALYZER],
  ['common', FIELD_ANALYZER],
  ['multi_match', { perField: false, options: ['analyzer'] }],
  // The analyzer is looked up before the quote analyzer.
  ['query_string', { perField: false, options: ['analyzer', 'quote_analyzer'] }],
  ['simple_query_string', { perField: false, options: ['analyzer'] }],
]);

/** Whether `option` of `clause` names an analyzer a shard looks up. */
export function namesAnalyzer(clause: string, option: string): boolean {
  return ANALYZER_OPTIONS.get(clause)?.options.includes(option) ?? false;
}
