/**
 * What one program reports, phase by phase, as `tsc --noEmit` would report it — except that
 * tsc stops after the first phase with errors (no semantic errors while any file fails to parse)
 * and we always collect every phase: attribution compares trees, and a standing syntax error in
 * one file must not hide the type errors an edit introduces in another.
 */
import type ts from 'typescript';
import type { Diagnostic, Phase } from '../../core/diagnostic.js';
import type { DeclarationRow } from '../../core/declaration-table.js';

type TypeScript = typeof ts;

/** Diagnostics of the program that are not about one source file: tsconfig, options, globals. */
export function collectConfigDiagnostics(
  ts: TypeScript,
  program: ts.Program,
  toRepoPath: (path: string) => string,
): Diagnostic[] {
  const raw = [
    ...program.getConfigFileParsingDiagnostics(),
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
  ];
  return raw.map((diagnostic) => makeTscDiagnostic(ts, diagnostic, 'config', toRepoPath));
}

/**
 * Where a file's semantic and declaration diagnostics come from: the program itself on a cold
 * run, the warm session's kept results on a warm one (same diagnostics, computed once per change).
 */
export interface FileDiagnosticSource {
  semantic(file: ts.SourceFile): readonly ts.Diagnostic[];
  declaration(file: ts.SourceFile): readonly ts.Diagnostic[];
  /** The file's declaration table: `read` computes it; a warm session keeps it while the file is not checked again. */
  declarationRows?(file: ts.SourceFile, read: () => DeclarationRow[]): DeclarationRow[];
  /** The file's findings taken as they are (a baseline's, for a file the edit cannot reach), or undefined to check it. */
  reused?(file: ts.SourceFile): Diagnostic[] | undefined;
}

export function makeProgramSource(program: ts.Program): FileDiagnosticSource {
  return {
    semantic: (file) => program.getSemanticDiagnostics(file),
    declaration: (file) => program.getDeclarationDiagnostics(file),
  };
}

/** Whether `tsc --noEmit` adds declaration diagnostics: when the project emits declarations. */
export function emitsDeclarations(options: ts.CompilerOptions): boolean {
  return options.declaration === true || options.composite === true;
}

/** Syntactic, then semantic (and declaration, when the project emits declarations) diagnostics of one file. */
export function collectFileDiagnostics(
  ts: TypeScript,
  program: ts.Program,
  file: ts.SourceFile,
  toRepoPath: (path: string) => string,
  source: FileDiagnosticSource = makeProgramSource(program),
): Diagnostic[] {
  const semantic = [...source.semantic(file)];
  if (emitsDeclarations(program.getCompilerOptions())) semantic.push(...source.declaration(file));
  return [
    ...program
      .getSyntacticDiagnostics(file)
      .map((diagnostic) => makeTscDiagnostic(ts, diagnostic, 'syntax', toRepoPath)),
    ...semantic.map((diagnostic) => makeTscDiagnostic(ts, diagnostic, 'semantic', toRepoPath)),
  ];
}

export function makeTscDiagnostic(
  ts: TypeScript,
  diagnostic: ts.Diagnostic,
  phase: Phase,
  toRepoPath: (path: string) => string,
): Diagnostic {
  const { file, start, length } = diagnostic;
  const made: Diagnostic = {
    tool: 'tsc',
    code: `TS${diagnostic.code}`,
    severity: diagnostic.category === ts.DiagnosticCategory.Error ? 'error' : 'warning',
    phase,
    path: file === undefined ? null : toRepoPath(file.fileName),
    line: 0,
    column: 0,
    message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  };
  if (file === undefined || start === undefined) return made;
  const from = file.getLineAndCharacterOfPosition(start);
  made.line = from.line + 1;
  made.column = from.character + 1;
  if (length !== undefined) {
    const to = file.getLineAndCharacterOfPosition(start + length);
    made.endLine = to.line + 1;
    made.endColumn = to.character + 1;
  }
  return made;
}
