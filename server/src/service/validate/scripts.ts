// A script written as an object, as `Script`'s ObjectParser (`script`) reads it wherever a script is read: the script
// query, script_score, script_fields, the aggregations (docs/opensearch/search.md#scripts; real 3.9.0 and 2.19.6,
// conformance cases `cross/lists/script/*`).
import { isObject, tokenOf } from '../json/jsonSegment';
import type { ValuePath } from '../json/valuePath';
import type { DiagnosticCode } from '../diagnosticCodes';
import { javaString, type JsonCheck } from './jsonCheck';
import { shardFailureText } from './msearchItems';

/** The members a script object takes; `inline` is the older name of `source`, still read. */
const SCRIPT_KEYS = ['source', 'id', 'lang', 'options', 'params'];

const NO_SCRIPT_SOURCE = 'must specify either [source] for an inline script or [id] for a stored script';

/** The option the parser adds itself for a source written as an object (a template). */
const CONTENT_TYPE = 'content_type';

/** Where a script that cannot compile fails the search, in the words of a finding: what is wrong, and the cause. */
type CompileFailure = (what: string, reason: string) => string;

/**
 * A pipeline aggregation's script is compiled where the coordinating node reduces the buckets: the search fails there,
 * once the shards have answered (`search_phase_execution_exception` with no failed shard).
 */
export const REDUCE_FAILS: CompileFailure = (what, reason) =>
  `${what}: OpenSearch fails the search where it reduces the buckets, with "${reason}"`;

/**
 * Reports the first thing the parser refuses in a script object, in its words; whether it reported. Members are read
 * in order (a kind of value a member does not take, an unknown name, a second of `source` and `id`), then the script
 * is built (no `source` nor `id`, `lang` for a stored script, compiler options other than the content type). A source
 * written as an object is a template: Painless, the default language, cannot compile it, and every shard fails.
 */
export function scriptRefused(
  check: JsonCheck,
  path: ValuePath,
  script: Record<string, unknown>,
  code: DiagnosticCode,
  /** Whether the script is compiled where it is read (script_fields are compiled only for a search that asks hits). */
  compiled = true,
  /** Where a script that cannot compile fails the search: on every shard, or where a pipeline reduces the buckets. */
  failure: CompileFailure = shardFailureText,
): boolean {
  let kind: 'source' | 'id' | undefined;
  for (const key in script) {
    const at = path.child(key);
    const name = key === 'inline' ? 'source' : key;
    if (!SCRIPT_KEYS.includes(name)) {
      check.report(code, check.unknownFieldText(at, 'script', key, SCRIPT_KEYS), at, 'key');
      return true;
    }
    const token = tokenOf(script[key]);
    const fits =
      name === 'source'
        ? token === 'VALUE_STRING' || token === 'START_OBJECT'
        : name === 'options' || name === 'params'
          ? token === 'START_OBJECT'
          : token === 'VALUE_STRING';
    if (!fits) {
      check.report(code, check.unsupported(at, 'script', key, token), at);
      return true;
    }
    if (name === 'source' || name === 'id') {
      if (kind !== undefined) {
        check.report(code, 'must only use one of [source, id] when specifying a script', at, 'key');
        return true;
      }
      kind = name;
    }
  }
  if (kind === undefined) {
    check.report(code, NO_SCRIPT_SOURCE, path);
    return true;
  }
  const options = isObject(script.options) ? script.options : {};
  const own = Object.keys(options).filter((key) => key !== CONTENT_TYPE);
  if (kind === 'id' && 'lang' in script) {
    check.report(code, 'illegally specified <lang> for a stored script', path.child('lang'), 'key');
    return true;
  }
  if (kind === 'id' && Object.keys(options).length > 0) {
    check.report(code, 'field [options] cannot be specified using a stored script', path.child('options'));
    return true;
  }
  if (own.length > 0) {
    const rest = Object.fromEntries(own.map((key) => [key, options[key]]));
    check.report(code, `illegal compiler options [${javaString(rest)}] specified`, path.child('options'));
    return true;
  }
  return compiled && compileRefused(check, path, script, code, failure);
}

/** A script Painless cannot compile: a source written as an object, a template (every shard fails so). */
export function compileRefused(
  check: JsonCheck,
  path: ValuePath,
  script: Record<string, unknown>,
  code: DiagnosticCode,
  failure: CompileFailure = shardFailureText,
): boolean {
  const source = script.source ?? script.inline;
  const lang = script.lang ?? 'painless';
  if (isObject(source) && lang === 'painless') {
    check.reportItemFailure(
      code,
      failure(
        'Painless cannot compile a source written as an object (a template)',
        'Unrecognized compile-time parameter(s): {content_type=application/json; charset=UTF-8}',
      ),
      path.child(script.source === undefined ? 'inline' : 'source'),
    );
    return true;
  }
  return false;
}

/**
 * A script where a hand-written parser hands the token to `Script.parse` (the script query, script_fields): a text is
 * the source, an object is read as above, anything else sends the parser looking for an object at the next token.
 */
export function scriptValueRefused(
  check: JsonCheck,
  path: ValuePath,
  script: unknown,
  code: DiagnosticCode,
  compiled = true,
): boolean {
  if (typeof script === 'string') return false;
  if (isObject(script)) return scriptRefused(check, path, script, code, compiled);
  if (typeof script !== 'number' && typeof script !== 'boolean') return false;
  const after = check.tokenAfter(path);
  if (after === undefined) return false;
  check.report(code, `${after.where} [script] Expected START_OBJECT but was: ${after.token}`, path);
  return true;
}
