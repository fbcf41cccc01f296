// Builds server/src/spec/generated/endpoints.ts from the typed API declarations that ship with
// @opensearch-project/opensearch (they are generated from the OpenSearch API specification).
//
// For each operation the client ships two files: `<op>.d.ts` declares the request parameters and
// their types, `<op>.js` builds the URL path and chooses the HTTP method. Both are read with the
// TypeScript compiler API: the declarations through a type-checked program (to follow type
// aliases into api/_types), the JavaScript as a syntax tree (the path and method expressions are
// evaluated symbolically, never executed).
//
// Usage: npm run generate:spec

import * as fs from 'node:fs';
import * as path from 'node:path';
import ts from 'typescript';
import type { EndpointSpec, HttpMethod, ParamKind, ParamSpec } from '../server/src/spec/types';
import { HTTP_METHODS } from '../server/src/service/syntax';

const PACKAGE_NAME = '@opensearch-project/opensearch';
const OUTPUT_PATH = path.join('server', 'src', 'spec', 'generated', 'endpoints.ts');

/** Parameters every endpoint accepts; the language service handles them on its own. */
const GLOBAL_PARAMS: ReadonlySet<string> = new Set(['pretty', 'human', 'error_trace', 'filter_path', 'source']);

/** Namespaces of the client that are not operations of the API (generic `http.get(path)` helpers). */
const SKIPPED_NAMESPACES: ReadonlySet<string> = new Set(['_types', 'http']);

// Type aliases of api/_types whose meaning the structure alone does not tell.
const TIME_ALIASES: ReadonlySet<string> = new Set(['Duration', 'DurationLarge']);
const INDEX_ALIASES: ReadonlySet<string> = new Set([
  'Indices',
  'IndexName',
  'IndexAlias',
  'DataStreamName',
  'DataStreamNames',
]);
const FIELD_ALIASES: ReadonlySet<string> = new Set(['Fields', 'Field']);
const NODE_ALIASES: ReadonlySet<string> = new Set(['NodeIds', 'NodeId']);
const TASK_ID_ALIASES: ReadonlySet<string> = new Set(['TaskId']);
const BOOLEAN_OR_INTEGER_ALIASES: ReadonlySet<string> = new Set(['TrackHits']);
/** int64 in the API specification; the declarations only say `number`. */
const LONG_ALIASES: ReadonlySet<string> = new Set(['VersionNumber', 'SequenceNumber']);

// Parameter names whose meaning is fixed whatever their declared type.
const NODE_FILTER_NAMES: ReadonlySet<string> = new Set(['nodes', 'node_id']);
const TASK_ID_NAMES: ReadonlySet<string> = new Set(['task_id', 'parent_task_id']);
/** Operations whose `actions` parameter is a list of task action patterns. */
const TASK_ACTION_OPERATIONS: ReadonlySet<string> = new Set(['tasks.list', 'tasks.cancel', 'cat.tasks']);

/** One piece of a path expression: a literal string or a path parameter. */
type PathPart = { readonly literal: string } | { readonly param: string };

interface PathExpression {
  /** `['/_nodes', node_id, 'stats'].filter(c => c != null).join('/')`: absent parameters are dropped. */
  readonly joined: boolean;
  readonly parts: readonly PathPart[];
}

interface JsOperation {
  readonly name: string;
  readonly pathParams: readonly string[];
  readonly requiredInJs: ReadonlySet<string>;
  /** Every expression assigned to `path` (several when the path is chosen by `if` branches). */
  readonly pathExpressions: readonly PathExpression[];
  readonly methods: readonly HttpMethod[];
  readonly paramDocs: ReadonlyMap<string, ParamDoc>;
}

interface ParamDoc {
  readonly default?: string;
  readonly deprecated: boolean;
  readonly describesFloat: boolean;
}

interface DeclaredProperty {
  readonly name: string;
  readonly optional: boolean;
  readonly typeNode: ts.TypeNode | undefined;
  readonly deprecated: boolean;
}

/** What a declared type is made of, after following type aliases. */
interface TypeShape {
  /** Aliases that name the type as a whole (met before any union), outermost first. */
  readonly aliases: string[];
  /** String (and boolean) literal values in declaration order. */
  readonly literals: string[];
  string: boolean;
  number: boolean;
  boolean: boolean;
  object: boolean;
  /** Shape of the elements when the type is, or may be, an array. */
  array: TypeShape | undefined;
}

function emptyShape(): TypeShape {
  return { aliases: [], literals: [], string: false, number: false, boolean: false, object: false, array: undefined };
}

export function packageRoot(): string {
  // Named in full so that the dependency shows where it is used.
  return path.dirname(require.resolve('@opensearch-project/opensearch/package.json'));
}

export function packageVersion(root: string = packageRoot()): string {
  const manifest: unknown = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  if (typeof manifest === 'object' && manifest !== null && 'version' in manifest) {
    const version = manifest.version;
    if (typeof version === 'string') return version;
  }
  throw new Error(`${PACKAGE_NAME}/package.json has no version`);
}

/** Every operation module of the client: `api/<namespace>/<operation>.js` with its `.d.ts`. */
function operationFiles(apiDir: string): { js: string; dts: string }[] {
  const files: { js: string; dts: string }[] = [];
  for (const namespace of fs.readdirSync(apiDir).sort()) {
    const dir = path.join(apiDir, namespace);
    if (SKIPPED_NAMESPACES.has(namespace) || !fs.statSync(dir).isDirectory()) continue;
    for (const file of fs.readdirSync(dir).sort()) {
      if (!file.endsWith('.js') || file.startsWith('_')) continue;
      const js = path.join(dir, file);
      const dts = js.replace(/\.js$/, '.d.ts');
      if (!fs.existsSync(dts)) throw new Error(`${js} has no declaration file`);
      files.push({ js, dts });
    }
  }
  return files;
}

// ---------------------------------------------------------------------------------------------
// JavaScript: name, path, method, JSDoc defaults

function readJsOperation(file: string): JsOperation {
  const source = ts.createSourceFile(
    file,
    fs.readFileSync(file, 'utf8'),
    ts.ScriptTarget.ES2022,
    true,
    ts.ScriptKind.JS,
  );
  const fn = source.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s));
  if (fn?.body === undefined) throw new Error(`${file}: no operation function`);

  const jsDoc = leadingComments(source, fn);
  const name = /See Also: \{@link \S+ - ([\w.]+)\}/.exec(jsDoc)?.[1];
  if (name === undefined) throw new Error(`${file}: no operation name in the JSDoc`);

  let pathParams: string[] | undefined;
  const pathExpressions: PathExpression[] = [];
  let methods: HttpMethod[] | undefined;
  const requiredInJs = new Set<string>();

  for (const statement of fn.body.statements) {
    const missing = missingParamCheck(statement);
    if (missing !== undefined) requiredInJs.add(missing);
    if (!ts.isVariableStatement(statement)) continue;
    for (const decl of statement.declarationList.declarations) {
      if (decl.initializer === undefined) continue;
      if (ts.isObjectBindingPattern(decl.name)) {
        pathParams = decl.name.elements.flatMap((e) =>
          e.dotDotDotToken === undefined && ts.isIdentifier(e.name) && e.name.text !== 'body' ? [e.name.text] : [],
        );
      } else if (ts.isIdentifier(decl.name) && decl.name.text === 'method') {
        methods = readMethods(decl.initializer, file);
      }
    }
  }
  // `const path = ...`, or `let path;` followed by `path = ...` in `if` branches.
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === 'path' && node.initializer) {
      pathExpressions.push(readPathExpression(node.initializer, file));
    } else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      node.left.text === 'path'
    ) {
      pathExpressions.push(readPathExpression(node.right, file));
    }
    ts.forEachChild(node, visit);
  };
  visit(fn.body);
  if (pathParams === undefined || pathExpressions.length === 0 || methods === undefined) {
    throw new Error(`${file}: could not find the parameters, path and method of the operation`);
  }
  return { name, pathParams, requiredInJs, pathExpressions, methods, paramDocs: readParamDocs(jsDoc) };
}

function leadingComments(source: ts.SourceFile, node: ts.Node): string {
  const text = source.getFullText();
  const ranges = ts.getLeadingCommentRanges(text, node.getFullStart()) ?? [];
  return ranges.map((r) => text.slice(r.pos, r.end)).join('\n');
}

/** `if (params.index == null) return handleMissingParam('index', ...)` names a required parameter. */
function missingParamCheck(statement: ts.Statement): string | undefined {
  if (!ts.isIfStatement(statement)) return undefined;
  const condition = statement.expression;
  if (
    ts.isBinaryExpression(condition) &&
    condition.operatorToken.kind === ts.SyntaxKind.EqualsEqualsToken &&
    ts.isPropertyAccessExpression(condition.left) &&
    ts.isIdentifier(condition.left.expression) &&
    condition.left.expression.text === 'params'
  ) {
    return condition.left.name.text;
  }
  return undefined;
}

function readPathExpression(expr: ts.Expression, file: string): PathExpression {
  // ['', index, '_search'].filter(c => c != null).join('/')
  if (
    ts.isCallExpression(expr) &&
    ts.isPropertyAccessExpression(expr.expression) &&
    expr.expression.name.text === 'join'
  ) {
    const separator = expr.arguments[0];
    const filterCall = expr.expression.expression;
    if (
      expr.arguments.length === 1 &&
      separator !== undefined &&
      ts.isStringLiteral(separator) &&
      separator.text === '/' &&
      ts.isCallExpression(filterCall) &&
      ts.isPropertyAccessExpression(filterCall.expression) &&
      filterCall.expression.name.text === 'filter' &&
      ts.isArrayLiteralExpression(filterCall.expression.expression)
    ) {
      const parts = filterCall.expression.expression.elements.map((e) => pathPart(e, file));
      return { joined: true, parts };
    }
    throw new Error(`${file}: unexpected path expression ${expr.getText()}`);
  }
  // '/' + index + '/_doc/' + id, or a single string literal
  const parts: PathPart[] = [];
  const collect = (e: ts.Expression): void => {
    if (ts.isBinaryExpression(e) && e.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      collect(e.left);
      collect(e.right);
    } else {
      parts.push(pathPart(e, file));
    }
  };
  collect(expr);
  return { joined: false, parts };
}

function pathPart(e: ts.Expression, file: string): PathPart {
  if (ts.isStringLiteral(e)) return { literal: e.text };
  if (ts.isIdentifier(e)) return { param: e.text };
  throw new Error(`${file}: unexpected path segment ${e.getText()}`);
}

/** Every method the expression can yield: `'GET'`, or `body ? 'POST' : 'GET'`. */
function readMethods(expr: ts.Expression, file: string): HttpMethod[] {
  const found = new Set<HttpMethod>();
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node)) {
      const method = HTTP_METHODS.find((m) => m === node.text);
      if (method === undefined) throw new Error(`${file}: unknown HTTP method ${node.text}`);
      found.add(method);
    }
    ts.forEachChild(node, visit);
  };
  visit(expr);
  if (found.size === 0) throw new Error(`${file}: no HTTP method in ${expr.getText()}`);
  return HTTP_METHODS.filter((m) => found.has(m));
}

/** `@param {type} [params.name=default] DEPRECATED - text` lines of the JSDoc. */
function readParamDocs(jsDoc: string): Map<string, ParamDoc> {
  const docs = new Map<string, ParamDoc>();
  const line =
    /@param\s+\{[^}]*\}\s+(\[params\.([^\]=\s]+)(?:=([^\]]*))?\]|params\.([^\s\]]+))(?:[ \t]+(DEPRECATED))?(?:[ \t]+-(.*)|[ \t]*)$/gm;
  for (const match of jsDoc.matchAll(line)) {
    const name = group(match, 2) ?? group(match, 4);
    if (name === undefined) continue;
    const defaultValue = group(match, 3);
    const text = (group(match, 6) ?? '').trim();
    docs.set(name, {
      ...(defaultValue !== undefined && defaultValue !== '' ? { default: defaultValue } : {}),
      deprecated: group(match, 5) !== undefined || /@deprecated/i.test(text),
      describesFloat: /\b(float|double|floating[- ]point)\b/i.test(text),
    });
  }
  return docs;
}

/** A capture group that may not have taken part in the match. */
function group(match: RegExpMatchArray, index: number): string | undefined {
  const value: unknown = match[index];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Every path the expression can produce: required parameters always present, optional ones present
 * or absent. Templates of the same shape are all kept (`/_nodes/{node_id}` and `/_nodes/{metric}`
 * are both real routes, told apart by the server from the segment's value).
 */
function expandPaths(expression: PathExpression, required: ReadonlySet<string>): string[] {
  const render = (part: PathPart): string => ('literal' in part ? part.literal : `{${part.param}}`);
  if (!expression.joined) return [normalisePath(expression.parts.map(render).join(''))];

  const optional = expression.parts.flatMap((p) => ('param' in p && !required.has(p.param) ? [p.param] : []));
  const paths: string[] = [];
  for (let mask = 0; mask < 1 << optional.length; mask++) {
    const present = new Set(optional.filter((_, i) => (mask & (1 << i)) !== 0));
    const segments = expression.parts.filter((p) => 'literal' in p || required.has(p.param) || present.has(p.param));
    const rendered = normalisePath(segments.map(render).join('/'));
    if (!paths.includes(rendered)) paths.push(rendered);
  }
  return paths;
}

function normalisePath(p: string): string {
  return p.startsWith('/') ? p : `/${p}`;
}

// ---------------------------------------------------------------------------------------------
// Declarations: request parameters and their types

function findRequestDeclaration(source: ts.SourceFile): ts.InterfaceDeclaration | ts.TypeAliasDeclaration {
  for (const statement of source.statements) {
    if (
      (ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) &&
      statement.name.text.endsWith('_Request')
    ) {
      return statement;
    }
  }
  throw new Error(`${source.fileName}: no *_Request declaration`);
}

/** The parameters the operation declares itself (not those of `Global.Params` it extends). */
function declaredProperties(decl: ts.InterfaceDeclaration | ts.TypeAliasDeclaration): DeclaredProperty[] {
  const members: ts.TypeElement[] = [];
  if (ts.isInterfaceDeclaration(decl)) {
    members.push(...decl.members);
  } else {
    const collect = (node: ts.TypeNode): void => {
      if (ts.isTypeLiteralNode(node)) members.push(...node.members);
      else if (ts.isIntersectionTypeNode(node)) node.types.forEach(collect);
    };
    collect(decl.type);
  }
  const properties: DeclaredProperty[] = [];
  for (const member of members) {
    if (!ts.isPropertySignature(member)) continue;
    const name = ts.isIdentifier(member.name) || ts.isStringLiteral(member.name) ? member.name.text : undefined;
    if (name === undefined) continue;
    properties.push({
      name,
      optional: member.questionToken !== undefined,
      typeNode: member.type,
      deprecated: ts.getJSDocDeprecatedTag(member) !== undefined,
    });
  }
  return properties;
}

/**
 * Follows type references into their alias declarations and records what the type is made of.
 * `direct` is true while no union has been entered: only those aliases name the type as a whole
 * (`Fields` names `Field | Field[]`, but `boolean | Fields` is not a field list).
 */
function shapeOf(
  checker: ts.TypeChecker,
  node: ts.TypeNode,
  shape: TypeShape = emptyShape(),
  direct = true,
  depth = 0,
): TypeShape {
  if (depth > 20) {
    shape.object = true;
    return shape;
  }
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      shape.string = true;
      return shape;
    case ts.SyntaxKind.NumberKeyword:
      shape.number = true;
      return shape;
    case ts.SyntaxKind.BooleanKeyword:
      shape.boolean = true;
      pushLiteral(shape, 'true');
      pushLiteral(shape, 'false');
      return shape;
    case ts.SyntaxKind.UndefinedKeyword:
    case ts.SyntaxKind.NullKeyword:
      return shape;
    default:
      break;
  }
  if (ts.isParenthesizedTypeNode(node)) return shapeOf(checker, node.type, shape, direct, depth + 1);
  if (ts.isUnionTypeNode(node)) {
    for (const member of node.types) shapeOf(checker, member, shape, false, depth + 1);
    return shape;
  }
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (ts.isStringLiteral(literal)) pushLiteral(shape, literal.text);
    else if (literal.kind === ts.SyntaxKind.TrueKeyword || literal.kind === ts.SyntaxKind.FalseKeyword) {
      shape.boolean = true;
      pushLiteral(shape, literal.kind === ts.SyntaxKind.TrueKeyword ? 'true' : 'false');
    } else if (literal.kind !== ts.SyntaxKind.NullKeyword) shape.object = true;
    return shape;
  }
  if (ts.isArrayTypeNode(node)) {
    shape.array = shapeOf(checker, node.elementType, shape.array ?? emptyShape(), direct, depth + 1);
    return shape;
  }
  if (ts.isTypeReferenceNode(node)) {
    const aliasName = ts.isIdentifier(node.typeName) ? node.typeName.text : node.typeName.right.text;
    const element = node.typeArguments?.length === 1 ? node.typeArguments[0] : undefined;
    if (aliasName === 'Array' && element !== undefined) {
      shape.array = shapeOf(checker, element, shape.array ?? emptyShape(), direct, depth + 1);
      return shape;
    }
    const declaration = aliasDeclaration(checker, node.typeName);
    if (declaration === undefined) {
      shape.object = true;
      return shape;
    }
    if (direct) shape.aliases.push(aliasName);
    return shapeOf(checker, declaration.type, shape, direct, depth + 1);
  }
  shape.object = true;
  return shape;
}

function pushLiteral(shape: TypeShape, value: string): void {
  if (!shape.literals.includes(value)) shape.literals.push(value);
}

function aliasDeclaration(checker: ts.TypeChecker, name: ts.EntityName): ts.TypeAliasDeclaration | undefined {
  let symbol = checker.getSymbolAtLocation(name);
  if (symbol === undefined) return undefined;
  if ((symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
  return symbol.declarations?.find((d): d is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(d));
}

/** Aliases that name the type as a whole, or (for an array) its elements. */
function namingAliases(shape: TypeShape): string[] {
  return shape.array === undefined ? shape.aliases : [...shape.aliases, ...shape.array.aliases];
}

interface Classified {
  readonly kind: ParamKind;
  readonly values?: readonly string[];
}

function classify(operation: string, name: string, shape: TypeShape, doc: ParamDoc | undefined): Classified {
  const aliases = namingAliases(shape);
  const hasAlias = (set: ReadonlySet<string>): boolean => aliases.some((a) => set.has(a));

  if (TASK_ID_NAMES.has(name) || hasAlias(TASK_ID_ALIASES)) return { kind: 'taskId' };
  if (NODE_FILTER_NAMES.has(name) || hasAlias(NODE_ALIASES)) return { kind: 'nodeFilter' };
  if (name === 'actions' && TASK_ACTION_OPERATIONS.has(operation)) return { kind: 'actionList' };
  if (hasAlias(TIME_ALIASES)) return { kind: 'time' };
  if (hasAlias(BOOLEAN_OR_INTEGER_ALIASES)) return { kind: 'booleanOrInteger' };
  if (hasAlias(INDEX_ALIASES)) return { kind: 'indexList' };
  if (hasAlias(FIELD_ALIASES)) return { kind: 'fieldList' };

  const element = shape.array;
  const scalarOnly = !shape.string && !shape.number && !shape.object;
  if (element === undefined) {
    if (shape.object) return { kind: 'string' };
    if (shape.number && !shape.string) {
      if (shape.boolean && shape.literals.every((l) => l === 'true' || l === 'false')) {
        return { kind: 'booleanOrInteger' };
      }
      if (shape.literals.length === 0) return { kind: numberKind(shape, doc) };
      return { kind: 'string' };
    }
    if (scalarOnly && shape.literals.length > 0) {
      const onlyBoolean = shape.literals.every((l) => l === 'true' || l === 'false');
      return onlyBoolean ? { kind: 'boolean' } : { kind: 'enum', values: shape.literals };
    }
    return { kind: 'string' };
  }

  // An array, or a single value or an array of them.
  const elementScalarOnly = !element.string && !element.number && !element.object && element.array === undefined;
  if (elementScalarOnly && scalarOnly && element.literals.length > 0) {
    const values = [...shape.literals];
    for (const l of element.literals) if (!values.includes(l)) values.push(l);
    return { kind: 'enumList', values };
  }
  const elementIsString = element.string && !element.number && !element.object && element.array === undefined;
  if (elementIsString && !shape.number && !shape.boolean && !shape.object) return { kind: 'list' };
  return { kind: 'string' };
}

function numberKind(shape: TypeShape, doc: ParamDoc | undefined): ParamKind {
  if (shape.aliases.some((a) => /float|double/i.test(a)) || doc?.describesFloat === true) return 'float';
  if (shape.aliases.some((a) => LONG_ALIASES.has(a))) return 'long';
  return 'integer';
}

// ---------------------------------------------------------------------------------------------
// Endpoints

export function generateEndpoints(root: string = packageRoot()): EndpointSpec[] {
  const files = operationFiles(path.join(root, 'api'));
  const program = ts.createProgram({
    rootNames: files.map((f) => f.dts),
    options: { noEmit: true, strict: true, skipLibCheck: true, types: [], target: ts.ScriptTarget.ES2022 },
  });
  const checker = program.getTypeChecker();

  const endpoints: EndpointSpec[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    const js = readJsOperation(file.js);
    if (seen.has(js.name)) throw new Error(`${file.js}: operation ${js.name} appears twice`);
    seen.add(js.name);

    const source = program.getSourceFile(file.dts);
    if (source === undefined) throw new Error(`${file.dts} is not part of the program`);
    const properties = declaredProperties(findRequestDeclaration(source));

    const required = new Set(js.requiredInJs);
    for (const p of properties) if (!p.optional) required.add(p.name);

    const pathParams = new Set(js.pathParams);
    let body: EndpointSpec['body'] = 'none';
    const params: ParamSpec[] = [];
    for (const property of properties) {
      if (property.name === 'body') {
        body = required.has('body') ? 'required' : 'optional';
        continue;
      }
      if (pathParams.has(property.name) || GLOBAL_PARAMS.has(property.name)) continue;
      const doc = js.paramDocs.get(property.name);
      const shape = property.typeNode === undefined ? emptyShape() : shapeOf(checker, property.typeNode);
      const { kind, values } = classify(js.name, property.name, shape, doc);
      params.push({
        name: property.name,
        kind,
        ...(values !== undefined ? { values } : {}),
        ...(doc?.default !== undefined ? { default: doc.default } : {}),
        ...(property.deprecated || doc?.deprecated === true ? { deprecated: true } : {}),
      });
    }
    params.sort((a, b) => compare(a.name, b.name));

    endpoints.push({
      name: js.name,
      methods: js.methods,
      paths: unique(js.pathExpressions.flatMap((e) => expandPaths(e, required))).sort(comparePaths),
      params,
      body,
    });
  }
  endpoints.sort((a, b) => compare(a.name, b.name));
  return endpoints;
}

function unique<T>(items: readonly T[]): T[] {
  return items.filter((item, i) => items.indexOf(item) === i);
}

/** Shorter paths first, then by text. */
function comparePaths(a: string, b: string): number {
  return a.split('/').length - b.split('/').length || compare(a, b);
}

/** Locale-independent ordering, so that the output is the same on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

// ---------------------------------------------------------------------------------------------
// Printing (laid out the way Prettier would, with printWidth 120, single quotes, trailing commas)

const PRINT_WIDTH = 120;

type Printable = string | number | boolean | readonly Printable[] | { readonly [key: string]: Printable | undefined };

function quote(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function printKey(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? key : quote(key);
}

function printInline(value: Printable): string {
  if (typeof value === 'string') return quote(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (isPrintableArray(value)) return `[${value.map(printInline).join(', ')}]`;
  const entries = objectEntries(value);
  return entries.length === 0 ? '{}' : `{ ${entries.map(([k, v]) => `${printKey(k)}: ${printInline(v)}`).join(', ')} }`;
}

/** Prints `value` at `indent`, after `prefix` on the same line and followed by `suffix`. */
function printValue(value: Printable, indent: string, prefix: string, suffix: string): string {
  const inline = `${indent}${prefix}${printInline(value)}${suffix}`;
  if (!mustBreak(value) && inline.length <= PRINT_WIDTH) return inline;
  const inner = `${indent}  `;
  if (typeof value !== 'object') return inline;
  if (isPrintableArray(value)) {
    if (value.length === 0) return inline;
    const items = value.map((item) => printValue(item, inner, '', ','));
    return `${indent}${prefix}[\n${items.join('\n')}\n${indent}]${suffix}`;
  }
  const entries = objectEntries(value);
  if (entries.length === 0) return inline;
  const lines = entries.map(([k, v]) => printValue(v, inner, `${printKey(k)}: `, ','));
  return `${indent}${prefix}{\n${lines.join('\n')}\n${indent}}${suffix}`;
}

/** Prettier always breaks an array of two or more objects that each have two or more keys. */
function mustBreak(value: Printable): boolean {
  return (
    isPrintableArray(value) &&
    value.length > 1 &&
    value.every((item) => typeof item === 'object' && !isPrintableArray(item) && objectEntries(item).length > 1)
  );
}

function isPrintableArray(value: Printable): value is readonly Printable[] {
  return Array.isArray(value);
}

function objectEntries(value: { readonly [key: string]: Printable | undefined }): [string, Printable][] {
  return Object.entries(value).flatMap(([k, v]) => (v === undefined ? [] : [[k, v] as [string, Printable]]));
}

function printEndpoint(endpoint: EndpointSpec): string {
  const params: Printable[] = endpoint.params.map((p) => ({
    name: p.name,
    kind: p.kind,
    values: p.values,
    default: p.default,
    deprecated: p.deprecated,
  }));
  const fields: [string, Printable][] = [
    ['name', endpoint.name],
    ['methods', endpoint.methods],
    ['paths', endpoint.paths],
    ['body', endpoint.body],
    ['params', params],
  ];
  const lines = fields.map(([k, v]) => printValue(v, '    ', `${k}: `, ','));
  return `  {\n${lines.join('\n')}\n  },`;
}

export function generateEndpointsSource(root: string = packageRoot()): string {
  const endpoints = generateEndpoints(root);
  return [
    `// Generated by scripts/generate-spec.ts from ${PACKAGE_NAME} ${packageVersion(root)}. Do not edit.`,
    '// Regenerate with `npm run generate:spec`.',
    '',
    "import type { EndpointSpec } from '../types';",
    '',
    'export const GENERATED_ENDPOINTS: readonly EndpointSpec[] = [',
    ...endpoints.map(printEndpoint),
    '];',
    '',
  ].join('\n');
}

/** Where the generated file lives: found from the repository root (the folder with package.json). */
export function endpointsOutputPath(start: string = __dirname): string {
  let dir = start;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'server'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no repository root above ${start}`);
    dir = parent;
  }
  return path.join(dir, OUTPUT_PATH);
}

if (require.main === module) {
  const output = endpointsOutputPath();
  fs.mkdirSync(path.dirname(output), { recursive: true });
  fs.writeFileSync(output, generateEndpointsSource());
  console.log(`wrote ${path.relative(process.cwd(), output)}`);
}
