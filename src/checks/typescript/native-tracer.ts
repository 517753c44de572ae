/**
 * Causes on TypeScript 7: each checked file's declaration table and each finding's dependencies,
 * read through the tsgo process's API by the same table and trace code TypeScript 6 runs in
 * process (checker-view.ts, native-view.ts). Used by the tsc check on the findings it reports and
 * by oxlint's type-aware findings, over the same kind of project.
 */
import type ts from 'typescript';
import type { DeclarationRow } from '../../core/declaration-table.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { importTool } from '../runner/resolve-tool.js';
import type { Syntax } from './checker-view.js';
import { readTableRows } from './declaration-table.js';
import type {
  NativeAstModule,
  NativeModule,
  NativeProject,
  NativeSourceFile,
  NativeSymbolFlags,
} from './native-api.js';
import { makeNativeSyntax, makeNativeView, missingRootSymbols, type NativeView } from './native-view.js';
import { makeViewTracer, traceDiagnostic, type DependencyTracer } from './trace-dependencies.js';

/** What the table and the trace need from TypeScript 7's modules, loaded once per process. */
export interface NativeTracing {
  syntax: Syntax;
  flags: NativeSymbolFlags;
}

/** TypeScript 7's AST module and symbol flags from the repository, or why they cannot be used. */
export async function loadNativeTracing(root: string): Promise<NativeTracing | { reason: string }> {
  try {
    const [ast, api] = await Promise.all([
      importTool<NativeAstModule>(root, 'typescript/unstable/ast'),
      importTool<NativeModule>(root, 'typescript/unstable/sync'),
    ]);
    return { syntax: makeNativeSyntax(ast), flags: api.SymbolFlags };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

export interface NativeTracer {
  /** A file's declaration table, as TypeScript 6's checker would give it. */
  readRows(file: NativeSourceFile): DeclarationRow[];
  /**
   * Sets `dependsOn` on the findings (of this file) the trace can follow to a declaration; returns
   * those whose trace met a question the API cannot answer, and what it was, in words for a note.
   */
  traceFindings(file: NativeSourceFile, findings: readonly Diagnostic[]): { short: Diagnostic[]; missing: string[] };
}

/** Table and trace over one project of one snapshot. */
export function makeNativeTracer(
  tracing: NativeTracing,
  project: NativeProject,
  toRepoPath: (path: string) => string,
): NativeTracer {
  const isOwnPath = (path: string) => !path.includes('/node_modules/') && !toRepoPath(path).startsWith('../');
  const view: NativeView = makeNativeView(project, tracing.syntax, tracing.flags, isOwnPath);
  let tracer: DependencyTracer | undefined;
  const asFile = (file: NativeSourceFile) => file as unknown as ts.SourceFile;
  return {
    readRows: (file) => readTableRows(tracing.syntax, view, asFile(file)),
    traceFindings(file, findings) {
      const short: Diagnostic[] = [];
      const missing = new Set<string>();
      for (const finding of findings) {
        tracer ??= makeViewTracer(tracing.syntax, view, toRepoPath);
        traceDiagnostic(tracer, asFile(file), finding);
        const unanswered = view.takeMissing();
        if (unanswered.length === 0) continue;
        short.push(finding);
        for (const question of unanswered) missing.add(describeMissing(question));
      }
      return { short, missing: [...missing] };
    },
  };
}

function describeMissing(question: string): string {
  return question === missingRootSymbols
    ? "TypeScript 7's API has no getRootSymbols, so a member that a mapped type with an `as` clause copies is not followed to the member it copies"
    : `TypeScript 7's API cannot answer ${question}`;
}
