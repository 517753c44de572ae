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
  readonly checker: {
    getSymbolAtLocation(
      nodes: readonly NativeNode[],
    ): readonly ({ readonly declarations?: readonly { readonly path: string }[] } | undefined)[];
  };
}

export interface NativeSnapshot {
  getProject(configFileName: string): NativeProject | undefined;
  /** Releases the snapshot's programs in the tsgo process and its cached files here. */
  dispose(): void;
}

export interface NativeFileChanges {
  changed?: string[];
  created?: string[];
  deleted?: string[];
}

export interface NativeApi {
  /** Opens projects (kept open across snapshots), or tells the server which files changed on disk. */
  updateSnapshot(params: { openProjects?: string[]; fileChanges?: NativeFileChanges }): NativeSnapshot;
  close(): void;
}

export interface NativeModule {
  API: new (options: { cwd: string }) => NativeApi;
}
