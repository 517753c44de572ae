/**
 * Findings whose trace on TypeScript 7 met a question its API cannot answer, traced again by
 * TypeScript 6 installed beside it (`@typescript/typescript6`), when the repository has it: the
 * same program in the classic compiler, only for those findings' files' projects, only when
 * there are such findings. Either way a note says what happened, so a trace that stopped short
 * is never taken for the whole answer.
 */
import type { Diagnostic } from '../../core/diagnostic.js';
import { makeRepoPath } from '../output/repo-path.js';
import {
  describeClassicTypescript,
  loadClassicTypescript,
  sideBySidePackage,
} from '../typescript/classic-typescript.js';
import { makeDependencyTracer, traceDiagnostic } from '../typescript/trace-dependencies.js';
import { makeProgram } from './program.js';
import { loadProjects, makeConfigParser } from './projects.js';
import { makeSourceFileCache } from './source-files.js';

/**
 * Traces `pending` (absolute file → its findings, traced short on 7) with TypeScript 6 when the
 * repository has it beside 7, replacing their `dependsOn`; returns the note to show.
 */
export function retraceWithClassic(
  root: string,
  configPath: string,
  pending: ReadonlyMap<string, readonly Diagnostic[]>,
  missing: readonly string[],
): string {
  const count = countFindings(pending);
  const why = missing.join('; ');
  const classic = loadClassicTypescript(root);
  if (classic.ts === undefined)
    return `${count} finding(s) traced by TypeScript 7's API may stop short of their cause: ${why}; ${sideBySidePackage} installed beside TypeScript 7 would trace them`;
  const ts = classic.ts;
  const parser = makeConfigParser(ts);
  const sourceFiles = makeSourceFileCache(ts);
  const toRepoPath = makeRepoPath(root);
  const left = new Map(pending);
  for (const project of loadProjects(ts, configPath, parser)) {
    if (left.size === 0) break;
    const program = makeProgram(ts, project, parser, sourceFiles);
    const tracer = makeDependencyTracer(ts, program, toRepoPath);
    for (const [fileName, findings] of left) {
      const file = program.getSourceFile(fileName);
      if (file === undefined) continue;
      left.delete(fileName);
      for (const finding of findings) {
        delete finding.dependsOn;
        traceDiagnostic(tracer, file, finding);
      }
    }
  }
  return `${count - countFindings(left)} finding(s) traced by ${describeClassicTypescript(classic)}: ${why}`;
}

function countFindings(byFile: ReadonlyMap<string, readonly Diagnostic[]>): number {
  return [...byFile.values()].reduce((sum, findings) => sum + findings.length, 0);
}
