// Index expressions as IndexNameExpressionResolver reads them: comma lists, `_all`, wildcards, aliases,
// exclusions, and the indices options `ignore_unavailable`, `allow_no_indices`, `expand_wildcards`.
import { illegalArgument, indexNotFound, OsError } from '../core/errors';
import { parseStrictBoolean, strictBooleanMessage } from '../core/values';
import type { Index, Store } from '../data/store';
import { simpleMatch } from '../core/simpleMatch';

export interface IndicesOptions {
  ignoreUnavailable: boolean;
  allowNoIndices: boolean;
  expandOpen: boolean;
  expandClosed: boolean;
  expandHidden: boolean;
}

export const SEARCH_DEFAULT_OPTIONS: IndicesOptions = {
  ignoreUnavailable: false,
  allowNoIndices: true,
  expandOpen: true,
  expandClosed: false,
  expandHidden: false,
};

function convertBoolean(name: string, value: string): boolean {
  try {
    return parseStrictBoolean(value);
  } catch {
    throw illegalArgument(
      `Could not convert [${name}] to boolean`,
      new OsError(400, 'illegal_argument_exception', strictBooleanMessage(value), { openSearch: false }),
    );
  }
}

/** Applies `expand_wildcards` values (a comma list, or an array from an msearch header). */
function applyExpandWildcards(base: IndicesOptions, values: readonly string[]): IndicesOptions {
  const out = { ...base, expandOpen: false, expandClosed: false, expandHidden: false };
  for (const raw of values) {
    const v = raw.trim();
    switch (v) {
      case 'open':
        out.expandOpen = true;
        break;
      case 'closed':
        out.expandClosed = true;
        break;
      case 'hidden':
        out.expandHidden = true;
        break;
      case 'none':
        out.expandOpen = false;
        out.expandClosed = false;
        out.expandHidden = false;
        break;
      case 'all':
        out.expandOpen = true;
        out.expandClosed = true;
        out.expandHidden = true;
        break;
      default:
        throw illegalArgument(`No valid expand wildcard value [${v}]`);
    }
  }
  return out;
}

/** IndicesOptions.fromParameters: unset and empty values keep the defaults. */
export function indicesOptionsFrom(
  base: IndicesOptions,
  expandWildcards: string | readonly string[] | undefined,
  ignoreUnavailable: string | undefined,
  allowNoIndices: string | undefined,
  ignoreThrottled: string | undefined,
): IndicesOptions {
  let out = { ...base };
  if (expandWildcards !== undefined) {
    const list = typeof expandWildcards === 'string' ? expandWildcards.split(',') : expandWildcards;
    if (!(typeof expandWildcards === 'string' && expandWildcards === '')) out = applyExpandWildcards(out, list);
  }
  if (ignoreUnavailable !== undefined && ignoreUnavailable !== '') {
    out.ignoreUnavailable = convertBoolean('ignore_unavailable', ignoreUnavailable);
  }
  if (allowNoIndices !== undefined && allowNoIndices !== '') {
    out.allowNoIndices = convertBoolean('allow_no_indices', allowNoIndices);
  }
  if (ignoreThrottled !== undefined && ignoreThrottled !== '') convertBoolean('ignore_throttled', ignoreThrottled);
  return out;
}

function visible(index: Index, options: IndicesOptions, pattern: string): boolean {
  if (index.hidden && !options.expandHidden && !pattern.startsWith('.')) return false;
  return index.state === 'open' ? options.expandOpen : options.expandClosed;
}

/** Resolves index expressions to concrete indices (in name order, without duplicates). */
export function resolveIndices(store: Store, expressions: readonly string[], options: IndicesOptions): Index[] {
  const exprs = expressions.filter((e) => e.length > 0);
  const isAll = exprs.length === 0 || (exprs.length === 1 && (exprs[0] === '_all' || exprs[0] === '*'));
  const result = new Map<string, Index>();
  if (isAll) {
    for (const idx of store.indices.values()) if (visible(idx, options, '*')) result.set(idx.name, idx);
    if (result.size === 0 && !options.allowNoIndices) throw indexNotFound(exprs[0] ?? '_all');
    return sortByName(result);
  }
  let sawWildcard = false;
  for (const expr of exprs) {
    if (expr.startsWith('-') && sawWildcard) {
      const pattern = expr.slice(1);
      for (const name of [...result.keys()]) if (simpleMatch(pattern, name)) result.delete(name);
      continue;
    }
    if (expr.includes('*')) {
      sawWildcard = true;
      let matched = 0;
      for (const idx of store.indices.values()) {
        if (simpleMatch(expr, idx.name) && visible(idx, options, expr)) {
          result.set(idx.name, idx);
          matched++;
        }
      }
      for (const alias of store.allAliases()) {
        if (!simpleMatch(expr, alias)) continue;
        for (const idx of store.aliasTargets(alias) ?? []) {
          if (visible(idx, options, expr)) {
            result.set(idx.name, idx);
            matched++;
          }
        }
      }
      if (matched === 0 && !options.allowNoIndices) throw indexNotFound(expr);
      continue;
    }
    const direct = store.indices.get(expr);
    if (direct) {
      result.set(direct.name, direct);
      continue;
    }
    const targets = store.aliasTargets(expr);
    if (targets) {
      for (const idx of targets) result.set(idx.name, idx);
      continue;
    }
    if (!options.ignoreUnavailable) throw indexNotFound(expr);
  }
  if (result.size === 0 && !options.allowNoIndices) throw indexNotFound(exprs.join(','));
  return sortByName(result);
}

function sortByName(map: Map<string, Index>): Index[] {
  return [...map.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}
