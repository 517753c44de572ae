/**
 * What culprit needs from TypeScript 7's `typescript/unstable/sync` API, and nothing more. The
 * API is unstable; naming the exact surface we rely on here means a breaking release shows up
 * as one place to fix. Shapes are those of typescript 7.0.2.
 */

export interface NativeDiagnostic {
  readonly fileName?: string | undefined;
  readonly pos: number;
  readonly end: number;
  readonly code: number;
  readonly category: number;
  readonly text: string;
  readonly messageChain?: readonly NativeDiagnostic[] | undefined;
}

export interface NativeNode {
  readonly pos: number;
  readonly end: number;
  readonly kind: number;
  readonly parent: NativeNode | undefined;
  readonly modifiers?: readonly NativeNode[] | undefined;
  forEachChild<T>(visit: (node: NativeNode) => T, visitArray?: (nodes: readonly NativeNode[]) => T): T | undefined;
}

export interface NativeSourceFile {
  readonly text: string;
  readonly imports: readonly NativeNode[];
  readonly referencedFiles: readonly { readonly fileName: string }[];
}

export interface NativeProgram {
  getSourceFileNames(): readonly string[];
  getSourceFile(file: string): NativeSourceFile | undefined;
  getSourceFileMetadata(fileName: string): { readonly isDefaultLibrary: boolean } | undefined;
  getSyntacticDiagnostics(file: string): readonly NativeDiagnostic[];
  getSemanticDiagnostics(file: string): readonly NativeDiagnostic[];
  getDeclarationDiagnostics(file: string): readonly NativeDiagnostic[];
  getConfigFileParsingDiagnostics(): readonly NativeDiagnostic[];
  getProgramDiagnostics(): readonly NativeDiagnostic[];
  getGlobalDiagnostics(): readonly NativeDiagnostic[];
}

export interface NativeProject {
  /** The project's tsconfig, absolute. */
  readonly configFileName: string;
  /** The options its tsconfig and those it extends set (TypeScript's defaults left out). */
  readonly compilerOptions: Readonly<Record<string, unknown>>;
  readonly rootFiles: readonly string[];
  readonly program: NativeProgram;
  readonly checker: NativeChecker;
}

/** A node of a file the program has, by index: `resolve` fetches that file's tree (once) and finds it. */
export interface NativeNodeHandle {
  /** The declaring file, absolute. */
  readonly path: string;
  resolve(): NativeNode | undefined;
}

/** The API's symbols and types are objects of its own, kept per snapshot: the same id, the same object. */
export interface NativeSymbol {
  readonly id: number;
  readonly name: string;
  readonly flags: number;
  readonly declarations: readonly NativeNodeHandle[];
}

export interface NativeType {
  readonly id: number;
  getSymbol(): NativeSymbol | undefined;
  getAliasSymbol(): NativeSymbol | undefined;
  /** A union's or intersection's member types. */
  getTypes(): readonly NativeType[] | undefined;
  getAliasTypeArguments(): readonly NativeType[];
  isUnionType(): boolean;
  isIntersectionType(): boolean;
  isClassOrInterface(): boolean;
  isTypeReference(): boolean;
  /** A type reference's generic target (`Box` of `Box<string>`). */
  getTarget(): NativeType;
}

export interface NativeSignature {
  readonly declaration?: NativeNodeHandle | undefined;
}

/** The checker of one project in one snapshot (typescript 7.0.2's `Checker`, the parts we ask). */
export interface NativeChecker {
  getSymbolAtLocation(node: NativeNode): NativeSymbol | undefined;
  getSymbolAtLocation(nodes: readonly NativeNode[]): readonly (NativeSymbol | undefined)[];
  getTypeAtLocation(node: NativeNode): NativeType | undefined;
  getContextualType(node: NativeNode): NativeType | undefined;
  getResolvedSignature(node: NativeNode): NativeSignature | undefined;
  getSignatureFromDeclaration(node: NativeNode): NativeSignature | undefined;
  getReturnTypeOfSignature(signature: NativeSignature): NativeType | undefined;
  typeToString(type: NativeType, enclosingDeclaration?: NativeNode): string;
  getPropertiesOfType(type: NativeType): readonly NativeSymbol[];
  getPropertyOfType(type: NativeType, name: string): NativeSymbol | undefined;
  getAliasedSymbol(symbol: NativeSymbol): NativeSymbol;
  getShorthandAssignmentValueSymbol(node: NativeNode): NativeSymbol | undefined;
  getBaseTypes(type: NativeType): readonly NativeType[];
}

/** The flags of `typescript/unstable/sync` the view reads (their values differ from TypeScript 5/6's). */
export interface NativeSymbolFlags {
  readonly Alias: number;
  readonly Optional: number;
  readonly Transient: number;
  readonly Property: number;
}

export interface NativeSnapshot {
  getProject(configFileName: string): NativeProject | undefined;
  /** The configured project a file opened with `openFiles` belongs to (the nearest tsconfig that lists it). */
  getDefaultProjectForFile(fileName: string): NativeProject | undefined;
  /** Releases the snapshot's programs in the tsgo process and its cached files here. */
  dispose(): void;
}

/**
 * A file as the first of `configPaths`' projects in `snapshot` that has it reads it (each a round
 * trip to tsgo, asked one after another until one has it).
 */
export function findSnapshotFile(
  snapshot: NativeSnapshot | undefined,
  configPaths: readonly string[],
  path: string,
): NativeSourceFile | undefined {
  for (const configPath of configPaths) {
    const file = snapshot?.getProject(configPath)?.program.getSourceFile(path);
    if (file !== undefined) return file;
  }
  return undefined;
}

export interface NativeFileChanges {
  changed?: string[];
  created?: string[];
  deleted?: string[];
}

export interface NativeApi {
  /**
   * Opens projects (kept open across snapshots), or files (each with the nearest tsconfig that
   * lists it, as an editor opens one), or closes files, or tells the server which files changed
   * on disk.
   */
  updateSnapshot(params: {
    openProjects?: string[];
    openFiles?: string[];
    closeFiles?: string[];
    fileChanges?: NativeFileChanges;
  }): NativeSnapshot;
  close(): void;
}

export interface NativeModule {
  API: new (options: { cwd: string }) => NativeApi;
  SymbolFlags: NativeSymbolFlags;
}

type NodePredicate = (node: NativeNode) => boolean;

/**
 * `typescript/unstable/ast`: TypeScript 7's syntax kinds and node predicates. Its nodes have the
 * classic compiler's fields (`name`, `expression`, `parent`, `getStart(file)`), so the shared table
 * and trace read them as they read TypeScript 6's; native-view.ts says where the names differ.
 */
export interface NativeAstModule {
  readonly SyntaxKind: Readonly<Record<string, number>>;
  readonly NodeFlags: Readonly<Record<string, number>>;
  readonly [predicate: `is${string}`]: NodePredicate;
}
