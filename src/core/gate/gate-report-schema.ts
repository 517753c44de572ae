/**
 * The gate's report as `culprit gate --format json` prints it, defined once: its verdicts, the
 * states of its findings, the JSON type and its key order (render/gate.ts lays a report out by
 * this schema). A finding's fields are the check report's (core/report/report-schema.ts).
 */
import { z } from 'zod';
import {
  findingSchema,
  makeInteger,
  makeNullable,
  makeOpenObject,
  reportCheckSchema,
} from '../report/report-schema.js';

const count = makeInteger(0);

/**
 * `pass`: every finding is allowed and every entry still exists. `new-findings`: some finding
 * is not allowed. `stale-baseline`: nothing new, but the file allows findings that are gone and
 * must be pruned. `check-failed`: some check did not complete, so there is no answer.
 */
export const gateVerdictSchema = z.enum(['pass', 'new-findings', 'stale-baseline', 'check-failed']);

/** A finding the file lists but the tree no longer has: what the file says about it, without a position. */
export const absentFindingSchema = makeOpenObject({
  state: z.literal('absent'),
  tool: z.string(),
  code: z.string(),
  severity: findingSchema.shape.severity,
  path: makeNullable(z.string(), 'Repository-relative POSIX path; null for findings about no file.'),
  message: z.string(),
  /** `<hash>#<n>`: the occurrence that is missing. */
  fingerprint: z.string(),
});

/**
 * `new`: not allowed by the file. `unchanged`: allowed. `absent`: allowed by the file but no
 * longer found. `renamedFrom`: allowed by the entries of a file that was renamed to this finding's
 * file. `reanchoredFrom`: allowed by this entry (its file and identity), whose flagged line the
 * edit since the file's commit changed into this finding's line.
 */
export const gateFindingSchema = z.discriminatedUnion('state', [
  makeOpenObject({ state: z.literal('new'), ...findingSchema.shape }),
  makeOpenObject({
    state: z.literal('unchanged'),
    ...findingSchema.shape,
    renamedFrom: z.string().optional(),
    reanchoredFrom: makeOpenObject({ path: z.string(), fingerprint: z.string() }).optional(),
  }),
  absentFindingSchema,
]);

/** `reanchored`: of the unchanged, those found again on a line edited since the file's commit. */
export const gateCountsSchema = makeOpenObject({ new: count, unchanged: count, absent: count, reanchored: count });

export const gateReportSchema = makeOpenObject({
  verdict: gateVerdictSchema,
  /** The ratchet file, repository-relative. */
  file: z.string(),
  counts: gateCountsSchema,
  /** Every current finding (position order), then every absent occurrence. */
  findings: z.array(gateFindingSchema),
  /** Files whose entries were matched under a new path. */
  renames: z.array(makeOpenObject({ from: z.string(), to: z.string() })),
  checks: z.array(reportCheckSchema.omit({ unchecked: true })),
  notes: z.array(z.string()),
});

/** The gate's report as JSON clients receive it. */
export type GateReportJson = z.output<typeof gateReportSchema>;
