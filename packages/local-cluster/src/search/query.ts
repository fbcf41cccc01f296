// The query tree the engine evaluates, produced by queryParser.ts.

interface Boosted {
  readonly boost: number;
  readonly name?: string;
}

export type Operator = 'OR' | 'AND';

export interface FieldBoost {
  readonly field: string;
  readonly boost: number;
}

export type Query =
  | ({ readonly type: 'match_all' } & Boosted)
  | ({ readonly type: 'match_none' } & Boosted)
  | ({
      readonly type: 'match';
      readonly field: string;
      readonly query: string | number | boolean | null;
      readonly operator: Operator;
      readonly minimumShouldMatch?: string;
      readonly zeroTermsQuery: 'NONE' | 'ALL';
      readonly fuzziness?: string;
      readonly prefixLast?: boolean;
      readonly lenient?: boolean;
    } & Boosted)
  | ({
      readonly type: 'match_phrase';
      readonly field: string;
      readonly query: string;
      readonly slop: number;
      readonly prefix?: boolean;
    } & Boosted)
  | ({
      readonly type: 'multi_match';
      readonly fields: readonly FieldBoost[];
      readonly query: string;
      readonly mmType: string;
      readonly operator: Operator;
      readonly minimumShouldMatch?: string;
      readonly tieBreaker?: number;
      readonly slop: number;
      readonly lenient?: boolean;
    } & Boosted)
  | ({
      readonly type: 'term';
      readonly field: string;
      readonly value: string | number | boolean;
      readonly caseInsensitive: boolean;
    } & Boosted)
  | ({
      readonly type: 'terms';
      readonly field: string;
      readonly values: readonly (string | number | boolean)[];
    } & Boosted)
  | ({
      readonly type: 'range';
      readonly field: string;
      readonly from: string | number | null;
      readonly to: string | number | null;
      readonly includeLower: boolean;
      readonly includeUpper: boolean;
      readonly format?: string;
      readonly timeZone?: string;
    } & Boosted)
  | ({ readonly type: 'exists'; readonly field: string } & Boosted)
  | ({ readonly type: 'ids'; readonly values: readonly string[] } & Boosted)
  | ({
      readonly type: 'prefix' | 'wildcard' | 'regexp';
      readonly field: string;
      readonly value: string;
      readonly caseInsensitive: boolean;
      /** `max_determinized_states` of a regexp query, when given. */
      readonly maxDeterminizedStates?: number;
    } & Boosted)
  | ({
      readonly type: 'fuzzy';
      readonly field: string;
      readonly value: string;
      readonly fuzziness: string;
      readonly prefixLength: number;
      readonly transpositions: boolean;
    } & Boosted)
  | ({
      readonly type: 'bool';
      readonly must: readonly Query[];
      readonly should: readonly Query[];
      readonly filter: readonly Query[];
      readonly mustNot: readonly Query[];
      readonly minimumShouldMatch?: string;
      readonly adjustPureNegative: boolean;
    } & Boosted)
  | ({ readonly type: 'constant_score'; readonly filter: Query } & Boosted)
  | ({ readonly type: 'dis_max'; readonly queries: readonly Query[]; readonly tieBreaker: number } & Boosted)
  | ({
      readonly type: 'boosting';
      readonly positive: Query;
      readonly negative: Query;
      readonly negativeBoost: number;
    } & Boosted)
  | ({ readonly type: 'wrapped'; readonly clause: string; readonly inner: Query } & Boosted)
  | ({
      readonly type: 'nested';
      readonly path: string;
      readonly inner: Query;
      readonly ignoreUnmapped: boolean;
    } & Boosted)
  | ({
      readonly type: 'query_string';
      readonly query: string;
      readonly defaultField?: string;
      readonly fields: readonly FieldBoost[];
      readonly defaultOperator: Operator;
      readonly simple: boolean;
      readonly lenient?: boolean;
      readonly analyzeWildcard: boolean;
    } & Boosted)
  /** A clause OpenSearch registers that the local cluster does not evaluate: refused when the search runs. */
  | ({ readonly type: 'unsupported'; readonly clause: string; readonly feature: string } & Boosted);
