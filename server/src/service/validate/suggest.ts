import { ValuePath } from '../json/valuePath';
// The `suggest` section, as `SuggestBuilder.fromXContent` reads it: a global `text`, then one object per suggestion.
// `SuggestionBuilder.fromXContent` reads each: `text`, `prefix` or `regex` as strings, the suggester as an object
// looked up by name among the registered suggesters, any other key refused (docs/opensearch/search.md#suggest; real
// 2.19.1 and 3.8.0).
import { isObject } from '../json/jsonSegment';
import type { JsonCheck } from './jsonCheck';
import { checkSuggesterOptions } from './sectionOptions';

/** The suggesters core registers. */
const SUGGESTERS = ['term', 'phrase', 'completion'];
const SUGGESTION_TEXTS = ['text', 'prefix', 'regex'];

export function checkSuggest(check: JsonCheck, path: ValuePath, suggest: Record<string, unknown>): void {
  for (const [name, suggestion] of Object.entries(suggest)) {
    if (isObject(suggestion)) checkSuggestion(check, path.child(name), suggestion);
  }
}

/** The first key the parser refuses, in its words: it stops there. */
function checkSuggestion(check: JsonCheck, path: ValuePath, suggestion: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(suggestion)) {
    const at = path.child(key);
    if (isObject(value)) {
      if (SUGGESTERS.includes(key)) {
        if (checkSuggesterOptions(check, at, key, value)) return;
        continue;
      }
      check.report('search.unknown-field', `${check.where(at)} unknown field [${key}]`, at, 'key', {
        replacements: SUGGESTERS.map((s) => JSON.stringify(s)),
      });
      return;
    }
    // An array: not read as a value nor as a suggester; left to the server.
    if (Array.isArray(value)) return;
    if (SUGGESTION_TEXTS.includes(key)) continue;
    check.report('search.unknown-field', `suggestion does not support [${key}]`, at, 'key');
    return;
  }
}
