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
  const isOwnFile = (file: ts.SourceFile): boolean => checker.isOwnFile(file);

  const trace = (file: ts.SourceFile, start: number, end: number): DeclarationRef[] => {
    const refs: DeclarationRef[] = [];
    const seenRefs = new Set<string>();
    const enclosing = new Set<string>();
    const seen: Record<Item<Symbol, Type>['kind'], Set<unknown>> = {
      node: new Set(),
      expression: new Set(),
      symbol: new Set(),
      type: new Set(),
      typeNode: new Set(),
      member: new Set(),
    };
    let next: Item<Symbol, Type>[] = [];
    let steps = 0;
    const push = (item: Item<Symbol, Type>) => next.push(item);

    const addRef = (declaration: ts.Node, member?: string) => {
      const source = declaration.getSourceFile();
      if (!isOwnFile(source)) return;
      const name = nameDeclaration(ts, declaration);
      if (name === undefined) return;
      const ref = { path: toRepoPath(source.fileName), name: member === undefined ? name : `${name}.${member}` };
      if (ref.path.startsWith('../')) return;
      const key = `${ref.path}\0${ref.name}`;
      if (seenRefs.has(key) || enclosing.has(key)) return;
      seenRefs.add(key);
      refs.push(ref);
    };

    const visitContext = (flagged: ts.Node) => {
      push({ kind: 'node', node: flagged });
      // The constructs around the flagged node that give it its expected type: the call it is an
      // argument of, the literal it is a member of, the declaration it initialises, the return.
      let child = flagged;
      for (let hops = 0; hops < 6 && !ts.isSourceFile(child); hops += 1) {
        const parent = child.parent;
        if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
          const index = parent.arguments?.indexOf(child as ts.Expression) ?? -1;
          if (index !== -1 || child === parent.expression) pushSignature(parent, index);
        } else if (ts.isObjectLiteralExpression(parent)) {
          const contextual = checker.contextualTypeOf(parent);
          if (contextual !== undefined) push({ kind: 'type', type: contextual });
        } else if (
          (ts.isVariableDeclaration(parent) || ts.isPropertyDeclaration(parent) || ts.isParameter(parent)) &&
          parent.type !== undefined
        ) {
          push({ kind: 'typeNode', node: parent.type });
        } else if (ts.isReturnStatement(parent) || (ts.isArrowFunction(parent) && parent.body === child)) {
          const fn = ts.isReturnStatement(parent) ? ts.findAncestor(parent, ts.isFunctionLike) : parent;
          if (fn !== undefined) {
            if (fn.type !== undefined) push({ kind: 'typeNode', node: fn.type });
            addRef(fn);
          }
        } else if (
          ts.isBinaryExpression(parent) &&
          parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          parent.right === child
        ) {
          push({ kind: 'expression', node: parent.left });
        }
        if (isBoundary(ts, parent)) break;
        child = parent;
      }
    };

    const pushSignature = (call: ts.CallExpression | ts.NewExpression, argument: number) => {
      const declaration = checker.resolveCallee(call);
      if (declaration !== undefined) {
        addRef(declaration);
        const parameter = argument === -1 ? undefined : declaration.parameters[argument];
        if (parameter?.type !== undefined) push({ kind: 'typeNode', node: parameter.type });
        // The call's own value: what the callee declares it returns (`UseBoundStore<Mutate<StoreApi<T>, Mos>>`).
        if (argument === -1 && declaration.type !== undefined) push({ kind: 'typeNode', node: declaration.type });
      }
      push({ kind: 'expression', node: call.expression });
    };

    const visitNode = (node: ts.Node) => {
      const parent = node.parent;
      if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node) || ts.isStringLiteral(node)) {
        const text = node.text;
        if (ts.isPropertyAccessExpression(parent) && parent.name === node) {
          pushMember(parent.expression, text);
          push({ kind: 'expression', node: parent.expression });
        } else if (
          (ts.isPropertyAssignment(parent) ||
            ts.isShorthandPropertyAssignment(parent) ||
            ts.isMethodDeclaration(parent)) &&
          parent.name === node &&
          ts.isObjectLiteralExpression(parent.parent)
        ) {
          const contextual = checker.contextualTypeOf(parent.parent);
          if (contextual !== undefined) push({ kind: 'member', type: contextual, name: text });
        } else if (ts.isBindingElement(parent) && (parent.propertyName ?? parent.name) === node) {
          pushMember(parent.parent, text);
        } else if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) {
          visitSpecifier(parent);
          return;
        }
        const symbol = checker.symbolAt(node);
        if (symbol !== undefined) push({ kind: 'symbol', symbol });
        return;
      }
      // A statement or declaration flagged whole (typescript-eslint reports a return, an assignment): what it sets.
      if (ts.isReturnStatement(node) || ts.isExpressionStatement(node) || ts.isThrowStatement(node)) {
        if (node.expression !== undefined) push({ kind: 'expression', node: node.expression });
        const fn = ts.isReturnStatement(node) ? ts.findAncestor(node, ts.isFunctionLike) : undefined;
        if (fn?.type !== undefined) push({ kind: 'typeNode', node: fn.type });
        return;
      }
      if ((ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) && node.initializer !== undefined)
        push({ kind: 'expression', node: node.initializer });
      if (ts.isObjectLiteralExpression(node)) {
        // A literal flagged whole lacks members its contextual type requires: name them.
        const contextual = checker.contextualTypeOf(node);
        if (contextual !== undefined) {
          const present = new Set(node.properties.map((property) => property.name?.getText()));
          for (const property of checker.propertiesOf(contextual)) {
            const name = checker.nameOf(property);
            if (!checker.isOptional(property) && !present.has(name)) push({ kind: 'member', type: contextual, name });
          }
          push({ kind: 'type', type: contextual });
        }
      }
      if (ts.isExpression(node)) push({ kind: 'expression', node });
      else if (ts.isTypeNode(node)) push({ kind: 'typeNode', node });
      const symbol = isNamed(ts, node) ? checker.symbolAt(node.name) : undefined;
      if (symbol !== undefined) push({ kind: 'symbol', symbol });
    };

    const visitSpecifier = (specifier: ts.ImportSpecifier | ts.ExportSpecifier) => {
      const declaration = ts.isImportSpecifier(specifier) ? specifier.parent.parent.parent : specifier.parent.parent;
      const moduleSpecifier = declaration.moduleSpecifier;
      const name = (specifier.propertyName ?? specifier.name).text;
      const module = moduleSpecifier === undefined ? undefined : checker.symbolAt(moduleSpecifier);
      const source = module === undefined ? undefined : checker.ownDeclarationsOf(module, 1)[0];
      if (source !== undefined && ts.isSourceFile(source)) {
        const key = `${toRepoPath(source.fileName)}\0${name}`;
        if (!seenRefs.has(key)) {
          seenRefs.add(key);
          refs.push({ path: toRepoPath(source.fileName), name });
        }
      }
      const symbol = checker.symbolAt(specifier.name);
      if (symbol !== undefined) push({ kind: 'symbol', symbol });
    };

    const visitExpression = (node: ts.Node) => {
      // What its type was made from: `create<State>()` returns `UseBoundStore<StoreApi<State>>`,
      // and a `never` or an `any` read from it comes from `StoreApi`, which only the type says.
      if (ts.isIdentifier(node) || ts.isCallExpression(node) || ts.isPropertyAccessExpression(node)) {
        const type = checker.typeAt(node);
        if (type !== undefined) push({ kind: 'type', type });
      }
      if (ts.isIdentifier(node)) {
        const symbol = checker.symbolAt(node);
        if (symbol !== undefined) push({ kind: 'symbol', symbol });
      } else if (ts.isPropertyAccessExpression(node)) {
        const symbol = checker.symbolAt(node.name);
        if (symbol !== undefined) push({ kind: 'symbol', symbol });
        else pushMember(node.expression, node.name.text);
        push({ kind: 'expression', node: node.expression });
      } else if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        pushSignature(node, -1);
      } else if (ts.isElementAccessExpression(node)) {
        push({ kind: 'expression', node: node.expression });
      } else if (
        ts.isParenthesizedExpression(node) ||
        ts.isAwaitExpression(node) ||
        ts.isNonNullExpression(node) ||
        ts.isAsExpression(node) ||
        ts.isSatisfiesExpression(node) ||
        ts.isTypeAssertionExpression(node)
      ) {
        if (ts.isAsExpression(node) || ts.isTypeAssertionExpression(node)) push({ kind: 'typeNode', node: node.type });
        push({ kind: 'expression', node: node.expression });
      } else if (ts.isConditionalExpression(node)) {
        push({ kind: 'expression', node: node.whenTrue });
        push({ kind: 'expression', node: node.whenFalse });
      } else if (ts.isBinaryExpression(node)) {
        push({ kind: 'expression', node: node.left });
        push({ kind: 'expression', node: node.right });
      } else if (ts.isTaggedTemplateExpression(node)) {
        push({ kind: 'expression', node: node.tag });
      }
    };

    const visitSymbol = (symbol: Symbol) => {
      // A property of a mapped, union or intersection type (`Pick<StoreApi<T>, 'getState'>`'s) comes from the member it copies.
      for (const root of checker.rootSymbolsOf(symbol)) push({ kind: 'symbol', symbol: root });
      for (const declaration of checker.ownDeclarationsOf(checker.resolveAlias(symbol), 3)) {
        addRef(declaration);
        followDeclaration(declaration);
      }
    };

    /** A member of the type an expression has, by name: `card.price` names `RateCard.price` even once `price` is gone. */
    const pushMember = (expression: ts.Node, name: string) => {
      const type = checker.typeAt(expression);
      if (type !== undefined) push({ kind: 'member', type, name });
    };

    /** What a declaration's own type comes from: its annotation, or the expression it is set from. */
    const followDeclaration = (declaration: ts.Node) => {
      if (ts.isVariableDeclaration(declaration)) {
        if (declaration.type !== undefined) push({ kind: 'typeNode', node: declaration.type });
        else if (declaration.initializer !== undefined) push({ kind: 'expression', node: declaration.initializer });
        else if (ts.isForOfStatement(declaration.parent.parent))
          push({ kind: 'expression', node: declaration.parent.parent.expression });
      } else if (ts.isParameter(declaration)) {
        if (declaration.type !== undefined) push({ kind: 'typeNode', node: declaration.type });
        else pushCallbackContext(declaration.parent);
      } else if (ts.isBindingElement(declaration)) {
        const name = (declaration.propertyName ?? declaration.name).getText();
        pushMember(declaration.parent, name);
        let root: ts.Node = declaration.parent;
        while (ts.isBindingElement(root) || ts.isObjectBindingPattern(root) || ts.isArrayBindingPattern(root))
          root = root.parent;
        if (ts.isVariableDeclaration(root) || ts.isParameter(root)) followDeclaration(root);
      } else if (
        ts.isPropertySignature(declaration) ||
        ts.isPropertyDeclaration(declaration) ||
        ts.isTypeAliasDeclaration(declaration)
      ) {
        if (declaration.type !== undefined) push({ kind: 'typeNode', node: declaration.type });
      } else if (ts.isFunctionLike(declaration)) {
        if (declaration.type !== undefined) push({ kind: 'typeNode', node: declaration.type });
      } else if (ts.isInterfaceDeclaration(declaration) || ts.isClassDeclaration(declaration)) {
        for (const clause of declaration.heritageClauses ?? [])
          for (const base of clause.types) push({ kind: 'typeNode', node: base });
      } else if (ts.isPropertyAssignment(declaration)) {
        // `{ useBoundStore: create(…) }` returned from a helper: the member is what it was set to.
        push({ kind: 'expression', node: declaration.initializer });
      } else if (ts.isShorthandPropertyAssignment(declaration)) {
        const value = checker.shorthandValueOf(declaration);
        if (value !== undefined) push({ kind: 'symbol', symbol: value });
      } else if (ts.isTypeParameterDeclaration(declaration) && declaration.constraint !== undefined) {
        // `S extends ReadonlyStoreApi<unknown>`: what any S is made of.
        push({ kind: 'typeNode', node: declaration.constraint });
      }
    };

    /** An untyped callback's parameters come from the call it is passed to. */
    const pushCallbackContext = (fn: ts.Node) => {
      if (!ts.isArrowFunction(fn) && !ts.isFunctionExpression(fn)) return;
      let node: ts.Node = fn;
      for (let hops = 0; hops < 4; hops += 1) {
        const parent: ts.Node = node.parent;
        if (ts.isCallExpression(parent) || ts.isNewExpression(parent)) {
          const index = parent.arguments?.indexOf(node as ts.Expression) ?? -1;
          pushSignature(parent, index);
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
          push({ kind: 'typeNode', node: parent.type });
        }
        return;
      }
    };

    const visitMember = (type: Type, name: string) => {
      for (const part of expandType(type)) {
        for (const container of [checker.aliasSymbolOf(part), checker.symbolOf(part)]) {
          if (container === undefined) continue;
          for (const declaration of checker.ownDeclarationsOf(container, 3)) addRef(declaration, name);
        }
        const property = checker.propertyOf(part, name);
        if (property !== undefined) push({ kind: 'symbol', symbol: property });
      }
    };

    /** The type, its union or intersection members, and the base types of each class or interface among them. */
    const expandType = (type: Type): Type[] => {
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
    };

    const visitType = (type: Type) => {
      const alias = checker.aliasSymbolOf(type);
      if (alias !== undefined) push({ kind: 'symbol', symbol: alias });
      const symbol = checker.symbolOf(type);
      if (symbol !== undefined && !checker.nameOf(symbol).startsWith('__')) push({ kind: 'symbol', symbol });
      for (const member of checker.membersOf(type)?.slice(0, 8) ?? []) push({ kind: 'type', type: member });
      for (const argument of checker.aliasArgumentsOf(type)) push({ kind: 'type', type: argument });
    };

    const visitTypeNode = (node: ts.Node) => {
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
            push({ kind: 'symbol', symbol });
          }
        }
        ts.forEachChild(child, visit);
      };
      visit(node);
    };

    const memberKeys = new Map<unknown, number>();
    const visit = (item: Item<Symbol, Type>): void => {
      let key: unknown;
      if (item.kind === 'member') {
        const typeKey = checker.keyOf(item.type);
        let id = memberKeys.get(typeKey);
        if (id === undefined) memberKeys.set(typeKey, (id = memberKeys.size));
        key = `${id}\0${item.name}`;
      } else key = item.kind === 'symbol' ? item.symbol : item.kind === 'type' ? checker.keyOf(item.type) : item.node;
      const seenOfKind = seen[item.kind];
      if (seenOfKind.has(key)) return;
      seenOfKind.add(key);
      steps += 1;
      switch (item.kind) {
        case 'node':
          visitNode(item.node);
          break;
        case 'expression':
          visitExpression(item.node);
          break;
        case 'symbol':
          visitSymbol(item.symbol);
          break;
        case 'type':
          visitType(item.type);
          break;
        case 'typeNode':
          visitTypeNode(item.node);
          break;
        case 'member':
          visitMember(item.type, item.name);
          break;
      }
    };

    const flagged = findNode(ts, file, start, end);
    if (flagged === undefined) return refs;
    // A finding inside a declaration is that declaration's own error, not a site of its change.
    for (let node: ts.Node = flagged; !ts.isSourceFile(node); node = node.parent) {
      const name = nameDeclaration(ts, node);
      if (name !== undefined) enclosing.add(`${toRepoPath(file.fileName)}\0${name}`);
    }
    visitContext(flagged);
    for (let depth = 0; depth <= maxDepth && next.length > 0; depth += 1) {
      const level = next;
      next = [];
      for (const item of level) {
        if (refs.length >= maxRefs || steps >= maxSteps) return refs.slice(0, maxRefs);
        visit(item);
      }
    }
    return refs.slice(0, maxRefs);
  };

  return { trace };
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
