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

/** Where a script is compiled, and how many parameters its context's `execute` method takes (Painless names them). */
export interface CompileContext {
  readonly failure: CompileFailure;
  readonly parameters: number;
}

/** Compiled on each shard: the script query, script_fields, the aggregations' scripts. */
export const SHARD_SCRIPT: CompileContext = { failure: shardFailureText, parameters: 0 };

/** script_score's script: a score script, whose `execute` takes the explanation. */
export const SCORE_SCRIPT: CompileContext = { failure: shardFailureText, parameters: 1 };

/**
 * A pipeline aggregation's script is compiled where the coordinating node reduces the buckets: the search fails there,
 * once the shards have answered (`search_phase_execution_exception` with no failed shard).
 */
export const PIPELINE_SCRIPT: CompileContext = {
  failure: (what, reason) => `${what}: OpenSearch fails the search where it reduces the buckets, with "${reason}"`,
  parameters: 0,
};

/** moving_fn's script, compiled where the buckets are reduced: its `execute` takes the parameters and the window. */
export const MOVING_FN_SCRIPT: CompileContext = { failure: PIPELINE_SCRIPT.failure, parameters: 2 };

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
  /** Where a script that cannot compile fails the search, and what its context's `execute` takes. */
  context: CompileContext = SHARD_SCRIPT,
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
  return compiled && compileRefused(check, path, script, code, context);
}

/** Painless's words for a source with no statement (blanks and comments only, or nothing), by its context. */
function noStatementsText(parameters: number): string {
  return `invalid function definition: found no statements for function [execute] with [${parameters}] parameters`;
}

/**
 * Whether a Painless source holds no statement: nothing but blanks (space, tab, line ends) and comments (`//` to the
 * line's end, `/* ... *\/`). An unclosed comment, or any other character, is something else the compiler judges.
 */
export function holdsNoStatement(source: string): boolean {
  const n = source.length;
  let i = 0;
  while (i < n) {
    const c = source.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) {
      i++;
    } else if (c === 47 && source.charCodeAt(i + 1) === 47) {
      i += 2;
      while (i < n && source.charCodeAt(i) !== 10 && source.charCodeAt(i) !== 13) i++;
    } else if (c === 47 && source.charCodeAt(i + 1) === 42) {
      const end = source.indexOf('*/', i + 2);
      if (end === -1) return false;
      i = end + 2;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * A script Painless, the default language, cannot compile, where it is compiled: a source written as an object (a
 * template), or a source with no statement. `script` is the script as written: its text, or its object. Whether it
 * reported.
 */
export function compileRefused(
  check: JsonCheck,
  path: ValuePath,
  script: unknown,
  code: DiagnosticCode,
  context: CompileContext = SHARD_SCRIPT,
): boolean {
  if (typeof script === 'string') return noStatementRefused(check, path, script, code, context);
  if (!isObject(script) || (script.lang ?? 'painless') !== 'painless') return false;
  const source = script.source ?? script.inline;
  const at = path.child(script.source === undefined ? 'inline' : 'source');
  if (isObject(source)) {
    check.reportItemFailure(
      code,
      context.failure(
        'Painless cannot compile a source written as an object (a template)',
        'Unrecognized compile-time parameter(s): {content_type=application/json; charset=UTF-8}',
      ),
      at,
    );
    return true;
  }
  return typeof source === 'string' && noStatementRefused(check, at, source, code, context);
}

/** A Painless source with no statement: it cannot compile (real 3.9.0, 3.8.0, 2.19.6 and 2.19.1). */
function noStatementRefused(
  check: JsonCheck,
  path: ValuePath,
  source: string,
  code: DiagnosticCode,
  context: CompileContext,
): boolean {
  if (!holdsNoStatement(source)) return false;
  const message = context.failure(
    'This Painless script has no statement, and cannot compile',
    noStatementsText(context.parameters),
  );
  check.reportItemFailure(code, message, path);
  return true;
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
  if (typeof script === 'string') return compiled && compileRefused(check, path, script, code);
  if (isObject(script)) return scriptRefused(check, path, script, code, compiled);
  if (typeof script !== 'number' && typeof script !== 'boolean') return false;
  const after = check.tokenAfter(path);
  if (after === undefined) return false;
  check.report(code, `${after.where} [script] Expected START_OBJECT but was: ${after.token}`, path);
  return true;
}
