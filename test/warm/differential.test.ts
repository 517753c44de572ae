/**
 * Warm equals cold on real code nobody here wrote: immer's sources as released on npm
 * (`npm pack immer@version`, cached under the temp dir), edited as an agent would. The warm
 * engine takes `start` (as `culprit serve` and `culprit mcp` do: the baseline run is what warms
 * it), so the first step is the check right after start. After every step the same check runs
 * served by that engine (with what a server keeps between checks: warm/warm-memory.ts), served by
 * a second engine primed from the started baseline instead (as a server a command started
 * primes: it checks only what the edit reaches and keeps the baseline's results for the rest,
 * step after step), cold from the baseline (redoing only what the edit reaches, where it can) and
 * cold in full, against one started baseline, and everything the agent is given must agree: the
 * verdict and counts, the
 * fingerprints attributed introduced, resolved, standing and re-worded, the roots, the shown
 * findings, the echo groups and what was withheld.
 *
 * The steps: each file a later release changed, applied one by one in import order (the files a
 * file imports first), release after release; then the same files reverted (one by one, in the
 * opposite order, in the full run; at once in CI); then seeded random edits (exported types,
 * signatures, renames, imports added and removed) on top of each other, every fourth one a
 * revert, then lines that carry standing findings edited (a comment appended: their findings
 * stay as they were, so nothing may be introduced and they are re-anchored), then a member renamed
 * (`Patch.path`), whose sites culprit fix finishes with TypeScript's rename provider on the
 * baseline's program (the served and the cold dry run must plan the same), then `culprit fix`
 * through the warm engine, and finally everything reverted. Every step also compares the fixes
 * culprit fix would write (their edits, the sites of renames).
 * Each step costs one served check, one cold check from the baseline and one in full (most of
 * it: ~10 s on an idle 2-core machine, ~25 s on a shared one).
 * CI runs immer 10.1.0 → 10.1.1 (5 files) and 3 random edits: 14 steps with the check right after
 * start and the steps after the random edits, about 3 minutes. `CULPRIT_DIFFERENTIAL=full` runs
 * 10.0.3 → 10.1.0 → 10.1.1 and 16 random edits (39 steps and about 17 minutes on a shared machine
 * before the steps after the random edits were added), and `CULPRIT_DIFFERENTIAL_SEED` picks
 * another random sequence.
 */
import { afterAll, expect, test } from 'vitest';
import { checkTask, type CheckResult } from '../../src/tasks/check-task.js';
import { fixTask } from '../../src/tasks/fix-task.js';
import { startTask } from '../../src/tasks/start-task.js';
import { makeWarmEngine } from '../../src/warm/warm-engine.js';
import { makeWarmMemory } from '../../src/warm/warm-memory.js';
import { primeWarmEngine } from '../../src/warm/prime-warm-engine.js';
import { makeRepo, typeAwareEslintConfig, type TestRepo } from '../helpers/repo.js';
import { loadPackageSources, orderByImports, readRelativeImports } from './npm-sources.js';
import { checkInFull, checkServedAndCold, summarizeCheck } from './agreement.js';
import { useDebugLines } from './helpers.js';
import { drawEdit, makeRandom } from './random-edits.js';

const full = process.env['CULPRIT_DIFFERENTIAL'] === 'full';
const versions = full ? ['10.0.3', '10.1.0', '10.1.1'] : ['10.1.0', '10.1.1'];
const randomSteps = full ? 16 : 3;
const seed = Number(process.env['CULPRIT_DIFFERENTIAL_SEED'] ?? '19');

let repo: TestRepo | undefined;
const memory = makeWarmMemory();
const engine = makeWarmEngine({ trees: memory.trees });
const primedMemory = makeWarmMemory();
const primedEngine = makeWarmEngine({ trees: primedMemory.trees });
afterAll(() => {
  engine.close();
  primedEngine.close();
  repo?.cleanup();
});

const config = {
  'package.json': '{ "name": "immer-sources", "private": true, "type": "module" }',
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'es2022',
      lib: ['es2022'],
      module: 'esnext',
      moduleResolution: 'bundler',
      strict: true,
      noEmit: true,
      types: [],
      skipLibCheck: true,
    },
    include: ['src'],
  }),
  'eslint.config.js': typeAwareEslintConfig,
};

const steps: string[] = [];
const debug = useDebugLines();
/** Steps whose cold check started from the baseline (the others' edits added, deleted or renamed files). */
let seededSteps = 0;

/** Compares the step's served, cold and full checks; returns the full one. */
async function compareStep(step: string): Promise<CheckResult> {
  steps.push(step);
  debug.take();
  const { served, cold } = await checkServedAndCold(repo!.root, engine, memory);
  if (debug.take().some((line) => line.startsWith('checks start from the baseline'))) seededSteps += 1;
  const primed = await checkTask({
    cwd: repo!.root,
    runChecks: primedEngine.runChecks,
    memory: primedMemory,
    oncePerTree: true,
  });
  const inFull = await checkInFull(repo!.root);
  const full = await summarizeCheck(inFull);
  const reproduce = `(seed ${seed}); reproduce: CULPRIT_DIFFERENTIAL_SEED=${seed} npx vitest run test/warm/differential.test.ts`;
  expect(await summarizeCheck(served), `served: ${step} ${reproduce}`).toEqual(full);
  expect(await summarizeCheck(primed), `served, primed from the baseline: ${step} ${reproduce}`).toEqual(full);
  expect(await summarizeCheck(cold), `cold from the baseline: ${step} ${reproduce}`).toEqual(full);
  return inFull;
}

/**
 * Up to `count` lines that carry a standing finding, drawn with `random`, each with a comment
 * appended: a line that ends a statement, opens a block or continues a list, so the comment
 * changes no finding, only the flagged line's text.
 */
function editFlaggedLines(
  result: CheckResult,
  current: Record<string, string>,
  random: () => number,
  count: number,
): { text: Record<string, string>; lines: string[] } {
  const candidates = [
    ...new Set(
      result.details.attribution.standing
        .filter((finding) => finding.path !== null && finding.line >= 1 && current[finding.path] !== undefined)
        .map((finding) => `${finding.path}:${finding.line}`),
    ),
  ]
    .filter((site) => {
      const [path, line] = splitSite(site);
      return /[;{,]\s*$/.test(current[path]!.split('\n')[line - 1] ?? '');
    })
    .sort();
  const text: Record<string, string> = {};
  const lines: string[] = [];
  while (lines.length < count && candidates.length > 0) {
    const site = candidates.splice(Math.floor(random() * candidates.length), 1)[0]!;
    const [path, line] = splitSite(site);
    const fileLines = (text[path] ?? current[path]!).split('\n');
    fileLines[line - 1] = `${fileLines[line - 1]!} // edited ${lines.length + 1}`;
    text[path] = fileLines.join('\n');
    lines.push(site);
  }
  return { text, lines };
}

function splitSite(site: string): [string, number] {
  const at = site.lastIndexOf(':');
  return [site.slice(0, at), Number(site.slice(at + 1))];
}

test(
  `served and cold checks agree on immer ${versions.join(' → ')} and ${randomSteps} random edits (seed ${seed})`,
  async () => {
    const releases = versions.map((version) => loadPackageSources('immer', version));
    repo = makeRepo({ eslint: '10', files: { ...config, ...releases[0] } });
    // The warm engine takes the baseline run; the other engine starts from the baseline it took.
    const started = await startTask({ cwd: repo.root, runChecks: engine.runChecks, memory });
    debug.take();
    await primeWarmEngine(primedEngine, started.context, { baseline: started.baseline });
    expect(debug.take()).toContain(`warm: primed tsc, eslint on ${repo.root} from the baseline (tsc, eslint)`);
    // The check right after start, before any edit: the worker that took the start answers it.
    await compareStep('right after start, nothing edited');
    const current: Record<string, string> = { ...releases[0] };
    const write = (path: string, text: string | undefined) => {
      if (text === undefined) {
        repo!.remove(path);
        // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- `current` mirrors the work tree's files by path
        delete current[path];
      } else {
        repo!.write(path, text);
        current[path] = text;
      }
    };

    const applied: string[] = [];
    for (let index = 1; index < releases.length; index += 1) {
      const release = releases[index]!;
      const changed = [...new Set([...Object.keys(current), ...Object.keys(release)])].filter(
        (path) => current[path] !== release[path],
      );
      for (const path of orderByImports(changed, readRelativeImports({ ...current, ...release }))) {
        write(path, release[path]);
        applied.push(path);
        await compareStep(`immer ${versions[index]}: ${path}`);
      }
    }
    if (full) {
      for (const path of orderByImports([...new Set(applied)], readRelativeImports(current)).reverse()) {
        write(path, releases[0]![path]);
        await compareStep(`reverted to ${versions[0]}: ${path}`);
      }
    } else {
      for (const path of new Set(applied)) write(path, releases[0]![path]);
      await compareStep(`reverted to ${versions[0]}: ${[...new Set(applied)].join(', ')}`);
    }

    const random = makeRandom(seed);
    let lastStep: CheckResult | undefined;
    for (let serial = 1; serial <= randomSteps; serial += 1) {
      // Every fourth step reverts a file edited before, so undoing is checked among the edits.
      const edited = Object.keys(current)
        .filter((path) => current[path] !== releases[0]![path])
        .sort();
      if (serial % 4 === 0 && edited.length > 0) {
        const path = edited[Math.floor(random() * edited.length)]!;
        write(path, releases[0]![path]);
        lastStep = await compareStep(`random ${serial}: reverted ${path}`);
        continue;
      }
      const edit = drawEdit(current, random, serial);
      if (edit === undefined) continue;
      write(edit.path, edit.text);
      lastStep = await compareStep(`random ${serial}: ${edit.kind} in ${edit.path}: ${edit.detail}`);
    }
    // Lines with standing findings edited, their findings as they were: nothing more is introduced.
    const before = lastStep ?? (await checkInFull(repo.root));
    const flagged = editFlaggedLines(before, current, random, 3);
    for (const [path, text] of Object.entries(flagged.text)) write(path, text);
    const reanchored = await compareStep(`flagged lines edited: ${flagged.lines.join(', ')}`);
    expect(flagged.lines.length).toBeGreaterThan(0);
    expect(reanchored.report.counts.introduced).toBe(before.report.counts.introduced);
    expect(reanchored.report.counts.resolved).toBe(before.report.counts.resolved);
    expect(reanchored.report.counts.reanchored).toBeGreaterThanOrEqual(flagged.lines.length);
    // A member renamed: culprit fix finishes it with TypeScript's rename provider on the baseline's
    // program, and plans the same sites served and cold (the step compares the planned fixes too).
    const patchTypes = 'src/types/types-external.ts';
    const renamed = current[patchTypes]!.replace('\tpath: (string | number)[]', '\troute: (string | number)[]');
    expect(renamed).not.toBe(current[patchTypes]);
    write(patchTypes, renamed);
    await compareStep('Patch.path renamed to route');
    const servedPlan = await fixTask({
      cwd: repo.root,
      runChecks: engine.runChecks,
      memory,
      dryRun: true,
      oncePerTree: true,
    });
    const coldPlan = await fixTask({ cwd: repo.root, dryRun: true, oncePerTree: true });
    expect(servedPlan.files).toEqual(coldPlan.files);
    expect(servedPlan.plan).toEqual(coldPlan.plan);
    expect(servedPlan.plan.fixes.filter((fix) => fix.cause === 'Patch.path').length).toBeGreaterThan(3);
    // culprit fix through the warm engine, then the tree it wrote, served and cold.
    const fixed = await fixTask({ cwd: repo.root, runChecks: engine.runChecks, memory });
    for (const file of fixed.files) current[file.path] = file.after;
    await compareStep(`after culprit fix (${fixed.plan.fixes.length} fixes in ${fixed.files.length} files)`);
    for (const path of Object.keys(releases[0]!))
      if (current[path] !== releases[0]![path]) write(path, releases[0]![path]);
    await compareStep('everything reverted');
    const reverted = await checkTask({ cwd: repo.root, runChecks: engine.runChecks, memory, oncePerTree: true });
    expect(reverted.report.counts.introduced).toBe(0);
    console.log(
      `differential: ${steps.length} steps compared served and cold (${seededSteps} from the baseline) against full (seed ${seed}); culprit fix wrote ${fixed.plan.fixes.length} fixes`,
    );
    // Most steps edit files in place; were none seeded, the comparison with the full check would say nothing.
    expect(seededSteps).toBeGreaterThan(steps.length / 2);
  },
  full ? 40 * 60_000 : 12 * 60_000,
);
