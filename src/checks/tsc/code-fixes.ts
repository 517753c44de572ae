/**
 * TypeScript's own code fixes for `culprit fix`: the language service's fixes at a finding's
 * range (`getCodeFixesAtPosition`, what an editor's quick fix offers), kept only where exactly one
 * fix of a kind marked safe is offered (a spelling fix, a missing import: two modules to import
 * from is a choice, not a fix), and it is one change in the finding's own file. A language service is made per project that owns a finding,
 * in culprit's process, only when fix asks. TypeScript 7 has no language service API: TypeScript 6
 * beside it (`@typescript/typescript6`) answers, or nothing does.
 */
import type ts from 'typescript';
import { join } from 'node:path';
import type { OfferedEdit } from '../../core/diagnostic.js';
import type { CodeFixRequest } from '../check-definition.js';
import { loadClassicTypescript } from '../typescript/classic-typescript.js';
import { resolveConfigPath } from './config-path.js';
import type { TscOptions } from './index.js';
import { makeLanguageService } from './language-service.js';
import { loadProjects, makeConfigParser } from './projects.js';
import { readOwners } from './read-owners.js';

/** The fix names (TypeScript's `fixName`) whose one offer is applied. */
const safeFixNames: ReadonlySet<string> = new Set(['spelling', 'import', 'fixMissingImport']);

export function offerTscCodeFixes({
  root,
  options,
  findings,
}: CodeFixRequest<TscOptions>): Promise<(OfferedEdit | undefined)[]> {
  // TypeScript 7 has no language service API; TypeScript 6 beside it has.
  const ts = loadClassicTypescript(root).ts;
  if (ts === undefined) return Promise.resolve(findings.map(() => undefined));
  const parser = makeConfigParser(ts);
  const projects = loadProjects(ts, resolveConfigPath(root, options.project), parser);
  const owners = readOwners(projects.map((project) => project.parsed.fileNames));
  const services = new Map<number, ts.LanguageService>();
  const serviceOf = (index: number) => {
    let service = services.get(index);
    const project = projects[index];
    if (service === undefined && project !== undefined) {
      service = makeLanguageService(ts, project, parser);
      services.set(index, service);
    }
    return service;
  };
  const offers = findings.map((finding) => {
    if (finding.path === null || !/^TS\d+$/.test(finding.code)) return undefined;
    const file = ts.sys.resolvePath(join(root, finding.path));
    const owner = owners.get(file) ?? [...owners].find(([name]) => ts.sys.resolvePath(name) === file)?.[1];
    const service = owner === undefined ? undefined : serviceOf(owner);
    return service === undefined ? undefined : offerFix(service, file, finding);
  });
  for (const service of services.values()) service.dispose();
  return Promise.resolve(offers);
}

function offerFix(
  service: ts.LanguageService,
  file: string,
  finding: CodeFixRequest<TscOptions>['findings'][number],
): OfferedEdit | undefined {
  const source = service.getProgram()?.getSourceFile(file);
  if (source === undefined || finding.line < 1) return undefined;
  const at = (line: number, column: number) => source.getPositionOfLineAndCharacter(line - 1, column - 1);
  try {
    const start = at(finding.line, finding.column);
    const end =
      finding.endLine === undefined || finding.endColumn === undefined ? start : at(finding.endLine, finding.endColumn);
    // Other kinds on offer (declaring the missing name, say) are never applied, so they do not count.
    const fixes = service
      .getCodeFixesAtPosition(file, start, end, [Number(finding.code.slice(2))], {}, {})
      .filter((offered) => safeFixNames.has(offered.fixName));
    const [fix] = fixes;
    if (fixes.length !== 1 || fix === undefined) return undefined;
    const [change] = fix.changes;
    const [edit] = change?.textChanges ?? [];
    if (fix.changes.length !== 1 || change?.fileName !== file || change.textChanges.length !== 1 || edit === undefined)
      return undefined;
    return { start: edit.span.start, end: edit.span.start + edit.span.length, text: edit.newText };
  } catch {
    // A position past the file's end (it changed), or a fix that throws: no fix, never a failed run.
    return undefined;
  }
}
