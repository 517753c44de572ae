/**
 * Each file's binder and checker diagnostics, kept from one program to the next: the part of a
 * file's semantic diagnostics that costs a type check. TypeScript's builder keeps the same, but
 * checks again every file that imports a changed declaration, however far through others; here
 * the caller says which files to check again (lint-reach.ts decides). A file's program-level
 * diagnostics are read from the current program every time, as the builder does.
 *
 * Both halves are internal program methods (present in TypeScript 5 and 6, and what the builder
 * calls); without them every file is checked again, which is slow but never wrong.
 */
import type ts from 'typescript';

interface InternalProgram extends ts.Program {
  getBindAndCheckDiagnostics?(file: ts.SourceFile): readonly ts.Diagnostic[];
  getProgramDiagnostics?(file: ts.SourceFile): readonly ts.Diagnostic[];
}

interface InternalDiagnostic extends ts.Diagnostic {
  /** The compiler option that, when set, hides this diagnostic (TypeScript's `skippedOn`). */
  skippedOn?: keyof ts.CompilerOptions;
}

export interface CheckResults {
  /** The file's semantic diagnostics in `program`; checked again when `recheck` or when none are kept. */
  semantic(program: ts.Program, file: ts.SourceFile, recheck: boolean): readonly ts.Diagnostic[];
  /** Files checked since the last call, and resets the count. */
  takeCheckedCount(): number;
  /** Forgets every file not in `keep`. */
  retain(keep: ReadonlySet<string>): void;
}

export function makeCheckResults(): CheckResults {
  const kept = new Map<string, readonly ts.Diagnostic[]>();
  let checked = 0;
  return {
    semantic(program, file, recheck) {
      const internal = program as InternalProgram;
      const options = program.getCompilerOptions();
      if (options.noCheck === true) return [];
      if (
        typeof internal.getBindAndCheckDiagnostics !== 'function' ||
        typeof internal.getProgramDiagnostics !== 'function'
      ) {
        checked += 1;
        return program.getSemanticDiagnostics(file);
      }
      let found = recheck ? undefined : kept.get(file.fileName);
      if (found === undefined) {
        checked += 1;
        found = internal.getBindAndCheckDiagnostics(file);
        kept.set(file.fileName, found);
      }
      const shown = found.filter((diagnostic) => {
        const option = (diagnostic as InternalDiagnostic).skippedOn;
        return option === undefined || !options[option];
      });
      return [...shown, ...internal.getProgramDiagnostics(file)];
    },
    takeCheckedCount() {
      const count = checked;
      checked = 0;
      return count;
    },
    retain(keep) {
      for (const fileName of kept.keys()) if (!keep.has(fileName)) kept.delete(fileName);
    },
  };
}
