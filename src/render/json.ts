/**
 * The report as one JSON object for harnesses and tools. Keys come out in one fixed order
 * whatever order the report object was built in, so output diffs and snapshots stay stable.
 */
import { makeShownFinding, type Report, type WithheldPart } from '../report.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(orderReport(report), null, 2)}\n`;
}

function orderReport(report: Report): Report {
  const { reasons } = report.withheld;
  return {
    verdict: report.verdict,
    attempt: report.attempt,
    counts: { introduced: report.counts.introduced, resolved: report.counts.resolved, standing: report.counts.standing },
    shown: report.shown.map(makeShownFinding),
    withheld: {
      ...orderPart(report.withheld),
      reasons: {
        downstream: orderPart(reasons.downstream),
        queued: orderPart(reasons.queued),
        nonEditable: orderPart(reasons.nonEditable),
        belowRung: orderPart(reasons.belowRung),
      },
    },
    roots: report.roots.map((root) => ({
      files: root.files,
      editable: root.editable,
      selected: root.selected,
      introduced: root.introduced,
      instruction: root.instruction,
    })),
    checks: report.checks.map((check) => ({
      name: check.name,
      status: check.status,
      durationMs: check.durationMs,
      version: check.version,
      error: check.error,
    })),
    rung: report.rung,
    width: report.width,
    widened: report.widened,
    resolved: { count: report.resolved.count, lineDeleted: report.resolved.lineDeleted },
    notes: report.notes,
  };
}

// Undefined optional fields (endLine, instruction, error) are dropped by JSON.stringify.
function orderPart(part: WithheldPart): WithheldPart {
  return { count: part.count, files: part.files };
}
