/**
 * What a report says beyond its findings, as codes with their data: its notes, and why a check
 * that could not be compared with the baseline failed. Tasks and the baseline decide and say it
 * with a code; render/ words it where the answer leaves culprit (render/report-notes.ts), and the
 * JSON report and the MCP tools carry each code beside its words (`noteCodes`, `checks[].errorCode`),
 * as ESLint's rules report a `messageId` with its `data` and leave the sentence to the formatter.
 */
import { z } from 'zod';
import { checkStatuses } from '../check-run.js';
import { makeNullable, makeOpenObject } from './schema-parts.js';

/** Where the snapshot an attempt compared with came from. */
export const baselineSources = ['started', 'cache', 'remote', 'run'] as const;
export type BaselineSource = (typeof baselineSources)[number];

/** What the baseline is: a started task's snapshot, a commit's tree, or a debt campaign's start. */
export const baselineKinds = ['started', 'revision', 'debt'] as const;
export type BaselineKind = (typeof baselineKinds)[number];

/** A remote cache as a note names it: its API's URL without credentials, or null when that is no URL. */
const remote = makeNullable(z.string(), "The remote cache's API URL without credentials, or null when it is no URL.");

/**
 * A note of the report. `text`: one a tool or the core wrote in words (a check's own notes, the
 * budget's), which culprit passes on as it got them.
 */
export const reportNoteSchema = z.discriminatedUnion('code', [
  /** What the baseline is and where it came from (a started task's own snapshot goes unnamed). */
  makeOpenObject({ code: z.literal('baseline'), label: z.string(), source: z.enum(baselineSources) }),
  /** Lockfiles the edit touched: the baseline ran with the work tree's packages, not the ones they name. */
  makeOpenObject({ code: z.literal('lockfiles-differ'), lockfiles: z.array(z.string()), label: z.string() }),
  /** The remote cache was not asked: its settings are incomplete. */
  makeOpenObject({ code: z.literal('remote-not-used'), reason: z.string() }),
  /** The remote cache was asked for the baseline and could not give it. */
  makeOpenObject({ code: z.literal('remote-miss'), remote, reason: z.string() }),
  /** The baseline this check computed could not be uploaded. */
  makeOpenObject({ code: z.literal('upload-failed'), remote, reason: z.string() }),
  /** A commit's own configuration could not be read, so it was checked with the work tree's checks. */
  makeOpenObject({ code: z.literal('base-config-unread'), error: z.string() }),
  /** A check's tool is not the version the baseline ran. */
  makeOpenObject({
    code: z.literal('version-changed'),
    check: z.string(),
    from: makeNullable(z.string(), "The baseline's tool version, or null when unknown."),
    to: makeNullable(z.string(), "This run's tool version, or null when unknown."),
  }),
  /** A debt campaign fixed every target: what to do with the ratchet file next. */
  makeOpenObject({ code: z.literal('debt-fixed'), hasRatchetFile: z.boolean() }),
  makeOpenObject({ code: z.literal('text'), text: z.string() }),
]);
export type CodedNote = z.infer<typeof reportNoteSchema>;

/** A note as tasks build it: a code with its data, or words a tool or the core wrote (a `text` note). */
export type ReportNote = Exclude<CodedNote, { code: 'text' }> | string;

/** Why a check that ran could not be compared with the baseline; `remedy`: the baseline's kind, which says how to take it again. */
export const checkErrorSchema = z.discriminatedUnion('code', [
  /** The baseline has no run of this check (the configuration changed). */
  makeOpenObject({ code: z.literal('not-in-baseline'), remedy: z.enum(baselineKinds) }),
  /** The baseline's run of this check did not complete. */
  makeOpenObject({
    code: z.literal('unusable-baseline'),
    remedy: z.enum(baselineKinds),
    baseStatus: z.enum(checkStatuses),
    baseError: makeNullable(z.string(), "The baseline run's error, or null when it gave none."),
  }),
]);
export type CheckErrorCode = z.infer<typeof checkErrorSchema>;

/** The note as the JSON report's `noteCodes` carries it. */
export function makeCodedNote(note: ReportNote): CodedNote {
  return typeof note === 'string' ? { code: 'text', text: note } : note;
}
