/**
 * Derived findings, decided by the type checker. Where the compiler cannot type an expression (a
 * member that no longer exists, a name that no longer resolves) it gives it its error type; a call
 * through such a value is untyped, so the callbacks passed to it get no contextual type and their
 * parameters implicitly have type `any` (TS7006, TS7031), and every value read from them is plain
 * `any` to typescript-eslint's no-unsafe-* rules. All of that follows from the one error and goes
 * away with it.
 *
 * This traces values back to the error-typed expression they come from (their origin), within the
 * program: through variables without a type annotation, destructuring, member reads, untyped
 * calls, and callbacks passed to untyped calls. It marks the compiler's own implicit-any
 * diagnostics with their origin, and lists, per file, the source spans whose value is derived (and
 * the declarations, assignments, returns and member names the lint rules report on them), for
 * triage to match lint findings against. A value typed by a declaration (`any` written by hand, a
 * library's own `any`) has no origin: its findings are independent and stay shown. A name the
 * compiler reports an implicit any at, with no origin of its own, is an origin itself: that
 * diagnostic stays shown, and the unsafe uses of the name follow from it.
 *
 * Only files where the compiler reports an error are read: a derived implicit any is reported in
 * the file whose callback it is, next to the error its callee's type comes from. Values that are
 * plain `any` in a file without errors (an untyped call's result exported to another file) are
 * not traced.
 */
import type ts from 'typescript';
import type { Diagnostic, SourceSpan } from '../../core/diagnostic.js';
import type { DerivedSpans } from '../check.js';
import { findNode } from '../typescript/trace-dependencies.js';

type TypeScript = typeof ts;

/**
 * The implicit-any diagnostics a derived value produces: parameter (7006), binding element (7031),
 * rest parameter (7019), variable (7005, 7034), member (7008), and their "but a better type may be
 * inferred from usage" variants (7044, 7045, 7046, 7047).
 */
const implicitAnyCodes: ReadonlySet<string> = new Set([
  'TS7005',
  'TS7006',
  'TS7008',
  'TS7019',
  'TS7031',
  'TS7034',
  'TS7044',
  'TS7045',
  'TS7046',
  'TS7047',
]);

export interface DerivedAnalysis {
  /**
   * Reads one file the program checked, given the diagnostics the check reported in it: marks the
   * implicit-any ones that derive from an error-typed value (`derivedFrom`) and records the file's
   * derived spans. Files without an error are skipped.
   */
  addFile(file: ts.SourceFile, diagnostics: readonly Diagnostic[]): void;
  finish(): DerivedSpans;
}

/** One analysis's state: the program it asks, the origins found so far and the traces already made. */
interface DerivedState {
  readonly ts: TypeScript;
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  readonly toRepoPath: (path: string) => string;
  readonly into: DerivedSpans;
  /** Each origin's index in `into.origins`, by its span. */
  readonly originIndex: Map<string, number>;
  /** The origin of each expression and symbol traced (null: none, or its trace is under way). */
  readonly expressionOrigins: Map<ts.Node, ts.Node | null>;
  readonly symbolOrigins: Map<ts.Symbol, ts.Node | null>;
  /**
   * Names the compiler reports an implicit any at, in the file being read. An implicit any that
   * derives from nothing is itself an error the compiler reports: what is read from it follows
   * from that error (and goes away when the name gets a type), so it is an origin.
   */
  readonly implicitAnyNames: Set<ts.Node>;
}

export function makeDerivedAnalysis(
  ts: TypeScript,
  program: ts.Program,
  toRepoPath: (path: string) => string,
  into: DerivedSpans = { origins: [], spans: {} },
): DerivedAnalysis {
  const state: DerivedState = {
    ts,
    program,
    checker: program.getTypeChecker(),
    toRepoPath,
    into,
    originIndex: new Map(),
    expressionOrigins: new Map(),
    symbolOrigins: new Map(),
    implicitAnyNames: new Set(),
  };
  return { addFile: (file, diagnostics) => addDerivedFile(state, file, diagnostics), finish: () => into };
}

function isAny(state: DerivedState, type: ts.Type): boolean {
  return (type.flags & state.ts.TypeFlags.Any) !== 0;
}

// The checker's error type is an `any` named "error"; typescript-eslint tells it apart the same way.
function isErrorType(state: DerivedState, type: ts.Type): boolean {
  return isAny(state, type) && (type as { intrinsicName?: string }).intrinsicName === 'error';
}

function isInProgramSource(state: DerivedState, node: ts.Node): boolean {
  const file = node.getSourceFile();
  return !file.isDeclarationFile && !state.program.isSourceFileFromExternalLibrary(file);
}

function spanOf(state: DerivedState, node: ts.Node, start = node.getStart()): SourceSpan {
  const file = node.getSourceFile();
  const from = file.getLineAndCharacterOfPosition(start);
  const to = file.getLineAndCharacterOfPosition(node.getEnd());
  return {
    path: state.toRepoPath(file.fileName),
    line: from.line + 1,
    column: from.character + 1,
    endLine: to.line + 1,
    endColumn: to.character + 1,
  };
}

function indexOrigin(state: DerivedState, origin: ts.Node): number {
  const span = spanOf(state, origin);
  // The origin's own span: the compiler's error about it lies inside.
  const key = `${span.path}:${span.line}:${span.column}:${span.endLine}:${span.endColumn}`;
  let index = state.originIndex.get(key);
  if (index === undefined) {
    index = state.into.origins.push(span) - 1;
    state.originIndex.set(key, index);
  }
  return index;
}

/** The error-typed node `expression`'s value comes from, if it is typed from one. */
function originOfExpression(state: DerivedState, node: ts.Node): ts.Node | undefined {
  return traceOnce(state.expressionOrigins, node, () => traceExpression(state, node));
}

function traceExpression(state: DerivedState, node: ts.Node): ts.Node | undefined {
  const { ts, checker } = state;
  if (ts.isParenthesizedExpression(node) || ts.isAwaitExpression(node) || ts.isNonNullExpression(node))
    return originOfExpression(state, node.expression);
  if (ts.isIdentifier(node)) {
    const symbol = checker.getSymbolAtLocation(node);
    if (symbol !== undefined) return originOfSymbol(state, symbol);
    return isErrorType(state, checker.getTypeAtLocation(node)) ? node : undefined;
  }
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) {
    // A member of an error-typed or derived `any` value is one too; a missing member is an origin.
    return (
      originOfExpression(state, node.expression) ??
      (isErrorType(state, checker.getTypeAtLocation(node)) ? node : undefined)
    );
  }
  // A call through an untyped value returns `any`; a typed callee's result has its own type.
  if (ts.isCallExpression(node) || ts.isNewExpression(node)) return originOfExpression(state, node.expression);
  if (ts.isTaggedTemplateExpression(node)) return originOfExpression(state, node.tag);
  if (ts.isConditionalExpression(node)) {
    if (!isAny(state, checker.getTypeAtLocation(node))) return undefined;
    return originOfExpression(state, node.whenTrue) ?? originOfExpression(state, node.whenFalse);
  }
  if (ts.isBinaryExpression(node)) {
    if (node.operatorToken.kind === ts.SyntaxKind.EqualsToken || node.operatorToken.kind === ts.SyntaxKind.CommaToken)
      return originOfExpression(state, node.right);
    if (!isAny(state, checker.getTypeAtLocation(node))) return undefined;
    return originOfExpression(state, node.left) ?? originOfExpression(state, node.right);
  }
  return undefined;
}

function originOfSymbol(state: DerivedState, symbol: ts.Symbol): ts.Node | undefined {
  return traceOnce(state.symbolOrigins, symbol, () => traceSymbol(state, symbol));
}

function reportedAny(state: DerivedState, name: ts.Node): ts.Node | undefined {
  return state.implicitAnyNames.has(name) ? name : undefined;
}

function traceSymbol(state: DerivedState, symbol: ts.Symbol): ts.Node | undefined {
  const { ts, checker } = state;
  if ((symbol.flags & ts.SymbolFlags.Alias) !== 0) return traceAlias(state, symbol);
  const declaration = symbol.valueDeclaration ?? symbol.declarations?.[0];
  if (declaration === undefined || !isInProgramSource(state, declaration)) return undefined;
  const type = checker.getTypeOfSymbol(symbol);
  if (ts.isParameter(declaration)) {
    if (declaration.type !== undefined) return isErrorType(state, type) ? declaration.type : undefined;
    // A default value types the parameter itself; only an untyped one is `any` for want of a context.
    const untyped = isAny(state, type) || declaration.dotDotDotToken !== undefined;
    return (
      (untyped ? originOfCallback(state, declaration.parent) : undefined) ??
      reportedAny(state, declaration.name) ??
      (isErrorType(state, type) ? declaration : undefined)
    );
  }
  if (ts.isVariableDeclaration(declaration)) {
    if (declaration.type !== undefined) return isErrorType(state, type) ? declaration.type : undefined;
    const source = originOfVariableSource(state, declaration);
    if (source !== undefined && isAny(state, type)) return source;
    return isErrorType(state, type) ? declaration : undefined;
  }
  if (ts.isBindingElement(declaration)) {
    const root = findBindingRoot(ts, declaration);
    const source = root === undefined ? undefined : originOfBindingRoot(state, root);
    if (source !== undefined && (isAny(state, type) || ts.isParameter(root!))) return source;
    // A member the destructured type does not have: the compiler reports it at the outermost element.
    return (
      reportedAny(state, declaration.name) ??
      (isErrorType(state, type) ? findOutermostElement(ts, declaration) : undefined)
    );
  }
  return undefined;
}

/** An import: the declaration it resolves to in the program's sources, or the import itself when it does not resolve. */
function traceAlias(state: DerivedState, symbol: ts.Symbol): ts.Node | undefined {
  const { ts, checker } = state;
  const target = checker.getAliasedSymbol(symbol);
  const targetDeclaration = target.valueDeclaration ?? target.declarations?.[0];
  if (targetDeclaration !== undefined) {
    // A type has no value, and the checker answers the error type for its value's type: not an error.
    if ((target.flags & ts.SymbolFlags.Value) === 0 || !isInProgramSource(state, targetDeclaration)) return undefined;
    return originOfSymbol(state, target);
  }
  // Resolved to nothing: the import is the origin, where the compiler reports it.
  if (!isErrorType(state, checker.getTypeOfSymbol(symbol))) return undefined;
  const declaration = symbol.declarations?.[0];
  return declaration === undefined
    ? undefined
    : (ts.findAncestor(declaration, (node) => ts.isImportDeclaration(node) || ts.isImportEqualsDeclaration(node)) ??
        declaration);
}

function originOfVariableSource(state: DerivedState, declaration: ts.VariableDeclaration): ts.Node | undefined {
  if (declaration.initializer !== undefined) return originOfExpression(state, declaration.initializer);
  const statement = declaration.parent.parent;
  return state.ts.isForOfStatement(statement) ? originOfExpression(state, statement.expression) : undefined;
}

function originOfBindingRoot(
  state: DerivedState,
  root: ts.ParameterDeclaration | ts.VariableDeclaration,
): ts.Node | undefined {
  if (state.ts.isParameter(root)) return root.type === undefined ? originOfCallback(state, root.parent) : undefined;
  return root.type === undefined ? originOfVariableSource(state, root) : undefined;
}

/**
 * A function passed (directly, or in an object or array literal) to a call whose callee is
 * untyped because it derives from an error: its parameters have no contextual type. So has a
 * function assigned to a member of such a value.
 */
function originOfCallback(state: DerivedState, fn: ts.SignatureDeclaration): ts.Node | undefined {
  const { ts } = state;
  if (!ts.isFunctionExpression(fn) && !ts.isArrowFunction(fn)) return undefined;
  let node: ts.Node = fn;
  for (;;) {
    const parent = node.parent;
    if (
      ts.isParenthesizedExpression(parent) ||
      ts.isArrayLiteralExpression(parent) ||
      ts.isObjectLiteralExpression(parent)
    ) {
      node = parent;
    } else if (ts.isPropertyAssignment(parent) && parent.initializer === node) {
      node = parent.parent;
    } else if (
      (ts.isCallExpression(parent) || ts.isNewExpression(parent)) &&
      parent.arguments?.includes(node as ts.Expression) === true
    ) {
      return originOfExpression(state, parent.expression);
    } else if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.right === node
    ) {
      return originOfExpression(state, parent.left);
    } else {
      return undefined;
    }
  }
}

function addDerivedFile(state: DerivedState, file: ts.SourceFile, diagnostics: readonly Diagnostic[]): void {
  const { ts, checker, into } = state;
  if (!diagnostics.some((diagnostic) => diagnostic.severity === 'error' && diagnostic.phase === 'semantic')) return;
  const implicitAnys: { diagnostic: Diagnostic; name: ts.Identifier }[] = [];
  for (const diagnostic of diagnostics) {
    if (!implicitAnyCodes.has(diagnostic.code) || diagnostic.line === 0) continue;
    const position = file.getPositionOfLineAndCharacter(diagnostic.line - 1, diagnostic.column - 1);
    const name = findNode(ts, file, position, position);
    if (name === undefined || !ts.isIdentifier(name)) continue;
    implicitAnys.push({ diagnostic, name });
    state.implicitAnyNames.add(name);
  }
  for (const { diagnostic, name } of implicitAnys) {
    const symbol = checker.getSymbolAtLocation(name);
    const origin = symbol === undefined ? undefined : originOfSymbol(state, symbol);
    // An implicit any that is its own origin is a cause, not derived.
    if (origin !== undefined && origin !== name) diagnostic.derivedFrom = into.origins[indexOrigin(state, origin)]!;
  }
  const quintuples = findDerivedSpans(state, file);
  if (quintuples.length > 0) into.spans[state.toRepoPath(file.fileName)] = quintuples;
}

/** The file's derived spans and what the lint rules report on them, five numbers each: the span and its origin's index. */
function findDerivedSpans(state: DerivedState, file: ts.SourceFile): number[] {
  const { ts } = state;
  const quintuples: number[] = [];
  const record = (node: ts.Node, origin: number, start?: number) => {
    const span = spanOf(state, node, start);
    quintuples.push(span.line, span.column, span.endLine, span.endColumn, origin);
  };
  const visit = (node: ts.Node): void => {
    if (isTracedKind(ts, node) && isValueUse(ts, node)) {
      const origin = originOfExpression(state, node);
      if (origin !== undefined) recordReports(ts, node, indexOrigin(state, origin), record);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return quintuples;
}

/**
 * A trace computed once per key. A key met again while its own trace runs (a variable whose
 * initialiser reads it) has no origin, which ends the cycle.
 */
function traceOnce<Key>(
  known: Map<Key, ts.Node | null>,
  key: Key,
  trace: () => ts.Node | undefined,
): ts.Node | undefined {
  const found = known.get(key);
  if (found !== undefined) return found ?? undefined;
  known.set(key, null);
  const origin = trace();
  known.set(key, origin ?? null);
  return origin;
}

function isTracedKind(ts: TypeScript, node: ts.Node): boolean {
  return (
    ts.isIdentifier(node) ||
    ts.isPropertyAccessExpression(node) ||
    ts.isElementAccessExpression(node) ||
    ts.isCallExpression(node) ||
    ts.isNewExpression(node) ||
    ts.isTaggedTemplateExpression(node) ||
    ts.isParenthesizedExpression(node) ||
    ts.isAwaitExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isConditionalExpression(node) ||
    (ts.isBinaryExpression(node) && node.operatorToken.kind !== ts.SyntaxKind.EqualsToken)
  );
}

/** Whether an identifier stands for a value here: not a name being declared, a member name or a type. */
function isValueUse(ts: TypeScript, node: ts.Node): boolean {
  if (!ts.isIdentifier(node)) return true;
  const parent = node.parent;
  if (
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isQualifiedName(parent) && parent.right === node)
  )
    return false;
  if (
    (ts.isBindingElement(parent) ||
      ts.isParameter(parent) ||
      ts.isVariableDeclaration(parent) ||
      ts.isPropertyAssignment(parent)) &&
    parent.name === node
  )
    return false;
  if (ts.isBindingElement(parent) && parent.propertyName === node) return false;
  return (
    !ts.isTypeNode(parent) &&
    !ts.isImportSpecifier(parent) &&
    !ts.isImportClause(parent) &&
    !ts.isExportSpecifier(parent)
  );
}

/**
 * Records a derived expression and the nodes typescript-eslint reports a use of it at: the member
 * name read from it, the declarator or assignment it initialises, the return it is returned by.
 */
function recordReports(
  ts: TypeScript,
  node: ts.Node,
  origin: number,
  record: (node: ts.Node, origin: number, start?: number) => void,
): void {
  const parent = node.parent;
  record(node, origin);
  if (ts.isPropertyAccessExpression(parent) && parent.expression === node) record(parent.name, origin);
  else if (ts.isElementAccessExpression(parent) && parent.expression === node)
    record(parent.argumentExpression, origin);
  else if ((ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent)) && parent.initializer === node)
    record(parent, origin, parent.name.getStart());
  else if (ts.isBinaryExpression(parent) && parent.right === node && isAssignment(ts, parent.operatorToken.kind))
    record(parent, origin);
  else if (ts.isReturnStatement(parent) || ts.isSpreadElement(parent) || ts.isSpreadAssignment(parent))
    record(parent, origin);
}

function isAssignment(ts: TypeScript, kind: ts.SyntaxKind): boolean {
  return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment;
}

/** The parameter or variable a binding element destructures. */
function findBindingRoot(
  ts: TypeScript,
  element: ts.BindingElement,
): ts.ParameterDeclaration | ts.VariableDeclaration | undefined {
  let node: ts.Node = element.parent;
  while (ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node))
    node = node.parent;
  return ts.isParameter(node) || ts.isVariableDeclaration(node) ? node : undefined;
}

/** The element of the parameter's or variable's own pattern that holds `element` (itself when it is one). */
function findOutermostElement(ts: TypeScript, element: ts.BindingElement): ts.Node {
  let outermost: ts.Node = element;
  for (
    let node: ts.Node = element.parent;
    ts.isBindingElement(node) || ts.isObjectBindingPattern(node) || ts.isArrayBindingPattern(node);
    node = node.parent
  ) {
    if (ts.isBindingElement(node)) outermost = node;
  }
  return outermost;
}
