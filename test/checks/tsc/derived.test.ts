/**
 * The tsc check's trace of values typed from compiler errors, on real programs (TypeScript 6.0):
 * which implicit anys it marks derived and from where, and which source spans it lists for lint
 * findings to be matched against.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckOutput } from '../../../src/checks/check.js';
import { runTsc } from '../../../src/checks/tsc/adapter.js';
import { makeRepo, type TestRepo } from '../../helpers/repo.js';
import { addLegacyHook, derivedFiles, readTransaction, renameTr } from '../../fixtures/derived-findings.js';

const repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos.splice(0)) repo.cleanup();
});

function makeTsRepo(files: Record<string, string>): TestRepo {
  const repo = makeRepo({ files, git: false });
  repos.push(repo);
  return repo;
}

const check = (repo: TestRepo) => runTsc({ root: repo.root, options: { project: 'tsconfig.json' } });

/** Each diagnostic of a file as `line:column code`, followed by ` <- line:column` of its origin when it is marked derived. */
function listMarks(output: CheckOutput, path: string): string[] {
  return output.diagnostics
    .filter((diagnostic) => diagnostic.path === path)
    .map(
      ({ line, column, code, derivedFrom }) =>
        `${line}:${column} ${code}${derivedFrom === undefined ? '' : ` <- ${derivedFrom.path === path ? '' : `${derivedFrom.path}:`}${derivedFrom.line}:${derivedFrom.column}`}`,
    );
}

/** A file's traced spans as `line:column-endLine:endColumn`. */
function listSpans(output: CheckOutput, path: string): Set<string> {
  const spans = output.derived?.spans[path] ?? [];
  const listed = new Set<string>();
  for (let at = 0; at < spans.length; at += 5)
    listed.add(`${spans[at]}:${spans[at + 1]}-${spans[at + 2]}:${spans[at + 3]}`);
  return listed;
}

describe('the derived trace of the tsc check', () => {
  it('marks the implicit anys of callbacks passed through an error-typed value, and lists the spans of what is read from them', async () => {
    const repo = makeTsRepo(derivedFiles);
    expect((await check(repo)).derived).toBeUndefined();

    repo.write('src/types.ts', renameTr(repo.read('src/types.ts')));
    repo.write('src/commands/clear-marks.ts', addLegacyHook(repo.read('src/commands/clear-marks.ts')));
    const output = await check(repo);
    // `tr` (4:39) is the error type; nodesBetween, forEach and ranges.forEach are untyped calls.
    expect(listMarks(output, 'src/commands/clear-marks.ts')).toEqual([
      '4:39 TS2339',
      '5:60 TS7006 <- 4:39',
      '5:66 TS7006 <- 4:39',
      '10:21 TS7031 <- 4:39',
      '10:33 TS7006 <- 4:39',
      '13:32 TS7006 <- 4:39',
      // `legacy` is `any` by declaration: its callback's implicit any derives from nothing; it is a cause.
      '24:20 TS7006',
    ]);
    expect(output.derived?.origins.filter((origin) => origin.path === 'src/commands/clear-marks.ts')).toEqual([
      { path: 'src/commands/clear-marks.ts', line: 4, column: 39, endLine: 4, endColumn: 41 },
      // ...and what is read from `event` follows from that implicit any.
      { path: 'src/commands/clear-marks.ts', line: 24, column: 20, endLine: 24, endColumn: 25 },
    ]);
    const spans = listSpans(output, 'src/commands/clear-marks.ts');
    // What typescript-eslint reports on them, at the nodes it reports: declarators, member names, arguments.
    for (const reported of [
      '6:11-6:27',
      '6:23-6:27',
      '7:14-7:20',
      '11:12-11:29',
      '14:11-14:34',
      '14:25-14:30',
      '15:12-15:17',
      '17:26-17:28',
    ]) {
      expect(spans, reported).toContain(reported);
    }
    for (const reported of ['24:37-24:47', '24:43-24:47']) expect(spans, reported).toContain(reported);
    // `legacy` itself is `any` by declaration: nothing read from it is traced.
    expect(
      [...spans].filter((span) => span.startsWith('1:') || span.startsWith('21:') || /^24:(?:3|10)-/.test(span)),
    ).toEqual([]);
    // Every command fails alike, each from its own `tr`.
    expect(listMarks(output, 'src/commands/wrap-in.ts').filter((mark) => mark.includes('<-'))).toHaveLength(5);
  });

  it('traces no further than the cause: after the fix nothing derives from it', async () => {
    const repo = makeTsRepo(derivedFiles);
    repo.write('src/types.ts', renameTr(repo.read('src/types.ts')));
    for (const path of Object.keys(derivedFiles).filter((name) => name.startsWith('src/commands/')))
      repo.write(path, readTransaction(repo.read(path)));
    repo.write('src/commands/clear-marks.ts', addLegacyHook(repo.read('src/commands/clear-marks.ts')));
    const output = await check(repo);
    expect(
      output.diagnostics.map(
        (diagnostic) => `${diagnostic.path}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code}`,
      ),
    ).toEqual(['src/commands/clear-marks.ts:24:20 TS7006']);
    // Only the independent implicit any is left to derive from.
    expect(output.derived?.origins).toEqual([
      { path: 'src/commands/clear-marks.ts', line: 24, column: 20, endLine: 24, endColumn: 25 },
    ]);
  });

  it('traces an import that no longer resolves, through variables and calls, and not through a type written by hand', async () => {
    const repo = makeTsRepo({
      'tsconfig.json': derivedFiles['tsconfig.json']!,
      'src/use.ts': `import { vat } from './vat';

export function apply(amounts: number[]): number[] {
  const table = vat.table();
  const rows = amounts.map((amount) => table.lookup(amount));
  vat.each((entry) => rows.push(entry.rate));
  vat.each((entry: any) => rows.push(entry.rate));
  return rows;
}
`,
    });
    const output = await check(repo);
    expect(listMarks(output, 'src/use.ts')).toEqual([
      '1:21 TS2307',
      '6:13 TS7006 <- 1:1',
      // Annotated `any`: the author's own choice, not derived (and not an error for tsc either).
    ]);
    expect(output.derived?.origins).toEqual([{ path: 'src/use.ts', line: 1, column: 1, endLine: 1, endColumn: 29 }]);
    const spans = listSpans(output, 'src/use.ts');
    // `const table = vat.table()`: the declarator; `table.lookup`: the member; `entry.rate` inside the traced callback.
    for (const reported of ['4:9-4:28', '5:46-5:52', '6:33-6:43', '6:39-6:43'])
      expect(spans, reported).toContain(reported);
    // The annotated callback's `entry.rate` (line 7) is the author's own `any`.
    expect([...spans].filter((span) => /^7:(?:3[0-9]|4)/.test(span))).toEqual([]);
  });
});
