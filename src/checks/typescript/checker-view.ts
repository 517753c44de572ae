/**
 * What the declaration table and the dependency trace ask of a TypeScript: syntax questions about
 * a parsed file (is this node a call, what are its children) and a type checker's answers (the
 * symbol at a node, the type there, a symbol's declarations). TypeScript 5/6 answer them in this
 * process (the classic compiler API, `makeProgramView`); TypeScript 7 answers them from its tsgo
 * process (`typescript/unstable/sync`, native-view.ts). Both parse to nodes of the same shape, so
 * the table and the trace are one piece of code over either.
 */
import type ts from 'typescript';

/**
 * The syntax functions the table and the trace use, by the classic compiler's names; the classic
 * module is one as it is. TypeScript 7's AST module has the same predicates (a few renamed) over
 * nodes with the same fields, and native-view.ts makes it one.
 */
export type Syntax = Pick<
  typeof ts,
  | 'SyntaxKind'
  | 'NodeFlags'
  | 'forEachChild'
  | 'findAncestor'
  | 'canHaveModifiers'
  | 'getModifiers'
  | 'isArrayBindingPattern'
  | 'isArrowFunction'
  | 'isAsExpression'
  | 'isAwaitExpression'
  | 'isBinaryExpression'
  | 'isBindingElement'
  | 'isCallExpression'
  | 'isClassDeclaration'
  | 'isClassLike'
  | 'isConditionalExpression'
  | 'isConstructorDeclaration'
  | 'isElementAccessExpression'
  | 'isEnumDeclaration'
  | 'isEnumMember'
  | 'isExportAssignment'
  | 'isExportDeclaration'
  | 'isExportSpecifier'
  | 'isExpression'
  | 'isExpressionStatement'
  | 'isExpressionWithTypeArguments'
  | 'isForOfStatement'
  | 'isFunctionDeclaration'
  | 'isFunctionExpression'
  | 'isFunctionLike'
  | 'isGetAccessorDeclaration'
  | 'isIdentifier'
  | 'isImportSpecifier'
  | 'isIndexSignatureDeclaration'
  | 'isInterfaceDeclaration'
  | 'isJSDocSignature'
  | 'isMethodDeclaration'
  | 'isMethodSignature'
  | 'isModuleBlock'
  | 'isModuleDeclaration'
  | 'isNamespaceExport'
  | 'isNewExpression'
  | 'isNonNullExpression'
  | 'isNumericLiteral'
  | 'isObjectBindingPattern'
  | 'isObjectLiteralExpression'
  | 'isParameter'
  | 'isParenthesizedExpression'
  | 'isPrivateIdentifier'
  | 'isPropertyAccessExpression'
  | 'isPropertyAssignment'
  | 'isPropertyDeclaration'
  | 'isPropertySignature'
  | 'isQualifiedName'
  | 'isReturnStatement'
  | 'isSatisfiesExpression'
  | 'isSetAccessorDeclaration'
  | 'isShorthandPropertyAssignment'
  | 'isSourceFile'
  | 'isStatement'
  | 'isStringLiteral'
  | 'isTaggedTemplateExpression'
  | 'isThrowStatement'
  | 'isTypeAliasDeclaration'
  | 'isTypeAssertionExpression'
  | 'isTypeLiteralNode'
  | 'isTypeNode'
  | 'isTypeParameterDeclaration'
  | 'isTypeQueryNode'
  | 'isTypeReferenceNode'
  | 'isVariableDeclaration'
  | 'isVariableStatement'
>;

/**
 * A type checker's answers, over its own symbols and types (opaque here: a classic `ts.Symbol`, or
 * a TypeScript 7 API object). Nodes are the parsed files' own. Each answer is what the classic
 * checker method of the same purpose gives.
 */
export interface CheckerView<Symbol, Type> {
  symbolAt(node: ts.Node): Symbol | undefined;
  typeAt(node: ts.Node): Type | undefined;
  contextualTypeOf(node: ts.Expression): Type | undefined;
  /** The declaration of the signature a call or `new` resolves to (none for a JSDoc signature). */
  resolveCallee(call: ts.CallExpression | ts.NewExpression): ts.SignatureDeclaration | undefined;
  /** The return type of a function-like declaration's signature, inferred where it declares none. */
  returnTypeOf(declaration: ts.SignatureDeclaration): Type | undefined;
  printType(type: Type, enclosing: ts.Node): string;

  nameOf(symbol: Symbol): string;
  isOptional(symbol: Symbol): boolean;
  /** The symbol an alias (an import, an export specifier) stands for, followed to the end; others as they are. */
  resolveAlias(symbol: Symbol): Symbol;
  /**
   * The properties a property of a mapped, union or intersection type copies; empty where the
   * checker cannot say (`missing` names what it lacks then).
   */
  rootSymbolsOf(symbol: Symbol): readonly Symbol[];
  /** Those of its first `max` declarations that are in the repository's own files (not a package's, not a default lib). */
  ownDeclarationsOf(symbol: Symbol, max: number): ts.Node[];
  shorthandValueOf(node: ts.ShorthandPropertyAssignment): Symbol | undefined;

  /** A key equal for the same type, stable within the trace. */
  keyOf(type: Type): unknown;
  aliasSymbolOf(type: Type): Symbol | undefined;
  symbolOf(type: Type): Symbol | undefined;
  /** A union's or intersection's member types; undefined for any other type. */
  membersOf(type: Type): readonly Type[] | undefined;
  aliasArgumentsOf(type: Type): readonly Type[];
  /** The base types of a class or interface (a reference's target's); empty for any other type. */
  baseTypesOf(type: Type): readonly Type[];
  propertiesOf(type: Type): readonly Symbol[];
  propertyOf(type: Type, name: string): Symbol | undefined;

  /** Whether a parsed file is one of the repository's own (not a package's, not a default lib). */
  isOwnFile(file: ts.SourceFile): boolean;
  /** What this checker could not answer that the trace asked (TypeScript 7's API lacks a few questions); empty when nothing. */
  readonly missing: ReadonlySet<string>;
}

/** The classic compiler API's checker over one program, for TypeScript 5 and 6. */
export function makeProgramView(ts: typeof import('typescript'), program: ts.Program): CheckerView<ts.Symbol, ts.Type> {
  const isOwnFile = (file: ts.SourceFile): boolean =>
    !program.isSourceFileFromExternalLibrary(file) &&
    !program.isSourceFileDefaultLibrary(file) &&
    !file.fileName.includes('/node_modules/');
  return { ...makeClassicChecker(ts, program.getTypeChecker(), isOwnFile), isOwnFile, missing: new Set() };
}

/** The classic checker's answers; `isOwnFile` decides which declarations count as the repository's. */
export function makeClassicChecker(
  ts: typeof import('typescript'),
  checker: ts.TypeChecker,
  isOwnFile: (file: ts.SourceFile) => boolean,
): Omit<CheckerView<ts.Symbol, ts.Type>, 'isOwnFile' | 'missing'> {
  return {
    symbolAt: (node) => checker.getSymbolAtLocation(node),
    typeAt: (node) => checker.getTypeAtLocation(node),
    contextualTypeOf: (node) => checker.getContextualType(node),
    resolveCallee: (call) => {
      const declaration = checker.getResolvedSignature(call)?.declaration;
      return declaration === undefined || ts.isJSDocSignature(declaration) ? undefined : declaration;
    },
    returnTypeOf: (declaration) => {
      const signature = checker.getSignatureFromDeclaration(declaration);
      return signature === undefined ? undefined : checker.getReturnTypeOfSignature(signature);
    },
    printType: (type, enclosing) => checker.typeToString(type, enclosing),
    nameOf: (symbol) => symbol.name,
    isOptional: (symbol) => (symbol.flags & ts.SymbolFlags.Optional) !== 0,
    resolveAlias: (symbol) => ((symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol),
    rootSymbolsOf: (symbol) => checker.getRootSymbols(symbol).filter((root) => root !== symbol),
    ownDeclarationsOf: (symbol, max) =>
      (symbol.declarations ?? []).slice(0, max).filter((declaration) => isOwnFile(declaration.getSourceFile())),
    shorthandValueOf: (node) => checker.getShorthandAssignmentValueSymbol(node),
    keyOf: (type) => type,
    aliasSymbolOf: (type) => type.aliasSymbol,
    symbolOf: (type) => type.getSymbol(),
    membersOf: (type) => (type.isUnionOrIntersection() ? type.types : undefined),
    aliasArgumentsOf: (type) => type.aliasTypeArguments ?? [],
    baseTypesOf: (type) => {
      const target: ts.Type = (type as Partial<ts.TypeReference>).target ?? type;
      return ((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface) !== 0
        ? checker.getBaseTypes(target as ts.InterfaceType)
        : [];
    },
    propertiesOf: (type) => checker.getPropertiesOfType(type),
    propertyOf: (type, name) => checker.getPropertyOfType(type, name),
  };
}
