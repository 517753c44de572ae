/**
 * The shape of `culprit.config.json`. Every field is optional and documented here; defaults are
 * written out once, in resolve-settings.ts. Unknown keys are errors, so a typo is reported
 * instead of silently ignored.
 */
import { z } from 'zod';

const timeoutMs = z
  .number()
  .int()
  .positive()
  .describe('Kill the check and report it as timed out after this many milliseconds (default 600000).');

const enabled = z.boolean().describe('false turns the check off.');

/** The fields every check has; `kind` is needed only when the check is not named after its kind. */
function makeCheckFields<Kind extends string>(kind: Kind) {
  return {
    kind: z.literal(kind).optional().describe(`Needed only when the check is not named "${kind}".`),
    enabled: enabled.optional(),
    timeoutMs: timeoutMs.optional(),
  };
}

export const tscCheckSchema = z.strictObject({
  ...makeCheckFields('tsc'),
  project: z
    .string()
    .min(1)
    .optional()
    .describe('tsconfig to check, relative to the repository root (default tsconfig.json). A solution config with references is followed.'),
});

export const eslintCheckSchema = z.strictObject({
  ...makeCheckFields('eslint'),
  patterns: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('What to lint, relative to the repository root (default ["."]), as for `eslint <patterns>`.'),
});

const sourceRoots = z
  .array(z.string().min(1))
  .min(1)
  .describe(
    'Folders, relative to the root, where top-level Python modules live; absolute imports are resolved from them in order to build the module graph (default [".", "src"]).',
  );

export const pyrightCheckSchema = z.strictObject({
  ...makeCheckFields('pyright'),
  project: z
    .string()
    .min(1)
    .optional()
    .describe('Passed as --project: a pyrightconfig.json or pyproject.toml, or its folder, relative to the root (default: pyright looks in the root).'),
  sourceRoots: sourceRoots.optional(),
});

export const mypyCheckSchema = z.strictObject({
  ...makeCheckFields('mypy'),
  targets: z
    .array(z.string().min(1))
    .optional()
    .describe('What mypy checks, as on its command line (default ["."]); [] leaves it to the `files` setting of the mypy configuration.'),
  sourceRoots: sourceRoots.optional(),
});

export const ruffCheckSchema = z.strictObject({
  ...makeCheckFields('ruff'),
  targets: z.array(z.string().min(1)).min(1).optional().describe('What `ruff check` lints, relative to the root (default ["."]).'),
  sourceRoots: sourceRoots.optional(),
});

export const cargoCheckSchema = z.strictObject({
  ...makeCheckFields('cargo'),
  manifestPath: z.string().min(1).optional().describe('Cargo.toml of the package or workspace, relative to the root (default Cargo.toml).'),
  clippy: z
    .boolean()
    .optional()
    .describe('Run `cargo clippy` instead of `cargo check` (default: true when clippy.toml, .clippy.toml or a [lints.clippy] table is present).'),
  allTargets: z.boolean().optional().describe('Check tests, benches and examples too, with --all-targets (default false).'),
  targetDir: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Cargo's target dir, relative to the checked tree or absolute (default: a folder in culprit's cache, so the repository's target/ is never written to).",
    ),
});

export const commandCheckSchema = z.strictObject({
  ...makeCheckFields('command'),
  kind: z.literal('command').optional().describe('Inferred when "command" is set.'),
  command: z
    .array(z.string().min(1))
    .min(1)
    .describe('The program and its arguments, run in the repository root without a shell, e.g. ["node", "todo-check.mjs"].'),
  format: z.literal('sarif').optional().describe('What the command prints on stdout: a SARIF 2.1.0 log (default "sarif", the only format).'),
  phase: z.enum(['semantic', 'lint']).optional().describe('The phase of its findings, for the ladder (default "lint").'),
  maxOutputBytes: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('Fail the check when the command prints more than this many bytes on stdout (default 67108864, 64 MiB).'),
});

export const checkSchema = z.union([tscCheckSchema, eslintCheckSchema, pyrightCheckSchema, mypyCheckSchema, ruffCheckSchema, cargoCheckSchema, commandCheckSchema]);

export const configSchema = z.strictObject({
  budget: z
    .strictObject({
      attempts: z.number().int().min(1).optional().describe('Attempts a task may take.'),
      seconds: z.number().int().min(1).optional().describe('Seconds a task may take, the agent\'s time included.'),
    })
    .optional()
    .describe('A budget per task: check --json then carries a projection, and the payload says when it will be exceeded (docs/ledger.md).'),
  checks: z
    .record(z.string().min(1), z.unknown())
    .optional()
    .describe('Checks by name (see checkSchema). Setting this replaces detection: only the checks listed run.'),
  maxFiles: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('Root units shown per attempt before widening (default 2).'),
  nonEditable: z
    .array(
      z.strictObject({
        glob: z.string().min(1).describe('Files the agent must not hand-edit, relative to the root.'),
        hint: z.string().min(1).optional().describe('What to do instead, e.g. "run npm run codegen".'),
      }),
    )
    .optional()
    .describe('Generated or vendored files beyond the ones culprit recognises by itself.'),
  outputLimit: z
    .number()
    .int()
    .min(200)
    .optional()
    .describe('Maximum characters of the text payload (default 8000).'),
  verifyWarm: z
    .boolean()
    .optional()
    .describe('After each check `culprit serve` answers, run the checks cold too and log any difference (default false; as CULPRIT_VERIFY_WARM=1).'),
  remoteCache: z
    .union([
      z.literal(false),
      z.strictObject({
        api: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('Base URL of a Turborepo Remote Cache server (default: TURBO_API, else https://vercel.com/api).'),
        team: z.string().min(1).optional().describe('Team slug, sent as ?slug= (default: TURBO_TEAM).'),
        teamId: z.string().min(1).optional().describe('Team id, sent as ?teamId= and signed into artifact tags (default: TURBO_TEAMID).'),
        timeoutMs: z
          .number()
          .int()
          .positive()
          .optional()
          .describe('Give up on one request to the remote cache after this many milliseconds, then run locally (default 5000).'),
      }),
    ])
    .optional()
    .describe(
      'Share baselines through a Turborepo Remote Cache (docs/fleet.md). The token is read only from TURBO_TOKEN, the signature key only from TURBO_REMOTE_CACHE_SIGNATURE_KEY; false turns the remote cache off even when TURBO_* variables are set.',
    ),
});

export type RawConfig = z.infer<typeof configSchema>;
export type RawTscCheck = z.infer<typeof tscCheckSchema>;
export type RawEslintCheck = z.infer<typeof eslintCheckSchema>;
export type RawPyrightCheck = z.infer<typeof pyrightCheckSchema>;
export type RawMypyCheck = z.infer<typeof mypyCheckSchema>;
export type RawRuffCheck = z.infer<typeof ruffCheckSchema>;
export type RawCargoCheck = z.infer<typeof cargoCheckSchema>;
export type RawCommandCheck = z.infer<typeof commandCheckSchema>;
