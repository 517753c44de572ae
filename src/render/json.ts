/**
 * The report as one JSON object for harnesses and tools, laid out by the report's schema
 * (core/report/report-schema.ts): keys come out in the documented order whatever order the report
 * object was built in, so output diffs and snapshots stay stable.
 */
import { orderBySchema } from '../core/report/order-by-schema.js';
import type { Report } from '../core/report/report.js';
import { makeCodedNote } from '../core/report/report-codes.js';
import { describeNotes, wordCheck } from './report-notes.js';
import { reportSchema, type ReportJson } from '../core/report/report-schema.js';
import type { EchoGroup } from '../core/triage/echo-groups.js';

export function renderJson(report: Report): string {
  return `${JSON.stringify(makeJsonReport(report), null, 2)}\n`;
}

/** The report's JSON object with its keys in the documented order, for outputs that add fields after them (`culprit fix`). */
export function makeJsonReport(report: Report): ReportJson {
  return orderBySchema(reportSchema, {
    ...report,
    groups: report.groups.map(placeReached),
    checks: report.checks.map(wordCheck),
    notes: describeNotes(report.notes),
    noteCodes: report.notes.map(makeCodedNote),
  });
}

/** A cause's reached sites are reported under the cause; a group without a cause reports none. */
function placeReached(group: EchoGroup) {
  return group.cause === undefined ? group : { ...group, cause: { ...group.cause, reached: group.reached } };
}
