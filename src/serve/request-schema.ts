/**
 * The one schema of every request a `culprit serve` process answers, strict: a field it does not
 * know, a missing one or one of the wrong type is not a request. The server reads every line
 * through it (server.ts) before it runs anything; the client builds its requests to these types
 * (protocol.ts imports them as types only, so a client never loads zod).
 *
 * A request of another culprit version is read only as far as its `version` and `command`
 * (`envelopeSchema`): such a client may still ask who serves and tell the server to stop, and is
 * refused anything else.
 */
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { formatNames } from '../render/format-names.js';

const version = z.string().min(1).max(200);

/** An absolute directory path: where the client runs; the server answers only for its own work tree. */
const cwd = z
  .string()
  .min(1)
  .max(4096)
  .refine((path) => isAbsolute(path) && !path.includes('\0'), 'must be an absolute path');

const count = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const revision = z.string().min(1).max(1024);

/** `version` and `command` of a request of any culprit version. */
export const envelopeSchema = z.object({ version, command: z.string().min(1).max(100) });

/**
 * When the client's process began (ms since the epoch): a warm run the worker began since then on
 * the very tree checked may answer the command (warm/warm-engine.ts).
 */
const startedAt = z.number().nonnegative().max(Number.MAX_SAFE_INTEGER);

const checkOptionsSchema = z.strictObject({
  cwd,
  startedAt: startedAt.optional(),
  json: z.boolean().optional(),
  format: z.enum(formatNames).optional(),
  maxFiles: count.optional(),
  outputLimit: count.optional(),
  base: revision.optional(),
  oncePerTree: z.boolean().optional(),
  budgetAttempts: count.optional(),
  budgetSeconds: count.optional(),
  /** Verify this check against a cold run after answering it (the client's CULPRIT_VERIFY_WARM=1). */
  verify: z.boolean().optional(),
  /** The client shows the checks' progress on a terminal: send it, as it comes, before the answer. */
  progress: z.boolean().optional(),
});

const fixOptionsSchema = z.strictObject({
  cwd,
  json: z.boolean().optional(),
  dryRun: z.boolean().optional(),
  suggestions: z.boolean().optional(),
  maxFiles: count.optional(),
  outputLimit: count.optional(),
  base: revision.optional(),
});

const startOptionsSchema = z.strictObject({ cwd, json: z.boolean().optional(), progress: z.boolean().optional() });

/** The agent's hook input as it came on stdin; `cwd` is `-C`'s, or else the input's own, made absolute by the client. */
const hookOptionsSchema = z.strictObject({
  agent: z.string().min(1).max(100),
  input: z.string(),
  cwd,
  startedAt: startedAt.optional(),
});

/** Every request a server of the same version answers. */
export const requestSchema = z.discriminatedUnion('command', [
  z.strictObject({ version, command: z.literal('check'), options: checkOptionsSchema }),
  z.strictObject({ version, command: z.literal('fix'), options: fixOptionsSchema }),
  z.strictObject({ version, command: z.literal('start'), options: startOptionsSchema }),
  z.strictObject({ version, command: z.literal('hook'), options: hookOptionsSchema }),
  z.strictObject({ version, command: z.literal('ping') }),
  z.strictObject({ version, command: z.literal('stop') }),
  /** Warm the checks on the work tree now (a command that started the server and ran cold asks it). */
  z.strictObject({ version, command: z.literal('prime') }),
]);

/** The options of `culprit check` a server honours; `cwd` is absolute. */
export type ServedCheckOptions = z.infer<typeof checkOptionsSchema>;
/** The options of `culprit fix` a server honours; `cwd` is absolute. */
export type ServedFixOptions = z.infer<typeof fixOptionsSchema>;
/** `culprit start`'s options; `cwd` is absolute. */
export type ServedStartOptions = z.infer<typeof startOptionsSchema>;
/** `culprit hook <agent>`. */
export type ServedHookOptions = z.infer<typeof hookOptionsSchema>;

export type ServeRequest = z.infer<typeof requestSchema>;
/** The requests that run a command (each an attempt or a start of the work tree's session). */
export type ServedCommandRequest = Extract<ServeRequest, { command: 'check' | 'fix' | 'start' | 'hook' }>;

/** The first problem of a request that does not validate, `path: message`. */
export function describeRequestIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (issue === undefined) return 'invalid';
  return `${issue.path.length === 0 ? 'request' : issue.path.join('.')}: ${issue.message}`;
}
