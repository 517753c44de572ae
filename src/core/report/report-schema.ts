/**
 * The report as `culprit check --json` prints it and the MCP tools return it, defined once: the
 * verdicts, the JSON report's type, its key order (render/json.ts lays a report out by this
 * schema) and the MCP output schema (mcp/report-schema.ts) all come from here. Fields are listed
 * in the documented order; a field is added at the end of its object, never renamed or dropped.
 *
 * Every documented field is required with its type; every object also accepts fields it does not
 * name, so a report that grows stays valid for clients holding an older schema. The JSON Schema
 * derived from it is kept portable (MCP Inspector's `--strict` lint): open objects say
 * `additionalProperties: true` rather than an empty schema, a nullable field is `anyOf` of a
 * described branch and null rather than a type array (Gemini's function declarations take one
 * type per schema), and integers carry no `maximum: 2^53 - 1`. zod writes `meta` over what it
 * derived, and a key set to undefined is left out of the JSON.
 */
import { z } from 'zod';
import { checkStatuses } from '../check-run.js';
import { baselineSources, checkErrorSchema, reportNoteSchema } from './report-codes.js';
import { makeInteger, makeNullable, makeOpenObject } from './schema-parts.js';
import { findingKinds, phases, severities } from '../diagnostic.js';
import { changeKinds } from '../triage/causes.js';
import { rungs } from '../triage/ladder.js';

export { makeInteger, makeNullable, makeOpenObject };

const count = makeInteger(0);
const position = makeInteger(0);
const paths = z.array(z.string());

/**
 * `clean`: every check ran and nothing was introduced. `introduced`: findings to fix. `stuck`:
 * the same introduced findings as the previous attempt. `check-failed`: some check did not run to
 * completion, so nothing can be called clean.
 */
export const verdictSchema = z
  .enum(['clean', 'introduced', 'stuck', 'check-failed'])
  .describe(
    'clean: nothing introduced. introduced: fix the shown findings. stuck: same findings as the last attempt; stop retrying. check-failed: some check did not finish, so nothing is clean.',
  );

/** A finding a suppression hides, where it is in the checked tree. */
export const silencedSiteSchema = makeOpenObject({
  code: z.string(),
  path: z.string(),
  line: position,
  column: position,
  message: z.string(),
});

/** A finding as reported: the diagnostic and its fingerprint (the anchor and the trace stay internal). */
export const findingSchema = makeOpenObject({
  tool: z.string().describe('The check that reported it: tsc, eslint, or a configured check name.'),
  code: z.string().describe('Rule id or error code, e.g. TS2339.'),
  severity: z.enum(severities),
  phase: z.enum(phases),
  path: makeNullable(z.string(), 'Repository-relative POSIX path; null for findings about no file.'),
  line: position.describe('1-based; 0 when there is no position.'),
  column: position.describe('1-based; 0 when there is no position.'),
  endLine: position.optional(),
  endColumn: position.optional(),
  message: z.string(),
  fingerprint: z.string().describe('Position-independent identity: 16 hex digits and an occurrence suffix.'),
  kind: z
    .enum(findingKinds)
    .optional()
    .describe(
      'Set when the finding is about how the code is checked: a suppression directive the edit added, a file a check no longer checks, a setting it relaxed, a check that no longer runs.',
    ),
  silenced: z
    .array(silencedSiteSchema)
    .optional()
    .describe('On a suppression: the findings it hides, which the check would report.'),
});

const causeChangeSchema = makeOpenObject({
  kind: z.enum(changeKinds),
  symbol: z.string().describe('The qualified name on the base side; for added, the new name.'),
  path: z.string(),
  line: position,
  before: z.string(),
  after: z.string(),
  renamedTo: z.string().optional(),
});

/** Shown findings that are one error at several sites (core/triage/echo-groups.ts says what each field holds). */
export const groupSchema = makeOpenObject({
  tool: z.string(),
  code: z.string(),
  codes: z.array(z.string()),
  severity: z.enum(severities),
  message: z.string(),
  sites: count,
  files: count,
  listed: z.array(z.string()).describe('Sites as path:line:col, in shown order.'),
  declared: makeOpenObject({ name: z.string(), path: z.string(), line: position }).optional(),
  cause: makeOpenObject({
    symbol: z.string(),
    member: z.string().optional(),
    change: causeChangeSchema.optional(),
    reached: makeOpenObject({
      sites: count,
      files: paths,
      through: z.array(makeOpenObject({ path: z.string(), name: z.string() })),
    })
      .optional()
      .describe('Sites reached through other declarations, which may clear once the others are fixed.'),
  }).optional(),
  pending: makeOpenObject({ sites: count, files: paths }).optional(),
});

/** Withheld findings of one kind, and the files they are in. */
export const withheldPartSchema = makeOpenObject({ count, files: paths });

export const withheldSchema = makeOpenObject({
  ...withheldPartSchema.shape,
  /** Why findings were withheld, by kind; the counts add up to `count`. */
  reasons: makeOpenObject({
    /** In files that import a root: likely echoes of it, re-checked after the fix. */
    downstream: withheldPartSchema,
    /** In root units beyond this attempt's width: independent causes for a later attempt. */
    queued: withheldPartSchema,
    /** In non-editable roots: surfaced as an instruction instead. */
    nonEditable: withheldPartSchema,
    /** Below the ladder's rung: warnings beside errors, anything beside syntax errors. */
    belowRung: withheldPartSchema,
    /**
     * Findings that follow from a compiler error this check reports and go away with it: lint
     * findings about values of the compiler's error type, and the implicit anys and unsafe-any
     * lint findings the type checker traced to one (`derived`, present when some are).
     */
    echoes: makeOpenObject({ ...withheldPartSchema.shape, derived: count.optional() }),
  }),
}).describe('Introduced findings not shown, and why; the explain tool lists them.');

export const rootSchema = makeOpenObject({
  files: paths,
  editable: z.boolean().describe('False for generated, vendored or package files: follow the instruction instead.'),
  selected: z.boolean(),
  introduced: count,
  instruction: z.string().optional(),
  /** Only on a selected unit too large to show whole: the nearest ring, the part shown; `files` stays the whole unit. */
  ring: makeOpenObject({
    distance: makeNullable(position, "The ring's import distance from the change, or null when it reaches none."),
    files: paths,
  }).optional(),
});

/** A check's run as reports (check's and the gate's) list it: without its findings. */
export const reportCheckSchema = makeOpenObject({
  name: z.string(),
  status: z.enum(checkStatuses),
  durationMs: z.number().min(0),
  version: makeNullable(z.string(), "The check tool's version, or null when it is unknown."),
  error: z.string().optional(),
  /** A partial run (status `ok`): how many files it could not check, and why. */
  unchecked: makeOpenObject({ files: count, reasons: z.array(z.string()) }).optional(),
  /** Beside `error`, when culprit itself failed the run: why, as a code with its data. */
  errorCode: checkErrorSchema.optional(),
});

/** Only when a budget is set: the attempts and seconds projected to clean (core/ledger/ledger-projection.ts). */
export const projectionSchema = makeOpenObject({
  /** Attempts still needed at the measured rate of fixing roots; null when no root was ever fixed at that rate. */
  attemptsLeft: makeNullable(z.number(), 'Attempts still needed, or null when no root was ever fixed.'),
  secondsLeft: makeNullable(z.number(), 'Seconds still needed, or null when unknown.'),
  /** The projection exceeds the budget (attempts or seconds): a harness may stop early. */
  overBudget: z.boolean(),
});

export const reportSchema = makeOpenObject({
  verdict: verdictSchema,
  attempt: makeInteger(1),
  /**
   * `reworded`: how many of the standing findings only name other types than in the baseline;
   * `reanchored`: how many are on a line the edit changed, found again on the line it became
   * (0 unless the attribution says). `silenced`: findings hidden by a suppression directive the
   * edit added (or one it moved them under), which are neither resolved nor shown as findings.
   */
  counts: makeOpenObject({
    introduced: count,
    resolved: count,
    standing: count,
    reworded: count.default(0),
    reanchored: count.default(0),
    silenced: count.describe('Findings hidden by a suppression the edit added: neither resolved nor fixed.'),
  }),
  shown: z.array(findingSchema).describe('What to fix now: the root causes, in order.'),
  /** The shown findings that are one error at several sites, in the order their first site is shown. */
  groups: z.array(groupSchema),
  withheld: withheldSchema,
  roots: z.array(rootSchema).describe('Every root unit in display order; selected ones are shown.'),
  checks: z.array(reportCheckSchema),
  /** What the attempt compared with and where that snapshot came from (set by checkTask). */
  baseline: makeOpenObject({ label: z.string(), source: z.enum(baselineSources) }).optional(),
  rung: z.enum(rungs),
  /** How many editable root units this attempt could show. */
  width: makeInteger(1),
  /** The frontier grew this attempt (nothing shown last attempt was fixed) and shows more because of it. */
  widened: z.boolean(),
  /**
   * `fixed`: how many findings the previous attempt showed are gone. `stalled`: consecutive
   * attempts, ending with this one, in which nothing shown the attempt before was fixed.
   */
  progress: makeOpenObject({ fixed: count, stalled: count }),
  /** `lineDeleted`: how many resolved findings went away with their flagged line. */
  resolved: makeOpenObject({ count, lineDeleted: count }),
  notes: z.array(z.string()),
  projection: projectionSchema.optional(),
  /** Only in a debt campaign (`culprit debt`): its targets, how many are gone and how many are left. */
  targets: makeOpenObject({ total: count, resolved: count, remaining: count }).optional(),
  /** The notes as codes with their data, one for each of `notes` in its order (`text`: words a tool or the core wrote). */
  noteCodes: z.array(reportNoteSchema),
});

/** The report as JSON and MCP clients receive it. */
export type ReportJson = z.output<typeof reportSchema>;
