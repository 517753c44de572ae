/**
 * Derived findings through the CLI, with real tsc and type-aware ESLint: a context field renamed
 * and destructured in commands whose callbacks are typed by a dependency package. The implicit
 * anys and unsafe-any lint findings that follow from the rename are withheld and counted; an
 * independent implicit any beside them stays shown; once the cause is fixed nothing is withheld.
 */
import { afterEach, expect, test } from 'vitest';
import { checkJson, runCli } from '../helpers/cli.js';
import { makeRepo, type TestRepo } from '../helpers/repo.js';
import {
  addLegacyHook,
  derivedCommandFiles,
  derivedFiles,
  readTransaction,
  renameTr,
} from '../fixtures/derived-findings.js';

let repos: TestRepo[] = [];
afterEach(() => {
  for (const repo of repos) repo.cleanup();
  repos = [];
});

/** What the independent `legacy: any` adds and is shown; the 2 no-unsafe-* findings on `event.size` follow from its TS7006. */
const legacyFindings = [
  'src/commands/clear-marks.ts:21:23 @typescript-eslint/no-explicit-any',
  'src/commands/clear-marks.ts:24:3 @typescript-eslint/no-unsafe-call',
  'src/commands/clear-marks.ts:24:10 @typescript-eslint/no-unsafe-member-access',
  'src/commands/clear-marks.ts:24:20 TS7006',
];

test('the implicit anys and unsafe anys that follow from a renamed context field are withheld until it is fixed; an independent one stays shown', () => {
  const repo = makeRepo({ files: derivedFiles, eslint: '10' });
  repos.push(repo);
  expect(runCli(repo.root, ['start']).exitCode).toBe(0);
  repo.write('src/types.ts', renameTr(repo.read('src/types.ts')));
  repo.write('src/commands/clear-marks.ts', addLegacyHook(repo.read('src/commands/clear-marks.ts')));

  // Every root shown at once, so what is withheld is only what derives from the rename.
  const first = checkJson(repo.root, ['--max-files', '10']);
  const sites = first.report.shown.map(
    (finding) => `${finding.path}:${finding.line}:${finding.column} ${finding.code}`,
  );
  // The cause's sites first (rooted at the changed types.ts), then the independent findings beside them.
  expect(sites).toEqual([
    'src/commands/clear-marks.ts:4:39 TS2339',
    'src/commands/lift-block.ts:4:38 TS2339',
    'src/commands/set-block-type.ts:4:41 TS2339',
    'src/commands/wrap-in.ts:4:35 TS2339',
    ...legacyFindings,
  ]);
  // Per command: 5 implicit anys, 7 unsafe anys read from them, 11 lint findings about `tr` itself (error typed).
  expect(first.report.counts.introduced).toBe(4 + 6 + 4 * 23);
  expect(first.report.withheld).toMatchObject({
    count: 4 * 23 + 2,
    reasons: { echoes: { count: 4 * 23 + 2, derived: 4 * 12 + 2, files: derivedCommandFiles } },
  });

  const text = runCli(repo.root, ['check', '--max-files', '10']);
  expect(text.stdout).toContain(
    '94 more findings follow from the compiler errors (values typed from what the compiler could not type: implicit and unsafe `any`) and are withheld: they will go away with them.',
  );
  expect(text.stdout).not.toContain("Parameter 'node'");

  // One command fixed: its derived findings are gone with their cause, the others' still wait.
  repo.write('src/commands/lift-block.ts', readTransaction(repo.read('src/commands/lift-block.ts')));
  const second = checkJson(repo.root, ['--max-files', '10']);
  expect(second.report.withheld).toMatchObject({
    count: 3 * 23 + 2,
    reasons: { echoes: { count: 3 * 23 + 2, derived: 3 * 12 + 2 } },
  });
  expect(second.report.shown.filter((finding) => finding.path === 'src/commands/lift-block.ts')).toEqual([]);

  // The agent fixes the shown cause at exactly its listed sites: nothing derives from the rename
  // any more; the independent implicit any remains, shown, with what follows from it.
  const listed = second.report.shown.filter((finding) => finding.code === 'TS2339').map((finding) => finding.path!);
  expect(listed).toEqual(derivedCommandFiles.filter((path) => path !== 'src/commands/lift-block.ts'));
  for (const path of listed) repo.write(path, readTransaction(repo.read(path)));
  const last = checkJson(repo.root, ['--max-files', '10']);
  expect(
    last.report.shown.map((finding) => `${finding.path}:${finding.line}:${finding.column} ${finding.code}`),
  ).toEqual(legacyFindings);
  expect([last.report.counts.introduced, last.report.withheld.count]).toEqual([6, 2]);
  expect(last.report.withheld).toMatchObject({
    reasons: { echoes: { count: 2, derived: 2, files: ['src/commands/clear-marks.ts'] } },
  });
  // Annotating the parameter fixes the implicit any, and the two findings that followed from it go with it.
  repo.write(
    'src/commands/clear-marks.ts',
    repo.read('src/commands/clear-marks.ts').replace('((event) =>', '((event: { size: number }) =>'),
  );
  const annotated = checkJson(repo.root, ['--max-files', '10']);
  expect(
    annotated.report.shown.map((finding) => `${finding.path}:${finding.line}:${finding.column} ${finding.code}`),
  ).toEqual(legacyFindings.slice(0, 3));
  expect(annotated.report.withheld.count).toBe(0);
  expect((annotated.report.withheld as unknown as { reasons: { echoes: object } }).reasons.echoes).not.toHaveProperty(
    'derived',
  );
  // Seven cold checks of tsc and type-aware ESLint: 90-160 s on two shared cores.
}, 300_000);
