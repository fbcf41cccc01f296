import type { Span } from '../json/jsonSegment';

export const enum Severity {
  Error = 1,
  Warning = 2,
  Information = 3,
  Hint = 4,
}

/** Data a quick fix needs, carried on the diagnostic. */
export interface FixData {
  /** Replace the diagnostic's range with one of these. */
  readonly replacements?: readonly string[];
  /** Insert this text at the end of the diagnostic's range. */
  readonly insert?: { readonly title: string; readonly text: string };
}

/** One finding, positioned by offsets relative to the text it was found in. */
export interface Issue {
  readonly code: string;
  readonly severity: Severity;
  readonly message: string;
  readonly span: Span;
  readonly data?: FixData;
}

export type IssueSink = Issue[];
