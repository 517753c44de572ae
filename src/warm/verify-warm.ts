/**
 * Verification of served checks: the same checks run cold on a copy of the very tree a served
 * check answered for, and any difference in what the checks found is logged with how to
 * reproduce it. Asked for with `culprit serve --verify`, `CULPRIT_VERIFY_WARM=1` on the client, or
 * `"verifyWarm": true` in culprit.config.json. The copy is a base copy (base/take-base-snapshot):
 * the work tree may change meanwhile and is never touched.
 *
 * Runs are compared as identity sees them: per check its status, and the multiset of findings by
 * check, rule, file, position and normalised message (so a union printed in another order is no
 * difference, as it is none to attribution), and the import edges the frontier walks when
 * both sides have them (a snapshot keeps no edges per run; the differential test compares the
 * roots they lead to).
 */
import type { CheckRun, ResolvedCheck } from '../checks/check.js';
import type { CheckRunner } from '../checks/runner/run-check.js';
import { normalizeMessage } from '../core/identity/fingerprint.js';
import type { Repository } from '../git/git.js';
import type { TreeState } from '../core/snapshot.js';

/** What a served check's runs were, and on which tree: recorded by `recordServedRuns`. */
export interface ServedRuns {
  checks: readonly ResolvedCheck[];
  tree: TreeState;
  runs: CheckRun[];
}

/** The runner, and the last runs it answered with a known tree. */
export function recordServedRuns(runChecks: CheckRunner): { runChecks: CheckRunner; take(): ServedRuns | undefined } {
  let last: ServedRuns | undefined;
  return {
    runChecks: async (checks, root, tree) => {
      const runs = await runChecks(checks, root, tree);
      last = tree === undefined ? undefined : { checks, tree, runs };
      return runs;
    },
    take: () => {
      const taken = last;
      last = undefined;
      return taken;
    },
  };
}

/** One check's runs as identity sees them. */
interface Comparable {
  status: string;
  findings: Map<string, number>;
  /** Undefined for a stored snapshot's run, which keeps its edges apart (in its graph). */
  imports: Set<string> | undefined;
}

function makeComparable(run: ComparedRun): Comparable {
  const findings = new Map<string, number>();
  for (const diagnostic of run.diagnostics) {
    const key = `${diagnostic.path ?? ''}:${diagnostic.line}:${diagnostic.column} ${diagnostic.code} ${normalizeMessage(diagnostic.message)}`;
    findings.set(key, (findings.get(key) ?? 0) + 1);
  }
  const imports =
    run.imports === undefined
      ? undefined
      : new Set(
          Object.entries(run.imports).flatMap(([from, targets]) => targets.map((target) => `${from} -> ${target}`)),
        );
  return { status: run.status, findings, imports };
}

/** The differences between served and cold runs of the same checks on the same tree, one line each; empty when they agree. */
type ComparedRun = Pick<CheckRun, 'name' | 'status' | 'diagnostics'> & { imports?: CheckRun['imports'] };

export function compareServedRuns(served: readonly ComparedRun[], cold: readonly ComparedRun[], limit = 20): string[] {
  const differences: string[] = [];
  const coldByName = new Map(cold.map((run) => [run.name, run]));
  for (const run of served) {
    const other = coldByName.get(run.name);
    if (other === undefined) continue;
    const warm = makeComparable(run);
    const fresh = makeComparable(other);
    if (warm.status !== fresh.status) differences.push(`${run.name}: served ${warm.status}, cold ${fresh.status}`);
    // A failed run's findings are not compared: there are none to attribute.
    if (warm.status !== 'ok' || fresh.status !== 'ok') continue;
    for (const key of new Set([...warm.findings.keys(), ...fresh.findings.keys()])) {
      const served = warm.findings.get(key) ?? 0;
      const coldCount = fresh.findings.get(key) ?? 0;
      if (served > coldCount)
        differences.push(
          `${run.name}: only served: ${key}${served - coldCount > 1 ? ` (×${served - coldCount})` : ''}`,
        );
      if (coldCount > served)
        differences.push(`${run.name}: only cold: ${key}${coldCount - served > 1 ? ` (×${coldCount - served})` : ''}`);
    }
    if (warm.imports === undefined || fresh.imports === undefined) continue;
    for (const edge of warm.imports)
      if (!fresh.imports.has(edge)) differences.push(`${run.name}: import only served: ${edge}`);
    for (const edge of fresh.imports)
      if (!warm.imports.has(edge)) differences.push(`${run.name}: import only cold: ${edge}`);
  }
  return differences.length > limit
    ? [...differences.slice(0, limit), `… and ${differences.length - limit} more`]
    : differences;
}

export interface VerifyServedInput {
  served: ServedRuns;
  repo: Repository | null;
  scratch: string;
  root: string;
  log: (line: string) => void;
}

/** Runs the served checks cold on a copy of the served tree and logs what differs; resolves with the differences. */
export async function verifyServedRuns({ served, repo, scratch, root, log }: VerifyServedInput): Promise<string[]> {
  if (served.tree.kind !== 'git' || repo === null) {
    log('culprit serve: verify: skipped, the work tree is not in git (a cold copy of its tree needs git)');
    return [];
  }
  const { takeBaseSnapshot } = await import('../baseline/take-base-snapshot.js');
  const started = performance.now();
  const cold = await takeBaseSnapshot({ repo, treeId: served.tree.treeId, checks: served.checks, scratch });
  const differences = compareServedRuns(served.runs, cold.checks);
  const tree = served.tree.treeId;
  if (differences.length === 0) {
    log(
      `culprit serve: verify: tree ${tree.slice(0, 12)}: served and cold checks agree (${Math.round(performance.now() - started)} ms cold)`,
    );
    return [];
  }
  log(`culprit serve: verify: tree ${tree}: the served check differs from a cold run:`);
  for (const line of differences) log(`  ${line}`);
  log(
    `  reproduce: the cold answer is \`CULPRIT_NO_SERVE=1 culprit check --json\` in ${root} on that tree ` +
      `(git -C ${root} archive ${tree} recreates it); restart the server with \`culprit serve --stop\`; please report this with the lines above`,
  );
  return differences;
}
