/**
 * Type-aware lint findings traced to the declarations they depend on, as tsc's findings are
 * (checks/typescript/trace-dependencies.ts): an edit that makes `innerFrom` return `any` is
 * flagged by no-unsafe-* rules wherever its result is used, in files that import it from afar,
 * and every one of those findings is a site of that one change. typescript-eslint's own program
 * answers the question, so a tiny rule of ours records which program linted each file (it reports
 * nothing); only findings of rules that need type information are traced.
 */
import type { ESLint as EslintInstance, Linter, Rule } from 'eslint';
import type ts from 'typescript';
import type { Diagnostic } from '../../core/diagnostic.js';
import { createRequire } from 'node:module';
import { loadTypescriptEstree } from './typescript-estree.js';
import { makeRepoPath } from '../output/repo-path.js';
import { makeDependencyTracer, traceDiagnostic, type DependencyTracer } from '../typescript/trace-dependencies.js';

/** Where a type-aware rule's program is: typescript-eslint's parser services. */
interface ParserServices {
  program?: ts.Program | null;
}

export interface ProgramCapture {
  /** The config entry that records each TypeScript file's program while ESLint lints it. */
  config: Linter.Config;
  programOf(file: string): ts.Program | undefined;
  /** Lets go of the programs recorded (a capture kept for the next lint would keep them alive). */
  forget(): void;
}

const pluginName = 'culprit-trace';

/** Whether a rule is culprit's own (it records, reports nothing): not part of the user's config. */
export function isCulpritRule(rule: string): boolean {
  return rule.startsWith(`${pluginName}/`);
}

/** Whether a plugin namespace is culprit's own recording plugin's. */
export function isCulpritPlugin(namespace: string): boolean {
  return namespace === pluginName;
}

export function makeProgramCapture(): ProgramCapture {
  const programs = new Map<string, ts.Program>();
  const record: Rule.RuleModule = {
    meta: { type: 'problem', schema: [] },
    create(context) {
      const services = context.sourceCode.parserServices as ParserServices | undefined;
      if (services?.program !== undefined && services.program !== null)
        programs.set(context.filename, services.program);
      return {};
    },
  };
  return {
    config: {
      files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'],
      plugins: { [pluginName]: { rules: { record } } },
      rules: { [`${pluginName}/record`]: 'warn' },
    },
    programOf: (file) => programs.get(file),
    forget: () => programs.clear(),
  };
}

/**
 * Sets `dependsOn` on the findings of rules that need type information, from the program that
 * linted their file. `diagnosticsOf` reads a result's findings (with repository paths).
 */
export function traceLintResults(
  root: string,
  eslint: EslintInstance,
  capture: ProgramCapture,
  results: readonly EslintInstance.LintResult[],
  diagnosticsOf: (result: EslintInstance.LintResult) => Diagnostic[],
): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  const meta = results.some((result) => capture.programOf(result.filePath) !== undefined)
    ? eslint.getRulesMetaForResults([...results])
    : {};
  const tracers = new WeakMap<ts.Program, DependencyTracer>();
  let typescript: typeof ts | null | undefined;
  const toRepoPath = makeRepoPath(root);
  for (const result of results) {
    const diagnostics = diagnosticsOf(result);
    byFile.set(result.filePath, diagnostics);
    const program = capture.programOf(result.filePath);
    const file = program?.getSourceFile(result.filePath);
    if (program === undefined || file === undefined) continue;
    for (const diagnostic of diagnostics) {
      const docs = meta[diagnostic.code]?.docs as { requiresTypeChecking?: boolean } | undefined;
      if (diagnostic.phase !== 'lint' || docs?.requiresTypeChecking !== true) continue;
      typescript ??= loadParserTypescript(root);
      if (typescript === null) return byFile;
      let tracer = tracers.get(program);
      if (tracer === undefined) {
        tracer = makeDependencyTracer(typescript, program, toRepoPath);
        tracers.set(program, tracer);
      }
      traceDiagnostic(tracer, file, diagnostic);
    }
  }
  return byFile;
}

/** The TypeScript typescript-eslint made its programs with (not TypeScript 7's, which has no such API), or null. */
function loadParserTypescript(root: string): typeof ts | null {
  const path = loadTypescriptEstree(root)?.typescriptPath;
  if (path === undefined) return null;
  try {
    const typescript = createRequire(path)(path) as Partial<typeof ts>;
    return typeof typescript.isIdentifier === 'function' ? (typescript as typeof ts) : null;
  } catch {
    return null;
  }
}
