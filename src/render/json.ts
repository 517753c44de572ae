/**
 * The report as one JSON object for harnesses and tools. Keys come out in one fixed order
 * whatever order the report object was built in, so output diffs and snapshots stay stable.
 */
import { makeShownFinding, type Report, type WithheldPart } from '../core/report/report.js';
import type { CauseChange } from '../core/triage/echo-groups.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(orderReport(report), null, 2)}\n`;
}

/** The report's JSON object with its keys in the documented order, for outputs that add fields after them (`culprit fix`). */
export function makeJsonReport(report: Report): Record<string, unknown> {
  return { ...orderReport(report) };
}

function orderChange(change: CauseChange): CauseChange {
  const { kind, symbol, path, line, before, after, renamedTo } = change;
  return { kind, symbol, path, line, before, after, renamedTo };
}

function orderReport(report: Report): Report {
  const { reasons } = report.withheld;
  return {
    verdict: report.verdict,
    attempt: report.attempt,
    counts: {
      introduced: report.counts.introduced,
      resolved: report.counts.resolved,
      standing: report.counts.standing,
      reworded: report.counts.reworded ?? 0,
      reanchored: report.counts.reanchored ?? 0,
      silenced: report.counts.silenced,
    },
    shown: report.shown.map(makeShownFinding),
    groups: report.groups.map((group) => ({
      tool: group.tool,
      code: group.code,
      codes: group.codes,
      severity: group.severity,
      message: group.message,
      sites: group.sites,
      files: group.files,
      listed: group.listed,
      declared:
        group.declared === undefined
          ? undefined
          : { name: group.declared.name, path: group.declared.path, line: group.declared.line },
      cause:
        group.cause === undefined
          ? undefined
          : {
              symbol: group.cause.symbol,
              member: group.cause.member,
              change: group.cause.change === undefined ? undefined : orderChange(group.cause.change),
              reached:
                group.reached === undefined
                  ? undefined
                  : {
                      sites: group.reached.sites,
                      files: group.reached.files,
                      through: group.reached.through.map(({ path, name }) => ({ path, name })),
                    },
            },
      pending: group.pending === undefined ? undefined : { sites: group.pending.sites, files: group.pending.files },
    })),
    withheld: {
      ...orderPart(report.withheld),
      reasons: {
        downstream: orderPart(reasons.downstream),
        queued: orderPart(reasons.queued),
        nonEditable: orderPart(reasons.nonEditable),
        belowRung: orderPart(reasons.belowRung),
        echoes:
          reasons.echoes.derived === undefined
            ? orderPart(reasons.echoes)
            : { ...orderPart(reasons.echoes), derived: reasons.echoes.derived },
      },
    },
    roots: report.roots.map((root) => ({
      files: root.files,
      editable: root.editable,
      selected: root.selected,
      introduced: root.introduced,
      instruction: root.instruction,
      ring: root.ring === undefined ? undefined : { distance: root.ring.distance, files: root.ring.files },
    })),
    checks: report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      durationMs: check.durationMs,
      version: check.version,
      error: check.error,
      unchecked:
        check.unchecked === undefined ? undefined : { files: check.unchecked.files, reasons: check.unchecked.reasons },
    })),
    baseline:
      report.baseline === undefined ? undefined : { label: report.baseline.label, source: report.baseline.source },
    rung: report.rung,
    width: report.width,
    widened: report.widened,
    progress: { fixed: report.progress.fixed, stalled: report.progress.stalled },
    resolved: { count: report.resolved.count, lineDeleted: report.resolved.lineDeleted },
    notes: report.notes,
    projection:
      report.projection === undefined
        ? undefined
        : {
            attemptsLeft: report.projection.attemptsLeft,
            secondsLeft: report.projection.secondsLeft,
            overBudget: report.projection.overBudget,
          },
    targets:
      report.targets === undefined
        ? undefined
        : { total: report.targets.total, resolved: report.targets.resolved, remaining: report.targets.remaining },
  };
}

// Undefined optional fields (endLine, declared, instruction, ring, error) are dropped by JSON.stringify.
function orderPart(part: WithheldPart): WithheldPart {
  return { count: part.count, files: part.files };
}
