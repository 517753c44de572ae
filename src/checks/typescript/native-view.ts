/**
 * TypeScript 7's parser and checker as the declaration table and the dependency trace ask them
 * (checker-view.ts), through `typescript/unstable/sync` and `typescript/unstable/ast`. Its nodes
 * carry the classic compiler's fields, so the shared code reads them as TypeScript 6's; this file
 * is where the two differ: a few predicates are named otherwise, children are a node's own method,
 * a symbol's declarations are handles resolved on demand, and a type's parts are methods. Every
 * checker answer is a round trip to the tsgo process, so declarations outside the repository's
 * own files are never resolved (a handle names its file: lib.dom's tree is large).
 */
import type ts from 'typescript';
import type { CheckerView, Syntax } from './checker-view.js';
import type {
  NativeAstModule,
  NativeNode,
  NativeProject,
  NativeSymbol,
  NativeSymbolFlags,
  NativeType,
} from './native-api.js';

/** The classic name of each predicate the shared code uses whose TypeScript 7 name differs. */
const renamedPredicates = {
  isParameter: 'isParameterDeclaration',
  isPropertySignature: 'isPropertySignatureDeclaration',
  isMethodSignature: 'isMethodSignatureDeclaration',
  isTypeAssertionExpression: 'isTypeAssertion',
  isClassLike: 'isClassLikeDeclaration',
} as const;

type Predicate = (node: ts.Node) => boolean;
type NodePredicateLike = (node: never) => boolean;

/**
 * TypeScript 7's AST module under the classic names. Throws, naming the function, when the module
 * lacks one (an API change in a later 7.x): the caller then says causes could not be traced.
 */
export function makeNativeSyntax(ast: NativeAstModule): Syntax {
  const is = (name: string): Predicate => {
    const predicate = ast[name as `is${string}`] as NodePredicateLike | undefined;
    if (typeof predicate !== 'function') throw new Error(`TypeScript 7's AST module has no ${name}`);
    return predicate as unknown as Predicate;
  };
  const as = (node: ts.Node) => node as unknown as NativeNode;
  const isSignature = is('isSignatureDeclaration');
  const isJsDocSignature = is('isJSDocSignature');
  const isModifier = is('isModifier');
  const syntax = {
    // Kinds and flags are compared with the node's own, so they come from the same module.
    SyntaxKind: ast.SyntaxKind,
    NodeFlags: ast.NodeFlags,
    forEachChild: (
      node: ts.Node,
      visit: (child: ts.Node) => unknown,
      visitArray?: (nodes: ts.NodeArray<ts.Node>) => unknown,
    ) => as(node).forEachChild(visit as never, visitArray as never),
    findAncestor: (node: ts.Node | undefined, test: (element: ts.Node) => boolean | 'quit') => {
      for (let current = node; current !== undefined; current = current.parent as ts.Node | undefined) {
        const found = test(current);
        if (found === 'quit') return undefined;
        if (found) return current;
      }
      return undefined;
    },
    // Every node may have them; those without have none (the classic `canHaveModifiers` asks the kind first).
    canHaveModifiers: () => true,
    getModifiers: (node: ts.Node) => as(node).modifiers?.filter((modifier) => isModifier(modifier as never)),
    isFunctionLike: (node: ts.Node | undefined) => node !== undefined && (isSignature(node) || isJsDocSignature(node)),
  };
  const predicates = Object.fromEntries(
    syntaxPredicates.map((name) => [
      name,
      is(name in renamedPredicates ? renamedPredicates[name as keyof typeof renamedPredicates] : name),
    ]),
  );
  return { ...predicates, ...syntax } as unknown as Syntax;
}

/** The predicates of `Syntax` that TypeScript 7's AST module has (by their classic names; renamed above). */
const syntaxPredicates = [
  'isArrayBindingPattern',
  'isArrowFunction',
  'isAsExpression',
  'isAwaitExpression',
  'isBinaryExpression',
  'isBindingElement',
  'isCallExpression',
  'isClassDeclaration',
  'isClassLike',
  'isConditionalExpression',
  'isConstructorDeclaration',
  'isElementAccessExpression',
  'isEnumDeclaration',
  'isEnumMember',
  'isExportAssignment',
  'isExportDeclaration',
  'isExportSpecifier',
  'isExpression',
  'isExpressionStatement',
  'isExpressionWithTypeArguments',
  'isForOfStatement',
  'isFunctionDeclaration',
  'isFunctionExpression',
  'isGetAccessorDeclaration',
  'isIdentifier',
  'isImportSpecifier',
  'isIndexSignatureDeclaration',
  'isInterfaceDeclaration',
  'isJSDocSignature',
  'isMethodDeclaration',
  'isMethodSignature',
  'isModuleBlock',
  'isModuleDeclaration',
  'isNamespaceExport',
  'isNewExpression',
  'isNonNullExpression',
  'isNumericLiteral',
  'isObjectBindingPattern',
  'isObjectLiteralExpression',
  'isParameter',
  'isParenthesizedExpression',
  'isPrivateIdentifier',
  'isPropertyAccessExpression',
  'isPropertyAssignment',
  'isPropertyDeclaration',
  'isPropertySignature',
  'isQualifiedName',
  'isReturnStatement',
  'isSatisfiesExpression',
  'isSetAccessorDeclaration',
  'isShorthandPropertyAssignment',
  'isSourceFile',
  'isStatement',
  'isStringLiteral',
  'isTaggedTemplateExpression',
  'isThrowStatement',
  'isTypeAliasDeclaration',
  'isTypeAssertionExpression',
  'isTypeLiteralNode',
  'isTypeNode',
  'isTypeParameterDeclaration',
  'isTypeQueryNode',
  'isTypeReferenceNode',
  'isVariableDeclaration',
  'isVariableStatement',
] as const satisfies readonly (keyof Syntax)[];

/** What TypeScript 7's API cannot answer that the classic checker can, as the trace's notes name it. */
export const missingRootSymbols = 'getRootSymbols';

export interface NativeView extends CheckerView<NativeSymbol, NativeType> {
  /** What the API could not answer since the last call (empty when it answered everything). */
  takeMissing(): string[];
}

/**
 * One project's checker in one snapshot. `isOwnPath` says which files are the repository's: only
 * their declarations are resolved and named.
 */
export function makeNativeView(
  project: NativeProject,
  syntax: Syntax,
  flags: NativeSymbolFlags,
  isOwnPath: (path: string) => boolean,
): NativeView {
  const { checker } = project;
  const as = (node: ts.Node) => node as unknown as NativeNode;
  const asNode = (node: NativeNode) => node as unknown as ts.Node;
  const isMemberName = (parent: ts.Node, node: ts.Node) =>
    syntax.isPropertyAccessExpression(parent) && parent.name === node;
  let missing = new Set<string>();
  /** A mapped type with an `as` clause (`{ [K in keyof T as \`my${K}\`]: T[K] }`), declared in the repository. */
  const isRemappedType = (type: NativeType): boolean => {
    const symbol = type.getSymbol();
    const declaration = symbol?.declarations[0];
    if (declaration === undefined || !isOwnPath(declaration.path)) return false;
    return (declaration.resolve() as { nameType?: unknown } | undefined)?.nameType !== undefined;
  };
  return {
    symbolAt: (node) => {
      const symbol = checker.getSymbolAtLocation(as(node));
      const parent = node.parent as ts.Node | undefined;
      // `rn.myweightKg` where `rn` has a remapped type: the classic checker's getRootSymbols would give `weightKg`.
      if (symbol?.declarations.length === 0 && parent !== undefined && isMemberName(parent, node)) {
        const type = checker.getTypeAtLocation(as((parent as ts.PropertyAccessExpression).expression));
        if (type !== undefined && isRemappedType(type)) missing.add(missingRootSymbols);
      }
      return symbol;
    },
    typeAt: (node) => checker.getTypeAtLocation(as(node)),
    contextualTypeOf: (node) => checker.getContextualType(as(node)),
    resolveCallee: (call) => {
      const handle = checker.getResolvedSignature(as(call))?.declaration;
      // A package's or a lib's declaration leads to none of the repository's: not fetched.
      if (handle === undefined || !isOwnPath(handle.path)) return undefined;
      const declaration = handle.resolve();
      return declaration === undefined ? undefined : (asNode(declaration) as ts.SignatureDeclaration);
    },
    returnTypeOf: (declaration) => {
      const signature = checker.getSignatureFromDeclaration(as(declaration));
      return signature === undefined ? undefined : checker.getReturnTypeOfSignature(signature);
    },
    printType: (type, enclosing) => checker.typeToString(type, as(enclosing)),
    nameOf: (symbol) => symbol.name,
    isOptional: (symbol) => (symbol.flags & flags.Optional) !== 0,
    resolveAlias: (symbol) => ((symbol.flags & flags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol),
    // The API has no getRootSymbols. A property a mapped, union or intersection type copies keeps
    // the declarations of what it copies, which is all the classic answer leads to, except for a
    // mapped type with an `as` clause: propertyOf says so where it meets one.
    rootSymbolsOf: () => [],
    ownDeclarationsOf: (symbol, max) =>
      symbol.declarations
        .slice(0, max)
        .filter((handle) => isOwnPath(handle.path))
        .flatMap((handle) => {
          const declaration = handle.resolve();
          return declaration === undefined ? [] : [asNode(declaration)];
        }),
    shorthandValueOf: (node) => checker.getShorthandAssignmentValueSymbol(as(node)),
    keyOf: (type) => type.id,
    aliasSymbolOf: (type) => type.getAliasSymbol(),
    symbolOf: (type) => type.getSymbol(),
    membersOf: (type) => (type.isUnionType() || type.isIntersectionType() ? type.getTypes() : undefined),
    aliasArgumentsOf: (type) => type.getAliasTypeArguments(),
    baseTypesOf: (type) => {
      const target = type.isTypeReference() ? type.getTarget() : type;
      return target.isClassOrInterface() ? checker.getBaseTypes(target) : [];
    },
    propertiesOf: (type) => checker.getPropertiesOfType(type),
    propertyOf: (type, name) => {
      const property = checker.getPropertyOfType(type, name);
      if (property?.declarations.length === 0 && isRemappedType(type)) missing.add(missingRootSymbols);
      return property;
    },
    isOwnFile: (file) => isOwnPath(file.fileName),
    get missing() {
      return missing;
    },
    takeMissing: () => {
      const taken = [...missing];
      missing = new Set();
      return taken;
    },
  };
}
