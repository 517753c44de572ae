/**
 * What a served and a cold check must agree on, for the tests that compare them through whole
 * attempts (checkTask) rather than raw runs: everything the agent is given, reduced to what must
 * not depend on whether the check was served.
 */
import { dropSuggestion, normalizeMessage } from '../../src/core/identity/fingerprint.js';
import { checkTask, type CheckResult } from '../../src/tasks/check-task.js';
import { planCheckFixes } from '../../src/tasks/fix-task.js';
import type { WarmEngine } from '../../src/warm/warm-engine.js';
import type { WarmMemory } from '../../src/warm/warm-memory.js';

/** What the agent is given, reduced to what must not depend on whether the check was served. */
export async function summarizeCheck(result: CheckResult) {
  const {
    report,
    details: { attribution },
  } = result;
  const prints = (findings: readonly { fingerprint: string }[]) =>
    findings.map((finding) => finding.fingerprint).sort();
  return {
    verdict: report.verdict,
    counts: report.counts,
    checks: report.checks.map((check) => `${check.name} ${check.status} ${check.error ?? ''}`),
    introduced: prints(attribution.introduced),
    resolved: prints(attribution.resolved),
    standing: prints(attribution.standing),
    reworded: prints(attribution.reworded ?? []),
    roots: report.roots.map((root) => ({
      files: root.files,
      selected: root.selected,
      editable: root.editable,
      introduced: root.introduced,
    })),
    // The code as identity reads it: a served check may show TS2552 "Did you mean …?" where the
    // cold one, past the checker's tenth suggestion, shows TS2304 (suggestion-cap.test.ts).
    shown: report.shown.map(
      (finding) =>
        `${finding.fingerprint} ${finding.path ?? ''}:${finding.line}:${finding.column} ${dropSuggestion(finding.code, finding.message)?.code ?? finding.code}`,
    ),
    groups: report.groups.map((group) => ({
      code: group.code,
      message: normalizeMessage(group.message),
      sites: group.sites,
      listed: group.listed,
      // The trace and the change list: the declaration each cause's sites depend on, both sides of it.
      cause: group.cause,
    })),
    withheld: { count: report.withheld.count, files: report.withheld.files },
    // What culprit fix would write: the tools' offered edits, TypeScript's code fixes where the
    // edit typed the name, and the renamed declarations' sites (the rename provider's, on the baseline).
    fixes: (await planCheckFixes({ ...result, ...result.details })).plan.fixes.map(
      (fix) => `${fix.fingerprint} ${fix.source} ${fix.path}:${fix.start}-${fix.end} ${JSON.stringify(fix.text)}`,
    ),
  };
}

/**
 * The attempt on the tree as it is now, served by `engine` (with what a server keeps, `memory`) and then cold (from the baseline where
 * the edit lets it: seeded/seeded-runner.ts). The cold check sees the same tree again, so with
 * `oncePerTree` it re-reads the attempt before the served one: both decide from the same history.
 */
export async function checkServedAndCold(
  root: string,
  engine: WarmEngine,
  memory?: WarmMemory,
): Promise<{ served: CheckResult; cold: CheckResult }> {
  const served = await checkTask({ cwd: root, runChecks: engine.runChecks, memory, oncePerTree: true });
  const cold = await checkTask({ cwd: root, oncePerTree: true });
  return { served, cold };
}

/** The same attempt once more, every check run in full: what the served and the seeded cold check must both equal. */
export function checkInFull(root: string): Promise<CheckResult> {
  return checkTask({ cwd: root, oncePerTree: true, incremental: false });
}
