/**
 * The shape of `culprit.config.json`. Every field is optional and documented here (a check's
 * entry in its adapter folder, checks/<kind>/schema.ts); defaults are written out once, in
 * resolve-settings.ts and each check's resolveOptions. Unknown keys are errors, so a typo is reported
 * instead of silently ignored.
 */
import { z } from 'zod';

export const configSchema = z.strictObject({
  budget: z
    .strictObject({
      attempts: z.number().int().min(1).optional().describe('Attempts a task may take.'),
      seconds: z.number().int().min(1).optional().describe("Seconds a task may take, the agent's time included."),
    })
    .optional()
    .describe(
      'A budget per task: check --json then carries a projection, and the payload says when it will be exceeded (docs/ledger.md).',
    ),
  checks: z
    .record(z.string().min(1), z.unknown())
    .optional()
    .describe(
      "Checks by name (each entry is validated by its kind's schema, checks/<kind>/schema.ts). Setting this replaces detection: only the checks listed run.",
    ),
  maxFiles: z.number().int().min(1).optional().describe('Root units shown per attempt before widening (default 2).'),
  nonEditable: z
    .array(
      z.strictObject({
        glob: z.string().min(1).describe('Files the agent must not hand-edit, relative to the root.'),
        hint: z.string().min(1).optional().describe('What to do instead, e.g. "run npm run codegen".'),
      }),
    )
    .optional()
    .describe('Generated or vendored files beyond the ones culprit recognises by itself.'),
  outputLimit: z.number().int().min(200).optional().describe('Maximum characters of the text payload (default 8000).'),
  serve: z
    .boolean()
    .optional()
    .describe(
      'Start `culprit serve` for this work tree in the background on the first start, check or hook, so later checks are warm (default true; never in CI or with CULPRIT_NO_SERVE=1). false leaves the server to be started by hand.',
    ),
  fixBeforeBlock: z
    .boolean()
    .optional()
    .describe(
      'In the agent hooks: apply `culprit fix` to what the edit introduced before reporting it, so the model is shown only what is left, and told what was fixed (default false).',
    ),
  suppressions: z
    .enum(['error', 'warning', 'off'])
    .optional()
    .describe(
      'What a suppression directive the edit adds (`eslint-disable*`, `@ts-ignore`, `@ts-expect-error`, `# noqa`, `# type: ignore`, `#[allow(...)]`, …) is: an introduced finding at `error` (the default) or `warning`, or nothing at all with `off`. The findings it hides are counted silenced, not resolved (docs/checks.md).',
    ),
  allowSuppressionReason: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A regular expression: a directive whose written reason (`-- TICKET-12`, the text after `@ts-expect-error`) matches it is allowed, not a finding.',
    ),
  allowWeakening: z
    .array(z.string().min(1))
    .optional()
    .describe(
      "Settings whose relaxing is not a finding: `noUnusedLocals`, or one check's, `eslint:no-console` (by default every relaxed setting is one, docs/checks.md).",
    ),
  verifyWarm: z
    .boolean()
    .optional()
    .describe(
      'After each check `culprit serve` answers, run the checks cold too and log any difference (default false; as CULPRIT_VERIFY_WARM=1).',
    ),
  remoteCache: z
    .union([
      z.literal(false),
      z.strictObject({
        api: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe(
            'Base URL of a Turborepo Remote Cache server, used when TURBO_API is not set (then https://vercel.com/api); TURBO_TOKEN is sent to it only when it is on this machine, and another machine is asked only over https.',
          ),
        team: z.string().min(1).optional().describe('Team slug, sent as ?slug= (default: TURBO_TEAM).'),
        teamId: z
          .string()
          .min(1)
          .optional()
          .describe('Team id, sent as ?teamId= and signed into artifact tags (default: TURBO_TEAMID).'),
        timeoutMs: z
          .number()
          .int()
          .positive()
          .optional()
          .describe(
            'Give up on one request to the remote cache after this many milliseconds, then run locally (default 5000).',
          ),
      }),
    ])
    .optional()
    .describe(
      'Share baselines through a Turborepo Remote Cache (docs/fleet.md). The token is read only from TURBO_TOKEN, the signature key only from TURBO_REMOTE_CACHE_SIGNATURE_KEY; false turns the remote cache off even when TURBO_* variables are set.',
    ),
});

export type RawConfig = z.infer<typeof configSchema>;
