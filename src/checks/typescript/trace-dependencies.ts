/**
 * Which declarations a flagged piece of code depends on, asked of the type checker. A finding's
 * node reads a symbol, calls a signature, is checked against a contextual type, or has a type
 * that comes from somewhere; each of those leads to a declaration, and a declaration's own
 * annotation leads to more. The trace walks that breadth-first, nearest first, and keeps the
 * declarations the repository's own files make, named as their declaration tables name them
 * (declaration-names.ts). Triage later keeps those the edit changed (core/triage/causes.ts).
 *
 * A member that no longer exists (`card.price` after `price` was renamed) has no symbol; the
 * trace names it after the types the object has (`RateCard.price`, and each base type's), which
 * is the name the baseline's table has for it. A literal missing a required member names the
 * missing member the same way.
 */
import type ts from 'typescript';
import type { DeclarationRef } from '../../core/declaration-table.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { logDebug } from '../../debug/log-debug.js';
import { makeProgramView, type CheckerView, type Syntax } from './checker-view.js';
import { nameDeclaration } from './declaration-names.js';

/** Nearest first; a finding rarely needs more than the first few to meet the change. */
const maxRefs = 8;
/** How far from the flagged node the trace follows declarations. */
const maxDepth = 10;
/** Checker questions per finding: a bound on the cost of one trace whatever the code looks like. */
const maxSteps = 150;

export interface DependencyTracer {
  /** The declarations the node spanning [start, end) in `file` depends on, nearest first. */
  trace(file: ts.SourceFile, start: number, end: number): DeclarationRef[];
}

type Item<Symbol, Type> =
  | { kind: 'node'; node: ts.Node }
  | { kind: 'expression'; node: ts.Node }
  | { kind: 'symbol'; symbol: Symbol }
  | { kind: 'type'; type: Type }
  | { kind: 'typeNode'; node: ts.Node }
  | { kind: 'member'; type: Type; name: string };

/** The trace over a classic program (TypeScript 5/6). */
export function makeDependencyTracer(
  ts: typeof import('typescript'),
  program: ts.Program,
  toRepoPath: (path: string) => string,
): DependencyTracer {
  return makeViewTracer(ts, makeProgramView(ts, program), toRepoPath);
}

/** The trace over any checker that answers the view's questions (TypeScript 5/6 in process, 7 through its API). */
export function makeViewTracer<Symbol, Type>(
  ts: Syntax,
  checker: CheckerView<Symbol, Type>,
  toRepoPath: (path: string) => string,
): DependencyTracer {
  return { trace: (file, start, end) => traceSpan(makeTraceState(ts, checker, toRepoPath), file, start, end) };
}

/** One trace's state: what it has found, what it has asked, and what it asks next. */
export interface TraceState<Symbol, Type> {
  readonly ts: Syntax;
  readonly checker: CheckerView<Symbol, Type>;
  readonly toRepoPath: (path: string) => string;
  /** The declarations found so far, nearest first. */
  readonly refs: DeclarationRef[];
  readonly seenRefs: Set<string>;
  /** The declarations around the flagged node: its own, never a cause. */
  readonly enclosing: Set<string>;
  readonly seen: Record<Item<Symbol, Type>['kind'], Set<unknown>>;
  /** A small number per type key, so a member's key is a string. */
  readonly memberKeys: Map<unknown, number>;
  /** The items of the next level of the breadth-first walk. */
  next: Item<Symbol, Type>[];
  /** Checker questions asked so far. */
  steps: number;
}

export function makeTraceState<Symbol, Type>(
  ts: Syntax,
  checker: CheckerView<Symbol, Type>,
  toRepoPath: (path: string) => string,
): TraceState<Symbol, Type> {
  return {
    ts,
    checker,
    toRepoPath,
    refs: [],
    seenRefs: new Set(),
    enclosing: new Set(),
    seen: {
      node: new Set(),
      expression: new Set(),
      symbol: new Set(),
      type: new Set(),
      typeNode: new Set(),
      member: new Set(),
    },
    memberKeys: new Map(),
    next: [],
    steps: 0,
  };
}

/** The declarations the node spanning [start, end) in `file` depends on, nearest first. */
export function traceSpan<Symbol, Type>(
  state: TraceState<Symbol, Type>,
  file: ts.SourceFile,
  start: number,
  end: number,
): DeclarationRef[] {
  const { ts, refs } = state;
  const flagged = findNode(ts, file, start, end);
  if (flagged === undefined) return refs;
  // A finding inside a declaration is that declaration's own error, not a site of its change.
  for (let node: ts.Node = flagged; !ts.isSourceFile(node); node = node.parent) {
    const name = nameDeclaration(ts, node);
    if (name !== undefined) state.enclosing.add(`${state.toRepoPath(file.fileName)}\0${name}`);
  }
  // A member access flagged at its name or index (no-unsafe-member-access on `rank()[0]`): the
  // value accessed is what the finding is about, so it is traced first.
  const accessed = findAccessedValue(ts, flagged);
  if (accessed !== undefined) push(state, { kind: 'expression', node: accessed });
  visitContext(state, flagged);
  walkLevels(state);
  return refs.slice(0, maxRefs);
}

function walkLevels<Symbol, Type>(state: TraceState<Symbol, Type>): void {
  for (let depth = 0; depth <= maxDepth && state.next.length > 0; depth += 1) {
    const level = state.next;
    state.next = [];
    for (const item of level) {
      if (state.refs.length >= maxRefs || state.steps >= maxSteps) return;
      visitItem(state, item);
    }
  }
}

/** The object of the member access whose name or index `node` is; undefined for any other node. */
function findAccessedValue(ts: Syntax, node: ts.Node): ts.Expression | undefined {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return parent.expression;
  if (ts.isElementAccessExpression(parent) && parent.argumentExpression === node) return parent.expression;
  return undefined;
}

function push<Symbol, Type>(state: TraceState<Symbol, Type>, item: Item<Symbol, Type>): void {
  state.next.push(item);
}

function addRef<Symbol, Type>(state: TraceState<Symbol, Type>, declaration: ts.Node, member?: string): void {
  const source = declaration.getSourceFile();
  if (!state.checker.isOwnFile(source)) return;
  const name = nameDeclaration(state.ts, declaration);
  if (name === undefined) return;
  const ref = { path: state.toRepoPath(source.fileName), name: member === undefined ? name : `${name}.${member}` };
  if (ref.path.startsWith('../')) return;
  const key = `${ref.path}\0${ref.name}`;
  if (state.seenRefs.has(key) || state.enclosing.has(key)) return;
  state.seenRefs.add(key);
  state.refs.push(ref);
}

function visitContext<Symbol, Type>(state: TraceState<Symbol, Type>, flagged: ts.Node): void {
  const { ts, checker } = state;
  push(state, { kind: 'node', node: flagged });
  // The constructs around the flagged node that give it its expected type: the call it is an
  // argument of, the literal it is a member of, the declaration it initialises, the return.
  let child = flagged;
  for (let hops = 0; hops < 6 && !ts.isSourceFile(child); hops += 1) {
    const parent = child.parent;
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const index = parent.arguments?.indexOf(child as ts.Expression) ?? -1;
      if (index !== -1 || child === parent.expression) pushSignature(state, parent, index);
    } else if (ts.isObjectLiteralExpression(parent)) {
      const contextual = checker.contextualTypeOf(parent);
      if (contextual !== undefined) push(state, { kind: 'type', type: contextual });
    } else if (
      (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isParameter(parent)) &&
      parent.type !== undefined
    ) {
      push(state, { kind: 'typeNode', node: parent.type });
    } else if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === child)) {
      const fn = ts.isReturnStatement(parent) ? ts.findAncestor(parent, ts.isFunctionLike) : parent;
      if (fn !== undefined) {
        if (fn.type !== undefined) push(state, { kind: 'typeNode', node: fn.type });
        addRef(state, fn);
      }
    } else if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.right === child
    ) {
      push(state, { kind: 'expression', node: parent.left });
    }
    if (isBoundary(ts, parent)) break;
    child = parent;
  }
}

function pushSignature<Symbol, Type>(
  state: TraceState<Symbol, Type>,
  call: ts.CallExpression | ts.NewExpression,
  argument: number,
): void {
  const declaration = state.checker.resolveCallee(call);
  if (declaration !== undefined) {
    addRef(state, declaration);
    const parameter = argument === -1 ? undefined : declaration.parameters[argument];
    if (parameter?.type !== undefined) push(state, { kind: 'typeNode', node: parameter.type });
    // The call's own value: what the callee declares it returns (`UseBoundStore<Mutate<StoreApi<T>, Mos>>`).
    if (argument === -1 && declaration.type !== undefined) push(state, { kind: 'typeNode', node: declaration.type });
  }
  push(state, { kind: 'expression', node: call.expression });
}

/** The flagged node itself: a name, a statement or declaration flagged whole, or an expression. */
export function visitNode<Symbol, Type>(state: TraceState<Symbol, Type>, node: ts.Node): void {
  const { ts, checker } = state;
  if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node)) {
    visitName(state, node);
    return;
  }
  // A statement or declaration flagged whole (typescript-eslint reports a return, an assignment): what it sets.
  if (ts.isReturnStatement(node) || ts.isExpressionStatement(node) || ts.isThrowStatement(node)) {
    if (node.expression !== undefined) push(state, { kind: 'expression', node: node.expression });
    const fn = ts.isReturnStatement(node) ? ts.findAncestor(node, ts.isFunctionLike) : undefined;
    if (fn?.type !== undefined) push(state, { kind: 'typeNode', node: fn.type });
    return;
  }
  if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.initializer !== undefined)
    push(state, { kind: 'expression', node: node.initializer });
  if (ts.isObjectLiteralExpression(node)) {
    // A literal flagged whole lacks members its contextual type requires: name them.
    const contextual = checker.contextualTypeOf(node);
    if (contextual !== undefined) {
      const present = new Set(node.properties.map((property) => property.name?.getText()));
      for (const property of checker.propertiesOf(contextual)) {
        const name = checker.nameOf(property);
        if (!checker.isOptional(property) && !present.has(name))
          push(state, { kind: 'member', type: contextual, name });
      }
      push(state, { kind: 'type', type: contextual });
    }
  }
  if (ts.isExpression(node)) push(state, { kind: 'expression', node });
  else if (ts.isTypeNode(node)) push(state, { kind: 'typeNode', node });
  const symbol = isNamed(ts, node) ? checker.symbolAt(node.name) : undefined;
  if (symbol !== undefined) push(state, { kind: 'symbol', symbol });
}

/** A flagged name: the member it reads or sets, the specifier it imports, and its symbol. */
function visitName<Symbol, Type>(
  state: TraceState<Symbol, Type>,
  node: ts.Identifier | ts.PrivateIdentifier | ts.StringLiteral,
): void {
  const { ts, checker } = state;
  const parent = node.parent;
  const text = node.text;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
    pushMember(state, parent.expression, text);
    push(state, { kind: 'expression', node: parent.expression });
  } else if (
    (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent) || ts.isMethodDeclaration(parent)) &&
    parent.name === node &&
    ts.isObjectLiteralExpression(parent.parent)
  ) {
    const contextual = checker.contextualTypeOf(parent.parent);
    if (contextual !== undefined) push(state, { kind: 'member', type: contextual, name: text });
  } else if (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === node) {
    pushMember(state, parent.parent, text);
  } else if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) {
    visitSpecifier(state, parent);
    return;
  }
  const symbol = checker.symbolAt(node);
  if (symbol !== undefined) push(state, { kind: 'symbol', symbol });
}

function visitSpecifier<Symbol, Type>(
  state: TraceState<Symbol, Type>,
  specifier: ts.ImportSpecifier | ts.ExportSpecifier,
): void {
  const { ts, checker, toRepoPath } = state;
  const declaration = ts.isImportSpecifier(specifier) ? specifier.parent.parent.parent : specifier.parent.parent;
  const moduleSpecifier = declaration.moduleSpecifier;
  const name = (specifier.propertyName ?? specifier.name).text;
  const module = moduleSpecifier === undefined ? undefined : checker.symbolAt(moduleSpecifier);
  const source = module === undefined ? undefined : checker.ownDeclarationsOf(module, 1)[0];
  if (source !== undefined && ts.isSourceFile(source)) {
    const key = `${toRepoPath(source.fileName)}\0${name}`;
    if (!state.seenRefs.has(key)) {
      state.seenRefs.add(key);
      state.refs.push({ path: toRepoPath(source.fileName), name });
    }
  }
  const symbol = checker.symbolAt(specifier.name);
  if (symbol !== undefined) push(state, { kind: 'symbol', symbol });
}

function visitExpression<Symbol, Type>(state: TraceState<Symbol, Type>, node: ts.Node): void {
  const { ts, checker } = state;
  // What its type was made from: `create<State>()` returns `UseBoundStore<StoreApi<State>>`,
  // and a `never` or an `any` read from it comes from `StoreApi`, which only the type says.
  if (ts.isIdentifier(node) || ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
    const type = checker.typeAt(node);
    if (type !== undefined) push(state, { kind: 'type', type });
  }
  if (ts.isIdentifier(node)) {
    const symbol = checker.symbolAt(node);
    if (symbol !== undefined) push(state, { kind: 'symbol', symbol });
  } else if (ts.isPropertyAccessExpression(node)) {
    const symbol = checker.symbolAt(node.name);
    if (symbol !== undefined) push(state, { kind: 'symbol', symbol });
    else pushMember(state, node.expression, node.name.text);
    push(state, { kind: 'expression', node: node.expression });
  } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
    pushSignature(state, node, -1);
  } else if (ts.isElementAccessExpression(node)) {
    push(state, { kind: 'expression', node: node.expression });
  } else if (
    ts.isParenthesizedExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isSatisfiesExpression(node) ||
    ts.isTypeAssertionExpression(node)
  ) {
    if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node))
      push(state, { kind: 'typeNode', node: node.type });
    push(state, { kind: 'expression', node: node.expression });
  } else if (ts.isConditionalExpression(node)) {
    push(state, { kind: 'expression', node: node.whenTrue });
    push(state, { kind: 'expression', node: node.whenFalse });
  } else if (ts.isBinaryExpression(node)) {
    push(state, { kind: 'expression', node: node.left });
    push(state, { kind: 'expression', node: node.right });
  } else if (ts.isTaggedTemplateExpression(node)) {
    push(state, { kind: 'expression', node: node.tag });
  }
}

function visitSymbol<Symbol, Type>(state: TraceState<Symbol, Type>, symbol: Symbol): void {
  const { checker } = state;
  // A property of a mapped, union or intersection type (`Pick<StoreApi<T>, 'getState'>`'s) comes from the member it copies.
  for (const root of checker.rootSymbolsOf(symbol)) push(state, { kind: 'symbol', symbol: root });
  for (const declaration of checker.ownDeclarationsOf(checker.resolveAlias(symbol), 3)) {
    addRef(state, declaration);
    followDeclaration(state, declaration);
  }
}

/** A member of the type an expression has, by name: `card.price` names `RateCard.price` even once `price` is gone. */
function pushMember<Symbol, Type>(state: TraceState<Symbol, Type>, expression: ts.Node, name: string): void {
  const type = state.checker.typeAt(expression);
  if (type !== undefined) push(state, { kind: 'member', type, name });
}

/** What a declaration's own type comes from: its annotation, or the expression it is set from. */
function followDeclaration<Symbol, Type>(state: TraceState<Symbol, Type>, declaration: ts.Node): void {
  const { ts, checker } = state;
  if (ts.isVariableDeclaration(declaration)) {
    if (declaration.type !== undefined) push(state, { kind: 'typeNode', node: declaration.type });
    else if (declaration.initializer !== undefined) push(state, { kind: 'expression', node: declaration.initializer });
    else if (ts.isForOfStatement(declaration.parent.parent))
      push(state, { kind: 'expression', node: declaration.parent.parent.expression });
  } else if (ts.isParameter(declaration)) {
    if (declaration.type !== undefined) push(state, { kind: 'typeNode', node: declaration.type });
    else pushCallbackContext(state, declaration.parent);
  } else if (ts.isBindingElement(declaration)) {
    const name = (declaration.propertyName ?? declaration.name).getText();
    pushMember(state, declaration.parent, name);
    let root: ts.Node = declaration.parent;
    while (ts.isBindingElement(root) || ts.isObjectBindingPattern(root) || ts.isArrayBindingPattern(root))
      root = root.parent;
    if (ts.isVariableDeclaration(root) || ts.isParameter(root)) followDeclaration(state, root);
  } else if (
    ts.isPropertySignature(declaration) ||
    ts.isPropertyDeclaration(declaration) ||
    ts.isTypeAliasDeclaration(declaration)
  ) {
    if (declaration.type !== undefined) push(state, { kind: 'typeNode', node: declaration.type });
  } else if (ts.isFunctionLike(declaration)) {
    if (declaration.type !== undefined) push(state, { kind: 'typeNode', node: declaration.type });
  } else if (ts.isInterfaceDeclaration(declaration) || ts.isClassDeclaration(declaration)) {
    for (const clause of declaration.heritageClauses ?? [])
      for (const base of clause.types) push(state, { kind: 'typeNode', node: base });
  } else if (ts.isPropertyAssignment(declaration)) {
    // `{ useBoundStore: create(…) }` returned from a helper: the member is what it was set to.
    push(state, { kind: 'expression', node: declaration.initializer });
  } else if (ts.isShorthandPropertyAssignment(declaration)) {
    const value = checker.shorthandValueOf(declaration);
    if (value !== undefined) push(state, { kind: 'symbol', symbol: value });
  } else if (ts.isTypeParameterDeclaration(declaration) && declaration.constraint !== undefined) {
    // `S extends ReadonlyStoreApi<unknown>`: what any S is made of.
    push(state, { kind: 'typeNode', node: declaration.constraint });
  }
}

/** An untyped callback's parameters come from the call it is passed to. */
function pushCallbackContext<Symbol, Type>(state: TraceState<Symbol, Type>, fn: ts.Node): void {
  const { ts } = state;
  if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return;
  let node: ts.Node = fn;
  for (let hops = 0; hops < 4; hops += 1) {
    const parent: ts.Node = node.parent;
    if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
      const index = parent.arguments?.indexOf(node as ts.Expression) ?? -1;
      pushSignature(state, parent, index);
      return;
    }
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isObjectLiteralExpression(parent) ||
      ts.isPropertyAssignment(parent)
    ) {
      node = parent;
      continue;
    }
    if (ts.isVariableDeclaration(parent) && parent.type !== undefined) {
      push(state, { kind: 'typeNode', node: parent.type });
    }
    return;
  }
}

function visitMember<Symbol, Type>(state: TraceState<Symbol, Type>, type: Type, name: string): void {
  const { checker } = state;
  for (const part of expandType(checker, type)) {
    for (const container of [checker.aliasSymbolOf(part), checker.symbolOf(part)]) {
      if (container === undefined) continue;
      for (const declaration of checker.ownDeclarationsOf(container, 3)) addRef(state, declaration, name);
    }
    const property = checker.propertyOf(part, name);
    if (property !== undefined) push(state, { kind: 'symbol', symbol: property });
  }
}

/** The type, its union or intersection members, and the base types of each class or interface among them. */
function expandType<Symbol, Type>(checker: CheckerView<Symbol, Type>, type: Type): Type[] {
  const parts = checker.membersOf(type)?.slice(0, 8) ?? [type];
  const all: Type[] = [];
  const keys = new Set<unknown>();
  const addWithBases = (part: Type, depth: number) => {
    const key = checker.keyOf(part);
    if (keys.has(key) || all.length > 16) return;
    keys.add(key);
    all.push(part);
    if (depth > 3) return;
    for (const base of checker.baseTypesOf(part)) addWithBases(base, depth + 1);
  };
  for (const part of parts) addWithBases(part, 0);
  return all;
}

function visitType<Symbol, Type>(state: TraceState<Symbol, Type>, type: Type): void {
  const { checker } = state;
  const alias = checker.aliasSymbolOf(type);
  if (alias !== undefined) push(state, { kind: 'symbol', symbol: alias });
  const symbol = checker.symbolOf(type);
  if (symbol !== undefined && !checker.nameOf(symbol).startsWith('__')) push(state, { kind: 'symbol', symbol });
  for (const member of checker.membersOf(type)?.slice(0, 8) ?? []) push(state, { kind: 'type', type: member });
  for (const argument of checker.aliasArgumentsOf(type)) push(state, { kind: 'type', type: argument });
}

function visitTypeNode<Symbol, Type>(state: TraceState<Symbol, Type>, node: ts.Node): void {
  const { ts, checker } = state;
  let found = 0;
  const visit = (child: ts.Node): void => {
    if (found >= 10) return;
    const name = ts.isTypeReferenceNode(child)
      ? child.typeName
      : ts.isExpressionWithTypeArguments(child)
        ? child.expression
        : ts.isTypeQueryNode(child)
          ? child.exprName
          : undefined;
    if (name !== undefined) {
      const symbol = checker.symbolAt(ts.isQualifiedName(name) ? name.right : name);
      if (symbol !== undefined) {
        found += 1;
        push(state, { kind: 'symbol', symbol });
      }
    }
    ts.forEachChild(child, visit);
  };
  visit(node);
}

/** One item of the walk, once per key of its kind; each counts as a step. */
function visitItem<Symbol, Type>(state: TraceState<Symbol, Type>, item: Item<Symbol, Type>): void {
  const seenOfKind = state.seen[item.kind];
  const key = keyOfItem(state, item);
  if (seenOfKind.has(key)) return;
  seenOfKind.add(key);
  state.steps += 1;
  switch (item.kind) {
    case 'node':
      visitNode(state, item.node);
      break;
    case 'expression':
      visitExpression(state, item.node);
      break;
    case 'symbol':
      visitSymbol(state, item.symbol);
      break;
    case 'type':
      visitType(state, item.type);
      break;
    case 'typeNode':
      visitTypeNode(state, item.node);
      break;
    case 'member':
      visitMember(state, item.type, item.name);
      break;
  }
}

function keyOfItem<Symbol, Type>(state: TraceState<Symbol, Type>, item: Item<Symbol, Type>): unknown {
  const { checker, memberKeys } = state;
  if (item.kind === 'member') {
    const typeKey = checker.keyOf(item.type);
    let id = memberKeys.get(typeKey);
    if (id === undefined) memberKeys.set(typeKey, (id = memberKeys.size));
    return `${id}\0${item.name}`;
  }
  return item.kind === 'symbol' ? item.symbol : item.kind === 'type' ? checker.keyOf(item.type) : item.node;
}

/** Statements, functions and the file end the search for the flagged node's context. */
function isBoundary(ts: Syntax, node: ts.Node): boolean {
  return ts.isStatement(node) || ts.isFunctionLike(node) || ts.isSourceFile(node) || ts.isClassLike(node);
}

function isNamed(ts: Syntax, node: ts.Node): node is ts.NamedDeclaration & { name: ts.Node } {
  const name = (node as ts.NamedDeclaration).name;
  return name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name));
}

/** The innermost node covering [start, end): the one a finding's span names. */
export function findNode(ts: Syntax, file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (node.getStart(file) <= start && Math.max(end, start + 1) <= node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(file, visit);
  return found;
}

/** Sets a finding's `dependsOn` from the declarations its span depends on (none: left unset). */
export function traceDiagnostic(tracer: DependencyTracer, file: ts.SourceFile, diagnostic: Diagnostic): void {
  if (diagnostic.line === 0) return;
  const start = findPosition(file, diagnostic.line, diagnostic.column);
  const end =
    diagnostic.endLine === undefined ? start : findPosition(file, diagnostic.endLine, diagnostic.endColumn ?? 1);
  if (start === undefined || end === undefined) return;
  let refs: DeclarationRef[];
  try {
    refs = tracer.trace(file, start, end);
  } catch (error) {
    // A trace is a hint for triage: a checker that answers oddly costs the hint, never the check.
    logDebug(`no trace for ${diagnostic.tool} ${diagnostic.path ?? ''}:${diagnostic.line}: ${String(error)}`);
    return;
  }
  if (refs.length > 0) diagnostic.dependsOn = refs;
}

/** The offset of a 1-based line and column, or undefined beyond the file's lines. */
function findPosition(file: ts.SourceFile, line: number, column: number): number | undefined {
  const lineStart = file.getLineStarts()[line - 1];
  return lineStart === undefined ? undefined : Math.min(lineStart + column - 1, file.text.length);
}
